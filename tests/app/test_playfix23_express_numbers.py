"""Express at 800x500: a play-tester could not read the ivory balls' numbers
without Tab. A ball there is under 10 px across; each ball clear of its
neighbours now shows its number at least 10 px high, dark on the ball's
ivory (a ring of it where the digits stand past the ball onto the cloth)."""

from __future__ import annotations

import math

import pygame

from simulator.app.screens.table_screen import TableMode
from simulator.app.table.render import NUMBER_INK_PX
from tests.app.scenes import open_scene

DARK = 60  # an ink pixel: every channel below this (cloth, ivory are lighter)


def test_numbers_on_spread_express_balls_are_ten_pixels_high() -> None:
    app = open_scene("banner", "express", "ru", (800, 500))
    try:
        mode = app.mode
        assert isinstance(mode, TableMode)
        view = mode.scene.view
        r = view.ball_px
        assert r < 6, f"a ball is {r:.1f} px across at 800x500"
        s = app.session
        assert s is not None
        surf = app.screen
        pts = {b: view.to_screen(*p) for b in s.table.on_table() if b != 0
               for p in [s.table.position(b)] if p is not None}
        clear = [b for b, p in pts.items()
                 if min(math.dist(p, q) for c, q in pts.items() if c != b) > 6 * r]
        assert len(clear) >= 5, "the scene has balls clear of the others"
        for b in clear:
            cx, cy = (round(v) for v in pts[b])
            rows = [y for y in range(cy - 10, cy + 11)
                    if any(max(surf.get_at((x, y))[:3]) < DARK
                           for x in range(cx - 10, cx + 11))]
            assert rows, f"ball {b}: no number"
            high = rows[-1] - rows[0] + 1
            assert high >= NUMBER_INK_PX, f"ball {b}: its number is {high} px high"
            # Beside each ink pixel: ink, ivory (the ball or its ring) or
            # the blend of the two, never the green cloth: high contrast.
            ink = [(x, y) for y in rows for x in range(cx - 10, cx + 11)
                   if max(surf.get_at((x, y))[:3]) < DARK]
            for x, y in ink:
                for nx in (x - 1, x + 1):
                    c = surf.get_at((nx, y))[:3]
                    assert c[1] - c[0] < 30, \
                        f"ball {b}: ink at {(x, y)} beside {c}"
    finally:
        pygame.display.quit()
