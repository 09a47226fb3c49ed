"""On the small balls' pixel digits (800x500, 1024x600) the 6 and the 9
carried no mark (the bar under the digit is drawn from 9 px of radius up):
an upright 6 and 9 a few pixels high were told apart by their shape alone.
Each is now marked, read off the drawn table: the number's ink in two
pieces, the digit and under it a bar (the solid 6) or a dot after its foot
(the 9 on its band); the 6's ink turned half round is not the 9's; every
other number is its digits alone."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.table.render import NUMBER_INK, pool_number_image, stripe_ink
from tests.app.test_stripes59_pictures import SIZES, _rack
from tests.app.test_table74_nine_glyph import _pieces

Pixels = set[tuple[int, int]]


def _drawn(app: object, s: object, b: int, c: tuple[float, float], r: float
           ) -> Pixels:
    """The number's ink as drawn on the screen, from its box's top left."""
    w, h = pool_number_image(b, r).get_size()
    x0, y0 = int(c[0] - w / 2 + 0.5), int(c[1] - h / 2 + 0.5)
    colour = s.spec.balls.colours[b]  # type: ignore[attr-defined]
    ink = stripe_ink(colour)[0] if b in s.spec.balls.stripes else NUMBER_INK  # type: ignore[attr-defined]
    get = app.screen.get_at  # type: ignore[attr-defined]
    return {(x, y) for x in range(w) for y in range(h)
            if tuple(get((x0 + x, y0 + y)))[:3] == tuple(ink)}


def _split(ink: Pixels) -> list[Pixels]:
    """The ink's pieces (pixels touching at a side or corner)."""
    left, out = set(ink), []
    while left:
        piece = {left.pop()}
        todo = list(piece)
        while todo:
            x, y = todo.pop()
            for p in [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]:
                if p in left:
                    left.remove(p)
                    piece.add(p)
                    todo.append(p)
        out.append(piece)
    return out


def _turned(ink: Pixels) -> Pixels:
    w = max(x for x, _ in ink)
    h = max(y for _, y in ink)
    return {(w - x, h - y) for x, y in ink}


def _norm(ink: Pixels) -> Pixels:
    x0 = min(x for x, _ in ink)
    y0 = min(y for _, y in ink)
    return {(x - x0, y - y0) for x, y in ink}


@pytest.mark.parametrize("size", SIZES)
def test_the_small_6_and_9_carry_a_dot(size: tuple[int, int]) -> None:
    app, s, r, centres = _rack(size)
    try:
        drawn = {b: _drawn(app, s, b, centres[b], r) for b in range(1, 16)}
        for b in (6, 9):
            ink = drawn[b]
            assert _pieces(ink) == 2, (b, sorted(ink))
            # The mark: a piece of the ink within its lowest row (a bar
            # under the digit, or a dot after its foot).
            low = max(y for _, y in ink)
            assert any(piece <= {p for p in ink if p[1] == low}
                       for piece in _split(ink)), (b, sorted(ink))
        assert _norm(_turned(drawn[6])) != _norm(drawn[9])
        for b in range(1, 16):
            if b not in (6, 9):
                assert _pieces(drawn[b]) == len(str(b)), (b, sorted(drawn[b]))
    finally:
        pygame.display.quit()
