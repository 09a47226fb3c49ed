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
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, ClassVar, TypeVar

from rules.codes import Code, Kind, Placement
from rules.game import Discipline, GameState
from rules.questions import (
    Facts,
    LegalLook,
    cue_contacts,
    facts,
    forgiven_touches,
    frozen_first_hit,
    moving_at_stroke,
    self_moved,
    stroke_index,
)
from rules.ruling import (
    BallInHand,
    Declarations,
    Foul,
    Outcome,
    RulesError,
    Ruling,
    ShotRequirements,
    Spot,
)
from simulator.table.events import HEAD_STRING, Event, EventKind, Shot
from simulator.table.specs import (
    CUE_BALL,
    TableSpec,
    Vec,
    pyramid_table,
    rack_positions,
)
from simulator.table.state import BallState, StateError, TableState, Where

TABLE_NAME = "pyramid_12ft"
OBJECT_BALLS: tuple[int, ...] = tuple(range(1, 16))

# Classic-pyramid order, apex first, row by row from the right rail (the slot
# order of simulator.table.specs.rack_positions); 15, 14, 13 sit in the interior
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


def house_direct(shot: Shot, region: HandRegion | None, hit_index: int | None,
                 hit_ball: int) -> bool | None:
    """From hand (digest §2.6): None when the cue ball is not in hand or the
    first ball hit may be played directly, True when it lay in the (temporary)
    house and the cue ball hit it directly (a foul), False when the cue ball
    first left the house and came back off a cushion (legal)."""
    init = shot.initial
    pos = init.position(hit_ball)
    if region is None or pos is None or directly_playable(init.spec, region, pos[0]):
        return None
    return not left_hand_region(shot.events, init.spec, region, hit_index)


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


def set_in_hand(state: TableState, hand: BallInHand) -> TableState:
    """The cue ball in hand shown in its region (``cue_in_hand``)."""
    region = region_of(hand)
    assert region is not None
    return cue_in_hand(state, region)


def place_cue(state: TableState, pos: Vec) -> TableState:
    return state.place(CUE_BALL, pos[0], pos[1])


# ---------------------------------------------------------------------------
# Questions of the event log (design.md "The event vocabulary")


def left_hand_region(events: Sequence[Event], spec: TableSpec,
                     region: HandRegion | None, hit_index: int | None) -> bool:
    """From hand: the cue ball left the (temporary) house and came back off a
    cushion before its first contact (digest §2.6 [REC]). The house line
    crossing comes from line_crossed; the temporary house has no line event,
    so a cue-ball cushion contact beyond the line (from its snapshot) counts."""
    if region is None:
        return False
    crossed = False
    for i, e in enumerate(events):
        if hit_index is not None and i >= hit_index:
            break
        if e.kind is EventKind.BALL_CUSHION and CUE_BALL in e.balls:
            snap = e.snapshot(CUE_BALL)
            if crossed or (snap is not None and not in_region(spec, region, snap.x)):
                return True
        elif (e.kind is EventKind.LINE_CROSSED and CUE_BALL in e.balls
              and region is HandRegion.HOUSE and e.line == HEAD_STRING
              and e.direction == 1):
            crossed = True
    return False


def legal_break(facts: Facts, min_cushion_balls: int) -> bool:
    """Digest §2.4 [REC]: the cue ball hits the pyramid, then at least one ball
    is pocketed (the cue ball too) or at least `min_cushion_balls` object
    balls reach a cushion (jaws count)."""
    if facts.hit_ball is None:
        return False
    if facts.potted:
        return True
    return len(facts.cushion_balls) >= min_cushion_balls


def shot_completed(facts: Facts) -> bool:
    """Digest §2.5 [REC]: contact, then a ball pocketed or any ball reaching a
    cushion after the contact."""
    if facts.hit_ball is None:
        return False
    return bool(facts.potted) or bool(facts.rails_after_hit)


