"""The shots every measuring tool runs: the benchmark's seeded 8-ball racks,
its 9-ball break and its two cut shots (one with a ball resting in a pocket
mouth), so that the speed, the figures and the fingerprint all measure the
same work."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from simulator.physics import cue_speed_for
from simulator.table.events import Stroke
from simulator.table.specs import (
    TableSpec,
    nine_ball_diamond,
    pool_table,
    rack_positions,
)
from simulator.table.state import TableState

SPEC = pool_table(9)
Make = Callable[[], tuple[TableState, Stroke]]


def eight_ball_break(
    seed: int, speed: float = 8.0, gap: float = 0.0
) -> tuple[TableState, Stroke]:
    """A legal 8-ball rack (8 in the middle, a solid and a stripe in the back
    corners) in a seeded order, neighbours ``gap`` apart (frozen: 0); the cue
    ball behind the head string, aimed at the apex with a contact a few
    millimetres off centre, as real breaks are."""
    rng = random.Random(seed)
    slots = rack_positions(SPEC, 5, gap)
    others = [b for b in range(1, 16) if b != 8]
    rng.shuffle(others)
    order = [others.pop(), *others[:3], 8, *others[3:]]
    positions = {ball: slot for ball, slot in zip(order, slots, strict=True)}
    cue_y = SPEC.width / 2 + rng.uniform(-0.25, 0.25)
    cue_at = (SPEC.head_string_x - rng.uniform(0.02, 0.15), cue_y)
    positions[0] = cue_at
    apex = slots[0]
    aim = math.degrees(math.atan2(apex[1] - cue_at[1], apex[0] - cue_at[0]))
    aim += math.degrees(rng.uniform(-0.004, 0.004) / math.dist(cue_at, apex))
    state = TableState.from_positions(SPEC.name, positions)
    return state, Stroke(aim, cue_speed_for(speed, 0.0, 0.0, SPEC.balls, SPEC.physics))


def nine_ball_break(speed: float = 8.0) -> tuple[TableState, Stroke]:
    slots = nine_ball_diamond(SPEC)
    order = [1, 2, 3, 9, 4, 5, 6, 7, 8]
    positions = {ball: slot for ball, slot in zip(order, slots, strict=True)}
    cue_at = (SPEC.head_string_x - 0.05, SPEC.width / 2 + 0.20)
    positions[0] = cue_at
    aim = math.degrees(
        math.atan2(slots[0][1] - cue_at[1] + 0.002, slots[0][0] - cue_at[0])
    )
    state = TableState.from_positions(SPEC.name, positions)
    return state, Stroke(aim, cue_speed_for(speed, 0.0, 0.0, SPEC.balls, SPEC.physics))


def cut_shot(spec: TableSpec = SPEC) -> tuple[TableState, Stroke]:
    state = TableState.from_positions(spec.name, {0: (1.20, 0.50), 1: (1.80, 0.66)})
    return state, Stroke(12.0, 2.5, 0.0, 0.2)


def cut_shot_near_pocket(spec: TableSpec = SPEC) -> tuple[TableState, Stroke]:
    """The cut shot with a ball resting 7 cm inside a corner pocket's mouth,
    out of the way."""
    state, stroke = cut_shot(spec)
    p = spec.pocket("head_left")
    (mx, my), (ix, iy) = p.mouth_centre, p.inward
    return state.place(9, mx - ix * 0.07, my - iy * 0.07), stroke
