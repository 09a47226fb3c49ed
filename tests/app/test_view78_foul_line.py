"""A 9-ball break on the 3 (the gallery's «Разбитие: единица не первой»,
9-ball rule 3) and a shot on the 5 before the 1 (rule 7): held at the
foul, the words under the timeline said the foul and its rule, the time
and the first contact the foul is about dropped at 800x500 (at the
break's, everywhere: every rack contact at its moment was said before
it); at 1280x720 the foul's red box touched the legend's diamond. The
time, the first contact and the foul with its rule are said whole, the
legends beside them where they fit, a gap between."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.replay.timeline import LEGEND_GAP, mark_label
from simulator.app.text.i18n import Locale
from tests.app.helpers import drawn_lines, make_app, open_gallery

GROUND = (14, 18, 17)
RED = (110, 30, 26)


@pytest.mark.parametrize("clip", ["gallery-nine-break-not-one",
                                  "gallery-nine-wrong-ball"])
@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_foul_says_the_time_the_first_contact_and_the_rule(
        lang: str, size: tuple[int, int], clip: str) -> None:
    app = make_app(lang, size)
    loc = Locale(lang)
    try:
        g = open_gallery(app, clip, to_foul=True)
        show = g.show
        at = show.near_mark()
        assert at is not None and at.foul
        first = next(m for m in show.marks_together(at) if m.first_contact)
        texts = show.fouls[at.event_index]
        geo = show.geometry
        shown = drawn_lines(app, geo.rect, shown=True)
        said = [s for s in shown if show.time_text(at.time) in s]
        assert said, shown
        line = said[0]
        assert mark_label(loc, show.spec, first) in line, shown
        assert texts[2] in line and line.endswith(")"), shown  # the rule, whole
        assert "…" not in line
        if size == (1280, 720):
            # Room for all: the foul's own words and both legends.
            assert texts[0] in line
            assert loc.t("timeline.line_legend") in shown
            assert loc.t("table_card.contact_legend") in shown
        # The red box clear of whatever is drawn right of it.
        row = pygame.Rect(geo.rect.left, geo.bar.bottom + 2, geo.rect.width,
                          geo.rect.bottom - geo.bar.bottom - 2)
        px = app.screen.get_at
        red = [x for x in range(row.left, row.right)
               if tuple(px((x, row.centery)))[:3] == RED]
        assert red
        right = max(red)
        beyond = [x for x in range(right + 1, row.right)
                  for y in range(row.top, row.bottom)
                  if tuple(px((x, y)))[:3] != GROUND]
        if beyond:
            assert min(beyond) - right >= LEGEND_GAP // 2, (right, min(beyond))
    finally:
        pygame.display.quit()
