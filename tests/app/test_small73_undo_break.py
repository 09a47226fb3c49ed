"""Anna's break went into a head corner pocket (a scratch on the break);
U took it back, but to the placing screen: her stroke's aim came back
only after Enter put the cue ball down. Undo gives back the position
before the break with the cue ball where she struck it from and her
stroke as played on show at once, as after any other shot taken back
(B still picks the ball up)."""

from __future__ import annotations

import math
from dataclasses import replace

import pygame
import pytest

from simulator.app.table.aim import angle_to
from tests.app.helpers import (
    count_stick_and_line,
    frame,
    key,
    make_app,
    run_until,
    strike,
    to_the_break,
)


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)], ids=("1280x720", "800x500"))
def test_undo_of_a_scratched_break_shows_the_stroke_at_once(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    sticks, _lines = count_stick_and_line(monkeypatch)
    app = make_app("en", size)
    try:
        s = to_the_break(app, ["Anna", "Boris"], "8-ball", {"race_to": 2})
        assert app.mode is not None and app.mode.name == "aiming"
        cue = s.cue_pos()
        assert cue is not None
        head_corner = (0.0, 0.0)
        s.aim = replace(s.aim, angle=angle_to(cue, head_corner), power=0.3)
        frame(app, n=30)
        ruling = strike(app)
        assert "foul.scratch" in {f.code.id for f in ruling.fouls}, ruling
        frame(app, n=30)
        sticks.clear()
        key(app, pygame.K_u)
        run_until(app, lambda: app.mode is not None and app.mode.name in (
            "aiming", "placing"), limit=600)
        frame(app, n=2)
        assert not s.match.history
        assert app.mode is not None and app.mode.name == "aiming", app.mode
        back = s.cue_pos()
        assert back is not None and math.dist(back, cue) < 1e-6
        assert s.aim.angle == pytest.approx(angle_to(cue, head_corner), abs=0.01)
        assert sticks and sticks[-1] == pytest.approx(s.aim.angle)  # on show
        key(app, pygame.K_b)  # the ball picked up again
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "placing"
    finally:
        pygame.display.quit()
