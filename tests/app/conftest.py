"""Fixtures for the app tests: a private config directory and a fresh window."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from simulator.app.app import App
from tests.app.helpers import DT, make_app


@pytest.fixture(autouse=True)
def config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    return home


@pytest.fixture
def app() -> Iterator[App]:
    from simulator.app.menu import MenuMode
    a = make_app()
    a.switch(MenuMode(a))
    a.frame([], DT)
    yield a
    pygame.display.quit()
