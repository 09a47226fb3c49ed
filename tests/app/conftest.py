"""Fixtures for the app tests: a fresh window (the private profile folder is
tests/conftest.py's)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from simulator.app.app import App
from tests.app.helpers import DT, make_app


@pytest.fixture
def app() -> Iterator[App]:
    from simulator.app.menu import MenuMode
    a = make_app()
    a.switch(MenuMode(a))
    a.frame([], DT)
    yield a
    pygame.display.quit()
