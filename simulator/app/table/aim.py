"""The player's aim (direction, power, tip offset, elevation) and the guide line.

Pure geometry: no pygame, so it is tested on its own.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace

from simulator.physics.cue import PLAYED_CUE_SPEED
from simulator.physics.shaft import MAX_RAISE
from simulator.table.events import Stroke
from simulator.table.specs import TableSpec, Vec

MIN_SPEED = 0.3  # m/s, the softest stroke the power bar gives
MAX_SPEED = PLAYED_CUE_SPEED  # m/s of the cue, a hard break (12 m/s at the ball)
MAX_TIP = 0.9  # the tip offset the diagram allows (fraction of R)
# A tip this close inside the miscue limit stands on it: the next step
# crosses it (a stop rounded towards the centre lies a hair inside).
LIMIT_SNAP = 1e-3
# The steepest the aim goes: the computer players stroke no steeper either.
MAX_ELEVATION = MAX_RAISE
# The pocket an object ball is plainly sent at (8-ball rule 2: an obvious
# ball and pocket are not called): its centre line meets the cushion line
# within the jaws' tips and 0.4 R past them (slack, ball radii). The opening
# a ball drops through left a cut aimed at a corner a window of some 0.05
# degrees of mouse aim from across the table: a plain cut of the 1 at the
# corner, aimed a hair thin, asked for a call.
AIMED_AT_SLACK = 1.0
# A ball on a rail (its centre within HUG_GAP ball radii of the cushion
# line) cut into it at HUG_DEG or less runs along the rail: on the top rail
# five radii from the corner, cut up to 8 degrees into it, it dropped at
# every pace from 0.8 to 3.5 m/s, yet the aim read a cushion hit there and
# asked for a call. Its drift off the rail by the pocket must stay under
# HUG_DRIFT radii (0.7 R at 8 degrees there; at 10, 0.9 R, it hung in the
# jaws).
HUG_GAP = 0.5
HUG_DEG = 8.0
HUG_DRIFT = 0.75
# A full-power pull back: this share of the table's length as drawn (with
# its rails), so a pull feels the same in any window. 0.4, and never under
# 220 px, asked 378 px at 1280x720: more than a comfortable drag, and more
# than the window leaves behind a cue ball near a rail.
PULL_SHARE = 0.3


def full_pull_px(table_length_px: int) -> float:
    """Pixels of pull back for full power (a 100-pixel pull gave full power,
    far too touchy for a soft shot; the speed grows as the square of the
    pull, finest for the soft strokes played most)."""
    return PULL_SHARE * table_length_px


@dataclass(frozen=True)
class Aim:
    angle: float = 0.0  # degrees, 0 = +x, counter-clockwise
    power: float = 0.35  # 0..1 along the power bar
    tip_a: float = 0.0  # right of centre, fraction of R
    tip_b: float = 0.0  # above centre, fraction of R
    elevation: float = 0.0  # degrees

    def turned(self, d: float) -> Aim:
        return replace(self, angle=(self.angle + d) % 360.0)

    def with_power(self, p: float) -> Aim:
        return replace(self, power=min(1.0, max(0.0, p)))

    def with_tip(self, a: float, b: float) -> Aim:
        n = math.hypot(a, b)
        if n > MAX_TIP:
            a, b = a * MAX_TIP / n, b * MAX_TIP / n
        return replace(self, tip_a=a, tip_b=b)

    def tip_stepped(self, da: float, db: float, limit: float) -> Aim:
        """The tip moved by (da, db), stopping on the miscue ``limit`` when
        the step would cross it from inside: steps of a tenth of the range
        went 0.36 R, then 0.54 R, a miscue the player never chose (one more
        press goes past the limit).  The stop is rounded towards the centre
        at the stroke's precision, so the stroke holds."""
        a0, b0 = self.tip_a, self.tip_b
        a, b = a0 + da, b0 + db
        inside = math.hypot(a0, b0)
        if inside < limit - LIMIT_SNAP and math.hypot(a, b) > limit:
            # |p + t d| = limit for t in (0, 1).
            dd = da * da + db * db
            pd = a0 * da + b0 * db
            t = (-pd + math.sqrt(pd * pd - dd * (inside * inside - limit * limit))) / dd
            a, b = (math.trunc((a0 + t * da) * 1e4) / 1e4,
                    math.trunc((b0 + t * db) * 1e4) / 1e4)
        return self.with_tip(a, b)

    def with_elevation(self, e: float) -> Aim:
        return replace(self, elevation=min(MAX_ELEVATION, max(0.0, e)))

    @property
    def speed(self) -> float:
        # Quadratic: fine control of soft shots, still reaching a break.
        return MIN_SPEED + (MAX_SPEED - MIN_SPEED) * self.power ** 2

    def stroke(self) -> Stroke:
        return Stroke(direction=round(self.angle % 360.0, 6),
                      speed=round(self.speed, 4),
                      tip_a=round(self.tip_a, 4), tip_b=round(self.tip_b, 4),
                      elevation=round(self.elevation, 3))

    def miscue_risk(self, miscue_offset: float) -> bool:
        return math.hypot(self.tip_a, self.tip_b) > miscue_offset


