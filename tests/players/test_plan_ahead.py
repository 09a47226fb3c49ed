"""The plan values where a pot leaves the cue ball by the pot after it and,
in turn, by the pot after that one: in 8-ball and 14.1 whichever ball
comes next (any order of the group, of the rack), at the end of a 9-ball
rack on to the 9. Each on a table built for it, compared with the plan one
ball shorter."""

from __future__ import annotations

from dataclasses import replace

import pytest

from simulator.players import plan
from simulator.players.appraise import Judge
from simulator.players.strength import TOURNAMENT
from simulator.table.specs import CUE_BALL, table_by_name

from .helpers import discipline, state_of

POOL = table_by_name("pool_9ft")
Spot = tuple[float, float]


def judge(game: str) -> Judge:
    return Judge(discipline(game), 0, TOURNAMENT, 82.0, True, plan=True)


def after_the_one(game: str, balls: dict[int, Spot], targets: tuple[int, ...],
                  **kw: object) -> plan.Lanes:
    """The lanes the plan gives the balls named once the 1 is potted."""
    state = state_of(game, {CUE_BALL: (0.09, 0.38), **balls})
    state = replace(state, **kw)
    j = judge(game)
    after = j._after(state, plan.Lanes(POOL, balls, targets), targets)(1)
    assert after is not None
    return after


def test_eight_ball_position_is_played_for_the_group_that_follows() -> None:
    """8-ball, solids, the 1 about to be potted; the 2 by the foot end, the
    3 and 4 side by side by the head end's right rail. From A, by the side
    cushion beyond the 2, the 2 into the foot-right corner is near sure,
    but wherever that pot sends the cue ball the 3 and 4 are far and thin
    (the best pot on them 0.06). From B, nearer the middle, the 2 into the
    foot-left corner is a little harder and its cue ball comes back up the
    table to a pot on the 3 or 4 (0.8). Planned one ball on, A was worth
    more; planned on to the ball after it (any of the group, not one
    order), B is."""
    balls = {1: (0.69, 0.85), 2: (1.72, 1.04), 3: (0.51, 0.32), 4: (0.41, 0.32),
             10: (1.84, 0.21), 11: (1.35, 0.3), 12: (0.77, 0.56), 8: (2.09, 0.76)}
    after = after_the_one("8-ball", balls, (1, 2, 3, 4), groups=("solids", "stripes"))
    assert after.targets == (2, 3, 4)
    assert after.beyond is not None
    third = after.beyond(2)
    assert third is not None and third.targets == (3, 4)
    a, b = (1.59, 1.16), (1.38, 0.95)
    planned = [plan.follow_up(POOL, after, [s], 1, TOURNAMENT, 82.0) for s in (a, b)]
    after.beyond = None  # the plan one ball shorter
    one_ball = [plan.follow_up(POOL, after, [s], 1, TOURNAMENT, 82.0) for s in (a, b)]
    assert one_ball[0] > one_ball[1] + 0.05
    assert planned[1] > planned[0] + 0.05


def test_fourteen_one_plans_the_ball_after_next_before_the_last_balls() -> None:
    """14.1 mid-rack (any ball on, no pot near a re-rack): the lanes after a
    pot have a pattern too, the balls left less the one potted; near the
    rack's end (a pot that racks the balls again) the key ball's plan
    stays as it was (no pattern)."""
    balls = {1: (0.69, 0.85), 2: (1.72, 1.04), 3: (0.51, 0.32), 4: (0.41, 0.32),
             5: (1.84, 0.21), 6: (1.35, 0.3)}
    after = after_the_one("14.1", balls, tuple(balls))
    assert after.beyond is not None
    third = after.beyond(2)
    assert third is not None and set(third.targets) == {3, 4, 5, 6}
    last = {1: (0.69, 0.85), 2: (1.72, 1.04), 3: (0.51, 0.32)}
    assert after_the_one("14.1", last, tuple(last)).beyond is None


@pytest.mark.parametrize("run_out", [plan.RUN_OUT, 0])
def test_nine_ball_position_at_the_rack_s_end_is_played_to_the_nine(
        monkeypatch: pytest.MonkeyPatch, run_out: int) -> None:
    """9-ball, the 1, 2, 3 and 9 left, the 1 about to be potted. Planned to
    the 3 (the 2, then the pot on the 3 from where the 2 leaves the cue
    ball) A is worth more than B; planned on to the 9 (the pot on the 3
    valued by the pot on the 9 it leaves), B is: the plan runs to the
    game ball."""
    monkeypatch.setattr(plan, "RUN_OUT", run_out)
    balls = {1: (0.24, 0.3), 2: (0.79, 1.1), 3: (1.26, 0.89), 9: (0.3, 0.65)}
    after = after_the_one("9-ball", balls, (1,))
    assert after.beyond is not None
    third = after.beyond(2)
    assert third is not None and third.targets == (3,)
    a, b = (0.95, 0.95), (1.16, 1.16)
    worth = [plan.follow_up(POOL, after, [s], 1, TOURNAMENT, 82.0) for s in (a, b)]
    if run_out:
        assert third.beyond is not None
        assert worth[1] > worth[0] + 0.015
    else:
        assert third.beyond is None
        assert worth[0] > worth[1] + 0.015
