"""The strong player's opening break in each discipline scratches rarely
and, where it is a power break, sends the cue ball off the tip at a
professional's 9.8 to 11.6 m/s (issue 23): 9-ball's and 8-ball's power
break from beside a side rail, the cue ball stunned in the rack's middle;
14.1's safe break (14.1 6); Express's own opening. A fixed small set of
racks, the played stroke (noise included), judged by the referee."""

from __future__ import annotations

from typing import Any

import pytest

from rules import registry
from rules.game import Discipline, GameState
from simulator.physics import simulate
from simulator.players import STRENGTHS, ComputerPlayer
from simulator.table.specs import CUE_BALL
from simulator.table.state import Where

RACKS = 3
PRO_LOW, PRO_HIGH = 9.8, 11.6


def opening(game: str, rack_seed: int) -> tuple[Discipline[Any], GameState]:
    info = registry.info(game)
    disc = registry.discipline_class(game)({})
    return disc, disc.new_game(info.min_players, 0, rack_seed, info.default_table)


@pytest.mark.parametrize("game", ["9-ball", "8-ball", "14.1", "express"])
def test_the_strong_players_break_scratches_rarely(game: str) -> None:
    player = ComputerPlayer(STRENGTHS["strong"])
    scratches = 0
    for k in range(RACKS):
        disc, state = opening(game, 6000 + k)
        d = player.shot(disc, state, 6100 + k)
        shot = simulate(d.table(state.table), d.stroke)
        ruling, _ = disc.judge(state, shot, d.declarations)
        codes = ruling.codes()
        cue = shot.final.ball(CUE_BALL)
        scratches += cue.where is not Where.TABLE or "foul.scratch" in codes
        if game in ("9-ball", "8-ball"):
            assert d.kind == "break"
            off_tip = shot.events[0].snapshots[0].speed
            assert PRO_LOW <= off_tip <= PRO_HIGH, (k, off_tip)
        elif game == "14.1":
            assert d.kind == "safe_break"
    assert scratches == 0, f"{scratches} scratches in {RACKS} breaks"
