"""The computer's countdown before its stroke («Через 10 с играет…») stands
still while the match menu is open, and comes back as it stood, with a few
seconds at least to read it again: it came back at 1 s of the 10 it showed
when the menu opened. Driven through the window's own loop (App.step),
each pass a loaded machine's second."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.computer_turn import RESUME_SECONDS, ComputerMode
from tests.app.helpers import make_app, passes_until
from tests.app.test_pause46_computer_waits import _held

SLOW = 1.0  # s a pass of the loop stands for


def _pass(app: App, kind: int) -> None:
    """One pass of the loop with Esc going down or up."""
    app.step([pygame.event.Event(kind, key=pygame.K_ESCAPE, mod=0, unicode="",
                                 scancode=0)], SLOW)


def _open(app: App) -> None:
    _pass(app, pygame.KEYDOWN)
    _pass(app, pygame.KEYUP)


def _close(app: App) -> None:
    """Esc down: the pass that closes the menu (its second was under it)."""
    _pass(app, pygame.KEYDOWN)


def _shown(app: App, mode: ComputerMode) -> int | None:
    """The whole seconds the drawn countdown says (None: none drawn)."""
    drawn = " ".join(" ".join(t.text.split()) for t in app.texts)
    name = mode.session.name(mode.player)
    for n in range(0, 30):
        said = " ".join(app.t("cpu.held_to_play", name=name, n=n).split())
        if said in drawn:
            return n
    return None


SIZES = [("en", (1280, 720)), ("ru", (1280, 720)), ("en", (800, 500)),
         ("ru", (800, 500))]


@pytest.mark.parametrize(("lang", "size"), SIZES)
def test_the_match_menu_stands_the_countdown_still(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    """Esc at the countdown, 8 s of passes under the menu, Esc: the count
    drawn is the one drawn when the menu opened."""
    app = make_app(lang, size)
    try:
        s, mode = _held(monkeypatch, app)
        steps = len(s.match.history)
        at = _shown(app, mode)
        assert at is not None and at == math.ceil(mode.hold) and at > RESUME_SECONDS
        _open(app)
        assert app.dialogs
        passes_until(app, lambda: False, SLOW, 8.0)
        _close(app)
        assert not app.dialogs and app.mode is mode and len(s.match.history) == steps
        assert _shown(app, mode) == at
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_countdown_nearly_run_out_comes_back_with_time_to_read(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """The menu opened with under RESUME_SECONDS left: closed, the count
    says RESUME_SECONDS, and Gordon still waits that long."""
    app = make_app(lang)
    try:
        s, mode = _held(monkeypatch, app)
        steps = len(s.match.history)
        passes_until(app, lambda: mode.hold < RESUME_SECONDS - 1.0, 0.1, 20.0)
        assert mode.holding()
        _open(app)
        passes_until(app, lambda: False, SLOW, 3.0)
        _close(app)
        assert not app.dialogs and _shown(app, mode) == math.ceil(RESUME_SECONDS)
        passes_until(app, lambda: False, 0.1, RESUME_SECONDS - 0.5)
        assert app.mode is mode and len(s.match.history) == steps
    finally:
        pygame.display.quit()
