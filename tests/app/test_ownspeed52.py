"""A person's own stroke watched faster: 1, 2 and 4 (1x, 2x, 4x) while its
balls roll, as on the computer's turn, with the same buttons at the foot of
the column (a stroke on the Express table rolled for more than 6 s, and only
Space hurried it). Only the showing hurries: the stroke ends where it would,
ruled the same."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.playing import PlayMode
from simulator.app.table.aim import Aim, angle_to
from tests.app.helpers import (
    button_labels,
    click_button,
    frame,
    key,
    make_app,
    scenario_match,
    watched_session,
)

# Anna (solids) sends the cue ball hard into the 3: both run on off cushions
# for a few seconds.
BALLS = {0: (0.6, 0.6), 3: (1.3, 0.75), 12: (2.0, 0.3), 8: (1.9, 1.0)}
SIZES = [(1280, 720), (800, 500)]


def _struck(app: App) -> PlayMode:
    """Anna's stroke at the 3 struck (Space); the rolling screen."""
    s = app.session
    assert s is not None
    s.aim = Aim(angle=angle_to(BALLS[0], BALLS[3]), power=0.75)
    key(app, pygame.K_SPACE)
    mode = app.mode
    assert isinstance(mode, PlayMode) and mode.name == "playing", mode
    return mode


def _lit(app: App) -> list[str]:
    """The speed buttons lit in the last frame."""
    return [b.label for b in app.buttons if b.selected and b.ident.startswith("watch")]


def _rolled(app: App, speed_key: int | None) -> tuple[int, Any, dict[int, Any]]:
    """Anna's stroke played, ``speed_key`` pressed as it begins: the frames
    it rolled for on screen, its ruling and where the balls stopped."""
    scenario_match(app, "8-ball", BALLS)
    s = app.session
    assert s is not None
    _struck(app)
    frames = 2  # (Space's key down and up)
    if speed_key is not None:
        key(app, speed_key)
        frames += 2
    while app.mode is not None and app.mode.name == "playing":
        frame(app)
        frames += 1
        assert frames < 3000
    table = s.match.table()
    where = {b: table.position(b) for b in (0, 3, 8, 12)}
    return frames, s.last_ruling, where


def test_four_rolls_the_same_stroke_in_a_quarter_of_the_frames() -> None:
    """4 pressed as the stroke begins: it is over in about a quarter of the
    frames of the same stroke at 1x, its balls where they stopped at 1x and
    its ruling the same (only the showing hurries, not the physics)."""
    app = make_app()
    app.settings.quick_rollout = False  # (every frame at the speed chosen)
    try:
        slow, ruling, where = _rolled(app, None)
        fast, ruling4, where4 = _rolled(app, pygame.K_4)
        two, ruling2, where2 = _rolled(app, pygame.K_2)
    finally:
        pygame.display.quit()
    assert slow > 180, slow  # (a stroke worth hurrying: over 3 s)
    assert abs(fast - slow / 4) <= slow * 0.04 + 3, (slow, fast)
    assert abs(two - slow / 2) <= slow * 0.04 + 3, (slow, two)
    assert where4 == where and where2 == where
    assert ruling4 == ruling and ruling2 == ruling


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_speed_buttons_and_key_line_while_ones_own_balls_roll(
        lang: str, size: tuple[int, int]) -> None:
    """While Anna's stroke rolls the column's foot shows 1x, 2x, 4x (the
    chosen one lit; their caps where the row has room) and the key line
    names 1/2/4; a click on 4x hurries the stroke as the key does, and her
    next stroke in the match rolls at 4x too."""
    app = make_app(lang, size)
    try:
        scenario_match(app, "8-ball", BALLS)
        s = app.session
        assert s is not None
        mode = _struck(app)
        frame(app)
        labels = button_labels(app)
        assert {"1×", "2×", "4×"} <= set(labels), labels
        assert _lit(app) == ["1×"]
        assert "1/2/4" in mode.hint() and "1/2/4" in mode.short_hint()
        if size == (1280, 720):  # (a row with room for their caps)
            caps = {b.label: b.key for b in app.buttons if b.ident.startswith("watch")}
            assert caps == {"1×": "1", "2×": "2", "4×": "4"}, caps
        at = mode.playback.time
        click_button(app, "4×")
        assert mode.playback.speed == 4.0 and s.own_watch == "4"
        assert _lit(app) == ["4×"]
        before = mode.playback.time
        frame(app)
        assert mode.playback.time - before == pytest.approx(4 / 60) and before > at
        key(app, pygame.K_1)  # back to its own pace
        assert mode.playback.speed == 1.0 and s.own_watch == "1"
        key(app, pygame.K_4)
        while app.mode is mode:
            frame(app)
        assert s.last_ruling is not None and s.last_ruling.next_shooter == 1
        nxt = _struck(app)  # Boris's stroke in the same match: at 4x from the start
        assert nxt is not mode and nxt.playback.speed == 4.0
    finally:
        pygame.display.quit()


def test_own_speed_is_kept_apart_from_the_computers_watching() -> None:
    """Against a computer watched at 1x: 4 during Anna's own roll hurries
    her stroke, not the computer's watching (this match's nor the settings'),
    and 0 there skips only this stroke to its end, as Space does."""
    from simulator.practice.scenario import parse_scenario

    app = make_app()
    app.settings.watch = "1"
    draft = {"format": "kiy-scenario", "version": 1, "id": "own",
             "discipline": "8-ball", "players": 2,
             "title": {"en": "Own", "ru": "Свой"},
             "balls": {str(b): list(p) for b, p in BALLS.items()},
             "state": {"is_break": False, "groups": ["solids", "stripes"]}}
    try:
        s = watched_session(app, ["Anna", "cpu:club:Gordon"], "8-ball", {},
                            watch="1", seed=1, state=parse_scenario(draft).game)
        assert app.mode is not None and app.mode.name == "aiming"
        mode = _struck(app)
        key(app, pygame.K_4)
        assert mode.playback.speed == 4.0 and s.own_watch == "4"
        assert s.watch == "1" and app.settings.watch == "1"
        frame(app)
        assert _lit(app) == ["4×"]  # (her own stroke's speed, not the computer's)
        key(app, pygame.K_0)
        assert mode.skip and mode.skipped_by_press
        assert s.own_watch == "4" and s.watch == "1" and app.settings.watch == "1"
    finally:
        pygame.display.quit()
