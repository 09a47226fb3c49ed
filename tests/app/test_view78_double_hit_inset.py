"""General rule 20, the gallery's double hit held at the foul: the
inset's panels covered the 8, a ball not in the stroke, at 1280x720 and
800x500 (the second panel's caption, «touched again after 5 ms, the ball
had moved 2.1 mm», wrapped to three lines and made the inset too tall for
the free cloth); and that caption had no subject. It says who touched
what ("the tip met the ball again 5 ms later"; the way the ball had gone
is the panel's own "2.1 mm"), and no ball on the table is under the
inset."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.text.i18n import Locale
from tests.app.helpers import drawn_lines, frame, make_app, open_gallery

SUBJECT = {"en": "the tip ", "ru": "наклейка "}


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_inset_covers_no_ball_and_its_caption_names_the_tip(
        lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        g = open_gallery(app, "gallery-double-hit", to_foul=True)
        frame(app)
        inset = g.show.inset
        assert inset is not None and len(inset.panels) == 2
        r = g.view.ball_px
        for ball, (x, y, _z) in g.player.positions().items():
            sx, sy = g.view.to_screen(x, y)
            assert not inset.rect.inflate(2 * r, 2 * r).collidepoint(sx, sy), \
                (ball, inset.rect)
        second = inset.panels[1]
        under = pygame.Rect(second.left, second.bottom, second.width,
                            inset.rect.bottom - second.bottom)
        caption = " ".join(drawn_lines(app, under))
        assert caption.startswith(SUBJECT[lang]), caption
        loc = Locale(lang)
        assert loc.t("tip_inset.again", ms="5", mm="2") == \
            loc.t("tip_inset.again", ms="5", mm="9")  # (the panel says the way)
    finally:
        pygame.display.quit()
