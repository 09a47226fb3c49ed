"""A ball hanging in a pocket's jaws is a pot, not a reason to play safe.

The positions are from the bench's 14.1 games (bench --part why, seed
3000). In the 21st inning the 13 had stopped in the head-right corner's
mouth, deeper than the middle of its mouth line: the line from the ball to
that middle led out of the pocket, so the strong player saw no pot of it
at all and the two players exchanged safeties and kicks beside it for nine
innings (a re-rack came with the 13 left on the lip as the break ball). In
a later game the 7 hung against the foot-right corner's jaw on the foot
rail, where a line to the pocket's drop point crossed the jaw: ten safeties
and kicks beside it."""

from __future__ import annotations

import pytest

from simulator.physics import simulate
from simulator.players import STRENGTHS, ComputerPlayer, aim
from simulator.table.specs import CUE_BALL

from .helpers import discipline, state_of

GAME = "14.1"
SEED = 5
HANGING = 13
# The 13 in the head-right jaws, the 11 on the head rail, the cue ball on
# the side rail near the other head corner.
ON_THE_LIP = {CUE_BALL: (0.32459, 1.23113), 11: (0.043, 0.609),
              HANGING: (0.033, 0.037)}
# The 7 against the foot-right jaw on the foot rail, the 15 in the open.
ON_THE_JAW = {CUE_BALL: (1.97058, 0.83985), 7: (2.52764, 0.04373),
              15: (2.35457, 0.44127)}


def test_a_ball_in_the_jaws_has_a_straight_line_down_the_pocket() -> None:
    state = state_of(GAME, ON_THE_LIP)
    spec = state.table.spec
    pocket = spec.pocket("head_right")
    pot = aim.pot_geometry(spec, (0.3614, 0.4358), HANGING, ON_THE_LIP[HANGING],
                           pocket, [ON_THE_LIP[11]], 82.0)
    assert pot is not None
    # Down the pocket's axis, not back out of the mouth.
    assert aim.approach_angle(pocket, pot.object_dir) < 15.0


@pytest.mark.parametrize(("balls", "ball", "pocket"),
                         [(ON_THE_LIP, HANGING, "head_right"),
                          (ON_THE_JAW, 7, "foot_right")],
                         ids=["in_the_mouth", "against_the_jaw"])
def test_the_strong_player_pots_the_hanging_ball_and_does_not_play_safe(
        balls: dict[int, tuple[float, float]], ball: int, pocket: str) -> None:
    disc = discipline(GAME)
    state = state_of(GAME, balls)
    d = ComputerPlayer(STRENGTHS["strong"]).shot(disc, state, SEED)
    assert (d.kind, d.target, d.pocket) == ("pot", ball, pocket)
    assert d.declarations.called_ball == ball and not d.declarations.safety
    assert d.success > 0.9
    # The stroke as meant drops it, and the referee keeps the shooter on.
    ruling, _ = disc.judge(state, simulate(d.table(state.table), d.intended),
                           d.declarations)
    assert ball in ruling.scored and not ruling.fouls
    assert ruling.next_shooter == state.shooter
