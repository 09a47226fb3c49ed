"""A search's world: the laws of world.World, driven from event to event
instead of pymunk's steps (physics.simulate_search).

The full world steps pymunk to learn which balls and cushions have come
near, all balls together at the pace of the fastest. A search needs only
the outcome, so this world works out by itself, from the closed forms,
until when each pair with a moving ball cannot come near (their gap
closes no faster than their relative speed and decelerations allow;
exactly for a ball on a straight path and one at rest; never while their
paths keep apart until a segment ends) and when each moving ball's surface comes within
BAND_DEPTH of a nose line (exactly), and jumps there. Only while a moving
ball is near another or at the rails does time go in windows as short as
the full world's steps (no ball moves more than a padding in one), and
the contacts in each are found and resolved by the same code as the full
world's (near.py, contacts.py, instants.py). Once every moving ball rolls
on a straight path to rest that comes near nothing, the outcome is
decided and the balls are put where they stop. No pymunk body is made or
stepped, and only what a search reads is logged (QuickWorld.motion_event,
the head string's crossings).

The contacts are the same laws at the same instants as long as both worlds
see the same pairs near; the windows differ from the steps, so a rounding
may differ and a chaotic shot (a rack scattered) may part after many
contacts: simulate_search steps a table with a rack. tests/physics/
test_quick.py and `bench --part sims` measure the agreement of outcomes;
the final choice of a search is always played through the full physics.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Mapping
from typing import Any

from simulator.physics import pace
from simulator.physics.balls import Ball
from simulator.physics.errors import PhysicsError
from simulator.physics.lines import History, table_lines
from simulator.physics.models import Models
from simulator.physics.near import PAD
from simulator.physics.world import MAX_SIM_TIME, TIGHTEN_EVERY, World
from simulator.table.events import HEAD_STRING, BallMotion, Phase
from simulator.table.geometry import CushionPiece, closest_point, cushion_pieces
from simulator.table.specs import TableSpec
from simulator.table.state import BallState, TableState, Where

# Two balls are near (pymunk's padded shapes would overlap) when their
# surfaces are this close; a ball is near a cushion piece when its surface
# is this close to the piece's.
NEAR_GAP = PAD
# A pair's bound is the instant its gap could close to this (m): half the
# gap at which it counts as near, so that a pair coming straight on is near
# at its first bound, not after ever shorter ones.
AIM_GAP = 0.5 * NEAR_GAP
# The rails' band: a ball whose surface is this close to a nose line may
# meet a cushion piece in its next window (m).
BAND_DEPTH = 0.002
# A band's bound is the instant the centre is this much inside the band
# (m).
BAND_LEAD = 0.001
# A bound sooner than this (s) is no bound: the pair is near.
MIN_BOUND = 1e-6
# A near pair parting faster than this (m/s) leaves the near pairs until
# it could touch again (QuickWorld._parting), a share of that time, and
# only if that is at least PARTING_MIN (s); PARTING_SLACK (m) is taken off
# the gap it may close (the overlap of a contact's rounding).
PARTING_RATE = 1e-3
PARTING_SHARE = 0.5
PARTING_MIN = 1e-3
PARTING_SLACK = -1e-6
# Nothing to wait for: the longest window while balls move (s).
WINDOW_MAX = 2.0


class NoBodies:
    """What the world asks of pymunk's side, for a world without pymunk:
    ball records only."""

    def __init__(self, radius: float) -> None:
        self.radius = radius
        self.dirty: set[int] = set()
        self.errors: list[BaseException] = []
        self.space: Any = None
        self.by_shape: dict[Any, Ball] = {}

    def add_ball(self, ball: int, x: float, y: float, gravity: float) -> Ball:
        rec = Ball(ball, self.radius, gravity=gravity)
        rec.x0, rec.y0 = x, y
        rec.cx0, rec.cy0 = x, y
        rec.z0 = self.radius
        return rec

    def remove_ball(self, ball: Ball) -> None:
        self.dirty.discard(ball.ball)

    def release(self, balls: dict[int, Ball], stick: tuple[Any, ...] = ()) -> None:
        """Nothing to hand back."""


class NoHistory(History):
    """No playback frames: the balls' segments are not kept."""

    def record(self, ball: Ball, t: float) -> None:
        """Nothing to keep."""

    def leave(self, ball: int, t: float) -> None:
        """Nothing to keep."""


_PIECES: dict[int, tuple[TableSpec, tuple[CushionPiece, ...]]] = {}


def _pieces(spec: TableSpec) -> tuple[CushionPiece, ...]:
    """The table's cushion pieces, worked out once per table."""
    kept = _PIECES.get(id(spec))
    if kept is None or kept[0] is not spec:
        kept = _PIECES[id(spec)] = (spec, cushion_pieces(spec))
    return kept[1]


