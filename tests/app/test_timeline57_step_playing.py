"""The gallery's "." and "," pressed while the clip plays stop at the next
(previous) mark after the time shown and pause there, at 1/4 speed and at
1x; a quick press that a slow frame reads with the keyboard's repeats after
it (its release read a frame late, on a loaded machine) is one step, not a
run on to the end of the clip."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.replay.timeline import step_marks
from simulator.app.screens.gallery import GalleryPlayMode
from tests.app.helpers import frame, make_app, open_gallery, run_until


def press(k: int, repeats: int) -> list[pygame.event.Event]:
    """A press of ``k``, ``repeats`` keyboard repeats and its release, as
    one frame reads them."""
    down = [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="",
                               scancode=0, repeat=i > 0) for i in range(repeats + 1)]
    return [*down, pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="",
                                      scancode=0)]


def playing_past(speed: float, after: float) -> tuple[GalleryPlayMode, list[float]]:
    app = make_app("en", (1280, 720))
    g = open_gallery(app, "gallery-miscue-on-jump", to_foul=True)
    pb = g.player.playback
    pb.speed = speed
    frame(app, *press(pygame.K_SPACE, 0))  # on from the foul
    run_until(app, lambda: pb.time > after, limit=3600)
    assert g.playing
    times = [m.time for m in step_marks(g.show.marks.marks)]
    return g, times


@pytest.mark.parametrize("speed", [0.25, 1.0])
@pytest.mark.parametrize("repeats", [0, 3])
def test_full_stop_while_playing_stops_at_next_contact(speed: float,
                                                       repeats: int) -> None:
    # The clip's contacts: the stroke (the foul), the 2 hit, the 2 on the
    # cushion, the 2 hit again (1.5 s), then a long roll to rest (4 s).
    g, times = playing_past(speed, 1.0)
    pb = g.player.playback
    shown = pb.time
    want = min(t for t in times if t > shown)
    assert want < pb.end_time - 1.0  # (a contact well before the end)
    frame(g.app, *press(pygame.K_PERIOD, repeats))
    assert pb.time == pytest.approx(want)
    assert pb.paused
    frame(g.app, n=30)
    assert pb.time == pytest.approx(want)  # paused there, as when paused
    assert not g.app.errors


@pytest.mark.parametrize("speed", [0.25, 1.0])
@pytest.mark.parametrize("repeats", [0, 3])
def test_comma_while_playing_stops_at_previous_contact(speed: float,
                                                       repeats: int) -> None:
    g, times = playing_past(speed, 1.2)
    pb = g.player.playback
    shown = pb.time
    want = max(t for t in times if t < shown)
    frame(g.app, *press(pygame.K_COMMA, repeats))
    assert pb.time == pytest.approx(want)
    assert pb.paused
    assert not g.app.errors
