"""Fouls at their real cost (issue 23): a legal pot that keeps the table is
never worth less than giving the table away with a safety (the player at
the table with nothing plays safe himself), a foul as meant that hands the
opponent the cue ball in hand is never chosen while a legal stroke is
there, and no kick starts into a cushion the cue ball rests against (a
double hit, general rule 20). At every level that plays safeties and
kicks, in positions built for it."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from simulator.physics import simulate
from simulator.players import STRENGTHS, ComputerPlayer, shots
from simulator.players.appraise import Judge, can_play_safe
from simulator.players.strength import TOURNAMENT
from simulator.table.specs import CUE_BALL

from .helpers import discipline, state_of
from .test_cpu70_hand_over import NO_RAIL
from .test_cpu70_kicks import FROZEN, double_hits, into_bottom
from .test_position import boxed_one
from .test_run_racks import RACK

LEVELS = ("club", "strong")


@pytest.mark.parametrize("plan", [False, True], ids=["club", "strong"])
def test_a_pot_that_keeps_the_table_is_worth_a_safety_that_leaves_nothing(
        plan: bool) -> None:
    """14.1, a shut rack, the cue ball at the head rail: at the table or
    not, neither side has a pot, and either can play safe (the rack open
    to a full hit). A pot that kept the table and left this is worth at
    least what a safety that leaves it to the opponent is (the club player
    valued the safety +0.15 and the pot -0.15, and gave the table away)."""
    game = "14.1"
    balls = {CUE_BALL: (0.1, 0.635), **RACK}
    disc = discipline(game)
    judge = Judge(disc, 0, TOURNAMENT, 82.0, True, plan=plan)
    mine = state_of(game, balls)
    theirs = replace(mine, shooter=1)
    assert judge.quality(mine, disc.requirements(mine)) == 0.0
    assert judge.quality(theirs, disc.requirements(theirs)) == 0.0
    assert judge.state_value(mine) >= judge.state_value(theirs)
    # A fair shot left is still worth more to its shooter than nothing.
    assert judge.at_table(0.6, True) > judge.at_table(0.0, True)


def test_a_hidden_cue_ball_has_no_floor() -> None:
    """9-ball, the 1 boxed in by a ball on each of its lines to the pockets
    and the straight line from the cue ball: only a kick reaches it, a
    risk of ball in hand for the other, so the turn is worth less than
    nothing to the club player there (a push-out that leaves it is handed
    back)."""
    game = "9-ball"
    disc = discipline(game)
    judge = Judge(disc, 0, TOURNAMENT, 82.0, True)
    mine = state_of(game, {CUE_BALL: (0.5, 0.3), **boxed_one()})
    assert not can_play_safe(mine, disc.requirements(mine))
    assert judge.state_value(mine) < 0.0


@pytest.mark.parametrize("level", LEVELS)
def test_no_no_rail_foul_hands_over_ball_in_hand(level: str) -> None:
    """9-ball (a foul gives the incoming player the cue ball in hand, rule
    7): the 1 tucked on the side cushion behind the 7 and the 5, where a
    kick that fouled as meant (no rail) was once chosen; the stroke chosen
    is legal as meant."""
    game = "9-ball"
    disc = discipline(game)
    state = state_of(game, NO_RAIL)
    d = ComputerPlayer(STRENGTHS[level]).shot(disc, state, 1043)
    shot = simulate(d.table(state.table), d.intended, frame_dt=1e3)
    ruling, _ = disc.judge(state, shot, d.declarations)
    assert not ruling.fouls, (level, d.kind, d.target, d.value, ruling.codes())


@pytest.mark.parametrize("level", LEVELS)
def test_no_kick_starts_into_the_cushion_the_cue_ball_rests_on(level: str) -> None:
    """The cue ball frozen on the bottom cushion, the 1 behind a wall of
    balls: only kicks reach it, and none starts into that cushion; the
    stroke chosen double-hits on none of its noisy tries."""
    game = "9-ball"
    disc = discipline(game)
    state = state_of(game, FROZEN)
    player = ComputerPlayer(STRENGTHS[level])
    req = disc.requirements(state)
    cands, _ = player.candidates(state.table, req, random.Random(1))
    kicks = [c for c in cands if c.kind == "kick"]
    assert kicks
    assert all(into_bottom(c) == 0.0 for c in kicks)
    d = player.shot(disc, state, 7)
    assert not d.fouls
    assert into_bottom(shots.Candidate("kick", d.intended, d.declarations)) == 0.0
    assert double_hits(FROZEN, d.intended, 12) == 0