def power_of(speed: float) -> float:
    """The power bar's position that gives ``speed`` (the inverse of Aim.speed)."""
    k = (speed - MIN_SPEED) / (MAX_SPEED - MIN_SPEED)
    return float(min(1.0, max(0.0, k)) ** 0.5)


def angle_to(origin: Vec, target: Vec) -> float:
    return math.degrees(math.atan2(target[1] - origin[1], target[0] - origin[0])) % 360


@dataclass(frozen=True)
class Guide:
    """Where the cue ball goes first: the ghost-ball centre, the ball it meets
    (None for a cushion or a pocket) and the object ball's direction after
    contact; for a cushion, the reflected line; for a pocket opening, the
    pocket (the ball drops, it does not come back)."""

    end: Vec
    ball: int | None
    object_dir: Vec | None
    bounce: Vec | None  # for a cushion: where the reflected line would go
    pocket: str | None = None  # the cue ball's line ends in this pocket
    object_pocket: str | None = None  # the object ball is sent straight at this one
    kick: bool = False  # the cue ball would meet a cushion before any ball
    object_path: tuple[Vec, ...] = ()  # its run, as object_pocket reads it
    object_meets: int | None = None  # the ball that run stops at (else a cushion)


def wall_hit(spec: TableSpec, start: Vec, d: Vec) -> tuple[float, Vec]:
    """How far a ball centre from ``start`` along unit ``d`` runs before it
    meets a cushion line (R from the noses), and the unit normal there."""
    r = spec.balls.radius
    t_wall = math.inf
    normal: Vec = (0.0, 0.0)
    dx, dy = d
    for lim, comp, n in ((r, dx, (1.0, 0.0)), (spec.length - r, dx, (-1.0, 0.0)),
                         (r, dy, (0.0, 1.0)), (spec.width - r, dy, (0.0, -1.0))):
        if abs(comp) < 1e-12:
            continue
        s0 = start[0] if n[0] else start[1]
        t = (lim - s0) / comp
        if 0 < t < t_wall:
            t_wall, normal = t, n
    return (t_wall if math.isfinite(t_wall) else 0.0), normal


def run_on_bed(spec: TableSpec, start: Vec, d: Vec, length: float) -> Vec:
    """Where a ball centre from ``start`` along unit ``d`` is after
    ``length`` metres, or where it meets the cushion line first: a drawn
    path stops at the cushion, never crossing it onto the rails."""
    t_wall, _n = wall_hit(spec, start, d)
    t = min(length, t_wall) if t_wall > 0 else 0.0
    return (start[0] + d[0] * t, start[1] + d[1] * t)


def pocket_at(spec: TableSpec, p: Vec, slack: float = 0.0) -> str | None:
    """The pocket whose opening a ball centre at ``p`` on the cushion line
    is in: it drops there rather than coming back off the cushion. ``slack``
    (ball radii) widens the opening, for a ball sent at a pocket."""
    r = spec.balls.radius
    for pk in spec.pockets:
        mx, my = pk.mouth_centre
        ix, iy = pk.inward
        lateral = abs((p[0] - mx) * -iy + (p[1] - my) * ix)
        depth = (p[0] - mx) * ix + (p[1] - my) * iy
        if lateral <= pk.mouth_width / 2 + (slack - 0.6) * r and \
                depth > -pk.mouth_width:
            return pk.name
    return None


def _first_ball(start: Vec, d: Vec, balls: Mapping[int, Vec], r: float,
                skip: tuple[int, ...]) -> tuple[float, int | None]:
    """The first ball a ball centre moving from ``start`` along ``d`` meets."""
    best_t = math.inf
    best: int | None = None
    for b, (bx, by) in balls.items():
        if b in skip:
            continue
        # |start + t d - p| = 2r, smallest t > 0
        fx, fy = start[0] - bx, start[1] - by
        bq = fx * d[0] + fy * d[1]
        c = fx * fx + fy * fy - 4 * r * r
        disc = bq * bq - c
        if disc < 0:
            continue
        t = -bq - math.sqrt(disc)
        if 0 < t < best_t:
            best_t, best = t, b
    return best_t, best


@dataclass(frozen=True)
class ObjectPath:
    """Where an object ball sent along a line goes, as the aim reads it: the
    points its centre runs through, the pocket it drops into (None when it
    meets a ball or a cushion first) and the ball it meets. The drawn line
    and the obvious call are both this one reading."""

    points: tuple[Vec, ...]
    pocket: str | None = None
    ball: int | None = None


def _on(start: Vec, d: Vec, t: float) -> Vec:
    return (start[0] + d[0] * t, start[1] + d[1] * t)


