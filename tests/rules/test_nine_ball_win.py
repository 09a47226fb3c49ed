"""9-ball 4: the 9 potted on a legal shot wins. The home reading that the 9
on a legal break wins too (digest P5) is said only of a win on the break,
never of a 9 potted in open play."""

from __future__ import annotations

import json
from pathlib import Path

from rules.case import load_case, run_case
from rules.codes import DIGEST, Note, n9, reading

CASES = Path(__file__).parent / "cases"


def _win_refs(case: str) -> set[object]:
    data = json.loads((CASES / f"{case}.json").read_text(encoding="utf-8"))
    ruling = run_case(load_case(data)).ruling
    assert ruling is not None and ruling.game_over and ruling.winner == 0
    (win,) = [o for o in ruling.notes if o.code is Note.WIN_NINE]
    return {win.ref, *win.code.readings}


def test_the_nine_in_open_play_wins_under_rule_4_with_no_break_reading() -> None:
    refs = _win_refs("n9_04_nine_on_legal_shot_wins")
    assert refs == {n9("4")}
    assert not any(r.file == DIGEST for r in refs)  # type: ignore[attr-defined]


def test_the_nine_on_a_legal_break_wins_by_the_break_reading() -> None:
    assert reading("P5") in _win_refs("n9_04_nine_on_break_wins")
