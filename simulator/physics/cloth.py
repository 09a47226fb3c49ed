"""Motion on the cloth: the closed forms of reference.md section 3.

Every phase has a constant acceleration, so a ball's spin and slip at any
time follow from the state at its last event. The world lets pymunk carry the
translation (a friction joint per ball, see world.py) and asks these
functions for the spin and the phase-change times.
"""

from __future__ import annotations

import math

from simulator.table.events import Phase

Vec3 = tuple[float, float, float]

# Below these, a velocity or spin counts as zero (reference.md 3.5).
EPS_SPEED = 1e-9
EPS_SLIP = 1e-6
EPS_SPIN = 1e-6


def slip(vx: float, vy: float, w: Vec3, radius: float) -> tuple[float, float]:
    """Velocity of the contact point with the cloth: u = v + w x (-R z)."""
    return (vx - radius * w[1], vy + radius * w[0])


def classify(vx: float, vy: float, w: Vec3, radius: float) -> Phase:
    ux, uy = slip(vx, vy, w, radius)
    if math.hypot(ux, uy) > EPS_SLIP:
        return Phase.SLIDING
    if math.hypot(vx, vy) > EPS_SPEED:
        return Phase.ROLLING
    if abs(w[2]) > EPS_SPIN:
        return Phase.SPINNING
    return Phase.STATIONARY


def slide_time(u_mag: float, mu_slide: float, g: float) -> float:
    """tau_s = 2|u0| / (7 mu_s g)."""
    return 2.0 * u_mag / (7.0 * mu_slide * g)


def rolling_velocity(vx: float, vy: float, ux: float, uy: float) -> tuple[float, float]:
    """Velocity when sliding ends: v_roll = v0 - (2/7) u0."""
    return (vx - 2.0 / 7.0 * ux, vy - 2.0 / 7.0 * uy)


def roll_time(speed: float, mu_roll: float, g: float) -> float:
    """tau_r = |v0| / (mu_r g)."""
    return speed / (mu_roll * g)


def side_spin_at(wz0: float, dt: float, spin_decel: float) -> float:
    """w_z decays linearly to zero in every phase (3.3)."""
    mag = abs(wz0) - spin_decel * dt
    if mag <= 0.0:
        return 0.0
    return math.copysign(mag, wz0)


def sliding_spin_at(
    w0: Vec3,
    ux: float,
    uy: float,
    dt: float,
    radius: float,
    mu_slide: float,
    g: float,
    spin_decel: float,
) -> Vec3:
    """w_xy(t) = w_xy0 + (5 mu_s g t / 2R)(z x u_hat) while sliding (3.1)."""
    u = math.hypot(ux, uy)
    if u <= 0.0:
        return (w0[0], w0[1], side_spin_at(w0[2], dt, spin_decel))
    k = 5.0 * mu_slide * g * dt / (2.0 * radius)
    return (w0[0] - k * uy / u, w0[1] + k * ux / u, side_spin_at(w0[2], dt, spin_decel))


def rolling_spin(vx: float, vy: float, wz: float, radius: float) -> Vec3:
    """w_xy locked to v while rolling."""
    return (-vy / radius, vx / radius, wz)
