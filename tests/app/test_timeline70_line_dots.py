"""The timeline drew a line crossed (the centre line, the head string) with
the same tick as a contact, and "," and "." pass line crossings by (they
step the contacts a referee follows): a teacher stepping through the
9-ball wrong ball saw two ticks skipped and took the keys for broken. A
line crossed is drawn as dots; a contact keeps its solid tick."""

from __future__ import annotations

import pygame
import pytest

from simulator.table.events import CENTRE_LINE, EventKind
from tests.app.helpers import make_app, open_gallery


def _column(surface: pygame.Surface, x: int, top: int, bottom: int
            ) -> list[tuple[int, int, int]]:
    return [tuple(surface.get_at((x, y)))[:3] for y in range(top, bottom)]


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_a_line_crossed_is_dotted_and_a_contact_a_solid_tick(
        size: tuple[int, int]) -> None:
    app = make_app("en", size)
    try:
        g = open_gallery(app, "gallery-nine-wrong-ball", to_foul=True)
        show = g.show
        assert show is not None
        geo = show.geometry
        bar = geo.bar
        marks = show.shown_marks()
        line = next(m for m in marks if m.kind is EventKind.LINE_CROSSED
                    and m.event.line == CENTRE_LINE and not m.foul)
        contact = next(m for m in marks if m.kind is EventKind.BALL_CUSHION
                       and not m.foul and abs(m.time - line.time) > 0.05)
        h = bar.height // 2 - 1
        hh = max(3, h * 2 // 3)  # (a contact's tick, but the first contact's)
        lit = {}
        for m in (line, contact):
            x = round(geo.x_of(m.time))
            # Above the bar's own line (its middle 3 px): the tick alone.
            reach = h if m is line else hh  # (the dots run the bar's height)
            col = _column(app.screen, x, bar.centery - reach, bar.centery - 2)
            lit[m.kind] = [c != (14, 18, 17) for c in col]
        # A solid tick is lit all along; the dots leave gaps.
        assert all(lit[EventKind.BALL_CUSHION]), lit
        # The dots leave gaps within their span; a tick is lit all along
        # from its first lit pixel to the bar.
        dots = lit[EventKind.LINE_CROSSED]
        assert any(dots), dots
        assert not all(dots[dots.index(True):]), dots
    finally:
        pygame.display.quit()
