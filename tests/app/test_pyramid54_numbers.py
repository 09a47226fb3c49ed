"""Express at 800x500: a pyramid ball is 9.8 px across (the 12-ft table
drawn in a small window), and its number, in 7 px pixel digits, filled it
to its shaded rim: the digits' outer pixels stood beside grey, ran into the
ball's outline and into the next ball's number in the rack, and were hard
to read. Now the pixels round the digits are the ball's lit ivory (its
outermost pixel left shaded, so the balls stay apart), the digits as high
and as placed as before; at 1280x720 the number is drawn as it was."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.table.balls3d import picture_side
from simulator.app.table.render import SMALL_HIGH, centred, number_image
from tests.app.scenes import open_scene
from tests.app.test_express21_numbers import _centres, _ink_by_ball

GROUND_LUM = 200  # the least brightness beside the digits (ivory lit is 226+)


def _rack_at_800() -> tuple[pygame.Surface, float, dict[int, tuple[float, float]]]:
    app = open_scene("table", "express", "ru", (800, 500))
    r, pts = _centres(app)
    return app.screen.copy(), r, pts


def _picture_centre(pt: tuple[float, float], r: float) -> tuple[float, float]:
    """The middle of the ball's picture as placed (to the whole pixel)."""
    side = picture_side(r)
    at = centred(pygame.Surface((side, side)), *pt)
    return at.x + side / 2, at.y + side / 2


def test_small_numbers_stand_on_lit_ivory() -> None:
    try:
        surf, r, pts = _rack_at_800()
        assert number_image(15, r).get_height() <= SMALL_HIGH, "not the small digits"
        for b, ink in _ink_by_ball(surf, pts, r).items():
            cx, cy = _picture_centre(pts[b], r)
            inked = set(ink)
            dull = []
            for x, y in inked:
                for dx in (-1, 0, 1):
                    for dy in (-1, 0, 1):
                        p = (x + dx, y + dy)
                        if p in inked or math.dist((p[0] + 0.5, p[1] + 0.5),
                                                   (cx, cy)) > r - 1:
                            continue
                        c = surf.get_at(p)
                        if (c[0] + c[1] + c[2]) / 3 < GROUND_LUM:
                            dull.append((p, tuple(c[:3])))
            assert not dull, f"ball {b}: beside its digits {dull[:4]}"
    finally:
        pygame.display.quit()


def test_small_numbers_keep_their_height_within_the_ball() -> None:
    """The digits as drawn on the screen: at least 7 px high (the 5x7
    matrix, the least a digit reads at), and "10"-"15" within the ball."""
    try:
        surf, r, pts = _rack_at_800()
        for b, ink in _ink_by_ball(surf, pts, r).items():
            ys = {y for _x, y in ink}
            assert max(ys) - min(ys) + 1 >= 7, f"ball {b}: {len(ys)} px high"
            cx, cy = _picture_centre(pts[b], r)
            far = max(math.dist((x + 0.5, y + 0.5), (cx, cy)) for x, y in ink)
            assert far <= r, f"ball {b}: ink {far - r:.1f} px past its rim"
    finally:
        pygame.display.quit()


def test_large_numbers_drawn_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """At 1280x720 the 11 px digits have the ball round them: no ground is
    laid, the balls look as they did."""
    from simulator.app.table import render
    laid: list[int] = []

    def ground(ball: int, r: float, size: tuple[int, int]) -> pygame.Surface:
        laid.append(ball)
        return pygame.Surface(size)

    monkeypatch.setattr(render, "number_ground", ground)
    app = open_scene("table", "express", "ru", (1280, 720))
    try:
        r, pts = _centres(app)
        assert number_image(15, r).get_height() > SMALL_HIGH
        assert all(_ink_by_ball(app.screen, pts, r).values()), "every number drawn"
        assert laid == []
    finally:
        pygame.display.quit()
