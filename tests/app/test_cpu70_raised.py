"""The computer's stroke whose stick, level, would lie on a ball is
simulated as the window plays it: with the cue raised just over the ball.
Its search then predicts what the window's stroke does (it planned a level
stroke, and the window, which raises such a stroke, played another)."""

from __future__ import annotations

import pygame
import pytest

from rules.referee import Match
from simulator.app.match import computer
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.app.screens.computer_turn import ComputerMode, ComputerPlayMode
from simulator.physics import shaft
from simulator.practice.scenario import parse_scenario
from simulator.table.specs import CUE_BALL
from tests.app.helpers import frame, key, make_app, run_until

# 9-ball: the 1 straight into the head-right corner, the 2 some 33 cm
# behind the cue ball on that line (level, the stick lies on it; 9 degrees
# clears it), the 9 far off.
BALLS = {CUE_BALL: (1.0, 0.5), 1: (0.4, 0.2), 2: (1.3, 0.65), 9: (2.0, 0.3)}


def test_the_computers_stroke_over_a_ball_is_played_as_its_search_simulated(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app()
    sc = parse_scenario({
        "format": "kiy-scenario", "version": 1, "id": "raised", "discipline": "9-ball",
        "players": 2, "title": {"en": "Raised", "ru": "Поднятый кий"},
        "balls": {str(b): list(p) for b, p in BALLS.items()},
        "state": {"is_break": False}})
    m = Match.from_state(["cpu:strong", "Boris"], "9-ball", sc.game, {}, seed=1)
    s = app.session = Session(m, app.locale)
    next_step(app)
    frame(app)
    mode = app.mode
    assert isinstance(mode, ComputerMode)
    run_until(app, lambda: mode.phase == "showing", limit=20000)
    d = mode.decision
    table = s.match.table()
    cue = table.position(CUE_BALL)
    assert cue is not None
    r = table.spec.balls.radius
    others = shaft.object_balls(table)
    assert (d.kind, d.target) == ("pot", 1)
    # Its best stroke, level, would lie on the 2: it is meant raised over it,
    # and the aim shown is that stroke.
    assert shaft.stick_rests_on(cue, d.intended.direction, 0.0, d.intended.tip_b, r,
                                others) == [2]
    assert shaft.stick_rests_on(cue, d.intended.direction, d.intended.elevation,
                                d.intended.tip_b, r, others) == []
    assert s.aim == computer.aim_of(d)
    assert d.success >= 0.9  # its search's tries, raised, pot the 1
    key(app, pygame.K_SPACE)  # play it now
    assert isinstance(app.mode, ComputerPlayMode)
    key(app, pygame.K_0)  # to the end of the shot
    run_until(app, lambda: not isinstance(app.mode, ComputerPlayMode), limit=2000)
    shot = s.match.history[0]
    # The window played the decision's stroke, and it did what was predicted.
    assert shot["shot"]["stroke"] == d.stroke.to_dict()
    ruling = s.match.rulings[0]
    assert ruling is not None
    assert 1 in ruling.scored and not ruling.fouls, ruling.codes()
    pygame.display.quit()
