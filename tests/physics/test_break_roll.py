"""How long a break rolls: every ball's run after its last contact is the
cloth's closed form with reference.md's numbers (section 2: mu_s = 0.2,
mu_r = 0.01, side-spin deceleration 10.9 rad/s^2 pool and about 9 on the
pyramid; sections 3.1-3.3), on both tables, for a break at the played top
speed, a medium 2 m/s and a soft 1 m/s stroke into the rack.

The figures are the reference's, not the tables' parameters, so a cloth
that rolled on longer (a lower mu_r, a slower spin decay) on either table
fails here, as does a motion law that strays from the closed forms. A ball
slides for 2|u|/(7 mu_s g), then rolls |v|/(mu_r g) seconds over
|v|^2/(2 mu_r g) metres; its side spin dies in |w_z|/alpha; the shot is
over when the last of these ends (the world notices within a step).
"""

from __future__ import annotations

import math

import pytest

from rules import pyramid
from rules.eight_ball import rack_eight
from rules.general import kitchen_cue_spot
from simulator.physics import cue_speed_for, simulate
from simulator.physics.cue import PLAYED_CUE_SPEED
from simulator.table.events import BallSnapshot, EventKind, Phase, Shot, Stroke
from simulator.table.specs import CUE_BALL, TableSpec, table_by_name
from simulator.table.state import TableState, Where
from simulator.tools.breaks import POOL, square_break
from tests.physics.test_break_rebound import rigid_sequence_rebound

MU_S = 0.2  # reference.md 2, both tables
MU_R = 0.01
G = 9.81
E_BALL = 0.95
SPIN_DECEL = {"pool_9ft": 10.9, "pyramid_12ft": 9.0}

# What changes a ball's motion other than the cloth.
CONTACTS = (EventKind.STROKE, EventKind.BALL_BALL, EventKind.BALL_CUSHION,
            EventKind.TIP_CONTACT, EventKind.LANDED)


def pushed(before: Phase | None, after: Phase | None) -> bool:
    """A change of phase the cloth cannot make: a touching neighbour's push
    (a soft break leaves balls frozen together, which nudge one another
    without a new contact)."""
    return before is Phase.STATIONARY or (
        after is Phase.SLIDING and before is not Phase.AIRBORNE)


def cloth_run(s: BallSnapshot, spec: TableSpec) -> tuple[float, tuple[float, float]]:
    """Seconds until a ball in state ``s`` on the cloth is still (sliding,
    rolling and its side spin all ended) and where it stops (3.1-3.3)."""
    r = spec.balls.radius
    ux, uy = s.vx - r * s.wy, s.vy + r * s.wx
    u = math.hypot(ux, uy)
    slide = 2 * u / (7 * MU_S * G)
    x, y, vx, vy = s.x, s.y, s.vx, s.vy
    if u > 0:
        k = 0.5 * MU_S * G * slide * slide / u
        x += vx * slide - k * ux
        y += vy * slide - k * uy
        vx, vy = vx - 2 / 7 * ux, vy - 2 / 7 * uy
    v = math.hypot(vx, vy)
    if v > 0:
        d = v * v / (2 * MU_R * G)
        x, y = x + d * vx / v, y + d * vy / v
    still = max(slide + v / (MU_R * G), abs(s.wz) / SPIN_DECEL[spec.name])
    return still, (x, y)


def break_shot(table: str, ball_speed: float) -> Shot:
    spec = table_by_name(table)
    if spec.name == "pyramid_12ft":
        state = pyramid.rack_state(pyramid.random_rack(3))
    else:
        racked = rack_eight(spec.name, 3)
        pos = {b.ball: (b.x, b.y) for b in racked.balls if b.where is Where.TABLE}
        pos[CUE_BALL] = kitchen_cue_spot(spec)
        state = TableState.from_positions(spec.name, pos)
    cue, apex = state.ball(CUE_BALL), spec.foot_spot
    aim = math.degrees(math.atan2(apex[1] - cue.y, apex[0] - cue.x))
    speed = (PLAYED_CUE_SPEED if ball_speed == 0.0
             else cue_speed_for(ball_speed, 0.0, 0.0, spec.balls, spec.physics))
    return simulate(state, Stroke(aim, speed))


