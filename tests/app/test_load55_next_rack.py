"""A match saved on the next rack, before its break (the person had read the
last game's end card and pressed New game), loaded on that ended game's card
again: "game 1", "The game is over", a New game button, and a notice that the
computer would play on Continue with no Continue shown. A save keeps that the
person went on: loaded, the match is where it was saved, in both languages.
A save on the card itself still loads as the card, and one mid-game as that
game."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import computer
from simulator.app.match.session import Session
from simulator.app.screens.computer_turn import ComputerMode, ComputerPlayMode
from simulator.practice.scenario import parse_scenario
from tests.app.helpers import (
    button_labels,
    click_button,
    concede_at_turn,
    frame,
    key,
    make_app,
    reopen_from_menu,
    run_until,
    watched_session,
)
from tests.app.test_buttons38_save_name import NAME, save_from_the_menu, type_and_enter
from tests.app.test_save43_undo_words import toast_said

# 8-ball, the computer (stripes, all down) at the 8 straight into a corner:
# it wins game 1 with a shot (8-ball rule 1), as in the match that found this,
# and breaks game 2 (Anna broke game 1: players break in turn, 8-ball rule 4).
LAST_EIGHT = {"format": "kiy-scenario", "version": 1, "id": "last8",
              "discipline": "8-ball", "players": 2,
              "title": {"en": "The 8", "ru": "Восьмёрка"},
              "balls": {"0": [1.9, 0.63], "8": [2.3, 1.03], "1": [0.5, 0.3],
                        "2": [0.6, 0.9]},
              "state": {"is_break": False, "shooter": 1, "breaker": 0,
                        "groups": ["solids", "stripes"]}}


def drawn(app: App) -> str:
    return " | ".join(t.text for t in app.texts if not t.cut)


def computer_wins_game_one(app: App, monkeypatch: pytest.MonkeyPatch) -> Session:
    """Anna against the computer, race to 3: the computer pots the 8 and
    wins game 1; its end card on show."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    s = watched_session(app, ["Anna", "cpu:club:Gordon"], "8-ball", {"race_to": 3},
                        watch="skip", seed=1, state=parse_scenario(LAST_EIGHT).game)
    run_until(app, lambda: app.mode is not None and app.mode.name == "game_end",
              limit=6000)
    r = s.last_ruling
    assert r is not None and r.game_over and r.winner == 1
    frame(app, n=2)
    return s


def saved_and_loaded(app: App) -> Session:
    """Saved from the match's menu under a typed name, the window left for
    the main menu, and the save opened from there; two frames drawn."""
    save_from_the_menu(app, 0.5)
    type_and_enter(app)
    s = app.session
    assert s is not None and s.save_path is not None and s.save_name == NAME
    again = reopen_from_menu(app, s.save_path)
    frame(app, n=2)
    return again


