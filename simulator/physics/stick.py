"""The cue stick as a body for the follow-through (reference.md 4; issue on
double hits and push shots).

The first strike is the point-impulse model of cue.py. After it the stick's
tip is a small kinematic circle in the pymunk world that keeps moving along
the cue line with what speed the cue has left, slowing to a stop after the
stroke's follow-through. Whatever it touches again is a ``tip_contact``: the
cue ball (a double hit, as when the cue ball is frozen to an object ball) or
any other ball. While the tip is still on the ball for the stroke's contact
time, the ball is carried with it (a push shot when that time is long), the
cue giving up the momentum it passes on. After a miscue the tip has slid off
past the cue ball and meets only other balls.
"""

from __future__ import annotations

import math

import pymunk

from simulator.physics.balls import Ball
from simulator.physics.cue import StrikeResult
from simulator.physics.log import Table
from simulator.table.events import Event, EventKind, Stroke, event_of

TIP_RADIUS = 0.0065  # a 13 mm tip
TIP_HIT_TIME = 0.001  # how long a plain tip hit lasts, seconds
FOLLOW_THROUGH_TIME = 2.0  # s: the longest a follow-through goes on
CAT_TIP = 8
CAT_BALL = 1  # the balls' collision category
TIP = 5  # the tip's collision type
BALL = 1  # the balls' collision type

# A strike whose tip stays on the ball longer than this is a push: the
# replay's stick rides the ball (simulator.app.replay.shotmarks.CuePath).
PUSH_CONTACT = 1.5 * TIP_HIT_TIME


def tip_end(ev: Event) -> float | None:
    """When the tip left the ball, for a contact whose foul is seen there:
    a push (the strike's tip on the ball long) or a later touch of the tip
    (a double hit); None for any other event (a plain strike's millisecond,
    a miscue's slip, a ball's contact). A push seen at its strike showed
    the tip just touching the ball, nothing of the foul."""
    d = ev.duration
    if d is None or d <= 0.0:
        return None
    if ev.kind is EventKind.TIP_CONTACT or \
            (ev.kind is EventKind.STROKE and not ev.miscue and d > PUSH_CONTACT):
        return ev.time + d
    return None


def seen_at(ev: Event) -> float:
    """Where a foul at ``ev`` is shown: the end of a tip's contact (tip_end),
    else the event's own time."""
    end = tip_end(ev)
    return ev.time if end is None else end


def _out_of_reach(
    world: Table,
    rec: Ball,
    d: tuple[float, float],
    speed: float,
    decel: float,
    stroke: Stroke,
    t: float,
    slipped: bool,
) -> bool:
    """Whether the tip's follow-through can touch nothing: no other ball or
    cushion near the cue ball (so nothing can stop it or send it back
    within the tip's reach), and the cue ball always faster than the tip
    along the cue line (it leaves the tip behind)."""
    reach = stroke.follow_through + 2.0 * world.radius + 2.0 * TIP_RADIUS
    x, y = rec.pos(t)
    spec = world.spec
    if min(x, spec.length - x, y, spec.width - y) < reach + world.radius:
        return False
    for other in world.balls.values():
        if other is rec or not other.on_table:
            continue
        ox, oy = other.pos(t)
        if math.hypot(ox - x, oy - y) < reach + world.radius:
            return False
    if slipped:
        return True  # the tip has slid past the ball and meets no other
    t_stop = speed / decel
    seg_end = min(rec.t_end - t, t_stop)

    def along(tau: float) -> float:
        vx, vy = rec.vel(t + tau)
        return vx * d[0] + vy * d[1]

    # On one segment the ball's along-cue speed changes linearly, and the
    # tip's too: faster at both ends of the overlap is faster throughout;
    # after it the ball only rolls, barely slowing.
    if along(0.0) <= speed or along(seg_end) <= speed - decel * seg_end:
        return False
    if seg_end < t_stop:
        roll = rec.seg.end_velocity
        return roll[0] * d[0] + roll[1] * d[1] > speed - decel * seg_end
    return True


def carries(stroke: Stroke) -> bool:
    """Whether the tip stays on the cue ball for the stroke's contact time
    (a push), longer than a plain hit."""
    return stroke.contact_time > 1.5 * TIP_HIT_TIME


