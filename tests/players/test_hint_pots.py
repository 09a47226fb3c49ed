"""A hint names only a pot its stroke makes: played exactly as set, in the
full physics, the stroke pots the ball named into the pocket named, and the
path drawn is that shot's (play-test 19: «Цельтесь: 13, луза: верхняя
средняя» sent the 13 into the cushion beside the pocket)."""

from __future__ import annotations

import random

import pytest

from simulator.physics import simulate
from simulator.players.hint import POTS, pots_as_named, suggest
from simulator.table.state import Where

from .helpers import discipline, scattered, state_of

# (game, position and seed): Express's low-percentage pots whose stroke as
# meant missed (3, 4, 7), and 8-ball's that potted already. Since a ball
# hanging in the jaws counts as a pot for the next shot (aim.aim_point) the
# search chooses a safety outright in position 4: no pot is named there.
POSITIONS = (("express", 3), ("express", 4), ("express", 7), ("8-ball", 0))


@pytest.mark.parametrize(("game", "seed"), POSITIONS)
def test_the_hints_stroke_pots_what_it_names(game: str, seed: int) -> None:
    state = state_of(game, scattered(game, random.Random(seed), 9))
    disc = discipline(game)
    hint = suggest(disc, state, seed)
    d = hint.decision
    played = simulate(d.table(state.table), hint.stroke)
    assert played.final == hint.predicted.final  # the path drawn is the shot's
    if d.kind in POTS:
        assert pots_as_named(disc, state, d, played), (d.kind, d.target, d.pocket)
        if d.target is not None:
            ball = played.final.ball(d.target)
            assert ball.where is Where.POCKETED and ball.pocket == d.pocket
    elif hint.given_up is not None:
        # The pot given up is said as such, never advised.
        assert hint.given_up.kind in POTS
    else:
        assert d.kind in ("safety", "kick")  # no pot was chosen at all
