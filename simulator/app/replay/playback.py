"""Playback of a shot's frames: speed, seek, step, pause at chosen times.

The frame list may still be growing (a shot played while it is computed); the
clock never runs past the last frame received, so play waits for the physics
rather than skipping.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable

from simulator.table.events import Frame

FRAME_DT = 1.0 / 120.0
SPEEDS = (0.25, 0.5, 1.0)


class Playback:
    def __init__(self, frames: Iterable[Frame] = (), speed: float = 1.0) -> None:
        self.frames: list[Frame] = list(frames)
        self.times: list[float] = [f.time for f in self.frames]
        self.time = self.times[0] if self.times else 0.0
        self.speed = speed
        self.paused = False
        self.complete = False  # no more frames will come
        self.stops: list[float] = []  # times to pause at (e.g. a foul's event)
        self._stopped_at: set[float] = set()

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
    def at_end(self) -> bool:
        return self.complete and self.time >= self.end_time - 1e-9

    def update(self, dt: float) -> None:
        """Advance the clock by ``dt`` seconds of real time."""
        if self.paused or not self.times:
            return
        target = self.time + dt * self.speed
        for s in self.stops:
            if self.time < s <= target and s not in self._stopped_at:
                self._stopped_at.add(s)
                target = s
                self.paused = True
                break
        self.time = min(target, self.end_time)

    def seek(self, t: float) -> None:
        self.time = min(max(t, self.times[0] if self.times else 0.0), self.end_time)

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
