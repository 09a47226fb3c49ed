"""A raised stick's shadow reads as its shadow, not a second cue
(play-test: a jump stroke at 20° in the gallery, its shadow a hard dark
strip parted from the stick): darker cloth, not the stick's colours,
darkest where it meets the tip, fading and widening away from it."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from simulator.app.table import render
from simulator.app.table.render import CLOTH, draw_cue
from simulator.app.table.view import Layout, TableView
from simulator.table.specs import TableKind, pool_table

SIZES = [(800, 500), (1280, 720)]


def pictures(size: tuple[int, int], elevation: float, monkeypatch: pytest.MonkeyPatch
             ) -> tuple[np.ndarray, np.ndarray, TableView, tuple[float, float]]:
    """The stick over plain cloth with its shadow and without it (RGB
    arrays), the view and the tip's place on the screen."""
    spec = pool_table()
    view = TableView(spec, Layout.for_size(*size).table)
    cue = (spec.length * 0.7, spec.width / 2)  # as in the gallery's jump stroke
    out = []
    for shadow in (True, False):
        if not shadow:
            monkeypatch.setattr(render, "_draw_cue_shadow", lambda *a, **k: None)
        surf = pygame.Surface(size)
        surf.fill(CLOTH[TableKind.POOL])
        draw_cue(surf, view, cue, 0.0, 0.0, elevation)
        out.append(pygame.surfarray.array3d(surf).astype(int))
    r = spec.balls.radius
    tip = view.to_screen(cue[0] - r, cue[1])
    return out[0], out[1], view, tip


@pytest.mark.parametrize("elevation", [20.0, 40.0])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_raised_sticks_shadow_is_dark_cloth_joined_at_the_tip_and_fading(
        size: tuple[int, int], elevation: float, monkeypatch: pytest.MonkeyPatch
        ) -> None:
    full, bare, view, tip = pictures(size, elevation, monkeypatch)
    cloth = np.array(CLOTH[TableKind.POOL])
    stick = np.any(bare != cloth, axis=2)
    shadow = np.any(full != bare, axis=2) & ~stick
    assert shadow.sum() > 50, "no shadow drawn"
    px = full[shadow]
    # Darker cloth: each channel the cloth's times one darkness (not the
    # stick's wood or ferrule colours).
    k = px.sum(axis=1) / cloth.sum()
    assert np.all(k < 1.0)
    assert np.all(np.abs(px - k[:, None] * cloth[None, :]) <= 3), "not the cloth's hue"
    dark = 1.0 - k
    xs, ys = np.nonzero(shadow)
    # Joined at the tip (coming out from under the stick within two balls
    # of it), and darkest on the tip's half.
    assert np.hypot(xs - tip[0], ys - tip[1]).min() <= 4 * view.ball_px
    assert xs[np.argmax(dark)] > (xs.min() + xs.max()) / 2
    # Where it is plainly dark it lies close along the stick, not parted.
    sx, sy = np.nonzero(stick)
    for x, y in zip(xs[dark >= 0.15], ys[dark >= 0.15], strict=True):
        gap = np.min(np.hypot(sx - x, sy - y))
        assert gap <= 2.5 * view.ball_px, (x, y, gap)
    # Fading along it: the far third far fainter than the third at the tip.
    length = xs.max() - xs.min()
    tip_third = dark[xs > xs.max() - length / 3].mean()
    far_third = dark[xs < xs.min() + length / 3].mean()
    assert far_third < 0.5 * tip_third, (tip_third, far_third)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_level_sticks_shadow_still_shows(size: tuple[int, int],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    full, bare, _view, _tip = pictures(size, 0.0, monkeypatch)
    cloth = np.array(CLOTH[TableKind.POOL])
    stick = np.any(bare != cloth, axis=2)
    shadow = np.any(full != bare, axis=2) & ~stick
    dark = 1.0 - full[shadow].sum(axis=1) / cloth.sum()
    assert shadow.sum() > 30 and dark.max() >= 0.2
