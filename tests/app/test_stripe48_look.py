"""Play-test: a stripe ball with its white cap towards the eye looked like a
second cue ball (its band showed only as a dark hairline at the rim). In
its worst orientation a stripe still shows its colour round its outline;
side on it still shows its white caps; the cue ball shows no colour."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pygame
import pytest

from simulator.app.screens.table_screen import TableMode
from simulator.app.table import balls3d
from simulator.app.table.render import BallSprites
from tests.app.scenes import open_scene

# The caps' axis (body y) straight at the eye; side on, along the table
# (the numbers' axis too: no number disc towards the eye).
CAP_UP = np.array([[1.0, 0.0, 0.0], [0.0, 0.0, -1.0], [0.0, 1.0, 0.0]])
SIDE_ON = np.array([[0.0, 0.0, 1.0], [0.0, 1.0, 0.0], [-1.0, 0.0, 0.0]])
WHITE = np.array((246.0, 244.0, 236.0))
WORST_SHARE = 0.12  # of a ball's face in its own colour, cap towards the eye
CAPS_SHARE = 0.3  # of a stripe's face in white, seen side on
# A small stripe (800x500) is drawn upright, its band through a number
# seven pixels tall: its caps are a row or two each (the 9's dark digits
# add no white), a sixth of its face.
SMALL_CAPS_SHARE = 0.15


def _chroma(rgb: np.ndarray) -> np.ndarray:
    """Colour without its brightness (the lamp's shading apart)."""
    out: np.ndarray = rgb / np.maximum(rgb.sum(axis=-1, keepdims=True), 1.0)
    return out


def drawn_alone(mode: TableMode, ball: int, orient: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray]:
    """The table's pixels (x, y, rgb) with ``ball`` drawn alone on the cloth
    in ``orient``, and each pixel's squared distance from the ball's centre."""
    view = mode.scene.view
    spec = view.spec
    sprites = BallSprites(spec, view.ball_px)
    sprites.rolling.orient[ball] = orient.copy()
    sprites.rolling.stale.add(ball)
    drawn = mode.scene.table.surface.copy()
    x, y = 0.6, 0.6
    sprites.draw(drawn, view, {ball: (x, y, spec.balls.radius)}, shadows=False)
    sx, sy = view.to_screen(x, y)
    a = pygame.surfarray.array3d(drawn).astype(np.float64)
    xs, ys = np.meshgrid(np.arange(a.shape[0]), np.arange(a.shape[1]), indexing="ij")
    return a, (xs - sx) ** 2 + (ys - sy) ** 2


def shares(mode: TableMode, ball: int, orient: np.ndarray,
           colour: tuple[int, int, int]) -> tuple[float, float]:
    """(share in ``colour``, share in white) of the pixels inside a ball
    drawn alone on the cloth in ``orient``: each pixel counted for the one
    of the two its colour is nearer (a pixel's rim, blended with the cloth,
    left out)."""
    a, d2 = drawn_alone(mode, ball, orient)
    inside = d2 < (mode.scene.view.ball_px - 1) ** 2
    px = _chroma(a[inside])
    to_colour = np.linalg.norm(px - _chroma(np.array(colour, float)), axis=1)
    to_white = np.linalg.norm(px - _chroma(WHITE), axis=1)
    return float((to_colour < to_white).mean()), float((to_white < to_colour).mean())


@pytest.fixture(params=[(800, 500), (1280, 720)], ids=("800x500", "1280x720"))
def table(request: pytest.FixtureRequest,
          monkeypatch: pytest.MonkeyPatch) -> Iterator[TableMode]:
    monkeypatch.setattr(balls3d, "BUDGET", 99)  # every picture painted at once
    app = open_scene("table", "8-ball", "en", request.param)
    assert isinstance(app.mode, TableMode)
    yield app.mode
    pygame.display.quit()


def test_a_stripe_with_its_cap_towards_the_eye_shows_its_colour(
        table: TableMode) -> None:
    spec = table.scene.view.spec
    assert spec.balls.stripes
    for b in sorted(spec.balls.stripes):
        colour = spec.balls.colours[b]
        worst, _ = shares(table, b, CAP_UP, colour)
        assert worst >= WORST_SHARE, (b, worst)
        # ... and the cue ball, drawn the same way, shows none of it
        cue, _ = shares(table, spec.balls.cue_ball, CAP_UP, colour)
        assert cue < 0.02, (b, cue)


def test_a_stripe_side_on_still_shows_its_white_caps(table: TableMode) -> None:
    spec = table.scene.view.spec
    for b in sorted(spec.balls.stripes):
        _, white = shares(table, b, SIDE_ON, spec.balls.colours[b])
        small = table.scene.view.ball_px < 9
        assert white >= (SMALL_CAPS_SHARE if small else CAPS_SHARE), (b, white)
