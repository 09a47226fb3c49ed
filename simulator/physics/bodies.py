"""Pymunk's side of the world: the space with the table's cushions, each
ball's body, padded shape, kinematic anchor and friction joint, set from
the ball's closed form whenever its segment changes, and pymunk's reports
of what has come near, passed on to near.py.

Cloth friction runs inside pymunk's solver (physics/performance.md): a
friction joint per moving ball pulls it towards the velocity its phase ends
with at exactly the phase's deceleration, so a step costs Python nothing
for a ball that meets nothing. Resting balls are out of the solver.
Callbacks never raise: an exception is kept in ``errors`` for the world to
raise after the step. A finished world's space, with its balls' parts,
goes back to a pool for the next world on the same table.
"""

from __future__ import annotations

import math
from typing import Any, cast

import pymunk
from pymunk._chipmunk import ffi as _cp_ffi
from pymunk._chipmunk import lib as _cp_lib

from simulator.physics.balls import ON_CLOTH, Ball
from simulator.physics.near import PAD, Near
from simulator.table.events import Phase
from simulator.table.geometry import CushionPiece
from simulator.table.specs import TableSpec

# Collision types; the stick's tip is stick.TIP.
BALL = 1
CUSHION_TYPE = 2

# Collision categories: a ball in the air (or falling into a pocket) meets
# nothing in pymunk. The tip (stick.CAT_TIP = 8) meets only balls on the bed.
CAT_BALL, CAT_CUSHION, CAT_AIR = 1, 2, 16
BED_FILTER = pymunk.ShapeFilter(categories=CAT_BALL)
AIR_FILTER = pymunk.ShapeFilter(categories=CAT_AIR, mask=0)

