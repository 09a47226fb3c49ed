"""A hint on the break comes within the hint's time (play-test 33: about
20 s in the window): its search is bounded in simulations, a third of the
strong player's, while the computer breaking in a match keeps its own
search, stroke for stroke."""

from __future__ import annotations

from typing import Any

import pytest

from rules import registry
from rules.game import Discipline, GameState
from simulator.players import STRENGTHS, ComputerPlayer
from simulator.players.hint import HINT_BREAK_BUDGET, HINT_LEVEL, suggest
from simulator.players.player import CHECKS

GAMES = ("8-ball", "9-ball", "14.1", "express")


def opening(game: str) -> tuple[Discipline[Any], GameState]:
    info = registry.info(game)
    disc = registry.discipline_class(game)({})
    return disc, disc.new_game(info.min_players, 0, 1, info.default_table)


@pytest.mark.parametrize("game", GAMES)
def test_the_break_hint_searches_a_bounded_number_of_simulations(game: str) -> None:
    disc, state = opening(game)
    assert disc.requirements(state).is_break
    hint = suggest(disc, state, 7)
    assert hint.decision.kind == "break"
    # The break's candidates, their tries and the final check: within the
    # hint's budget (the strong player's own 60 took 1-2 s of a core).
    assert hint.decision.simulations <= HINT_BREAK_BUDGET + CHECKS
    assert STRENGTHS[HINT_LEVEL].search.break_budget > HINT_BREAK_BUDGET * 2


def test_the_computer_breaking_keeps_its_own_search() -> None:
    """Only the hint's break search is cut: the strong computer's break in a
    match is the one its whole budget finds."""
    disc, state = opening("9-ball")
    strong = STRENGTHS["strong"]
    d = ComputerPlayer(strong).shot(disc, state, 7)
    assert d.kind == "break"
    assert d.simulations > strong.search.break_budget

