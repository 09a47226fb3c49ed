"""A stripe rolling with its white cap towards the eye read as the cue
ball: its band only a ring at the outline, its number discs out of sight.
The cap towards the eye shows the ball's number, dark on the white (the
cue ball shows none); side on the caps are plain white as before. Tested
on the drawn pixels, in windows where balls roll in 3D."""

from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np
import pygame
import pytest

from simulator.app.screens.table_screen import TableMode
from simulator.app.table import balls3d
from tests.app.scenes import open_scene
from tests.app.test_stripe48_look import CAP_UP, SIDE_ON, drawn_alone


@pytest.fixture(params=[(1280, 720), (1920, 1080)], ids=("1280x720", "1920x1080"))
def table(request: pytest.FixtureRequest,
          monkeypatch: pytest.MonkeyPatch) -> Iterator[TableMode]:
    monkeypatch.setattr(balls3d, "BUDGET", 99)  # every picture painted at once
    app = open_scene("table", "8-ball", "en", request.param)
    assert isinstance(app.mode, TableMode)
    yield app.mode
    pygame.display.quit()


def _dark_share(mode: TableMode, ball: int, orient: np.ndarray) -> float:
    """The share of the middle of a ball's face (within 0.6 of its radius,
    clear of the shaded rim) drawn dark, as a number's digits are."""
    view = mode.scene.view
    assert view.ball_px >= balls3d.UPRIGHT_PX  # (a ball rolling in 3D)
    a, d2 = drawn_alone(mode, ball, orient)
    middle = d2 < (0.6 * view.ball_px) ** 2
    return float((a[middle].sum(axis=1) < 300.0).mean())


def _tilted(degrees: float) -> np.ndarray:
    """The cap turned ``degrees`` away from the eye."""
    turn: np.ndarray = balls3d._rotation(np.array([1.0, 0.0, 0.0]),
                                         math.radians(degrees))
    return turn @ CAP_UP


def test_a_stripe_white_side_up_shows_its_number(table: TableMode) -> None:
    spec = table.scene.view.spec
    for b in sorted(spec.balls.stripes):
        for tilt in (0.0, 15.0):
            dark = _dark_share(table, b, _tilted(tilt))
            assert dark >= 0.015, (b, tilt, dark)
    # The cue ball, drawn the same way, shows no number
    for tilt in (0.0, 15.0):
        assert _dark_share(table, spec.balls.cue_ball, _tilted(tilt)) == 0.0


def test_side_on_a_stripes_caps_stay_plain(table: TableMode) -> None:
    from tests.app.test_stripe48_look import CAPS_SHARE, shares
    spec = table.scene.view.spec
    for b in sorted(spec.balls.stripes):
        _, white = shares(table, b, SIDE_ON, spec.balls.colours[b])
        assert white >= CAPS_SHARE, (b, white)
