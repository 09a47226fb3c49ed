"""The cue ball of a square stun break comes back off the rack.

The break docs/physics.md ("The cue ball of a square break") works through:
the 9-ball diamond racked (rules.nine_ball), the cue ball in the middle of
the kitchen, struck at the centre straight into the 1. Every expected figure
comes from the reference's laws (reference.md 3.1, 3.2 and 5), worked out
here, not from a run:

- the cue ball slides to the rack, picking up a little follow (3.1);
- the rack behind the 1 makes it heavier than one ball: a rigid sequence of
  impacts (the 1 struck, then the 1 into the two balls behind it at 30
  degrees, then back into the cue ball) sends the cue ball back at 0.16 of
  its speed, the published Hertz solution of a frozen rack at e = 1 at
  0.179; the frozen rack's compression wave at e = 0.95 lies between;
- the contact's huge normal impulse stops the vertical slip, which takes
  5/14 of the follow (the m|s|/7 cap of 5);
- then the cloth: sliding back, rolling at (5 v + 2 R w)/7, stopping only
  after |v|^2 / (2 mu_r g): some metres, so it meets the head rail.
"""

from __future__ import annotations

import math

import pytest

from rules.general import kitchen_cue_spot
from rules.nine_ball import rack_nine
from simulator.physics import cue_speed_for, simulate
from simulator.table.events import EventKind, Stroke
from simulator.table.specs import CUE_BALL
from simulator.table.state import TableState, Where
from tests.physics.helpers import POOL

R = POOL.balls.radius
MU_S = POOL.physics.mu_slide
MU_R = POOL.physics.mu_roll
G = POOL.physics.gravity
E = POOL.physics.e_ball


def rigid_sequence_rebound(e: float) -> float:
    """The cue ball's speed back (a share of its speed at the 1) when each
    contact is a separate rigid impact (reference.md 5, normal impulse
    (1 + e)/2 m v_n)."""
    cue, one = (1 - e) / 2, (1 + e) / 2
    # The 1 into the two balls behind it at +-30 degrees at once: per ball
    # J/m = (1 + e) u cos30 / (1 + 2 cos^2 30), the 1 keeps u (1 - 3/5 (1 + e)).
    one *= 1 - 0.6 * (1 + e)
    # ... and back into the cue ball.
    return -((1 - e) / 2 * cue + (1 + e) / 2 * one)


def to_head_rail(x: float, v: float, roll: float) -> float:
    """Seconds until a ball at x moving back at v (< 0) with follow
    ``roll`` = R w (> 0: the forward roll it brought) touches the head
    cushion (its centre at x = R), by the cloth's closed forms (3.1, 3.2);
    inf when it stops before."""
    slip = v - roll  # contact point's speed over the cloth, < 0
    tau = 2 * abs(slip) / (7 * MU_S * G)
    a = MU_S * G  # friction pushes forward while it slides back
    slid = v * tau + a * tau * tau / 2  # < 0
    left = (x - R) + slid  # distance still to go
    if left <= 0:  # reached while sliding: v t + a t^2 / 2 = -(x - R)
        return (-v - math.sqrt(v * v - 2 * a * (x - R))) / a
    rolling = abs(v + a * tau)
    d = MU_R * G
    disc = rolling * rolling - 2 * d * left
    if disc < 0:
        return math.inf
    return tau + (rolling - math.sqrt(disc)) / d


@pytest.mark.parametrize("speed", [10.0, 12.0])
def test_a_square_stun_break_sends_the_cue_ball_back_to_the_head_rail(
    speed: float,
) -> None:
    rack = rack_nine(POOL.name, 0)
    pos = {b.ball: (b.x, b.y) for b in rack.balls if b.where is Where.TABLE}
    pos[CUE_BALL] = kitchen_cue_spot(POOL)
    assert pos[CUE_BALL][1] == pos[1][1]  # straight at the 1
    stroke = Stroke(0.0, cue_speed_for(speed, 0.0, 0.0, POOL.balls, POOL.physics))
    shot = simulate(TableState.from_positions(POOL.name, pos), stroke)

    hit = next(e for e in shot.events
               if e.kind is EventKind.BALL_BALL and CUE_BALL in e.balls)
    assert hit.balls == (CUE_BALL, 1)
    after = hit.snapshot(CUE_BALL)
    assert after is not None
    # Sliding to the 1 (3.1, centre hit: no spin off the tip).
    run = pos[1][0] - 2 * R - pos[CUE_BALL][0]
    v_in = math.sqrt(speed * speed - 2 * MU_S * G * run)
    follow_in = 2.5 * (speed - v_in)  # R w gained: 5/2 of the speed lost
    assert hit.time == pytest.approx((speed - v_in) / (MU_S * G), rel=0.01)

    # Back off the rack, between a rigid sequence and a frozen Hertz rack.
    back = -after.vx / v_in
    assert back > 0
    assert 0.8 * rigid_sequence_rebound(E) < back < 0.179
    assert abs(after.vy) < 1e-9
    # The follow it kept: the slip stopped, 5/14 of it gone.
    assert after.wy * R == pytest.approx(follow_in * 9 / 14, rel=0.03)

    # Rolling back, it would run some metres: far past the head rail.
    rolling = abs(5 * after.vx + 2 * after.wy * R) / 7
    assert rolling * rolling / (2 * MU_R * G) > 2 * after.x
    # So it reaches the head rail when the cloth says, having met nothing.
    rail = next(e for e in shot.events
                if e.kind is EventKind.BALL_CUSHION and e.balls == (CUE_BALL,))
    assert rail.cushion == "head"
    assert not [e for e in shot.events if e.kind is EventKind.BALL_BALL
                and CUE_BALL in e.balls and hit.time < e.time < rail.time]
    expect = hit.time + to_head_rail(after.x, after.vx, after.wy * R)
    assert rail.time == pytest.approx(expect, rel=0.01)
