"""The next game's rack shows its cue ball where the break is played from
from its first frame, also while the computer thinks about its break (it
stood where the last game had left it, mid-table, until the computer put it
down): general rule 2 (the cue ball in hand behind the head string for the
break), pyramid digest §2.6 (from the house)."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.match import computer
from simulator.app.screens.computer_turn import ComputerMode
from simulator.table.specs import CUE_BALL
from tests.app.helpers import (
    click_button,
    computer_pots_the_9,
    frame,
    make_app,
)
from tests.app.test_playfix11_game_end import (
    CUE,
    NEAR_POCKET,
    drawn,
    position_match,
    pot_into_foot_right,
)


def assert_cue_in_the_break_area(app: object, left: tuple[float, float]) -> None:
    """The first frame of the new rack, the computer thinking about its
    break: the cue ball drawn behind the head string, not where ``left``."""
    mode = app.mode  # type: ignore[attr-defined]
    assert isinstance(mode, ComputerMode) and mode.phase == "thinking", mode
    assert mode.decision is None  # (nothing put down by the computer yet)
    s = app.session  # type: ignore[attr-defined]
    balls = drawn(app)  # type: ignore[arg-type]
    assert CUE_BALL in balls, sorted(balls)
    assert math.dist(balls[CUE_BALL], left) > s.spec.balls.radius
    assert balls[CUE_BALL][0] < s.spec.head_string_x, balls[CUE_BALL]


def test_the_computers_break_after_its_win_shows_the_cue_ball_in_the_kitchen(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """9-ball, general rule 29: the computer pots the 9 and breaks the next
    game; from the new rack's first frame its cue ball is in the kitchen."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app()
    try:
        s = computer_pots_the_9(app)
        left = s.shots[-1][0].final.position(CUE_BALL)
        assert left is not None and left[0] > s.spec.head_string_x
        click_button(app, app.t("side.next_game"))
        assert_cue_in_the_break_area(app, left)
        frame(app, n=3)  # (and while it goes on thinking)
        if isinstance(app.mode, ComputerMode) and app.mode.decision is None:
            assert_cue_in_the_break_area(app, left)
    finally:
        pygame.display.quit()


def test_the_computers_break_after_a_persons_win_shows_the_cue_ball_in_the_kitchen(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """8-ball rule 4 (the players break in turn): Anna pots the called 8;
    the computer breaks the next game, its cue ball in the kitchen from the
    first frame, not where Anna's stroke left it."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app()
    try:
        s = position_match(app, "8-ball", {0: CUE, 8: NEAR_POCKET},
                           players=("Anna", "cpu:club"))
        pot_into_foot_right(app, 8, call=True)
        left = s.shots[-1][0].final.position(CUE_BALL)
        assert left is not None and left[0] > s.spec.head_string_x
        click_button(app, app.t("side.next_game"))
        assert_cue_in_the_break_area(app, left)
    finally:
        pygame.display.quit()
