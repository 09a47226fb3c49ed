"""Random mouse and keyboard events on every screen: no exception escapes, and
the match the app holds stays one the referee can store and replay."""

from __future__ import annotations

import random

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import DT, make_app

KEYS = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT,
        pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_TAB, pygame.K_BACKSPACE,
        *range(pygame.K_a, pygame.K_z + 1), *range(pygame.K_0, pygame.K_9 + 1)]


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    w, h = size
    pos = (rng.randrange(-20, w + 20), rng.randrange(-20, h + 20))
    r = rng.random()
    if r < 0.45:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                  buttons=(rng.randint(0, 1), 0, 0))
    if r < 0.62:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos,
                                  button=rng.choice((1, 1, 1, 2, 3, 4, 5)))
    if r < 0.78:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos,
                                  button=rng.choice((1, 1, 1, 2, 3)))
    if r < 0.82:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)),
                                  flipped=False, precise_x=0.0, precise_y=0.0)
    if r < 0.86:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("abcйцу 1"))
    k = rng.choice(KEYS)
    mod = rng.choice((0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL))
    kind = pygame.KEYDOWN if rng.random() < 0.6 else pygame.KEYUP
    return pygame.event.Event(kind, key=k, mod=mod, unicode="", scancode=0)


def monkey(app: App, seed: int, events: int, per_frame: int = 4,
           dt: float = DT) -> None:
    rng = random.Random(seed)  # a fixed seed: the same storm every run
    sent = 0
    while sent < events:
        batch = [random_event(rng, app.size) for _ in range(per_frame)]
        sent += len(batch)
        app.frame([*pygame.event.get(), *batch], dt)
        app.running = True  # "Quit" was pressed: keep going, we test the screens
        assert not app.errors, app.errors[-1]


@pytest.mark.parametrize(("seed", "start"), [(1, "menu"), (2, "9-ball"),
                                             (3, "express"), (4, "lag")])
def test_random_events_never_crash(seed: int, start: str) -> None:
    from simulator.app.match.session import Session
    from simulator.app.match.turns import next_step
    from simulator.app.screens.menu import MenuMode
    app = make_app()
    if start == "menu":
        app.switch(MenuMode(app))
    else:
        names = ["A", "B", "C"] if start == "express" else ["A", "B"]
        game, options = ("8-ball", {"lag": True}) if start == "lag" else (start, {})
        app.session = Session.new(names, game, options, app.locale, seed=seed)
        next_step(app)
    # Eight events a frame of two frames' time: the storm and the time it
    # takes as before, drawn half as often (the drawing was its cost).
    monkey(app, seed, 20_000, per_frame=8, dt=2 * DT)
    s = app.session
    if s is not None:
        # The match is still whole: it stores and replays to the same position.
        from rules.referee import Match
        stored = s.match.to_dict()
        again = Match.from_dict(stored)
        assert again.table() == s.match.table()
        if not s.match.over:
            assert again.requirements() == s.match.requirements()
        # A stored lag keeps both strokes (Shot.also) through the round trip.
        assert again.to_dict() == stored
    pygame.display.quit()

