"""The rating chart's 95% band, which its title names, is drawn: after one
match a play-tester saw the title and the point but no band."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.screens.club.draw import chart

PANEL = (18, 30, 25)


def _shaded_rows(surface: pygame.Surface, x: int, rect: pygame.Rect) -> int:
    """Rows of column ``x`` inside the plot lighter than the chart's panel."""
    rows = 0
    for y in range(rect.top + 10, rect.bottom - 30):
        c = surface.get_at((x, y))
        if c.r > PANEL[0] + 25:
            rows += 1
    return rows


@pytest.mark.parametrize("points", [[(520.0, 150.0)],
                                    [(500.0, 200.0), (540.0, 150.0)]],
                         ids=["one match", "two matches"])
def test_the_band_is_drawn_as_wide_as_its_margin(points: list[tuple[float, float]]
                                                 ) -> None:
    pygame.init()
    surface = pygame.Surface((400, 300))
    rect = pygame.Rect(0, 0, 400, 300)
    chart(surface, rect, points, 14, "no rating")
    # (the one match stands mid-plot, right of the values' labels)
    wide = max(_shaded_rows(surface, x, rect) for x in range(150, 260, 3))
    # The same ratings with no margin: only the line and the marks.
    thin = pygame.Surface((400, 300))
    chart(thin, rect, [(v, 0.0) for v, _m in points], 14, "no rating")
    narrow = max(_shaded_rows(thin, x, rect) for x in range(150, 260, 3))
    assert wide > narrow + 40, (wide, narrow)
