"""Pool at 800x500: a ball is 11 px across, and its number, painted on the
turning ball in a typeface, was a grey smudge (read only with Tab's tags).
Now a small pool ball's number is written upright in pixel digits, dark on
an ivory spot in the ball's middle (as on a real ball), the ball's colour
in sight round the spot (a stripe's number stands on its band instead);
at 1280x720 the numbers turn with the balls."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.table.render import NUMBER_INK
from tests.app.scenes import open_scene
from tests.app.test_express21_numbers import _centres, _disc, _ink_by_ball
from tests.app.test_pyramid54_numbers import GROUND_LUM, _picture_centre


def _lum(c: pygame.Color) -> float:
    return (c[0] + c[1] + c[2]) / 3


def _like(c: pygame.Color, colour: tuple[int, int, int]) -> bool:
    """The ball's own colour, lit or shaded (its direction in RGB)."""
    a, b = c[:3], colour
    na, nb = math.hypot(*a), math.hypot(*b)
    return na > 30 and sum(x * y for x, y in zip(a, b, strict=True)) / (na * nb) > 0.97


@pytest.mark.parametrize("game", ["8-ball", "9-ball", "14.1"])
def test_small_pool_numbers_are_dark_on_ivory(game: str) -> None:
    app = open_scene("table", game, "en", (800, 500))
    try:
        r, pts = _centres(app)
        assert r < 7, f"a ball {2 * r:.1f} px across"
        surf = app.screen
        s = app.session
        assert s is not None
        for b, ink in _ink_by_ball(surf, pts, r).items():
            if b in s.spec.balls.stripes:
                continue  # on its band's colour (test_balls58_stripes)
            assert ink, f"ball {b}: no number"
            ys = {y for _x, y in ink}
            assert max(ys) - min(ys) + 1 >= 5, f"ball {b}: {len(ys)} px high"
            cx, cy = _picture_centre(pts[b], r)
            far = max(math.dist((x + 0.5, y + 0.5), (cx, cy)) for x, y in ink)
            assert far <= r - 1, f"ball {b}: ink {far:.1f} px out (r {r:.1f})"
            inked = set(ink)
            around = [(x + dx, y + dy) for x, y in ink
                      for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
            dull = [p for p in around
                    if p not in inked
                    and math.dist((p[0] + 0.5, p[1] + 0.5), (cx, cy)) <= r - 1
                    and _lum(surf.get_at(p)) < GROUND_LUM]
            assert not dull, f"ball {b}: beside its digits {dull[:4]}"
            if b <= 7:  # a solid: its colour round the spot
                colour = s.spec.balls.colours[b]
                seen = sum(_like(surf.get_at(p), colour) for p in _disc(pts[b], r))
                assert seen >= 20, f"ball {b}: {seen} pixels of its colour"
    finally:
        pygame.display.quit()


def test_large_pool_numbers_turn_with_the_balls() -> None:
    """At 1280x720 no upright number: the ball's own painted one."""
    app = open_scene("table", "8-ball", "en", (1280, 720))
    try:
        r, _pts = _centres(app)
        assert r > 9
        px = pygame.surfarray.array3d(app.screen)
        assert not (px == NUMBER_INK).all(axis=2).any()
    finally:
        pygame.display.quit()
