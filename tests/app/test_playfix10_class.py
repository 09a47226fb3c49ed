"""Defects a play-tester found in the quiz and the hint, driven through the
window's own loop with synthetic events."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.practice.practice_screen import table_positions
from simulator.app.screens.quiz import ANSWER_GUARD, QuizMode, quiz_ids, start_quiz
from simulator.app.text.words import discipline_label
from simulator.practice.library import library
from tests.app.helpers import DT, click_button, frame, key, make_app, run_until

E = pygame.event.Event


def _quiz_on(app: App, sid: str) -> QuizMode:
    disc = library().find(sid).discipline
    ids = quiz_ids(disc)
    app.switch(start_quiz(app, disc, ids.index(sid)))
    mode = app.mode
    assert isinstance(mode, QuizMode) and mode.sc.id == sid
    frame(app, n=3)
    return mode


def _button(app: App, label: str) -> pygame.Rect:
    return next(b.rect for b in app.buttons if b.label == label)


def _drawn(app: App) -> str:
    return " ".join(" ".join(r.text for r in app.texts).split())


def _press(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [E(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            E(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


@pytest.mark.parametrize("same_frame", [False, True], ids=["next frame", "same frame"])
def test_the_click_that_skips_the_stroke_answers_nothing(same_frame: bool) -> None:
    """A double click on "Skip to the ruling": "No foul" comes up where the
    button was, under the cursor, and the second click was taken as the
    answer to "Was it a foul?". Only a click after a short guard answers."""
    app = make_app("en")
    try:
        mode = _quiz_on(app, "8ball-eight-first-with-group")
        skip = _button(app, app.t("practice.skip"))
        pos = skip.center
        frame(app, E(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        if same_frame:
            frame(app, *_press(pos), *_press(pos))
            frame(app)
        else:
            frame(app, *_press(pos))
            assert mode.phase == "asking"
            assert _button(app, app.t("quiz.no_foul")).collidepoint(pos)
            frame(app, *_press(pos))
        assert mode.phase == "asking" and not mode.grades
        # Read, then the answer clicked where the cursor is: taken.
        frame(app, n=int(ANSWER_GUARD / DT) + 2)
        assert _button(app, app.t("quiz.no_foul")).collidepoint(pos)
        frame(app, *_press(pos))
        assert mode.phase == "answered" and len(mode.grades) == 1
        assert mode.grades[0].answer == {"no"}
        assert not app.errors
    finally:
        pygame.display.quit()


def test_an_answer_clicked_elsewhere_is_taken_at_once() -> None:
    """The guard is only for the cursor left where the answers came up: an
    answer the cursor moves to is taken (keys are never held back)."""
    app = make_app("en")
    try:
        mode = _quiz_on(app, "8ball-eight-first-with-group")
        key(app, pygame.K_SPACE)
        assert mode.phase == "asking"
        click_button(app, app.t("quiz.yes_foul"))
        assert mode.phase == "answered" and mode.grades[0].right
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("skip", ["click", "watched"])
def test_the_questions_are_asked_over_the_table_the_stroke_left(skip: str) -> None:
    """The 8 called in one pocket drops in another: skipped (a click on
    "Skip to the ruling") or watched to its end, the table showed the
    position before the stroke. The questions are about the stroke's end:
    the balls where they stopped, the 8 gone."""
    app = make_app("en")
    try:
        mode = _quiz_on(app, "8ball-eight-wrong-pocket")
        start = table_positions(mode.sc.position)
        end = table_positions(mode.shot.final)
        assert 8 in start and 8 not in end
        if skip == "click":
            click_button(app, app.t("practice.skip"))
        else:
            run_until(app, lambda: mode.phase == "asking", limit=4000)
        frame(app)
        assert mode.phase == "asking" and mode.player is None
        shown = dict(mode.ball_positions())
        assert shown.keys() == end.keys()
        assert all(abs(shown[b][0] - end[b][0]) < 1e-9 and
                   abs(shown[b][1] - end[b][1]) < 1e-9 for b in end)
        # Still so once answered, before the next question.
        key(app, pygame.K_2)
        frame(app)
        assert mode.phase == "answered"
        assert dict(mode.ball_positions()).keys() == end.keys()
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_quiz_situation_is_titled_by_its_game_and_what_happens(lang: str) -> None:
    """The heading said "Situation 3 of 25: 8-ball, a shot in play": it names
    the game and what happens, as the gallery does; the number of the
    situation stays in the text. A title that names the foul ("...: a
    double hit") is replaced by what happens, without the ruling."""
    app = make_app(lang)
    try:
        mode = _quiz_on(app, "8ball-eight-wrong-pocket")
        game = discipline_label(app.locale, "8-ball")
        own = mode.sc.title.get(lang)
        want = f"{game}: {own[:1].lower()}{own[1:]}"
        assert mode.side_title == want
        assert want in _drawn(app)
        assert app.t("quiz.situation_of", n=1, of=len(mode.ids)) in _drawn(app)
        key(app, pygame.K_SPACE)
        frame(app)
        assert mode.side_title == want and want in _drawn(app)
        assert app.t("quiz.situation_of", n=1, of=len(mode.ids)) in _drawn(app)

        mode = _quiz_on(app, "8ball-double-hit")
        sc = mode.sc
        assert sc.question is not None and sc.question.title is not None
        what = sc.question.title.get(lang)
        assert mode.side_title == f"{game}: {what[:1].lower()}{what[1:]}"
        key(app, pygame.K_SPACE)
        frame(app)
        shown = _drawn(app)
        assert mode.side_title in shown
        assert sc.title.get(lang) not in shown  # "...: a double hit"
        assert not app.locale.fallbacks
    finally:
        pygame.display.quit()
