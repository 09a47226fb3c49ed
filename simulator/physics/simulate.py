"""simulate(state, stroke) -> Shot, and a streaming form for playback."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from simulator.events import Event, Frame, Shot, Stroke
from simulator.physics.cue import validate
from simulator.physics.world import World
from simulator.state import TableState

DEFAULT_FRAME_DT = 1.0 / 60.0


class ShotStream:
    """Computes a shot a piece at a time, so playback can start at once.

    ``advance(t)`` runs the simulation until it has produced every playback
    frame up to simulated time ``t`` (or until rest) and returns the new ones.
    """

    def __init__(
        self,
        state: TableState,
        stroke: Stroke,
        frame_dt: float = DEFAULT_FRAME_DT,
        audit: bool = False,
        also: Sequence[tuple[int, Stroke]] = (),
    ) -> None:
        validate(stroke)
        for _, other in also:
            validate(other)
        self.stroke = stroke
        self.also = tuple(also)
        self.world = World(state, frame_dt=frame_dt, audit=audit)
        self.world.strike(stroke)
        for ball, other in self.also:
            self.world.strike(other, ball)
        self._chunks: Iterator[list[Frame]] = self.world.run()
        self._frames: list[Frame] = []
        self._shot: Shot | None = None
        self.done = False

    @property
    def events(self) -> list[Event]:
        return self.world.events

    @property
    def frames(self) -> list[Frame]:
        return self._frames

    def advance(self, until_time: float) -> list[Frame]:
        new: list[Frame] = []
        while not self.done and (not new or new[-1].time < until_time):
            try:
                chunk = next(self._chunks)
            except StopIteration:
                self._frames += new
                self._finish()
                return new
            new += chunk
        self._frames += new
        return new

    def run_to_end(self) -> Shot:
        while not self.done:
            self.advance(float("inf"))
        return self.shot

    def _finish(self) -> None:
        w = self.world
        self._shot = Shot(
            initial=w.initial,
            stroke=self.stroke,
            events=tuple(w.events),
            final=w.final_state(),
            frames=tuple(self._frames),
            duration=w.t,
            also=self.also,
        )
        self.done = True

    @property
    def shot(self) -> Shot:
        if self._shot is None:
            raise RuntimeError("the shot is still being computed")
        return self._shot


def simulate(
    state: TableState,
    stroke: Stroke,
    frame_dt: float = DEFAULT_FRAME_DT,
    audit: bool = False,
    also: Sequence[tuple[int, Stroke]] = (),
) -> Shot:
    """Run one stroke to rest. The same inputs give the same Shot, bit for bit.

    ``also`` strikes other balls at the same moment: the lag for the break
    (general rule 5) sends two balls at once."""
    stream = ShotStream(state, stroke, frame_dt=frame_dt, audit=audit, also=also)
    return stream.run_to_end()
