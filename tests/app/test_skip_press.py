"""One press of Space or Enter, or one click, that skips a rolling stroke
(or lands as it ends) strikes nothing on the next player's turn: only a
new press made there does."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from tests.app.helpers import (
    DT,
    click_button,
    frame,
    key,
    make_app,
    move,
    read_ruling,
    run_until,
    three_in_express,
)

SPACE = pygame.K_SPACE
SLOW = 0.5  # s, a frame on a loaded machine


def _down(k: int, repeat: bool = False) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0,
                              repeat=repeat)


def _up(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)


def _rolling(app: App) -> Session:
    """Express, three players: Anna puts the cue ball down and strikes;
    her balls roll."""
    three_in_express(app)
    frame(app, n=39)
    key(app, SPACE)  # the ball put down
    frame(app, n=30)
    key(app, SPACE)  # the stroke
    frame(app, n=3)
    assert app.mode is not None and app.mode.name == "playing"
    return app.session


def _table(app: App) -> dict[int, tuple[float, float, float]]:
    assert app.mode is not None
    return dict(app.mode.ball_positions())  # type: ignore[attr-defined]


def _boris_untouched(app: App, s: Session) -> dict[int, tuple[float, float, float]]:
    """Anna's stroke judged, Boris at the table with no stroke of his own
    played (the table as her stroke left it, a while on)."""
    assert s.req is not None
    who, shots, at = s.req.shooter, len(s.match.history), _table(app)
    assert shots == 1, shots
    frame(app, n=30)
    assert app.mode is not None and app.mode.name == "aiming", app.mode
    assert s.req is not None and s.req.shooter == who != 0
    assert len(s.match.history) == shots and _table(app) == at
    return at


def _fresh_press_strikes(app: App, s: Session, k: int = SPACE) -> None:
    """The guard refuses no more than that press: a new one strikes (once
    the player has aimed, where a press skipped the rolling balls)."""
    mode = app.mode
    assert mode is not None and mode.name == "aiming"
    if getattr(mode, "aim_first", False):
        frame(app, _down(k))
        frame(app, _up(k))
        assert app.mode is mode and len(s.match.history) == 1
        move(app, mode.layout.table.center)  # type: ignore[attr-defined]
    frame(app, _down(k))
    frame(app, _up(k))
    assert app.mode is not None and app.mode.name == "playing", app.mode
    run_until(app, lambda: len(s.match.history) == 2)


@pytest.mark.parametrize("k", [pygame.K_SPACE, pygame.K_RETURN])
def test_a_press_landing_as_the_balls_stop_strikes_nothing(k: int) -> None:
    """A slow frame: the balls stop and the next turn opens while the press
    made to skip them waits in the queue; it reaches the new turn's first
    frame. It was pressed on the rolling screen: no stroke for Boris."""
    app = make_app("en", (800, 500))
    try:
        s = _rolling(app)
        run_until(app, lambda: app.mode is not None and app.mode.name != "playing")
        # Read by a frame half a second after the last began: pressed while
        # the balls still rolled on the window, before this turn was drawn.
        app.frame([_down(k)], DT, SLOW)
        for _ in range(3):  # held: the keyboard repeats it
            frame(app, _down(k, repeat=True))
        frame(app, _up(k))
        _boris_untouched(app, s)
        _fresh_press_strikes(app, s, k)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang,k", [("en", pygame.K_SPACE), ("ru", pygame.K_SPACE),
                                    ("en", pygame.K_RETURN)])
def test_a_press_read_late_is_refused_and_said(lang: str, k: int) -> None:
    """The press that skipped the rolling balls, read by the next turn's
    first frame (a slow one): it strikes nothing, and the turn says why, in
    words naming the key (it was refused silently, and the player waited)."""
    app = make_app(lang, (800, 500))
    try:
        s = _rolling(app)
        run_until(app, lambda: app.mode is not None and app.mode.name != "playing")
        app.toast = None
        app.frame([_down(k)], DT, SLOW)
        name = app.t("evening.key_space") if k == SPACE else "Enter"
        said = app.t("evening.pressed_before", name=name)
        assert app.toast is not None and app.toast[0] == said, app.toast
        assert name in said
        frame(app, _down(k, repeat=True))  # its repeat: said no more
        frame(app, _up(k))
        _boris_untouched(app, s)
        _fresh_press_strikes(app, s, k)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("batched", [False, True])
def test_a_repeat_after_a_late_release_strikes_nothing(batched: bool) -> None:
    """Space skips; on a loaded machine its release is read late, and the
    keyboard's repeat of it comes after the release (in the same batch or
    the next): a repeat is never a new press."""
    app = make_app("en", (800, 500))
    try:
        s = _rolling(app)
        frame(app, _down(SPACE))
        assert app.mode is not None and app.mode.name == "aiming"
        if batched:
            frame(app, _up(SPACE), _down(SPACE, repeat=True), _up(SPACE))
        else:
            frame(app, _up(SPACE))
            frame(app, _down(SPACE, repeat=True))
            frame(app, _up(SPACE))
        _boris_untouched(app, s)
        _fresh_press_strikes(app, s)
    finally:
        pygame.display.quit()


def test_one_slow_batch_skips_and_strikes_nothing() -> None:
    """Press, repeats and release all in one slow frame with the skip: the
    rolling screen takes them all, the next turn none; then the release of
    the key meets the new turn (no stroke on a release)."""
    app = make_app("en", (800, 500))
    try:
        s = _rolling(app)
        frame(app, _down(SPACE), _down(SPACE, repeat=True), _down(SPACE, repeat=True))
        frame(app, _down(SPACE, repeat=True), _up(SPACE))
        _boris_untouched(app, s)
        _fresh_press_strikes(app, s)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("how", ["button", "right"])
def test_a_click_that_skips_strikes_nothing(how: str) -> None:
    """The "Skip" button clicked, or a right click on the table: its release
    reaches the new turn, which strikes nothing on it."""
    app = make_app("en", (800, 500))
    try:
        s = _rolling(app)
        if how == "button":
            click_button(app, app.t("side.skip"))
        else:
            assert app.mode is not None
            pos = app.mode.layout.table.center  # type: ignore[attr-defined]
            frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
            frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3))
        _boris_untouched(app, s)
        _fresh_press_strikes(app, s)
    finally:
        pygame.display.quit()


def test_a_press_landing_as_the_balls_stop_puts_no_ball_down() -> None:
    """Anna scratches; the Enter pressed to skip her rolling balls is read
    by a slow frame after Boris's ball in hand came up: the ball is not put
    down by it; his own press of Enter puts it down where it is shown."""
    from tests.app.test_playfix10_aim import _boris_in_hand
    app = make_app("en", (800, 500))
    try:
        s = _boris_in_hand(app)
        shown = app.mode.pos  # type: ignore[union-attr]
        app.frame([_down(pygame.K_RETURN)], DT, SLOW)
        frame(app, _up(pygame.K_RETURN))
        frame(app, n=30)
        assert app.mode is not None and app.mode.name == "placing", app.mode
        assert len(s.match.history) == 1
        read_ruling(app)  # (nor was Anna's foul read by it: Boris reads it)
        key(app, pygame.K_RETURN)
        frame(app)
        assert app.mode.name == "aiming" and s.placed == shown
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_second_space_after_a_skip_waits_for_an_aim(lang: str) -> None:
    """Express, two people at the table: Space skips Anna's rolling stroke;
    a second Space, pressed as the skip seemed slow, struck Boris's stroke
    at the power left on the bar, unaimed (found in play). After a skip by
    a press, the next person's first stroke comes once they have aimed: the
    second Space strikes nothing and says so; after a move of the mouse
    Space strikes."""
    app = make_app(lang, (800, 500))
    try:
        s = _rolling(app)
        frame(app, _down(SPACE))
        frame(app, _up(SPACE))
        _boris_untouched(app, s)
        frame(app, n=40)  # (well past the settling time: a new press)
        frame(app, _down(SPACE))
        frame(app, _up(SPACE))
        assert app.mode is not None and app.mode.name == "aiming", app.mode
        assert len(s.match.history) == 1
        assert app.toast is not None and app.toast[0] == app.t("evening.aim_first")
        move(app, app.mode.layout.table.center)  # type: ignore[attr-defined]
        frame(app, _down(SPACE))
        frame(app, _up(SPACE))
        assert app.mode is not None and app.mode.name == "playing", app.mode
    finally:
        pygame.display.quit()
