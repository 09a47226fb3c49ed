"""The watching speed of a computer's shots is a setting: 4x chosen in one
match watches the next one at 4x too. It was kept silently; the next match's
computer turns say it in the key line ("Watching at 4×, your last choice")
until a speed is chosen in that match. At 1x nothing is added."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import computer
from simulator.app.screens.computer_turn import ComputerMode
from tests.app.helpers import frame, key, make_app, run_until
from tests.app.test_computer import start


def key_line(app: App, shown: bool = False) -> str:
    frame(app)
    strip = app.layout.strip
    return " ".join(t.shown if shown else t.text for t in app.texts
                    if strip.contains(t.rect))


def computers_turn(app: App, seed: int) -> ComputerMode:
    """A new match whose first turn is the computer's (its break)."""
    start(app, ["cpu:beginner", "Boris"], "8-ball", {"race_to": 1}, seed=seed)
    mode = app.mode
    assert isinstance(mode, ComputerMode)
    return mode


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (800, 500)),
                                       ("ru", (1280, 720)), ("en", (800, 500))])
def test_a_speed_kept_from_the_last_match_is_said_at_the_computers_turn(
        lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, size)
    note = app.t("hint.watch_kept_short", speed="4×")
    try:
        computers_turn(app, seed=2)
        assert note not in key_line(app)  # 1x: nothing to say
        key(app, pygame.K_4)  # chosen in this match: kept in the settings
        assert app.settings.watch == "4"
        assert note not in key_line(app)
        app.session = None
        mode = computers_turn(app, seed=3)  # the next match
        assert note in key_line(app, shown=True)  # whole, at 800x500 too
        run_until(app, lambda: mode.phase == "showing", limit=4000)
        key(app, pygame.K_SPACE)  # it plays: the line still says it
        assert note in key_line(app, shown=True)
        key(app, pygame.K_2)  # a speed chosen in this match: no more
        assert app.mode is not None and app.mode.name == "computer_playing"
        assert app.t("hint.watch_kept_short", speed="2×") not in key_line(app)
        assert note not in key_line(app)
    finally:
        pygame.display.quit()
