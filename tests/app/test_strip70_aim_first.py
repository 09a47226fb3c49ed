"""After the computer's turn: the "aim first" message stood on screen over
an aim the mouse had drawn; and no stick waited until the mouse moved,
though it rested over the table (players expect the cue waiting). Resting
over the table, the mouse aims at once, the stick and the line on show, and
Space plays that aim; resting off it, the guard holds as before (Space
never strikes an aim the player did not see). Driven through the window's
loop, both languages."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.app.table.aim import angle_to
from tests.app.helpers import drawn_words, frame, key, make_app, move, run_until
from tests.app.test_space59_aim_first import _after_the_computers_stroke


@pytest.mark.parametrize(("lang", "size"), [("en", (800, 500)), ("ru", (1280, 720))])
def test_the_aim_first_message_goes_once_the_mouse_aims(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, size)
    try:
        s = _after_the_computers_stroke(app)
        mode = app.mode
        frame(app, n=70)
        shots = len(s.match.history)
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        said = app.t("evening.aim_first")
        assert app.mode is mode and len(s.match.history) == shots
        assert app.toast is not None and app.toast[0] == said
        move(app, mode.layout.table.center)  # type: ignore[union-attr]
        frame(app)
        assert app.toast is None or app.toast[0] != said, app.toast
        assert " ".join(said.split()) not in drawn_words(app, folded=True)
    finally:
        pygame.display.quit()


def _sticks(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    from simulator.app.screens import aiming
    sticks: list[float] = []
    real_cue = aiming.draw_cue
    monkeypatch.setattr(aiming, "draw_cue",
                        lambda *a, **k: (sticks.append(a[3]), real_cue(*a, **k))[1])
    return sticks


def _computer_then_ann(app: App, rest: tuple[int, int]) -> Session:
    """Ann against the computer, which breaks (watched to rest), the mouse
    resting at ``rest`` all along; Ann's turn on show, past the settling."""
    s = Session.new(["Ann", "cpu:beginner"], "9-ball",
                    {"race_to": 5, "first_breaker": 1}, app.locale, seed=2)
    s.watch = "4x"
    app.session = s
    frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=rest, rel=(1, 1),
                                  buttons=(0, 0, 0)))
    next_step(app)
    run_until(app, lambda: app.mode is not None and app.mode.name == "computer_playing")
    run_until(app, lambda: app.mode is not None
              and app.mode.name in ("aiming", "placing"), limit=20000)
    assert app.mode is not None and app.mode.name == "aiming", app.mode
    assert getattr(app.previous, "name", "") == "computer_playing"
    frame(app, n=40)
    return s


@pytest.mark.parametrize(("lang", "size"), [("en", (800, 500)), ("ru", (1100, 650))])
def test_a_mouse_resting_over_the_table_aims_at_once(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    sticks = _sticks(monkeypatch)
    app = make_app(lang, size)
    try:
        rest = (size[0] // 4, size[1] // 2)  # (over the cloth, left of its middle)
        s = _computer_then_ann(app, rest)
        mode = app.mode
        assert mode.layout.table.collidepoint(rest)  # type: ignore[union-attr]
        cue = mode.cue()  # type: ignore[union-attr]
        assert cue is not None
        pointed = angle_to(cue, mode.scene.view.to_table(*rest))  # type: ignore[union-attr]
        assert s.aim.angle == pytest.approx(pointed)
        sticks.clear()
        frame(app, n=2)
        assert sticks and sticks[-1] == pytest.approx(pointed)  # the cue waiting
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "playing", app.mode
        played = app.mode.stroke.direction  # type: ignore[attr-defined]
        assert math.isclose(played, round(pointed % 360.0, 6), abs_tol=1e-6)
    finally:
        pygame.display.quit()


def test_a_mouse_resting_off_the_table_keeps_the_guard(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    sticks = _sticks(monkeypatch)
    app = make_app("en", (800, 500))
    try:
        s = _computer_then_ann(app, (400, 490))  # (the strip under the table)
        mode = app.mode
        sticks.clear()
        frame(app, n=2)
        assert not sticks and mode.aim_first  # type: ignore[union-attr]
        shots = len(s.match.history)
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        assert app.mode is mode and len(s.match.history) == shots
        assert app.toast is not None and app.toast[0] == app.t("evening.aim_first")
    finally:
        pygame.display.quit()
