"""The aiming screen as a player found it in a real window: a click on the 9
lying under the held stick called it and swung the stick back to an older
aim, the "no call" line unchanged; a forward drag played nothing with no
word in the key line; Space with a hint shown (not taken) struck the
player's own aim, hidden under the hint's path; ball in hand after the
computer's turn said "Space or Enter puts it down" while Space did not.
Each is driven through the window's event loop."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.table.aim import angle_to
from tests.app.helpers import (
    click,
    drawn_words,
    frame,
    key,
    make_app,
    move,
    run_until,
    scenario_match,
)
from tests.app.scenes import LANGS
from tests.app.test_playfix9_flow import _computer_scratches, _down, _up
from tests.app.test_playfix10_aim import _match, _screen

SIZES = pytest.mark.parametrize("size", [(800, 500), (1280, 720)],
                                ids=("800x500", "1280x720"))
CUE = (0.6, 0.6)
AIMED = (1.2, 0.9)  # where Boris first aims (and rests)


def _rested_on(app: App, p: tuple[float, float]) -> float:
    """The mouse to ``p`` on the table and resting there: the aim's angle."""
    move(app, _screen(app, p))
    frame(app, n=30)
    s = app.session
    assert s is not None and abs(s.aim.angle - angle_to(CUE, p)) < 0.5
    return s.aim.angle


# -- 1. a click on a ball keeps the stick as shown, and the strip says the call -------

@pytest.mark.parametrize("lang", LANGS)
@SIZES
def test_a_click_on_the_ball_under_the_held_stick_keeps_the_stick(
        lang: str, size: tuple[int, int]) -> None:
    """Boris (stripes) rests his aim up the table, then swings it along the
    table in one move, brings the pointer back over the cue ball onto the
    stick (held: it glows) and clicks the 9 lying under it. The 9 is called
    and the stick stays where it was shown (it swung back to the aim before
    the swing); the strip's "no call" says the 9 is called, its pocket not."""
    app = make_app(lang, size)
    try:
        balls = {0: CUE, 1: (1.2, 0.62), 9: (0.47, 0.6), 10: (2.0, 1.0), 8: (1.9, 0.5)}
        s = _match(app, balls=balls, shooter=1)
        old = _rested_on(app, AIMED)
        for p in ((1.6, 0.6), CUE, (0.5, 0.6), balls[9]):
            move(app, _screen(app, p))
        frame(app, n=60)
        shown = s.aim.angle
        assert abs(shown - old) > 20 and app.mode.grabbed  # type: ignore[union-attr]
        t = app.t
        assert t("strip.call_needed") in drawn_words(app, "strip")
        click(app, _screen(app, balls[9]))
        assert s.call == (9, None)
        assert s.aim.angle == shown, (s.aim.angle, shown, old)
        frame(app, n=30)
        assert s.aim.angle == shown
        strip = drawn_words(app, "strip")
        assert t("strip.call_needed") not in strip, strip
        assert t("strip.call_ball_only", ball=9) in strip, strip
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_click_after_a_slow_aim_never_brings_back_an_older_aim(lang: str) -> None:
    """Boris rests his aim, then aims slowly, a few pixels at a time with
    pauses shorter than a rest; then clicks the 9 in one move. The stick
    does not go back to the aim he left seconds ago: it points at the 9
    his pointer went to, and the 9 is called."""
    app = make_app(lang, (800, 500))
    try:
        balls = {0: CUE, 1: (1.2, 0.62), 9: (2.2, 0.4), 10: (2.0, 1.0), 8: (1.9, 0.5)}
        s = _match(app, balls=balls, shooter=1)
        old = _rested_on(app, AIMED)
        a, b = _screen(app, AIMED), _screen(app, (1.6, 0.6))
        for i in range(1, 21):  # 0.2 s between steps: never a rest
            move(app, (a[0] + (b[0] - a[0]) * i / 20, a[1] + (b[1] - a[1]) * i / 20))
            frame(app, n=11)
        assert abs(s.aim.angle - angle_to(CUE, (1.6, 0.6))) < 1.0
        click(app, _screen(app, balls[9]))
        assert s.call == (9, None)
        assert abs(s.aim.angle - old) > 5, (s.aim.angle, old)
        assert abs(s.aim.angle - angle_to(CUE, balls[9])) < 1.0
    finally:
        pygame.display.quit()


