"""Strokes at the edges of what a player can do, and what the log must say."""

from __future__ import annotations

import math
import random

import pytest

from simulator.physics import ShotStream, simulate
from simulator.table.events import BallMotion, EventKind, Phase, Shot, Stroke
from simulator.table.specs import (
    TableSpec,
    pyramid_table,
    rack_positions,
    table_by_name,
)
from simulator.table.state import TableState, Where
from tests.physics.helpers import POOL, shoot

PYRAMID = pyramid_table()
R = POOL.balls.radius
E_T = POOL.physics.e_slate


@pytest.mark.parametrize(("a", "b"), [(0.7, 0.0), (0.0, 0.7), (0.0, -0.7)])
@pytest.mark.parametrize("follow", [0.05, 0.3])
def test_a_miscue_is_not_a_double_hit(a: float, b: float, follow: float) -> None:
    """The slipping tip slides past the ball (reference.md 4, miscue): the
    stroke is flagged, but the cue ball is touched once, not twice."""
    state = TableState.from_positions(POOL.name, {0: (1.0, 0.6)})
    shot = simulate(state, Stroke(0.0, 3.0, a, b, follow_through=follow))
    assert shot.events[0].miscue is True
    assert not [
        e for e in shot.events if e.kind is EventKind.TIP_CONTACT and 0 in e.balls
    ]


def test_the_largest_tip_offset_is_accepted_in_every_direction() -> None:
    """0.95 R off centre is a legal stroke whichever way it points, though
    0.95 cos(t), 0.95 sin(t) may round a hair beyond 0.95."""
    state = TableState.from_positions(POOL.name, {0: (1.0, 0.6)})
    for k in range(12):
        t = math.radians(7.0 + 30.0 * k)
        a, b = 0.95 * math.cos(t), 0.95 * math.sin(t)
        shot = simulate(state, Stroke(10.0 * k, 2.0, a, b))
        assert shot.events[0].miscue is True


# A cue ball put far from everything and struck as softly as a stroke can
# be: the shots below are about another ball, set moving by itself.
_ASIDE = {0: (0.1, 0.1)}
_SOFT = Stroke(225.0, 0.001)


def _flying_shot(
    spec: TableSpec,
    ball: int,
    at: tuple[float, float],
    height: float,
    v: tuple[float, float, float],
    others: dict[int, tuple[float, float]] | None = None,
) -> Shot:
    """A ball in flight at ``at`` and ``height``, moving at v."""
    state = TableState.from_positions(spec.name, {**_ASIDE, **(others or {}), ball: at})
    return simulate(state, _SOFT, motion={ball: BallMotion(v, height=height)})


def _energy(spec: TableSpec, shot: Shot, ball: int) -> list[float]:
    """The ball's energy at every event that shows it (it only falls between
    events: friction)."""
    m, r, g = spec.balls.mass, spec.balls.radius, spec.physics.gravity
    inertia = 0.4 * m * r * r
    out = []
    for e in shot.events:
        s = e.snapshot(ball)
        if s is None:
            continue
        out.append(
            0.5 * m * (s.vx**2 + s.vy**2 + s.vz**2)
            + 0.5 * inertia * (s.wx**2 + s.wy**2 + s.wz**2)
            + m * g * (s.z - r)
        )
    return out


@pytest.mark.parametrize("height", [1.5, 2.0, 2.5])
@pytest.mark.parametrize("speed", [5.0, 8.0])
def test_a_ball_flying_low_into_a_pocket_drops_in_it(
    height: float, speed: float
) -> None:
    """A flying ball whose bottom is below the rail top cannot clear the back
    of the pocket it flies into (reference.md 7, airborne balls): it is
    pocketed, never lifted onto the rail and sent to the floor."""
    pocket = POOL.pocket("foot_left")
    (mx, my), (ix, iy) = pocket.mouth_centre, pocket.inward
    shot = _flying_shot(
        POOL,
        1,
        (mx - 0.1 * ix, my - 0.1 * iy),
        height * R,
        (speed * ix, speed * iy, 0.0),
    )
    top = max(row[3] for f in shot.frames for row in f.balls if row[0] == 1)
    assert top <= height * R  # never lifted
    assert shot.final.ball(1).where is Where.POCKETED
    assert not shot.of_kind(EventKind.LEFT_TABLE)


@pytest.mark.parametrize("speed", [0.8, 3.0, 9.0])
def test_a_line_crossing_carries_the_ball_where_it_crossed(speed: float) -> None:
    """Every event carries the ball's state at its time: crossing the head
    string, the ball's centre is on the string, not a step further on."""
    state = TableState.from_positions(POOL.name, {0: (0.30, 0.4)})
    shot = simulate(state, Stroke(20.0, speed))
    crossing = next(e for e in shot.events if e.kind is EventKind.LINE_CROSSED)
    assert crossing.line == "head_string" and crossing.direction == 1
    assert crossing.snapshots[0].x == pytest.approx(POOL.head_string_x, abs=1e-5)


