"""Balls falling into a pocket: from the drop line down past the slate.

A ball whose centre passes a pocket's drop line starts to fall (it flies,
in closed form, below the slate's level); on the way down it may meet a
jaw's facing, the back of the pocket, or come back over the drop line
and climb out, until it is caught (pockets.py has the figures). Also the
backstop: a ball on the cloth beyond every cushion and drop line falls if
it is over a pocket's hole, and is a physics error anywhere else.
"""

from __future__ import annotations

import math

from simulator.physics import pockets
from simulator.physics.balls import Ball
from simulator.physics.errors import PhysicsError
from simulator.physics.flight import Flight
from simulator.physics.log import Due, Schedule, Table
from simulator.physics.near import CUSHION, Candidate
from simulator.physics.touch import cushion_touch
from simulator.table.events import Phase
from simulator.table.geometry import CushionPiece, closest_point
from simulator.table.specs import Pocket
from simulator.table.state import Where

# The kind of contact candidate of a falling ball meeting a jaw's facing
# (beyond near.PAIR and near.CUSHION).
FALLING = CUSHION + 1


class Falls:
    """The balls falling into pockets: ``falling`` maps each to its pocket,
    when it started to fall and its phase before."""

    def __init__(
        self,
        table: Table,
        flight: Flight,
        schedule: Schedule,
        pieces: tuple[CushionPiece, ...],
    ) -> None:
        self.table = table
        self.flight = flight
        self.schedule = schedule
        self.pieces = pieces
        self.falling: dict[int, tuple[Pocket, float, Phase]] = {}

    def plan(self, ball: Ball) -> None:
        """A falling ball's new segment: when it is caught, meets the back
        or comes back over the drop line."""
        tb = self.table
        pocket, start, _ = self.falling[ball.ball]
        caught, back, out = pockets.fall_times(
            ball, pocket, tb.radius, tb.params.gravity, start
        )
        self.schedule.add(caught, Due.CAPTURE, ball, pocket)
        if back is not None and back < caught:
            self.schedule.add(back, Due.BACK, ball, pocket)
        if out is not None and out < caught:
            self.schedule.add(out, Due.RETURN, ball, pocket)

    def drop(self, ball: Ball, pocket: Pocket, t: float) -> set[int]:
        """The centre passes the drop line: the ball starts to fall."""
        tb = self.table
        p, v = ball.pos(t), ball.vel(t)
        w = ball.spin(t, tb.models.cloth)
        self.falling[ball.ball] = (pocket, t, ball.phase)
        ball.falling = pocket
        self.flight.flying.discard(ball.ball)
        tb.fly(ball, t, p, tb.radius, (v[0], v[1], 0.0), w)
        return {ball.ball}

    def past_the_outline(self, ball: Ball, t: float) -> set[int]:
        """A centre on the cloth beyond every cushion and drop line: over a
        pocket's hole it falls now (the drop line was missed); anywhere else
        it went through a cushion. Either way it is never left rolling on."""
        p = ball.pos(t)
        for pocket in self.table.spec.pockets:
            depth, lateral = pockets.depth_lateral(pocket, p)
            if depth >= pocket.drop_depth and abs(lateral) <= pocket.mouth_width / 2:
                return self.drop(ball, pocket, t)
        raise PhysicsError(
            f"ball {ball.ball} on the cloth left the table at ({p[0]:.4f}, "
            f"{p[1]:.4f}) at {t:.4f} s, past every cushion and drop line"
        )

    def capture(self, ball: Ball, pocket: Pocket, t: float) -> set[int]:
        """Down the pocket."""
        self.table.remove(ball, t, Where.POCKETED, pocket.name)
        return {ball.ball}

    def back(self, ball: Ball, pocket: Pocket, t: float) -> set[int]:
        """The falling ball meets the back of the pocket."""
        v = pockets.back_bounce(pocket, ball.vel(t))
        self.table.fly(
            ball, t, ball.pos(t), ball.height(t), (v[0], v[1], ball.vz(t)), ball.w0
        )
        return {ball.ball}

    def climb_out(self, ball: Ball, pocket: Pocket, t: float) -> set[int]:
        """A falling ball back over the drop line: on the table again if it
        has the energy to climb what it fell, else it drops after all."""
        tb = self.table
        drop = tb.radius - ball.height(t)
        v = pockets.climb(ball.vel(t), drop, tb.params.gravity)
        p = ball.pos(t)
        blocked = any(
            other is not ball
            and other.on_table
            and other.falling is None
            and math.dist(other.pos(t), p) < 2.0 * tb.radius
            for other in tb.balls.values()
        )
        if v is None or blocked:
            # Too little to climb the edge, or a ball on the lip in the way:
            # it drops after all.
            tb.remove(ball, t, Where.POCKETED, pocket.name)
            return {ball.ball}
        _, _, before = self.falling[ball.ball]
        w = ball.w0
        ball.falling = None
        self.falling.pop(ball.ball, None)
        tb.kick(ball, t, v, w, p)
        tb.motion_event(ball, before, t)
        return {ball.ball}

    def candidates(
        self, lo: float, hi: float, only: set[int] | None
    ) -> list[Candidate]:
        """Jaw facings met by balls falling over a pocket's hole (they run on
        below the slate)."""
        out: list[Candidate] = []
        radius = self.table.radius
        for b in sorted(self.falling):
            if only is not None and b not in only:
                continue
            ball = self.table.balls[b]
            pocket = self.falling[b][0]
            for i, piece in enumerate(self.pieces):
                if piece.pocket != pocket.name:
                    continue
                t = cushion_touch(ball, piece, lo, hi, radius)
                if t is not None:
                    out.append(Candidate(t, FALLING, b, i))
        return out

    def jaw(self, c: Candidate) -> set[int]:
        """A falling ball meets a jaw's facing (the cushion law, its pocket
        side)."""
        tb = self.table
        ball = tb.balls[c.a]
        piece = self.pieces[c.b]
        t = c.time
        p = ball.pos(t)
        cp = closest_point(piece, p)
        dist = math.dist(cp, p)
        if dist <= 0.0:
            return set()
        n = ((cp[0] - p[0]) / dist, (cp[1] - p[1]) / dist)
        impact = tb.models.cushion.impact(ball.vel(t), ball.w0, n, True)
        if impact is None:
            return set()
        name, pocket = piece.contact_name(p)
        tb.fly(
            ball,
            t,
            p,
            ball.height(t),
            (impact.velocity[0], impact.velocity[1], ball.vz(t)),
            impact.spin,
        )
        tb.log.cushion(ball, t, name, pocket, impact.normal_speed)
        return {ball.ball}
