"""The quiz took its answers while the stroke still played: at 1/4 "Was it
a foul?" was answered with the cue ball halfway down the table, before the
deciding contact. The answers wait for the stroke's end (Space skips to
it), their buttons greyed until then. And a stroke without a foul, asked
who shoots next and from where, said only that the turn passed (general
rule 4), nothing against ball in hand: the incoming player takes the table
as it lies (general rule 30). Driven by keys and clicks through the
window's loop, read as drawn."""

from __future__ import annotations

import pygame
import pytest

from simulator.practice.quiz import TURN
from tests.app.helpers import (
    click,
    drawn_words,
    frame,
    key,
    make_app,
    quiz_on,
    quiz_ready,
)

SID = "8ball-kitchen-by-the-foot-rail"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_answers_wait_for_the_stroke_to_its_end(lang: str) -> None:
    app = make_app(lang)
    try:
        mode = quiz_on(app, SID, frames=30)
        assert mode.player is not None and not mode.player.done
        said = app.t("quiz.watch_first")
        q = mode.question
        # Drawn greyed while the stroke plays.
        assert not any(b.enabled for b in mode.choice_buttons.values())
        key(app, pygame.K_1)
        frame(app, n=2)
        assert mode.phase == "asking" and not mode.grades
        assert app.toast is not None and app.toast[0] == said
        app.toast = None
        b = mode.choice_buttons[q.choices[0]]
        click(app, b.rect.center)
        frame(app, n=2)
        assert mode.phase == "asking" and not mode.grades
        assert app.toast is not None and app.toast[0] == said
        # Space skips to the end: the answers are taken.
        key(app, pygame.K_SPACE)
        frame(app)
        assert all(b.enabled for b in mode.choice_buttons.values())
        key(app, pygame.K_1)
        frame(app, n=2)
        assert mode.phase == "answered" and len(mode.grades) == 1
        # The next question plays the stroke again, and "watch again" too:
        # each play waits for its last event as the first did (answers of
        # the second question were taken mid-stroke).
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        assert mode.phase == "asking" and mode.k == 1
        key(app, pygame.K_r)
        frame(app, n=3)
        assert mode.player is not None and not mode.player.done
        assert not any(b.enabled for b in mode.choice_buttons.values())
        key(app, pygame.K_SPACE)
        frame(app)
        assert all(b.enabled for b in mode.choice_buttons.values())
        key(app, pygame.K_1)
        frame(app, n=2)
        assert mode.phase == "answered" and len(mode.grades) == 2
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang, rule", [("en", "general rule 30"),
                                        ("ru", "общие правила, п. 30")])
def test_no_foul_says_no_ball_in_hand_under_who_and_where(lang: str, rule: str
                                                          ) -> None:
    """8-ball situation 20: a legal miss from the kitchen; the answer "ball
    in hand behind the head string" is told why not (general rule 30: the
    opponent takes the position as it lies)."""
    app = make_app(lang)
    try:
        mode = quiz_on(app, SID)
        key(app, pygame.K_SPACE)
        while mode.question.kind != TURN:
            q = mode.question
            quiz_ready(app)  # each question's stroke to its last event
            key(app, pygame.K_1 + q.choices.index(sorted(q.correct)[0]))
            frame(app, n=2)
            assert mode.phase == "answered" and mode.grades[-1].right
            key(app, pygame.K_RETURN)
            frame(app, n=2)
        q = mode.question
        assert q.correct == {"other:none"}
        quiz_ready(app)
        key(app, pygame.K_1 + q.choices.index("other:kitchen"))
        frame(app, n=2)
        assert mode.phase == "answered" and not mode.grades[-1].right
        text = drawn_words(app, folded=True)
        line = f"{app.t('quiz.no_hand_as_lies')} ({rule})"
        assert line in text, text
    finally:
        pygame.display.quit()
