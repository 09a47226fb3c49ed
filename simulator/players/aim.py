"""Aiming geometry for a computer player: ghost balls, clear paths, cut
angles, cut-induced throw, pocket windows, banks and kicks.

Pure functions of plain coordinates (metres, the table frame of
``simulator.table.specs``); nothing here simulates. The numbers a pocket accepts
were measured with the physics (``python -m simulator.players.calibrate``).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from simulator.physics import cue_speed_for
from simulator.table.specs import Pocket, PocketKind, TableKind, TableSpec, Vec

# -- vectors -----------------------------------------------------------------


def sub(a: Vec, b: Vec) -> Vec:
    return (a[0] - b[0], a[1] - b[1])


def add(a: Vec, b: Vec) -> Vec:
    return (a[0] + b[0], a[1] + b[1])


def scale(a: Vec, k: float) -> Vec:
    return (a[0] * k, a[1] * k)


def norm(a: Vec) -> float:
    return math.hypot(a[0], a[1])


def unit(a: Vec) -> Vec:
    n = math.hypot(a[0], a[1])
    return (a[0] / n, a[1] / n) if n > 0.0 else (1.0, 0.0)


def dot(a: Vec, b: Vec) -> float:
    return a[0] * b[0] + a[1] * b[1]


def cross(a: Vec, b: Vec) -> float:
    return a[0] * b[1] - a[1] * b[0]


def rotate(a: Vec, rad: float) -> Vec:
    c, s = math.cos(rad), math.sin(rad)
    return (a[0] * c - a[1] * s, a[0] * s + a[1] * c)


def heading(a: Vec) -> float:
    """The direction of ``a`` in degrees, [0, 360)."""
    return math.degrees(math.atan2(a[1], a[0])) % 360.0


def from_heading(deg: float) -> Vec:
    r = math.radians(deg)
    return (math.cos(r), math.sin(r))


def angle_between(a: Vec, b: Vec) -> float:
    """The unsigned angle between two directions, radians."""
    c = dot(unit(a), unit(b))
    return acos_clamped(c)


def acos_clamped(c: float) -> float:
    """``acos`` of ``c`` kept inside [-1, 1] (``max(-1, min(1, c))`` without
    the builtins' calls: a planner's inner loop makes millions)."""
    c = c if c < 1.0 else 1.0
    return math.acos(c if c > -1.0 else -1.0)


def segment_distance(p: Vec, a: Vec, b: Vec) -> float:
    """Distance from point ``p`` to the segment ``a``-``b``."""
    vx, vy = b[0] - a[0], b[1] - a[1]
    wx, wy = p[0] - a[0], p[1] - a[1]
    ll = vx * vx + vy * vy
    t = 0.0 if ll == 0.0 else max(0.0, min(1.0, (wx * vx + wy * vy) / ll))
    dx, dy = wx - t * vx, wy - t * vy
    return math.hypot(dx, dy)


def path_clear(a: Vec, b: Vec, obstacles: Iterable[Vec], clearance: float) -> bool:
    """Whether a ball centre can travel from ``a`` to ``b`` without coming
    within ``clearance`` of any obstacle centre (two radii for a ball)."""
    ax, ay = a
    bx, by = b
    vx, vy = bx - ax, by - ay
    ll = vx * vx + vy * vy
    c2 = clearance * clearance
    # The segment's box grown by the clearance (and a margin far above any
    # rounding): a centre outside it cannot come that near, so most
    # obstacles cost two comparisons, not the distance.
    grow = abs(clearance) + 1e-6
    x0, x1 = (ax - grow, bx + grow) if ax <= bx else (bx - grow, ax + grow)
    y0, y1 = (ay - grow, by + grow) if ay <= by else (by - grow, ay + grow)
    for ox, oy in obstacles:
        if ox < x0 or ox > x1 or oy < y0 or oy > y1:
            continue
        wx, wy = ox - ax, oy - ay
        t = 0.0 if ll == 0.0 else (wx * vx + wy * vy) / ll
        t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
        dx, dy = wx - t * vx, wy - t * vy
        if dx * dx + dy * dy < c2:
            return False
    return True


# -- pockets -----------------------------------------------------------------


# How far off its aim line (metres, either way, at the pocket) a ball still
# drops, by its approach angle from the pocket's axis (degrees): measured by
# ``python -m simulator.players.calibrate`` (a ball sent at the middle of the
# mouth at 1.5 m/s from 0.6 m, its line shifted sideways in 1 mm steps).
Curve = tuple[tuple[float, float], ...]
WINDOWS: dict[tuple[TableKind, PocketKind], Curve] = {
    (TableKind.POOL, PocketKind.SIDE): (
        (0.0, 0.0405), (10.0, 0.0395), (20.0, 0.0355), (30.0, 0.0305),
        (40.0, 0.0245), (50.0, 0.0145), (60.0, 0.0)),
    (TableKind.POOL, PocketKind.CORNER): (
        (0.0, 0.0365), (10.0, 0.0335), (20.0, 0.0345), (30.0, 0.0315),
        (40.0, 0.0265), (50.0, 0.0)),
    (TableKind.PYRAMID, PocketKind.SIDE): (
        (0.0, 0.0105), (10.0, 0.0105), (20.0, 0.0085), (30.0, 0.0055),
        (40.0, 0.0)),
    (TableKind.PYRAMID, PocketKind.CORNER): (
        (0.0, 0.0045), (10.0, 0.0035), (20.0, 0.0005), (30.0, 0.0)),
}


def window(spec: TableSpec, pocket: Pocket) -> Curve:
    found = WINDOWS.get((spec.kind, pocket.kind))
    if found is not None:
        return found
    # A table not measured: the mouth less a ball, a little for the jaws.
    w = max(0.001, pocket.mouth_width / 2 - spec.balls.radius * 0.8)
    return ((0.0, w), (45.0 if pocket.kind is PocketKind.CORNER else 40.0, 0.0))


# A ball less than this short of a pocket's mouth line (m, about a ball's
# radius) and between its jaws hangs in the mouth: it is sent along the
# pocket's axis.
HANGING = 0.03


def aim_point(pocket: Pocket, obj: Vec | None = None) -> Vec:
    """Where a ball is sent to drop: the middle of the pocket's mouth; for a
    ball at ``obj`` hanging in the mouth (between the jaws, less than
    HANGING short of the mouth line) a point from the ball straight into
    the pocket, along its axis, as deep as the drop line lies behind the
    mouth: the mouth's middle lies beside or behind such a ball and a line
    to it led out of the pocket or across the jaw, so a ball on the lip was
    never a pot to the computer (14.1: safeties exchanged beside it for
    innings)."""
    if obj is not None:
        cx, cy = pocket.mouth_centre
        ahead = (cx - obj[0]) * pocket.inward[0] + (cy - obj[1]) * pocket.inward[1]
        # In the mouth: short of its line and between its jaws (a ball on
        # the rail beside a side pocket is as near the line, far aside).
        if ahead < HANGING and math.dist(obj, (cx, cy)) < 0.5 * pocket.mouth_width:
            return (obj[0] + pocket.inward[0] * pocket.drop_depth,
                    obj[1] + pocket.inward[1] * pocket.drop_depth)
    return pocket.mouth_centre


def approach_angle(pocket: Pocket, direction: Vec) -> float:
    """Degrees between a ball's travel and the pocket's axis (0: straight in)."""
    return math.degrees(angle_between(direction, pocket.inward))


def half_width_at(spec: TableSpec, pocket: Pocket, approach_deg: float) -> float:
    """The window's half width for a ball arriving ``approach_deg`` off the
    axis (interpolated in the measured curve; 0 past its end)."""
    points = window(spec, pocket)
    if approach_deg <= points[0][0]:
        return points[0][1]
    for (a0, w0), (a1, w1) in itertools.pairwise(points):
        if approach_deg <= a1:
            return max(0.0, w0 + (w1 - w0) * (approach_deg - a0) / (a1 - a0))
    return 0.0


# -- a pot -------------------------------------------------------------------


@dataclass(frozen=True)
class Pot:
    """One object ball into one pocket along a straight line: the geometry a
    stroke is built on."""

    target: int
    pocket: str
    ghost: Vec  # where the cue ball's centre must be at contact
    object_dir: Vec  # the object ball's travel, unit
    cut: float  # radians between the cue ball's travel and the object's
    cue_distance: float  # cue ball centre to the ghost ball
    object_distance: float  # object ball to the aim point
    half_width: float  # the window at this approach (metres)


def ghost_ball(obj: Vec, direction: Vec, radius: float) -> Vec:
    return (obj[0] - 2.0 * radius * direction[0], obj[1] - 2.0 * radius * direction[1])


def pot_geometry(spec: TableSpec, cue: Vec, target: int, obj: Vec,
                 pocket: Pocket, others: Sequence[Vec],
                 max_cut_deg: float = 80.0) -> Pot | None:
    """The straight pot of the ball at ``obj`` into ``pocket`` from ``cue``,
    or None when it cannot be played: the object ball's line to the pocket
    or the cue ball's line to the ghost ball is blocked by a ball of
    ``others`` (every ball but the cue ball and the target), the cut is
    thinner than ``max_cut_deg`` or the pocket is out of its window."""
    r = spec.balls.radius
    target_pt = aim_point(pocket, obj)
    to_pocket = sub(target_pt, obj)
    d2 = norm(to_pocket)
    if d2 < 1e-6:
        return None
    u = scale(to_pocket, 1.0 / d2)
    approach = approach_angle(pocket, u)
    hw = half_width_at(spec, pocket, approach)
    if hw <= 0.0:
        return None
    ghost = ghost_ball(obj, u, r)
    if not spec.on_bed(ghost[0], ghost[1], -0.25 * r):
        return None  # the cue ball cannot be there: the ball is on a cushion
    to_ghost = sub(ghost, cue)
    d1 = norm(to_ghost)
    if d1 < 1e-6:
        return None
    cut = angle_between(to_ghost, u)
    if math.degrees(cut) > max_cut_deg:
        return None
    clearance = 2.0 * r - 1e-4
    if not path_clear(obj, target_pt, others, clearance):
        return None
    if not path_clear(cue, ghost, others, clearance):
        return None
    return Pot(target, pocket.name, ghost, u, cut, d1, d2, hw)


def throw_angle(cut: float, speed: float, follow: float, spec: TableSpec) -> float:
    """Cut-induced throw (radians): how far the object ball departs from the
    line of centres, towards the cue ball's travel, for a cue ball arriving
    at ``speed`` with ``follow`` (its topspin as a fraction of natural roll).
    Friction between the balls acts along their slip: sideways v sin(cut),
    and vertically the topspin's part, follow v cos(cut); only the sideways
    part throws. Friction stops at most the slip (2 tan(cut) / 7 (1 + e))."""
    if cut <= 1e-6 or speed <= 0.0:
        return 0.0
    e = spec.physics.e_ball
    side = speed * math.sin(cut)
    top = follow * speed * math.cos(cut)
    slip = math.hypot(side, top)
    sideways = side / slip if slip > 0.0 else 0.0
    limit = 2.0 * math.tan(cut) / (7.0 * (1.0 + e))
    return math.atan(min(spec.physics.mu_ball(slip) * sideways, limit))


def arrival(spec: TableSpec, ball_speed: float, tip_b: float,
            distance: float) -> tuple[float, float]:
    """(speed, follow) of a cue ball struck ``tip_b`` above centre at
    ``ball_speed`` once it has gone ``distance``: it slides, its spin
    turning towards natural roll (reference.md 3.1), then rolls."""
    p = spec.physics
    g = p.gravity
    f0 = 2.5 * tip_b  # the tip's topspin as a fraction of natural roll
    u0 = ball_speed * (1.0 - f0)  # slip of the contact point with the cloth
    t_roll = 2.0 * abs(u0) / (7.0 * p.mu_slide * g)
    sign = 1.0 if u0 >= 0.0 else -1.0
    a = p.mu_slide * g * sign  # the cloth slows a forward slip
    d_roll = ball_speed * t_roll - 0.5 * a * t_roll * t_roll
    if distance >= d_roll or t_roll == 0.0:
        v_roll = ball_speed - a * t_roll
        return speed_after(v_roll, distance - d_roll, spec, rolling=True), 1.0
    # Inside the sliding phase: solve d = v0 t - a t^2 / 2 for t.
    disc = ball_speed * ball_speed - 2.0 * a * distance
    t = (ball_speed - math.sqrt(max(0.0, disc))) / a if a != 0.0 else \
        distance / ball_speed
    v = max(1e-6, ball_speed - a * t)
    spin = f0 * ball_speed + 2.5 * a * t  # omega R
    return v, spin / v


def thrown_aim(spec: TableSpec, cue: Vec, obj: Vec, pot: Pot, ball_speed: float,
               tip_b: float) -> tuple[float, Vec]:
    """The cue direction (degrees) that sends the object ball along
    ``pot.object_dir`` once throw has turned it, and the ghost ball aimed
    at: the line of centres is turned back by the throw angle (twice, so the
    cut used is the corrected one)."""
    r = spec.balls.radius
    u = pot.object_dir
    side = 1.0 if cross(sub(pot.ghost, cue), u) > 0.0 else -1.0
    ghost = pot.ghost
    speed, follow = arrival(spec, ball_speed, tip_b, pot.cue_distance)
    for _ in range(2):
        cut = angle_between(sub(ghost, cue), u)
        tau = throw_angle(cut, speed, follow, spec)
        # The object is thrown towards the cue ball's travel: aim the line of
        # centres that much the other way.
        ghost = ghost_ball(obj, rotate(u, side * tau), r)
    return heading(sub(ghost, cue)), ghost


# -- speeds ------------------------------------------------------------------


def travel(speed: float, spec: TableSpec) -> float:
    """How far a ball sent sliding (no spin) at ``speed`` rolls before it
    stops: sliding until it rolls at 5/7 of the speed, then rolling."""
    p = spec.physics
    g = p.gravity
    slide = (speed * speed * (1.0 - (5.0 / 7.0) ** 2)) / (2.0 * p.mu_slide * g)
    roll = (5.0 / 7.0 * speed) ** 2 / (2.0 * p.mu_roll * g)
    return slide + roll


def speed_for_distance(distance: float, spec: TableSpec) -> float:
    """The speed a ball needs to travel ``distance`` before it stops."""
    one = travel(1.0, spec)  # travel grows with the square of the speed
    return math.sqrt(max(0.0, distance) / one)


def speed_after(speed: float, distance: float, spec: TableSpec,
                rolling: bool = False) -> float:
    """About how fast a ball sent at ``speed`` (sliding, or already
    ``rolling``) still goes after ``distance``."""
    if rolling:
        left = speed * speed - 2.0 * spec.physics.mu_roll * spec.physics.gravity \
            * distance
    else:
        left = speed * speed - distance / travel(1.0, spec)
    return math.sqrt(left) if left > 0.0 else 0.0


def pot_ball_speed(spec: TableSpec, pot: Pot, extra: float) -> float:
    """The cue ball's speed off the tip that gets the object ball to the
    pocket with ``extra`` metres of roll to spare."""
    e = 0.95
    need_obj = speed_for_distance(pot.object_distance + extra, spec)
    # The object ball takes the normal part of the cue ball's speed.
    need_cue_at_contact = need_obj / max(0.15, math.cos(pot.cut) * (1.0 + e) / 2.0)
    one = travel(1.0, spec)
    return math.sqrt(need_cue_at_contact ** 2 + pot.cue_distance / one)


def cue_speed(spec: TableSpec, ball_speed: float, tip_a: float, tip_b: float) -> float:
    """The stroke's cue speed for a cue-ball speed (the physics' inverse)."""
    return cue_speed_for(ball_speed, tip_a, tip_b, spec.balls, spec.physics)


# -- cushions ----------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """The line a ball's centre touches a rail on: the nose line moved in by
    a radius. ``axis`` 0 is x = value, 1 is y = value."""

    rail: str
    axis: int
    value: float


def cushion_lines(spec: TableSpec) -> tuple[Line, ...]:
    r = spec.balls.radius
    return (Line("head", 0, r), Line("foot", 0, spec.length - r),
            Line("right", 1, r), Line("left", 1, spec.width - r))


def mirror(p: Vec, line: Line) -> Vec:
    if line.axis == 0:
        return (2.0 * line.value - p[0], p[1])
    return (p[0], 2.0 * line.value - p[1])


def bounce_point(a: Vec, b: Vec, line: Line) -> Vec | None:
    """Where the path from ``a`` to the mirror image of ``b`` meets the
    line: the cushion point of a one-rail path from ``a`` to ``b``."""
    m = mirror(b, line)
    i = line.axis
    da, dm = a[i] - line.value, m[i] - line.value
    if da * dm >= 0.0 or da == dm:
        return None  # both on one side: no bounce off this rail
    t = da / (da - dm)
    p = (a[0] + t * (m[0] - a[0]), a[1] + t * (m[1] - a[1]))
    return p


def on_rail_between_pockets(spec: TableSpec, p: Vec, margin: float) -> bool:
    """The point lies on a cushion, not in front of a pocket mouth."""
    for pk in spec.pockets:
        if math.dist(p, pk.mouth_centre) < pk.mouth_width / 2 + margin:
            return False
    return True
