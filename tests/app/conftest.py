"""Fixtures for the app tests: a fresh window (the private profile folder is
tests/conftest.py's), and a check after every test that no window caught an
exception."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from simulator.app.loop import app as app_module
from simulator.app.loop.app import App
from simulator.app.match import session as session_module
from tests.app.helpers import DT, make_app


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "errors_expected: the test makes the window catch an exception")
    config.addinivalue_line(
        "markers", "reads_fouls: a foul between people waits for the incoming "
        "player's Continue (session.READ_FOULS)")


@pytest.fixture(autouse=True)
def fouls_read_when_marked(request: pytest.FixtureRequest,
                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests written when a foul between people at one window went on
    at once to the next turn play as then; those marked reads_fouls see the
    foul's card wait for the incoming player (session.READ_FOULS)."""
    if request.node.get_closest_marker("reads_fouls") is None:
        monkeypatch.setattr(session_module, "READ_FOULS", False)


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


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app()
    a.go("menu")
    a.frame([], DT)
    yield a
    pygame.display.quit()
