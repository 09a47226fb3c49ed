"""A raised stick reads as raised from above (play-test: the gallery's 30°
jump stick looked level): shorter on the cloth by its elevation, wider and
lighter towards the butt as it comes up towards the eye, its shadow parted
from it on the cloth; a level stick is drawn as before."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.table.render import draw_cue
from simulator.app.table.view import TableView
from tests.app.test_table_look import _table

# Along the lamps' line, where a shadow cast from them falls under the stick.
ANGLE, PULL = 0.0, 0.02


def drawn(elevation: float, size: tuple[int, int]
          ) -> tuple[pygame.Surface, pygame.Surface, TableView, tuple[float, float]]:
    table, view, spec = _table("9-ball", None, size)
    cue = (spec.length - 0.3, spec.width / 2)
    surf = table.copy()
    draw_cue(surf, view, cue, ANGLE, PULL, elevation)
    return table, surf, view, cue


def is_stick(c: pygame.Color, t: pygame.Color) -> bool:
    """A pixel of the stick: changed, and not cloth in shadow (greener)."""
    return c != t and c.r >= c.g


def is_shadow(c: pygame.Color, t: pygame.Color) -> bool:
    return c != t and c.g > c.r and sum(tuple(c)[:3]) < sum(tuple(t)[:3]) - 6


def extent(table: pygame.Surface, surf: pygame.Surface, view: TableView,
           cue: tuple[float, float]) -> int:
    """How far the stick reaches back from the cue ball's centre (pixels)."""
    sx, sy = view.to_screen_i(*cue)
    xs = [x for x in range(view.rect.left, sx)
          if any(is_stick(surf.get_at((x, sy + k)), table.get_at((x, sy + k)))
                 for k in (-1, 0, 1))]
    return sx - min(xs)


def width_at(table: pygame.Surface, surf: pygame.Surface, x: int, y: int) -> int:
    return sum(1 for k in range(-40, 41)
               if is_stick(surf.get_at((x, y + k)), table.get_at((x, y + k))))


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_a_stick_at_30_degrees_is_shorter_wider_and_casts_a_parted_shadow(
        size: tuple[int, int]) -> None:
    t0, level, view, cue = drawn(0.0, size)
    t1, raised, _v, _c = drawn(30.0, size)
    sx, sy = view.to_screen_i(*cue)
    e0, e1 = extent(t0, level, view, cue), extent(t1, raised, view, cue)
    # Shorter on the cloth: the stick's plan is cos 30° of its length.
    assert 0.80 * e0 < e1 < 0.93 * e0
    # Towards its butt (eight to nineteen twentieths back, on average) the
    # raised stick is drawn wider.
    backs = (0.8, 0.85, 0.9, 0.95)
    w0 = round(sum(width_at(t0, level, sx - round(f * e0), sy) for f in backs) / 4)
    w1 = round(sum(width_at(t1, raised, sx - round(f * e1), sy) for f in backs) / 4)
    assert w1 >= 1.3 * w0
    # Its shadow lies beside it on the cloth, clear of the stick, by the butt.

    def beside(table: pygame.Surface, surf: pygame.Surface, e: int, w: int) -> int:
        return sum(1 for x in range(sx - e, sx - e // 2)
                   for k in range(w // 2 + 3, 80)
                   for y in (sy - k, sy + k)
                   if view.rect.collidepoint(x, y) and
                   is_shadow(surf.get_at((x, y)), table.get_at((x, y))))

    assert beside(t1, raised, e1, w1) > 20 * beside(t0, level, e0, w0) + 100
