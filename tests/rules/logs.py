"""Hand-built event logs for referee tests: no physics, just the events a
shot would produce, in order, and the final state they imply."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from simulator.table.events import (
    CENTRE_LINE,
    HEAD_STRING,
    LONG_STRING,
    BallSnapshot,
    Event,
    EventKind,
    Phase,
    Shot,
    Stroke,
)
from simulator.table.specs import table_by_name
from simulator.table.state import BallState, TableState, Where

TABLE = "pool_9ft"
SPEC = table_by_name(TABLE)
R = SPEC.balls.radius
D = 2 * R
L, W = SPEC.length, SPEC.width
HEAD_X = SPEC.head_string_x
FOOT = SPEC.foot_spot
HEAD = SPEC.head_spot
CENTRE = SPEC.centre_spot

__all__ = [
    "CENTRE",
    "CENTRE_LINE",
    "FOOT",
    "HEAD",
    "HEAD_STRING",
    "HEAD_X",
    "LONG_STRING",
    "SPEC",
    "TABLE",
    "D",
    "L",
    "Log",
    "R",
    "W",
    "layout",
]


def layout(positions: Mapping[int, tuple[float, float]],
           pocketed: tuple[int, ...] = (), table: str = TABLE) -> TableState:
    """Balls on the bed at the given places; ``pocketed`` are down already;
    every other ball of the set is not listed (not in play)."""
    balls = [BallState(b, Where.TABLE, float(x), float(y))
             for b, (x, y) in positions.items()]
    balls += [BallState(b, Where.POCKETED) for b in pocketed if b not in positions]
    balls.sort(key=lambda s: s.ball)
    state = TableState(table, tuple(balls))
    state.validate()
    return state


def snap(ball: int, x: float, y: float, phase: Phase = Phase.STATIONARY
         ) -> BallSnapshot:
    return BallSnapshot(ball, x, y, R, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, phase)


class Log:
    """Events in time order; ``shot()`` gives the Shot with a final state made
    from the initial one, the pocketed / off-table events and ``moves``."""

    def __init__(self, initial: TableState) -> None:
        self.initial = initial
        self.events: list[Event] = []
        self.t = 0.0
        self.moves: dict[int, tuple[float, float]] = {}
        self.kept: dict[int, tuple[float, float]] = {}

    def _add(self, kind: EventKind, balls: tuple[int, ...] = (), dt: float = 0.05,
             **kw: Any) -> Log:
        self.t += dt
        self.events.append(Event(kind, round(self.t, 4), balls, **kw))
        return self

    def stroke(self, speed: float = 2.0, tip_b: float = 0.0, elevation: float = 0.0,
               miscue: bool = False, snapshots: tuple[BallSnapshot, ...] = (),
               duration: float | None = None) -> Log:
        """The stroke; ``duration``: how long the tip stayed on the cue ball
        (the physics reports it; about 1 ms, or longer for a push)."""
        return self._add(EventKind.STROKE, (0,), dt=0.0, speed=speed, tip_a=0.0,
                         tip_b=tip_b, elevation=elevation, miscue=miscue,
                         snapshots=snapshots, duration=duration)

    def hit(self, a: int, b: int, speed: float = 1.0, dt: float = 0.05) -> Log:
        return self._add(EventKind.BALL_BALL, (a, b), dt=dt, speed=speed)

    def rail(self, ball: int, cushion: str = "foot", x: float | None = None,
             y: float | None = None) -> Log:
        snaps = () if x is None or y is None else (snap(ball, x, y, Phase.SLIDING),)
        return self._add(EventKind.BALL_CUSHION, (ball,), cushion=cushion,
                         speed=0.5, snapshots=snaps)

    def rails(self, balls: list[int], cushion: str = "foot") -> Log:
        for b in balls:
            self.rail(b, cushion)
        return self

    def pot(self, ball: int, pocket: str = "foot_right", dt: float = 0.05) -> Log:
        return self._add(EventKind.POCKETED, (ball,), dt=dt, pocket=pocket)

    def off(self, ball: int, where: str = "floor", over: str | None = "foot"
            ) -> Log:
        """The ball leaves the bed; ``over``: the cushion it rides over."""
        if over is not None:
            self.rail(ball, over)
        self._add(EventKind.AIRBORNE, (ball,), speed=1.0)
        return self._add(EventKind.LEFT_TABLE, (ball,), where=where)

    def cross(self, ball: int, line: str = HEAD_STRING, direction: int = 1) -> Log:
        return self._add(EventKind.LINE_CROSSED, (ball,), line=line,
                         direction=direction)

    def tip(self, ball: int = 0, duration: float = 0.001) -> Log:
        return self._add(EventKind.TIP_CONTACT, (ball,), dt=0.0005,
                         duration=duration, speed=1.0)

    def airborne(self, ball: int = 0, speed: float = 0.5) -> Log:
        """The ball leaves the slate; ``speed``: its vertical speed (0.5 m/s
        rises about 13 mm, a jump; 0.2 m/s about 2 mm, a hop)."""
        return self._add(EventKind.AIRBORNE, (ball,), speed=speed)

    def landed(self, ball: int = 0) -> Log:
        return self._add(EventKind.LANDED, (ball,), speed=0.5)

    def stop(self, ball: int, x: float, y: float, dt: float = 0.05) -> Log:
        return self._add(EventKind.MOTION, (ball,), dt=dt,
                         snapshots=(snap(ball, x, y),), phase_from=Phase.ROLLING,
                         phase_to=Phase.STATIONARY)

    def move(self, ball: int, x: float, y: float) -> Log:
        """Where the ball comes to rest (the final state)."""
        self.moves[ball] = (x, y)
        return self

    def keep(self, ball: int, x: float, y: float) -> Log:
        """The ball ends on the bed at (x, y) whatever the events say (it came
        back out of a pocket, or back from the rail top)."""
        self.kept[ball] = (x, y)
        return self

    def rest(self) -> Log:
        return self._add(EventKind.REST)

    def shot(self) -> Shot:
        if not self.events or self.events[-1].kind is not EventKind.REST:
            self.rest()
        final = self.initial
        for b, (x, y) in self.moves.items():
            final = final.place(b, x, y)
        for e in self.events:
            if e.kind is EventKind.POCKETED:
                for b in e.balls:
                    final = final.remove(b, Where.POCKETED, e.pocket)
            elif e.kind is EventKind.LEFT_TABLE:
                for b in e.balls:
                    final = final.remove(b, Where.OFF_TABLE)
        for b, (x, y) in self.kept.items():
            final = final.place(b, x, y)
        return Shot(self.initial, Stroke(0.0, 2.0), tuple(self.events), final,
                    duration=self.t)
