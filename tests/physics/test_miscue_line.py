"""A miscue's direction (reference.md 4): squirt comes from side offset only.

A play-test on the pyramid table: the tip three steps below centre (0.54 R,
past the 0.5 R miscue limit), 4 degrees of elevation, the cue at 2.8 m/s,
aimed at the 8. The ball left 6 degrees to the right of the cue line, curved
on, and missed everything: a miscue straight below centre was turned
sideways by the sign of the vertical offset.
"""

from __future__ import annotations

import math

import pytest

from simulator.physics import simulate
from simulator.physics.cue import (
    MISCUE_DEFLECTION_DEG,
    MISCUE_SPEED_FACTOR,
    ball_speed,
    squirt_angle,
)
from simulator.table.events import EventKind, Stroke
from simulator.table.specs import pyramid_table
from simulator.table.state import TableState

PYRAMID = pyramid_table()
CUE = (0.07, 1.06)
EIGHT = (1.37, 0.985)
AIM = math.degrees(math.atan2(EIGHT[1] - CUE[1], EIGHT[0] - CUE[0]))
CUE_SPEED = 2.8  # m/s: the screen's "cue 2.8 - ball 2.3 m/s"


def _wrap(deg: float) -> float:
    return (deg + 180.0) % 360.0 - 180.0


def _stroke(a: float, b: float, elevation: float) -> tuple[float, float, float, bool]:
    """Departure heading off the aim (degrees, + = left), speed (m/s), the
    farthest the cue ball strays off the aim line before it meets a cushion
    (m, + = left), miscue flag;
    the stroke played as the window plays it (the stick in the world)."""
    state = TableState.from_positions(PYRAMID.name, {0: CUE})
    shot = simulate(state, Stroke(AIM, CUE_SPEED, a, b, elevation))
    ev = shot.events[0]
    assert ev.kind is EventKind.STROKE
    s = ev.snapshots[0]
    off = _wrap(math.degrees(math.atan2(s.vy, s.vx)) - AIM)
    # The path up to the first cushion (or to rest): the farthest it strays.
    rail = [e.time for e in shot.events if e.kind is EventKind.BALL_CUSHION]
    until = min(rail, default=math.inf)
    u = (math.cos(math.radians(AIM)), math.sin(math.radians(AIM)))
    side = max(
        (
            -(x - CUE[0]) * u[1] + (y - CUE[1]) * u[0]
            for f in shot.frames
            if f.time < until
            for ball, x, y, _z in f.balls
            if ball == 0
        ),
        key=abs,
    )
    return off, math.hypot(s.vx, s.vy), side, bool(ev.miscue)


@pytest.mark.parametrize("elevation", [0.0, 4.0])
@pytest.mark.parametrize("b", [-0.54, -0.7, 0.54])
def test_a_miscue_straight_above_or_below_centre_stays_on_the_cue_line(
    b: float, elevation: float
) -> None:
    off, speed, side, miscue = _stroke(0.0, b, elevation)
    assert miscue  # past the 0.5 R limit: flagged
    assert abs(off) < 0.01  # degrees: no sideways squirt without side offset
    assert abs(side) < 0.001  # m: and no curve (no side spin, no masse)
    # The weak glancing blow from the edge of the holding zone (0.5 R).
    v = MISCUE_SPEED_FACTOR * ball_speed(
        CUE_SPEED, 0.0, math.copysign(0.5, b), PYRAMID.balls, PYRAMID.physics
    )
    if elevation == 0.0:
        assert speed == pytest.approx(v, rel=1e-6)
    else:  # the slate takes the downward part and its bounce slows the slip
        assert speed == pytest.approx(v * math.cos(math.radians(elevation)), rel=0.05)


def test_a_side_miscue_still_squirts_away_from_the_side_struck() -> None:
    """Pure right english past the limit: the full miscue deflection plus
    the squirt of a 0.5 R side hit, to the left (TP A-31)."""
    off, _speed, _side, miscue = _stroke(0.7, 0.0, 0.0)
    assert miscue
    want = MISCUE_DEFLECTION_DEG + math.degrees(squirt_angle(0.5, PYRAMID.physics))
    assert off == pytest.approx(want, abs=0.01)


def test_a_low_right_miscue_turns_by_its_side_share() -> None:
    """Low right at 45 degrees: half the way between the straight and the
    sideways miscue, by the side share of the offset (cos 45)."""
    off, _speed, _side, miscue = _stroke(0.45, -0.45, 0.0)
    assert miscue
    a = 0.5 * math.cos(math.radians(45.0))
    want = MISCUE_DEFLECTION_DEG * math.cos(math.radians(45.0)) + math.degrees(
        squirt_angle(a, PYRAMID.physics)
    )
    assert off == pytest.approx(want, abs=0.01)


@pytest.mark.parametrize("b", [-0.18, -0.36, -0.5])
def test_a_draw_stroke_within_the_limit_leaves_along_the_aim(b: float) -> None:
    """Elevation 4 degrees, no side: no squirt and no curve (reference.md 4)."""
    off, speed, side, miscue = _stroke(0.0, b, 4.0)
    assert not miscue
    assert abs(off) < 0.01
    assert abs(side) < 0.001
    v = ball_speed(CUE_SPEED, 0.0, b, PYRAMID.balls, PYRAMID.physics)
    assert speed == pytest.approx(v * math.cos(math.radians(4.0)), rel=0.05)
