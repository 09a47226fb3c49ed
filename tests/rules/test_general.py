"""General pieces: racks (general 2, 8-ball 3, 9-ball 2, 14.1 4), spotting
(general 26), cue-ball placement (general 7, 8, 14; 9-ball 9), the 14.1
re-rack table (7.3, 7.6), the code registry and the locale texts."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))

from logs import CENTRE, FOOT, HEAD, HEAD_X, SPEC, D, R, layout

from rules.codes import (
    SEED_POOL,
    Code,
    Kind,
    Placement,
    SeedRef,
    all_codes,
    code_by_id,
    register,
)
from rules.eight_ball import rack_eight
from rules.general import rack_slots, shuffled, spot_balls
from rules.nine_ball import rack_nine
from rules.ruling import CHOICE_REFS, BallInHand, Choice, ShotRequirements
from rules.straight_pool import rack_straight, rerack_cell
from simulator.table.specs import CUE_BALL
from simulator.table.state import Where

LOCALE = Path(__file__).parents[2] / "assets" / "locale"


# -- racks ------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 2, 99, 12345])
def test_eight_ball_rack(seed: int) -> None:
    """8-ball 3: the 8 in the centre, a solid and a stripe in the corners."""
    t = rack_eight("pool_9ft", seed)
    t.validate()
    slots = rack_slots(SPEC)
    assert math.dist(t.position(8) or (0, 0), slots[4]) < 1e-9
    corners = {b.ball for b in t.balls for s in (slots[10], slots[14])
               if b.where is Where.TABLE and math.dist(b.pos, s) < 1e-9}
    assert len(corners & set(range(1, 8))) == 1
    assert len(corners & set(range(9, 16))) == 1
    apex = [b.ball for b in t.balls if math.dist(b.pos, FOOT) < 1e-9]
    assert len(apex) == 1  # general 2: the apex ball on the foot spot
    assert set(t.on_table()) == set(range(16))


@pytest.mark.parametrize("seed", [0, 3, 77])
def test_nine_ball_rack(seed: int) -> None:
    """9-ball 2: the 1 on the foot spot, the 9 in the centre of the diamond."""
    t = rack_nine("pool_9ft", seed)
    t.validate()
    assert math.dist(t.position(1) or (0, 0), FOOT) < 1e-9
    ys = sorted({round(b.y, 6) for b in t.balls if b.where is Where.TABLE
                 and b.ball != CUE_BALL})
    assert len(ys) == 5
    nine = t.position(9)
    assert nine is not None and math.isclose(nine[1], FOOT[1], abs_tol=1e-9)
    assert set(t.on_table()) == set(range(10))
    assert all(t.ball(b).where is Where.POCKETED for b in range(10, 16))


def test_fourteen_one_rack_and_seeded_shuffle() -> None:
    t = rack_straight("pool_9ft", 4)
    slots = rack_slots(SPEC)
    assert math.dist(t.position(1) or (0, 0), slots[10]) < 1e-9
    assert math.dist(t.position(5) or (0, 0), slots[14]) < 1e-9
    assert shuffled(range(10), 7) == shuffled(range(10), 7)
    assert sorted(shuffled(range(10), 7)) == list(range(10))
    assert shuffled(range(10), 7) != shuffled(range(10), 8)


# -- spotting (general 26) --------------------------------------------------
def test_spot_on_free_foot_spot() -> None:
    t = layout({0: (0.5, 0.5), 3: (1.0, 0.3)})
    (s,) = spot_balls(t, [3], exclude=[3])
    assert (s.ball, s.x, s.y) == (3, FOOT[0], FOOT[1])


def test_spot_behind_an_offset_obstacle_is_frozen_to_it() -> None:
    """A ball beside the string pushes the spotted ball back only as far as
    touching it (reading P15)."""
    obstacle = (FOOT[0] + 0.01, FOOT[1] + 0.03)
    t = layout({0: (0.5, 0.5), 4: obstacle})
    (s,) = spot_balls(t, [2])
    assert math.isclose(math.dist((s.x, s.y), obstacle), D, abs_tol=1e-6)
    assert s.x > obstacle[0]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(1.7, 2.5), st.floats(0.45, 0.82)),
                max_size=6), st.lists(st.integers(1, 15), min_size=1, max_size=4,
                                      unique=True))
def test_spotted_balls_never_overlap(obstacles: list[tuple[float, float]],
                                     balls: list[int]) -> None:
    pos: dict[int, tuple[float, float]] = {0: (0.5, 0.5)}
    free = [b for b in range(1, 16) if b not in balls]
    for (x, y), b in zip(obstacles, free, strict=False):
        if all(math.dist((x, y), p) >= D for p in pos.values()):
            pos[b] = (x, y)
    t = layout(pos)
    spots = spot_balls(t, balls)
    assert [s.ball for s in spots] == sorted(balls) or len(spots) == len(balls)
    placed = list(pos.values())
    for s in spots:
        assert abs(s.y - FOOT[1]) < 1e-9
        assert R - 1e-9 <= s.x <= SPEC.length - R + 1e-9
        for p in placed:
            assert math.dist((s.x, s.y), p) >= D - 1e-7
        placed.append((s.x, s.y))


# -- placement --------------------------------------------------------------
def req(bih: BallInHand, frozen: bool = False) -> ShotRequirements:
    return ShotRequirements("9-ball", "pool_9ft", 0, bih, no_frozen_placement=frozen)


def test_placement_reasons() -> None:
    t = layout({0: (0.3, 0.3), 1: (1.0, 0.6)})
    assert req(BallInHand.NONE).check_placement(t, 0.3, 0.3) is Placement.NOT_IN_HAND
    k = req(BallInHand.KITCHEN)
    assert k.check_placement(t, 0.3, 0.6) is None
    assert k.check_placement(t, HEAD_X, 0.6) is Placement.OUTSIDE_KITCHEN  # gen. 14
    assert k.check_placement(t, 0.01, 0.6) is Placement.OFF_BED
    a = req(BallInHand.ANYWHERE)
    assert a.check_placement(t, 1.0 + D / 2, 0.6) is Placement.OVERLAP
    assert a.check_placement(t, 1.0 + D, 0.6) is None
    f = req(BallInHand.ANYWHERE, frozen=True)  # 9-ball 9, reading P12
    assert f.check_placement(t, 1.0 + D, 0.6) is Placement.FROZEN_TO_BALL
    assert f.check_placement(t, 1.0 + D + 0.001, 0.6) is None


# -- 14.1 re-rack table -----------------------------------------------------
SLOTS = rack_slots(SPEC)
IN_RACK = SLOTS[7]
CUE_RACK = SLOTS[12]
NEAR_HEAD = (HEAD[0] + 0.01, HEAD[1])
OTHER = (1.3, 0.3)
KITCHEN = (0.3, 0.3)


@pytest.mark.parametrize("ball,cue,row,col,ball_to,cue_to", [
    (IN_RACK, CUE_RACK, "rack", "rack", "foot_spot", "kitchen"),
    (IN_RACK, OTHER, "rack", "other", "head_spot", "stay"),
    (IN_RACK, NEAR_HEAD, "rack", "head_spot", "centre_spot", "stay"),
    (None, CUE_RACK, "pocket", "rack", "foot_spot", "kitchen"),
    (None, OTHER, "pocket", "other", "foot_spot", "stay"),
    (None, NEAR_HEAD, "pocket", "head_spot", "foot_spot", "stay"),
    (KITCHEN, CUE_RACK, "kitchen", "rack", "foot_spot", "head_spot"),
    (KITCHEN, OTHER, "kitchen", "other", "stay", "stay"),
    (KITCHEN, NEAR_HEAD, "kitchen", "head_spot", "stay", "stay"),
    (OTHER, CUE_RACK, "other", "rack", "stay", "kitchen"),
    ((1.5, 1.0), OTHER, "other", "other", "stay", "stay"),
    (OTHER, NEAR_HEAD, "other", "head_spot", "stay", "stay"),
    (NEAR_HEAD, CUE_RACK, "head_spot", "rack", "stay", "centre_spot"),
    (NEAR_HEAD, OTHER, "head_spot", "other", "stay", "stay"),
    (FOOT, OTHER, "other", "other", "stay", "stay"),  # the free apex is no rack
])
def test_rerack_table_every_cell(ball: tuple[float, float] | None,
                                 cue: tuple[float, float], row: str, col: str,
                                 ball_to: str, cue_to: str) -> None:
    """14.1 7.6: the seed's table, cell by cell (shaded cells: both stay)."""
    assert rerack_cell(SPEC, ball, cue) == (row, col, ball_to, cue_to)


