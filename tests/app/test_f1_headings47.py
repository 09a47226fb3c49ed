"""F1 at the table: no page of the help shows one heading twice (the aiming
keys ran on into the second column under «Прицел» again, though what went on
there was the cue tip, the calls and the hint)."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.screens.backdrop import title_bottom
from tests.app.helpers import after_the_break, frame, key, make_app

LANGS = ("ru", "en")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)],
                         ids=("1280x720", "1920x1080"))
@pytest.mark.parametrize("lang", LANGS)
def test_help_page_headings_all_differ(lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        after_the_break(app, ["Anna", "Boris"], "14.1", {"target": 50}, seed=3)
        app.go("match")
        frame(app)
        key(app, pygame.K_F1)
        frame(app, n=2)
        mode = app.mode
        assert mode is not None and mode.name == "help"
        w, h = app.size  # the pages as drawn (HelpMode.draw's room)
        top = title_bottom((w, h), mode.title()) + 12
        _size, pages = mode.paged(h - 56 - top, (w - 72) // 2)
        assert mode.pages == len(pages)
        for page in pages:
            heads = [head for col in page for head, _rows in col]
            assert len(heads) == len(set(heads)), heads
        # The tip's keys under a heading of their own, shown on page 1.
        shown = " ".join(r.text for r in app.texts)
        assert app.t("help.head_cue") in shown and app.t("help.head_aiming") in shown
        assert not app.errors
    finally:
        pygame.display.quit()
