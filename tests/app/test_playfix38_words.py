"""Play-test 38's words: the practice screen's «Сыграть этот удар» (it said
«Сыграть самому», a man's form), and a single elimination's match codes
without the upper bracket's letter («В»: there is no lower bracket)."""

from __future__ import annotations

import re

import pygame
import pytest

from tests.app.helpers import button_labels, frame, make_app

LOW = (800, 500)
SIZES = [(1280, 720), LOW]


@pytest.mark.parametrize("size", SIZES)
def test_the_practice_screen_offers_the_stroke_without_a_gender(
        size: tuple[int, int]) -> None:
    """A situation opened in Russian: its button and key line offer «Сыграть
    этот удар», whole, and nothing on the screen says «самому» (a man's
    form: a woman plays it too)."""
    from simulator.app.screens.practice.scenario import ScenarioMode
    from simulator.practice.library import load
    app = make_app("ru", size)
    try:
        app.switch(ScenarioMode(app, load("9ball-legal-pot")))
        frame(app, n=2)
        assert "Сыграть этот удар" in button_labels(app), button_labels(app)
        shown = [t for t in app.texts if "этот удар" in t.text]
        assert shown and not [t.text for t in shown if t.cut], shown
        said = " ".join(t.shown for t in app.texts).lower()
        assert not re.search(r"(?<![а-яё])сам(ому|а|ой)?(?![а-яё])", said), said
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_single_elimination_says_its_matches_without_a_bracket_letter(
        lang: str, size: tuple[int, int]) -> None:
    """A knock-out of four, one match played: its matches' card says «1-1»,
    «2-1», not «В1-1» (the upper bracket's letter, said where there is no
    lower one), and the next match's line says «(1-2)»."""
    from tests.app.test_playfix19d import bracket_lines, evening_on_screen
    app = evening_on_screen(lang, size, "single-elimination",
                            ["Анна", "Борис", "Вера", "Глеб"], 1)
    try:
        lines = bracket_lines(app)
        letter = {"ru": "В", "en": "W"}[lang]
        coded = [ln for ln in lines if re.match(r"\d-\d ", ln)]
        assert {ln[:3] for ln in coded} >= {"1-1", "1-2", "2-1"}, lines
        assert not [ln for ln in lines if re.match(letter + r"\d-\d", ln)], lines
        said = " ".join(t.shown for t in app.texts)
        assert "(1-2)" in said and f"({letter}1-2)" not in said, said
    finally:
        pygame.display.quit()
