"""The world's pace: how long a step may be, and how long time may jump.

The step is as long as the fastest moving ball allows (it may move a
ball's padding, near.PAD, per step): long steps while balls roll slowly.
Steps come in fixed sizes, a factor sqrt 2 apart, so runs repeat exactly
and the step changes seldom. While no moving ball can reach anything for
a while (its clearance over its speed bound: the horizon), time jumps
there in one go, with no step at all.
"""

from __future__ import annotations

import math

from simulator.physics.balls import Ball
from simulator.physics.flight import Flight
from simulator.physics.near import PAD
from simulator.table.events import Phase
from simulator.table.specs import TableSpec

# No ball moves further than its shape's padding (near.PAD) in a step.
TRAVEL = 0.9 * PAD
# A ball in the air is looked at for contacts at the end of each step only:
# it moves at most this far in one.
AIR_TRAVEL = 0.004
# The stick's tip is looked at for touches at the end of each step, and
# moves at most this far in one.
STICK_TRAVEL = 0.0005
TIP_STEP_SCALE = TRAVEL / STICK_TRAVEL
DT_MAX = 1.0 / 16.0
DT_LEVELS: tuple[float, ...] = tuple(DT_MAX / math.sqrt(2.0) ** k for k in range(34))
# A jump is tried when it would save this many steps.
JUMP_STEPS = 8
JUMP_MAX = 2.0  # s
JUMP_MARGIN = 0.9
# Roots of a ball's path on the band's sides this soon after now are the
# instant it is at (s).
_AT_ROOT = 1e-9

Band = tuple[float, float, float, float]
# Each moving ball's instants on the band's sides (band_entry), with the
# version of the segment they belong to.
BandCache = dict[int, tuple[int, tuple[float, ...]]]


def step_size(
    moving: dict[int, Ball],
    t: float,
    flight: Flight,
    vmax: float,
    tip_speed: float | None,
) -> tuple[float, float]:
    """The step for the moving balls at t and the stick's tip (if it moves),
    and the fastest ball's speed bound: ``vmax`` if known (>= 0), worked
    out again if not (< 0), and kept until a segment changes."""
    if vmax < 0.0:
        vmax = 0.0
        for ball in moving.values():
            if ball.phase is Phase.AIRBORNE and ball.falling is None:
                v = flight.bound(ball, t) * (TRAVEL / AIR_TRAVEL)
            else:
                v = ball.speed_bound
            if v > vmax:
                vmax = v
    fastest = vmax
    # The tip's touches are found at step ends: it moves at most
    # STICK_TRAVEL in a step, so a touch is logged that near its place.
    if tip_speed is not None and tip_speed * TIP_STEP_SCALE > vmax:
        vmax = tip_speed * TIP_STEP_SCALE
    if vmax <= 0.0:
        return DT_MAX, fastest
    # The largest level with dt * vmax <= TRAVEL.
    k = math.ceil(2.0 * math.log2(vmax * DT_MAX / TRAVEL) - 1e-9)
    return DT_LEVELS[min(max(k, 0), len(DT_LEVELS) - 1)], fastest


def horizon(
    t: float,
    moving: dict[int, Ball],
    balls: dict[int, Ball],
    spec: TableSpec,
    need: float,
    cache: BandCache,
) -> float:
    """How long no moving ball can reach a cushion or another ball. For a
    cushion, exactly when its closed form first brings it within a radius
    of a nose line (every cushion piece lies behind one); for two balls,
    a margin inside when their gap could close at the most their speeds
    and decelerations allow. Zero when a ball is in the air or in a
    cushion; anything under ``need`` as soon as it is found."""
    r = spec.balls.radius
    movers = [moving[b] for b in sorted(moving)]
    for ball in movers:
        if ball.phase is Phase.AIRBORNE or ball.script is not None:
            return 0.0
    best = math.inf
    band = (r, spec.length - r, r, spec.width - r)
    for ball in movers:
        h = band_entry(ball, t, band, cache)
        if h < best:
            best = h
            if best < need:
                return best
    return _pair_horizon(t, movers, balls, 2.0 * r, need, best)


