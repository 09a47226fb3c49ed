"""The referee quiz as a class meets it, driven through the window's loop:
the board of a game the stroke ended, the question after "no foul" on a
game lost without one, the stroke's last frame, the wait of "watch again",
and the table's labels under the question."""

from __future__ import annotations

import itertools
import math

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.quiz import QuizMode
from tests.app.helpers import (
    answer,
    answer_until_done,
    drawn_lines,
    drawn_words,
    frame,
    key,
    make_app,
    quiz_on,
    quiz_ready,
)
from tests.app.scenes import LANGS


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
        answer_until_done(app)
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


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("sid", "loss_only"), [
    ("8ball-eight-early", True), ("8ball-eight-wrong-pocket", True),
    ("8ball-eight-and-scratch", False), ("8ball-double-hit", False)])
def test_a_game_lost_without_a_foul_asks_which_rule_decides(
        lang: str, sid: str, loss_only: bool) -> None:
    """8-ball 15: the 8 pocketed before its group is cleared, or in a pocket
    not called, loses the game; no rule of the fouls (general 15-16) is
    broken. After "Was it a foul?" answered "no foul", "Which rule was
    broken?" asked for a breach there was none of: the second question asks
    which rule decides the game, and lists itself so. With a foul (the 8
    and the cue ball down together, 8-ball 15 and general 16) it is still
    "Which rule was broken?"."""
    from simulator.app.screens.quiz import answer_label
    from simulator.practice.quiz import NO, YES
    app = make_app(lang)
    try:
        mode = quiz_on(app, sid, frames=2)
        quiz_ready(app)
        frame(app)
        side = " ".join(drawn_lines(app, "side"))
        listed = app.t("quiz.ask_rule_loss")
        assert (listed in side) == loss_only, side
        q = mode.question
        assert q.kind == "foul"
        assert q.correct == {NO if loss_only else YES}
        answer(app, mode)
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        assert mode.question.kind == "rule"
        side = " ".join(drawn_lines(app, "side"))
        # (a foul and the loss: "Which rules were broken? (choose all ...)")
        rule_loss = app.t("quiz.rule_loss")
        rule = app.t("quiz.rule_all" if mode.question.multiple else "quiz.rule",
                     n=len(mode.question.correct))
        assert (rule_loss in side) == loss_only, side
        assert (rule in side) != loss_only, side
        if loss_only:  # the loss's rule is the answer, and no "none" is offered
            names = mode.session.names if mode.session is not None else ()
            assert answer_label(app, mode.question, "none", names) not in side
            quiz_ready(app)
            answer(app, mode)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_watch_again_says_space_skips_and_space_does(lang: str) -> None:
    """"Watch again" plays the stroke at 1/4 and the answers wait for its
    end, some 20 s, with only the strip's small hint naming Space: the
    question says by its locked answers that they open at the stroke's end
    and Space skips there. Space does: the stroke at its end, the answers
    taken, the note gone."""
    app = make_app(lang)
    try:
        mode = quiz_on(app, "8ball-group-chosen", frames=2)
        quiz_ready(app)
        frame(app)
        note = app.t("quiz.wait_note")
        assert note not in drawn_words(app, "side", folded=True)
        key(app, pygame.K_r)
        frame(app, n=3)
        assert not mode.watched and mode.player is not None
        pb = mode.player.playback
        assert pb.time < pb.end_time - 1.0  # at 1/4, some seconds to wait
        assert note in drawn_words(app, "side", folded=True)
        assert not any(b.enabled for b in mode.choice_buttons.values())
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        assert mode.watched and pb.time >= pb.end_time - 1e-6
        assert all(b.enabled for b in mode.choice_buttons.values())
        assert note not in drawn_words(app, "side", folded=True)
        answer(app, mode)
    finally:
        pygame.display.quit()


def trail_pixels(app: App, mode: QuizMode, ball: int) -> list[tuple[int, int, int]]:
    """The window's pixels on ``ball``'s drawn path, at the stroke's end,
    away from the balls and the contact marks drawn over it."""
    assert mode.show is not None and mode.player is not None
    view = mode.view
    pts = [view.to_screen(x, y) for x, y in
           mode.show.marks.trail(ball, mode.player.playback.time)]
    balls = [view.to_screen(x, y) for x, y, _r in mode.player.positions().values()]
    boxes = [b.inflate(6, 6) for _n, b in mode.show.contact_boxes]
    out = []
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        x, y = round((x0 + x1) / 2), round((y0 + y1) / 2)
        if any(math.hypot(x - bx, y - by) < view.ball_px + 4 for bx, by in balls) \
                or any(b.collidepoint(x, y) for b in boxes):
            continue
        out.append(tuple(app.screen.get_at((x, y))[:3]))
    return out


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_the_last_frame_keeps_the_potted_eights_path(size: tuple[int, int]) -> None:
    """8-ball 15: the 8 pocketed early. On the stroke's last frame (where the
    questions are asked) its path was a faint hairline, lost on the cloth:
    the path of a ball that left the bed is drawn whole to the pocket, in
    its colour."""
    from simulator.app.replay.table_marks import ball_colour
    app = make_app("en", size)
    try:
        mode = quiz_on(app, "8ball-eight-early", frames=2)
        quiz_ready(app)
        frame(app)
        assert mode.show is not None
        colour = ball_colour(mode.spec, 8)
        px = trail_pixels(app, mode, 8)
        assert len(px) >= 5, px
        on = [p for p in px
              if max(abs(a - b) for a, b in zip(p, colour, strict=True)) < 40]
        assert len(on) >= 0.8 * len(px), (colour, px)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("sid", ["8ball-eight-early", "express-foreign"])
def test_each_contact_number_drawn_can_be_read(sid: str, size: tuple[int, int]) -> None:
    """The cue ball rattling in the jaws (Express) or three touches round it
    (the 8 early) piled the contact numbers on it and on each other. Each
    number drawn on the last frame is clear of the others and of the balls;
    the first contact and the latest are among them."""
    app = make_app("en", size)
    try:
        mode = quiz_on(app, sid, frames=2)
        quiz_ready(app)
        frame(app)
        assert mode.show is not None and mode.player is not None
        view = mode.view
        boxes = mode.show.contact_boxes
        shown = [n for n, _b in boxes]
        every = mode.show.marks.contacts_until(mode.player.playback.time)
        assert shown[0] == 1 and shown[-1] == every[-1].n, shown
        balls = [view.to_screen(x, y) for x, y, _r in mode.player.positions().values()]
        for i, (n, b) in enumerate(boxes):
            d = b.width / 2
            for m, o in boxes[i + 1:]:
                gap = abs(b.centerx - o.centerx) + abs(b.centery - o.centery) \
                    - d - o.width / 2
                assert gap >= 0, (n, m, boxes)
            for bx, by in balls:  # the diamond's inner circle off the ball
                assert math.hypot(b.centerx - bx, b.centery - by) >= \
                    view.ball_px + 0.7 * d, (n, b, (bx, by))
    finally:
        pygame.display.quit()
