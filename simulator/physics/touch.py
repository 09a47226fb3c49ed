"""The instant two surfaces touch: a ball and a ball, a ball and a cushion
piece, solved from the balls' closed forms (balls.py) inside a window of
time. The contacts (contacts.py) and the falls (falls.py) ask these."""

from __future__ import annotations

import math
from collections.abc import Callable

from simulator.physics.balls import Ball, Vec2
from simulator.table.geometry import CushionPiece, closest_point

# A contact found this close to the start of its window counts as already
# touching (s); the root is found to this precision.
TIME_EPS = 1e-12


def pair_touch(a: Ball, b: Ball, lo: float, hi: float, d: float) -> float | None:
    """The first instant in (lo, hi] at which two balls come within d of
    each other while approaching, or None."""
    if a.script is not None or b.script is not None:
        return _pair_touch_any(a, b, lo, hi, d)
    # The relative position as a polynomial in time: D0 + D1 t + D2 t^2.
    x0, x1, x2 = b.cx0 - a.cx0, b.cx1 - a.cx1, b.cx2 - a.cx2
    y0, y1, y2 = b.cy0 - a.cy0, b.cy1 - a.cy1, b.cy2 - a.cy2
    d2 = d * d
    rx = x0 + lo * (x1 + lo * x2)
    ry = y0 + lo * (y1 + lo * y2)
    ux = x1 + 2.0 * lo * x2
    uy = y1 + 2.0 * lo * y2
    f_lo = rx * rx + ry * ry - d2
    closing = rx * ux + ry * uy  # < 0: approaching
    sx = x0 + hi * (x1 + hi * x2)
    sy = y0 + hi * (y1 + hi * y2)
    f_hi = sx * sx + sy * sy - d2
    if f_lo <= 0.0:
        if closing < 0.0:
            return lo
        # Touching and parting (just after a contact): do they come back
        # within the window? Then from where they turn back.
        if f_hi > 0.0:
            return None
        wx = x1 + 2.0 * hi * x2
        wy = y1 + 2.0 * hi * y2
        if sx * wx + sy * wy >= 0.0:
            return None
        a_, b_ = _turn_back(x0, x1, x2, y0, y1, y2, lo, hi)
        # b_: the first instant found at which they approach again.
        rx = x0 + b_ * (x1 + b_ * x2)
        ry = y0 + b_ * (y1 + b_ * y2)
        if rx * rx + ry * ry - d2 <= 0.0:
            return b_
        lo = a_
        closing = -1.0  # turned back: approaching from here
    if f_hi > 0.0:
        # Touched and parted within the window (a glancing pass)?
        if closing >= 0.0:
            return None
        u2 = ux * ux + uy * uy
        t_star = min(lo + (-closing / u2 if u2 > 0.0 else 0.0), hi)
        sx = x0 + t_star * (x1 + t_star * x2)
        sy = y0 + t_star * (y1 + t_star * y2)
        if sx * sx + sy * sy - d2 > 0.0:
            return None
        hi = t_star

    def f(t: float) -> tuple[float, float]:
        x = x0 + t * (x1 + t * x2)
        y = y0 + t * (y1 + t * y2)
        return (
            x * x + y * y - d2,
            2.0 * (x * (x1 + 2.0 * t * x2) + y * (y1 + 2.0 * t * y2)),
        )

    return _root(f, lo, hi)


def _turn_back(
    x0: float,
    x1: float,
    x2: float,
    y0: float,
    y1: float,
    y2: float,
    lo: float,
    hi: float,
) -> tuple[float, float]:
    """Two balls parting at lo and approaching at hi (their relative position
    x0 + x1 t + x2 t^2, and so for y): a bracket of the instant they turn
    back, as narrow as TIME_EPS."""

    def rate(t: float) -> float:
        return (x0 + t * (x1 + t * x2)) * (x1 + 2.0 * t * x2) + (
            y0 + t * (y1 + t * y2)
        ) * (y1 + 2.0 * t * y2)

    a_, b_ = lo, hi
    for _ in range(60):
        if b_ - a_ <= TIME_EPS:
            break
        m = 0.5 * (a_ + b_)
        if rate(m) >= 0.0:
            a_ = m
        else:
            b_ = m
    return a_, b_


def _pair_touch_any(a: Ball, b: Ball, lo: float, hi: float, d: float) -> float | None:
    """pair_touch for any motion (a ball in a compliant cushion's grip)."""
    pa, pb = a.pos(lo), b.pos(lo)
    va, vb = a.vel(lo), b.vel(lo)
    rx, ry = pb[0] - pa[0], pb[1] - pa[1]
    ux, uy = vb[0] - va[0], vb[1] - va[1]
    d2 = d * d
    f_lo = rx * rx + ry * ry - d2
    closing = rx * ux + ry * uy
    if f_lo <= 0.0:
        return lo if closing < 0.0 else None
    qa, qb = a.pos(hi), b.pos(hi)
    sx, sy = qb[0] - qa[0], qb[1] - qa[1]
    if sx * sx + sy * sy - d2 > 0.0:
        return None

    def f(t: float) -> tuple[float, float]:
        ra, rb = a.pos(t), b.pos(t)
        wa, wb = a.vel(t), b.vel(t)
        x, y = rb[0] - ra[0], rb[1] - ra[1]
        return x * x + y * y - d2, 2.0 * (x * (wb[0] - wa[0]) + y * (wb[1] - wa[1]))

    return _root(f, lo, hi)


