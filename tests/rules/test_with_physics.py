"""Real shots from the physics (simulator.physics.simulate) judged by the
referee: the event log the physics writes is what the rules read. Each test
first checks that the physics did what the shot was set up to do (so a change
in the physics shows up as such), then states the ruling a referee gives and
the seed rule (shared/seeds/000_a841db6d9a298577.txt)."""

from __future__ import annotations

import math
from dataclasses import replace

from rules.codes import FoulCode, Note
from rules.game import GameState
from rules.nine_ball import NineBall
from rules.questions import JUMP_MIN_VZ
from rules.referee import Match
from rules.ruling import BallInHand, Declarations, Ruling
from rules.straight_pool import StraightPool
from simulator.physics import simulate
from simulator.table.events import EventKind, Shot, Stroke
from simulator.table.specs import CUE_BALL, table_by_name
from simulator.table.state import BallState, TableState, Where

SPEC = table_by_name("pool_9ft")
R = SPEC.balls.radius
FOOT_RIGHT = SPEC.pocket("foot_right").mouth_centre
OBJ = (FOOT_RIGHT[0] - 0.3, FOOT_RIGHT[1] + 0.3)  # on the diagonal to the pocket
CUE = (OBJ[0] - 0.5, OBJ[1] + 0.5)


def aim(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))


def table(pos: dict[int, tuple[float, float]]) -> TableState:
    """The listed balls on the bed, every other ball already pocketed."""
    balls = [BallState(b, Where.TABLE, x, y) for b, (x, y) in pos.items()]
    balls += [BallState(b, Where.POCKETED) for b in range(1, 16) if b not in pos]
    return TableState("pool_9ft", tuple(sorted(balls, key=lambda s: s.ball)))


def in_play(disc: NineBall | StraightPool, pos: dict[int, tuple[float, float]]
            ) -> GameState:
    st = disc.new_game(2, 0, 0, "pool_9ft")
    return replace(st, table=table(pos), is_break=False,
                   ball_in_hand=BallInHand.NONE)


def kinds(shot: Shot, kind: EventKind) -> list[tuple[int, ...]]:
    return [e.balls for e in shot.events if e.kind is kind]


def codes(r: Ruling) -> list[str]:
    return [f.code.id for f in r.fouls]


def test_scratch_following_the_object_ball_in() -> None:
    """9-ball: the 1 and then the cue ball drop in the foot right pocket.
    General rule 18: a foul; 9-ball 6: the 1 stays down, nothing counts, the
    opponent has the cue ball in hand anywhere."""
    disc = NineBall({})
    st = in_play(disc, {0: CUE, 1: OBJ, 5: (1.0, 1.0)})
    shot = simulate(st.table, Stroke(aim(CUE, FOOT_RIGHT), 1.5))
    assert kinds(shot, EventKind.POCKETED) == [(1,), (0,)]  # the set-up
    r, new = disc.judge(st, shot, Declarations())
    assert codes(r) == ["foul.scratch"]
    assert r.fouls[0].ref.rule == "18" and r.fouls[0].event_index is not None
    assert shot.events[r.fouls[0].event_index].kind is EventKind.POCKETED
    assert r.scored == () and r.next_shooter == 1
    assert r.ball_in_hand is BallInHand.ANYWHERE
    assert new.table.ball(1).where is Where.POCKETED
    assert new.fouls == (1, 0)


def test_ball_pocketed_with_draw_continues() -> None:
    """9-ball 1: the lowest ball hit first and pocketed on a legal shot: it
    counts and the shooter plays on from where the cue ball stopped."""
    disc = NineBall({})
    st = in_play(disc, {0: CUE, 1: OBJ, 5: (1.0, 1.0)})
    shot = simulate(st.table, Stroke(aim(CUE, FOOT_RIGHT), 1.5, tip_b=-0.3))
    assert kinds(shot, EventKind.POCKETED) == [(1,)]
    r, new = disc.judge(st, shot, Declarations())
    assert r.fouls == () and r.scored == (1,) and r.next_shooter == 0
    assert r.ball_in_hand is BallInHand.NONE
    req = disc.requirements(new)
    assert req.legal_first_contacts == (5,)  # the lowest ball left
    assert new.table.position(CUE_BALL) == shot.final.position(CUE_BALL)


