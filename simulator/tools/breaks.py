"""How long breaks roll, and where a full centre-ball break's cue ball goes
(``python -m simulator.tools.bench breaks``): figures a reader compares with
reference.md, not timings.

- Roll: a square break into a frozen rack (15 balls, apex on the foot spot,
  the cue ball on the middle of the kitchen or house, aimed at the apex with
  a small seeded aim error) at the played top speed, a medium 2 m/s and a
  soft 1 m/s, on the pool and pyramid tables, with the default contact laws
  and with the reference's: how long until every ball is still, and how many
  balls still move after 5 and 10 s. The cloth is the reference's on both,
  so the laws differ only at the contacts (tests/physics/test_break_roll.py
  checks every ball's last run against the closed forms).
- Scratches: 8-ball breaks at the played top speed, centre ball, the aim
  and the tip off by seeded errors of the given spread: the share of cue
  balls pocketed and the pockets. A square hit sends the cue ball straight
  back off the rack at about 0.15 of its speed; every millimetre the
  contact is off the apex ball's centre turns it some 6 degrees aside.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from dataclasses import dataclass

from simulator.physics import cue_speed_for, simulate
from simulator.physics.cue import PLAYED_CUE_SPEED
from simulator.physics.models import DEFAULT_NAME, REFERENCE_NAME
from simulator.table.events import EventKind, Phase, Shot, Stroke
from simulator.table.specs import (
    CUE_BALL,
    TableSpec,
    pool_table,
    pyramid_table,
    rack_positions,
)
from simulator.table.state import TableState

POOL = pool_table(9)
PYRAMID = pyramid_table()
TOP = 0.0  # a break speed of 0 stands for the played top stroke
ROLL_SPEEDS = (TOP, 2.0, 1.0)  # m/s of the cue ball
ROLL_AIM_SD = 0.3  # degrees
SCRATCH_SPREADS = ((0.0, 0.01), (0.0, 0.03), (0.1, 0.01), (0.3, 0.03), (0.5, 0.03))


def square_break(
    spec: TableSpec, seed: int, ball_speed: float = TOP, aim_sd: float = 0.0,
    tip_sd: float = 0.0, offset: float = 0.0,
) -> tuple[TableState, Stroke]:
    """A frozen 15-ball rack, the cue ball in the middle of the kitchen
    (house), ``offset`` metres to the left of the rack's axis and aimed
    along it (the contact that far off the apex ball's centre), then the
    seeded errors: the aim (degrees) and the tip's offsets (fractions of R)."""
    rng = random.Random(seed)
    slots = rack_positions(spec)
    positions = {ball: slot for ball, slot in zip(range(1, 16), slots, strict=True)}
    apex = slots[0]
    positions[CUE_BALL] = (spec.head_string_x / 2, apex[1] + offset)
    aim = rng.gauss(0.0, aim_sd) if aim_sd else 0.0
    a = rng.gauss(0.0, tip_sd) if tip_sd else 0.0
    b = rng.gauss(0.0, tip_sd) if tip_sd else 0.0
    speed = (PLAYED_CUE_SPEED if ball_speed == TOP
             else cue_speed_for(ball_speed, a, b, spec.balls, spec.physics))
    state = TableState.from_positions(spec.name, positions)
    return state, Stroke(aim, speed, a, b)


@dataclass(frozen=True)
class Roll:
    rest: float  # s until every ball is still
    moving_5: int  # balls still moving 5 s after the stroke
    moving_10: int


def roll_of(shot: Shot) -> Roll:
    still: dict[int, float] = {}
    for e in shot.events:
        if e.kind is EventKind.MOTION and e.phase_to is Phase.STATIONARY:
            still[e.balls[0]] = e.time
    rest = shot.of_kind(EventKind.REST)[0].time
    return Roll(rest, sum(t > 5.0 for t in still.values()),
                sum(t > 10.0 for t in still.values()))


def scratch_pocket(shot: Shot) -> str | None:
    """The pocket the cue ball dropped into ("off" if it left the table)."""
    for e in shot.events:
        if e.balls == (CUE_BALL,):
            if e.kind is EventKind.POCKETED:
                return e.pocket or "?"
            if e.kind is EventKind.LEFT_TABLE:
                return "off"
    return None


def _roll_cell(spec: TableSpec, speed: float, models: str, racks: int) -> str:
    rolls = [
        roll_of(simulate(*square_break(spec, seed, speed, ROLL_AIM_SD), models=models))
        for seed in range(racks)
    ]
    rests = [r.rest for r in rolls]
    return (
        f"{statistics.fmean(rests):4.1f} ({min(rests):.1f}-{max(rests):.1f})"
        f" {statistics.fmean(r.moving_5 for r in rolls):4.1f}"
        f" {statistics.fmean(r.moving_10 for r in rolls):4.1f}"
    )


def print_roll(racks: int) -> None:
    print(f"Square breaks, {racks} seeded aim errors ({ROLL_AIM_SD} deg sd) each:"
          " s until all is still (min-max), balls moving after 5 s / 10 s")
    for spec in (PYRAMID, POOL):
        for speed in ROLL_SPEEDS:
            label = "top" if speed == TOP else f"{speed:g} m/s"
            ours = _roll_cell(spec, speed, DEFAULT_NAME, racks)
            ref = _roll_cell(spec, speed, REFERENCE_NAME, racks)
            print(f"  {spec.name:13} {label:8} default {ours}   reference {ref}")


def print_scratches(racks: int) -> None:
    print(f"8-ball breaks at the top stroke, centre ball, {racks} seeds a row:"
          " cue balls pocketed, by aim (deg sd) and tip (R sd) error")
    for aim_sd, tip_sd in SCRATCH_SPREADS:
        pockets: Counter[str] = Counter()
        for seed in range(racks):
            shot = simulate(*square_break(POOL, seed, TOP, aim_sd, tip_sd))
            where = scratch_pocket(shot)
            if where is not None:
                pockets[where] += 1
        share = 100.0 * sum(pockets.values()) / racks
        names = ", ".join(f"{p} {n}" for p, n in sorted(pockets.items()))
        print(f"  aim {aim_sd:3.1f} tip {tip_sd:4.2f}: {share:5.1f} %  {names}")


def print_breaks(racks: int) -> None:
    print_roll(racks)
    print_scratches(max(racks, 1) * 4)

