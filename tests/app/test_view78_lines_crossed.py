"""The timeline's legend says its dotted ticks are "a line crossed", and
no line was drawn on the table: players looked for it. Each line a ball
has crossed by the clock is dotted on the bed as its ticks are on the
bar, in their colour; none before the first crossing."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.replay.table_marks import KIND_COLOURS, crossed_lines, line_ends
from simulator.table.events import EventKind
from tests.app.helpers import frame, make_app, open_gallery

COLOUR = KIND_COLOURS[EventKind.LINE_CROSSED]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_line_crossed_is_dotted_on_the_table(lang: str) -> None:
    app = make_app(lang, (1280, 720))
    try:
        g = open_gallery(app, "gallery-nine-wrong-ball")
        show, view = g.show, g.view
        crossing = [m for m in show.marks.marks if m.kind is EventKind.LINE_CROSSED]
        assert crossing
        first = min(m.time for m in crossing)
        assert crossed_lines(show.marks, first - 1e-3) == []
        show.jump(crossing[-1])  # (stood on the last crossing)
        lines = crossed_lines(show.marks, show.playback.time)
        assert lines
        frame(app)
        for line in lines:
            a, b = (view.to_screen(*p) for p in line_ends(show.spec, line))
            n = 200
            lit = sum(
                1 for i in range(n + 1)
                for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                if tuple(app.screen.get_at((
                    round(a[0] + (b[0] - a[0]) * i / n) + dx,
                    round(a[1] + (b[1] - a[1]) * i / n) + dy)))[:3] == COLOUR)
            assert lit >= 40, (line, lit)
    finally:
        pygame.display.quit()
