"""The world: a table's balls stepped to rest, every event at its instant.

Design (physics/performance.md and issue 11). Each ball follows a closed
form between events (balls.py); cloth friction runs inside pymunk's
solver (a friction joint per moving ball, pulling it towards the velocity
its phase ends with at exactly the phase's deceleration), so a step costs
Python nothing for a ball that meets nothing. Pymunk's broad phase says
which balls and cushions have come near; contacts.py finds the instant of
touching and resolves the contact there. Everything else that happens at
a known instant (a phase ending, a line crossed, a drop line reached, a
ball caught in a pocket) is on the schedule (log.py), worked out when a
segment starts, and handled in time order with the contacts of the step.
Frames are sampled from the closed forms, so they never show a ball
inside another.

The step is as long as the fastest moving ball allows (it may move a
ball's padding, PAD, per step): long steps while balls roll slowly, none
at all while nothing moves but side spin running out. Resting balls are
out of pymunk's solver. Callbacks never raise: an exception is stored and
re-raised after the step.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, cast

import pymunk
from pymunk._chipmunk import ffi as _cp_ffi
from pymunk._chipmunk import lib as _cp_lib

from simulator.physics import airborne, cue, pockets
from simulator.physics.balls import ON_CLOTH, Ball, Script, Vec2, Vec3
from simulator.physics.contacts import Contacts
from simulator.physics.flight import Flight
from simulator.physics.lines import History, next_crossing, table_lines
from simulator.physics.log import Due, Entry, Log, Schedule
from simulator.physics.models import Models, default_models
from simulator.physics.near import CUSHION, PAD, PAIR, Candidate, Near
from simulator.physics.stick import Stick
from simulator.physics.touch import cushion_touch
from simulator.table import resting
from simulator.table.events import BallMotion, Event, EventKind, Phase, Stroke, event_of
from simulator.table.geometry import CushionPiece, closest_point, cushion_pieces
from simulator.table.specs import Pocket, TableSpec
from simulator.table.state import BallState, TableState, Where

# Collision types; the stick's tip is stick.TIP.
BALL = 1
CUSHION_TYPE = 2

# Collision categories: a ball in the air (or falling into a pocket) meets
# nothing in pymunk. The tip (stick.CAT_TIP = 8) meets only balls on the bed.
CAT_BALL, CAT_CUSHION, CAT_AIR = 1, 2, 16
BED_FILTER = pymunk.ShapeFilter(categories=CAT_BALL)
AIR_FILTER = pymunk.ShapeFilter(categories=CAT_AIR, mask=0)

# No ball moves further than its shape's padding (near.PAD) in a step.
TRAVEL = 0.9 * PAD
# A ball in the air is looked at for contacts at the end of each step only:
# it moves at most this far in one.
AIR_TRAVEL = 0.004
# The stick's tip is looked at for touches at the end of each step, and
# moves at most this far in one.
STICK_TRAVEL = 0.0005
TIP_STEP_SCALE = TRAVEL / STICK_TRAVEL
DT_MAX = 1.0 / 16.0
# Steps come in fixed sizes, a factor sqrt 2 apart, so runs repeat exactly
# and the step changes seldom.
DT_LEVELS: tuple[float, ...] = tuple(DT_MAX / math.sqrt(2.0) ** k for k in range(34))
MAX_SIM_TIME = 120.0
TIGHTEN_EVERY = 0.05  # s: how often the rolling balls' speed bounds follow them
# Kinds of contact candidates beyond contacts.PAIR and contacts.CUSHION.
FALLING = CUSHION + 1  # a ball falling in a pocket meets a jaw facing
IN_THE_AIR = CUSHION + 2  # a flying ball meets a ball
# Zero-time contacts at one instant beyond this are a jam (a bug).
JAM = 200
# While no moving ball can reach anything for a while (its clearance over
# its speed bound), time jumps there in one go: no step at all. A jump is
# tried when it would save this many steps.
JUMP_STEPS = 8
JUMP_MAX = 2.0  # s
JUMP_MARGIN = 0.9


# Chipmunk's own functions, which pymunk's properties wrap in Python (pymunk
# 7 keeps them in pymunk._chipmunk): the bare step for the hot loop, and the
# setters for the bodies that follow the closed forms.
_cp_space_step = _cp_lib.cpSpaceStep
_cp_set_position = _cp_lib.cpBodySetPosition
_cp_set_velocity = _cp_lib.cpBodySetVelocity
_cp_set_max_force = _cp_lib.cpConstraintSetMaxForce
_cp_set_max_bias = _cp_lib.cpConstraintSetMaxBias
_cp_set_error_bias = _cp_lib.cpConstraintSetErrorBias
_cp_pivot_init = _cp_lib.cpPivotJointInit
_ZERO = (0.0, 0.0)
_cp_add_constraint = _cp_lib.cpSpaceAddConstraint
_cp_remove_constraint = _cp_lib.cpSpaceRemoveConstraint
# The step may skip pymunk's bookkeeping only where its insides are known.
_FAST_STEP = all(
    hasattr(pymunk.Space(), name)
    for name in (
        "_removed_shapes",
        "_locked",
        "_space",
        "_bodies_to_check",
        "_constraints",
    )
)


_cp_set_process = _cp_lib.cpArbiterSetProcessCollision
_cp_arbiter_shapes = _cp_lib.cpArbiterGetShapes
_cp_shape_data = _cp_lib.cpShapeGetUserData
_from_handle = _cp_ffi.from_handle


def _arbiter_shapes(
    arb: pymunk.Arbiter, out: tuple[object, object]
) -> tuple[pymunk.Shape, pymunk.Shape]:
    """arb.shapes without its allocations (every report of pymunk's asks),
    through the world's own two out-pointers."""
    out_a, out_b = cast("tuple[Any, Any]", out)
    _cp_arbiter_shapes(arb._arbiter, out_a, out_b)
    return _from_handle(_cp_shape_data(out_a[0])), _from_handle(
        _cp_shape_data(out_b[0])
    )


class PhysicsError(RuntimeError):
    """Something inside the simulation went wrong (a bug, never user input)."""


class RestCorrectionError(PhysicsError):
    """The balls came to rest where the resting rule would have to move one
    further than its repair limit (resting.REPAIR_LIMIT, float noise): the
    physics left a ball where none can be, and no silent move hides it."""

    def __init__(self, message: str, ball: int, correction: float) -> None:
        super().__init__(message)
        self.ball = ball
        self.correction = correction  # m: how far it would have to move


@dataclass
class Stats:
    """How a simulation went, for checks and benchmarks."""

    steps: int = 0
    jumps: int = 0
    events_handled: int = 0
    max_energy_gain: float = 0.0
    rest_correction: float = 0.0


# Spaces of finished worlds, per table, ready for the next (see
# World._build_space): at most this many are kept for each.
SPACE_POOL = 4
# A ball's pymunk parts, out of any space: body, shape, anchor, friction
# joint (None until first needed). They go back with the space and serve
# the next world's balls (same table, same ball size and mass).
_Parts = tuple[pymunk.Body, pymunk.Circle, pymunk.Body, pymunk.PivotJoint | None]
_Pooled = tuple[pymunk.Space, dict[pymunk.Shape, int], list[_Parts]]
# Keyed by the spec's id, the spec kept with its spaces so the id stays its own.
_SPACES: dict[int, tuple[TableSpec, list[_Pooled]]] = {}


def _new_space(
    pieces: tuple[CushionPiece, ...],
) -> tuple[pymunk.Space, dict[pymunk.Shape, int]]:
    space = pymunk.Space()
    space.gravity = (0.0, 0.0)
    space.damping = 1.0
    space.collision_slop = 1e-5
    # Pymunk solves nothing but the friction joints (every contact is ours),
    # and each ball's joint is alone on its body: one pass is exact.
    space.iterations = 1
    space.sleep_time_threshold = math.inf
    index: dict[pymunk.Shape, int] = {}
    for i, piece in enumerate(pieces):
        shape: pymunk.Shape
        if piece.a == piece.b:
            shape = pymunk.Circle(space.static_body, piece.radius, piece.a)
        else:
            shape = pymunk.Segment(space.static_body, piece.a, piece.b, piece.radius)
        shape.collision_type = CUSHION_TYPE
        shape.filter = pymunk.ShapeFilter(categories=CAT_CUSHION)
        shape.friction = 0.0
        shape.elasticity = 0.0
        space.add(shape)
        index[shape] = i
    return space, index


# Roots of a ball's path on the band's sides this soon after now are the
# instant it is at (s).
_AT_ROOT = 1e-9


def _band_entry(
    ball: Ball,
    t: float,
    lo_x: float,
    hi_x: float,
    lo_y: float,
    hi_y: float,
    cache: dict[int, tuple[int, tuple[float, ...]]],
) -> float:
    """How long until the ball's centre, on its closed form, leaves the box
    (lo_x, hi_x) x (lo_y, hi_y): the rest of its segment if it never does."""
    if ball.phase is not Phase.SLIDING and ball.phase is not Phase.ROLLING:
        return math.inf
    tau0 = t - ball.t0
    span = ball.t_end - ball.t0
    best = span - tau0
    x, y = ball.pos(t)
    eps = 1e-9  # on the box's side (just off a cushion): inside, if leaving it
    if not (lo_x - eps <= x <= hi_x + eps and lo_y - eps <= y <= hi_y + eps):
        return 0.0
    vx, vy = ball.vel(t)
    if (
        (x < lo_x + eps and vx <= 0.0)
        or (x > hi_x - eps and vx >= 0.0)
        or (y < lo_y + eps and vy <= 0.0)
        or (y > hi_y - eps and vy >= 0.0)
    ):
        return 0.0  # at a cushion and going on into it
    # Where it is when the roots below stop passing over instants as "the
    # one it is at": a ball that leaves the box within that moment (a hair
    # from a side and fast, or on a side barely moving off it while the
    # cloth turns it back) is at a cushion now.
    x1, y1 = ball.pos(t + _AT_ROOT)
    if not (lo_x < x1 < hi_x and lo_y < y1 < hi_y):
        return 0.0
    kept = cache.get(ball.ball)
    if kept is None or kept[0] != ball.version:
        roots = _band_roots(ball, lo_x, hi_x, lo_y, hi_y)
        kept = cache[ball.ball] = (ball.version, roots)
    for tau in kept[1]:
        # Leaving the side it is on, not the instant it is at it. The roots
        # are sorted: the first one after now is the nearest.
        if tau > tau0 + _AT_ROOT:
            if tau - tau0 < best:
                best = tau - tau0
            break
    return max(best, 0.0)


def _band_roots(
    ball: Ball, lo_x: float, hi_x: float, lo_y: float, hi_y: float
) -> tuple[float, ...]:
    """Every instant of the ball's segment (from its start) at which its
    centre is on one of the box's sides, sorted: they do not change while
    the segment lasts."""
    seg = ball.seg
    out: list[float] = []
    for c0, v, a, lo, hi in (
        (ball.x0, ball.vx0, seg.ax, lo_x, hi_x),
        (ball.y0, ball.vy0, seg.ay, lo_y, hi_y),
    ):
        for wall in (lo, hi):
            # c0 + v tau + a tau^2 / 2 = wall.
            qa, qb, qc = 0.5 * a, v, c0 - wall
            if qa == 0.0:
                if qb != 0.0:
                    out.append(-qc / qb)
            else:
                disc = qb * qb - 4.0 * qa * qc
                if disc < 0.0:
                    continue
                sq = math.sqrt(disc)
                out += ((-qb - sq) / (2.0 * qa), (-qb + sq) / (2.0 * qa))
    out.sort()
    return tuple(out)


def _friction_joint(
    body: pymunk.Body, anchor: pymunk.Body, force: float
) -> pymunk.PivotJoint:
    joint = pymunk.PivotJoint(body, anchor, (0.0, 0.0), (0.0, 0.0))
    joint.max_bias = 0.0
    joint.error_bias = 1.0  # no position correction at all
    joint.max_force = force
    return joint


def _renew(joint: pymunk.PivotJoint, body: pymunk.Body, anchor: pymunk.Body) -> None:
    """The joint (out of the space) made as a new one would be, in place:
    chipmunk warm-starts a joint with its last step's impulse, scaled by the
    ratio of the step sizes, which is wrong after a change of step size or
    a pause. (With a step of the same size and one solver pass, the warm
    start changes nothing: the pass makes up the whole impulse either way.)
    Chipmunk's init leaves the user data pymunk set."""
    c = joint._constraint
    pivot = _cp_ffi.cast("cpPivotJoint *", c)
    _cp_pivot_init(pivot, body._body, anchor._body, _ZERO, _ZERO)
    _cp_set_max_bias(c, 0.0)
    _cp_set_error_bias(c, 1.0)


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
        flying = {b for b, m in (motion or {}).items() if m.height is not None}
        if flying:
            # A ball started in flight need not rest where it starts.
            resting_part = TableState(
                state.table, tuple(b for b in state.balls if b.ball not in flying)
            )
            resting_part.validate()
        else:
            state.validate()
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
        self._last_tighten = 0.0
        self.balls: dict[int, Ball] = {}
        self.by_shape: dict[pymunk.Shape, Ball] = {}
        self._shape_out = (_cp_ffi.new("cpShape *[1]"), _cp_ffi.new("cpShape *[1]"))
        self._errors: list[BaseException] = []
        self._final: dict[int, BallState] = {}
        self._dirty: set[int] = set()
        self._moving: dict[int, Ball] = {}
        self._vmax = -1.0
        self._dt = 0.0
        self._next_jump = 0.0
        # Each moving ball's instants on the band's sides (_band_entry), with
        # the version of the segment they belong to.
        self._band_cache: dict[int, tuple[int, tuple[float, ...]]] = {}
        self._jump_fails = 0
        # The end of the step being processed (-inf between steps): a ball
        # kicked before it is looked around (near.look_in_step).
        self._step_hi = -math.inf
        self._pieces: tuple[CushionPiece, ...] = cushion_pieces(self.spec)
        self.near = Near(self.spec, self.balls, self._pieces, self.radius)
        self._lines = table_lines(self.spec)
        self._build_space()
        for b in state.balls:
            if b.where is Where.TABLE:
                self._add_ball(b.ball, b.x, b.y)
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
        self._falling: dict[int, tuple[Pocket, float, Phase]] = {}
        self._stick: Stick | None = None
        self._struck = False
        self._last_energy: float | None = None
        self._instant = (-1.0, 0)
        for ball, m in sorted((motion or {}).items()):
            self._set_initial(ball, m)

    @property
    def events(self) -> list[Event]:
        return self.log.events

    # -- construction --------------------------------------------------------------
    def _build_space(self) -> None:
        """A space with the table's cushions: one a finished world handed
        back (building the static shapes is most of a world's set-up), or a
        new one."""
        kept = _SPACES.get(id(self.spec))
        pool = kept[1] if kept is not None and kept[0] is self.spec else None
        if pool:
            self.space, self._piece_index, self._spare = pool.pop()
        else:
            self.space, self._piece_index = _new_space(self._pieces)
            self._spare = []
        space = self.space
        space.on_collision(
            BALL, BALL, begin=self._ball_begin, separate=self._ball_separate
        )
        space.on_collision(
            BALL,
            CUSHION_TYPE,
            begin=self._cushion_begin,
            separate=self._cushion_separate,
        )

    def _add_ball(self, ball: int, x: float, y: float) -> None:
        joint: pymunk.PivotJoint | None = None
        if self._spare:
            # A finished world's parts, set back to what new ones would be.
            body, shape, anchor, joint = self._spare.pop()
            _cp_set_position(body._body, (x, y))
            _cp_set_velocity(body._body, _ZERO)
            _cp_set_position(anchor._body, _ZERO)
            _cp_set_velocity(anchor._body, _ZERO)
            if shape.filter != BED_FILTER:
                shape.filter = BED_FILTER
        else:
            body = pymunk.Body(self.mass, math.inf)
            body.position = (x, y)
            shape = pymunk.Circle(body, self.radius + PAD)
            shape.collision_type = BALL
            shape.filter = BED_FILTER
            shape.friction = 0.0
            shape.elasticity = 0.0
            # The anchor stays in the space (it moves nothing); only the joint
            # to it comes and goes with the ball's motion.
            anchor = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        self.space.add(body, shape, anchor)
        rec = Ball(ball, self.radius, body, shape, anchor, joint, gravity=self.g)
        rec.x0, rec.y0 = x, y
        rec.cx0, rec.cy0 = x, y
        rec.z0 = self.radius
        self.balls[ball] = rec
        self.by_shape[shape] = rec

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
            self._falling.pop(ball.ball, None)
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
        self._dirty.add(ball.ball)
        self._vmax = -1.0
        self._moving[ball.ball] = ball
        self.schedule.add(script.t_end, Due.SCRIPT, ball)

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
        self._falling.pop(ball.ball, None)
        self.near.forget(ball.ball)
        self.near.changed()
        self._dirty.discard(ball.ball)
        self._final[ball.ball] = BallState(ball.ball, where, pocket=pocket)
        if ball.joint_on:
            self._remove_joint(ball)
        self.space.remove(ball.shape, ball.body, ball.anchor)

    # -- the schedule ----------------------------------------------------------------
    def _scheduled(self, ball: Ball, t: float) -> None:
        """A ball's segment changed at t: what its new one has due."""
        self._dirty.add(ball.ball)
        self.history.record(ball, t)
        self.near.changed()
        self._vmax = -1.0  # to be worked out again
        if ball.moving:
            self._moving[ball.ball] = ball
        else:
            self._moving.pop(ball.ball, None)
        sched = self.schedule
        if ball.phase in ON_CLOTH or ball.phase is Phase.SPINNING:
            sched.add(ball.t_end, Due.TRANSITION, ball)
        if ball.phase in ON_CLOTH:
            found = pockets.drop_time(self.spec, ball)
            if found is not None:
                sched.add(found[0], Due.DROP, ball, found[1])
            if ball.script is None:
                leaves = pockets.outline_exit(self.spec, ball)
                if leaves is not None:
                    sched.add(leaves, Due.BOUNDARY, ball)
        if ball.falling is not None:
            self._schedule_fall(ball)
        elif ball.phase is Phase.AIRBORNE:
            down = self.flight.landing(ball)
            if down is not None:
                sched.add(down[0], Due.LAND, ball, down[1])
        if ball.phase in ON_CLOTH or ball.phase is Phase.AIRBORNE:
            if ball.phase is Phase.AIRBORNE or ball.script is not None:
                reach = math.inf
            else:
                # How far the centre can get on this segment (its speed is
                # largest at one end): a line further off is not crossed on
                # it. The margin is far above the rounding of the bound.
                reach = ball.speed_bound * (ball.t_end - ball.t0) * (1.0 + 1e-9)
                reach += 1e-9
            for name, axis, value in self._lines:
                if abs((ball.x0 if axis == 0 else ball.y0) - value) > reach:
                    continue
                cross = next_crossing(ball, axis, value, t)
                if cross is not None:
                    sched.add(cross[0], Due.LINE, ball, (name, axis, value, cross[1]))

    def _schedule_fall(self, ball: Ball) -> None:
        pocket, start, _ = self._falling[ball.ball]
        caught, back, out = pockets.fall_times(ball, pocket, self.radius, self.g, start)
        self.schedule.add(caught, Due.CAPTURE, ball, pocket)
        if back is not None and back < caught:
            self.schedule.add(back, Due.BACK, ball, pocket)
        if out is not None and out < caught:
            self.schedule.add(out, Due.RETURN, ball, pocket)

    def _due(self, e: Entry) -> set[int]:
        """Handle one known instant; the balls whose motion changed."""
        ball = self.balls[e.ball]
        t = e.time
        kind = Due(e.kind)
        if kind is Due.TRANSITION:
            return self._transition(ball, t)
        if kind is Due.SCRIPT:
            assert ball.script is not None
            s = ball.script
            p, _ = s.at(t)
            old = self._kick(ball, t, s.exit_velocity, s.exit_spin, p)
            self.motion_event(ball, old, t)
            return {ball.ball}
        if kind is Due.LINE:
            name, axis, value, direction = cast(tuple[str, int, float, int], e.data)
            snap = self.log.snap(ball, t)
            self.log.emit(
                event_of(
                    EventKind.LINE_CROSSED,
                    t,
                    (ball.ball,),
                    (snap,),
                    line=name,
                    direction=direction,
                )
            )
            cross = next_crossing(ball, axis, value, t)
            if cross is not None:
                self.schedule.add(
                    cross[0], Due.LINE, ball, (name, axis, value, cross[1])
                )
            return set()
        if kind is Due.LAND:
            assert isinstance(e.data, airborne.Ground)
            self.flight.land(ball, e.data, t)
            return {ball.ball}
        if kind is Due.DROP:
            assert isinstance(e.data, Pocket)
            return self._drop(ball, e.data, t)
        if kind is Due.CAPTURE:
            assert isinstance(e.data, Pocket)
            self.remove(ball, t, Where.POCKETED, e.data.name)
            return {ball.ball}
        if kind is Due.BACK:
            assert isinstance(e.data, Pocket)
            v = pockets.back_bounce(e.data, ball.vel(t))
            self.fly(
                ball, t, ball.pos(t), ball.height(t), (v[0], v[1], ball.vz(t)), ball.w0
            )
            return {ball.ball}
        if kind is Due.RETURN:
            assert isinstance(e.data, Pocket)
            return self._climb_out(ball, e.data, t)
        if kind is Due.BOUNDARY:
            return self._past_the_outline(ball, t)
        return set()  # pragma: no cover - every kind is handled above

    def _transition(self, ball: Ball, t: float) -> set[int]:
        if ball.phase is Phase.SLIDING:
            # Slide over: the velocity it ends with and the spin of that instant.
            w = ball.spin(t, self.models.cloth)
            old = self._kick(ball, t, ball.seg.end_velocity, w)
        elif ball.phase is Phase.ROLLING:
            wz = self.models.cloth.side_spin_at(ball.w0[2], t - ball.t0)
            old = self._kick(ball, t, (0.0, 0.0), (0.0, 0.0, wz))
        elif ball.phase is Phase.SPINNING:
            old = self._kick(ball, t, (0.0, 0.0), (0.0, 0.0, 0.0))
        else:
            return set()
        self.motion_event(ball, old, t)
        return {ball.ball}

    def _drop(self, ball: Ball, pocket: Pocket, t: float) -> set[int]:
        """The centre passes the drop line: the ball starts to fall."""
        p, v = ball.pos(t), ball.vel(t)
        w = ball.spin(t, self.models.cloth)
        self._falling[ball.ball] = (pocket, t, ball.phase)
        ball.falling = pocket
        self.flight.flying.discard(ball.ball)
        self.fly(ball, t, p, self.radius, (v[0], v[1], 0.0), w)
        return {ball.ball}

    def _past_the_outline(self, ball: Ball, t: float) -> set[int]:
        """A centre on the cloth beyond every cushion and drop line: over a
        pocket's hole it falls now (the drop line was missed); anywhere else
        it went through a cushion. Either way it is never left rolling on."""
        p = ball.pos(t)
        for pocket in self.spec.pockets:
            depth, lateral = pockets.depth_lateral(pocket, p)
            if depth >= pocket.drop_depth and abs(lateral) <= pocket.mouth_width / 2:
                return self._drop(ball, pocket, t)
        raise PhysicsError(
            f"ball {ball.ball} on the cloth left the table at ({p[0]:.4f}, "
            f"{p[1]:.4f}) at {t:.4f} s, past every cushion and drop line"
        )

    def _climb_out(self, ball: Ball, pocket: Pocket, t: float) -> set[int]:
        """A falling ball back over the drop line: on the table again if it
        has the energy to climb what it fell, else it drops after all."""
        drop = self.radius - ball.height(t)
        v = pockets.climb(ball.vel(t), drop, self.g)
        p = ball.pos(t)
        blocked = any(
            other is not ball
            and other.on_table
            and other.falling is None
            and math.dist(other.pos(t), p) < 2.0 * self.radius
            for other in self.balls.values()
        )
        if v is None or blocked:
            # Too little to climb the edge, or a ball on the lip in the way:
            # it drops after all.
            self.remove(ball, t, Where.POCKETED, pocket.name)
            return {ball.ball}
        _, _, before = self._falling[ball.ball]
        w = ball.w0
        ball.falling = None
        self._falling.pop(ball.ball, None)
        self.kick(ball, t, v, w, p)
        self.motion_event(ball, before, t)
        return {ball.ball}

    def _fall_candidates(
        self, lo: float, hi: float, only: set[int] | None
    ) -> list[Candidate]:
        """Jaw facings met by balls falling over a pocket's hole (they run on
        below the slate)."""
        out: list[Candidate] = []
        for b in sorted(self._falling):
            if only is not None and b not in only:
                continue
            ball = self.balls[b]
            pocket = self._falling[b][0]
            for i, piece in enumerate(self._pieces):
                if piece.pocket != pocket.name:
                    continue
                t = cushion_touch(ball, piece, lo, hi, self.radius)
                if t is not None:
                    out.append(Candidate(t, FALLING, b, i))
        return out

    def _air_candidates(
        self, lo: float, hi: float, only: set[int] | None
    ) -> list[Candidate]:
        return [
            Candidate(t, IN_THE_AIR, a, b)
            for t, a, b in self.flight.candidates(lo, hi, only)
        ]

    def _jaw_while_falling(self, c: Candidate) -> set[int]:
        ball = self.balls[c.a]
        piece = self._pieces[c.b]
        t = c.time
        p = ball.pos(t)
        cp = closest_point(piece, p)
        dist = math.dist(cp, p)
        if dist <= 0.0:
            return set()
        n = ((cp[0] - p[0]) / dist, (cp[1] - p[1]) / dist)
        impact = self.models.cushion.impact(ball.vel(t), ball.w0, n, True)
        if impact is None:
            return set()
        name, pocket = piece.contact_name(p)
        self.fly(
            ball,
            t,
            p,
            ball.height(t),
            (impact.velocity[0], impact.velocity[1], ball.vz(t)),
            impact.spin,
        )
        self.log.cushion(ball, t, name, pocket, impact.normal_speed)
        return {ball.ball}

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
            bounce = airborne.slate_bounce(
                (vx, vy, vz),
                w,
                self.radius,
                self.params.e_slate,
                self.params.mu_slide,
                self.g,
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
            self._last_energy = self._energy(0.0)

    # -- energy ----------------------------------------------------------------------
    def _energy(self, t: float) -> float:
        total = 0.0
        inertia = 0.4 * self.mass * self.radius**2
        cloth = self.models.cloth
        for r in self.balls.values():
            if not r.on_table:
                continue
            vx, vy = r.vel(t)
            vz = r.vz(t)
            w = r.spin(t, cloth)
            total += 0.5 * self.mass * (vx * vx + vy * vy + vz * vz)
            total += self.mass * self.g * (r.height(t) - self.radius)
            total += 0.5 * inertia * (w[0] ** 2 + w[1] ** 2 + w[2] ** 2)
        return total

    def _energy_checkpoint(self, t: float) -> None:
        if not self.audit:
            return
        e = self._energy(t)
        last = self._last_energy
        if last is not None and e > last:
            self.stats.max_energy_gain = max(self.stats.max_energy_gain, e - last)
        self._last_energy = e

    # -- pymunk's reports --------------------------------------------------------------
    def _ball_begin(
        self, arb: pymunk.Arbiter, space: pymunk.Space, data: object
    ) -> None:
        try:
            _cp_set_process(arb._arbiter, False)
            s_a, s_b = _arbiter_shapes(arb, self._shape_out)
            self.near.pair_near(self.by_shape[s_a], self.by_shape[s_b])
        except Exception as e:  # pymunk only prints callback errors
            self._errors.append(e)

    def _ball_separate(
        self, arb: pymunk.Arbiter, space: pymunk.Space, data: object
    ) -> None:
        s_a, s_b = _arbiter_shapes(arb, self._shape_out)
        a, b = self.by_shape.get(s_a), self.by_shape.get(s_b)
        if a is not None and b is not None:
            self.near.pair_apart(a, b)

    def _cushion_begin(
        self, arb: pymunk.Arbiter, space: pymunk.Space, data: object
    ) -> None:
        try:
            _cp_set_process(arb._arbiter, False)
            s_ball, s_cush = _arbiter_shapes(arb, self._shape_out)
            self.near.cushion_near(self.by_shape[s_ball], self._piece_index[s_cush])
        except Exception as e:
            self._errors.append(e)

    def _cushion_separate(
        self, arb: pymunk.Arbiter, space: pymunk.Space, data: object
    ) -> None:
        s_ball, s_cush = _arbiter_shapes(arb, self._shape_out)
        rec = self.by_shape.get(s_ball)
        if rec is not None:
            self.near.cushion_apart(rec, self._piece_index[s_cush])

    # -- pymunk's bodies follow the closed forms ---------------------------------------
    def _sync(self, ball: Ball, dt: float) -> None:
        """Set the ball's body where its closed form has it now, its velocity
        half a step ahead (so pymunk's integrator lands on the closed form at
        every step end: balls.py), and its friction joint to the phase's
        pull."""
        t = self.t
        body = ball.body
        cp_body = body._body
        if ball.script is None:
            # ball.pos(t), written out (this runs for every ball kicked).
            tt = t if t <= ball.t_end else ball.t_end
            _cp_set_position(
                cp_body,
                (
                    ball.cx0 + tt * (ball.cx1 + tt * ball.cx2),
                    ball.cy0 + tt * (ball.cy1 + tt * ball.cy2),
                ),
            )
            on_cloth = ball.phase in ON_CLOTH
        else:
            _cp_set_position(cp_body, ball.pos(t))
            on_cloth = False
        if on_cloth:
            # ball.vel(t), written out.
            vx = ball.cx1 + 2.0 * tt * ball.cx2
            vy = ball.cy1 + 2.0 * tt * ball.cy2
            seg = ball.seg
            ax, ay = seg.ax, seg.ay
            _cp_set_velocity(cp_body, (vx + 0.5 * ax * dt, vy + 0.5 * ay * dt))
            _cp_set_velocity(ball.anchor._body, seg.end_velocity)
            force = self.mass * math.hypot(ax, ay)
            joint = ball.joint
            if joint is None:
                ball.joint = _friction_joint(body, ball.anchor, force)
                self._add_joint(ball)
            elif ball.joint_on:
                _cp_set_max_force(joint._constraint, force)
            else:
                _renew(joint, body, ball.anchor)
                _cp_set_max_force(joint._constraint, force)
                self._add_joint(ball)
        else:
            _cp_set_velocity(cp_body, ball.vel(t))
            if ball.joint_on:
                self._remove_joint(ball)
        air = ball.phase is Phase.AIRBORNE
        if ball.in_air != air:
            ball.in_air = air
            ball.shape.filter = AIR_FILTER if air else BED_FILTER

    def _add_joint(self, ball: Ball) -> None:
        """The ball's friction joint into the solver (chipmunk's own call
        where pymunk's bookkeeping is known: this is on the hot path)."""
        space = self.space
        if _FAST_STEP and not space._locked:
            space._constraints[ball.joint] = None
            _cp_add_constraint(space._space, ball.joint._constraint)
        else:
            space.add(ball.joint)
        ball.joint_on = True

    def _remove_joint(self, ball: Ball) -> None:
        space = self.space
        if _FAST_STEP and not space._locked:
            del space._constraints[ball.joint]
            _cp_remove_constraint(space._space, ball.joint._constraint)
        else:
            space.remove(ball.joint)
        ball.joint_on = False

    def _resync_all(self, dt: float) -> None:
        """A new step size: every moving body's half-step offset follows, and
        its joint starts afresh (chipmunk would warm-start it with the last
        step's impulse, scaled wrongly)."""
        for b in sorted(self._moving):
            ball = self._moving[b]
            if ball.joint_on:
                self._remove_joint(ball)  # renewed by _sync
            self._dirty.add(b)

    def _choose_dt(self) -> float:
        vmax = self._vmax
        if vmax < 0.0:
            vmax = 0.0
            t = self.t
            for ball in self._moving.values():
                if ball.phase is Phase.AIRBORNE and ball.falling is None:
                    v = self.flight.bound(ball, t) * (TRAVEL / AIR_TRAVEL)
                else:
                    v = ball.speed_bound
                if v > vmax:
                    vmax = v
            self._vmax = vmax
        stick = self._stick
        # The tip's touches are found at step ends: it moves at most
        # STICK_TRAVEL in a step, so a touch is logged that near its place.
        if stick is not None and stick.tip_speed * TIP_STEP_SCALE > vmax:
            vmax = stick.tip_speed * TIP_STEP_SCALE
        if vmax <= 0.0:
            return DT_MAX
        # The largest level with dt * vmax <= TRAVEL.
        k = math.ceil(2.0 * math.log2(vmax * DT_MAX / TRAVEL) - 1e-9)
        return DT_LEVELS[min(max(k, 0), len(DT_LEVELS) - 1)]

    def _any_moving(self) -> bool:
        return bool(self._moving)

    def _horizon(self, need: float) -> float:
        """How long no moving ball can reach a cushion or another ball. For a
        cushion, exactly when its closed form first brings it within a radius
        of a nose line (every cushion piece lies behind one); for two balls,
        a margin inside when their gap could close at the most their speeds
        and decelerations allow. Zero when a ball is in the air or in a
        cushion; anything under ``need`` as soon as it is found."""
        t = self.t
        spec = self.spec
        r = self.radius
        moving = [self._moving[b] for b in sorted(self._moving)]
        for ball in moving:
            if ball.phase is Phase.AIRBORNE or ball.script is not None:
                return 0.0
        best = math.inf
        lo_x, hi_x = r, spec.length - r
        lo_y, hi_y = r, spec.width - r
        for ball in moving:
            h = _band_entry(ball, t, lo_x, hi_x, lo_y, hi_y, self._band_cache)
            if h < best:
                best = h
                if best < need:
                    return best
        # Two balls: their gap can close no faster than their relative speed
        # now plus what their decelerations (constant, each |a|) add:
        # |u| tau + (a_1 + a_2) tau^2 / 2 = gap.
        state = [
            (b, rec.pos(t), rec.vel(t), math.hypot(*rec.acceleration()), rec.moving)
            for b, rec in sorted(self.balls.items())
            if rec.on_table
        ]
        d_min = 2.0 * r
        for ball in moving:
            bi = ball.ball
            (x, y), (vx, vy), ai = (
                ball.pos(t),
                ball.vel(t),
                math.hypot(*ball.acceleration()),
            )
            for b, (ox, oy), (ux, uy), aj, both in state:
                # Two moving balls are looked at once, from the lower one:
                # the same figures either way round, so the same answer.
                if b == bi or (both and b < bi):
                    continue
                gap = math.hypot(ox - x, oy - y) - d_min
                if gap <= 0.0:
                    return 0.0
                u = math.hypot(ux - vx, uy - vy)
                a = ai + aj
                if a > 0.0:
                    h = (math.sqrt(u * u + 2.0 * a * gap) - u) / a
                elif u > 0.0:
                    h = gap / u
                else:
                    continue
                h *= JUMP_MARGIN
                if h < best:
                    best = h
                    if best < need:
                        return best
        return best

    def _try_jump(self, dt: float) -> bool:
        """Jump time forward while nothing can meet anything: the balls'
        closed forms carry them, and pymunk is told where they are after."""
        if self._stick is not None or self.t < self._next_jump:
            return False
        if self.near.active():
            return False
        need = JUMP_STEPS * dt
        horizon = self._horizon(need)
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
            self._dirty.add(b)
        self.stats.jumps += 1
        return True

    # -- one step's events, in time order ---------------------------------------
    def _process(self, lo: float, hi: float) -> None:
        contacts = self.contacts
        near = self.near
        cands: list[Candidate] = []
        if (near.near_pairs or near.near_cushions) and near.quiet_until < hi:
            cands = near.candidates(lo, hi)
        if self._falling:
            cands += self._fall_candidates(lo, hi, None)
        if self.flight.flying:
            cands += self._air_candidates(lo, hi, None)
        sched = self.schedule
        balls = self.balls
        while True:
            t_s = sched.next_time(balls)
            best = min(cands) if cands else None
            if best is not None and best.time <= t_s and best.time <= hi:
                t_e = best.time
                self.t = t_e
                if best.kind == FALLING:
                    changed = self._jaw_while_falling(best)
                elif best.kind == IN_THE_AIR:
                    changed = self.flight.resolve(best.a, best.b, t_e)
                else:
                    changed = contacts.resolve(best)
                cands.remove(best)
            elif t_s <= hi:
                t_e = t_s
                self.t = t_e
                entry = sched.pop(balls)
                assert entry is not None
                changed = self._due(entry)
            else:
                break
            self.stats.events_handled += 1
            if not changed:
                if best is not None and best.time == t_e and best.kind <= CUSHION:
                    # Not a contact after all (parting at the touch): its
                    # balls are looked at again from here.
                    balls_of = {best.a} if best.kind == CUSHION else {best.a, best.b}
                    cands += [
                        c
                        for c in near.candidates(t_e, hi, balls_of)
                        if c.time > t_e
                        and (c.kind, c.a, c.b) == (best.kind, best.a, best.b)
                    ]
                continue
            if t_e == self._instant[0]:
                self._instant = (t_e, self._instant[1] + 1)
                if self._instant[1] > JAM:
                    raise PhysicsError("contacts at one instant did not come apart")
            else:
                self._instant = (t_e, 1)
            cands = [
                c
                for c in cands
                if c.a not in changed and (c.kind != PAIR or c.b not in changed)
            ]
            cands += near.candidates(t_e, hi, changed)
            if self._falling:
                cands += self._fall_candidates(t_e, hi, changed)
            if self.flight.flying:
                cands += self._air_candidates(t_e, hi, changed)
            if self.audit:
                self._energy_checkpoint(t_e)
        self.t = hi

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
            self._begun = True
            for b in sorted(self.balls):
                ball = self.balls[b]
                if ball.version == 0:
                    self._scheduled(ball, 0.0)
        space = self.space
        fast = _FAST_STEP
        stats = self.stats
        contacts = self.contacts
        near = self.near
        schedule = self.schedule
        while self.t < until:
            stick = self._stick
            if stick is not None and stick.done:
                self._stick = stick = None
            if stick is None and not self._moving:
                # Nothing moves: only known instants are left (side spin
                # running out); no step is needed to reach them.
                t_next = schedule.next_time(self.balls)
                if t_next == math.inf:
                    self._finish()
                    return True
                self._process(self.t, t_next)
                continue
            if self._vmax < 0.0 or stick is not None:
                dt = self._choose_dt()
                if dt != self._dt:
                    self._resync_all(dt)
                    self._dt = dt
            else:
                dt = self._dt
            if (
                self.t >= self._next_jump
                and dt * JUMP_STEPS < JUMP_MAX
                and self._try_jump(dt)
            ):
                continue
            if self._dirty:
                for b in sorted(self._dirty):
                    ball = self.balls[b]
                    if ball.on_table:
                        self._sync(ball, dt)
                self._dirty.clear()
            lo = self.t
            hi = lo + dt
            stats.steps += 1
            contacts.step = stats.steps
            if near.provisional_pairs or near.provisional_cushions:
                near.drop_provisional()
            if fast and not space._removed_shapes and not space._bodies_to_check:
                # The fast path of space.step: this is the hot loop.
                space._locked = True
                _cp_space_step(space._space, dt)
                space._locked = False
            else:
                space.step(dt)
            if self._errors:
                raise PhysicsError("collision handling failed") from self._errors[0]
            if (
                (
                    near.quiet_until < hi
                    and (near.near_pairs or near.near_cushions)
                )
                or self._falling
                or self.flight.flying
                or schedule.head <= hi
            ):
                self._step_hi = hi
                self._process(lo, hi)
                self._step_hi = -math.inf
            else:
                self.t = hi  # nothing can be due in this step
            if stick is not None:
                stick.step(self, dt)
            if self.flight.flying:
                self.flight.step(lo, hi)
            if hi - self._last_tighten >= TIGHTEN_EVERY:
                self._last_tighten = hi
                for ball in self._moving.values():
                    ball.tighten(hi)
                self._vmax = -1.0
                if hi > MAX_SIM_TIME:
                    raise PhysicsError("the balls did not come to rest")
        return False

    def _release(self) -> None:
        """The shot is over: the space, emptied of this shot's bodies, goes
        back for the next world on this table."""
        space = self.space
        for b in sorted(self.balls):
            ball = self.balls[b]
            if not ball.on_table:
                continue
            if ball.joint_on:
                self._remove_joint(ball)
            space.remove(ball.shape, ball.body, ball.anchor)
        spare = self._spare
        for b in sorted(self.balls):
            ball = self.balls[b]
            spare.append((ball.body, ball.shape, ball.anchor, ball.joint))
        if self._stick is not None and not self._stick.done:
            space.remove(self._stick.shape, self._stick.body)
        # The handlers now point at nothing that matters; the next world
        # sets its own. No step runs on a pooled space.
        kept = _SPACES.get(id(self.spec))
        if kept is None or kept[0] is not self.spec:
            kept = _SPACES[id(self.spec)] = (self.spec, [])
        if len(kept[1]) < SPACE_POOL:
            kept[1].append((space, self._piece_index, spare))

    def _finish(self) -> None:
        self._settle_at_rest()
        self._energy_checkpoint(self.t)
        t_end = max([self.t, *(e.time for e in self.log.events)])
        self.t = t_end
        self.log.finish()
        self.log.emit(event_of(EventKind.REST, t_end))
        self.done = True
        self._release()

    def _settle_at_rest(self) -> None:
        """Every final position obeys the resting rule (simulator.table.resting): a
        ball left pressing into a cushion, a jaw or a neighbour by float noise
        is moved out by the smallest correction. The largest such move is kept
        in ``stats.rest_correction`` (a physics check); one beyond the rule's
        repair limit, or a position no nearby one mends, is a physics error
        (RestCorrectionError), never a silent move."""
        recs = {b: r for b, r in self.balls.items() if r.on_table}
        now = {b: r.pos(self.t) for b, r in recs.items()}
        why = resting.problem(self.spec, now)
        if why is None:
            return
        fixed = resting.relax(self.spec, now)
        worst, who = 0.0, -1
        for b in sorted(fixed):
            moved = math.dist(fixed[b], now[b])
            if moved > worst:
                worst, who = moved, b
        self.stats.rest_correction = max(self.stats.rest_correction, worst)
        if worst > resting.REPAIR_LIMIT or resting.problem(self.spec, fixed):
            raise RestCorrectionError(
                f"at rest, {why}: ball {who} would have to move "
                f"{worst * 1000:.3f} mm to obey the resting rule (at most "
                f"{resting.REPAIR_LIMIT * 1000:.3f} mm is a repair)",
                who,
                worst,
            )
        for b in sorted(fixed):
            if fixed[b] != now[b]:
                rec = recs[b]
                rec.x0, rec.y0 = fixed[b]
                rec.cx0, rec.cy0 = fixed[b]
                rec.cx1 = rec.cx2 = rec.cy1 = rec.cy2 = 0.0
                rec.version += 1
                self.history.record(rec, self.t)

    def final_state(self) -> TableState:
        balls: list[BallState] = []
        for ball in self.initial.spec.balls.ids:
            if ball in self._final:
                balls.append(self._final[ball])
            elif ball in self.balls:
                x, y = self.balls[ball].pos(self.t)
                balls.append(BallState(ball, Where.TABLE, float(x), float(y)))
        return TableState(self.initial.table, tuple(balls))
