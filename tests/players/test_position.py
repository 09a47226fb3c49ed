"""What a computer player looks for in the cue ball's resting place (a
natural angle on the next ball, off the rail, every legal ball counted,
none of the opponent's) and where and how it breaks; on tables built for
each preference."""

from __future__ import annotations

import math
import random
from dataclasses import replace

from rules.referee import Match
from rules.ruling import BallInHand, Declarations
from simulator.physics import simulate
from simulator.players import aim, position, shots
from simulator.players.appraise import HAND_FLOOR, PLANNED_HAND_FLOOR, Judge
from simulator.players.search import executed
from simulator.players.strength import TOURNAMENT, draw_noise
from simulator.table.events import Stroke
from simulator.table.specs import CUE_BALL, table_by_name
from simulator.table.state import TableState, Where

from .helpers import discipline, state_of

POOL = table_by_name("pool_9ft")
R = POOL.balls.radius
MAX_CUT = 82.0
FOOT_LEFT = POOL.pocket("foot_left")


def obj_on_line(to_pocket: float, turn_deg: float = 10.0) -> tuple[tuple[float, float],
                                                                  tuple[float, float]]:
    """A ball ``to_pocket`` from the foot-left pocket (its line ``turn_deg``
    off the pocket's axis) and its direction to the pocket."""
    u = aim.rotate(FOOT_LEFT.inward, math.radians(turn_deg))
    return aim.sub(aim.aim_point(FOOT_LEFT), aim.scale(u, to_pocket)), u


def cue_for(obj: tuple[float, float], u: tuple[float, float], back: float,
            cut_deg: float) -> tuple[float, float]:
    """The cue ball ``back`` from the ghost ball of that pot at ``cut_deg``."""
    ghost = aim.ghost_ball(obj, u, R)
    return aim.sub(ghost, aim.scale(aim.rotate(u, math.radians(cut_deg)), back))


def quality(game: str, balls: dict[int, tuple[float, float]], **kw: object) -> float:
    state = state_of(game, balls)
    if kw:
        state = replace(state, **kw)
    req = discipline(game).requirements(state)
    return shots.quality(shots.View.of(state.table, req), TOURNAMENT, MAX_CUT)


def test_a_natural_angle_is_worth_more_than_a_dead_straight_shot() -> None:
    """The same ball 0.5 m from the pocket, the cue ball 0.3 m away: dead
    straight (the cue ball can only go along the line) is worth less than a
    20 degree cut, though the straight one is the surer pot."""
    obj, u = obj_on_line(0.5)
    straight = quality("9-ball", {CUE_BALL: cue_for(obj, u, 0.3, 0.0), 1: obj})
    angled = quality("9-ball", {CUE_BALL: cue_for(obj, u, 0.3, 20.0), 1: obj})
    straight_pot = aim.pot_geometry(POOL, cue_for(obj, u, 0.3, 0.0), 1, obj,
                                    FOOT_LEFT, [])
    angled_pot = aim.pot_geometry(POOL, cue_for(obj, u, 0.3, 20.0), 1, obj,
                                  FOOT_LEFT, [])
    assert straight_pot is not None and angled_pot is not None
    assert shots.chance(straight_pot, TOURNAMENT, POOL) >= \
        shots.chance(angled_pot, TOURNAMENT, POOL)
    assert angled > straight + 0.05
    # A cut past the natural range loses again (the chance falls).
    thin = quality("9-ball", {CUE_BALL: cue_for(obj, u, 0.3, 65.0), 1: obj})
    assert thin < angled


def test_a_cue_ball_on_the_rail_is_worth_less() -> None:
    """The cue ball frozen on the cushion, against the same ball four
    centimetres off it: the frozen ball loses at least 15 % of the shot's
    worth (a bridge on the rail, the cue raised), the one off it nothing."""
    assert position.rail_factor(POOL, (1.0, R)) <= 0.85
    assert position.rail_factor(POOL, (1.0, 0.2)) == 1.0
    obj = (1.6, 0.35)
    on_rail = (1.0, R)
    off_rail = (1.0, R + 1.5 * R)  # the same line, a little further off
    q_on = quality("9-ball", {CUE_BALL: on_rail, 1: obj})
    q_off = quality("9-ball", {CUE_BALL: off_rail, 1: obj})
    assert 0.0 < q_on <= 0.85 * q_off


