"""Small builders for physics cases: positions in, measured numbers out."""

from __future__ import annotations

import math

from simulator.physics import cue_speed_for, simulate
from simulator.table.events import Event, EventKind, Phase, Shot, Stroke
from simulator.table.specs import TableSpec, pool_table
from simulator.table.state import TableState

POOL = pool_table(9)
G = 9.81


def shoot(
    spec: TableSpec,
    positions: dict[int, tuple[float, float]],
    direction: float,
    ball_speed: float,
    a: float = 0.0,
    b: float = 0.0,
    elevation: float = 0.0,
    audit: bool = False,
    models: str | None = None,
) -> Shot:
    """Strike the cue ball so that it leaves the tip at `ball_speed` m/s
    (with the contact laws named ``models``, the default ones if None)."""
    state = TableState.from_positions(spec.name, positions)
    v = cue_speed_for(ball_speed, a, b, spec.balls, spec.physics)
    return simulate(
        state, Stroke(direction, v, a, b, elevation), audit=audit, models=models
    )


def first(
    shot: Shot,
    kind: EventKind,
    ball: int | None = None,
    after: float = -1.0,
    **fields: object,
) -> Event:
    for e in shot.events:
        if e.kind is not kind or e.time <= after:
            continue
        if ball is not None and ball not in e.balls:
            continue
        if all(getattr(e, k) == v for k, v in fields.items()):
            return e
    raise AssertionError(f"no {kind.value} event for ball {ball} after {after}")


def heading(vx: float, vy: float) -> float:
    return math.degrees(math.atan2(vy, vx))


def angle_between(a: tuple[float, float], b: tuple[float, float]) -> float:
    d = abs(heading(*a) - heading(*b)) % 360.0
    return min(d, 360.0 - d)


def cut_setup(
    spec: TableSpec,
    cut_deg: float,
    gap: float = 0.30,
    object_at: tuple[float, float] | None = None,
) -> tuple[dict[int, tuple[float, float]], float]:
    """Cue ball `gap` metres before a contact that cuts the 1 at `cut_deg`.

    The cue ball travels along +x; the ghost-ball position is offset so the
    line of centres at contact makes `cut_deg` with the travel direction.
    """
    r = spec.balls.radius
    ox, oy = object_at or (spec.length * 0.55, spec.width / 2)
    phi = math.radians(cut_deg)
    # Ghost ball: the cue ball's centre at contact, 2R from the object ball.
    gx, gy = ox - 2 * r * math.cos(phi), oy - 2 * r * math.sin(phi)
    return {0: (gx - gap, gy), 1: (ox, oy)}, 0.0


def rolling_after(shot: Shot, ball: int, after: float) -> Event:
    return first(shot, EventKind.MOTION, ball, after=after, phase_to=Phase.ROLLING)
