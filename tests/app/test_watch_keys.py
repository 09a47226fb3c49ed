"""The watching speeds' keys on the computer's turn are the speeds their
buttons show: 1 is 1x, 2 is 2x, 4 is 4x (3 gave 4x, and 4, pressed for 4x,
skipped the computer's shot); Skip is 0. The key line, the buttons' caps and
the help (F1) name the same keys."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import computer
from simulator.app.screens.computer_turn import ComputerMode, ComputerPlayMode
from simulator.app.screens.help import HelpMode
from simulator.app.screens.match_keys import watch_key
from tests.app.helpers import frame, key, make_app, run_until
from tests.app.test_computer import start
from tests.app.test_playfix17d_keys import strip_text


def _watch_caps(app: App) -> dict[str, str]:
    """The watch buttons' caps, by the speed each sets ("1", ..., "skip")."""
    frame(app)
    return {b.ident.removeprefix("watch"): b.key for b in app.buttons
            if b.ident.startswith("watch")}


def _line_keys(line: str) -> tuple[list[str], str]:
    """The key line's speed keys ("1/2/4: ...") and its Skip key ("0: ...")."""
    parts = line.split(" · ")
    return parts[0].partition(":")[0].split("/"), parts[1].partition(":")[0]


def _rolling(app: App) -> ComputerPlayMode:
    """The computer's break, played: its balls roll at 1x."""
    start(app, ["cpu:beginner", "Boris"], "8-ball", {"race_to": 1}, seed=2)
    mode = app.mode
    assert isinstance(mode, ComputerMode)
    run_until(app, lambda: mode.phase == "showing", limit=4000)
    key(app, pygame.K_SPACE)  # play it now
    play = app.mode
    assert isinstance(play, ComputerPlayMode) and play.playback.speed == 1.0
    return play


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (800, 500))])
def test_each_number_watches_at_the_speed_its_button_shows(
        lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, size)
    try:
        play = _rolling(app)
        caps = _watch_caps(app)
        speeds = ["1", "2", "4"]
        assert sorted(caps) == sorted([*speeds, "skip"]), caps
        for speed, k in (("4", pygame.K_4), ("2", pygame.K_2)):
            key(app, k)
            assert app.mode is play and not play.skip  # watched, not skipped
            assert play.playback.speed == float(speed) and watch_key(app) == speed
        key(app, pygame.K_3)  # no speed of its own: nothing changes
        assert app.mode is play and not play.skip and play.playback.speed == 2.0
        key(app, pygame.K_1)
        assert play.playback.speed == 1.0 and watch_key(app) == "1"
        # The key line names the same keys as the buttons' caps (where the
        # row has room for them) and as the keys that act.
        line = play.hint() if play.hint() in strip_text(app) else play.short_hint()
        assert line in strip_text(app)
        line_speeds, line_skip = _line_keys(line)
        assert line_speeds == speeds and line_skip == "0", line
        for speed, cap in caps.items():
            assert cap in ("", "0" if speed == "skip" else speed), caps
        # The help (F1) names them too.
        rows = [k for _h, secs in HelpMode(app, back="match").sections()
                for k, what in secs if "4×" in what]
        assert [r.split(" / ") for r in rows] == [[*speeds, "0"]], rows
        key(app, pygame.K_0)  # Skip: this shot (and the match's next ones)
        assert watch_key(app) == "skip" and app.settings.watch == "1"
        run_until(app, lambda: not isinstance(app.mode, ComputerPlayMode), limit=600)
        assert not app.errors
    finally:
        pygame.display.quit()