def test_every_legal_ball_counts_and_no_other() -> None:
    """8-ball with solids to shoot, the cue ball mid-table, a ball 0.8 m
    from each foot corner on its line (each about a 0.6 chance for the
    strong noise): a second makeable solid adds to the place's worth; a
    makeable stripe (the opponent's) adds nothing; with only stripes
    makeable (the one solid hidden behind a stripe) it is worth nothing."""
    cue = (0.9, 0.6)

    def toward(pocket: str, d: float) -> tuple[float, float]:
        p = aim.aim_point(POOL.pocket(pocket))
        return aim.add(p, aim.scale(aim.unit(aim.sub(cue, p)), d))

    left, right = toward("foot_left", 0.8), toward("foot_right", 0.8)
    eight = (0.3, 0.3)
    groups = {"groups": ("solids", "stripes")}
    one = quality("8-ball", {CUE_BALL: cue, 1: left, 8: eight}, **groups)
    two = quality("8-ball", {CUE_BALL: cue, 1: left, 2: right, 8: eight}, **groups)
    stripe = quality("8-ball", {CUE_BALL: cue, 1: left, 10: right, 8: eight},
                     **groups)
    hidden = quality("8-ball", {CUE_BALL: cue, 9: left, 10: right, 2: (0.3, 0.6),
                                11: (0.6, 0.6), 8: eight}, **groups)
    assert 0.4 < one < 0.8
    assert two > one + 0.03
    assert stripe == one
    assert hidden == 0.0


def test_a_blocked_next_ball_is_worth_nothing() -> None:
    """A ball between the cue ball and the only legal ball: no shot."""
    obj, u = obj_on_line(0.5)
    cue = cue_for(obj, u, 0.5, 0.0)
    blocker = aim.add(cue, aim.scale(u, 0.25))
    assert quality("9-ball", {CUE_BALL: cue, 1: obj, 2: blocker}) == 0.0


def test_the_break_is_tried_first_from_beside_a_side_rail() -> None:
    """9-ball: the spots the player breaks from are the front of the kitchen
    beside each side rail, then its middle, all allowed by the referee."""
    m = Match(["a", "b"], "9-ball", {"race_to": 1}, seed=1)
    req = m.requirements()
    spots = shots.break_spots(shots.View.of(m.table(), req))
    assert len(spots) == 3
    x0, x1, y0, y1 = req.placement_area(POOL)
    assert spots[0][1] - y0 < 0.1 and y1 - spots[1][1] < 0.1
    assert spots[2][1] == (y0 + y1) / 2
    assert all(x0 <= x <= x1 and x1 - x < 0.1 for x, _ in spots)  # at its front
    assert all(req.check_placement(m.table(), *s) is None for s in spots)


def test_the_power_break_from_the_side_drops_a_ball_and_keeps_the_cue_ball() -> None:
    """The first power break from beside the side rail, played with the
    tournament noise on 20 racks (seeds not used by the benchmark): it drops
    a ball in at least 14 (measured: 16) and the cue ball stays on the table
    in at least 14 (measured: 16); from the middle of the head string the
    same stroke drops fewer (measured: 12)."""
    speed, tip_b = shots.POWER_BREAKS[0].speed, shots.POWER_BREAKS[0].tip_b
    dropped = {"side": 0, "middle": 0}
    kept = 0
    for k in range(20):
        m = Match(["a", "b"], "9-ball", {"race_to": 1}, seed=7000 + k)
        spots = shots.break_spots(shots.View.of(m.table(), m.requirements()))
        for where, spot in (("side", spots[0]), ("middle", spots[2])):
            table = m.table().place(CUE_BALL, *spot)
            head = table.position(1)
            assert head is not None
            d = shots.contact_direction(spot, head, 0.0, R)
            assert d is not None
            stroke = executed(Stroke(d % 360.0, speed, 0.0, tip_b, shots.ELEVATION),
                              TOURNAMENT, draw_noise(random.Random(k)), POOL)
            shot = simulate(table, stroke, frame_dt=1e3)
            ruling, _ = m.discipline.judge(m.state, shot, Declarations())
            dropped[where] += any(b != CUE_BALL for b in ruling.scored)
            if where == "side":
                kept += shot.final.ball(CUE_BALL).where is Where.TABLE
    assert dropped["side"] >= 14
    assert kept >= 14
    assert dropped["side"] > dropped["middle"]


