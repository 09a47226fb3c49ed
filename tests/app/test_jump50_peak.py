"""A replay's step keys stop at each flight's highest point: in the foul
gallery's jump "." went from the stroke at 0.000 s straight to the cue ball
landing at 0.093 s, so the ball in the air could not be shown by stepping.
The highest point is read from the recorded frames (the log has only the
take-off and the landing), said on the timeline in both languages, and the
side view shows the ball up there. Driven through the window's loop."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from simulator.app.replay.table_marks import ball_colour
from simulator.app.replay.timeline import mark_label, step_marks
from simulator.app.screens.gallery import GalleryPlayMode
from simulator.table.events import EventKind
from tests.app.helpers import frame, key, make_app, open_gallery

# The miscue on a jump; the illegal jump, whose take-off is the foul (the
# side text said the foul there, and stepping on to the highest point of
# the same take-off kept it).
JUMPS = ("gallery-miscue-on-jump", "gallery-illegal-jump")
WORDS = {"en": "cue ball at its highest, {mm} mm",
         "ru": "биток в высшей точке, {mm} мм"}


def side_ball_y(g: GalleryPlayMode) -> float:
    """The mean screen row of the cue ball's colour in the side view (its
    height curve, the same at every moment, and the ball at the clock)."""
    rect = g.app.layout.side
    px = pygame.surfarray.array3d(pygame.display.get_surface()).transpose(1, 0, 2)
    px = px[rect.top:rect.bottom, rect.left:rect.right].astype(int)
    c = ball_colour(g.show.spec, g.show.spec.balls.cue_ball)
    ys, _xs = np.nonzero(np.abs(px - c).max(axis=2) <= 2)
    assert len(ys) > 20, "no cue ball in the side view"
    return float(ys.mean())


@pytest.mark.parametrize("clip", JUMPS)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_step_keys_stop_with_the_ball_at_its_highest(lang: str, clip: str) -> None:
    app = make_app(lang, (1280, 720))
    g = open_gallery(app, clip)
    show, loc = g.show, app.locale
    spec = show.spec
    cue, r = spec.balls.cue_ball, spec.balls.radius
    heights = [(f.time, z - r) for f in show.marks.frames
               for b, _x, _y, z in f.balls if b == cue]
    top_t, top = max(heights, key=lambda p: p[1])
    landed = next(e for e in g.demo.shot.events if e.kind is EventKind.LANDED)
    assert 0.0 < top_t < landed.time
    # From the stroke, "." by "." to the first stop past the strike's time.
    key(app, pygame.K_PERIOD)
    frame(app)
    assert show.selected is not None and show.selected.time == 0.0  # the strike
    stops = []
    while len(stops) < 2:
        # The highest point is a stop of the plain steps; Shift's (every
        # event) stops there too.
        key(app, pygame.K_PERIOD, pygame.KMOD_SHIFT if stops else 0)
        frame(app, n=2)
        if show.playback.time > 1e-6:
            m = g.moment()
            assert m is not None
            stops.append((show.playback.time, m, side_ball_y(g), g.side_body))
    (t1, peak, y1, body), (t2, land, y2, _b) = stops
    assert t1 == pytest.approx(top_t, abs=1e-9)
    assert peak.peak is not None and peak.peak > 0
    assert peak.peak == pytest.approx(top, abs=1e-12)
    said = WORDS[lang].format(mm=loc.num(top * 1000.0, 0))
    assert mark_label(loc, spec, peak) == said
    assert said in body  # the side column says it too
    # A stop of the contacts-only steps as well.
    assert peak in step_marks(show.marks.marks)
    # Then the landing, the ball down on the bed in the side view.
    assert land.kind is EventKind.LANDED and t2 == pytest.approx(landed.time)
    assert y1 < y2 - 1
    # And back: "," from the landing stops at the highest point again.
    key(app, pygame.K_COMMA)
    frame(app)
    assert show.playback.time == pytest.approx(top_t, abs=1e-9)
    assert not app.errors
    pygame.display.quit()


@pytest.mark.parametrize("clip", JUMPS)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_plain_step_keys_stop_where_the_ball_lands(lang: str, clip: str) -> None:
    """Where a jumping ball comes down decides the jump (over the ball or
    onto it): "." from its highest point stops at the landing, not at the
    next contact 0.3 s later (the landing was reached only with Shift or a
    click on its tick), and "," from a later stop comes back to it."""
    app = make_app(lang, (1280, 720))
    g = open_gallery(app, clip)
    show = g.show
    events = g.demo.shot.events
    landed = next(e for e in events if e.kind is EventKind.LANDED)
    later = [m for m in step_marks(show.marks.marks) if m.time > landed.time + 1e-6]
    for _ in range(4):  # the strike, (the foul at take-off,) the top
        key(app, pygame.K_PERIOD)
        frame(app, n=2)
        if show.selected is not None and show.selected.peak is not None:
            break
    assert show.selected is not None and show.selected.peak is not None
    key(app, pygame.K_PERIOD)
    frame(app, n=2)
    assert show.playback.time == pytest.approx(landed.time)
    assert show.selected is not None and show.selected.kind is EventKind.LANDED
    if later:
        key(app, pygame.K_PERIOD)
        frame(app, n=2)
        assert show.playback.time == pytest.approx(later[0].time)
        key(app, pygame.K_COMMA)
        frame(app, n=2)
        assert show.playback.time == pytest.approx(landed.time)
    assert not app.errors
    pygame.display.quit()
