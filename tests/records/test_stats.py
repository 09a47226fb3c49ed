"""The match in numbers, one computation for the window's end-of-match table
and the records: a conceded game is no foul and no visit to the table, and
balls potted on a legal break count for the breaker (issue 22)."""

from __future__ import annotations

import math

from rules.codes import Note
from rules.referee import Match
from simulator.physics import simulate
from simulator.records.stats import game_winners, match_stats
from simulator.table.events import Stroke
from simulator.table.specs import CUE_BALL


def test_a_conceded_game_is_neither_a_foul_nor_an_inning() -> None:
    m = Match(["Ann", "Bob"], "9-ball", {"race_to": 2})
    breaker = m.requirements().shooter
    m.call_foul("foul.touched_ball")  # one real foul, at the breaker's visit
    other = m.requirements().shooter
    assert other != breaker
    m.call_foul("loss.conceded")  # the other gives the game up without a shot
    st = match_stats(m)
    assert sum(s.fouls for s in st) == 1 and st[breaker].fouls == 1
    assert st[breaker].innings == 1
    assert st[other].innings == 0 and st[other].fouls == 0
    assert st[breaker].games == 1
    assert game_winners(m) == [breaker]


def test_balls_potted_on_a_legal_break_count_for_the_breaker() -> None:
    # 8-ball's break scores nothing for anyone (the table stays open), yet
    # the balls dropped are the breaker's: find a rack where a full break
    # pots some legally.
    for seed in range(1, 40):
        m = Match(["Ann", "Bob"], "8-ball", {"race_to": 1}, seed)
        table = m.table()
        cue = table.position(CUE_BALL)
        head = min((b for b in table.balls if b.ball != CUE_BALL),
                   key=lambda b: b.x)
        assert cue is not None
        aim = math.degrees(math.atan2(head.y - cue[1], head.x - cue[0]))
        ruling = m.apply(simulate(table, Stroke(direction=aim % 360, speed=9.0)))
        legal = [n for n in ruling.notes if n.code is Note.BREAK_LEGAL]
        if ruling.fouls or not legal or not legal[0].balls:
            continue
        potted = len(legal[0].balls)
        assert ruling.scored == ()  # the referee scores none of them...
        st = match_stats(m)
        breaker = ruling.shooter
        assert st[breaker].potted == potted  # ...the numbers count them all
        assert st[breaker].high_run == potted and st[breaker].innings == 1
        return
    raise AssertionError("no legal break with a pot in 39 racks")


def test_express_innings_are_the_visits_with_a_stroke() -> None:
    """Express of three (reading R21, the seeds silent on leaving; 2.5: the
    last active player wins): the first player breaks; the one at the table
    next leaves without a stroke; of the last two, the one away from the
    table concedes, which hands no turn to the one at the table. Only the
    break was struck: one inning, the breaker's."""
    m = Match(["Ann", "Bob", "Cyd"], "express", {}, seed=3)
    breaker = m.state.shooter
    table = m.table()
    cue = table.position(CUE_BALL)
    head = min((b for b in table.balls if b.ball != CUE_BALL), key=lambda b: b.x)
    assert cue is not None
    aim = math.degrees(math.atan2(head.y - cue[1], head.x - cue[0]))
    m.apply(simulate(table, Stroke(direction=aim % 360, speed=6.0)))
    while m.state.pending:  # an offended player's choice: he plays on
        m.choose(m.state.pending[0])
    leaver = m.state.shooter
    assert leaver != breaker  # the break potted nothing: the turn passed
    m.call_foul("loss.conceded")  # he leaves at the start of his turn
    at_table = m.state.shooter
    away = next(p for p in m.discipline.in_play(m.state) if p != at_table)
    m.concede(away, True)
    assert m.over and m.winner == at_table
    st = match_stats(m)
    assert [s.innings for s in st] == [int(i == breaker) for i in range(3)], st
