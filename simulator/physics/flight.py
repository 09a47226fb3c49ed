"""Balls in the air (reference.md 8): landing, rails, pockets and contacts
met in flight. A flying ball follows its parabola in closed form; the
landing is solved exactly, contacts in the air are looked for at the end
of each step (a flying ball meets nothing in pymunk)."""

from __future__ import annotations

import math
from dataclasses import replace

from simulator.physics import airborne, collisions
from simulator.physics.balls import Ball, Vec2, Vec3
from simulator.physics.log import Table
from simulator.table import resting
from simulator.table.events import EventKind, Phase, event_of
from simulator.table.specs import Pocket
from simulator.table.state import Where

HIGH_FLIGHT = 0.2  # m: a ball this far up clears every ball and rail
AIR_CAPTURE_HEIGHT = 1.4  # a flying ball over the drop is caught below 7/5 R (7)
RAIL_EDGE = 0.0005  # a ball back off the rail comes down this far inside the nose
# Two balls in contact, one in the air, that close slower than this are
# touching, not hitting (m/s). A flying ball on top of a ball on the slate
# loses only part of its approach to each hit (the slate takes the lower
# ball's share): the hits at one instant shrink it geometrically, and stop
# here rather than at the float's last digit.
TOUCHING = 1e-9


def _in_the_air(ball: Ball) -> bool:
    return ball.phase is Phase.AIRBORNE


