"""The player's aim (direction, power, tip offset, elevation) and the guide line.

Pure geometry: no pygame, so it is tested on its own.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace

from simulator.events import Stroke
from simulator.specs import TableSpec, Vec

MIN_SPEED = 0.3  # m/s, the softest stroke the power bar gives
MAX_SPEED = 11.0  # m/s, a hard break
MAX_TIP = 0.9  # the tip offset the diagram allows (fraction of R)
MAX_ELEVATION = 80.0


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


def angle_to(origin: Vec, target: Vec) -> float:
    return math.degrees(math.atan2(target[1] - origin[1], target[0] - origin[0])) % 360


@dataclass(frozen=True)
class Guide:
    """Where the cue ball goes first: the ghost-ball centre, the ball it meets
    (None for a cushion) and the object ball's direction after contact."""

    end: Vec
    ball: int | None
    object_dir: Vec | None
    bounce: Vec | None  # for a cushion: where the reflected line would go


def guide(spec: TableSpec, cue: Vec, angle_deg: float,
          balls: Mapping[int, Vec], cue_ball: int = 0) -> Guide:
    """Cast the cue ball's path: the first ball it meets or the cushion line."""
    r = spec.balls.radius
    a = math.radians(angle_deg)
    dx, dy = math.cos(a), math.sin(a)
    best_t = math.inf
    best_ball: int | None = None
    for b, (bx, by) in balls.items():
        if b == cue_ball:
            continue
        # |cue + t d - p| = 2r, smallest t > 0
        fx, fy = cue[0] - bx, cue[1] - by
        bq = fx * dx + fy * dy
        c = fx * fx + fy * fy - 4 * r * r
        disc = bq * bq - c
        if disc < 0:
            continue
        t = -bq - math.sqrt(disc)
        if 0 < t < best_t:
            best_t, best_ball = t, b
    # The cushion lines for the ball's centre.
    t_wall = math.inf
    normal: Vec = (0.0, 0.0)
    for lim, comp, n in ((r, dx, (1.0, 0.0)), (spec.length - r, dx, (-1.0, 0.0)),
                         (r, dy, (0.0, 1.0)), (spec.width - r, dy, (0.0, -1.0))):
        if abs(comp) < 1e-12:
            continue
        start = cue[0] if n[0] else cue[1]
        t = (lim - start) / comp
        if 0 < t < t_wall:
            t_wall, normal = t, n
    if best_ball is not None and best_t <= t_wall:
        ex, ey = cue[0] + dx * best_t, cue[1] + dy * best_t
        bx, by = balls[best_ball]
        ox, oy = bx - ex, by - ey
        k = math.hypot(ox, oy) or 1.0
        return Guide((ex, ey), best_ball, (ox / k, oy / k), None)
    if not math.isfinite(t_wall):
        t_wall = 0.0
    ex, ey = cue[0] + dx * t_wall, cue[1] + dy * t_wall
    bounce = (-dx, dy) if normal[0] else (dx, -dy)
    return Guide((ex, ey), None, None, bounce)
