"""The pockets' round liners are smooth against the wood (a look pass saw
their edges stair-stepped, crude next to the lit rails): where the liner's
dark rim meets the wood, the pixels shade between the two."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.screens.table_screen import TableMode
from simulator.app.table.render import PLATE, pocket_hole
from tests.app.scenes import open_scene


def _lum(surface: pygame.Surface, p: tuple[int, int]) -> float:
    return float(sum(tuple(surface.get_at(p))[:3]))


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)], ids=("800x500", "1280x720"))
def test_a_pockets_liner_edge_is_smooth(size: tuple[int, int]) -> None:
    app = open_scene("table", "9-ball", "en", size)
    try:
        mode = app.mode
        assert isinstance(mode, TableMode)
        view, surf = mode.scene.view, mode.scene.table.surface
        outer = view.outer_rect()
        bed = view.bed_rect().inflate(2 * view.px(view.spec.cushion_depth), 0)
        between = total = 0
        for p in view.spec.pockets:
            centre, r_hole = pocket_hole(view.spec, p)
            cx, cy = view.to_screen(*centre)
            plate = view.px(r_hole * PLATE)
            for i in range(int(cx - plate - 3), int(cx + plate + 4)):
                for j in range(int(cy - plate - 3), int(cy + plate + 4)):
                    d = math.hypot(i + 0.5 - cx, j + 0.5 - cy)
                    if abs(d - plate) > 0.7 or not outer.collidepoint(i, j) \
                            or bed.collidepoint(i, j):
                        continue  # the rim over the wood only
                    ux, uy = (i + 0.5 - cx) / d, (j + 0.5 - cy) / d
                    w = (round(cx + ux * (plate + 3)), round(cy + uy * (plate + 3)))
                    if not outer.collidepoint(w):
                        continue
                    wood, rim, here = _lum(surf, w), 44.0, _lum(surf, (i, j))
                    total += 1
                    span = wood - rim
                    if rim + 0.2 * span < here < wood - 0.2 * span:
                        between += 1
        assert total > 20
        assert between / total > 0.5, (between, total)
    finally:
        pygame.display.quit()