# The side of a cell of the grid the cushion pieces are looked up in (m).
GRID_CELL = 0.05
_GRIDS: dict[int, tuple[TableSpec, dict[tuple[int, int], tuple[int, ...]]]] = {}


def _piece_grid(
    spec: TableSpec, pieces: tuple[CushionPiece, ...], reach: float
) -> dict[tuple[int, int], tuple[int, ...]]:
    """For each cell of a grid over the table and its rails, the pieces a
    centre in it may be within ``reach`` of (their boxes, the cell grown by
    the reach): worked out once per table."""
    kept = _GRIDS.get(id(spec))
    if kept is not None and kept[0] is spec:
        return kept[1]
    boxes = [
        (
            min(pc.a[0], pc.b[0]) - pc.radius - reach,
            max(pc.a[0], pc.b[0]) + pc.radius + reach,
            min(pc.a[1], pc.b[1]) - pc.radius - reach,
            max(pc.a[1], pc.b[1]) + pc.radius + reach,
        )
        for pc in pieces
    ]
    grid: dict[tuple[int, int], tuple[int, ...]] = {}
    for x0, x1, y0, y1 in boxes:
        for i in range(math.floor(x0 / GRID_CELL), math.floor(x1 / GRID_CELL) + 1):
            for j in range(math.floor(y0 / GRID_CELL), math.floor(y1 / GRID_CELL) + 1):
                grid[(i, j)] = ()
    for i, j in grid:
        cx0, cy0 = i * GRID_CELL, j * GRID_CELL
        grid[(i, j)] = tuple(
            k
            for k, (x0, x1, y0, y1) in enumerate(boxes)
            if x0 <= cx0 + GRID_CELL and x1 >= cx0 and y0 <= cy0 + GRID_CELL
            and y1 >= cy0
        )
    _GRIDS[id(spec)] = (spec, grid)
    return grid


Sweep = tuple[float, float, float, float, float]


def _sweep(ball: Ball, t: float) -> Sweep:
    """The box (x min, x max, y min, y max) the ball's centre stays in from
    t to the end of its segment (a point at rest), and that end. (Kept on
    the ball for its segment and t: asked for again and again in a look.)"""
    if not ball.moving and ball.script is None:
        # At rest (or spinning on the spot): a point, whatever t (its
        # polynomials' other terms are zero, as _swept would find).
        x, y = ball.cx0, ball.cy0
        return x, x, y, y, math.inf
    kept = ball.extra.get("sweep")
    if kept is not None and kept[0] == ball.version and kept[1] == t:
        out: Sweep = kept[2]
        return out
    out = _swept(ball, t)
    ball.extra["sweep"] = (ball.version, t, out)
    return out


def _swept(ball: Ball, t: float) -> Sweep:
    """_sweep, worked out."""
    end = ball.t_end if ball.moving else math.inf
    if ball.script is not None or not ball.moving:
        x, y = ball.pos(t)
        if not ball.moving:
            return x, x, y, y, end
        xe, ye = ball.pos(end)
    else:
        # ball.pos(t) and ball.pos(end), written out.
        cx0, cx1, cx2 = ball.cx0, ball.cx1, ball.cx2
        cy0, cy1, cy2 = ball.cy0, ball.cy1, ball.cy2
        tt = end if t > end else t
        x = cx0 + tt * (cx1 + tt * cx2)
        y = cy0 + tt * (cy1 + tt * cy2)
        xe = cx0 + end * (cx1 + end * cx2)
        ye = cy0 + end * (cy1 + end * cy2)
    x0, x1 = (x, xe) if x < xe else (xe, x)
    y0, y1 = (y, ye) if y < ye else (ye, y)
    # A turning point of either coordinate inside: its parabola's vertex.
    if ball.cx2 != 0.0:
        tv = -ball.cx1 / (2.0 * ball.cx2)
        if t < tv < end:
            xv = ball.pos(tv)[0]
            x0, x1 = min(x0, xv), max(x1, xv)
    if ball.cy2 != 0.0:
        tv = -ball.cy1 / (2.0 * ball.cy2)
        if t < tv < end:
            yv = ball.pos(tv)[1]
            y0, y1 = min(y0, yv), max(y1, yv)
    return x0, x1, y0, y1, end


Line = tuple[float, float, float, float]


def _straight(ball: Ball, t: float, end: float) -> Line | None:
    """The straight path (from, to) the ball's centre takes from t to the
    end of its segment, when it takes one (its deceleration along its
    velocity: rolling, or sliding without a curve); None otherwise. (Kept
    on the ball like _sweep.)"""
    if end != ball.t_end:
        return _straight_path(ball, t, end)
    kept = ball.extra.get("line")
    if kept is not None and kept[0] == ball.version and kept[1] == t:
        out: Line | None = kept[2]
        return out
    out = _straight_path(ball, t, end)
    ball.extra["line"] = (ball.version, t, out)
    return out