def close_ball_push(initial: TableState, events: Sequence[Event],
                    facts: Facts) -> int | None:
    """Digest §2.3: the cue ball starts touching or within R/2 of the ball it
    hits first, is driven at it within 45 degrees of the line of centres and
    keeps going forward after the contact. Returns the event index or None."""
    if facts.hit_ball is None or facts.hit_index is None:
        return None
    cue = initial.position(CUE_BALL)
    obj = initial.position(facts.hit_ball)
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
    hit = events[facts.hit_index].snapshot(CUE_BALL)
    if hit is None:
        return None
    if hit.vx * ux + hit.vy * uy > 0.0:
        return facts.hit_index  # pushed on through the object ball
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


# ---------------------------------------------------------------------------
# The pyramid discipline base: the state, the requirements and the fouls every
# game on the pyramid table shares (digest §2); a game (Express) adds its
# scoring, its codes and what it does differently.


@dataclass(frozen=True)
class PyramidState(GameState):
    """A game on the pyramid table between shots: every ball of the set is
    listed (a missing one is pocketed) and the rack order is kept for the
    next pyramid."""

    rack_order: tuple[int, ...] = CLASSIC_RACK

    @classmethod
    def convert(cls, key: str, value: Any) -> Any:
        if key == "table":
            try:
                return complete(TableState.from_dict(value))
            except StateError as err:
                raise RulesError(str(err)) from None
        return super().convert(key, value)

    def check(self, where: str = "state") -> None:
        super().check(where)
        try:
            check_rack(self.rack_order)
        except RackError as err:
            raise RulesError(f"{where}.rack_order: {err}") from None
        if not balls_accounted(self.table):
            raise RulesError(f"{where}.table: every ball 0-15 must be listed once")

    @property
    def objects_left(self) -> tuple[int, ...]:
        return object_balls_on_table(self.table)


@dataclass(frozen=True)
class PyramidCodes:
    """The codes a pyramid game emits for the pyramid's own fouls and notes
    (each game cites its own seed for them)."""

    ball_off_table: Code  # §2.10
    stick_touched_ball: Code  # the stick on another ball
    double_hit: Code  # §2.3
    push_shot: Code
    shot_before_rest: Code
    no_contact: Code  # §2.5
    no_cushion: Code
    illegal_break: Code  # §2.4
    bad_placement: Code  # §2.6
    house_direct: Code
    close_ball: Code  # §2.3
    balls_spotted: Code  # §2.11
    cue_from_house: Code  # §2.7
    temp_house: Code
    hanging_restored: Code  # §2.9
    self_moved_replay: Code
    outside_interference: Code  # §2.12
    on_line: Code  # placements (§2.6)
    outside_house: Code
    frozen_in_house: Code


def breach(code: Code, event: int | None, balls: tuple[int, ...] = ()) -> Foul:
    """A pyramid foul as the game's code cites it."""
    return Foul(code, code.ref, event, balls)


def hand_of(region: HandRegion) -> BallInHand:
    return BallInHand.HOUSE if region is HandRegion.HOUSE else BallInHand.TEMP_HOUSE


def region_of(b: BallInHand) -> HandRegion | None:
    if b is BallInHand.HOUSE:
        return HandRegion.HOUSE
    if b is BallInHand.TEMP_HOUSE:
        return HandRegion.TEMP_HOUSE
    return None


@dataclass(frozen=True)
class PyramidRequirements(ShotRequirements):
    """ShotRequirements on the pyramid table: a cue ball from hand goes in the
    (temporary) house, not on its line, not frozen to a ball in the house."""

    placement_codes: ClassVar[Mapping[str, Code]] = {}

    def check_placement(self, state: TableState, x: float, y: float) -> Code | None:
        if self.ball_in_hand is BallInHand.NONE:
            return Placement.NOT_IN_HAND
        region = region_of(self.ball_in_hand) or HandRegion.HOUSE
        others = state.with_ball(BallState(CUE_BALL, Where.OFF_TABLE))
        why = placement_problem(others, region, (x, y))
        if why is None:
            return None
        return {"off_bed": Placement.OFF_BED, "overlap": Placement.OVERLAP,
                **self.placement_codes}[why]


