"""14.1's last balls of a rack played for the break ball (rule 7.3: with one
ball and the cue ball left the fourteen are racked again and the shooter
goes on, the fifteenth ball where it lies): the ball left last is chosen so
its pot can send the cue ball into the rack, and a break ball whose pot
cannot reach the rack is worth little."""

from __future__ import annotations

import math

import pytest

from rules.game import GameState
from rules.ruling import BallInHand
from rules.straight_pool import in_rack_area
from simulator.physics import simulate
from simulator.players import STRENGTHS, ComputerPlayer, plan, shots
from simulator.players.appraise import Judge
from simulator.players.strength import TOURNAMENT
from simulator.table.events import EventKind
from simulator.table.specs import CUE_BALL, table_by_name

from . import break_shot_measure
from .helpers import discipline, state_of
from .test_run_racks import RACK

POOL = table_by_name("pool_9ft")
GAME = "14.1"
# Three balls left (a seeded scatter): the 8 at the head end, the 1 and the
# 11 by the foot end, the cue ball at the middle of the table.
THREE_LEFT = {CUE_BALL: (1.3917901582934593, 0.7433761502804878),
              8: (0.17869300422395, 0.4815343080640912),
              1: (2.3444797972111346, 0.5020313346737695),
              11: (2.395333022673332, 1.0060444878832648)}
# A break ball below the rack's apex, beside it.
BESIDE = (1.70, 0.30)


def judge() -> Judge:
    return Judge(discipline(GAME), 0, TOURNAMENT, 82.0, True, plan=True)


def _left_break_ball(balls: dict[int, tuple[float, float]],
                     potted: int) -> float | None:
    """The plan's worth of the break ball a pot of ``potted`` leaves."""
    state = state_of(GAME, balls)
    req = discipline(GAME).requirements(state)
    targets = req.direct_targets(state.table)
    lanes = plan.Lanes(POOL, shots.View.of(state.table, req).balls, targets)
    nxt = judge()._after(state, lanes, targets)(potted)
    assert nxt is not None
    return plan.left_break_ball(POOL, nxt, TOURNAMENT, 82.0)


def test_three_left_the_ball_beside_the_rack_is_kept_for_the_break() -> None:
    """14.1 rule 7.3, three balls left: the strong player pots the 8 at the
    head end first, keeping the 1 and the 11 by the foot end, one of which
    will be the break ball beside the rack (not in the rack's place, which
    the referee would clear). The code before potted the 1 and left the 8
    at the head end, from where no break shot reaches the rack."""
    state = state_of(GAME, THREE_LEFT)
    disc = discipline(GAME)
    d = ComputerPlayer(STRENGTHS["strong"]).shot(disc, state, 12345,
                                                 disc.requirements(state))
    assert (d.kind, d.target) == ("pot", 8), (d.kind, d.target, d.value)
    foot_spot = POOL.foot_spot
    left = [THREE_LEFT[b] for b in (1, 11)]
    near = min(left, key=lambda p: math.dist(p, foot_spot))
    assert not in_rack_area(POOL, near, True)
    assert math.dist(near, foot_spot) < 0.5
    # What the plan sees: a break ball that opens the rack after the 8,
    # one whose pot leaves the rack shut after the 1.
    after_8 = _left_break_ball(THREE_LEFT, 8)
    after_1 = _left_break_ball(THREE_LEFT, 1)
    assert after_8 is not None and after_1 is not None
    assert after_8 > 0.9 and after_1 < 0.3, (after_8, after_1)


def test_a_break_ball_whose_pot_cannot_reach_the_rack_is_worth_little() -> None:
    """14.1 rule 7.3, the rack just racked and the break ball (the 4)
    beside it: the cue ball a little way back at an angle whose pot runs it
    on into the rack is worth more than the cue ball next to the 4 with a
    near-straight pot that leaves the rack shut (its point scored, then a
    safety). The code before valued the easier pot higher (0.49 against
    0.37): the key ball was played for it."""
    j = judge()
    disc = discipline(GAME)
    angle, straight = (0.7, 0.5), (1.5, 0.4)
    worth = {}
    for cue in (angle, straight):
        state = state_of(GAME, {CUE_BALL: cue, 4: BESIDE, **RACK})
        req = disc.requirements(state)
        view = shots.View.of(state.table, req)
        every = plan.Lanes(POOL, view.balls, tuple(view.balls))
        opens = [p for p in shots.pots_from(view, cue, (4,), 82.0)
                 if plan.breaks_out(POOL, cue, p, every)]
        assert bool(opens) == (cue == angle), cue
        worth[cue] = j.quality(state, req)
    assert worth[angle] > worth[straight] + 0.05, worth