def test_nine_ball_bad_hit() -> None:
    """9-ball 7: the cue ball touches the 3 first while the 1 is on the
    table: a foul (general 16 as 9-ball 7), in hand anywhere (9-ball 6), and
    the placement may not be frozen to a ball (9-ball 9)."""
    disc = NineBall({})
    st = in_play(disc, {0: (1.0, 0.6), 3: (1.6, 0.6), 1: (2.2, 1.1)})
    shot = simulate(st.table, Stroke(0.0, 1.5))
    hits = kinds(shot, EventKind.BALL_BALL)
    assert hits and set(hits[0]) == {0, 3}
    r, new = disc.judge(st, shot, Declarations())
    assert codes(r) == ["foul.bad_hit"]
    assert (r.fouls[0].ref.section, r.fouls[0].ref.rule) == ("9-ball", "7")
    assert r.next_shooter == 1 and r.ball_in_hand is BallInHand.ANYWHERE
    assert disc.requirements(new).no_frozen_placement


def test_no_rail_after_contact_in_straight_pool() -> None:
    """14.1 7.2: after the contact neither the cue ball nor an object ball
    reached a cushion and nothing dropped: a foul, -1 (14.1 11), and the
    opponent takes the table as it lies (14.1 11); the foul count opens (12)."""
    disc = StraightPool({})
    st = in_play(disc, {0: (1.0, 0.6), 1: (1.3, 0.6), 3: (2.2, 1.1)})
    shot = simulate(st.table, Stroke(0.0, 0.35))
    assert kinds(shot, EventKind.BALL_CUSHION) == []
    assert kinds(shot, EventKind.POCKETED) == []
    r, new = disc.judge(st, shot, Declarations(called_ball=1,
                                               called_pocket="foot_left"))
    assert codes(r) == ["foul.no_rail"]
    assert (r.fouls[0].ref.section, r.fouls[0].ref.rule) == ("14.1", "7.2")
    assert r.points == (-1, 0) and new.scores == (-1, 0) and new.fouls == (1, 0)
    assert r.next_shooter == 1 and r.ball_in_hand is BallInHand.NONE
    assert new.table.position(CUE_BALL) == shot.final.position(CUE_BALL)


def test_legal_eight_ball_break_through_the_match() -> None:
    """8-ball 5: from the kitchen into the rack; a ball pocketed or four
    object balls to a cushion is a legal break; 8-ball 7: the table stays
    open after the break; 8-ball 2: a ball down on the break lets the
    breaker continue, otherwise the opponent comes to the table."""
    m = Match(["Anna", "Boris"], "8-ball", {}, seed=3)
    req = m.requirements()
    assert req.is_break and req.ball_in_hand is BallInHand.KITCHEN
    start = m.table()
    cue = start.position(CUE_BALL)
    assert cue is not None and req.check_placement(start, *cue) is None
    shot = simulate(start, Stroke(aim(cue, SPEC.foot_spot), 8.0))
    rails = {b for e in shot.events if e.kind is EventKind.BALL_CUSHION
             for b in e.balls if b != CUE_BALL}
    down = [b for (b,) in kinds(shot, EventKind.POCKETED) if b != CUE_BALL]
    assert (down or len(rails) >= 4) and (0,) not in kinds(shot,
                                                          EventKind.POCKETED)
    assert 8 not in down
    r = m.apply(shot, Declarations())
    assert r.fouls == ()
    assert Note.BREAK_LEGAL in [n.code for n in r.notes]
    assert r.groups == (None, None)
    assert r.next_shooter == (0 if down else 1)
    nxt = m.requirements()
    assert not nxt.is_break and nxt.ball_in_hand is BallInHand.NONE
    assert nxt.call_needed


def test_push_reported_on_the_stroke() -> None:
    """General rule 21: the tip stays on the cue ball 6 ms (the physics
    reports the stroke's contact time): a push, a foul."""
    disc = NineBall({})
    st = in_play(disc, {0: CUE, 1: OBJ, 5: (1.0, 1.0)})
    shot = simulate(st.table, Stroke(aim(CUE, FOOT_RIGHT), 1.0, contact_time=0.006))
    r, _ = disc.judge(st, shot, Declarations())
    assert FoulCode.PUSH_SHOT in [f.code for f in r.fouls]
    assert r.next_shooter == 1 and r.scored == ()


