"""The computer's stroke words in the side column, its count of tries
last: none cut where its stroke line takes two rows (the aim controls give
their room, as they do to a hint), every text whole inside the column and
none over another."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import computer
from simulator.app.screens.computer_turn import ComputerPlayMode
from simulator.players.player import ShotDecision
from tests.app.helpers import frame, key, make_app
from tests.app.scenes import LANGS
from tests.app.test_tries41 import showing_its_stroke


def _column_whole(app: App) -> str:
    """The side column's texts, checked whole inside it and apart; their
    words."""
    side = app.layout.side
    texts = [t for t in app.texts if side.colliderect(t.rect)]
    assert all(side.contains(t.rect) and not t.cut for t in texts), \
        [(t.text, t.rect) for t in texts if not side.contains(t.rect) or t.cut]
    over = [(a.text, b.text) for i, a in enumerate(texts) for b in texts[i + 1:]
            if a.rect.colliderect(b.rect)]
    assert not over, over
    return " ".join(t.text for t in texts)


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)], ids=("800x500", "1280x720"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_computers_count_line_is_never_cut(
        lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer calls the 3 and plays it "medium (50%, cue 2.5 m/s),
    follow 10 mm", a line of two rows in Russian at 800x500: its count of
    tries under it («Забит в 4 из 7 пробных ударов…») went unsaid under
    the aim controls. It is shown whole, while it shows its stroke and
    while the balls roll, every text of the column whole inside it, none
    over another."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, size)
    try:
        mode = showing_its_stroke(app, seed=1)
        frame(app)
        d = mode.decision
        assert isinstance(d, ShotDecision) and d.kind == "pot" and d.tries > 0, d
        count = computer.tries_words(app.locale, d.success, d.tries)
        assert mode.lines[-1] == count
        words = _column_whole(app)
        for line in mode.lines:
            assert " ".join(line.split()) in " ".join(words.split()), (line, words)
        key(app, pygame.K_SPACE)  # play it now: the words stay while it rolls
        frame(app, n=3)
        assert isinstance(app.mode, ComputerPlayMode)
        words = _column_whole(app)
        assert " ".join(count.split()) in " ".join(words.split()), (count, words)
    finally:
        pygame.display.quit()
