"""At 1280x720 a pool ball is 19 px across and its turning number was
painted on a spot half the ball wide, in a typeface scaled to a few
pixels: "10" read as a 2, the 9 as a 1. On a ball this small the number's
spot is wider and its digits fill it, a two-digit number's digits apart.
Measured on the balls the window paints, number to the eye."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from simulator.app.screens.table_screen import TableMode
from tests.app.scenes import open_scene

HIGH = 0.45  # of the ball's diameter: a one-digit number at least this high
HIGH_PAIR = 0.38  # ... each of a two-digit number's digits
WIDE = 0.2  # ... a digit other than 1 at least this wide
SPOT = 0.58  # of the radius: the ink looked for this near the middle


def _ink(img: pygame.Surface, r: float) -> np.ndarray:
    """The dark pixels (the digits' ink) of a ball's picture, [x, y], on
    its number's spot (within SPOT of the middle: not a dark ball's colour
    round the spot, nor a dark stripe's band)."""
    rgb = pygame.surfarray.array3d(img).astype(int)
    w, h = img.get_size()
    xx, yy = np.meshgrid(np.arange(w) + 0.5 - w / 2, np.arange(h) + 0.5 - h / 2,
                         indexing="ij")
    return (rgb.max(axis=2) < 110) & (np.hypot(xx, yy) < SPOT * r)


def _columns(ink: np.ndarray) -> list[tuple[int, int]]:
    """The runs of columns holding ink: (first, last)."""
    cols = [x for x in range(ink.shape[0]) if ink[x].any()]
    runs: list[tuple[int, int]] = []
    for x in cols:
        if runs and x == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], x)
        else:
            runs.append((x, x))
    return runs


@pytest.mark.parametrize("game", ["8-ball", "9-ball"])
def test_numbers_fill_the_spot_at_1280x720(game: str) -> None:
    app = open_scene("table", game, "en", (1280, 720))
    try:
        mode = app.mode
        assert isinstance(mode, TableMode)
        r = mode.scene.view.ball_px
        assert r < 11, f"a ball {2 * r:.1f} px across"
        balls = mode.scene.balls
        assert not balls.small_numbers  # (a number turning with its ball)
        s = app.session
        assert s is not None
        for b in s.table.on_table():
            if b == s.spec.balls.cue_ball:
                continue
            ink = _ink(balls.rolling.faces[b].paint(np.eye(3)), r)
            ys = [y for y in range(ink.shape[1]) if ink[:, y].any()]
            high = (max(ys) - min(ys) + 1) / (2 * r)
            runs = _columns(ink)
            text = str(b)
            assert len(runs) == len(text), (b, runs)  # each digit apart
            assert high >= (HIGH if b < 10 else HIGH_PAIR), (b, high)
            for c, (x0, x1) in zip(text, runs, strict=True):
                if c != "1":
                    assert (x1 - x0 + 1) / (2 * r) >= WIDE, (b, c, x1 - x0 + 1)
    finally:
        pygame.display.quit()
