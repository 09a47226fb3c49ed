"""Cloth motion and ball-ball collisions against reference.md sections 3 and 5."""

from __future__ import annotations

import math

import pytest

from simulator.table.events import REFERENCE_MODELS, EventKind, Phase
from tests.physics.helpers import (
    POOL,
    G,
    angle_between,
    cut_setup,
    first,
    heading,
    rolling_after,
    shoot,
)

MU_S = POOL.physics.mu_slide
MU_R = POOL.physics.mu_roll


def test_centre_ball_slides_then_rolls_at_five_sevenths() -> None:
    v0 = 1.2
    shot = shoot(POOL, {0: (0.4, 0.635)}, 0.0, v0)
    roll = first(shot, EventKind.MOTION, 0, phase_to=Phase.ROLLING)
    # 3.1: tau_s = 2 v0 / (7 mu_s g), v_roll = 5/7 v0
    assert roll.time == pytest.approx(2 * v0 / (7 * MU_S * G), rel=1e-3)
    s = roll.snapshots[0]
    assert s.vx == pytest.approx(5 / 7 * v0, rel=2e-3)
    # sliding distance 12 v0^2 / (49 mu_s g)
    assert s.x - 0.4 == pytest.approx(12 * v0**2 / (49 * MU_S * G), rel=5e-3)
    # rolling: w_y = v_x / R (reference sign convention)
    assert s.wy == pytest.approx(s.vx / POOL.balls.radius, rel=1e-3)


def test_rolling_stop_distance_and_time() -> None:
    v0 = 0.6
    shot = shoot(POOL, {0: (0.4, 0.635)}, 0.0, v0)
    roll = first(shot, EventKind.MOTION, 0, phase_to=Phase.ROLLING)
    stop = first(shot, EventKind.MOTION, 0, phase_to=Phase.STATIONARY)
    v_roll = roll.snapshots[0].vx
    # 3.2: d = v^2 / (2 mu_r g), tau_r = v / (mu_r g)
    assert stop.snapshots[0].x - roll.snapshots[0].x == pytest.approx(
        v_roll**2 / (2 * MU_R * G), abs=0.003
    )
    assert stop.time - roll.time == pytest.approx(v_roll / (MU_R * G), rel=5e-3)
    assert not shot.of_kind(EventKind.BALL_CUSHION)


def test_backspin_rolls_out_at_the_closed_form_speed() -> None:
    """Straight backspin: v_roll = (5 v0 + 2 R w0) / 7 (3.1), R w0 / v0 = 2.5 b (4)."""
    shot = shoot(POOL, {0: (1.0, 0.635)}, 0.0, 1.0, b=-0.5)
    s0 = shot.events[0].snapshots[0]
    assert POOL.balls.radius * s0.wy / s0.vx == pytest.approx(-1.25, rel=1e-6)
    roll = first(shot, EventKind.MOTION, 0, phase_to=Phase.ROLLING)
    expected = (5 * s0.vx + 2 * POOL.balls.radius * s0.wy) / 7
    assert roll.snapshots[0].vx == pytest.approx(expected, rel=5e-3)


def test_draw_shot_comes_back_off_a_full_hit() -> None:
    pos, d = cut_setup(POOL, 0.0, gap=0.05)
    shot = shoot(POOL, pos, d, 2.0, b=-0.5)
    hit = first(shot, EventKind.BALL_BALL, 0)
    back = rolling_after(shot, 0, hit.time).snapshots[0]
    assert back.vx < -0.3  # the cue ball rolls back towards the shooter


def test_full_ball_stun_hit_stops_the_cue_ball() -> None:
    pos, d = cut_setup(POOL, 0.0, gap=0.003)
    shot = shoot(POOL, pos, d, 2.0)
    hit = first(shot, EventKind.BALL_BALL, 0)
    cue_after, obj_after = hit.snapshot(0), hit.snapshot(1)
    assert cue_after is not None and obj_after is not None
    # 5: the cue ball keeps (1 - e)/2 of its speed
    assert cue_after.speed == pytest.approx((1 - 0.95) / 2 * 2.0, rel=0.05)
    assert obj_after.speed == pytest.approx((1 + 0.95) / 2 * 2.0, rel=0.01)


