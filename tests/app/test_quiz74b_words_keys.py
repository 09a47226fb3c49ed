"""The referee quiz in a Russian class:

1. «вопросы касаются и:» read as if the situation's ruling rested on the
   other rule too: the line says the answers to some questions rest on it;
2. the options of "Which rule was broken?" named no rule, and a class could
   not check them against the rule book: each option says its rule;
3. Space on an answer card did nothing (only Enter went on): it goes on;
4. the end screen's header stood over the last situation's table without
   saying which position it is: it says so."""

from __future__ import annotations

import re

import pygame
import pytest

from simulator.app.screens import quiz as quiz_screen
from simulator.app.screens.quiz import QuizMode, answer_label
from simulator.practice.library import library
from simulator.practice.quiz import NONE
from tests.app.helpers import (
    answer,
    answer_until_done,
    button_labels,
    drawn_lines,
    drawn_words,
    fold,
    frame,
    key,
    make_app,
    quiz_at,
    quiz_on,
    quiz_ready,
)
from tests.app.scenes import LANGS

# The situation's line in each language, word for word: plain Russian, no
# «касаются и»; in English no "also ask".
REST_ON = {
    "ru": ("Ситуация показывает: «Восьмёрка», п. 5. Ответы на вопросы "
           "ссылаются также на: общие правила, п. 17", "касаются"),
    "en": ("This situation shows: 8-ball rule 5. Some answers also rest "
           "on: general rule 17", "also ask")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_other_rules_are_said_as_what_answers_rest_on(lang: str) -> None:
    """«Ситуация показывает: «Восьмёрка», п. 5. Ответы на вопросы ссылаются
    также на: общие правила, п. 17»; "Some answers also rest on"."""
    line, old = REST_ON[lang]
    app = make_app(lang, (1280, 720))
    try:
        mode = quiz_on(app, "8ball-eight-on-break")
        quiz_ready(app)
        frame(app)
        answer(app, mode)
        frame(app)
        side = drawn_words(app, "side", folded=True)
        assert old not in side
        assert fold(line) in side, side
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_every_which_rule_option_names_its_rule(lang: str) -> None:
    """Every option of every situation's "Which rule was broken?" (and
    "Which rule decides the game?") but "none" ends with its rule's number
    in brackets: «(«Восьмёрка», п. 8)», "(8-ball rule 8)"."""
    app = make_app(lang, (1280, 720))
    try:
        bad = []
        asked = 0
        for e in library().entries:
            if not e.has_question:
                continue
            mode = QuizMode(app, [e.id], 0)
            for q in mode.questions:
                if q.kind != "rule":
                    continue
                for a in q.choices:
                    if a == NONE:
                        continue
                    asked += 1
                    label = answer_label(app, q, a, (), mode.sc.discipline)
                    if not re.search(r"\([^()]*\d[^()]*\)$", label):
                        bad.append((e.id, label))
        assert asked > 20 and not bad, bad
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_rule_options_show_their_rules_in_the_window(lang: str) -> None:
    """On screen, the buttons of "Which rule?" carry the rules, the right
    one and the wrong ones alike (the numbers give nothing away: each is
    the one the game's referee names for its foul on such a stroke)."""
    app = make_app(lang, (1280, 720))
    try:
        mode = quiz_at(app, "8ball-break-scratch", "rule", settle=1)
        labels = button_labels(app)
        options = [a for a in mode.question.choices if a != NONE]
        for a in options:
            label = answer_label(app, mode.question, a, ())
            assert label in labels, (label, labels)
            assert re.search(r"\d\)$", label), label
        # the scratch on a break is 8-ball 5's ruling, and its option says
        # so (one foul, one rule), as the 8-ball referee names it on a break
        scratch = answer_label(app, mode.question, "foul.scratch", ())
        assert scratch.endswith(f"({app.t('ref.8-ball', rule='5')})"), scratch
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_space_goes_on_from_an_answer_card(lang: str) -> None:
    """An answer card: Space goes to the next question as Enter does, and
    the button says both keys."""
    app = make_app(lang, (1280, 720))
    try:
        mode = quiz_on(app, "8ball-eight-on-break")
        quiz_ready(app)
        frame(app)
        assert len(mode.questions) > 1
        answer(app, mode)
        frame(app)
        assert mode.phase == "answered" and mode.k == 0
        keys = " ".join(b.key for b in mode.side_btns)
        assert app.t("quiz.key_next") in keys
        assert "/" in app.t("quiz.key_next")
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        assert mode.phase == "asking" and mode.k == 1
    finally:
        pygame.display.quit()


def test_space_skips_a_replay_under_the_answer_card() -> None:
    """While R replays the stroke under the card, Space skips the replay
    (as the key line says) and does not pass the card by."""
    app = make_app("en", (1280, 720))
    try:
        mode = quiz_on(app, "8ball-eight-on-break")
        quiz_ready(app)
        frame(app)
        answer(app, mode)
        key(app, pygame.K_r)
        frame(app, n=3)
        assert mode.player is not None and not mode.player.playback.at_end
        key(app, pygame.K_SPACE)
        frame(app)
        assert mode.phase == "answered" and mode.k == 0
        assert mode.player is not None and mode.player.playback.at_end
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        assert mode.phase == "asking" and mode.k == 1
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_screen_says_which_position_the_table_shows(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sitting's end: under «Опрос окончен · Счёт 1/2» the header says
    the table is the last situation's, by its title."""
    ids = ["8ball-eight-early"]
    monkeypatch.setattr(quiz_screen, "quiz_ids", lambda discipline: list(ids))
    app = make_app(lang, (1280, 720))
    try:
        app.switch(quiz_screen.start_quiz(app, "8-ball"))
        frame(app)
        mode = app.mode
        assert isinstance(mode, QuizMode)
        answer_until_done(app)
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        assert mode.phase == "over"
        title = library().find(ids[0]).title
        assert title
        top = " ".join(drawn_lines(app, "top"))
        said = app.t("quiz.over_table", title=mode.sc.title.get(lang))
        assert fold(said) in fold(top), top
    finally:
        pygame.display.quit()
