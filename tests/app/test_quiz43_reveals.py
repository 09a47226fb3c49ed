"""Play-test 33: after a right "Yes, a foul" the next question, "Which rule
was broken?", still offered "None: the stroke was legal"; the rule question
of a foul offers fouls only. What was seen of the foul is said: with the
answer to "Which rule?" (said with "Was it a foul?", as play-test 33 asked,
it named the foul, the next question's answer: play-tests 37/38). Driven by
keys through the window's loop, read as drawn."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.quiz import QuizMode
from simulator.app.text.words import code_words, foul_cite
from simulator.practice.quiz import NO, YES
from tests.app.helpers import (
    button_labels,
    drawn_words,
    frame,
    key,
    make_app,
    quiz_on,
    quiz_ready,
)
from tests.app.test_quiz41_reveals import answer_right

# Situation, then what was seen of its foul in each language.
SEEN = {
    "8ball-scratch-after-pot": ("The cue ball went into a pocket.",
                                "Биток упал в лузу."),
    "9ball-push-out-not-allowed": ("The cue ball touched no ball.",
                                   "Биток ни во что не попал."),
    "9ball-wrong-ball-first": ("The cue ball hit the 5 first.",
                               "Биток первым коснулся шара 5."),
    "express-house-direct": (
        "From the house the cue ball went straight to the 5 in the house.",
        "С руки из дома биток прямо попал в шар 5, стоявший в доме."),
    # The third foul in a row is counted, not seen: the stroke's own foul.
    "straight-third-foul": (
        "After the contact no ball went into a pocket or to a cushion.",
        "После касания ни один шар не упал в лузу и не дошёл до борта."),
}


def answer_foul(app: App, sid: str, answer: str) -> QuizMode:
    """The situation's "Was it a foul?" answered by its number key."""
    mode = quiz_on(app, sid)
    key(app, pygame.K_SPACE)  # skip the stroke
    q = mode.question
    assert q.kind == "foul"
    key(app, pygame.K_1 + q.choices.index(answer))
    frame(app, n=2)
    assert mode.phase == "answered"
    return mode


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("sid", list(SEEN))
def test_a_foul_says_what_was_seen_with_its_rule(lang: str, sid: str) -> None:
    """Right or wrong, "Was it a foul?" on a foul says neither what was
    seen, nor the foul's name as the next question offers it, nor its rule;
    "Which rule?" answered, what was seen is said over the rule."""
    for answer in (YES, NO):
        app = make_app(lang)
        try:
            mode = answer_foul(app, sid, answer)
            text = drawn_words(app, folded=True)
            assert SEEN[sid][lang == "ru"] not in text, text
            assert app.t("quiz.rule_next") in text
            d = mode.sc.discipline
            for f in mode.ruling.fouls:
                assert code_words(app.locale, f.code.id) not in text, text
                assert foul_cite(app.locale, f, d) not in text, text
            key(app, pygame.K_RETURN)
            frame(app, n=2)
            assert mode.question.kind == "rule"
            text = " ".join(answer_right(app, mode).split())
            assert SEEN[sid][lang == "ru"] in text, text
        finally:
            pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("answer", [YES, NO])
def test_which_rule_after_a_foul_offers_no_none(lang: str, answer: str) -> None:
    """General rule 18: after "Yes, a foul" (or a wrong "No foul", whose
    reveal said it was one) "Which rule was broken?" offers no "None: the
    stroke was legal"; four fouls stand there, the scratch among them, and
    the scratch is graded right."""
    app = make_app(lang)
    try:
        mode = answer_foul(app, "8ball-scratch-after-pot", answer)
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        assert mode.question.kind == "rule"
        quiz_ready(app)  # its stroke to its last event: the answers taken
        frame(app)
        labels = " ".join(button_labels(app))
        assert app.t("quiz.no_rule") not in labels, labels
        assert code_words(app.locale, "foul.scratch") in labels
        assert len(mode.question.choices) == 4
        answer_right(app, mode)
        assert mode.grades[-1].right
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_foul_has_words_for_what_was_seen(lang: str) -> None:
    """Every foul the referees emit (pool and Express) has words for what
    was seen, in both languages, none of them its rule's citation."""
    import simulator.practice.library as library
    from rules import registry
    from rules.codes import Kind, all_codes
    from rules.ruling import Foul, Ruling
    from simulator.app.text.i18n import Locale
    from simulator.practice.quiz import seen
    from simulator.practice.scenario import play_scenario

    for name in registry.names():
        registry.info(name)  # every game's codes registered
    loc = Locale(lang)
    shot = play_scenario(library.load("8ball-scratch-after-pot")).shot
    missing = []
    for code in all_codes():
        if code.kind is not Kind.FOUL or code.id.startswith("test."):
            continue  # codes other tests register are not the referees'
        foul = Foul(code, code.ref, None, (14,))
        s = seen(shot, Ruling("8-ball", 0, fouls=(foul,)))
        assert s is not None
        if not loc.ui.get(f"quiz.seen_{s.key}"):
            missing.append(code.id)
        else:
            words = loc.t(f"quiz.seen_{s.key}", ball="14")
            assert str(code.ref.rule) not in words, (code.id, words)
    assert not missing, missing
