"""Ball records and their motion phases: the bottom of the physics.

Between two events every ball follows a closed form (reference.md 3 on the
cloth, 8.2 in the air): a constant acceleration on the cloth, a parabola in
the air, or the recorded path of a compliant cushion contact. A record
keeps the segment it is on, so its position, velocity and spin at any
instant of the segment are exact; the pymunk body only mirrors it, for
finding which balls come near one another.

Chipmunk's step moves each body with the velocity it has when the step
begins (x += v dt), then applies the step's impulses (v += a dt). A body
whose velocity is set half a step ahead (v + a dt / 2) moves by
v dt + a dt^2 / 2, exactly the closed form's way, and keeps its velocity
half a step ahead: body and record stay together at every step end
without any per-step work. (Set half a step behind, as it once was, a
body fell behind its record by a dt^2 a step: 18 mm over the 19 steps of
a long slide, more than the shapes' padding, and a cushion went unseen.)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from simulator.physics.models import ClothModel, Segment
from simulator.table.events import Phase

Vec2 = tuple[float, float]
Vec3 = tuple[float, float, float]

_REST = Segment(Phase.STATIONARY, 0.0, 0.0, math.inf, (0.0, 0.0))
ON_CLOTH = (Phase.SLIDING, Phase.ROLLING)


@dataclass(frozen=True)
class Script:
    """A compliant cushion contact: the ball's path from the touch, in the
    cushion's frame (along the normal into the cushion, along the nose)."""

    t0: float
    origin: Vec2
    normal: Vec2
    tangent: Vec2
    path: tuple[tuple[float, float, float], ...]
    exit_velocity: Vec2
    exit_spin: Vec3
    spin0: Vec3

    @property
    def t_end(self) -> float:
        return self.t0 + self.path[-1][0]

    def at(self, t: float) -> tuple[Vec2, Vec2]:
        """Position and velocity at t (linear between recorded samples)."""
        tau = min(max(t - self.t0, 0.0), self.path[-1][0])
        path = self.path
        lo, hi = 0, len(path) - 1
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if path[mid][0] <= tau:
                lo = mid
            else:
                hi = mid
        t_a, a0, b0 = path[lo]
        t_b, a1, b1 = path[hi]
        span = t_b - t_a
        f = (tau - t_a) / span if span > 0.0 else 0.0
        a = a0 + (a1 - a0) * f
        b = b0 + (b1 - b0) * f
        va = (a1 - a0) / span if span > 0.0 else 0.0
        vb = (b1 - b0) / span if span > 0.0 else 0.0
        (nx, ny), (tx, ty) = self.normal, self.tangent
        ox, oy = self.origin
        return (
            (ox + a * nx + b * tx, oy + a * ny + b * ty),
            (va * nx + vb * tx, va * ny + vb * ty),
        )


