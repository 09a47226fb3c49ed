"""What a play-test found against the computer: the message of a stroke
played without a call stayed on the screen into the computer's turn, and a
message sat on the footer's key line."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.computer_turn import ComputerMode
from simulator.app.text import ui
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


def _keys_row(app: App) -> ui.TextRecord:
    """The footer's key line as drawn (either length)."""
    mode = app.mode
    assert mode is not None
    return next(t for t in app.texts if t.text in (mode.hint(), mode.short_hint()))


def _message_clear_of_the_keys(app: App, words: str) -> None:
    """The message is on the screen whole, nowhere on the key line's row
    (beside its words it read as cutting them: «…сразу к концу удара»),
    nor over any other words drawn; the key line is not cut."""
    keys = _keys_row(app)
    (box,) = [r for name, r in app.panels if name == "message"]
    assert pygame.Rect((0, 0), app.size).contains(box)
    assert not box.colliderect(keys.box), (box, keys.box, keys.text)
    assert not keys.cut
    inside = [t for t in app.texts if box.contains(t.rect)]
    assert " ".join(t.text for t in inside) == words
    over = [t.text for t in app.texts if t not in inside and box.colliderect(t.rect)]
    assert not over, over


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_message_leaves_the_footers_key_line_whole(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    """The no-call message while Anna's stroke rolls, and a longer one
    while Gordon's does: neither on the key line's row."""
    from simulator.app.screens.computer_turn import ComputerPlayMode
    app = make_app(lang, size)
    try:
        _computer_to_shoot(monkeypatch, app, "1", think_frames=2, shooter=0,
                           balls=MISS_BALLS)
        _anna_misses(app)
        frame(app)
        _message_clear_of_the_keys(app, app.t("evening.no_call"))
        run_until(app, lambda: isinstance(app.mode, ComputerPlayMode), limit=3000)
        words = " ".join([app.t("call.dropped_ball", ball=9), app.t("evening.no_call")])
        app.inform(words, 6.0)
        frame(app)
        _message_clear_of_the_keys(app, words)
    finally:
        pygame.display.quit()
