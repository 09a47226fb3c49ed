"""The known instants: what a ball's new segment has due, and each due
instant handled when its time comes.

Everything that happens at an instant known when a segment starts (a
phase ending, a compliant cushion letting go, a line crossed, a drop line
reached, a landing, a falling ball caught, meeting the pocket's back or
climbing out, a centre leaving the table's outline) goes on the schedule
(log.Schedule) as the segment starts, and is handled in time order with
the contacts of the step. One handler per kind (log.Due).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import cast

from simulator.physics import airborne, pockets
from simulator.physics.balls import ON_CLOTH, Ball, Vec2, Vec3
from simulator.physics.falls import Falls
from simulator.physics.flight import Flight
from simulator.physics.lines import next_crossing
from simulator.physics.log import Due, Entry, Schedule, Table
from simulator.table.events import EventKind, Phase, event_of
from simulator.table.specs import Pocket

Kick = Callable[[Ball, float, Vec2, Vec3, "Vec2 | None"], Phase]
Line = tuple[str, int, float]
Handler = Callable[[Ball, float, object], set[int]]


class Instants:
    """The schedule's side of the world."""

    def __init__(
        self,
        table: Table,
        kick: Kick,
        schedule: Schedule,
        falls: Falls,
        flight: Flight,
        lines: tuple[Line, ...],
    ) -> None:
        self.table = table
        # New motion on the cloth from a contact-like instant (it does not
        # wake the lasting contacts, as the world's kick from outside does).
        self._kick = kick
        self.schedule = schedule
        self.falls = falls
        self.flight = flight
        self._lines = lines
        self._cloth = table.models.cloth
        self._handlers: dict[int, Handler] = {
            Due.TRANSITION: self._transition,
            Due.SCRIPT: self._script_over,
            Due.LINE: self._line,
            Due.LAND: self._land,
            Due.DROP: self._drop,
            Due.CAPTURE: self._capture,
            Due.BACK: self._back,
            Due.RETURN: self._return,
            Due.BOUNDARY: self._boundary,
        }

    # -- what a new segment has due ------------------------------------------------
    def plan(self, ball: Ball, t: float) -> None:
        """A ball's segment changed at t: what its new one has due."""
        sched = self.schedule
        spec = self.table.spec
        if ball.phase in ON_CLOTH or ball.phase is Phase.SPINNING:
            sched.add(ball.t_end, Due.TRANSITION, ball)
        if ball.phase in ON_CLOTH:
            found = pockets.drop_time(spec, ball)
            if found is not None:
                sched.add(found[0], Due.DROP, ball, found[1])
            if ball.script is None:
                leaves = pockets.outline_exit(spec, ball)
                if leaves is not None:
                    sched.add(leaves, Due.BOUNDARY, ball)
        if ball.falling is not None:
            self.falls.plan(ball)
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

    # -- each instant when it comes ------------------------------------------------
    def handle(self, e: Entry) -> set[int]:
        """Handle one known instant; the balls whose motion changed."""
        return self._handlers[e.kind](self.table.balls[e.ball], e.time, e.data)

    def _transition(self, ball: Ball, t: float, data: object) -> set[int]:
        """A phase ends (reference.md 3.5): slide to roll, roll to spinning
        on the spot, spinning to rest."""
        if ball.phase is Phase.SLIDING:
            # Slide over: the velocity it ends with and the spin of that instant.
            w = ball.spin(t, self._cloth)
            old = self._kick(ball, t, ball.seg.end_velocity, w, None)
        elif ball.phase is Phase.ROLLING:
            wz = self._cloth.side_spin_at(ball.w0[2], t - ball.t0)
            old = self._kick(ball, t, (0.0, 0.0), (0.0, 0.0, wz), None)
        elif ball.phase is Phase.SPINNING:
            old = self._kick(ball, t, (0.0, 0.0), (0.0, 0.0, 0.0), None)
        else:
            return set()
        self.table.motion_event(ball, old, t)
        return {ball.ball}

    def _script_over(self, ball: Ball, t: float, data: object) -> set[int]:
        """A compliant cushion lets go: the ball leaves it as recorded."""
        assert ball.script is not None
        s = ball.script
        p, _ = s.at(t)
        old = self._kick(ball, t, s.exit_velocity, s.exit_spin, p)
        self.table.motion_event(ball, old, t)
        return {ball.ball}

    def _line(self, ball: Ball, t: float, data: object) -> set[int]:
        """A centre crosses a line: logged, and its next crossing planned."""
        name, axis, value, direction = cast(tuple[str, int, float, int], data)
        log = self.table.log
        log.emit(
            event_of(
                EventKind.LINE_CROSSED,
                t,
                (ball.ball,),
                (log.snap(ball, t),),
                line=name,
                direction=direction,
            )
        )
        cross = next_crossing(ball, axis, value, t)
        if cross is not None:
            self.schedule.add(cross[0], Due.LINE, ball, (name, axis, value, cross[1]))
        return set()

    def _land(self, ball: Ball, t: float, data: object) -> set[int]:
        assert isinstance(data, airborne.Ground)
        self.flight.land(ball, data, t)
        return {ball.ball}

    def _drop(self, ball: Ball, t: float, data: object) -> set[int]:
        assert isinstance(data, Pocket)
        return self.falls.drop(ball, data, t)

    def _capture(self, ball: Ball, t: float, data: object) -> set[int]:
        assert isinstance(data, Pocket)
        return self.falls.capture(ball, data, t)

    def _back(self, ball: Ball, t: float, data: object) -> set[int]:
        assert isinstance(data, Pocket)
        return self.falls.back(ball, data, t)

    def _return(self, ball: Ball, t: float, data: object) -> set[int]:
        assert isinstance(data, Pocket)
        return self.falls.climb_out(ball, data, t)

    def _boundary(self, ball: Ball, t: float, data: object) -> set[int]:
        return self.falls.past_the_outline(ball, t)
