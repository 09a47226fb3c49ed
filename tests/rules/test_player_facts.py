"""Facts a computer player asks the referee instead of working them out: where
a lag ball may be set (general rule 5), which declarations a shot allows
(8-ball 2 and 9, 9-ball 5, 14.1 1 and 7.4), whether the cue ball itself is
the object (Express's last ball, SEED-E 2.5) and whom a shooter's pots cost
(SEED-E 2.5: the previous active player only)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from logs import layout

from rules.general import LAG_BALLS, judge_lag, lag_area
from rules.referee import Match
from rules.ruling import Declarations, RulesError
from simulator.physics import simulate
from simulator.table.events import Stroke
from simulator.table.specs import CUE_BALL, table_by_name
from simulator.table.state import TableState


def test_lag_area_is_the_players_side_of_the_kitchen() -> None:
    """General rule 5: behind the head string, one ball each side of the head
    spot; a ball set anywhere in its area starts on neither line."""
    spec = table_by_name("pool_9ft")
    r = spec.balls.radius
    for player in (0, 1):
        x0, x1, y0, y1 = lag_area(spec, player)
        assert x1 + r < spec.head_string_x  # wholly behind the head string
        assert x0 - r > 0.0 and y0 - r > 0.0 and y1 + r < spec.width
        mid = spec.long_string_y
        assert (y1 + r < mid) if player == 0 else (y0 - r > mid)
    assert LAG_BALLS == (CUE_BALL, 1)
    with pytest.raises(RulesError, match="player 2 does not lag"):
        lag_area(spec, 2)


def test_a_lag_from_the_areas_is_judged() -> None:
    """Two balls from the middle of each area, the same stroke: both reach
    the foot cushion and come back; the ball nearer the head cushion wins
    (neither loses one of rule 5's seven ways)."""
    spec = table_by_name("pool_9ft")
    a, b = (lag_area(spec, p) for p in (0, 1))
    pa = ((a[0] + a[1]) / 2, (a[2] + a[3]) / 2)
    pb = ((b[0] + b[1]) / 2, (b[2] + b[3]) / 2)
    table = TableState.from_positions(spec.name, {LAG_BALLS[0]: pa, LAG_BALLS[1]: pb})
    stroke = Stroke(0.0, 2.0)
    shot = simulate(table, stroke, also=((LAG_BALLS[1], Stroke(0.0, 2.0)),))
    result = judge_lag(shot, LAG_BALLS)
    assert result.reasons == ((), ())  # neither broke rule 5's seven ways


def test_declarations_the_shot_allows() -> None:
    """8-ball 2: a call names a legal ball on the table and a pocket of the
    table; 8-ball 9: a safety may be declared, but names no ball; 9-ball 5:
    a push-out only right after the break; no call where none is made."""
    m = Match(["A", "B"], "8-ball")
    table = layout({0: (0.5, 0.6), 1: (1.5, 0.4), 9: (1.9, 0.9)})
    req = replace(m.requirements(), is_break=False, call_needed=True,
                  legal_first_contacts=(1,), callable_balls=(1,),
                  allowed_declarations=("call", "safety"))
    ok = Declarations(called_ball=1, called_pocket="foot_left")
    assert req.declaration_problem(table, ok) is None
    assert req.declaration_problem(table, Declarations(safety=True)) is None
    assert req.declaration_problem(table, Declarations()) is None
    wrong = {
        Declarations(called_ball=9, called_pocket="foot_left"): "may not be called",
        Declarations(called_ball=1, called_pocket="corner"): "no pocket 'corner'",
        Declarations(called_pocket="foot_left"): "with its ball",
        Declarations(called_ball=1, called_pocket="foot_left", safety=True):
            "names no ball",
        Declarations(push_out=True): "no push-out",
    }
    for decl, why in wrong.items():
        problem = req.declaration_problem(table, decl)
        assert problem is not None and why in problem, decl
    gone = req.declaration_problem(layout({0: (0.5, 0.6), 9: (1.9, 0.9)}), ok)
    assert gone is not None and "not on the table" in gone
    nine = Match(["A", "B"], "9-ball").requirements()
    assert nine.declaration_problem(table, Declarations(push_out=True)) == \
        "declarations.push_out: no push-out may be played now"
    after_break = replace(nine, allowed_declarations=("push_out",), is_break=False)
    assert after_break.declaration_problem(table, Declarations(push_out=True)) is None
    assert "no call" in (after_break.declaration_problem(table, ok) or "")
    assert "no safety" in (after_break.declaration_problem(
        table, Declarations(safety=True)) or "")


def test_the_express_last_ball_is_the_cue_ball() -> None:
    """SEED-E 2.5 (G13): with no object ball left the cue ball itself is the
    last ball: nothing to contact; in pool the cue ball is never the object."""
    m = Match(["A", "B", "C"], "express")
    assert not m.requirements().cue_ball_is_object
    state = m.state
    table = state.table
    for b in range(1, 16):
        table = table.remove(b)
    last = replace(state, table=table.place(CUE_BALL, 1.7, 0.9), is_break=False,
                   first_break_pending=False, ball_in_hand=state.ball_in_hand.NONE)
    req = m.discipline.requirements(last)
    assert req.cue_ball_is_object and req.legal_first_contacts == ()
    assert not Match(["A", "B"], "14.1").requirements().cue_ball_is_object


def test_whose_points_a_pot_writes_off() -> None:
    """SEED-E 2.5: a pot writes off the previous active player; nobody's on
    the match's first break. In a game of two the opponent is the one."""
    m = Match(["A", "B", "C"], "express")
    first = m.requirements()
    assert not any(first.loses_by_pots(p) for p in range(3))
    later = m.discipline.requirements(replace(m.state, is_break=False,
                                              first_break_pending=False, shooter=1))
    assert [later.loses_by_pots(p) for p in range(3)] == [True, False, False]
    pool = Match(["A", "B"], "9-ball").requirements()
    assert [pool.loses_by_pots(p) for p in (0, 1)] == [False, True]
