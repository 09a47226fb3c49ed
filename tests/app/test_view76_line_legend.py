"""The timeline's dots (a line crossed: the centre line, the head string,
which "," and "." stop at with the line's name) had no word in its legend
beside the contacts' numbered diamond: players took them for contacts or
for nothing. Where the bar has a line crossed, the legend shows the dots
and says what they are, in both languages; a shot that crosses no line
has no such entry."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.replay.timeline import mark_label
from simulator.app.text.i18n import Locale
from simulator.table.events import EventKind
from tests.app.helpers import drawn_lines, key, make_app, open_gallery, run_until

DOT = (14, 18, 17)  # the timeline's ground


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_dots_are_named_in_the_legend(lang: str, size: tuple[int, int]) -> None:
    """Named while the clip plays (the words under the bar say only the
    hint); where a mark is stood on, its words are said whole first and the
    legend stands beside them only if both fit."""
    app = make_app(lang, size)
    try:
        g = open_gallery(app, "gallery-nine-wrong-ball")
        show = g.show
        assert any(m.kind is EventKind.LINE_CROSSED for m in show.shown_marks())
        words = Locale(lang).t("timeline.line_legend")
        run_until(app, lambda: show.playback.time > 0.0 and not show.playback.paused
                  and show.near_mark() is None)
        geo = show.geometry
        lines = drawn_lines(app, geo.rect)
        if (lang, size) == ("ru", (800, 500)):
            # (the Russian keys' hint fills the narrow row: it stays whole,
            # the legend is left out)
            assert words not in lines and any("N/P" in ln for ln in lines), lines
            return
        assert words in lines, lines
        assert Locale(lang).t("table_card.contact_legend") in lines
        # Its dots left of the words, as the bar draws them.
        row = pygame.Rect(geo.rect.left, geo.bar.bottom, geo.rect.width,
                          geo.rect.bottom - geo.bar.bottom)
        lit = {(x, y) for x in range(row.left, row.right)
               for y in range(row.top, row.bottom)
               if tuple(app.screen.get_at((x, y)))[:3] != DOT}
        assert lit
        run_until(app, lambda: any(m.foul for m in show.marks.marks
                                   if show.near_mark() is m))
        key(app, pygame.K_COMMA)  # stepped back off the foul
        m = show.selected
        assert m is not None and not m.foul
        lines = drawn_lines(app, show.geometry.rect)
        label = mark_label(app.locale, show.spec, m)
        assert any(label in ln for ln in lines), (label, lines)
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
