"""The pymunk world: balls, cushions, pockets, lines, and the stepping loop.

Design (measured in physics/performance.md): per-ball Python work on every
step, not ``space.step``, dominates the cost. So cloth friction runs inside
pymunk's solver: each ball is tied to its own kinematic "anchor" body by a
PivotJoint with no position correction, whose maximum force is the friction
force. The joint pulls the ball's velocity towards the anchor's velocity at
exactly mu*g, which is the closed-form motion of reference.md section 3 when
the anchor moves at the velocity the phase ends with (v_roll while sliding,
zero while rolling). Python touches a ball only at events: the stroke, a
collision, and a scheduled phase change. Spin is not integrated per step; it
is evaluated from the closed forms when an event needs it.

Collisions: pymunk only detects contacts (callbacks record them and never
let pymunk resolve them). After each step, a contact that approaches is
resolved here: a lone pair exactly (both balls moved back to the moment of
touching, the impulse of reference.md 5 or 6, moved on for the rest of the
step); a ball struck while frozen to others (a rack), or several contacts
sharing balls in one step, together with every ball frozen to them, through
compliant Hertz contacts (collisions.cluster_impulses), so a break spreads
the rack instead of running down one chain per step.
Callbacks never raise: an exception is stored and re-raised after the step.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, replace

import pymunk

from simulator import resting
from simulator.events import (
    CENTRE_LINE,
    HEAD_STRING,
    LONG_STRING,
    BallSnapshot,
    Event,
    EventKind,
    Frame,
    Phase,
    Stroke,
)
from simulator.geometry import CushionPiece, closest_point, cushion_pieces
from simulator.physics import airborne, cloth, collisions, cue
from simulator.physics.stick import Stick
from simulator.specs import Pocket, TableSpec
from simulator.state import BallState, TableState, Where

Vec3 = tuple[float, float, float]

# Collision types; the stick's tip is stick.TIP.
BALL = 1
CUSHION = 2
POCKET_ZONE = 3
LINE = 4

# Collision categories: a ball in the air meets nothing in pymunk (its contacts
# are found in 3D by the height layer), but still crosses lines and pockets.
# The tip (stick.CAT_TIP = 8) meets only balls on the bed.
CAT_BALL, CAT_CUSHION, CAT_SENSOR, CAT_AIR = 1, 2, 4, 16
BED_FILTER = pymunk.ShapeFilter(categories=CAT_BALL)
AIR_FILTER = pymunk.ShapeFilter(categories=CAT_AIR, mask=CAT_SENSOR)

# Metres the fastest ball may move in one step: contacts are found by overlap,
# so a step must be short next to a ball (and far shorter than a ball) for no
# contact to be missed; near a pocket the jaws are a few millimetres apart.
MAX_TRAVEL = 0.004
MAX_TRAVEL_NEAR_POCKET = 0.0015
DT_MAX = 1.0 / 120.0
# Steps come in a few fixed sizes (a factor sqrt 2 apart, 1/120 s down to
# 1/15360 s) so runs repeat exactly and the step changes seldom.
DT_LEVELS: tuple[float, ...] = tuple(DT_MAX / math.sqrt(2.0) ** k for k in range(15))
MAX_SIM_TIME = 120.0
TOUCH_GAP = 1e-9  # frozen balls start this far apart
# Balls closer than this to a struck ball are solved with it (a frozen rack).
FROZEN_GAP = 5e-6
ON_LINE = 1e-6  # a centre this close to a line rests on it
HIGH_FLIGHT = 0.2  # m: a ball this far up clears every ball and rail
AIR_CAPTURE_HEIGHT = 1.4  # a flying ball over the drop is caught below 7/5 R (7)


try:  # the bare chipmunk step, for the fast path of World._step_space
    from pymunk._chipmunk import lib as _cp_lib

    _cp_space_step = _cp_lib.cpSpaceStep
    _FAST_STEP = all(
        hasattr(pymunk.Space(), name)
        for name in ("_removed_shapes", "_locked", "_space")
    )
except (ImportError, AttributeError):  # pragma: no cover - another pymunk layout
    _FAST_STEP = False


class PhysicsError(RuntimeError):
    """Something inside the simulation went wrong (a bug, never user input)."""


@dataclass
class _Ball:
    ball: int
    body: pymunk.Body
    shape: pymunk.Circle
    anchor: pymunk.Body
    joint: pymunk.PivotJoint
    phase: Phase = Phase.STATIONARY
    t_ref: float = 0.0
    w_ref: Vec3 = (0.0, 0.0, 0.0)
    u_ref: tuple[float, float] = (0.0, 0.0)
    v_ref: tuple[float, float] = (0.0, 0.0)
    t_kick: float = 0.0  # when a contact last set it moving
    t_next: float = math.inf
    speed_bound: float = 0.0
    on_table: bool = True
    z: float = 0.0
    vz: float = 0.0


class World:
    """A table with balls, ready for one stroke and stepping to rest."""

    def __init__(
        self, state: TableState, *, frame_dt: float = 1.0 / 60.0, audit: bool = False
    ) -> None:
        state.validate()
        self.spec: TableSpec = state.spec
        self.initial = state
        self.params = self.spec.physics
        self.radius = self.spec.balls.radius
        self.mass = self.spec.balls.mass
        self.g = self.params.gravity
        self.frame_dt = frame_dt
        self.audit = audit
        self.t = 0.0
        self.events: list[Event] = []
        self.frames: list[Frame] = []
        self.max_energy_gain = 0.0
        self.rest_correction = 0.0
        self._errors: list[BaseException] = []
        self._step_index = 0
        self._touching_pairs: dict[tuple[int, int], tuple[_Ball, _Ball]] = {}
        self._touching_cushions: dict[tuple[int, int], tuple[_Ball, CushionPiece]] = {}
        self._near_pocket: dict[int, Pocket] = {}
        self._near_line: dict[tuple[int, str], float] = {}
        self._line_axis: dict[str, tuple[int, float]] = {
            HEAD_STRING: (0, self.spec.head_string_x),
            CENTRE_LINE: (0, self.spec.centre_line_x),
            LONG_STRING: (1, self.spec.long_string_y),
        }
        self._final: dict[int, BallState] = {}
        self._next_frame = 0.0
        self._last_rows: dict[int, tuple[int, float, float, float]] = {}
        self._build_space()
        self._balls: dict[int, _Ball] = {}
        self._by_shape: dict[pymunk.Shape, _Ball] = {}
        # Balls placed touching (a frozen rack) are set a nanometre apart, so
        # every contact starts with a fresh, recorded collision; a ball frozen
        # to a cushion stays where it is and its neighbour gives way.
        start = resting.relax(
            self.spec,
            {b.ball: b.pos for b in state.balls if b.where is Where.TABLE},
            ball_gap=TOUCH_GAP,
            margin=1e-12,
        )
        for b in state.balls:
            if b.where is Where.TABLE:
                self._add_ball(b.ball, *start[b.ball])
            else:
                self._final[b.ball] = b
        self._next_change = math.inf
        self._dt = DT_MAX
        self._airborne: set[int] = set()
        self._stick: Stick | None = None
        self._struck = False

    # -- construction ------------------------------------------------------
    def _build_space(self) -> None:
        space = pymunk.Space()
        space.gravity = (0.0, 0.0)
        space.damping = 1.0
        space.collision_slop = 1e-5
        # Pymunk solves nothing but the friction joints (every contact is ours),
        # and each ball's joint is alone on its body: one pass is exact.
        space.iterations = 1
        space.sleep_time_threshold = math.inf
        self.space = space
        self._pieces: dict[pymunk.Shape, CushionPiece] = {}
        self._piece_index: dict[pymunk.Shape, int] = {}
        for index, piece in enumerate(cushion_pieces(self.spec)):
            shape: pymunk.Shape
            if piece.a == piece.b:
                shape = pymunk.Circle(space.static_body, piece.radius, piece.a)
            else:
                shape = pymunk.Segment(
                    space.static_body, piece.a, piece.b, piece.radius
                )
            shape.collision_type = CUSHION
            shape.filter = pymunk.ShapeFilter(categories=CAT_CUSHION)
            shape.friction = 0.0
            shape.elasticity = 0.0
            space.add(shape)
            self._pieces[shape] = piece
            self._piece_index[shape] = index
        self._zones: dict[pymunk.Shape, Pocket] = {}
        for pocket in self.spec.pockets:
            zone = pymunk.Circle(
                space.static_body, pocket.mouth_width / 2 + 0.02, pocket.mouth_centre
            )
            zone.sensor = True
            zone.filter = pymunk.ShapeFilter(categories=CAT_SENSOR)
            zone.collision_type = POCKET_ZONE
            space.add(zone)
            self._zones[zone] = pocket
        self._lines: dict[pymunk.Shape, str] = {}
        L, W = self.spec.length, self.spec.width
        for name, a, b in (
            (HEAD_STRING, (L / 4, 0.0), (L / 4, W)),
            (CENTRE_LINE, (L / 2, 0.0), (L / 2, W)),
            (LONG_STRING, (0.0, W / 2), (L, W / 2)),
        ):
            seg = pymunk.Segment(space.static_body, a, b, 0.0)
            seg.sensor = True
            seg.filter = pymunk.ShapeFilter(categories=CAT_SENSOR)
            seg.collision_type = LINE
            space.add(seg)
            self._lines[seg] = name
        space.on_collision(
            BALL, BALL, begin=self._ball_begin, separate=self._ball_separate
        )
        space.on_collision(
            BALL, CUSHION, begin=self._cushion_begin, separate=self._cushion_separate
        )
        space.on_collision(
            BALL, POCKET_ZONE, begin=self._zone_begin, separate=self._zone_separate
        )
        space.on_collision(
            BALL, LINE, begin=self._line_begin, separate=self._line_separate
        )

    def _add_ball(self, ball: int, x: float, y: float) -> None:
        body = pymunk.Body(self.mass, math.inf)
        body.position = (x, y)
        shape = pymunk.Circle(body, self.radius)
        shape.collision_type = BALL
        shape.filter = BED_FILTER
        shape.friction = 0.0
        shape.elasticity = math.sqrt(self.params.e_ball)
        anchor = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        joint = _friction_joint(body, anchor, self.params.mu_roll * self.mass * self.g)
        self.space.add(body, shape, anchor, joint)
        rec = _Ball(ball, body, shape, anchor, joint, z=self.radius)
        self._balls[ball] = rec
        self._by_shape[shape] = rec

    # -- spin and motion -----------------------------------------------------
    def spin(self, rec: _Ball, t: float) -> Vec3:
        p = self.params
        if rec.phase is Phase.AIRBORNE:
            return rec.w_ref  # no cloth: the spin is kept in flight
        wz = cloth.side_spin_at(rec.w_ref[2], t - rec.t_ref, p.spin_decel)
        if rec.phase is Phase.SLIDING:
            # The slide ends at t_next; between it and the step that notices,
            # the ball already rolls (the joint holds v_roll).
            wx, wy, _ = cloth.sliding_spin_at(
                rec.w_ref,
                rec.u_ref[0],
                rec.u_ref[1],
                min(t, rec.t_next) - rec.t_ref,
                self.radius,
                p.mu_slide,
                self.g,
                p.spin_decel,
            )
            return (wx, wy, wz)
        if rec.phase is Phase.ROLLING:
            vx, vy = rec.body.velocity
            return cloth.rolling_spin(vx, vy, wz, self.radius)
        return (0.0, 0.0, wz)

    def _set_motion(
        self,
        rec: _Ball,
        vx: float,
        vy: float,
        w: Vec3,
        t: float,
        record: bool = True,
        catch_up: bool = False,
    ) -> Phase:
        """Give a ball new velocity and spin at time t; classify and retarget.

        With ``catch_up``, t lies inside the step just taken and the ball is
        already where it is at the step's end: its velocity is then set to
        what the cloth has made of it by the end of the step, so the joint's
        velocity and the closed-form spin (which runs from t) stay in step.
        Otherwise the slide would end with the velocity still short of
        v_roll, and setting it there would add energy.

        Returns the phase the ball had before; records a motion event if asked."""
        p = self.params
        old = rec.phase
        phase = cloth.classify(vx, vy, w, self.radius)
        rec.t_ref = t
        rec.w_ref = w
        rec.v_ref = (vx, vy)
        lag = self.t - t if catch_up and t < self.t else 0.0
        if phase is Phase.SLIDING:
            ux, uy = cloth.slip(vx, vy, w, self.radius)
            rec.u_ref = (ux, uy)
            rx, ry = cloth.rolling_velocity(vx, vy, ux, uy)
            rec.anchor.velocity = (rx, ry)
            self._renew_joint(rec, p.mu_slide * self.mass * self.g)
            u = math.hypot(ux, uy)
            slide = cloth.slide_time(u, p.mu_slide, self.g)
            rec.t_next = t + slide
            rec.speed_bound = max(math.hypot(vx, vy), math.hypot(rx, ry))
            if lag >= slide:
                vx, vy = rx, ry
            elif lag > 0.0:
                k = p.mu_slide * self.g * lag / u
                vx, vy = vx - k * ux, vy - k * uy
        elif phase is Phase.ROLLING:
            rec.anchor.velocity = (0.0, 0.0)
            self._renew_joint(rec, p.mu_roll * self.mass * self.g)
            speed = math.hypot(vx, vy)
            rec.t_next = t + cloth.roll_time(speed, p.mu_roll, self.g)
            rec.speed_bound = speed
            rec.w_ref = cloth.rolling_spin(vx, vy, w[2], self.radius)
            if lag > 0.0:
                f = max(0.0, 1.0 - p.mu_roll * self.g * lag / speed)
                vx, vy = vx * f, vy * f
        else:
            vx = vy = 0.0
            rec.anchor.velocity = (0.0, 0.0)
            self._renew_joint(rec, p.mu_roll * self.mass * self.g)
            rec.speed_bound = 0.0
            rec.w_ref = (0.0, 0.0, w[2])
            rec.t_next = (
                t + abs(w[2]) / p.spin_decel if phase is Phase.SPINNING else math.inf
            )
        rec.body.velocity = (vx, vy)
        rec.phase = phase
        if record:
            self._motion_event(rec, old, t)
        self._refresh_schedule()
        return old

    def _motion_event(self, rec: _Ball, old: Phase, t: float) -> None:
        if rec.phase is not old:
            self._emit(
                Event(
                    EventKind.MOTION,
                    t,
                    (rec.ball,),
                    (self._snap(rec, t),),
                    phase_from=old,
                    phase_to=rec.phase,
                )
            )

    def _renew_joint(self, rec: _Ball, max_force: float) -> None:
        """A fresh friction joint: chipmunk warm-starts a joint with last step's
        impulse (scaled by the dt ratio), which would push with the old phase's
        force for one step after a change of phase or of dt."""
        self.space.remove(rec.joint)
        rec.joint = _friction_joint(rec.body, rec.anchor, max_force)
        self.space.add(rec.joint)

    def _refresh_schedule(self) -> None:
        nxt = math.inf
        vmax = 0.0
        for r in self._balls.values():
            if r.on_table:
                if r.t_next < nxt:
                    nxt = r.t_next
                if r.speed_bound > vmax:
                    vmax = r.speed_bound
        self._next_change = nxt
        self._vmax = vmax

    def _snap(self, rec: _Ball, t: float) -> BallSnapshot:
        x, y = rec.body.position
        vx, vy = rec.body.velocity
        if t == rec.t_ref and rec.phase in (Phase.SLIDING, Phase.ROLLING):
            vx, vy = rec.v_ref  # the velocity at the event, not at the step end
        w = self.spin(rec, t)
        return BallSnapshot(
            rec.ball, x, y, rec.z, vx, vy, rec.vz, w[0], w[1], w[2], rec.phase
        )

    def _emit(self, event: Event) -> None:
        self.events.append(event)

    # -- the stroke ------------------------------------------------------------
    def strike(self, stroke: Stroke, ball: int | None = None) -> None:
        """Strike the cue ball, or another ball (the lag strikes two at once;
        only the first stroke's stick follows through)."""
        cue_id = self.spec.balls.cue_ball if ball is None else ball
        if cue_id not in self._balls:
            raise cue.StrokeError(f"ball {cue_id} to strike is not on the table")
        res = cue.strike(stroke, self.spec.balls, self.params)
        rec = self._balls[cue_id]
        vx, vy, vz = res.velocity
        w = res.spin
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
        self._set_motion(rec, vx, vy, w, 0.0, record=False)
        self._emit(
            Event(
                EventKind.STROKE,
                0.0,
                (cue_id,),
                (self._snap(rec, 0.0),),
                speed=math.hypot(vx, vy),
                tip_a=stroke.tip_a,
                tip_b=stroke.tip_b,
                elevation=stroke.elevation,
                miscue=res.miscue,
                duration=stroke.contact_time,
            )
        )
        if bounce is not None and not bounce.settled:
            self._take_off(rec, vx, vy, bounce.velocity[2], w, 0.0)
        if self._stick is None and not self._struck:
            self._stick = Stick.after_strike(self, rec, stroke, res)
        self._struck = True
        if self.audit:  # the cue brings energy: the audit starts after it
            self._last_energy = self._energy()

    # -- the height layer --------------------------------------------------------
    def _take_off(
        self, rec: _Ball, vx: float, vy: float, vz: float, w: Vec3, t: float
    ) -> None:
        """The ball leaves the slate: no cloth friction, pymunk contacts off."""
        old = rec.phase
        rec.phase = Phase.AIRBORNE
        rec.t_ref = t
        rec.w_ref = w
        rec.vz = vz
        rec.t_next = math.inf
        rec.body.velocity = (vx, vy)
        self._renew_joint(rec, 0.0)
        rec.shape.filter = AIR_FILTER
        rec.speed_bound = math.sqrt(vx * vx + vy * vy + vz * vz)
        self._airborne.add(rec.ball)
        for pkey in [k for k in self._touching_pairs if rec.ball in k]:
            del self._touching_pairs[pkey]
        for ckey in [k for k in self._touching_cushions if k[0] == rec.ball]:
            del self._touching_cushions[ckey]
        self._emit(
            Event(EventKind.AIRBORNE, t, (rec.ball,), (self._snap(rec, t),), speed=vz)
        )
        self._motion_event(rec, old, t)
        self._refresh_schedule()

    def _fly(self, dt: float) -> None:
        """Advance every ball in the air by one step (8.2)."""
        g = self.g
        for ball in sorted(self._airborne):
            rec = self._balls[ball]
            if not rec.on_table or rec.phase is not Phase.AIRBORNE:
                continue
            z0, vz0 = rec.z, rec.vz
            rec.z = z0 + vz0 * dt - 0.5 * g * dt * dt
            rec.vz = vz0 - g * dt
            x, y = rec.body.position
            vx, vy = rec.body.velocity
            ground = airborne.ground_under(self.spec, x, y)
            floor_z = self.radius
            if ground is airborne.Ground.RAIL:
                floor_z = self.spec.rail_top_height + self.radius
            elif ground is airborne.Ground.FLOOR:
                floor_z = self.radius - self.spec.bed_height
            pocket = self._near_pocket.get(ball)
            if (
                pocket is not None
                and ground is not airborne.Ground.BED
                and rec.z - self.radius < self.spec.rail_top_height
            ):
                # Flown on through the pocket below the rail top: it meets
                # the back of the pocket and drops (7, airborne balls).
                self._capture(rec, pocket)
                continue
            if rec.z <= floor_z and rec.vz < 0.0:
                # Back to the moment of touching down (z is quadratic in t).
                a, b, c = -0.5 * g, vz0, z0 - floor_z
                disc = b * b - 4 * a * c
                tau_down = (-b - math.sqrt(disc)) / (2 * a) if disc > 0 else dt
                tau_down = min(max(tau_down, 0.0), dt)
                back = dt - tau_down
                rec.z = floor_z
                rec.vz = vz0 - g * tau_down
                rec.body.position = (x - vx * back, y - vy * back)
                self._touch_down(rec, ground, self.t - back)
                continue
            # What the step must resolve: beyond the rail the ball only falls
            # to the floor, and high above the table it can meet nothing but
            # the lines and pockets below it (landings are solved exactly).
            bound = math.hypot(vx, vy)
            if ground is airborne.Ground.FLOOR:
                bound = 0.0
            elif rec.z - self.radius < HIGH_FLIGHT:
                bound = math.hypot(bound, rec.vz)
            if bound != rec.speed_bound:
                rec.speed_bound = bound
                self._refresh_schedule()
            if ground is not airborne.Ground.FLOOR and self._air_cushions(rec):
                continue
            self._air_balls(rec)

    def _touch_down(self, rec: _Ball, ground: airborne.Ground, t: float) -> None:
        x, y = rec.body.position
        vx, vy = rec.body.velocity
        if ground is airborne.Ground.FLOOR:
            self._leave_table(rec, "floor", t)
            return
        if ground is airborne.Ground.RAIL:
            outcome = airborne.rail_outcome(self.spec, x, y, vx, vy, self.g)
            if outcome is airborne.Ground.BED:
                # It rolls back over the nose and drops onto the bed: in play.
                _, n = airborne.outside_distance(self.spec, x, y)
                edge = self.radius + 0.0005
                nx = min(max(x, edge), self.spec.length - edge)
                ny = min(max(y, edge), self.spec.width - edge)
                rec.body.position = self._free_spot(rec, nx, ny, (-n[1], n[0]))
                rec.z = self.radius
                rec.vz = 0.0
                self._emit(
                    Event(
                        EventKind.LANDED,
                        t,
                        (rec.ball,),
                        (self._snap(rec, t),),
                        where="rail",
                    )
                )
                v_in = abs(vx * n[0] + vy * n[1])
                self._settle(
                    rec, -n[0] * v_in * 0.5, -n[1] * v_in * 0.5, (0.0, 0.0, 0.0), t
                )
                return
            self._leave_table(
                rec, "floor" if outcome is airborne.Ground.FLOOR else "rail", t
            )
            return
        bounce = airborne.slate_bounce(
            (vx, vy, rec.vz),
            rec.w_ref,
            self.radius,
            self.params.e_slate,
            self.params.mu_slide,
            self.g,
        )
        rec.body.velocity = (bounce.velocity[0], bounce.velocity[1])
        rec.w_ref = bounce.spin
        # The state just after the bounce; the event's speed is the impact's.
        snap = replace(self._snap(rec, t), vz=bounce.velocity[2])
        self._emit(
            Event(EventKind.LANDED, t, (rec.ball,), (snap,), speed=rec.vz, where="bed")
        )
        # The ball was taken back to the touch at t; after the bounce it is
        # carried on to the end of the step, so that its motion and its spin
        # (closed forms from t) run from the same moment.
        lag = max(self.t - t, 0.0)
        bvx, bvy, up = bounce.velocity
        if bounce.settled:
            self._settle(rec, bvx, bvy, bounce.spin, t, catch_up=True)
        else:
            rec.vz = up
            rec.z = self.radius
            rec.t_ref = t
            rec.speed_bound = math.sqrt(bvx * bvx + bvy * bvy + up * up)
            self._emit(
                Event(
                    EventKind.AIRBORNE,
                    t,
                    (rec.ball,),
                    (self._snap(rec, t),),
                    speed=rec.vz,
                )
            )
            rec.z = self.radius + up * lag - 0.5 * self.g * lag * lag
            rec.vz = up - self.g * lag
            self._refresh_schedule()
        x, y = rec.body.position
        rec.body.position = (x + bvx * lag, y + bvy * lag)

    def _free_spot(
        self, rec: _Ball, x: float, y: float, along: tuple[float, float]
    ) -> tuple[float, float]:
        """The spot nearest (x, y) along the rail where a ball coming back off
        the rail fits on the bed: a ball frozen to the cushion there turns it
        aside, it never comes down inside it."""
        d_min = 2 * self.radius + TOUCH_GAP
        others = [
            r.body.position
            for b, r in sorted(self._balls.items())
            if r is not rec and r.on_table and r.phase is not Phase.AIRBORNE
        ]
        edge = self.radius + 0.0005
        for k in range(2 * int(self.spec.length / 0.001) + 1):
            s = 0.001 * ((k + 1) // 2) * (1 if k % 2 else -1)
            px, py = x + s * along[0], y + s * along[1]
            if not (
                edge <= px <= self.spec.length - edge
                and edge <= py <= self.spec.width - edge
            ):
                continue
            if all(math.dist((px, py), o) >= d_min for o in others):
                return (px, py)
        return (x, y)  # pragma: no cover - a rail lined with balls end to end

    def _settle(
        self,
        rec: _Ball,
        vx: float,
        vy: float,
        w: Vec3,
        t: float,
        catch_up: bool = False,
    ) -> None:
        """Back on the cloth: pymunk contacts on, the cloth phases take over."""
        self._airborne.discard(rec.ball)
        rec.z = self.radius
        rec.vz = 0.0
        rec.shape.filter = BED_FILTER
        rec.phase = Phase.AIRBORNE
        old = self._set_motion(rec, vx, vy, w, t, record=False, catch_up=catch_up)
        self._motion_event(rec, old, t)

    def _leave_table(self, rec: _Ball, where: str, t: float) -> None:
        snap = self._snap(rec, t)
        self._airborne.discard(rec.ball)
        self._remove_ball(rec, Phase.OFF_TABLE)
        self._final[rec.ball] = BallState(rec.ball, Where.OFF_TABLE)
        self._emit(Event(EventKind.LEFT_TABLE, t, (rec.ball,), (snap,), where=where))
        self._refresh_schedule()

    def _air_cushions(self, rec: _Ball) -> bool:
        """A flying ball meets a cushion nose as a line at the nose height.

        Returns whether it came down on the rail (and is no longer flying)."""
        x, y = rec.body.position
        h = self.spec.cushion_height
        for rail in self.spec.rails:
            nx, ny = rail.normal
            sx, sy = rail.start
            ex, ey = rail.end
            tx, ty = ex - sx, ey - sy
            length2 = tx * tx + ty * ty
            along = ((x - sx) * tx + (y - sy) * ty) / length2
            if not 0.0 <= along <= 1.0:
                continue  # over a pocket mouth: no nose there
            depth = (x - sx) * nx + (y - sy) * ny  # > 0 beyond the nose line
            dz = h - rec.z
            dist = math.hypot(depth, dz)
            if dist >= self.radius:
                if (
                    depth > 0.0
                    and rec.z - self.radius < self.spec.rail_top_height
                    and airborne.ground_under(self.spec, x, y) is airborne.Ground.RAIL
                ):
                    # Over the cushion top below the rail top: it comes down
                    # on the rail where it is (never lifted onto it, which
                    # would make energy); the rail decides where it goes.
                    self._touch_down(rec, airborne.Ground.RAIL, self.t)
                    return True
                continue
            normal = (-depth * nx / dist, -depth * ny / dist, dz / dist)
            vx, vy = rec.body.velocity
            res = collisions.cushion_impulse(
                (vx, vy, rec.vz),
                rec.w_ref,
                normal,
                self.mass,
                self.radius,
                self.params.e_cushion,
                self.params.mu_cushion,
            )
            if res is None:
                continue
            (vx2, vy2, vz2), w2 = res
            rec.body.velocity = (vx2, vy2)
            rec.vz = vz2
            rec.w_ref = w2
            rec.speed_bound = math.sqrt(vx2 * vx2 + vy2 * vy2 + vz2 * vz2)
            self._emit(
                Event(
                    EventKind.BALL_CUSHION,
                    self.t,
                    (rec.ball,),
                    (self._snap(rec, self.t),),
                    cushion=rail.name,
                    speed=vx * nx + vy * ny,
                )
            )
            self._refresh_schedule()
        return False

    def _air_balls(self, rec: _Ball) -> None:
        """3D contacts of a flying ball: it passes over balls below it and hits
        the ones it meets (5 with the tilted line of centres)."""
        x, y = rec.body.position
        d2 = (2 * self.radius) ** 2
        for ball in sorted(self._balls):
            other = self._balls[ball]
            if other is rec or not other.on_table:
                continue
            ox, oy = other.body.position
            dx, dy, dz = ox - x, oy - y, other.z - rec.z
            dist2 = dx * dx + dy * dy + dz * dz
            if dist2 >= d2 or dist2 <= 0.0:
                continue
            dist = math.sqrt(dist2)
            n = (dx / dist, dy / dist, dz / dist)
            va = (*rec.body.velocity, rec.vz)
            vb = (*other.body.velocity, other.vz)
            t = self.t
            res = self._ball_ball(va, self.spin(rec, t), vb, self.spin(other, t), n)
            if res is None:
                continue
            va2, wa2, vb2, wb2, v_n = res
            rec.body.velocity = (va2[0], va2[1])
            rec.vz = va2[2]
            rec.w_ref = wa2
            hit = len(self.events)
            if other.phase is Phase.AIRBORNE:
                other.body.velocity = (vb2[0], vb2[1])
                other.vz = vb2[2]
                other.w_ref = wb2
            else:
                # Pushed into the slate, it bounces (or is lifted by the hit).
                bounce = airborne.slate_bounce(
                    vb2,
                    wb2,
                    self.radius,
                    self.params.e_slate,
                    self.params.mu_slide,
                    self.g,
                )
                if bounce.settled:
                    self._set_motion(
                        other, bounce.velocity[0], bounce.velocity[1], bounce.spin, t
                    )
                else:
                    self._take_off(
                        other,
                        bounce.velocity[0],
                        bounce.velocity[1],
                        bounce.velocity[2],
                        bounce.spin,
                        t,
                    )
            # The contact comes before what it caused in the log.
            self.events.insert(
                hit,
                Event(
                    EventKind.BALL_BALL,
                    t,
                    (rec.ball, other.ball),
                    (self._snap(rec, t), self._snap(other, t)),
                    speed=v_n,
                ),
            )
            rec.speed_bound = math.sqrt(va2[0] ** 2 + va2[1] ** 2 + va2[2] ** 2)
            self._refresh_schedule()

    # -- collision callbacks ---------------------------------------------------
    def _ball_begin(
        self, arb: pymunk.Arbiter, space: pymunk.Space, data: object
    ) -> None:
        """Two balls start to touch. Pymunk never resolves a ball contact: the
        pair is tracked while it touches, and resolved after any step in which
        it approaches."""
        try:
            arb.process_collision = False
            a, b = (self._by_shape[s] for s in arb.shapes)
            pair = (a, b) if a.ball < b.ball else (b, a)
            self._touching_pairs[(pair[0].ball, pair[1].ball)] = pair
        except Exception as e:  # pymunk only prints callback errors
            self._errors.append(e)

    def _ball_separate(
        self, arb: pymunk.Arbiter, space: pymunk.Space, data: object
    ) -> None:
        a, b = (self._by_shape.get(s) for s in arb.shapes)
        if a is not None and b is not None:
            self._touching_pairs.pop((min(a.ball, b.ball), max(a.ball, b.ball)), None)

    def _cushion_begin(
        self, arb: pymunk.Arbiter, space: pymunk.Space, data: object
    ) -> None:
        try:
            arb.process_collision = False
            s_ball, s_cush = arb.shapes
            rec = self._by_shape[s_ball]
            piece = self._pieces[s_cush]
            self._touching_cushions[(rec.ball, self._piece_index[s_cush])] = (
                rec,
                piece,
            )
        except Exception as e:
            self._errors.append(e)

    def _cushion_separate(
        self, arb: pymunk.Arbiter, space: pymunk.Space, data: object
    ) -> None:
        s_ball, s_cush = arb.shapes
        rec = self._by_shape.get(s_ball)
        if rec is not None:
            self._touching_cushions.pop((rec.ball, self._piece_index[s_cush]), None)

    def _approaching_contacts(
        self,
    ) -> tuple[list[tuple[_Ball, _Ball]], list[tuple[_Ball, CushionPiece]]]:
        pairs: list[tuple[_Ball, _Ball]] = []
        for key in sorted(self._touching_pairs):
            a, b = self._touching_pairs[key]
            if not (a.on_table and b.on_table):
                continue
            pa, pb = a.body.position, b.body.position
            va, vb = a.body.velocity, b.body.velocity
            if (pb[0] - pa[0]) * (va[0] - vb[0]) + (pb[1] - pa[1]) * (
                va[1] - vb[1]
            ) > 0.0:
                pairs.append((a, b))
        cushions: list[tuple[_Ball, CushionPiece]] = []
        for key in sorted(self._touching_cushions):
            rec, piece = self._touching_cushions[key]
            if not rec.on_table:
                continue
            p = rec.body.position
            v = rec.body.velocity
            c = closest_point(piece, (p[0], p[1]))
            if (c[0] - p[0]) * v[0] + (c[1] - p[1]) * v[1] > 0.0:
                cushions.append((rec, piece))
        return pairs, cushions

    # -- contact resolution after the step ---------------------------------------
    def _resolve_contacts(self) -> None:
        pairs, cushions = self._approaching_contacts()
        if pairs:
            for approaching, frozen in self._clusters(pairs):
                if len(approaching) == 1 and not frozen:
                    self._resolve_pair(*approaching[0])
                else:
                    self._resolve_cluster(approaching, frozen)
        for rec, piece in cushions:
            if rec.on_table:
                self._resolve_cushion(rec, piece)

    def _touch_time(self, a: _Ball, b: _Ball) -> float:
        """How long ago in this step the two balls touched (moving straight)."""
        pa, pb = a.body.position, b.body.position
        va, vb = a.body.velocity, b.body.velocity
        rx, ry = pb[0] - pa[0], pb[1] - pa[1]
        dvx, dvy = vb[0] - va[0], vb[1] - va[1]
        aa = dvx * dvx + dvy * dvy
        bb = rx * dvx + ry * dvy
        cc = rx * rx + ry * ry - (2 * self.radius) ** 2
        disc = bb * bb - aa * cc
        if aa <= 0.0 or disc < 0.0:
            return 0.0
        return min(max((bb + math.sqrt(disc)) / aa, 0.0), self._dt)

    def _resolve_pair(self, a: _Ball, b: _Ball) -> None:
        """One collision, exactly: back to the touch, impulse, on to the step end."""
        tau = self._touch_time(a, b)
        pa, pb = a.body.position, b.body.position
        va, vb = a.body.velocity, b.body.velocity
        ca = (pa[0] - va[0] * tau, pa[1] - va[1] * tau)
        cb = (pb[0] - vb[0] * tau, pb[1] - vb[1] * tau)
        dist = math.dist(ca, cb)
        if dist <= 0.0:
            return
        n = ((cb[0] - ca[0]) / dist, (cb[1] - ca[1]) / dist, 0.0)
        inside = 2 * self.radius - dist
        if inside > 0.0:
            # Inside each other before the step began (squeezed by another
            # contact): apart to the touch, half each.
            k = inside / 2
            ca = (ca[0] - n[0] * k, ca[1] - n[1] * k)
            cb = (cb[0] + n[0] * k, cb[1] + n[1] * k)
        t_hit = self.t - tau
        wa, wb = self.spin(a, t_hit), self.spin(b, t_hit)
        res = self._ball_ball((va[0], va[1], 0.0), wa, (vb[0], vb[1], 0.0), wb, n)
        if res is None:
            return
        va2, wa2, vb2, wb2, v_n = res
        a.body.position = (ca[0] + va2[0] * tau, ca[1] + va2[1] * tau)
        b.body.position = (cb[0] + vb2[0] * tau, cb[1] + vb2[1] * tau)
        old_a = self._set_motion(
            a, va2[0], va2[1], wa2, t_hit, record=False, catch_up=True
        )
        old_b = self._set_motion(
            b, vb2[0], vb2[1], wb2, t_hit, record=False, catch_up=True
        )
        a.t_kick = b.t_kick = t_hit
        self._emit(
            Event(
                EventKind.BALL_BALL,
                t_hit,
                (a.ball, b.ball),
                (self._snap(a, t_hit), self._snap(b, t_hit)),
                speed=v_n,
            )
        )
        self._motion_event(a, old_a, t_hit)
        self._motion_event(b, old_b, t_hit)

    def _clusters(
        self, pairs: list[tuple[_Ball, _Ball]]
    ) -> list[tuple[list[tuple[_Ball, _Ball]], list[tuple[_Ball, _Ball]]]]:
        """The approaching contacts of this step with the balls frozen to them.

        A ball whose gap to a struck ball is under FROZEN_GAP (and, in turn,
        every ball frozen to it) takes part in the same solve: a compression
        wave crosses such a gap long before the balls could part. Returns, per
        connected cluster, its approaching pairs and its frozen pairs."""
        bed = [
            r
            for r in sorted(self._balls.values(), key=lambda r: r.ball)
            if r.on_table and r.phase is not Phase.AIRBORNE
        ]
        pos = {r.ball: r.body.position for r in bed}
        reach2 = (2 * self.radius + FROZEN_GAP) ** 2
        keys = {(a.ball, b.ball) for a, b in pairs}
        frozen: list[tuple[_Ball, _Ball]] = []
        seen = {r.ball for pair in pairs for r in pair}
        queue = sorted(seen)
        by_id = {r.ball: r for r in bed}
        while queue:
            i = queue.pop()
            if i not in pos:
                continue
            xi, yi = pos[i]
            for r in bed:
                j = r.ball
                key = (i, j) if i < j else (j, i)
                if j == i or key in keys:
                    continue
                xj, yj = pos[j]
                if (xj - xi) ** 2 + (yj - yi) ** 2 < reach2:
                    keys.add(key)
                    frozen.append((by_id[key[0]], by_id[key[1]]))
                    if j not in seen:
                        seen.add(j)
                        queue.append(j)
        out: list[tuple[list[tuple[_Ball, _Ball]], list[tuple[_Ball, _Ball]]]] = []
        members = set(map(id, pairs))
        for group in _groups(pairs + frozen):
            out.append(
                (
                    [p for p in group if id(p) in members],
                    [p for p in group if id(p) not in members],
                )
            )
        return out

    def _resolve_cluster(
        self,
        approaching: list[tuple[_Ball, _Ball]],
        frozen: list[tuple[_Ball, _Ball]],
    ) -> None:
        """Contacts sharing balls (a frozen rack struck, or several contacts in
        one step): the normal impulses are solved together with compliant
        contacts (collisions.cluster_impulses), then each contact's friction
        and spin exchange is added in the order the contacts first pushed.

        Every ball is taken back to the moment of the earliest touch, as for a
        single pair; the later touches of the step start as gaps and close in
        the solve."""
        touch = {(a.ball, b.ball): self._touch_time(a, b) for a, b in approaching}
        tau = max(touch.values())
        t_hit = self.t - tau
        pairs = sorted(approaching + frozen, key=lambda p: (p[0].ball, p[1].ball))
        balls = sorted(
            {r.ball: r for p in pairs for r in p}.values(), key=lambda r: r.ball
        )
        index = {r.ball: i for i, r in enumerate(balls)}
        vel = [r.body.velocity for r in balls]
        start = [
            (r.body.position[0] - v[0] * tau, r.body.position[1] - v[1] * tau)
            for r, v in zip(balls, vel, strict=True)
        ]
        geometry: list[tuple[int, int, float, float, float]] = []
        for a, b in pairs:
            ia, ib = index[a.ball], index[b.ball]
            # A contact made later in the step: its normal where the balls
            # touch, and a gap that its approach closes at that moment.
            late = tau - touch.get((a.ball, b.ball), tau)
            ua, ub = vel[ia], vel[ib]
            pa = (start[ia][0] + ua[0] * late, start[ia][1] + ua[1] * late)
            pb = (start[ib][0] + ub[0] * late, start[ib][1] + ub[1] * late)
            d = math.dist(pa, pb)
            if d <= 0.0:
                continue
            nx, ny = (pb[0] - pa[0]) / d, (pb[1] - pa[1]) / d
            gap = d - 2 * self.radius
            if late > 0.0:
                closing = (ua[0] - ub[0]) * nx + (ua[1] - ub[1]) * ny
                gap = max(gap, 0.0) + max(closing, 0.0) * late
            geometry.append((ia, ib, nx, ny, gap))
        res = collisions.cluster_impulses(
            [(v[0], v[1]) for v in vel],
            geometry,
            self.mass,
            self.radius,
            self.params.e_ball,
        )
        new_v = [[v[0], v[1], 0.0] for v in res.velocities]
        spin = [self.spin(r, t_hit) for r in balls]
        struck = [False] * len(balls)
        order = sorted(
            (c for c in range(len(geometry)) if res.impulses[c] > 0.0),
            key=lambda c: (res.first_push[c], geometry[c][0], geometry[c][1]),
        )
        for c in order:
            ia, ib, nx, ny, _ = geometry[c]
            struck[ia] = struck[ib] = True
            va, vb = new_v[ia], new_v[ib]
            dva, dwa, dvb, dwb = collisions.ball_ball_friction(
                (va[0], va[1], 0.0),
                spin[ia],
                (vb[0], vb[1], 0.0),
                spin[ib],
                (nx, ny, 0.0),
                res.impulses[c],
                self.mass,
                self.radius,
                self.params.mu_ball,
            )
            for k in range(2):
                va[k] += dva[k]
                vb[k] += dvb[k]
            wa, wb = spin[ia], spin[ib]
            spin[ia] = (wa[0] + dwa[0], wa[1] + dwa[1], wa[2] + dwa[2])
            spin[ib] = (wb[0] + dwb[0], wb[1] + dwb[1], wb[2] + dwb[2])
        for i, r in enumerate(balls):
            if struck[i]:
                x, y = start[i]
                r.body.position = (x + new_v[i][0] * tau, y + new_v[i][1] * tau)
        self._push_apart(pairs)
        olds = {
            i: self._set_motion(
                r, new_v[i][0], new_v[i][1], spin[i], t_hit, False, catch_up=True
            )
            for i, r in enumerate(balls)
            if struck[i]
        }
        e = self.params.e_ball
        first: dict[int, float] = {}
        for c in order:
            ia, ib = geometry[c][0], geometry[c][1]
            a, b = balls[ia], balls[ib]
            # Within this step, in the order the contacts first pushed.
            t_c = t_hit + min(res.first_push[c], tau)
            first.setdefault(ia, t_c)
            first.setdefault(ib, t_c)
            self._emit(
                Event(
                    EventKind.BALL_BALL,
                    t_c,
                    (a.ball, b.ball),
                    (self._snap(a, t_c), self._snap(b, t_c)),
                    speed=2.0 * res.impulses[c] / ((1.0 + e) * self.mass),
                )
            )
        for i, old in olds.items():
            # A ball starts to move when its first contact pushes it, so the
            # log never shows the motion before the contact that caused it.
            balls[i].t_kick = first.get(i, t_hit)
            self._motion_event(balls[i], old, balls[i].t_kick)

    def _ball_ball(
        self, va: Vec3, wa: Vec3, vb: Vec3, wb: Vec3, n: Vec3
    ) -> tuple[Vec3, Vec3, Vec3, Vec3, float] | None:
        """Reference.md 5 with this table's balls and parameters."""
        p = self.params
        return collisions.ball_ball(
            va, wa, vb, wb, n, self.mass, self.radius, p.e_ball, p.mu_ball
        )

    def _push_apart(self, pairs: list[tuple[_Ball, _Ball]]) -> None:
        """Remove the overlaps a cluster's contacts leave (at most a step's
        travel), sharing the correction between the two balls."""
        d_min = 2 * self.radius
        for _ in range(8):
            worst = 0.0
            for a, b in pairs:
                pa, pb = a.body.position, b.body.position
                d = math.dist(pa, pb)
                overlap = d_min - d
                if overlap <= 0.0 or d <= 0.0:
                    continue
                worst = max(worst, overlap)
                k = (overlap / 2 + 1e-9) / d
                dx, dy = (pb[0] - pa[0]) * k, (pb[1] - pa[1]) * k
                a.body.position = (pa[0] - dx, pa[1] - dy)
                b.body.position = (pb[0] + dx, pb[1] + dy)
            if worst < 1e-7:
                break

    def _resolve_cushion(self, rec: _Ball, piece: CushionPiece) -> None:
        p = rec.body.position
        v = rec.body.velocity
        c = closest_point(piece, (p[0], p[1]))
        dx, dy = c[0] - p[0], c[1] - p[1]
        dist = math.hypot(dx, dy)
        if dist <= 0.0:
            return
        nx, ny = dx / dist, dy / dist
        v_n = v[0] * nx + v[1] * ny
        if v_n <= 0.0:
            return
        depth = self.radius + piece.radius - dist
        tau = min(max(depth / v_n, 0.0), self._dt) if depth > 0 else 0.0
        t_hit = self.t - tau
        cp = (p[0] - v[0] * tau, p[1] - v[1] * tau)
        # Already inside at the start of the step (pushed there by a
        # neighbour, or too slow to have come in within it): out to the
        # touch, so a ball held against the cushion never works its way in.
        inside = depth - v_n * tau
        if inside > 0.0:
            cp = (cp[0] - nx * inside, cp[1] - ny * inside)
        w = self.spin(rec, t_hit)
        res = collisions.cushion(
            (v[0], v[1], 0.0),
            w,
            (nx, ny),
            self.spec.cushion_height,
            self.mass,
            self.radius,
            self.params.e_cushion,
            self.params.mu_cushion,
        )
        if res is None:
            return
        v2, w2, speed = res
        rec.body.position = (cp[0] + v2[0] * tau, cp[1] + v2[1] * tau)
        old = self._set_motion(
            rec, v2[0], v2[1], w2, t_hit, record=False, catch_up=True
        )
        rec.t_kick = t_hit
        name, pocket = piece.contact_name(cp)
        self._emit(
            Event(
                EventKind.BALL_CUSHION,
                t_hit,
                (rec.ball,),
                (self._snap(rec, t_hit),),
                cushion=name,
                pocket=pocket,
                speed=speed,
            )
        )
        self._motion_event(rec, old, t_hit)

    def _zone_begin(
        self, arb: pymunk.Arbiter, space: pymunk.Space, data: object
    ) -> None:
        s_ball, s_zone = arb.shapes
        rec = self._by_shape.get(s_ball)
        if rec is not None and rec.on_table:
            self._near_pocket[rec.ball] = self._zones[s_zone]

    def _zone_separate(
        self, arb: pymunk.Arbiter, space: pymunk.Space, data: object
    ) -> None:
        s_ball, s_zone = arb.shapes
        rec = self._by_shape.get(s_ball)
        if rec is not None and self._near_pocket.get(rec.ball) is self._zones[s_zone]:
            del self._near_pocket[rec.ball]

    def _line_begin(
        self, arb: pymunk.Arbiter, space: pymunk.Space, data: object
    ) -> None:
        s_ball, s_line = arb.shapes
        rec = self._by_shape.get(s_ball)
        if rec is None or not rec.on_table:
            return
        name = self._lines[s_line]
        axis, value = self._line_axis[name]
        self._near_line[(rec.ball, name)] = rec.body.position[axis] - value

    def _line_separate(
        self, arb: pymunk.Arbiter, space: pymunk.Space, data: object
    ) -> None:
        s_ball, s_line = arb.shapes
        rec = self._by_shape.get(s_ball)
        if rec is not None:
            self._near_line.pop((rec.ball, self._lines[s_line]), None)

    # -- per-step checks -------------------------------------------------------
    def _check_pockets(self) -> None:
        for ball in sorted(self._near_pocket):
            pocket = self._near_pocket[ball]
            rec = self._balls[ball]
            x, y = rec.body.position
            mx, my = pocket.mouth_centre
            depth = (x - mx) * pocket.inward[0] + (y - my) * pocket.inward[1]
            if depth > pocket.drop_depth and (
                rec.phase is not Phase.AIRBORNE
                or rec.z < AIR_CAPTURE_HEIGHT * self.radius
            ):
                self._capture(rec, pocket)

    def _capture(self, rec: _Ball, pocket: Pocket) -> None:
        t = self.t
        snap = self._snap(rec, t)
        self._airborne.discard(rec.ball)
        self._remove_ball(rec, Phase.POCKETED)
        self._final[rec.ball] = BallState(rec.ball, Where.POCKETED, pocket=pocket.name)
        self._emit(
            Event(EventKind.POCKETED, t, (rec.ball,), (snap,), pocket=pocket.name)
        )
        self._refresh_schedule()

    def _remove_ball(self, rec: _Ball, phase: Phase) -> None:
        rec.on_table = False
        rec.phase = phase
        rec.t_next = math.inf
        rec.speed_bound = 0.0
        self._near_pocket.pop(rec.ball, None)
        for key in [k for k in self._near_line if k[0] == rec.ball]:
            del self._near_line[key]
        for pkey in [k for k in self._touching_pairs if rec.ball in k]:
            del self._touching_pairs[pkey]
        for ckey in [k for k in self._touching_cushions if k[0] == rec.ball]:
            del self._touching_cushions[ckey]
        self.space.remove(rec.shape, rec.joint, rec.anchor, rec.body)

    def _check_lines(self) -> None:
        for key in sorted(self._near_line):
            ball, name = key
            rec = self._balls[ball]
            axis, value = self._line_axis[name]
            before = self._near_line[key]
            now = rec.body.position[axis] - value
            # A ball resting on the line (a rack's apex on the long string)
            # that moves off it has not crossed it.
            if (before < -ON_LINE <= now) or (before > ON_LINE >= now):
                frac = before / (before - now) if before != now else 1.0
                # Not before the contact that set the ball moving in this step.
                back = min(self._dt * (1.0 - frac), max(self.t - rec.t_kick, 0.0))
                t_cross = self.t - back
                # The state at the crossing, not at the end of the step.
                snap = self._snap(rec, t_cross)
                snap = replace(
                    snap, x=snap.x - snap.vx * back, y=snap.y - snap.vy * back
                )
                self._emit(
                    Event(
                        EventKind.LINE_CROSSED,
                        t_cross,
                        (ball,),
                        (snap,),
                        line=name,
                        direction=1 if before < 0.0 else -1,
                    )
                )
            self._near_line[key] = now

    def _transitions(self, until: float) -> None:
        """Apply every phase change due by `until`, at its exact time."""
        while self._next_change <= until and self._next_change < math.inf:
            due = min(
                (r for r in self._balls.values() if r.on_table),
                key=lambda r: (r.t_next, r.ball),
            )
            t = due.t_next
            p = self.params
            if due.phase is Phase.SLIDING:
                # The joint has brought v to v_roll by now; set it exactly.
                vx, vy = due.anchor.velocity
                wz = cloth.side_spin_at(due.w_ref[2], t - due.t_ref, p.spin_decel)
                w = cloth.rolling_spin(vx, vy, wz, self.radius)
                old = self._set_motion(due, vx, vy, w, t, False, catch_up=True)
                # Report where the ball was when the slide ended, not at the step.
                x, y = due.body.position
                back = until - t if until < math.inf else 0.0
                snap = self._snap(due, t)
                snap = replace(snap, x=x - vx * back, y=y - vy * back)
                self._emit(
                    Event(
                        EventKind.MOTION,
                        t,
                        (due.ball,),
                        (snap,),
                        phase_from=old,
                        phase_to=due.phase,
                    )
                )
            elif due.phase is Phase.ROLLING:
                wz = cloth.side_spin_at(due.w_ref[2], t - due.t_ref, p.spin_decel)
                self._set_motion(due, 0.0, 0.0, (0.0, 0.0, wz), t)
            elif due.phase is Phase.SPINNING:
                self._set_motion(due, 0.0, 0.0, (0.0, 0.0, 0.0), t)
            else:
                due.t_next = math.inf
                self._refresh_schedule()

    def _energy(self) -> float:
        total = 0.0
        inertia = 0.4 * self.mass * self.radius**2
        for r in self._balls.values():
            if not r.on_table:
                continue
            vx, vy = r.body.velocity
            w = self.spin(r, self.t)
            total += 0.5 * self.mass * (vx * vx + vy * vy + r.vz * r.vz)
            total += self.mass * self.g * (r.z - self.radius)
            total += 0.5 * inertia * (w[0] ** 2 + w[1] ** 2 + w[2] ** 2)
        return total

    def _energy_checkpoint(self) -> None:
        if not self.audit:
            return
        e = self._energy()
        last = getattr(self, "_last_energy", None)
        if last is not None and e > last:
            self.max_energy_gain = max(self.max_energy_gain, e - last)
        self._last_energy = e

    def _sample_frames(self) -> list[Frame]:
        out: list[Frame] = []
        while self._next_frame <= self.t + 1e-12:
            rows = []
            for ball in sorted(self._balls):
                rec = self._balls[ball]
                if not rec.on_table:
                    continue
                if rec.phase is Phase.STATIONARY or rec.phase is Phase.SPINNING:
                    row = self._last_rows.get(ball)
                    if row is None:
                        x, y = rec.body.position
                        row = (ball, x, y, rec.z)
                        self._last_rows[ball] = row
                else:
                    x, y = rec.body.position
                    row = (ball, x, y, rec.z)
                    self._last_rows[ball] = row
                rows.append(row)
            out.append(Frame(self._next_frame, tuple(rows)))
            self._next_frame += self.frame_dt
        self.frames += out
        return out

    def _choose_dt(self) -> float:
        travel = MAX_TRAVEL_NEAR_POCKET if self._near_pocket else MAX_TRAVEL
        need = travel / self._vmax if self._vmax > 0 else DT_MAX
        for dt in DT_LEVELS:
            if dt <= need:
                return dt
        return DT_LEVELS[-1]

    def moving(self) -> bool:
        return any(
            r.on_table and r.phase in (Phase.SLIDING, Phase.ROLLING, Phase.AIRBORNE)
            for r in self._balls.values()
        )

    # -- the loop --------------------------------------------------------------
    def run(self) -> Iterator[list[Frame]]:
        """Step to rest; yield the playback frames made by each chunk of steps."""
        self._refresh_schedule()
        yield self._sample_frames()
        steps_since_check = 0
        space = self.space
        cp_space = space._space if _FAST_STEP else None
        while True:
            dt = self._choose_dt()
            if dt != self._dt:
                for r in self._balls.values():
                    if r.on_table and r.phase in (Phase.SLIDING, Phase.ROLLING):
                        self._renew_joint(r, r.joint.max_force)
            self._dt = dt
            self.t += dt
            self._step_index += 1
            if (
                cp_space is not None
                and self._step_index > 1
                and not space._removed_shapes
            ):
                # The fast path of _step_space, inline: this is the hot loop.
                space._locked = True
                _cp_space_step(cp_space, dt)
                space._locked = False
            else:
                self._step_space(dt)
            if self._errors:
                raise PhysicsError("collision handling failed") from self._errors[0]
            if self._stick is not None:
                self._stick.step(self, dt)
            if self._airborne:
                self._fly(dt)
            if self._touching_pairs or self._touching_cushions:
                self._resolve_contacts()
                self._energy_checkpoint()
            if self._near_pocket:
                self._check_pockets()
            if self._near_line:
                self._check_lines()
            if self._next_change <= self.t:
                self._transitions(self.t)
                self._energy_checkpoint()
            steps_since_check += 1
            if steps_since_check >= 64:
                steps_since_check = 0
                self._tighten_speed_bounds()
                if not self.moving():
                    break
                if self.t > MAX_SIM_TIME:
                    raise PhysicsError("the balls did not come to rest")
            if self._next_frame <= self.t:
                yield self._sample_frames()
            if self._vmax == 0.0 and not self.moving():
                break
        # Only spinning balls remain: let their side spin run out analytically.
        self._transitions(math.inf)
        self._push_apart(
            [self._touching_pairs[k] for k in sorted(self._touching_pairs)]
        )
        self._settle_at_rest()
        self._energy_checkpoint()
        t_end = max([self.t, *(e.time for e in self.events)])
        self.t = t_end
        self.events.sort(key=lambda e: e.time)
        self._emit(Event(EventKind.REST, t_end))
        out = self._sample_frames()
        if not self.frames or self.frames[-1].time < t_end:
            # The last frame shows the table at rest, at the moment of rest:
            # a ball that dropped after the last regular sample is gone.
            rows = tuple(
                (b, r.body.position[0], r.body.position[1], r.z)
                for b, r in sorted(self._balls.items())
                if r.on_table
            )
            closing = Frame(t_end, rows)
            self.frames.append(closing)
            out.append(closing)
        yield out

    def _settle_at_rest(self) -> None:
        """Every final position obeys the resting rule (simulator.resting): a
        ball left pressing into a cushion, a jaw or a neighbour by float noise
        is moved out by the smallest correction. The largest such move is kept
        in ``rest_correction`` (a physics check, never a player's concern)."""
        recs = {b: r for b, r in self._balls.items() if r.on_table}
        now = {b: (r.body.position[0], r.body.position[1]) for b, r in recs.items()}
        if resting.problem(self.spec, now) is None:
            return
        fixed = resting.relax(self.spec, now)
        for b in sorted(fixed):
            moved = math.dist(fixed[b], now[b])
            if moved > 0.0:
                self.rest_correction = max(self.rest_correction, moved)
                recs[b].body.position = fixed[b]
                self._last_rows.pop(b, None)

    def _step_space(self, dt: float) -> None:
        """space.step without its Python bookkeeping when there is none to do.

        pymunk's step wraps cpSpaceStep in checks for bodies added, shapes
        removed and post-step callbacks; on most of our steps there are none,
        and the wrapper costs as much as the step itself."""
        space = self.space
        if _FAST_STEP and self._step_index > 1 and not space._removed_shapes:
            space._locked = True
            try:
                _cp_space_step(space._space, dt)
            finally:
                space._locked = False
        else:
            space.step(dt)

    def _tighten_speed_bounds(self) -> None:
        for r in self._balls.values():
            if r.on_table and r.phase is Phase.ROLLING:
                vx, vy = r.body.velocity
                r.speed_bound = math.hypot(vx, vy)
        self._refresh_schedule()

    def final_state(self) -> TableState:
        balls: list[BallState] = []
        for ball in self.initial.spec.balls.ids:
            if ball in self._final:
                balls.append(self._final[ball])
            elif ball in self._balls:
                x, y = self._balls[ball].body.position
                balls.append(BallState(ball, Where.TABLE, float(x), float(y)))
        return TableState(self.initial.table, tuple(balls))

    def ball_positions(self) -> dict[int, tuple[float, float]]:
        return {
            b: (float(r.body.position[0]), float(r.body.position[1]))
            for b, r in self._balls.items()
            if r.on_table
        }


def _friction_joint(
    body: pymunk.Body, anchor: pymunk.Body, max_force: float
) -> pymunk.PivotJoint:
    joint = pymunk.PivotJoint(body, anchor, (0.0, 0.0), (0.0, 0.0))
    joint.max_bias = 0.0
    joint.error_bias = 1.0  # no position correction at all
    joint.max_force = max_force
    return joint


def _groups(pairs: list[tuple[_Ball, _Ball]]) -> list[list[tuple[_Ball, _Ball]]]:
    """Split contacts into groups that share balls (connected components)."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    for a, b in pairs:
        ra, rb = find(a.ball), find(b.ball)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    groups: dict[int, list[tuple[_Ball, _Ball]]] = {}
    for pair in pairs:
        groups.setdefault(find(pair[0].ball), []).append(pair)
    return [groups[k] for k in sorted(groups)]
