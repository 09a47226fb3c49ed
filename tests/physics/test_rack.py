"""Frozen balls struck together: a line behaves like a Newton's cradle, a rack
spreads. Expected numbers come from the cluster model of
collisions.cluster_impulses (Hertz contacts with e = 0.95), not from runs."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.physics import ShotStream, cue_speed_for
from simulator.physics.collisions import cluster_impulses
from simulator.table.events import EventKind, Stroke
from simulator.table.specs import rack_positions
from simulator.table.state import TableState, Where
from tests.physics.helpers import POOL

R = POOL.balls.radius
M = POOL.balls.mass
E = POOL.physics.e_ball

# The model's answer for a ball at v into three frozen balls in a line,
# e = 0.95 (a Hertzian chain disperses a little; pairwise impacts would give
# 0.025, 0.024, 0.023, 0.927 v and rigid simultaneous impulses -1/3, 0, 2/3,
# 2/3 v at e = 1).
CRADLE = (-0.040, -0.002, 0.114, 0.927)


def _line(gap: float = 1e-9) -> list[tuple[int, int, float, float, float]]:
    return [(0, 1, 1.0, 0.0, 0.0), (1, 2, 1.0, 0.0, gap), (2, 3, 1.0, 0.0, gap)]


def test_cradle_model_values() -> None:
    res = cluster_impulses(
        [(2.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)], _line(), M, R, E
    )
    for (vx, vy), want in zip(res.velocities, CRADLE, strict=True):
        assert vx / 2.0 == pytest.approx(want, abs=0.002)
        assert vy == 0.0
    # The wave runs down the line: each contact pushes after the one before.
    assert res.first_push[0] < res.first_push[1] < res.first_push[2]


def test_an_isolated_pair_parts_at_e_times_its_approach() -> None:
    """The unloading branch returns e^2 of the stored energy at any speed."""
    for speed in (0.3, 2.0, 9.0):
        res = cluster_impulses(
            [(speed, 0.0), (0.0, 0.0)], [(0, 1, 1.0, 0.0, 0.0)], M, R, E
        )
        (v1, _), (v2, _) = res.velocities
        assert (v2 - v1) / speed == pytest.approx(E, abs=0.002)
        assert v1 + v2 == pytest.approx(speed, abs=1e-12)


def _rack_cluster() -> tuple[
    list[tuple[float, float]], list[tuple[int, int, float, float, float]]
]:
    slots = rack_positions(POOL)
    apex = slots[0]
    off = 0.003  # a real break never meets the apex dead centre
    cue = (apex[0] - math.sqrt((2 * R) ** 2 - off**2), apex[1] - off)
    pts = [cue, *slots]
    contacts = []
    for i, p in enumerate(pts):
        for j in range(i + 1, len(pts)):
            q = pts[j]
            d = math.dist(p, q)
            if d - 2 * R < 5e-6:
                contacts.append(
                    (i, j, (q[0] - p[0]) / d, (q[1] - p[1]) / d, max(d - 2 * R, 0.0))
                )
    return [(8.0, 0.0)] + [(0.0, 0.0)] * 15, contacts


def test_rack_solve_conserves_momentum_and_loses_energy() -> None:
    vel, contacts = _rack_cluster()
    res = cluster_impulses(vel, contacts, M, R, E)
    px = sum(v[0] for v in res.velocities)
    py = sum(v[1] for v in res.velocities)
    assert px == pytest.approx(8.0, abs=1e-9)
    assert py == pytest.approx(0.0, abs=1e-9)
    ke_in = sum(vx * vx + vy * vy for vx, vy in vel)
    ke_out = sum(vx * vx + vy * vy for vx, vy in res.velocities)
    assert 0.7 * ke_in < ke_out <= ke_in
    assert all(j >= 0.0 for j in res.impulses)  # contacts push, never pull
    # Every object ball is set moving, and no two of them take most of it.
    speeds = sorted(math.hypot(*v) for v in res.velocities[1:])
    assert speeds[0] > 0.0
    ke = [s * s for s in speeds]
    assert (ke[-1] + ke[-2]) / sum(ke) < 0.7


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    st.lists(
        st.tuples(st.floats(-5.0, 5.0), st.floats(-5.0, 5.0)), min_size=4, max_size=4
    )
)
def test_any_cluster_solve_keeps_momentum_and_never_adds_energy(
    vel: list[tuple[float, float]],
) -> None:
    # A diamond of four frozen balls (two triangles sharing a side).
    c = math.sqrt(3) / 2
    contacts = [
        (0, 1, 0.5, c, 0.0),
        (0, 2, 1.0, 0.0, 0.0),
        (1, 2, 0.5, -c, 0.0),
        (1, 3, 1.0, 0.0, 0.0),
        (2, 3, 0.5, c, 0.0),
    ]
    res = cluster_impulses(vel, contacts, M, R, E)
    for k in range(2):
        before = sum(v[k] for v in vel)
        after = sum(v[k] for v in res.velocities)
        assert after == pytest.approx(before, abs=1e-9)
    ke_in = sum(vx * vx + vy * vy for vx, vy in vel)
    ke_out = sum(vx * vx + vy * vy for vx, vy in res.velocities)
    assert ke_out <= ke_in * (1 + 1e-12) + 1e-15
    # Afterwards no contact still approaches (each pushed until it parted).
    for a, b, nx, ny, _ in contacts:
        va, vb = res.velocities[a], res.velocities[b]
        assert (va[0] - vb[0]) * nx + (va[1] - vb[1]) * ny <= 1e-6


def test_cue_ball_into_three_frozen_balls_on_the_table() -> None:
    """The whole world: a stun hit into a frozen line of three."""
    y = POOL.width / 2
    positions = {0: (1.2, y)} | {i: (1.5 + 2 * R * (i - 1), y) for i in (1, 2, 3)}
    stream = ShotStream(
        TableState.from_positions(POOL.name, positions),
        Stroke(0.0, cue_speed_for(3.0, 0.0, 0.0, POOL.balls, POOL.physics)),
        audit=True,
    )
    shot = stream.run_to_end()
    contacts = [e for e in shot.events if e.kind is EventKind.BALL_BALL]
    assert [e.balls for e in contacts[:3]] == [(0, 1), (1, 2), (2, 3)]
    # Each ball's velocity just after the wave (the contacts' snapshots).
    v = []
    for b in range(4):
        snap = next(e.snapshot(b) for e in contacts if b in e.balls)
        assert snap is not None
        v.append((snap.vx, snap.vy))
    total = sum(vx for vx, _ in v)  # the cue ball's speed at the touch
    assert total > 2.5
    for (vx, vy), want in zip(v, CRADLE, strict=True):
        assert vx / total == pytest.approx(want, abs=0.01)
        assert abs(vy) < 1e-9
    assert stream.stats.max_energy_gain < 1e-9


def _break(offset: float) -> ShotStream:
    slots = rack_positions(POOL)
    positions = {i + 1: p for i, p in enumerate(slots)}
    positions[0] = (POOL.head_string_x - 0.1, POOL.width / 2 + offset)
    return ShotStream(
        TableState.from_positions(POOL.name, positions),
        Stroke(0.0, cue_speed_for(8.0, 0.0, 0.0, POOL.balls, POOL.physics)),
        frame_dt=0.001,
        audit=True,
    )


def test_break_spreads_the_rack() -> None:
    """An 8 m/s break a few millimetres off centre: at 0.35 s at least four
    object balls still move faster than 1 m/s and the two fastest hold under
    70 % of the object balls' energy (a chain-by-chain cascade left about 80 %
    in the two back corner balls); then at least 8 object balls reach a
    cushion and, at rest, they lie on average over 0.6 m from where the rack
    stood (the cascade: about 0.45 m)."""
    slots = rack_positions(POOL)
    centre = (
        sum(p[0] for p in slots) / len(slots),
        sum(p[1] for p in slots) / len(slots),
    )
    for offset in (0.002, -0.004):
        stream = _break(offset)
        shot = stream.run_to_end()
        at = {
            round(f.time, 6): {b: (x, y) for b, x, y, _ in f.balls} for f in shot.frames
        }
        now, then = at[0.35], at[0.351]
        speeds = sorted(
            math.dist(now[b], then[b]) / 0.001 for b in now if b != 0 and b in then
        )
        ke = [s * s for s in speeds]
        assert sum(s > 1.0 for s in speeds) >= 4
        assert (ke[-1] + ke[-2]) / sum(ke) < 0.7
        assert stream.stats.max_energy_gain < 1e-9
        cushions = {
            e.balls[0]
            for e in shot.events
            if e.kind is EventKind.BALL_CUSHION and e.balls[0] != 0
        }
        assert len(cushions) >= 8
        rest = [
            math.dist(b.pos, centre)
            for b in shot.final.balls
            if b.ball and b.where is Where.TABLE
        ]
        assert sum(rest) / len(rest) > 0.6
