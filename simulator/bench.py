"""python -m simulator.bench: how fast the physics runs. A benchmark, not a test.

Prints, for a 15-ball rack broken at 8 m/s (30 rack layouts), the 9-ball
break and a single cut shot: median, p90 and max wall time, simulated time to
rest, the ratio simulated/wall, and peak memory.
"""

from __future__ import annotations

import argparse
import math
import random
import resource
import statistics
import time
import tracemalloc
from collections.abc import Callable, Sequence

from simulator.events import EventKind, Shot, Stroke
from simulator.physics import cue_speed_for, simulate
from simulator.specs import TableSpec, nine_ball_diamond, pool_table, rack_positions
from simulator.state import TableState

SPEC = pool_table(9)


def eight_ball_break(seed: int, speed: float = 8.0) -> tuple[TableState, Stroke]:
    """A legal 8-ball rack (8 in the middle, a solid and a stripe in the back
    corners) in a seeded order; the cue ball behind the head string, aimed at the
    apex with a contact a few millimetres off centre, as real breaks are."""
    rng = random.Random(seed)
    slots = rack_positions(SPEC)
    others = [b for b in range(1, 16) if b != 8]
    rng.shuffle(others)
    order = [others.pop(), *others[:3], 8, *others[3:]]
    positions = {ball: slot for ball, slot in zip(order, slots, strict=True)}
    cue_y = SPEC.width / 2 + rng.uniform(-0.25, 0.25)
    cue = (SPEC.head_string_x - rng.uniform(0.02, 0.15), cue_y)
    positions[0] = cue
    apex = slots[0]
    aim = math.degrees(math.atan2(apex[1] - cue[1], apex[0] - cue[0]))
    aim += math.degrees(rng.uniform(-0.004, 0.004) / math.dist(cue, apex))
    state = TableState.from_positions(SPEC.name, positions)
    return state, Stroke(aim, cue_speed_for(speed, 0.0, 0.0, SPEC.balls, SPEC.physics))


def nine_ball_break(speed: float = 8.0) -> tuple[TableState, Stroke]:
    slots = nine_ball_diamond(SPEC)
    order = [1, 2, 3, 9, 4, 5, 6, 7, 8]
    positions = {ball: slot for ball, slot in zip(order, slots, strict=True)}
    cue = (SPEC.head_string_x - 0.05, SPEC.width / 2 + 0.20)
    positions[0] = cue
    aim = math.degrees(math.atan2(slots[0][1] - cue[1] + 0.002, slots[0][0] - cue[0]))
    state = TableState.from_positions(SPEC.name, positions)
    return state, Stroke(aim, cue_speed_for(speed, 0.0, 0.0, SPEC.balls, SPEC.physics))


def cut_shot(spec: TableSpec = SPEC) -> tuple[TableState, Stroke]:
    state = TableState.from_positions(spec.name, {0: (1.20, 0.50), 1: (1.80, 0.66)})
    return state, Stroke(12.0, 2.5, 0.0, 0.2)


def _measure(
    make: Callable[[], tuple[TableState, Stroke]], runs: int
) -> tuple[list[float], list[Shot]]:
    walls: list[float] = []
    shots: list[Shot] = []
    for _ in range(runs):
        state, stroke = make()
        t0 = time.perf_counter()
        shot = simulate(state, stroke)
        walls.append(time.perf_counter() - t0)
        shots.append(shot)
    return walls, shots


def _row(name: str, walls: list[float], shots: list[Shot]) -> str:
    walls_ms = sorted(w * 1000 for w in walls)
    med = statistics.median(walls_ms)
    p90 = walls_ms[min(len(walls_ms) - 1, math.ceil(0.9 * len(walls_ms)) - 1)]
    sim = statistics.median(s.duration for s in shots)
    ratio = statistics.median(s.duration / w for s, w in zip(shots, walls, strict=True))
    return (
        f"{name:<26} {med:8.1f} {p90:8.1f} {walls_ms[-1]:8.1f}   {sim:7.2f} s"
        f"   {ratio:7.0f}x"
    )


def _peak_memory_kib(make: Callable[[], tuple[TableState, Stroke]]) -> float:
    state, stroke = make()
    tracemalloc.start()
    simulate(state, stroke)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1024


def _max_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m simulator.bench", description=__doc__)
    p.add_argument("--racks", type=int, default=30, help="rack layouts (default 30)")
    p.add_argument(
        "--repeat",
        type=int,
        default=20,
        help="runs of the 9-ball break and of the cut shot (default 20)",
    )
    args = p.parse_args(argv)
    if args.racks < 1 or args.repeat < 1:
        p.error("--racks and --repeat must be at least 1")

    simulate(*cut_shot())  # warm up imports and caches
    rack_walls: list[float] = []
    rack_shots: list[Shot] = []
    for seed in range(args.racks):
        w, s = _measure(lambda seed=seed: eight_ball_break(seed), 1)  # type: ignore[misc]
        rack_walls += w
        rack_shots += s
    nine_walls, nine_shots = _measure(nine_ball_break, args.repeat)
    cut_walls, cut_shots = _measure(cut_shot, args.repeat)

    print(
        "wall time per shot, ms       median      p90      max   sim to rest   sim/wall"
    )
    print(_row(f"15-ball break, {args.racks} racks", rack_walls, rack_shots))
    print(_row("9-ball break", nine_walls, nine_shots))
    print(_row("single cut shot", cut_walls, cut_shots))
    med = statistics.median(rack_walls)
    print(f"slowest rack / median rack: {max(rack_walls) / med:.2f}")
    print(
        f"peak traced memory of one 15-ball break: "
        f"{_peak_memory_kib(lambda: eight_ball_break(0)):.0f} KiB; "
        f"process max RSS {_max_rss_mib():.0f} MiB"
    )
    pots = [
        sum(1 for e in s.events if e.kind is EventKind.POCKETED and e.balls[0] != 0)
        for s in rack_shots
    ]
    rails = [
        len(
            {
                e.balls[0]
                for e in s.events
                if e.kind is EventKind.BALL_CUSHION and e.balls[0] != 0
            }
        )
        for s in rack_shots
    ]
    contacts = [len(s.of_kind(EventKind.BALL_BALL)) for s in rack_shots]
    print(
        f"15-ball breaks: {statistics.mean(pots):.2f} object balls pocketed "
        "on average, "
        f"{statistics.mean(rails):.1f} object balls reach a cushion, "
        f"{statistics.mean(contacts):.0f} ball-ball contacts"
    )


if __name__ == "__main__":
    main()
