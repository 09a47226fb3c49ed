"""Out of the program: an evening's standings and results as CSV and as a
printable page in either language; the records exported to one file and
imported on another computer, merged, and a damaged file refused."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from simulator.files.inputs import InputError
from simulator.records import transfer
from simulator.records.database import Records
from simulator.records.evening import Evening, Setup
from simulator.records.export import (
    evening_html,
    results_csv,
    standings_csv,
    write_exports,
)
from simulator.records.formats import DOUBLE, EXPRESS_SERIES, ROUND_ROBIN, SINGLE
from tests.records.helpers import Pick, people, play_out
from tests.records.records_data import club_night, match, seat


def _evening(fmt: str = ROUND_ROBIN) -> Evening:
    ev = Evening.create(Setup(people("=SUM(A1)", "<b>Bob</b>", "Cid"), fmt,
                              "9-ball", race=2))
    play_out(ev, Pick())
    return ev


def test_the_standings_and_results_as_csv() -> None:
    ev = _evening()
    rows = list(csv.reader(io.StringIO(standings_csv(ev))))
    assert rows[0][:5] == ["place", "name", "played", "won", "lost"]
    assert [r[1] for r in rows[1:]] == ["'=SUM(A1)", "<b>Bob</b>", "Cid"]
    assert [r[3] for r in rows[1:]] == ["2", "1", "0"]
    res = list(csv.reader(io.StringIO(results_csv(ev))))
    assert len(res) == 4 and res[0][0] == "slot"
    assert all(r[4] in ("2-0", "0-2") for r in res[1:])  # games, seat by seat


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["Standings", "Player", "Winner: =SUM(A1)"]),
    ("ru", ["Турнирная таблица", "Игрок", "Победитель: =SUM(A1)", "Финал"])])
def test_the_printable_page_in_both_languages(lang: str, words: list[str]) -> None:
    page = evening_html(_evening(DOUBLE), lang)
    assert page.startswith("<!DOCTYPE html>") and f'lang="{lang}"' in page
    for w in words:
        assert w in page
    assert "<b>Bob</b>" not in page and "&lt;b&gt;Bob&lt;/b&gt;" in page
    assert "@media print" in page


def test_the_exports_are_written_as_files(tmp_path: Path) -> None:
    ev = _evening()
    paths = write_exports(ev, tmp_path / "night", "ru")
    assert [p.exists() for p in paths] == [True] * 3
    assert paths[0].read_bytes() == standings_csv(ev).encode("utf-8")


def test_the_records_move_to_another_computer(tmp_path: Path) -> None:
    here, there = tmp_path / "here.sqlite3", tmp_path / "there.sqlite3"
    with Records.open(here) as rec:
        for m in club_night():
            rec.record(m)
        assert transfer.export_records(rec, tmp_path / "all.json") == 5
        original = rec.matches()
    with Records.open(there) as rec:
        report = transfer.import_records(rec, tmp_path / "all.json")
        assert (report.added, report.already, report.new_players) == (5, 0, 4)
        assert rec.matches() == original
        # Imported again: nothing new.
        assert transfer.import_records(rec, tmp_path / "all.json").added == 0


def test_two_computers_records_merge(tmp_path: Path) -> None:
    a, b = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    with Records.open(a) as rec:
        for m in club_night()[:3]:
            rec.record(m)
        transfer.export_records(rec, tmp_path / "a.json")
    with Records.open(b) as rec:
        for m in club_night()[2:]:
            rec.record(m)
        # ANN typed in capitals on the other computer is the same Ann.
        rec.record(match("m9", 9, "9-ball", seat("ANN", 3), seat("Bob", 2)))
        report = transfer.import_records(rec, tmp_path / "a.json")
        assert (report.added, report.already, report.new_players) == (2, 1, 1)
        assert rec.count() == 6
        names = [n for n, _ in rec.player_names()]
        assert names.count("Ann") + names.count("ANN") == 1


def _exported(tmp_path: Path) -> Path:
    with Records.open(tmp_path / "src.sqlite3") as rec:
        for m in club_night():
            rec.record(m)
        transfer.export_records(rec, tmp_path / "all.json")
    return tmp_path / "all.json"


@pytest.mark.parametrize(("damage", "why"), [
    (lambda d: d["matches"][1]["seats"][0].update(games_won=9), "checksum"),
    (lambda d: d.update(version=7), "version 7"),
    (lambda d: d.update(format="kiy-save"), "not a Kiy records file"),
])
def test_a_damaged_export_is_refused_with_one_line_and_nothing_changed(
        tmp_path: Path, damage: object, why: str) -> None:
    path = _exported(tmp_path)
    data = json.loads(path.read_text("utf-8"))
    damage(data)  # type: ignore[operator]
    path.write_text(json.dumps(data), "utf-8")
    with Records.open(tmp_path / "dest.sqlite3") as rec:
        with pytest.raises(InputError) as e:
            transfer.import_records(rec, path)
        assert rec.count() == 0
    assert why in str(e.value) and "\n" not in str(e.value)


def test_a_cut_short_export_is_refused(tmp_path: Path) -> None:
    path = _exported(tmp_path)
    text = path.read_text("utf-8")
    path.write_text(text[: len(text) // 2], "utf-8")
    with Records.open(tmp_path / "dest.sqlite3") as rec, \
            pytest.raises(InputError, match="JSON"):
        transfer.import_records(rec, path)


def test_a_hand_made_export_with_a_bad_field_is_refused_by_name(
        tmp_path: Path) -> None:
    path = _exported(tmp_path)
    data = json.loads(path.read_text("utf-8"))
    data["matches"][0]["seats"][0]["name"] = "X" * 60
    body = transfer._body(data["players"], data["matches"])
    import hashlib
    data["sha256"] = hashlib.sha256(body.encode()).hexdigest()
    path.write_text(json.dumps(data), "utf-8")
    with Records.open(tmp_path / "d.sqlite3") as rec, \
            pytest.raises(InputError, match=r"matches\[0\]\.seats\[0\]\.name"):
        transfer.import_records(rec, path)


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["Round of 8", "Semi-final", "Final"]),
    ("ru", ["1/4 финала", "Полуфинал", "Финал"])])
def test_a_single_eliminations_rounds_on_the_page(lang: str, words: list[str]) -> None:
    """Eight players knocked out: the quarter-finals, the semi-finals and
    the final, by their names; no winners' bracket without a losers' one."""
    ev = Evening.create(Setup(people(*"ABCDEFGH"), SINGLE, "9-ball", race=1))
    play_out(ev, Pick())
    page = evening_html(ev, lang)
    heads = re.findall(r"<h3>(.*?)</h3>", page)
    assert heads == words


@pytest.mark.parametrize(("lang", "given_up", "left"), [
    ("en", "w/o", "Ann wins: the others left"),
    ("ru", "сдача", "Ann выигрывает: остальные выбыли")])
def test_a_match_given_up_reads_as_given_up(lang: str, given_up: str,
                                            left: str) -> None:
    """A knockout's matches conceded read "w/o", not a 2-0 never played; an
    Express game the others left says who won and how, not the points."""
    ko = Evening.create(Setup(people(*"ABCD"), SINGLE, "9-ball", race=2))
    play_out(ko, Pick())  # every game conceded
    boxes = re.findall(r'<div class="match">(.*?)</div></div>', evening_html(ko, lang))
    assert len(boxes) == 3
    for box in boxes:
        assert f"<div>{given_up}</div>" in box and " 2</div>" not in box, box
    series = Evening.create(Setup(people("Ann", "Bob", "Vera"), EXPRESS_SERIES,
                                  "express", games=1))
    play_out(series, Pick())  # Bob and Vera leave
    page = evening_html(series, lang)
    assert left in page and " 30</div>" not in page
