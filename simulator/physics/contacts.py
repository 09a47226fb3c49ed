"""Contacts resolved at their true instant: ball against ball, ball against
cushion.

near.py finds each contact due in a step and its instant; this module
resolves it there, with the velocities and spins of that instant, the
line of centres of that instant, and new segments that start at it.
Nothing overlaps, so nothing needs pushing apart.

Balls that the compression wave of a contact reaches before it is over
(their gap closes within the contact time at the approach speed) are
solved together with it, whatever the gap, so a frozen rack, a rack a hair
apart and a rack a millimetre apart behave as one continuum. A contact met
again at once, slowly, is a lasting one: made plastic along its normal and
looked at again a moment later.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from simulator.physics.balls import Ball, Script, Vec2
from simulator.physics.log import Log
from simulator.physics.models import Models
from simulator.physics.near import CUSHION, PAIR, Candidate, Near
from simulator.physics.touch import TIME_EPS
from simulator.table.events import EventKind, Phase, event_of
from simulator.table.geometry import CushionPiece, closest_point

# A pair that meets again in the same step this slowly is in lasting
# contact (a ball with spin driven on into the ball or cushion it just
# left, which would otherwise part and meet again ever faster): it is made
# plastic along its normal and looked at again a moment later (by then the
# push has pressed it in by a micrometre at most: half the cloth's
# deceleration times the moment squared).
LASTING = 0.05  # m/s
LASTING_GAP = 1e-3  # s


def _in_play(b: Ball) -> bool:
    """On the bed, where balls meet balls and cushions in the plane."""
    return b.on_table and b.phase is not Phase.AIRBORNE


class Contacts:
    """The contacts near.py finds due, each resolved at its instant."""

    def __init__(
        self,
        near: Near,
        models: Models,
        log: Log,
        mass: float,
        kick: Callable[..., Phase],
        motion_event: Callable[[Ball, Phase, float], None],
        script: Callable[[Ball, Script, Vec2], None],
    ) -> None:
        self.near = near
        self.balls = near.balls
        self.pieces = near.pieces
        self.models = models
        self.log = log
        self.radius = near.radius
        self.mass = mass
        self._kick = kick
        self._motion_event = motion_event
        self._script = script
        self.contacts = 0
        self.step = 0  # the world's step count, for lasting contacts
        self._met: dict[tuple[int, int, int], int] = {}
        self._met_at: dict[tuple[int, int, int], float] = {}
        self._resting = near.resting
        self._now = 0.0

    # -- resolution -----------------------------------------------------------------
    def resolve(self, c: Candidate) -> set[int]:
        """Resolve one contact at its instant; the balls whose motion changed."""
        key = (c.kind, c.a, c.b)
        # Met again in the same step (slowly), or at the very same instant
        # (wedged between two cushions, or two balls): a lasting contact.
        again = self._met_at.get(key)
        same_instant = again is not None and c.time - again <= TIME_EPS
        lasting = self._met.get(key) == self.step
        self._met[key] = self.step
        self._met_at[key] = c.time
        if same_instant:
            self._now = c.time
            if c.kind == PAIR:
                changed = self._pair(
                    self.balls[c.a], self.balls[c.b], c.time, True, True
                )
            else:
                changed = self._cushion(
                    self.balls[c.a], self.pieces[c.b], c.time, True, True
                )
            if self._resting and changed:
                self._recheck(changed, key, c.time)
            return changed
        self._now = c.time
        if c.kind == PAIR:
            changed = self._pair(self.balls[c.a], self.balls[c.b], c.time, lasting)
        else:
            changed = self._cushion(
                self.balls[c.a], self.pieces[c.b], c.time, lasting
            )
        if self._resting and changed:
            self._recheck(changed, key, c.time)
        return changed

    def wake(self, ball: int) -> None:
        """The ball was pushed from outside (the stick, a landing): its lasting
        contacts are looked at from now on, not a moment later."""
        if self._resting:
            for key in [
                k
                for k in self._resting
                if k[1] == ball or (k[0] == PAIR and k[2] == ball)
            ]:
                del self._resting[key]

    def _recheck(
        self, changed: set[int], key: tuple[int, int, int], t: float
    ) -> None:
        """A contact changed these balls' motion: their other lasting
        contacts are looked at from now on again if they now close faster
        than a lasting contact creeps (a ball held against another by the
        push of a plastic contact, sent back into it by a cushion a moment
        later, would otherwise go on into it until the look a moment later
        came)."""
        for k in sorted(self._resting):
            if k == key:
                continue
            kind, a, b = k
            if self._resting[k] <= t:
                del self._resting[k]  # over: looked at as any other contact
                continue
            if a not in changed and (kind != PAIR or b not in changed):
                continue
            if self._closing(kind, a, b, t) >= LASTING:
                del self._resting[k]

    def _closing(self, kind: int, a: int, b: int, t: float) -> float:
        """How fast a pair or a ball and a cushion piece close at t (m/s)."""
        ball = self.balls[a]
        p = ball.pos(t)
        v = ball.vel(t)
        if kind == PAIR:
            other = self.balls[b]
            q, u = other.pos(t), other.vel(t)
            v = (v[0] - u[0], v[1] - u[1])
        else:
            q = closest_point(self.pieces[b], p)
        dist = math.dist(p, q)
        if dist <= 0.0:
            return 0.0
        return ((q[0] - p[0]) * v[0] + (q[1] - p[1]) * v[1]) / dist

    def _last(self, kind: int, a: int, b: int) -> None:
        """This contact lasts: the next look at it is a moment later."""
        self._resting[(kind, a, b)] = self._now + LASTING_GAP

    def _cluster(self, a: Ball, b: Ball, t: float, reach: float) -> list[Ball]:
        """The balls a contact's wave reaches before it is over: a and b, and
        every ball whose gap to one of them (in turn) closes within ``reach``."""
        members = {a.ball: a, b.ball: b}
        queue = [a.ball, b.ball]
        limit = 2.0 * self.radius + reach
        pos = {a.ball: a.pos(t), b.ball: b.pos(t)}
        pair_keys, _ = self.near.keys()
        while queue:
            i = queue.pop()
            for key in pair_keys:
                if i not in key:
                    continue
                j = key[1] if key[0] == i else key[0]
                if j in members:
                    continue
                other = self.balls[j]
                if not _in_play(other) or other.script is not None:
                    continue
                pj = other.pos(t)
                if math.dist(pos[i], pj) <= limit:
                    members[j] = other
                    pos[j] = pj
                    queue.append(j)
        return [members[k] for k in sorted(members)]

    def _pair(
        self, a: Ball, b: Ball, t: float, lasting: bool = False, jam: bool = False
    ) -> set[int]:
        pa, pb = a.pos(t), b.pos(t)
        va, vb = a.vel(t), b.vel(t)
        dist = math.dist(pa, pb)
        if dist <= 0.0:
            return set()
        nx, ny = (pb[0] - pa[0]) / dist, (pb[1] - pa[1]) / dist
        v_n = (va[0] - vb[0]) * nx + (va[1] - vb[1]) * ny
        if v_n <= 0.0:
            return set()
        if lasting and (jam or v_n < LASTING):
            return self._plastic_pair(a, b, t, (nx, ny), v_n, dist)
        model = self.models.ball_ball
        reach = v_n * model.contact_time(v_n)
        members = self._cluster(a, b, t, reach)
        if len(members) > 2:
            return self._solve_cluster(members, t, reach)
        cloth = self.models.cloth
        res = model.collide(
            (va[0], va[1], 0.0),
            a.spin(t, cloth),
            (vb[0], vb[1], 0.0),
            b.spin(t, cloth),
            (nx, ny, 0.0),
        )
        if res is None:
            return set()
        va2, wa2, vb2, wb2, speed = res
        # A hair inside each other (a contact found touching): set touching.
        inside = max(2.0 * self.radius - dist, 0.0) / 2
        old_a = self._kick(
            a, t, (va2[0], va2[1]), wa2, (pa[0] - inside * nx, pa[1] - inside * ny)
        )
        old_b = self._kick(
            b, t, (vb2[0], vb2[1]), wb2, (pb[0] + inside * nx, pb[1] + inside * ny)
        )
        self.contacts += 1
        self.log.emit(
            event_of(
                EventKind.BALL_BALL,
                t,
                (a.ball, b.ball),
                (self.log.snap(a, t), self.log.snap(b, t)),
                speed=speed,
            )
        )
        self._motion_event(a, old_a, t)
        self._motion_event(b, old_b, t)
        return {a.ball, b.ball}

    def _plastic_pair(
        self, a: Ball, b: Ball, t: float, n: Vec2, v_n: float, dist: float
    ) -> set[int]:
        """A lasting contact: the normal velocities made equal (no energy can
        come of it), the balls set just touching."""
        self._last(PAIR, a.ball, b.ball)
        cloth = self.models.cloth
        pa, pb = a.pos(t), b.pos(t)
        va, vb = a.vel(t), b.vel(t)
        half = 0.5 * v_n
        inside = max(2.0 * self.radius - dist, 0.0) / 2
        old_a = self._kick(
            a,
            t,
            (va[0] - half * n[0], va[1] - half * n[1]),
            a.spin(t, cloth),
            (pa[0] - inside * n[0], pa[1] - inside * n[1]),
        )
        old_b = self._kick(
            b,
            t,
            (vb[0] + half * n[0], vb[1] + half * n[1]),
            b.spin(t, cloth),
            (pb[0] + inside * n[0], pb[1] + inside * n[1]),
        )
        self._motion_event(a, old_a, t)
        self._motion_event(b, old_b, t)
        return {a.ball, b.ball}

    def _solve_cluster(self, members: list[Ball], t: float, reach: float) -> set[int]:
        """Balls a contact's wave reaches, solved together with compliant
        contacts (ball_ball.cluster), then each contact's friction and spin
        exchange in the order the contacts first pushed."""
        model = self.models.ball_ball
        cloth = self.models.cloth
        pos = [m.pos(t) for m in members]
        vel = [m.vel(t) for m in members]
        geometry: list[tuple[int, int, float, float, float]] = []
        limit = 2.0 * self.radius + reach
        for i in range(len(members)):
            for j in range(i + 1, len(members)):
                d = math.dist(pos[i], pos[j])
                if d <= 0.0 or d > limit:
                    continue
                nx, ny = (pos[j][0] - pos[i][0]) / d, (pos[j][1] - pos[i][1]) / d
                geometry.append((i, j, nx, ny, d - 2.0 * self.radius))
        res = model.cluster(vel, geometry)
        new_v = [[v[0], v[1], 0.0] for v in res.velocities]
        spin = [m.spin(t, cloth) for m in members]
        struck = [False] * len(members)
        order = sorted(
            (c for c in range(len(geometry)) if res.impulses[c] > 0.0),
            key=lambda c: (res.first_push[c], geometry[c][0], geometry[c][1]),
        )
        for c in order:
            ia, ib, nx, ny, _ = geometry[c]
            struck[ia] = struck[ib] = True
            va, vb = new_v[ia], new_v[ib]
            dva, dwa, dvb, dwb = model.friction(
                (va[0], va[1], 0.0),
                spin[ia],
                (vb[0], vb[1], 0.0),
                spin[ib],
                (nx, ny, 0.0),
                res.impulses[c],
            )
            for k in range(2):
                va[k] += dva[k]
                vb[k] += dvb[k]
            wa, wb = spin[ia], spin[ib]
            spin[ia] = (wa[0] + dwa[0], wa[1] + dwa[1], wa[2] + dwa[2])
            spin[ib] = (wb[0] + dwb[0], wb[1] + dwb[1], wb[2] + dwb[2])
        if not any(struck):
            return set()
        olds = {
            i: self._kick(m, t, (new_v[i][0], new_v[i][1]), spin[i])
            for i, m in enumerate(members)
            if struck[i]
        }
        e = self.models.ball_ball.restitution
        first: dict[int, float] = {}
        for c in order:
            ia, ib = geometry[c][0], geometry[c][1]
            a, b = members[ia], members[ib]
            # In the order the contacts first pushed, within the wave.
            t_c = t + min(res.first_push[c], res.duration)
            first.setdefault(ia, t_c)
            first.setdefault(ib, t_c)
            self.contacts += 1
            self.log.emit(
                event_of(
                    EventKind.BALL_BALL,
                    t_c,
                    (a.ball, b.ball),
                    (self.log.snap(a, t_c), self.log.snap(b, t_c)),
                    speed=res.impulses[c] * 2.0 / ((1.0 + e) * self.mass),
                )
            )
        for i, old in olds.items():
            # A ball starts to move when its first contact pushes it.
            self._motion_event(members[i], old, first.get(i, t))
        return {members[i].ball for i in olds}

    def _cushion(
        self,
        ball: Ball,
        piece: CushionPiece,
        t: float,
        lasting: bool = False,
        jam: bool = False,
    ) -> set[int]:
        p = ball.pos(t)
        c = closest_point(piece, p)
        dx, dy = c[0] - p[0], c[1] - p[1]
        dist = math.hypot(dx, dy)
        if dist <= 0.0:
            return set()
        n = (dx / dist, dy / dist)
        v = ball.vel(t)
        v_n = v[0] * n[0] + v[1] * n[1]
        if lasting and v_n > 0.0 and (jam or v_n < LASTING):
            # Held against the cushion: no more motion into it.
            self._last(CUSHION, ball.ball, self.pieces.index(piece))
            inside = max(self.radius + piece.radius - dist, 0.0)
            old = self._kick(
                ball,
                t,
                (v[0] - v_n * n[0], v[1] - v_n * n[1]),
                ball.spin(t, self.models.cloth),
                (p[0] - inside * n[0], p[1] - inside * n[1]),
            )
            self._motion_event(ball, old, t)
            return {ball.ball}
        name, pocket = piece.contact_name(p)
        cloth = self.models.cloth
        impact = self.models.cushion.impact(
            v, ball.spin(t, cloth), n, pocket is not None
        )
        if impact is None:
            return set()
        self.contacts += 1
        if impact.duration > 0.0:
            tangent = (-n[1], n[0])
            script = Script(
                t,
                p,
                n,
                tangent,
                impact.path,
                impact.velocity,
                impact.spin,
                ball.spin(t, cloth),
            )
            self._script(ball, script, v)
            self.log.cushion(ball, t, name, pocket, impact.normal_speed)
            return {ball.ball}
        inside = max(self.radius + piece.radius - dist, 0.0)
        old = self._kick(
            ball,
            t,
            impact.velocity,
            impact.spin,
            (p[0] - inside * n[0], p[1] - inside * n[1]),
        )
        self.log.cushion(ball, t, name, pocket, impact.normal_speed)
        self._motion_event(ball, old, t)
        return {ball.ball}
