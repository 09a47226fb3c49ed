"""Column words against the computer and after a taken hint: the Russian
call names its pocket as said after «в» («в левую верхнюю угловую лузу»,
not «в лузу «левая верхняя угловая»»); the computer's turn at 800x500 has
its heading above a held card; the last shot's line after an 8-ball break
breaks between its phrases at 1280x720."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.table.ruling_card import CHIP
from tests.app.helpers import after_the_break, frame, make_app
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


def test_the_russian_break_line_breaks_between_its_phrases(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """8-ball rule 5 (a legal break pots a ball or drives four object balls
    to the cushions): after Anna's break, the computer next, the card's
    last-shot line at 1280x720 read «первое касание: шар 9 · до бортов /
    дошли 12 прицельных шаров», the cushions' phrase cut across rows (wider
    than a row, it wrapped by words); each phrase is drawn whole in a row."""
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app("ru", (1280, 720))
    try:
        s = after_the_break(app, ["Anna", "cpu:club"], "8-ball", {"race_to": 3},
                            seed=3)
        frame(app, n=3)
        assert app.mode is not None and app.mode.name == "computer"
        assert s.banner is not None and not s.banner_folded
        [line] = [ln for ln in s.banner.all_lines if CHIP in ln and "борт" in ln]
        rows = [t.text.replace("\xa0", " ") for t in app.texts]
        for phrase in line.strip().split(CHIP)[1:]:
            assert any(phrase in row for row in rows), (phrase, rows)
    finally:
        pygame.display.quit()
