"""Impulse models for ball-ball (reference.md 5) and ball-cushion (6) contacts.

Pure functions on 3-vectors; the world applies what they return.
"""

from __future__ import annotations

import math
from collections.abc import Callable

Vec3 = tuple[float, float, float]


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
) -> tuple[Vec3, Vec3, Vec3, Vec3, float] | None:
    """A whole ball-ball collision of equal balls. None if they separate.

    Returns new (v1, w1, v2, w2) and the relative normal speed.
    """
    v_n = (v1[0] - v2[0]) * n[0] + (v1[1] - v2[1]) * n[1] + (v1[2] - v2[2]) * n[2]
    if v_n <= 0.0:
        return None
    p_n = 0.5 * (1.0 + restitution) * mass * v_n
    dvn = p_n / mass
    v1n = (v1[0] - dvn * n[0], v1[1] - dvn * n[1], v1[2] - dvn * n[2])
    v2n = (v2[0] + dvn * n[0], v2[1] + dvn * n[1], v2[2] + dvn * n[2])
    dv1, dw1, dv2, dw2 = ball_ball_friction(v1n, w1, v2n, w2, n, p_n, mass, radius, mu)
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
