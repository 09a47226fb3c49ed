"""The foul gallery laid its buttons out in a column for a clip with a
short explanation and two a row for a long one: from foul 2 to foul 17
"Next" moved, and a teacher clicking through the gallery clicked beside
it. The buttons stand in the same places for every clip."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import frame, make_app, open_gallery

SIZES = [(1280, 720), (1100, 650), (800, 500)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_gallery_buttons_stand_still_from_clip_to_clip(
        lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        places: dict[str, set[tuple[int, int, int]]] = {}
        for clip in (1, 16, 17, 0):  # a short explanation, two long ones
            for at_foul in (False, True):
                g = open_gallery(app, clip, to_foul=at_foul)
                frame(app, n=2)
                for b in g.side_btns:
                    # (the first row's words change, Pause to Continue, and
                    # its height with them: its foot stays, as every
                    # button's place)
                    r = b.rect
                    places.setdefault(b.ident, set()).add(
                        (r.left, r.bottom, r.width))
        moved = {k: v for k, v in places.items() if len(v) > 1}
        assert not moved, moved
        assert "next" in places
    finally:
        pygame.display.quit()
