"""The match in numbers at 800x500: a player whose whole name has no room
beside the figures is named there in short words («Анна К.»), a row per
player, not a line for the name and another for the figures; where the
short headings would shrink under the table's type, the figures go in two
parts, each under its own headings, when every name then sits beside them."""

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
def test_a_long_name_is_beside_its_figures_in_short_words(lang: str) -> None:
    """Express of three at 800x500: «Анна Каренина» is named «Анна К.» on
    the row of her figures (she took a line of her own over them)."""
    app = make_app(lang, (800, 500))
    try:
        _express_end(app, ["Анна Каренина", "cpu:club", "Борис"])
        d: Any = app.dialogs[-1]
        assert d.kind == "gameover"
        rows = _rows(d)
        anna = [r for r in rows if named(r[0], "Анна Каренина", "Анна К.")]
        assert anna and len(anna[0]) == len(d.table), (rows, d._names)
        shown = [t.shown for t in app.texts if d.rect.contains(t.rect)]
        assert anna[0][0] in shown
        assert not stats_card_problems(app), stats_card_problems(app)
    finally:
        pygame.display.quit()


def test_seven_figures_go_in_two_parts_under_headings_of_the_tables_type(
        ) -> None:
    """8-ball, a match conceded at 800x500: seven short headings took
    headings of 9 px over the figures; in two parts each keeps the table's
    heading type and both players sit beside their figures."""
    app = make_app("en", (800, 500))
    try:
        asked_to_concede_match(app, ["Анна Каренина", "Борис Годунов"], "8-ball",
                               {"race_to": 3})
        click_button(app, app.t("concede.match_yes"))
        frame(app, n=3)
        d: Any = app.dialogs[-1]
        assert d.kind == "gameover" and len(d.table) - 1 == 7
        assert d._head_size >= head_size(d._measure(d.rect).size), d._head_size
        assert len(d._heads) == 2
        rows = _rows(d)
        assert len(rows) == 4 and all(len(r) > 1 for r in rows), rows
        assert not stats_card_problems(app), stats_card_problems(app)
    finally:
        pygame.display.quit()
