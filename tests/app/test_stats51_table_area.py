"""The match in numbers over the table's area: in the side column its
table was cramped under a legend of seven lines while the table beside it
stood empty, eight seats of Express scrolled, and a conceded 8-ball match
in Russian had headings of 9 px over figures of 13."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.text.stats_table import TAB
from tests.app.helpers import asked_to_concede_match, concede_match, make_app
from tests.app.stats_card import stats_card_problems
from tests.app.test_stats46_column import _express_end

SIZES = [(1280, 720), (800, 500)]
LANGS = ["ru", "en"]
EIGHT = ["Анна Каренина", "cpu:club", "Борис", "cpu:strong", "Игрок 5",
         "Александра Константинопольская", "cpu:pro", "Вера"]


def _table_drawn(app: App, d: Any) -> list[Any]:
    """The lines drawn of the table: its headings, names, labels, figures."""
    cells = {c for row in (*d._heads, *d._names) for c in row.split(TAB) if c}
    cells |= {c for row in d.table for c in row if c}
    # (a button's key cap "1" is no figure of the table)
    return [t for t in app.texts if d.rect.contains(t.rect) and t.text in cells
            and not any(b.rect.contains(t.rect) for b in app.buttons)]


def _conceded_8ball(lang: str, size: tuple[int, int]) -> tuple[App, Any]:
    app = make_app(lang, size)
    asked_to_concede_match(app, ["Анна Каренина", "Борис Годунов"], "8-ball",
                           {"race_to": 3})
    return app, concede_match(app, asked=True)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_table_of_a_conceded_match_is_laid_over_the_table_area(
        lang: str, size: tuple[int, int]) -> None:
    """The statistics' rectangle (every line of the table drawn) lies in
    the table's area, left of the side column, wider than the column; the
    figures' meanings in their own headings or labels, no legend; nothing
    cut or out of its cell; nothing to scroll."""
    app, d = _conceded_8ball(lang, size)
    try:
        layout: Any = app.mode.layout  # type: ignore[union-attr]
        drawn = _table_drawn(app, d)
        box = drawn[0].rect.unionall([t.rect for t in drawn])
        assert box.right <= layout.side.left, (box, layout.side)
        assert box.clip(layout.table) == box, (box, layout.table)
        assert box.width > layout.side.width, (box.width, layout.side.width)
        assert not d._legend, d._legend
        assert not stats_card_problems(app), stats_card_problems(app)
        assert not d.cut
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_eight_express_seats_fit_the_card_without_scrolling(
        lang: str, size: tuple[int, int]) -> None:
    """Eight seats of Express: every seat's row and figure on the card, no
    "more below" (at 800x500 the card takes the window's width too), each
    figure under its heading in full, no legend."""
    app = make_app(lang, size)
    try:
        _express_end(app, EIGHT)
        d: Any = app.dialogs[-1]
        assert d.kind == "gameover"
        assert not d.cut and d.scroll == 0
        assert not stats_card_problems(app), stats_card_problems(app)
        assert not d._legend, d._legend
        shown = [t.text for t in app.texts if d.rect.contains(t.rect)]
        for label in (r[0] for r in d.table[1:]):
            assert label in shown, (label, shown)
        layout: Any = app.mode.layout  # type: ignore[union-attr]
        if size == (1280, 720):  # the table's area alone has the room
            assert d.rect.right <= layout.side.left, (d.rect, layout.side)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_headings_are_no_smaller_than_the_figures(
        lang: str, size: tuple[int, int]) -> None:
    """A conceded 8-ball match (seven figures): every heading and name drawn
    in the table's type at least, measured from what was drawn."""
    app, d = _conceded_8ball(lang, size)
    try:
        drawn = _table_drawn(app, d)
        figures = [t.size for t in drawn if t.text.isdigit()]
        assert figures and len(set(figures)) == 1, figures
        heads = [t for t in drawn if not t.text.isdigit() and
                 any(t.text in h.split(TAB) for h in d._heads)]
        assert heads, d._heads
        small = [(t.text, t.size) for t in drawn if t.size < figures[0]]
        assert not small, (small, figures[0])
    finally:
        pygame.display.quit()
