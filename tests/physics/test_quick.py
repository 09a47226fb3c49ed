"""The search's world (physics.quick) against the full physics: the same
outcome a referee reads on nearly every stroke, the same rest positions
where the shot is decided early, and the same result every time.

The strokes are fixed: seeded open layouts of a 9 ft pool table, the cue
ball at least 0.3 m from every ball and cushion (so the full physics' cue
stick, which the search leaves out, touches nothing after the strike),
each object ball hit full and half-ball each way at three speeds with
stun, follow and draw."""

from __future__ import annotations

import math
import random

import pytest

from simulator.physics import cue_speed_for, simulate, simulate_search
from simulator.physics.quick import QuickWorld
from simulator.table.events import EventKind, Shot, Stroke
from simulator.table.specs import CUE_BALL
from simulator.table.state import TableState, Where
from tests.physics.helpers import POOL

# The share of strokes whose outcome must agree (the floor).
AGREEMENT = 0.97
# An early-stopped ball rests where the full physics puts it, within this
# (m): both follow the same closed form, so only rounding and the resting
# rule's repair (at most 0.1 mm, never needed in open play) could part them.
REST_TOLERANCE = 1e-5

Outcome = tuple[object, ...]


def outcome(shot: Shot) -> Outcome:
    """What a referee reads: the balls pocketed (and where) or off the
    table, the cue ball's first contact, and whether a ball met a cushion
    after it (the no-rail foul)."""
    pocketed = tuple(sorted((e.balls[0], e.pocket) for e in shot.events
                            if e.kind is EventKind.POCKETED))
    off = tuple(sorted(e.balls[0] for e in shot.events
                       if e.kind is EventKind.LEFT_TABLE))
    first = next(((i, e) for i, e in enumerate(shot.events)
                  if e.kind is EventKind.BALL_BALL and CUE_BALL in e.balls), None)
    rail = first is not None and any(
        e.kind is EventKind.BALL_CUSHION for e in shot.events[first[0]:])
    hit = None if first is None else tuple(sorted(first[1].balls))
    return pocketed, off, hit, rail


def layouts(count: int, seed: int) -> list[TableState]:
    """Open layouts: the cue ball and five object balls, none touching."""
    rng = random.Random(seed)
    spec = POOL
    r = spec.balls.radius
    out: list[TableState] = []
    while len(out) < count:
        cue = (rng.uniform(0.3 + r, spec.length - 0.3 - r),
               rng.uniform(0.3 + r, spec.width - 0.3 - r))
        spots: dict[int, tuple[float, float]] = {CUE_BALL: cue}
        for ball in range(1, 6):
            for _ in range(100):
                p = (rng.uniform(2 * r, spec.length - 2 * r),
                     rng.uniform(2 * r, spec.width - 2 * r))
                if all(math.dist(p, q) > 3 * r for q in spots.values()) and \
                        math.dist(p, cue) > 0.3 + 2 * r:
                    spots[ball] = p
                    break
        out.append(TableState.from_positions(spec.name, spots))
    return out


def strokes(table: TableState) -> list[Stroke]:
    spec = table.spec
    r = spec.balls.radius
    cue = table.position(CUE_BALL)
    assert cue is not None
    out: list[Stroke] = []
    for b in (1, 2):
        obj = table.position(b)
        assert obj is not None
        d = math.dist(cue, obj)
        base = math.degrees(math.atan2(obj[1] - cue[1], obj[0] - cue[0]))
        for off in (0.0, 0.5, -0.5):
            direction = (base + math.degrees(math.asin(off * 2 * r / d))) % 360
            for v in (1.2, 2.2, 3.5):
                for tip_b in (0.0, 0.3, -0.3):
                    speed = cue_speed_for(v, 0.0, tip_b, spec.balls, spec.physics)
                    out.append(Stroke(direction, speed, 0.0, tip_b, 2.0))
    return out


CASES = [(t, s) for t in layouts(4, 23) for s in strokes(t)]


@pytest.fixture(scope="module")
def pairs() -> list[tuple[Shot, Shot]]:
    return [(simulate(t, s, frame_dt=1e3), simulate_search(t, s)) for t, s in CASES]


def test_the_outcome_agrees_with_the_full_physics(
        pairs: list[tuple[Shot, Shot]]) -> None:
    agree = sum(outcome(full) == outcome(quick) for full, quick in pairs)
    assert len(pairs) == 216
    assert agree / len(pairs) >= AGREEMENT, f"{agree} of {len(pairs)} agree"


