"""A single knockout's places while it is played: those still in share
the places above those already out, never a span overlapping theirs
(«1–3» beside a semi-final loser's «3–4» read as if both could be third)."""

from __future__ import annotations

import itertools

import pytest

from simulator.records.evening import Evening, Setup
from simulator.records.formats import SINGLE
from simulator.records.standings import place_note, place_words
from tests.records.helpers import Pick, decide, people


def _spans(words: list[str]) -> set[tuple[int, int]]:
    return {(int(w.split("–")[0]), int(w.split("–")[-1])) for w in words}


@pytest.mark.parametrize("n", [3, 4, 5, 8])
def test_no_span_overlaps_another_at_any_point_of_the_knockout(n: int) -> None:
    ev = Evening.create(Setup(people(*[f"P{i}" for i in range(n)]), SINGLE,
                              "9-ball", race=2))
    seen = []
    while True:
        rows = ev.standings()
        words = place_words(rows)
        seen.append(words)
        spans = sorted(_spans(words))
        for (_a0, a1), (b0, _b1) in itertools.pairwise(spans):
            assert a1 < b0, (n, words)  # one span ends before the next begins
        still = [w for w, r in zip(words, rows, strict=True) if r.place is None]
        assert len(set(still)) <= 1, words
        call = ev.next_match()
        if call is None:
            break
        ev.record(call, decide(call.new_match(), [Pick()(call)] * 60, call))
    assert seen[-1][:2] == ["1", "2"], seen[-1]


def test_four_players_after_the_semis_and_half_way_through_them() -> None:
    ev = Evening.create(Setup(people("Ann", "Bob", "Cid", "Dan"), SINGLE, "9-ball",
                              race=2))
    expected = [["1–4"] * 4, ["1–2"] * 3 + ["3–4"], ["1–2"] * 2 + ["3–4"] * 2]
    for k, want in enumerate(expected):
        assert sorted(place_words(ev.standings())) == want
        # Three in 1–2: the note says one of them will yet go below.
        below = {"en": "joins the places below", "ru": "встанет ниже"}
        for lang, words in below.items():
            assert (words in place_note(lang, ev.standings())) == (k == 1)
        call = ev.next_match()
        assert call is not None
        ev.record(call, decide(call.new_match(), [Pick()(call)] * 60, call))
    assert sorted(place_words(ev.standings())) == ["1", "2", "3–4", "3–4"]


def test_eight_players_after_the_first_quarter_final() -> None:
    ev = Evening.create(Setup(people(*"ABCDEFGH"), SINGLE, "9-ball", race=2))
    call = ev.next_match()
    assert call is not None
    ev.record(call, decide(call.new_match(), [Pick()(call)] * 60, call))
    assert sorted(place_words(ev.standings())) == ["1–4"] * 7 + ["5–8"]


@pytest.mark.parametrize(("lang", "word"), [("en", "not played"), ("ru", "не сыгран")])
def test_a_stopped_evenings_page_says_which_matches_were_not_played(
        lang: str, word: str) -> None:
    """The printable page of a knockout stopped after its first semi-final:
    the other semi-final and the final «не сыгран», the played one not."""
    from simulator.records.export import evening_html
    ev = Evening.create(Setup(people("Ann", "Bob", "Cid", "Dan"), SINGLE, "9-ball",
                              race=2))
    call = ev.next_match()
    assert call is not None
    ev.record(call, decide(call.new_match(), [Pick()(call)] * 60, call))

    def marked() -> list[bool]:
        boxes = evening_html(ev, lang).split('<div class="match">')[1:]
        return [f">{word}</div>" in b for b in boxes]
    assert marked() == [False, False, False]
    ev.abandon()
    assert marked() == [False, True, True]


@pytest.mark.parametrize(("lang", "word"), [("en", "not played"), ("ru", "не сыграна")])
def test_a_stopped_series_page_lists_its_games_not_played(lang: str, word: str) -> None:
    """An Express series of three games stopped before its first: its page
    lists the three, each «не сыграна» (it listed only the game called)."""
    from simulator.records.export import evening_html
    from simulator.records.formats import EXPRESS_SERIES
    ev = Evening.create(Setup(people("Ann", "Bob", "Cid"), EXPRESS_SERIES, "express",
                              games=3))
    ev.abandon()
    rounds = ev.bracket()
    assert [m.slot for r in rounds for m in r.matches] == ["G1", "G2", "G3"]
    boxes = evening_html(ev, lang).split('<div class="match">')[1:]
    assert [f">{word}</div>" in b for b in boxes] == [True] * 3, boxes
