"""simulate(state, stroke) -> Shot, and a streaming form for playback."""

from __future__ import annotations

import gc
import math
from collections.abc import Mapping, Sequence

from simulator.physics.cue import StrokeError, validate
from simulator.physics.lines import FrameBuilder, LazyFrames
from simulator.physics.models import Models, models_named
from simulator.physics.quick import QuickWorld
from simulator.physics.stats import Stats
from simulator.physics.world import World
from simulator.table.events import BallMotion, Event, Frame, Shot, Stroke
from simulator.table.state import TableState, Where

# The physics' build, stamped on every shot: raise it with any change that
# moves a stroke's result (python -m simulator.tools.fingerprint prints other
# hashes; tests/physics/test_fingerprint.py keeps this build's), so that
# `kiy verify` can tell a save played by another build from a changed one.
BUILD = 2
DEFAULT_FRAME_DT = 1.0 / 60.0
MAX_BALL_SPEED = 20.0  # m/s: an initial motion beyond this is no drill
MAX_SPIN = 2000.0  # rad/s


def validate_motion(state: TableState, motion: Mapping[int, BallMotion]) -> None:
    """A StrokeError naming the ball for an initial motion that cannot be."""
    on = set(state.on_table())
    for ball in sorted(motion):
        m = motion[ball]
        where = f"motion.{ball}"
        if ball not in on:
            raise StrokeError(f"{where}: ball {ball} is not on the table")
        values = (*m.velocity, *m.spin)
        if len(m.velocity) != 3 or len(m.spin) != 3:
            raise StrokeError(f"{where}: velocity and spin have three components")
        if not all(
            isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
            for v in values
        ):
            raise StrokeError(f"{where}: velocity and spin must be finite numbers")
        speed = math.sqrt(sum(v * v for v in m.velocity))
        # Components of a motion at the limit may round a hair beyond it.
        if speed > MAX_BALL_SPEED * (1.0 + 1e-9):
            raise StrokeError(
                f"{where}.velocity: {speed:.1f} m/s is beyond {MAX_BALL_SPEED:.0f} m/s"
            )
        if m.height is None and m.velocity[2] < 0.0:
            raise StrokeError(
                f"{where}.velocity: v_z < 0 would drive it into the slate"
            )
        if m.height is not None:
            spec = state.spec
            pos = state.position(ball)
            assert pos is not None
            outline = spec.rail_width + spec.balls.radius
            if not all(math.isfinite(c) for c in pos) or not (
                isinstance(m.height, float)
                and math.isfinite(m.height)
                and spec.balls.radius <= m.height <= 5.0
            ):
                raise StrokeError(
                    f"{where}.height: the centre must be 1 R to 5 m above the slate"
                )
            if not (
                -outline <= pos[0] <= spec.length + outline
                and -outline <= pos[1] <= spec.width + outline
            ):
                raise StrokeError(f"{where}: a ball in flight must be over the table")
        spin = math.sqrt(sum(w * w for w in m.spin))
        if spin > MAX_SPIN * (1.0 + 1e-9):
            raise StrokeError(
                f"{where}.spin: {spin:.0f} rad/s is beyond {MAX_SPIN:.0f} rad/s"
            )


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
        models: Models | str | None = None,
        motion: Mapping[int, BallMotion] | None = None,
        stick: bool = True,
    ) -> None:
        validate(stroke)
        if isinstance(models, str):
            spec = state.spec
            models = models_named(
                models, spec.balls, spec.physics, spec.cushion_height
            )
        for _, other in also:
            validate(other)
        moving = dict(motion or {})
        validate_motion(state, moving)
        self.stroke = stroke
        self.also = tuple(also)
        self.motion = tuple(sorted(moving.items()))
        self.world = World(
            state,
            frame_dt=frame_dt,
            audit=audit,
            models=models,
            motion=moving,
            stick=stick,
        )
        self.world.strike(stroke)
        for ball, other in self.also:
            self.world.strike(other, ball)
        self._builder = FrameBuilder(self.world.history, frame_dt)
        self._shot: Shot | None = None
        self.done = False

    @property
    def events(self) -> list[Event]:
        return self.world.events

    @property
    def frames(self) -> list[Frame]:
        """The frames made so far (by ``advance``)."""
        return self._builder.out

    @property
    def stats(self) -> Stats:
        """Steps taken, the largest energy gain (with ``audit``), the largest
        correction at rest: how the simulation went."""
        return self.world.stats

    def advance(self, until_time: float) -> list[Frame]:
        """Compute on to simulated time ``until_time`` (or to rest) and return
        the playback frames up to it not returned before."""
        # No garbage collection while the world computes (its objects live
        # until the shot is done; a collection would only walk them).
        gc_was = gc.isenabled()
        gc.disable()
        try:
            done = self.world.run_until(until_time)
        finally:
            if gc_was:
                gc.enable()
        if done:
            new = self._builder.closing(self.world.t)
            self._finish()
            return new
        return self._builder.build(min(until_time, self.world.t))

    def run_to_end(self) -> Shot:
        """Compute to rest; the Shot's frames are made when first looked at."""
        if not self.done:
            gc_was = gc.isenabled()
            gc.disable()
            try:
                self.world.run_until(math.inf)
            finally:
                if gc_was:
                    gc.enable()
            self._finish()
        return self.shot

    def _finish(self) -> None:
        w = self.world
        self._shot = Shot(
            initial=w.initial,
            stroke=self.stroke,
            events=tuple(w.events),
            final=w.final_state(),
            frames=LazyFrames(self._builder, w.t),
            duration=w.t,
            also=self.also,
            motion=self.motion,
            models=w.models.name,
            physics=BUILD,
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
    models: Models | str | None = None,
    motion: Mapping[int, BallMotion] | None = None,
) -> Shot:
    """Run one stroke to rest. The same inputs give the same Shot, bit for bit.

    ``also`` strikes other balls at the same moment: the lag for the break
    (general rule 5) sends two balls at once. ``models`` chooses the contact
    laws (physics.models; the default ones unless named): a bundle, or the
    name a Shot carries (``Shot.models``), so a saved shot replays with the
    laws that made it (ValueError for a name Kiy does not know). ``motion`` sets
    balls moving as the shot begins (a drill: a ball already rolling); the
    stroke adds to the cue ball's."""
    stream = ShotStream(
        state,
        stroke,
        frame_dt=frame_dt,
        audit=audit,
        also=also,
        models=models,
        motion=motion,
    )
    return stream.run_to_end()