# Chipmunk's own functions, which pymunk's properties wrap in Python (pymunk
# 7 keeps them in pymunk._chipmunk): the bare step for the hot loop, and the
# setters for the bodies that follow the closed forms.
cp_space_step = _cp_lib.cpSpaceStep
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
FAST_STEP = all(
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


# Spaces of finished worlds, per table, ready for the next (see
# Bodies.__init__): at most this many are kept for each.
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


class Bodies:
    """The pymunk space of one world and its balls' parts."""

    def __init__(
        self,
        spec: TableSpec,
        pieces: tuple[CushionPiece, ...],
        radius: float,
        mass: float,
        near: Near,
    ) -> None:
        self.spec = spec
        self.radius = radius
        self.mass = mass
        self.near = near
        self.by_shape: dict[pymunk.Shape, Ball] = {}
        # Balls whose body is to be set from their closed form before the
        # next step.
        self.dirty: set[int] = set()
        self.errors: list[BaseException] = []
        self._shape_out = (_cp_ffi.new("cpShape *[1]"), _cp_ffi.new("cpShape *[1]"))
        # A space with the table's cushions: one a finished world handed
        # back (building the static shapes is most of a world's set-up), or
        # a new one.
        kept = _SPACES.get(id(spec))
        pool = kept[1] if kept is not None and kept[0] is spec else None
        if pool:
            self.space, self.piece_index, self._spare = pool.pop()
        else:
            self.space, self.piece_index = _new_space(pieces)
            self._spare = []
        self.space.on_collision(
            BALL, BALL, begin=self._ball_begin, separate=self._ball_separate
        )
        self.space.on_collision(
            BALL,
            CUSHION_TYPE,
            begin=self._cushion_begin,
            separate=self._cushion_separate,
        )

    def add_ball(self, ball: int, x: float, y: float, gravity: float) -> Ball:
        """A ball at rest at (x, y): its parts in the space, and its record."""
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
        rec = Ball(ball, self.radius, body, shape, anchor, joint, gravity=gravity)
        rec.x0, rec.y0 = x, y
        rec.cx0, rec.cy0 = x, y
        rec.z0 = self.radius
        self.by_shape[shape] = rec
        return rec

    def remove_ball(self, ball: Ball) -> None:
        """The ball has left play: its parts leave the space."""
        self.dirty.discard(ball.ball)
        if ball.joint_on:
            self.remove_joint(ball)
        self.space.remove(ball.shape, ball.body, ball.anchor)

    # -- pymunk's bodies follow the closed forms ---------------------------------------
    def sync(self, ball: Ball, t: float, dt: float) -> None:
        """Set the ball's body where its closed form has it at t, its velocity
        half a step ahead (so pymunk's integrator lands on the closed form at
        every step end: balls.py), and its friction joint to the phase's
        pull."""
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
                self.add_joint(ball)
            elif ball.joint_on:
                _cp_set_max_force(joint._constraint, force)
            else:
                _renew(joint, body, ball.anchor)
                _cp_set_max_force(joint._constraint, force)
                self.add_joint(ball)
        else:
            _cp_set_velocity(cp_body, ball.vel(t))
            if ball.joint_on:
                self.remove_joint(ball)
        air = ball.phase is Phase.AIRBORNE
        if ball.in_air != air:
            ball.in_air = air
            ball.shape.filter = AIR_FILTER if air else BED_FILTER

    def add_joint(self, ball: Ball) -> None:
        """The ball's friction joint into the solver (chipmunk's own call
        where pymunk's bookkeeping is known: this is on the hot path)."""
        space = self.space
        if FAST_STEP and not space._locked:
            space._constraints[ball.joint] = None
            _cp_add_constraint(space._space, ball.joint._constraint)
        else:
            space.add(ball.joint)
        ball.joint_on = True

    def remove_joint(self, ball: Ball) -> None:
        space = self.space
        if FAST_STEP and not space._locked:
            del space._constraints[ball.joint]
            _cp_remove_constraint(space._space, ball.joint._constraint)
        else:
            space.remove(ball.joint)
        ball.joint_on = False

    def restart(self, moving: dict[int, Ball]) -> None:
        """A new step size: every moving body's half-step offset follows, and
        its joint starts afresh (chipmunk would warm-start it with the last
        step's impulse, scaled wrongly)."""
        for b in sorted(moving):
            ball = moving[b]
            if ball.joint_on:
                self.remove_joint(ball)  # renewed by sync
            self.dirty.add(b)

    def release(self, balls: dict[int, Ball], stick: tuple[Any, ...] = ()) -> None:
        """The shot is over: the space, emptied of this shot's bodies (the
        balls' and the stick's parts ``stick``, if still in it), goes back for
        the next world on this table."""
        space = self.space
        for b in sorted(balls):
            ball = balls[b]
            if not ball.on_table:
                continue
            if ball.joint_on:
                self.remove_joint(ball)
            space.remove(ball.shape, ball.body, ball.anchor)
        spare = self._spare
        for b in sorted(balls):
            ball = balls[b]
            spare.append((ball.body, ball.shape, ball.anchor, ball.joint))
        if stick:
            space.remove(*stick)
        # The handlers now point at nothing that matters; the next world
        # sets its own. No step runs on a pooled space.
        kept = _SPACES.get(id(self.spec))
        if kept is None or kept[0] is not self.spec:
            kept = _SPACES[id(self.spec)] = (self.spec, [])
        if len(kept[1]) < SPACE_POOL:
            kept[1].append((space, self.piece_index, spare))

    # -- pymunk's reports --------------------------------------------------------------
    def _ball_begin(
        self, arb: pymunk.Arbiter, space: pymunk.Space, data: object
    ) -> None:
        try:
            _cp_set_process(arb._arbiter, False)
            s_a, s_b = _arbiter_shapes(arb, self._shape_out)
            self.near.pair_near(self.by_shape[s_a], self.by_shape[s_b])
        except Exception as e:  # pymunk only prints callback errors
            self.errors.append(e)

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
            self.near.cushion_near(self.by_shape[s_ball], self.piece_index[s_cush])
        except Exception as e:
            self.errors.append(e)

    def _cushion_separate(
        self, arb: pymunk.Arbiter, space: pymunk.Space, data: object
    ) -> None:
        s_ball, s_cush = _arbiter_shapes(arb, self._shape_out)
        rec = self.by_shape.get(s_ball)
        if rec is not None:
            self.near.cushion_apart(rec, self.piece_index[s_cush])
