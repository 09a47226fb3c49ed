"""Lines crossed and playback frames, both from the closed forms: no work on
any step, only when a segment starts (lines) or a frame is due (frames)."""

from __future__ import annotations

import math

from simulator.events import CENTRE_LINE, HEAD_STRING, LONG_STRING, Frame, Phase
from simulator.physics.balls import Ball
from simulator.specs import TableSpec

ON_LINE = 1e-6  # a centre this close to a line rests on it

Row = tuple[int, float, float, float]


def table_lines(spec: TableSpec) -> tuple[tuple[str, int, float], ...]:
    """(name, axis, value): the head string and centre line across the
    table (x), the long string along it (y)."""
    return (
        (HEAD_STRING, 0, spec.head_string_x),
        (CENTRE_LINE, 0, spec.centre_line_x),
        (LONG_STRING, 1, spec.long_string_y),
    )


def next_crossing(
    ball: Ball, axis: int, value: float, after: float
) -> tuple[float, int] | None:
    """The first instant after ``after`` on the ball's present segment at
    which its centre crosses the line (axis = value), and the direction
    (+1 towards larger coordinates). A ball resting on the line that moves
    off it has not crossed it; a path that only touches it neither."""
    if ball.phase is Phase.AIRBORNE:
        c1 = ball.vx0 if axis == 0 else ball.vy0
        c2 = 0.0
        horizon = math.inf
    elif ball.phase is Phase.SLIDING or ball.phase is Phase.ROLLING:
        if ball.script is not None:
            return None
        c1 = ball.vx0 if axis == 0 else ball.vy0
        c2 = 0.5 * (ball.seg.ax if axis == 0 else ball.seg.ay)
        horizon = ball.t_end - ball.t0
    else:
        return None
    c0 = (ball.x0 if axis == 0 else ball.y0) - value
    lo = after - ball.t0
    roots: list[float] = []
    if c2 == 0.0:
        if c1 != 0.0:
            roots.append(-c0 / c1)
    else:
        disc = c1 * c1 - 4.0 * c2 * c0
        if disc <= 0.0:
            return None
        sq = math.sqrt(disc)
        q = -0.5 * (c1 + math.copysign(sq, c1))
        roots += [q / c2, c0 / q] if q != 0.0 else [-c1 / (2.0 * c2)]
    for tau in sorted(roots):
        if tau <= lo + 1e-12 or tau > horizon:
            continue
        slope = c1 + 2.0 * c2 * tau
        if slope == 0.0:
            continue
        if abs(c0) <= ON_LINE and tau < 1e-9:
            continue  # moving off the line it rested on
        return ball.t0 + tau, (1 if slope > 0.0 else -1)
    return None


class Frames:
    """Playback samples every ``dt`` seconds, from the balls' closed forms."""

    def __init__(self, dt: float) -> None:
        self.dt = dt
        self.next = 0.0
        self.index = 0
        self.out: list[Frame] = []
        self._rows: dict[int, tuple[int, Row]] = {}

    def due(self, t: float) -> bool:
        return self.next <= t + 1e-12

    def sample(self, balls: dict[int, Ball], until: float) -> list[Frame]:
        """Every frame up to ``until`` (inclusive), as the balls move now."""
        new: list[Frame] = []
        if self.next > until + 1e-12:
            return new
        order = [balls[b] for b in sorted(balls) if balls[b].on_table]
        cache = self._rows
        while self.next <= until + 1e-12:
            t = self.next
            rows: list[Row] = []
            for ball in order:
                b = ball.ball
                if not ball.moving:
                    cached = cache.get(b)
                    if cached is not None and cached[0] == ball.version:
                        rows.append(cached[1])
                        continue
                    row = (b, ball.x0, ball.y0, ball.radius)
                    cache[b] = (ball.version, row)
                    rows.append(row)
                    continue
                phase = ball.phase
                if (phase is Phase.SLIDING or phase is Phase.ROLLING) and (
                    ball.script is None
                ):
                    # The closed form of balls.Ball.pos, inline: the hot path.
                    tau = (t if t < ball.t_end else ball.t_end) - ball.t0
                    half = 0.5 * tau * tau
                    seg = ball.seg
                    rows.append(
                        (
                            b,
                            ball.x0 + ball.vx0 * tau + seg.ax * half,
                            ball.y0 + ball.vy0 * tau + seg.ay * half,
                            ball.radius,
                        )
                    )
                    continue
                x, y = ball.pos(t)
                rows.append((b, x, y, ball.height(t)))
            new.append(Frame(t, tuple(rows)))
            self.index += 1
            self.next = self.index * self.dt
        self.out += new
        return new
