"""What is near, and which of it can touch in a step.

Pymunk only says which balls and cushion pieces have come near (each
ball's shape is PAD larger than the ball, and no ball moves that far in a
step); the world adds what pymunk cannot have seen yet (a ball kicked
inside a step, a ball back on the bed). For every near pair this module
works out, from the closed forms, the instant in a step at which the two
surfaces touch (touch.py): the candidates the world resolves in time
order (contacts.py). A pair whose gap cannot close for a while is not
solved for again until it could.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from simulator.physics.balls import Ball, Vec2
from simulator.physics.touch import cushion_touch, pair_touch
from simulator.table.events import Phase
from simulator.table.geometry import CushionPiece, closest_point
from simulator.table.specs import TableSpec

# Each ball's shape is this much larger than the ball: pymunk reports pairs
# that come this close, and no ball moves further in a step, so no contact
# can happen between two steps without its pair being reported (and none is
# missed inside a step: the instants are solved for, and a ball cannot cross
# a cushion piece or another ball in one step).
PAD = 0.012
PAIR = 0
CUSHION = 1
# The share of the time a gap needs to close at the balls' speed bounds that
# a near pair is left unexamined (the rest is margin for rounding).
SAFE_MARGIN = 0.9

# A lasting contact's next look (contacts.py): (kind, a, b) -> the time
# before which it is not looked at.
Resting = dict[tuple[int, int, int], float]
PairRow = tuple[tuple[int, int], Ball, Ball]
Box = tuple[float, float, float, float]


class Candidate(NamedTuple):
    """A contact due at ``time``; ordered by time, then kind and balls (a
    tuple: compared in C, for the step's min and sort)."""

    time: float
    kind: int
    a: int
    b: int  # the other ball, or the cushion piece's index


_BOXES: dict[int, tuple[TableSpec, list[Box]]] = {}


def piece_boxes(spec: TableSpec, pieces: tuple[CushionPiece, ...]) -> list[Box]:
    """Each piece's box, its rounding included: (x min, x max, y min, y max),
    worked out once per table."""
    kept = _BOXES.get(id(spec))
    if kept is not None and kept[0] is spec:
        return kept[1]
    boxes = [
        (
            min(pc.a[0], pc.b[0]) - pc.radius,
            max(pc.a[0], pc.b[0]) + pc.radius,
            min(pc.a[1], pc.b[1]) - pc.radius,
            max(pc.a[1], pc.b[1]) + pc.radius,
        )
        for pc in pieces
    ]
    _BOXES[id(spec)] = (spec, boxes)
    return boxes


class Near:
    """The near pairs and cushions, and their contacts due in each step."""

    def __init__(
        self,
        spec: TableSpec,
        balls: dict[int, Ball],
        pieces: tuple[CushionPiece, ...],
        radius: float,
    ) -> None:
        self.spec = spec
        self.balls = balls
        self.pieces = pieces
        self.radius = radius
        self._piece_boxes = piece_boxes(spec, pieces)
        # The lasting contacts' next looks: set by the contacts, read here.
        self.resting: Resting = {}
        self.near_pairs: dict[tuple[int, int], tuple[Ball, Ball]] = {}
        self.near_cushions: dict[tuple[int, int], Ball] = {}
        # A near pair that cannot touch before a time, while neither ball's
        # segment changes: (version of a, version of b, that time).
        self._safe: dict[tuple[int, int], tuple[int, int, float]] = {}
        # The same for a ball near a cushion piece: (its version, that time).
        self._safe_cushion: dict[tuple[int, int], tuple[int, float]] = {}
        # No near pair or cushion can touch before this time while no ball's
        # segment changes and nothing new comes near (reset to -inf then): a
        # step ending by then needs no look at its contacts.
        self.quiet_until = -math.inf
        self._active: bool | None = None
        self._pair_keys: list[tuple[int, int]] | None = None
        self._cushion_keys: list[tuple[int, int]] | None = None
        self._pair_rows: list[PairRow] | None = None
        self._pair_index: dict[int, list[int]] = {}
        self._cushion_rows: list[tuple[int, Ball]] | None = None
        # What a kick inside a step added (look_in_step), dropped before the
        # next step.
        self.provisional_pairs: list[tuple[Ball, Ball]] = []
        self.provisional_cushions: list[tuple[Ball, int]] = []

    # -- what pymunk found ----------------------------------------------------------
    def pair_near(self, a: Ball, b: Ball) -> None:
        key = (a.ball, b.ball) if a.ball < b.ball else (b.ball, a.ball)
        self.near_pairs[key] = (a, b) if a.ball < b.ball else (b, a)
        self._pair_keys = None
        self.quiet_until = -math.inf
        self._active = None

    def pair_apart(self, a: Ball, b: Ball) -> None:
        key = (a.ball, b.ball) if a.ball < b.ball else (b.ball, a.ball)
        if self.near_pairs.pop(key, None) is not None:
            self._pair_keys = None
            self._active = None

    def cushion_near(self, ball: Ball, piece: int) -> None:
        self.near_cushions[(ball.ball, piece)] = ball
        self._cushion_keys = None
        self.quiet_until = -math.inf
        self._active = None

    def cushion_apart(self, ball: Ball, piece: int) -> None:
        if self.near_cushions.pop((ball.ball, piece), None) is not None:
            self._cushion_keys = None
            self._active = None

    def forget(self, ball: int) -> None:
        for key in [k for k in self.near_pairs if ball in k]:
            del self.near_pairs[key]
        for ckey in [k for k in self.near_cushions if k[0] == ball]:
            del self.near_cushions[ckey]
        self._pair_keys = self._cushion_keys = None
        self._active = None

    def keys(self) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """The near pairs and cushions in a fixed order (sorted once)."""
        if self._pair_keys is None:
            self._pair_keys = sorted(self.near_pairs)
            self._pair_rows = None
        if self._cushion_keys is None:
            self._cushion_keys = sorted(self.near_cushions)
            self._cushion_rows = None
        return self._pair_keys, self._cushion_keys

    def _rows(
        self, only: set[int] | None
    ) -> tuple[list[PairRow], list[tuple[int, Ball]]]:
        """The near pairs (key, a, b) and cushions (piece, ball) in the fixed
        order, all or those with a ball of ``only``."""
        self.keys()
        if self._pair_rows is None:
            near = self.near_pairs
            rows = [(key, *near[key]) for key in self._pair_keys or ()]
            self._pair_rows = rows
            index: dict[int, list[int]] = {}
            for i, (key, _, _) in enumerate(rows):
                index.setdefault(key[0], []).append(i)
                index.setdefault(key[1], []).append(i)
            self._pair_index = index
        if self._cushion_rows is None:
            cush = self.near_cushions
            self._cushion_rows = [(k[1], cush[k]) for k in self._cushion_keys or ()]
        pairs, cushions = self._pair_rows, self._cushion_rows
        if only is None:
            return pairs, cushions
        index = self._pair_index
        if len(only) == 1:
            (b,) = only
            picked = index.get(b, ())
        else:
            picked = sorted({i for b in only for i in index.get(b, ())})
        return [pairs[i] for i in picked], [
            row for row in cushions if row[1].ball in only
        ]

    def changed(self) -> None:
        """A ball's motion changed: what was worked out from the old motion
        (quiet_until, active) is worked out again."""
        self.quiet_until = -math.inf
        self._active = None

    def active(self) -> bool:
        """Whether any near pair has a moving ball in it (kept until a ball's
        motion or the near lists change: asked at every step)."""
        if self._active is None:
            self._active = any(
                a.moving or b.moving for a, b in self.near_pairs.values()
            ) or any(ball.moving for ball in self.near_cushions.values())
        return self._active

    # -- what the world finds near itself --------------------------------------------
    def look_in_step(self, ball: Ball, t: float) -> None:
        """A ball kicked inside a step: pymunk looked for what is near it
        along the path it had before, and a ball sent back the way it came
        can meet, before the step ends, a cushion or a ball its old path had
        left behind. What is within a step's travel of it now is added for
        the rest of the step (pymunk sees the new path from the next one)."""
        p = ball.pos(t)
        px, py = p
        r = self.radius
        near_pairs = self.near_pairs
        reach = 2.0 * (r + PAD)
        me = ball.ball
        airborne = Phase.AIRBORNE
        for b, other in self.balls.items():
            if other is ball or not other.on_table or other.phase is airborne:
                continue
            if not other.moving:
                # At rest: other.pos(t) whatever t (its other terms zero).
                qx, qy = other.cx0, other.cy0
            elif other.script is None:
                # other.pos(t), written out: this runs for every ball.
                tt = t if t <= other.t_end else other.t_end
                qx = other.cx0 + tt * (other.cx1 + tt * other.cx2)
                qy = other.cy0 + tt * (other.cy1 + tt * other.cy2)
            else:
                qx, qy = other.pos(t)
            if abs(qx - px) >= reach or abs(qy - py) >= reach:
                continue
            key = (me, b) if me < b else (b, me)
            if key in near_pairs:
                continue
            if math.dist((qx, qy), p) < reach:
                self.pair_near(ball, other)
                self.provisional_pairs.append((ball, other))
        self._cushions_in_step(ball, p)

    def _cushions_in_step(self, ball: Ball, p: Vec2) -> None:
        """look_in_step for the cushion pieces."""
        spec = self.spec
        edge = self.radius + 2.0 * PAD
        x, y = p
        if edge < x < spec.length - edge and edge < y < spec.width - edge:
            return  # every cushion piece lies behind a nose line
        reach = self.radius + PAD
        me = ball.ball
        for i, (x0, x1, y0, y1) in enumerate(self._piece_boxes):
            if x < x0 - reach or x > x1 + reach or y < y0 - reach or y > y1 + reach:
                continue
            if (me, i) in self.near_cushions:
                continue
            piece = self.pieces[i]
            if math.dist(closest_point(piece, p), p) < reach + piece.radius:
                self.cushion_near(ball, i)
                self.provisional_cushions.append((ball, i))

    def drop_provisional(self) -> None:
        """Before the next step: what look_in_step added goes (pymunk
        reports it again if it is near the ball's new path)."""
        for a, b in self.provisional_pairs:
            self.pair_apart(a, b)
        for ball, i in self.provisional_cushions:
            self.cushion_apart(ball, i)
        self.provisional_pairs.clear()
        self.provisional_cushions.clear()

    def look_around(self, ball: Ball, t: float) -> None:
        """A ball back on the bed: pymunk has not seen its shape there yet (it
        flew over everything), so what is near it is looked up at once."""
        p = ball.pos(t)
        reach = 2.0 * (self.radius + PAD)
        for b in sorted(self.balls):
            other = self.balls[b]
            if other is ball or not other.on_table or other.phase is Phase.AIRBORNE:
                continue
            if math.dist(other.pos(t), p) < reach:
                self.pair_near(ball, other)
        for i, piece in enumerate(self.pieces):
            if math.dist(closest_point(piece, p), p) < self.radius + PAD + piece.radius:
                self.cushion_near(ball, i)

    # -- candidates -----------------------------------------------------------------
    def candidates(
        self, lo: float, hi: float, only: set[int] | None = None
    ) -> list[Candidate]:
        """Every contact due in (lo, hi], at its instant: for all near pairs,
        or only those with one of the balls ``only``."""
        if not self.near_pairs and not self.near_cushions:
            # Nothing near: nothing due, and nothing to wait for.
            if only is None:
                self.quiet_until = math.inf
            return []
        out: list[Candidate] = []
        pair_rows = self._pair_rows
        cushion_rows = self._cushion_rows
        if (
            only is not None
            or pair_rows is None
            or cushion_rows is None
            or self._pair_keys is None
            or self._cushion_keys is None
        ):
            # Something came near or went, or only some balls are asked
            # about (the full look's rows, kept, are the common case).
            pair_rows, cushion_rows = self._rows(only)
        quiet = self._pair_candidates(pair_rows, lo, hi, out)
        quiet = self._cushion_candidates(cushion_rows, lo, hi, out, quiet)
        if only is None:
            self.quiet_until = quiet
        return out

    def _pair_candidates(
        self, rows: list[PairRow], lo: float, hi: float, out: list[Candidate]
    ) -> float:
        """The pairs' contacts due in (lo, hi] into ``out``; until when none
        of these pairs can touch."""
        d = 2.0 * self.radius
        resting = self.resting
        safe = self._safe
        quiet = math.inf
        airborne = Phase.AIRBORNE
        for key, a, b in rows:
            # Both in play (on the bed) and one moving.
            if not (a.moving or b.moving) or not (
                a.on_table
                and b.on_table
                and a.phase is not airborne
                and b.phase is not airborne
            ):
                continue
            kept = safe.get(key)
            if (
                kept is not None
                and hi <= kept[2]
                and kept[0] == a.version
                and kept[1] == b.version
            ):
                if kept[2] < quiet:
                    quiet = kept[2]
                continue  # their gap cannot close before kept[2]
            start = max(lo, resting.get((PAIR, *key), lo)) if resting else lo
            end = min(hi, a.t_end, b.t_end)
            if end <= start:
                if start < quiet:
                    quiet = start
                continue
            t = pair_touch(a, b, start, end, d)
            if t is not None:
                out.append(Candidate(t, PAIR, a.ball, b.ball))
                quiet = -math.inf
                continue
            until = end
            if a.script is None and b.script is None:
                # No touch this step: until when none is possible (near pairs
                # of a rack drifting apart are otherwise solved for at every
                # step). Their relative velocity is linear in time, so its
                # size is largest at one end of their common segment: the gap
                # closes no faster than that. (Written out: this runs for
                # every near pair at every step.)
                t_seg = a.t_end if a.t_end < b.t_end else b.t_end
                # a.pos(start) and b.pos(start), written out (start <= end
                # is within both segments).
                gap = (
                    math.hypot(
                        b.cx0 + start * (b.cx1 + start * b.cx2)
                        - (a.cx0 + start * (a.cx1 + start * a.cx2)),
                        b.cy0 + start * (b.cy1 + start * b.cy2)
                        - (a.cy0 + start * (a.cy1 + start * a.cy2)),
                    )
                    - d
                )
                x1, x2 = b.cx1 - a.cx1, b.cx2 - a.cx2
                y1, y2 = b.cy1 - a.cy1, b.cy2 - a.cy2
                u0 = math.hypot(x1 + 2.0 * start * x2, y1 + 2.0 * start * y2)
                if t_seg < math.inf:
                    u1 = math.hypot(x1 + 2.0 * t_seg * x2, y1 + 2.0 * t_seg * y2)
                    bound = u0 if u0 > u1 else u1
                else:
                    bound = u0  # both at rest or one: no acceleration
                if gap > 0.0:
                    if bound > 0.0:
                        until = min(start + SAFE_MARGIN * gap / bound, t_seg)
                    else:
                        until = t_seg
                    safe[key] = (a.version, b.version, until)
                    if until < end:
                        until = end
            if until < quiet:
                quiet = until
        return quiet

    def _cushion_candidates(
        self,
        rows: list[tuple[int, Ball]],
        lo: float,
        hi: float,
        out: list[Candidate],
        quiet: float,
    ) -> float:
        """The cushions' contacts due in (lo, hi] into ``out``; until when
        none of these or the pairs (``quiet``) can touch."""
        resting = self.resting
        safe_cushion = self._safe_cushion
        reach = self.radius
        airborne = Phase.AIRBORNE
        for piece_index, ball in rows:
            if not ball.moving or not ball.on_table or ball.phase is airborne:
                continue
            if ball.script is not None:
                quiet = -math.inf  # in a cushion's grip: looked at every step
                continue
            ckey = (ball.ball, piece_index)
            ckept = safe_cushion.get(ckey)
            if ckept is not None and ckept[0] == ball.version and hi <= ckept[1]:
                if ckept[1] < quiet:
                    quiet = ckept[1]
                continue
            start = max(lo, resting.get((CUSHION, *ckey), lo)) if resting else lo
            end = min(hi, ball.t_end)
            if end <= start:
                if start < quiet:
                    quiet = start
                continue
            piece = self.pieces[piece_index]
            t = cushion_touch(ball, piece, start, end, self.radius)
            if t is not None:
                out.append(Candidate(t, CUSHION, ball.ball, piece_index))
                quiet = -math.inf
                continue
            until = end
            bound = ball.speed_bound
            if bound > 0.0:
                # No touch this step: until when none is possible, at its
                # speed bound or from the piece's line.
                p = ball.pos(start)
                gap = math.dist(p, closest_point(piece, p)) - reach - piece.radius
                if gap > 0.0:
                    safe_until = start + SAFE_MARGIN * gap / bound
                    line = self._line_safe(ball, piece, p, start)
                    if line > safe_until:
                        safe_until = line
                    until = min(safe_until, ball.t_end)
                    safe_cushion[ckey] = (ball.version, until)
                    if until < end:
                        until = end
            if until < quiet:
                quiet = until
        return quiet

    def _line_safe(
        self, ball: Ball, piece: CushionPiece, p: Vec2, start: float
    ) -> float:
        """Until when the ball cannot reach a straight piece, from its line:
        the centre is no nearer the piece than the line through it, and its
        velocity is linear in time, so its speed towards the line is largest
        at one end of the segment (a ball rolling along a rail never comes
        nearer). -inf when this says nothing."""
        ax, ay = piece.a
        dx, dy = piece.b[0] - ax, piece.b[1] - ay
        length = math.hypot(dx, dy)
        if length == 0.0:
            return -math.inf
        # The line's unit normal, towards the ball.
        nx, ny = -dy / length, dx / length
        side = (p[0] - ax) * nx + (p[1] - ay) * ny
        if side < 0.0:
            nx, ny, side = -nx, -ny, -side
        gap = side - self.radius - piece.radius
        if gap <= 0.0:
            return -math.inf
        t_end = ball.t_end
        if t_end == math.inf:
            return -math.inf
        # Speed towards the line at the two ends (velocity from the
        # segment's polynomials, as ball.vel has it).
        c1x, c2x, c1y, c2y = ball.cx1, ball.cx2, ball.cy1, ball.cy2
        a0 = -((c1x + 2.0 * start * c2x) * nx + (c1y + 2.0 * start * c2y) * ny)
        a1 = -((c1x + 2.0 * t_end * c2x) * nx + (c1y + 2.0 * t_end * c2y) * ny)
        closing = a0 if a0 > a1 else a1
        if closing <= 0.0:
            return t_end
        return start + SAFE_MARGIN * gap / closing
