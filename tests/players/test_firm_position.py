"""Position a table's length away: a ball hanging in a pocket, the cue ball
near it and the next ball at the other end, is potted firmly enough to
bring the cue ball back up the table (plan.FIRM_SPEEDS).

The position is the bench's 9-ball rack 1010 (bench --part why), the
fourth stroke: the 3 in the jaws of the foot-left corner, the 4 by the
head cushion. The position variants are multiples of the least speed that
drops the ball, so all of them were a crawl: the strong player drew the
cue ball 0.75 m back (the firmest draw there was, 2.7 m/s of cue), and the
4 was left a 41 degree cut from 1.1 m, which it missed."""

from __future__ import annotations

import math

from simulator.physics import simulate
from simulator.players import STRENGTHS, ComputerPlayer, plan, shots
from simulator.table.specs import CUE_BALL

from .helpers import discipline, state_of

GAME = "9-ball"
RACK_1010 = {CUE_BALL: (2.141, 0.621), 3: (2.482, 1.234), 4: (0.557, 0.597),
             5: (1.327, 0.471), 7: (1.706, 1.173), 8: (2.425, 1.030),
             9: (2.494, 0.670)}


def test_the_hanging_ball_is_potted_with_the_cue_ball_sent_up_the_table() -> None:
    disc = discipline(GAME)
    state = state_of(GAME, RACK_1010)
    d = ComputerPlayer(STRENGTHS["strong"]).shot(disc, state, 3)
    assert (d.kind, d.target) == ("pot", 3)
    # As meant, the 3 drops and the cue ball comes to rest within 0.6 m of
    # the 4 (before: 1.14 m away, a long cut).
    shot = simulate(d.table(state.table), d.intended)
    ruling, after = disc.judge(state, shot, d.declarations)
    assert 3 in ruling.scored and not ruling.fouls
    cue = after.table.position(CUE_BALL)
    assert cue is not None
    assert math.dist(cue, RACK_1010[4]) < 0.6


def test_firm_pots_are_offered_above_the_firmest_variant() -> None:
    """The 3 on the lip gets firm strokes, each tip only above its firmest
    position variant (the 4, far off, is a pot too: its variants are not
    a crawl, so fewer of its strokes are added)."""
    strong = STRENGTHS["strong"]
    state = state_of(GAME, RACK_1010)
    view = shots.View.of(state.table, discipline(GAME).requirements(state))
    firm = plan.firm_shots(view, RACK_1010[CUE_BALL], strong.noise, strong.search,
                           None, None)
    assert {c.target for c in firm} == {3}
    assert len(firm) == len(plan.FIRM_SPEEDS) * 3  # stun, follow, draw
    assert min(c.stroke.speed for c in firm) > 2.0
