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
from simulator.table.resting import TOLERANCE
from simulator.table.specs import Pocket, TableSpec

Vec2 = tuple[float, float]

# A centre this close to a drop line (either side) is on it: the resting
# rule's tolerance, so that every spot where a ball may rest is one the
# capture test knows (a ball may rest this far past the line, and is on it).
ON_THE_LINE = TOLERANCE

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


def _rising_root(c0: float, c1: float, c2: float) -> float | None:
    """The tau at which c0 + c1 tau + c2 tau^2 rises through zero, if it
    does. A parabola crosses zero upwards at most once: at its larger root
    if it opens upwards, at its smaller one if it opens downwards; a line
    only if it climbs. Chosen by the signs, not by the slope at a computed
    root (which rounding can make zero or negative at a near-double root)."""
    if abs(c2) < 1e-300:
        return -c0 / c1 if c1 > 0.0 else None
    disc = c1 * c1 - 4.0 * c2 * c0
    if disc < 0.0:
        return None
    # Numerically stable pair of roots.
    q = -0.5 * (c1 + math.copysign(math.sqrt(disc), c1))
    if q == 0.0:
        return -c1 / (2.0 * c2)
    r1, r2 = q / c2, c0 / q
    lo, hi = (r1, r2) if r1 <= r2 else (r2, r1)
    return hi if c2 > 0.0 else lo


def over_the_line(d0: float, d1: float, d2: float, horizon: float) -> float | None:
    """The first tau in [0, horizon] at which a centre whose depth past a
    drop line is d0 + d1 tau + d2 tau^2 is over the hole, going in.

    A centre within the resting tolerance of the line (on either side) is
    on it: moving in, it falls at once; moving out, it is on the slate and
    falls only if its path turns back in. One further past it than that
    (where no ball can rest) is over the hole whatever its motion. So a
    ball that starts exactly on the line, within rounding of it, or is set
    moving there, falls or stays on the slate: it never rolls on over the
    hole unseen."""
    if d0 > ON_THE_LINE:
        return 0.0  # already over the hole (landed there)
    if d0 >= 0.0:
        if d1 > 0.0 or (d1 == 0.0 and d2 > 0.0):
            return 0.0  # on the line, going in
        if not d2 > 0.0:
            return None  # going out, and never turning back
        # Going out and turning back: in again where it rises through the
        # line, or where it turns if it never left it (a path bent back
        # within rounding of the line).
        tau = _rising_root(d0, d1, d2)
        if tau is None:
            tau = -d1 / (2.0 * d2)
    else:
        tau = _rising_root(d0, d1, d2)
        if tau is None or tau < 0.0:
            return None  # short of the line, and never rising through it
    return tau if tau <= horizon else None


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
        tau = over_the_line(d0, d1, d2, horizon)
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


# How far beyond the outline's furthest legal centre the backstop lies:
# far above rounding, far below any path through a cushion.
OUTLINE_SLACK = 1e-3  # m
_OUTLINES: dict[int, tuple[TableSpec, tuple[float, float, float, float]]] = {}


def outline(spec: TableSpec) -> tuple[float, float, float, float]:
    """(x min, x max, y min, y max) of a box that holds every centre a ball
    on the cloth can have: the cushion noses' rectangle, grown to take in
    the pocket mouths up to their drop lines. A centre on the cloth outside
    it has gone through a cushion, or over a hole without falling."""
    kept = _OUTLINES.get(id(spec))
    if kept is not None and kept[0] is spec:
        return kept[1]
    grow = 0.0
    for p in spec.pockets:
        (mx, my), (ix, iy) = p.mouth_centre, p.inward
        half = p.mouth_width / 2
        for side in (-1.0, 1.0):
            # The drop line's ends: the mouth's furthest corners.
            x = mx + ix * p.drop_depth - iy * side * half
            y = my + iy * p.drop_depth + ix * side * half
            grow = max(grow, -x, x - spec.length, -y, y - spec.width)
    grow += ON_THE_LINE + OUTLINE_SLACK
    box = (-grow, spec.length + grow, -grow, spec.width + grow)
    _OUTLINES[id(spec)] = (spec, box)
    return box


def outline_exit(spec: TableSpec, ball: Ball) -> float | None:
    """When, on its present segment on the cloth, the ball's centre first
    leaves the outline (never, for a ball the cushions and pockets handle:
    a backstop that keeps a ball from rolling on unseen)."""
    horizon = ball.t_end - ball.t0
    if not horizon > 0.0:
        return None
    lo_x, hi_x, lo_y, hi_y = outline(spec)
    x0, y0 = ball.x0, ball.y0
    # How far the centre can get on this segment (the margin is far above
    # the rounding of the bound): a ball further inside stays inside.
    reach = ball.speed_bound * horizon * (1.0 + 1e-9) + 1e-9
    if lo_x + reach < x0 < hi_x - reach and lo_y + reach < y0 < hi_y - reach:
        return None
    seg = ball.seg
    best: float | None = None
    for c0, v, a, lo, hi in (
        (x0, ball.vx0, seg.ax, lo_x, hi_x),
        (y0, ball.vy0, seg.ay, lo_y, hi_y),
    ):
        # How far past each side: lo - c(tau), then c(tau) - hi.
        for d0, d1, d2 in ((lo - c0, -v, -0.5 * a), (c0 - hi, v, 0.5 * a)):
            tau = 0.0 if d0 > 0.0 else _rising_root(d0, d1, d2)
            if tau is None or tau < 0.0 or tau > horizon:
                continue
            if best is None or tau < best:
                best = tau
    return None if best is None else ball.t0 + best


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
