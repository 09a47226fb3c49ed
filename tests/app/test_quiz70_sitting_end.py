"""The referee quiz went round to "Situation 1" again after its last
situation, the score running on (a class of 11 situations read "Score
8/28" at "Situation 1 of 11"): a sitting ends. After the last situation's
explanation Enter shows the result (the answers right, the situations
answered all right, those to go over again by name), which waits for a
click (Enter does not pass it by) to go again over the missed ones with a
score of their own; Esc goes back."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.screens import quiz as quiz_screen
from simulator.app.screens.quiz import QuizMode, score_of
from simulator.practice.library import load
from tests.app.helpers import (
    answer_until_done,
    button_labels,
    click_button,
    drawn_words,
    frame,
    key,
    make_app,
)
from tests.app.scenes import LANGS

# Two 8-ball situations: a sitting of two.
SITTING = ["8ball-push-shot", "8ball-eight-early"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_sitting_ends_with_its_result_and_goes_over_the_missed(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(quiz_screen, "quiz_ids", lambda discipline: list(SITTING))
    monkeypatch.setattr(quiz_screen, "sitting_order",
                        lambda ids, first, seed: list(ids))
    app = make_app(lang, (1280, 720))
    t = app.t
    try:
        app.switch(quiz_screen.start_quiz(app, "8-ball"))
        frame(app)
        answer_until_done(app, right=True)
        assert t("quiz.next_situation") in button_labels(app)
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        mode = app.mode
        assert isinstance(mode, QuizMode) and mode.sc.id == SITTING[1]
        answer_until_done(app, right=False)
        # The last situation's explanation offers the result, not a next one.
        assert t("quiz.see_result") in button_labels(app)
        assert t("quiz.next_situation") not in button_labels(app)
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        assert app.mode is mode and mode.phase == "over"
        score = score_of(app)
        words = drawn_words(app, folded=True)
        assert t("quiz.over_title") in words
        assert t("quiz.over_score", right=score.right, asked=score.asked,
                 p=round(score.percent)) in words
        assert t("quiz.over_clean", n=1, of=2) in words
        missed_title = load(SITTING[1]).title.get(lang)
        assert missed_title in words
        assert load(SITTING[0]).title.get(lang) not in words
        # No wrap to situation 1 of the same sitting with the score running on.
        assert t("quiz.situation_of", n=1, of=2) not in words
        assert t("quiz.again_missed", n=1) in button_labels(app)
        # The table's keys replay nothing here.
        key(app, pygame.K_r)
        frame(app, n=2)
        assert app.mode is mode and mode.phase == "over" and mode.player is None
        # Enter (the key that went through the questions) does not pass the
        # result by; a click goes again over the one missed, with a score of
        # its own.
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        assert app.mode is mode and mode.phase == "over"
        click_button(app, t("quiz.again_missed", n=1))
        frame(app, n=2)
        again = app.mode
        assert isinstance(again, QuizMode) and again is not mode
        assert again.ids == [SITTING[1]] and again.sc.id == SITTING[1]
        assert score_of(app).asked == 0
        assert t("quiz.situation_of", n=1, of=1) in drawn_words(app, folded=True)
        answer_until_done(app, right=True)
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        assert again.phase == "over"
        assert t("quiz.over_all_right") in drawn_words(app, folded=True)
        key(app, pygame.K_ESCAPE)
        frame(app, n=2)
        assert not isinstance(app.mode, QuizMode)
        assert not app.errors
    finally:
        pygame.display.quit()
