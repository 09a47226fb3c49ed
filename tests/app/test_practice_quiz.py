"""The referee quiz driven headless: the stroke plays, answers are clicked,
graded against the referee's ruling, explained, and the sitting's score kept."""

from __future__ import annotations

import pygame

from simulator.app.loop.app import App
from simulator.app.screens.practice.memory import state_of
from simulator.app.screens.practice.scenario_list import PracticeListMode
from simulator.app.screens.quiz import QuizMode, answer_label, quiz_ids, start_quiz
from simulator.app.text.words import code_words
from simulator.practice.library import library
from simulator.practice.quiz import TURN
from tests.app.helpers import click_button, frame, key, make_app, quiz_ready


def _quiz_on(app: App, sid: str) -> QuizMode:
    lib = library()
    disc = lib.find(sid).discipline
    ids = quiz_ids(disc)
    app.switch(start_quiz(app, disc, ids.index(sid)))
    mode = app.mode
    assert isinstance(mode, QuizMode) and mode.sc.id == sid
    return mode


def test_answers_right_and_wrong_are_graded_and_explained(app: App) -> None:
    # 8-ball, groups chosen, the 8 hit first: a bad hit (8-ball rule 8,
    # general rule 16), the opponent shoots with ball in hand anywhere.
    click_button(app, "Practice")
    assert isinstance(app.mode, PracticeListMode)
    mode = _quiz_on(app, "8ball-eight-first-with-group")
    sc = mode.sc
    assert sc.expect["fouls"] == ["foul.bad_hit"]
    # The first question opens with its stroke playing.
    assert mode.phase == "asking" and mode.player is not None
    assert [q.kind for q in mode.questions] == ["foul", "rule", TURN]
    quiz_ready(app)  # the answers are taken at the stroke's end
    # Q1, right: it was a foul.
    click_button(app, "Yes, a foul")
    assert mode.phase == "answered"
    g = mode.grades[-1]
    assert g.right and mode.text_title() == "Right!"
    assert "The referee: Yes, a foul" in mode.feedback(g)
    assert state_of(app).quiz is not None and state_of(app).quiz.right == 1
    click_button(app, "Next question")
    quiz_ready(app)  # each question's stroke to its last event
    # Q2, wrong: pick a rule that was not broken.
    q = mode.question
    assert q.kind == "rule" and q.correct == frozenset({"foul.bad_hit"})
    wrong = next(c for c in q.choices if c not in q.correct and c != "none")
    click_button(app, answer_label(app, q, wrong, mode.session.names))
    g = mode.grades[-1]
    assert not g.right and mode.text_title() == "Wrong"  # (one answer: no "Not quite")
    fb = mode.feedback(g)
    assert code_words(app.locale, "foul.bad_hit") in fb  # the referee's answer
    assert "8-ball rule 8" in fb
    score = state_of(app).quiz
    assert score is not None and (score.right, score.asked) == (1, 2)
    assert "Score 1/2" in mode.score_line()
    # Q3 by the keyboard: 3 = the opponent, ball in hand anywhere.
    key(app, pygame.K_RETURN)
    assert mode.question.kind == TURN
    quiz_ready(app)
    key(app, pygame.K_3)
    frame(app)
    assert mode.grades[-1].right
    click_button(app, "See the explanation")
    assert mode.phase == "done"
    assert (score.right, score.asked) == (2, 3)
    # The score is kept for the sitting: the next situation starts from it.
    click_button(app, "Next situation")
    nxt = app.mode
    assert isinstance(nxt, QuizMode) and nxt.sc.id != sc.id
    assert state_of(app).quiz is score and "Score 2/3" in nxt.score_line()
    assert not app.errors


def test_the_incoming_players_options_are_picked_together() -> None:
    # 9-ball push-out: the incoming player may take the shot or hand it back
    # (9-ball rule 5); both must be picked for a right answer.
    app = make_app("ru")
    mode = _quiz_on(app, "9ball-push-out-hand-back")
    mode._ask()
    while mode.question.kind != "options":
        mode.answer([sorted(mode.question.correct)[0]])
        mode.next_question()
    frame(app)
    q = mode.question
    assert q.multiple and q.correct == {"take_push_out", "hand_back_push_out"}
    quiz_ready(app)
    click_button(app, app.t("choice.take_push_out"))
    frame(app)
    assert mode.phase == "asking"  # one option is not an answer yet
    click_button(app, app.t("choice.hand_back_push_out"))
    frame(app)
    click_button(app, "Ответить")
    assert mode.phase == "answered" and mode.grades[-1].right
    assert mode.text_title() == "Верно!"
    pygame.display.quit()
