"""The referee quiz at 800x500 and its answers' words, as a player found them:

1. in Russian the rule question was never seen under a side view: the
   column showed the side view, "4 more lines below", then the answers;
   Down counted the lines and showed none, the wheel over the column did
   nothing. The side view gives way to the question (smaller, or left out),
   the text opens at the question, and Down and the wheel scroll it;
2. the answers stood in a grid without their number keys after a side view:
   one column with the keys on every question;
3. the weak break said three things of its cushions ("too few balls",
   "fewer than four", "no cushion contact"): it says the count 8-ball rule 5
   reads, no object ball to a cushion, everywhere;
4. a set of answers counted wrong named nothing missed; "Not quite" was said
   on a plain yes/no miss; "choose all that apply" said not how many; a
   ticked answer under the pointer showed the hover's colour;
5. Esc left a sitting at once (its score lost): it asks; the score was
   said three times at 800x500 and the strip's key line was pushed out."""

from __future__ import annotations

import pygame
import pytest

from rules.questions import facts
from simulator.app.loop.app import App
from simulator.app.screens.quiz import QuizMode, answer_label
from simulator.app.text import ui
from simulator.practice.quiz import NO, YES
from tests.app.helpers import (
    answer,
    button_labels,
    click_button,
    drawn_lines,
    drawn_words,
    fold,
    frame,
    key,
    make_app,
    move,
    quiz_at,
    quiz_on,
    quiz_ready,
)
from tests.app.scenes import LANGS

SMALL = (800, 500)
# Situations whose later questions open under a side view (a ball in the
# air), and one whose "Which rules?" takes a set of two.
SIDE_VIEWS = ("9ball-illegal-jump", "8ball-eight-off-table", "express-ball-off-table")


def asked_words(app: App, mode: QuizMode) -> str:
    """The question's words up to its bracket ("Which rules were broken?")."""
    q = mode.question
    return fold(app.t(q.key, n=len(q.correct)).split("(")[0])


# -- 1. the question seen --------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("sid", SIDE_VIEWS)
def test_the_rule_question_is_seen_at_800x500(lang: str, sid: str) -> None:
    """The rule question under a side view: its words are drawn in the side
    column above its answers (they were four lines below its foot)."""
    app = make_app(lang, SMALL)
    try:
        mode = quiz_at(app, sid, "rule")
        assert mode.show is not None and mode.show.inset_height(200)  # a flight
        side = drawn_words(app, "side", folded=True)
        assert asked_words(app, mode) in side, side
        first = min(b.rect.top for b in mode.choice_buttons.values())
        said = [t for t in app.texts
                if asked_words(app, mode)[:14] in fold(t.text)]
        assert said and all(t.rect.bottom <= first for t in said)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_down_and_the_wheel_over_the_answers_scroll_the_text(lang: str) -> None:
    """The text cut: Down shows a line it did not (it counted lines and
    showed none), and the wheel over an answer scrolls it back (over the
    answers it did nothing)."""
    app = make_app(lang, SMALL)
    try:
        mode = quiz_at(app, "straight-third-foul", "rule")
        assert mode.body_hidden or mode.body_scroll
        before = drawn_lines(app, mode.body_rect)
        start = mode.body_scroll
        if mode.body_hidden:
            key(app, pygame.K_DOWN)
            frame(app)
            after = drawn_lines(app, mode.body_rect)
            assert mode.body_scroll == start + 1
            assert [x for x in after if x and x not in before], (before, after)
        over = next(iter(mode.choice_buttons.values())).rect.center
        move(app, over)
        scrolled = mode.body_scroll
        frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
        frame(app)
        assert mode.body_scroll == scrolled - 1
    finally:
        pygame.display.quit()


