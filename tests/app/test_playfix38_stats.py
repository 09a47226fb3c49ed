"""The match in numbers: both names on one header row over their columns,
each row label on one line, a name shortened only where it truly does not
fit (names a line each, set askew, read badly); where the side column has
no room for that, a row per player, each name whole on a line."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from simulator.app.dialogs.base import fonts_width_bold
from tests.app.helpers import (
    asked_to_concede_match,
    concede_match,
    make_app,
)
from tests.app.stats_card import stats_card_problems
from tests.app.test_playfix19d import _header_overlaps, _in_card


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("names", [["Александра Константинопольская", "cpu:club"],
                                   ["Борис Годунов", "Александра Константинопольская"],
                                   ["Anna", "Boris"]])
def test_the_statistics_names_stand_on_one_row_over_one_line_labels(
        lang: str, size: tuple[int, int], names: list[str]) -> None:
    """A conceded match's card: the two names on the same line, each over
    its own column, neither running into the other nor over the labels;
    every label drawn whole on one line (no «побед за / столом»); a name
    shown shorter than the scoreboard's only where the full one is wider
    than its column."""
    app = make_app(lang, size)
    try:
        asked_to_concede_match(app, names, "9-ball", {"race_to": 3})
        d: Any = concede_match(app, asked=True)
        assert not stats_card_problems(app), stats_card_problems(app)
        if d._legend:  # a row per player: each name on a line of its own
            return
        shown = d.table[0][1:]
        heads = [t for t in _in_card(app) if t.text in shown]
        assert len(heads) == 2, [t.text for t in app.texts]
        assert heads[0].rect.top == heads[1].rect.top, [(t.text, t.rect) for t in heads]
        assert not [t.text for t in heads if t.cut], heads
        assert not _header_overlaps(app), _header_overlaps(app)
        # Every label whole on a line of its own, a figure beside it.
        labels = [r[0] for r in d.table[1:]]
        drawn = {t.text: t for t in app.texts if d.rect.contains(t.rect)}
        for label in labels:
            assert label in drawn and not drawn[label].cut, (label, sorted(drawn))
        # A name shortened only where the full one does not fit its column.
        full = d._full_head[1:]
        first, edges = d._edges(d.rect.width - 20, 13)
        lefts = [first, *edges[:-1]]
        for k, (was, now) in enumerate(zip(full, shown, strict=True)):
            if was != now:
                column = edges[k] - lefts[k]
                assert fonts_width_bold(was, d._head_size) > column, (was, column)
    finally:
        pygame.display.quit()
