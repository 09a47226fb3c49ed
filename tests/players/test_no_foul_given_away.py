"""A strong player gives no foul away: a stroke that fouls even as meant
(a kick played short of a cushion, a safety that double-hits on purpose)
is chosen only when every legal stroke leaves the opponent a sure shot.
The positions are from the bench's 14.1 games (bench --part why, seeds
from 3000), where the strong player chose such a foul over a legal stroke
valued a little lower. Nor does it choose a stroke legal as meant that
fouls on many of its noisy tries (a safety that double-hits, a kick out of
a snooker that scratches) where one that stays legal is there."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from rules.game import Discipline, GameState
from simulator.physics import simulate
from simulator.players import STRENGTHS, ComputerPlayer
from simulator.players.player import ShotDecision
from simulator.players.search import executed
from simulator.players.strength import draw_noise
from simulator.table.specs import CUE_BALL

from .helpers import discipline, state_of

GAME = "14.1"

# The cue ball buried in the rack, only a kick off the foot cushion out.
BURIED = {CUE_BALL: (2.08707, 0.47616), 1: (2.17623, 0.57489), 2: (2.12432, 1.14077),
          3: (1.99774, 0.77142), 4: (1.93334, 0.75018), 5: (2.00182, 0.5743),
          6: (2.05327, 0.54888), 7: (2.15987, 0.63416), 8: (2.14261, 0.69548),
          10: (2.1579, 0.51732), 11: (2.05327, 0.66462), 12: (1.84682, 0.75324),
          13: (2.05357, 0.60667), 14: (2.00316, 0.63574), 15: (1.8158, 0.64706)}
# Two balls left in the head-right corner's jaws, the cue ball on the rail
# beside them; the opponent on one foul.
JAWS = {CUE_BALL: (0.032, 0.15336), 1: (0.04212, 0.07896), 9: (0.05422, 0.02003)}


@pytest.mark.parametrize(("balls", "fouls"), [(BURIED, (0, 0)), (JAWS, (0, 1))],
                         ids=["kick_out_of_the_rack", "safety_in_the_jaws"])
def test_the_stroke_chosen_is_legal_as_meant(balls: dict[int, tuple[float, float]],
                                             fouls: tuple[int, int]) -> None:
    disc = discipline(GAME)
    state = state_of(GAME, balls)
    state = replace(state, fouls=fouls)
    req = disc.requirements(state)
    d = ComputerPlayer(STRENGTHS["strong"]).shot(disc, state, 12345, req)
    shot = simulate(d.table(state.table), d.intended, frame_dt=1e3)
    ruling, _ = disc.judge(state, shot, d.declarations)
    assert not ruling.fouls, (d.kind, d.target, d.value, ruling.codes())


# The cue ball frozen near the 14 at the rack's foot side (bench 14.1,
# seed 3000, stroke 19): the thin safety off the 14 leaves nothing but
# double-hits on about a fifth of its noisy tries; a kick off the foot
# cushion onto the 4 fouls on none of them.
NEAR_14 = {CUE_BALL: (2.17134, 0.69497), 1: (1.84836, 0.51044), 2: (1.90975, 0.66313),
           3: (2.05324, 0.60497), 4: (2.4697, 0.62143), 5: (2.03899, 0.72723),
           6: (2.1086, 0.67527), 7: (1.93969, 0.51926), 8: (1.95488, 0.12059),
           9: (2.1229, 0.09953), 10: (2.05209, 0.66212), 11: (2.00925, 0.4999),
           12: (1.79009, 0.62528), 13: (2.0014, 0.63298), 14: (2.19102, 0.61311),
           15: (0.02859, 1.12852)}
# Noisy tries of the chosen stroke, and the share of them that may foul.
TRIES = 40
FOUL_SHARE = 0.08


def fouls_under_noise(disc: Discipline[Any], state: GameState, d: ShotDecision) -> int:
    """How many of TRIES plays of ``d`` with the strong player's noise foul."""
    table = d.table(state.table)
    rng = random.Random(7)
    fouls = 0
    for _ in range(TRIES):
        stroke = executed(d.intended, STRENGTHS["strong"].noise, draw_noise(rng),
                          table.spec)
        ruling, _ = disc.judge(state, simulate(table, stroke, frame_dt=1e3),
                               d.declarations)
        fouls += bool(ruling.fouls)
    return fouls


def test_a_safety_that_fouls_under_the_noise_is_not_chosen() -> None:
    disc = discipline(GAME)
    state = state_of(GAME, NEAR_14)
    req = disc.requirements(state)
    strong = STRENGTHS["strong"]
    d = ComputerPlayer(strong).shot(disc, state, 12345, req)
    fouls = fouls_under_noise(disc, state, d)
    assert d.kind not in ("pot", "bank", "cue_pot", "combo")
    assert fouls <= FOUL_SHARE * TRIES, (d.kind, d.target, d.value, fouls)


# 8-ball, solids to play, the cue ball on the head-side long rail with the
# 13 in the way of every solid along it (bench 8-ball, seed 2003, stroke
# 6): no stroke the search builds meets a solid, so the fallback sweeps the
# table; the kick it took, legal as meant, scratched on half its tries.
SNOOKERED = {CUE_BALL: (0.71641, 1.13489), 2: (0.20002, 1.19373), 4: (0.49795, 1.21998),
             5: (0.05074, 1.14744), 7: (0.28676, 1.16789), 8: (1.95062, 0.50759),
             9: (0.03376, 1.0894), 10: (2.27813, 0.54888), 11: (0.64507, 0.58926),
             13: (0.67538, 1.18068), 14: (2.05807, 0.90972), 15: (0.2532, 0.13179)}
# The fallback's stroke out of a snooker may foul on this share at most.
SNOOKER_SHARE = 0.2


def test_the_fallback_plays_the_stroke_that_stays_legal_under_the_noise() -> None:
    game = "8-ball"
    disc = discipline(game)
    state = state_of(game, SNOOKERED, shooter=1, groups=("stripes", "solids"))
    req = disc.requirements(state)
    strong = STRENGTHS["strong"]
    d = ComputerPlayer(strong).shot(disc, state, 4242, req)
    fouls = fouls_under_noise(disc, state, d)
    assert fouls <= SNOOKER_SHARE * TRIES, (d.kind, d.target, d.value, fouls)
