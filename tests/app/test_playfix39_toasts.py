"""What a play-test found against the computer: the message of a stroke
played without a call stayed on the screen into the computer's turn, and a
message sat on the footer's key line."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.computer_turn import ComputerMode
from tests.app.helpers import MISS_BALLS, frame, key, make_app, run_until
from tests.app.test_playfix10_flow import _anna_misses, _computer_to_shoot


def _on_screen(app: App, words: str) -> bool:
    return any(words in t.text for t in app.texts)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_no_call_message_is_gone_when_the_computers_turn_begins(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """8-ball rule 2: Anna plays without a call and is told a ball it pots
    would not count; the message is about her stroke, so once the turn is
    Gordon's it is no longer on the screen (she took the roll to its end
    with Space: the message's seconds were not up)."""
    app = make_app(lang)
    try:
        _computer_to_shoot(monkeypatch, app, "1", think_frames=2, shooter=0,
                           balls=MISS_BALLS)
        words = app.t("evening.no_call")
        _anna_misses(app)
        frame(app)
        assert _on_screen(app, words)  # said while her stroke rolls
        key(app, pygame.K_SPACE)  # to the end of the stroke, as she did
        run_until(app, lambda: isinstance(app.mode, ComputerMode), limit=3000)
        frame(app)
        assert not _on_screen(app, words)
        assert app.toast is None or app.toast[0] != words
    finally:
        pygame.display.quit()
