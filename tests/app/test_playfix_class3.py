"""Defects of an instructor's evening found in play, each driven through the
window's own event loop with the keys and clicks a person uses: the help's
page counter, plurals of counts, the timeline's steps, the editor's saved
position in Practice, the export's caption, and a quiz that gives nothing
away before the answer."""

from __future__ import annotations

import re

import pygame
import pytest

from tests.app.helpers import frame, key, make_app

SIZES = [(1280, 720), (800, 500)]
COUNTER = re.compile(r"(\d+) (?:of|из) (\d+)")


def drawn(app: object) -> str:
    return " ".join(r.text for r in app.texts)  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_help_counts_its_pages_right(lang: str, size: tuple[int, int]) -> None:
    """F1 from the menu, then PgDn to the last page: every page says which it
    is of how many, never a page past the last ("page 3 of 2" was the next
    button's label on the last page)."""
    app = make_app(lang, size)
    app.go("menu")
    frame(app)
    try:
        key(app, pygame.K_F1)
        mode = app.mode
        assert mode is not None and mode.name == "help"
        for page in range(6):
            frame(app)
            n = mode.pages  # type: ignore[attr-defined]
            title = getattr(mode, "title", lambda: "")()  # the backdrop's heading
            shown = [(int(a), int(b)) for a, b in COUNTER.findall(
                f"{drawn(app)} {title}")]
            for a, b in shown:
                assert a <= b == n, f"page {a} of {b}, {n} pages"
            if n > 1:
                assert (page + 1, n) in shown, (page, shown)
            if page + 1 >= n:
                break
            key(app, pygame.K_PAGEDOWN)
        if size == (800, 500):
            assert mode.pages > 1  # type: ignore[attr-defined]
    finally:
        pygame.display.quit()