def _straight_path(ball: Ball, t: float, end: float) -> Line | None:
    """_straight, worked out."""
    if not ball.moving or ball.script is not None or ball.phase is Phase.AIRBORNE:
        return None
    # ball.vel and ball.pos at t and at the end, written out.
    cx0, cx1, cx2 = ball.cx0, ball.cx1, ball.cx2
    cy0, cy1, cy2 = ball.cy0, ball.cy1, ball.cy2
    t_end = ball.t_end
    ax, ay = 2.0 * cx2, 2.0 * cy2
    tt = t_end if t > t_end else t
    vx, vy = cx1 + 2.0 * tt * cx2, cy1 + 2.0 * tt * cy2
    if abs(vx * ay - vy * ax) > 1e-9 * math.hypot(vx, vy) * math.hypot(ax, ay):
        return None
    # Turned back the way it came (a draw shot's reversal), it stays on the
    # line but not between the ends.
    te = t_end if end > t_end else end
    wx, wy = cx1 + 2.0 * te * cx2, cy1 + 2.0 * te * cy2
    if wx * vx + wy * vy < 0.0:
        return None
    x = cx0 + tt * (cx1 + tt * cx2)
    y = cy0 + tt * (cy1 + tt * cy2)
    xe = cx0 + te * (cx1 + te * cx2)
    ye = cy0 + te * (cy1 + te * cy2)
    return x, y, xe, ye


def _reach_on_line(
    ball: Ball, q: tuple[float, float], t: float, reach: float
) -> float | None:
    """How long until the centre of a ball on a straight path (_straight)
    comes within ``reach`` of the point q: exactly, from its distance along
    the path (v tau + a tau^2 / 2, a < 0 or 0); the rest of its segment if
    never. None for a ball on no straight path."""
    line = _straight(ball, t, ball.t_end)
    if line is None:
        return None
    x0, y0, _, _ = line
    vx, vy = ball.vel(t)
    v = math.hypot(vx, vy)
    rest = ball.t_end - t
    if v == 0.0:
        return None
    ux, uy = vx / v, vy / v
    along = (q[0] - x0) * ux + (q[1] - y0) * uy
    side = abs((q[0] - x0) * uy - (q[1] - y0) * ux)
    if side >= reach:
        return rest
    enter = along - math.sqrt(reach * reach - side * side)
    if enter <= 0.0:
        return None  # within reach now or behind: the bound's other ways
    # The speed along the path falls (or rises) at a constant rate.
    acc = 2.0 * (ball.cx2 * ux + ball.cy2 * uy)
    if acc == 0.0:
        return enter / v
    disc = v * v + 2.0 * acc * enter
    if disc < 0.0:
        return rest  # it stops short
    tau = (math.sqrt(disc) - v) / acc
    return min(tau, rest) if tau >= 0.0 else rest


def _apart(a: Line, b: Line) -> float:
    """The least distance between two line segments (a point is one of no
    length)."""
    ax0, ay0, ax1, ay1 = a
    bx0, by0, bx1, by1 = b

    def side(px: float, py: float, qx: float, qy: float, rx: float,
             ry: float) -> float:
        return (qx - px) * (ry - py) - (qy - py) * (rx - px)

    d1 = side(ax0, ay0, ax1, ay1, bx0, by0)
    d2 = side(ax0, ay0, ax1, ay1, bx1, by1)
    d3 = side(bx0, by0, bx1, by1, ax0, ay0)
    d4 = side(bx0, by0, bx1, by1, ax1, ay1)
    if d1 * d2 < 0.0 and d3 * d4 < 0.0:
        return 0.0  # they cross
    return min(_off_line(a, bx0, by0), _off_line(a, bx1, by1),
               _off_line(b, ax0, ay0), _off_line(b, ax1, ay1))


def _off_line(line: Line, px: float, py: float) -> float:
    """How far the point is from the path's line segment."""
    x0, y0, x1, y1 = line
    dx, dy = x1 - x0, y1 - y0
    span = dx * dx + dy * dy
    f = 0.0 if span == 0.0 else ((px - x0) * dx + (py - y0) * dy) / span
    f = min(1.0, max(0.0, f))
    return math.hypot(px - (x0 + f * dx), py - (y0 + f * dy))


def _deceleration(ball: Ball) -> float:
    """The size of the ball's acceleration (ball.acceleration())."""
    phase = ball.phase
    if phase is Phase.SLIDING or phase is Phase.ROLLING:
        seg = ball.seg
        return math.hypot(seg.ax, seg.ay)
    return 0.0


# The spans (s) over which a pair's relative path is taken as straight,
# the decelerations' share bounded (_along).
ALONG_SPANS = (2.0, 0.5, 0.15, 0.05, 0.02)