@dataclass(eq=False, slots=True)
class Ball:
    """One ball: its pymunk parts and the segment it is on."""

    ball: int
    radius: float
    body: Any = None
    shape: Any = None
    anchor: Any = None
    joint: Any = None
    phase: Phase = Phase.STATIONARY
    seg: Segment = _REST
    t0: float = 0.0
    x0: float = 0.0
    y0: float = 0.0
    vx0: float = 0.0
    vy0: float = 0.0
    w0: Vec3 = (0.0, 0.0, 0.0)
    t_end: float = math.inf
    z0: float = 0.0
    vz0: float = 0.0
    gravity: float = 9.81
    script: Script | None = None
    on_table: bool = True
    version: int = 0
    speed_bound: float = 0.0
    joint_on: bool = False
    in_air: bool = False  # the shape meets nothing in pymunk
    # Whether the centre moves (on the cloth, in the air, in a cushion):
    # what pymunk must carry and contacts must look at.
    moving: bool = False
    # The segment's position as polynomials in absolute time, for the hot
    # paths: x(t) = cx0 + cx1 t + cx2 t^2 (and y), valid up to t_end.
    cx0: float = 0.0
    cx1: float = 0.0
    cx2: float = 0.0
    cy0: float = 0.0
    cy1: float = 0.0
    cy2: float = 0.0
    # The pocket whose hole the ball is over, falling (in the air from the
    # slate's edge), or None.
    falling: Any = None
    extra: dict[str, Any] = field(default_factory=dict)

    # -- the closed forms --------------------------------------------------------
    def pos(self, t: float) -> Vec2:
        if self.script is not None:
            return self.script.at(t)[0]
        if t > self.t_end:
            t = self.t_end
        return (
            self.cx0 + t * (self.cx1 + t * self.cx2),
            self.cy0 + t * (self.cy1 + t * self.cy2),
        )

    def vel(self, t: float) -> Vec2:
        if self.script is not None:
            return self.script.at(t)[1]
        if t > self.t_end:
            t = self.t_end
        return (self.cx1 + 2.0 * t * self.cx2, self.cy1 + 2.0 * t * self.cy2)

    def _polynomials(self, ax: float, ay: float) -> None:
        """The segment as polynomials in absolute time (see cx0)."""
        t0 = self.t0
        self.cx2 = 0.5 * ax
        self.cy2 = 0.5 * ay
        self.cx1 = self.vx0 - ax * t0
        self.cy1 = self.vy0 - ay * t0
        self.cx0 = self.x0 - self.vx0 * t0 + 0.5 * ax * t0 * t0
        self.cy0 = self.y0 - self.vy0 * t0 + 0.5 * ay * t0 * t0

    def spin(self, t: float, cloth: ClothModel) -> Vec3:
        if self.script is not None:
            return self.script.spin0
        if self.phase is Phase.AIRBORNE:
            return self.w0  # no cloth in the air: the spin is kept
        tau = max(0.0, min(t, self.t_end) - self.t0)
        return cloth.spin_at(self.seg, (self.vx0, self.vy0), self.w0, tau)

    def height(self, t: float) -> float:
        if self.phase is Phase.AIRBORNE:
            tau = t - self.t0
            return self.z0 + self.vz0 * tau - 0.5 * self.gravity * tau * tau
        return self.radius

    def vz(self, t: float) -> float:
        if self.phase is Phase.AIRBORNE:
            return self.vz0 - self.gravity * (t - self.t0)
        return 0.0

    def acceleration(self) -> Vec2:
        if self.phase is Phase.SLIDING or self.phase is Phase.ROLLING:
            return (self.seg.ax, self.seg.ay)
        return (0.0, 0.0)

    # -- new segments -------------------------------------------------------------
    def start_on_cloth(
        self, t: float, p: Vec2, v: Vec2, w: Vec3, cloth: ClothModel
    ) -> Phase:
        """The ball is at p with velocity v and spin w at time t, on the
        cloth: the phase it is in from now, and its closed form. Returns the
        phase it had before."""
        old = self.phase
        seg = cloth.segment(v, w)
        self.script = None
        self.phase = seg.phase
        self.seg = seg
        self.t0 = t
        self.x0, self.y0 = p
        self.z0, self.vz0 = self.radius, 0.0
        if seg.phase is Phase.STATIONARY or seg.phase is Phase.SPINNING:
            self.vx0 = self.vy0 = 0.0
            self.speed_bound = 0.0
        else:
            self.vx0, self.vy0 = v
            end = seg.end_velocity
            self.speed_bound = max(math.hypot(*v), math.hypot(*end))
        if seg.phase is Phase.ROLLING:
            w = (-v[1] / self.radius, v[0] / self.radius, w[2])
        elif seg.phase is Phase.STATIONARY or seg.phase is Phase.SPINNING:
            w = (0.0, 0.0, w[2])
        self.w0 = w
        self.t_end = t + seg.duration
        self.moving = seg.phase in ON_CLOTH
        if self.moving:
            self._polynomials(seg.ax, seg.ay)
        else:
            self.cx0, self.cx1, self.cx2 = self.x0, 0.0, 0.0
            self.cy0, self.cy1, self.cy2 = self.y0, 0.0, 0.0
        self.version += 1
        return old

    def start_flight(self, t: float, p: Vec2, z: float, v: Vec3, w: Vec3) -> Phase:
        old = self.phase
        self.script = None
        self.phase = Phase.AIRBORNE
        self.seg = _REST
        self.t0 = t
        self.x0, self.y0 = p
        self.vx0, self.vy0 = v[0], v[1]
        self.z0, self.vz0 = z, v[2]
        self.w0 = w
        self.t_end = math.inf
        self.speed_bound = math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
        self.moving = True
        self._polynomials(0.0, 0.0)
        self.version += 1
        return old

    def start_script(self, script: Script, v_in: Vec2) -> Phase:
        """A compliant cushion contact begins: the ball follows its path."""
        old = self.phase
        self.script = script
        self.phase = Phase.SLIDING
        self.t0 = script.t0
        self.x0, self.y0 = script.origin
        self.t_end = script.t_end
        self.speed_bound = max(math.hypot(*v_in), math.hypot(*script.exit_velocity))
        self.moving = True
        self.version += 1
        return old

    def tighten(self, t: float) -> None:
        """A speed bound for the rest of the segment, from the speed now."""
        phase = self.phase
        if phase is not Phase.ROLLING and phase is not Phase.SLIDING:
            return
        if self.script is not None:
            if phase is Phase.ROLLING:
                vx, vy = self.vel(t)
                self.speed_bound = math.hypot(vx, vy)
            return
        # self.vel(t), written out: this runs for every moving ball every
        # few steps.
        if t > self.t_end:
            t = self.t_end
        speed = math.hypot(self.cx1 + 2.0 * t * self.cx2, self.cy1 + 2.0 * t * self.cy2)
        if phase is Phase.ROLLING:
            self.speed_bound = speed
        else:
            self.speed_bound = max(speed, math.hypot(*self.seg.end_velocity))
