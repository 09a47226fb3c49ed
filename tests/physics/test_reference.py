"""The reference numbers written into the tests, not read from the specs
(reference.md sections 2, 3, 6 and 7; WPA and pyramid equipment figures):
a changed friction, a pocket 10 % wider or a drop line 10 % further must
fail here.

The figures: mu_s = 0.2, mu_r = 0.01, g = 9.81 m/s^2, side-spin
deceleration 10.9 rad/s^2 (pool), e_c = 0.85, nose at 63.5 % of the ball's
57.15 mm; WPA mouths 4.5 in (114.3 mm) corner and 5 in (127 mm) side, cut
angles 142 and 104 degrees, shelves 1 1/8 in (28.575 mm) and 3/16 in
(4.7625 mm); pyramid mouths 72 and 82 mm, ball 68 mm.
"""

from __future__ import annotations

import math

import pytest

from simulator.physics import collisions, cue_speed_for, simulate
from simulator.table.events import (
    REFERENCE_MODELS,
    BallMotion,
    EventKind,
    Phase,
    Stroke,
)
from simulator.table.geometry import cushion_pieces
from simulator.table.specs import TABLES, TableSpec, pool_table, pyramid_table
from simulator.table.state import TableState, Where

POOL = pool_table(9)
PYRAMID = pyramid_table()
R_POOL = 0.028575
R_PYRAMID = 0.034

# A soft stroke for the cue ball, put aside, when ball 1 is the subject.
SOFT = Stroke(90.0, 0.001)


def _moving(
    spec: TableSpec,
    at: tuple[float, float],
    v: tuple[float, float],
    w: tuple[float, float, float],
) -> tuple[TableState, dict[int, BallMotion]]:
    aside = (spec.length / 2 + 0.3, spec.width / 2 + 0.2)
    if math.dist(aside, at) < 0.2:
        aside = (spec.length / 2 - 0.3, spec.width / 2 - 0.2)
    state = TableState.from_positions(spec.name, {0: aside, 1: at})
    return state, {1: BallMotion((v[0], v[1], 0.0), w)}


def test_a_ball_rolled_at_1_m_s_would_stop_after_5_10_m() -> None:
    """3.2: d = v^2 / (2 mu_r g) = 1 / (2 x 0.01 x 9.81) = 5.097 m. The
    table is shorter: the deceleration is read from the speeds at the head
    string and the centre line of the pyramid table (0.8875 m apart), and
    the stopping distance from 1 m/s it implies must be 5.10 m within 1 %."""
    state, motion = _moving(
        PYRAMID, (0.3, 0.5), (1.0, 0.0), (0.0, 1.0 / R_PYRAMID, 0.0)
    )
    shot = simulate(state, SOFT, motion=motion)
    cross = [e for e in shot.of_kind(EventKind.LINE_CROSSED) if e.balls == (1,)]
    first, second = cross[0].snapshots[0], cross[1].snapshots[0]
    assert second.x - first.x == pytest.approx(0.8875, abs=1e-9)
    decel = (first.vx**2 - second.vx**2) / (2 * (second.x - first.x))
    assert 1.0 / (2 * decel) == pytest.approx(5.10, rel=0.01)
    # Rolling all the way: no slide before the foot rail.
    rail = next(e for e in shot.of_kind(EventKind.BALL_CUSHION) if e.balls == (1,))
    assert not [
        e
        for e in shot.events
        if e.balls == (1,) and e.phase_to is Phase.SLIDING and e.time < rail.time
    ]


def test_a_centre_hit_slides_for_2v_over_7_mu_s_g() -> None:
    """3.1: a ball at 1 m/s without spin slides 2 v / (7 mu_s g) = 0.1456 s
    and rolls on at 5/7 of its speed, 0.7143 m/s."""
    state, motion = _moving(POOL, (0.5, 0.6), (1.0, 0.0), (0.0, 0.0, 0.0))
    shot = simulate(state, SOFT, motion=motion)
    roll = next(
        e for e in shot.events if e.balls == (1,) and e.phase_to is Phase.ROLLING
    )
    assert roll.time == pytest.approx(2 / (7 * 0.2 * 9.81), rel=1e-6)
    assert roll.snapshots[0].vx == pytest.approx(5 / 7, rel=1e-6)


def test_side_spin_runs_out_at_10_9_rad_s2() -> None:
    """3.3: a ball spinning in place at 21.8 rad/s stops after 2 s."""
    state, motion = _moving(POOL, (1.0, 0.6), (0.0, 0.0), (0.0, 0.0, 21.8))
    shot = simulate(state, SOFT, motion=motion)
    stop = next(
        e for e in shot.events if e.balls == (1,) and e.phase_to is Phase.STATIONARY
    )
    assert stop.time == pytest.approx(2.0, rel=1e-6)