def test_a_ball_rolling_back_off_the_rail_never_lands_inside_another() -> None:
    """General rule 23: a ball that lands on the rail and rolls back is in
    play. Where it comes back a ball may lie frozen to the cushion: the two
    must not end up inside each other (a ball never passes through a ball)."""
    frozen = (POOL.length - R, 0.6)
    shot = _flying_shot(
        POOL,
        2,
        (POOL.length + 0.03, 0.6),
        POOL.rail_top_height + R + 0.01,
        (-0.8, 0.0, -0.2),
        others={1: frozen},
    )
    kinds = [e.kind for e in shot.events if 2 in e.balls]
    assert EventKind.LANDED in kinds and EventKind.LEFT_TABLE not in kinds
    final = shot.final
    assert final.ball(2).where is Where.TABLE
    landed = next(e for e in shot.events if e.kind is EventKind.LANDED)
    for f in shot.frames:
        if f.time < landed.time:
            continue
        rows = {b: (x, y) for b, x, y, _ in f.balls}
        assert math.dist(rows[2], rows[1]) >= 2 * R - 1e-6
    assert math.dist(final.ball(2).pos, final.ball(1).pos) >= 2 * R - 1e-6


@pytest.mark.parametrize(("a", "b"), [(0.0, -0.45), (0.45, 0.0), (0.0, 0.45)])
@pytest.mark.parametrize("contact_time", [0.01, 0.2])
@pytest.mark.parametrize("room", [0.01, 0.3])
def test_a_push_into_a_cushion_makes_no_energy(
    a: float, b: float, contact_time: float, room: float
) -> None:
    """A long tip contact (a push, general rule 21) drives the ball with the
    cue; the balls never hold more energy than the cue brought, however the
    ball comes back off a cushion into the tip."""
    cue_mass, speed = POOL.physics.cue_mass, 15.0
    x = POOL.length - R - room
    shot = simulate(
        TableState.from_positions(POOL.name, {0: (x, 0.6)}),
        Stroke(0.0, speed, a, b, follow_through=0.5, contact_time=contact_time),
    )
    assert max(_energy(POOL, shot, 0)) <= 0.5 * cue_mass * speed**2


@pytest.mark.parametrize(
    ("table", "x", "y", "z", "v"),
    [
        # Over the cushion top beside a corner pocket, below the rail top.
        ("pyramid_12ft", 0.0001, 0.0508, 0.0762, (-0.238, 0.0748, -0.158)),
        # Over the nose of the foot rail, the bottom between nose and rail top.
        ("pool_9ft", 2.49, 0.6, 0.0373 + R, (1.0, 0.0, 0.0)),
        ("pool_9ft", 2.49, 0.6, 0.0433 + R, (3.0, 0.0, 0.0)),
        ("pool_9ft", 2.49, 0.6, 0.0498 + R, (1.0, 0.0, 0.0)),
    ],
)
def test_a_ball_over_the_cushion_top_gains_no_energy(
    table: str, x: float, y: float, z: float, v: tuple[float, float, float]
) -> None:
    """A flying ball that comes over the cushion below the rail top is never
    lifted onto the rail, nor held there while it gathers speed (8.2)."""
    spec = table_by_name(table)
    shot = _flying_shot(spec, 3, (x, y), z, v)
    energy = _energy(spec, shot, 3)
    assert len(energy) >= 2
    assert max(energy) <= energy[0] + 1e-12


def test_a_landing_carries_the_state_after_the_bounce() -> None:
    """8.3: the slate sends the ball back up at e_t times its impact speed;
    the landed event carries that, and its speed field the impact's."""
    shot = shoot(POOL, {0: (0.5, 0.635)}, 0.0, 4.0, elevation=45.0)
    landings = [e for e in shot.events if e.kind is EventKind.LANDED]
    assert landings
    for e in landings:
        assert e.speed is not None and e.speed < 0.0
        after = e.snapshots[0].vz
        assert after >= 0.0
        assert after == 0.0 or after == pytest.approx(-E_T * e.speed, rel=1e-9)


def test_no_ball_moves_in_the_log_before_its_first_contact() -> None:
    """A break: in the time-ordered log, every object ball's first motion
    event comes after its first ball-ball contact (the cause comes first)."""
    slots = rack_positions(POOL)
    positions = {i + 1: p for i, p in enumerate(slots)}
    positions[0] = (POOL.head_string_x - 0.1, POOL.width / 2 + 0.003)
    state = TableState.from_positions(POOL.name, positions)
    shot = simulate(state, Stroke(0.0, 9.0))
    for ball in range(1, 16):
        kinds = [e.kind for e in shot.events if ball in e.balls]
        assert kinds, ball
        assert kinds[0] is EventKind.BALL_BALL, (ball, kinds[:3])


