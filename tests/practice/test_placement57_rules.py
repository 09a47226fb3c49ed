"""The rule that places the cue ball after a foul is the one that gives the
incoming player ball in hand there, read from the ruling a referee gives on
a golden case (its layout and event log): 9-ball 6 (a foul: anywhere), not
9-ball 9 (how a ball in hand is placed); 9-ball 3 after a foul on the
break; 8-ball 11 and 5; 14.1 10, and 6 after a scratch on the break. The
opening break itself comes from the kitchen by general rule 6 in 9-ball and
14.1, by 8-ball 5 in 8-ball."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from rules import registry
from rules.case import load_case, run_case
from rules.codes import SeedRef, e8, g, n9, s14
from rules.ruling import BallInHand
from simulator.practice.quiz import placement_ref

CASES = Path(__file__).parents[1] / "rules" / "cases"

# Golden case, where the ruling puts the cue ball, and the seed rule that
# gives the incoming player ball in hand there.
PLACED = {
    # 9-ball 6: after a foul the incoming player has ball in hand anywhere.
    "n9_07_not_the_lowest_first": (BallInHand.ANYWHERE, n9("6")),
    "n9_05_push_out_scratch_is_foul": (BallInHand.ANYWHERE, n9("6")),
    # 9-ball 3.2: a scratch or an illegal break: ball in hand anywhere.
    "n9_03_break_scratch_no_push_out": (BallInHand.ANYWHERE, n9("3")),
    "n9_03_break_must_hit_the_one": (BallInHand.ANYWHERE, n9("3")),
    # 8-ball 11: ball in hand anywhere after a foul.
    "e8_11_ball_in_hand_anywhere_after_foul": (BallInHand.ANYWHERE, e8("11")),
    # 8-ball 5: a scratch on the break: in hand behind the head string.
    "e8_05_scratch_on_break_balls_stay_table_open": (BallInHand.KITCHEN, e8("5")),
    # 14.1 10: a scratch: in hand behind the head string.
    "s14_10_scratch_kitchen_in_hand": (BallInHand.KITCHEN, s14("10")),
    # 14.1 6: a scratch on a legal break: in hand behind the head string.
    "s14_06_scratch_on_legal_break_minus_one": (BallInHand.KITCHEN, s14("6")),
}


@pytest.mark.parametrize("name", sorted(PLACED))
def test_the_placement_cites_the_rule_that_gives_ball_in_hand(name: str) -> None:
    data = json.loads((CASES / f"{name}.json").read_text(encoding="utf-8"))
    case = load_case(data)
    ruling = run_case(case).ruling
    assert ruling is not None and ruling.fouls, name
    where, rule = PLACED[name]
    assert ruling.ball_in_hand is where
    assert ruling.next_shooter != case.state.shooter
    scenario = SimpleNamespace(discipline=case.discipline.name, game=case.state)
    assert placement_ref(scenario, ruling) == rule  # type: ignore[arg-type]


@pytest.mark.parametrize("game, rule", [
    ("9-ball", g("6")), ("14.1", g("6")), ("8-ball", e8("5"))])
def test_the_opening_break_from_the_kitchen_cites_its_rule(game: str,
                                                           rule: SeedRef) -> None:
    """General rule 6: the cue ball comes into play from the kitchen on the
    break (9-ball 3 and 14.1 6 name no place); 8-ball 5 says so itself."""
    brk = [h for h in registry.info(game).hand if h.when == "break"]
    assert [(h.region, h.ref) for h in brk] == [(BallInHand.KITCHEN, rule)]
