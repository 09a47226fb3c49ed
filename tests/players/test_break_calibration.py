"""The 9-ball power break searched for the layout it leaves
(``calibrate_break``): how a break is scored, and which break each level
plays."""

from __future__ import annotations

import random
from dataclasses import replace

from rules import registry
from rules.referee import Match
from rules.ruling import Declarations
from simulator.players import STRENGTHS, ComputerPlayer, calibrate_break, shots
from simulator.players.appraise import Judge
from simulator.players.strength import LAYOUT_BREAKS, POWER_BREAKS, PowerBreak, Strength
from simulator.table.events import Event, EventKind, Shot, Stroke
from simulator.table.specs import CUE_BALL
from simulator.table.state import TableState

SEED = 21000  # a rack of the calibration's, none of the bench's


def strong_judge(disc: object) -> Judge:
    s = STRENGTHS["strong"]
    return Judge(disc, 0, s.noise, s.search.max_cut, True,  # type: ignore[arg-type]
                 plan=s.search.plan)


def break_shot(table: TableState, potted: int, scratch: bool) -> Shot:
    """A break on paper: the cue ball into the 1, ``potted`` into the first
    pocket and, if ``scratch``, the cue ball after it."""
    pocket = table.spec.pockets[0].name
    events = [Event(EventKind.STROKE, 0.0, (CUE_BALL,)),
              Event(EventKind.BALL_BALL, 0.1, (CUE_BALL, 1)),
              Event(EventKind.POCKETED, 0.5, (potted,), pocket=pocket)]
    final = table.remove(potted)
    if scratch:
        events.append(Event(EventKind.POCKETED, 0.8, (CUE_BALL,), pocket=pocket))
        final = final.remove(CUE_BALL)
    events.append(Event(EventKind.REST, 1.0, ()))
    return Shot(table, Stroke(0.0, 8.0), tuple(events), final)


def test_a_break_that_pots_a_ball_but_scratches_fails() -> None:
    """A ball dropped on the break counts for nothing when the cue ball
    follows it: a foul, a scratch, no shot left (quality 0), not good; the
    same break without the scratch keeps the table and is scored by the
    shot it leaves."""
    m = Match(["a", "b"], registry.NINE_BALL, {"race_to": 1}, seed=SEED)
    req = m.requirements()
    view = shots.View.of(m.table(), req)
    spot = shots.power_spot(view, 2.5, 0)
    assert spot is not None
    table = m.table().place(CUE_BALL, *spot)
    judge = strong_judge(m.discipline)
    for scratch in (True, False):
        ruling, after = m.discipline.judge(m.state, break_shot(table, 5, scratch),
                                           Declarations())
        o = calibrate_break.score(ruling, after, judge)
        if scratch:
            assert o.scratch and o.foul and not o.potted and not o.good
            assert o.quality == 0.0
        else:
            assert o.potted and not o.foul and not o.scratch and not o.dry
            assert o.quality == judge.quality(after, m.discipline.requirements(after))
            assert o.good == (o.quality >= calibrate_break.GOOD)


def test_the_ranking_puts_a_setting_that_scratches_too_often_last() -> None:
    """More good breaks rank first, but not past the scratch limit, nor
    with the cue ball off the tip slower than a professional's break."""
    good = calibrate_break.BreakOutcome(True, False, False, False, 0.8, 10.5)
    scratch = calibrate_break.BreakOutcome(False, True, True, False, 0.0, 10.5)
    plain = calibrate_break.BreakOutcome(True, False, False, False, 0.2, 10.5)
    slow = calibrate_break.BreakOutcome(True, False, False, False, 0.8, 9.0)
    a = calibrate_break.Tally(PowerBreak(2.5, 8.0, 0.0), (good,) * 60 + (scratch,) * 4
                              + (plain,) * 36)
    b = calibrate_break.Tally(PowerBreak(2.5, 8.4, 0.08), (good,) * 40 + (plain,) * 60)
    c = calibrate_break.Tally(PowerBreak(2.5, 7.6, 0.08), (good,) * 30 + (plain,) * 70)
    d = calibrate_break.Tally(PowerBreak(2.5, 6.0, 0.08), (slow,) * 100)
    assert calibrate_break.ranked([d, a, c, b]) == [b, c, d, a]


def test_the_calibration_plays_the_same_racks_and_noise_for_each_setting() -> None:
    """One setting given twice scores the same outcomes rack by rack."""
    s = PowerBreak(2.5, 8.4, 0.08)
    one, two = calibrate_break.calibrate([s, s], 2, SEED, log=False)
    assert one.outcomes == two.outcomes and one.racks == 2


def calibrated(level: str) -> Strength:
    """A level given the calibrated 9-ball break (no level has it yet:
    strength.LAYOUT_BREAKS says why)."""
    s = STRENGTHS[level]
    return replace(s, search=replace(s.search, layout_breaks=LAYOUT_BREAKS))


def test_a_level_given_the_calibrated_break_offers_it_in_9_ball() -> None:
    """9-ball: a level given LAYOUT_BREAKS offers those power breaks, from
    their spots beside either side rail; every level as it stands keeps
    POWER_BREAKS (and every level keeps them in 8-ball: test_breaks)."""
    m = Match(["a", "b"], registry.NINE_BALL, {"race_to": 1}, seed=SEED)
    req = m.requirements()
    view = shots.View.of(m.table(), req)
    for level, given in [(lv, False) for lv in STRENGTHS] + [("strong", True),
                                                             ("pro", True)]:
        strength = calibrated(level) if given else STRENGTHS[level]
        assert strength.search.layout_breaks == (LAYOUT_BREAKS if given else ())
        want = LAYOUT_BREAKS if given else POWER_BREAKS
        cands, _ = ComputerPlayer(strength).candidates(m.table(), req,
                                                       random.Random(3))
        power = [c for c in cands if c.stroke.speed > 6.0]
        spots = {(pb.speed, pb.tip_b): {shots.power_spot(view, pb.rail, side)
                                        for side in (0, 1)} for pb in want}
        assert power, level
        for c in power:
            assert (c.stroke.speed, c.stroke.tip_b) in spots, (level, c.stroke)
            assert c.place in spots[(c.stroke.speed, c.stroke.tip_b)]
            assert c.target == 1


def test_the_old_power_spot_is_where_break_spots_puts_the_cue_ball() -> None:
    """The weaker levels break from where they did: 2.5 R in from each side
    is the first two of break_spots."""
    m = Match(["a", "b"], registry.NINE_BALL, {"race_to": 1}, seed=SEED)
    view = shots.View.of(m.table(), m.requirements())
    assert [shots.power_spot(view, 2.5, side) for side in (0, 1)] == \
        shots.break_spots(view)[:2]


def test_the_strong_player_given_the_calibrated_break_plays_it() -> None:
    """What it plays: the stroke meant is one of the calibrated settings."""
    m = Match(["a", "b"], registry.NINE_BALL, {"race_to": 1}, seed=SEED + 1)
    d = ComputerPlayer(calibrated("strong")).shot(m.discipline, m.state, 5)
    assert d.kind == "break"
    assert (d.intended.speed, d.intended.tip_b) in {
        (pb.speed, pb.tip_b) for pb in LAYOUT_BREAKS}
