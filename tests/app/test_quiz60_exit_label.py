"""The words of a ball off the table («вылетел», "left the table") lie on
the bed, clear of the rail and of the ball's path.

In the quiz they stood on the foot rail under the ring where the ball
crossed it, half on the wood and the cushion, at 800x500 and 1280x720
alike. Measured as drawn through the window's loop: the framed words' box
against the rails' (the table's outer rectangle less the bed inside the
cushion noses) and against the path of the ball that left."""

from __future__ import annotations

import itertools

import pygame
import pytest

from simulator.app.replay.table_marks import bed_box
from tests.app.helpers import frame, key, make_app, quiz_on, quiz_ready
from tests.app.scenes import LANGS

# General rule 23: the 11, and the 8 on the 8, driven off the foot rail.
SIDS = ("8ball-ball-off-table-spotted", "8ball-eight-off-table")


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("sid", SIDS)
def test_the_off_table_words_are_clear_of_the_rail_and_the_path(
        sid: str, lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        mode = quiz_on(app, sid, frames=2)
        quiz_ready(app)
        q = mode.question
        key(app, pygame.K_1 + q.choices.index(sorted(q.correct)[0]))
        frame(app, n=2)
        assert mode.phase == "answered"
        show = mode.show
        assert show is not None and len(show.exit_boxes) == 1
        box = show.exit_boxes[0]
        view = mode.view
        outer = view.outer_rect()
        bed = bed_box(view, show.marks.spec)
        # On the bed, whole: nothing of it on the cushion or the wood.
        assert bed.contains(box), (box, bed, outer)
        ex = show.marks.exits_until(None)[0]
        path = [view.to_screen(x, y) for x, y in show.marks.trail(ex.ball)]
        crossing = [(p, q) for p, q in itertools.pairwise(path)
                    if box.inflate(4, 4).clipline(p, q)]
        assert not crossing, (box, crossing[:3])
        # Drawn there: the frame's colour at its edge, the cloth's not.
        edge = app.screen.get_at((box.centerx, box.top))[:3]
        cloth = app.screen.get_at((bed.centerx, bed.top + 3))[:3]
        assert edge != cloth
    finally:
        pygame.display.quit()