@pytest.mark.parametrize("table", ["pyramid_12ft", "pool_9ft"])
@pytest.mark.parametrize("ball_speed", [0.0, 2.0, 1.0])  # 0: the played top
def test_a_break_rolls_as_long_as_the_reference_cloth_says(
    table: str, ball_speed: float
) -> None:
    shot = break_shot(table, ball_speed)
    spec = shot.initial.spec
    last: dict[int, tuple[float, BallSnapshot]] = {}
    stopped: dict[int, float] = {}
    for e in shot.events:
        for snap in e.snapshots:
            if e.kind in CONTACTS or pushed(e.phase_from, e.phase_to):
                last[snap.ball] = (e.time, snap)
        if e.kind is EventKind.MOTION and e.phase_to is Phase.STATIONARY:
            stopped[e.balls[0]] = e.time
    on_table = {b for b in last if shot.final.ball(b).where is Where.TABLE}
    assert len(on_table) >= 3  # the rack was broken, not merely touched
    ends = []
    for ball in sorted(on_table):
        t0, snap = last[ball]
        run, (x, y) = cloth_run(snap, spec)
        end = shot.final.ball(ball)
        assert stopped[ball] == pytest.approx(t0 + run, abs=2e-3), ball
        assert math.dist((x, y), (end.x, end.y)) < 1e-3, ball
        ends.append(t0 + run)
    # The shot is over with its last ball (told at the world's next step).
    rest = shot.of_kind(EventKind.REST)[0].time
    assert max(ends) - 2e-3 < rest < max(ends) + 0.1


@pytest.mark.parametrize("offset", [0.0, 0.002, 0.004])
def test_a_centre_break_a_hair_off_the_apex_turns_the_cue_ball_aside(
    offset: float,
) -> None:
    """The cue ball of a full-power centre break meets the apex ball
    ``offset`` off its centre, a cut of phi = asin(offset / 2R). The rack
    sends it back along the line of centres (test_break_rebound's share),
    and the tangential v sin(phi) it keeps is what ball-ball friction leaves
    (reference.md 5): each contact takes at most the m|s|/7 that stops the
    slip, and the apex ball, thrown back by the rack, meets it a second
    time, so it keeps between (6/7)^2 and 6/7 of it. A couple of millimetres
    thus turn it 10-25 degrees aside, towards a head corner or a side
    pocket: the aim a full break needs."""
    shot = simulate(*square_break(POOL, 0, offset=offset))
    spec = shot.initial.spec
    r = spec.balls.radius
    hit = next(e for e in shot.events
               if e.kind is EventKind.BALL_BALL and CUE_BALL in e.balls)
    after = hit.snapshot(CUE_BALL)
    assert after is not None
    struck = shot.of_kind(EventKind.STROKE)[0].speed
    assert struck is not None
    v_in = struck - MU_S * G * hit.time
    sin_phi = offset / (2 * r)
    cos_phi = math.sqrt(1 - sin_phi * sin_phi)
    # Line of centres from the cue ball to the apex ball (the apex lies
    # towards smaller y), and the tangent along which the cue ball was moving.
    back = -(after.vx * cos_phi - after.vy * sin_phi) / v_in
    kept = after.vx * sin_phi + after.vy * cos_phi
    assert 0.8 * rigid_sequence_rebound(E_BALL) < back < 0.179
    if offset == 0.0:
        assert abs(after.vy) < 1e-9
        return
    share = kept / (v_in * sin_phi)
    assert (6 / 7) ** 2 <= share <= 6 / 7
