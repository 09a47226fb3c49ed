"""Anything opened over the table on the computer's turn (the match menu,
the save dialog, a concession's question, the help
pages, the replay) holds its countdown and its shot; closed, the countdown
goes on from where it stood, neither started again nor skipped. Driven
through the window's own loop (App.step) with the clock's seconds."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import computer
from simulator.app.match.session import Session, saves_dir
from simulator.app.screens.computer_turn import ComputerMode, ComputerPlayMode
from simulator.files import saves
from tests.app.helpers import frame, key, make_app, passes_until
from tests.app.test_buttons38_save_name import NAME, type_and_enter
from tests.app.test_playfix11_card import _held_after_a_miss

STEP = 0.1  # s a pass of the loop stands for (a calm machine's frames are shorter)


def _held(monkeypatch: pytest.MonkeyPatch, app: App) -> tuple[Session, ComputerMode]:
    """Gordon decided, counting down before his stroke under Anna's card."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    s, mode = _held_after_a_miss(monkeypatch, app)
    passes_until(app, lambda: mode.decision is not None, STEP, 2.0)
    assert mode.decision is not None and mode.holding() and mode.hold > 2.0
    return s, mode


def _wait(app: App, seconds: float) -> None:
    """``seconds`` of the clock through the window's loop, nothing pressed."""
    passes_until(app, lambda: False, STEP, seconds)


def _plays_on(app: App, s: Session, mode: ComputerMode, at: float) -> None:
    """The same turn counts on from ``at`` (not from its start, not at
    once), then Gordon strikes when it has run out."""
    assert app.mode is mode and mode.holding()
    _wait(app, 0.5)
    assert app.mode is mode and at - 0.8 <= mode.hold <= at - 0.3, (at, mode.hold)
    passes_until(app, lambda: isinstance(app.mode, ComputerPlayMode), STEP, at + 3.0)
    assert isinstance(app.mode, ComputerPlayMode)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_typing_a_save_name_holds_the_computers_stroke(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Esc, 2 (Save the match...), 20 s of the clock while the name is
    typed: Gordon's countdown stands and he does not strike; Enter saves
    under the name typed, and his countdown goes on from there."""
    app = make_app(lang)
    try:
        s, mode = _held(monkeypatch, app)
        steps, at = len(s.match.history), mode.hold
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_2)
        assert [d.kind for d in app.dialogs] == ["name"]  # type: ignore[attr-defined]
        _wait(app, 20.0)
        type_and_enter(app)
        assert not app.dialogs and app.mode is mode
        assert len(s.match.history) == steps and mode.hold >= at - 0.2
        assert s.save_path is not None and s.save_path.parent == saves_dir()
        assert saves.read_stored(s.save_path).name == NAME
        _plays_on(app, s, mode, mode.hold)
    finally:
        pygame.display.quit()


def _menu(app: App) -> None:
    key(app, pygame.K_ESCAPE)


def _save(app: App) -> None:
    key(app, pygame.K_s, pygame.KMOD_CTRL)  # (the first time: asks a name)


def _concede(app: App) -> None:
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_9)  # (the match: Anna gives up to Gordon, asked first)


def _close(app: App) -> None:
    key(app, pygame.K_ESCAPE)


def _help(app: App) -> None:
    key(app, pygame.K_F1)


def _menus_help(app: App) -> None:
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_7)


def _menus_replay(app: App) -> None:
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_6)


OPENS: dict[str, tuple[Callable[[App], None], str]] = {
    "menu": (_menu, "pause"), "save": (_save, "name"), "concede": (_concede, "confirm"),
    "help": (_help, "help"),
    "menus_help": (_menus_help, "help"), "replay": (_menus_replay, "replay")}


def _on_top(app: App) -> str:
    """What is open over the turn: a dialog's kind, or another screen."""
    if app.dialogs:
        d = app.dialogs[-1]
        return str(getattr(d, "kind", d.name))
    assert app.mode is not None
    return app.mode.name


@pytest.mark.parametrize("what", sorted(OPENS))
def test_what_is_open_over_the_table_holds_the_countdown(
        monkeypatch: pytest.MonkeyPatch, what: str) -> None:
    """Each of them open 30 s of the clock: Gordon never strikes; closed
    (Esc), the same turn counts on from where it stood. The help pages and
    the replay, whole screens, started the turn again: a new search and
    the whole countdown."""
    app = make_app("en")
    try:
        s, mode = _held(monkeypatch, app)
        steps, at = len(s.match.history), mode.hold
        opens, kind = OPENS[what]
        opens(app)
        assert _on_top(app) == kind, (_on_top(app), kind)
        _wait(app, 30.0)
        assert _on_top(app) == kind and len(s.match.history) == steps
        assert mode.hold >= at - 0.2
        _close(app)
        frame(app)
        assert not app.dialogs and app.mode is mode, app.mode
        assert mode.decision is not None and mode.hold >= at - 0.2
        _plays_on(app, s, mode, mode.hold)
    finally:
        pygame.display.quit()


def test_a_turn_left_is_not_resumed_after_an_undo(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Undo from Gordon's countdown, then redo: his turn comes anew (its
    whole countdown), never the one left by the undo."""
    app = make_app("en")
    app.settings.allow_undo = True
    try:
        s, mode = _held(monkeypatch, app)
        _wait(app, 1.0)
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_4)  # undo
        assert app.mode is not None and app.mode.name == "aiming"
        assert s.computer_left is None
        _wait(app, 1.0)
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_5)  # redo
        again = app.mode
        assert isinstance(again, ComputerMode) and again is not mode
        assert again.holding() and again.hold > mode.hold + 0.5
    finally:
        pygame.display.quit()
