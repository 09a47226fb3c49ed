"""Play-test fixes (wave 37): the English rule reference kept whole when text
wraps; the hint read whole beside a ruling card; the quiz's Enter; the help's
pull cancel."""

from __future__ import annotations

import itertools
import re

from simulator.app.loop.app import App
from simulator.app.text import fonts, ui

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