def test_cue_on_apex_is_in_the_rack_area() -> None:
    assert rerack_cell(SPEC, None, FOOT)[1] == "rack"
    _ = CENTRE


# -- codes and texts --------------------------------------------------------
def test_every_code_names_a_seed_rule() -> None:
    for code in all_codes():
        if code.ref.file != SEED_POOL:
            continue
        assert code.ref.section in {"general", "8-ball", "9-ball", "14.1"}
        assert code.ref.rule[0].isdigit()
        assert code_by_id(code.id) is code
        for r in code.readings:
            assert r.rule.startswith("P") and 1 <= int(r.rule[1:]) <= 15


def test_registry_takes_new_codes_and_refuses_clashes() -> None:
    ref = SeedRef("003_b8c72cf2f78c660c.txt", "express", "2.6")
    c = register(Code("test.extra_code", Kind.FOUL, ref))
    assert code_by_id("test.extra_code") is c
    assert register(Code("test.extra_code", Kind.FOUL, ref)) == c
    with pytest.raises(ValueError):
        register(Code("test.extra_code", Kind.NOTE, ref))
    with pytest.raises(ValueError):
        code_by_id("no.such.code")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_locale_has_every_code_and_option_citing_its_rule(lang: str) -> None:
    texts = json.loads((LOCALE / lang / "rules.json").read_text(encoding="utf-8"))
    word = "rule" if lang == "en" else "п."
    for code in all_codes():
        if code.ref.file != SEED_POOL:
            continue
        text = texts[code.id]
        assert f"{word} {code.ref.rule}" in text, (code.id, text)
    for choice in Choice:
        text = texts[f"choice.{choice.value}"]
        assert f"{word} {CHOICE_REFS[choice].rule}" in text
    for b in BallInHand:
        assert texts[f"ball_in_hand.{b.value}"]