PyS = TypeVar("PyS", bound=PyramidState)


def mark_log(state: TableState, events: Sequence[Event]) -> TableState:
    """``state`` with every ball the log shows pocketed or off the table
    marked so, even when a hand-built state omits it."""
    for e in events:
        if e.kind is EventKind.POCKETED:
            for b in e.balls:
                state = state.with_ball(BallState(b, Where.POCKETED, pocket=e.pocket))
        elif e.kind is EventKind.LEFT_TABLE:
            for b in e.balls:
                state = state.with_ball(BallState(b, Where.OFF_TABLE))
    return state


def table_after(shot: Shot) -> TableState:
    """The final table, every ball the log shows pocketed or off marked so."""
    return mark_log(complete(shot.final), shot.events)


def restore_hanging(shot: Shot,
                    restore: tuple[tuple[int, int, float, float], ...]) -> Shot:
    """The shot without the late drops of hanging balls (digest §2.9): their
    pocketed events are dropped and they stand where they hung."""
    late = {i for i, _, _, _ in restore}
    events = tuple(e for i, e in enumerate(shot.events) if i not in late)
    final = shot.final
    for _, b, x, y in restore:
        final = final.place(b, x, y)
    return replace(shot, events=events, final=final)


@dataclass(frozen=True)
class AfterFoul:
    """The table after a foul on the pyramid table: balls respotted (§2.11),
    a cue ball off the bed in hand in the (temporary) house (§2.7), and the
    notes that say so, as (code, balls)."""

    table: TableState
    spots: tuple[Spot, ...]
    hand: BallInHand
    notes: tuple[tuple[Code, tuple[int, ...]], ...]


