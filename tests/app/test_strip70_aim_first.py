"""After the computer's turn: the "aim first" message stood on screen over
an aim the mouse had drawn. Driven through the window's loop, both
languages."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import drawn_words, frame, key, make_app, move
from tests.app.test_space59_aim_first import _after_the_computers_stroke


@pytest.mark.parametrize(("lang", "size"), [("en", (800, 500)), ("ru", (1280, 720))])
def test_the_aim_first_message_goes_once_the_mouse_aims(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, size)
    try:
        s = _after_the_computers_stroke(app)
        mode = app.mode
        frame(app, n=70)
        shots = len(s.match.history)
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        said = app.t("evening.aim_first")
        assert app.mode is mode and len(s.match.history) == shots
        assert app.toast is not None and app.toast[0] == said
        move(app, mode.layout.table.center)  # type: ignore[union-attr]
        frame(app)
        assert app.toast is None or app.toast[0] != said, app.toast
        assert " ".join(said.split()) not in drawn_words(app, folded=True)
    finally:
        pygame.display.quit()
