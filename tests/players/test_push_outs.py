"""The strong player's push-out after a 9-ball break (9-ball 5: the shot
after the break may be declared a push-out) rolls the cue ball every way
round the table, and is played rather than a cut its own tries rarely make
(docs/players.md, the twenty-ninth round)."""

from __future__ import annotations

import random

from rules.game import GameState
from simulator.players import STRENGTHS, ComputerPlayer
from simulator.players import player as player_mod
from simulator.table.specs import CUE_BALL

from .helpers import discipline, state_of

GAME = "9-ball"
# Racks 1016 and 1037 of the bench (bench --part why) as the strong
# player's 9-ball break left them: the 1 near the head rail, no pot on it
# better than an 81-degree cut (1016), none at all (1037).
RACK_1016 = {CUE_BALL: (0.0452, 0.1647), 1: (0.4574, 0.7518), 2: (2.35, 0.1393),
             3: (1.4843, 1.1905), 4: (2.4408, 0.6885), 5: (0.9062, 0.9805),
             6: (0.0924, 0.3187), 8: (1.8863, 0.0289), 9: (1.4174, 0.0947)}
RACK_1037 = {CUE_BALL: (0.1628, 0.2087), 1: (0.4635, 0.7131), 2: (0.264, 1.1074),
             3: (1.31, 0.3442), 4: (0.3217, 0.5112), 5: (2.4662, 0.5042),
             6: (2.1098, 0.9623), 7: (1.6738, 1.1428), 9: (2.1447, 0.6731)}


def after_the_break(balls: dict[int, tuple[float, float]]) -> GameState:
    """The shot after the break: a push-out may be declared."""
    return state_of(GAME, balls, push_out_allowed=True)


def push_out_directions(level: str) -> set[float]:
    state = after_the_break(RACK_1037)
    disc = discipline(GAME)
    req = disc.requirements(state)
    cands, _ = ComputerPlayer(STRENGTHS[level]).candidates(
        state.table, req, random.Random(1))
    return {round(c.stroke.direction, 1) for c in cands if c.kind == "push_out"}


def test_the_strong_player_s_push_outs_go_every_way() -> None:
    """Eight directions round the table (they were two, 22.5 and 67.5
    degrees: up and across it only); the club player keeps its four tries."""
    assert len(push_out_directions("strong")) == 8
    assert len(push_out_directions("pro")) == 8
    assert len(push_out_directions("club")) == 2


def test_a_push_out_rather_than_an_81_degree_cut() -> None:
    """Rack 1016: with the two push-outs of old the strong player cut the 1
    at 81 degrees in the bench (its tries made it a third of the time) and
    fouled with a bad hit, and here plays a safety; the push-out that
    leaves the opponent nothing is played."""
    state = after_the_break(RACK_1016)
    d = ComputerPlayer(STRENGTHS["strong"]).shot(discipline(GAME), state, 11699)
    assert d.kind == "push_out"
    assert d.declarations.push_out


def test_the_push_out_counts_are_the_levels_breadth() -> None:
    assert player_mod.PUSH_OUTS.get(STRENGTHS["strong"].search.pots) == 16
    assert player_mod.PUSH_OUTS.get(STRENGTHS["club"].search.pots, 4) == 4
