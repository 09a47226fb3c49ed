"""F1's pages never show one heading twice: a section going on in the next
column of its page goes on under no heading, and the cue tip, calls and
hint have a heading of their own."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import frame, key, make_app, open_help_from_menu
from tests.app.scenes import LANGS


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)], ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_no_help_page_shows_a_heading_twice(lang: str, size: tuple[int, int]) -> None:
    """F1 from the menu turned with PgDn: on no page is a section's heading
    drawn twice (page 1 showed «Прицел» / "Aiming" over both its columns),
    and every heading is shown on some page."""
    from simulator.app.screens.help import SECTIONS
    app = make_app(lang, size)
    try:
        mode = open_help_from_menu(app)
        heads = {app.t(f"help.head_{k}") for k in SECTIONS}
        assert len(heads) == len(SECTIONS)
        seen: set[str] = set()
        for page in range(mode.pages):  # type: ignore[attr-defined]
            assert mode.page == page  # type: ignore[attr-defined]
            shown = [t.text for t in app.texts if t.text in heads]
            assert len(shown) == len(set(shown)), (page, shown)
            seen.update(shown)
            key(app, pygame.K_PAGEDOWN)
            frame(app)
        assert seen == heads, heads - seen
    finally:
        pygame.display.quit()
