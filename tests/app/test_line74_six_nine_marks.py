"""A 6 or a 9 that had rolled read as a "3" or an "ω" (800x500): as on real
balls, the 6 and the 9 carry a short bar under the digit, turned with it;
no other number has one. Read in the ball's picture, its number disc
towards the eye: the ink's rows in two runs (the digit, a blank row, the
bar under it) for the 6 and the 9, one run for every other number."""

from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np
import pygame
import pytest

from simulator.app.table.balls3d import (
    DISC,
    PYRAMID_DISC,
    SMALL_DISC,
    SMALL_FACE_PX,
    BallFace,
)
from simulator.table.specs import table_by_name

# px radius: the small faces' filled digits and the typeface's
SIZES = [9.5, 12.0, 18.0, 30.0]


@pytest.fixture(autouse=True)
def _fonts() -> Iterator[None]:
    pygame.font.init()
    yield


def _ink_runs(table: str, ball: int, r_px: float,
              orient: np.ndarray) -> list[tuple[int, int]]:
    """The runs of picture rows that hold ink, within the number's disc,
    top to bottom (first row, last row)."""
    spec = table_by_name(table)
    img = BallFace(spec, ball, r_px).paint(orient)
    disc = PYRAMID_DISC if table == "pyramid" else SMALL_DISC if r_px < SMALL_FACE_PX \
        else DISC
    px = pygame.surfarray.array3d(img).astype(int)  # [x, y]
    n = img.get_width()
    c = n / 2
    rows = []
    for y in range(n):
        for x in range(n):
            if math.hypot(x + 0.5 - c, y + 0.5 - c) >= disc * r_px - 1.2:
                continue
            red, green, blue = px[x, y]
            # The ink: dark (pool) or dark red (pyramid), on the ivory disc.
            if max(green, blue) < 100 and red < (100 if table == "pool" else 150):
                rows.append(y)
                break
    runs: list[tuple[int, int]] = []
    for y in rows:
        if runs and y == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], y)
        else:
            runs.append((y, y))
    return runs


def _bar_under(runs: list[tuple[int, int]]) -> bool:
    """Whether the lowest run of ink is a bar: a blank row above it, and
    under a quarter of the ink's whole height (a typeface's 5 has its top
    bar apart from its bowl, never a thin run at the bottom)."""
    if len(runs) < 2:
        return False
    low = runs[-1]
    return (low[1] - low[0] + 1) * 4 <= low[1] - runs[0][0] + 1


@pytest.mark.parametrize("table", ["pool", "pyramid"])
@pytest.mark.parametrize("r_px", SIZES)
def test_the_6_and_the_9_are_underlined_and_no_other_number(
        table: str, r_px: float) -> None:
    for ball in range(1, 16):
        runs = _ink_runs(table, ball, r_px, np.eye(3))
        assert _bar_under(runs) == (ball in (6, 9)), (ball, runs)


@pytest.mark.parametrize("r_px", SIZES)
def test_the_bar_turns_with_the_digit(r_px: float) -> None:
    """The ball turned half round (the 9 upside down, a 6 to look at): its
    bar above the digit, where an upside-down 9's baseline is."""
    turned = np.diag([-1.0, -1.0, 1.0])
    for ball in (6, 9):
        runs = _ink_runs("pool", ball, r_px, turned)
        n = 100
        flipped = [(n - b, n - a) for a, b in reversed(runs)]
        assert _bar_under(flipped), (ball, runs)
        assert not _bar_under(runs), (ball, runs)
