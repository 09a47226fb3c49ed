"""Pockets: the drop line, the fall, the back of the pocket.

A ball whose centre passes a pocket's drop line (where the slate ends) is
not gone yet: it starts to fall, and keeps moving over the hole while it
does. It is caught once it has fallen ``CAUGHT_DROP`` below the slate
(about 60 ms); until then the jaw facings, which run on below the slate,
and the back of the pocket can still send it back. A fast ball reaches
the back in time and comes back off it; if it comes back over the drop
line with the energy to climb the few millimetres it fell, it is back on
the table (a ball spat out). So the pocket takes slow balls anywhere
between its facings and refuses fast ones that meet a facing or the back,
which is what makes real pockets play smaller at speed.

All instants are found in closed form from the ball's segment.
"""

from __future__ import annotations

import math

from simulator.physics.balls import Ball
from simulator.table.specs import Pocket, TableSpec

Vec2 = tuple[float, float]

# How far below the slate a falling ball is caught: it can no longer climb
# back over the slate's edge.
CAUGHT_DROP = 0.6  # in ball radii: about 60 ms of falling
# The back of the pocket (the rail's cut and its liner) takes most of a
# hit: restitution falling with speed, and some friction along it.
BACK_RESTITUTION = 0.55
BACK_SOFTEN = 3.0  # m/s: e = BACK_RESTITUTION / (1 + v / BACK_SOFTEN)
BACK_FRICTION = 0.25


def depth_lateral(pocket: Pocket, p: Vec2) -> tuple[float, float]:
    """Depth behind the mouth line and signed offset from the pocket axis."""
    mx, my = pocket.mouth_centre
    ix, iy = pocket.inward
    dx, dy = p[0] - mx, p[1] - my
    return dx * ix + dy * iy, dx * -iy + dy * ix


def _first_root(c0: float, c1: float, c2: float, lo: float, hi: float) -> float | None:
    """The first tau in (lo, hi] with c0 + c1 tau + c2 tau^2 = 0, crossing
    from negative to positive (the quadratic rising through zero)."""
    roots: list[float] = []
    if abs(c2) < 1e-300:
        if c1 != 0.0:
            roots.append(-c0 / c1)
    else:
        disc = c1 * c1 - 4.0 * c2 * c0
        if disc < 0.0:
            return None
        sq = math.sqrt(disc)
        # Numerically stable pair of roots.
        q = -0.5 * (c1 + math.copysign(sq, c1))
        if q != 0.0:
            roots += [q / c2, c0 / q]
        else:
            roots.append(-c1 / (2.0 * c2))
    best = None
    for r in roots:
        if lo < r <= hi and c1 + 2.0 * c2 * r > 0.0 and (best is None or r < best):
            best = r
    return best


# Each table's pockets with what drop_time reads of them, worked out once:
# (pocket, mouth centre x, y, inward x, y, drop depth, mouth width). Keyed by
# the spec's id, the spec kept with it so the id stays its own.
_Row = tuple[Pocket, float, float, float, float, float, float]
_TABLES: dict[int, tuple[TableSpec, tuple[_Row, ...]]] = {}


def _pocket_rows(spec: TableSpec) -> tuple[_Row, ...]:
    kept = _TABLES.get(id(spec))
    if kept is not None and kept[0] is spec:
        return kept[1]
    rows = tuple(
        (p, *p.mouth_centre, *p.inward, p.drop_depth, p.mouth_width)
        for p in spec.pockets
    )
    _TABLES[id(spec)] = (spec, rows)
    return rows


def drop_time(spec: TableSpec, ball: Ball) -> tuple[float, Pocket] | None:
    """When, on its present segment on the cloth, the ball's centre first
    passes a pocket's drop line between the jaws (and which pocket)."""
    seg = ball.seg
    t_end = ball.t_end
    horizon = t_end - ball.t0
    if not horizon > 0.0:
        return None
    # How far the ball can get on this segment: pockets further are out.
    reach = ball.speed_bound * horizon + spec.balls.radius
    best: tuple[float, Pocket] | None = None
    x0, y0 = ball.x0, ball.y0
    for pocket, mx, my, ix, iy, drop_depth, mouth_width in _pocket_rows(spec):
        # math.dist of (x0, y0) and (mx, my), without making the pairs.
        if math.hypot(x0 - mx, y0 - my) > reach + mouth_width:
            continue
        d0 = (x0 - mx) * ix + (y0 - my) * iy - drop_depth
        d1 = ball.vx0 * ix + ball.vy0 * iy
        d2 = 0.5 * (seg.ax * ix + seg.ay * iy)
        if d0 > 1e-9:
            tau: float | None = 0.0  # already over the hole (landed there)
        else:
            tau = _first_root(d0, d1, d2, 1e-12 if d0 >= 0.0 else 0.0, horizon)
        if tau is None:
            continue
        t = ball.t0 + tau
        px, py = ball.pos(t)
        lateral = (px - mx) * -iy + (py - my) * ix
        if abs(lateral) > mouth_width / 2:
            continue
        if best is None or t < best[0]:
            best = (t, pocket)
    return best


def fall_times(
    ball: Ball, pocket: Pocket, radius: float, gravity: float, fall_start: float
) -> tuple[float, float | None, float | None]:
    """For a ball falling over a pocket's hole on a straight flight: when it
    is caught, when (if first) it meets the back, when (if first) it comes
    back over the drop line."""
    caught = fall_start + math.sqrt(2.0 * CAUGHT_DROP * radius / gravity)
    ix, iy = pocket.inward
    d_now, _ = depth_lateral(pocket, (ball.x0, ball.y0))
    v_in = ball.vx0 * ix + ball.vy0 * iy
    back = out = None
    if v_in > 0.0:
        gap = pocket.back_depth - radius - d_now
        back = ball.t0 + max(gap, 0.0) / v_in
    elif v_in < 0.0:
        out = ball.t0 + max(d_now - pocket.drop_depth, 0.0) / -v_in
    return caught, back, out


def back_bounce(pocket: Pocket, v: Vec2) -> Vec2:
    """The velocity off the back of the pocket (a wall across its axis)."""
    ix, iy = pocket.inward
    v_n = v[0] * ix + v[1] * iy
    tx, ty = -iy, ix
    v_t = v[0] * tx + v[1] * ty
    e = BACK_RESTITUTION / (1.0 + abs(v_n) / BACK_SOFTEN)
    v_t_out = v_t - math.copysign(
        min(abs(v_t), BACK_FRICTION * (1.0 + e) * abs(v_n)), v_t
    )
    return (-e * v_n * ix + v_t_out * tx, -e * v_n * iy + v_t_out * ty)


def climb(v: Vec2, drop: float, gravity: float) -> Vec2 | None:
    """A ball that fell ``drop`` and comes back to the slate's edge: its
    velocity once it has climbed back (the energy of the climb comes off
    its speed), or None if it has not the energy to."""
    speed2 = v[0] * v[0] + v[1] * v[1]
    left = speed2 - 2.0 * gravity * drop
    if left <= 0.0 or speed2 <= 0.0:
        return None
    k = math.sqrt(left / speed2)
    return (v[0] * k, v[1] * k)
