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


@pytest.mark.parametrize("size", SIZES, ids=("800x500", "1280x720"))
def test_a_balls_shine_is_on_its_side_towards_the_lamp(size: tuple[int, int]) -> None:
    """The lamp's spot on a ball sits on the side facing its nearest lamp
    (it was always at the upper left): in two opposite corners the spots
    face opposite ways, each the way its shadow does not fall."""
    from simulator.app.table.render import BallSprites, nearest_lamp
    try:
        table, view, spec = _table("9-ball", None, size)
        sprites = BallSprites(spec, view.ball_px)
        R = spec.balls.radius
        for x, y in ((0.18, spec.width - 0.16), (spec.length - 0.18, 0.16)):
            drawn = table.copy()
            sprites.draw(drawn, view, {0: (x, y, R)})  # white all over
            lx, ly = nearest_lamp(spec, x, y)
            n = math.hypot(lx - x, ly - y)
            ux, uy = (lx - x) / n, -(ly - y) / n  # on the screen (y down)
            # The ball's pixels (changed from the cloth) and its shine (the
            # brightest of them): the shine's middle from the ball's.
            cx, cy = view.to_screen_i(x, y)
            box = range(-int(view.ball_px) - 3, int(view.ball_px) + 4)
            ball, shine = [], []
            for i in box:
                for j in box:
                    p = (cx + i, cy + j)
                    if _lum(drawn, p) - _lum(table, p) > 150:
                        ball.append(p)
                        if _lum(drawn, p) >= 750:
                            shine.append(p)
            assert shine, "no shine"
            bx = sum(p[0] for p in ball) / len(ball)
            by = sum(p[1] for p in ball) / len(ball)
            sx = sum(p[0] for p in shine) / len(shine)
            sy = sum(p[1] for p in shine) / len(shine)
            along = ((sx - bx) * ux + (sy - by) * uy) / view.ball_px
            assert along > 0.2, ((x, y), along)
    finally:
        pygame.display.quit()
