"""python -m simulator.tools.stress: random strokes on random layouts, every result
checked. A tool for finding physics failures, not a benchmark.

Layouts of 2-16 balls on all four tables: scattered balls, frozen clusters
(racks, lines, pairs), balls frozen to rails and resting in pocket mouths;
strokes across the whole documented range (cue speed up to 15 m/s, tip
offsets up to 0.95 R, elevation up to 89 degrees, follow-through and contact
time). Each result is checked for

- a final state every loader accepts (simulator.table.resting, TableState.from_dict);
- non-finite numbers anywhere in the log or the frames;
- tunnelling: on frames sampled every few milliseconds, a ball on the bed
  deep inside a cushion or another ball, or outside the table;
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

from simulator.physics import ShotStream
from simulator.physics.cue import MAX_CUE_SPEED, MAX_ELEVATION, MAX_OFFSET
from simulator.table import resting
from simulator.table.events import EventKind, Shot, Stroke
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


def layout_file(
    spec: TableSpec, positions: dict[int, Vec], stroke: Stroke
) -> dict[str, Any]:
    """The layout as ``python -m simulator.physics shoot`` reads it."""
    return {
        "table": spec.name,
        "balls": {
            str(b): [positions[b][0], positions[b][1]] for b in sorted(positions)
        },
        "stroke": stroke.to_dict(),
    }


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
) -> list[Failure]:
    """Simulate one stroke and check everything; the failures it showed."""
    layout = layout_file(spec, positions, stroke)
    failures: list[Failure] = []

    def fail(check: str, detail: str) -> None:
        failures.append(Failure(index, check, detail, layout))

    state = TableState.from_positions(spec.name, positions)
    t0 = time.perf_counter()
    try:
        stream = ShotStream(state, stroke, frame_dt=FRAME_DT, audit=True)
        shot = stream.run_to_end()
    except Exception as e:  # every exception is a failure to report
        fail("exception", f"{type(e).__name__}: {e}")
        return failures
    wall = time.perf_counter() - t0
    summary.walls.append(wall)
    if wall > max_seconds:
        fail("run time", f"{wall:.2f} s of wall time ({shot.duration:.2f} s simulated)")
    world = stream.stats
    summary.worst_rest_correction = max(
        summary.worst_rest_correction, world.rest_correction
    )
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
    """The layout and stroke of stroke ``index`` of a run with ``seed``."""
    rng = random.Random(f"{seed}:{index}")
    spec = TABLES[tables[index % len(tables)]]
    positions = random_layout(rng, spec)
    return spec, positions, random_stroke(rng, spec, positions)


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
    total.worst_rest_correction = max(
        total.worst_rest_correction, part.worst_rest_correction
    )
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
        spec, positions, stroke = stroke_case(seed, index, tables)
        summary.failures += check_stroke(
            index, spec, positions, stroke, summary, max_seconds
        )
        summary.strokes += 1
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
        description="Random strokes on random layouts; every result checked.",
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
            f"worst on frames: balls {d['worst_frame_overlap_mm']:.3f} mm inside each "
            f"other (#{d['worst_frame_overlap_stroke']}), a ball "
            f"{d['worst_frame_press_mm']:.3f} mm inside a cushion "
            f"(#{d['worst_frame_press_stroke']}); "
            f"largest move at rest {d['worst_rest_correction_um']:.3f} um"
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
