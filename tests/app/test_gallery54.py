"""The foul gallery: no status chips of its own (its strip draws the
timeline, the chips were drawn nowhere)."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.screens.gallery import QUIET_RATE
from simulator.app.text import ui
from tests.app.helpers import frame, make_app, open_gallery


def drawn(where: pygame.Rect) -> str:
    """The words the last frame drew inside ``where``, line after line."""
    return " ".join(r.shown for r in ui.FRAME.texts if where.contains(r.rect))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_gallery_keeps_no_chips_it_never_draws(lang: str) -> None:
    """What the chips said is drawn elsewhere: the speed in the side text,
    the ×4 in the strip, the foul in the side text and on the timeline."""
    app = make_app(lang)
    try:
        g = open_gallery(app, "gallery-no-rail")
        t = app.t
        strip_words = t("gallery.quiet", rate=f"{QUIET_RATE:g}")
        quiet_seen = False
        while not g.at_foul:
            frame(app)
            assert g.chips() == []
            assert "1/4" in drawn(g.layout.side)
            if g.quiet_rate() > 1.0:
                quiet_seen = True
                assert strip_words in drawn(g.layout.strip)
            assert app.frames < 60 * 30
        assert quiet_seen
        frame(app)
        assert g.chips() == []
        assert t("gallery.entry_at_foul", n=g.index + 1, of=len(g.all)) \
            in drawn(g.layout.side)
        assert not app.errors
    finally:
        pygame.display.quit()
