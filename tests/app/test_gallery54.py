"""The foul gallery: no status chips of its own (its strip draws the
timeline, the chips were drawn nowhere); the side text still under it as
"Now ×4" comes and goes; at a clip's end one button to play it again (the
one saying what Space does), the others where they were."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.gallery import QUIET_RATE, GalleryPlayMode
from simulator.app.text import ui
from tests.app.helpers import (
    drawn_words,
    frame,
    key,
    make_app,
    open_gallery,
    run_until,
)

SIZES = [("en", (1280, 720)), ("ru", (800, 500)), ("en", (800, 500)),
         ("ru", (1280, 720))]


def no_rail(lang: str, size: tuple[int, int] = (1280, 720)) -> GalleryPlayMode:
    """The "No rail" clip on the screen (its ×4 stretch before the foul)."""
    return open_gallery(make_app(lang, size), "gallery-no-rail")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_gallery_keeps_no_chips_it_never_draws(lang: str) -> None:
    """What the chips said is drawn elsewhere: the speed in the side text,
    the ×4 in the strip, the foul in the side text and on the timeline."""
    g = no_rail(lang)
    app = g.app
    try:
        t = app.t
        strip_words = t("gallery.quiet", rate=f"{QUIET_RATE:g}")
        quiet_seen = False
        while not g.at_foul:
            frame(app)
            assert g.chips() == []
            assert "1/4" in drawn_words(app, g.layout.side, shown=True)
            if g.quiet_rate() > 1.0:
                quiet_seen = True
                assert strip_words in drawn_words(app, g.layout.strip, shown=True)
            assert app.frames < 60 * 30
        assert quiet_seen
        frame(app)
        assert g.chips() == []
        assert t("gallery.entry_at_foul", n=g.index + 1, of=len(g.all)) \
            in drawn_words(app, g.layout.side, shown=True)
        assert not app.errors
    finally:
        pygame.display.quit()


def watch_y(app: App, g: GalleryPlayMode, watch: str) -> int:
    """The y the last frame drew the "Watch: ..." line at (its first row)."""
    side = g.layout.side
    ys = [r.rect.top for r in ui.FRAME.texts
          if side.contains(r.rect) and r.shown and watch.startswith(r.shown)]
    assert ys, drawn_words(app, side, shown=True)
    return ys[0]


@pytest.mark.parametrize(("lang", "size"), SIZES)
def test_the_line_under_the_x4_line_stays_still(lang: str,
                                                 size: tuple[int, int]) -> None:
    """"Now ×4" takes the blank line's place under the speed: the blank was
    a third of a line high, so the text below jumped at each change."""
    g = no_rail(lang, size)
    app = g.app
    try:
        watch = app.t("gallery.watch")
        seen: dict[bool, set[int]] = {False: set(), True: set()}
        while True:
            frame(app)
            if g.at_foul:
                break
            seen[g.quiet_rate() > 1.0].add(watch_y(app, g, watch))
            assert app.frames < 60 * 30
        assert seen[True] and seen[False]
        assert len(seen[True] | seen[False]) == 1, seen
        assert not app.errors
    finally:
        pygame.display.quit()


def places(app: App) -> dict[str, tuple[int, int, int, int]]:
    return {b.ident: tuple(b.rect) for b in app.buttons if b.ident}


@pytest.mark.parametrize(("lang", "size"), SIZES)
def test_at_a_clips_end_one_button_plays_it_again(lang: str,
                                                  size: tuple[int, int]) -> None:
    from simulator.app.screens.help import HelpMode
    g = no_rail(lang, size)
    app = g.app
    t = app.t
    try:
        frame(app)
        before = places(app)
        assert "restart" in before
        run_until(app, lambda: g.player.playback.at_end, limit=3600)
        frame(app)
        labels = [b.label for b in app.buttons]
        assert t("gallery.replay") in labels
        assert t("replay.restart") not in labels
        # The one left says Space; the rest stand where they stood.
        replay = next(b for b in app.buttons if b.ident == "pause")
        assert getattr(replay, "cap", replay.key) == t("gallery.key_space")
        after = places(app)
        assert set(before) - set(after) == {"restart"}
        for ident, rect in after.items():
            if ident != "pause":
                assert rect == before[ident], (ident, rect, before[ident])
        assert replay.rect.colliderect(pygame.Rect(before["restart"]))
        # F1 still says Home plays it from the start; Home does.
        key(app, pygame.K_F1)
        helps = app.mode
        assert isinstance(helps, HelpMode)
        rows = dict(next(rows for head, rows in helps.sections()
                         if head == t("help.head_replay")))
        assert "Home" in rows, rows
        key(app, pygame.K_ESCAPE)
        assert app.mode is g
        key(app, pygame.K_HOME)
        pb = g.player.playback
        assert not pb.at_end and not pb.paused and pb.time <= pb.times[0] + 0.1
        frame(app)
        assert places(app) == before
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang,size", SIZES[:2], ids=("en-1280x720", "ru-800x500"))
def test_the_speed_says_the_x4_between_events_all_along(
        lang: str, size: tuple[int, int]) -> None:
    """The ×4 of a quiet stretch lasts well under a second between two
    events: said only while it runs, a class never caught it and read "at
    1/4 speed" over a clip that plainly ran faster. The speed's own line
    says it all along, at plain frames too."""
    g = no_rail(lang, size)
    app = g.app
    try:
        plain = 0
        while not g.at_foul:
            frame(app)
            if g.quiet_rate() == 1.0 and g.playing:
                plain += 1
                words = drawn_words(app, g.layout.side, shown=True)
                assert "1/4" in words and f"×{QUIET_RATE:g}" in words, words
            assert app.frames < 60 * 30
        assert plain > 10
        assert not app.errors
    finally:
        pygame.display.quit()
