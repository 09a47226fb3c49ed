"""Match.from_state: a match that starts from a set position (practice)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.referee import Match
from rules.ruling import BallInHand, Declarations, RulesError
from simulator.table.events import Event, EventKind, Shot, Stroke
from simulator.table.state import TableState


def _position() -> TableState:
    return TableState.from_positions("pool_9ft", {0: (0.6, 0.6), 1: (1.8, 0.62),
                                                  9: (2.2, 0.4)},
                                     absent=range(2, 9))


def test_match_starts_from_the_given_position_and_replays() -> None:
    fresh = Match(["A", "B"], "9-ball")
    start = replace(fresh.state, table=_position(), is_break=False, shooter=1,
                    ball_in_hand=BallInHand.NONE, fouls=(0, 1), push_out_allowed=False)
    m = Match.from_state(["A", "B"], "9-ball", start)
    assert m.state == start
    assert m.requirements().shooter == 1
    table = m.table()
    # A scratch without touching a ball (general rule 18, 9-ball 8: in hand anywhere).
    events = (Event(EventKind.STROKE, 0.0, (0,), speed=1.0),
              Event(EventKind.POCKETED, 0.5, (0,), pocket="head_right"),
              Event(EventKind.REST, 1.0))
    final = table.remove(0, pocket="head_right")
    ruling = m.apply(Shot(table, Stroke(0.0, 1.0), events, final), Declarations())
    assert ruling.fouls and ruling.next_shooter == 0
    assert ruling.ball_in_hand is BallInHand.ANYWHERE
    again = Match.from_dict(m.to_dict())
    assert again.state == m.state
    m.undo()
    assert m.state == start


def test_from_state_refuses_a_state_for_other_players() -> None:
    three = replace(Match(["A", "B"], "9-ball").state, players=3)
    with pytest.raises(RulesError, match="players"):
        Match.from_state(["A", "B"], "9-ball", three)
