"""Planning ahead, fouls at their rules' cost, strokes that never start into
a touching cushion, the search-grade simulation and the pro level: each on a
table built for it."""

from __future__ import annotations

import math
from typing import Any

import pytest

from rules.ruling import BallInHand
from simulator.physics import RestCorrectionError, simulate, simulate_search
from simulator.players import (
    STRENGTHS,
    ComputerPlayer,
    aim,
    plan,
    position,
    search,
    shots,
)
from simulator.players import player as player_module
from simulator.players.appraise import FOUL_JEOPARDY, POINT, Judge
from simulator.players.strength import TOURNAMENT
from simulator.table.events import Event, EventKind, Shot, Stroke
from simulator.table.specs import CUE_BALL, table_by_name
from simulator.table.state import TableState

from .helpers import discipline, state_of

POOL = table_by_name("pool_9ft")
R = POOL.balls.radius


def judge(game: str) -> Judge:
    return Judge(discipline(game), 0, TOURNAMENT, 82.0, True, plan=True)


# -- fouls at the cost the rules give them ----------------------------------------


def test_the_third_foul_costs_what_each_game_says() -> None:
    """9-ball rule 11: the third foul in a row loses the game (a game's
    worth, 1, beyond a first foul); 14.1 rule 12 (reading P6): -16 points
    against -1, so 15 points more; 8-ball counts no fouls in a row."""
    state9 = state_of("9-ball", {CUE_BALL: (0.5, 0.6), 1: (1.5, 0.6)})
    state14 = state_of("14.1", {CUE_BALL: (0.5, 0.6), 1: (1.5, 0.6), 2: (2.0, 0.3)})
    state8 = state_of("8-ball", {CUE_BALL: (0.5, 0.6), 1: (1.5, 0.6), 8: (2.0, 0.3)})
    assert judge("9-ball").third_foul_cost(state9) == 1.0
    assert math.isclose(judge("14.1").third_foul_cost(state14), 15 * POINT)
    assert judge("8-ball").third_foul_cost(state8) == 0.0


def test_two_fouls_in_a_row_weigh_on_the_player_who_made_them() -> None:
    """The same 14.1 table is worth less to a player on two fouls than on
    none, by the share of the third foul's extra that the count carries."""
    balls = {CUE_BALL: (0.6, 0.6), 1: (1.6, 0.35), 2: (2.0, 0.9)}
    j = judge("14.1")
    clean = state_of("14.1", balls)
    two = state_of("14.1", balls, fouls=(2, 0))
    drop = j.state_value(clean) - j.state_value(two)
    assert math.isclose(drop, FOUL_JEOPARDY[2] * 15 * POINT, rel_tol=1e-9)
    # The opponent's count is good for the player.
    theirs = state_of("14.1", balls, fouls=(0, 2))
    assert j.state_value(theirs) > j.state_value(clean)


# -- planning two shots -------------------------------------------------------------


def test_a_pot_that_ends_the_rack_is_fully_followed() -> None:
    """With the 9 alone on the table nothing is left after it: the planned
    worth of a place is the pot's ease itself (no follow-up lacking)."""
    cue, nine = (1.4, 0.7), (2.2, 0.95)
    state = state_of("9-ball", {CUE_BALL: cue, 9: nine})
    j = judge("9-ball")
    req = j.discipline.requirements(state)
    planned = j.quality(state, req)
    lanes = plan.Lanes(POOL, {9: nine}, (9,))
    eases = [plan.pot_ease(POOL, cue, p, TOURNAMENT) for p in lanes.pots(cue, 82.0)]
    assert eases and math.isclose(planned, position.combine(
        [e * 1.0 for e in eases]), rel_tol=1e-9)