# -- 2. a forward drag: the key line says which way strikes ---------------------------

@pytest.mark.parametrize("lang", LANGS)
@SIZES
def test_a_forward_drag_says_in_the_key_line_to_pull_back(
        lang: str, size: tuple[int, int]) -> None:
    """Anna holds the stick and pushes the mouse about 80 px toward the ball:
    while held, the key line says to pull back away from the ball; released,
    nothing is played and the key line still says it, until she presses
    again (a pull back then strikes)."""
    app = make_app(lang, size)
    try:
        s = _match(app)
        _rested_on(app, (1.2, 0.6))
        start = (CUE[0] - 0.12, CUE[1])
        move(app, _screen(app, CUE))
        move(app, _screen(app, start))
        p = _screen(app, start)
        frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1))
        for i in range(1, 9):
            move(app, (p[0] + 10 * i, p[1]), held=True)
        t = app.t
        strip = drawn_words(app, "strip")
        said = (t("pull.wrong_way_keys"), t("pull.wrong_way_short"))
        assert any(w in strip for w in said), strip
        end = (p[0] + 80, p[1])
        frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        frame(app, n=3)
        assert app.mode is not None and app.mode.name == "aiming"
        assert not s.shots
        strip = drawn_words(app, "strip")
        assert t("hint.pull_back") in strip or t("hint.pull_back_short") in strip, strip
        frame(app, n=int(6 / (1 / 60)))  # the message under the table gone
        strip = drawn_words(app, "strip")
        assert t("hint.pull_back") in strip or t("hint.pull_back_short") in strip, strip
        # A pull back the right way strikes.
        q = _screen(app, (CUE[0] - 0.05, CUE[1]))
        frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=q, button=1))
        for i in range(1, 9):
            move(app, (q[0] - 12 * i, q[1]), held=True)
        frame(app, n=20)
        frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(q[0] - 96, q[1]),
                                      button=1))
        assert app.mode.name == "playing"
    finally:
        pygame.display.quit()


# -- 3. the stroke played is the one shown -------------------------------------------

HINT_BALLS = {0: (0.9, 0.62), 1: (1.6, 0.62), 2: (1.9, 0.9), 9: (2.1, 0.3),
              8: (1.2, 0.3), 12: (1.5, 1.0)}


