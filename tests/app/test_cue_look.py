"""The stick as a player sees it: a round stick (a light stripe along it,
darker at its edges) with its shadow on the cloth (play-test: the stick
was one flat colour and cast nothing)."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.table.render import draw_cue
from tests.app.test_table_look import _table

SIZES = ((800, 500), (1280, 720))


def _lum(surface: pygame.Surface, p: tuple[float, float]) -> int:
    return sum(tuple(surface.get_at((round(p[0]), round(p[1]))))[:3])


@pytest.mark.parametrize("size", SIZES, ids=("800x500", "1280x720"))
def test_the_stick_is_round_and_casts_a_shadow(size: tuple[int, int]) -> None:
    try:
        table, view, spec = _table("9-ball", None, size)
        cue, angle = (1.6, 0.5), 30.0
        drawn = table.copy()
        draw_cue(drawn, view, cue, angle, 0.02)
        a = math.radians(angle)
        dx, dy = math.cos(a), math.sin(a)
        # Across the shaft a third of the way down the stick: a stripe
        # brighter than the wood's own colour (the flat stick's brightest),
        # and edges darker than it.
        d = spec.balls.radius + 0.02 + 0.5
        wood = sum((226, 196, 142))
        px = 1.0 / view.scale
        across = [_lum(drawn, view.to_screen(cue[0] - dx * d - dy * k * px,
                                             cue[1] - dy * d + dx * k * px))
                  for k in [i * 0.25 for i in range(-24, 25)]]
        stick = [v for v in across if v > 250]  # the wood, not the cloth
        assert max(stick) > wood + 50, across
        assert min(stick) < wood - 80, across
        # Its shadow: cloth beside the stick, away from the lamps, darker
        # than the same cloth without the stick; none of it on the lamp side.
        darker = 0
        for t in range(10, 60):
            dist = spec.balls.radius + 0.02 + t * 0.02
            x, y = cue[0] - dx * dist, cue[1] - dy * dist
            for sgn in (-1.0, 1.0):
                p = view.to_screen_i(x - dy * sgn * 0.02, y + dx * sgn * 0.02)
                if not view.bed_rect().collidepoint(p):
                    continue
                if _lum(table, p) - _lum(drawn, p) > 15:
                    darker += 1
        assert darker >= 8, darker
    finally:
        pygame.display.quit()