def follow_through(
    stroke: Stroke, res: StrikeResult, mass: float, cue_mass: float
) -> tuple[float, float] | None:
    """The tip's speed along the table after the strike and how fast it
    slows (m/s, m/s^2), or None when it does not follow through."""
    theta = math.radians(stroke.elevation)
    phi = math.radians(stroke.direction)
    vx, vy, _ = res.velocity
    # What the cue keeps: the ball took the impulse m * v_ball from it.
    speed = stroke.speed - mass * math.hypot(vx, vy) / cue_mass
    if carries(stroke):
        # The tip stays on the ball.
        speed = max(speed, vx * math.cos(phi) + vy * math.sin(phi))
    speed *= math.cos(theta)
    if speed <= 0.0 or stroke.follow_through <= 0.0:
        return None
    # The tip goes on for the follow-through, but not for ever: a stroke
    # of a few millimetres a second (nearly vertical, barely moving)
    # would otherwise creep on against a ball for minutes.
    decel = max(
        speed * speed / (2.0 * stroke.follow_through), speed / FOLLOW_THROUGH_TIME
    )
    if not decel > 0.0:
        # So slow that even speed / FOLLOW_THROUGH_TIME underflows (a
        # subnormal cue speed): the tip's whole travel is below 1e-300 m,
        # far short of the micrometre it starts from the ball. There is
        # no follow-through to follow (and no division by it).
        return None
    return speed, decel


