"""Play-test: the referee quiz drew the stroke's timeline with its red tick
(the ball that left the table, in the foul's colour) while "Was it a foul?"
was still open, which gave the answer away (8-ball rule 9: a ball driven
off the table is a foul). The foul's colour waits for that answer."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.replay.table_marks import FOUL
from simulator.app.screens.quiz import QuizMode
from tests.app.helpers import frame, key, make_app, quiz_on, quiz_ready


def foul_pixels(app: App, mode: QuizMode) -> int:
    """Pixels in the foul's colour on the timeline strip as last drawn."""
    assert mode.show is not None and mode.show.geometry is not None
    strip = mode.show.geometry.rect
    screen = pygame.display.get_surface()
    assert screen is not None
    return sum(1 for x in range(strip.left, strip.right)
               for y in range(strip.top, strip.bottom)
               if tuple(screen.get_at((x, y)))[:3] == FOUL)


@pytest.mark.parametrize("sid", ["8ball-ball-off-table-spotted",
                                 "8ball-cue-ball-off-table"])
def test_no_foul_colour_on_the_timeline_before_the_foul_question_is_answered(
        sid: str) -> None:
    app = make_app("en", size=(1280, 720))
    mode = quiz_on(app, sid, frames=90)
    assert mode.question.kind == "foul" and mode.phase == "asking"
    assert mode.show is not None
    assert not any(m.foul for m in mode.show.marks.marks)
    assert foul_pixels(app, mode) == 0
    quiz_ready(app)  # the answers are taken at the stroke's end
    assert foul_pixels(app, mode) == 0
    key(app, pygame.K_1)  # "Yes, a foul"
    frame(app, n=3)
    assert mode.phase == "answered" and mode.grades
    assert foul_pixels(app, mode) > 0  # the ball's exit in the foul's colour again
    pygame.display.quit()
