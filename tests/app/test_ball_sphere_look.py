"""The balls read as round, glossy spheres (a look pass found them flat
after their faces were lit from straight above): the side of a ball away
from its lamp falls into shade, the sides across the lamp's direction less
so, and the lamp's spot is a crisp highlight on the lamp's side."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest

from simulator.app.screens.table_screen import TableMode
from simulator.app.table.render import BallSprites, nearest_lamp
from tests.app.scenes import open_scene


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)], ids=("800x500", "1280x720"))
def test_a_ball_is_shaded_away_from_its_lamp(size: tuple[int, int]) -> None:
    app = open_scene("table", "9-ball", "en", size)
    try:
        mode = app.mode
        assert isinstance(mode, TableMode)
        view = mode.scene.view
        spec = view.spec
        R = spec.balls.radius
        sprites = BallSprites(spec, view.ball_px)
        cue = spec.balls.cue_ball  # plain white: its shading alone
        for x, y in ((0.3, 0.3), (2.2, 1.0), (1.27, 0.2)):
            table = mode.scene.table.surface
            drawn = table.copy()
            sprites.draw(drawn, view, {cue: (x, y, R)}, shadows=False)
            # The ball where it is drawn: the middle of what it covers.
            a = pygame.surfarray.array3d(drawn).astype(np.int32)
            b = pygame.surfarray.array3d(table).astype(np.int32)
            xs, ys = np.nonzero(np.abs(a - b).sum(axis=2) > 60)
            mx, my = (xs.min() + xs.max()) / 2, (ys.min() + ys.max()) / 2
            lx, ly = nearest_lamp(spec, x, y)
            d = math.hypot(lx - x, ly - y)
            ux, uy = (lx - x) / d, (ly - y) / d

            def lum(ax: float, ay: float, drawn: pygame.Surface = drawn,
                    mx: float = mx, my: float = my) -> float:
                k = 0.7 * view.ball_px
                p = (round(mx + ax * k), round(my - ay * k))
                return float(sum(tuple(drawn.get_at(p))[:3]))

            away = lum(-ux, -uy)
            across = (lum(-uy, ux) + lum(uy, -ux)) / 2
            assert away < 0.88 * across, ((x, y), away, across)
            # The spot: near white on the lamp's side of the ball.
            cx, cy = round(mx), round(my)
            r = int(view.ball_px)
            peak = max(min(tuple(drawn.get_at((cx + i, cy + j)))[:3])
                       for i in range(-r, r + 1) for j in range(-r, r + 1)
                       if i * i + j * j < r * r)
            assert peak > 235, ((x, y), peak)
    finally:
        pygame.display.quit()
