"""A hint on the break comes within the hint's time (play-test 33: about
20 s in the window): its search is bounded in simulations, a third of the
strong player's, while the computer breaking in a match keeps its own
search, stroke for stroke."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from rules import registry
from rules.game import Choice, Discipline, GameState
from rules.ruling import BallInHand, Declarations
from simulator.physics import simulate
from simulator.players import STRENGTHS, ComputerPlayer, shots
from simulator.players.hint import (
    HINT_BREAK_BUDGET,
    HINT_BUDGET,
    HINT_FULL_COST,
    HINT_LEVEL,
    HINT_MOVES,
    suggest,
)
from simulator.players.player import CHECKS
from simulator.table.specs import CUE_BALL
from tests.players.helpers import scattered, state_of

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
    # (14.1 6: its opening break is the safe break)
    assert hint.decision.kind == ("safe_break" if game == "14.1" else "break")
    # The break's candidates, their tries and the final check: within the
    # hint's budget (the strong player's own 60 took 1-2 s of a core).
    # (the check's strokes in the full physics count HINT_FULL_COST each)
    assert hint.decision.simulations <= HINT_BREAK_BUDGET + CHECKS * HINT_FULL_COST
    assert STRENGTHS[HINT_LEVEL].search.break_budget > HINT_BREAK_BUDGET * 2


def test_the_computer_breaking_keeps_its_own_search() -> None:
    """Only the hint's break search is cut: the strong computer's break in a
    match is the one its whole budget finds."""
    disc, state = opening("9-ball")
    strong = STRENGTHS["strong"]
    d = ComputerPlayer(strong).shot(disc, state, 7)
    assert d.kind == "break"
    assert d.simulations > strong.search.break_budget



def express_rebreak() -> tuple[Discipline[Any], GameState]:
    """Express after a break that missed the pyramid (a foul, SEED-E 2.6),
    the next player shooting from where the cue ball lies: not a break, the
    whole pyramid on the table."""
    disc, state = opening("express")
    state = replace(state, table=state.table.place(CUE_BALL, 0.1, 0.08),
                    ball_in_hand=BallInHand.NONE)
    shot = simulate(state.table, shots.stroke(state.table.spec, 250.0, 0.6))
    _, after = disc.judge(state, shot, Declarations())
    return disc, disc.choose(after, Choice.SHOOT)


def test_a_hint_on_a_full_pyramid_searches_a_bounded_number_of_simulations() -> None:
    """Play-test 35: the hint on Express's full pyramid, the re-break from
    where the cue ball lay, took about 65 s (300 strokes each moving
    sixteen balls). Its search stops at HINT_MOVES balls set moving."""
    disc, state = express_rebreak()
    assert not disc.requirements(state).is_break
    assert len(state.table.on_table()) == 16
    hint = suggest(disc, state, 7)
    # Each stroke into the pyramid moves most of its sixteen balls.
    assert hint.decision.simulations <= HINT_MOVES // 12 + CHECKS
    assert hint.decision.simulations < STRENGTHS[HINT_LEVEL].search.shot_budget // 2


def test_a_hint_in_open_play_keeps_its_whole_search() -> None:
    """An open position's pots move two or three balls: the hint searches
    its whole budget there (HINT_BUDGET, not cut by the balls moved)."""
    disc = registry.discipline_class("8-ball")({})
    state = state_of("8-ball", scattered("8-ball", random.Random(1), 9))
    hint = suggest(disc, state, 7)
    assert hint.decision.simulations >= HINT_BUDGET
