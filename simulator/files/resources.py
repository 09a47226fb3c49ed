"""Where Kiy's data files are: the ``kiy_assets`` package (the top-level
``assets/`` folder, installed as package data), found through
importlib.resources so that an editable install, ``pip install .``, a wheel and
``pipx install`` all find the same texts and scenarios."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

PACKAGE = "kiy_assets"


@cache
def assets_dir() -> Path:
    """The folder holding ``locale/`` and ``scenarios/``."""
    try:
        root = resources.files(PACKAGE)
    except ModuleNotFoundError:
        # A checkout that was never installed: the folder beside the code.
        return Path(__file__).resolve().parents[1] / "assets"
    return Path(str(root))


def locale_dir() -> Path:
    return assets_dir() / "locale"


def scenarios_dir() -> Path:
    return assets_dir() / "scenarios"


def flatten_words(data: Any, prefix: str = "") -> dict[str, str]:
    """A locale file's words: nested JSON objects become dotted keys,
    strings stay strings, a list of strings becomes lines."""
    out: dict[str, str] = {}
    if isinstance(data, dict):
        for k, v in data.items():
            key = f"{prefix}.{k}" if prefix else str(k)
            if isinstance(v, str):
                out[key] = v
            elif isinstance(v, dict):
                out.update(flatten_words(v, key))
            elif isinstance(v, list) and all(isinstance(s, str) for s in v):
                out[key] = "\n".join(v)
    return out
