"""The install: every package ships, the data is found through
importlib.resources, and the version and the no-display refusal are one line."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_of_the_tree_is_listed_in_pyproject() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
                 ["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts)
             for top in ("simulator", "rules")
             for p in (ROOT / top).rglob("__init__.py")}
    # The data folders, each listed so that its files ship.
    found |= {"kiy_assets"} | {
        ".".join(("kiy_assets", *d.relative_to(ROOT / "assets").parts))
        for d in (ROOT / "assets").rglob("*")
        if d.is_dir() and d.name != "__pycache__"}
    assert found == listed


def test_the_data_comes_through_importlib_resources() -> None:
    from importlib import resources

    from simulator.app.text.i18n import LOCALE_DIR
    from simulator.files.resources import assets_dir
    from simulator.practice.library import SCENARIO_DIR
    root = Path(str(resources.files("kiy_assets")))
    assert assets_dir() == root
    assert root / "locale" == LOCALE_DIR and root / "scenarios" == SCENARIO_DIR
    assert (LOCALE_DIR / "ru" / "ui.json").is_file()
    assert len(list(SCENARIO_DIR.glob("*.toml"))) >= 60


def _run(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "simulator.app.main", *args],
                          capture_output=True, text=True, timeout=60, env=env,
                          cwd=ROOT)


def test_version_and_no_display(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    out = _run("--version", env=env)
    assert out.returncode == 0 and out.stdout.startswith("kiy 0."), out
    if not sys.platform.startswith("linux"):
        return
    out = _run(env=env)  # no X11, no Wayland: refused at once, not run unseen
    assert out.returncode == 2
    assert out.stderr.startswith("error: display: ") and \
        out.stderr.count("\n") == 1, out.stderr
    assert not list(tmp_path.iterdir())
