"""Tab (every ball's number in a tag beside it) did nothing for a player
with the cue ball in hand at 800x500: a held Tab's keyboard repeats turned
the tags off again at once (a press a little long showed nothing), and
while a stroke rolled (one's own or the computer's) Tab was not read at
all. Tab now turns them on or off once a press at every moment at the
table; the tags are drawn at once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import (
    foul_waits,
    frame,
    gordon_after_annas_miss,
    in_hand,
    make_app,
    scenario_match,
    strike,
)
from tests.app.scenes import open_scene

BALLS = {0: (0.5, 0.3), 1: (1.5, 0.6), 2: (1.8, 0.4), 10: (1.2, 0.9)}


def _tab(app: App, held: int = 0) -> None:
    """Tab pressed (its keyboard repeats ``held`` times while down), let go."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0,
                                         unicode="\t", scancode=43))
    frame(app)
    for _ in range(held):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0,
                                             unicode="\t", scancode=43, repeat=True))
        frame(app)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_TAB, mod=0,
                                         unicode="\t", scancode=43))
    frame(app)


def _tags_shown(app: App, state: str, held: int = 0) -> None:
    """Tab shows the tags (the picture changes) and Tab again hides them."""
    assert app.mode is not None and app.mode.name == state, app.mode
    frame(app)
    before = pygame.surfarray.array3d(app.screen).copy()
    _tab(app, held)
    assert app.show_numbers, f"Tab did nothing on {state}"
    after = pygame.surfarray.array3d(app.screen)
    assert (before != after).any(axis=2).sum() > 200, "no tag drawn"
    _tab(app, held)
    assert not app.show_numbers


def _in_hand(_mp: pytest.MonkeyPatch) -> tuple[App, str]:
    app = make_app("en", (800, 500))
    in_hand(app, "kitchen", BALLS)
    return app, "placing"


def _foul_to_read(_mp: pytest.MonkeyPatch) -> tuple[App, str]:
    """Anna's scratch between people: Boris's ball in hand waits for him
    to read the ruling (as test_card52 plays it)."""
    app = make_app("en", (800, 500))
    scenario_match(app, "9-ball", {0: (1.94, 0.67), 2: (2.24, 0.97),
                                   1: (0.6, 0.3), 9: (0.8, 0.3)})
    s = app.session
    assert s is not None
    s.aim = replace(s.aim, angle=45.0, power=0.5, tip_b=0.5)
    frame(app, n=30)
    strike(app)
    frame(app, n=30)
    assert foul_waits(app)
    return app, "placing"


def _aiming(_mp: pytest.MonkeyPatch) -> tuple[App, str]:
    return open_scene("table", "9-ball", "en", (800, 500)), "aiming"


def _computer_thinks(mp: pytest.MonkeyPatch) -> tuple[App, str]:
    app = make_app("en", (800, 500))
    gordon_after_annas_miss(mp, app, think_frames=400)
    return app, "computer"


def _rolling(_mp: pytest.MonkeyPatch) -> tuple[App, str]:
    app = open_scene("table", "9-ball", "en", (800, 500))
    s = app.session
    assert s is not None
    s.aim = replace(s.aim, power=0.9)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                         unicode=" ", scancode=44))
    frame(app)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0,
                                         unicode=" ", scancode=44))
    frame(app, n=3)
    return app, "playing"


STATES: dict[str, Callable[[pytest.MonkeyPatch], tuple[App, str]]] = {
    "in_hand": _in_hand, "foul_card": _foul_to_read, "aiming": _aiming,
    "computer_thinks": _computer_thinks, "rolling": _rolling}


@pytest.mark.parametrize("state", list(STATES))
def test_tab_shows_the_numbers_in_every_state(monkeypatch: pytest.MonkeyPatch,
                                              state: str) -> None:
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app, name = STATES[state](monkeypatch)
    try:
        _tags_shown(app, name)
    finally:
        pygame.display.quit()


def test_a_held_tab_turns_the_numbers_on_once() -> None:
    """Ball in hand at 800x500, Tab held a moment (the keyboard repeats it
    five times): the numbers stay shown."""
    app = make_app("en", (800, 500))
    try:
        in_hand(app, "kitchen", BALLS)
        _tags_shown(app, "placing", held=5)
    finally:
        pygame.display.quit()
