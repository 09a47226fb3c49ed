"""What a play-test on a loaded machine found (load ~5.5, the window's loop
coming round every 0.4 s): the card's count down "Gordon plays in 12 s"
took about 25 s, the loop's frames being capped at a tenth of a second
each. What a person reads by the clock (a count down, a decision's time
on show, a message's time) now counts the clock's seconds; what rolls
still moves a capped step a frame."""

from __future__ import annotations

import math
import re

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import computer
from simulator.app.screens.computer_turn import (
    ComputerMode,
    ComputerPlayMode,
    hold_seconds,
)
from tests.app.helpers import gordon_after_annas_miss, make_app, passes_until

LOADED = 0.4  # s: one pass of the loop on the loaded machine


def loaded_pass(app: App) -> None:
    """One pass of the window's own loop (App.run) LOADED seconds after the last."""
    app.step(pygame.event.get(), LOADED)


def shown_seconds(app: App) -> int | None:
    """The whole seconds the card's count down says now (None: none drawn)."""
    pattern = re.escape(app.t("cpu.held_to_play", name="Gordon", n=999)).replace(
        "999", r"(\d+)")
    for t in app.texts:
        m = re.search(pattern, t.text)
        if m:
            return int(m.group(1))
    return None


def test_the_count_down_follows_the_clock_when_frames_come_slowly(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Anna's plain miss, Gordon to play (watching at 1x): with the loop
    coming round every 0.4 s the number on the card goes down a second per
    second of the clock, and Gordon's decision comes after the card's
    seconds (hold_seconds), then stays its own time (SHOW_SECONDS) before
    he strikes, both by the clock; his stroke rolls no faster for it."""
    app = make_app("en")
    try:
        s = gordon_after_annas_miss(monkeypatch, app)
        mode = app.mode
        assert isinstance(mode, ComputerMode) and mode.holding()
        total = hold_seconds(s.banner)
        assert total >= 3.0
        said: list[tuple[float, int]] = []

        def read(wall: float) -> None:
            n = shown_seconds(app)
            if mode.holding():
                assert n is not None
                said.append((wall, n))
        wall = passes_until(app, lambda: not mode.holding(), LOADED, 4 * total, read)
        # The card went when its seconds had gone by on the clock.
        assert total <= wall + 1e-9 < total + LOADED, (wall, total)
        # Each number said is the whole seconds left by the clock.
        for at, n in said:
            assert n == math.ceil(round(total - at, 6)), (at, n, total)
        assert said[0][1] == math.ceil(total - LOADED)
        # Then his decision its own time at 1x, by the clock.
        shown = passes_until(app, lambda: isinstance(app.mode, ComputerPlayMode),
                             LOADED, 10.0)
        want = computer.SHOW_SECONDS
        assert want - LOADED <= shown <= want + LOADED, (shown, want)
        # His stroke still rolls a capped step a frame (it does not jump).
        play = app.mode
        assert isinstance(play, ComputerPlayMode)
        at = play.playback.time
        loaded_pass(app)
        assert 0.0 < play.playback.time - at <= 0.1 + 1e-9
    finally:
        pygame.display.quit()


def test_a_message_stays_its_seconds_by_the_clock() -> None:
    """A message of 3 s, the loop coming round every 0.4 s: gone after 3 s
    of the clock, not 12."""
    app = make_app("en")
    try:
        app.go("menu")
        loaded_pass(app)
        app.inform("Saved", 3.0)
        wall = passes_until(app, lambda: app.toast is None, LOADED, 20)
        assert 3.0 <= wall + 1e-9 < 3.0 + LOADED, wall
    finally:
        pygame.display.quit()
