"""At 800x500 a pool ball is 11 px across and its number was 3x5 pixels,
under half the ball's height: a 3 was read as a 9. A solid's digit is as
tall as its ivory spot in the ball allows (the ball's colour still round
it); the 9, on a stripe's band that must leave its white caps in sight,
is as wide as it is high. Read on the drawn rack."""

from __future__ import annotations

import pygame
import pytest

from tests.app.scenes import open_scene
from tests.app.test_express21_numbers import _centres, _ink_by_ball

SOLID_HIGH = 0.6  # of the ball's diameter: a solid's digit at least this high
STRIPE_SIDE = 0.44  # ... the 9's, on its band, this high and this wide
UNLIKE = 6  # pixels by which any two of 3, 8 and 9 differ at least


def _pattern(ink: list[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    """The digit's pixels from its box's middle (rounded down)."""
    xs = [x for x, _y in ink]
    ys = [y for _x, y in ink]
    mx, my = (min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2
    return frozenset((x - mx, y - my) for x, y in ink)


@pytest.mark.parametrize("game", ["8-ball", "9-ball"])
def test_small_digits_fill_the_ball_and_differ(game: str) -> None:
    app = open_scene("table", game, "en", (800, 500))
    try:
        r, pts = _centres(app)
        assert r < 7, f"a ball {2 * r:.1f} px across"
        s = app.session
        assert s is not None
        ink = _ink_by_ball(app.screen, pts, r)
        for b in range(1, 10):
            xs = {x for x, _y in ink[b]}
            ys = {y for _x, y in ink[b]}
            wide = (max(xs) - min(xs) + 1) / (2 * r)
            high = (max(ys) - min(ys) + 1) / (2 * r)
            if b in s.spec.balls.stripes:
                assert min(wide, high) >= STRIPE_SIDE, (b, wide, high)
            else:
                assert high >= SOLID_HIGH, (b, high)
        shapes = {b: _pattern(ink[b]) for b in (3, 8, 9)}
        for a, b in ((3, 8), (3, 9), (8, 9)):
            apart = len(shapes[a] ^ shapes[b])
            assert apart >= UNLIKE, (a, b, apart)
    finally:
        pygame.display.quit()