def test_the_pattern_counts_the_ball_after_next() -> None:
    """9-ball: the same pot on the 1 from the same place is worth more when
    the 2 (the ball after it) lies open in the middle of the table than when
    it is shut in behind two balls against the foot cushion, where no
    landing spot has a shot at it."""
    cue, one = (1.2, 0.64), (1.9, 0.9)
    open_two = {CUE_BALL: cue, 1: one, 2: (1.5, 0.35), 3: (0.4, 1.1)}
    # The 2 frozen in the foot-right corner region, boxed by the 3 and 4.
    x2, y2 = POOL.length - R - 0.3, R
    shut_two = {CUE_BALL: cue, 1: one, 2: (x2, y2), 3: (x2 - 2 * R - 1e-4, y2),
                4: (x2 + 2 * R + 1e-4, y2)}
    j = judge("9-ball")
    a = state_of("9-ball", open_two)
    b = state_of("9-ball", shut_two)
    qa = j.quality(a, j.discipline.requirements(a))
    qb = j.quality(b, j.discipline.requirements(b))
    assert qa > qb + 0.05


def test_the_plan_counts_shape_a_firm_stroke_reaches_across_the_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """9-ball: the 1 into the foot-left corner, the 2 by the head cushion
    behind a wall of three balls. Where the cue ball stops 0.3 or 0.75 m on,
    the 2 is hidden or a long thin cut; drawn on 1.3 m (a firmer stroke,
    which the position variants play), off the bottom cushion, it lies by
    that rail with a clear line to the 2. The plan counts that spot: the
    pot's follow-up is the better shot it reaches, not only the short
    ones (less sure, a long trip: TRAVEL_SURE, yet clearly the better)."""
    cue = (1.8, 0.5)
    balls = {1: (2.2, 0.9), 2: (0.3, 0.64), 3: (0.8, 0.64), 4: (0.8, 0.5),
             5: (0.8, 0.78)}
    pot = plan.Lanes(POOL, balls, (1,)).pots(cue, 82.0)[0]
    after = plan.Lanes(POOL, {b: q for b, q in balls.items() if b != 1}, (2,))
    planned = plan.follow_up(POOL, after, plan.landing_spots(POOL, cue, pot, balls),
                             1, TOURNAMENT, 82.0)
    monkeypatch.setattr(plan, "TRAVELS", (0.3, 0.75))
    short = plan.follow_up(POOL, after, plan.landing_spots(POOL, cue, pot, balls),
                           1, TOURNAMENT, 82.0)
    assert planned > short + 0.05


def test_a_ball_with_no_way_to_a_pocket_is_a_problem_ball() -> None:
    """A ball pressed between two others on a cushion has no open line to
    any pocket; a ball in the open has several."""
    x, y = 0.8, R  # on the rail, clear of any pocket's mouth
    balls = {5: (x, y), 6: (x - 2 * R - 1e-4, y), 7: (x + 2 * R + 1e-4, y),
             9: (1.6, 0.7)}
    lanes = plan.Lanes(POOL, balls, (5, 9))
    assert plan.problem_balls(lanes, (5, 9)) == 1


# -- strokes into a cushion the cue ball touches --------------------------------


def test_no_stroke_starts_into_a_cushion_the_cue_ball_touches() -> None:
    """General rule 20 (a double hit): a cue ball frozen on the right
    cushion is never struck into it, kicks included; away from it, or along
    it, it may be."""
    cue = (1.2, R + 0.001)
    assert shots.into_touching_cushion(POOL, cue, 270.0)  # straight into it
    assert shots.into_touching_cushion(POOL, cue, 300.0)
    assert not shots.into_touching_cushion(POOL, cue, 90.0)
    assert not shots.into_touching_cushion(POOL, (1.2, 0.5), 270.0)
    # The 1 straight behind the cue ball's cushion, hidden: the kicks the
    # strong player finds do not start into the right cushion.
    state = state_of("9-ball", {CUE_BALL: cue, 1: (2.0, 0.3), 3: (1.5, 0.16),
                                4: (1.62, 0.25), 5: (1.6, 0.08)})
    req = discipline("9-ball").requirements(state)
    view = shots.View.of(state.table, req)
    kicks = shots.kick_candidates(view, cue, None, (1,), 12, two_rails=True)
    assert kicks
    assert all(aim.from_heading(k.stroke.direction)[1] >= 0.0 for k in kicks)


