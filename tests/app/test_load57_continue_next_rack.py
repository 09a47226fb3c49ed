"""Continue (the autosave) resumes where the window was closed: a game of the
match over, Next game pressed and the window closed on the next rack, the
main menu's Continue after a restart opens that rack, not the ended game's
card again; closed on the card itself, Continue opens the card. A named save
already kept this (docs/formats.md, "moved_on"); the autosave keeps it in
its journal's first line. Played through the window's loop on the test's
own profile folder. A new match begun from the end card is autosaved from
its start: closed at its break, Continue opens it."""

from __future__ import annotations

import json

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session, autosave_path, autosave_paths
from tests.app.helpers import (
    button_labels,
    click_button,
    concede_at_turn,
    concede_match,
    frame,
    key,
    make_app,
    watched_session,
)
from tests.app.test_load55_next_rack import drawn, on_game_two


def close_window(app: App) -> None:
    """The window's close button: the loop stops, nothing else is done."""
    frame(app, pygame.event.Event(pygame.QUIT))
    assert not app.running


def continued(lang: str) -> App:
    """Kiy started again on the same profile, the main menu's Continue."""
    again = make_app(lang, (1280, 720))
    again.go("menu")
    frame(again)
    click_button(again, again.t("menu.continue"))
    frame(again, n=2)
    return again


def game_one_conceded(app: App) -> None:
    """Anna and Boris, race to 3: Anna concedes game 1, its card on show."""
    watched_session(app, ["Anna", "Boris"], "8-ball", {"race_to": 3})
    concede_at_turn(app, "game")
    assert app.mode is not None and app.mode.name == "game_end"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_closed_on_the_next_rack_continues_on_it(lang: str) -> None:
    app = make_app(lang, (1280, 720))
    try:
        game_one_conceded(app)
        click_button(app, app.t("side.next_game"))
        frame(app, n=2)
        assert app.mode is not None and app.mode.name in ("aiming", "placing")
        steps = len(app.session.match.history)  # type: ignore[union-attr]
        close_window(app)
        again = continued(lang)
        s = again.session
        assert s is not None and len(s.match.history) == steps
        on_game_two(again)
        assert again.mode is not None and again.mode.name in ("aiming", "placing")
        assert s.req is not None and s.req.shooter == 1  # Boris breaks game 2
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_closed_on_the_card_continues_on_the_card(lang: str) -> None:
    app = make_app(lang, (1280, 720))
    try:
        game_one_conceded(app)
        close_window(app)
        again = continued(lang)
        assert again.mode is not None and again.mode.name == "game_end"
        assert again.t("score.race", n=3, game=1) in drawn(again)
        assert again.t("side.next_game") in button_labels(again)
        click_button(again, again.t("side.next_game"))
        frame(again, n=2)
        on_game_two(again)
    finally:
        pygame.display.quit()


def test_a_step_after_the_next_rack_is_no_longer_on_it() -> None:
    """Next game, then game 2 conceded too: Continue opens game 2's card
    (the next rack kept for game 1 no longer holds), and the journal holds
    the match step by step (its first line not rewritten for the step)."""
    app = make_app("en", (1280, 720))
    try:
        game_one_conceded(app)
        click_button(app, app.t("side.next_game"))
        frame(app, n=2)
        lines = autosave_path().read_text("utf-8").splitlines()
        head = json.loads(lines[0])
        assert head["moved_on"] == len(app.session.match.history)  # type: ignore
        key(app, pygame.K_ESCAPE)  # game 2 given up before its break
        click_button(app, app.t("pause.concede_next", n=2))
        click_button(app, app.t("concede.game_yes"))
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "game_end"
        after = autosave_path().read_text("utf-8").splitlines()
        assert after[0] == lines[0] and len(after) > len(lines)
        close_window(app)
        again = continued("en")
        assert again.mode is not None and again.mode.name == "game_end"
        assert again.t("score.race", n=3, game=2) in drawn(again)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_closed_at_a_new_matchs_break_continues_it(lang: str) -> None:
    """The match conceded, New match and Start on its end card's way: closed
    at the new match's break (no step yet), Continue opens the new match,
    not the ended one's end card; that one is still among the autosaves."""
    app = make_app(lang, (1280, 720))
    try:
        watched_session(app, ["Anna", "Boris"], "8-ball", {"race_to": 3})
        concede_match(app)
        ended = app.session
        click_button(app, app.t("gameover.new"))
        frame(app, n=2)
        click_button(app, app.t("setup.start"))
        frame(app, n=2)
        s = app.session
        assert s is not None and s is not ended and not s.match.history
        close_window(app)
        again = continued(lang)
        s2 = again.session
        assert s2 is not None and not s2.over and not s2.match.history
        assert not again.dialogs, [getattr(d, "kind", "") for d in again.dialogs]
        assert again.mode is not None and again.mode.name in ("aiming", "placing")
        assert s2.match.seed == s.match.seed
        older = Session.load(autosave_paths()[1], again.locale)
        assert older.over and older.match.to_dict() == \
            ended.match.to_dict()  # type: ignore[union-attr]
    finally:
        pygame.display.quit()
