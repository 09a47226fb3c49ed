"""Found in play in the practice screens: the foul gallery's explanation cut
at 800x500 and its contact numbers piled on the balls; the quiz's "which
rule was broken?" after a right "no foul"; a situation played by the player
half called (the only ball of the group called for them, the pocket never)
and its topic's rule read as the ruling's."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.gallery import GalleryPlayMode
from simulator.app.table.view import TableView
from tests.app.helpers import frame, gallery_index, key, make_app, run_until
from tests.app.scenes import LANGS

LOW = (800, 500)


# -- 1. the foul gallery at 800x500 --------------------------------------------

def _contact_diamonds(app: App, view: TableView) -> list[tuple[str, pygame.Rect]]:
    table = view.outer_rect()
    return [(n, r) for n, r in app.panels if n.startswith("contact:")
            and table.contains(r)]


def _unreadable(app: App, g: GalleryPlayMode) -> list[object]:
    """Contact numbers covered by another's diamond or drawn over a ball."""
    view = g.view
    marks = _contact_diamonds(app, view)
    out: list[object] = []
    for i, (n, a) in enumerate(marks):
        for m, b in marks[i + 1:]:
            # Diamonds overlap when their centres are closer than their half
            # diagonals, summing the two axes.
            if abs(a.centerx - b.centerx) + abs(a.centery - b.centery) < \
                    (a.width + b.width) / 2 - 1:
                out.append((n, m))
        for ball, (x, y, _r) in g.ball_positions().items():
            bx, by = view.to_screen(x, y)
            if math.hypot(a.centerx - bx, a.centery - by) < \
                    view.ball_px + a.width / 2 * 0.7 - 1:
                out.append((n, "ball", ball))
    return out


def _at_the_foul(lang: str, entry: str) -> tuple[App, GalleryPlayMode]:
    app = make_app(lang, LOW)
    g = GalleryPlayMode(app, gallery_index(entry))
    app.switch(g)
    run_until(app, lambda: g.at_foul, limit=3600)
    frame(app, n=2)
    return app, g


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("entry", ["gallery-double-hit", "gallery-frozen-cushion"])
def test_the_gallery_explains_the_foul_whole_at_800x500(lang: str, entry: str) -> None:
    """Stopped at its foul at 800x500, the whole explanation is in the side
    column, down to its last word (it was cut: "3 more below"); every
    button stays whole in the column."""
    app, g = _at_the_foul(lang, entry)
    try:
        assert g.body_hidden == 0 and g.body_scroll == 0
        box = g.body_rect
        assert box is not None
        said = " ".join(t.shown for t in app.texts if box.contains(t.rect))
        last = g.entry.scenario.explanation.get(lang).split()[-1]
        assert said.rstrip().endswith(last), said
        side = app.layout.side
        assert all(side.contains(b.rect) for b in g.side_btns)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("entry", ["gallery-frozen-cushion", "gallery-eight-early",
                                   "gallery-straight-opening-break"])
def test_the_contact_numbers_are_clear_of_each_other_and_the_balls(
        lang: str, entry: str) -> None:
    """Contacts a few millimetres and milliseconds apart (a ball frozen to
    the cushion, the rack struck) had their numbered diamonds on each other
    and on the balls at 800x500: at the foul and at the stroke's end each
    number is clear of the other diamonds and of every ball."""
    app, g = _at_the_foul(lang, entry)
    try:
        assert len(_contact_diamonds(app, g.view)) >= 2
        assert not _unreadable(app, g)
        key(app, pygame.K_SPACE)  # play on after the foul
        run_until(app, lambda: g.player.playback.at_end, limit=6000)
        frame(app, n=2)
        assert not _unreadable(app, g)
    finally:
        pygame.display.quit()
