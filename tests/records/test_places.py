"""A knockout under way: the players still in have no place yet. The
command line printed "-" for them, the printable page "—" and the
spreadsheet nothing; now each says the span they can still finish in
("1–3") and, under the table, what it means, in the same words."""

from __future__ import annotations

import csv
import io

import pytest

from simulator.records.cli import standings_lines
from simulator.records.evening import Evening, Setup
from simulator.records.export import evening_html, standings_csv
from simulator.records.formats import SINGLE
from tests.records.helpers import Pick, decide, people


def _first_semi_played() -> Evening:
    """Four players' knockout after its first semi-final: three still in."""
    ev = Evening.create(Setup(people("Ann", "Bob", "Cid", "Dan"), SINGLE, "9-ball",
                              race=2))
    call = ev.next_match()
    assert call is not None
    ev.record(call, decide(call.new_match(), [Pick()(call)] * 60, call))
    return ev


def test_the_command_line_says_the_span_of_those_still_in() -> None:
    lines = standings_lines(_first_semi_played())
    rows = lines[1:5]
    places = sorted(r.split()[0] for r in rows)
    assert places == ["1–3", "1–3", "1–3", "4"], lines
    assert not [r for r in rows if r.startswith("-")], lines
    assert "1–3: still in the knockout, the place not yet decided" in lines, lines


@pytest.mark.parametrize(("lang", "note"), [
    ("en", "1–3: still in the knockout, the place not yet decided"),
    ("ru", "1–3: ещё в борьбе, место пока не определено")])
def test_the_exports_say_the_span_of_those_still_in(lang: str, note: str) -> None:
    ev = _first_semi_played()
    rows = list(csv.DictReader(io.StringIO(standings_csv(ev))))
    assert sorted(r["place"] for r in rows) == ["1–3", "1–3", "1–3", "4"], rows
    page = evening_html(ev, lang)
    table = page[page.index("<table>"):page.index("</table>")]
    assert "—</td>" not in table and table.count(">1–3</td>") == 3, table
    assert note in page
