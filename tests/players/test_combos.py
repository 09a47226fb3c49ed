"""Combinations: the legal ball driven into another that drops, looked for
where the ball on has no straight pot (after a 9-ball break the 1 with no
pot ended a third of the strong player's first innings on a safety, a
push-out or a kick: bench --part why, sixteenth round)."""

from __future__ import annotations

import math

from rules import registry
from rules.ruling import Declarations
from simulator.physics import simulate
from simulator.players import STRENGTHS, ComputerPlayer, shots
from simulator.players.player import seed_for
from simulator.table.events import EventKind
from simulator.table.specs import CUE_BALL
from simulator.table.state import Where
from tests.players.helpers import discipline, state_of

# The 9 half a metre out of the foot-right corner, the 1 behind it on its
# line to the pocket, the cue ball 0.6 m from the 1's ghost ball at a 25
# degree cut: every straight pot of the 1 is blocked by the 9 or thin,
# and the safeties' thicknesses do not drop the 9 (without combinations
# the strong player played safe, valued -0.02).
NINE = (2.126, 0.414)
ONE = (1.985, 0.555)
CUE = (1.381, 0.801)
# The cue ball on the line of the two balls: the combination straight in.
CUE_STRAIGHT = (1.520, 1.020)


def _view(cue: tuple[float, float]) -> shots.View:
    state = state_of(registry.NINE_BALL, {CUE_BALL: cue, 1: ONE, 9: NINE})
    req = discipline(registry.NINE_BALL).requirements(state)
    return shots.View.of(state.table, req)


def test_with_no_straight_pot_on_the_1_the_combination_on_the_9_is_found() -> None:
    view = _view(CUE)
    noise = STRENGTHS["strong"].noise
    assert view.cue is not None
    # the one straight pot left is a hair-thin cut
    pots = shots.pots_from(view, view.cue, (1,), 82.0)
    assert all(math.degrees(p.cut) > 75.0 for p in pots)
    combos = shots.combo_pots(view, view.cue, noise)
    assert combos, "no combination found"
    c, first, second = combos[0]
    assert (first.target, second.target, second.pocket) == (1, 9, "foot_right")
    assert 0.0 < c < 1.0


def test_a_straighter_combination_ranks_over_a_cut_one() -> None:
    noise = STRENGTHS["strong"].noise
    straight, cut = _view(CUE_STRAIGHT), _view(CUE)
    assert straight.cue is not None and cut.cue is not None
    best_straight = shots.combo_pots(straight, straight.cue, noise)[0]
    best_cut = shots.combo_pots(cut, cut.cue, noise)[0]
    assert best_cut[2].target == best_straight[2].target == 9
    assert best_straight[0] > best_cut[0]


def test_the_combination_as_meant_drops_the_9_off_the_1() -> None:
    view = _view(CUE)
    assert view.cue is not None
    found = shots.combo_candidates(view, view.cue, STRENGTHS["strong"].noise, None, 1)
    assert found and all(c.kind == "combo" and c.target == 9 for c in found)
    for cand in found:
        shot = simulate(view.table, cand.stroke)
        first = next(e for e in shot.events if e.kind is EventKind.BALL_BALL)
        assert set(first.balls) == {CUE_BALL, 1}
        nine = next(b for b in shot.final.balls if b.ball == 9)
        assert nine.where is Where.POCKETED
        assert nine.pocket == "foot_right"


def test_the_strong_player_plays_the_combination_to_win() -> None:
    disc = discipline(registry.NINE_BALL)
    state = state_of(registry.NINE_BALL, {CUE_BALL: CUE, 1: ONE, 9: NINE})
    d = ComputerPlayer(STRENGTHS["strong"]).shot(disc, state, seed_for(7, 0, 0))
    assert d.kind == "combo"
    assert (d.target, d.pocket) == (9, "foot_right")
    assert d.declarations == Declarations()
