"""Lines crossed and playback frames, both from the closed forms: no work on
any step, only when a segment starts (lines) or a frame is due (frames)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Any, overload

from simulator.physics.balls import Ball
from simulator.table.events import CENTRE_LINE, HEAD_STRING, LONG_STRING, Frame, Phase
from simulator.table.specs import TableSpec

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


# One segment of a ball's history: when it began, its position polynomials
# in absolute time (balls.Ball.cx0 ...), when its phase ends, its height's
# parabola (airborne: z0, vz0 from t0; else the radius), or a compliant
# cushion's script.
Seg = tuple[
    float,
    float,
    float,
    float,
    float,
    float,
    float,
    float,
    bool,
    float,
    float,
    float,
    Any,
]


class History:
    """Every ball's segments in time order, and when it left play: what the
    playback frames are made from, only when someone asks for them."""

    def __init__(self, radius: float, gravity: float) -> None:
        self.radius = radius
        self.gravity = gravity
        self.segs: dict[int, list[Seg]] = {}
        self.gone: dict[int, float] = {}

    def record(self, ball: Ball, t: float) -> None:
        """The ball's segment changed at t (several changes at one instant:
        the last counts)."""
        seg: Seg = (
            t,
            ball.cx0,
            ball.cx1,
            ball.cx2,
            ball.cy0,
            ball.cy1,
            ball.cy2,
            ball.t_end,
            ball.phase is Phase.AIRBORNE,
            ball.t0,
            ball.z0,
            ball.vz0,
            ball.script,
        )
        segs = self.segs.setdefault(ball.ball, [])
        if segs and segs[-1][0] == t:
            segs[-1] = seg
        else:
            segs.append(seg)

    def leave(self, ball: int, t: float) -> None:
        self.gone[ball] = t

    def row(self, ball: int, seg: Seg, t: float) -> Row:
        script = seg[12]
        if script is not None:
            x, y = script.at(t)[0]
            return (ball, x, y, self.radius)
        tc = t if t < seg[7] else seg[7]
        x = seg[1] + tc * (seg[2] + tc * seg[3])
        y = seg[4] + tc * (seg[5] + tc * seg[6])
        if seg[8]:
            tau = t - seg[9]
            z = seg[10] + seg[11] * tau - 0.5 * self.gravity * tau * tau
            return (ball, x, y, z)
        return (ball, x, y, self.radius)


class FrameBuilder:
    """Playback samples every ``dt`` seconds, from the balls' histories."""

    def __init__(self, history: History, dt: float) -> None:
        self.history = history
        self.dt = dt
        self.index = 0
        self.out: list[Frame] = []
        self._at: dict[int, int] = {}
        # A ball at rest on its current segment: (segment index, its row).
        self._still: dict[int, tuple[int, Row]] = {}

    @property
    def next_time(self) -> float:
        return self.index * self.dt

    def build(self, until: float) -> list[Frame]:
        """Every frame up to ``until`` (inclusive) not built yet."""
        new: list[Frame] = []
        h = self.history
        order = sorted(h.segs)
        at = self._at
        still = self._still
        gone = h.gone
        row = h.row
        while self.index * self.dt <= until + 1e-12:
            t = self.index * self.dt
            rows: list[Row] = []
            for b in order:
                if b in gone and gone[b] < t:
                    continue
                segs = h.segs[b]
                i = at.get(b, 0)
                while i + 1 < len(segs) and segs[i + 1][0] <= t:
                    i += 1
                at[b] = i
                kept = still.get(b)
                if kept is not None and kept[0] == i:
                    rows.append(kept[1])
                    continue
                seg = segs[i]
                got = row(b, seg, t)
                if not seg[8] and seg[12] is None and (
                    t >= seg[7] or seg[2] == seg[3] == seg[5] == seg[6] == 0.0
                ):
                    still[b] = (i, got)  # at rest for the rest of this segment
                rows.append(got)
            new.append(Frame(t, tuple(rows)))
            self.index += 1
        self.out += new
        return new

    def closing(self, t_end: float) -> list[Frame]:
        """Every frame up to the moment of rest, and one at it."""
        new = self.build(t_end)
        if not self.out or self.out[-1].time < t_end:
            h = self.history
            rows = []
            for b in sorted(h.segs):
                if b in h.gone:
                    continue
                rows.append(h.row(b, h.segs[b][-1], t_end))
            last = Frame(t_end, tuple(rows))
            self.out.append(last)
            new.append(last)
        return new


class LazyFrames(Sequence[Frame]):
    """A shot's frames, made from its history the first time they are
    looked at (a computer player's thousands of simulations never do)."""

    def __init__(self, builder: FrameBuilder, t_end: float) -> None:
        self._builder: FrameBuilder | None = builder
        self._t_end = t_end
        self._frames: tuple[Frame, ...] | None = None

    def _all(self) -> tuple[Frame, ...]:
        if self._frames is None:
            assert self._builder is not None
            self._builder.closing(self._t_end)
            self._frames = tuple(self._builder.out)
            self._builder = None
        return self._frames

    @overload
    def __getitem__(self, i: int) -> Frame: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[Frame]: ...

    def __getitem__(self, i: int | slice) -> Frame | Sequence[Frame]:
        return self._all()[i]

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self) -> Iterator[Frame]:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyFrames):
            return self._all() == other._all()
        if isinstance(other, tuple | list):
            return self._all() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._all())

    def __repr__(self) -> str:
        return f"LazyFrames({len(self)} frames)"