def _along(
    dx: float, dy: float, ux: float, uy: float, acc: float, ends: float,
    reach: float,
) -> float:
    """How long two balls' centres stay further than ``reach`` apart, from
    their relative position (dx, dy) and velocity (ux, uy) now: the
    relative path strays from the straight line by at most acc h^2 / 2 in
    h, so over a span the line must keep that much further off. ``ends``:
    when one segment ends (the longest span worth a look); 0 when this says
    nothing."""
    d2 = dx * dx + dy * dy
    uu = ux * ux + uy * uy
    du = dx * ux + dy * uy
    best = 0.0
    for span in ALONG_SPANS:
        h = min(span, ends)
        if h <= best:
            continue
        far = reach + 0.5 * acc * h * h
        if d2 <= far * far:
            continue
        if du >= 0.0 or uu == 0.0:
            return h  # parting along the line: never that near in the span
        disc = du * du - uu * (d2 - far * far)
        if disc < 0.0:
            return h  # the line passes further off
        first = (-du - math.sqrt(disc)) / uu
        best = max(best, min(first, h))
    return best


def _kept_as_is(was: BallState) -> bool:
    """Whether a ball's record from the start may stand for it at rest
    where it began (on the bed, its place in floats)."""
    return (was.where is Where.TABLE and was.pocket is None
            and type(was.x) is float and type(was.y) is float)


# Tables checked (TableState.validate) lately, by id, each kept alive with
# its id: a search's world checks its table once.
_CHECKED: dict[int, TableState] = {}
CHECKED_KEPT = 64