# A search never plays a shot back: one frame a long while apart keeps the
# world from sampling any.
SEARCH_FRAME_DT = 1e3


# A table with this many balls touching another (within CLUSTER_GAP) holds
# a rack or the like, which the full world steps faster (simulate_search).
CLUSTER_BALLS = 6
CLUSTER_GAP = 0.002  # m between surfaces


# Tables asked about lately (clustered), by id, each kept alive with its
# id: a search plays many strokes from one table.
_CLUSTERED: dict[int, tuple[TableState, bool]] = {}
CLUSTERED_KEPT = 64


def clustered(state: TableState) -> bool:
    """Whether at least CLUSTER_BALLS balls on the table touch another."""
    kept = _CLUSTERED.get(id(state))
    if kept is not None and kept[0] is state:
        return kept[1]
    found = _clustered(state)
    if len(_CLUSTERED) >= CLUSTERED_KEPT:
        _CLUSTERED.clear()
    _CLUSTERED[id(state)] = (state, found)
    return found


def _clustered(state: TableState) -> bool:
    """clustered, worked out."""
    spots = [b.pos for b in state.balls if b.where is Where.TABLE]
    reach = 2.0 * state.spec.balls.radius + CLUSTER_GAP
    touching: set[int] = set()
    for i, (x, y) in enumerate(spots):
        for j in range(i + 1, len(spots)):
            u, v = spots[j]
            if abs(u - x) < reach and abs(v - y) < reach and \
                    math.hypot(u - x, v - y) < reach:
                touching.add(i)
                touching.add(j)
    return len(touching) >= CLUSTER_BALLS


def simulate_search(
    state: TableState, stroke: Stroke, models: Models | None = None
) -> Shot:
    """A search's simulation: the same laws and the same events as
    ``simulate`` but for the cue stick, which stops at the strike (a
    double hit or the stick touching a ball is the full physics' to find:
    a search plays a stroke through ``simulate`` when the tip could reach
    something), and no playback frames; driven from event to event
    without pymunk's steps (quick.QuickWorld), so a rounding may differ
    from ``simulate`` and a shot of many contacts may part from it. A
    table with a cluster (a rack) is stepped as ``simulate`` steps it."""
    validate(stroke)
    if clustered(state):
        # A rack: most balls set moving at once, each near many others,
        # which pymunk's broad phase sorts out faster than the search's
        # world (bench --part sims measures open play).
        return ShotStream(
            state, stroke, frame_dt=SEARCH_FRAME_DT, models=models, stick=False
        ).run_to_end()
    world = QuickWorld(state, models=models)
    world.strike(stroke)
    gc_was = gc.isenabled()
    gc.disable()
    try:
        world.run_until(math.inf)
    finally:
        if gc_was:
            gc.enable()
    return Shot(
        initial=world.initial,
        stroke=stroke,
        events=tuple(world.events),
        final=world.final_state(),
        frames=LazyFrames(FrameBuilder(world.history, SEARCH_FRAME_DT), world.t),
        duration=world.t,
        also=(),
        motion=(),
        models=world.models.name,
        physics=BUILD,
    )