class Stick:
    """The tip during the follow-through."""

    def __init__(
        self,
        world: Table,
        body: pymunk.Body,
        shape: pymunk.Circle,
        direction: tuple[float, float],
        speed: float,
        decel: float,
        cue_ball: int,
        carry_until: float,
        tip_a: float,
        tip_b: float,
        mass: float,
        slipped: bool = False,
    ) -> None:
        self.body = body
        self.shape = shape
        self.direction = direction
        self.speed = speed
        self.decel = decel
        self.cue_ball = cue_ball
        self.carry_until = carry_until
        self.tip_a = tip_a
        self.tip_b = tip_b
        self.mass = mass
        # A miscue: the tip slid off past the ball and cannot meet it again.
        self.slipped = slipped
        self.touching: set[int] = set()
        self.done = False
        # The follow-through is over by then, even if a ball running into
        # the tip pushes it on (the player's stroke is over).
        self.end = world.t + FOLLOW_THROUGH_TIME
        world.space.on_collision(
            TIP, BALL, begin=self._begin, separate=self._separate, data=world
        )

    @property
    def tip_speed(self) -> float:
        return self.speed

    @classmethod
    def after_strike(
        cls, world: Table, rec: Ball, stroke: Stroke, res: StrikeResult, t: float
    ) -> Stick | None:
        p = world.params
        phi = math.radians(stroke.direction)
        d = (math.cos(phi), math.sin(phi))
        carry = carries(stroke)
        motion = follow_through(stroke, res, world.mass, p.cue_mass)
        if motion is None:
            return None
        speed, decel = motion
        if not carry and _out_of_reach(
            world, rec, d, speed, decel, stroke, t, res.miscue
        ):
            return None  # nothing the tip can touch: no stick at all
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        x, y = rec.pos(t)
        back = world.radius + TIP_RADIUS + 1e-6
        side = stroke.tip_a * world.radius
        body.position = (x - d[0] * back + d[1] * side, y - d[1] * back - d[0] * side)
        body.velocity = (d[0] * speed, d[1] * speed)
        shape = pymunk.Circle(body, TIP_RADIUS)
        shape.sensor = False
        shape.collision_type = TIP
        shape.filter = pymunk.ShapeFilter(categories=CAT_TIP, mask=CAT_BALL)
        world.space.add(body, shape)
        return cls(
            world,
            body,
            shape,
            d,
            speed,
            decel,
            rec.ball,
            stroke.contact_time if carry else 0.0,
            stroke.tip_a,
            stroke.tip_b,
            p.cue_mass,
            slipped=res.miscue,
        )

    # -- callbacks: record only ----------------------------------------------
    def _begin(self, arb: pymunk.Arbiter, space: pymunk.Space, world: Table) -> None:
        arb.process_collision = False
        for s in arb.shapes:
            rec = world.by_shape.get(s)
            if rec is not None:
                self.touching.add(rec.ball)

    def _separate(self, arb: pymunk.Arbiter, space: pymunk.Space, world: Table) -> None:
        for s in arb.shapes:
            rec = world.by_shape.get(s)
            if rec is not None:
                self.touching.discard(rec.ball)

    # -- after each step -------------------------------------------------------
    def step(self, world: Table, dt: float) -> None:
        """After a step of dt: what the tip touched, then the tip slows. Sets
        ``done`` once it has stopped (and is out of the space)."""
        for ball in sorted(self.touching):
            rec = world.balls.get(ball)
            if rec is not None and rec.on_table:
                self._touch(world, rec)
        slower = self.speed - self.decel * dt
        # A speed so small (subnormal) that the step's slowing rounds away
        # is as good as stopped: it would otherwise never reach zero.
        stopped = slower <= 0.0 or slower == self.speed
        self.speed = slower
        if stopped:
            world.space.remove(self.shape, self.body)
            self.done = True
            return
        self.body.velocity = (
            self.direction[0] * self.speed,
            self.direction[1] * self.speed,
        )

    def _touch(self, world: Table, rec: Ball) -> None:
        if self.slipped and rec.ball == self.cue_ball:
            return
        d = self.direction
        t = world.t
        vx, vy = rec.vel(t)
        tx, ty = self.body.position
        bx, by = rec.pos(t)
        dist = math.hypot(bx - tx, by - ty)
        if dist <= 0.0 or dist > world.radius + TIP_RADIUS + 1e-5:
            return  # near (the ball's shape is padded), not touching
        if rec.ball == self.cue_ball and t <= self.carry_until:
            # Still the stroke: the tip carries the ball along (a push). The
            # tip and the struck point move on together (a plastic contact),
            # and the cue gives up the momentum the ball takes: a ball that
            # comes back off a cushion slows the cue, it is never relaunched.
            closing = self.speed - (vx * d[0] + vy * d[1])
            if closing > 1e-9:
                a, b = self.tip_a, self.tip_b
                m_eff = world.mass / (1.0 + 2.5 * (a * a + b * b))
                impulse = closing / (1.0 / m_eff + 1.0 / self.mass)
                self.speed -= impulse / self.mass
                self._apply(world, rec, d, impulse / world.mass, a, b, t)
            return
        # The line from the tip to the ball's centre: a ball beside the cue line
        # that the tip moves away from is not hit.
        n = ((bx - tx) / dist, (by - ty) / dist)
        approach = (self.speed * d[0] - vx) * n[0] + (self.speed * d[1] - vy) * n[1]
        if approach <= 1e-9:
            return
        e = world.params.e_tip
        a, b = (self.tip_a, self.tip_b) if rec.ball == self.cue_ball else (0.0, 0.0)
        m_eff = world.mass / (1.0 + 2.5 * (a * a + b * b))
        impulse = (1.0 + e) * approach / (1.0 / m_eff + 1.0 / self.mass)
        before = self.speed
        self.speed = max(
            0.0, self.speed - impulse * (n[0] * d[0] + n[1] * d[1]) / self.mass
        )
        if self.speed > before:
            # A ball ran into the tip from ahead and pushed it on: it still
            # stops when the follow-through ends (its slowing was set for
            # the stroke's own speed, and would take days for this one).
            left = self.end - t
            self.decel = max(self.decel, self.speed / left) if left > 0.0 else math.inf
        self._apply(world, rec, n, impulse / world.mass, a, b, t)
        world.log.emit(
            event_of(
                EventKind.TIP_CONTACT,
                t,
                (rec.ball,),
                (world.log.snap(rec, t),),
                speed=approach,
                duration=TIP_HIT_TIME,
                tip_a=a,
                tip_b=b,
            )
        )

    def _apply(
        self,
        world: Table,
        rec: Ball,
        d: tuple[float, float],
        dv: float,
        a: float,
        b: float,
        t: float,
    ) -> None:
        """Velocity dv along d and the spin of a hit at (a, b) of the ball."""
        w = rec.spin(t, world.models.cloth)
        vx, vy = rec.vel(t)
        k = 5.0 * dv / (2.0 * world.radius)
        # Topspin about the axis across the travel, side spin about z (4).
        w2 = (w[0] - k * b * d[1], w[1] + k * b * d[0], w[2] + k * a)
        old = world.kick(rec, t, (vx + dv * d[0], vy + dv * d[1]), w2)
        world.motion_event(rec, old, t)