def test_a_head_on_cushion_hit_returns_0_85_along_the_contact_normal() -> None:
    """6: the contact normal points up at asin((h - R) / R) = 15.7 degrees
    for the nose at 63.5 % of the ball; a stun ball's speed along it comes
    back at e_c = 0.85; the slate takes the vertical part, so horizontally
    about 0.74 of the speed returns."""
    sin_t = (0.635 * 2 * R_POOL - R_POOL) / R_POOL
    assert math.degrees(math.asin(sin_t)) == pytest.approx(15.7, abs=0.05)
    cos_t = math.sqrt(1 - sin_t**2)
    normal = (cos_t, 0.0, sin_t)
    res = collisions.cushion_impulse(
        (1.0, 0.0, 0.0), (0.0, 0.0, 0.0), normal, 0.170, R_POOL, 0.85, 0.2
    )
    assert res is not None
    v_after, _ = res
    along = sum(a * n for a, n in zip(v_after, normal, strict=True))
    assert along / cos_t == pytest.approx(-0.85, rel=1e-9)
    # The whole world: a stun ball straight into the head rail from 5 cm
    # (it slides 12 v^2 / (49 mu_s g) = 12.5 cm before it would roll).
    # The reference laws: the default rails' e falls with speed.
    state, motion = _moving(POOL, (R_POOL + 0.05, 0.6), (-1.0, 0.0), (0.0, 0.0, 0.0))
    shot = simulate(state, SOFT, motion=motion, models=REFERENCE_MODELS)
    hit = next(e for e in shot.of_kind(EventKind.BALL_CUSHION) if e.balls == (1,))
    before = hit.speed
    assert before is not None
    assert hit.snapshots[0].vx / before == pytest.approx(0.74, abs=0.02)


@pytest.mark.parametrize(
    ("table", "corner", "side", "ball"),
    [
        ("pool_9ft", 0.1143, 0.1270, 2 * R_POOL),
        ("pool_8ft", 0.1143, 0.1270, 2 * R_POOL),
        ("pool_7ft", 0.1143, 0.1270, 2 * R_POOL),
        ("pyramid_12ft", 0.072, 0.082, 2 * R_PYRAMID),
    ],
)
def test_the_mouths_are_the_wpa_and_pyramid_figures(
    table: str, corner: float, side: float, ball: float
) -> None:
    """Jaw tip to jaw tip on the nose lines, for every pocket of the table."""
    spec = TABLES[table]
    assert spec.balls.diameter == pytest.approx(ball, abs=1e-9)
    for p in spec.pockets:
        want = corner if p.kind.value == "corner" else side
        assert math.dist(p.jaw_a, p.jaw_b) == pytest.approx(want, abs=1e-9), p.name


@pytest.mark.parametrize("table", ["pool_9ft", "pool_8ft", "pool_7ft"])
def test_pool_cut_angles_and_shelves_are_the_wpa_figures(table: str) -> None:
    """WPA: facings cut at 142 (corner) and 104 (side) degrees to the nose;
    the slate runs 1 1/8 in (corner) and 3/16 in (side) behind the mouth."""
    spec = TABLES[table]
    for p in spec.pockets:
        corner = p.kind.value == "corner"
        assert p.facing_angle_deg == pytest.approx(142.0 if corner else 104.0)
        assert p.drop_depth == pytest.approx(0.028575 if corner else 0.0047625)
    # The facings the physics collides with run at those angles: a facing
    # piece's direction against its rail.
    pieces = [pc for pc in cushion_pieces(spec) if pc.pocket and pc.a != pc.b]
    angles = set()
    for pc in pieces:
        dx, dy = pc.b[0] - pc.a[0], pc.b[1] - pc.a[1]
        ang = math.degrees(math.atan2(abs(dy), abs(dx)))
        angles.add(round(min(ang, 90 - ang), 3))
    # Corner facings 180 - 142 = 38 degrees from their rail (7 off the
    # pocket's axis); side facings 180 - 104 = 76 from it (14 off the axis).
    assert angles == {38.0, 14.0}


def _roll_to_lip(spec: TableSpec, pocket_name: str, depth: float) -> float:
    """Roll a ball straight down the pocket's axis so it would stop ``depth``
    behind the mouth line (v = sqrt(2 mu_r g d), mu_r = 0.01); return where
    it stopped (depth behind the mouth line), or inf if it dropped."""
    p = spec.pocket(pocket_name)
    (mx, my), (ix, iy) = p.mouth_centre, p.inward
    run = 0.30 + depth
    v = math.sqrt(2 * 0.01 * 9.81 * run)
    r = spec.balls.radius
    at = (mx - ix * 0.30, my - iy * 0.30)
    state, motion = _moving(spec, at, (v * ix, v * iy), (-v * iy / r, v * ix / r, 0.0))
    shot = simulate(state, SOFT, motion=motion)
    b = shot.final.ball(1)
    if b.where is Where.POCKETED:
        return math.inf
    return (b.x - mx) * ix + (b.y - my) * iy


