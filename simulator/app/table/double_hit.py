"""Whether the stroke being aimed would meet the cue ball twice.

A person cannot see the stick's follow-through coming: with the object ball
a finger's width away, a firm stun stroke drives the tip into the cue ball a
second time (a foul: general rule 20, Express 2.6 item 3). The aim is run on
the real physics, on a table of the cue ball and the ball it meets only, for
as long as the stick can still be in play.
"""

from __future__ import annotations

from simulator.physics import ShotStream
from simulator.table.events import EventKind, Stroke
from simulator.table.state import TableState

# No stroke met the cue ball twice with the first ball's ghost position
# farther than 5.7 cm away (a full hit; a cut needs it closer): past this the
# run is not made.
REACH = 0.07  # m from the cue ball to where it meets the first ball
# The latest second contact measured (the softest strokes) came at 0.19 s.
STICK_TIME = 0.3  # s of the shot run


def meets_twice(state: TableState, stroke: Stroke, cue_ball: int, ball: int) -> bool:
    """Whether ``stroke`` on ``cue_ball`` touches it with the tip again, with
    ``ball`` (the first ball on its line) where ``state`` has it."""
    cue_at, ball_at = state.position(cue_ball), state.position(ball)
    if cue_at is None or ball_at is None:
        return False
    two = TableState.from_positions(state.spec.name, {cue_ball: cue_at, ball: ball_at})
    run = ShotStream(two, stroke)
    run.advance(STICK_TIME)
    # The first contact is the stroke itself; a tip contact after it is the
    # second.
    return any(e.kind is EventKind.TIP_CONTACT and cue_ball in e.balls
               for e in run.events)
