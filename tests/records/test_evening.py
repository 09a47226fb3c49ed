"""An evening driven through its API with real referee matches (decided by
conceded games, no physics): who plays next, results checked against the
call, standings and their tie-breaks, the bracket, handicaps, the Express
series' chips, and an evening stored and read back mid-way."""

from __future__ import annotations

import json

import pytest

from rules.referee import Match
from simulator.records.entrants import Entrant
from simulator.records.evening import (
    ABANDONED,
    FINISHED,
    Evening,
    EveningError,
    MatchResult,
    Setup,
)
from simulator.records.formats import (
    DOUBLE,
    EXPRESS_SERIES,
    ROUND_ROBIN,
    SINGLE,
    WINNER_STAYS,
)
from simulator.records.rating import game_odds, race_odds
from tests.records.helpers import Pick, decide, people, play_out


def rr(*names: str, race: int = 2, **kw: object) -> Evening:
    return Evening.create(Setup(people(*names), ROUND_ROBIN, "9-ball", race=race,
                                **kw))  # type: ignore[arg-type]


def test_a_round_robin_calls_every_pair_once_then_ends() -> None:
    ev = rr("Ann", "Bob", "Cid", "Dan")
    results = play_out(ev, Pick())
    assert len(results) == 6 and ev.status == FINISHED and ev.next_match() is None
    pairs = {frozenset(r.seats) for r in results}
    assert len(pairs) == 6
    rows = ev.standings()
    assert [r.name for r in rows] == ["Ann", "Bob", "Cid", "Dan"]
    assert [(r.won, r.lost, r.games_for, r.games_against) for r in rows] == [
        (3, 0, 6, 0), (2, 1, 4, 2), (1, 2, 2, 4), (0, 3, 0, 6)]
    assert ev.champion() == 0


def test_level_on_wins_the_winner_of_their_match_goes_first() -> None:
    ev = rr("Ann", "Bob", "Cid", race=1)
    # A cycle: Ann beats Bob, Bob beats Cid, Cid beats Ann: all on one win,
    # games level, head to head level too: places shared.
    def pick(call: object) -> int:
        seats = call.seats  # type: ignore[attr-defined]
        beats = {(0, 1): 0, (1, 2): 1, (0, 2): 2}
        w = beats[tuple(sorted(seats))]
        return seats.index(w)
    play_out(ev, pick)
    assert [r.place for r in ev.standings()] == [1, 1, 1]
    ev = rr("Ann", "Bob", "Cid", "Dan", race=1)
    # Ann and Bob win two each; Bob beat Ann: Bob is first.
    wins = {(0, 1): 1, (0, 2): 0, (0, 3): 0, (1, 2): 2, (1, 3): 1, (2, 3): 3}
    play_out(ev, lambda c: c.seats.index(wins[tuple(sorted(c.seats))]))
    rows = ev.standings()
    assert [r.name for r in rows[:2]] == ["Bob", "Ann"] and rows[0].won == rows[1].won
    assert rows[0].place == 1 and rows[1].place == 2


def test_a_result_must_fit_its_call() -> None:
    ev = rr("Ann", "Bob", "Cid")
    call = ev.next_match()
    assert call is not None
    m = call.new_match()
    with pytest.raises(EveningError, match="not decided"):
        ev.record(call, m)
    other = Match(["Zed", "Bob"], "9-ball", dict(call.options), call.seed)
    with pytest.raises(EveningError, match="between Zed, Bob"):
        ev.record(call, decide(other, [0, 0]))
    eight = Match(list(call.names), "8-ball", dict(call.options), call.seed)
    with pytest.raises(EveningError, match="8-ball"):
        ev.record(call, decide(eight, [0, 0]))
    ev.record(call, decide(m, [0, 0]))
    with pytest.raises(EveningError, match="already played"):
        ev.record(call, decide(call.new_match(), [0, 0]))


def test_single_elimination_places_by_the_round_lost_in() -> None:
    ev = Evening.create(Setup(people(*"ABCDEF"), SINGLE, "8-ball", race=1))
    play_out(ev, Pick())
    rows = ev.standings()
    assert ev.status == FINISHED and rows[0].name == "A" and rows[0].place == 1
    assert rows[1].name == "B" and rows[1].place == 2  # the final's loser
    assert {r.name for r in rows if r.place == 3} == {"C", "D"}  # semi-finals
    assert {r.name for r in rows if r.place == 5} == {"E", "F"}
    # Two byes (seeds 1 and 2); five matches for six players.
    assert len(ev.results) == 5
    first = ev.bracket()[0]
    assert [m.status for m in first.matches].count("walkover") == 2


