"""A match loaded on a computer's turn: the computer played its turn again
at once, unsaid, and a play-tester took the match for jumped ahead. Loaded,
the window says who is to play, and a computer waits for Continue."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from simulator.app.loop.app import App
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
        frame(app)
        assert app.toast is None  # (the column's heading says who plays)
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


def _said(app: App, words: str) -> int:
    """How many times the last frame drew ``words`` (a line wrapped or cut
    counts where its beginning is), the toast's and the key line's too."""
    lines = [" ".join(t.text.split()) for t in app.texts]
    head = " ".join(words.split())[:14]  # (a narrow column wraps it early)
    return sum(1 for line in lines if line.startswith(head) or head in line)


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("ru", (1280, 720)),
                                            ("en", (800, 500)), ("ru", (800, 500))])
def test_loaded_on_the_computers_turn_says_so_once(
        lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """Loaded on the computer's turn, that it plays when the person presses
    Continue is said once, under the heading (a toast and the key line
    said it again, three times at once); the key line says the keys."""
    app = make_app(lang, size)
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    try:
        s = start(app, ["cpu:club", "Boris"], "9-ball", {"race_to": 1}, seed=6)
        again = reopen_from_menu(app, s.save(tmp_path / "its-turn.json"))
        frame(app, n=2)
        cpu = again.name(0)
        assert isinstance(app.mode, ComputerMode) and app.mode.phase == "waiting"
        assert _said(app, app.t("load.cpu_go", name=cpu)) == 1
        assert _said(app, app.t("load.cpu_shoots", name=cpu)) == 1
        assert app.t("load.turn_shoot", name=cpu) not in " ".join(
            t.text for t in app.texts)
        assert app.toast is None  # (it said the heading and the go line again)
        keys = " ".join(app.t("load.cpu_keys_short").split())
        assert any(keys in " ".join(t.text.split()) for t in app.texts)
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
