"""The foul gallery while it plays: a quiet stretch's ×4 said on the screen
where the speed is said (the side text under "at 1/4 speed", and the
strip's words), not in a status chip no frame drew; "At this moment" at the
picture's own time while it plays, not the last event's; the first button
saying what Space will do (Play, Continue, Pause, Replay)."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.replay.timeline import mark_label
from simulator.app.screens.gallery import QUIET_RATE, GalleryPlayMode
from tests.app.helpers import (
    drawn_words,
    frame,
    key,
    make_app,
    open_gallery,
    run_until,
)


def first_button(app: App) -> str:
    return next(b.label for b in app.buttons if b.ident == "pause")


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("ru", (800, 500))])
def test_a_quiet_stretch_says_its_speed_in_the_side_text_and_the_strip(
        lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        g = open_gallery(app, "gallery-no-rail")
        t = app.t
        rate = f"{QUIET_RATE:g}"
        side_words = t("gallery.quiet_now", rate=rate)
        strip_words = t("gallery.quiet", rate=rate)
        speed = t("gallery.entry", n=g.index + 1, of=len(g.all))
        seen: list[bool] = []  # quiet or not, frame by frame
        while True:
            frame(app)
            if g.at_foul:
                break
            quiet = g.quiet_rate() > 1.0
            side = drawn_words(app, g.layout.side, shown=True)
            strip = drawn_words(app, g.layout.strip, shown=True)
            assert speed in side
            # The ×4 said right under the speed, and first in the strip.
            assert (f"{speed} {side_words}" in side) is quiet, (quiet, side)
            assert (strip_words in strip) is quiet, (quiet, strip)
            if not seen or seen[-1] != quiet:
                seen.append(quiet)
            assert app.frames < 60 * 30
        # Quiet, then near the next event at the plain speed, and quiet again.
        assert seen[:4] == [False, True, False, True], seen
        assert seen[-1] is False  # the foul seen at 1/4
        assert not app.errors
    finally:
        pygame.display.quit()


def moment_said(app: App, g: GalleryPlayMode) -> None:
    """The side column says the picture's time and the last event before it."""
    pb = g.player.playback
    # (a mark at the foul's own time is the foul, as the text says it)
    m = g.said_as(g.show.current_mark())
    assert m is not None
    side = drawn_words(app, g.layout.side, shown=True)
    event = g.moment_words(m) if m.foul else mark_label(app.locale, g.show.spec, m)
    want = app.t("gallery.now", t=g.show.time_text(pb.time),
                 at=g.show.time_text(m.time), event=event)
    assert want in g.side_body.split("\n"), (pb.time, g.side_body)
    # ... drawn (wrapped), its first words with the clock's time.
    assert app.t("gallery.now", t=g.show.time_text(pb.time), at="", event="")[:-4] \
        in side, side


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_at_this_moment_keeps_the_time_of_the_picture_while_it_plays(
        lang: str) -> None:
    app = make_app(lang, (800, 500))
    try:
        # Before the foul, from the stroke on: the rolling between events.
        g = open_gallery(app, "gallery-no-rail")
        pb = g.player.playback
        run_until(app, lambda: pb.time > 0.05, limit=2000)
        times = set()
        for _ in range(90):
            frame(app)
            assert not pb.paused
            moment_said(app, g)
            times.add(round(pb.time, 3))
        assert len(times) >= 80  # said afresh as the clock moved
        # Played on past the foul (Continue at it): the same, the foul said
        # with its time below.
        g = open_gallery(app, "gallery-miscue-on-jump", to_foul=True)
        pb = g.player.playback
        assert pb.paused
        key(app, pygame.K_SPACE)
        for _ in range(120):
            frame(app)
            moment_said(app, g)
        assert pb.time > 0.4 and not pb.paused
        assert app.t("gallery.foul_was", t=g.foul_time(), foul="")[:8] in g.side_body
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_first_button_says_what_space_will_do(lang: str) -> None:
    app = make_app(lang)
    t = app.t
    try:
        # The clip ending at its foul: stopped there, Space plays it again.
        g = open_gallery(app, "gallery-no-rail")
        frame(app)
        assert first_button(app) == t("replay.pause")
        run_until(app, lambda: g.at_foul, limit=3600)
        frame(app)
        assert g.player.playback.at_end
        assert first_button(app) == t("gallery.replay")
        key(app, pygame.K_SPACE)
        assert not g.at_foul and not g.player.playback.paused
        assert first_button(app) == t("replay.pause")
        # Stopped at the first frame, before the stroke: Play; then Pause.
        key(app, pygame.K_LEFT)
        key(app, pygame.K_LEFT)
        pb = g.player.playback
        assert pb.paused and pb.time == pb.times[0]
        assert first_button(app) == t("gallery.play")
        key(app, pygame.K_SPACE)
        assert first_button(app) == t("replay.pause")
        # Paused on the way: Continue.
        run_until(app, lambda: pb.time > 0.2)
        key(app, pygame.K_SPACE)
        assert first_button(app) == t("gallery.continue")
        # A clip played on past its foul to its end: Replay, not Pause.
        app.settings.play_on = True
        g = open_gallery(app, "gallery-miscue-on-jump", to_foul=True)
        assert first_button(app) == t("gallery.continue")
        key(app, pygame.K_SPACE)
        run_until(app, lambda: g.player.playback.at_end, limit=3000)
        frame(app)
        assert not g.player.playback.paused
        assert first_button(app) == t("gallery.replay")
        assert not app.errors
    finally:
        pygame.display.quit()
