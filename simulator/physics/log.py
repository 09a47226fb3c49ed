"""Snapshots, the event log and the schedule of what is due: the bottom of
the physics beside the ball records.

A snapshot is a ball's state at one instant, taken from its closed form, so
an event's positions, velocities and spins all belong to the event's own
time. The schedule holds the instants already known (a phase ending, a
line crossed, a drop line reached, a landing), each tagged with the
version of the ball's segment it was worked out from: a ball whose motion
changes makes its old entries void.
"""

from __future__ import annotations

import heapq
import math
from enum import IntEnum
from typing import Any, NamedTuple, Protocol

from simulator.physics.balls import Ball, Vec2, Vec3
from simulator.physics.models import ClothModel, Models
from simulator.table.events import (
    BallSnapshot,
    Event,
    EventKind,
    Phase,
    event_of,
    snapshot_of,
)
from simulator.table.specs import PhysicsParams, TableSpec
from simulator.table.state import Where


def snapshot(ball: Ball, t: float, cloth: ClothModel) -> BallSnapshot:
    if ball.script is None and ball.phase is not Phase.AIRBORNE:
        # On the cloth (most events): ball.pos and ball.vel written out, the
        # centre one radius up, no vertical speed.
        tt = t if t <= ball.t_end else ball.t_end
        x = ball.cx0 + tt * (ball.cx1 + tt * ball.cx2)
        y = ball.cy0 + tt * (ball.cy1 + tt * ball.cy2)
        vx = ball.cx1 + 2.0 * tt * ball.cx2
        vy = ball.cy1 + 2.0 * tt * ball.cy2
        z, vz = ball.radius, 0.0
    else:
        x, y = ball.pos(t)
        vx, vy = ball.vel(t)
        z, vz = ball.height(t), ball.vz(t)
    w = ball.spin(t, cloth)
    return snapshot_of(ball.ball, x, y, z, vx, vy, vz, w[0], w[1], w[2], ball.phase)


class Log:
    """The events of one shot, in the order they happen."""

    def __init__(self, cloth: ClothModel) -> None:
        self.cloth = cloth
        self.events: list[Event] = []

    def snap(self, ball: Ball, t: float) -> BallSnapshot:
        return snapshot(ball, t, self.cloth)

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def cushion(self, ball: Ball, t: float, cushion: str, pocket: str | None,
                speed: float) -> None:
        """A ball met a cushion (or a pocket's jaw) at ``t``."""
        self.emit(event_of(EventKind.BALL_CUSHION, t, (ball.ball,),
                           (self.snap(ball, t),), cushion=cushion, pocket=pocket,
                           speed=speed))

    def finish(self) -> None:
        """Time order (stable: what happened at one instant keeps its order)."""
        self.events.sort(key=lambda e: e.time)


class Due(IntEnum):
    """What can be due at a known instant, in the order it is handled when
    two fall at the same time."""

    TRANSITION = 0  # a phase ends (reference.md 3.5)
    SCRIPT = 1  # a compliant cushion contact lets go
    LAND = 2  # a flying ball comes down
    DROP = 3  # a ball's centre reaches a pocket's drop line
    BACK = 4  # a falling ball meets the back of the pocket
    CAPTURE = 5  # a falling ball is down the pocket
    RETURN = 6  # a falling ball comes back over the drop line
    LINE = 7  # a centre crosses a line
    BOUNDARY = 8  # a centre on the cloth leaves the table's outline (a bug)


class Entry(NamedTuple):
    """A known instant; ordered by time, kind, ball and then the order it
    was added in (unique: data is never compared). A tuple, so the heap
    compares in C."""

    time: float
    kind: int
    ball: int
    seq: int
    version: int
    data: object = None


class Schedule:
    """A heap of known instants; entries of an outdated segment are skipped.
    ``head`` is the earliest entry's time, outdated or not: no instant is
    due before it (a cheap test for every step)."""

    def __init__(self) -> None:
        self._heap: list[Entry] = []
        self._seq = 0

    @property
    def head(self) -> float:
        return self._heap[0].time if self._heap else math.inf

    def add(self, time: float, kind: Due, ball: Ball, data: object = None) -> None:
        if not math.isfinite(time):
            return
        self._seq += 1
        heapq.heappush(
            self._heap, Entry(time, int(kind), ball.ball, self._seq, ball.version, data)
        )

    def next_time(self, balls: dict[int, Ball]) -> float:
        """The earliest valid instant (inf if none)."""
        heap = self._heap
        while heap:
            e = heap[0]
            b = balls.get(e.ball)
            if b is not None and b.on_table and b.version == e.version:
                return e.time
            heapq.heappop(heap)
        return math.inf

    def pop(self, balls: dict[int, Ball]) -> Entry | None:
        if self.next_time(balls) == math.inf:
            return None
        return heapq.heappop(self._heap)


class Table(Protocol):
    """What the parts above the bottom layer (the stick, the height layer)
    may ask of the world: its balls, its log, and new motion for a ball."""

    spec: TableSpec
    balls: dict[int, Ball]
    by_shape: dict[Any, Ball]
    log: Log
    models: Models
    space: Any
    t: float
    mass: float
    radius: float
    params: PhysicsParams

    def kick(
        self, ball: Ball, t: float, v: Vec2, w: Vec3, p: Vec2 | None = None
    ) -> Phase:
        """The ball moves on the cloth from time t (from where it is then, or
        from p) with velocity v and spin w; returns its phase before."""
        ...

    def fly(self, ball: Ball, t: float, p: Vec2, z: float, v: Vec3, w: Vec3) -> Phase:
        """The ball leaves the slate (or flies on) from p at height z."""
        ...

    def motion_event(self, ball: Ball, old: Phase, t: float) -> None:
        """Log a change of phase, if there was one."""
        ...

    def remove(
        self,
        ball: Ball,
        t: float,
        where: Where,
        pocket: str | None = None,
        left: str = "floor",
    ) -> None:
        """The ball leaves play at t, pocketed (in ``pocket``) or off the
        table (to the floor or onto the rail, ``left``), and it is logged."""
        ...