def _pocket_along(spec: TableSpec, start: Vec, d: Vec, run: float,
                  slack: float) -> tuple[str, float] | None:
    """The first pocket whose opening a ball centre running ``run`` metres
    along the cushion line from ``start`` (unit ``d``) reaches, and where."""
    best: tuple[str, float] | None = None
    for pk in spec.pockets:
        mx, my = pk.mouth_centre
        t = (mx - start[0]) * d[0] + (my - start[1]) * d[1]
        if 0.0 < t <= run + spec.balls.radius and (best is None or t < best[1]) \
                and pocket_at(spec, _on(start, d, min(t, run)), slack) == pk.name:
            best = (pk.name, min(t, run))
    return best


def _along_rail(spec: TableSpec, start: Vec, d: Vec, balls: Mapping[int, Vec],
                skip: tuple[int, ...], slack: float) -> ObjectPath | None:
    """A ball on a rail sent into it at a shallow angle runs along it (it
    cannot bounce off a cushion it lies on): the pocket at the end of that
    run, if it drifts off the rail less than the opening forgives."""
    r = spec.balls.radius
    t_wall, n = wall_hit(spec, start, d)
    into = -(d[0] * n[0] + d[1] * n[1])  # sine of the angle into the rail
    if not 0.0 < into <= math.sin(math.radians(HUG_DEG)) or \
            t_wall * into > HUG_GAP * r:
        return None
    hit = _on(start, d, t_wall)
    tx, ty = d[0] + into * n[0], d[1] + into * n[1]
    k = math.hypot(tx, ty)
    along = (tx / k, ty / k)
    run, _n = wall_hit(spec, hit, along)
    found = _pocket_along(spec, hit, along, run, slack)
    if found is None:
        return None
    pocket, t = found
    t_ball, _b = _first_ball(hit, along, balls, r, skip)
    if t_ball <= t or t * into / math.sqrt(1 - into * into) > HUG_DRIFT * r:
        return None
    return ObjectPath((start, hit, _on(hit, along, t)), pocket)


def object_path(spec: TableSpec, start: Vec, d: Vec, balls: Mapping[int, Vec],
                skip: tuple[int, ...], slack: float = AIMED_AT_SLACK) -> ObjectPath:
    """Where a ball sent from ``start`` along unit ``d`` goes: to the first
    ball it meets, to the pocket whose opening (widened by ``slack`` ball
    radii) it is sent at, along the rail it lies on into a pocket, or to
    the cushion."""
    r = spec.balls.radius
    t_ball, ball = _first_ball(start, d, balls, r, skip)
    t_wall, _n = wall_hit(spec, start, d)
    if ball is not None and t_ball <= t_wall:
        return ObjectPath((start, _on(start, d, t_ball)), None, ball)
    end = _on(start, d, t_wall)
    pocket = pocket_at(spec, end, slack)
    if pocket is None:
        hug = _along_rail(spec, start, d, balls, skip, slack)
        if hug is not None:
            return hug
    return ObjectPath((start, end), pocket)


def guide(spec: TableSpec, cue: Vec, angle_deg: float,
          balls: Mapping[int, Vec], cue_ball: int = 0) -> Guide:
    """Cast the cue ball's path: the first ball it meets or the cushion line
    (or the pocket it would drop into there)."""
    r = spec.balls.radius
    a = math.radians(angle_deg)
    d = (math.cos(a), math.sin(a))
    best_t, best_ball = _first_ball(cue, d, balls, r, (cue_ball,))
    t_wall, normal = wall_hit(spec, cue, d)
    if best_ball is not None and best_t <= t_wall:
        ex, ey = cue[0] + d[0] * best_t, cue[1] + d[1] * best_t
        bx, by = balls[best_ball]
        ox, oy = bx - ex, by - ey
        k = math.hypot(ox, oy) or 1.0
        odir = (ox / k, oy / k)
        path = object_path(spec, (bx, by), odir, balls, (cue_ball, best_ball))
        return Guide((ex, ey), best_ball, odir, None, object_pocket=path.pocket,
                     object_path=path.points, object_meets=path.ball)
    end = (cue[0] + d[0] * t_wall, cue[1] + d[1] * t_wall)
    pocket = pocket_at(spec, end)
    if pocket is not None:
        return Guide(end, None, None, None, pocket=pocket)
    bounce = (-d[0], d[1]) if normal[0] else (d[0], -d[1])
    return Guide(end, None, None, bounce, kick=True)


def thrown(spec: TableSpec, g: Guide, d: Vec, balls: Mapping[int, Vec],
           cue_ball: int = 0) -> Guide:
    """``g`` with the object ball sent along unit ``d`` (its travel as the
    physics plays the contact, throw and all) instead of the line of
    centres: its run and the pocket it is sent at read along ``d``."""
    if g.ball is None or g.ball not in balls:
        return g
    path = object_path(spec, balls[g.ball], d, balls, (cue_ball, g.ball))
    return replace(g, object_dir=d, object_pocket=path.pocket,
                   object_path=path.points, object_meets=path.ball)
