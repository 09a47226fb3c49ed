"""Play-test 35's cards (wave 45): the person's choice takes no number for a
moment from the frame that first shows it, the match's end and concede cards
stay off the table, a click on a ball with a safety declared aims at it."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import frame, key
from tests.app.scenes import LANGS, open_scene

# -- 1. the choice's guard runs from its first drawn frame ----------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_key_as_the_choice_first_shows_chooses_nothing_however_late(
        lang: str) -> None:
    """Express, the computer's foul: the person's choice (SEED-E 2.6) came up
    on a loaded machine long after it was made, and a "1" pressed as it
    appeared chose at once. Made long before its first frame, it still takes
    no number in the frames right after that frame; after ui.FRESH it does."""
    from simulator.app.text import ui
    from tests.app.helpers import DT
    app = open_scene("choice", "express", lang, players="cpu:club,Anna",
                     frames=0)
    try:
        s = app.session
        assert s is not None and s.req is not None and s.req.pending
        pending = list(s.req.pending)
        assert app.dialogs and app.dialogs[-1].kind == "choice"
        app.elapsed += 5.0  # (the machine busy: no frame drawn for 5 s)
        frame(app)  # the first frame that shows the card
        key(app, pygame.K_1)
        assert s.req is not None and list(s.req.pending) == pending
        assert app.dialogs and app.dialogs[-1].kind == "choice"
        frame(app, n=int(ui.FRESH / DT) + 1)
        key(app, pygame.K_1)
        assert s.req is None or list(s.req.pending) != pending
    finally:
        pygame.display.quit()

