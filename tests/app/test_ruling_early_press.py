"""A foul's ruling between people waits for the incoming player's own
Continue: a press made before the card came up (the Space, Enter or click
that skipped the fouling player's rolling balls, or one read a moment
after, as the card appeared) does not read it for them."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.table.aim import Aim
from simulator.app.text import ui
from tests.app.helpers import (
    DT,
    foul_waits,
    frame,
    make_app,
    read_ruling,
    run_until,
    scenario_match,
)

SLOW = 0.5  # s, the frame that plays the skipped stroke to its end and judges it


def _down(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def _up(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)


def _annas_foul_rolling(app: App) -> Session:
    """9-ball, Anna and Boris at one window: Anna strikes the cue ball away
    from the 1 (general rule 16 and 9-ball rule 7: the lowest ball not hit
    first, a foul; 9-ball rule 6: Boris plays from hand); her balls roll."""
    scenario_match(app, "9-ball", {0: (0.6, 0.6), 1: (1.2, 0.62), 9: (2.2, 0.4)})
    s = app.session
    assert s is not None
    s.aim = Aim(180.0, 0.15)
    frame(app, n=30)
    frame(app, _down(pygame.K_SPACE))
    frame(app, _up(pygame.K_SPACE))
    assert app.mode is not None and app.mode.name == "playing"
    frame(app, n=3)
    return s


def _hint_greyed(app: App) -> bool:
    return not any(b.enabled for b in ui.FRAME.buttons if b.ident == "hint")


def _still_waits(app: App, s: Session) -> None:
    """The card on show, the turn waiting for Boris's Continue."""
    frame(app)
    assert foul_waits(app), "an early press read Boris's ruling"
    assert s.banner is not None and s.banner.foul
    assert s.req is not None and s.req.shooter == 1 and len(s.match.history) == 1
    assert _hint_greyed(app)


def _skipped_slowly(app: App, k: int) -> Session:
    """Anna's press skips her rolling balls; the frame that plays them to
    the end and judges them is slow (the card came up at its end)."""
    s = _annas_foul_rolling(app)
    frame(app, _down(k))
    assert app.mode is not None and app.mode.name != "playing" and foul_waits(app)
    app.frame([_up(k)], DT, SLOW)
    return s


@pytest.mark.parametrize("lang,k", [("en", pygame.K_SPACE), ("ru", pygame.K_SPACE),
                                    ("en", pygame.K_RETURN)])
def test_a_second_press_as_the_card_comes_up_does_not_read_it(lang: str,
                                                              k: int) -> None:
    """The skip was slow, so Anna presses again just as the card comes up:
    the time her stroke took to compute was counted as the card on show,
    and that press read the ruling meant for Boris (he never saw it). Only
    a press ui.FRESH after the card came up reads it."""
    app = make_app(lang)
    try:
        s = _skipped_slowly(app, k)
        for _ in range(2):
            app.toast = None
            frame(app, _down(k))
            frame(app, _up(k))
            _still_waits(app, s)
            said = app.t("common.key_too_soon")
            assert app.toast is not None and app.toast[0] == said
        frame(app, n=30)  # (past ui.FRESH: Boris's own press)
        frame(app, _down(k))
        frame(app, _up(k))
        frame(app)
        assert not foul_waits(app)
        assert s.req is not None and s.req.shooter == 1
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("slow", [False, True])
def test_a_press_read_as_the_card_appears_does_not_read_it(slow: bool) -> None:
    """The balls stop by themselves: Space pressed in their last frames is
    read by the first frame after the card appeared (a slow frame: pressed
    while the balls still rolled on the window)."""
    app = make_app("en")
    try:
        s = _annas_foul_rolling(app)
        run_until(app, lambda: app.mode is not None and app.mode.name != "playing",
                  limit=6000)
        assert foul_waits(app)
        app.frame([_down(pygame.K_SPACE)], DT, SLOW if slow else DT)
        frame(app, _up(pygame.K_SPACE))
        _still_waits(app, s)
        frame(app, n=30)
        read_ruling(app)
    finally:
        pygame.display.quit()


def test_a_click_made_before_the_card_came_up_does_not_read_it() -> None:
    """A click on the place where Continue then appears, made while the
    balls still rolled (read by the slow frame after the skip), is not
    Boris's Continue; his own click on it is."""
    app = make_app("en")
    try:
        s = _annas_foul_rolling(app)
        frame(app, _down(pygame.K_SPACE))  # skipped: the card drawn at its end
        [go_on] = [b for b in app.buttons if b.ident == "acknowledge"]
        pos = go_on.rect.center
        app.frame([_up(pygame.K_SPACE),
                   pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)],
                  DT, SLOW)
        frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        _still_waits(app, s)
        frame(app, n=30)
        read_ruling(app)
    finally:
        pygame.display.quit()
