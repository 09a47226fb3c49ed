"""A single knockout's places while it is played: each player still in
shows every place he can still reach («1–4» before his semi-final of four,
«1–2» after winning it, its loser «3–4»)."""

from __future__ import annotations

import pytest

from simulator.records.evening import Evening, Setup
from simulator.records.formats import SINGLE
from simulator.records.standings import place_note, place_words
from tests.records.helpers import Pick, decide, people


def _played_through(n: int) -> list[list[str]]:
    """Each player's places (sorted) before every match of a knockout of n
    and at its end."""
    ev = Evening.create(Setup(people(*[f"P{i}" for i in range(n)]), SINGLE,
                              "9-ball", race=2))
    seen = []
    while True:
        seen.append(sorted(place_words(ev.standings())))
        call = ev.next_match()
        if call is None:
            return seen
        ev.record(call, decide(call.new_match(), [Pick()(call)] * 60, call))


# Every place a player can still reach: before his match of a round the
# first to the last its losers share, the winner of a semi-final 1–2, its
# loser 3–4 (a span overlapping theirs is true, so nothing more is said).
HONEST = {
    3: [["1–2", "1–3", "1–3"], ["1–2", "1–2", "3"], ["1", "2", "3"]],
    4: [["1–4"] * 4, ["1–2", "1–4", "1–4", "3–4"], ["1–2", "1–2", "3–4", "3–4"],
        ["1", "2", "3–4", "3–4"]],
    5: [["1–4"] * 3 + ["1–5"] * 2, ["1–4"] * 4 + ["5"],
        ["1–2", "1–4", "1–4", "3–4", "5"], ["1–2", "1–2", "3–4", "3–4", "5"],
        ["1", "2", "3–4", "3–4", "5"]],
    8: [["1–8"] * 8, ["1–4"] + ["1–8"] * 6 + ["5–8"],
        ["1–4"] * 2 + ["1–8"] * 4 + ["5–8"] * 2,
        ["1–4"] * 3 + ["1–8"] * 2 + ["5–8"] * 3, ["1–4"] * 4 + ["5–8"] * 4,
        ["1–2", "1–4", "1–4", "3–4"] + ["5–8"] * 4,
        ["1–2", "1–2", "3–4", "3–4"] + ["5–8"] * 4,
        ["1", "2", "3–4", "3–4"] + ["5–8"] * 4],
}


@pytest.mark.parametrize("n", [3, 4, 5, 8])
def test_each_player_still_in_shows_every_place_he_can_still_reach(n: int) -> None:
    assert _played_through(n) == HONEST[n]


def test_four_players_after_one_semi_final_need_no_word_more() -> None:
    """The unplayed semi-final's players «1–4» beside its winner's «1–2»:
    the note says only what the spans mean, no «встанет ниже»."""
    ev = Evening.create(Setup(people("Ann", "Bob", "Cid", "Dan"), SINGLE, "9-ball",
                              race=2))
    call = ev.next_match()
    assert call is not None
    ev.record(call, decide(call.new_match(), [Pick()(call)] * 60, call))
    rows = ev.standings()
    assert sorted(place_words(rows)) == ["1–2", "1–4", "1–4", "3–4"]
    for lang, below in {"en": "joins the places below", "ru": "встанет ниже"}.items():
        note = place_note(lang, rows)
        assert note.startswith("1–2, 1–4: "), note
        assert below not in note


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
