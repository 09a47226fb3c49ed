"""Play-test fixes (wave 37): the English rule reference kept whole when text
wraps; the hint read whole beside a ruling card; the quiz's Enter; the help's
pull cancel."""

from __future__ import annotations

import itertools
import re

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.shot_input import ShotInputMode
from simulator.app.text import fonts, ui
from tests.app.helpers import frame
from tests.app.scenes import LANGS
from tests.app.test_playfix6_match import side_words


def flat(text: str) -> str:
    return " ".join(text.split())

TEXT = ("Foul: the cue ball left the table (8-ball rule 13); the incoming player "
        "has ball in hand (general rules 6, 7) from game 3 on")


def test_english_rule_numbers_stay_with_their_word_when_wrapped(app: App) -> None:
    """At every narrow width, no wrapped line ends in "rule"/"rules"/"game"
    with its number starting the next line (the Russian «п. 13» is joined by
    NBSP in the words; English keeps plain spaces and wraps them whole)."""
    split = re.compile(r"(?:rules?|game)$")
    for wrap in (ui.wrap, fonts.wrap):
        for width in range(150, 420, 3):
            lines = wrap(TEXT, 14, width)
            assert " ".join(lines) == TEXT, (width, lines)
            for a, b in itertools.pairwise(lines):
                assert not (split.search(a) and b[:1].isdigit()), (wrap, width, a, b)
                assert not re.match(r"\d+\)", b), (wrap, width, a, b)


# -- the hint read whole beside an open ruling card ------------------------------

@pytest.mark.parametrize("size", [(800, 500), (1280, 720)], ids=("800x500", "1280x720"))
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["8-ball", "14.1"])
def test_the_hint_asked_for_is_read_whole_beside_the_ruling_card(
        game: str, lang: str, size: tuple[int, int]) -> None:
    """After a shot, its ruling card open, I asks for the hint: every line of
    its advice (the aim, the power, the spin) is drawn in the column, not
    only its first (800x500 showed «Цельтесь: 1, луза …» until H folded the
    card by hand); the card, folded to make room, says its key."""
    from tests.app.test_playfix18f import hint_shown
    app, _hint = hint_shown(game, lang, size)
    try:
        frame(app, n=4)  # (the room is found a step a frame)
        mode = app.mode
        assert isinstance(mode, ShotInputMode)
        said = flat(side_words(app))
        for line in mode.hint_lines():
            assert flat(line) in said, (line, said)
        if app.session is not None and app.session.banner is not None:
            # (the card's heading stays, and its fold key says how to open it)
            assert flat(app.session.banner.title)[:20] in said, said
        assert not app.errors
    finally:
        pygame.display.quit()