def test_a_kick_leaves_the_tip_room_before_its_first_cushion() -> None:
    """General rule 20: a cue ball 1.5 cm off the right cushion struck into
    it at 60 degrees meets it within 2 cm and comes back while the tip is
    still moving through (5 cm): no kick starts so; at 10 degrees it runs
    8.6 cm first, and 20 cm off the cushion it may go straight in."""
    near = (1.2, R + 0.015)
    assert shots.too_near_cushion(POOL, near, 270.0 + 30.0)  # 60 degrees into it
    assert shots.too_near_cushion(POOL, near, 270.0)
    assert not shots.too_near_cushion(POOL, near, 180.0 + 10.0)
    assert not shots.too_near_cushion(POOL, (1.2, R + 0.2), 270.0)
    assert not shots.too_near_cushion(POOL, near, 90.0)  # away from it


def test_a_kick_is_never_too_soft_to_bring_a_ball_to_a_cushion() -> None:
    """14.1 rule 7 and general rule 17: after the contact a ball must reach
    a cushion. The 5 in the middle of the table with the cue ball hidden
    from it behind the 3: no kick found, played as meant, is
    called for no rail (two of them at least meet the 5 first)."""
    game = "14.1"
    state = state_of(game, {CUE_BALL: (0.35, 0.62), 3: (0.95, 0.64),
                            5: (1.55, 0.66)})
    disc = discipline(game)
    req = disc.requirements(state)
    view = shots.View.of(state.table, req)
    kicks = shots.kick_candidates(view, view.cue, None, (5,), 12, two_rails=True)
    assert len(kicks) >= 3
    met = 0
    for k in kicks:
        shot = simulate(state.table, k.stroke, frame_dt=1e3)
        ruling, _ = disc.judge(state, shot, k.declarations)
        assert "foul.no_rail" not in ruling.codes(), (k.stroke, ruling.codes())
        met += "foul.bad_hit" not in ruling.codes()
    assert met >= 2


# -- the search-grade simulation ---------------------------------------------------


def test_the_search_grade_simulation_is_the_physics_without_the_stick() -> None:
    """Where the tip can reach nothing, a search's simulation gives the
    full physics' contacts (the same balls and cushions in the same order,
    at the same instants to a nanosecond) and its final table to a
    micrometre: the same laws, rounded a little differently in a world
    that takes no steps (physics/quick.py, which logs only what a search
    reads)."""
    table = TableState.from_positions(POOL.name, {CUE_BALL: (0.7, 0.6),
                                                  1: (1.6, 0.7), 2: (2.1, 0.3)})
    stroke = Stroke(aim.heading(aim.sub((1.6, 0.7), (0.7, 0.6))) + 1.0, 3.0,
                    0.1, 0.2, 2.0)
    assert not search.tip_can_reach(table, stroke)
    full = simulate(table, stroke, frame_dt=1e3)
    fast = simulate_search(table, stroke)
    read = (EventKind.STROKE, EventKind.BALL_BALL, EventKind.BALL_CUSHION,
            EventKind.POCKETED, EventKind.LEFT_TABLE)

    def contacts(shot: Shot) -> list[Event]:
        return [e for e in shot.events if e.kind in read]

    assert len(contacts(full)) >= 3  # the stroke, the 1, a cushion at least
    assert [(e.kind, e.balls, e.cushion, e.pocket) for e in contacts(fast)] == \
        [(e.kind, e.balls, e.cushion, e.pocket) for e in contacts(full)]
    for a, b in zip(contacts(fast), contacts(full), strict=True):
        assert a.time == pytest.approx(b.time, abs=1e-9)
    for ball in full.final.balls:
        spot, there = fast.final.position(ball.ball), full.final.position(ball.ball)
        assert (spot is None) == (there is None)
        if spot is not None and there is not None:
            assert math.dist(spot, there) < 1e-6


