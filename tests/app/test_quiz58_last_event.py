"""The quiz's answers wait for the stroke's last event, not its roll-out.

At 1/4 the first answers waited about 15 s while the balls rolled to rest
after the last contact, though nothing after it changes what the referee
rules. They are taken once the last event (a contact, a cushion, a pocket)
has been shown; before it they are still refused, and the strip says what
they wait for and that Space skips. Driven through the window's loop."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.replay.playback import rollout
from simulator.app.screens.quiz import SLOW, QuizMode
from tests.app.helpers import drawn_lines, key, make_app, quiz_on

SID = "8ball-kitchen-by-the-foot-rail"


def play_until(app: object, mode: QuizMode, t: float) -> None:
    assert mode.player is not None
    pb = mode.player.playback
    while pb.time < t:
        app.frame([], 0.1)  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_answers_taken_after_the_last_event_at_quarter_speed(lang: str) -> None:
    app = make_app(lang)
    try:
        mode = quiz_on(app, SID, frames=2)
        assert mode.player is not None
        pb = mode.player.playback
        assert pb.speed == SLOW
        last, _ = rollout(mode.shot.events, pb.end_time)
        assert pb.end_time - last > 1.0  # a roll-out worth not waiting for
        # Just before the last event: refused, and the strip says why.
        play_until(app, mode, last - 0.1)
        assert not mode.watched
        assert not any(b.enabled for b in mode.choice_buttons.values())
        assert app.t("quiz.hint_wait_short") in drawn_lines(app, "strip")
        key(app, pygame.K_1)
        assert mode.phase == "asking" and not mode.grades
        assert app.toast is not None and app.toast[0] == app.t("quiz.watch_first")
        # The last event shown: taken, with the roll-out still to come.
        play_until(app, mode, last)
        app.frame([], 0.0)
        assert mode.watched and not mode.player.done
        assert pb.end_time - pb.time > 1.0
        assert all(b.enabled for b in mode.choice_buttons.values())
        assert app.t("quiz.hint_wait_short") not in drawn_lines(app, "strip")
        key(app, pygame.K_1)
        assert mode.phase == "answered" and len(mode.grades) == 1
    finally:
        pygame.display.quit()
