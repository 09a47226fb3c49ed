"""python -m simulator.tools.stress: random strokes on random layouts, every result
checked. A tool for finding physics failures, not a benchmark.

Layouts of 2-16 balls on all four tables: scattered balls, frozen clusters
(racks, lines, pairs), balls frozen to rails and resting in pocket mouths;
strokes across the whole documented range (cue speed up to 15 m/s, tip
offsets up to 0.95 R, elevation up to 89 degrees, follow-through and contact
time). Every other stroke is an edge case instead: balls placed exactly on
the table's lines and points (drop lines, mouth lines and edges, jaw tips,
the touching spots of cushion noses, jaw roundings and facings), on them,
1e-12 m and 1e-9 m either side, some already moving there; and strokes whose
values sit at the ends of their ranges (subnormal, tiny, exactly the limit).
Each result is checked for

- a final state every loader accepts (simulator.table.resting, TableState.from_dict);
- non-finite numbers anywhere in the log or the frames;
- tunnelling: on frames sampled every few milliseconds, a ball on the bed
  deep inside a cushion or another ball, outside the table, or over a
  pocket's hole past its drop line;
- the settle at rest: a correction beyond the resting rule's repair limit
  (a RestCorrectionError, counted on its own);
- lost balls: every ball accounted for, each pocketed or off-table ball with
  the event that put it there;
- energy gain once the cue has left (reference.md 9);
- run time.

Every failure is printed with its layout, a file for
``python -m simulator.physics shoot`` that reproduces it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from simulator.physics import RestCorrectionError, ShotStream
from simulator.physics.cue import MAX_CUE_SPEED, MAX_ELEVATION, MAX_OFFSET
from simulator.physics.simulate import MAX_BALL_SPEED, MAX_SPIN
from simulator.table import resting
from simulator.table.events import BallMotion, EventKind, Shot, Stroke
from simulator.table.geometry import closest_point, cushion_pieces
from simulator.table.specs import TABLES, TableSpec, Vec, rack_positions
from simulator.table.state import TableState, Where

FRAME_DT = 0.002  # s: about 2 cm of travel at 10 m/s between samples
# A ball on the bed this far inside a cushion or another ball on a frame has
# gone through it.
TUNNEL_DEPTH = 0.005
# Contacts are resolved at their instant: no frame may show two balls more
# than this inside each other (issue 11), nor a ball this far in a cushion.
FRAME_OVERLAP = 1e-4
FRAME_PRESS = 1e-3
ENERGY_SLACK = 1e-9  # J
MAX_SECONDS = 10.0  # wall time of one stroke before it counts as a failure
# A ball on the bed this far past a pocket's drop line on a frame rolls over
# the hole instead of falling (a ball starting to fall is on the bed at its
# first instant only, a hair past the line).
OVER_THE_HOLE = 1e-3
# Where an edge case puts a ball from a line or point of the table: on it,
# within rounding of it, and a nanometre either side (issue 20).
EDGE_OFFSETS = (0.0, 1e-12, -1e-12, 1e-9, -1e-9)
# Stroke values at the ends of their ranges: the smallest subnormal and
# normal floats, tiny ones, and the limits themselves.
SUBNORMAL = (5e-324, 1e-323, 1e-320, 2.2250738585072014e-308)


@dataclass
class Failure:
    index: int
    check: str
    detail: str
    layout: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "check": self.check,
            "detail": self.detail,
            "layout": self.layout,
        }


@dataclass
class Summary:
    strokes: int = 0
    failures: list[Failure] = field(default_factory=list)
    walls: list[float] = field(default_factory=list)
    by_table: dict[str, int] = field(default_factory=dict)
    worst_frame_overlap: float = 0.0  # m, two bed balls on one frame
    worst_frame_press: float = 0.0  # m, a bed ball into a cushion on a frame
    worst_overlap_at: int = -1  # the stroke that showed it
    worst_press_at: int = -1
    worst_rest_correction: float = 0.0  # m, moved at rest by the physics
    worst_rest_at: int = -1
    rest_errors: int = 0  # RestCorrectionError: beyond the repair limit
    edge_strokes: int = 0  # of them, edge cases (lines, points, limits)
    pocketed: int = 0
    airborne: int = 0

    def to_dict(self) -> dict[str, Any]:
        walls = sorted(self.walls)
        return {
            "strokes": self.strokes,
            "failures": [f.to_dict() for f in self.failures],
            "by_table": dict(sorted(self.by_table.items())),
            "wall_median_ms": 1000 * statistics.median(walls) if walls else 0.0,
            "wall_max_ms": 1000 * walls[-1] if walls else 0.0,
            "wall_total_s": math.fsum(walls),
            "worst_frame_overlap_mm": 1000 * self.worst_frame_overlap,
            "worst_frame_overlap_stroke": self.worst_overlap_at,
            "worst_frame_press_mm": 1000 * self.worst_frame_press,
            "worst_frame_press_stroke": self.worst_press_at,
            "worst_rest_correction_um": 1e6 * self.worst_rest_correction,
            "worst_rest_correction_stroke": self.worst_rest_at,
            "rest_correction_errors": self.rest_errors,
            "edge_strokes": self.edge_strokes,
            "balls_pocketed": self.pocketed,
            "strokes_with_flight": self.airborne,
        }


# -- layouts ---------------------------------------------------------------------
def _fits(spec: TableSpec, placed: dict[int, Vec], p: Vec) -> bool:
    return resting.problem(spec, {**placed, -1: p}) is None


def _rail_spot(spec: TableSpec, rng: random.Random) -> Vec:
    r = spec.balls.radius
    t = rng.random()
    return rng.choice(
        [
            (r, r + t * (spec.width - 2 * r)),
            (spec.length - r, r + t * (spec.width - 2 * r)),
            (r + t * (spec.length - 2 * r), r),
            (r + t * (spec.length - 2 * r), spec.width - r),
        ]
    )


def _mouth_spot(spec: TableSpec, rng: random.Random) -> Vec:
    """A spot in a pocket mouth, short of the drop line (may not fit)."""
    p = rng.choice(spec.pockets)
    (mx, my), (ix, iy) = p.mouth_centre, p.inward
    depth = rng.uniform(-spec.balls.radius, p.drop_depth)
    lateral = rng.uniform(-0.5, 0.5) * p.mouth_width
    return (mx + ix * depth - iy * lateral, my + iy * depth + ix * lateral)


def _frozen_spot(
    spec: TableSpec, rng: random.Random, placed: dict[int, Vec]
) -> Vec | None:
    if not placed:
        return None
    q = placed[rng.choice(sorted(placed))]
    a = rng.uniform(0.0, 2 * math.pi)
    d = 2 * spec.balls.radius
    return (q[0] + d * math.cos(a), q[1] + d * math.sin(a))


def random_layout(rng: random.Random, spec: TableSpec) -> dict[int, Vec]:
    """2-16 balls where play leaves them; the cue ball always among them."""
    r = spec.balls.radius
    count = rng.randint(2, 16)
    object_balls = list(spec.balls.object_balls)
    rng.shuffle(object_balls)
    ids = [spec.balls.cue_ball, *object_balls[: count - 1]]
    placed: dict[int, Vec] = {}
    queue = list(ids)
    if rng.random() < 0.3:
        # A rack, whole or in part, on the foot spot (frozen, or a hair apart).
        gap = rng.choice([0.0, 0.0, 1e-6, 5e-6, 5e-5, 2e-4])
        slots = rack_positions(spec, 5, gap)
        for ball, slot in zip(queue[1:], slots, strict=False):
            if _fits(spec, placed, slot):
                placed[ball] = slot
        queue = [b for b in queue if b not in placed]
    for ball in queue:
        for _ in range(60):
            kind = rng.random()
            p: Vec | None
            if kind < 0.25:
                p = _rail_spot(spec, rng)
            elif kind < 0.35:
                p = _mouth_spot(spec, rng)
            elif kind < 0.6:
                p = _frozen_spot(spec, rng, placed)
            else:
                p = (rng.uniform(r, spec.length - r), rng.uniform(r, spec.width - r))
            if p is not None and _fits(spec, placed, p):
                placed[ball] = p
                break
    if spec.balls.cue_ball not in placed:  # a crowded table: anywhere free
        for _ in range(1000):
            p = (rng.uniform(r, spec.length - r), rng.uniform(r, spec.width - r))
            if _fits(spec, placed, p):
                placed[spec.balls.cue_ball] = p
                break
    return placed


def random_stroke(
    rng: random.Random, spec: TableSpec, positions: dict[int, Vec]
) -> Stroke:
    cue = positions[spec.balls.cue_ball]
    others = [b for b in sorted(positions) if b != spec.balls.cue_ball]
    if others and rng.random() < 0.6:
        tx, ty = positions[rng.choice(others)]
        direction = math.degrees(math.atan2(ty - cue[1], tx - cue[0]))
        direction += rng.gauss(0.0, 3.0)
    else:
        direction = rng.uniform(0.0, 360.0)
    speed = rng.choice(
        [
            rng.uniform(0.01, MAX_CUE_SPEED),
            rng.uniform(0.01, 1.5),
            rng.uniform(7.0, MAX_CUE_SPEED),
        ]
    )
    off = MAX_OFFSET * math.sqrt(rng.random())
    ang = rng.uniform(0.0, 2 * math.pi)
    elevation = 0.0 if rng.random() < 0.6 else rng.uniform(0.0, MAX_ELEVATION)
    follow = 0.05 if rng.random() < 0.6 else rng.uniform(0.0, 0.5)
    contact = 0.001 if rng.random() < 0.85 else rng.uniform(0.0005, 0.2)
    return Stroke(
        direction,
        speed,
        off * math.cos(ang),
        off * math.sin(ang),
        elevation,
        follow_through=follow,
        contact_time=contact,
    )


# -- edge cases: the table's own lines and points, the ends of the ranges ---------
def _along(p: Vec, n: Vec, d: float) -> Vec:
    return (p[0] + n[0] * d, p[1] + n[1] * d)


def edge_spot(spec: TableSpec, rng: random.Random) -> tuple[str, Vec]:
    """A centre exactly on one of the table's lines or points, or a tiny
    offset from it along its normal (the spot may not fit): what it is, and
    where. For a cushion piece or a jaw tip, the line is where a ball just
    touches it."""
    r = spec.balls.radius
    off = rng.choice(EDGE_OFFSETS)
    kind = rng.randrange(6)
    p = rng.choice(spec.pockets)
    (mx, my), (ix, iy) = p.mouth_centre, p.inward
    half = p.mouth_width / 2
    # Across the mouth: anywhere, on its axis, or at its edges.
    lateral = rng.choice([rng.uniform(-half, half), 0.0, -half, half])
    if kind == 0:  # the drop line (past it: + offset)
        depth = p.drop_depth + off
    elif kind == 1:  # the mouth line, between the jaw tips
        depth = off
    elif kind == 2:  # where the mouth begins for a centre (one radius out)
        depth = -r + off
    elif kind == 3:  # the mouth's edges, from the jaw tips in
        depth = rng.choice([rng.uniform(-r, p.drop_depth), p.drop_depth, 0.0])
        lateral = math.copysign(half + off, rng.choice([-1.0, 1.0]))
    if kind <= 3:
        where = ("drop line", "mouth line", "mouth start", "mouth edge")[kind]
        return f"{where} of {p.name}", (
            mx + ix * depth - iy * lateral,
            my + iy * depth + ix * lateral,
        )
    if kind == 4:  # a ball just touching a jaw tip
        tip = rng.choice([p.jaw_a, p.jaw_b])
        a = rng.uniform(0.0, 2.0 * math.pi)
        return f"jaw tip of {p.name}", _along(tip, (math.cos(a), math.sin(a)), r + off)
    # Just touching a cushion piece (a nose, a facing, a jaw's rounding):
    # anywhere along it or at its ends, from the table's side.
    piece = rng.choice(cushion_pieces(spec))
    k = rng.choice([rng.random(), 0.0, 1.0])
    c = (
        piece.a[0] + k * (piece.b[0] - piece.a[0]),
        piece.a[1] + k * (piece.b[1] - piece.a[1]),
    )
    if piece.a == piece.b:
        a = rng.uniform(0.0, 2.0 * math.pi)
        n = (math.cos(a), math.sin(a))
    else:
        dx, dy = piece.b[0] - piece.a[0], piece.b[1] - piece.a[1]
        length = math.hypot(dx, dy)
        n = (-dy / length, dx / length)
        towards = (spec.length / 2 - c[0]) * n[0] + (spec.width / 2 - c[1]) * n[1]
        if towards < 0.0:
            n = (-n[0], -n[1])
    return f"touching {piece.name}", _along(c, n, r + piece.radius + off)


def edge_layout(
    rng: random.Random, spec: TableSpec
) -> tuple[dict[int, Vec], dict[int, str]]:
    """A random layout with one to three balls on the table's lines and
    points (and sometimes a ball frozen to one of them, or a hair from it);
    the cue ball is never one of them, so that the stroke can send it at
    them. Returns the layout and what each placed ball is on."""
    placed = random_layout(rng, spec)
    cue = spec.balls.cue_ball
    on: dict[int, str] = {}
    for ball in [b for b in sorted(placed) if b != cue][: rng.randint(1, 3)]:
        others = {b: q for b, q in placed.items() if b != ball}
        for _ in range(60):
            what, spot = edge_spot(spec, rng)
            if _fits(spec, others, spot):
                placed[ball] = spot
                on[ball] = what
                break
    spare = [b for b in spec.balls.object_balls if b not in placed]
    if on and spare and rng.random() < 0.3:
        # Frozen to a ball on a line (or a rounding's width off it).
        q = placed[rng.choice(sorted(on))]
        a = rng.uniform(0.0, 2.0 * math.pi)
        d = 2 * spec.balls.radius + rng.choice(EDGE_OFFSETS)
        spot = (q[0] + d * math.cos(a), q[1] + d * math.sin(a))
        if _fits(spec, placed, spot):
            placed[spare[0]] = spot
    return placed, on


def _extreme(rng: random.Random, low: float, high: float) -> float:
    """A value of [low, high] at one of its ends, or just inside it, or a
    subnormal one above a zero low end."""
    picks = [low, high, math.nextafter(high, low), rng.uniform(low, high)]
    if low == 0.0:
        picks += [*SUBNORMAL, 1e-12, 1e-9]
    else:
        picks.append(math.nextafter(low, high))
    return rng.choice(picks)


def edge_stroke(
    rng: random.Random, spec: TableSpec, positions: dict[int, Vec], on: dict[int, str]
) -> Stroke:
    """A stroke at the placed balls (often), each of its values in range but
    often at an end of it (subnormal speeds, the largest offset, ...)."""
    stroke = random_stroke(rng, spec, positions)
    cue = positions[spec.balls.cue_ball]
    direction = stroke.direction
    if on and rng.random() < 0.7:
        tx, ty = positions[rng.choice(sorted(on))]
        direction = math.degrees(math.atan2(ty - cue[1], tx - cue[0]))
        direction += rng.choice([0.0, 0.0, rng.gauss(0.0, 2.0), 5e-324, -1e-9])
    elif rng.random() < 0.2:
        direction = rng.choice([1e15, -1e15, 5e-324, -720.0, 360.0])
    speed = stroke.speed
    if rng.random() < 0.5:
        # 0 is no stroke: the subnormals stand for the low end.
        speed = _extreme(rng, 0.0, MAX_CUE_SPEED) or SUBNORMAL[0]
    tip_a, tip_b = stroke.tip_a, stroke.tip_b
    if rng.random() < 0.4:
        ang = rng.choice(
            [0.0, 0.5 * math.pi, math.pi, rng.uniform(0.0, 2 * math.pi)]
        )
        off = rng.choice(
            [MAX_OFFSET, 0.0, SUBNORMAL[0], math.nextafter(MAX_OFFSET, 0.0)]
        )
        tip_a, tip_b = off * math.cos(ang), off * math.sin(ang)
    elevation = stroke.elevation
    if rng.random() < 0.3:
        elevation = _extreme(rng, 0.0, MAX_ELEVATION)
    follow = stroke.follow_through
    if rng.random() < 0.3:
        follow = _extreme(rng, 0.0, 0.5)
    contact = stroke.contact_time
    if rng.random() < 0.3:
        contact = _extreme(rng, 0.0, 0.2) or SUBNORMAL[0]
    return Stroke(direction, speed, tip_a, tip_b, elevation, follow, contact)


def edge_motion(
    rng: random.Random, spec: TableSpec, positions: dict[int, Vec], on: dict[int, str]
) -> dict[int, BallMotion]:
    """Sometimes a ball on a line already moving there (a drill): towards
    or away from the nearest pocket's axis, or anywhere; rolling, sliding or
    with any spin; at speeds from subnormal to the limit."""
    if not on or rng.random() < 0.6:
        return {}
    ball = rng.choice(sorted(on))
    x, y = positions[ball]
    r = spec.balls.radius
    p = min(spec.pockets, key=lambda q: math.dist(q.mouth_centre, (x, y)))
    ix, iy = p.inward
    heading = rng.choice(
        [math.atan2(iy, ix), math.atan2(-iy, -ix), rng.uniform(0.0, 2 * math.pi)]
    )
    heading += rng.choice([0.0, 0.0, rng.gauss(0.0, 0.3)])
    speed = _extreme(rng, 0.0, MAX_BALL_SPEED)
    vx, vy = speed * math.cos(heading), speed * math.sin(heading)
    how = rng.randrange(3)
    if how == 0:  # rolling
        spin = (-vy / r, vx / r, rng.choice([0.0, rng.uniform(-50.0, 50.0)]))
    elif how == 1:  # sliding without spin
        spin = (0.0, 0.0, 0.0)
    else:
        w = rng.uniform(0.0, MAX_SPIN) / math.sqrt(3.0)
        spin = (rng.uniform(-w, w), rng.uniform(-w, w), rng.uniform(-w, w))
    return {ball: BallMotion((vx, vy, 0.0), spin)}


def layout_file(
    spec: TableSpec,
    positions: dict[int, Vec],
    stroke: Stroke,
    motion: dict[int, BallMotion] | None = None,
) -> dict[str, Any]:
    """The layout as ``python -m simulator.physics shoot`` reads it."""
    out: dict[str, Any] = {
        "table": spec.name,
        "balls": {
            str(b): [positions[b][0], positions[b][1]] for b in sorted(positions)
        },
        "stroke": stroke.to_dict(),
    }
    if motion:
        out["motion"] = {
            str(b): {"velocity": list(m.velocity), "spin": list(m.spin)}
            for b, m in sorted(motion.items())
        }
    return out


# -- checks ----------------------------------------------------------------------
def _finite_problem(shot: Shot) -> str | None:
    if not math.isfinite(shot.duration):
        return f"duration {shot.duration}"
    for i, e in enumerate(shot.events):
        if not math.isfinite(e.time) or (
            e.speed is not None and not math.isfinite(e.speed)
        ):
            return f"events[{i}] ({e.kind.value}): time or speed not finite"
        for s in e.snapshots:
            vals = (s.x, s.y, s.z, s.vx, s.vy, s.vz, s.wx, s.wy, s.wz)
            if not all(math.isfinite(v) for v in vals):
                return f"events[{i}] ({e.kind.value}): ball {s.ball} not finite"
    for f in shot.frames:
        # A sum is finite only if every term is (positions are metres: no
        # finite sum of them overflows).
        if not math.isfinite(f.time + sum(row[1] + row[2] + row[3] for row in f.balls)):
            return f"frame at {f.time}: not finite"
    return None


def _lost_problem(shot: Shot) -> str | None:
    before = sorted(b.ball for b in shot.initial.balls)
    after = sorted(b.ball for b in shot.final.balls)
    if before != after:
        return f"balls before {before}, after {after}"
    pocketed = {e.balls[0]: e.pocket for e in shot.of_kind(EventKind.POCKETED)}
    left = {e.balls[0] for e in shot.of_kind(EventKind.LEFT_TABLE)}
    was_on = set(shot.initial.on_table())
    for b in shot.final.balls:
        if b.ball not in was_on:
            if b.where is Where.TABLE:
                return f"ball {b.ball} came back onto the table"
            continue
        if b.where is Where.POCKETED and pocketed.get(b.ball) != b.pocket:
            return f"ball {b.ball} pocketed in {b.pocket} without its event"
        if b.where is Where.OFF_TABLE and b.ball not in left:
            return f"ball {b.ball} off the table without its event"
        if b.where is Where.TABLE and (b.ball in pocketed or b.ball in left):
            return f"ball {b.ball} is on the table after leaving it"
    if shot.frames:
        last = {row[0] for row in shot.frames[-1].balls}
        on = set(shot.final.on_table())
        if last != on:
            return f"last frame shows balls {sorted(last)}, the table {sorted(on)}"
    return None


def _frame_problem(shot: Shot, spec: TableSpec, summary: Summary) -> str | None:
    r = spec.balls.radius
    pieces = cushion_pieces(spec)
    d = 2 * r
    # A ball at rest by a rail is on every frame at the same spot: its
    # deepest press is worked out once. Only balls that moved since the
    # frame before are looked at again (a pair of resting balls is as deep
    # in each other as it was).
    presses: dict[tuple[float, float], tuple[float, str]] = {}
    last: tuple[tuple[int, float, float, float], ...] = ()
    before: dict[int, tuple[int, float, float, float]] = {}
    for f in shot.frames:
        if f.balls == last:
            continue  # the table as on the frame before
        last = f.balls
        bed = [row for row in f.balls if abs(row[3] - r) < 1e-9]
        moved = [row for row in bed if before.get(row[0]) != row]
        before = {row[0]: row for row in f.balls}
        for ball, x, y, _ in moved:
            # Every cushion piece lies behind a nose line: only a ball within
            # a radius of one can press into it.
            if r < x < spec.length - r and r < y < spec.width - r:
                continue
            for p in spec.pockets:
                (mx, my), (ix, iy) = p.mouth_centre, p.inward
                depth = (x - mx) * ix + (y - my) * iy
                lateral = (x - mx) * -iy + (y - my) * ix
                if depth > p.drop_depth + OVER_THE_HOLE and (
                    abs(lateral) <= p.mouth_width / 2
                ):
                    return (
                        f"frame at {f.time:.4f} s: ball {ball} at ({x:.4f}, "
                        f"{y:.4f}) rolls over the hole of the {p.name} pocket, "
                        f"{(depth - p.drop_depth) * 1000:.2f} mm past its drop line"
                    )
            if not (-r <= x <= spec.length + r and -r <= y <= spec.width + r):
                return (
                    f"frame at {f.time:.4f} s: ball {ball} at ({x:.4f}, {y:.4f}) "
                    "is outside the table on the bed"
                )
            found = presses.get((x, y))
            if found is None:
                found = max(
                    (r + piece.radius - math.dist(closest_point(piece, (x, y)), (x, y)),
                     piece.name)
                    for piece in pieces
                )
                presses[(x, y)] = found
            press, name = found
            summary.worst_frame_press = max(summary.worst_frame_press, press)
            if press > TUNNEL_DEPTH:
                return (
                    f"frame at {f.time:.4f} s: ball {ball} at ({x:.4f}, {y:.4f}) "
                    f"{press * 1000:.2f} mm inside {name}"
                )
        moved_ids = {row[0] for row in moved}
        for a in moved:
            for b in bed:
                if b[0] == a[0] or (b[0] < a[0] and b[0] in moved_ids):
                    continue  # itself, or a moved pair already looked at
                if abs(b[1] - a[1]) >= d or abs(b[2] - a[2]) >= d:
                    continue
                overlap = d - math.dist(a[1:3], b[1:3])
                summary.worst_frame_overlap = max(summary.worst_frame_overlap, overlap)
                if overlap > TUNNEL_DEPTH:
                    first, second = sorted((a, b), key=lambda q: q[1])
                    return (
                        f"frame at {f.time:.4f} s: balls {first[0]} and {second[0]} "
                        f"{overlap * 1000:.2f} mm inside each other"
                    )
    return None


def check_stroke(
    index: int,
    spec: TableSpec,
    positions: dict[int, Vec],
    stroke: Stroke,
    summary: Summary,
    max_seconds: float = MAX_SECONDS,
    motion: dict[int, BallMotion] | None = None,
) -> list[Failure]:
    """Simulate one stroke and check everything; the failures it showed."""
    layout = layout_file(spec, positions, stroke, motion)
    failures: list[Failure] = []

    def fail(check: str, detail: str) -> None:
        failures.append(Failure(index, check, detail, layout))

    state = TableState.from_positions(spec.name, positions)
    t0 = time.perf_counter()
    try:
        stream = ShotStream(
            state, stroke, frame_dt=FRAME_DT, audit=True, motion=motion
        )
        shot = stream.run_to_end()
    except RestCorrectionError as e:
        summary.rest_errors += 1
        if e.correction > summary.worst_rest_correction:
            summary.worst_rest_correction = e.correction
            summary.worst_rest_at = index
        fail("rest correction", str(e))
        return failures
    except Exception as e:  # every exception is a failure to report
        fail("exception", f"{type(e).__name__}: {e}")
        return failures
    wall = time.perf_counter() - t0
    summary.walls.append(wall)
    if wall > max_seconds:
        fail("run time", f"{wall:.2f} s of wall time ({shot.duration:.2f} s simulated)")
    world = stream.stats
    if world.rest_correction > summary.worst_rest_correction:
        summary.worst_rest_correction = world.rest_correction
        summary.worst_rest_at = index
    summary.pocketed += len(shot.of_kind(EventKind.POCKETED))
    summary.airborne += bool(shot.of_kind(EventKind.AIRBORNE))
    on = {b.ball: b.pos for b in shot.final.balls if b.where is Where.TABLE}
    why = resting.problem(spec, on)
    if why is not None:
        fail("final state", why)
    else:
        try:
            TableState.from_dict(json.loads(json.dumps(shot.final.to_dict())))
        except ValueError as e:
            fail("final state", f"does not load: {e}")
    if world.rest_correction > resting.REPAIR_LIMIT:
        fail(
            "final state",
            f"a ball had to be moved {world.rest_correction * 1000:.3f} mm at rest",
        )
    before = (summary.worst_frame_overlap, summary.worst_frame_press)
    local = Summary()
    tunnel = _frame_problem(shot, spec, local)
    if local.worst_frame_overlap > before[0]:
        summary.worst_frame_overlap = local.worst_frame_overlap
        summary.worst_overlap_at = index
    if local.worst_frame_press > before[1]:
        summary.worst_frame_press = local.worst_frame_press
        summary.worst_press_at = index
    if tunnel is None and local.worst_frame_overlap > FRAME_OVERLAP:
        fail(
            "frames",
            f"two balls {local.worst_frame_overlap * 1000:.3f} mm inside each other",
        )
    if tunnel is None and local.worst_frame_press > FRAME_PRESS:
        fail(
            "frames",
            f"a ball {local.worst_frame_press * 1000:.3f} mm inside a cushion",
        )
    for check, found in (
        ("non-finite", _finite_problem(shot)),
        ("lost ball", _lost_problem(shot)),
        ("tunnelling", tunnel),
    ):
        if found is not None:
            fail(check, found)
    # The stick may give energy again (a double hit, a push): the audit only
    # holds for a plain stroke whose tip never comes back.
    plain = stroke.contact_time <= 0.0015 and not shot.of_kind(EventKind.TIP_CONTACT)
    if plain and world.max_energy_gain > ENERGY_SLACK:
        fail("energy", f"the balls gained {world.max_energy_gain:.3e} J")
    return failures


def stroke_case(
    seed: int, index: int, tables: Sequence[str] = tuple(sorted(TABLES))
) -> tuple[TableSpec, dict[int, Vec], Stroke]:
    """The random layout and stroke numbered ``index`` of ``seed`` (the
    plain cases; python -m simulator.tools.fingerprint hashes the first of them)."""
    rng = random.Random(f"{seed}:{index}")
    spec = TABLES[tables[index % len(tables)]]
    positions = random_layout(rng, spec)
    return spec, positions, random_stroke(rng, spec, positions)


def edge_case(
    seed: int, index: int, tables: Sequence[str] = tuple(sorted(TABLES))
) -> tuple[TableSpec, dict[int, Vec], Stroke, dict[int, BallMotion]]:
    """The edge case numbered ``index`` of ``seed``: balls on the table's
    lines and points, a stroke at the ends of its ranges, maybe a motion."""
    rng = random.Random(f"{seed}:{index}:edge")
    spec = TABLES[tables[index % len(tables)]]
    positions, on = edge_layout(rng, spec)
    stroke = edge_stroke(rng, spec, positions, on)
    return spec, positions, stroke, edge_motion(rng, spec, positions, on)


def case(
    seed: int, index: int, tables: Sequence[str] = tuple(sorted(TABLES))
) -> tuple[TableSpec, dict[int, Vec], Stroke, dict[int, BallMotion]]:
    """Stroke ``index`` of a run: the plain case of that number when it is
    even, the edge case when it is odd."""
    if index % 2 == 0:
        return (*stroke_case(seed, index, tables), {})
    return edge_case(seed, index, tables)


def run(
    strokes: int,
    seed: int,
    max_seconds: float = MAX_SECONDS,
    tables: Sequence[str] = tuple(sorted(TABLES)),
    progress: bool = False,
    jobs: int = 1,
) -> Summary:
    """Strokes 0 .. strokes - 1 of ``seed``, in ``jobs`` processes (each
    stroke is its own case, so the figures do not depend on how many)."""
    if jobs > 1:
        return _run_parallel(strokes, seed, max_seconds, tables, progress, jobs)
    return _run_range(range(strokes), seed, max_seconds, tables, progress)


def _run_part(
    job: tuple[int, int, int, int, float, tuple[str, ...]],
) -> Summary:
    start, stop, step, seed, max_seconds, tables = job
    return _run_range(range(start, stop, step), seed, max_seconds, tables, False)


def _run_parallel(
    strokes: int,
    seed: int,
    max_seconds: float,
    tables: Sequence[str],
    progress: bool,
    jobs: int,
) -> Summary:
    import multiprocessing

    chunk = 250
    parts = [
        (lo, min(lo + chunk, strokes), 1, seed, max_seconds, tuple(tables))
        for lo in range(0, strokes, chunk)
    ]
    total = Summary()
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for part in pool.imap(_run_part, parts):
            _merge(total, part)
            if progress:
                print(
                    f"{total.strokes} strokes, {len(total.failures)} failures",
                    file=sys.stderr,
                    flush=True,
                )
                for f in part.failures:  # at once: a long run shows them early
                    print(f"  #{f.index} {f.check}: {f.detail}", file=sys.stderr)
    return total


def _merge(total: Summary, part: Summary) -> None:
    """Add a later part's figures (its strokes come after total's)."""
    total.strokes += part.strokes
    total.failures += part.failures
    total.walls += part.walls
    for name, n in part.by_table.items():
        total.by_table[name] = total.by_table.get(name, 0) + n
    if part.worst_frame_overlap > total.worst_frame_overlap:
        total.worst_frame_overlap = part.worst_frame_overlap
        total.worst_overlap_at = part.worst_overlap_at
    if part.worst_frame_press > total.worst_frame_press:
        total.worst_frame_press = part.worst_frame_press
        total.worst_press_at = part.worst_press_at
    if part.worst_rest_correction > total.worst_rest_correction:
        total.worst_rest_correction = part.worst_rest_correction
        total.worst_rest_at = part.worst_rest_at
    total.rest_errors += part.rest_errors
    total.edge_strokes += part.edge_strokes
    total.pocketed += part.pocketed
    total.airborne += part.airborne


def _run_range(
    indices: range,
    seed: int,
    max_seconds: float,
    tables: Sequence[str],
    progress: bool,
) -> Summary:
    summary = Summary()
    for index in indices:
        spec, positions, stroke, motion = case(seed, index, tables)
        summary.failures += check_stroke(
            index, spec, positions, stroke, summary, max_seconds, motion
        )
        summary.strokes += 1
        summary.edge_strokes += index % 2
        summary.by_table[spec.name] = summary.by_table.get(spec.name, 0) + 1
        if progress and (index + 1) % 500 == 0:
            print(
                f"{index + 1} strokes, {len(summary.failures)} failures",
                file=sys.stderr,
                flush=True,
            )
    return summary


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m simulator.tools.stress",
        description="Random strokes on random layouts, every other one an edge "
        "case (balls exactly on the table's lines and points, stroke values at "
        "the ends of their ranges); every result checked.",
    )
    p.add_argument("--strokes", type=int, default=1000, help="how many (default 1000)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument(
        "--max-seconds",
        type=float,
        default=MAX_SECONDS,
        help="wall time of one stroke that counts as a failure "
        f"(default {MAX_SECONDS})",
    )
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--progress", action="store_true", help="report every 500 strokes")
    p.add_argument(
        "--jobs", type=int, default=1, help="processes to share the strokes (default 1)"
    )
    args = p.parse_args(argv)
    if args.strokes < 1:
        p.error("--strokes must be at least 1")
    if not 1 <= args.jobs <= 64:
        p.error("--jobs must be between 1 and 64")
    if not args.max_seconds > 0.0:
        p.error("--max-seconds must be positive")
    summary = run(
        args.strokes,
        args.seed,
        args.max_seconds,
        progress=args.progress,
        jobs=args.jobs,
    )
    if args.json:
        json.dump(summary.to_dict(), sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        d = summary.to_dict()
        print(
            f"{d['strokes']} strokes (seed {args.seed}): "
            f"{len(summary.failures)} failures"
        )
        print("by table: " + ", ".join(f"{k} {v}" for k, v in d["by_table"].items()))
        print(
            f"wall time per stroke: median {d['wall_median_ms']:.1f} ms, "
            f"max {d['wall_max_ms']:.0f} ms, total {d['wall_total_s']:.0f} s"
        )
        print(
            f"of them {d['edge_strokes']} edge cases (balls on the table's lines "
            "and points, strokes at the ends of their ranges)"
        )
        print(
            f"largest frame overlap: balls {d['worst_frame_overlap_mm']:.6f} mm "
            f"inside each other (#{d['worst_frame_overlap_stroke']}); a ball "
            f"{d['worst_frame_press_mm']:.3f} mm inside a cushion "
            f"(#{d['worst_frame_press_stroke']})"
        )
        at = d["worst_rest_correction_stroke"]
        print(
            f"largest rest correction: {d['worst_rest_correction_um']:.6f} um "
            f"({f'#{at}' if at >= 0 else 'none needed'}; the limit is "
            f"{resting.REPAIR_LIMIT * 1e6:.0f} um); "
            f"{d['rest_correction_errors']} beyond it"
        )
        print(
            f"{d['balls_pocketed']} balls pocketed, "
            f"{d['strokes_with_flight']} strokes with a ball in the air"
        )
        for f in summary.failures:
            print(f"FAIL #{f.index} {f.check}: {f.detail}")
            print(f"  layout: {json.dumps(f.layout)}")
    return 1 if summary.failures else 0


if __name__ == "__main__":
    sys.exit(main())
