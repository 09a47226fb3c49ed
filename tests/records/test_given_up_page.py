"""A player's page counts the games given up apart from those played at
the table (the rating leaves them out; a page must not read a forfeit as a
game played), and says so: "2–0 (w/o 0–1)"."""

from __future__ import annotations

import pytest

from rules.referee import Match
from simulator.records.cli import page_lines
from simulator.records.club import match_record, seats_of
from simulator.records.database import MatchRecord
from simulator.records.evening import Evening
from simulator.records.formats import EXPRESS_SERIES
from simulator.records.pages import games_words, page
from simulator.records.plan import Setup
from tests.records.helpers import give_game, people, win_at_table


def ann_gives_one_up() -> MatchRecord:
    """Ann against Bob, 9-ball to 2: Ann wins game 1 at the table, gives
    game 2 up (concedes it), wins game 3 at the table."""
    m = Match(["Ann", "Bob"], "9-ball", {"race_to": 2}, 5)
    win_at_table(m, 0)
    give_game(m, 1)
    win_at_table(m, 0)
    assert m.over and m.winner == 0
    return match_record(m, seats_of(m.players))


@pytest.mark.parametrize(("lang", "words"), [("en", "2–0 (w/o 0–1)"),
                                             ("ru", "2–0 (сдачей 0–1)")])
def test_a_game_given_up_is_counted_apart(lang: str, words: str) -> None:
    rec = ann_gives_one_up()
    ann = page([rec], "Ann")
    bob = page([rec], "Bob")
    assert ann is not None and bob is not None
    (line,) = ann.disciplines
    assert (line.games_won, line.games_lost) == (2, 0)  # at the table
    assert (line.games_won_wo, line.games_lost_wo) == (0, 1)
    assert games_words(lang, line) == words
    (h2h,) = ann.head_to_head
    assert games_words(lang, h2h) == words
    (line,) = bob.disciplines
    assert (line.games_won, line.games_lost, line.games_won_wo) == (0, 2, 1)
    assert "games 2–0 (w/o 0–1)" in " ".join(page_lines(ann))
    assert ann.to_dict()["disciplines"][0]["games_lost_wo"] == 1


def test_games_all_played_read_as_before() -> None:
    m = Match(["Ann", "Bob"], "9-ball", {"race_to": 2}, 5)
    win_at_table(m, 0)
    win_at_table(m, 0)
    ann = page([match_record(m, seats_of(m.players))], "Ann")
    assert ann is not None
    assert games_words("en", ann.disciplines[0]) == "2–0"


def test_an_express_game_the_others_left_is_no_game_won_at_the_table() -> None:
    """Bob and Vera leave: Ann's game is won by their leaving, apart."""
    ev = Evening.create(Setup(people("Ann", "Bob", "Vera"), EXPRESS_SERIES,
                              "express", games=1))
    call = ev.next_match()
    assert call is not None
    m = call.new_match()
    while not m.over and call.winner(m) is None:
        give_game(m, 0)
    rec = match_record(m, seats_of(call.names))
    ann, bob = page([rec], "Ann"), page([rec], "Bob")
    assert ann is not None and bob is not None
    assert games_words("en", ann.disciplines[0]) == "0–0 (w/o 1–0)"
    assert games_words("en", bob.disciplines[0]) == "0–0 (w/o 0–1)"
    assert {h.opponent: games_words("en", h) for h in ann.head_to_head} == \
        {"Bob": "0–0 (w/o 1–0)", "Vera": "0–0 (w/o 1–0)"}


def test_an_evenings_exports_say_which_results_were_given_up() -> None:
    """Every match of a round robin conceded: the standings CSV counts the
    wins and losses given up apart (won_wo, lost_wo), the results CSV marks
    each match "w/o", the printable page has the two columns."""
    import csv
    import io

    from simulator.records.export import evening_html, results_csv, standings_csv
    from simulator.records.formats import ROUND_ROBIN
    from tests.records.helpers import Pick, play_out
    ev = Evening.create(Setup(people("Ann", "Bob", "Cid"), ROUND_ROBIN, "9-ball",
                              race=2))
    play_out(ev, Pick())  # every game conceded
    rows = list(csv.DictReader(io.StringIO(standings_csv(ev))))
    assert [(r["name"], r["won"], r["won_wo"], r["lost"], r["lost_wo"])
            for r in rows] == [("Ann", "2", "2", "0", "0"), ("Bob", "1", "1", "1", "1"),
                               ("Cid", "0", "0", "2", "2")]
    results = list(csv.DictReader(io.StringIO(results_csv(ev))))
    assert [r["given_up"] for r in results] == ["w/o"] * 3
    page = evening_html(ev, "ru")
    assert "Выиграно сдачей" in page and "Проиграно сдачей" in page


def test_an_express_series_score_reads_player_by_player() -> None:
    """A series game's points in the results CSV, in the players' order:
    "-1 / -1 / 4", not "-1--1-4"."""
    import csv
    import io

    from simulator.records.export import results_csv
    ev = Evening.create(Setup(people("Ann", "Bob", "Vera"), EXPRESS_SERIES,
                              "express", games=1,
                              options={"initial_points": 4, "max_signatures": 0}))
    call = ev.next_match()
    assert call is not None
    m = call.new_match()
    m.call_foul("express.foul.touched_ball")
    while m.requirements().pending:
        m.choose(m.requirements().pending[0])
    m.call_foul("express.foul.touched_ball")
    assert m.over and m.scores == (-1, -1, 4)
    ev.record(call, m)
    (row,) = csv.DictReader(io.StringIO(results_csv(ev)))
    # (the leading apostrophe keeps a spreadsheet from reading a formula)
    assert (row["players"], row["score"], row["given_up"]) == \
        ("Ann / Bob / Vera", "'-1 / -1 / 4", "")
