"""The replay's raised stick has its elevation written beside it ("3°"):
the tag was put 0.3 m behind the tip whatever lay there and covered half a
ball. It goes where it covers no ball: farther back, or on the stick's
other side."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.replay import table_marks
from simulator.app.replay.shotmarks import StickAt
from simulator.app.replay.table_marks import elevation_mark
from simulator.app.table.view import TableView
from simulator.physics.stick import TIP_RADIUS
from simulator.table.specs import pool_table


def meets(rect: pygame.Rect, c: tuple[float, float], r: float) -> bool:
    nx = min(max(c[0], rect.left), rect.right)
    ny = min(max(c[1], rect.top), rect.bottom)
    return math.hypot(c[0] - nx, c[1] - ny) < r


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
@pytest.mark.parametrize("direction", [0.0, 180.0, 35.0])
def test_the_degrees_cover_no_ball(size: tuple[int, int], direction: float) -> None:
    pygame.init()
    spec = pool_table()
    view = TableView(spec, pygame.Rect(0, 0, size[0] * 3 // 4, size[1] * 3 // 4))
    at = StickAt(spec.length / 2, spec.width / 2, direction, 3.0, 0.0)
    a = math.radians(direction)
    front = (at.x + math.cos(a) * TIP_RADIUS, at.y + math.sin(a) * TIP_RADIUS)
    _o, _ln, _img, where = elevation_mark(view, at, front)  # (no ball: as before)
    ball = view.to_table(*where.center)  # a ball right where it was
    _o, _ln, _img, box = elevation_mark(view, at, front, [ball])
    assert not meets(box.inflate(6, 2), view.to_screen(*ball), view.ball_px), \
        (box, where)
    # Drawn on the table with the ball: the tag's box is off the ball there too.
    surf = pygame.Surface(size)
    drawn: list[pygame.Rect] = []
    real = table_marks.elevation_mark

    def spy(*args: object, **kw: object) -> object:
        out = real(*args, **kw)  # type: ignore[arg-type]
        drawn.append(out[3])
        return out

    table_marks.elevation_mark = spy  # type: ignore[assignment]
    try:
        table_marks.draw_stick(surf, view, at, [ball])
    finally:
        table_marks.elevation_mark = real  # type: ignore[assignment]
    assert drawn == [box]