class Flight:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.flying: set[int] = set()

    # -- leaving the slate -------------------------------------------------------------
    def take_off(self, ball: Ball, t: float, v: Vec3, w: Vec3) -> None:
        tb = self.table
        p = ball.pos(t)
        old = tb.fly(ball, t, p, tb.radius, v, w)
        tb.log.emit(
            event_of(
                EventKind.AIRBORNE, t, (ball.ball,), (tb.log.snap(ball, t),), speed=v[2]
            )
        )
        tb.motion_event(ball, old, t)

    def bounce_off_slate(
        self, ball: Ball, t: float, v: Vec3, w: Vec3, p: Vec2 | None = None
    ) -> None:
        """A ball driven into the slate (an elevated cue, a ball landing on
        it from above): back up (8.3), or settled on the cloth."""
        tb = self.table
        prm = tb.params
        bounce = airborne.slate_bounce(
            v, w, tb.radius, prm.e_slate, prm.mu_slide, prm.gravity
        )
        bvx, bvy, up = bounce.velocity
        if bounce.settled:
            old = tb.kick(ball, t, (bvx, bvy), bounce.spin, p)
            tb.motion_event(ball, old, t)
        else:
            where = p if p is not None else ball.pos(t)
            old = tb.fly(ball, t, where, tb.radius, (bvx, bvy, up), bounce.spin)
            tb.log.emit(
                event_of(
                    EventKind.AIRBORNE,
                    t,
                    (ball.ball,),
                    (tb.log.snap(ball, t),),
                    speed=up,
                )
            )
            tb.motion_event(ball, old, t)

    # -- each step -------------------------------------------------------------------
    def bound(self, ball: Ball, t: float) -> float:
        """The speed the step must resolve for a flying ball: beyond the rail
        it only falls to the floor, high above the table it can meet nothing
        but the pockets below it."""
        tb = self.table
        x, y = ball.pos(t)
        ground = airborne.ground_under(tb.spec, x, y)
        if ground is airborne.Ground.FLOOR:
            return 0.0
        h = math.hypot(ball.vx0, ball.vy0)
        if ball.height(t) - tb.radius < HIGH_FLIGHT:
            return math.hypot(h, ball.vz(t))
        return h

    def step(self, lo: float, hi: float) -> None:
        tb = self.table
        for b in sorted(self.flying):
            ball = tb.balls[b]
            if not ball.on_table or ball.phase is not Phase.AIRBORNE:
                self.flying.discard(b)
                continue
            if ball.falling is not None:
                continue  # over a pocket's hole: pockets.py has it
            self._fly(ball, lo, hi)

    def _near_pocket(self, x: float, y: float) -> Pocket | None:
        for p in self.table.spec.pockets:
            if math.dist((x, y), p.mouth_centre) < p.mouth_width / 2 + 0.02:
                return p
        return None

    def landing(self, ball: Ball) -> tuple[float, airborne.Ground] | None:
        """When and on what the flying ball comes down, from its parabola: the
        bed, the top of the rail, or the floor beyond it."""
        tb = self.table
        spec, r, g = tb.spec, tb.radius, tb.params.gravity
        for level, ground in (
            (r, airborne.Ground.BED),
            (spec.rail_top_height + r, airborne.Ground.RAIL),
            (r - spec.bed_height, airborne.Ground.FLOOR),
        ):
            # z0 + vz0 tau - g tau^2 / 2 = level, the falling root.
            c = ball.z0 - level
            if c <= 0.0 and ball.vz0 <= 0.0:
                # At the level already and not rising (a contact at the
                # slate drove it down): it is on that ground now, not
                # falling on through it.
                x, y = ball.pos(ball.t0)
                if airborne.ground_under(spec, x, y) is ground:
                    return ball.t0, ground
                continue
            disc = ball.vz0 * ball.vz0 + 2.0 * g * c
            if disc < 0.0:
                continue
            tau = (ball.vz0 + math.sqrt(disc)) / g
            if tau <= 1e-12:
                continue
            t = ball.t0 + tau
            x, y = ball.pos(t)
            if airborne.ground_under(spec, x, y) is ground:
                return t, ground
        return None

    def land(self, ball: Ball, ground: airborne.Ground, t: float) -> None:
        self._touch_down(ball, ground, t)

    def _fly(self, ball: Ball, lo: float, hi: float) -> None:
        tb = self.table
        spec, r = tb.spec, tb.radius
        x, y = ball.pos(hi)
        z = ball.height(hi)
        ground = airborne.ground_under(spec, x, y)
        pocket = self._near_pocket(x, y)
        if pocket is not None:
            mx, my = pocket.mouth_centre
            depth = (x - mx) * pocket.inward[0] + (y - my) * pocket.inward[1]
            low = z < AIR_CAPTURE_HEIGHT * r
            through = ground is not airborne.Ground.BED and z - r < spec.rail_top_height
            if through or (depth > pocket.drop_depth and low):
                # Flown low into the pocket: it meets the back and drops (7).
                tb.remove(ball, hi, Where.POCKETED, pocket.name)
                self.flying.discard(ball.ball)
                return
        if ground is not airborne.Ground.FLOOR:
            self._air_cushions(ball, hi)

    def _touch_down(self, ball: Ball, ground: airborne.Ground, t: float) -> None:
        tb = self.table
        spec, r = tb.spec, tb.radius
        x, y = ball.pos(t)
        vx, vy = ball.vel(t)
        vz = ball.vz(t)
        if ground is airborne.Ground.FLOOR:
            self._leave(ball, "floor", t)
            return
        if ground is airborne.Ground.RAIL:
            outcome = airborne.rail_outcome(spec, x, y, vx, vy, tb.params.gravity)
            if outcome is airborne.Ground.BED:
                # It rolls back over the nose and drops onto the bed: in play.
                _, n = airborne.outside_distance(spec, x, y)
                edge = r + RAIL_EDGE
                nx = min(max(x, edge), spec.length - edge)
                ny = min(max(y, edge), spec.width - edge)
                spot = self._free_spot(ball, nx, ny, (-n[1], n[0]), t)
                v_in = abs(vx * n[0] + vy * n[1])
                self.flying.discard(ball.ball)
                old = tb.kick(
                    ball,
                    t,
                    (-n[0] * v_in * 0.5, -n[1] * v_in * 0.5),
                    (0.0, 0.0, 0.0),
                    spot,
                )
                tb.log.emit(
                    event_of(
                        EventKind.LANDED,
                        t,
                        (ball.ball,),
                        (tb.log.snap(ball, t),),
                        where="rail",
                    )
                )
                tb.motion_event(ball, old, t)
                return
            self._leave(
                ball, "floor" if outcome is airborne.Ground.FLOOR else "rail", t
            )
            return
        prm = tb.params
        w = ball.spin(t, tb.models.cloth)
        bounce = airborne.slate_bounce(
            (vx, vy, vz), w, r, prm.e_slate, prm.mu_slide, prm.gravity
        )
        bvx, bvy, up = bounce.velocity
        # Come down on the edge of a jaw (it flew over the mouth): it slides
        # off to the nearest spot on the slate.
        x, y = resting.clear_of_cushions(spec, x, y)
        if bounce.settled:
            self.flying.discard(ball.ball)
            old = tb.kick(ball, t, (bvx, bvy), bounce.spin, (x, y))
            snap = replace(tb.log.snap(ball, t), vz=0.0)
            tb.log.emit(
                event_of(
                    EventKind.LANDED, t, (ball.ball,), (snap,), speed=vz, where="bed"
                )
            )
            tb.motion_event(ball, old, t)
            return
        tb.fly(ball, t, (x, y), r, (bvx, bvy, up), bounce.spin)
        tb.log.emit(
            event_of(
                EventKind.LANDED,
                t,
                (ball.ball,),
                (tb.log.snap(ball, t),),
                speed=vz,
                where="bed",
            )
        )
        tb.log.emit(
            event_of(
                EventKind.AIRBORNE, t, (ball.ball,), (tb.log.snap(ball, t),), speed=up
            )
        )

    def _free_spot(self, ball: Ball, x: float, y: float, along: Vec2, t: float) -> Vec2:
        """The spot nearest (x, y) along the rail where a ball coming back off
        the rail fits on the bed: a ball frozen to the cushion there turns it
        aside, it never comes down inside it."""
        tb = self.table
        spec = tb.spec
        d_min = 2 * tb.radius
        others = [
            o.pos(t)
            for _, o in sorted(tb.balls.items())
            if o is not ball and o.on_table and o.phase is not Phase.AIRBORNE
        ]
        edge = tb.radius + RAIL_EDGE
        for k in range(2 * int(spec.length / 0.001) + 1):
            s = 0.001 * ((k + 1) // 2) * (1 if k % 2 else -1)
            px, py = x + s * along[0], y + s * along[1]
            if not (
                edge <= px <= spec.length - edge and edge <= py <= spec.width - edge
            ):
                continue
            if all(math.dist((px, py), o) >= d_min for o in others):
                return (px, py)
        return (x, y)  # pragma: no cover - a rail lined with balls end to end

    def _leave(self, ball: Ball, where: str, t: float) -> None:
        self.flying.discard(ball.ball)
        self.table.remove(ball, t, Where.OFF_TABLE, left=where)

    def _air_cushions(self, ball: Ball, t: float) -> bool:
        """A flying ball meets a cushion nose as a line at the nose height.
        Returns whether it came down on the rail (and is no longer flying)."""
        tb = self.table
        spec, r = tb.spec, tb.radius
        x, y = ball.pos(t)
        z = ball.height(t)
        h = spec.cushion_height
        for rail in spec.rails:
            nx, ny = rail.normal
            sx, sy = rail.start
            ex, ey = rail.end
            tx, ty = ex - sx, ey - sy
            along = ((x - sx) * tx + (y - sy) * ty) / (tx * tx + ty * ty)
            if not 0.0 <= along <= 1.0:
                continue  # over a pocket mouth: no nose there
            depth = (x - sx) * nx + (y - sy) * ny  # > 0 beyond the nose line
            dz = h - z
            dist = math.hypot(depth, dz)
            if dist >= r:
                if (
                    depth > 0.0
                    and z - r < spec.rail_top_height
                    and airborne.ground_under(spec, x, y) is airborne.Ground.RAIL
                ):
                    # Over the cushion top below the rail top: it comes down
                    # on the rail where it is (never lifted onto it); the
                    # rail decides where it goes.
                    self._touch_down(ball, airborne.Ground.RAIL, t)
                    return True
                continue
            normal = (-depth * nx / dist, -depth * ny / dist, dz / dist)
            vx, vy = ball.vel(t)
            res = collisions.cushion_impulse(
                (vx, vy, ball.vz(t)),
                ball.w0,
                normal,
                tb.mass,
                r,
                tb.params.e_cushion,
                tb.params.mu_cushion,
            )
            if res is None:
                continue
            v2, w2 = res
            tb.fly(ball, t, (x, y), z, v2, w2)
            tb.log.cushion(ball, t, rail.name, None, vx * nx + vy * ny)
        return False

    def candidates(
        self, lo: float, hi: float, only: set[int] | None = None
    ) -> list[tuple[float, int, int]]:
        """3D contacts of the flying balls due in (lo, hi]: (instant, flying
        ball, other ball). A flying ball passes over balls below it and hits
        the ones it meets."""
        tb = self.table
        d = 2.0 * tb.radius
        out: list[tuple[float, int, int]] = []
        for b in sorted(self.flying):
            ball = tb.balls[b]
            if not ball.on_table or ball.phase is not Phase.AIRBORNE:
                continue
            if ball.falling is not None:
                continue
            for o in sorted(tb.balls):
                other = tb.balls[o]
                if other is ball or not other.on_table or other.falling is not None:
                    continue
                if only is not None and b not in only and o not in only:
                    continue
                if other.phase is Phase.AIRBORNE and o < b and o in self.flying:
                    continue  # the pair is looked at from its lower number
                t = _touch_3d(ball, other, lo, hi, d)
                if t is not None:
                    out.append((t, b, o))
        return out

    def resolve(self, a: int, b: int, t: float) -> set[int]:
        """A flying ball meets another (5 with the tilted line of centres)."""
        tb = self.table
        ball, other = tb.balls[a], tb.balls[b]
        cloth = tb.models.cloth
        x, y = ball.pos(t)
        z = ball.height(t)
        ox, oy = other.pos(t)
        dx, dy, dz = ox - x, oy - y, other.height(t) - z
        dist = math.sqrt(dx * dx + dy * dy + dz * dz)
        if dist <= 0.0:
            return set()
        n = (dx / dist, dy / dist, dz / dist)
        va = (*ball.vel(t), ball.vz(t))
        vb = (*other.vel(t), other.vz(t))
        res = tb.models.ball_ball.collide(
            va, ball.spin(t, cloth), vb, other.spin(t, cloth), n
        )
        if res is None:
            return set()
        va2, wa2, vb2, wb2, v_n = res
        hit = len(tb.log.events)
        tb.fly(ball, t, (x, y), z, va2, wa2)
        if other.phase is Phase.AIRBORNE:
            tb.fly(other, t, (ox, oy), other.height(t), vb2, wb2)
        else:
            # Pushed into the slate, it bounces (or is lifted by the hit).
            self.bounce_off_slate(other, t, vb2, wb2)
        if _in_the_air(other):
            self.flying.add(other.ball)
        # The contact comes before what it caused in the log.
        tb.log.events.insert(
            hit,
            event_of(
                EventKind.BALL_BALL,
                t,
                (ball.ball, other.ball),
                (tb.log.snap(ball, t), tb.log.snap(other, t)),
                speed=v_n,
            ),
        )
        return {ball.ball, other.ball}


def _touch_3d(a: Ball, b: Ball, lo: float, hi: float, d: float) -> float | None:
    """The first instant in (lo, hi] at which two balls (one or both in the
    air) come within d of each other in 3D while approaching, or None."""

    def f(t: float) -> float:
        pa, pb = a.pos(t), b.pos(t)
        dx, dy = pb[0] - pa[0], pb[1] - pa[1]
        dz = b.height(t) - a.height(t)
        return dx * dx + dy * dy + dz * dz - d * d

    def approaching(t: float) -> bool:
        pa, pb = a.pos(t), b.pos(t)
        va, vb = a.vel(t), b.vel(t)
        dz = b.height(t) - a.height(t)
        wz = b.vz(t) - a.vz(t)
        return (
            (pb[0] - pa[0]) * (vb[0] - va[0])
            + (pb[1] - pa[1]) * (vb[1] - va[1])
            + dz * wz
        ) < -TOUCHING * d

    f_lo = f(lo)
    if f_lo <= 0.0:
        return lo if approaching(lo) else None
    # Within a step the paths are nearly straight: the end and the middle.
    hi_found = None
    for t in (hi, 0.5 * (lo + hi)):
        if f(t) <= 0.0:
            hi_found = t
            break
    if hi_found is None:
        return None
    a_, b_ = lo, hi_found
    for _ in range(60):
        if b_ - a_ <= 1e-12:
            break
        m = 0.5 * (a_ + b_)
        if f(m) > 0.0:
            a_ = m
        else:
            b_ = m
    return b_
