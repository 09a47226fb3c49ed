"""The scale a planning player values positions on: a point scored and a
shot left weighed against a safety."""

from __future__ import annotations

from dataclasses import replace

from simulator.players.appraise import POINT, Judge
from simulator.players.strength import TOURNAMENT
from simulator.table.specs import CUE_BALL

from .helpers import discipline, state_of
from .test_run_racks import RACK


def test_a_pot_with_nothing_after_it_beats_a_safety_that_leaves_nothing() -> None:
    """14.1, a rack with nothing open and the cue ball at the head rail:
    neither side has a pot. To the strong player a made pot that leaves
    this (a point, then a safety of its own) is worth more than a safety
    that leaves it to the opponent: each ball is a point, and the one left
    with nothing plays safe back. At the earlier scale (no shot at all
    worth -0.05 to its shooter) the two were even, and a pot its own tries
    made 86 % of the time lost to a safety (bench --part why, seed 3000)."""
    game = "14.1"
    disc = discipline(game)
    judge = Judge(disc, 0, TOURNAMENT, 82.0, True, plan=True)
    mine = state_of(game, {CUE_BALL: (0.1, 0.635), **RACK})
    theirs = replace(mine, shooter=1)
    assert judge.quality(mine, disc.requirements(mine)) == 0.0
    assert judge.quality(theirs, disc.requirements(theirs)) == 0.0
    assert POINT + judge.state_value(mine) > judge.state_value(theirs)
