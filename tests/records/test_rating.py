"""The rating on the FargoRate scale, against FargoRate's published odds, and
the fit that finds ratings from games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from simulator.records.club import match_record, seats_of
from simulator.records.database import Records
from simulator.records.evening import Evening
from simulator.records.formats import EXPRESS_SERIES, ROUND_ROBIN
from simulator.records.pages import ratings, results_of
from simulator.records.plan import Setup
from simulator.records.rating import (
    PRIOR_MEAN,
    Results,
    fit,
    game_odds,
    handicap_races,
    race_odds,
)
from tests.records.helpers import give_game, people


def test_a_hundred_points_is_two_to_one_a_game() -> None:
    # FargoRate: "a 100-point difference means the better player wins two
    # games for every one" (and 200 points four for one).
    assert game_odds(600, 500) == pytest.approx(2 / 3)
    assert game_odds(500, 600) == pytest.approx(1 / 3)
    assert game_odds(700, 500) == pytest.approx(4 / 5)
    assert game_odds(555, 555) == 0.5


def test_fargorate_s_published_odds_worked_through() -> None:
    # FargoRate's "find race" odds as read off its app and quoted on the
    # AZBilliards forum (https://forums.azbilliards.com/goto/post?id=8063430):
    # a 332-point gap (732 against 400) is 90.9% to 9.1% a game.
    assert game_odds(732, 400) == pytest.approx(0.909, abs=0.0005)
    # FargoRate's race odds for players of its world list, quoted there too
    # (https://forums.azbilliards.com/threads/world-fargo-rating-list-place-
    # changes-from-the-us-open.438483/post-5707985): Kevin Cheng (791) is a
    # 50.6% favourite against Darren Appleton (790) in a race to 11, and a
    # 66.8% favourite against Maximilian Lechner (764).
    assert race_odds(game_odds(791, 790), 11, 11) == pytest.approx(0.506, abs=0.0005)
    assert race_odds(game_odds(791, 764), 11, 11) == pytest.approx(0.668, abs=0.0005)


def test_race_odds_by_hand() -> None:
    # A race to 2 at p = 2/3: win 2-0 (4/9) or 2-1 (2 * 2/3 * 1/3 * 2/3 = 8/27).
    assert race_odds(2 / 3, 2, 2) == pytest.approx(4 / 9 + 8 / 27)
    assert race_odds(0.5, 3, 3) == pytest.approx(0.5)
    assert race_odds(0.3, 1, 1) == pytest.approx(0.3)
    assert race_odds(0.5, 1, 5) == pytest.approx(1 - 0.5 ** 5)


@pytest.mark.parametrize("gap", [0, 40, 100, 170, 250, 400])
@pytest.mark.parametrize("race", [2, 3, 5, 7])
def test_handicap_races_bring_a_match_close_to_even(gap: int, race: int) -> None:
    strong, weak = handicap_races(500 + gap, 500, race)
    assert weak <= race <= strong <= 3 * race
    p = game_odds(500 + gap, 500)
    even = abs(race_odds(p, strong, weak) - 0.5)
    level = abs(race_odds(p, race, race) - 0.5)
    assert even <= level
    if gap == 0:
        assert (strong, weak) == (race, race)
    # Within two points of even wherever the races allowed can get there.
    best = min(abs(race_odds(p, a, b) - 0.5) for a in range(race, 3 * race + 1)
               for b in range(1, race + 1))
    assert even <= max(0.02, best + 1e-12)
    assert handicap_races(500, 500 + gap, race) == (weak, strong)


def test_the_fit_finds_ratings_that_made_the_games() -> None:
    truth = {"anchor": 500.0, "b": 380.0, "c": 560.0, "d": 690.0}
    rng = random.Random(5)
    rows = []
    names = list(truth)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            p = game_odds(truth[a], truth[b])
            wins = sum(rng.random() < p for _ in range(400))
            rows.append(Results(a, b, wins, 400 - wins,
                                500.0 if a == "anchor" else None,
                                500.0 if b == "anchor" else None))
    rated = fit(rows, prior_sd=2000.0)
    assert "anchor" not in rated  # held where it is
    for k in ("b", "c", "d"):
        assert abs(rated[k].value - truth[k]) <= rated[k].margin, (k, rated[k])
        assert rated[k].margin < 40 and rated[k].games == 1200


def test_the_confidence_grows_with_the_games() -> None:
    prev = 0.0
    for n in (2, 10, 50, 250):
        r = fit([Results("me", "cpu", n // 2, n - n // 2, None, 500.0)])["me"]
        assert r.confidence > prev and r.games == n
        assert r.value == pytest.approx(500.0, abs=1.0)
        prev = r.confidence


def test_a_player_who_won_every_game_has_a_finite_rating() -> None:
    r = fit([Results("me", "cpu", 5, 0, None, 500.0)])["me"]
    assert PRIOR_MEAN < r.value < 1000 and r.margin > 100
    # ...which more wins raise.
    r2 = fit([Results("me", "cpu", 20, 0, None, 500.0)])["me"]
    assert r2.value > r.value


def test_a_person_is_seeded_by_playing_a_computer_level() -> None:
    # Two wins in three against a level rated 600: a hundred points above it,
    # pulled a little towards the prior by only 30 games.
    r = fit([Results("me", "cpu:strong", 20, 10, None, 600.0)])["me"]
    assert 650 < r.value < 700


def test_games_given_up_are_not_rated(tmp_path: Path) -> None:
    """A forfeit says nothing of how two players play (FargoRate does not
    rate one): a race to 2 conceded before a shot, or won only by the
    other giving up each game, rates no game; the records keep what was
    given up across a reopening."""
    ev = Evening.create(Setup(people("Ann", "Bob"), ROUND_ROBIN, "9-ball", race=2))
    call = ev.next_match()
    assert call is not None
    conceded = call.new_match()
    conceded.concede(0, whole_match=True)
    given = call.new_match()
    give_game(given, 1)
    give_game(given, 1)
    for i, m in enumerate((conceded, given)):
        rec = match_record(m, seats_of(call.names), uid=f"m{i}")
        bob = rec.seats[1]
        assert bob.games_won == bob.given_up > 0 and bob.rated_games == 0
        assert results_of(rec) == [] and ratings([rec]) == {}
        with Records.open(tmp_path / "r.sqlite3", daily_backup=False) as records:
            records.record(rec)
        with Records.open(tmp_path / "r.sqlite3", daily_backup=False) as records:
            assert records.matches()[-1].seats == rec.seats


def test_an_express_game_the_others_left_is_not_rated() -> None:
    """The winner of an Express game the others left won nothing at the
    table: no rated game for anyone."""
    ev = Evening.create(Setup(people("Ann", "Bob", "Vera"), EXPRESS_SERIES,
                              "express", games=1))
    call = ev.next_match()
    assert call is not None
    m = call.new_match()
    give_game(m, 0)  # Bob leaves, then Vera
    while not m.over and call.winner(m) is None:
        give_game(m, 0)
    rec = match_record(m, seats_of(call.names))
    assert rec.winner == 0 and rec.seats[0].given_up == rec.seats[0].games_won == 1
    assert results_of(rec) == []