def test_double_elimination_runs_to_a_replayed_grand_final() -> None:
    ev = Evening.create(Setup(people(*"ABCD"), DOUBLE, "9-ball", race=1))
    # B wins the winners' bracket; A drops, comes back through the losers'
    # bracket and beats B in the grand final: B's first loss, so a replay.
    upsets = {"W2-1": 1, "GF": 1}
    play_out(ev, Pick(upsets))
    slots = list(ev.results)
    assert slots[-2:] == ["GF", "GF2"] and ev.status == FINISHED
    rows = ev.standings()
    assert rows[0].name == "A" and rows[0].lost == 1
    assert rows[1].name == "B" and rows[1].lost == 2
    stages = [(r.stage, r.round) for r in ev.bracket()]
    assert stages == [("winners", 1), ("winners", 2), ("losers", 1), ("losers", 2),
                      ("final", 1), ("final", 2)]


def test_an_unbeaten_grand_finalist_needs_no_replay() -> None:
    ev = Evening.create(Setup(people(*"ABC"), DOUBLE, "9-ball", race=1))
    play_out(ev, Pick())
    assert "GF2" not in ev.results and ev.status == FINISHED
    assert ev.standings()[0].name == "A"
    assert [r.stage for r in ev.bracket()][-1] == "final"  # GF only


def test_winner_stays_counts_the_streaks() -> None:
    ev = Evening.create(Setup(people("Ann", "Bob", "Cid"), WINNER_STAYS, "9-ball",
                              race=1, matches=5))
    # Ann holds the table for three, then Cid takes it and keeps it.
    play_out(ev, Pick({"M4": 0, "M5": 1}))
    rows = ev.standings()
    assert len(ev.results) == 5
    assert [(r.name, r.won, r.streak) for r in rows] == [
        ("Ann", 3, 3), ("Cid", 2, 2), ("Bob", 0, 0)]
    assert [ev.results[f"M{k}"].seats for k in range(1, 6)] == [
        (0, 1), (2, 0), (1, 0), (2, 0), (1, 2)]


def test_handicapped_races_come_from_the_ratings() -> None:
    e = (Entrant("Ann", rating=650.0), Entrant("Bob", rating=450.0))
    ev = Evening.create(Setup(e, ROUND_ROBIN, "9-ball", race=3, handicap=True))
    call = ev.next_match()
    assert call is not None and call.handicapped
    strong, weak = (call.races if call.seats[0] == 0 else call.races[::-1])
    assert strong > 3 >= weak or strong >= 3 > weak
    p = game_odds(650.0, 450.0)
    assert abs(race_odds(p, strong, weak) - 0.5) < \
        abs(race_odds(p, 3, 3) - 0.5) - 0.2  # far closer to even than level
    assert call.options["race_to"] == strong
    # Bob reaches his shorter race first: the match is his, though the
    # referee's race (the longer) is not over.
    bob = call.seats.index(1)
    m = decide(call.new_match(), [bob] * weak, call)
    assert not m.over and call.winner(m) == bob
    r = ev.record(call, m)
    assert r.winner_entrant == 1 and r.races == call.races


def test_an_express_series_carries_the_chips_from_game_to_game() -> None:
    ev = Evening.create(Setup(people("Ann", "Bob", "Cid"), EXPRESS_SERIES, "express",
                              games=3))
    call = ev.next_match()
    assert call is not None and call.chips == () and call.options["first_breaker"] == 0
    # The first game's result as recorded: Bob took the bank.
    ev.accept(MatchResult("G1", call.seats, 1, (0, 1, 0), (0, 12, 0), (),
                          (97, 105, 98)))
    call = ev.next_match()
    assert call is not None and call.slot == "G2"
    assert call.chips == (97, 105, 98) and call.options["first_breaker"] == 1
    m = call.new_match()
    state = m.state
    assert state.chips == (96, 104, 97) and state.bank == 3  # the ante paid
    assert sum(state.chips) + state.bank == 300
    ev.accept(MatchResult("G2", call.seats, 0, (1, 0, 0), (9, 0, 0), (), (0, 150, 150)))
    call = ev.next_match()
    assert call is not None
    state = call.new_match().state
    assert state.chips == (0, 149, 149) and state.bank == 2  # Ann has no ante left
    rows = ev.standings()
    assert [(r.name, r.chips) for r in rows] == [("Bob", 150), ("Cid", 150),
                                                 ("Ann", 0)]


