"""A knockout under way: the players still in have no place yet. The
command line printed "-" for them, the printable page "—" and the
spreadsheet nothing; now each says the span they can still finish in
("1–2" after a semi-final won, "1–4" before it) and, under the table,
what it means, in the same words."""

from __future__ import annotations

import csv
import io

import pytest

from simulator.records.cli import standings_lines
from simulator.records.evening import Evening, Setup
from simulator.records.export import evening_html, standings_csv
from simulator.records.formats import SINGLE
from simulator.records.standings import place_note, place_words
from tests.records.helpers import Pick, decide, people, play_out


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
    assert places == ["1–2", "1–4", "1–4", "3–4"], lines
    assert not [r for r in rows if r.startswith("-")], lines
    said = "1–2, 1–4: still in the knockout, the place not yet decided"
    assert any(ln.startswith(said) for ln in lines), lines


@pytest.mark.parametrize(("lang", "note"), [
    ("en", "1–2, 1–4: still in the knockout, the place not yet decided"),
    ("ru", "1–2, 1–4: ещё в борьбе, место пока не определено")])
def test_the_exports_say_the_span_of_those_still_in(lang: str, note: str) -> None:
    ev = _first_semi_played()
    rows = list(csv.DictReader(io.StringIO(standings_csv(ev))))
    assert sorted(r["place"] for r in rows) == ["1–2", "1–4", "1–4", "3–4"], rows
    page = evening_html(ev, lang)
    table = page[page.index("<table>"):page.index("</table>")]
    assert "—</td>" not in table and table.count(">1–4</td>") == 2, table
    assert note in page


def test_a_semi_final_loser_shares_third_and_fourth_before_the_other_semi() -> None:
    """No match for third place: both semi-final losers share 3–4, the
    first of them from the moment they are out (not «4» alone)."""
    ev = _first_semi_played()
    rows = ev.standings()
    words = dict(zip((r.name for r in rows), place_words(rows), strict=True))
    out = [r.name for r in rows if r.place is not None]
    assert len(out) == 1 and words[out[0]] == "3–4", words
    play_out(ev, Pick())
    rows = ev.standings()
    assert sorted(place_words(rows)) == ["1", "2", "3–4", "3–4"], rows


def test_a_quarter_final_loser_shares_fifth_to_eighth() -> None:
    ev = Evening.create(Setup(people(*"ABCDEFGH"), SINGLE, "9-ball", race=2))
    call = ev.next_match()
    assert call is not None
    ev.record(call, decide(call.new_match(), [Pick()(call)] * 60, call))
    rows = ev.standings()
    assert sorted(place_words(rows)) == ["1–4"] + ["1–8"] * 6 + ["5–8"], rows


@pytest.mark.parametrize(("lang", "note"), [
    ("en", "1–2, 1–4: the evening was stopped before these places were decided"),
    ("ru", "1–2, 1–4: вечер прерван, место не определено")])
def test_a_stopped_evening_does_not_say_still_in(lang: str, note: str) -> None:
    ev = _first_semi_played()
    ev.abandon()
    assert place_note(lang, ev.standings(), stopped=True) == note
    page = evening_html(ev, lang)
    assert note in page and "still in the knockout" not in page
    assert "ещё в борьбе" not in page
