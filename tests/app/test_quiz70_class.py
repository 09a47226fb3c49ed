"""The referee quiz as a class meets it, driven through the window's loop:
the board of a game the stroke ended, the question after "no foul" on a
game lost without one, the stroke's last frame, the wait of "watch again",
and the table's labels under the question."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.quiz import QuizMode
from tests.app.helpers import drawn_lines, frame, key, make_app, quiz_on, quiz_ready
from tests.app.scenes import LANGS


def answer_right(app: App, mode: QuizMode) -> None:
    q = mode.question
    for a in sorted(q.correct):
        key(app, pygame.K_1 + q.choices.index(a))
    if q.multiple:
        key(app, pygame.K_RETURN)
    frame(app, n=2)
    assert mode.phase == "answered" and mode.grades[-1].right


def to_the_explanation(app: App, mode: QuizMode) -> None:
    while mode.phase != "done":
        if mode.phase == "asking":
            quiz_ready(app)
            frame(app)
            answer_right(app, mode)
        else:
            key(app, pygame.K_RETURN)
            frame(app, n=2)
    frame(app)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("sid", ["8ball-eight-early", "9ball-third-foul-after-warning"])
def test_the_last_board_shows_the_game_ended(lang: str, sid: str) -> None:
    """8-ball 15 (the 8 pocketed early loses the game), 9-ball 11 (a third
    foul in a row loses it): "Game over: Player 2 wins" stood over the board
    before the stroke, the loser's card marked to play and the games 0-0.
    The final board credits the winner with the game, says so on the card,
    and marks nobody to play."""
    app = make_app(lang)
    try:
        mode = quiz_on(app, sid, frames=2)
        ruling = mode.result.ruling
        assert ruling.game_over and ruling.winner is not None
        to_the_explanation(app, mode)
        cards, _centre = mode.header()
        top = drawn_lines(app, "top")
        said = app.t("quiz.board_game_won", name=cards[ruling.winner].name)
        assert any(t.startswith(said) for t in top), top
        assert not any(c.active for c in cards), cards
        assert [c.score for c in cards] == \
            ["1" if i == ruling.winner else "0" for i in range(len(cards))], cards
        won = [t for t in top if app.t("quiz.card_won") in t]
        assert len(won) == 1, top  # on the winner's card only
    finally:
        pygame.display.quit()