def test_a_stroke_the_tip_could_follow_into_a_ball_is_played_in_full() -> None:
    """A cue ball a few millimetres behind the 1, struck at it: the tip may
    touch the cue ball again (general rule 20), which only the full physics
    shows: the search plays such a stroke with the stick."""
    table = TableState.from_positions(POOL.name, {CUE_BALL: (1.0, 0.6),
                                                  1: (1.0 + 2 * R + 0.003, 0.6)})
    at_it = Stroke(0.0, 1.5, 0.0, 0.0, 2.0)
    away = Stroke(180.0, 1.5, 0.0, 0.0, 2.0)
    assert search.tip_can_reach(table, at_it)
    assert not search.tip_can_reach(table, away)
    shot = simulate(table, at_it, frame_dt=1e3)
    assert any(e.kind is EventKind.TIP_CONTACT for e in shot.events)


def test_a_ball_the_follow_through_cannot_meet_is_played_without_the_stick() -> None:
    """The 1 a hand's breadth ahead (the cue ball travels 12 cm to it) and
    a ball just beside the cue ball's path: the tip, which follows
    through 5 cm and stops long before the cue ball could come back,
    touches neither, so the search plays both strokes without the stick;
    the full physics, with it, rules the same and brings the balls to
    rest within a micrometre. A stroke the tip carries (a push) is still
    played in full."""
    cue_at = (1.0, 0.6)
    ahead = TableState.from_positions(POOL.name, {
        CUE_BALL: cue_at, 1: (1.0 + 2 * R + 0.12, 0.6 + 0.01)})
    beside = TableState.from_positions(POOL.name, {
        CUE_BALL: cue_at, 1: (1.0 + 0.015, 0.6 + 2 * R + 0.008)})
    for table in (ahead, beside):
        for speed, tip_b in ((1.2, -0.3), (3.0, 0.0), (5.0, 0.3)):
            stroke = Stroke(0.0, speed, 0.0, tip_b, 2.0)
            assert not search.tip_can_reach(table, stroke)
            full = simulate(table, stroke, frame_dt=1e3)
            fast = simulate_search(table, stroke)
            assert not any(e.kind is EventKind.TIP_CONTACT for e in full.events)
            assert [(e.kind, e.balls, e.cushion, e.pocket) for e in fast.events
                    if e.kind in (EventKind.BALL_BALL, EventKind.POCKETED)] == \
                [(e.kind, e.balls, e.cushion, e.pocket) for e in full.events
                 if e.kind in (EventKind.BALL_BALL, EventKind.POCKETED)]
            for ball in full.final.balls:
                there = full.final.position(ball.ball)
                spot = fast.final.position(ball.ball)
                assert (spot is None) == (there is None)
                if spot is not None and there is not None:
                    assert math.dist(spot, there) < 1e-6
    push = Stroke(0.0, 1.5, 0.0, 0.0, 2.0, contact_time=0.01)
    assert search.tip_can_reach(ahead, push)


# -- the levels --------------------------------------------------------------------


def test_pro_is_the_tournament_noise_with_a_deeper_search() -> None:
    pro, strong = STRENGTHS["pro"], STRENGTHS["strong"]
    assert pro.noise == TOURNAMENT == strong.noise
    assert pro.search.shot_budget > strong.search.shot_budget
    assert pro.search.finalists > strong.search.finalists
    assert pro.search.plan and strong.search.plan
    assert not STRENGTHS["club"].search.plan


