"""At the table in a 1280x720 window: an undo gives back the stroke as it
was set before the shot, on show at once; Shift (or Ctrl) held makes the
mouse aim fine; a hint shown rings its own call only."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.aiming import FINE_SHARE, AimMode
from simulator.app.screens.computer_turn import ComputerMode
from tests.app.helpers import (
    MISS_BALLS,
    click,
    count_stick_and_line,
    drawn_lines,
    drawn_words,
    frame,
    key,
    make_app,
    move,
    run_until,
    scenario_match,
)
from tests.app.test_playfix10_flow import _computer_to_shoot

# 8-ball, not a break, Anna on the solids (scenario_match): 1 and 2 are hers.
BALLS = {0: (0.9, 0.62), 1: (1.6, 0.62), 2: (1.9, 0.9), 9: (2.1, 0.3),
         8: (1.2, 0.3), 12: (1.5, 1.0)}


def _power_line(app: App) -> str:
    """The power gauge's words in the side column."""
    word = app.t("panel.power")
    lines = [ln for ln in drawn_lines(app, "side") if ln.startswith(word)]
    assert len(lines) == 1, drawn_lines(app, "side")
    return lines[0]


def test_undo_gives_back_the_stroke_as_set_on_show_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Anna against Gordon: she aims at the 1 with the mouse, sets a softer
    power than the one she found (Down three times) and a little top spin,
    and plays; U as Gordon's turn begins. On the very next frame, the mouse
    not moved, her stick and aim line are drawn along the stroke she played,
    the gauge says its power; Space plays that same stroke again. (The
    stick and line stayed away until the mouse moved.)"""
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    sticks, lines = count_stick_and_line(monkeypatch)
    app = make_app("en", (1280, 720))
    try:
        s = _computer_to_shoot(monkeypatch, app, "1", think_frames=400,
                               shooter=0, balls={k: v for k, v in MISS_BALLS.items()})
        run_until(app, lambda: isinstance(app.mode, AimMode), limit=600)
        mode = app.mode
        assert isinstance(mode, AimMode)
        one = s.table.position(1)
        assert one is not None
        move(app, mode.scene.view.to_screen(one[0], one[1] + 0.01))
        for k in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_w):
            key(app, k)
        frame(app, n=3)
        played = s.aim.stroke()
        power = _power_line(app)
        assert played.speed < 1.4 and played.tip_b > 0  # not the power found
        key(app, pygame.K_SPACE)
        run_until(app, lambda: isinstance(app.mode, ComputerMode), limit=6000)
        assert s.shots[-1][0].stroke == played
        frame(app, n=3)
        key(app, pygame.K_u)
        sticks.clear()
        lines.clear()
        frame(app)  # the next frame: no motion of the mouse
        assert isinstance(app.mode, AimMode) and not s.match.history
        assert sticks and lines  # the stick and the aim line drawn
        assert sticks[-1] == pytest.approx(played.direction, abs=1e-6)
        assert _power_line(app) == power
        assert s.aim.stroke() == played
        frame(app, n=70)  # (past the settling time after the computer's turn)
        key(app, pygame.K_SPACE)
        run_until(app, lambda: len(s.shots) == 1, limit=6000)
        assert s.shots[-1][0].stroke == played
    finally:
        pygame.display.quit()


def _turn(a: float, b: float) -> float:
    """The turn from angle ``a`` to ``b`` (degrees, -180..180)."""
    return (b - a + 180.0) % 360.0 - 180.0


def _hold(app: App, k: int, down: bool) -> None:
    mod = pygame.KMOD_LSHIFT if k == pygame.K_LSHIFT else pygame.KMOD_LCTRL
    frame(app, pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=k,
                                  mod=mod if down else 0, unicode="", scancode=0))


@pytest.mark.parametrize("fine_key", [pygame.K_LSHIFT, pygame.K_LCTRL],
                         ids=("shift", "ctrl"))
def test_shift_or_ctrl_held_turns_the_aim_a_tenth_as_far(fine_key: int) -> None:
    """A cut of the 1 at 1280x720, the pointer near the ghost ball: 10 px
    of mouse turn the cue some degrees; the same 10 px with Shift (or Ctrl)
    held turn it a tenth as far. Pressing and letting go of the key turns
    nothing; the mouse moving on after it brings the cue back under the
    pointer a step at a time, never in a jump."""
    app = make_app("en", (1280, 720))
    try:
        mode = scenario_match(app, "9-ball", {0: (0.8, 0.62), 1: (1.3, 0.75),
                                              5: (2.2, 0.3)})
        s = app.session
        assert s is not None
        view = mode.scene.view
        # (near the ghost ball)
        x, y = (int(c) for c in view.to_screen(1.3 - 0.055, 0.75 - 0.02))
        move(app, (x, y))
        frame(app, n=30)
        a0 = s.aim.angle
        move(app, (x, y + 10))
        coarse = _turn(a0, s.aim.angle)
        assert abs(coarse) > 2.0  # (a cut's object ball swung far)
        move(app, (x, y))
        frame(app, n=30)
        assert s.aim.angle == pytest.approx(a0)
        _hold(app, fine_key, True)
        assert s.aim.angle == pytest.approx(a0)  # the key alone turns nothing
        for dy in range(2, 12, 2):  # 10 px in five moves, the key held
            move(app, (x, y + dy))
        fine = _turn(a0, s.aim.angle)
        assert fine == pytest.approx(coarse * FINE_SHARE, rel=0.02)
        held = s.aim.angle
        _hold(app, fine_key, False)
        frame(app, n=3)
        assert s.aim.angle == pytest.approx(held)  # let go: no jump
        from simulator.app.table.aim import angle_to
        cue = s.cue_pos()
        assert cue is not None

        def aimed(dy: int) -> float:
            return angle_to(cue, view.to_table(x, y + dy))
        last, was = s.aim.angle, 10
        # On without the key, down and up: back under the pointer by steps.
        for dy in [*range(12, 42, 2), *range(38, 8, -2)] * 3:
            move(app, (x, y + dy))
            step, pointer = _turn(last, s.aim.angle), _turn(aimed(was), aimed(dy))
            assert step * pointer >= 0.0 and abs(step) <= 1.51 * abs(pointer)
            last, was = s.aim.angle, dy
        at = aimed(was)
        assert s.aim.angle == pytest.approx(at, abs=1e-6)
        # The arrows' fine steps are as they were: 0.1 degree a press.
        key(app, pygame.K_LEFT)
        assert _turn(at, s.aim.angle) == pytest.approx(0.1)
    finally:
        pygame.display.quit()


def test_a_hint_shown_rings_its_own_call_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """8-ball, Anna on the solids: she calls the 2 in a far corner by clicks, then
    asks for a hint (I) that calls another. While the hint's path is drawn
    the rings on the table are the hint's call only (hers stood beside it:
    two calls on the table); her call is still hers, ringed again once she
    aims herself; taken (I again), the hint's call is the call, ringed."""
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "HINT_STRENGTH", "beginner")
    app = make_app("en", (1280, 720))
    try:
        mode = scenario_match(app, "8-ball", BALLS)
        s = app.session
        assert s is not None
        view = mode.scene.view
        for where in (BALLS[2], s.spec.pocket("head_left").mouth_centre):
            x, y = view.to_screen(*where)
            click(app, (int(x), int(y)), button=3)
        frame(app, n=3)
        mine = (2, "head_left")
        assert s.call == mine and mode.drawn_call == mine
        key(app, pygame.K_i)
        run_until(app, lambda: s.hint is not None, limit=6000)
        frame(app, n=3)
        assert s.hint is not None
        d = s.hint.declarations
        hints = (d.called_ball, d.called_pocket)
        assert hints != mine and hints[0] is not None and hints[1] is not None
        assert mode.drawn_call == hints
        assert s.call == mine  # (hers until she takes the hint)
        move(app, view.to_screen(*BALLS[1]))  # she aims herself again
        frame(app, n=2)
        assert mode.drawn_call == mine
        key(app, pygame.K_i)  # the hint taken
        frame(app, n=3)
        assert s.call == hints and mode.drawn_call == hints
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_fine_mouse_aim_is_in_the_key_line_and_in_help(lang: str) -> None:
    """The key line under the table names Shift+mouse beside the arrows'
    fine aim, and F1's keys say how it works, in either language."""
    from simulator.app.text.i18n import Locale
    fine = {"en": "Shift+mouse", "ru": "Shift+мышь"}[lang]
    said = [x for x in Locale(lang).t("help.aiming").split("\n")
            if x.startswith("Shift ")]
    assert len(said) == 1 and "Ctrl" in said[0]
    app = make_app(lang, (1280, 720))
    try:
        scenario_match(app, "9-ball", {0: (0.8, 0.62), 1: (1.3, 0.75)})
        frame(app)
        assert fine in app.t("hint.aim")
        assert app.t("hint.aim") in drawn_lines(app, "strip")
        key(app, pygame.K_F1)
        frame(app, n=2)
        shown = drawn_words(app, folded=True)
        for part in said[0].split(" — "):  # (the keys, then what they do)
            assert " ".join(part.split()) in shown, part
    finally:
        pygame.display.quit()
