"""Play-test fixes (wave 37): the English rule reference kept whole when text
wraps; the hint read whole beside a ruling card; the quiz's Enter; the help's
pull cancel."""

from __future__ import annotations

import itertools
import re

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.quiz import QuizMode
from simulator.app.screens.shot_input import ShotInputMode
from simulator.app.text import fonts, ui
from tests.app.helpers import drawn_words, frame, key, make_app
from tests.app.scenes import LANGS
from tests.app.test_playfix17d_keys import strip_text


def flat(text: str) -> str:
    return " ".join(text.split())

TEXT = ("Foul: the cue ball left the table (8-ball rule 13); the incoming player "
        "has ball in hand (general rules 6, 7) from game 3 on")


def test_english_rule_numbers_stay_with_their_word_when_wrapped(app: App) -> None:
    """At every narrow width, no wrapped line ends in "rule"/"rules"/"game"
    with its number starting the next line (the Russian «п. 13» is joined by
    NBSP in the words; English keeps plain spaces and wraps them whole)."""
    split = re.compile(r"(?:rules?|game)$")
    for wrap in (ui.wrap, fonts.wrap):
        for width in range(150, 420, 3):
            lines = wrap(TEXT, 14, width)
            assert " ".join(lines) == TEXT, (width, lines)
            for a, b in itertools.pairwise(lines):
                assert not (split.search(a) and b[:1].isdigit()), (wrap, width, a, b)
                assert not re.match(r"\d+\)", b), (wrap, width, a, b)


# -- the hint read whole beside an open ruling card ------------------------------

@pytest.mark.parametrize("size", [(800, 500), (1280, 720)], ids=("800x500", "1280x720"))
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["8-ball", "14.1"])
def test_the_hint_asked_for_is_read_whole_beside_the_ruling_card(
        game: str, lang: str, size: tuple[int, int]) -> None:
    """After a shot, its ruling card open, I asks for the hint: every line of
    its advice (the aim, the power, the spin) is drawn in the column, not
    only its first (800x500 showed «Цельтесь: 1, луза …» until H folded the
    card by hand); the card, folded to make room, says its key."""
    from tests.app.test_playfix18f import hint_shown
    app, _hint = hint_shown(game, lang, size)
    try:
        frame(app, n=4)  # (the room is found a step a frame)
        mode = app.mode
        assert isinstance(mode, ShotInputMode)
        said = flat(drawn_words(app, "side"))
        for line in mode.hint_lines():
            assert flat(line) in said, (line, said)
        if app.session is not None and app.session.banner is not None:
            # (the card's heading stays, and its fold key says how to open it)
            assert flat(app.session.banner.title)[:20] in said, said
        assert not app.errors
    finally:
        pygame.display.quit()


# -- the quiz's key line says what Enter does on its page ----------------------

def page_state(mode: QuizMode) -> tuple[str, int, int]:
    return mode.phase, mode.k, len(mode.grades)


def enter_does_what_the_line_says(app: App, mode: QuizMode) -> str:
    """The key line under the table on this page (the strip's words, and
    the line it shows when the stroke's timeline does not say an event
    there); when it names Enter, Enter moves the quiz on (another page, or
    another situation)."""
    line = strip_text(app) + " · " + mode.hint()
    before = page_state(mode)
    key(app, pygame.K_RETURN)
    frame(app, n=2)
    moved = app.mode is not mode or page_state(mode) != before
    assert moved == ("Enter" in line), (before, line)
    return line


@pytest.mark.parametrize("lang", LANGS)
def test_the_quiz_footer_names_enter_only_where_it_goes_on(lang: str) -> None:
    """Every page of a situation: a question answered by one press (its
    footer said "Enter: next" and Enter did nothing), a question with
    several answers (Enter sends those ticked), the answer's page and the
    explanation (Enter goes on)."""
    from tests.app.test_practice_quiz import _quiz_on
    app = make_app(lang)
    try:
        mode = _quiz_on(app, "9ball-push-out-hand-back")
        key(app, pygame.K_SPACE)  # (the stroke to its end)
        frame(app, n=2)
        pages = 0
        while mode.phase != "done":
            q = mode.question
            if mode.phase == "asking" and not mode.watched:
                key(app, pygame.K_SPACE)  # each question's stroke to its end
                frame(app, n=2)
            if mode.phase == "asking" and not q.multiple:
                enter_does_what_the_line_says(app, mode)  # (nothing)
                key(app, pygame.K_1 + q.choices.index(sorted(q.correct)[0]))
            elif mode.phase == "asking":
                enter_does_what_the_line_says(app, mode)  # (nothing ticked yet)
                for a in sorted(q.correct):
                    key(app, pygame.K_1 + q.choices.index(a))
                assert "Enter" in enter_does_what_the_line_says(app, mode)
            else:
                assert "Enter" in enter_does_what_the_line_says(app, mode)
            frame(app, n=2)
            pages += 1
        assert pages >= 6
        assert "Enter" in enter_does_what_the_line_says(app, mode)  # (explanation)
        assert isinstance(app.mode, QuizMode) and app.mode is not mode
        assert not app.errors
    finally:
        pygame.display.quit()


# -- F1 says how a pull is cancelled -------------------------------------------

@pytest.mark.parametrize("size", [(800, 500), (1280, 720)], ids=("800x500", "1280x720"))
@pytest.mark.parametrize("lang", LANGS)
def test_f1_lists_cancelling_a_pull(lang: str, size: tuple[int, int]) -> None:
    """F1 at the table, page 1: Esc and the right click cancel a pull (they
    do: no stroke), beside the pull's other keys; at 1280x720 the held
    aim's line and PgUp stay on it."""
    from tests.app.helpers import after_the_break
    app = make_app(lang, size)
    try:
        after_the_break(app, ["Anna", "Boris"], "14.1", {"target": 50}, seed=3)
        app.go("match")
        frame(app)
        key(app, pygame.K_F1)
        frame(app, n=2)
        shown = flat(" ".join(r.text for r in app.texts))
        cancel = {"en": ("Esc or a right click", "no stroke"),
                  "ru": ("Esc или правый щелчок", "без удара")}[lang]
        for words in cancel:
            assert words in shown, shown
        if size[1] < 720:  # (a low window's help has more pages)
            return
        aiming = app.t("help.aiming").split("\n")
        assert flat(aiming[-1].split(" — ")[1][:30]) in shown
        (page_up,) = [ln for ln in app.t("help.match").split("\n")
                      if ln.startswith("PgUp")]
        assert flat(page_up.split(" — ")[1][:25]) in shown
        assert not app.errors
    finally:
        pygame.display.quit()
