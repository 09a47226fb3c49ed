"""Every button of the practice and match screens shows its key, and the
key does what the button does: the quiz's result offered "Again: the 1
missed" and "A new sitting of all" with no key beside them while every
other button showed one (a click the one way on). They take A and N:
letters no question used (1-9, Enter and Space went through the questions
and pass the result by nothing)."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens import quiz as quiz_screen
from simulator.app.screens.quiz import QuizMode, score_of
from tests.app.helpers import answer_until_done, frame, key, make_app, run_until
from tests.app.scenes import LANGS
from tests.app.test_playfix11_game_end import (
    CUE,
    NEAR_POCKET,
    position_match,
    pot_into_foot_right,
)

SITTING = ["8ball-push-shot", "8ball-eight-early"]


def keyless(app: App) -> list[str]:
    """The buttons drawn in the last frame that take a click and show no key."""
    frame(app)
    return [b.label for b in app.buttons if b.enabled and not b.key]


def _at_the_result(app: App, monkeypatch: pytest.MonkeyPatch) -> QuizMode:
    """A sitting of two 8-ball situations, the first answered right, the
    second wrong: its result, one situation to go over again."""
    monkeypatch.setattr(quiz_screen, "quiz_ids", lambda discipline: list(SITTING))
    monkeypatch.setattr(quiz_screen, "sitting_order",
                        lambda ids, first, seed: list(ids))
    app.switch(quiz_screen.start_quiz(app, "8-ball"))
    frame(app)
    answer_until_done(app, right=True)
    key(app, pygame.K_RETURN)
    frame(app, n=2)
    answer_until_done(app, right=False)
    key(app, pygame.K_RETURN)
    frame(app, n=2)
    mode = app.mode
    assert isinstance(mode, QuizMode) and mode.phase == "over"
    return mode


@pytest.mark.parametrize("lang", LANGS)
def test_the_quiz_results_buttons_show_their_keys_and_the_keys_go_again(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(lang, (800, 500))
    t = app.t
    try:
        mode = _at_the_result(app, monkeypatch)
        assert keyless(app) == []
        keys = {b.ident: b.key for b in app.buttons}
        assert keys["again_missed"] == "A" and keys["again_all"] == "N", keys
        # A: the one missed again, a score of its own.
        key(app, pygame.K_a)
        frame(app, n=2)
        again = app.mode
        assert isinstance(again, QuizMode) and again is not mode
        assert again.ids == [SITTING[1]] and score_of(app).asked == 0
        # N at that sitting's result: a new sitting of all of its situations.
        answer_until_done(app, right=True)
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        over = app.mode
        assert isinstance(over, QuizMode) and over.phase == "over"
        assert t("quiz.again_missed", n=1) not in [b.label for b in app.buttons]
        assert keyless(app) == []
        key(app, pygame.K_n)
        frame(app, n=2)
        assert isinstance(app.mode, QuizMode) and app.mode is not over
        assert app.mode.phase != "over" and app.mode.ids == [SITTING[1]]
    finally:
        pygame.display.quit()


def test_the_practice_and_match_screens_buttons_all_show_a_key() -> None:
    """The practice list, a match's aiming screen and its game's end: no
    button that takes a click without a key beside it."""
    app = make_app("en", (800, 500))
    try:
        app.go("practice")
        frame(app, n=2)
        assert keyless(app) == [], "practice"
        s = position_match(app, "9-ball", {0: CUE, 9: NEAR_POCKET})
        assert keyless(app) == [], "aiming"
        pot_into_foot_right(app, 9)
        run_until(app, lambda: app.mode is not None and app.mode.name == "game_end")
        assert s.match.ended_game is not None
        assert keyless(app) == [], "game end"
    finally:
        pygame.display.quit()