class QuickWorld(World):
    """world.World driven from event to event, without pymunk (module
    docstring). Only for a search: no cue stick, no audit."""

    def __init__(
        self,
        state: TableState,
        *,
        models: Models | None = None,
        motion: Mapping[int, BallMotion] | None = None,
    ) -> None:
        # When each pair (lower ball, higher) might come near, with the
        # segments' versions it was worked out from: a heap.
        self._bounds: list[tuple[float, int, int, int, int]] = []
        # When each moving ball might enter the rails' band (its version).
        self._bands: list[tuple[float, int, int]] = []
        # The balls whose motion changed since the last look (all at first).
        self._changed: set[int] = {b.ball for b in state.balls}
        self._band_roots: pace.BandCache = {}
        # The moving balls whose centre is in the rails' band: looked at
        # for cushions every window.
        self._in_band: dict[int, Ball] = {}
        # When the outcome was found decided and the rolling balls put at
        # rest (_to_rest), if it was.
        self.decided_at: float | None = None
        super().__init__(state, frame_dt=1e3, models=models, motion=motion, stick=False)
        r = self.radius
        # The balls in their order (the same ones to the end: a ball that
        # leaves play stays, off the table), and the reaches the looks use.
        self._order = [(b, self.balls[b]) for b in sorted(self.balls)]
        self._d = 2.0 * r
        self._reach = 2.0 * r + NEAR_GAP
        self._aim_reach = 2.0 * r + AIM_GAP
        if not motion:
            # The table was checked (_validate): a ball still where it
            # began rests there, and so does a pair of them.
            self._checked_rest = {
                b.ball: (b.x, b.y) for b in state.balls if b.where is Where.TABLE
            }
        # Every cushion piece lies behind a nose line (pace.horizon): no
        # ball meets one before its surface reaches one. The band begins
        # BAND_DEPTH short of that.
        reach = r + BAND_DEPTH
        self._band = (reach, self.spec.length - reach, reach, self.spec.width - reach)
        # The box a bound is worked out for is a little larger: at the
        # bound's instant the ball is inside the band, whatever the rounding
        # (a ball between the two cannot reach a cushion piece).
        inner = reach - BAND_LEAD
        self._bound_box = (inner, self.spec.length - inner, inner,
                           self.spec.width - inner)

    def _validate(
        self, state: TableState, motion: Mapping[int, BallMotion] | None
    ) -> None:
        """A search plays many strokes from one table: it is checked once."""
        if motion or _CHECKED.get(id(state)) is not state:
            super()._validate(state, motion)
            if not motion:
                if len(_CHECKED) >= CHECKED_KEPT:
                    _CHECKED.clear()
                _CHECKED[id(state)] = state

    def _cushions(self) -> tuple[CushionPiece, ...]:
        return _pieces(self.spec)

    def final_state(self) -> TableState:
        """World.final_state, a ball still where it began kept as it was
        (the same record: most balls of a search's stroke never move). A
        ball whose segment never changed (version 0) is where it began, to
        the bit, and is not made again."""
        began = {b.ball: b for b in self.initial.balls}
        out: list[BallState] = []
        for ball in self.initial.spec.balls.ids:
            if ball in self._final:
                out.append(self._final[ball])
                continue
            rec = self.balls.get(ball)
            if rec is None:
                continue
            was = began.get(ball)
            if rec.version == 0 and was is not None and _kept_as_is(was):
                out.append(was)
                continue
            x, y = rec.pos(self.t)
            now = BallState(ball, Where.TABLE, float(x), float(y))
            same = was is not None and _kept_as_is(was) and was.x == now.x \
                and was.y == now.y
            out.append(was if same and was is not None else now)
        return TableState(self.initial.table, tuple(out))

    def _make_bodies(self, pieces: tuple[CushionPiece, ...]) -> None:
        self.bodies = NoBodies(self.radius)  # type: ignore[assignment]
        self.history = NoHistory(self.radius, self.g)
        self.space = None  # type: ignore[assignment]

    def _lines_read(self) -> tuple[tuple[str, int, float], ...]:
        # A referee reads only the cue ball's crossing of the head string
        # (the kitchen's rules; the lag's long string is played through the
        # full physics).
        return tuple(line for line in table_lines(self.spec) if line[0] == HEAD_STRING)

    def motion_event(self, ball: Ball, old: Phase, t: float) -> None:
        """Only the cue ball's changes of phase (its way over the table, at
        each event, is what a player reads of a scratch's risk) and a ball
        coming to rest are logged: a referee reads no other after the
        stroke (a ball still for a while and then pocketed hung on the lip,
        general rule 25)."""
        if ball.phase is Phase.STATIONARY or ball.ball == self.spec.balls.cue_ball:
            super().motion_event(ball, old, t)

    def _scheduled(self, ball: Ball, t: float) -> None:
        """World._scheduled without what only pymunk and playback read (no
        bodies to set, no segments kept): it runs at every change of a
        ball's motion."""
        self._changed.add(ball.ball)
        self.near.changed()
        self._vmax = -1.0
        if ball.moving:
            self._moving[ball.ball] = ball
        else:
            self._moving.pop(ball.ball, None)
        self.instants.plan(ball, t)

    def _start_script(self, ball: Ball, script: Any, v_in: Any) -> None:
        self._changed.add(ball.ball)
        super()._start_script(ball, script, v_in)

    # -- the loop ----------------------------------------------------------------------
    def run_until(self, until: float) -> bool:
        if self.done:
            return True
        if not self._begun:
            self._begin()
        near = self.near
        while self.t < until:
            if not self._moving:
                if self._idle():
                    return True
                continue
            # What a kick inside the last window added goes first: the
            # look below decides what is near now.
            if near.provisional_pairs or near.provisional_cushions:
                near.drop_provisional()
            if self._look(self.t) and self._decided():
                self._to_rest()
                continue
            lo = self.t
            hi = min(lo + WINDOW_MAX, self._next_change(), until)
            hi = min(hi, self._next_bound(lo))
            if near.near_pairs or near.near_cushions or self._in_band or \
                    self.flight.flying or self.falls.falling:
                active = self._active()
                if active:
                    dt, _ = pace.step_size(active, lo, self.flight, -1.0, None)
                    if lo + dt < hi:
                        hi = lo + dt
            self.stats.steps += 1
            self.contacts.step = self.stats.steps
            self._step_hi = hi
            self._process(lo, hi)
            self._step_hi = -math.inf
            if self.flight.flying:
                self.flight.step(lo, hi)
            if hi - self._last_tighten >= TIGHTEN_EVERY:
                self._last_tighten = hi
                for ball in self._moving.values():
                    ball.tighten(hi)
                if hi > MAX_SIM_TIME:
                    raise PhysicsError("the balls did not come to rest")
        return False

    def _decided(self) -> bool:
        """Whether the shot's outcome is decided: every moving ball rolls
        (straight on to where it stops) and no ball's path to rest comes
        near another ball's, a cushion or a pocket."""
        near = self.near
        if near.near_pairs or near.near_cushions or self._in_band:
            return False
        if self.flight.flying or self.falls.falling:
            return False
        t = self.t
        movers = self._moving
        for ball in movers.values():
            if ball.phase is not Phase.ROLLING or ball.script is not None:
                return False
        lo_x, hi_x, lo_y, hi_y = self._band
        reach = self._reach
        # Each moving ball's path against every other ball's, the balls at
        # rest a point each (at its place whatever t, _sweep); two at rest
        # are never looked at. Every test is the same either way round.
        lines: list[Line] = []
        still: list[tuple[float, float]] = []
        for _, ball in self._order:
            if not ball.on_table:
                continue
            if ball.moving:
                line = _straight(ball, t, ball.t_end)
                if line is None:
                    return False
                x0, y0, x1, y1 = line
                if not (lo_x < min(x0, x1) and max(x0, x1) < hi_x
                        and lo_y < min(y0, y1) and max(y0, y1) < hi_y):
                    return False  # it may reach a cushion or a pocket
                lines.append(line)
            else:
                still.append((ball.cx0, ball.cy0))
        for i, line in enumerate(lines):
            x0, y0, x1, y1 = line
            lx, hx = (x0, x1) if x0 < x1 else (x1, x0)
            ly, hy = (y0, y1) if y0 < y1 else (y1, y0)
            for other in lines[i + 1:]:
                u0, v0, u1, v1 = other
                if (min(u0, u1) - hx > reach or lx - max(u0, u1) > reach
                        or min(v0, v1) - hy > reach or ly - max(v0, v1) > reach):
                    continue  # their boxes are apart
                if _apart(line, other) <= reach:
                    return False
            for x, y in still:
                if x - hx > reach or lx - x > reach or y - hy > reach or ly - y > reach:
                    continue
                if _apart(line, (x, y, x, y)) <= reach:
                    return False
        return True

    def _to_rest(self) -> None:
        """The outcome is decided (_decided): every rolling ball is put
        where its roll ends, at rest, without the steps between (its side
        spin running out and the lines it crosses on the way are nothing a
        referee reads once no ball can meet another)."""
        cloth = self.models.cloth
        self.decided_at = self.t
        for b in sorted(self._moving):
            ball = self._moving[b]
            end = ball.t_end
            ball.start_on_cloth(end, ball.pos(end), (0.0, 0.0), (0.0, 0.0, 0.0),
                                cloth)
            self.history.record(ball, end)
        self._moving.clear()
        self.near.changed()

    def _next_change(self) -> float:
        """The first instant on the schedule that may change a moving
        ball's motion: the end of its segment (a line crossed changes
        nothing and does not end a window; with a ball in the air or
        falling, anything may)."""
        if self.flight.flying or self.falls.falling:
            return self.schedule.next_time(self.balls)
        first = math.inf
        for ball in self._moving.values():
            if ball.t_end < first:
                first = ball.t_end
        return first

    def _next_bound(self, lo: float) -> float:
        """The earliest pair's or band's bound still valid (those of
        segments since changed are dropped), no earlier than ``lo``."""
        balls = self.balls
        bounds = self._bounds
        while bounds:
            _, a, b, va, vb = bounds[0]
            ra, rb = balls[a], balls[b]
            if ra.version == va and rb.version == vb and ra.on_table and rb.on_table:
                break
            heapq.heappop(bounds)
        bands = self._bands
        while bands:
            _, b, v = bands[0]
            ball = balls[b]
            if ball.version == v and ball.on_table:
                break
            heapq.heappop(bands)
        first = min(bounds[0][0] if bounds else math.inf,
                    bands[0][0] if bands else math.inf)
        return max(first, lo)

    def _active(self) -> dict[int, Ball]:
        """The moving balls near something (or in the air, falling, in a
        cushion's grip): the window is as short as they need."""
        near = self.near
        out: dict[int, Ball] = {}
        for first, second in near.near_pairs.values():
            if first.moving:
                out[first.ball] = first
            if second.moving:
                out[second.ball] = second
        for (b, _), ball in near.near_cushions.items():
            if ball.moving:
                out[b] = ball
        for b, ball in self._moving.items():
            if ball.phase is Phase.AIRBORNE or ball.script is not None:
                out[b] = ball
        out.update(self._in_band)
        return out

    def _look(self, t: float) -> bool:
        """At a window's start: the bounds of the balls whose motion changed
        worked out again, and the pairs and cushions due looked at. Whether
        anything was (the shot may be decided now)."""
        bounds = self._bounds
        bands = self._bands
        near = self.near
        if not (self._changed or near.near_pairs or near.near_cushions
                or self._in_band) and (not bounds or bounds[0][0] > t) \
                and (not bands or bands[0][0] > t):
            return False  # nothing changed, nothing due, nothing near
        balls = self.balls
        news = bool(self._changed)
        changed = sorted(self._changed)
        self._changed.clear()
        done: set[int] = set()
        for b in changed:
            ball = balls.get(b)
            if ball is None or not ball.on_table:
                continue
            # A ball that stopped: the pairs of the moving ones with it.
            self._pair_bounds(ball, t, done)
            if ball.moving:
                self._band_bound(ball, t)
            done.add(b)
        while bounds and bounds[0][0] <= t:
            _, a, b, va, vb = heapq.heappop(bounds)
            ra, rb = balls[a], balls[b]
            stale = ra.version != va or rb.version != vb
            if stale or not (ra.on_table and rb.on_table):
                continue
            news = True
            self._pair_bound(ra, rb, t)
        bands = self._bands
        while bands and bands[0][0] <= t:
            _, b, v = heapq.heappop(bands)
            ball = balls[b]
            if ball.version == v and ball.on_table:
                self._in_band[b] = ball  # looked at from now on
        self._pairs_apart(t)
        self._cushions_near(t)
        return news

    def _pair_bounds(self, ball: Ball, t: float, done: set[int]) -> None:
        """A ball's bounds against every other ball on the bed (but
        those of ``done``, whose bounds with it are worked out already)."""
        balls = self.balls
        reach = self._reach
        if ball.phase is Phase.AIRBORNE:
            return
        if not ball.moving and ball.script is None:
            # At rest: only the moving balls, each from its own path.
            x, y = ball.cx0, ball.cy0
            for b in sorted(self._moving):
                other = balls[b]
                if b in done or other.phase is Phase.AIRBORNE:
                    continue
                if other.script is None:
                    ox0, ox1, oy0, oy1, end = _sweep(other, t)
                    if (x < ox0 - reach or x > ox1 + reach or y < oy0 - reach
                            or y > oy1 + reach):
                        continue
                    line = _straight(other, t, end)
                    if line is not None and _off_line(line, x, y) > reach:
                        continue
                self._pair_bound(ball, other, t)
            return
        # Moving (a ball in a cushion's grip moves too): every other ball.
        ax0, ax1, ay0, ay1, end = _sweep(ball, t)
        ax0 -= reach
        ax1 += reach
        ay0 -= reach
        ay1 += reach
        line = _straight(ball, t, end)
        pair_bound = self._pair_bound
        for b, other in self._order:
            if other is ball or b in done or not other.on_table:
                continue
            if not other.moving and other.script is None:
                # At rest: its box is a point (other.pos, written out).
                x, y = other.cx0, other.cy0
                if x < ax0 or x > ax1 or y < ay0 or y > ay1:
                    continue  # apart until the ball's segment ends
                if line is not None and _off_line(line, x, y) > reach:
                    continue  # its straight path passes further off
            pair_bound(ball, other, t)

    def _pair_bound(self, a: Ball, b: Ball, t: float) -> None:
        """The pair near now (into the near pairs), or the instant before
        which it cannot be (onto the heap); nothing while neither moves or
        one is in the air."""
        if not (a.moving or b.moving):
            return
        airborne = Phase.AIRBORNE
        if a.phase is airborne or b.phase is airborne:
            return
        if a.ball > b.ball:
            a, b = b, a
        near = self.near
        if a.script is not None or b.script is not None:
            if (a.ball, b.ball) not in near.near_pairs:
                near.pair_near(a, b)
            return
        # a.pos(t), b.pos(t), a.vel(t) and b.vel(t), written out (neither
        # follows a script): this runs for every pair looked at.
        a_end, b_end = a.t_end, b.t_end
        ta = a_end if t > a_end else t
        tb = b_end if t > b_end else t
        ax = a.cx0 + ta * (a.cx1 + ta * a.cx2)
        ay = a.cy0 + ta * (a.cy1 + ta * a.cy2)
        bx = b.cx0 + tb * (b.cx1 + tb * b.cx2)
        by = b.cy0 + tb * (b.cy1 + tb * b.cy2)
        gap = math.hypot(bx - ax, by - ay) - self._d
        if gap <= NEAR_GAP:
            if (a.ball, b.ball) not in near.near_pairs:
                near.pair_near(a, b)
            return
        gap -= AIM_GAP
        # _apart_to_the_end, written out.
        reach = self._reach
        sx0, sx1, sy0, sy1, _ = _sweep(a, t)
        ox0, ox1, oy0, oy1, _ = _sweep(b, t)
        if ox0 - sx1 > reach or sx0 - ox1 > reach or oy0 - sy1 > reach \
                or sy0 - oy1 > reach:
            return  # not before one of them changes its motion
        ux = b.cx1 + 2.0 * tb * b.cx2 - (a.cx1 + 2.0 * ta * a.cx2)
        uy = b.cy1 + 2.0 * tb * b.cy2 - (a.cy1 + 2.0 * ta * a.cy2)
        # a.acceleration() and b.acceleration(), their sizes.
        acc = (_deceleration(a) + _deceleration(b))
        h = pace.closing_time(math.hypot(ux, uy), acc, gap)
        if h == math.inf:
            return
        ends = (a_end if a_end < b_end else b_end) - t
        h = max(h, _along(bx - ax, by - ay, ux, uy, acc, ends, self._aim_reach))
        if not (a.moving and b.moving):
            mover, q = (a, (bx, by)) if a.moving else (b, (ax, ay))
            exact = _reach_on_line(mover, q, t, self._aim_reach)
            if exact is not None:
                h = max(h, exact)
        due = min(t + h, a_end, b_end)
        if due - t < MIN_BOUND:  # as good as near now
            if (a.ball, b.ball) not in near.near_pairs:
                near.pair_near(a, b)
            return
        heapq.heappush(self._bounds, (due, a.ball, b.ball, a.version, b.version))

    def _pairs_apart(self, t: float) -> None:
        """Near pairs whose gap has opened again leave the near pairs (and
        get a bound)."""
        near = self.near
        if not near.near_pairs:
            return
        for key in sorted(near.near_pairs):
            a, b = near.near_pairs[key]
            if a.phase is Phase.AIRBORNE or b.phase is Phase.AIRBORNE:
                near.pair_apart(a, b)
                continue
            if a.script is not None or b.script is not None:
                continue
            (ax, ay), (bx, by) = a.pos(t), b.pos(t)
            if math.hypot(bx - ax, by - ay) - 2.0 * self.radius > NEAR_GAP:
                near.pair_apart(a, b)
                self._pair_bound(a, b, t)
            elif not (a.moving or b.moving):
                near.pair_apart(a, b)
            else:
                self._parting(a, b, t)

    def _parting(self, a: Ball, b: Ball, t: float) -> None:
        """A near pair moving apart (after their contact) leaves the near
        pairs until they could touch again: their distance grows at its
        rate now, less at most what their decelerations take off it (the
        distance is at least its part along the line between them now), so
        a pair that parts stays apart for a while, and its windows need not
        be as short as a contact's."""
        a_end, b_end = a.t_end, b.t_end
        ta = a_end if t > a_end else t
        tb = b_end if t > b_end else t
        dx = b.cx0 + tb * (b.cx1 + tb * b.cx2) - (a.cx0 + ta * (a.cx1 + ta * a.cx2))
        dy = b.cy0 + tb * (b.cy1 + tb * b.cy2) - (a.cy0 + ta * (a.cy1 + ta * a.cy2))
        ux = b.cx1 + 2.0 * tb * b.cx2 - (a.cx1 + 2.0 * ta * a.cx2)
        uy = b.cy1 + 2.0 * tb * b.cy2 - (a.cy1 + 2.0 * ta * a.cy2)
        dist = math.hypot(dx, dy)
        if dist == 0.0:
            return
        rate = (dx * ux + dy * uy) / dist
        if rate <= PARTING_RATE:
            return
        acc = _deceleration(a) + _deceleration(b)
        gap = max(dist - self._d, 0.0) + PARTING_SLACK
        if acc == 0.0:
            h = math.inf
        else:
            # dist + rate h - acc h^2 / 2 = 2 r - slack: the later root.
            h = (rate + math.sqrt(max(rate * rate + 2.0 * acc * gap, 0.0))) / acc
        due = min(t + PARTING_SHARE * h, a_end, b_end)
        if due - t < PARTING_MIN:
            return
        self.near.pair_apart(a, b)
        heapq.heappush(self._bounds, (due, a.ball, b.ball, a.version, b.version))

    def _band_bound(self, ball: Ball, t: float) -> None:
        """When the moving ball's centre may next come within reach of a
        cushion piece (the rails' band), onto the heap; nothing if it is
        there now (it is looked at every window) or in the air."""
        if ball.phase is not Phase.SLIDING and ball.phase is not Phase.ROLLING:
            return
        if ball.script is not None:
            return
        h = pace.band_entry(ball, t, self._bound_box, self._band_roots)
        if h <= 0.0:
            self._in_band[ball.ball] = ball
        elif t + h < ball.t_end:
            heapq.heappush(self._bands, (t + h, ball.ball, ball.version))

    def _cushions_near(self, t: float) -> None:
        """The cushion pieces within reach of each moving ball in the band
        are its near cushions for the window; none for the others. (A ball
        joins the band at its bound or when its motion changes there.)"""
        near = self.near
        if not self._in_band and not near.near_cushions:
            return
        lo_x, hi_x, lo_y, hi_y = self._band
        reach = self.radius + NEAR_GAP
        pieces = near.pieces
        grid = _piece_grid(self.spec, pieces, reach)
        want: set[tuple[int, int]] = set()
        in_band = self._in_band
        for b in sorted(in_band):
            ball = in_band[b]
            if ball.phase is Phase.AIRBORNE or not ball.moving or not ball.on_table:
                del in_band[b]
                continue
            x, y = ball.pos(t)
            if lo_x < x < hi_x and lo_y < y < hi_y:
                # Back from the band: when it may enter it again.
                del in_band[b]
                self._band_bound(ball, t)
                continue
            for i in grid.get((int(x // GRID_CELL), int(y // GRID_CELL)), ()):
                piece = pieces[i]
                p = (x, y)
                if math.dist(closest_point(piece, p), p) < reach + piece.radius:
                    want.add((b, i))
        for key in sorted(near.near_cushions):
            if key not in want:
                near.cushion_apart(near.near_cushions[key], key[1])
        for key in sorted(want):
            if key not in near.near_cushions:
                near.cushion_near(self.balls[key[0]], key[1])
