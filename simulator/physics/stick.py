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
from typing import TYPE_CHECKING

import pymunk

from simulator.events import Event, EventKind, Stroke

if TYPE_CHECKING:
    from simulator.physics.cue import StrikeResult
    from simulator.physics.world import World, _Ball

TIP_RADIUS = 0.0065  # a 13 mm tip
TIP_HIT_TIME = 0.001  # how long a plain tip hit lasts, seconds
CAT_TIP = 8
CAT_BALL = 1  # world.CAT_BALL
TIP = 5  # the tip's collision type
BALL = 1  # world.BALL


class Stick:
    """The tip during the follow-through."""

    def __init__(
        self,
        world: World,
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
        world.space.on_collision(
            TIP, BALL, begin=self._begin, separate=self._separate, data=world
        )

    @classmethod
    def after_strike(
        cls, world: World, rec: _Ball, stroke: Stroke, res: StrikeResult
    ) -> Stick | None:
        p = world.params
        theta = math.radians(stroke.elevation)
        phi = math.radians(stroke.direction)
        d = (math.cos(phi), math.sin(phi))
        vx, vy, _ = res.velocity
        ball_along = vx * d[0] + vy * d[1]
        # What the cue keeps: the ball took the impulse m * v_ball from it.
        speed = stroke.speed - world.mass * math.hypot(vx, vy) / p.cue_mass
        carry = stroke.contact_time > 1.5 * TIP_HIT_TIME
        if carry:
            speed = max(speed, ball_along)  # the tip stays on the ball
        speed *= math.cos(theta)
        if speed <= 0.0 or stroke.follow_through <= 0.0:
            return None
        decel = speed * speed / (2.0 * stroke.follow_through)
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        x, y = rec.body.position
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
    def _begin(self, arb: pymunk.Arbiter, space: pymunk.Space, world: World) -> None:
        arb.process_collision = False
        for s in arb.shapes:
            rec = world._by_shape.get(s)
            if rec is not None:
                self.touching.add(rec.ball)

    def _separate(self, arb: pymunk.Arbiter, space: pymunk.Space, world: World) -> None:
        for s in arb.shapes:
            rec = world._by_shape.get(s)
            if rec is not None:
                self.touching.discard(rec.ball)

    # -- after each step -------------------------------------------------------
    def step(self, world: World, dt: float) -> None:
        for ball in sorted(self.touching):
            rec = world._balls.get(ball)
            if rec is not None and rec.on_table:
                self._touch(world, rec)
        self.speed -= self.decel * dt
        if self.speed <= 0.0:
            world.space.remove(self.shape, self.body)
            world._stick = None
            return
        self.body.velocity = (
            self.direction[0] * self.speed,
            self.direction[1] * self.speed,
        )

    def _touch(self, world: World, rec: _Ball) -> None:
        if self.slipped and rec.ball == self.cue_ball:
            return
        d = self.direction
        vx, vy = rec.body.velocity
        t = world.t
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
        tx, ty = self.body.position
        bx, by = rec.body.position
        dist = math.hypot(bx - tx, by - ty)
        if dist <= 0.0:
            return
        n = ((bx - tx) / dist, (by - ty) / dist)
        approach = (self.speed * d[0] - vx) * n[0] + (self.speed * d[1] - vy) * n[1]
        if approach <= 1e-9:
            return
        e = world.params.e_tip
        a, b = (self.tip_a, self.tip_b) if rec.ball == self.cue_ball else (0.0, 0.0)
        m_eff = world.mass / (1.0 + 2.5 * (a * a + b * b))
        impulse = (1.0 + e) * approach / (1.0 / m_eff + 1.0 / self.mass)
        self.speed = max(
            0.0, self.speed - impulse * (n[0] * d[0] + n[1] * d[1]) / self.mass
        )
        self._apply(world, rec, n, impulse / world.mass, a, b, t)
        world._emit(
            Event(
                EventKind.TIP_CONTACT,
                t,
                (rec.ball,),
                (world._snap(rec, t),),
                speed=approach,
                duration=TIP_HIT_TIME,
                tip_a=a,
                tip_b=b,
            )
        )

    def _apply(
        self,
        world: World,
        rec: _Ball,
        d: tuple[float, float],
        dv: float,
        a: float,
        b: float,
        t: float,
    ) -> None:
        """Velocity dv along d and the spin of a hit at (a, b) of the ball."""
        w = world.spin(rec, t)
        vx, vy = rec.body.velocity
        k = 5.0 * dv / (2.0 * world.radius)
        # Topspin about the axis across the travel, side spin about z (4).
        w2 = (w[0] - k * b * d[1], w[1] + k * b * d[0], w[2] + k * a)
        old = world._set_motion(
            rec, vx + dv * d[0], vy + dv * d[1], w2, t, record=False
        )
        world._motion_event(rec, old, t)
