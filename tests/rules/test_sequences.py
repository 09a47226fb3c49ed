"""Rulings that depend on earlier shots, played shot after shot on one
position (the balls stay where they are, so each log starts from the table
the referee handed out)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from logs import Log, R, layout

from rules.codes import FoulCode, Note
from rules.game import GameState
from rules.ruling import BallInHand, Declarations, Ruling
from rules.straight_pool import StraightPool

SAFETY = Declarations(safety=True)
NONE = Declarations()


def near_rail_table() -> GameState:
    """14.1 in play: ball 3 lies 2 cm off the right foot rail (less than a
    ball's width, not frozen), ball 5 elsewhere, the rest pocketed."""
    pos = {0: (1.0, 0.385), 3: (1.5, R + 0.02), 5: (2.2, 1.0)}
    table = layout(pos, tuple(b for b in range(1, 16) if b not in pos))
    disc = StraightPool({})
    st = disc.new_game(2, 0, 0, "pool_9ft")
    return replace(st, table=table, is_break=False, ball_in_hand=BallInHand.NONE)


def play(disc: StraightPool, st: GameState, lg: Log,
         decl: Declarations = NONE) -> tuple[Ruling, GameState]:
    return disc.judge(st, lg.shot(), decl)


def test_foul_then_near_rail_safety_leaves_no_second_safety() -> None:
    """14.1 7.2, note: after a foul only one near-cushion safety is allowed,
    and the next shot on that ball must satisfy general rule 31, even though
    the legal safety cleared the foul count of rule 12. Failing it is the
    third foul in a row: -16 in all (reading P6), all 15 re-racked."""
    disc = StraightPool({})
    st = near_rail_table()
    r, st = play(disc, st, Log(st.table).stroke().hit(0, 5))  # A: no rail
    assert [f.code for f in r.fouls] == [FoulCode.NO_RAIL] and st.fouls == (1, 0)
    r, st = play(disc, st, Log(st.table).stroke().hit(0, 5).rail(5, "foot"))  # B
    assert not r.fouls and st.shooter == 0
    r, st = play(disc, st, Log(st.table).stroke().hit(0, 3).rail(3, "right_foot"),
                 SAFETY)  # A: the one safety allowed after a foul
    assert not r.fouls
    assert Note.NEAR_RAIL_SAFETY in [n.code for n in r.notes]
    assert st.fouls == (0, 0)  # rule 12: the legal safety clears the count
    r, st = play(disc, st, Log(st.table).stroke().hit(0, 5).rail(5, "foot"))  # B
    assert st.shooter == 0
    r, st = play(disc, st, Log(st.table).stroke().hit(0, 3).rail(3, "right_foot"),
                 SAFETY)  # A again: the ball now counts as frozen (rule 31)
    codes = [f.code for f in r.fouls]
    assert FoulCode.CUSHION_BALL in codes and FoulCode.THIRD_FOUL in codes
    assert r.penalty is not None and r.penalty.code is FoulCode.THIRD_FOUL
    assert r.points == (-16, 0) and r.rerack
    assert st.is_break and st.shooter == 0 and st.scores == (-17, 0)


def test_two_near_rail_safeties_then_the_ball_is_frozen() -> None:
    """14.1 7.2: two safeties to the near cushion are allowed; the third
    shot on that ball must meet general rule 31 (here the cue ball reaches a
    cushion, so it is legal and no safety is counted)."""
    disc = StraightPool({})
    st = near_rail_table()
    for _ in range(2):
        r, st = play(disc, st, Log(st.table).stroke().hit(0, 3)
                     .rail(3, "right_foot"), SAFETY)
        assert not r.fouls
        r, st = play(disc, st, Log(st.table).stroke().hit(0, 5).rail(5, "foot"))
    assert st.rail_safeties == (2, 0)
    r, st = play(disc, st, Log(st.table).stroke().hit(0, 3).rail(3, "right_foot")
                 .rail(0, "left_head"), SAFETY)
    assert not r.fouls and st.scores == (0, 0)
    assert Note.NEAR_RAIL_SAFETY not in [n.code for n in r.notes]
