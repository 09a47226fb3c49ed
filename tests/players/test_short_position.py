"""Position is played short where it can be: the cue ball's stop spreads
with its travel, so of two routes to shape on the next ball the short roll
is the surer (plan.TRAVEL_SURE)."""

from __future__ import annotations

from simulator.players import plan
from simulator.players.appraise import Judge
from simulator.players.strength import TOURNAMENT
from simulator.table.specs import CUE_BALL, table_by_name

from .helpers import discipline, state_of

POOL = table_by_name("pool_9ft")


def test_a_short_roll_to_shape_beats_a_long_draw_off_a_cushion() -> None:
    """9-ball, the 1 and the 2 left, the 1 near the head-left side of the
    table and the 2 a little further up. From A the 1 is dead straight into
    the head-right corner, and the only shape on the 2 is a 1.3 m draw back
    off the side cushion; from B the 1 is straight into the left side
    pocket and a 0.3 m roll leaves a good angle on the 2. A pool player
    takes B: the long draw's stop spreads over a metre of cloth, the short
    roll's hardly at all. Valued as if every landing spot were reached
    exactly, A came out ahead (0.930 against 0.925)."""
    balls = {1: (0.8, 0.47), 2: (0.92, 0.92)}
    a, b = (1.02, 0.66), (0.76, 0.27)
    j = Judge(discipline("9-ball"), 0, TOURNAMENT, 82.0, True, plan=True)

    def worth(cue: tuple[float, float]) -> float:
        state = state_of("9-ball", {CUE_BALL: cue, **balls})
        return j.quality(state, j.discipline.requirements(state))

    assert worth(b) > worth(a) + 0.03


def test_landing_spots_say_how_far_the_cue_ball_travels() -> None:
    """Each landing spot carries the sureness of its travel: the short
    rolls in full, the longest trips least."""
    balls = {1: (0.8, 0.47), 2: (0.92, 0.92)}
    cue = (1.02, 0.66)
    pot = plan.Lanes(POOL, balls, (1,)).pots(cue, 82.0)[0]
    spots = plan.landing_spots(POOL, cue, pot, balls)
    sure = sorted({plan.sureness(s) for s in spots})
    assert sure[-1] == 1.0 and sure[0] < 0.9
    assert plan.sureness(cue) == 1.0
