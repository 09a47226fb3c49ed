"""Every test runs with its own profile folder: nothing a test does can reach a
player's saves or settings (simulator.files.profile). The player's real folders are
listed before the run and checked unchanged after it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# Randomised tests are repeatable in CI: the same examples every run (no
# random seed, no example database). Elsewhere they explore, as usual.
settings.register_profile("ci", derandomize=True, database=None, deadline=None,
                          print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE")
                      or ("ci" if os.environ.get("CI") else "dev"))


def _real_folders() -> list[Path]:
    import platformdirs
    return [Path(platformdirs.user_config_dir("kiy", appauthor=False, roaming=True)),
            Path(platformdirs.user_data_dir("kiy", appauthor=False, roaming=True))]


def _listing(folders: list[Path]) -> dict[str, tuple[int, float]]:
    out: dict[str, tuple[int, float]] = {}
    for d in folders:
        if not d.exists():
            out[str(d)] = (-1, 0.0)
            continue
        for root, _dirs, files in os.walk(d):
            for name in files:
                st = (Path(root) / name).stat()
                out[str(Path(root) / name)] = (st.st_size, st.st_mtime)
    return out


@pytest.fixture(scope="session", autouse=True)
def players_folders_untouched() -> Iterator[None]:
    env = os.environ.pop("KIY_PROFILE", None)  # the real folders, not a profile
    folders = _real_folders()
    before = _listing(folders)
    if env is not None:
        os.environ["KIY_PROFILE"] = env
    yield
    assert _listing(folders) == before, "a test wrote to the player's own folders"


@pytest.fixture(autouse=True)
def private_profile(tmp_path_factory: pytest.TempPathFactory,
                    monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    from simulator.files import profile
    home = tmp_path_factory.mktemp("profile")
    monkeypatch.setenv(profile.ENV, str(home))
    # The platform folders too, should anything ask for them directly.
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "xdg-data"))
    profile.use(None)
    profile.set_read_only(False)
    yield home
    profile.use(None)
    profile.set_read_only(False)
