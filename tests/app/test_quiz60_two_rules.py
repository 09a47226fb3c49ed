"""A "Which rule?" whose ruling rests on two rules names both.

On the 8, the 8 driven off the table breaks general rule 23 (a ball off the
table is a foul) and 8-ball rule 13 (the 8 off the table loses the game):
the question took either as right, and "Right!" after one left the other
unsaid; it now asks to choose all that apply and takes both. The answer's
page says both apply, right or wrong, and the situation's explanation
names every rule of the ruling. Driven by keys through the window's loop,
read as drawn."""

from __future__ import annotations

from functools import cache

import pygame
import pytest

from rules.codes import SeedRef, e8, g
from rules.main_foul import fouls_main_first
from simulator.app.loop.app import App
from simulator.app.screens.practice.session import judge_result
from simulator.app.screens.quiz import QuizMode
from simulator.app.text.i18n import Locale
from simulator.app.text.words import ref_text
from simulator.physics import simulate
from simulator.practice.library import library, load
from simulator.practice.quiz import make_questions
from tests.app.helpers import drawn_words, frame, key, make_app, quiz_on, quiz_ready
from tests.app.scenes import LANGS

SID = "8ball-eight-off-table"
# General rule 23: a ball off the table is a foul; 8-ball rule 13: the 8 off
# the table loses the game.
BOTH = (g("23"), e8("13"))


@cache
def several_rules() -> dict[str, tuple[SeedRef, ...]]:
    """The quiz's situations whose "Which rule?" has right answers of more
    than one rule, with those rules."""
    out = {}
    for e in library().entries:
        if not e.has_question:
            continue
        sc = load(e.id)
        assert sc.stroke is not None
        ruling = judge_result(sc, simulate(sc.position, sc.stroke)).ruling
        asked = [q for q in make_questions(sc, ruling) if q.kind == "rule"]
        if not asked:
            continue
        refs = tuple(dict.fromkeys(f.ref for f in fouls_main_first(ruling)
                                   if f.code.id in asked[0].correct))
        if len(refs) > 1:
            out[e.id] = refs
    return out


def flat(text: str) -> str:
    return " ".join(text.split())


def to_rule_question(app: App, sid: str) -> QuizMode:
    mode = quiz_on(app, sid, frames=2)
    while mode.question.kind != "rule":
        quiz_ready(app)
        q = mode.question
        key(app, pygame.K_1 + q.choices.index(sorted(q.correct)[0]))
        frame(app, n=2)
        key(app, pygame.K_RETURN)
        frame(app, n=2)
    quiz_ready(app)
    return mode


def tick_all(app: App, mode: QuizMode) -> None:
    """Both rules ticked, then Enter: the question takes the set."""
    q = mode.question
    assert q.multiple
    for a in sorted(q.correct):
        key(app, pygame.K_1 + q.choices.index(a))
    key(app, pygame.K_RETURN)
    frame(app, n=2)


def both_apply(app: App, key: str) -> str:
    """'Right: 8-ball rule 13 and general rule 23 both apply.' (the loss
    first, as the referee's answer lists it)."""
    loc = app.locale
    listed = app.t("quiz.rules_and", a=ref_text(loc, BOTH[1]), b=ref_text(loc, BOTH[0]))
    words = app.t(key, rules=listed)
    return words[:1].upper() + words[1:]


def test_the_eight_off_the_table_rests_on_two_rules() -> None:
    assert set(several_rules()[SID]) == set(BOTH)


@pytest.mark.parametrize("lang", LANGS)
def test_a_right_answer_says_both_rules_apply(lang: str) -> None:
    """Both rules ticked ("choose all that apply"): right, and said so."""
    app = make_app(lang)
    try:
        mode = to_rule_question(app, SID)
        tick_all(app, mode)
        assert mode.phase == "answered" and mode.grades[-1].right
        assert flat(both_apply(app, "quiz.rules_both_right")) in \
            drawn_words(app, "side", folded=True)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_rule_is_told_both_rules_too(lang: str) -> None:
    app = make_app(lang)
    try:
        mode = to_rule_question(app, SID)
        q = mode.question
        wrong = next(c for c in q.choices if c not in q.correct)
        key(app, pygame.K_1 + q.choices.index(wrong))
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        assert mode.phase == "answered" and not mode.grades[-1].right
        text = drawn_words(app, "side", folded=True)
        assert flat(both_apply(app, "quiz.rules_both")) in text, text
        assert app.t("quiz.right") not in text
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("sid", sorted(several_rules()))
def test_the_explanation_names_every_rule_of_the_ruling(lang: str, sid: str) -> None:
    """The situation's own words (the last answer's page and the results)
    name each rule, in its words as the pages cite it."""
    loc = Locale(lang)
    text = flat(load(sid).explanation.get(lang))
    for ref in several_rules()[sid]:
        assert flat(ref_text(loc, ref)) in text, (sid, ref, text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_results_page_draws_that_explanation(lang: str) -> None:
    app = make_app(lang)
    try:
        mode = to_rule_question(app, SID)
        tick_all(app, mode)
        while mode.phase != "done":
            key(app, pygame.K_RETURN)
            frame(app, n=2)
        text = drawn_words(app, "side", folded=True)
        assert flat(mode.sc.explanation.get(lang)) in text, text
    finally:
        pygame.display.quit()
