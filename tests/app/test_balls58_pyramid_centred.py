"""Express at 800x500: a pyramid ball is 9.8 px across, drawn in a 12 px
picture, and its 7 px wide number could not be centred in it: "10"-"15"
stood half a pixel off the ball's middle, onto its rim. A small ball's
picture is odd-sized now: every number is centred on the ball, each ink
pixel half a pixel inside the ball's circle."""

from __future__ import annotations

import math

import pygame
import pytest

from tests.app.scenes import open_scene
from tests.app.test_express21_numbers import _centres, _ink_by_ball
from tests.app.test_pyramid54_numbers import _picture_centre


@pytest.mark.parametrize("size", [(800, 500), (1024, 600)])
def test_rack_numbers_are_centred_inside_the_ball(size: tuple[int, int]) -> None:
    app = open_scene("table", "express", "ru", size)
    try:
        r, pts = _centres(app)
        assert r < 9
        for b, ink in _ink_by_ball(app.screen, pts, r).items():
            assert ink, f"ball {b}: no number"
            cx, cy = _picture_centre(pts[b], r)
            assert math.dist(pts[b], (cx, cy)) <= 0.75, f"ball {b}: picture off"
            xs = [x for x, _y in ink]
            ys = [y for _x, y in ink]
            for lo, hi, c in ((min(xs), max(xs), cx), (min(ys), max(ys), cy)):
                # (an odd count of pixels centres on the ball's middle)
                off = abs((lo + hi + 1) / 2 - c)
                assert off <= (0.0 if (hi - lo) % 2 == 0 else 0.5), \
                    f"ball {b}: number {off} px off the ball's middle"
            far = max(math.dist((x + 0.5, y + 0.5), (cx, cy)) for x, y in ink)
            assert far <= r - 0.5, f"ball {b}: ink {far:.2f} px out (r {r:.2f})"
    finally:
        pygame.display.quit()
