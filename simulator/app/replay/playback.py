"""Playback of a shot's frames: speed, seek, step, pause at chosen times;
in a match, the roll-out after a shot's last event shown faster.

The frame list may still be growing (a shot played while it is computed); the
clock never runs past the last frame received, so play waits for the physics
rather than skipping.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable

from simulator.table.events import Event, EventKind, Frame
from simulator.table.state import TableState, Where

FRAME_DT = 1.0 / 120.0
# A match's roll-out (after the shot's last event every ball only rolls to
# rest; with rolling resistance 0.01 a ball rolls 10 s per 1 m/s it has
# left) is shown at the least of these that ends it within TAIL_SECONDS of
# the wall clock, else at the last: 3x still reads as balls rolling, and
# past 6x a ball left at 1 m/s would jump 10 cm a frame at 60 frames a second.
TAIL_SPEEDS = (3.0, 4.0, 6.0)
TAIL_SECONDS = 1.5
# A roll-out shorter than this (simulated seconds) is shown as it is: a
# hurry for a few frames would only look like a jerk.
TAIL_LEAST = 0.5
# Events that are no event to watch: a ball's phase changing (it stops, its
# slide turns to a roll) and the rest at the end.
QUIET = (EventKind.MOTION, EventKind.REST)
# A touch (cushion or ball) or a line crossed slower than this (m/s) at the
# end of a shot may belong to its roll-out: a break's slow balls reached the
# cushions and crossed the strings seconds after anything else happened, and
# each such event held the quick roll-out back.
SLOW_EVENT = 0.3
PASSING = (EventKind.BALL_CUSHION, EventKind.BALL_BALL, EventKind.LINE_CROSSED)
# The most slow events at a shot's end each asked about (see rollout).
MOST_ASKED = 40


def slow_event(e: Event) -> bool:
    """A cushion or ball touch or a line crossed with every ball in it
    slower than SLOW_EVENT."""
    if e.kind not in PASSING:
        return False
    speeds = [s.speed for s in e.snapshots]
    if e.speed is not None:
        speeds.append(abs(e.speed))
    return max(speeds, default=0.0) < SLOW_EVENT


def rollout(events: Iterable[Event], end: float,
            unneeded: Callable[[int], bool] | None = None) -> tuple[float, float]:
    """When a shot's roll-out begins and the speed it is shown at (1.0: as
    it is). It begins at the last event that is not a ball's phase changing;
    with ``unneeded`` (whether the slow events from that event's index on
    change nothing the referee rules) slow events at the end are taken
    into the roll-out as far back as the referee does without them."""
    evs = list(events)
    loud = [i for i, e in enumerate(evs) if e.kind not in QUIET]
    k = len(loud)
    if unneeded is not None:
        while k > 0 and len(loud) - k < MOST_ASKED and \
                slow_event(evs[loud[k - 1]]) and unneeded(loud[k - 1]):
            k -= 1
    last = evs[loud[k - 1]].time if k else 0.0
    tail = end - last
    if tail <= TAIL_LEAST:
        return last, 1.0
    fits = [s for s in TAIL_SPEEDS if tail / s <= TAIL_SECONDS]
    return last, fits[0] if fits else TAIL_SPEEDS[-1]


class Playback:
    def __init__(self, frames: Iterable[Frame] = (), speed: float = 1.0) -> None:
        self.frames: list[Frame] = list(frames)
        self.times: list[float] = [f.time for f in self.frames]
        self.time = self.times[0] if self.times else 0.0
        # The clock of the picture before the last one drawn: what the last
        # frame's advance passed over (``time`` itself where none did).
        self.before = self.time
        self.speed = speed
        self.paused = False
        self.complete = False  # no more frames will come
        self.stops: list[float] = []  # times to pause at (e.g. a foul's event)
        self._stopped_at: set[float] = set()
        # From this time on only a roll-out (see :func:`rollout`): shown at
        # ``tail_speed`` where that is faster than ``speed``. A match's
        # stroke sets it; a replay for study never does.
        self.tail_from: float | None = None
        self.tail_speed = 1.0

    def extend(self, frames: Iterable[Frame]) -> None:
        for f in frames:
            if self.times and f.time <= self.times[-1]:
                continue
            self.frames.append(f)
            self.times.append(f.time)

    def lead_in(self, start: float) -> None:
        """Begin at ``start``, before the first frame, the balls held where
        they are (the stick's approach is shown before the strike)."""
        if not self.frames or start >= self.times[0]:
            return
        at_start = self.time <= self.times[0]
        self.frames.insert(0, Frame(start, self.frames[0].balls))
        self.times.insert(0, start)
        if at_start:
            self.time = start

    @property
    def end_time(self) -> float:
        return self.times[-1] if self.times else 0.0

    @property
    def in_tail(self) -> bool:
        """The roll-out is shown faster now."""
        return self.tail_from is not None and self.tail_speed > self.speed \
            and self.tail_from <= self.time < self.end_time

    def _ahead(self, dt: float) -> float:
        """The clock ``dt`` seconds of real time on: at ``speed``, and at
        ``tail_speed`` for the part of them after ``tail_from``."""
        t0, tail = self.time, self.tail_from
        if tail is None or self.tail_speed <= self.speed:
            return t0 + dt * self.speed
        if t0 >= tail:
            return t0 + dt * self.tail_speed
        reach = t0 + dt * self.speed
        if reach <= tail or self.speed <= 0.0:
            return reach
        return tail + (dt - (tail - t0) / self.speed) * self.tail_speed

    @property
    def at_end(self) -> bool:
        return self.complete and self.time >= self.end_time - 1e-9

    def update(self, dt: float) -> None:
        """Advance the clock by ``dt`` seconds of real time."""
        self.before = self.time
        if self.paused or not self.times:
            return
        target = self._ahead(dt)
        for s in self.stops:
            if self.time < s <= target and s not in self._stopped_at:
                self._stopped_at.add(s)
                target = s
                self.paused = True
                break
        self.time = min(target, self.end_time)

    def seek(self, t: float) -> None:
        self.time = min(max(t, self.times[0] if self.times else 0.0), self.end_time)
        self.before = self.time

    def step(self, n: int = 1) -> None:
        self.paused = True
        self.seek(self.time + n * FRAME_DT)

    def restart(self) -> None:
        self._stopped_at.clear()
        self.paused = False
        self.seek(self.times[0] if self.times else 0.0)

    def positions(self) -> dict[int, tuple[float, float, float]]:
        """Ball positions at the clock's time, interpolated between frames."""
        if not self.frames:
            return {}
        i = bisect.bisect_right(self.times, self.time)
        if i <= 0:
            return {b: (x, y, z) for b, x, y, z in self.frames[0].balls}
        if i >= len(self.frames):
            return {b: (x, y, z) for b, x, y, z in self.frames[-1].balls}
        f0, f1 = self.frames[i - 1], self.frames[i]
        span = f1.time - f0.time
        k = (self.time - f0.time) / span if span > 0 else 0.0
        nxt = {b: (x, y, z) for b, x, y, z in f1.balls}
        out: dict[int, tuple[float, float, float]] = {}
        for b, x, y, z in f0.balls:
            if b in nxt:
                x1, y1, z1 = nxt[b]
                out[b] = (x + (x1 - x) * k, y + (y1 - y) * k, z + (z1 - z) * k)
            elif k < 0.5:
                out[b] = (x, y, z)
        return out


def gone_by(table: TableState, events: Iterable[Event], now: float) -> TableState:
    """``table`` (a shot's start) less the balls its ``events`` pocketed or
    put off the table by the time ``now`` shown: what the counts read while
    it rolls (a ball counts as gone when it drops, not when judged)."""
    for ev in events:
        if ev.time > now:
            break
        if ev.kind in (EventKind.POCKETED, EventKind.LEFT_TABLE):
            where = Where.POCKETED if ev.kind is EventKind.POCKETED else Where.OFF_TABLE
            for b in ev.balls:
                table = table.remove(b, where, ev.pocket)
    return table
