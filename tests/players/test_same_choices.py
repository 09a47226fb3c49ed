"""The strong and pro players choose the same strokes, bit for bit, as they
did before their search was made faster (recorded at 3decb37): a change
that saves time may not change a decision.

Each position is one of every discipline, the balls scattered from a fixed
seed; the whole decision is compared (the stroke meant and played, the
call, its value and success share to the last bit, the simulations), so a
change of any value the search weighs, not only of the stroke it picks,
shows here. A change that means to play differently records them again:
recorded again when the plan's landing spots reached 1.3 m (docs/players.md,
twelfth round), every value moving a little and the 8-ball decisions (the
same pot) played with follow at 1.40 m/s in place of a stun at 1.78; and
when a miscue stopped turning the cue ball aside for a purely high or low
tip (the pro's Express stroke, a miscue, aimed anew; one more simulation in
its 9-ball decision); and when a 14.1 key ball's worth came to count its
break shot at BREAK_WEIGHT (docs/players.md, fourteenth round): the same
strokes with four balls left, valued lower (the break balls they leave open
no rack); and when the break ball a pot leaves came to count on its own
(docs/players.md, seventeenth round): with four balls left the 13 at the head
end potted (the strong player's tries 78 %, the pro's 85 %) where the 8
beside the rack was (93 and 95 %), the 8 kept for the break ball; and
when the final check came to play a pot's stroke a little softer as well
(player.PACE_MARGIN): the same strokes, one simulation more for each pot;
and when a ball hanging in a pocket's jaws came to be aimed down the
pocket's axis (aim.aim_point, docs/players.md, nineteenth round): the same
strokes, calls, shares and simulations, the values of four decisions
(9-ball and Express of the strong player, 9-ball and 14.1 with four left
of the pro) moved by at most 0.006, some noisy outcomes leaving a ball on
a lip that the next shot now counts as a pot. The tries of the stroke
chosen (``tries``, the count its success share is of) were added to the
records when the decision came to carry them: nothing else changed. The
9-ball values were recorded again when the plan came to value the shot
after next in rotation by the ball after it (plan.best_pattern, the
pattern to the 9): the same strokes, calls, shares and simulations, the
strong player's value 0.2216 now 0.2024 and the pro's 0.2583 now 0.2410
(the balls after next counted, most places are worth a little less). The
14.1 and Express records moved again when a stroke whose stick would lie on
a ball came to be simulated raised as the window plays it (and tried hit
higher on the cue ball, which needs less elevation): the same strokes and
calls, more candidates considered, the values by at most 0.0014. Every
value moved again when the plan came to value the shot after next by the
pot after it in 8-ball, 14.1 and Express as well, and on to the last ball
at a rack's end (docs/players.md, twenty-seventh round): the same strokes,
calls, shares and simulations, the values by at most 0.012. They moved
again when a landing spot came to count how far the cue ball travels to
it (plan.TRAVEL_SURE, a short roll surer than a long trip): the same
balls and pockets; the 8-ball pot played with follow at 1.40 m/s in place
of a stun at 1.78, and the strong player's 14.1 pot with four left at
1.73 m/s in place of 2.33 (its tries 78.75 % against 77.5 %), as the pro
played it; the values by at most 0.062 (8-ball). The 9-ball values moved
again when the run to the game ball came to count its landing spots as
reached (the order forced, plan.RUN_OUT balls or fewer): the same strokes,
calls, shares and simulations, the strong player's value 0.1974 now 0.2013
and the pro's 0.2346 now 0.2387. They moved again when the two best pots
came to be tried firm as well (plan.FIRM_SPEEDS, position a table's length
away): the 8-ball pot of the 4 down the head rail, which had followed the
cue ball to rest 5.5 cm from the 8 in the head-right corner (1.40 m/s),
is drawn back to the middle of the head half, 0.56 m from the 1 (3.92 m/s,
-0.4 R; the strong player's value 0.533 now 0.640, the pro's 0.543 now
0.638); every other stroke and call the same, one to twelve candidates
more considered, the values by at most 0.007.
"""

from __future__ import annotations

import random

import pytest

from rules.ruling import Declarations
from simulator.players import STRENGTHS, ComputerPlayer, ShotDecision
from simulator.table.events import Stroke
from tests.players.helpers import discipline, scattered, state_of

# Each position: the game, the seed of the scatter, the object balls. With
# four balls left a 14.1 plan asks which pots rack the balls again.
POSITIONS = {"8-ball": ("8-ball", 1, 9), "9-ball": ("9-ball", 2, 6),
             "14.1": ("14.1", 3, 10), "express": ("express", 4, 8),
             "14.1, four left": ("14.1", 7, 4)}
SEED = 5

