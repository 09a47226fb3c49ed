"""Fixtures for the app tests: a fresh window (the private profile folder is
tests/conftest.py's), and a check after every test that no window caught an
exception."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from simulator.app.loop import app as app_module
from simulator.app.loop.app import App
from tests.app.helpers import DT, make_app


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "errors_expected: the test makes the window catch an exception")


@pytest.fixture(autouse=True)
def no_caught_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    """The window catches every exception into ``app.errors`` so a player's
    action never closes the game: any test that made a window fails if one
    of its windows caught anything."""
    start = len(app_module.INSTANCES)
    yield
    made = app_module.INSTANCES[start:]
    del app_module.INSTANCES[start:]
    if request.node.get_closest_marker("errors_expected") is not None:
        return
    caught = [e for a in made for e in a.errors]
    assert not caught, f"the window caught {len(caught)} error(s):\n{caught[-1]}"


@pytest.fixture(autouse=True, scope="session")
def table_pictures_painted_once() -> Iterator[None]:
    """The table's still picture (room, lit cloth, rails, pockets: some 80 ms
    to paint, from fixed seeds) is painted once a worker for each table,
    view and size, and every later renderer of the same gets its own copy
    of those pixels: thousands of tests open a table screen."""
    from simulator.app.table.render import TableRenderer
    painted: dict[str, pygame.Surface] = {}
    paint = TableRenderer._draw

    def draw(self: TableRenderer) -> None:
        s = self.surface
        key = repr((type(self), sorted(vars(self.view).items()), self.spec,
                    self.grain, s.get_size(), s.get_bitsize(), s.get_masks(),
                    s.get_flags()))
        if key not in painted:
            paint(self)
            painted[key] = self.surface.copy()
        else:
            self.surface = painted[key].copy()

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(TableRenderer, "_draw", draw)
        yield


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app()
    a.go("menu")
    a.frame([], DT)
    yield a
    pygame.display.quit()