def test_shooting_into_a_frozen_legal_ball_is_no_double_hit() -> None:
    """General rule 20, reading P8: the cue ball frozen to the 1 (the ball
    on) may be shot into it; the tip meeting the cue ball again as it stops
    against the 1 is no double hit."""
    disc = NineBall({})
    st = in_play(disc, {0: (1.0, 0.6), 1: (1.0 + 2 * R + 0.0001, 0.6),
                        3: (2.0, 1.0)})
    shot = simulate(st.table, Stroke(0.0, 1.5))
    assert kinds(shot, EventKind.TIP_CONTACT) == [(0,)]  # the stick met it again
    r, _ = disc.judge(st, shot, Declarations())
    assert FoulCode.DOUBLE_HIT not in [f.code for f in r.fouls]
    assert FoulCode.BAD_HIT not in [f.code for f in r.fouls]


def test_small_hop_is_not_a_jump() -> None:
    """General rule 22 judges jump strokes; a firm stroke with the cue raised
    6 degrees lifts the cue ball a few millimetres (below JUMP_MIN_RISE):
    not a jump, so striking below centre is no illegal jump."""
    disc = NineBall({})
    st = in_play(disc, {0: (0.5, 0.6), 1: (1.8, 0.6), 5: (2.2, 1.1)})
    shot = simulate(st.table, Stroke(0.0, 6.0, elevation=6.0, tip_b=-0.2))
    lifts = [e.speed for e in shot.events
             if e.kind is EventKind.AIRBORNE and CUE_BALL in e.balls]
    assert lifts and all(s is not None and 0 < s < JUMP_MIN_VZ for s in lifts)
    r, _ = disc.judge(st, shot, Declarations())
    assert FoulCode.ILLEGAL_JUMP not in [f.code for f in r.fouls]
    assert FoulCode.MISCUE_ON_JUMP not in [f.code for f in r.fouls]


def test_express_break_on_the_pyramid_table() -> None:
    """SEED-E 2.4: the first break from the house into the Express rack;
    contact and at least two object balls to a cushion (digest §2.4, G12)
    is legal; with nothing pocketed the next player on the card takes the
    table as it lies, and nobody's points change."""
    m = Match(["Anna", "Boris", "Vera"], "express", {}, seed=1)
    req = m.requirements()
    assert req.is_break and req.ball_in_hand is BallInHand.HOUSE
    start = m.table()
    cue = start.position(CUE_BALL)
    assert cue is not None and req.check_placement(start, *cue) is None
    shot = simulate(start, Stroke(aim(cue, start.spec.foot_spot), 9.0))
    rails = {b for e in shot.events if e.kind is EventKind.BALL_CUSHION
             for b in e.balls if b != CUE_BALL}
    assert len(rails) >= 2 and kinds(shot, EventKind.POCKETED) == []
    r = m.apply(shot, Declarations())
    assert r.fouls == () and r.points == (0, 0, 0)
    assert "express.note.break_no_pot" in [n.code.id for n in r.notes]
    assert r.next_shooter == 1
    nxt = m.requirements()
    assert nxt.shooter == 1 and not nxt.is_break
    assert nxt.ball_in_hand is BallInHand.NONE


def test_ball_frozen_to_a_cushion_driven_into_it() -> None:
    """General rule 31: the 1 lies frozen to the right foot rail; the cue
    ball drives it into that rail and nothing else reaches a cushion or
    drops: a foul (9-ball: in hand anywhere)."""
    disc = NineBall({})
    st = in_play(disc, {0: (1.5, 0.4), 1: (1.7, R + 0.0001), 5: (2.2, 1.1)})
    shot = simulate(st.table, Stroke(aim((1.5, 0.4), (1.7, R)), 0.8))
    touched = [(e.balls, e.cushion) for e in shot.events
               if e.kind is EventKind.BALL_CUSHION]
    assert touched and all(c == "right_foot" and b == (1,) for b, c in touched)
    assert kinds(shot, EventKind.POCKETED) == []
    r, _ = disc.judge(st, shot, Declarations())
    assert codes(r) == ["foul.cushion_ball"]
    assert r.fouls[0].ref.rule == "31" and r.ball_in_hand is BallInHand.ANYWHERE
