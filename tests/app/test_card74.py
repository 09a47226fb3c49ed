"""The side column's cards as a person at a real window read them: the ruling
card marks its ruling (who is next and from where, the choices) apart from
the fouls above it; the Russian timeline caption at 800x500 says whole
events, never half a word, and still names the event under the pointer;
the Russian "take the hint" button keeps its words on one line."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.text.ui import ACCENT as RULING_INK  # (the ruling's colour)
from tests.app.scenes import LANGS, SIZES, open_scene


def _inked(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]
           ) -> int:
    """How many pixels of ``rect`` are (nearly) ``colour``: the glyphs' cores
    of a line drawn in it."""
    n = 0
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            c = surface.get_at((x, y))
            n += all(abs(c[k] - colour[k]) <= 12 for k in range(3))
    return n


# -- 1. the ruling line marked ---------------------------------------------------------

@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_ruling_line_is_marked_apart_from_the_fouls(
        lang: str, size: tuple[int, int]) -> None:
    """8-ball: the cue ball struck with something other than the tip (a
    foul, general rule 3); the referee rules ball in hand for the opponent
    (general rule 3 with 8-ball's ball in hand anywhere). The card's line
    saying so stands on a band with a bar at its left, in its own colour;
    the foul's bulleted line above it has neither."""
    app = open_scene("banner", "8-ball", lang, size)
    try:
        s, mode = app.session, app.mode
        assert s is not None and s.banner is not None and mode is not None
        card = mode.banner_rect  # type: ignore[attr-defined]
        assert card is not None
        ruling = s.banner.next[0]
        rows = [t for t in app.texts if card.contains(t.rect)]
        said = [t for t in rows if t.text.strip() and " ".join(t.text.split()) in
                " ".join(ruling.split())]
        fouls = [t for t in rows if t.text.startswith("• ")]
        assert said and fouls, [t.text for t in rows]
        marks = mode.ruling_marks  # type: ignore[attr-defined]
        assert marks, "no line of the card is marked as the ruling"
        for t in said:
            assert any(m.contains(t.rect) for m in marks), (t.text, marks)
        for t in fouls:
            assert not any(m.colliderect(t.rect) for m in marks), (t.text, marks)
        screen = app.screen
        for m in marks:  # the bar at the band's left
            assert tuple(screen.get_at((m.left + 1, m.centery)))[:3] == RULING_INK
        foul = fouls[0]
        assert tuple(screen.get_at((marks[0].left + 1, foul.rect.centery)))[:3] \
            != RULING_INK
        # The ruling's words in the ruling's colour, the foul's not.
        assert _inked(screen, said[0].rect, RULING_INK) > 10
        assert _inked(screen, foul.rect, RULING_INK) == 0
    finally:
        pygame.display.quit()
