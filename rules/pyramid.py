"""The Russian pyramid base that «Экспресс» builds on.

Table geometry (the house, the temporary house, the back spot and the spotting
line), the rack, respotting, placing the cue ball from hand, and the questions
the pyramid rules ask of a shot's event log. Section numbers refer to
``shared/rules/pyramid-and-express.md`` (the digest); SEED-E is
``seeds/003_b8c72cf2f78c660c.txt``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules.questions import first_contact, stroke_index
from simulator.events import HEAD_STRING, Event, EventKind
from simulator.specs import CUE_BALL, TableSpec, Vec, pyramid_table, rack_positions
from simulator.state import BallState, TableState, Where

TABLE_NAME = "pyramid_12ft"
OBJECT_BALLS: tuple[int, ...] = tuple(range(1, 16))

# Classic-pyramid order, apex first, row by row from the right rail (the slot
# order of simulator.specs.rack_positions); 15, 14, 13 sit in the interior
# (digest §2.2, gap G18).
CLASSIC_RACK: tuple[int, ...] = (4, 5, 6, 7, 15, 8, 9, 14, 13, 10, 2, 1, 12, 11, 3)
# Row 3 middle and row 4 middle two: the only slots no rail-facing edge touches.
INTERIOR_SLOTS: tuple[int, ...] = (4, 7, 8)
HIGH_BALLS: frozenset[int] = frozenset({13, 14, 15})

# Two balls closer than this beyond touching count as frozen (placement, respot).
FROZEN_TOLERANCE = 0.0005
# Respotted balls are set this far clear of their neighbours: close, not frozen
# (digest §2.11 [REC]).
SPOT_GAP = 0.001
# A cue ball within half a radius of an object ball is a "close" ball (§2.3).
CLOSE_FRACTION = 0.5


class RackError(ValueError):
    """A rack that breaks SEED-E 2.2: names the slot or number at fault."""


class HandRegion(StrEnum):
    """Where the cue ball is placed from hand on the pyramid table."""

    HOUSE = "house"  # 0 < x < L/4, the line excluded (digest §1.1, §2.6)
    TEMP_HOUSE = "temp_house"  # x > 3L/4, when every object ball is in the house


def table() -> TableSpec:
    return pyramid_table()


# ---------------------------------------------------------------------------
# The rack (SEED-E 2.2, digest §2.2)


def check_rack(order: Sequence[int], high_inside: bool = True) -> None:
    """Raise RackError unless the rack holds 1..15 once each (SEED-E 2.2 note)
    and, for Express, the high balls 13-15 sit in the interior slots."""
    if len(order) != 15:
        raise RackError(f"rack: expected 15 balls, got {len(order)}")
    seen: set[int] = set()
    for i, n in enumerate(order):
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 15:
            raise RackError(f"rack[{i}]: expected a ball number 1-15, got {n!r}")
        if n in seen:
            raise RackError(f"rack[{i}]: ball {n} appears twice (SEED-E 2.2 note)")
        seen.add(n)
    if high_inside:
        inside = {order[i] for i in INTERIOR_SLOTS}
        if inside != HIGH_BALLS:
            raise RackError(
                "rack: the interior slots must hold 13, 14 and 15 (SEED-E 2.2), "
                f"they hold {sorted(inside)}")


def random_rack(seed: int) -> tuple[int, ...]:
    """A shuffled rack with 13-15 in the interior, reproducible from `seed`."""
    rng = random.Random(seed)
    high = sorted(HIGH_BALLS)
    low = [n for n in OBJECT_BALLS if n not in HIGH_BALLS]
    rng.shuffle(high)
    rng.shuffle(low)
    order: list[int] = []
    hi = iter(high)
    lo = iter(low)
    for slot in range(15):
        order.append(next(hi) if slot in INTERIOR_SLOTS else next(lo))
    out = tuple(order)
    check_rack(out)
    return out


def house_default_spot(spec: TableSpec | None = None) -> Vec:
    """Where an unplaced cue ball in hand is drawn: the middle of the house."""
    s = spec or table()
    return (s.head_string_x / 2, s.width / 2)


def rack_state(
    order: Sequence[int] = CLASSIC_RACK, high_inside: bool = True
) -> TableState:
    """The racked table: the pyramid's apex on the back spot, frozen; the cue
    ball (in hand) shown at the middle of the house."""
    check_rack(order, high_inside)
    spec = table()
    slots = rack_positions(spec)
    positions: dict[int, Vec] = {n: slots[i] for i, n in enumerate(order)}
    positions[CUE_BALL] = house_default_spot(spec)
    return TableState.from_positions(spec.name, positions)


# ---------------------------------------------------------------------------
# The house (digest §1.1, §2.6, §2.7)


def in_house(spec: TableSpec, x: float) -> bool:
    """Centre strictly in front of the house line; a ball on the line is out."""
    return x < spec.head_string_x


def in_temp_house(spec: TableSpec, x: float) -> bool:
    """Centre strictly behind the temporary house line through the back spot."""
    return x > spec.foot_spot[0]


def in_region(spec: TableSpec, region: HandRegion, x: float) -> bool:
    return in_house(spec, x) if region is HandRegion.HOUSE else in_temp_house(spec, x)


def object_balls_on_table(state: TableState) -> tuple[int, ...]:
    return tuple(b for b in state.on_table() if b != CUE_BALL)


def hand_region(state: TableState) -> HandRegion:
    """The house, or the temporary house when every object ball on the table
    lies in the house (digest §2.7 [REC])."""
    spec = state.spec
    objs = object_balls_on_table(state)
    if objs and all(in_house(spec, state.ball(b).x) for b in objs):
        return HandRegion.TEMP_HOUSE
    return HandRegion.HOUSE


def directly_playable(spec: TableSpec, region: HandRegion, x: float) -> bool:
    """From hand, only balls beyond the (temporary) house line may be played
    directly; a centre on the line counts as outside (digest §2.6, [PUB S8])."""
    if region is HandRegion.HOUSE:
        return x >= spec.head_string_x
    return x <= spec.foot_spot[0]


def placement_problem(state: TableState, region: HandRegion, pos: Vec) -> str | None:
    """Why a cue-ball placement from hand is not allowed, or None.

    Returns one of: ``outside_region``, ``on_line``, ``off_bed``, ``overlap``,
    ``frozen_in_house`` (digest §2.6).
    """
    spec = state.spec
    x, y = pos
    if not (math.isfinite(x) and math.isfinite(y)) or not spec.on_bed(x, y):
        return "off_bed"
    line = spec.head_string_x if region is HandRegion.HOUSE else spec.foot_spot[0]
    if math.isclose(x, line, abs_tol=1e-9):
        return "on_line"
    if not in_region(spec, region, x):
        return "outside_region"
    d = spec.balls.diameter
    for b in state.balls:
        if b.ball == CUE_BALL or b.where is not Where.TABLE:
            continue
        dist = math.dist(pos, b.pos)
        if dist < d - 1e-4:
            return "overlap"
        if dist <= d + FROZEN_TOLERANCE and in_region(spec, region, b.x):
            return "frozen_in_house"
    return None


# ---------------------------------------------------------------------------
# Respotting (digest §2.11)


def _free_along(
    occupied: Sequence[Vec], y: float, start: float, stop: float, clear: float
) -> float | None:
    """The free x nearest `start` on the line at height y, walking towards
    `stop`, where no occupied centre is closer than `clear`."""
    step = 1.0 if stop >= start else -1.0
    blocked: list[tuple[float, float]] = []
    for bx, by in occupied:
        dy = abs(by - y)
        if dy < clear:
            h = math.sqrt(clear * clear - dy * dy)
            blocked.append((bx - h, bx + h))
    x = start
    moved = True
    while moved:
        moved = False
        for lo, hi in blocked:
            if lo < x < hi:
                x = hi if step > 0 else lo
                moved = True
    if (x - stop) * step > 1e-12:
        return None
    return x


def respot(
    state: TableState, balls: Iterable[int]
) -> tuple[TableState, dict[int, Vec]]:
    """Spot object balls one at a time in ascending order: the back spot, else
    the nearest free place on the spotting line towards the back cushion, else
    on the long line towards the centre spot; close to but not frozen with the
    balls already there (digest §2.11)."""
    spec = state.spec
    r = spec.balls.radius
    clear = 2 * r + SPOT_GAP
    y = spec.long_string_y
    x0 = spec.foot_spot[0]
    spots: dict[int, Vec] = {}
    for ball in sorted(set(balls)):
        if ball == CUE_BALL:
            raise ValueError("respot: the cue ball is never spotted, it goes in hand")
        occupied = [b.pos for b in state.balls
                    if b.where is Where.TABLE and b.ball != ball]
        x = _free_along(occupied, y, x0, spec.length - r, clear)
        if x is None:
            x = _free_along(occupied, y, x0, r, clear)
        if x is None:  # cannot happen with 16 balls on a 3.55 m line
            raise ValueError(f"respot: no room on the long line for ball {ball}")
        spots[ball] = (x, y)
        state = state.place(ball, x, y)
    return state, spots


def cue_in_hand(state: TableState, region: HandRegion) -> TableState:
    """Put the cue ball in hand at a legal spot of `region` for display: the
    middle of the (temporary) house on the long string, else the nearest
    legal place across or along it (the player moves it before the stroke)."""
    spec = state.spec
    others = state.with_ball(BallState(CUE_BALL, Where.OFF_TABLE))
    if region is HandRegion.HOUSE:
        x0, x1 = spec.balls.radius, spec.head_string_x
    else:
        x0, x1 = spec.foot_spot[0], spec.length - spec.balls.radius
    cx, cy = (x0 + x1) / 2, spec.width / 2
    step = spec.balls.diameter * 0.75
    for k in range(400):
        ring, turn = divmod(k, 8)
        if k == 0:
            pos = (cx, cy)
        else:
            ang = turn * math.pi / 4
            pos = (cx + (ring + 1) * step * math.cos(ang) * 0.5,
                   cy + (ring + 1) * step * math.sin(ang))
        if placement_problem(others, region, pos) is None:
            return others.place(CUE_BALL, pos[0], pos[1])
    raise ValueError(f"no free place for the cue ball in the {region.value}")


def place_cue(state: TableState, pos: Vec) -> TableState:
    return state.place(CUE_BALL, pos[0], pos[1])


# ---------------------------------------------------------------------------
# Questions of the event log (design.md "The event vocabulary")


@dataclass(frozen=True)
class ShotFacts:
    """What the pyramid rules need from one shot's events, asked once."""

    first_contact: int | None  # the first object ball the cue ball touches
    first_contact_index: int | None
    pocketed: tuple[tuple[int, int, str], ...]  # (event index, ball, pocket)
    left_table: tuple[tuple[int, int], ...]  # (event index, ball)
    cushion_after_contact: frozenset[int]  # balls that touched a cushion after it
    object_cushion_balls: frozenset[int]  # object balls that touched a cushion
    double_hit_index: int | None  # a later tip contact with the cue ball
    stick_touch: tuple[tuple[int, int], ...]  # (event index, ball) stick on others
    # From hand: the cue ball left the (temporary) house and came back off a
    # cushion before its first contact (digest §2.6 [REC]). The house line
    # crossing comes from line_crossed; the temporary house has no line event,
    # so a cue-ball cushion contact beyond the line (from its snapshot) counts.
    cue_left_hand_region_before_contact: bool

    @property
    def pocketed_balls(self) -> tuple[int, ...]:
        return tuple(b for _, b, _ in self.pocketed)

    @property
    def cue_pocketed(self) -> bool:
        return CUE_BALL in self.pocketed_balls

    @property
    def object_pocketed(self) -> tuple[int, ...]:
        return tuple(b for b in self.pocketed_balls if b != CUE_BALL)

    @property
    def left_balls(self) -> tuple[int, ...]:
        return tuple(b for _, b in self.left_table)


