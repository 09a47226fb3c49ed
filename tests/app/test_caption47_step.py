"""The caption under a replay's timeline follows "," and "." as the table
and the side column do: after a click on a mark the pointer stays on the
bar, and the caption said the clicked mark ("1,506 с · биток бьёт шар 2")
while the step stood at another ("0,974 с · шар 2 касается борта").
Driven through the window's loop with keys, read as drawn."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.replay.timeline import SAME_TIME, step_marks
from simulator.app.screens.gallery import GalleryPlayMode
from simulator.app.text import ui
from tests.app.helpers import (
    click,
    frame,
    key,
    make_app,
    open_gallery,
)


def caption(g: GalleryPlayMode) -> str:
    """The words drawn in the row under the timeline's bar (not its legend)."""
    geo = g.show.geometry
    assert geo is not None
    legend = {g.app.locale.t("table_card.contact_legend"),
              g.app.locale.t("timeline.line_legend")}
    rows = [r.text for r in ui.FRAME.texts
            if geo.rect.contains(r.rect) and r.rect.top >= geo.bar.bottom
            and r.text not in legend]
    assert len(rows) == 1, rows
    return rows[0]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_caption_follows_the_step_keys_after_a_click(lang: str) -> None:
    app = make_app(lang, (1280, 720))
    g = open_gallery(app, "gallery-no-rail", to_foul=True)
    show, geo = g.show, g.show.geometry
    assert geo is not None
    marks = show.marks.marks
    fouls = [m.time for m in marks if m.foul]
    # A mark stepped to from the one clicked, neither at a foul's time (a
    # foul's own words stand by its mark), each tick clear of the others.
    # Shift: the steps stop at every mark, the line crossings too.
    ms = step_marks(marks, every=True)

    def plain(i: int) -> bool:
        m = ms[i]
        return all(abs(m.time - f) >= SAME_TIME for f in fouls) and all(
            o is m or abs(geo.x_of(o.time) - geo.x_of(m.time)) > 12 for o in marks)

    i = next(i for i in range(len(ms) - 1, 0, -1) if plain(i) and plain(i - 1))
    clicked = ms[i]
    click(app, (round(geo.x_of(clicked.time)), geo.bar.centery))
    frame(app)
    assert show.selected is clicked
    said = f"{show.time_text(clicked.time)} · {show.labels_at(clicked)}"
    assert caption(g) == said
    for k, want in ((pygame.K_COMMA, ms[i - 1]), (pygame.K_PERIOD, clicked)):
        key(app, k, pygame.KMOD_SHIFT)
        ui.FRAME.texts.clear()
        frame(app)
        m = g.moment()
        assert m is want
        # The side column says this mark; the caption says the same.
        assert g.moment_words(m) in g.side_body
        assert caption(g) == f"{show.time_text(m.time)} · {show.labels_at(m)}"
    assert not app.errors
    pygame.display.quit()
