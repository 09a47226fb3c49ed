"""The cue strike (reference.md section 4): speed, spin, squirt and miscue."""

from __future__ import annotations

import math
from dataclasses import dataclass

from simulator.table.events import Stroke
from simulator.table.specs import BallSet, PhysicsParams

Vec3 = tuple[float, float, float]

MAX_CUE_SPEED = 15.0  # m/s; a power break is 11-13 m/s at the ball
# The hardest stroke a player plays (the power bar's top and the computer
# players' limit), m/s of the cue: a centre hit leaves the pool tables' cue
# ball at 12.0 m/s (the pyramid's heavier one at 11.25), a professional's
# break (9.8-11.6 m/s) and inside reference.md's 11-13. The bar's old top,
# 11 m/s, sent it off at 14.6. MAX_CUE_SPEED stays the range a stroke is
# checked against, so shots saved with the old top still load.
PLAYED_CUE_SPEED = 9.0
MAX_OFFSET = 0.95  # the contact point must lie on the ball
MAX_ELEVATION = 89.0
MISCUE_SPEED_FACTOR = 0.35  # a slipping tip passes on a third of the stroke
MISCUE_DEFLECTION_DEG = 6.0  # and the ball squirts off line


class StrokeError(ValueError):
    """A stroke no player can make: names the field."""


@dataclass(frozen=True)
class StrikeResult:
    velocity: (
        Vec3  # ball velocity just after the tip leaves (v_z < 0 goes into the slate)
    )
    spin: Vec3
    miscue: bool
    squirt_deg: float


def validate(stroke: Stroke) -> None:
    for name in (
        "direction",
        "speed",
        "tip_a",
        "tip_b",
        "elevation",
        "follow_through",
        "contact_time",
    ):
        v = getattr(stroke, name)
        if not math.isfinite(v):
            raise StrokeError(f"stroke.{name}: must be a finite number, got {v}")
    if not 0.0 < stroke.speed <= MAX_CUE_SPEED:
        raise StrokeError(
            f"stroke.speed: {stroke.speed} m/s is outside (0, {MAX_CUE_SPEED}] m/s "
            "(the cue speed at impact)"
        )
    off = math.hypot(stroke.tip_a, stroke.tip_b)
    # 0.95 cos t, 0.95 sin t may round a hair beyond 0.95: still on the ball.
    if off > MAX_OFFSET * (1.0 + 1e-9):
        raise StrokeError(
            f"stroke.tip_a/tip_b: offset {off:.2f} R is off the ball "
            f"(at most {MAX_OFFSET})"
        )
    if not 0.0 <= stroke.elevation <= MAX_ELEVATION:
        raise StrokeError(
            f"stroke.elevation: {stroke.elevation} degrees is outside "
            f"[0, {MAX_ELEVATION}]"
        )
    if not 0.0 <= stroke.follow_through <= 0.5:
        raise StrokeError("stroke.follow_through: must be between 0 and 0.5 m")
    if not 0.0 < stroke.contact_time <= 0.2:
        raise StrokeError("stroke.contact_time: must be between 0 and 0.2 s")


def ball_speed(
    cue_speed: float, a: float, b: float, balls: BallSet, params: PhysicsParams
) -> float:
    """v = (1 + e_tip) V / (1 + m/M + 5/2 (a^2 + b^2)) (point-impulse model)."""
    return (
        (1.0 + params.e_tip)
        * cue_speed
        / (1.0 + balls.mass / params.cue_mass + 2.5 * (a * a + b * b))
    )


def cue_speed_for(
    ball_speed_wanted: float, a: float, b: float, balls: BallSet, params: PhysicsParams
) -> float:
    """The cue speed that gives the cue ball this speed (inverse of ball_speed)."""
    return (
        ball_speed_wanted
        * (1.0 + balls.mass / params.cue_mass + 2.5 * (a * a + b * b))
        / (1.0 + params.e_tip)
    )


def struck_speed(
    cue_speed: float, a: float, b: float, balls: BallSet, params: PhysicsParams
) -> float:
    """The ball's speed off the tip as strike gives it: past the miscue
    limit, the weak blow of a slipping tip at the edge of the holding zone."""
    offset = math.hypot(a, b)
    if offset <= params.miscue_offset:
        return ball_speed(cue_speed, a, b, balls, params)
    scale = params.miscue_offset / offset
    return MISCUE_SPEED_FACTOR * ball_speed(
        cue_speed, a * scale, b * scale, balls, params
    )


def squirt_angle(a: float, params: PhysicsParams) -> float:
    """Cue-ball deflection (radians, positive = to the left of the cue line)."""
    a = max(-0.99, min(0.99, a))
    return math.atan(
        2.5
        * a
        * math.sqrt(1.0 - a * a)
        / (1.0 + params.cue_end_mass_ratio + 2.5 * (1.0 - a * a))
    )


def strike(stroke: Stroke, balls: BallSet, params: PhysicsParams) -> StrikeResult:
    """Velocity and spin the tip gives the cue ball (general vector form of 4)."""
    validate(stroke)
    a, b = stroke.tip_a, stroke.tip_b
    offset = math.hypot(a, b)
    miscue = offset > params.miscue_offset
    extra_deflection = 0.0
    if miscue:
        # The tip slips off: the ball takes a weak, glancing blow from the edge of
        # the holding zone and squirts away from the side that was struck. The
        # tip slides off along the offset, so only its sideways share turns the
        # ball: a miscue straight above or below centre leaves along the cue
        # line (squirt comes from side offset only, reference.md 4).
        scale = params.miscue_offset / offset
        a, b = a * scale, b * scale
        extra_deflection = math.radians(MISCUE_DEFLECTION_DEG) * (
            a / params.miscue_offset
        )
    r = balls.radius
    phi = math.radians(stroke.direction)
    theta = math.radians(stroke.elevation)
    d = (
        math.cos(phi) * math.cos(theta),
        math.sin(phi) * math.cos(theta),
        -math.sin(theta),
    )
    up = (
        math.cos(phi) * math.sin(theta),
        math.sin(phi) * math.sin(theta),
        math.cos(theta),
    )
    right = (
        d[1] * up[2] - d[2] * up[1],
        d[2] * up[0] - d[0] * up[2],
        d[0] * up[1] - d[1] * up[0],
    )
    c = math.sqrt(max(0.0, 1.0 - a * a - b * b))
    q = tuple(r * (-c * d[i] + a * right[i] + b * up[i]) for i in range(3))
    v = struck_speed(stroke.speed, stroke.tip_a, stroke.tip_b, balls, params)
    inertia = 0.4 * balls.mass * r * r
    k = balls.mass * v / inertia
    spin = (
        k * (q[1] * d[2] - q[2] * d[1]),
        k * (q[2] * d[0] - q[0] * d[2]),
        k * (q[0] * d[1] - q[1] * d[0]),
    )
    squirt = squirt_angle(a, params) + extra_deflection
    cs, sn = math.cos(squirt), math.sin(squirt)
    vx, vy = v * d[0], v * d[1]
    velocity = (vx * cs - vy * sn, vx * sn + vy * cs, v * d[2])
    return StrikeResult(velocity, spin, miscue, math.degrees(squirt))
