"""A foul as meant that hands the opponent the cue ball in hand anywhere
(9-ball: a foul gives the incoming player ball in hand, general rule 8) is
never chosen while a legal stroke is there. The positions are from random
layouts where the strong player kicked at the tucked 1 with a kick that
fouled as meant (no rail, a bad hit), valued above nothing legal because
its candidates held no legal stroke; the strokes at a legal ball the
fallback tries (straight, off the cushions, round the table) held one.
In 14.1 a foul leaves the table as it lies (a point off and one more in
the count of successive fouls, the third costing fifteen): no ball in hand
to give, so such a foul is valued by what the referee charges."""

from __future__ import annotations

import pytest

from rules.ruling import BallInHand
from simulator.physics import simulate
from simulator.players import STRENGTHS, ComputerPlayer, search, shots
from simulator.players.appraise import Judge
from simulator.players.strength import TOURNAMENT
from simulator.table.events import Stroke
from simulator.table.specs import CUE_BALL

from .helpers import discipline, state_of

GAME = "9-ball"
NO_RAIL = {CUE_BALL: (2.10066, 1.21581), 1: (1.76845, 0.23793), 9: (2.17862, 0.79444),
           4: (2.28726, 0.97939), 7: (2.15921, 0.16127), 6: (1.83469, 0.45235),
           5: (1.78424, 0.10590)}
BAD_HIT = {CUE_BALL: (1.87620, 1.22314), 1: (2.23392, 0.24398), 9: (1.23906, 0.44532),
           8: (2.44034, 0.06442), 4: (0.98243, 1.03323), 5: (1.98450, 1.02298)}


@pytest.mark.parametrize(("balls", "seed"), [(NO_RAIL, 1043), (BAD_HIT, 1051)],
                         ids=["no_rail", "bad_hit"])
def test_no_foul_that_hands_over_ball_in_hand_while_a_legal_stroke_is_there(
        balls: dict[int, tuple[float, float]], seed: int) -> None:
    disc = discipline(GAME)
    state = state_of(GAME, balls)
    d = ComputerPlayer(STRENGTHS["strong"]).shot(disc, state, seed)
    shot = simulate(d.table(state.table), d.intended, frame_dt=1e3)
    ruling, _ = disc.judge(state, shot, d.declarations)
    assert not ruling.fouls, (d.kind, d.target, d.value, ruling.codes())


def test_a_14_1_foul_hands_over_no_ball_in_hand() -> None:
    """A soft roll that meets the 1 and sends nothing to a cushion: 14.1's
    foul (a point off, the count of successive fouls up by one), the
    incoming player taking the table as it lies."""
    disc = discipline("14.1")
    state = state_of("14.1", {CUE_BALL: (1.0, 0.6), 1: (1.3, 0.6), 2: (0.3, 1.0)})
    judge = Judge(disc, 0, TOURNAMENT, 82.0, True, plan=True)
    ctx = search.Context(judge, state, state.table, TOURNAMENT, lambda c: True)
    c = shots.Candidate("safety", Stroke(direction=0.0, speed=0.4),
                        shots.safety_for(disc.requirements(state)), None, 1)
    shot = simulate(state.table, c.stroke, frame_dt=1e3)
    ruling, after = disc.judge(state, shot, c.declarations)
    assert ruling.fouls and ruling.points[0] == -1 and after.fouls[0] == 1
    assert ruling.ball_in_hand is BallInHand.NONE
    assert not search.hands_over(ctx, c, shot)