def on_game_two(app: App) -> None:
    """The screen says game 2 and shows no game's end (card, button)."""
    assert app.mode is not None and app.mode.name != "game_end"
    words = drawn(app)
    assert app.t("score.race", n=3, game=2) in words, words
    assert app.t("score.race", n=3, game=1) not in words
    assert app.t("side.game_ended") not in words
    assert app.t("side.next_game") not in button_labels(app)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_saved_before_the_computers_break_loads_before_it(
        lang: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Game 1 over, New game, saved while the computer is about to break:
    loaded, game 2 with the computer to break, its Continue shown as the
    notice says, and it breaks once Continue is pressed."""
    app = make_app(lang, (1280, 720))
    try:
        computer_wins_game_one(app, monkeypatch)
        click_button(app, app.t("side.next_game"))
        frame(app)
        assert isinstance(app.mode, ComputerMode)  # it breaks game 2
        again = saved_and_loaded(app)
        steps = len(again.match.history)
        on_game_two(app)
        assert isinstance(app.mode, ComputerMode) and app.mode.phase == "waiting"
        cpu = again.name(1)
        drawn_now = " ".join(t.text for t in app.texts)
        assert app.t("load.cpu_go", name=cpu) in drawn_now  # (said once: the heading)
        assert app.t("evening.go_on") in button_labels(app)
        key(app, pygame.K_SPACE)
        run_until(app, lambda: isinstance(app.mode, ComputerPlayMode), limit=6000)
        assert app.mode.player == 1
        run_until(app, lambda: len(again.match.history) == steps + 1, limit=6000)
        assert again.match.history[-1].get("type") == "shot"
        assert again.match.rulings[-1] is not None
        assert again.match.rulings[-1].shooter == 1
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_saved_before_a_persons_break_loads_before_it(lang: str) -> None:
    """The computer broke game 1 and Anna conceded it; New game, saved with
    her to break game 2: loaded, her break is on, in game 2."""
    app = make_app(lang, (1280, 720))
    try:
        app.settings.watch = "skip"
        s = Session.new(["Anna", "cpu:club:Gordon"], "8-ball",
                        {"race_to": 3, "first_breaker": 1}, app.locale, seed=4)
        app.session = s
        app.go("match")
        frame(app)
        concede_at_turn(app, "game")
        assert app.mode is not None and app.mode.name == "game_end"
        click_button(app, app.t("side.next_game"))
        frame(app, n=2)
        assert app.mode is not None and app.mode.name in ("aiming", "placing")
        saved_and_loaded(app)
        on_game_two(app)
        assert app.mode is not None and app.mode.name in ("aiming", "placing")
        assert toast_said(app) == app.t("load.turn_shoot", name="Anna")
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_saved_before_the_break_between_people_loads_before_it(lang: str) -> None:
    """Anna and Boris: Anna concedes game 1 before breaking it; New game,
    saved with Boris to break: loaded, his break of game 2 is on."""
    app = make_app(lang, (1280, 720))
    try:
        s = watched_session(app, ["Anna", "Boris"], "8-ball", {"race_to": 3})
        concede_at_turn(app, "game")
        assert app.mode is not None and app.mode.name == "game_end"
        click_button(app, app.t("side.next_game"))
        frame(app, n=2)
        assert s.req is not None and s.req.shooter == 1
        again = saved_and_loaded(app)
        on_game_two(app)
        assert app.mode is not None and app.mode.name in ("aiming", "placing")
        assert again.req is not None and again.req.shooter == 1
        assert toast_said(app) == app.t("load.turn_shoot", name="Boris")
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_saved_on_the_end_card_loads_on_it(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saved on game 1's end card (New game not pressed): loaded, the card
    again, and New game then racks game 2 for the computer to break."""
    app = make_app(lang, (1280, 720))
    try:
        computer_wins_game_one(app, monkeypatch)
        again = saved_and_loaded(app)
        assert app.mode is not None and app.mode.name == "game_end"
        assert app.t("score.race", n=3, game=1) in drawn(app)
        assert app.t("side.next_game") in button_labels(app)
        click_button(app, app.t("side.next_game"))
        frame(app)
        on_game_two(app)
        assert isinstance(app.mode, ComputerMode) and app.mode.phase != "waiting"
        steps = len(again.match.history)
        run_until(app, lambda: len(again.match.history) == steps + 1, limit=6000)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_saved_mid_game_two_loads_mid_game_two(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Game 2 broken by the computer and Anna to play: saved and loaded,
    the same turn of game 2."""
    app = make_app(lang, (1280, 720))
    try:
        s = computer_wins_game_one(app, monkeypatch)
        click_button(app, app.t("side.next_game"))
        run_until(app, lambda: not app.dialogs and app.mode is not None
                  and app.mode.name in ("aiming", "placing"), limit=6000)
        steps = len(s.match.history)
        assert steps > 1 and s.req is not None and s.req.shooter == 0
        again = saved_and_loaded(app)
        assert len(again.match.history) == steps
        on_game_two(app)
        assert app.mode is not None and app.mode.name in ("aiming", "placing")
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("stale", [1, True, "yes"], ids=["other-step", "bool", "text"])
def test_a_moved_on_not_of_this_match_loads_the_card(
        stale: object, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Saved on the next rack, then the file's "moved_on" made something
    other than the match's number of steps (an edit, a damaged file): it
    is not trusted, and the match loads on the ended game's card, as a save
    without it does."""
    app = make_app("en", (1280, 720))
    try:
        s = computer_wins_game_one(app, monkeypatch)
        click_button(app, app.t("side.next_game"))
        frame(app)
        path = s.save(tmp_path / "stale.json")
        data = json.loads(path.read_text("utf-8"))
        steps = len(s.match.history)
        assert data["moved_on"] == steps
        data["moved_on"] = steps + 1 if stale == 1 and stale is not True else stale
        path.write_text(json.dumps(data), "utf-8")
        reopen_from_menu(app, path)
        assert app.mode is not None and app.mode.name == "game_end"
        assert app.t("side.next_game") in button_labels(app)
    finally:
        pygame.display.quit()