def _root(f: Callable[[float], tuple[float, float]], lo: float, hi: float) -> float:
    """The root of f in (lo, hi] with f(lo) > 0 >= f(hi): Newton's steps
    kept inside the bracket, bisection when they leave it."""
    t = hi
    for _ in range(80):
        val, slope = f(t)
        if val > 0.0:
            lo = t
        else:
            hi = t
        if hi - lo <= TIME_EPS:
            return hi
        nxt = t - val / slope if slope != 0.0 else 0.5 * (lo + hi)
        if not lo < nxt < hi:
            nxt = 0.5 * (lo + hi)
        if abs(nxt - t) <= TIME_EPS:
            return nxt
        t = nxt
    return hi


def cushion_touch(
    ball: Ball, piece: CushionPiece, lo: float, hi: float, radius: float
) -> float | None:
    """The first instant in (lo, hi] at which the ball touches the piece
    while moving into it, or None."""
    reach = radius + piece.radius
    ax, ay = piece.a
    dx, dy = piece.b[0] - ax, piece.b[1] - ay
    len2 = dx * dx + dy * dy
    if ball.script is None and len2 != 0.0:
        # ball.pos and closest_point written out (a ball on its polynomials,
        # a straight piece): the root finding asks for the gap often.
        t_end = ball.t_end
        cx0, cx1, cx2 = ball.cx0, ball.cx1, ball.cx2
        cy0, cy1, cy2 = ball.cy0, ball.cy1, ball.cy2

        def gap(t: float) -> tuple[float, Vec2, Vec2]:
            if t > t_end:
                t = t_end
            px = cx0 + t * (cx1 + t * cx2)
            py = cy0 + t * (cy1 + t * cy2)
            f = ((px - ax) * dx + (py - ay) * dy) / len2
            f = 0.0 if f < 0.0 else (1.0 if f > 1.0 else f)
            p = (px, py)
            c = (ax + f * dx, ay + f * dy)
            return math.dist(p, c) - reach, p, c

    else:

        def gap(t: float) -> tuple[float, Vec2, Vec2]:
            p = ball.pos(t)
            c = closest_point(piece, p)
            return math.dist(p, c) - reach, p, c

    def into(t: float, p: Vec2, c: Vec2) -> float:
        v = ball.vel(t)
        return (c[0] - p[0]) * v[0] + (c[1] - p[1]) * v[1]

    g_lo, p, c = gap(lo)
    g_hi, p_hi, c_hi = gap(hi)
    if g_lo <= 0.0:
        if into(lo, p, c) > 0.0:
            return lo
        # Touching and leaving (just after a contact): back within the window?
        if g_hi > 0.0 or into(hi, p_hi, c_hi) <= 0.0:
            return None
        b_ = _back_into(gap, into, lo, hi)
        g_lo, _, _ = gap(b_)
        if g_lo <= 0.0:
            return b_
        lo = b_
    if g_hi > 0.0:
        return None
    return _false_position(gap, lo, g_lo, hi, g_hi)


_Gap = Callable[[float], tuple[float, Vec2, Vec2]]


def _back_into(
    gap: _Gap, into: Callable[[float, Vec2, Vec2], float], lo: float, hi: float
) -> float:
    """A ball leaving a piece at lo and moving into it at hi: the first
    instant found (within TIME_EPS) at which it moves into it again."""
    a_, b_ = lo, hi
    for _ in range(60):
        if b_ - a_ <= TIME_EPS:
            break
        m = 0.5 * (a_ + b_)
        _, pm, cm = gap(m)
        if into(m, pm, cm) <= 0.0:
            a_ = m
        else:
            b_ = m
    return b_


def _false_position(
    gap: _Gap, lo: float, g_lo: float, hi: float, g_hi: float
) -> float:
    """The instant the gap closes, g_lo > 0 >= g_hi: Illinois false position,
    a few steps, never inside."""
    a, fa, b, fb = lo, g_lo, hi, g_hi
    side = 0
    for _ in range(60):
        if b - a <= TIME_EPS:
            break
        m = (a * fb - b * fa) / (fb - fa) if fb != fa else 0.5 * (a + b)
        if not a < m < b:
            m = 0.5 * (a + b)
        fm, _, _ = gap(m)
        if fm > 0.0:
            a, fa = m, fm
            if side == -1:
                fb *= 0.5
            side = -1
        else:
            b, fb = m, fm
            if side == 1:
                fa *= 0.5
            side = 1
        if abs(fm) < 1e-13:
            return m  # within 1e-13 m of the touch
    return a
