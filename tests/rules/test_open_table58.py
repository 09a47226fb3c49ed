"""8-ball: the table open is cited by 8-ball rule 6 wherever it is said.
Rule 6 ("Open table") says the table is open until a group is chosen (so a
miss leaves it open) and that it is always open right after the break; rule
7 is the group's choice ("Group chosen"). One phrase, one rule: after the
break it had said rule 7, after a miss rule 6."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.case import load_case, run_case
from rules.codes import Note
from simulator.app.text.i18n import Locale
from simulator.app.text.words import cite, split_citation

CASES = Path(__file__).parent / "cases"


@pytest.mark.parametrize("case", [
    "e8_06_open_table_after_the_break",
    "e8_06_open_table_miss_stays_open",
    "e8_07_break_both_groups_table_stays_open",
])
def test_the_open_table_cites_8_ball_rule_6(case: str) -> None:
    data = json.loads((CASES / f"{case}.json").read_text(encoding="utf-8"))
    r = run_case(load_case(data)).ruling
    assert r is not None and r.groups == (None, None)
    said = [n for n in r.notes if n.code is Note.OPEN_TABLE]
    assert len(said) == 1, [n.code.id for n in r.notes]
    assert (said[0].ref.section, said[0].ref.rule) == ("8-ball", "6")
    for lang, words in (("en", "8-ball, rule 6"), ("ru", "«Восьмёрка», п. 6")):
        loc = Locale(lang)
        # The catalogue's own citation and the one the screen draws agree.
        home = split_citation(loc.rule(Note.OPEN_TABLE.id))[1]
        assert " ".join(home.split()) == words
        ref = loc.t("ref.8-ball", rule="6")
        assert cite(loc, said[0].code, said[0].ref, "8-ball").endswith(f"({ref})")
