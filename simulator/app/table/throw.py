"""Where the stroke being aimed sends the first ball it meets, by the physics.

The line of centres (the ghost ball's geometry) is not where an object ball
goes: friction between the balls throws it towards the cue ball's travel
(a degree or two on a slow cut, reference.md 5), side spin throws it
further or back, and the spin bends the cue ball's own path before the
contact. A line drawn along the line of centres sent a thin cut aimed along
it past the pocket. The stroke is run on the real physics, on a table of
the cue ball and the ball it meets only (as double_hit does), until they
first touch; the object ball's velocity just after is its line.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from simulator.physics import ShotStream
from simulator.physics.cloth import rolling_velocity, slip
from simulator.physics.cue import StrokeError
from simulator.physics.errors import PhysicsError
from simulator.physics.simulate import SEARCH_FRAME_DT
from simulator.table.events import BallSnapshot, EventKind, Stroke
from simulator.table.specs import Vec
from simulator.table.state import TableState

# The run is advanced this much simulated time a piece, and looked at for the
# contact after each (a soft stroke meets a ball across the table after some
# 5 s; the run stops at rest if it never does).
PIECE = 0.05  # s
LONGEST = 12.0  # s of the run at most
# Strokes kept worked out: the aim returns to ones it left (a hand's
# tremble, a call's click going back to the aim it rested on).
KEPT = 64


@dataclass(frozen=True)
class Departure:
    """The first contact as played: the object ball's travel (unit) once
    the cloth has taken its slide (its line on the table), its travel just
    after the contact, the cue ball's then, and where the cue ball's centre
    was at the contact."""

    object_dir: Vec
    leaving: Vec
    cue_dir: Vec | None  # None: the cue ball stopped dead
    contact: Vec


def _unit(vx: float, vy: float) -> Vec | None:
    k = math.hypot(vx, vy)
    return None if k < 1e-9 else (vx / k, vy / k)


def first_contact(state: TableState, stroke: Stroke, cue_ball: int,
                  ball: int) -> Departure | None:
    """``stroke`` on ``cue_ball`` played with only ``ball`` on the table:
    how they part at their first contact, or None if they never meet (the
    spin took the cue ball past it, or it stopped short)."""
    cue_at, ball_at = state.position(cue_ball), state.position(ball)
    if cue_at is None or ball_at is None:
        return None
    two = TableState.from_positions(state.spec.name, {cue_ball: cue_at, ball: ball_at})
    r = state.spec.balls.radius
    try:
        run = ShotStream(two, stroke, frame_dt=SEARCH_FRAME_DT)
        t = 0.0
        seen = 0
        while not run.done and t < LONGEST:
            t += PIECE
            run.advance(t)
            events = run.events
            for e in events[seen:]:
                if e.kind is EventKind.BALL_BALL:
                    return _parting(e.snapshots, cue_ball, ball, r)
            seen = len(events)
    except (PhysicsError, StrokeError):
        # The aim's line is no place to report a fault: the line of centres
        # is drawn, and the stroke itself, if played, says what went wrong.
        return None
    return None


def _parting(snaps: tuple[BallSnapshot, ...], cue_ball: int, ball: int,
             radius: float) -> Departure | None:
    """The two balls' snapshots at a contact (taken just after it). The
    object ball slides off the contact and the cloth bends its path (0.2
    degree on a slow cut) until it rolls: its line is the way it rolls
    (the cloth's own law, v0 - 2/7 of the slip), which it keeps."""
    by = {s.ball: s for s in snaps}
    ob, cb = by.get(ball), by.get(cue_ball)
    if ob is None or cb is None:
        return None
    leaving = _unit(ob.vx, ob.vy)
    if leaving is None:
        return None
    ux, uy = slip(ob.vx, ob.vy, (ob.wx, ob.wy, ob.wz), radius)
    rolls = _unit(*rolling_velocity(ob.vx, ob.vy, ux, uy))
    return Departure(rolls or leaving, leaving, _unit(cb.vx, cb.vy), (cb.x, cb.y))


class Departures:
    """first_contact kept by what decides it (the table, both balls' spots
    and the stroke), so an aim drawn frame after frame is run once."""

    def __init__(self) -> None:
        self.kept: dict[tuple[object, ...], Departure | None] = {}
        self.runs = 0  # how many runs were made (for measuring)

    @staticmethod
    def _key(state: TableState, stroke: Stroke, cue_ball: int,
             ball: int) -> tuple[object, ...]:
        return (state.spec.name, cue_ball, state.position(cue_ball), ball,
                state.position(ball), stroke)

    def has(self, state: TableState, stroke: Stroke, cue_ball: int, ball: int) -> bool:
        return self._key(state, stroke, cue_ball, ball) in self.kept

    def get(self, state: TableState, stroke: Stroke, cue_ball: int,
            ball: int) -> Departure | None:
        key = self._key(state, stroke, cue_ball, ball)
        if key in self.kept:
            return self.kept[key]
        if len(self.kept) >= KEPT:
            self.kept.pop(next(iter(self.kept)))  # the oldest
        self.runs += 1
        found = first_contact(state, stroke, cue_ball, ball)
        self.kept[key] = found
        return found


def turn_between(a: Vec, b: Vec) -> float:
    """The angle (radians, counter-clockwise) from unit ``a`` to unit ``b``."""
    return math.atan2(a[0] * b[1] - a[1] * b[0], a[0] * b[0] + a[1] * b[1])


def turned_by(d: Vec, angle: float) -> Vec:
    c, s = math.cos(angle), math.sin(angle)
    return (d[0] * c - d[1] * s, d[0] * s + d[1] * c)