def shot_facts(events: Sequence[Event], spec: TableSpec,
               region: HandRegion | None = None) -> ShotFacts:
    """Read the log once. `region` is the hand region the cue ball was placed
    in, if it was shot from hand: then it matters whether the cue ball left
    that region, and came back off a cushion, before its first contact."""
    hit = first_contact(events)
    first = None if hit is None else hit.ball
    first_i = None if hit is None else hit.index
    pocketed: list[tuple[int, int, str]] = []
    left: list[tuple[int, int]] = []
    cushion_after: set[int] = set()
    obj_cushion: set[int] = set()
    double_hit: int | None = None
    stick: list[tuple[int, int]] = []
    crossed = False
    came_back = False
    seen: set[int] = set()
    start = stroke_index(events)
    for i, e in enumerate(events):
        k = e.kind
        before_hit = first_i is None or i < first_i
        if k is EventKind.BALL_CUSHION:
            for b in e.balls:
                if b != CUE_BALL:
                    obj_cushion.add(b)
                if not before_hit:
                    cushion_after.add(b)
                elif b == CUE_BALL and region is not None:
                    snap = e.snapshot(CUE_BALL)
                    if crossed or (snap is not None
                                   and not in_region(spec, region, snap.x)):
                        came_back = True
        elif k is EventKind.POCKETED:
            for b in e.balls:
                if b not in seen:
                    seen.add(b)
                    pocketed.append((i, b, e.pocket or ""))
        elif k is EventKind.LEFT_TABLE:
            for b in e.balls:
                left.append((i, b))
        elif k is EventKind.TIP_CONTACT and (start is None or i > start):
            for b in e.balls:
                if b == CUE_BALL:
                    if double_hit is None:
                        double_hit = i
                else:
                    stick.append((i, b))
        elif (k is EventKind.LINE_CROSSED and before_hit and CUE_BALL in e.balls
              and region is HandRegion.HOUSE and e.line == HEAD_STRING
              and e.direction == 1):
            crossed = True
    return ShotFacts(
        first_contact=first,
        first_contact_index=first_i,
        pocketed=tuple(pocketed),
        left_table=tuple(left),
        cushion_after_contact=frozenset(cushion_after),
        object_cushion_balls=frozenset(obj_cushion),
        double_hit_index=double_hit,
        stick_touch=tuple(stick),
        cue_left_hand_region_before_contact=came_back,
    )


