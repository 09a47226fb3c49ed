"""The match in numbers at 800x500, on the card over the table's area: each
player named on one line (in the side column «Анна Каренина» took a line
for the name and another for the figures, and seven short headings shrank
to 9 px); the headings in the table's type at least."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from simulator.app.text.stats_table import TAB, head_size
from tests.app.helpers import asked_to_concede_match, click_button, frame, make_app
from tests.app.stats_card import named, stats_card_problems
from tests.app.test_stats46_column import _express_end

LANGS = ["ru", "en"]


def _rows(d: Any) -> list[list[str]]:
    """The table's rows that name a player, split into cells."""
    return [r.split(TAB) for r in d._names if TAB in r]


@pytest.mark.parametrize("lang", LANGS)
def test_a_long_name_is_on_one_line(lang: str) -> None:
    """Express of three at 800x500: «Анна Каренина» is named on one line,
    over her column or on the row of her figures (she took a line of her
    own over them)."""
    app = make_app(lang, (800, 500))
    try:
        _express_end(app, ["Анна Каренина", "cpu:club", "Борис"])
        d: Any = app.dialogs[-1]
        assert d.kind == "gameover"
        rows = _rows(d)
        if rows:  # a row per player: hers holds her figures too
            anna = [r for r in rows if named(r[0], "Анна Каренина", "Анна К.")]
            assert anna and len(anna[0]) == len(d.table), (rows, d._names)
        shown = [t.shown for t in app.texts if d.rect.contains(t.rect)]
        assert "Анна Каренина" in shown, shown
        assert not stats_card_problems(app), stats_card_problems(app)
    finally:
        pygame.display.quit()


def test_seven_figures_keep_headings_of_the_tables_type() -> None:
    """8-ball, a match conceded at 800x500: seven short headings took
    headings of 9 px over the figures; now every heading keeps the table's
    type, each figure on the card unscrolled."""
    app = make_app("en", (800, 500))
    try:
        asked_to_concede_match(app, ["Анна Каренина", "Борис Годунов"], "8-ball",
                               {"race_to": 3})
        click_button(app, app.t("concede.match_yes"))
        frame(app, n=3)
        d: Any = app.dialogs[-1]
        assert d.kind == "gameover" and len(d.table) - 1 == 7
        assert d._head_size >= head_size(d._measure(d.rect).size), d._head_size
        assert d._head_size >= d._text_size(), d._head_size
        assert not d.cut
        assert not stats_card_problems(app), stats_card_problems(app)
    finally:
        pygame.display.quit()
