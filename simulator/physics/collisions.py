"""Impulse models for ball-ball (reference.md 5) and ball-cushion (6) contacts.

Pure functions on 3-vectors; the world applies what they return.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

Vec3 = tuple[float, float, float]

# Hertz contact of two phenolic-resin balls (S. Crown's figures, as quoted in
# dbkcues.ru "Collision of billiard balls"): about 0.25 ms of contact at 8 m/s.
# With the balls touching (gaps far below the compression, tenths of a
# millimetre), the velocities a cluster solve gives do not depend on them.
YOUNG_MODULUS = 5.84e9  # Pa
POISSON_RATIO = 0.34


def cross(a: Vec3, b: Vec3) -> Vec3:
    return (
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    )


def dot(a: Vec3, b: Vec3) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def ball_ball_friction(
    v1: Vec3,
    w1: Vec3,
    v2: Vec3,
    w2: Vec3,
    n: Vec3,
    p_n: float,
    mass: float,
    radius: float,
    mu: Callable[[float], float],
) -> tuple[Vec3, Vec3, Vec3, Vec3]:
    """The friction part of a ball-ball impulse (steps 2-4 of section 5).

    ``n`` points from ball 1 to ball 2; ``p_n`` is the normal impulse already
    applied. Returns (dv1, dw1, dv2, dw2). The slip's normal part is unchanged
    by the normal impulse, so the velocities may be taken before or after it.
    """
    if p_n <= 0.0:
        zero = (0.0, 0.0, 0.0)
        return zero, zero, zero, zero
    r1 = (radius * n[0], radius * n[1], radius * n[2])
    r2 = (-r1[0], -r1[1], -r1[2])
    c1 = cross(w1, r1)
    c2 = cross(w2, r2)
    s = (
        v1[0] + c1[0] - v2[0] - c2[0],
        v1[1] + c1[1] - v2[1] - c2[1],
        v1[2] + c1[2] - v2[2] - c2[2],
    )
    sn = dot(s, n)
    s = (s[0] - sn * n[0], s[1] - sn * n[1], s[2] - sn * n[2])
    s_mag = math.sqrt(dot(s, s))
    if s_mag < 1e-12:
        zero = (0.0, 0.0, 0.0)
        return zero, zero, zero, zero
    p_t = min(mu(s_mag) * p_n, mass * s_mag / 7.0)
    pt = (-p_t * s[0] / s_mag, -p_t * s[1] / s_mag, -p_t * s[2] / s_mag)
    inertia = 0.4 * mass * radius * radius
    dv1 = (pt[0] / mass, pt[1] / mass, pt[2] / mass)
    dv2 = (-dv1[0], -dv1[1], -dv1[2])
    torque = cross(r1, pt)
    dw = (torque[0] / inertia, torque[1] / inertia, torque[2] / inertia)
    return dv1, dw, dv2, dw


def ball_ball_friction_split(
    v1: Vec3,
    w1: Vec3,
    v2: Vec3,
    w2: Vec3,
    n: Vec3,
    p_n: float,
    mass: float,
    radius: float,
    mu: Callable[[float], float],
    mu_vertical: Callable[[float], float],
) -> tuple[Vec3, Vec3, Vec3, Vec3]:
    """The friction part of a ball-ball impulse with a coefficient of its own
    for the slip's vertical part (the follow and draw of a full hit).

    The slip s at the contact is split into its part along the contact
    plane's most nearly vertical direction and the rest (horizontal for balls
    on the bed). Each part gets the impulse ``ball_ball_friction`` would give
    it, min(mu(|s|) p_n |s_part| / |s|, m |s_part| / 7), with ``mu`` for the
    horizontal part (throw: TP A-14) and ``mu_vertical`` for the vertical one
    (the follow shot's distance ratio). Neither part of the slip is reversed,
    and the friction never does work against the slip's direction, so no
    energy is made. With mu_vertical = mu this is ``ball_ball_friction``.
    """
    zero = (0.0, 0.0, 0.0)
    if p_n <= 0.0:
        return zero, zero, zero, zero
    r1 = (radius * n[0], radius * n[1], radius * n[2])
    c1 = cross(w1, r1)
    c2 = cross(w2, (-r1[0], -r1[1], -r1[2]))
    s = (
        v1[0] + c1[0] - v2[0] - c2[0],
        v1[1] + c1[1] - v2[1] - c2[1],
        v1[2] + c1[2] - v2[2] - c2[2],
    )
    sn = dot(s, n)
    s = (s[0] - sn * n[0], s[1] - sn * n[1], s[2] - sn * n[2])
    s_mag = math.sqrt(dot(s, s))
    if s_mag < 1e-12:
        return zero, zero, zero, zero
    # The contact plane's most nearly vertical unit direction.
    ux, uy, uz = -n[2] * n[0], -n[2] * n[1], 1.0 - n[2] * n[2]
    u_mag = math.sqrt(ux * ux + uy * uy + uz * uz)
    s_v = 0.0
    if u_mag > 1e-12:
        ux, uy, uz = ux / u_mag, uy / u_mag, uz / u_mag
        s_v = s[0] * ux + s[1] * uy + s[2] * uz
    h = (s[0] - s_v * ux, s[1] - s_v * uy, s[2] - s_v * uz)
    h_mag = math.sqrt(dot(h, h))
    k_h = 0.0
    if h_mag > 0.0:
        k_h = min(mu(s_mag) * p_n * h_mag / s_mag, mass * h_mag / 7.0) / h_mag
    k_v = 0.0
    if s_v != 0.0:
        a_v = abs(s_v)
        k_v = min(mu_vertical(s_mag) * p_n * a_v / s_mag, mass * a_v / 7.0) / a_v
    pt = (
        -k_h * h[0] - k_v * s_v * ux,
        -k_h * h[1] - k_v * s_v * uy,
        -k_h * h[2] - k_v * s_v * uz,
    )
    inertia = 0.4 * mass * radius * radius
    dv1 = (pt[0] / mass, pt[1] / mass, pt[2] / mass)
    dv2 = (-dv1[0], -dv1[1], -dv1[2])
    torque = cross(r1, pt)
    dw = (torque[0] / inertia, torque[1] / inertia, torque[2] / inertia)
    return dv1, dw, dv2, dw


def ball_ball(
    v1: Vec3,
    w1: Vec3,
    v2: Vec3,
    w2: Vec3,
    n: Vec3,
    mass: float,
    radius: float,
    restitution: float,
    mu: Callable[[float], float],
    mu_vertical: Callable[[float], float] | None = None,
) -> tuple[Vec3, Vec3, Vec3, Vec3, float] | None:
    """A whole ball-ball collision of equal balls. None if they separate.

    Returns new (v1, w1, v2, w2) and the relative normal speed. With
    ``mu_vertical`` the slip's vertical part has its own friction
    (``ball_ball_friction_split``).
    """
    v_n = (v1[0] - v2[0]) * n[0] + (v1[1] - v2[1]) * n[1] + (v1[2] - v2[2]) * n[2]
    if v_n <= 0.0:
        return None
    p_n = 0.5 * (1.0 + restitution) * mass * v_n
    dvn = p_n / mass
    v1n = (v1[0] - dvn * n[0], v1[1] - dvn * n[1], v1[2] - dvn * n[2])
    v2n = (v2[0] + dvn * n[0], v2[1] + dvn * n[1], v2[2] + dvn * n[2])
    if mu_vertical is None:
        dv1, dw1, dv2, dw2 = ball_ball_friction(
            v1n, w1, v2n, w2, n, p_n, mass, radius, mu
        )
    else:
        dv1, dw1, dv2, dw2 = ball_ball_friction_split(
            v1n, w1, v2n, w2, n, p_n, mass, radius, mu, mu_vertical
        )
    return (
        (v1n[0] + dv1[0], v1n[1] + dv1[1], v1n[2] + dv1[2]),
        (w1[0] + dw1[0], w1[1] + dw1[1], w1[2] + dw1[2]),
        (v2n[0] + dv2[0], v2n[1] + dv2[1], v2n[2] + dv2[2]),
        (w2[0] + dw2[0], w2[1] + dw2[1], w2[2] + dw2[2]),
        v_n,
    )


def cushion(
    v: Vec3,
    w: Vec3,
    n: tuple[float, float],
    contact_height: float,
    mass: float,
    radius: float,
    restitution: float,
    mu: float,
) -> tuple[Vec3, Vec3, float] | None:
    """Ball on the bed against a rigid cushion nose above its centre (section 6,
    Han 2005).

    ``n`` is the horizontal unit normal pointing into the cushion;
    ``contact_height`` is the nose height above the slate. Returns the new v
    and w and the horizontal normal speed, or None if the ball is leaving.
    """
    sin_t = max(-1.0, min(1.0, (contact_height - radius) / radius))
    cos_t = math.sqrt(1.0 - sin_t * sin_t)
    res = cushion_impulse(
        v, w, (cos_t * n[0], cos_t * n[1], sin_t), mass, radius, restitution, mu
    )
    if res is None:
        return None
    v_new, w_new = res
    normal_speed = v[0] * n[0] + v[1] * n[1]
    return (v_new[0], v_new[1], 0.0), w_new, normal_speed  # the slate takes v_z


def cushion_impulse(
    v: Vec3,
    w: Vec3,
    normal: Vec3,
    mass: float,
    radius: float,
    restitution: float,
    mu: float,
) -> tuple[Vec3, Vec3] | None:
    """The one-impulse cushion model along the unit contact direction ``normal``
    (from the ball's centre to the contact): restitution on the normal part,
    Coulomb friction on the slip, capped at the impulse that stops it."""
    v_dot_n = dot(v, normal)
    if v_dot_n <= 0.0:
        return None
    p_n = (1.0 + restitution) * mass * v_dot_n
    r_i = (radius * normal[0], radius * normal[1], radius * normal[2])
    c = cross(w, r_i)
    s = (v[0] + c[0], v[1] + c[1], v[2] + c[2])
    sn = dot(s, normal)
    s = (s[0] - sn * normal[0], s[1] - sn * normal[1], s[2] - sn * normal[2])
    s_mag = math.sqrt(dot(s, s))
    pt = (0.0, 0.0, 0.0)
    if s_mag > 1e-12:
        p_t = min(mu * p_n, 2.0 / 7.0 * mass * s_mag)
        pt = (-p_t * s[0] / s_mag, -p_t * s[1] / s_mag, -p_t * s[2] / s_mag)
    j = (-p_n * normal[0] + pt[0], -p_n * normal[1] + pt[1], -p_n * normal[2] + pt[2])
    inertia = 0.4 * mass * radius * radius
    torque = cross(r_i, j)
    return (
        (v[0] + j[0] / mass, v[1] + j[1] / mass, v[2] + j[2] / mass),
        (
            w[0] + torque[0] / inertia,
            w[1] + torque[1] / inertia,
            w[2] + torque[2] / inertia,
        ),
    )


@dataclass(frozen=True)
class ClusterImpulses:
    """What a cluster solve gives: new centre velocities, the normal impulse of
    each contact, and when each contact first pushed (s after the start; inf
    if it never did)."""

    velocities: list[tuple[float, float]]
    impulses: list[float]
    first_push: list[float]
    duration: float


def hertz_stiffness(radius: float) -> float:
    """k in F = k d^(3/2) for two equal balls (Hertz; Landau and Lifshitz,
    Theory of Elasticity, section 9)."""
    e_star = YOUNG_MODULUS / (2.0 * (1.0 - POISSON_RATIO**2))
    return 4.0 / 3.0 * e_star * math.sqrt(radius / 2.0)


def hertz_contact_time(approach: float, mass: float, radius: float) -> float:
    """How long two equal balls touch when they meet at this speed (Hertz:
    2.94 times the peak compression over the approach speed; about 0.2 ms
    at 8 m/s for pool balls)."""
    if approach <= 0.0:
        return 0.0
    k = hertz_stiffness(radius)
    d_peak = float((15.0 * 0.5 * mass * approach**2 / (16.0 * k)) ** 0.4)
    return 2.94 * d_peak / approach


_largest = np.maximum.reduce  # the ufunc's own reduction: no Python wrapper


def cluster_impulses(
    velocities: Sequence[tuple[float, float]],
    contacts: Sequence[tuple[int, int, float, float, float]],
    mass: float,
    radius: float,
    restitution: float,
    steps_per_contact: int = 30,
    max_steps: int = 5000,
) -> ClusterImpulses:
    """Normal impulses of equal balls touching one another, solved together.

    A rigid-body solve of simultaneous contacts has no unique answer (pymunk's
    sequential impulses send a ball into three frozen balls off as -1/3, 0,
    2/3, 2/3 of its speed), so each contact is given the compliance it has:
    Hertz's force k d^(3/2) while it is compressed further than before, and a
    stiffer unloading branch k/e^3 (d - (1 - e^2) d_max)^(3/2) that gives back
    e^2 of the stored energy, so an isolated pair parts at e times its approach
    speed whatever its speed. The geometry is held fixed over the fraction of a
    millisecond the compression wave takes (the balls move a few millimetres at
    most), which is the usual impulsive idealisation; only the compressions
    evolve. The force law is homogeneous, so for touching balls the outcome
    scales with the speed and does not depend on the stiffness.

    What it gives for a ball at speed v into three frozen balls in a line,
    e = 0.95: -0.040, -0.002, 0.114, 0.927 v (e = 1: -0.071, -0.030, 0.109,
    0.991 v), the dispersion a Hertzian chain shows (Hinch and Saint-Jean
    1999), against 0.025, 0.024, 0.023, 0.927 v for pairwise impacts.

    ``contacts`` are (a, b, nx, ny, gap): ball indices, the unit normal from a
    to b and the gap between the surfaces (an overlap counts as touching and
    holds no energy). Velocity Verlet with ``steps_per_contact`` steps per
    pair contact time; stops when no contact pushes or approaches, or after
    ``max_steps``. Momentum is conserved to rounding and the kinetic energy
    never rises: an integration error that would raise it is taken out of the
    motion relative to the centre of mass.
    """
    m = len(contacts)
    if m == 0:
        return ClusterImpulses(list(velocities), [], [], 0.0)
    cluster = _Cluster(velocities, contacts)
    v_max = float(cluster.closing_rate().max())
    impulse = np.zeros(m)
    first = np.full(m, math.inf)
    if v_max <= 0.0:
        return ClusterImpulses(list(velocities), impulse.tolist(), first.tolist(), 0.0)
    k = hertz_stiffness(radius)
    e = restitution
    k_unload = k / e**3
    set_fraction = 1.0 - e * e  # of the deepest compression, where it lets go
    # Contact time of a pair at the fastest approach speed (Hertz).
    d_peak = (15.0 * 0.5 * mass * v_max**2 / (16.0 * k)) ** 0.4
    dt = 2.94 * d_peak / v_max / steps_per_contact
    half_kick = 0.5 * dt / mass
    t = cluster.integrate(
        impulse, first, (dt, set_fraction, k_unload, half_kick), v_max, max_steps
    )
    n = len(velocities)
    out_x, out_y = _no_energy_gain(velocities, cluster.vel[:n], cluster.vel[n:])
    return ClusterImpulses(
        list(zip(out_x, out_y, strict=True)),
        impulse.tolist(),
        first.tolist(),
        t,
    )


class _Cluster:
    """The balls' velocities and their contacts' compressions as the
    cluster's solve steps them.

    Elementwise operations and bincount only: a BLAS product may change its
    rounding with the machine's kernel, and replays must be bit-identical.
    The x and y parts sit in one array (x first): each operation works on
    both at once, in the same order as on each alone, so the results are
    those of separate x and y arrays, with half the calls."""

    def __init__(
        self,
        velocities: Sequence[tuple[float, float]],
        contacts: Sequence[tuple[int, int, float, float, float]],
    ) -> None:
        n = self.n = len(velocities)
        self.m = len(contacts)
        ia = np.array([c[0] for c in contacts], dtype=np.intp)
        ib = np.array([c[1] for c in contacts], dtype=np.intp)
        self.ia2 = np.concatenate((ia, ia + n))
        self.ib2 = np.concatenate((ib, ib + n))
        self.normal = np.array(
            [[c[2] for c in contacts], [c[3] for c in contacts]], dtype=np.float64
        )
        self.normal2 = self.normal.ravel()
        # Each contact's compression (an overlap counts as touching and
        # holds no energy).
        self.delta = -np.maximum(
            np.array([c[4] for c in contacts], dtype=np.float64), 0.0
        )
        self.vel = np.array(
            [v[0] for v in velocities] + [v[1] for v in velocities], dtype=np.float64
        )

    def closing_rate(self) -> np.ndarray:
        r2 = (self.vel[self.ia2] - self.vel[self.ib2]) * self.normal2
        r: np.ndarray = r2[: self.m] + r2[self.m :]
        return r

    def integrate(
        self,
        impulse: np.ndarray,
        first: np.ndarray,
        law: tuple[float, float, float, float],
        v_max: float,
        max_steps: int,
    ) -> float:
        """Velocity Verlet until no contact pushes or approaches, or for
        ``max_steps``: each contact's impulse adds up in ``impulse``, the
        first instant it pushes goes in ``first``; the time it took. ``law``
        is the step, the unloading branch's set fraction and stiffness, and
        half the step over the mass."""
        dt, set_fraction, k_unload, half_kick = law
        m, n2 = self.m, 2 * self.n
        ia2, ib2, normal, normal2 = self.ia2, self.ib2, self.normal, self.normal2
        delta, vel = self.delta, self.vel
        half_dt = 0.5 * dt
        d_max = np.zeros(m)
        # The first force and its half step's change of velocity.
        np.maximum(d_max, delta, out=d_max)
        x = delta - set_fraction * d_max
        np.maximum(x, 0.0, out=x)
        f: np.ndarray = k_unload * x * np.sqrt(x)
        fxy = (normal * f).ravel()
        kick: np.ndarray = half_kick * (
            np.bincount(ib2, fxy, n2) - np.bincount(ia2, fxy, n2)
        )
        pushes = _largest(f) > 0.0
        still = 1e-9 * v_max
        t = 0.0
        # The steps below do what closing_rate and the first force and kick
        # do, the same operations in the same order, written out and with the
        # constants as arrays (numpy takes those faster than Python floats):
        # a cluster takes a hundred steps or more.
        dt_, set_, k_, kick_, half_, zero_ = (
            np.array(c) for c in (dt, set_fraction, k_unload, half_kick, half_dt, 0.0)
        )
        fxy2 = np.empty((2, m))
        fxy = fxy2.ravel()
        along = np.empty(2 * m)
        along_x, along_y = along[:m], along[m:]
        sqrt, bincount, maximum = np.sqrt, np.bincount, np.maximum
        for _ in range(max_steps):
            if not pushes:
                # Nothing pushes: jump to the next contact that starts to push.
                rate = self.closing_rate()
                closing = rate > still
                if not closing.any():
                    break
                wait = (set_fraction * d_max - delta) / np.where(closing, rate, 1.0)
                jump = max(float(np.where(closing, wait, math.inf).min()), 0.0)
                delta += rate * jump
                t += jump
            vel += kick
            np.subtract(vel[ia2], vel[ib2], out=along)
            np.multiply(along, normal2, out=along)
            delta += (along_x + along_y) * dt_
            maximum(d_max, delta, out=d_max)
            x = delta - set_ * d_max
            maximum(x, zero_, out=x)
            f_new = k_ * x * sqrt(x)
            np.multiply(normal, f_new, out=fxy2)
            kick = kick_ * (bincount(ib2, fxy, n2) - bincount(ia2, fxy, n2))
            vel += kick
            impulse += half_ * (f + f_new)
            t += dt
            # Forces are never negative: any nonzero one pushes.
            pushes = _largest(f_new) > 0.0
            if pushes:
                np.minimum(first, t, out=first, where=f_new > 0.0)
            f = f_new
        return t


def _no_energy_gain(
    velocities: Sequence[tuple[float, float]], vx: np.ndarray, vy: np.ndarray
) -> tuple[list[float], list[float]]:
    """The velocities after (vx, vy), with the kinetic energy relative to the
    centre of mass no larger than before: an integration error that would
    raise it is taken out of the motion relative to the centre of mass."""
    n = len(velocities)
    out_x, out_y = vx.tolist(), vy.tolist()
    in_x = [float(v[0]) for v in velocities]
    in_y = [float(v[1]) for v in velocities]
    cx, cy = math.fsum(in_x) / n, math.fsum(in_y) / n
    before = math.fsum(
        (x - cx) ** 2 + (y - cy) ** 2 for x, y in zip(in_x, in_y, strict=True)
    )
    after = math.fsum(
        (x - cx) ** 2 + (y - cy) ** 2 for x, y in zip(out_x, out_y, strict=True)
    )
    if after > before:
        scale = math.sqrt(before / after)
        out_x = [cx + (x - cx) * scale for x in out_x]
        out_y = [cy + (y - cy) * scale for y in out_y]
    return out_x, out_y