def _hint_shown(app: App, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Anna aims (the mouse resting on the table), asks for a hint (I) and
    it is shown; the strokes played, as the window sends them to be played."""
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    monkeypatch.setattr(computer, "HINT_STRENGTH", "beginner")
    scenario_match(app, "8-ball", HINT_BALLS)
    s = app.session
    assert s is not None
    played: list[Any] = []
    go = app.go

    def going(name: str, **kw: Any) -> None:
        if "stroke" in kw:
            played.append(kw["stroke"])
        go(name, **kw)
    monkeypatch.setattr(app, "go", going)
    move(app, _screen(app, (1.5, 0.2)))
    frame(app, n=20)
    key(app, pygame.K_i)
    run_until(app, lambda: s.hint is not None, limit=6000)
    frame(app, n=6)
    return played


@pytest.mark.parametrize("lang", LANGS)
@SIZES
def test_space_under_a_hint_not_taken_strikes_nothing_unseen(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    """The hint is shown, not taken (the second I went into the search):
    only its path is drawn, Anna's own stick not. Space strikes nothing
    (it struck her own aim, unseen, up the table) and says why; I takes the
    hint and Space plays the stroke the stick shows, the hint's."""
    from simulator.app.match import computer
    app = make_app(lang, size)
    try:
        played = _hint_shown(app, monkeypatch)
        s = app.session
        assert s is not None and s.hint is not None
        mode = app.mode
        assert mode is not None and mode.own_aim_hidden()  # type: ignore[attr-defined]
        own = s.aim
        assert abs(own.angle - computer.aim_of(s.hint.decision).angle) > 1
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        assert not played and app.mode.name == "aiming"
        assert app.toast is not None and app.toast[0] == app.t("hint.space_hidden")
        key(app, pygame.K_i)  # taken
        frame(app, n=30)
        shown = s.aim
        assert shown == computer.aim_of(s.hint.decision)
        key(app, pygame.K_SPACE)
        assert len(played) == 1 and played[0] == shown.stroke()
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_space_after_the_mouse_shows_the_own_aim_strikes_it(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """The hint shown, Anna moves the mouse over the table: her stick is
    drawn again, pointing at the mouse, and Space plays that stroke."""
    app = make_app(lang, (800, 500))
    try:
        played = _hint_shown(app, monkeypatch)
        s = app.session
        assert s is not None
        move(app, _screen(app, (2.3, 0.2)))
        frame(app, n=10)
        assert not app.mode.own_aim_hidden()  # type: ignore[union-attr]
        shown = s.aim
        assert abs(shown.angle - angle_to(HINT_BALLS[0], (2.3, 0.2))) < 0.5
        key(app, pygame.K_SPACE)
        assert len(played) == 1 and played[0] == shown.stroke()
    finally:
        pygame.display.quit()


# -- 4. ball in hand after the computer: the words say what the keys do --------------

@pytest.mark.parametrize("lang", LANGS)
def test_ball_in_hand_after_the_computer_names_the_keys_that_work(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Space pressed to hurry Gordon; he scratches. On Anna's ball in hand a
    Space is held back: the words say a click or Enter puts the ball down
    now and Space once it is moved, and Enter does put it down."""
    app = make_app(lang, (800, 500))
    try:
        s = _computer_scratches(monkeypatch, app)
        frame(app, _down(pygame.K_SPACE))
        frame(app, _up(pygame.K_SPACE))
        run_until(app, lambda: app.mode is not None and app.mode.name == "placing")
        frame(app, n=30)  # the settling moment over
        key(app, pygame.K_SPACE)
        assert app.mode.name == "placing"
        t = app.t
        said = t("place.place_first_key", now="Enter", later=t("evening.key_space"))
        assert app.toast is not None and app.toast[0] == said
        key(app, pygame.K_RETURN)
        frame(app)
        assert app.mode.name == "aiming" and len(s.match.history) == 1
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_enter_held_back_is_not_offered_in_the_key_line(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Enter pressed to hurry Gordon: on Anna's ball in hand the key line
    does not offer "Enter: here" while Enter is held back; once she moves
    the ball, it does, and Enter puts it down."""
    app = make_app(lang, (1280, 720))
    try:
        s = _computer_scratches(monkeypatch, app)
        frame(app, _down(pygame.K_RETURN))
        frame(app, _up(pygame.K_RETURN))
        run_until(app, lambda: app.mode is not None and app.mode.name == "placing")
        frame(app, n=30)
        t = app.t
        strip = drawn_words(app, "strip")
        assert t("hint.place") not in strip and t("hint.place_short") not in strip
        assert t("hint.place_moved") in strip or t("hint.place_short_moved") in strip
        key(app, pygame.K_RETURN)
        assert app.mode.name == "placing"
        said = t("place.place_first_key", now=t("evening.key_space"), later="Enter")
        assert app.toast is not None and app.toast[0] == said
        table = app.mode.layout.table  # type: ignore[attr-defined]
        frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=table.center,
                                      rel=(1, 1), buttons=(0, 0, 0)))
        strip = drawn_words(app, "strip")
        assert t("hint.place") in strip or t("hint.place_short") in strip
        key(app, pygame.K_RETURN)
        frame(app)
        assert app.mode.name == "aiming" and len(s.match.history) == 1
        assert math.isfinite(s.aim.angle)
    finally:
        pygame.display.quit()
