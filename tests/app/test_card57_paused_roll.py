"""The match menu opened while the computer's stroke rolls holds the roll
(ComputerPlayMode.update); the side column's heading and the strip's chip say
so, not "the balls are rolling" / "shot in play" over balls standing still.
Closed, the roll goes on and so do those words. Through the window's loop."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.screens.computer_turn import ComputerPlayMode
from tests.app.helpers import drawn_words, frame, key, make_app, passes_until
from tests.app.test_pause46_computer_waits import STEP, _held


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_menu_over_a_computers_roll_says_it_is_paused(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        s, _ = _held(monkeypatch, app)
        passes_until(app, lambda: isinstance(app.mode, ComputerPlayMode), STEP, 30.0)
        play = app.mode
        assert isinstance(play, ComputerPlayMode) and not play.finished
        who = s.name(play.player)
        rolling = app.t("side.in_play", name=who)
        paused = app.t("side.in_play_paused", name=who)
        frame(app)
        assert rolling in drawn_words(app, "side", folded=True)
        assert app.t("strip.playing") in drawn_words(app, "strip")
        key(app, pygame.K_ESCAPE)
        frame(app, n=2)
        assert [d.kind for d in app.dialogs] == ["pause"]  # type: ignore[attr-defined]
        at = play.playback.time
        frame(app, n=5)
        assert play.playback.time == at  # (the roll waits)
        side = drawn_words(app, "side", folded=True)
        assert paused in side and rolling not in side, side
        strip = drawn_words(app, "strip")
        assert app.t("strip.paused_menu") in strip, strip
        assert app.t("strip.playing") not in strip
        key(app, pygame.K_ESCAPE)  # closed: it rolls on, and is said to
        frame(app, n=2)
        if app.mode is play and not play.finished:
            assert rolling in drawn_words(app, "side", folded=True)
            assert app.t("strip.paused_menu") not in drawn_words(app, "strip")
    finally:
        pygame.display.quit()
