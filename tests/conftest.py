"""Every test runs with its own profile folder: nothing a test does can reach a
player's saves or settings (simulator.profile)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def private_profile(tmp_path_factory: pytest.TempPathFactory,
                    monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    from simulator import profile
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
