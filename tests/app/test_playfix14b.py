"""Found in play: F1's help filled its first page to the brim and left a
quarter of the second; the "N more below" notes counted wrapped rows as if
they were items; the gallery's export notice pushed its explanation out of
an 800x500 window, and Russian explanations needed scrolling there."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import frame, key, make_app
from tests.app.scenes import LANGS, SIZES


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_every_help_page_is_at_least_half_full_and_nothing_is_cut(
        lang: str, size: tuple[int, int]) -> None:
    """F1 from the menu, turned page by page (PgDn): every page, the last
    too, holds text rows over at least half of its two columns' room (the
    English second page at 1280x720 held a third of it, its first crammed),
    no line is cut or drawn outside the page, and every key and every word
    of what it does is on some page, at 13 px or more."""
    from simulator.app.screens.help import MIN_SIZE, SECTIONS, SEP
    app = make_app(lang, size)
    try:
        app.go("menu")
        frame(app)
        key(app, pygame.K_F1)
        frame(app)
        mode = app.mode
        assert mode is not None and mode.name == "help"
        w, h = size
        top = int(h * 0.06) + max(28, h // 11) + 16
        bottom = h - 56
        fills, words = [], []
        for page in range(mode.pages):  # type: ignore[attr-defined]
            assert mode.page == page  # type: ignore[attr-defined]
            body = [t for t in app.texts if t.rect.top >= top - 4 and
                    t.rect.bottom <= bottom + 4]
            assert not [t.text for t in body if t.cut]
            assert all(t.rect.left >= 0 and t.rect.right <= w and t.size >= MIN_SIZE
                       for t in body)
            # Rows drawn in each column, as the room they take.
            lh = max(t.rect.height for t in body)
            rows = [len({t.rect.top // (lh // 2 + 1) for t in body
                         if (t.rect.left < w // 2) == (c == 0)}) for c in (0, 1)]
            fills.append(sum(rows) * lh / (2 * (bottom - top)))
            words += " ".join(t.text for t in body).split()
            key(app, pygame.K_PAGEDOWN)
            frame(app)
        assert min(fills) >= 0.5, [round(f, 2) for f in fills]
        for sec in SECTIONS:
            for line in app.t(f"help.{sec}").split("\n"):
                for word in line.replace(SEP, " ").split():
                    assert word in words, (word, line)
    finally:
        pygame.display.quit()
