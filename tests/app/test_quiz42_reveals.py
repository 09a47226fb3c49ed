"""Play-test 32: the 9-ball quiz's push-out (handed back) said nothing of
the push-out before the stroke, so "no ball touched" looked like a plain
foul, and its reveal said "Legal shot (general rule 17)"; the reveals of
"Who shoots next?" and "Where is the cue ball played from?" had a "Why (the
rule):" heading with no reason under it; its explanation said "here the
shot is handed back" beside "Player 2" shooting next. The 8-ball "8 hit
first on an open table" explanation said the 8 "may not" be hit first and
then "no foul", and its "Who shoots next?" reveal answered the ball in hand
question still to come. "Was it a foul, and what happens next?" stood over
"Was it a foul?". Driven by keys through the window's loop, read as
drawn."""

from __future__ import annotations

import pygame
import pytest

from rules.codes import Note
from simulator.app.loop.app import App
from simulator.app.text.words import cite
from simulator.practice.library import load
from simulator.practice.quiz import TURN
from tests.app.helpers import drawn_words, frame, key, make_app, quiz_on
from tests.app.test_quiz41_reveals import answer_right

PUSH = "9ball-push-out-hand-back"
EIGHT = "8ball-open-table-eight-first"
RULE = {"en": ("9-ball rule 5", "8-ball rule 6"),
        "ru": ("«Девятка», п.\u00a05", "«Восьмёрка», п.\u00a06")}


def reveals(app: App, sid: str) -> dict[str, list[str]]:
    """The rows drawn after each right answer of the situation, by question
    kind, and the question page's rows under "asking"."""
    mode = quiz_on(app, sid)
    key(app, pygame.K_SPACE)
    frame(app)
    out = {"asking": [r.text for r in app.texts]}
    while mode.phase != "done":
        kind = mode.question.kind
        answer_right(app, mode)
        out[kind] = [r.text for r in app.texts]
        key(app, pygame.K_RETURN)
        frame(app)
    return out


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_push_out_is_said_before_the_stroke_and_explained(lang: str) -> None:
    """9-ball rule 5: the push-out declared is shown with the question; "No
    foul" says why (no contact or cushion is needed), not "legal shot";
    who shoots next and from where each give their reason; the explanation
    says who chooses and what the choice does."""
    app = make_app(lang)
    try:
        rule = RULE[lang][0]
        got = reveals(app, PUSH)
        asking = " ".join(got["asking"])
        premise = app.t("quiz.before", facts=app.t("quiz.push_out_declared",
                                                     rule=rule))
        assert premise in asking, asking
        foul = " ".join(got["foul"])
        assert f"{app.t('quiz.cleared_push_out')} ({rule})" in foul, foul
        assert cite(app.locale, Note.LEGAL, None, "9-ball") not in foul
        shooter = " ".join(got[TURN])
        assert f"{app.t('quiz.next_shooter_by_push_out')} ({rule})" in shooter
        # The options are the last question: not listed before it.
        assert cite(app.locale, Note.PUSH_OUT, None, "9-ball") not in shooter
        where = shooter  # who and from where: one question
        assert f"{app.t('quiz.ball_in_hand_by_push_out')} ({rule})" in where
        last = " ".join(got["options"])
        expl = load(PUSH).explanation.get(lang)
        assert " ".join(expl.split()) in " ".join(last.split())
        assert {"en": "hands it back", "ru": "уступает удар"}[lang] in expl
        assert {"en": "The turn passes to the opponent, who chooses",
                "ru": "Ход переходит к сопернику, и он выбирает"}[lang] in expl
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_eight_first_on_an_open_table_reads_one_way(lang: str) -> None:
    """8-ball rule 6: the 8 hit first on an open table scores nothing and
    ends the turn; it is no foul. "Who shoots next, and from where?" says
    the turn passes and no ball in hand; the explanation does not forbid
    the stroke it then calls no foul."""
    app = make_app(lang)
    try:
        rule = RULE[lang][1]
        got = reveals(app, EIGHT)
        shooter = " ".join(got[TURN])
        part = f"{app.t('quiz.next_shooter_by_eight_first_open')} ({rule})"
        assert part in shooter, shooter
        assert cite(app.locale, Note.EIGHT_FIRST_OPEN, None, "8-ball") not in shooter
        where = shooter  # who and from where: one question
        assert f"{app.t('quiz.ball_in_hand_by_eight_first_open')} ({rule})" in where
        expl = load(EIGHT).explanation.get(lang)
        assert {"en": "may not", "ru": "нельзя"}[lang] not in expl
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("sid", [PUSH, EIGHT])
def test_the_first_question_is_asked_once(lang: str, sid: str) -> None:
    """"Was it a foul?" is drawn once, as the question its yes and no
    answer; the file's "Was it a foul, and what happens next?" is not its
    prompt (it asked what the answers did not), the situation's questions
    are listed before it."""
    app = make_app(lang)
    try:
        mode = quiz_on(app, sid)
        key(app, pygame.K_SPACE)
        frame(app)
        assert mode.question.kind == "foul"
        shown = drawn_words(app)
        assert mode.sc.question is not None
        assert " ".join(mode.sc.question.text.get(lang).split()) not in shown
        assert shown.count(app.t("quiz.foul")) == 1, shown
        asks = ", ".join(app.t(f"quiz.ask_{q.kind}") for q in mode.questions)
        assert " ".join(app.t("quiz.intro", asks=asks).split()) in shown, shown
    finally:
        pygame.display.quit()



@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_push_out_not_allowed_is_said_with_the_first_answer(lang: str) -> None:
    """9-ball rule 5: a push-out declared where none is allowed does not
    count; "Was it a foul?" answered yes says so at once ("push-out
    declared", then "foul" read as a contradiction until the last answer),
    the foul's rule still left to its own question."""
    app = make_app(lang)
    try:
        got = reveals(app, "9ball-push-out-not-allowed")
        first = " ".join(got["foul"])
        void = cite(app.locale, Note.PUSH_OUT_IGNORED, None, "9-ball")
        assert void in first, first
        assert app.t("quiz.rule_next") in first, first
    finally:
        pygame.display.quit()
