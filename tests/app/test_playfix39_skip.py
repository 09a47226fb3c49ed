"""What a play-test found against the computer: Space pressed twice while
its stroke rolled skipped that stroke and then its next one, unseen (a pot
and a safety), the person suddenly at the table. A skip is the rolling
stroke's own."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.computer import SHOW_SECONDS
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.app.screens.computer_turn import ComputerMode, ComputerPlayMode
from tests.app.helpers import DT, frame, make_app, run_until
from tests.app.test_playfix10_flow import _Frames

# Gordon (stripes) pots the 9 into the foot right pocket along the diagonal,
# then plays at the 10 from where the cue ball stops.
BALLS = {"0": [2.05, 0.49], "9": [2.35, 0.19], "10": [1.0, 1.0], "1": [0.5, 0.3],
         "8": [1.9, 1.05]}


def _gordon_pots_then_plays_on(monkeypatch: pytest.MonkeyPatch, app: App) -> Session:
    """8-ball, Gordon (a club computer) at the table, his shots watched at
    1x: the first pots the 9, the next is struck at the 10."""
    from rules.referee import Match
    from rules.ruling import Declarations
    from simulator.app.match import computer
    from simulator.players.player import ShotDecision
    from simulator.practice.scenario import parse_scenario
    from simulator.table.events import Stroke

    draft = {"format": "kiy-scenario", "version": 1, "id": "pot",
             "discipline": "8-ball", "players": 2,
             "title": {"en": "Pot", "ru": "Забить"}, "balls": BALLS,
             "state": {"is_break": False, "shooter": 1,
                       "groups": ["solids", "stripes"]}}
    m = Match.from_state(["Anna", "cpu:club:Gordon"], "8-ball",
                         parse_scenario(draft).game, {}, seed=1)

    def think(match: Any, player: int) -> _Frames:
        table = match.table()
        target = 9 if table.position(9) is not None else 10
        cue, ball = table.position(0), table.position(target)
        direction = math.degrees(math.atan2(ball[1] - cue[1], ball[0] - cue[0]))
        stroke = Stroke(direction=direction % 360, speed=1.5)
        d = ShotDecision(place=None, intended=stroke, stroke=stroke,
                         declarations=Declarations(), kind="pot", target=target,
                         pocket=None, success=1.0, value=0.0, simulations=1,
                         considered=1)
        return _Frames(d, 2)

    monkeypatch.setattr(computer, "think_shot", think)
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    s = Session(m, app.locale)
    s.watch = "1"
    app.session = s
    next_step(app)
    frame(app)
    return s


def _space_down(app: App) -> None:
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                  unicode=" ", scancode=0))


def _space_up(app: App) -> None:
    frame(app, pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0,
                                  unicode="", scancode=0))


def _moving_frames(app: App, mode: ComputerPlayMode) -> int:
    """Frames drawn of ``mode``'s stroke with its balls moving, until it ends."""
    moving = 0
    before = mode.ball_positions()
    for _ in range(3000):
        if app.mode is not mode:
            return moving
        frame(app)
        if app.mode is mode:
            now = mode.ball_positions()
            moving += now != before
            before = now
    raise AssertionError("the stroke did not end")


@pytest.mark.parametrize("presses", ["one_frame", "two_frames", "then_thinking"])
def test_two_presses_skip_only_the_stroke_rolling(
        monkeypatch: pytest.MonkeyPatch, presses: str) -> None:
    """Space twice while Gordon's pot rolls (in one frame, in two, or the
    second once the roll has ended and he thinks again): that stroke goes to
    its end; his next one, at the 10, is shown as any is (his decision its
    time, then the stroke rolling at 1x), not hurried by the second press."""
    app = make_app("en")
    try:
        s = _gordon_pots_then_plays_on(monkeypatch, app)
        run_until(app, lambda: isinstance(app.mode, ComputerPlayMode), limit=600)
        first = app.mode
        frame(app, n=5)
        assert first.ball_positions() != first.state  # (rolling)
        if presses == "one_frame":
            frame(app, *[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE,
                                            mod=0, unicode=" ", scancode=0),
                         pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE,
                                            mod=0, unicode="", scancode=0)] * 2)
        else:
            _space_down(app)
            _space_up(app)
            if presses == "then_thinking":
                assert app.mode is not first
            _space_down(app)
            _space_up(app)
        run_until(app, lambda: app.mode is not first, limit=600)
        assert s.table.position(9) is None, "the 9 went down"
        shown = 0  # frames of his next decision on show before it is struck
        for _ in range(3000):
            if isinstance(app.mode, ComputerPlayMode):
                break
            mode = app.mode
            shown += isinstance(mode, ComputerMode) and mode.decision is not None
            frame(app)
        assert shown * DT >= SHOW_SECONDS - 2 * DT, shown
        second = app.mode
        assert second is not first
        assert _moving_frames(app, second) >= 20
    finally:
        pygame.display.quit()
