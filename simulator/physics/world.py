"""The world: a table's balls stepped to rest, every event at its instant.

Design (physics/performance.md and issue 11). Each ball follows a closed
form between events (balls.py); pymunk's bodies follow the closed forms
and cloth friction runs inside its solver (bodies.py), so a step costs
Python nothing for a ball that meets nothing. Pymunk's broad phase says
which balls and cushions have come near; near.py finds the instant of
touching and contacts.py resolves the contact there. Everything else
that happens at a known instant (a phase ending, a line crossed, a drop
line reached, a ball caught in a pocket) is on the schedule, worked out
when a segment starts (instants.py), and handled in time order with the
contacts of the step. Balls in the air are flight.py's, balls falling
into a pocket falls.py's. Frames are sampled from the closed forms, so
they never show a ball inside another.

The step is as long as the fastest moving ball allows, and time jumps
while nothing can meet anything (pace.py); none at all while nothing
moves but side spin running out. At rest the balls are settled
(settle.py). This module is the loop that ties the parts together.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping

from simulator.physics import airborne, cue, pace
from simulator.physics.balls import Ball, Script, Vec2, Vec3
from simulator.physics.bodies import FAST_STEP, Bodies, cp_space_step
from simulator.physics.contacts import Contacts
from simulator.physics.errors import PhysicsError, RestCorrectionError
from simulator.physics.falls import FALLING, Falls
from simulator.physics.flight import Flight
from simulator.physics.instants import Instants
from simulator.physics.lines import History, table_lines
from simulator.physics.log import Due, Log, Schedule
from simulator.physics.models import Models, default_models
from simulator.physics.near import CUSHION, PAIR, Candidate, Near
from simulator.physics.pace import JUMP_MAX, JUMP_STEPS
from simulator.physics.settle import settle_at_rest
from simulator.physics.stats import EnergyAudit, Stats
from simulator.physics.stick import Stick
from simulator.table.events import BallMotion, Event, EventKind, Phase, Stroke, event_of
from simulator.table.geometry import CushionPiece, cushion_pieces
from simulator.table.specs import TableSpec
from simulator.table.state import BallState, TableState, Where

__all__ = ["PhysicsError", "RestCorrectionError", "Stats", "World"]

# Chipmunk's bare step, by this name so a benchmark can time it.
_cp_space_step = cp_space_step
MAX_SIM_TIME = 120.0
TIGHTEN_EVERY = 0.05  # s: how often the rolling balls' speed bounds follow them
# A flying ball meets a ball: the kind of contact candidate beyond
# near.PAIR, near.CUSHION and falls.FALLING.
IN_THE_AIR = FALLING + 1
# Zero-time contacts at one instant beyond this are a jam (a bug).
JAM = 200


def _validate(state: TableState, motion: Mapping[int, BallMotion] | None) -> None:
    """The table must be one the balls can rest on; a ball started in
    flight need not rest where it starts."""
    flying = {b for b, m in (motion or {}).items() if m.height is not None}
    if flying:
        resting_part = TableState(
            state.table, tuple(b for b in state.balls if b.ball not in flying)
        )
        resting_part.validate()
    else:
        state.validate()


class World:
    """A table with balls, ready for one stroke and stepping to rest."""

    def __init__(
        self,
        state: TableState,
        *,
        frame_dt: float = 1.0 / 60.0,
        audit: bool = False,
        models: Models | None = None,
        motion: Mapping[int, BallMotion] | None = None,
        stick: bool = True,
    ) -> None:
        self._validate(state, motion)
        self.spec: TableSpec = state.spec
        self.initial = state
        self.params = self.spec.physics
        self.radius = self.spec.balls.radius
        self.mass = self.spec.balls.mass
        self.g = self.params.gravity
        self.models = models or default_models(
            self.spec.balls, self.params, self.spec.cushion_height
        )
        self.audit = audit
        # Whether the cue stick follows through after the strike (a search's
        # world may leave it out: simulate.simulate_search).
        self.stick = stick
        self.t = 0.0
        self.log = Log(self.models.cloth)
        self.schedule = Schedule()
        self.stats = Stats()
        self.frame_dt = frame_dt
        self.history = History(self.radius, self.g)
        self.done = False
        self._begun = False
        self._final: dict[int, BallState] = {}
        self._moving: dict[int, Ball] = {}
        # The pace (pace.py): the fastest moving ball's speed bound (< 0:
        # to be worked out again), the step, when a jump is tried next and
        # how often one failed in a row, the last tightening of the bounds.
        self._vmax = -1.0
        self._dt = 0.0
        self._next_jump = 0.0
        self._jump_fails = 0
        self._last_tighten = 0.0
        self._band_cache: pace.BandCache = {}
        # The end of the step being processed (-inf between steps): a ball
        # kicked before it is looked around (near.look_in_step).
        self._step_hi = -math.inf
        # The instant of the last events and how many there were at it.
        self._instant = (-1.0, 0)
        self._stick: Stick | None = None
        self._struck = False
        self._checked_rest: dict[int, Vec2] | None = None  # settle_at_rest's
        self._build_parts(state)
        for ball, m in sorted((motion or {}).items()):
            self._set_initial(ball, m)

    def _validate(
        self, state: TableState, motion: Mapping[int, BallMotion] | None
    ) -> None:
        _validate(state, motion)

    def _build_parts(self, state: TableState) -> None:
        """The parts the loop drives, and the balls on the table."""
        self.balls: dict[int, Ball] = {}
        pieces = self._cushions()
        self.near = Near(self.spec, self.balls, pieces, self.radius)
        self._make_bodies(pieces)
        self.by_shape = self.bodies.by_shape
        for b in state.balls:
            if b.where is Where.TABLE:
                self.balls[b.ball] = self.bodies.add_ball(b.ball, b.x, b.y, self.g)
            else:
                self._final[b.ball] = b
        self.contacts = Contacts(
            self.near,
            self.models,
            self.log,
            self.mass,
            self._kick,
            self.motion_event,
            self._start_script,
        )
        self.flight = Flight(self)
        self.falls = Falls(self, self.flight, self.schedule, pieces)
        self.instants = Instants(
            self,
            self._kick,
            self.schedule,
            self.falls,
            self.flight,
            self._lines_read(),
        )
        self._audit = EnergyAudit(
            self.balls, self.models.cloth, self.mass, self.radius, self.g, self.stats
        )

    def _cushions(self) -> tuple[CushionPiece, ...]:
        return cushion_pieces(self.spec)

    def _make_bodies(self, pieces: tuple[CushionPiece, ...]) -> None:
        self.bodies = Bodies(self.spec, pieces, self.radius, self.mass, self.near)
        self.space = self.bodies.space

    def _lines_read(self) -> tuple[tuple[str, int, float], ...]:
        """The lines whose crossings are logged."""
        return table_lines(self.spec)

    @property
    def events(self) -> list[Event]:
        return self.log.events

    def _set_initial(self, ball: int, m: BallMotion) -> None:
        rec = self.balls.get(ball)
        if rec is None:
            raise cue.StrokeError(f"motion.{ball}: ball {ball} is not on the table")
        vx, vy, vz = m.velocity
        if vz > 0.0 or m.height is not None:
            z = self.radius if m.height is None else m.height
            old = self.fly(rec, 0.0, rec.pos(0.0), z, m.velocity, m.spin)
            self.log.emit(
                event_of(
                    EventKind.AIRBORNE,
                    0.0,
                    (ball,),
                    (self.log.snap(rec, 0.0),),
                    speed=vz,
                )
            )
        else:
            old = self._kick(rec, 0.0, (vx, vy), m.spin)
        self.motion_event(rec, old, 0.0)

    # -- what the parts ask of the world (log.Table) ---------------------------------
    def kick(
        self, ball: Ball, t: float, v: Vec2, w: Vec3, p: Vec2 | None = None
    ) -> Phase:
        """A push from outside the contacts (the stick, a landing): a lasting
        contact the ball was in may now close fast, so it is looked at from
        now on again."""
        old = self._kick(ball, t, v, w, p)
        self.contacts.wake(ball.ball)
        return old

    def _kick(
        self, ball: Ball, t: float, v: Vec2, w: Vec3, p: Vec2 | None = None
    ) -> Phase:
        """New motion on the cloth from t (what a contact gives)."""
        where = p if p is not None else ball.pos(t)
        was_air = ball.phase is Phase.AIRBORNE
        old = ball.start_on_cloth(t, where, v, w, self.models.cloth)
        if was_air:
            self.flight.flying.discard(ball.ball)
            ball.falling = None
            self.falls.falling.pop(ball.ball, None)
            self.near.look_around(ball, t)
        elif t < self._step_hi:
            self.near.look_in_step(ball, t)
        self._scheduled(ball, t)
        return old

    def fly(self, ball: Ball, t: float, p: Vec2, z: float, v: Vec3, w: Vec3) -> Phase:
        old = ball.start_flight(t, p, z, v, w)
        if ball.falling is None:
            self.flight.flying.add(ball.ball)
        self._scheduled(ball, t)
        return old

    def _start_script(self, ball: Ball, script: Script, v_in: Vec2) -> None:
        ball.start_script(script, v_in)
        self.history.record(ball, script.t0)
        self.near.changed()
        self.bodies.dirty.add(ball.ball)
        self._vmax = -1.0
        self._moving[ball.ball] = ball
        self.schedule.add(script.t_end, Due.SCRIPT, ball)

    def _scheduled(self, ball: Ball, t: float) -> None:
        """A ball's segment changed at t: its body is set again before the
        next step, the segment recorded, and what it has due planned."""
        self.bodies.dirty.add(ball.ball)
        self.history.record(ball, t)
        self.near.changed()
        self._vmax = -1.0  # to be worked out again
        if ball.moving:
            self._moving[ball.ball] = ball
        else:
            self._moving.pop(ball.ball, None)
        self.instants.plan(ball, t)

    def motion_event(self, ball: Ball, old: Phase, t: float) -> None:
        if ball.phase is not old and ball.falling is None:
            self.log.emit(
                event_of(
                    EventKind.MOTION,
                    t,
                    (ball.ball,),
                    (self.log.snap(ball, t),),
                    phase_from=old,
                    phase_to=ball.phase,
                )
            )

    def remove(
        self,
        ball: Ball,
        t: float,
        where: Where,
        pocket: str | None = None,
        left: str = "floor",
    ) -> None:
        snap = self.log.snap(ball, t)
        if where is Where.POCKETED:
            self.log.emit(
                event_of(EventKind.POCKETED, t, (ball.ball,), (snap,), pocket=pocket)
            )
        else:
            self.log.emit(
                event_of(EventKind.LEFT_TABLE, t, (ball.ball,), (snap,), where=left)
            )
        self.history.leave(ball.ball, t)
        ball.on_table = False
        ball.phase = Phase.POCKETED if where is Where.POCKETED else Phase.OFF_TABLE
        ball.script = None
        ball.version += 1
        ball.speed_bound = 0.0
        ball.moving = False
        self._moving.pop(ball.ball, None)
        self._vmax = -1.0
        self.flight.flying.discard(ball.ball)
        self.falls.falling.pop(ball.ball, None)
        self.near.forget(ball.ball)
        self.near.changed()
        self._final[ball.ball] = BallState(ball.ball, where, pocket=pocket)
        self.bodies.remove_ball(ball)

    # -- the stroke ------------------------------------------------------------------
    def strike(self, stroke: Stroke, ball: int | None = None) -> None:
        """Strike the cue ball, or another ball (the lag strikes two at once;
        only the first stroke's stick follows through). The stroke adds to
        whatever motion the ball already has."""
        cue_id = self.spec.balls.cue_ball if ball is None else ball
        rec = self.balls.get(cue_id)
        if rec is None or not rec.on_table:
            raise cue.StrokeError(f"ball {cue_id} to strike is not on the table")
        res = cue.strike(stroke, self.spec.balls, self.params)
        v0 = rec.vel(0.0)
        w0 = rec.spin(0.0, self.models.cloth)
        vx, vy, vz = res.velocity
        vx, vy = vx + v0[0], vy + v0[1]
        w = (res.spin[0] + w0[0], res.spin[1] + w0[1], res.spin[2] + w0[2])
        bounce = None
        if vz < 0.0:
            # An elevated cue drives the ball into the slate, which throws it
            # back up with e_t and acts on the slip like any bounce (8.3).
            prm = self.params
            bounce = airborne.slate_bounce(
                (vx, vy, vz), w, self.radius, prm.e_slate, prm.mu_slide, self.g
            )
            vx, vy, _ = bounce.velocity
            w = bounce.spin
        self._kick(rec, 0.0, (vx, vy), w)
        self.log.emit(
            event_of(
                EventKind.STROKE,
                0.0,
                (cue_id,),
                (self.log.snap(rec, 0.0),),
                speed=math.hypot(vx, vy),
                tip_a=stroke.tip_a,
                tip_b=stroke.tip_b,
                elevation=stroke.elevation,
                miscue=res.miscue,
                duration=stroke.contact_time,
            )
        )
        if bounce is not None and not bounce.settled:
            self.flight.take_off(rec, 0.0, (vx, vy, bounce.velocity[2]), w)
        if self._stick is None and not self._struck and self.stick:
            self._stick = Stick.after_strike(self, rec, stroke, res, 0.0)
        self._struck = True
        if self.audit:  # the cue brings energy: the audit starts after it
            self._audit.start(0.0)

    # -- one step's events, in time order ---------------------------------------
    def _process(self, lo: float, hi: float) -> None:
        """Handle the contacts and the known instants of (lo, hi] in time
        order; after each, what it changed is looked at again."""
        near, falls, flight = self.near, self.falls, self.flight
        cands: list[Candidate] = []
        if (near.near_pairs or near.near_cushions) and near.quiet_until < hi:
            cands = near.candidates(lo, hi)
        if falls.falling:
            cands += falls.candidates(lo, hi, None)
        if flight.flying:
            cands += self._air_candidates(lo, hi, None)
        sched, balls = self.schedule, self.balls
        while True:
            t_s = sched.next_time(balls)
            best = min(cands) if cands else None
            if best is not None and best.time <= t_s and best.time <= hi:
                t_e = self.t = best.time
                if best.kind == FALLING:
                    changed = falls.jaw(best)
                elif best.kind == IN_THE_AIR:
                    changed = flight.resolve(best.a, best.b, t_e)
                else:
                    changed = self.contacts.resolve(best)
                cands.remove(best)
            elif t_s <= hi:
                t_e = self.t = t_s
                entry = sched.pop(balls)
                assert entry is not None
                changed = self.instants.handle(entry)
            else:
                break
            self.stats.events_handled += 1
            if not changed:
                if best is not None and best.time == t_e and best.kind <= CUSHION:
                    cands += self._again_after_parting(best, hi)
                continue
            self._count_instant(t_e)
            cands = [
                c
                for c in cands
                if c.a not in changed and (c.kind != PAIR or c.b not in changed)
            ]
            cands += near.candidates(t_e, hi, changed)
            if falls.falling:
                cands += falls.candidates(t_e, hi, changed)
            if flight.flying:
                cands += self._air_candidates(t_e, hi, changed)
            if self.audit:
                self._audit.checkpoint(t_e)
        self.t = hi

    def _air_candidates(
        self, lo: float, hi: float, only: set[int] | None
    ) -> list[Candidate]:
        return [
            Candidate(t, IN_THE_AIR, a, b)
            for t, a, b in self.flight.candidates(lo, hi, only)
        ]

    def _again_after_parting(self, c: Candidate, hi: float) -> list[Candidate]:
        """Not a contact after all (parting at the touch): its balls are
        looked at again from here, that pair or piece only."""
        balls_of = {c.a} if c.kind == CUSHION else {c.a, c.b}
        return [
            n
            for n in self.near.candidates(c.time, hi, balls_of)
            if n.time > c.time and (n.kind, n.a, n.b) == (c.kind, c.a, c.b)
        ]

    def _count_instant(self, t: float) -> None:
        """Contacts at one instant that do not come apart are a jam."""
        if t == self._instant[0]:
            self._instant = (t, self._instant[1] + 1)
            if self._instant[1] > JAM:
                raise PhysicsError("contacts at one instant did not come apart")
        else:
            self._instant = (t, 1)

    # -- the loop ----------------------------------------------------------------------
    def run(self) -> Iterator[float]:
        """Step to rest, yielding the simulated time after each piece."""
        while not self.run_until(self.t + 0.05):
            yield self.t
        yield self.t

    def run_until(self, until: float) -> bool:
        """Step until the simulated time reaches ``until`` or every ball
        rests; True once at rest (the shot is over)."""
        if self.done:
            return True
        if not self._begun:
            self._begin()
        space, balls, stats = self.space, self.balls, self.stats
        contacts, near, schedule = self.contacts, self.near, self.schedule
        bodies, falling, flying = self.bodies, self.falls.falling, self.flight.flying
        dirty, sync, step_size = bodies.dirty, bodies.sync, pace.step_size
        while self.t < until:
            stick = self._stick
            if stick is not None and stick.done:
                self._stick = stick = None
            if stick is None and not self._moving:
                if self._idle():
                    return True
                continue
            if self._vmax < 0.0 or stick is not None:
                tip = None if stick is None else stick.tip_speed
                dt, self._vmax = step_size(
                    self._moving, self.t, self.flight, self._vmax, tip
                )
                if dt != self._dt:  # a new size: the bodies start afresh
                    bodies.restart(self._moving)
                    self._dt = dt
            else:
                dt = self._dt
            jump = self.t >= self._next_jump and dt * JUMP_STEPS < JUMP_MAX
            if jump and self._try_jump(dt):
                continue
            if dirty:  # bodies follow their new segments
                for b in sorted(dirty):
                    ball = balls[b]
                    if ball.on_table:
                        sync(ball, self.t, dt)
                dirty.clear()
            lo = self.t
            hi = lo + dt
            stats.steps += 1
            contacts.step = stats.steps
            if near.provisional_pairs or near.provisional_cushions:
                near.drop_provisional()
            if FAST_STEP and not space._removed_shapes and not space._bodies_to_check:
                # The fast path of space.step: this is the hot loop.
                space._locked = True
                _cp_space_step(space._space, dt)
                space._locked = False
            else:
                space.step(dt)
            if bodies.errors:
                raise PhysicsError("collision handling failed") from bodies.errors[0]
            if (
                (near.quiet_until < hi and (near.near_pairs or near.near_cushions))
                or falling
                or flying
                or schedule.head <= hi
            ):
                self._step_hi = hi
                self._process(lo, hi)
                self._step_hi = -math.inf
            else:
                self.t = hi  # nothing can be due in this step
            if stick is not None:
                stick.step(self, dt)
            if flying:
                self.flight.step(lo, hi)
            if hi - self._last_tighten >= TIGHTEN_EVERY:
                self._tighten(hi)
        return False

    def _begin(self) -> None:
        """The first step: what the balls set moving before it have due."""
        self._begun = True
        for b in sorted(self.balls):
            ball = self.balls[b]
            if ball.version == 0:
                self._scheduled(ball, 0.0)

    def _idle(self) -> bool:
        """Nothing moves: only known instants are left (side spin running
        out), and no step is needed to reach the next. True when none is
        left: the shot is over."""
        t_next = self.schedule.next_time(self.balls)
        if t_next == math.inf:
            self._finish()
            return True
        self._process(self.t, t_next)
        return False

    def _tighten(self, hi: float) -> None:
        """The rolling balls' speed bounds follow them (longer steps)."""
        self._last_tighten = hi
        for ball in self._moving.values():
            ball.tighten(hi)
        self._vmax = -1.0
        if hi > MAX_SIM_TIME:
            raise PhysicsError("the balls did not come to rest")

    def _try_jump(self, dt: float) -> bool:
        """Jump time forward while nothing can meet anything: the balls'
        closed forms carry them, and pymunk is told where they are after."""
        if self._stick is not None or self.t < self._next_jump:
            return False
        if self.near.active():
            return False
        need = JUMP_STEPS * dt
        horizon = pace.horizon(
            self.t, self._moving, self.balls, self.spec, need, self._band_cache
        )
        t_s = self.schedule.next_time(self.balls)
        jump = min(horizon, t_s - self.t, JUMP_MAX)
        if jump < JUMP_STEPS * dt:
            # Not worth it now: try again when it might be, later and later
            # while it keeps failing.
            self._jump_fails = min(self._jump_fails + 1, 6)
            wait = JUMP_STEPS * dt * (1 << self._jump_fails)
            self._next_jump = self.t + max(0.5 * horizon, wait)
            return False
        self._jump_fails = 0
        t1 = self.t + jump
        self._process(self.t, t1)
        # Pymunk has not seen the balls since: a step before the next jump.
        self._next_jump = t1 + dt
        for b in self._moving:
            self.bodies.dirty.add(b)
        self.stats.jumps += 1
        return True

    def _finish(self) -> None:
        settle_at_rest(self.spec, self.balls, self.t, self.history, self.stats,
                       self._checked_rest)
        if self.audit:
            self._audit.checkpoint(self.t)
        t_end = max([self.t, *(e.time for e in self.log.events)])
        self.t = t_end
        self.log.finish()
        self.log.emit(event_of(EventKind.REST, t_end))
        self.done = True
        stick = self._stick
        if stick is not None and not stick.done:
            self.bodies.release(self.balls, (stick.shape, stick.body))
        else:
            self.bodies.release(self.balls)

    def final_state(self) -> TableState:
        balls: list[BallState] = []
        for ball in self.initial.spec.balls.ids:
            if ball in self._final:
                balls.append(self._final[ball])
            elif ball in self.balls:
                x, y = self.balls[ball].pos(self.t)
                balls.append(BallState(ball, Where.TABLE, float(x), float(y)))
        return TableState(self.initial.table, tuple(balls))
