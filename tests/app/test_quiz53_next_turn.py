"""The quiz's intro asks "Foul or not? Who shoots next, and from where?":
the second part is asked as a referee answers it ("the opponent, ball in
hand anywhere"), judged by the referee's ruling of the stroke
and counted in the score like the first. It was asked as a player's name
("Player 2", whose stroke it was the class did not know) and the place on
its own. Driven by keys and clicks through the window's loop, read as
drawn."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.quiz import QuizMode, answer_label, score_of
from simulator.practice.quiz import TURN
from tests.app.helpers import (
    button_labels,
    click_button,
    drawn_words,
    frame,
    key,
    make_app,
    quiz_on,
    quiz_ready,
)
from tests.app.test_quiz41_reveals import answer_right

# What a referee says, by language: who, and from where.
SAYS = {"en": {"same:none": "The same player continues, from where the balls lie",
               "other:none": "The opponent, from where the balls lie",
               "other:anywhere": "The opponent, ball in hand anywhere",
               "other:kitchen": "The opponent, ball in hand behind the head string"},
        "ru": {"same:none": "Тот же игрок продолжает, биток там, где лежит",
               "other:none": "Соперник, биток там, где лежит",
               "other:anywhere": "Соперник, биток с руки в любое место",
               "other:kitchen": "Соперник, биток с руки из дома"}}
# The rule each situation's ruling cites, as the page quotes it.
RULES = {"8ball-scratch-after-pot": ("general rule 18", "общие правила, п.\u00a018"),
         "8ball-break-scratch": ("8-ball rule 5", "«Восьмёрка», п.\u00a05"),
         "9ball-legal-pot": ("9-ball rule 1", "«Девятка», п.\u00a01"),
         "8ball-double-hit-apart": ("general rule 4", "общие правила, п.\u00a04")}


def to_turn(app: App, sid: str) -> QuizMode:
    """The quiz at ``sid``, the questions before "Who shoots next, and from
    where?" answered right by their number keys."""
    mode = quiz_on(app, sid)
    key(app, pygame.K_SPACE)  # the stroke skipped to its end
    while mode.question.kind != TURN:
        answer_right(app, mode)
        key(app, pygame.K_RETURN)
        frame(app)
    quiz_ready(app)  # its stroke to its last event: the answers taken
    frame(app, n=40)  # past the click guard of the answers just shown
    return mode


def turn_asked(app: App, lang: str) -> None:
    """The question and the referee's answers are drawn, numbered."""
    text = drawn_words(app)
    assert app.t(f"quiz.{TURN}") in text, text
    labels = button_labels(app)
    for says in SAYS[lang].values():
        assert says in labels, labels


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("sid, right, wrong", [
    # General rule 18, 8-ball 11: a scratch, the opponent has ball in hand
    # anywhere.
    ("8ball-scratch-after-pot", "other:anywhere", "other:kitchen"),
    # 8-ball 5: a scratch on a legal break, ball in hand behind the head string.
    ("8ball-break-scratch", "other:kitchen", "other:anywhere"),
])
def test_a_scratch_asks_who_shoots_next_and_from_where(
        lang: str, sid: str, right: str, wrong: str) -> None:
    """Clicked, the right place is right, a wrong one wrong; either way the
    page gives the referee's answer and the rule of the ruling."""
    for given in (right, wrong):
        app = make_app(lang)
        try:
            mode = to_turn(app, sid)
            turn_asked(app, lang)
            before = score_of(app).right
            click_button(app, SAYS[lang][given])
            frame(app, n=2)
            assert mode.phase == "answered"
            assert mode.grades[-1].right is (given == right)
            assert score_of(app).right == before + (given == right)
            text = drawn_words(app)
            assert app.t("quiz.right" if given == right else "quiz.wrong") in text
            assert app.t("quiz.referee_answer", answer=SAYS[lang][right]) in text
            assert RULES[sid][lang == "ru"] in text, text
        finally:
            pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("sid, right", [
    ("9ball-legal-pot", "same:none"),  # 9-ball 1: a legal pot, play on
    ("8ball-double-hit-apart", "other:none"),  # general rule 4: a miss
])
def test_no_foul_the_same_player_continues_or_the_opponent_plays_as_they_lie(
        lang: str, sid: str, right: str) -> None:
    """By its number key; the other of the two is wrong."""
    other = "other:none" if right == "same:none" else "same:none"
    for given in (right, other):
        app = make_app(lang)
        try:
            mode = to_turn(app, sid)
            assert not mode.ruling.fouls
            turn_asked(app, lang)
            q = mode.question
            key(app, pygame.K_1 + q.choices.index(given))
            frame(app, n=2)
            assert mode.phase == "answered"
            assert mode.grades[-1].right is (given == right)
            text = drawn_words(app)
            assert app.t("quiz.your_answer", answer=SAYS[lang][given]) in text
            assert app.t("quiz.referee_answer", answer=SAYS[lang][right]) in text
            assert RULES[sid][lang == "ru"] in text, text
        finally:
            pygame.display.quit()


def test_the_score_counts_both_parts_as_the_page_says() -> None:
    """"Question 3 of 3": a foul named right, then a wrong "who and from
    where" is one of three wrong, in the situation's and the sitting's
    score."""
    app = make_app("en")
    try:
        mode = to_turn(app, "8ball-scratch-after-pot")
        assert [q.kind for q in mode.questions] == ["foul", "rule", TURN]
        text = drawn_words(app)
        assert "Question 3 of 3" in text and "Score 2/2" in text, text
        q = mode.question
        wrong = q.choices.index("same:none")
        assert answer_label(app, q, "same:none", mode.session.names) == \
            SAYS["en"]["same:none"]
        key(app, pygame.K_1 + wrong)
        frame(app, n=2)
        assert "Score 2/3" in drawn_words(app)
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        assert mode.phase == "done"
        text = drawn_words(app)
        assert "This situation: 2 of 3 right" in text and "Score 2/3" in text, text
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_decided_game_asks_no_rule_it_does_not_judge(lang: str) -> None:
    """8-ball 15: the 8 pocketed as called wins, nobody shoots next in that
    game; only "Was it a foul?" is judged, and the page asks only that
    (a list of one question, or "and under which rule?", promised more)."""
    app = make_app(lang)
    try:
        mode = quiz_on(app, "8ball-eight-win")
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        assert [q.kind for q in mode.questions] == ["foul"]
        text = drawn_words(app)
        # One question: no list of them before it.
        assert app.t("quiz.intro", asks=app.t("quiz.ask_foul")) not in text
        assert app.t("quiz.foul") in text, text
    finally:
        pygame.display.quit()
