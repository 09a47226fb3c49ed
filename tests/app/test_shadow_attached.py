"""A ball's shadow stays attached to it (play-test pt24: a ball near a
corner cast a shadow a ball's width off, read as a ghost ball).  The
shadows are drawn as the table screen draws them, on plain white, and
their dark centre is measured against the ball's centre over a grid of the
bed: corners, cushions, under a lamp and between the lamps."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pygame
import pytest

from simulator.app.screens.table_screen import TableMode
from simulator.app.table.render import BallSprites
from simulator.app.table.view import TableView
from tests.app.scenes import open_scene

SIZES = ((800, 500), (1280, 720))
GAMES = (("9-ball", None), ("express", "3"))


@pytest.fixture(params=[(g, p, s) for g, p in GAMES for s in SIZES],
                ids=lambda v: f"{v[0]}-{v[2][0]}x{v[2][1]}")
def view(request: pytest.FixtureRequest) -> Iterator[TableView]:
    game, players, size = request.param
    app = open_scene("table", game, "en", size, players=players)
    try:
        mode = app.mode
        assert isinstance(mode, TableMode)
        yield mode.scene.view
    finally:
        pygame.display.quit()


def _shadow(view: TableView, sprites: BallSprites, x: float, y: float,
            z: float) -> tuple[float, float, float]:
    """The shadow's dark centre (screen px) and its darkest point's depth."""
    surf = pygame.Surface(view.rect.size)
    surf.fill((255, 255, 255))
    moved = TableView(view.spec, pygame.Rect((0, 0), view.rect.size))
    sprites.draw_shadows(surf, moved, {0: (x, y, z)})
    dark = 255.0 - pygame.surfarray.array3d(surf)[:, :, 0].astype(np.float64)
    xs, ys = np.nonzero(dark)
    w = dark[xs, ys]
    return (float((xs * w).sum() / w.sum()), float((ys * w).sum() / w.sum()),
            float(dark.max()))


def test_a_resting_balls_shadow_stays_under_it(view: TableView) -> None:
    spec = view.spec
    R = spec.balls.radius
    sprites = BallSprites(spec, view.ball_px)
    moved = TableView(spec, pygame.Rect((0, 0), view.rect.size))
    limit = 0.5 * view.ball_px + 0.75  # half a radius (and a pixel's rounding)
    far = []
    for fx in np.linspace(0.0, 1.0, 9):
        for fy in np.linspace(0.0, 1.0, 5):
            x = R + fx * (spec.length - 2 * R)
            y = R + fy * (spec.width - 2 * R)
            cx, cy, _ = _shadow(view, sprites, x, y, R)
            bx, by = moved.to_screen(x, y)
            off = float(np.hypot(cx - bx, cy - by))
            if off > limit:
                far.append(((round(x, 2), round(y, 2)), round(off, 1)))
    assert not far, (f"limit {limit:.1f} px", far)


def test_a_ball_in_the_air_casts_a_softer_larger_shadow(view: TableView) -> None:
    spec = view.spec
    R = spec.balls.radius
    sprites = BallSprites(spec, view.ball_px)
    x, y = 0.3, 0.3
    _, _, rest_depth = _shadow(view, sprites, x, y, R)
    cx0, cy0, _ = _shadow(view, sprites, x, y, R)
    cx1, cy1, air_depth = _shadow(view, sprites, x, y, 3 * R)
    moved = TableView(spec, pygame.Rect((0, 0), view.rect.size))
    bx, by = moved.to_screen(x, y)
    assert air_depth < rest_depth  # softer
    assert np.hypot(cx1 - bx, cy1 - by) > np.hypot(cx0 - bx, cy0 - by)  # further off