def _pair_horizon(
    t: float,
    movers: list[Ball],
    balls: dict[int, Ball],
    d_min: float,
    need: float,
    best: float,
) -> float:
    """horizon for two balls (no later than ``best``): their gap can close
    no faster than their relative speed now plus what their decelerations
    (constant, each |a|) add: |u| tau + (a_1 + a_2) tau^2 / 2 = gap."""
    state = [
        (b, rec.pos(t), rec.vel(t), math.hypot(*rec.acceleration()), rec.moving)
        for b, rec in sorted(balls.items())
        if rec.on_table
    ]
    for ball in movers:
        bi = ball.ball
        (x, y), (vx, vy), ai = (
            ball.pos(t),
            ball.vel(t),
            math.hypot(*ball.acceleration()),
        )
        for b, (ox, oy), (ux, uy), aj, both in state:
            # Two moving balls are looked at once, from the lower one:
            # the same figures either way round, so the same answer.
            if b == bi or (both and b < bi):
                continue
            gap = math.hypot(ox - x, oy - y) - d_min
            if gap <= 0.0:
                return 0.0
            h = closing_time(math.hypot(ux - vx, uy - vy), ai + aj, gap)
            if h == math.inf:
                continue
            h *= JUMP_MARGIN
            if h < best:
                best = h
                if best < need:
                    return best
    return best


def closing_time(speed: float, acc: float, gap: float) -> float:
    """The least time in which two balls closing at ``speed`` (m/s), their
    speeds changing by at most ``acc`` (m/s^2) together, can close ``gap``;
    infinite when neither moves."""
    if acc > 0.0:
        return (math.sqrt(speed * speed + 2.0 * acc * gap) - speed) / acc
    if speed > 0.0:
        return gap / speed
    return math.inf


def band_entry(ball: Ball, t: float, band: Band, cache: BandCache) -> float:
    """How long until the ball's centre, on its closed form, leaves the box
    ``band`` = (lo_x, hi_x, lo_y, hi_y): the rest of its segment if it never
    does."""
    if ball.phase is not Phase.SLIDING and ball.phase is not Phase.ROLLING:
        return math.inf
    lo_x, hi_x, lo_y, hi_y = band
    tau0 = t - ball.t0
    span = ball.t_end - ball.t0
    best = span - tau0
    x, y = ball.pos(t)
    eps = 1e-9  # on the box's side (just off a cushion): inside, if leaving it
    if not (lo_x - eps <= x <= hi_x + eps and lo_y - eps <= y <= hi_y + eps):
        return 0.0
    vx, vy = ball.vel(t)
    if (
        (x < lo_x + eps and vx <= 0.0)
        or (x > hi_x - eps and vx >= 0.0)
        or (y < lo_y + eps and vy <= 0.0)
        or (y > hi_y - eps and vy >= 0.0)
    ):
        return 0.0  # at a cushion and going on into it
    # Where it is when the roots below stop passing over instants as "the
    # one it is at": a ball that leaves the box within that moment (a hair
    # from a side and fast, or on a side barely moving off it while the
    # cloth turns it back) is at a cushion now.
    x1, y1 = ball.pos(t + _AT_ROOT)
    if not (lo_x < x1 < hi_x and lo_y < y1 < hi_y):
        return 0.0
    kept = cache.get(ball.ball)
    if kept is None or kept[0] != ball.version:
        roots = _band_roots(ball, band)
        kept = cache[ball.ball] = (ball.version, roots)
    for tau in kept[1]:
        # Leaving the side it is on, not the instant it is at it. The roots
        # are sorted: the first one after now is the nearest.
        if tau > tau0 + _AT_ROOT:
            if tau - tau0 < best:
                best = tau - tau0
            break
    return max(best, 0.0)


def _band_roots(ball: Ball, band: Band) -> tuple[float, ...]:
    """Every instant of the ball's segment (from its start) at which its
    centre is on one of the box's sides, sorted: they do not change while
    the segment lasts."""
    lo_x, hi_x, lo_y, hi_y = band
    seg = ball.seg
    out: list[float] = []
    for c0, v, a, lo, hi in (
        (ball.x0, ball.vx0, seg.ax, lo_x, hi_x),
        (ball.y0, ball.vy0, seg.ay, lo_y, hi_y),
    ):
        for wall in (lo, hi):
            # c0 + v tau + a tau^2 / 2 = wall.
            qa, qb, qc = 0.5 * a, v, c0 - wall
            if qa == 0.0:
                if qb != 0.0:
                    out.append(-qc / qb)
            else:
                disc = qb * qb - 4.0 * qa * qc
                if disc < 0.0:
                    continue
                sq = math.sqrt(disc)
                out += ((-qb - sq) / (2.0 * qa), (-qb + sq) / (2.0 * qa))
    out.sort()
    return tuple(out)
