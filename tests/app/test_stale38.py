"""Play-test 38: a card that no longer applies goes (what an undo took back,
once the next stroke is played)."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import frame, key, make_app, move, run_until, scenario_match
from tests.app.scenes import LANGS
from tests.app.test_playfix6_match import side_words
from tests.app.test_playfix17b import BALLS, _point, _stroke, _texts


def _drawn(app: App) -> str:
    return " ".join(_texts(app))


# -- 1. the undo's card and toast go with the next stroke -----------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_taken_back_card_goes_with_the_next_stroke(lang: str) -> None:
    """Anna plays, takes it back (U): "Taken back" is on the card and the
    toast names the stroke undone. She plays again at once: while the balls
    run nothing says the stroke was taken back, and after it the column
    shows the new stroke's ruling, not the undo's card."""
    app = make_app(lang)
    try:
        scenario_match(app, "9-ball", BALLS)
        s = app.session
        assert s is not None
        _stroke(app, s)
        key(app, pygame.K_u)
        frame(app)
        undone = app.t("undo.done", what=app.t("undo.step.shot", name="Anna"))
        title = app.t("undo.card_title")
        assert undone in _drawn(app) and title in side_words(app)
        steps = len(s.match.history)
        lowest = min(b for b in s.table.on_table() if b != 0)
        move(app, _point(app.mode, *s.table.position(lowest)))
        key(app, pygame.K_SPACE)
        frame(app)
        assert app.mode is not None and app.mode.name == "playing"
        assert undone not in _drawn(app) and title not in side_words(app)
        run_until(app, lambda: len(s.match.history) > steps and app.mode is not None
                  and app.mode.name in ("aiming", "placing"), limit=1500)
        frame(app)
        assert s.banner is not None and s.banner.title in side_words(app)
        assert undone not in _drawn(app) and title not in side_words(app)
    finally:
        pygame.display.quit()
