"""The gallery's "." after Home: the clip plays from its start again, and "."
stops on the first contact a frame after the clock passed it (no picture had
shown it; it went on to the next contact, 0.402 -> 0.804 s in "Scratch", the
clock and the side text still saying 0.402 s), at 1/4 and at 1x; "," then
returns. Paused after Home, "." and "," walk the marks from the start. A mark
shown in a picture is passed: "." goes on to the next (test_timeline57)."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.replay.shotmarks import Mark
from simulator.app.replay.timeline import step_marks
from simulator.app.screens.gallery import GalleryPlayMode
from simulator.table.events import EventKind
from tests.app.helpers import frame, key, make_app, open_gallery, run_until


def home_in_scratch(speed: float, every: int = 0
                    ) -> tuple[GalleryPlayMode, list[Mark], int]:
    """"Scratch" stopped at its foul, then Home at ``speed``: the clip, its
    step marks (with ``every``, Shift's) and the first contact's place
    among them."""
    app = make_app("en")
    g = open_gallery(app, "gallery-scratch", to_foul=True)
    pb = g.player.playback
    pb.speed = speed
    ms = step_marks(g.show.marks.marks, bool(every))
    first = next(i for i, m in enumerate(ms) if m.kind is EventKind.BALL_BALL)
    g.show.jump(ms[first])  # (stood on it before: Home leaves no stale step)
    key(app, pygame.K_HOME)
    assert g.playing and pb.time < ms[0].time
    return g, ms, first


def at(g: GalleryPlayMode, m: Mark) -> bool:
    pb = g.player.playback
    return pb.paused and pb.time == pytest.approx(m.time, abs=1e-9)


@pytest.mark.parametrize("speed", [0.25, 1.0])
@pytest.mark.parametrize("every", [0, pygame.KMOD_SHIFT])
def test_after_home_full_stop_stops_on_the_first_contact_just_passed(
        speed: float, every: int) -> None:
    g, ms, first = home_in_scratch(speed, every)
    app, pb = g.app, g.player.playback
    try:
        run_until(app, lambda: pb.time > ms[first].time, limit=3600)
        assert g.playing and pb.before < ms[first].time  # passed in this frame
        assert pb.time < ms[first + 1].time
        key(app, pygame.K_PERIOD, every)
        assert at(g, ms[first])
        assert g.moment() is ms[first]
        frame(app, n=30)
        assert at(g, ms[first])  # paused there
        key(app, pygame.K_COMMA, every)  # back to the mark before
        assert at(g, ms[first - 1])
        key(app, pygame.K_PERIOD, every)
        assert at(g, ms[first])
        key(app, pygame.K_PERIOD, every)
        assert at(g, ms[first + 1])
        key(app, pygame.K_COMMA, every)  # "." then "," returns
        assert at(g, ms[first])
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("speed", [0.25, 1.0])
def test_after_home_a_contact_already_shown_is_passed(speed: float) -> None:
    g, ms, first = home_in_scratch(speed)
    app, pb = g.app, g.player.playback
    try:
        run_until(app, lambda: pb.before > ms[first].time, limit=3600)
        assert g.playing and pb.time < ms[first + 1].time
        key(app, pygame.K_PERIOD)
        assert at(g, ms[first + 1])
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("speed", [0.25, 1.0])
@pytest.mark.parametrize("every", [0, pygame.KMOD_SHIFT])
def test_paused_after_home_the_steps_walk_from_the_start(speed: float,
                                                         every: int) -> None:
    g, ms, _first = home_in_scratch(speed, every)
    app, pb = g.app, g.player.playback
    try:
        key(app, pygame.K_SPACE)  # paused in the stick's approach
        assert pb.paused and pb.time < ms[0].time
        key(app, pygame.K_COMMA, every)  # nothing before the start
        assert pb.time < ms[0].time
        for m in ms[:3]:
            key(app, pygame.K_PERIOD, every)
            assert at(g, m)
        for m in ms[1::-1]:
            key(app, pygame.K_COMMA, every)
            assert at(g, m)
        assert not app.errors
    finally:
        pygame.display.quit()