def _crowded(rng: random.Random, spec: TableSpec) -> dict[int, tuple[float, float]]:
    """Up to 16 balls where play leaves them: frozen to a cushion, frozen to
    another ball, or anywhere."""
    r, length, width = spec.balls.radius, spec.length, spec.width
    pos: dict[int, tuple[float, float]] = {}
    for ball in range(rng.randint(2, 16)):
        for _ in range(50):
            kind, t = rng.random(), rng.random()
            if kind < 0.3:
                p = rng.choice(
                    [
                        (r, r + t * (width - 2 * r)),
                        (length - r, r + t * (width - 2 * r)),
                        (r + t * (length - 2 * r), r),
                        (r + t * (length - 2 * r), width - r),
                    ]
                )
            elif kind < 0.6 and pos:
                q = rng.choice(list(pos.values()))
                a = 2 * math.pi * t
                p = (q[0] + 2 * r * math.cos(a), q[1] + 2 * r * math.sin(a))
            else:
                p = (rng.uniform(r, length - r), rng.uniform(r, width - r))
            if spec.on_bed(*p) and all(math.dist(p, q) >= 2 * r for q in pos.values()):
                pos[ball] = p
                break
    return pos


@pytest.mark.parametrize("seed", range(80))
def test_the_balls_never_gain_energy_without_the_stick(seed: int) -> None:
    """Reference.md 9: E = sum 1/2 m v^2 + 1/2 I w^2 + m g (z - R) never
    rises once the cue has left (no follow-through, so the stick adds
    nothing), whatever the balls meet: balls, cushions, jaws, the slate;
    in particular a ball set moving inside a step has its velocity and its
    closed-form spin at the same time."""
    rng = random.Random(seed)
    spec = PYRAMID if seed % 3 == 0 else POOL
    pos = _crowded(rng, spec)
    if 0 not in pos:
        return
    off, ang = 0.5 * rng.random(), rng.uniform(0.0, 2 * math.pi)
    stroke = Stroke(
        rng.uniform(0.0, 360.0),
        rng.uniform(0.3, 15.0),
        off * math.cos(ang),
        off * math.sin(ang),
        rng.choice([0.0, 0.0, rng.uniform(0.0, 89.0)]),
        follow_through=0.0,
    )
    state = TableState.from_positions(spec.name, pos)
    stream = ShotStream(state, stroke, audit=True)
    stream.run_to_end()
    assert stream.stats.max_energy_gain < 1e-9


@pytest.mark.parametrize(("elevation", "speed"), [(20.0, 4.0), (25.0, 2.5)])
def test_a_ball_that_lands_and_settles_slides_on_from_where_it_landed(
    elevation: float, speed: float
) -> None:
    """8.2-8.3 then 3.1: from the bounce that settles it, the ball slides by
    the closed form, r(T) = r0 + v0 T - 1/2 mu_s g T^2 u_hat, to where it
    starts to roll; it loses no time at the landing."""
    shot = shoot(POOL, {0: (0.3, 0.635)}, 0.0, speed, elevation=elevation)
    landed = [e for e in shot.events if e.kind is EventKind.LANDED][-1]
    settle = next(
        e
        for e in shot.events
        if e.kind is EventKind.MOTION
        and e.time == landed.time
        and e.phase_to is Phase.SLIDING
    )
    roll = next(
        e
        for e in shot.events
        if e.kind is EventKind.MOTION
        and e.time > landed.time
        and e.phase_to is Phase.ROLLING
    )
    s0, s1 = settle.snapshots[0], roll.snapshots[0]
    t = roll.time - settle.time
    ux = s0.vx - R * s0.wy
    mu_g = POOL.physics.mu_slide * POOL.physics.gravity
    expected = s0.x + s0.vx * t - 0.5 * mu_g * t * t * math.copysign(1.0, ux)
    assert all(e.time > roll.time for e in shot.of_kind(EventKind.BALL_CUSHION))
    assert s1.x == pytest.approx(expected, abs=2.5e-4)


@pytest.mark.parametrize(
    ("x", "elevation", "most"),
    [(1.0, 89.0, 2500), (POOL.length - 0.15, 45.0, 800)],
)
def test_a_ball_high_in_the_air_or_beyond_the_rail_takes_long_steps(
    x: float, elevation: float, most: int
) -> None:
    """The step is sized for what a ball can meet: far above the table, or
    falling beside it to the floor, it meets nothing, and its landing is
    solved exactly, so a 15 m/s stroke straight up (about 5 m of flight)
    or off the table costs few steps, and lands where it should."""
    stream = ShotStream(
        TableState.from_positions(POOL.name, {0: (x, 0.635)}),
        Stroke(0.0, 15.0, elevation=elevation),
    )
    shot = stream.run_to_end()
    assert stream.stats.steps < most
    kinds = [e.kind for e in shot.events]
    assert (EventKind.LEFT_TABLE in kinds) == (x > 2.0)
    up = next(e for e in shot.events if e.kind is EventKind.AIRBORNE)
    down = next(e for e in shot.events if e.kind.value in ("landed", "left_table"))
    assert up.speed is not None
    if x < 2.0:  # straight up and down: the flight time of 8.3
        assert down.time - up.time == pytest.approx(2 * up.speed / 9.81, rel=1e-6)
