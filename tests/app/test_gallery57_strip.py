"""The foul gallery's strip: at a clip's end it said "Space: pause" where
Space plays the clip again; it says what Space does at each moment (as the
first button does). The long key list built for it was drawn nowhere (F1
lists the gallery's keys): the strip has one row of keys."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import (
    drawn_words,
    frame,
    key,
    run_until,
)
from tests.app.test_gallery54 import SIZES, no_rail


@pytest.mark.parametrize(("lang", "size"), SIZES)
def test_the_strip_says_what_space_does(lang: str, size: tuple[int, int]) -> None:
    """Playing, Space pauses; paused before the first event (the strip
    says no event there, its keys instead), Space goes on; at the clip's
    end it plays the clip again."""
    g = no_rail(lang, size)
    app = g.app
    t = app.t
    space = t("gallery.key_space")

    def says(what: str) -> str:
        return f"{space}: {t('gallery.space_does.' + what)}"

    try:
        pb = g.player.playback

        def said() -> str:
            frame(app)
            return drawn_words(app, g.layout.strip, shown=True)

        words = said()
        assert says("pause") in words, words
        key(app, pygame.K_SPACE)
        assert pb.paused and pb.time < g.show.marks.marks[0].time
        words = said()
        assert says("continue") in words and says("pause") not in words, words
        key(app, pygame.K_SPACE)
        run_until(app, lambda: pb.at_end, limit=3600)
        frame(app)
        assert says("replay") in g.short_hint()
        assert says("pause") not in g.short_hint()
        assert says("pause") not in said()
        key(app, pygame.K_SPACE)  # played again
        assert says("pause") in said()
        assert not app.errors
    finally:
        pygame.display.quit()


def test_the_gallery_builds_no_key_list_it_never_draws() -> None:
    g = no_rail("en")
    app = g.app
    try:
        assert g.hint() == g.short_hint()
        assert not app.locale.has("gallery.hint")
    finally:
        pygame.display.quit()