# -- 2. one layout ---------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_answers_stand_in_one_column_with_their_keys(lang: str) -> None:
    """Every question of the situations with a side view: the answers one
    under another, the column's width, each with its number key drawn."""
    app = make_app(lang, SMALL)
    try:
        for sid in SIDE_VIEWS:
            mode = quiz_on(app, sid, frames=2)
            while mode.phase != "done":
                if mode.phase != "asking":
                    key(app, pygame.K_RETURN)
                    frame(app, n=2)
                    continue
                quiz_ready(app)
                frame(app, n=2)
                buttons = list(mode.choice_buttons.values())
                lefts = {b.rect.left for b in buttons}
                widths = {b.rect.width for b in buttons}
                assert len(lefts) == 1 and len(widths) == 1, (sid, mode.k)
                drawn = {t.text for t in app.texts}
                for i, b in enumerate(buttons[:9]):
                    assert b.key == str(i + 1) and b.key in drawn, (sid, mode.k, i)
                answer(app, mode)
    finally:
        pygame.display.quit()


# -- 3. the weak break -----------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_soft_break_says_one_count_of_cushions(lang: str) -> None:
    """8-ball rule 5: a legal break pockets a ball or drives at least four
    object balls to a cushion. This break drove none there (the physics'
    count): what was seen, the explanation and the strip say so, and none
    says "too few" or "no cushion contact"."""
    app = make_app(lang, (1280, 720))
    t = app.t
    try:
        mode = quiz_at(app, "8ball-break-illegal", "rule")
        assert len(facts(mode.shot).cushion_balls) == 0
        answer(app, mode)
        frame(app)
        seen = t("quiz.seen_illegal_break_none")
        said = drawn_words(app, "side", folded=True)
        assert fold(seen[:1].upper() + seen[1:]) in said, said
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        while mode.phase != "done":
            answer(app, mode)
            key(app, pygame.K_RETURN)
            frame(app, n=2)
        frame(app)
        strip = drawn_lines(app, "strip")
        assert t("strip.break_rails_none") in strip, strip
        assert t("strip.rails_none") not in strip
        everything = drawn_words(app, folded=True)
        none = {"en": "no object ball reached a cushion",
                "ru": "ни один прицельный шар не дошёл до борта"}[lang]
        assert fold(mode.sc.explanation.get(lang)) in everything
        assert none in mode.sc.explanation.get(lang)
        for wrong in ({"en": ("too few", "fewer than four"),
                       "ru": ("мало шаров", "меньше четырёх прицельных шаров")}[lang]):
            assert wrong not in everything
    finally:
        pygame.display.quit()


# -- 4. the answers' words -------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_set_partly_right_names_the_answer_missed(lang: str) -> None:
    """8-ball 13 and general 23 (the 8 off the table): the question says
    how many answers are right; one of them ticked is "Not quite", and the
    page names the one not ticked; one right and one wrong ticked names
    both."""
    app = make_app(lang, (1280, 720))
    t = app.t
    try:
        mode = quiz_at(app, "8ball-eight-off-table", "rule")
        q = mode.question
        assert q.multiple and len(q.correct) == 2
        words = t(q.key, n=2)
        assert "2" in words and fold(words) in drawn_words(app, "side", folded=True)
        ticked, other = sorted(q.correct)
        wrong = next(a for a in q.choices if a not in q.correct)
        key(app, pygame.K_1 + q.choices.index(ticked))
        key(app, pygame.K_1 + q.choices.index(wrong))
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        assert mode.phase == "answered" and not mode.grades[-1].right
        said = drawn_words(app, "side", folded=True)
        assert t("quiz.partly") in said and t("quiz.wrong") not in said
        label = answer_label(app, q, other, (), rules=False)
        extra = answer_label(app, q, wrong, (), rules=False)
        assert fold(t("quiz.set_missed", answer=label)) in said, said
        assert fold(t("quiz.set_extra", answer=extra)) in said, said
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_plain_yes_or_no_miss_is_not_not_quite(lang: str) -> None:
    """A foul answered "no": wrong, said so, not "Not quite"."""
    app = make_app(lang, (1280, 720))
    try:
        mode = quiz_at(app, "8ball-eight-off-table", "foul")
        assert mode.question.correct == {YES}
        click_button(app, answer_label(app, mode.question, NO, ()))
        frame(app, n=2)
        assert mode.phase == "answered"
        said = drawn_words(app, "side")
        assert app.t("quiz.wrong") in said and app.t("quiz.partly") not in said
        assert {"en": "Not quite", "ru": "Не совсем"}[lang] not in said
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_ticked_answer_under_the_pointer_keeps_its_colour(lang: str) -> None:
    """A ticked answer with the pointer on it is drawn in the ticked colour
    (the hover's hid that it was ticked)."""
    app = make_app(lang, (1280, 720))
    try:
        mode = quiz_at(app, "8ball-eight-off-table", "rule")
        a = sorted(mode.question.correct)[0]
        click_button(app, answer_label(app, mode.question, a, (), quiz=mode))
        frame(app, n=2)
        b = mode.choice_buttons[a]
        assert b.selected and mode.phase == "asking"
        move(app, (b.rect.left + 4, b.rect.centery))
        frame(app)
        surface = pygame.display.get_surface()
        got = surface.get_at((b.rect.left + 4, b.rect.centery))[:3]
        assert tuple(got) != ui.BUTTON_HOVER[:3]
        assert tuple(got) == (31, 107, 72)
    finally:
        pygame.display.quit()


