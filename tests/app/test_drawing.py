"""Ball pictures are shaded once per ball and orientation step and then
blitted: a ball rolling round a second time shades nothing new, a frame
shades at most a few, and the step a picture shows is within its size of
the ball's true orientation."""

from __future__ import annotations

import math

import numpy as np
import pygame

from simulator.app.table.balls3d import (
    BUDGET,
    RollingBalls,
    _rotation,
    orientation_step,
    step_orientation,
)
from simulator.table.specs import table_by_name
from tests.app.helpers import make_app


def test_a_step_is_near_the_true_orientation() -> None:
    rng = np.random.default_rng(3)
    worst = 0.0
    for _ in range(300):
        axis = rng.normal(size=3)
        o = _rotation(axis / np.linalg.norm(axis), float(rng.uniform(0, 2 * math.pi)))
        c = step_orientation(orientation_step(o))
        assert abs(np.linalg.det(c) - 1.0) < 1e-9
        cos = (np.trace(c.T @ o) - 1) / 2
        worst = max(worst, math.degrees(math.acos(max(-1.0, min(1.0, cos)))))
    assert worst < 12.0


def test_a_rolling_ball_reuses_its_pictures() -> None:
    app = make_app()
    try:
        spec = table_by_name("pool_9ft")
        balls = RollingBalls(spec, 9.0)
        r = spec.balls.radius
        turn = 2 * math.pi * r  # one revolution
        steps = 400
        painted = []
        for lap in range(2):
            before = balls.painted
            for i in range(steps + 1):
                balls.new_frame()
                balls.image(3, 0.5 + lap * turn + turn * i / steps, 0.6)
            painted.append(balls.painted - before)
        assert painted[0] > 5, "the first revolution shades its steps"
        assert painted[1] <= 1, "the second finds them kept"
    finally:
        pygame.display.quit()


def test_a_frame_shades_at_most_its_budget() -> None:
    app = make_app()
    try:
        spec = table_by_name("pool_9ft")
        balls = RollingBalls(spec, 9.0)
        pos = {b: (0.3 + 0.1 * b, 0.6) for b in spec.balls.ids}
        for b, p in pos.items():
            balls.image(b, *p)
        balls.new_frame()
        before = balls.painted
        for b, (x, y) in pos.items():  # every ball turns a quarter at once
            balls.image(b, x + 0.045, y)
        assert balls.painted - before == BUDGET
        # The others show their last picture and catch up on later frames.
        for _ in range(len(pos)):
            balls.new_frame()
            for b, (x, y) in pos.items():
                balls.image(b, x + 0.045, y)
        assert not balls.stale
    finally:
        pygame.display.quit()
    _ = app