@pytest.mark.parametrize("cut", [30.0, 45.0, 60.0])
def test_stun_cut_balls_part_near_ninety_degrees(cut: float) -> None:
    """90 degree rule (TP A-5) at medium speed (3.1 m/s): 85-90 degrees apart."""
    pos, d = cut_setup(POOL, cut, gap=0.003)
    shot = shoot(POOL, pos, d, 3.1)
    hit = first(shot, EventKind.BALL_BALL, 0)
    c, o = hit.snapshot(0), hit.snapshot(1)
    assert c is not None and o is not None
    assert 85.0 <= angle_between((c.vx, c.vy), (o.vx, o.vy)) <= 90.0


def test_rolling_half_ball_hit_deflects_about_thirty_degrees() -> None:
    """30 degree rule (TP A-4): final deflection 27-34 degrees, with the
    reference laws (TP A-14's friction); the default laws' stronger grip of
    a vertical slip turns it a few degrees more (test_contacts_measured)."""
    pos, d = cut_setup(POOL, 30.0, gap=0.6)
    shot = shoot(POOL, pos, d, 1.5, models=REFERENCE_MODELS)
    hit = first(shot, EventKind.BALL_BALL, 0)
    before = hit.snapshot(0)
    assert before is not None
    rolling = rolling_after(shot, 0, hit.time).snapshots[0]
    deflection = angle_between((rolling.vx, rolling.vy), (1.0, 0.0))
    assert 27.0 <= deflection <= 34.0


def test_half_ball_stun_cut_throws_the_object_ball() -> None:
    """Throw (TP A-14): 2-4 degrees on a slow-to-medium stun half-ball hit."""
    pos, d = cut_setup(POOL, 30.0, gap=0.003)
    shot = shoot(POOL, pos, d, 2.0)
    hit = first(shot, EventKind.BALL_BALL, 0)
    o = hit.snapshot(1)
    assert o is not None
    throw = 30.0 - abs(heading(o.vx, o.vy))
    assert 2.0 <= throw <= 4.0


def test_outside_english_reduces_throw() -> None:
    """Gearing outside english (TP A-14) throws less than a stun hit."""
    pos, d = cut_setup(POOL, 30.0, gap=0.003)
    plain = first(shoot(POOL, pos, d, 2.0), EventKind.BALL_BALL, 0).snapshot(1)
    # Cut to the left (object ball goes +y): outside english is right english.
    geared = first(shoot(POOL, pos, d, 2.0, a=0.3), EventKind.BALL_BALL, 0).snapshot(1)
    assert plain is not None and geared is not None
    assert 30.0 - heading(geared.vx, geared.vy) < 30.0 - heading(plain.vx, plain.vy)


def test_squirt_deflects_away_from_english() -> None:
    shot = shoot(POOL, {0: (0.5, 0.635)}, 0.0, 2.0, a=0.5)
    s = shot.events[0].snapshots[0]
    # 4: about 1.9 degrees at a = 0.5 with m/m_e = 30, to the left for right english
    assert heading(s.vx, s.vy) == pytest.approx(1.9, abs=0.15)
    assert s.wz > 0


def test_miscue_beyond_half_radius_is_flagged_and_weak() -> None:
    good = shoot(POOL, {0: (0.5, 0.635)}, 0.0, 2.0, a=0.45).events[0]
    bad = shoot(POOL, {0: (0.5, 0.635)}, 0.0, 2.0, a=0.7).events[0]
    assert good.miscue is False
    assert bad.miscue is True
    assert bad.snapshots[0].speed < 0.5 * good.snapshots[0].speed
    assert math.isfinite(bad.snapshots[0].wz)
