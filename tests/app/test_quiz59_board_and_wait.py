"""The referee quiz's scoreboard and when its answers are taken.

The scoreboard said "table is open" over a question whose answer gives the
shooter the stripes (8-ball 7): while the questions are open it is the
position before the stroke and says so; with the explanation, the game as
the ruling left it. The answers of any "watch again" were taken at once
mid-stroke, while the first question's waited for the stroke's last event:
every play waits for it (a later question opens on the stroke's end). It is the
stroke's plain last event, not the earlier one the ruling rests on (a
match's roll-out begins there): answers opening there would tell the class
the touches still to come change nothing. Driven through the window's loop."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.replay.playback import rollout, slow_event
from simulator.app.screens.playing import ruling_key
from simulator.app.screens.practice.session import judge_result
from simulator.app.screens.quiz import QuizMode
from tests.app.helpers import (
    answer,
    answer_until_done,
    drawn_lines,
    frame,
    key,
    make_app,
    quiz_on,
    quiz_ready,
)
from tests.app.scenes import LANGS


def heading(app: App, key: str) -> str:
    """The board's heading ``key`` in the words of the form drawn (shorter
    ones where the full ones do not fit the board's centre)."""
    mode = app.mode
    assert isinstance(mode, QuizMode)
    line = mode.header()[1][1]
    forms = [app.t(key + f) for f in ("", "_short", "_tiny")]
    return next((f for f in forms if f in line), forms[0])


# 8-ball 7: on an open table the 11 called and pocketed: the shooter has
# the stripes. Its slow last touches change nothing the referee rules.
SID = "8ball-group-chosen"


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_is_the_position_before_the_stroke_until_the_ruling(
        lang: str) -> None:
    """8-ball 7: while the questions are open the board is the one before
    the ruling, headed "after the stroke · before the ruling" over the balls
    the stroke left (the table was open) and names no group; once all are
    answered it is the game after the ruling: the shooter's stripes."""
    app = make_app(lang)
    try:
        mode = quiz_on(app, SID, frames=2)
        stripes = app.t("score.stripes", n=1)
        while mode.phase != "done":
            if mode.phase == "asking":
                quiz_ready(app)
                frame(app)
                top = drawn_lines(app, "top")
                # (the balls where the stroke left them, the board before
                # the ruling: headed so, not "before the stroke")
                before = [t for t in top
                          if t.startswith(heading(app, "quiz.board_stroke_end"))]
                assert len(before) == 1 and mode.score_line().split()[-1] in \
                    before[0], top
                assert app.t("score.open") in top and stripes not in top, top
                assert top.index(before[0]) == 7, top  # under the game
                answer(app, mode)
            else:
                top = drawn_lines(app, "top")
                assert any(heading(app, "quiz.board_stroke_end") in t for t in top), top
                assert stripes not in top, top
                key(app, pygame.K_RETURN)
                frame(app, n=2)
        frame(app)
        top = drawn_lines(app, "top")
        assert any(heading(app, "quiz.board_after") in t for t in top), top
        assert not any(heading(app, "quiz.board_before") in t for t in top), top
        assert stripes in top and app.t("score.open") not in top, top
    finally:
        pygame.display.quit()


def ruled_last_event(mode: QuizMode) -> float:
    """The stroke's last event the ruling rests on: the slow touches after
    it left out, the referee rules the same (where a match's roll-out
    begins)."""
    shot, ruled = mode.shot, ruling_key(mode.ruling, mode.shot.events)

    def unneeded(start: int) -> bool:
        kept = tuple(e for i, e in enumerate(shot.events)
                     if i < start or not slow_event(e))
        less = judge_result(mode.sc, replace(shot, events=kept)).ruling
        return bool(ruling_key(less, kept) == ruled)
    return rollout(shot.events, 0.0, unneeded)[0]


def refused_until_the_last_event(app: App, mode: QuizMode) -> None:
    """The stroke playing: the answers are refused just before its last
    event (and past the last the ruling rests on), taken once it is shown."""
    assert mode.player is not None and mode.phase == "asking"
    pb = mode.player.playback
    last, _ = rollout(mode.shot.events, pb.end_time)
    ruled = ruled_last_event(mode)
    assert ruled < last - 0.2  # the slow touches the class still watches
    while pb.time < max(ruled + 0.05, last - 0.1):
        app.frame([], 0.05)
    assert not mode.watched
    assert not any(b.enabled for b in mode.choice_buttons.values())
    grades = len(mode.grades)
    app.toast = None
    key(app, pygame.K_1)
    frame(app)
    assert mode.phase == "asking" and len(mode.grades) == grades
    assert app.toast is not None and app.toast[0] == app.t("quiz.watch_first")
    while pb.time < last:
        app.frame([], 0.05)
    app.frame([], 0.0)
    assert mode.watched
    assert all(b.enabled for b in mode.choice_buttons.values())


@pytest.mark.parametrize("lang", LANGS)
def test_every_play_before_an_answer_waits_for_the_last_event(lang: str) -> None:
    """The first question seen to its end, then watched again: its answers
    wait for the last event again; the second question's watch again waits
    for it too (it was taken at once). The second question itself opens on
    the stroke's end (test_quiz60_later_questions)."""
    app = make_app(lang)
    try:
        mode = quiz_on(app, SID, frames=2)
        quiz_ready(app)
        key(app, pygame.K_r)  # watch again before answering
        frame(app)
        refused_until_the_last_event(app, mode)
        answer(app, mode)
        key(app, pygame.K_RETURN)  # the second question, on the stroke's end
        frame(app)
        assert mode.k == 1
        key(app, pygame.K_r)
        frame(app)
        refused_until_the_last_event(app, mode)
        answer(app, mode)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("ru", (800, 500))])
def test_a_game_the_ruling_ends_is_said_over_not_shown_in_play(
        lang: str, size: tuple[int, int]) -> None:
    """9-ball 7 and 11, the third foul after a warning: the ruling ends the
    game. The board "after the ruling" showed the loser still at "2 fouls
    in a row, one more loses" and nobody credited; it says the game is over
    and who won it, whole in the header."""
    app = make_app(lang, size)
    try:
        mode = quiz_on(app, "9ball-third-foul-after-warning", frames=2)
        ruling = mode.result.ruling
        assert ruling.game_over and ruling.winner is not None
        answer_until_done(app)
        top = drawn_lines(app, "top")
        cards, _centre = mode.header()
        # (in full words, or the shorter ones the board's centre holds)
        said = [app.t(k, name=cards[ruling.winner].name)
                for k in ("quiz.board_game_won", "quiz.board_game_won_short")]
        assert any(t.startswith(w) for t in top for w in said), top
        assert not any(heading(app, "quiz.board_after") in t for t in top), top
    finally:
        pygame.display.quit()
