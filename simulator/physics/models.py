"""Contact laws behind small protocols: the cloth, ball against ball, ball
against cushion. A simulation runs with one bundle of them (``Models``),
named in the Shot it makes, so a result says which laws made it.

The world asks each law only for what happens at one instant (or, for a
compliant cushion, over one contact); it never reaches inside. Models are
immutable and hold the table's numbers, so the same bundle gives the same
result bit for bit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple, Protocol

from simulator.physics import cloth, collisions
from simulator.physics.collisions import ClusterImpulses, Vec3
from simulator.table.events import REFERENCE_MODELS, Phase, models_problem
from simulator.table.specs import BallSet, PhysicsParams

Vec2 = tuple[float, float]


# -- the cloth -------------------------------------------------------------------
class Segment(NamedTuple):
    """One phase of a ball on the cloth, from its start: a constant
    acceleration (ax, ay) for ``duration`` seconds, the velocity it ends
    with, and what the spin needs (the slip direction while sliding). A
    tuple: one is made at every change of motion."""

    phase: Phase
    ax: float
    ay: float
    duration: float
    end_velocity: Vec2
    slip_unit: Vec2 = (0.0, 0.0)


class ClothModel(Protocol):
    """Motion on the cloth between events: every phase has a constant
    acceleration and an end time, so positions follow in closed form."""

    @property
    def name(self) -> str: ...

    def segment(self, v: Vec2, w: Vec3) -> Segment:
        """The phase a ball with velocity v and spin w is in, and its motion."""
        ...

    def spin_at(self, seg: Segment, v0: Vec2, w0: Vec3, tau: float) -> Vec3:
        """The spin ``tau`` seconds into the segment (0 <= tau <= duration)."""
        ...

    def side_spin_at(self, wz0: float, tau: float) -> float: ...


@dataclass(frozen=True)
class CoulombCloth:
    """Reference.md section 3: Coulomb sliding friction, rolling resistance,
    a linear side-spin decay."""

    radius: float
    mu_slide: float
    mu_roll: float
    spin_decel: float
    gravity: float
    name: str = "coulomb-cloth"

    def segment(self, v: Vec2, w: Vec3) -> Segment:
        vx, vy = v
        r, g = self.radius, self.gravity
        phase = cloth.classify(vx, vy, w, r)
        if phase is Phase.SLIDING:
            ux, uy = cloth.slip(vx, vy, w, r)
            u = math.hypot(ux, uy)
            k = self.mu_slide * g / u
            return Segment(
                phase,
                -k * ux,
                -k * uy,
                cloth.slide_time(u, self.mu_slide, g),
                cloth.rolling_velocity(vx, vy, ux, uy),
                (ux / u, uy / u),
            )
        if phase is Phase.ROLLING:
            speed = math.hypot(vx, vy)
            k = self.mu_roll * g / speed
            return Segment(
                phase,
                -k * vx,
                -k * vy,
                cloth.roll_time(speed, self.mu_roll, g),
                (0.0, 0.0),
            )
        if phase is Phase.SPINNING:
            return Segment(phase, 0.0, 0.0, abs(w[2]) / self.spin_decel, (0.0, 0.0))
        return Segment(phase, 0.0, 0.0, math.inf, (0.0, 0.0))

    def side_spin_at(self, wz0: float, tau: float) -> float:
        return cloth.side_spin_at(wz0, tau, self.spin_decel)

    def spin_at(self, seg: Segment, v0: Vec2, w0: Vec3, tau: float) -> Vec3:
        wz = cloth.side_spin_at(w0[2], tau, self.spin_decel)
        if seg.phase is Phase.SLIDING:
            k = 5.0 * self.mu_slide * self.gravity * tau / (2.0 * self.radius)
            ux, uy = seg.slip_unit
            return (w0[0] - k * uy, w0[1] + k * ux, wz)
        if seg.phase is Phase.ROLLING:
            vx = v0[0] + seg.ax * tau
            vy = v0[1] + seg.ay * tau
            return (-vy / self.radius, vx / self.radius, wz)
        return (0.0, 0.0, wz)


# -- ball against ball -------------------------------------------------------------
class BallBallModel(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def restitution(self) -> float: ...

    def collide(
        self, va: Vec3, wa: Vec3, vb: Vec3, wb: Vec3, n: Vec3
    ) -> tuple[Vec3, Vec3, Vec3, Vec3, float] | None:
        """One isolated contact (n from a to b): new velocities and spins and
        the relative normal speed, or None if the balls are parting."""
        ...

    def contact_time(self, approach: float) -> float:
        """How long a contact at this approach speed lasts (s)."""
        ...

    def cluster(
        self,
        velocities: Sequence[Vec2],
        contacts: Sequence[tuple[int, int, float, float, float]],
    ) -> ClusterImpulses:
        """Normal impulses of balls touching one another, solved together."""
        ...

    def friction(
        self, va: Vec3, wa: Vec3, vb: Vec3, wb: Vec3, n: Vec3, p_n: float
    ) -> tuple[Vec3, Vec3, Vec3, Vec3]:
        """The friction part of a contact whose normal impulse is p_n."""
        ...


@dataclass(frozen=True)
class ThrowImpulse:
    """Reference.md section 5: restitution on the line of centres, friction
    on the slip with the speed-dependent coefficient of TP A-14 (throw); a
    cluster of touching balls solved with compliant Hertz contacts."""

    mass: float
    radius: float
    restitution: float
    params: PhysicsParams
    name: str = "throw-impulse"

    def collide(
        self, va: Vec3, wa: Vec3, vb: Vec3, wb: Vec3, n: Vec3
    ) -> tuple[Vec3, Vec3, Vec3, Vec3, float] | None:
        return collisions.ball_ball(
            va,
            wa,
            vb,
            wb,
            n,
            self.mass,
            self.radius,
            self.restitution,
            self.params.mu_ball,
        )

    def contact_time(self, approach: float) -> float:
        return collisions.hertz_contact_time(approach, self.mass, self.radius)

    def cluster(
        self,
        velocities: Sequence[Vec2],
        contacts: Sequence[tuple[int, int, float, float, float]],
    ) -> ClusterImpulses:
        return collisions.cluster_impulses(
            velocities, contacts, self.mass, self.radius, self.restitution
        )

    def friction(
        self, va: Vec3, wa: Vec3, vb: Vec3, wb: Vec3, n: Vec3, p_n: float
    ) -> tuple[Vec3, Vec3, Vec3, Vec3]:
        return collisions.ball_ball_friction(
            va, wa, vb, wb, n, p_n, self.mass, self.radius, self.params.mu_ball
        )


@dataclass(frozen=True)
class SlipFriction(ThrowImpulse):
    """ThrowImpulse with a friction law of its own for the slip's vertical
    part. The straight follow shot's distance ratio (the object ball goes 7
    to 8.5 times as far as the cue ball follows it: D. Alciatore, "Throw
    Follow-up Part IV: Follow Cling", and his 7/8 rule) needs about 0.1 of
    friction where a slip of 0.6-0.9 m/s is vertical, and TP A-14's fit of
    the cut-shot throw gives 0.05-0.07 there. No one law of the slip's size
    holds both (a medium stun cut slips as fast as a slow follow shot), so
    the horizontal part keeps TP A-14's mu(s) (throw exactly as before) and
    the vertical part has mu_v(s) = a + b exp(-c s) with TP A-14's fall
    (b = 0.108, c = 1.088 s/m) from a floor a = 0.06 instead of 0.01: about
    0.1 at a follow shot's 0.6-0.9 m/s of slip. The same friction takes
    topspin off a rolling cut, so a rolling half-ball hit turns a few
    degrees more than TP A-4's frictionless 30 degree rule
    (docs/physics.md)."""

    vertical_floor: float = 0.06
    vertical_scale: float = 0.108
    vertical_rate: float = 1.088  # s/m
    name: str = "slip-friction"

    def mu_vertical(self, slip_speed: float) -> float:
        return self.vertical_floor + self.vertical_scale * math.exp(
            -self.vertical_rate * slip_speed
        )

    def collide(
        self, va: Vec3, wa: Vec3, vb: Vec3, wb: Vec3, n: Vec3
    ) -> tuple[Vec3, Vec3, Vec3, Vec3, float] | None:
        return collisions.ball_ball(
            va,
            wa,
            vb,
            wb,
            n,
            self.mass,
            self.radius,
            self.restitution,
            self.params.mu_ball,
            self.mu_vertical,
        )

    def friction(
        self, va: Vec3, wa: Vec3, vb: Vec3, wb: Vec3, n: Vec3, p_n: float
    ) -> tuple[Vec3, Vec3, Vec3, Vec3]:
        return collisions.ball_ball_friction_split(
            va,
            wa,
            vb,
            wb,
            n,
            p_n,
            self.mass,
            self.radius,
            self.params.mu_ball,
            self.mu_vertical,
        )


# -- ball against cushion -----------------------------------------------------------
@dataclass(frozen=True)
class CushionImpact:
    """What a cushion or jaw does to a ball on the bed: the velocity and spin
    it leaves with, the horizontal normal speed it came in with, and how long
    the contact lasts. A compliant contact also gives the ball's path while
    the rubber gives (time from the touch, x and y offsets from the touch
    point in the cushion's frame: along the normal, along the nose)."""

    velocity: Vec2
    spin: Vec3
    normal_speed: float
    duration: float = 0.0
    path: tuple[tuple[float, float, float], ...] = field(default=())


class CushionModel(Protocol):
    @property
    def name(self) -> str: ...

    def impact(self, v: Vec2, w: Vec3, normal: Vec2, jaw: bool) -> CushionImpact | None:
        """A ball on the bed at velocity v, spin w meets a cushion nose (or a
        pocket jaw, ``jaw``) whose horizontal normal points into the cushion.
        None if the ball is not coming in."""
        ...


def _tangent(normal: Vec2) -> Vec2:
    return (-normal[1], normal[0])


@dataclass(frozen=True)
class RigidCushion:
    """Reference.md section 6, the reference model (Han 2005): one impulse at
    the nose above the ball's centre, restitution e_c along the contact
    normal, Coulomb friction capped at the impulse that stops the slip.

    Pocket jaws (rubber behind cloth, struck nearly edge-on) depend on the
    impact's normal speed v: their restitution falls from e_c at a touch as
    e_c / (1 + (v/v0)^2) (``jaw_soften`` = v0), and their friction is half as
    large again at a touch as at speed."""

    radius: float
    mass: float
    contact_height: float
    restitution: float
    friction: float
    jaw_soften: float = 6.0  # m/s
    name: str = "rigid-han"

    def _jaw(self, v_n: float) -> tuple[float, float]:
        e = self.restitution / (1.0 + (v_n / self.jaw_soften) ** 2)
        mu = self.friction * (1.0 + 0.5 / (1.0 + 4.0 * v_n))
        return e, mu

    def impact(self, v: Vec2, w: Vec3, normal: Vec2, jaw: bool) -> CushionImpact | None:
        v_n = v[0] * normal[0] + v[1] * normal[1]
        if v_n <= 0.0:
            return None
        e, mu = (self.restitution, self.friction)
        if jaw:
            e, mu = self._jaw(v_n)
        res = collisions.cushion(
            (v[0], v[1], 0.0),
            w,
            normal,
            self.contact_height,
            self.mass,
            self.radius,
            e,
            mu,
        )
        if res is None:
            return None
        v2, w2, speed = res
        return CushionImpact((v2[0], v2[1]), w2, speed)


@dataclass(frozen=True)
class SpeedRigidCushion(RigidCushion):
    """The rigid model (one impulse at the nose, Han 2005) with the rails'
    restitution falling with the impact's normal speed v as real cushions'
    does: e(v) = e_slow / (1 + (v / v_soft)^2), fitted per table to the
    rebound ratio of a rolling ball driven straight in (pool: near 0.7 at
    ordinary speeds, Alciatore; pyramid: Mathavan et al. 2010, 0.95 at 1 m/s
    falling to 0.84 at 3 m/s). One impulse, so a stun ball leaves with some
    roll, as high-speed video shows, and a rolling one with a little
    backspin. The jaws are the rigid model's."""

    slow_restitution: float = 0.815
    soften: float = 8.0  # m/s
    name: str = "rigid-han-speed"

    def impact(self, v: Vec2, w: Vec3, normal: Vec2, jaw: bool) -> CushionImpact | None:
        if jaw:
            return RigidCushion.impact(self, v, w, normal, jaw)
        v_n = v[0] * normal[0] + v[1] * normal[1]
        if v_n <= 0.0:
            return None
        ratio = v_n / self.soften
        res = collisions.cushion(
            (v[0], v[1], 0.0),
            w,
            normal,
            self.contact_height,
            self.mass,
            self.radius,
            self.slow_restitution / (1.0 + ratio * ratio),
            self.friction,
        )
        if res is None:
            return None
        v2, w2, speed = res
        return CushionImpact((v2[0], v2[1]), w2, speed)


@dataclass(frozen=True)
class CompliantCushion:
    """A cushion that gives: the contact lasts a few milliseconds, over
    several steps, in the spirit of Mathavan et al. 2010 (slip at both the
    cushion and the table contact, the cushion's push tilted down by the
    nose height) with a compliant normal force instead of an impulse.

    The rubber pushes along the contact normal N = cos t n + sin t z (the
    nose above the centre) with a Hunt-Crossley force k d^(3/2) (1 + c d'),
    so the rebound loses more the harder it is hit, as real cushions do
    (reference.md 6: restitution falls with speed); c is set so that a slow
    hit returns about e_c. Coulomb friction mu_c acts on the slip at the
    nose and mu_s, with the table's normal force m g + F sin t, on the slip
    at the cloth; both stick when they would reverse the slip. Integrated in
    time with small steps until the rubber lets go.

    Retuned (``compliant-shear``, docs/physics.md): c per table, a stiffer
    unloading branch for the rubber's hysteresis, the face at the nose
    shearing with the ball before it slips (with Coulomb friction alone the
    friction turns round as the ball comes out and sends a stun ball off
    with backspin), and a friction of its own under the cushion's push."""

    radius: float
    mass: float
    contact_height: float
    restitution: float
    friction: float
    cloth_friction: float
    gravity: float
    stiffness: float = 2.0e6  # N / m^1.5: about 5 ms of contact
    substeps: int = 400
    name: str = "compliant-hunt-crossley"
    # The retuned cushion (``compliant-shear``) sets these four; left at
    # None / 1.0 they give the first version's laws, bit for bit.
    damping: float | None = None  # Hunt-Crossley c, s/m
    unload: float = 1.0  # share of the speed the rubber's hysteresis gives back
    push_friction: float | None = None  # cloth friction under the cushion's push
    shear: float = 0.0  # the face's tangential stiffness / its normal one

    def _damping(self, v_ref: float) -> float:
        if self.damping is not None:
            return self.damping
        # Hunt-Crossley: e ~ 1 - 2/3 c v, set to e_c at 1 m/s.
        return 1.5 * (1.0 - self.restitution) / v_ref

    def contact_time(self, speed: float) -> float:
        m, k = self.mass, self.stiffness
        d_peak = float((1.25 * m * speed * speed / k) ** 0.4)
        return 3.2 * d_peak / max(speed, 1e-6)

    def _nose_friction(
        self, s: Vec3, n_dir: Vec3, f_n: float, depth: float, sh: Vec3, dt: float
    ) -> tuple[Vec3 | None, Vec3]:
        """The friction at the nose on the slip ``s`` there (in the contact
        plane, of normal ``n_dir``) under the push f_n: the force (None if
        there is none) and the face's shear ``sh`` after it."""
        mu_c, m = self.friction, self.mass
        s_mag = math.sqrt(collisions.dot(s, s))
        if self.shear > 0.0:
            # The rubber's face shears with the ball (Mindlin: tangential
            # stiffness a share of the normal one) and springs back, so
            # what the face took while the ball went in it gives back on
            # the way out; past mu_c F_n the ball slips on it.
            if f_n > 0.0:
                sh = (sh[0] + s[0] * dt, sh[1] + s[1] * dt, sh[2] + s[2] * dt)
                hn = collisions.dot(sh, n_dir)
                sh = (
                    sh[0] - hn * n_dir[0],
                    sh[1] - hn * n_dir[1],
                    sh[2] - hn * n_dir[2],
                )
                k_t = self.shear * 1.5 * self.stiffness * math.sqrt(max(depth, 0.0))
                fc = (-k_t * sh[0], -k_t * sh[1], -k_t * sh[2])
                f_mag = math.sqrt(collisions.dot(fc, fc))
                if f_mag > mu_c * f_n:
                    scale = mu_c * f_n / f_mag
                    fc = (fc[0] * scale, fc[1] * scale, fc[2] * scale)
                    sh = (sh[0] * scale, sh[1] * scale, sh[2] * scale)
                return fc, sh
            return None, (0.0, 0.0, 0.0)
        if s_mag > 1e-9 and f_n > 0.0:
            f_t = min(mu_c * f_n, 2.0 / 7.0 * m * s_mag / dt)
            return (-f_t * s[0] / s_mag, -f_t * s[1] / s_mag, -f_t * s[2] / s_mag), sh
        return None, sh

    def _cloth_friction(
        self, u: Vec3, f_n: float, sin_t: float, dt: float
    ) -> Vec3 | None:
        """The cloth's friction on the slip ``u`` at the ball's foot, pressed
        by the weight and the cushion's push down (f_n at the angle t):
        None if it does not slip."""
        m, g, mu_t = self.mass, self.gravity, self.cloth_friction
        n_table = m * g + f_n * sin_t
        u_mag = math.hypot(u[0], u[1])
        if u_mag > 1e-9:
            if self.push_friction is not None:
                grip = mu_t * m * g + self.push_friction * f_n * sin_t
            else:
                grip = mu_t * n_table
            f_u = min(grip, 2.0 / 7.0 * m * u_mag / dt)
            return (-f_u * u[0] / u_mag, -f_u * u[1] / u_mag, 0.0)
        return None

    def impact(self, v: Vec2, w: Vec3, normal: Vec2, jaw: bool) -> CushionImpact | None:
        nx, ny = normal
        v_n = v[0] * nx + v[1] * ny
        if v_n <= 0.0:
            return None
        r, m = self.radius, self.mass
        inertia = 0.4 * m * r * r
        sin_t = max(-1.0, min(1.0, (self.contact_height - r) / r))
        cos_t = math.sqrt(1.0 - sin_t * sin_t)
        tx, ty = _tangent(normal)
        # Cushion frame: a along the normal (into the cushion), b along the
        # nose, z up. The ball's state in it:
        va = v_n
        vb = v[0] * tx + v[1] * ty
        # Spin components about the a, b, z axes.
        wa = w[0] * nx + w[1] * ny
        wb = w[0] * tx + w[1] * ty
        wz = w[2]
        k = self.stiffness
        c = self._damping(1.0)
        if jaw:
            c *= 1.0 + v_n / 2.5
        n_dir = (cos_t, 0.0, sin_t)  # contact normal, centre to nose, in (a, b, z)
        arm_c = (r * cos_t, 0.0, r * sin_t)  # centre to the nose contact
        arm_t = (0.0, 0.0, -r)  # centre to the cloth contact
        dt = self.contact_time(v_n) / self.substeps
        depth = 0.0
        pos_a = pos_b = 0.0
        t = 0.0
        path: list[tuple[float, float, float]] = [(0.0, 0.0, 0.0)]
        hysteresis = self.unload != 1.0
        sh: Vec3 = (0.0, 0.0, 0.0)  # the face's shear at the nose
        deepest = 0.0
        set_fraction = 1.0 - self.unload * self.unload
        k_unload = k / self.unload**3
        for _ in range(self.substeps * 8):
            vel = (va, vb, 0.0)
            spin = (wa, wb, wz)
            rate = va * cos_t  # d(depth)/dt: the ball moves into the nose
            if hysteresis:
                # Loading on k d^(3/2), unloading on a stiffer branch that
                # gives back unload^2 of the stored energy (as the cluster
                # solve's ball contacts do), both with Hunt-Crossley damping.
                deepest = max(deepest, depth)
                x = depth - set_fraction * deepest
                f_n = k_unload * x * math.sqrt(x) * (1.0 + c * rate) if x > 0 else 0.0
            elif depth > 0:
                f_n = k * depth * math.sqrt(depth) * (1.0 + c * rate)
            else:
                f_n = 0.0
            f_n = max(f_n, 0.0)
            force = [-f_n * n_dir[0], 0.0, -f_n * n_dir[2]]
            torque = [0.0, 0.0, 0.0]
            # Friction at the nose: on the slip there, in the contact plane.
            s = _add3(vel, collisions.cross(spin, arm_c))
            sn = collisions.dot(s, n_dir)
            s = (s[0] - sn * n_dir[0], s[1] - sn * n_dir[1], s[2] - sn * n_dir[2])
            fc, sh = self._nose_friction(s, n_dir, f_n, depth, sh, dt)
            if fc is not None:
                force = [force[i] + fc[i] for i in range(3)]
                tq = collisions.cross(arm_c, fc)
                torque = [torque[i] + tq[i] for i in range(3)]
            u = _add3(vel, collisions.cross(spin, arm_t))
            fu = self._cloth_friction(u, f_n, sin_t, dt)
            if fu is not None:
                force = [force[i] + fu[i] for i in range(3)]
                tq = collisions.cross(arm_t, fu)
                torque = [torque[i] + tq[i] for i in range(3)]
            va += force[0] / m * dt
            vb += force[1] / m * dt
            wa += torque[0] / inertia * dt
            wb += torque[1] / inertia * dt
            wz += torque[2] / inertia * dt
            pos_a += va * dt
            pos_b += vb * dt
            depth = max(depth + va * cos_t * dt, 0.0) if (depth > 0 or va > 0) else 0.0
            t += dt
            path.append((t, pos_a, pos_b))
            if depth <= 0.0 and va < 0.0:
                break
        # Back to the table's frame.
        vx = va * nx + vb * tx
        vy = va * ny + vb * ty
        wx = wa * nx + wb * tx
        wy = wa * ny + wb * ty
        return CushionImpact((vx, vy), (wx, wy, wz), v_n, t, tuple(path))


def _add3(a: Vec3, b: Vec3) -> Vec3:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


# -- the bundle -------------------------------------------------------------------
@dataclass(frozen=True)
class Models:
    """The laws one simulation runs with."""

    cloth: ClothModel
    ball_ball: BallBallModel
    cushion: CushionModel

    @property
    def name(self) -> str:
        return f"{self.cloth.name}/{self.ball_ball.name}/{self.cushion.name}"


# Mathavan et al. 2010's fitted ball-cushion friction (reference.md 2).
MATHAVAN_CUSHION_FRICTION = 0.14
# Mindlin's tangential over normal stiffness of a contact, 2(1 - nu)/(2 - nu),
# for rubber (nu = 0.5).
RUBBER_SHEAR = 2.0 / 3.0
# The cloth's friction against the part of the table's push that answers the
# cushion's downward push (the weight's part keeps mu_s). Fitted: with mu_s
# there too a stun ball at 30 degrees left 8 degrees nearer the normal than
# off the default rails; reference.md 6 (Mathavan et al. against Han) has the
# two kinds of model differ by 4-6 degrees there.
RAIL_PUSH_FRICTION = 0.05


def _cloth(balls: BallSet, params: PhysicsParams) -> CoulombCloth:
    return CoulombCloth(
        balls.radius, params.mu_slide, params.mu_roll, params.spin_decel, params.gravity
    )


def _ball_ball(name: str, balls: BallSet, params: PhysicsParams) -> BallBallModel:
    if name == "throw-impulse":
        return ThrowImpulse(balls.mass, balls.radius, params.e_ball, params)
    if name == "slip-friction":
        return SlipFriction(balls.mass, balls.radius, params.e_ball, params)
    raise ValueError(name)


def _cushion(
    name: str, balls: BallSet, params: PhysicsParams, cushion_height: float
) -> CushionModel:
    r, m = balls.radius, balls.mass
    if name == "rigid-han":
        return RigidCushion(r, m, cushion_height, params.e_cushion, params.mu_cushion)
    if name == "rigid-han-speed":
        return SpeedRigidCushion(
            r,
            m,
            cushion_height,
            params.e_cushion,
            params.mu_cushion,
            slow_restitution=params.e_rail_slow,
            soften=params.rail_soften,
        )
    compliant = CompliantCushion(
        r,
        m,
        cushion_height,
        params.e_cushion,
        MATHAVAN_CUSHION_FRICTION,
        params.mu_slide,
        params.gravity,
    )
    if name == compliant.name:
        return compliant
    if name == "compliant-shear":
        return replace(
            compliant,
            damping=params.rail_damping,
            unload=params.rail_unload,
            push_friction=RAIL_PUSH_FRICTION,
            shear=RUBBER_SHEAR,
            name=name,
        )
    raise ValueError(name)


# The laws of every shot saved before the laws were named in a save (a Shot's
# JSON without "models").
REFERENCE_NAME = REFERENCE_MODELS
DEFAULT_NAME = "coulomb-cloth/slip-friction/rigid-han-speed"
COMPLIANT_NAME = "coulomb-cloth/slip-friction/compliant-shear"


_BUILT: dict[tuple[str, PhysicsParams, float, float, float], Models] = {}


def models_named(
    name: str, balls: BallSet, params: PhysicsParams, cushion_height: float
) -> Models:
    """The bundle a Shot names (``Models.name``, "cloth/ball-ball/cushion"),
    for a table's balls and numbers, so a saved shot replays with the laws
    that made it. ValueError naming the part Kiy does not know."""
    # Made once per table: every World asks (the models are immutable).
    key = (name, params, balls.radius, balls.mass, cushion_height)
    built = _BUILT.get(key)
    if built is not None:
        return built
    problem = models_problem(name)
    if problem is not None:
        raise ValueError(f"contact laws {problem}")
    _, ball_ball, cushion = name.split("/")  # one cloth law so far
    built = Models(
        _cloth(balls, params),
        _ball_ball(ball_ball, balls, params),
        _cushion(cushion, balls, params, cushion_height),
    )
    if len(_BUILT) < 256:
        _BUILT[key] = built
    return built


def default_models(
    balls: BallSet, params: PhysicsParams, cushion_height: float
) -> Models:
    """The laws new shots use: the cloth of reference.md 3, the ball-ball
    friction with its vertical part raised (SlipFriction: throw and the follow
    shot's 7/8 rule) and the rigid cushion whose restitution falls with speed
    (SpeedRigidCushion); docs/physics.md gives the measurements."""
    return models_named(DEFAULT_NAME, balls, params, cushion_height)


def reference_models(
    balls: BallSet, params: PhysicsParams, cushion_height: float
) -> Models:
    """The reference models of reference.md sections 3, 5 and 6 (TP A-14's
    throw impulse, Han 2005's rigid cushion at a fixed e_c): what every shot
    saved without a name for its laws was made with."""
    return models_named(REFERENCE_NAME, balls, params, cushion_height)


def compliant_models(
    balls: BallSet, params: PhysicsParams, cushion_height: float
) -> Models:
    """The default laws with the compliant cushion retuned (friction at the
    nose the value Mathavan et al. fitted, the face's shear, the table's
    damping and hysteresis)."""
    return models_named(COMPLIANT_NAME, balls, params, cushion_height)