def test_coverage_table_has_every_seed_rule() -> None:
    """docs/rules-coverage.md: a row for every numbered rule of the seed, and
    every case it names exists."""
    text = (Path(__file__).parents[2] / "docs" / "rules-coverage.md").read_text(
        encoding="utf-8")
    sections = text.split("\n## ")
    want = {"General pool rules": [str(i) for i in range(1, 34)],
            "8-ball": [str(i) for i in range(1, 17)],
            "9-ball": [str(i) for i in range(1, 14)],
            "14.1 continuous": ["1", "2", "3", "4", "5", "6", "7.1", "7.2", "7.3",
                                "7.4", "7.5", "7.6", "7.7", "8", "9", "10", "11",
                                "12", "13"]}
    for title, rules in want.items():
        body = next(s for s in sections if s.startswith(title))
        rows = {line.split("|")[1].strip() for line in body.splitlines()
                if line.startswith("| ") and not line.startswith("| rule")}
        assert set(rules) <= rows, (title, sorted(set(rules) - rows))
        for line in body.splitlines():
            if line.startswith("| ") and not line.startswith("| rule"):
                assert line.rstrip("| ").split("|")[-1].strip() not in ("", "—")
    cases = Path(__file__).parent / "cases"
    import re

    for name in re.findall(r"`([a-z0-9_]+)`", text):
        if re.match(r"^(g\d\d|e8|n9|s14|lag)_", name):
            assert (cases / f"{name}.json").exists(), name
