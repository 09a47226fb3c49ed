"""What a player reads at the table before and after a stroke: the key line
says Space shoots; a tip set where a miscue is likely is marked before the
stroke; a foul between two people at one window waits to be read by the
incoming player; a save made after a called foul loads with its card."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.text import ui
from tests.app.helpers import frame, key
from tests.app.test_pull_back import aiming_app

SPACE_SHOOTS = {"en": ("Space: shoot", "or Space"),
                "ru": ("пробел: удар", "или пробел")}


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (800, 500))])
def test_the_key_line_says_space_shoots(lang: str, size: tuple[int, int]) -> None:
    app = aiming_app(lang, size)
    frame(app, n=2)
    drawn = " ".join(t.text for t in ui.FRAME.texts)
    assert any(w in drawn for w in SPACE_SHOOTS[lang]), drawn
    frame(app, n=30)  # (the turn's first moment takes no stroke key)
    key(app, pygame.K_SPACE)
    assert app.mode is not None and app.mode.name == "playing"  # as it says
    pygame.display.quit()
