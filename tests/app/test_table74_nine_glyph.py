"""The 9's number looked odd at 800x500 (a ball 11 px across): drawn five
pixels wide as a box with a lone pixel hooked under its right side, no
written 9's tail. Every number 1-15 of a small pool ball, as drawn on a
racked table at 800x500 and 1024x600: its ink whole on the screen (none
clipped, none astray), within the ball's rim, its box centred on the ball
within half a pixel; the 9 a bowl over a tail that runs back under it."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.table.render import NUMBER_GROUND_RIM, pool_number_image, stripe_ink
from tests.app.test_stripes59_pictures import SIZES, _digits, _rack


def _rows(img: pygame.Surface) -> list[str]:
    mask = pygame.mask.from_surface(img)
    w, h = img.get_size()
    return ["".join("#" if mask.get_at((x, y)) else "." for x in range(w))
            for y in range(h)]


def _pieces(ink: set[tuple[int, int]]) -> int:
    """How many pieces the ink is in (pixels touching at a side or corner)."""
    left, n = set(ink), 0
    while left:
        n += 1
        todo = [left.pop()]
        while todo:
            x, y = todo.pop()
            for p in [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]:
                if p in left:
                    left.remove(p)
                    todo.append(p)
    return n


@pytest.mark.parametrize("size", SIZES)
def test_every_number_is_drawn_whole_in_the_middle_of_its_ball(
        size: tuple[int, int]) -> None:
    app, s, r, centres = _rack(size)
    try:
        surf = app.screen
        for b in range(1, 16):
            c = centres[b]
            img = pool_number_image(b, r)
            w, h = img.get_size()
            ink, top, bottom = _digits(b, c, r)
            # (a digit whole; the 6 and the 9 with their dot after the foot)
            assert _pieces(ink) == len(str(b)) + (b in (6, 9)), (b, _rows(img))
            # The box centred on the ball's picture, within half a pixel.
            left = min(x for x, _y in ink)
            assert abs(left + w / 2 - c[0]) <= 0.5, (b, left, w, c)
            assert abs(top + h / 2 - c[1]) <= 0.5, (b, top, h, c)
            assert bottom - top + 1 == h
            # Inside the ball less its shaded rim (the spot or the band).
            far = max(math.dist((x + 0.5, y + 0.5), c) for x, y in ink)
            assert far <= r - NUMBER_GROUND_RIM, (b, far, r)
            # Drawn whole: every pixel of its ink on the screen in its ink.
            colour = s.spec.balls.colours[b]
            want = stripe_ink(colour)[0] if b in s.spec.balls.stripes else None
            shades = {tuple(surf.get_at(p)[:3]) for p in ink}
            assert len(shades) == 1, (b, shades)
            if want is not None:
                assert shades == {tuple(want)}, (b, shades, want)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES)
def test_the_9_reads_as_a_9(size: tuple[int, int]) -> None:
    """A closed bowl on top, its right side going down into a tail that
    runs back to the left under it (the bottom row not a lone pixel)."""
    _app, _s, r, _centres = _rack(size)
    try:
        # (the digit without its dot, a blank column and a pixel after it)
        rows = [row[:-2] for row in _rows(pool_number_image(9, r))]
        h = len(rows)
        assert h >= 5, rows
        bottom = rows[-1]
        assert bottom.count("#") >= 2, rows  # a tail, not a hooked pixel
        assert bottom.rstrip(".").endswith("#") and bottom[-1] == ".", rows
        # The right side runs from the top down past the bowl.
        right = max(i for i, ch in enumerate(rows[1]) if ch == "#")
        assert all(row[right] == "#" for row in rows[1:h // 2 + 2]), rows
        # The bowl closed: a row across it below its top.
        assert any(row.count("#") >= 3 for row in rows[1:h - 1]), rows
    finally:
        pygame.display.quit()
