"""At 800x500 (and 1024x600) a small pool ball's number stood on an ivory
spot that filled most of the ball: on a stripe it covered the band, so
the 14 looked white and every stripe like the cue ball. A small stripe's
number stands on its band's colour now (ivory digits, or dark ones where
they read better, with ivory rows as its caps): its colour is a good share
of the ball, unlike the cue ball, and in its middle, where a solid has its
ivory spot; the digits stand out from every pixel beside them."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.screens.table_screen import TableMode
from simulator.app.table.render import NUMBER_GROUND, NUMBER_INK, STRIPE_INK, contrast
from tests.app.scenes import open_scene
from tests.app.test_express21_numbers import _centres, _disc
from tests.app.test_pool57_numbers import _like
from tests.app.test_pyramid54_numbers import _picture_centre

SHARE = 0.4  # at least this share of a stripe's face in its colour (was 0.28)
MIDDLE = 0.4  # ... and of its middle (a solid's is ivory and ink: under 0.2)
LEAST_CONTRAST = 3.5  # digits against the pixels beside them (WCAG ratio)


def _middle(c: tuple[float, float], r: float) -> list[tuple[int, int]]:
    return [p for p in _disc(c, r) if math.dist((p[0] + 0.5, p[1] + 0.5), c) < r / 2]


@pytest.mark.parametrize("size", [(800, 500), (1024, 600)])
@pytest.mark.parametrize("game", ["8-ball", "9-ball", "14.1"])
def test_small_stripes_show_their_colour(game: str, size: tuple[int, int]) -> None:
    app = open_scene("table", game, "en", size)
    try:
        r, pts = _centres(app)
        assert r < 9, f"a ball {2 * r:.1f} px across"
        surf = app.screen
        s = app.session
        assert s is not None
        cue = s.table.position(s.spec.balls.cue_ball)
        assert cue is not None
        mode = app.mode
        assert isinstance(mode, TableMode)
        cue_px = _disc(mode.scene.view.to_screen(*cue), r)
        stripes = [b for b in pts if b in s.spec.balls.stripes]
        assert stripes
        for b in stripes:
            colour = s.spec.balls.colours[b]
            face = _disc(pts[b], r)
            share = sum(_like(surf.get_at(p), colour) for p in face) / len(face)
            assert share >= SHARE, f"ball {b}: {share:.0%} of it {colour}"
            on_cue = sum(_like(surf.get_at(p), colour) for p in cue_px) / len(cue_px)
            assert on_cue < 0.1, (b, on_cue)
            mid = _middle(pts[b], r)
            inside = sum(_like(surf.get_at(p), colour) for p in mid) / len(mid)
            assert inside >= MIDDLE, f"ball {b}: its middle {inside:.0%} {colour}"
            if b - 8 in pts:  # its solid twin: ivory in the middle
                twin = _middle(pts[b - 8], r)
                solid = sum(_like(surf.get_at(p), colour) for p in twin) / len(twin)
                assert solid < 0.2, (b, solid)
            _digits_read(surf, b, pts[b], r, colour)
    finally:
        pygame.display.quit()


def _digits_read(surf: pygame.Surface, b: int, at: tuple[float, float], r: float,
                 colour: tuple[int, int, int]) -> None:
    """The stripe's number: drawn, at least 5 px high, within the ball,
    most pixels beside it of the band's colour, each in contrast with it."""
    cx, cy = _picture_centre(at, r)
    # (dark digits, or ivory ones: dark ones may have ivory rows round them)
    for shade in (NUMBER_INK, STRIPE_INK, NUMBER_GROUND):
        ink = [p for p in _disc(at, r + 1) if tuple(surf.get_at(p)[:3]) == shade]
        if ink:
            break
    assert ink, f"ball {b}: no number"
    ys = {y for _x, y in ink}
    assert max(ys) - min(ys) + 1 >= 5, f"ball {b}: {len(ys)} px high"
    far = max(math.dist((x + 0.5, y + 0.5), (cx, cy)) for x, y in ink)
    assert far <= r - 1, f"ball {b}: ink {far:.1f} px out (r {r:.1f})"
    inked = set(ink)
    beside = {(x + dx, y + dy) for x, y in ink for dx in (-1, 0, 1)
              for dy in (-1, 0, 1)} - inked
    beside = {p for p in beside
              if math.dist((p[0] + 0.5, p[1] + 0.5), (cx, cy)) <= r - 1}
    for p in beside:  # the band's colour, or (dark digits) a white cap
        c = surf.get_at(p)
        ratio = contrast(shade, (c[0], c[1], c[2]))
        assert ratio >= LEAST_CONTRAST, f"ball {b}: {tuple(c)} beside, {ratio:.1f}"
    band = sum(_like(surf.get_at(p), colour) for p in beside)
    assert band >= len(beside) / 2, f"ball {b}: {band} of {len(beside)} in its colour"