class PyramidDiscipline(Discipline[PyS]):
    """The Russian pyramid's shared rules (digest §2): judging a stroke on
    the pyramid table into its fouls, replays and hanging balls; the game
    decides what a foul or a legal stroke is worth (``on_foul``,
    ``on_legal``, ``on_replay``)."""

    codes: ClassVar[PyramidCodes]
    hand_values = (BallInHand.NONE, BallInHand.HOUSE, BallInHand.TEMP_HOUSE)

    # -- hooks a game fills -------------------------------------------------------
    def break_min_cushion_balls(self) -> int:
        """Object balls that must reach a cushion on a break without a pot."""
        return 2

    def contact_required(self, state: PyS) -> bool:
        """Whether the stroke must contact an object ball and be completed
        (items 4 and 5; a game may waive them, Express for its last ball)."""
        return True

    def on_replay(self, state: PyS, code: Code, event: int | None,
                  balls: tuple[int, ...]) -> tuple[Ruling, PyS]:
        raise NotImplementedError

    def on_foul(self, state: PyS, fouls: tuple[Foul, ...], shot: Shot | None,
                facts: Facts | None) -> tuple[Ruling, PyS]:
        raise NotImplementedError

    def on_legal(self, state: PyS, shot: Shot, facts: Facts
                 ) -> tuple[Ruling, PyS]:
        raise NotImplementedError

    # -- what the next shot may hit -----------------------------------------------
    def legal_targets(self, state: PyS) -> tuple[int, ...]:
        """From hand only balls beyond the (temporary) house line (§2.6)."""
        table = state.table
        if state.pending or not self.contact_required(state):
            return ()
        region = region_of(state.ball_in_hand)
        if region is None:
            return object_balls_on_table(table)
        return tuple(b for b in object_balls_on_table(table)
                     if directly_playable(table.spec, region, table.ball(b).x))

    # -- judging ------------------------------------------------------------------
    def ready(self, state: PyS) -> None:
        if state.game_over:
            raise RulesError("match: the match is over")
        if state.pending:
            raise RulesError("shot: a choice is pending "
                             f"({', '.join(c.value for c in state.pending)})")

    def check_shot(self, state: PyS, shot: Shot) -> None:
        """The shot starts from the table the referee handed out, with the
        cue ball on the bed."""
        super().check_shot(state, shot)
        if shot.initial.position(CUE_BALL) is None:
            raise RulesError("shot.initial: the cue ball must be on the table")

    def judge(self, state: PyS, shot: Shot, decl: Declarations,
              called: Sequence[Code] = ()) -> tuple[Ruling, PyS]:
        self.ready(state)
        self.check_shot(state, shot)
        seen = tuple(self.stroke_called(state, c) for c in called)
        moved = self_moved(shot)
        if moved.replay:
            # Digest §2.9: a ball fell in by itself before the cue ball got
            # there: the position is restored and the stroke replayed.
            i, b = moved.replay[0]
            return self.on_replay(state, self.codes.self_moved_replay, i, (b,))
        restored: list[tuple[int, int]] = []
        if moved.restore:
            # Digest §2.9: a ball that hung still on the edge for 5 s and then
            # dropped is put back where it hung; the stroke is judged without it.
            shot = restore_hanging(shot, moved.restore)
            restored = [(i, b) for i, b, _, _ in moved.restore]
        f = replace(facts(replace(shot, final=table_after(shot))), called=seen)
        fouls = self.find_fouls(state, shot, f)
        if fouls:
            ruling, new = self.on_foul(state, tuple(fouls), shot, f)
        else:
            ruling, new = self.on_legal(state, shot, f)
        if restored:
            code = self.codes.hanging_restored
            notes = tuple(self.note(code, i, (b,)) for i, b in restored)
            ruling = replace(ruling, notes=notes + ruling.notes)
        return ruling, new

    def note(self, code: Code, event: int | None, balls: tuple[int, ...]) -> Outcome:
        """An outcome as the game writes them (Express adds the player)."""
        return Outcome(code, code.ref, event, balls)

    def find_fouls(self, state: PyS, shot: Shot, f: Facts) -> list[Foul]:
        """Every pyramid foul the event log shows (SEED-E 2.6 items 1-7 in
        Express), each once: the stroke's, the contact's, then any ball off
        the table (§2.10)."""
        off = [breach(self.codes.ball_off_table, j, (b,)) for j, b in f.left]
        return [*self.stroke_fouls(state, shot, f),
                *self.contact_fouls(state, shot, f), *off]

    def stroke_fouls(self, state: PyS, shot: Shot, f: Facts) -> list[Foul]:
        """The placement from hand (§2.6), then the stroke: before the balls
        stopped, a push, a double hit, the stick on another ball (§2.3)."""
        ev = shot.events
        init = shot.initial
        out: list[Foul] = []
        c = self.codes
        region = region_of(state.ball_in_hand)
        if region is not None:
            cue = init.position(CUE_BALL)
            assert cue is not None
            others = init.with_ball(BallState(CUE_BALL, Where.OFF_TABLE))
            if placement_problem(others, region, cue) is not None:
                out.append(breach(c.bad_placement, stroke_index(ev), (CUE_BALL,)))
        moving = moving_at_stroke(shot)
        if moving is not None:
            out.append(breach(c.shot_before_rest, moving[0], moving[1]))
        # The pool referee's thresholds (R1). Into a ball frozen to the cue
        # ball the tip meets the cue ball again as it stops against the ball:
        # the close-ball rule judges that stroke, not a double hit (R20).
        frozen_hit = frozen_first_hit(init, f.hit_index, f.hit_ball)
        cc = cue_contacts(ev, frozen_hit=frozen_hit)
        for i in cc.pushes:
            out.append(breach(c.push_shot, i, (CUE_BALL,)))
        for i in cc.double_hits:
            out.append(breach(c.double_hit, i, (CUE_BALL,)))
        for i, balls in cc.other_balls:
            out.append(breach(c.stick_touched_ball, i, balls))
        return [*out, *f.called]

    def contact_fouls(self, state: PyS, shot: Shot, f: Facts) -> list[Foul]:
        """Contact and completion, or the break (§2.4, §2.5); from hand a
        first ball beyond the line (§2.6); close or frozen balls (§2.3). None
        when the game waives them (``contact_required``)."""
        if not self.contact_required(state):
            return []
        ev = shot.events
        init = shot.initial
        region = region_of(state.ball_in_hand)
        out: list[Foul] = []
        c = self.codes
        if state.is_break:
            if not legal_break(f, self.break_min_cushion_balls()):
                out.append(breach(c.illegal_break, f.hit_index, ()))
        elif f.hit_ball is None:
            out.append(breach(c.no_contact, len(ev) - 1 if ev else None, ()))
        elif not shot_completed(f):
            out.append(breach(c.no_cushion, len(ev) - 1, ()))
        if f.hit_ball is not None and house_direct(shot, region, f.hit_index,
                                                   f.hit_ball):
            out.append(breach(c.house_direct, f.hit_index, (f.hit_ball,)))
        idx = close_ball_push(init, ev, f)
        if idx is not None and f.hit_ball is not None:
            out.append(breach(c.close_ball, idx, (CUE_BALL, f.hit_ball)))
        return out

    def legal_looks(self, state: PyS, shot: Shot, ruling: Ruling
                    ) -> tuple[LegalLook, ...]:
        """Each from the fact the fouls above are judged by: the tip on the
        cue ball again as it stopped against a ball frozen to it (§2.3), a
        ball in the house played from hand after the cue ball left the house
        and came back off a cushion (§2.6). Empty when the stroke had a
        foul."""
        if any(x.code.kind is Kind.FOUL for x in ruling.fouls):
            return ()
        f = facts(shot)
        hb = f.hit_ball
        out: list[LegalLook] = []
        if forgiven_touches(shot, f.hit_index, hb):
            out.append(LegalLook("frozen_double", self.codes.double_hit, hb))
        if self.contact_required(state) and hb is not None and house_direct(
                shot, region_of(state.ball_in_hand), f.hit_index, hb) is False:
            out.append(LegalLook("house_rail", self.codes.house_direct, hb))
        return tuple(out)

    def after_foul(self, state: PyS, shot: Shot | None, f: Facts | None
                   ) -> AfterFoul:
        """Nothing pocketed on a foul counts (Express G11): the pocketed and
        jumped object balls are respotted (§2.11); a cue ball off the bed
        (pocketed too, G10) comes back from hand in the house, the temporary
        house when every object ball lies in the house (§2.7). A foul called
        before a stroke leaves the cue ball where it is."""
        table = state.table if shot is None else table_after(shot)
        spots: tuple[Spot, ...] = ()
        notes: list[tuple[Code, tuple[int, ...]]] = []
        if shot is not None and f is not None:
            back = [b for b in f.potted_objects] + [
                b for _, b in f.left if b != CUE_BALL]
            if back:
                table, placed = respot(table, back)
                spots = tuple(Spot(b, x, y) for b, (x, y) in placed.items())
                notes.append((self.codes.balls_spotted, tuple(sorted(placed))))
        cue = table.ball(CUE_BALL)
        hand = state.ball_in_hand if shot is None else BallInHand.NONE
        if cue.where is not Where.TABLE:
            hand, code = self.cue_from_hand(table)
            notes.append((code, (CUE_BALL,)))
        if hand is not BallInHand.NONE and (cue.where is not Where.TABLE
                                            or shot is not None):
            table = set_in_hand(table, hand)
        return AfterFoul(table, spots, hand, tuple(notes))

    def cue_from_hand(self, table: TableState) -> tuple[BallInHand, Code]:
        """A cue ball off the bed comes back from hand in the house, or in the
        temporary house when every object ball lies in the house (§2.7); the
        code of the note that says which."""
        region = hand_region(table)
        code = self.codes.cue_from_house if region is HandRegion.HOUSE \
            else self.codes.temp_house
        return hand_of(region), code
