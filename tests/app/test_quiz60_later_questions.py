"""A situation's later questions open on the stroke's end.

Every play of the stroke waited for its last event, the second question's
own play too: a class that had watched the stroke to its end for the first
question waited through it again before it could answer the second. The
first question's play still waits (its answers are not taken before the
class has seen the stroke); a later question opens with the stroke held at
its end and its answers taken at once; "Watch again" (R) still plays it and
waits for the last event. Driven through the window's loop."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.replay.playback import rollout
from tests.app.helpers import answer, click, frame, key, make_app, quiz_on
from tests.app.scenes import LANGS
from tests.app.test_quiz59_board_and_wait import SID, refused_until_the_last_event


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("lang", LANGS)
def test_a_later_question_answers_at_once_and_watch_again_waits(
        lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        mode = quiz_on(app, SID, frames=2)
        assert len(mode.questions) >= 2
        refused_until_the_last_event(app, mode)  # the first play waits
        answer(app, mode)
        key(app, pygame.K_RETURN)  # the second question
        frame(app)
        assert mode.k == 1 and mode.phase == "asking"
        # The stroke stands at its end: nothing plays, and the board shows
        # where the stroke left the balls.
        assert mode.player is not None
        pb = mode.player.playback
        assert pb.at_end and pb.paused
        last, _ = rollout(mode.shot.events, pb.end_time)
        assert pb.time >= last
        assert mode.watched
        buttons = mode.choice_buttons
        assert buttons and all(b.enabled for b in buttons.values())
        assert app.t("quiz.hint_wait_short") not in [t.text for t in app.texts]
        # Clicked (past the double-click guard, the cursor come from
        # elsewhere), an answer is taken without another play.
        for _ in range(40):
            app.frame([], 1 / 60)
        q = mode.question
        right = sorted(q.correct)[0]
        click(app, buttons[right].rect.center)
        if q.multiple:
            key(app, pygame.K_RETURN)
        frame(app)
        assert mode.phase == "answered" and len(mode.grades) == 2
        assert mode.grades[-1].right
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_watch_again_on_a_later_question_waits_for_the_last_event(lang: str) -> None:
    app = make_app(lang)
    try:
        mode = quiz_on(app, SID, frames=2)
        refused_until_the_last_event(app, mode)
        answer(app, mode)
        key(app, pygame.K_RETURN)
        frame(app)
        assert mode.k == 1 and mode.watched
        key(app, pygame.K_r)  # watch again: from the start, and it waits
        frame(app)
        assert mode.player is not None and not mode.player.playback.at_end
        refused_until_the_last_event(app, mode)
        answer(app, mode)
    finally:
        pygame.display.quit()
