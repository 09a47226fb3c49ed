"""A match of 8-ball played from hand-built shot logs (no physics), whose
numbers are known stroke by stroke: the end-of-match statistics are
checked against it."""

from __future__ import annotations

from typing import Any

from rules.referee import Match
from rules.ruling import Declarations, Ruling
from simulator.table.specs import CUE_BALL
from tests.rules.logs import Log


def stroke(m: Match, hits: int, pots: tuple[int, ...] = (), rails: tuple[int, ...] = (),
           scratch: bool = False, safety: bool = False, brk: bool = False,
           place: tuple[float, float] | None = None) -> Ruling:
    """One stroke: the cue ball meets ``hits`` first, ``rails`` reach a
    cushion, ``pots`` drop (called, the last one, where not a break), the
    cue ball too with ``scratch``; ``safety`` declared; ``place``: the cue
    ball set there from hand."""
    table = m.table() if place is None else m.table().place(CUE_BALL, *place)
    log = Log(table).stroke().hit(0, hits)
    if brk:  # four balls to a rail: a legal break
        log.rails([b for b in table.on_table() if b != CUE_BALL][:4])
    log.rails(list(rails))
    for b in pots:
        log.pot(b, "foot_left")
    if scratch:
        log.pot(CUE_BALL, "side_left")
    said = Declarations(called_ball=pots[-1], called_pocket="foot_left") \
        if pots and not brk else Declarations(safety=safety)
    return m.apply(log.shot(), said)


# Anna (seat 0) breaks the first game, Boris the second (8-ball alternates).
GAME_ONE: list[dict[str, Any]] = [
    dict(hits=1, pots=(1,), brk=True),  # Anna: 1 on the break (no attempt)
    dict(hits=2, pots=(2,)),  # attempt 1, potted: solids hers
    dict(hits=3, rails=(3,), safety=True),  # a called safety: no attempt
    dict(hits=9, pots=(9,)),  # Boris: attempt 1, potted
    dict(hits=10, rails=(10,)),  # attempt 2, missed
    dict(hits=3, pots=(3,)),  # Anna: attempt 2, potted
    dict(hits=4, pots=(4,)),  # attempt 3, potted
    dict(hits=5, rails=(5,)),  # attempt 4, missed
    dict(hits=10, pots=(10,)),  # Boris: attempt 3, potted
    dict(hits=11, scratch=True),  # attempt 4: a foul, no pot
    dict(hits=5, pots=(5,), place=(0.5, 0.5)),  # Anna from hand: attempts 5-8,
    dict(hits=6, pots=(6,)),  # all potted: a run of four, the 8 last
    dict(hits=7, pots=(7,)),
    dict(hits=8, pots=(8,)),
]
GAME_TWO: list[dict[str, Any]] = [
    dict(hits=1, pots=(9, 10), brk=True),  # Boris: two on the break
    *(dict(hits=b, pots=(b,)) for b in (11, 12, 13, 14, 15, 8)),  # and runs out
]
GAME_THREE: list[dict[str, Any]] = [
    dict(hits=1, brk=True),  # Anna: a legal break, nothing down
    dict(hits=9, rails=(9,)),  # Boris: attempt 5, missed, no foul
    # Anna: attempts 9-16, all potted, the 8 last: a run of eight, but no
    # break and run (Boris came to the table)
    *(dict(hits=b, pots=(b,)) for b in (1, 2, 3, 4, 5, 6, 7, 8)),
]


def scripted_8ball(names: list[str]) -> Match:
    """The match of ``names`` (race to 3) after its first three games, two
    to Anna, one to Boris; the fourth (Boris's break) not begun."""
    m = Match(names, "8-ball", {"race_to": 3}, seed=4)
    assert m.requirements().shooter == 0
    for kw in [*GAME_ONE, *GAME_TWO, *GAME_THREE]:
        stroke(m, **kw)
    assert [r.winner for r in m.rulings if r is not None and r.game_over] == [0, 1, 0]
    return m


# What the record above implies, by hand: (pots, attempts, per cent,
# safeties, fouls, high run, balls on the break, break and runs, innings,
# balls potted).
EXPECTED = {
    0: dict(pots=15, attempts=16, percent=94, safeties=1, fouls=0, high_run=8,
            break_balls=1, break_runs=0, innings=5, potted=16),
    1: dict(pots=8, attempts=11, percent=73, safeties=0, fouls=1, high_run=8,
            break_balls=2, break_runs=1, innings=4, potted=10),
}
