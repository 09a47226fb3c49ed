"""Play-test 22: 9-ball, the cue ball by the top right corner pocket, the 8
between it and the 2 (the lowest ball). The hint said «Сыграйте защиту на 2 ·
Бейте по шару 2 в лоб» while its drawn path met the 8 first; taken, the
stroke fouled (9-ball rule 7 of the seed: the lowest ball is met first).

A hint's stroke, played exactly as set in the full physics, is one the
referee finds legal where a legal one exists (kicks off one cushion or more
are tried when the line is blocked); where every stroke fouls, the words say
so plainly and name the ball the drawn path meets first."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.game import GameState
from simulator.app.match import computer
from simulator.app.text.i18n import Locale
from simulator.app.text.words import ball_label
from simulator.physics import simulate
from simulator.players import ShotDecision
from simulator.players.hint import suggest
from tests.players.helpers import discipline, state_of

# Read off the play-test's screen (338.6 px a metre, the bed's bottom left
# corner at (50, 575)): the cue ball, the 8 and the 2 of step-23.png, moved
# by a few pixels to where no stroke straight at the 2 or off the cushions the
# geometry names is legal; and the same as seen.
OTHERS = {9: (769, 360), 5: (579, 202), 4: (611, 209), 6: (168, 252),
          3: (466, 317), 7: (833, 557)}
NO_LEGAL_HIT = {0: (885.7, 173.4), 8: (880.1, 303.2), 2: (850.4, 453.9)}
AS_SEEN = {0: (884, 170), 8: (876, 297), 2: (847, 448)}


def position(near: dict[int, tuple[float, float]]) -> dict[int, tuple[float, float]]:
    return {b: ((x - 50) / 338.6, (575 - y) / 338.6)
            for b, (x, y) in {**OTHERS, **near}.items()}


@pytest.mark.parametrize("near", [NO_LEGAL_HIT, AS_SEEN], ids=["round_8", "as_seen"])
def test_the_hints_stroke_is_legal_where_a_legal_one_exists(
        near: dict[int, tuple[float, float]]) -> None:
    """Straight at the 2 through the 8 every stroke fouls; a kick off the
    cushions meets the 2 first (one exists: a sweep of the directions finds
    it), and that is the hint."""
    disc = discipline("9-ball")
    state = state_of("9-ball", position(near))
    hint = suggest(disc, state, 0)
    d = hint.decision
    played = simulate(d.table(state.table), hint.stroke)
    assert played.final == hint.predicted.final  # the path drawn is the shot's
    ruling, _ = disc.judge(state, played, d.declarations)
    ru = lines("ru", d, state)
    assert not ruling.fouls, (ru, [f.code.id for f in ruling.fouls])
    assert hint.first_contact() == 2  # the lowest ball first (9-ball rule 7)
    assert d.target == 2 and not d.fouls
    assert not any("Правильного удара" in line for line in ru)


def test_a_foul_as_the_least_bad_is_said_so() -> None:
    """Where every stroke fouls, the words say it plainly and name the ball
    the drawn path meets first, never "play a safety on the 2"."""
    disc = discipline("9-ball")
    state = state_of("9-ball", position(NO_LEGAL_HIT))
    d = replace(suggest(disc, state, 0).decision, fouls=True, target=8)
    ru, en = lines("ru", d, state), lines("en", d, state)
    assert ru[0] == ("Правильного удара нет, любой — фол; наименьшее зло — "
                     "удар по шару 8")
    assert en[0] == ("No legal hit found, every stroke fouls; the least bad is a "
                     "stroke at the 8")
    assert not any("защиту" in line for line in ru)
    cpu = computer.shot_lines(Locale("en"), d, str, state.table.spec.balls.radius)
    assert cpu[0].startswith("Found no legal hit")


def lines(lang: str, d: ShotDecision, state: GameState) -> list[str]:
    """The hint's words as the window says them."""
    loc = Locale(lang)
    return computer.shot_lines(loc, d, lambda b: ball_label(loc, b),
                               state.table.spec.balls.radius, state.table, hint=True)
