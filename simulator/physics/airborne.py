"""The height layer (reference.md section 8): flight, slate bounces, cushion
noses met in the air, and where a ball that leaves the bed comes down.

Pure functions; world.py keeps z and v_z per ball and calls these for the few
balls that are in the air.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from simulator.physics.collisions import Vec3
from simulator.table.specs import TableSpec

SETTLE_RISE = 0.005  # a bounce that would rise less than this settles (8.2)
RAIL_FRICTION = 0.15  # a ball sliding on the wooden rail top


def rise_height(vz: float, g: float) -> float:
    return vz * vz / (2.0 * g) if vz > 0.0 else 0.0


@dataclass(frozen=True)
class Bounce:
    velocity: Vec3  # after the bounce (v_z >= 0)
    spin: Vec3
    settled: bool  # too small a rebound to leave the slate again


def slate_bounce(
    v: Vec3, w: Vec3, radius: float, e_slate: float, mu: float, g: float
) -> Bounce:
    """v_z' = -e_t v_z; the slip gets the friction impulse of 8.3."""
    vz = v[2]
    vx, vy = v[0], v[1]
    ux, uy = vx - radius * w[1], vy + radius * w[0]
    u = math.hypot(ux, uy)
    wx, wy, wz = w
    if u > 0.0 and vz < 0.0:
        dv = min(mu * (1.0 + e_slate) * abs(vz), 2.0 / 7.0 * u)
        dvx, dvy = -dv * ux / u, -dv * uy / u
        vx += dvx
        vy += dvy
        k = 5.0 / (2.0 * radius)
        wx += k * dvy
        wy -= k * dvx
    up = -e_slate * vz if vz < 0.0 else vz
    settled = rise_height(up, g) < SETTLE_RISE
    return Bounce((vx, vy, 0.0 if settled else up), (wx, wy, wz), settled)


class Ground(StrEnum):
    BED = "bed"
    RAIL = "rail"
    FLOOR = "floor"


def outside_distance(
    spec: TableSpec, x: float, y: float
) -> tuple[float, tuple[float, float]]:
    """How far (x, y) lies beyond the cushion-nose rectangle, and the outward
    normal of the nearest side (zero distance inside)."""
    best = 0.0
    normal = (0.0, 0.0)
    for d, n in (
        (-x, (-1.0, 0.0)),
        (x - spec.length, (1.0, 0.0)),
        (-y, (0.0, -1.0)),
        (y - spec.width, (0.0, 1.0)),
    ):
        if d > best:
            best, normal = d, n
    return best, normal


def ground_under(spec: TableSpec, x: float, y: float) -> Ground:
    """What a ball centre at (x, y) would come down on: the bed (or a pocket
    mouth), the top of the rail, or the floor beyond it."""
    out, _ = outside_distance(spec, x, y)
    if out <= 0.0:
        return Ground.BED
    for p in spec.pockets:
        mx, my = p.mouth_centre
        if math.dist((x, y), (mx, my)) < p.mouth_width / 2 + 0.01:
            return Ground.BED  # over the pocket: the pocket check decides
    if out <= spec.rail_width:
        return Ground.RAIL
    return Ground.FLOOR


def rail_outcome(
    spec: TableSpec, x: float, y: float, vx: float, vy: float, g: float
) -> Ground:
    """A ball that came down on the rail top: it slides to a stop there, over
    the outer edge to the floor, or back over the nose onto the bed (it is then
    in play, general rule 23)."""
    out, n = outside_distance(spec, x, y)
    v_out = vx * n[0] + vy * n[1]
    reach = v_out * v_out / (2.0 * RAIL_FRICTION * g)
    if v_out > 0.0 and reach > spec.rail_width - out:
        return Ground.FLOOR
    if v_out < 0.0 and reach > out:
        return Ground.BED
    return Ground.RAIL
