"""The match keeps its scoreboard between frames: it is never the one
before a step, an undo, or a replaced ruling."""

from __future__ import annotations

from logs import Log

from rules.game import Line
from rules.referee import Match
from rules.ruling import Declarations


def _fresh(m: Match) -> object:
    return m._scoreboard(None)


def test_the_kept_scoreboard_follows_every_change() -> None:
    # 14.1 (general rule 3): a ball pocketed on a called shot scores a point.
    m = Match(["A", "B"], "14.1", {"target": 40})
    first = m.scoreboard()
    assert m.scoreboard() is first  # kept while nothing changes
    lg = Log(m.table()).stroke().hit(0, 1).pot(1, "foot_right")
    m.apply(lg.shot(), Declarations(called_ball=1, called_pocket="foot_right"))
    after = m.scoreboard()
    assert after == _fresh(m) and after != first
    assert after.players[0].score == 1
    m.undo()
    assert m.scoreboard() == _fresh(m) == first
    assert m.scoreboard().players[0].score == 0
    # The same shot again: an equal state in new objects, still read anew.
    m.apply(lg.shot(), Declarations(called_ball=1, called_pocket="foot_right"))
    assert m.scoreboard() == _fresh(m) == after
    assert m.scoreboard().centre[0] == Line("score.target", {"n": 40})
    # Undone and another shot in its place between two frames (as many
    # steps as before): no point now.
    assert m.scoreboard().players[0].score == 1
    m.undo()
    m.apply(Log(m.table()).stroke().hit(0, 1).rails([0, 2, 3]).shot(), Declarations())
    assert m.scoreboard() == _fresh(m)
    assert m.scoreboard().players[0].score == 0


def test_a_miss_moves_the_turn_on_the_board() -> None:
    m = Match(["A", "B"], "9-ball")
    before = m.scoreboard()
    lg = Log(m.table()).stroke().hit(0, 1).rails([0, 2, 3, 4])
    m.apply(lg.shot(), Declarations())
    assert m.scoreboard() == _fresh(m)
    assert m.scoreboard() is not before
