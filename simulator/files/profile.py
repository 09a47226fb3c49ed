"""Where a player's data lives: the profile.

Saved matches and the autosaves go to the user's data folder, settings to the
config folder (platformdirs: ``~/.local/share/kiy`` and ``~/.config/kiy`` on
Linux, the usual places on Windows and macOS). A separate profile folder,
given with ``--profile DIR`` or the ``KIY_PROFILE`` environment variable,
holds both (``DIR/data``, ``DIR/config``) and nothing outside it is touched:
tests, benchmarks and ``--screenshot`` runs use one so that a player's saves
are never written by anything scripted.
"""

from __future__ import annotations

import os
from pathlib import Path

from simulator.files.atomic import clean_leftovers

ENV = "KIY_PROFILE"
APP = "kiy"

_chosen: Path | None = None
_read_only = False


def use(folder: str | os.PathLike[str] | None) -> None:
    """Use ``folder`` as the profile from now on (None: the environment or the
    player's own folders)."""
    global _chosen
    _chosen = Path(folder).expanduser().absolute() if folder is not None else None


def set_read_only(flag: bool) -> None:
    """A scripted run (--screenshot) reads the profile but writes nothing."""
    global _read_only
    _read_only = flag


def read_only() -> bool:
    return _read_only


def folder() -> Path | None:
    """The separate profile folder in use, if any."""
    if _chosen is not None:
        return _chosen
    env = os.environ.get(ENV, "")
    return Path(env).expanduser().absolute() if env else None


def config_dir() -> Path:
    """Settings."""
    f = folder()
    if f is not None:
        return f / "config"
    import platformdirs
    return Path(platformdirs.user_config_dir(APP, appauthor=False, roaming=True))


def data_dir() -> Path:
    """Saved matches, autosaves, the editor's scenarios."""
    f = folder()
    if f is not None:
        return f / "data"
    import platformdirs
    return Path(platformdirs.user_data_dir(APP, appauthor=False, roaming=True))


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosave_dir() -> Path:
    return data_dir() / "autosave"


def scenarios_dir() -> Path:
    return data_dir() / "scenarios"


def exports_dir() -> Path:
    """Exported clips and diagrams, unless the player chose a folder."""
    return data_dir() / "exports"


def tidy() -> list[Path]:
    """Remove what killed writers left behind in the profile's folders (run at
    start); the files removed."""
    removed: list[Path] = []
    for d in (config_dir(), data_dir(), saves_dir(), autosave_dir(),
              scenarios_dir(), exports_dir()):
        removed += clean_leftovers(d)
    return removed
