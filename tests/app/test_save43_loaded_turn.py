"""A match loaded on a computer's turn: the computer played its turn again
at once, unsaid, and a play-tester took the match for jumped ahead. Loaded,
the window says who is to play, and a computer waits for Continue."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from simulator.app.match import computer
from simulator.app.screens.computer_turn import ComputerMode, ComputerPlayMode
from tests.app.helpers import (
    button_labels,
    frame,
    key,
    make_app,
    reopen_from_menu,
    run_until,
)
from tests.app.test_computer import start
from tests.app.test_save43_undo_words import toast_said


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_loaded_on_the_computers_turn_it_waits_for_continue(
        lang: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    app = make_app(lang, (800, 500))
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    try:
        s = start(app, ["cpu:club", "Boris"], "9-ball", {"race_to": 1}, seed=6)
        assert isinstance(app.mode, ComputerMode)
        path = s.save(tmp_path / "its-turn.json")
        again = reopen_from_menu(app, path)
        cpu = again.name(0)
        said = toast_said(app)
        assert app.t("load.turn_shoot", name=cpu) in said
        assert app.t("load.cpu_waits", name=cpu) in said
        frame(app, n=900)  # fifteen seconds: it had broken long before
        assert len(again.match.history) == 0
        assert isinstance(app.mode, ComputerMode) and app.mode.phase == "waiting"
        drawn = " ".join(t.text for t in app.texts if not t.cut)  # (wrapped)
        assert app.t("load.cpu_shoots", name=cpu) in drawn
        assert app.t("load.cpu_go", name=cpu) in drawn
        assert app.t("evening.read_ruling") not in drawn  # there is none
        assert app.t("evening.go_on") in button_labels(app)
        key(app, pygame.K_SPACE)  # the person goes on: it plays its turn
        run_until(app, lambda: isinstance(app.mode, ComputerPlayMode), limit=6000)
        assert app.mode.player == 0
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_loaded_on_a_persons_turn_says_who_shoots(
        lang: str, tmp_path: Path) -> None:
    app = make_app(lang, (800, 500))
    try:
        s = start(app, ["Anna", "cpu:club"], "9-ball", {"race_to": 1}, seed=6)
        assert app.mode is not None and app.mode.name in ("aiming", "placing")
        path = s.save(tmp_path / "her-turn.json")
        reopen_from_menu(app, path)
        said = toast_said(app)
        assert said == app.t("load.turn_shoot", name="Anna")
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_loaded_at_a_games_end_the_next_break_is_not_held_again(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Loaded on the end card of a game Anna conceded, the person moves on
    (Next game): that was their step, and the computer breaks the next rack
    without a second Continue."""
    from simulator.app.match.session import autosave_path
    from tests.app.helpers import against_gordon, click_button, concede_at_turn
    app = make_app(lang, (800, 500))
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    try:
        against_gordon(app, race_to=2)
        frame(app)
        concede_at_turn(app, "game")
        again = reopen_from_menu(app, autosave_path())
        assert app.mode is not None and app.mode.name == "game_end"
        click_button(app, app.t("side.next_game"))
        frame(app)
        assert isinstance(app.mode, ComputerMode) and app.mode.phase != "waiting"
        run_until(app, lambda: len(again.match.history) == 2, limit=6000)
    finally:
        pygame.display.quit()