@pytest.mark.parametrize(
    ("table", "pocket", "drop"),
    [
        ("pool_9ft", "foot_left", 0.028575),
        ("pool_9ft", "side_right", 0.0047625),
        ("pool_7ft", "head_right", 0.028575),
        ("pool_8ft", "side_left", 0.0047625),
        ("pyramid_12ft", "foot_right", 0.030),
        ("pyramid_12ft", "side_left", 0.025),
    ],
)
def test_a_slow_ball_stops_on_the_lip_and_is_caught_past_the_drop_line(
    table: str, pocket: str, drop: float
) -> None:
    """Reference.md 7: a ball stopping 1 mm short of the drop line stays on
    the lip where it stopped; one that would stop 1 mm past it drops."""
    spec = TABLES[table]
    stopped = _roll_to_lip(spec, pocket, drop - 0.001)
    assert stopped == pytest.approx(drop - 0.001, abs=2e-4)
    assert _roll_to_lip(spec, pocket, drop + 0.001) == math.inf


def test_break_speed_and_cue_stroke_figures() -> None:
    """4: v = (1 + e_tip) V / (1 + m/M + 5/2 (a^2 + b^2)): a centre hit at
    5 m/s with e_tip 0.75, m 0.17 kg, M 0.54 kg leaves at 6.655 m/s; with
    b = 0.4 at 5.103 m/s."""
    state = TableState.from_positions(POOL.name, {0: (0.5, 0.635)})
    shot = simulate(state, Stroke(0.0, 5.0))
    assert shot.events[0].speed == pytest.approx(6.6549, abs=1e-4)
    shot = simulate(state, Stroke(0.0, 5.0, 0.0, 0.4))
    assert shot.events[0].speed == pytest.approx(5.1026, abs=1e-4)
    v = cue_speed_for(6.6549, 0.0, 0.0, POOL.balls, POOL.physics)
    assert v == pytest.approx(5.0, abs=1e-4)


@pytest.mark.parametrize("short_of_rest", [0.30, 0.05, 0.01])
def test_a_ball_rolling_to_rest_crosses_a_line_near_its_end(
    short_of_rest: float,
) -> None:
    """3.2: rolling at 0.4 m/s the ball stops after d = 0.4^2 / (2 x 0.01 x
    9.81) = 0.8155 m. Started so that the centre line (x = L/2) lies d -
    short_of_rest ahead, it crosses it once, at t = (v - sqrt(v^2 - 2 a s)) / a
    with a = 0.0981 m/s^2 (within 1 %), and comes to rest d on; started so
    that it stops 2 cm short of the line, it never crosses it."""
    v, a = 0.4, 0.01 * 9.81
    d = v * v / (2 * a)
    s = d - short_of_rest
    x0 = POOL.length / 2 - s
    y = 0.35  # clear of the long string
    state, motion = _moving(POOL, (x0, y), (v, 0.0), (0.0, v / R_POOL, 0.0))
    shot = simulate(state, SOFT, motion=motion)
    crossed = [e for e in shot.of_kind(EventKind.LINE_CROSSED)
               if e.balls == (1,) and e.line == "centre_line"]
    assert len(crossed) == 1
    assert crossed[0].direction == 1
    t_expected = (v - math.sqrt(v * v - 2 * a * s)) / a
    assert crossed[0].time == pytest.approx(t_expected, rel=0.01)
    end = shot.final.ball(1)
    assert end.x == pytest.approx(x0 + d, rel=0.01)
    # Stopping 2 cm short of the centre line: no crossing of it.
    x1 = POOL.length / 2 - d - 0.02
    state, motion = _moving(POOL, (x1, y), (v, 0.0), (0.0, v / R_POOL, 0.0))
    short = simulate(state, SOFT, motion=motion)
    assert not [e for e in short.of_kind(EventKind.LINE_CROSSED)
                if e.balls == (1,) and e.line == "centre_line"]
    assert short.final.ball(1).x < POOL.length / 2


def test_a_sliding_ball_crosses_a_line_met_late_in_its_slide() -> None:
    """3.1: struck without spin at 3 m/s the ball slides for 2v / (7 mu_s g)
    = 0.437 s, decelerating at mu_s g = 1.962 m/s^2, over 1.124 m. The centre
    line 1.0 m ahead is crossed during the slide (the segment ends while the
    ball still moves), at t = (3 - sqrt(9 - 2 x 1.962 x 1.0)) / 1.962 =
    0.3807 s, within 1 %."""
    v, a = 3.0, 0.2 * 9.81
    x0 = POOL.length / 2 - 1.0
    state, motion = _moving(POOL, (x0, 0.35), (v, 0.0), (0.0, 0.0, 0.0))
    shot = simulate(state, SOFT, motion=motion)
    crossed = [e for e in shot.of_kind(EventKind.LINE_CROSSED)
               if e.balls == (1,) and e.line == "centre_line"]
    assert crossed and crossed[0].direction == 1
    t_expected = (v - math.sqrt(v * v - 2 * a * 1.0)) / a
    assert t_expected == pytest.approx(0.3807, abs=1e-4)
    assert crossed[0].time == pytest.approx(t_expected, rel=0.01)
    assert crossed[0].snapshots[0].phase is Phase.SLIDING