EXPECTED: dict[tuple[str, str], ShotDecision] = {
    ("strong", "8-ball"): ShotDecision(
        place=None,
        intended=Stroke(
            direction=261.14459962114404,
            speed=3.91957671957672,
            tip_a=0.0,
            tip_b=-0.4,
            elevation=2.0,
            follow_through=0.05,
            contact_time=0.001,
        ),
        stroke=Stroke(
            direction=261.23797515396245,
            speed=3.741923847941568,
            tip_a=-0.002769659703058065,
            tip_b=-0.41886852787133355,
            elevation=2.066403982262548,
            follow_through=0.05,
            contact_time=0.001,
        ),
        declarations=Declarations(
            called_ball=4,
            called_pocket="head_right",
            safety=False,
            push_out=False,
        ),
        kind="pot",
        target=4,
        pocket="head_right",
        success=1.0,
        value=0.6398574935619749,
        simulations=301,
        considered=107,
        physics_seconds=4.181219023957965,
        fouls=False,
        tries=68,
    ),
    ("strong", "9-ball"): ShotDecision(
        place=None,
        intended=Stroke(
            direction=186.34058925496896,
            speed=1.6316004672411932,
            tip_a=0.3,
            tip_b=0.2,
            elevation=2.0,
            follow_through=0.05,
            contact_time=0.001,
        ),
        stroke=Stroke(
            direction=186.43396478778737,
            speed=1.453947595606041,
            tip_a=0.2972303402969419,
            tip_b=0.1811314721286665,
            elevation=2.066403982262548,
            follow_through=0.05,
            contact_time=0.001,
        ),
        declarations=Declarations(
            called_ball=None,
            called_pocket=None,
            safety=False,
            push_out=False,
        ),
        kind="pot",
        target=3,
        pocket="head_right",
        success=0.5670103092783505,
        value=0.19694204471875432,
        simulations=301,
        considered=51,
        physics_seconds=3.9439387489837827,
        fouls=False,
        tries=97,
    ),
    ("strong", "14.1"): ShotDecision(
        place=None,
        intended=Stroke(
            direction=176.67226250712645,
            speed=1.219621032351423,
            tip_a=0.0,
            tip_b=0.35,
            elevation=2.0,
            follow_through=0.05,
            contact_time=0.001,
        ),
        stroke=Stroke(
            direction=176.76563803994486,
            speed=1.0419681607162707,
            tip_a=-0.002769659703058065,
            tip_b=0.33113147212866645,
            elevation=2.066403982262548,
            follow_through=0.05,
            contact_time=0.001,
        ),
        declarations=Declarations(
            called_ball=12,
            called_pocket="head_left",
            safety=False,
            push_out=False,
        ),
        kind="pot",
        target=12,
        pocket="head_left",
        success=1.0,
        value=0.7159647755260407,
        simulations=301,
        considered=114,
        physics_seconds=4.265371235007478,
        fouls=False,
        tries=65,
    ),
    ("strong", "express"): ShotDecision(
        place=None,
        intended=Stroke(
            direction=182.9241365928287,
            speed=1.7006713805311136,
            tip_a=0.3,
            tip_b=0.2,
            elevation=2.0,
            follow_through=0.05,
            contact_time=0.001,
        ),
        stroke=Stroke(
            direction=183.0175121256471,
            speed=1.5230185088959614,
            tip_a=0.2976722639407387,
            tip_b=0.1841421122375484,
            elevation=2.066403982262548,
            follow_through=0.05,
            contact_time=0.001,
        ),
        declarations=Declarations(
            called_ball=None,
            called_pocket=None,
            safety=False,
            push_out=False,
        ),
        kind="pot",
        target=11,
        pocket="head_right",
        success=0.0967741935483871,
        value=-0.01401229836652814,
        simulations=300,
        considered=119,
        physics_seconds=5.324450827036344,
        fouls=False,
        tries=62,
    ),
    ("pro", "8-ball"): ShotDecision(
        place=None,
        intended=Stroke(
            direction=261.14459962114404,
            speed=3.91957671957672,
            tip_a=0.0,
            tip_b=-0.4,
            elevation=2.0,
            follow_through=0.05,
            contact_time=0.001,
        ),
        stroke=Stroke(
            direction=261.23797515396245,
            speed=3.741923847941568,
            tip_a=-0.002769659703058065,
            tip_b=-0.41886852787133355,
            elevation=2.066403982262548,
            follow_through=0.05,
            contact_time=0.001,
        ),
        declarations=Declarations(
            called_ball=4,
            called_pocket="head_right",
            safety=False,
            push_out=False,
        ),
        kind="pot",
        target=4,
        pocket="head_right",
        success=0.9949238578680203,
        value=0.6380684730923711,
        simulations=701,
        considered=145,
        physics_seconds=9.420684071992582,
        fouls=False,
        tries=197,
    ),
    ("pro", "9-ball"): ShotDecision(
        place=None,
        intended=Stroke(
            direction=186.34058925496896,
            speed=1.6316004672411932,
            tip_a=0.3,
            tip_b=0.2,
            elevation=2.0,
            follow_through=0.05,
            contact_time=0.001,
        ),
        stroke=Stroke(
            direction=186.43396478778737,
            speed=1.453947595606041,
            tip_a=0.2972303402969419,
            tip_b=0.1811314721286665,
            elevation=2.066403982262548,
            follow_through=0.05,
            contact_time=0.001,
        ),
        declarations=Declarations(
            called_ball=None,
            called_pocket=None,
            safety=False,
            push_out=False,
        ),
        kind="pot",
        target=3,
        pocket="head_right",
        success=0.5899581589958159,
        value=0.2366917677545027,
        simulations=701,
        considered=65,
        physics_seconds=11.0418634299931,
        fouls=False,
        tries=239,
    ),
    ("pro", "14.1"): ShotDecision(
        place=None,
        intended=Stroke(
            direction=176.67226250712645,
            speed=1.219621032351423,
            tip_a=0.0,
            tip_b=0.35,
            elevation=2.0,
            follow_through=0.05,
            contact_time=0.001,
        ),
        stroke=Stroke(
            direction=176.76563803994486,
            speed=1.0419681607162707,
            tip_a=-0.002769659703058065,
            tip_b=0.33113147212866645,
            elevation=2.066403982262548,
            follow_through=0.05,
            contact_time=0.001,
        ),
        declarations=Declarations(
            called_ball=12,
            called_pocket="head_left",
            safety=False,
            push_out=False,
        ),
        kind="pot",
        target=12,
        pocket="head_left",
        success=0.9945945945945946,
        value=0.7125131952026121,
        simulations=701,
        considered=167,
        physics_seconds=10.249228499931633,
        fouls=False,
        tries=185,
    ),
    ("pro", "express"): ShotDecision(
        place=None,
        intended=Stroke(
            direction=3.8275797872131823,
            speed=4.213735510139299,
            tip_a=-0.5,
            tip_b=0.2,
            elevation=2.0,
            follow_through=0.05,
            contact_time=0.001,
        ),
        stroke=Stroke(
            direction=3.920955320031592,
            speed=4.036082638504146,
            tip_a=-0.5023277360592613,
            tip_b=0.1841421122375484,
            elevation=2.066403982262548,
            follow_through=0.05,
            contact_time=0.001,
        ),
        declarations=Declarations(
            called_ball=None,
            called_pocket=None,
            safety=False,
            push_out=False,
        ),
        kind="pot",
        target=14,
        pocket="foot_right",
        success=0.0,
        value=-0.00734742938711255,
        simulations=701,
        considered=163,
        physics_seconds=11.166032418783288,
        fouls=False,
        tries=189,
    ),
    ("strong", "14.1, four left"): ShotDecision(
        place=None,
        intended=Stroke(
            direction=127.39985654398247,
            speed=1.7257393366306897,
            tip_a=0.0,
            tip_b=0.35,
            elevation=2.0,
            follow_through=0.05,
            contact_time=0.001,
        ),
        stroke=Stroke(
            direction=127.49323207680088,
            speed=1.5480864649955375,
            tip_a=-0.002769659703058065,
            tip_b=0.33113147212866645,
            elevation=2.066403982262548,
            follow_through=0.05,
            contact_time=0.001,
        ),
        declarations=Declarations(
            called_ball=13,
            called_pocket="head_left",
            safety=False,
            push_out=False,
        ),
        kind="pot",
        target=13,
        pocket="head_left",
        success=0.7837837837837838,
        value=0.35496517182189896,
        simulations=301,
        considered=95,
        physics_seconds=4.250234736071434,
        fouls=False,
        tries=74,
    ),
    ("pro", "14.1, four left"): ShotDecision(
        place=None,
        intended=Stroke(
            direction=127.39985654398247,
            speed=1.7257393366306897,
            tip_a=0.0,
            tip_b=0.35,
            elevation=2.0,
            follow_through=0.05,
            contact_time=0.001,
        ),
        stroke=Stroke(
            direction=127.49323207680088,
            speed=1.5480864649955375,
            tip_a=-0.002769659703058065,
            tip_b=0.33113147212866645,
            elevation=2.066403982262548,
            follow_through=0.05,
            contact_time=0.001,
        ),
        declarations=Declarations(
            called_ball=13,
            called_pocket="head_left",
            safety=False,
            push_out=False,
        ),
        kind="pot",
        target=13,
        pocket="head_left",
        success=0.8454545454545455,
        value=0.4315587445268464,
        simulations=701,
        considered=103,
        physics_seconds=9.993825638986891,
        fouls=False,
        tries=220,
    ),
}


@pytest.mark.parametrize(("level", "position"), list(EXPECTED))
def test_the_same_position_and_seed_give_the_recorded_decision(level: str,
                                                               position: str) -> None:
    game, seed, count = POSITIONS[position]
    state = state_of(game, scattered(game, random.Random(seed), count))
    d = ComputerPlayer(STRENGTHS[level]).shot(discipline(game), state, SEED)
    assert d == EXPECTED[(level, position)]
