"""The timeline's dots (a line crossed: the centre line, the head string,
which "," and "." stop at with the line's name) had no word in its legend
beside the contacts' numbered diamond: players took them for contacts or
for nothing. Where the bar has a line crossed, the legend shows the dots
and says what they are, in both languages; a shot that crosses no line
has no such entry."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.text.i18n import Locale
from simulator.table.events import EventKind
from tests.app.helpers import drawn_lines, key, make_app, open_gallery

DOT = (14, 18, 17)  # the timeline's ground


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_dots_are_named_in_the_legend(lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        g = open_gallery(app, "gallery-nine-wrong-ball", to_foul=True)
        assert any(m.kind is EventKind.LINE_CROSSED for m in g.show.shown_marks())
        words = Locale(lang).t("timeline.line_legend")
        if size[0] > 1000:  # (at the foul; at 800x500 its words take the row)
            assert words in drawn_lines(app, g.show.geometry.rect)
        key(app, pygame.K_COMMA)  # stepped back off the foul
        assert g.show.selected is not None and not g.show.selected.foul
        geo = g.show.geometry
        lines = drawn_lines(app, geo.rect)
        assert words in lines, lines
        assert Locale(lang).t("table_card.contact_legend") in lines
        # Its dots left of the words, as the bar draws them.
        row = pygame.Rect(geo.rect.left, geo.bar.bottom, geo.rect.width,
                          geo.rect.bottom - geo.bar.bottom)
        lit = {(x, y) for x in range(row.left, row.right)
               for y in range(row.top, row.bottom)
               if tuple(app.screen.get_at((x, y)))[:3] != DOT}
        assert lit
    finally:
        pygame.display.quit()


def test_a_shot_that_crosses_no_line_has_no_such_entry() -> None:
    app = make_app("en")
    try:
        g = open_gallery(app, "gallery-scratch", to_foul=True)
        crossed = any(m.kind is EventKind.LINE_CROSSED for m in g.show.shown_marks())
        lines = drawn_lines(app, g.show.geometry.rect)
        assert (Locale("en").t("timeline.line_legend") in lines) == crossed
    finally:
        pygame.display.quit()