# -- 5. leaving, the score and the strip -----------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_esc_asks_before_a_sitting_is_left(lang: str) -> None:
    """An answer given: Esc asks (the sitting's score would be lost); Esc
    again keeps the quiz; "Leave the quiz" leaves it."""
    app = make_app(lang, (1280, 720))
    try:
        mode = quiz_at(app, "8ball-eight-off-table", "foul")
        answer(app, mode)
        key(app, pygame.K_ESCAPE)
        frame(app, n=2)
        assert app.mode is mode and app.dialogs
        assert app.t("quiz.leave_title") in drawn_words(app)
        key(app, pygame.K_ESCAPE)
        frame(app, n=2)
        assert app.mode is mode and not app.dialogs
        key(app, pygame.K_ESCAPE)
        frame(app, n=2)
        assert app.t("quiz.leave_yes") in button_labels(app)
        click_button(app, app.t("quiz.leave_yes"))
        frame(app, n=2)
        assert not isinstance(app.mode, QuizMode)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_score_is_said_once_and_the_keys_stay_at_800x500(lang: str) -> None:
    """At 800x500 the score stands on the board alone (the side text and a
    chip said it too) on the question and the explanation, and the
    explanation's strip keeps its key line (the facts' chips pushed it
    out)."""
    app = make_app(lang, SMALL)
    try:
        mode = quiz_at(app, "8ball-break-illegal", "foul")
        score = mode.score_line()
        assert score not in drawn_words(app, "side") + drawn_words(app, "strip")
        while mode.phase != "done":
            if mode.phase == "asking":
                quiz_ready(app)
                frame(app)
                answer(app, mode)
            else:
                key(app, pygame.K_RETURN)
                frame(app, n=2)
        frame(app)
        score = mode.score_line()
        assert score not in drawn_words(app, "side") + drawn_words(app, "strip")
        assert score.split()[-1] in drawn_words(app, "top")
        strip = drawn_lines(app, "strip")
        assert mode.hint() in strip or mode.short_hint() in strip, strip
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_explanations_strip_keeps_its_keys_under_many_facts(lang: str) -> None:
    """Four facts (the first contact, the cushions, two balls potted) took
    two rows at 800x500: the keys' line was gone and the last chip cut by
    the window's foot. The facts keep one row, the keys the other."""
    app = make_app(lang, SMALL)
    try:
        mode = quiz_on(app, "express-own-and-foreign", frames=2)
        while mode.phase != "done":
            if mode.phase == "asking":
                quiz_ready(app)
                frame(app)
                answer(app, mode)
            else:
                key(app, pygame.K_RETURN)
                frame(app, n=2)
        frame(app)
        assert len(mode.chips()) >= 4
        strip = drawn_lines(app, "strip")
        assert mode.hint() in strip or mode.short_hint() in strip, strip
        assert all(t.rect.bottom <= SMALL[1] for t in app.texts)
        assert mode.chips()[0] in strip
    finally:
        pygame.display.quit()
