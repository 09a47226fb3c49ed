"""8-ball 6: each card counts its group's balls still on the table. The
count moved apart from the ball shown (it changed when the shot was judged,
the balls at rest): it changes at the frame the ball drops in the playback
shown, at the pocket event's time."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.table.aim import angle_to
from simulator.table.events import EventKind
from tests.app.helpers import drawn_lines, frame, key, make_app, scenario_match
from tests.app.scenes import LANGS

SIZES = [(1280, 720), (800, 500)]
CUE, ONE = (2.0, 0.54), (2.3, 0.24)  # the 1 straight into the foot-right corner


def counts(app: App) -> tuple[bool, bool]:
    """Whether the last frame said "solids: 2 left" and "solids: 1 left"."""
    lines = drawn_lines(app)
    return (app.t("score.solids", n=2) in lines, app.t("score.solids", n=1) in lines)


def annas_pot_of_the_one(app: App) -> None:
    """Anna (solids, the 1 and the 2 left) strikes the 1 towards its pocket."""
    scenario_match(app, "8-ball", {0: CUE, 1: ONE, 2: (0.5, 0.3), 9: (1.0, 0.3),
                                   8: (1.2, 0.9)})
    s = app.session
    assert s is not None
    s.aim = replace(s.aim, angle=angle_to(CUE, ONE), power=0.25)
    key(app, pygame.K_SPACE)


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_group_count_falls_when_the_ball_drops(
        lang: str, size: tuple[int, int]) -> None:
    """Anna (solids: the 1 and the 2 left) pots the 1 at 1x: every frame
    shown before the 1's pocket event says 2 left, with its small ball on
    her card; every frame from it on, the balls still rolling, says 1 left
    without it."""
    app = make_app(lang, size)
    app.settings.quick_rollout = False  # (frames counted at 1x throughout)
    try:
        annas_pot_of_the_one(app)
        mode = app.mode
        assert mode is not None and mode.name == "playing"
        assert mode.playback.speed == 1.0  # type: ignore[attr-defined]
        before = after = 0
        dropped: float | None = None
        while app.mode is mode:
            pb = mode.playback  # type: ignore[attr-defined]
            shown = pb.time  # the time of the frame being drawn
            frame(app)
            if app.mode is not mode:
                break
            pots = [e.time for e in mode.stream.events  # type: ignore[attr-defined]
                    if e.kind is EventKind.POCKETED and 1 in e.balls]
            dropped = pots[0] if pots else dropped
            cards = mode.board()[0]
            if dropped is None or pb.time < dropped:
                assert counts(app) == (True, False), (shown, pb.time, dropped)
                assert 1 in cards[0].balls
                before += 1
            else:
                assert counts(app) == (False, True), (pb.time, dropped)
                assert 1 not in cards[0].balls and 2 in cards[0].balls
                after += 1
        # Frames on both sides of the drop, the balls rolling on after it.
        assert before > 10 and after > 10, (before, after)
        assert counts(app) == (False, True)  # and the shot judged: one left
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_replays_count_falls_when_the_ball_drops(lang: str) -> None:
    """The same pot replayed (R) at full speed: 2 left until the 1 drops
    in the replay shown, 1 left from then on, while the balls still roll."""
    app = make_app(lang, (1280, 720))
    app.settings.quick_rollout = False
    app.settings.replay_speed = 1.0
    try:
        annas_pot_of_the_one(app)
        playing = app.mode
        while app.mode is playing:
            frame(app)
        key(app, pygame.K_r)
        mode = app.mode
        assert mode is not None and mode.name == "replay"
        dropped = next(e.time for e in mode.shot.events  # type: ignore[attr-defined]
                       if e.kind is EventKind.POCKETED and 1 in e.balls)
        pb = mode.playback  # type: ignore[attr-defined]
        assert pb.speed == 1.0
        before = after = 0
        while not pb.at_end and app.mode is mode:
            frame(app)
            if pb.at_end:
                break
            if pb.time < dropped:
                assert counts(app) == (True, False), (pb.time, dropped)
                before += 1
            else:
                assert counts(app) == (False, True), (pb.time, dropped)
                after += 1
        assert before > 10 and after > 10, (before, after)
    finally:
        pygame.display.quit()