def test_rest_positions_agree_where_the_outcome_does(
        pairs: list[tuple[Shot, Shot]]) -> None:
    """Typically within a few mm (the same closed forms between the same
    contacts): the median under 1 mm."""
    gaps: list[float] = []
    for full, quick in pairs:
        if outcome(full) != outcome(quick):
            continue
        for b in full.final.balls:
            p = quick.final.position(b.ball)
            if b.where is Where.TABLE and p is not None:
                gaps.append(math.dist((b.x, b.y), p))
    gaps.sort()
    assert gaps[len(gaps) // 2] < 0.001


def test_an_early_stopped_stroke_rests_where_the_full_physics_puts_it() -> None:
    """The cue ball alone, rolling 1.5 m/s along the table's middle: the
    outcome is decided once it rolls (nothing in its way), and it is put
    where its roll ends, v^2 / (2 mu_roll g) on from there."""
    spec = POOL
    table = TableState.from_positions(
        spec.name, {CUE_BALL: (0.6, spec.width / 2), 9: (0.3, 0.2)})
    speed = cue_speed_for(1.0, 0.0, 0.4, spec.balls, spec.physics)
    stroke = Stroke(0.0, speed, 0.0, 0.4, 0.0)
    world = QuickWorld(table)
    world.strike(stroke)
    world.run_until(math.inf)
    assert world.decided_at is not None
    quick = world.final_state().position(CUE_BALL)
    full = simulate(table, stroke).final.position(CUE_BALL)
    assert quick is not None and full is not None
    assert math.dist(quick, full) < REST_TOLERANCE
    # And it went somewhere: a rolling ball at 1 m/s goes metres.
    assert quick[0] - 0.6 > 1.0


def test_the_same_stroke_gives_the_same_result_bit_for_bit() -> None:
    table, stroke = CASES[7]
    a, b = simulate_search(table, stroke), simulate_search(table, stroke)
    assert a.events == b.events
    assert a.final == b.final


def test_a_break_into_a_rack_is_stepped_and_agrees_with_the_full_physics() -> None:
    """A rack sets most balls moving at once, chaos after a few contacts:
    the search steps it as the full physics does, with the same outcome."""
    from simulator.physics.simulate import clustered
    from simulator.table.specs import rack_positions

    spec = POOL
    spots = dict(enumerate(rack_positions(spec, 5), start=1))
    cue = (spec.head_string_x - 0.2, spec.width / 2 + 0.05)
    spots[CUE_BALL] = cue
    table = TableState.from_positions(spec.name, spots)
    assert clustered(table)
    assert not any(clustered(t) for t in layouts(4, 23))
    apex = min((p for b, p in spots.items() if b != CUE_BALL),
               key=lambda p: math.dist(p, cue))
    base = math.degrees(math.atan2(apex[1] - cue[1], apex[0] - cue[0]))
    for turn in (-0.2, 0.1):
        stroke = Stroke((base + turn) % 360,
                        cue_speed_for(9.0, 0.0, -0.1, spec.balls, spec.physics),
                        0.0, -0.1, 3.0)
        full, quick = simulate(table, stroke, frame_dt=1e3), simulate_search(
            table, stroke)
        assert outcome(full) == outcome(quick)
        assert full.final == quick.final


def test_a_pair_parting_after_its_contact_is_not_looked_at_as_near() -> None:
    """A stun shot straight into a ball: a moment after the contact the two
    are still within the near gap, but parting (the object ball away, the
    cue ball stopped), so the pair waits for its bound instead of being
    looked at in windows as short as a contact's; the outcome is the full
    physics' all the same."""
    from simulator.physics.quick import NEAR_GAP

    spec = POOL
    y = spec.width / 2
    table = TableState.from_positions(spec.name, {CUE_BALL: (0.6, y), 1: (1.2, y)})
    stroke = Stroke(0.0, cue_speed_for(1.5, 0.0, 0.0, spec.balls, spec.physics),
                    0.0, 0.0, 2.0)
    full = simulate(table, stroke, frame_dt=1e3)
    hit = next(e.time for e in full.events if e.kind is EventKind.BALL_BALL)
    world = QuickWorld(table)
    world.strike(stroke)
    world.run_until(hit + 0.002)
    world.run_until(hit + 0.003)  # a look at the pair since the contact
    a, b = world.balls[CUE_BALL], world.balls[1]
    gap = math.dist(a.pos(world.t), b.pos(world.t)) - 2 * spec.balls.radius
    assert 0.0 < gap < NEAR_GAP
    assert (CUE_BALL, 1) not in world.near.near_pairs
    quick = simulate_search(table, stroke)
    assert outcome(quick) == outcome(full)
    for ball in (CUE_BALL, 1):
        p, q = quick.final.position(ball), full.final.position(ball)
        assert p is not None and q is not None
        assert math.dist(p, q) < REST_TOLERANCE