def test_a_cue_ball_passing_close_by_a_pocket_is_a_near_scratch() -> None:
    """The cue ball's way checked against the pockets' mouths: straight
    into the foot-left pocket is a scratch (risk 1); rolled to the middle of
    the table, no risk; a path passing just outside a mouth is a near
    scratch (risk between); a path far from every pocket clears them by
    more than NEAR_POCKET."""
    mouth = FOOT_LEFT.mouth_centre
    half = FOOT_LEFT.mouth_width / 2
    into = TableState.from_positions(POOL.name, {CUE_BALL: (1.8, 0.8)})
    to_pocket = aim.heading(aim.sub(mouth, (1.8, 0.8)))
    shot = simulate(into, Stroke(to_pocket, 3.0, 0.0, 0.0, shots.ELEVATION),
                    frame_dt=1e3)
    assert shot.final.ball(CUE_BALL).where is not Where.TABLE
    assert position.scratch_risk(POOL, shot) == 1.0
    calm = simulate(TableState.from_positions(POOL.name, {CUE_BALL: (0.6, 0.6)}),
                    Stroke(0.0, 1.0, 0.0, 0.0, shots.ELEVATION), frame_dt=1e3)
    assert calm.final.ball(CUE_BALL).where is Where.TABLE
    assert position.scratch_risk(POOL, calm) == 0.0
    # Paths by hand: one passing 2 cm outside the mouth, one mid-table.
    u = FOOT_LEFT.inward
    side = (-u[1], u[0])
    by = aim.add(mouth, aim.scale(side, half + 0.02))
    near = [aim.sub(by, aim.scale(u, 0.5)), by]
    assert math.isclose(position.pocket_clearance(POOL, near), 0.02, abs_tol=1e-9)
    assert position.pocket_clearance(POOL, [(0.8, 0.6), (1.6, 0.6)]) > \
        position.NEAR_POCKET
    # The risk of a way that stays on the table: some 2 cm outside the
    # mouth, more 1 cm outside it, none mid-table.
    closer = aim.add(mouth, aim.scale(side, half + 0.01))
    risk_2cm = position.path_risk(POOL, near)
    risk_1cm = position.path_risk(POOL, [aim.sub(closer, aim.scale(u, 0.5)), closer])
    assert 0.0 < risk_2cm < risk_1cm < 1.0
    assert position.path_risk(POOL, [(0.8, 0.6), (1.6, 0.6)]) == 0.0


def boxed_one() -> dict[int, tuple[float, float]]:
    """The 1 boxed in by a ball on each of its lines to the six pockets."""
    one = (1.27, 0.635)
    boxed = {1: one}
    for k, pocket in enumerate(POOL.pockets):
        u = aim.unit(aim.sub(aim.aim_point(pocket), one))
        boxed[2 + k] = aim.add(one, aim.scale(u, 2.3 * R))
    return boxed


def test_the_cue_ball_in_hand_is_worth_something_without_a_pot() -> None:
    """The 1 boxed in by a ball on each of its lines to the six pockets: no
    pot for anybody. The opponent at the table with the cue ball where it
    lies has nothing (worth at_table(0) to him), but with it in hand
    anywhere (9-ball 7: after a foul) he places a safety at will, worth
    at least at_table(HAND_FLOOR) to him, so a scratch is never cheap."""
    balls = {CUE_BALL: (0.5, 0.3), **boxed_one()}
    judge = Judge(discipline("9-ball"), 0, TOURNAMENT, MAX_CUT, True)
    at_table = state_of("9-ball", balls, shooter=1)
    in_hand = state_of("9-ball", balls, shooter=1, ball_in_hand=BallInHand.ANYWHERE)
    assert quality("9-ball", balls) == 0.0
    assert judge.state_value(at_table) == -judge.at_table(0.0)
    assert judge.state_value(in_hand) == -judge.at_table(HAND_FLOOR)
    assert judge.state_value(in_hand) < judge.state_value(at_table) - 0.3


def test_a_foul_giving_ball_in_hand_costs_the_planner_more_than_a_cut_left() -> None:
    """9-ball 6 (after a foul the incoming player places the cue ball
    anywhere on the table) and 8-ball 11 (the rule that keeps players from
    fouling on purpose): to the strong player, who plans, a foul that leaves
    the opponent the cue ball in hand with the 1 boxed (no line to any
    pocket) costs more than a legal safety that leaves him a 55-degree cut
    on the 1 at the table with the cue ball where it lies (worth about 0.77
    to him): with the ball in hand he plays a bank, a combination or a
    safety from the spot of his choosing. At the old floor (HAND_FLOOR, 0.6)
    the foul looked the cheaper of the two."""
    disc = discipline("9-ball")
    judge = Judge(disc, 0, TOURNAMENT, MAX_CUT, True, plan=True)
    foul = state_of("9-ball", {CUE_BALL: (0.5, 0.3), **boxed_one(), 9: (2.2, 1.0)},
                    shooter=1, ball_in_hand=BallInHand.ANYWHERE)
    obj, u = obj_on_line(0.6)
    cut = state_of("9-ball", {CUE_BALL: cue_for(obj, u, 0.5, 55.0), 1: obj,
                              9: (2.2, 1.0)}, shooter=1)
    q_cut = judge.quality(cut, disc.requirements(cut))
    assert HAND_FLOOR < q_cut < PLANNED_HAND_FLOOR
    assert judge.quality(foul, disc.requirements(foul)) == PLANNED_HAND_FLOOR
    assert judge.state_value(cut) > judge.state_value(foul)
