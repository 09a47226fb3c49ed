"""With the cue ball in hand anywhere and a pot worth playing on the table,
the club and strong players place the cue ball for a pot and play it: a
safety (the cue ball parked by a cluster) is for positions where no pot is
worth it. No ruling is asked here: the player's choice of stroke alone.

Two positions are from club breaks (8-ball and 9-ball, the cue ball then
in hand for the incoming player) where the club player did otherwise:

- 8-ball: the 12 frozen on the head cushion 9 cm from the corner looks a
  sure pot to the geometry from any spot, so both spots the club player
  tries (``shots.placements``) were for the 12; the physics missed it from
  each and the player kept a pot its tries never made (0 of 3) with the
  7, 11 and 15 easy pots elsewhere. The spots now go to different balls.
- 9-ball: the 1 a 53 % pot from the spot found for it, a safety that left
  nothing valued above it (a made 1 with a poor shot after it is worth less
  than nothing to a player who does not plan); the club player played safe.
  With the cue ball in hand safeties are searched only where no placed pot
  is an even chance (``player.HAND_SAFETY_BELOW``).

Then two layouts, one ball a short pot up the diagonal from a corner and
the rest in a cluster at the other end, for both levels."""

from __future__ import annotations

import math

import pytest

from rules.game import GameState
from rules.ruling import BallInHand
from simulator.players import STRENGTHS, ComputerPlayer
from simulator.table.specs import table_by_name

from .helpers import discipline, state_of

POTS = ("pot", "bank", "combo")
FROZEN_TWELVE = {
    1: (1.70485, 0.89788), 2: (0.84597, 0.7963), 3: (2.01914, 0.48651),
    4: (0.2476, 1.22873), 5: (0.29716, 1.15387), 6: (1.69858, 0.97631),
    7: (1.32667, 0.40317), 8: (1.73578, 0.56342), 9: (0.70602, 0.78186),
    10: (0.98679, 1.09868), 11: (1.37726, 1.16953), 12: (0.03481, 1.18177),
    13: (2.23646, 0.57625), 14: (0.53919, 0.46617), 15: (1.12706, 0.99796)}
ONE_BY_THE_RAIL = {
    1: (2.46552, 0.39886), 2: (1.75514, 0.04246), 3: (2.36299, 0.67996),
    5: (2.14492, 0.57127), 6: (2.52034, 0.04282), 8: (0.72623, 0.55519),
    9: (1.89757, 0.60282)}
CLUSTER = [(0.55, 0.60), (0.60, 0.63), (0.55, 0.66), (0.61, 0.57)]


def in_hand(game: str, balls: dict[int, tuple[float, float]]) -> GameState:
    return state_of(game, balls, ball_in_hand=BallInHand.ANYWHERE)


@pytest.mark.parametrize("seed", [913, 7, 21])
def test_spots_for_different_balls(seed: int) -> None:
    state = in_hand("8-ball", FROZEN_TWELVE)
    d = ComputerPlayer(STRENGTHS["club"]).shot(discipline("8-ball"), state, seed)
    assert d.place is not None
    assert d.kind in POTS
    assert d.success >= 0.5, (d.target, d.pocket, d.success)


@pytest.mark.parametrize("seed", [954, 7, 21])
def test_an_even_pot_is_played_not_a_safety(seed: int) -> None:
    state = in_hand("9-ball", ONE_BY_THE_RAIL)
    d = ComputerPlayer(STRENGTHS["club"]).shot(discipline("9-ball"), state, seed)
    assert (d.kind, d.target) == ("pot", 1), (d.kind, d.success, d.value)


def layout(easy: int, rest: list[int]) -> dict[int, tuple[float, float]]:
    """``easy`` 0.3 m up the diagonal from the foot corner at (length, 0),
    ``rest`` packed together near the head end."""
    length = table_by_name("pool_9ft").length
    balls = {easy: (length - 0.30, 0.30)}
    for b, p in zip(rest, CLUSTER, strict=False):
        balls[b] = p
    return balls


@pytest.mark.parametrize("level", ["club", "strong"])
@pytest.mark.parametrize(("game", "easy", "rest"), [
    ("8-ball", 3, [8, 11, 12, 2]),
    ("9-ball", 1, [2, 3, 9]),
])
def test_ball_in_hand_pots_the_easy_ball(level: str, game: str, easy: int,
                                         rest: list[int]) -> None:
    state = in_hand(game, layout(easy, rest))
    d = ComputerPlayer(STRENGTHS[level]).shot(discipline(game), state, 23)
    assert d.place is not None
    assert d.kind in POTS, (d.kind, d.target, d.success)
    assert d.target == easy
    assert d.success >= 0.5
    # placed for the pot, not by the cluster
    assert all(math.dist(d.place, p) > 0.2 for p in CLUSTER)