def test_an_evening_read_back_continues_where_it_stopped() -> None:
    ev = Evening.create(Setup(people(*"ABCDE"), DOUBLE, "9-ball", race=1, seed=7))
    for _ in range(4):
        call = ev.next_match()
        assert call is not None
        ev.record(call, decide(call.new_match(), [1]))
    back = Evening.from_dict(json.loads(json.dumps(ev.to_dict())))
    assert back.standings() == ev.standings() and back.bracket() == ev.bracket()
    a, b = ev.next_match(), back.next_match()
    assert a == b and a is not None
    assert a.new_match().to_dict() == b.new_match().to_dict()  # the same rack


def test_a_stored_evening_that_does_not_add_up_is_refused() -> None:
    ev = rr("Ann", "Bob", "Cid", race=1)
    call = ev.next_match()
    assert call is not None
    ev.record(call, decide(call.new_match(), [0]))
    good = ev.to_dict()
    bad = json.loads(json.dumps(good))
    bad["results"].append(bad["results"][0])
    with pytest.raises(EveningError, match=r"results\[1\].*already"):
        Evening.from_dict(bad)
    bad = json.loads(json.dumps(good))
    bad["results"][0]["seats"] = bad["results"][0]["seats"][::-1]
    with pytest.raises(EveningError, match="not between these players"):
        Evening.from_dict(bad)
    bad = json.loads(json.dumps(good))
    bad["setup"]["race"] = 0
    with pytest.raises(EveningError, match="race"):
        Evening.from_dict(bad)
    bad = json.loads(json.dumps(good))
    bad["status"] = FINISHED
    with pytest.raises(EveningError, match="matches are left"):
        Evening.from_dict(bad)


def test_an_abandoned_evening_calls_no_more_matches() -> None:
    ev = rr("Ann", "Bob", "Cid")
    ev.abandon()
    assert ev.status == ABANDONED and ev.next_match() is None
    assert Evening.from_dict(ev.to_dict()).status == ABANDONED


@pytest.mark.parametrize(("setup", "where"), [
    (Setup(people("Ann"), ROUND_ROBIN, "9-ball"), "players"),
    (Setup(people("Ann", "Bob"), "ladder", "9-ball"), "format"),
    (Setup(people("Ann", "Bob"), ROUND_ROBIN, "snooker"), "game"),
    (Setup(people("Ann", "Bob"), ROUND_ROBIN, "express"), "game"),
    (Setup(people("Ann", "Bob", "Cid"), EXPRESS_SERIES, "9-ball"), "format"),
    (Setup(people("Ann", "Bob"), EXPRESS_SERIES, "express"), "players"),
    (Setup(people("Ann", "Bob"), ROUND_ROBIN, "9-ball", race=0), "race"),
    (Setup(people("Ann", "Bob"), ROUND_ROBIN, "9-ball", race=26), "race"),
    (Setup(people("Ann", "Bob"), ROUND_ROBIN, "14.1", handicap=True), "handicap"),
    (Setup(people("Ann", "ann"), ROUND_ROBIN, "9-ball"), "players[2]"),
    (Setup(people("Ann", "B" * 41), ROUND_ROBIN, "9-ball"), "players[2]"),
    (Setup(people("Ann", "Bo\x07b"), ROUND_ROBIN, "9-ball"), "players[2]"),
    (Setup(people(*(f"P{i}" for i in range(33))), ROUND_ROBIN, "9-ball"), "players"),
    (Setup(people("Ann", "Bob"), ROUND_ROBIN, "9-ball",
           options={"break_order": "sometimes"}), "options"),
])
def test_a_bad_setup_is_refused_naming_the_field(setup: Setup, where: str) -> None:
    with pytest.raises(EveningError) as e:
        setup.checked()
    assert e.value.where == where, str(e.value)


def test_the_last_result_can_be_taken_back() -> None:
    ev = rr("Ann", "Bob", race=1)
    call = ev.next_match()
    assert call is not None
    ev.record(call, decide(call.new_match(), [0]))
    assert ev.status == FINISHED
    with pytest.raises(EveningError, match="only the last"):
        ev.withdraw("R9-9")
    r = ev.withdraw(call.slot)
    assert r.slot == call.slot and ev.status == "playing" and ev.next_match() == call