def legal_break(facts: ShotFacts, min_cushion_balls: int) -> bool:
    """Digest §2.4 [REC]: the cue ball hits the pyramid, then at least one ball
    is pocketed or at least `min_cushion_balls` object balls reach a cushion
    (jaws count)."""
    if facts.first_contact is None:
        return False
    if facts.pocketed:
        return True
    return len(facts.object_cushion_balls) >= min_cushion_balls


def shot_completed(facts: ShotFacts) -> bool:
    """Digest §2.5 [REC]: contact, then a ball pocketed or any ball reaching a
    cushion after the contact."""
    if facts.first_contact is None:
        return False
    return bool(facts.pocketed) or bool(facts.cushion_after_contact)


def close_ball_push(initial: TableState, events: Sequence[Event],
                    facts: ShotFacts) -> int | None:
    """Digest §2.3: the cue ball starts touching or within R/2 of the ball it
    hits first, is driven at it within 45 degrees of the line of centres and
    keeps going forward after the contact. Returns the event index or None."""
    if facts.first_contact is None or facts.first_contact_index is None:
        return None
    cue = initial.position(CUE_BALL)
    obj = initial.position(facts.first_contact)
    if cue is None or obj is None:
        return None
    r = initial.spec.balls.radius
    gap = math.dist(cue, obj) - 2 * r
    if gap > CLOSE_FRACTION * r:
        return None
    ux, uy = (obj[0] - cue[0]) / (2 * r + gap), (obj[1] - cue[1]) / (2 * r + gap)
    stroke = next((e for e in events if e.kind is EventKind.STROKE), None)
    snap = stroke.snapshot(CUE_BALL) if stroke else None
    if snap is None or snap.speed == 0.0:
        return None
    along = (snap.vx * ux + snap.vy * uy) / snap.speed
    if along < math.cos(math.radians(45.0)):
        return None  # played off at 45 degrees or more
    hit = events[facts.first_contact_index].snapshot(CUE_BALL)
    if hit is None:
        return None
    if hit.vx * ux + hit.vy * uy > 0.0:
        return facts.first_contact_index  # pushed on through the object ball
    return None


def complete(state: TableState) -> TableState:
    """The state with every ball of the set listed: a ball a state leaves out
    is not in play, which for the pyramid means pocketed."""
    listed = {b.ball for b in state.balls}
    for ball in range(16):
        if ball not in listed:
            state = state.with_ball(BallState(ball, Where.POCKETED))
    return state


def balls_accounted(state: TableState) -> bool:
    """Every pyramid ball appears exactly once in the state."""
    return sorted(b.ball for b in state.balls) == list(range(16))


def positions_of(state: TableState) -> Mapping[int, Vec]:
    return {b.ball: b.pos for b in state.balls if b.where is Where.TABLE}
