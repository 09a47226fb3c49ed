"""A computed shot played back, pausing at its fouls' events and saying what
to highlight there (the balls, the cushion, the pocket).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from simulator.app.replay.playback import Playback, rollout
from simulator.app.replay.shotmarks import foul_cushion, foul_pocket
from simulator.physics.stick import seen_at
from simulator.table.events import Event, Shot

if TYPE_CHECKING:
    from rules.ruling import Ruling


class ShotPlayer:
    """Playback of a computed shot that pauses at chosen events and says
    what to highlight there (the balls, the cushion, the pocket)."""

    def __init__(self, shot: Shot, stops: Iterable[tuple[int, tuple[int, ...]]],
                 speed: float = 1.0) -> None:
        self.shot = shot
        frames = shot.frames
        if not frames:  # a shot kept without samples: compute them again
            from simulator.physics import simulate
            frames = simulate(shot.initial, shot.stroke, models=shot.models).frames
        self.playback = Playback(frames, speed=speed)
        self.playback.complete = True
        self.stops: list[tuple[float, Event, tuple[int, ...]]] = []
        for idx, balls in stops:
            if 0 <= idx < len(shot.events):
                ev = shot.events[idx]
                # A ball drops after the last sample: stop on the last frame.
                # A push or a double hit stops where the tip leaves the ball
                # (at its first touch nothing of the foul is seen yet).
                t = min(seen_at(ev), self.playback.end_time)
                self.stops.append((t, ev, balls))
        self.playback.stops = [t for t, _, _ in self.stops]
        self.current: tuple[float, Event, tuple[int, ...]] | None = None
        self.sounded = 0

    def update(self, dt: float) -> list[Event]:
        """Advance; the events passed (for sounds)."""
        pb = self.playback
        pb.update(dt)
        # The stop reached last, however the time got there: played to it,
        # or stepped to it with "." (which showed "Watch..." at the foul).
        passed = [s for s in self.stops if s[0] <= pb.time + 1e-6]
        self.current = max(passed, key=lambda s: s[0]) if passed else None
        evs = self.shot.events
        new: list[Event] = []
        while self.sounded < len(evs) and evs[self.sounded].time <= pb.time:
            new.append(evs[self.sounded])
            self.sounded += 1
        return new

    def restart(self) -> None:
        self.playback.restart()
        self.current = None
        self.sounded = 0

    @property
    def done(self) -> bool:
        return self.playback.at_end

    @property
    def last_event_shown(self) -> bool:
        """The stroke's last event (a contact, a cushion, a pocket) is
        shown: after it the balls only roll to rest, which changes nothing
        the referee rules on."""
        pb = self.playback
        last, _speed = rollout(self.shot.events, pb.end_time)
        return self.done or pb.time >= min(last, pb.end_time) - 1e-9

    def positions(self) -> dict[int, tuple[float, float, float]]:
        return self.playback.positions()

    def highlight(self) -> tuple[int, ...]:
        if self.current is None:
            return ()
        return tuple(sorted(set(self.current[2]) | set(self.current[1].balls)))

    def cushions(self) -> tuple[str, ...]:
        if self.current is None:
            return ()
        cushion = foul_cushion(self.current[1])
        return (cushion,) if cushion else ()

    def pocket(self) -> str | None:
        if self.current is None:
            return None
        return foul_pocket(self.current[1])


def foul_stops(ruling: Ruling) -> list[tuple[int, tuple[int, ...]]]:
    return [(f.event_index, tuple(f.balls)) for f in ruling.fouls
            if f.event_index is not None]
