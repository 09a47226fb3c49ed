"""A stroke that touches no ball: in 9-ball the referee names the game's own
rule for the lowest ball first (9-ball rule 7; rule 1: the cue ball first
touches the lowest ball on every stroke) and the general rule beside it
(general rule 16: no legal ball touched); a game with no such rule of its
own (14.1) cites general rule 16 alone."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rules.case import load_case, run_case
from rules.codes import FoulCode, SeedRef, g, n9
from rules.ruling import Ruling

sys.path.insert(0, str(Path(__file__).parent))

from logs import Log
from make_cases import nine

CASES = Path(__file__).parent / "cases"


def no_hit(game: str) -> Ruling:
    """The cue ball sent to two cushions, touching no ball."""
    data = json.loads((CASES / "g16_no_ball_touched.json").read_text(encoding="utf-8"))
    data["game"] = game
    result = run_case(load_case(data))
    assert result.ruling is not None
    return result.ruling


def test_a_nine_ball_no_hit_cites_rule_7_then_general_16() -> None:
    """9-ball: a foul (9-ball rule 7, the 1 not hit first; general rule 16,
    no legal ball touched), the game's own rule named first."""
    ruling = no_hit("9-ball")
    assert [f.code for f in ruling.fouls] == [FoulCode.BAD_HIT]
    ref = ruling.fouls[0].ref
    assert (ref.section, ref.rule) == ("9-ball", "7")
    assert ref.beside == g("16")
    # (kept as the records keep it)
    assert SeedRef.from_dict(json.loads(json.dumps(ref.to_dict()))) == ref
    assert n9("7").to_dict() == {"file": ref.file, "section": "9-ball", "rule": "7"}


def test_a_straight_pool_no_hit_cites_general_16() -> None:
    """14.1 has no rule of its own for the ball hit first: general rule 16."""
    ruling = no_hit("14.1")
    assert [(f.code, f.ref) for f in ruling.fouls] == [(FoulCode.BAD_HIT, g("16"))]


def test_a_wrong_ball_first_stays_rule_7() -> None:
    """9-ball, the 2 hit before the 1: 9-ball rule 7 alone, as before."""
    from rules.nine_ball import NineBall
    log = Log(nine()).stroke().hit(0, 2).rail(2, "foot")
    data = {"name": "wrong", "rule": {"section": "9-ball", "rule": "7"},
            "game": "9-ball", "state": {"is_break": False, "ball_in_hand": "none"},
            "shot": log.shot().to_dict(), "expect": {}}
    result = run_case(load_case(data))
    assert result.ruling is not None
    assert [(f.code, f.ref) for f in result.ruling.fouls] == [
        (FoulCode.BAD_HIT, n9("7"))]
    assert NineBall.no_hit != n9("7")
