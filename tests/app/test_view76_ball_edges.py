"""The 6 (dark green) melted into the green cloth at 800x500, and its trail
too. Measured on the drawn table: each ball's edge (its outermost ring of
pixels, or a pale outline round it) against the cloth just round it, as an
RGB distance of their mean colours, is at least EDGE_CONTRAST for every
ball 1-15 (the 6 was 42, the 2's blue the lowest of the rest, 74); a
trail's colour is at least TRAIL_CONTRAST from the cloth for every ball."""

from __future__ import annotations

import math

import pygame

from simulator.app.replay.table_marks import ball_colour
from simulator.app.screens.table_screen import TableMode
from simulator.app.table.render import CLOTH
from tests.app.helpers import frame, make_app
from tests.app.test_table74_head_string import position

EDGE_CONTRAST = 70.0
TRAIL_CONTRAST = 70.0


def _mean(cs: list[tuple[int, ...]]) -> list[float]:
    return [sum(c[i] for c in cs) / len(cs) for i in range(3)]


def test_every_ball_stands_out_from_the_cloth_at_800x500() -> None:
    app = make_app("en", (800, 500))
    try:
        balls = {str(b): [0.3 + 0.28 * ((b - 1) % 8), 0.35 + 0.5 * ((b - 1) // 8)]
                 for b in range(1, 16)}
        position(app, "8-ball", {"ball_in_hand": "none"}, balls)
        frame(app)
        mode = app.mode
        assert isinstance(mode, TableMode)
        view = mode.scene.view
        r = view.ball_px
        seen = {}
        for b, (x, y, _z) in mode.ball_positions().items():
            if b == 0:
                continue
            cx, cy = view.to_screen(x, y)
            rim: list[tuple[int, ...]] = []
            out: list[tuple[int, ...]] = []
            cloth: list[tuple[int, ...]] = []
            for px in range(int(cx - r - 6), int(cx + r + 7)):
                for py in range(int(cy - r - 6), int(cy + r + 7)):
                    d = math.hypot(px + 0.5 - cx, py + 0.5 - cy)
                    c = tuple(app.screen.get_at((px, py)))[:3]
                    if r - 1.5 <= d <= r - 0.5:
                        rim.append(c)
                    elif r - 0.5 < d <= r + 1.5:
                        out.append(c)
                    elif r + 2.5 <= d <= r + 4:
                        cloth.append(c)
            ground = _mean(cloth)
            # Its edge: its outermost ring of pixels; or a pale outline round
            # it, where one goes most of the way round (the pixels there
            # lighter than the cloth by a tenth; a shadow is no edge).
            edge = math.dist(_mean(rim), ground)
            pale = [c for c in out if sum(c) > 1.1 * sum(ground)]
            if len(pale) * 2 >= len(out) // 2:
                edge = max(edge, math.dist(_mean(pale), ground))
            seen[b] = round(edge)
        assert len(seen) == 15
        assert min(seen.values()) >= EDGE_CONTRAST, seen
    finally:
        pygame.display.quit()


def test_every_trail_stands_out_from_the_cloth() -> None:
    from simulator.table.specs import table_by_name
    spec = table_by_name("pool")
    for b in range(0, 16):
        c = ball_colour(spec, b)
        assert math.dist(c, CLOTH[spec.kind]) >= TRAIL_CONTRAST, (b, c)
