"""General rule 20, the foul gallery's double hit: at 800x500 its two
close-up panels lay over the right half of the table at the foul, over the
way the cue ball and the 3 go on. The inset covers no ball involved (the
cue ball, the 3) and no point of their paths, nor the stick's end, made
smaller where the table has no room; at 800x500 and 1280x720."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import frame, make_app, open_gallery


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
def test_the_double_hits_panels_leave_the_balls_and_their_paths_in_sight(
        size: tuple[int, int]) -> None:
    app = make_app("en", size)
    try:
        g = open_gallery(app, "gallery-double-hit", to_foul=True)
        frame(app)
        inset = g.show.inset
        assert inset is not None and len(inset.panels) == 2
        r = g.view.ball_px
        marks = g.show.marks
        for ball in (0, 3):
            x, y, _z = g.player.positions()[ball]
            sx, sy = g.view.to_screen(x, y)
            disc = pygame.Rect(round(sx - r), round(sy - r), round(2 * r), round(2 * r))
            assert not inset.rect.colliderect(disc), (ball, inset.rect, disc)
            # Its path, as the replay draws it on: none of it under the inset.
            for px, py in marks.trail(ball):
                assert not inset.rect.collidepoint(g.view.to_screen(px, py)), (
                    ball, inset.rect)
        # The words whole: the double hit's times and the clean stroke's.
        assert inset.contacts and len(inset.contacts) == 2
    finally:
        pygame.display.quit()
