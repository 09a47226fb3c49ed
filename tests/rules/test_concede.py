"""A player of two concedes the game or the match, whoever is at the table.

The seeds have no rule on conceding: a conceded game is a loss charged to the
player who concedes (loss.conceded, read with 9-ball rule 4: a game ends
when a player is charged with a loss), and a conceded match ends with the
games played, the one given up with it won by the opponent: the games never
played count for no one (the scoreboard and the records agree)."""

from __future__ import annotations

import re

import pytest

from rules.referee import Match
from rules.ruling import RulesError


def test_conceding_the_match_at_the_opponents_turn_ends_it() -> None:
    m = Match(["Anna", "Boris"], "9-ball", {"race_to": 3, "first_breaker": 1})
    assert m.requirements().shooter == 1
    r = m.concede(0, whole_match=True)
    assert r.shooter == 0 and r.winner == 1 and r.match_over and r.match_winner == 1
    assert r.penalty is not None and r.penalty.code.id == "loss.conceded"
    assert m.over and m.winner == 1 and m.games_won == (0, 1)
    again = Match.from_dict(m.to_dict())
    assert again.over and again.winner == 1 and again.games_won == (0, 1)


def test_conceding_a_game_at_the_opponents_turn_charges_the_one_who_concedes() -> None:
    m = Match(["Anna", "Boris"], "8-ball", {"race_to": 3, "first_breaker": 1})
    r = m.concede(0)
    assert r.game_over and r.winner == 1 and not r.match_over
    assert m.games_won == (0, 1) and m.game_number == 2 and not m.over


def test_in_straight_pool_a_conceded_game_is_the_match() -> None:
    m = Match(["Anna", "Boris"], "14.1", {})
    m.concede(1)
    assert m.over and m.winner == 0


@pytest.mark.parametrize("action, says", [
    ({"type": "concede", "player": 2, "match": True}, "actions[0].player"),
    ({"type": "concede", "player": "Anna"}, "actions[0].player"),
    ({"type": "concede", "player": 0, "match": "yes"}, "actions[0].match"),
])
def test_a_bad_concede_step_is_named(action: dict[str, object], says: str) -> None:
    d = Match(["Anna", "Boris"], "9-ball", {}).to_dict()
    d["actions"] = [action]
    with pytest.raises(RulesError, match=re.escape(f"match.{says}")):
        Match.from_dict(d)


def test_of_three_players_one_leaves_instead() -> None:
    """Express R21 (Kiy's reading): the player leaves, the others play on."""
    m = Match(["Anna", "Boris", "Vera"], "express", {})
    with pytest.raises(RulesError, match="one leaves"):
        m.concede(0, whole_match=True)
