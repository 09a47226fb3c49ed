"""Each quiz question asks what its answers answer: "Was it a foul?" over
"Yes, a foul" / "No foul", the situation's list of questions said as a list
(not as the first prompt); and "Who shoots next, and from where?" gives the
rule that places the cue ball, not the foul's rule again. Driven by keys
through the window's loop, read as drawn."""

from __future__ import annotations

import re

import pygame
import pytest

from rules.codes import e8, n9, s14
from rules.main_foul import fouls_main_first
from simulator.app.text.words import foul_cite, ref_text
from simulator.practice.quiz import TURN
from tests.app.helpers import drawn_words, frame, key, make_app, quiz_on
from tests.app.test_quiz53_next_turn import to_turn

WHO_WHERE = {"en": ("who", "where"), "ru": ("кто", "откуда")}
# The seed rule that places the cue ball, as the page cites it.
PLACED = {
    # 9-ball 6: ball in hand anywhere on the table after a foul.
    "9ball-miscue-on-jump": n9("6"),
    # 9-ball 3: an illegal break, ball in hand anywhere on the table.
    "9ball-break-not-one": n9("3"),
    # 8-ball 11: the incoming player has ball in hand anywhere.
    "8ball-scratch-after-pot": e8("11"),
    # 8-ball 5: a scratch on the break, ball in hand behind the head string.
    "8ball-break-scratch": e8("5"),
    # 14.1 10: a scratch, ball in hand behind the head string.
    "straight-scratch": s14("10"),
}


def flat(text: str) -> str:
    """Spaces of any kind as one (a wrapped row, a no-break space)."""
    return " ".join(text.split())


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("sid", ["9ball-miscue-on-jump", "8ball-scratch-after-pot"])
def test_the_first_question_asks_only_was_it_a_foul(lang: str, sid: str) -> None:
    """The answers are yes and no: no question drawn asks who shoots next
    or from where; the list of the situation's questions reads as a list."""
    app = make_app(lang)
    try:
        mode = quiz_on(app, sid)
        key(app, pygame.K_SPACE)  # the stroke skipped to its end
        frame(app)
        assert mode.question.kind == "foul"
        assert [q.kind for q in mode.questions] == ["foul", "rule", TURN]
        text = drawn_words(app)
        assert app.t("quiz.foul") in text, text
        asked = re.findall(r"[^.?!:]*\?", text)
        for q in asked:
            assert not any(w in q.lower() for w in WHO_WHERE[lang]), (q, text)
        listed = ", ".join(app.t(f"quiz.ask_{k}") for k in ("foul", "rule", TURN))
        assert app.t("quiz.intro", asks=listed) in text, text
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("sid", sorted(PLACED))
def test_a_wrong_who_and_where_cites_the_placement_rule(lang: str, sid: str) -> None:
    """Answered wrong, "why" names the rule that gives the cue ball its
    place, and no longer repeats the foul (general rule 22 for a miscue)."""
    app = make_app(lang)
    try:
        mode = to_turn(app, sid)
        q = mode.question
        wrong = next(c for c in q.choices if c not in q.correct)
        key(app, pygame.K_1 + q.choices.index(wrong))
        frame(app, n=2)
        assert mode.phase == "answered" and not mode.grades[-1].right
        text = drawn_words(app)
        where = mode.ruling.ball_in_hand.value
        rule = ref_text(app.locale, PLACED[sid])
        said = app.t(f"quiz.placement_{where}", rule=rule)
        assert flat(said) in flat(text), text
        for f in fouls_main_first(mode.ruling):
            assert foul_cite(app.locale, f, mode.sc.discipline) not in text, text
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_single_placement_rule_says_it_follows_from_the_foul(lang: str) -> None:
    """14.1 12: after a third foul the offender re-breaks from the kitchen;
    the game's placements name no rule for that, so the page says the ball
    in hand follows from the foul, with the third foul's rule."""
    app = make_app(lang)
    try:
        mode = to_turn(app, "straight-third-foul")
        q = mode.question
        key(app, pygame.K_1 + q.choices.index(next(iter(q.correct))))
        frame(app, n=2)
        text = drawn_words(app)
        rule = ref_text(app.locale, s14("12"))
        said = f"{app.t('quiz.placement_by_foul')} ({rule})"
        assert flat(said) in flat(text), text
    finally:
        pygame.display.quit()
