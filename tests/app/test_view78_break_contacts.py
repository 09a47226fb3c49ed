"""A break replay's contact numbers piled up over the rack, unreadable:
the first three and the cue ball's touches back into the rack, side by
side. On a busy shot the window draws in the rack only the first contact,
those a foul names and the latest; the timeline still marks every one."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.replay.shotmarks import RACK_REACH
from tests.app.helpers import frame, make_app, open_gallery


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_a_breaks_rack_shows_the_first_contact_alone(size: tuple[int, int]) -> None:
    app = make_app("en", size)
    try:
        g = open_gallery(app, "gallery-nine-break-not-one")
        show = g.show
        marks = show.marks
        assert marks.busy
        pb = show.playback
        pb.paused = True
        pb.seek(pb.end_time)
        frame(app, n=2)
        boxes = dict(show.contact_boxes)
        first = marks.contacts[0]
        fouls = {c.n for c in marks.contacts if c.event_index in marks.foul_events}
        assert {1, *fouls} <= set(boxes)
        reach = RACK_REACH * show.spec.balls.radius
        shown = marks.contacts_until(pb.time)
        in_rack = [c.n for c in shown if c.n in boxes and c.n not in fouls
                   and c is not shown[-1]
                   and math.hypot(c.x - first.x, c.y - first.y) < reach]
        assert set(in_rack) <= {1}, in_rack
        # Elsewhere the numbers stay (the cue ball's cushions).
        assert any(math.hypot(c.x - first.x, c.y - first.y) >= reach
                   for c in shown if c.n in boxes)
        # Stepped to a contact in the rack, it is drawn (the latest).
        crowd = sorted(marks.rack_crowd)
        assert crowd
        at = next(c for c in marks.contacts if c.n == crowd[0])
        pb.seek(at.time)
        frame(app)
        assert crowd[0] in dict(show.contact_boxes)
    finally:
        pygame.display.quit()