def test_the_break_sends_the_cue_ball_at_a_professional_speed() -> None:
    """The strong player's 9-ball break: the cue ball leaves the tip at 9.8
    to 11.6 m/s (professionals' breaks)."""
    from rules.referee import Match
    from simulator.players import ComputerPlayer, seed_for
    player = ComputerPlayer(STRENGTHS["strong"])
    m = Match(["a", "b"], "9-ball", {"race_to": 1}, seed=77)
    req = m.requirements()
    assert req.is_break and req.ball_in_hand is BallInHand.KITCHEN
    d = player.shot(m.discipline, m.state, seed_for(77, 0, 0), req)
    shot = simulate(d.table(m.table()), d.stroke, frame_dt=1e3)
    speed = shot.events[0].snapshots[0].speed
    assert d.kind == "break" and 9.8 <= speed <= 11.6


def test_a_stroke_the_physics_gives_up_on_is_never_chosen(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The physics raises when balls come to rest where none can be (a bug,
    rare, found in one of thousands of a search's tries): the search values
    that stroke as the worst outcome and the player chooses another, and
    the match goes on."""
    state = state_of("9-ball", {CUE_BALL: (1.0, 0.4), 1: (1.6, 0.55),
                                2: (0.6, 0.9)})
    disc = discipline("9-ball")
    req = disc.requirements(state)
    player = ComputerPlayer(STRENGTHS["club"])
    first = player.shot(disc, state, 3, req)
    banned = first.intended

    def failing(real: Any) -> Any:
        def run(table: TableState, stroke: Stroke, *args: Any, **kw: Any) -> Any:
            if stroke == banned or (
                    abs(stroke.direction - banned.direction) < 1e-9
                    and stroke.speed == banned.speed):
                raise RestCorrectionError("at rest: a test's failure", 1, 1e-3)
            return real(table, stroke, *args, **kw)
        return run

    monkeypatch.setattr(search, "simulate", failing(search.simulate))
    monkeypatch.setattr(search, "simulate_search", failing(search.simulate_search))
    monkeypatch.setattr(player_module, "simulate", failing(player_module.simulate))
    again = player.shot(disc, state, 3, req)
    assert again.intended != banned
    assert again.kind in ("pot", "bank", "kick", "safety")


def test_nine_ball_position_is_played_for_the_next_two_balls() -> None:
    """9-ball, the 1 about to be potted: two places its pot may leave the
    cue ball. From A the 2 is the easier pot, but wherever that pot sends
    the cue ball the 3 (by the 4 and 5 at the head end) has no pot; from B
    the 2 is a little harder and leaves a pot on the 3. Planned one ball on
    (the 2 alone) A was worth more; planned two balls on, the pattern, B
    is."""
    a, b = (0.68, 0.68), (1.12, 0.71)
    rest = {2: (1.19, 0.38), 3: (0.9, 0.49), 4: (0.64, 0.6), 5: (0.59, 0.39),
            6: (0.4, 0.94), 9: (1.42, 0.37)}
    balls = {1: (2.2, 1.0), **rest}
    state = state_of("9-ball", {CUE_BALL: (2.0, 0.8), **balls})
    j = judge("9-ball")
    after = j._after(state, plan.Lanes(POOL, balls, (1,)), (1,))(1)
    assert after is not None and after.targets == (2,)
    third = after.beyond(2) if after.beyond is not None else None
    assert third is not None and third.targets == (3,)

    def on_the_3(spot: tuple[float, float]) -> float:
        """The best pot on the 3 after a pot on the 2 from ``spot``."""
        return max((plan.follow_up(POOL, third, plan.landing_spots(POOL, spot, p, rest),
                                   2, TOURNAMENT, 82.0)
                    for p in after.pots(spot, 82.0)), default=0.0)

    assert on_the_3(a) == 0.0 and on_the_3(b) > 0.5
    pattern = [plan.follow_up(POOL, after, [s], 1, TOURNAMENT, 82.0) for s in (a, b)]
    after.beyond = None  # the plan as it was: the 2 alone
    one_ball = [plan.follow_up(POOL, after, [s], 1, TOURNAMENT, 82.0) for s in (a, b)]
    assert one_ball[0] > one_ball[1]
    assert pattern[1] > pattern[0] + 0.05