# Two balls left: the 1 by the head end, the 2 beside the rack's apex (the
# break ball to keep), the cue ball between them.
TWO_LEFT = {CUE_BALL: (1.0, 0.7), 1: (0.5, 0.3), 2: (1.72, 0.81)}


def _break_shot_from(state_after: GameState, ball: int) -> float:
    """The best geometric chance of a break shot on the table racked again:
    a pot of ``ball`` from where the cue ball lies that runs it on into the
    rack (0 where none does)."""
    req = discipline(GAME).requirements(state_after)
    view = shots.View.of(state_after.table, req)
    assert view.cue is not None
    every = plan.Lanes(POOL, view.balls, tuple(view.balls))
    return max((shots.chance(p, TOURNAMENT, POOL)
                for p in shots.pots_from(view, view.cue, (ball,), 82.0)
                if plan.breaks_out(POOL, view.cue, p, every)), default=0.0)


def test_two_left_the_key_ball_is_played_to_a_break_shot() -> None:
    """14.1 rule 7.3, two balls left: the strong player pots the 1 (the key
    ball) and keeps the 2 beside the rack as the break ball, the cue ball
    sent where the 2's pot runs it on into the racked fourteen. The firmest
    position variants (at most 4.8 times the least speed that drops the 1)
    left it by the head-right corner, the break shot a long one (its
    geometric chance 0.42): the key ball is now also tried at KEY_SPEEDS."""
    state = state_of(GAME, TWO_LEFT)
    disc = discipline(GAME)
    d = ComputerPlayer(STRENGTHS["strong"]).shot(disc, state, 12345,
                                                 disc.requirements(state))
    assert (d.kind, d.target) == ("pot", 1), (d.kind, d.target, d.value)
    shot = simulate(d.table(state.table), d.stroke, frame_dt=1e3)
    ruling, after = disc.judge(state, shot, d.declarations)
    assert 1 in ruling.scored and not ruling.fouls, ruling.codes()
    assert len(after.table.on_table()) == 16  # the fourteen racked again
    assert _break_shot_from(after, 2) >= 0.5, after.table.position(CUE_BALL)


def test_fifteen_on_a_clear_break_shot_is_played_not_a_safety() -> None:
    """14.1 after a re-rack, fifteen balls on, the break ball (the 4) with
    a clear pot whose cue ball can run on into the rack (layout 1 of
    ``break_shot_measure``): the strong player plays the break shot firmly
    into the rack, not a safety nor a soft pot that leaves the rack shut."""
    balls = break_shot_measure.layout(1)
    state = state_of(GAME, balls)
    disc = discipline(GAME)
    d = ComputerPlayer(STRENGTHS["strong"]).shot(disc, state, 1001,
                                                 disc.requirements(state))
    assert (d.kind, d.target) == ("pot", 4), (d.kind, d.target, d.value)
    assert d.intended.speed >= plan.BREAK_SPEEDS[0], d.intended
    shot = simulate(d.table(state.table), d.stroke, frame_dt=1e3)
    assert any(e.kind is EventKind.BALL_BALL and CUE_BALL in e.balls
               and any(b in RACK for b in e.balls) for e in shot.events)


def test_in_hand_before_a_shut_rack_counts_only_a_break_shot() -> None:
    """14.1 rule 7.3: the key ball potted with the cue ball run into the
    rack's place gives the cue ball in hand behind the head string, the
    fourteen racked and the break ball beside them. A pot from the kitchen
    leaves the rack shut unless it is a break shot: its ease counts at most
    a break shot's share (as the plan counts it where the cue ball lies).
    Valued as a plain pot (0.54), the kitchen was worth more than any
    place of the cue ball with a break shot, and the key ball was driven
    into the rack on purpose."""
    j = judge()
    disc = discipline(GAME)
    state = state_of(GAME, {CUE_BALL: (0.3, 0.6), 4: BESIDE, **RACK},
                     ball_in_hand=BallInHand.KITCHEN)
    req = disc.requirements(state)
    assert req.ball_in_hand is BallInHand.KITCHEN
    plain = shots.quality(shots.View.of(state.table, req), TOURNAMENT, 82.0)
    assert plain > 0.3
    share = 1.0 - plan.BREAK_WEIGHT + plan.BREAK_WEIGHT * plan.BREAK_OUT
    assert j.quality(state, req) == pytest.approx(plain * share)
    # A table with no shut rack keeps the plain pot's worth.
    open_ = state_of(GAME, {CUE_BALL: (0.3, 0.6), 4: BESIDE, 1: (2.2, 1.0)},
                     ball_in_hand=BallInHand.KITCHEN)
    req = disc.requirements(open_)
    assert j.quality(open_, req) == pytest.approx(
        shots.quality(shots.View.of(open_.table, req), TOURNAMENT, 82.0))
