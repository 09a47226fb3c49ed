"""The referee quiz opened at the situation chosen in the practice list;
a new match's setup that remembers the match last played."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.practice.scenario_list import PracticeListMode
from simulator.app.screens.quiz import QuizMode, quiz_ids
from tests.app.helpers import (
    click,
    click_button,
    drawn_words,
    frame,
    key,
    make_app,
    quiz_ready,
)

LANGS = ("en", "ru")


def _answer_all(app: App, mode: QuizMode) -> None:
    """The stroke skipped, every question answered with its first answer."""
    key(app, pygame.K_SPACE)
    for q in mode.questions:
        assert mode.phase == "asking"
        quiz_ready(app)  # each question's stroke to its last event
        key(app, pygame.K_1)
        if q.multiple:
            key(app, pygame.K_RETURN)
        assert mode.phase == "answered"
        key(app, pygame.K_RETURN)
    assert mode.phase == "done"


@pytest.mark.parametrize("lang", LANGS)
def test_the_quiz_opens_at_the_situation_chosen_in_the_list(lang: str) -> None:
    """The sixth situation chosen in the list, then "Quiz": the sitting
    opens at it as "Situation 6 of 25" (it read "Situation 1" whatever was
    chosen) and goes on with 7, the others still in an order of the
    sitting's own (the list's numbers name the fouls)."""
    app = make_app(lang)
    app.go("menu")
    frame(app)
    try:
        click_button(app, app.t("menu.practice"))
        lst = app.mode
        assert isinstance(lst, PracticeListMode)
        ids = quiz_ids("8-ball")
        rows = lst.list.item_list_container.elements
        click(app, rows[5].rect.center)
        frame(app)
        click_button(app, app.t("practice.quiz"))
        frame(app)
        q = app.mode
        assert isinstance(q, QuizMode) and q.phase == "length"
        key(app, pygame.K_2)  # every situation: the chosen one keeps its place
        frame(app, n=2)
        assert q.sc.id == ids[5]
        assert app.t("quiz.situation_of", n=6, of=len(ids)) in drawn_words(app)
        _answer_all(app, q)
        key(app, pygame.K_RETURN)  # the next situation
        nxt = app.mode
        assert isinstance(nxt, QuizMode) and nxt is not q
        frame(app)
        assert app.t("quiz.situation_of", n=7, of=len(ids)) in drawn_words(app)
        assert sorted(q.ids) == sorted(ids)
        same = sum(1 for a, b in zip(q.ids, ids, strict=True) if a == b)
        assert same <= 1 + len(ids) // 5  # the chosen one and chance
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_new_match_offers_the_game_just_played(lang: str) -> None:
    """An 8-ball match begun without the setup (from the command line, or a
    saved one loaded), then the main menu and "New match": the setup
    offered 9-ball; it offers the match just played, its players, race and
    who broke first."""
    from simulator.app.match.session import Session
    from simulator.app.screens.setup import SetupMode
    app = make_app(lang)
    try:
        assert app.settings.game == ""
        app.session = Session.new(["Anna", "cpu:strong"], "8-ball",
                                  {"race_to": 5, "first_breaker": 1},
                                  app.locale, seed=3)
        app.go("match")
        frame(app, n=2)
        key(app, pygame.K_ESCAPE)  # the match's menu
        click_button(app, app.t("menu.main"))
        frame(app)
        click_button(app, app.t("menu.new_match"))
        frame(app)
        setup = app.mode
        assert isinstance(setup, SetupMode)
        assert setup.game == "8-ball"
        assert setup.menus["game"].selected_option[0] == app.t("game.8-ball")
        assert setup.names[0] == "Anna" and setup.kinds == ["", "strong"]
        assert setup.race == 5 and setup.first == 1
    finally:
        pygame.display.quit()
