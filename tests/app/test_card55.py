"""Column words against the computer and after a taken hint: the Russian
call names its pocket as said after «в» («в левую верхнюю угловую лузу»,
not «в лузу «левая верхняя угловая»»); the computer's turn at 800x500 has
its heading above a held card; the last shot's line after an 8-ball break
breaks between its phrases at 1280x720."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import make_app
from tests.app.test_hint41_taken import hint_taken
from tests.app.test_playfix19a import flat
from tests.app.test_playfix_match4 import side_texts


def column(app: App) -> str:
    """The side column's words as drawn, rows joined."""
    return flat(" ".join(t.text for t in side_texts(app)))


def test_the_russian_call_says_into_which_pocket(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """8-ball rule 2 (the called ball and pocket): Anna takes a hint that
    calls a ball; the column says its pocket as Russian says it after «в»
    («в левую верхнюю угловую лузу»), not the pocket's name in quotes."""
    app = make_app("ru")
    try:
        mode = hint_taken(app, False, monkeypatch)
        s = app.session
        assert s is not None and s.hint is not None
        decl = s.hint.decision.declarations
        assert decl.called_ball is not None and decl.called_pocket is not None
        words = column(app)
        assert "в лузу «" not in words, words
        into = app.t(f"pocket_into.{decl.called_pocket}")
        assert f"{decl.called_ball} в {into} лузу" in words, words
        assert mode.call_ball == decl.called_ball
    finally:
        pygame.display.quit()
