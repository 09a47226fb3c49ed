"""Space refused on a person's first stroke after the computer's turn: the
"aim first" message is drawn whole inside a small window, in both
languages, in Express (the computer's shot skipped)."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from tests.app.helpers import frame, key, make_app, run_until


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_aim_first_is_drawn_at_800x500_in_express(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, (800, 500))
    try:
        s = Session.new(["Anna", "cpu:beginner", "cpu:beginner"], "express",
                        {"race_to": 3, "first_breaker": 1}, app.locale, seed=2)
        s.watch = "skip"
        app.session = s
        next_step(app)
        run_until(app, lambda: app.mode is not None and app.mode.name == "aiming")
        frame(app, n=40)  # (past the settling time)
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        assert app.mode.name == "aiming"
        said = app.t("evening.aim_first")
        assert app.toast is not None and app.toast[0] == said
        drawn = [t for t in app.texts if t.text in said and len(t.text.split()) > 1]
        window = pygame.Rect((0, 0), app.size)
        assert " ".join(t.shown for t in drawn).split() == said.split()
        assert all(window.contains(t.rect) for t in drawn)
    finally:
        pygame.display.quit()
