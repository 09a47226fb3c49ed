"""Where the cue's shaft lies over the balls behind the cue ball.

A stick cannot pass through a ball: a stroke whose shaft, aimed level,
would lie on a ball behind the cue ball is played with the cue raised to
the least elevation that clears it, as a player would. The window plays a
person's stroke so (and draws the stick so); the computer players simulate
each candidate at the elevation it will be played at. Pure geometry, so
that both use one rule.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace

from simulator.table.events import Stroke
from simulator.table.specs import CUE_BALL, Vec
from simulator.table.state import TableState

# The stick's widest half-width (its butt), metres: a ball nearer its axis
# than this and a ball's radius lies under it.
CUE_HALF_WIDTH = 0.0145
# The shaft's half-width at the tip and at the butt (1.47 m back), metres.
TIP_HALF_WIDTH = 0.0065
STICK_LENGTH = 1.47
# The steepest a stroke is played at (degrees): the window's aim goes no
# higher, so a stroke that needs more to clear a ball cannot be played.
MAX_RAISE = 80.0


def shaft_over(cue_pos: Vec, angle_deg: float, r: float, balls: Mapping[int, Vec]
               ) -> list[tuple[float, int, float, float]]:
    """For each ball behind the cue ball near the stick's line: how far
    back (from the cue ball's centre), the ball, and the height the shaft's
    axis needs over the ball's centre there to pass it and the run of the
    shaft from the tip to it (0 height: clear at any elevation)."""
    a = math.radians(angle_deg)
    dx, dy = math.cos(a), math.sin(a)
    out = []
    for b, (x, y) in balls.items():
        ox, oy = x - cue_pos[0], y - cue_pos[1]
        behind = -(ox * dx + oy * dy)
        across = abs(-ox * dy + oy * dx)
        if not r < behind <= r + STICK_LENGTH + r:
            continue
        d = min(behind, r + STICK_LENGTH)
        taper = (CUE_HALF_WIDTH - TIP_HALF_WIDTH) * (d - r) / STICK_LENGTH
        reach = r + TIP_HALF_WIDTH + taper
        if across < reach:
            out.append((behind, b, math.sqrt(reach * reach - across * across), d - r))
    return sorted(out)


def stick_rests_on(cue_pos: Vec, angle_deg: float, elevation_deg: float, tip_b: float,
                   r: float, balls: Mapping[int, Vec]) -> list[int]:
    """The balls of ``balls`` the stick as aimed would lie on: the shaft,
    rising from where the tip meets the cue ball at ``elevation_deg``, no
    higher over them than their tops (a ball touching the cue ball behind
    it needs the cue raised steeply; one 30 cm back, some 8 degrees); the
    nearest first."""
    rise = math.tan(math.radians(min(89.0, max(0.0, elevation_deg))))
    return [b for _behind, b, need, run in shaft_over(cue_pos, angle_deg, r, balls)
            if tip_b * r + rise * run < need]


def elevation_to_clear(cue_pos: Vec, angle_deg: float, tip_b: float, r: float,
                       balls: Mapping[int, Vec]) -> float:
    """The least elevation (degrees, the whole degree above it: the one
    figure the window's gauge, strip and messages say) at which
    the stick passes over every ball behind the cue ball; 0 when none is
    in its way."""
    most = 0.0
    for _behind, _b, need, run in shaft_over(cue_pos, angle_deg, r, balls):
        lift = need - tip_b * r
        if lift > 0.0:
            most = max(most, math.degrees(math.atan2(lift, max(run, 1e-9))))
    return math.floor(most) + 1.0 if most > 0.0 else 0.0


def object_balls(table: TableState) -> dict[int, Vec]:
    """The balls on the table but the cue ball, where they lie (those the
    stick may lie on)."""
    return {b: p for b in table.on_table() if b != CUE_BALL
            and (p := table.position(b)) is not None}


def as_played(table: TableState, stroke: Stroke) -> Stroke | None:
    """``stroke`` as it is played on ``table``: unchanged when its stick
    lies on no ball; raised to the least elevation that clears them when
    it does (the window plays a person's stroke so); None when that is
    steeper than MAX_RAISE (no such stroke can be played)."""
    cue = table.position(CUE_BALL)
    if cue is None:
        return stroke
    r = table.spec.balls.radius
    balls = object_balls(table)
    if not stick_rests_on(cue, stroke.direction, stroke.elevation, stroke.tip_b, r,
                          balls):
        return stroke
    need = elevation_to_clear(cue, stroke.direction, stroke.tip_b, r, balls)
    if need > MAX_RAISE:
        return None
    return replace(stroke, elevation=need)
