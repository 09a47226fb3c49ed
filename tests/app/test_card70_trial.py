"""The position editor's "Test a stroke" opens the position as one game of
practice: no race ("9-ball race to 5 · game 1" read as a match begun)."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.screens.practice.own_shot import PracticeAimMode, PracticePlaceMode
from tests.app.helpers import DT, click_button, drawn_words, frame, make_app
from tests.app.scenes import LANGS


@pytest.mark.parametrize("lang", LANGS)
def test_a_trial_stroke_is_one_game_not_a_race(lang: str) -> None:
    app = make_app(lang)
    try:
        app.go("menu")
        app.frame([], DT)
        click_button(app, app.t("menu.practice"))
        click_button(app, app.t("practice.editor"))
        mode = app.mode
        assert mode is not None
        mode.set_discipline("9-ball")  # type: ignore[attr-defined]
        frame(app, n=30)
        click_button(app, app.t("editor.test"))
        frame(app)  # (opened once its message is on the window)
        frame(app, n=3)
        assert isinstance(app.mode, PracticeAimMode | PracticePlaceMode), app.mode
        s = app.session
        assert s is not None and s.match.one_game
        said = drawn_words(app, folded=True)
        for n in (1, 5):
            race = " ".join(app.t("score.race", n=n, game=1).split())
            assert race not in said, said
        assert app.t("game.9-ball") in said
        assert not app.errors
    finally:
        pygame.display.quit()
