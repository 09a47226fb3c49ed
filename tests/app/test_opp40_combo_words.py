"""The computer's combination said as what it is: the ball it drops, the
pocket and the word for a combination, with the odds, in Russian and
English, for the computer's stroke and for the hint."""

from __future__ import annotations

import pytest

from rules import registry
from simulator.app.match import computer
from simulator.app.text.i18n import Locale
from simulator.app.text.words import ball_label
from simulator.players import STRENGTHS, ComputerPlayer
from simulator.players.player import seed_for
from simulator.table.specs import CUE_BALL
from tests.players.helpers import discipline, state_of
from tests.players.test_combos import CUE, NINE, ONE

WORD = {"en": "combination", "ru": "комбинацией"}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("hint", [False, True])
def test_a_combination_on_the_9_is_said_as_one(lang: str, hint: bool) -> None:
    state = state_of(registry.NINE_BALL, {CUE_BALL: CUE, 1: ONE, 9: NINE})
    d = ComputerPlayer(STRENGTHS["strong"]).shot(
        discipline(registry.NINE_BALL), state, seed_for(7, 0, 0))
    assert d.kind == "combo"
    loc = Locale(lang)
    lines = computer.shot_lines(loc, d, lambda b: ball_label(loc, b),
                                state.table.spec.balls.radius, state.table, hint=hint)
    first = lines[0]
    said = loc.t("hint.say.shot.combo" if hint else "cpu.shot.combo",
                 ball=ball_label(loc, 9), pocket=loc.t("pocket_into.foot_right"))
    assert WORD[lang] in said
    # the hint's words advise, the computer's say what it does; the odds of
    # the pot follow them, as a pot's and a bank's do
    assert first.startswith(said) and first != said, first
    assert not any("cpu.shot" in line or "hint.say" in line for line in lines)
