"""Play-test: the pull's gauge (the speed a pull back gives) moved about
with the hand, under the table at 1280x720 and over its top rail at
800x500; it has one place now, where the eye finds it."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.aiming import AimMode
from tests.app.helpers import frame, make_app, move
from tests.app.test_playfix18c import SIZES, aimed_at, back
from tests.app.test_pull_back import press


def gauge_rect(app: App) -> pygame.Rect:
    """Where the gauge's first line (the speed) is drawn this frame."""
    mode = app.mode
    assert isinstance(mode, AimMode)
    speed = app.t("evening.cue_ball_speed", v=app.locale.num(mode.aim.speed, 1),
                  b=app.locale.num(mode.ball_speed(), 1))
    rects = [t.rect for t in app.texts if t.text == speed]
    assert rects, "no gauge drawn"
    return rects[0]


@pytest.mark.parametrize("lang,size", SIZES)
def test_the_pull_gauge_stays_in_one_place_wherever_the_hand_goes(
        lang: str, size: tuple[int, int]) -> None:
    """Pulls toward the near side pocket, the far side and two corners,
    short and long: the gauge is drawn at one spot, off the cloth."""
    app = make_app(lang, size)
    seen: set[tuple[int, int]] = set()
    for cue, target in (((1.27, 0.45), (1.27, 1.1)), ((1.27, 0.82), (1.27, 0.1)),
                        ((1.0, 0.5), (2.0, 1.1)), ((1.6, 0.8), (0.6, 0.1))):
        mode = aimed_at(app, cue, target)
        press(app, back(app, 0.02))
        for k in (0.2, 0.4):  # (past a short pull, which would play nothing)
            move(app, back(app, k), held=True)
            r = gauge_rect(app)
            seen.add(r.topleft)
            assert not r.colliderect(mode.scene.view.bed_rect())
        # Back to the ball: no stroke.
        frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=back(app, 0.0),
                                      button=1))
        frame(app)
    assert len(seen) == 1, seen
    pygame.display.quit()
