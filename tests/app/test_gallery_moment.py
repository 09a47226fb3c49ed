"""The foul gallery says the moment it shows: stepped past the foul (or back
before it) "At this moment" names the event there, the foul once it has
happened stays said with its time; the band above the table names the
situation as the list does, with its place in the list."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.replay.timeline import SAME_TIME, mark_label
from simulator.app.screens.gallery import GalleryPlayMode
from simulator.app.text import ui
from simulator.app.text.words import discipline_label, foul_cite
from simulator.practice.gallery import entries
from tests.app.helpers import (
    frame,
    key,
    make_app,
    open_gallery,
)


def moment_line(g: GalleryPlayMode, prefix: str) -> str:
    return next(ln for ln in g.side_body.split("\n") if ln.startswith(prefix))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_at_this_moment_follows_every_step(lang: str) -> None:
    app = make_app(lang, (800, 500))
    g = open_gallery(app, "gallery-miscue-on-jump", to_foul=True)
    loc = app.locale
    prefix = loc.t("gallery.at_foul", foul="").strip()
    foul = foul_cite(loc, g.demo.foul, g.entry.scenario.discipline)
    assert moment_line(g, prefix) == loc.t("gallery.at_foul", foul=foul)
    pb = g.player.playback
    seen = 0
    # Forward contact by contact to the end, then back to the foul: the
    # line says the event the timeline stands at, every step.
    for k in [pygame.K_PERIOD] * 6 + [pygame.K_COMMA] * 8:
        key(app, k)
        frame(app)
        m = g.show.current_mark()
        assert m is not None
        if m.foul or any(f.foul and 0 <= m.time - f.time < SAME_TIME
                         for f in g.show.marks.marks):
            # (a mark at the foul's own time, to the millisecond, is the foul)
            assert moment_line(g, prefix) == loc.t("gallery.at_foul", foul=foul)
            assert loc.t("gallery.foul_was", t="", foul="")[:5] not in g.side_body
            continue
        label = mark_label(loc, g.show.spec, m)
        want = loc.t("gallery.at_foul", foul=f"{g.show.time_text(m.time)} · {label}")
        assert moment_line(g, prefix) == want, (pb.time, g.side_body)
        assert foul not in moment_line(g, prefix)
        # The foul that happened is still said, with its time.
        assert loc.t("gallery.foul_was", t=g.show.time_text(pb.stops[0]),
                     foul=foul) in g.side_body
        seen += 1
    assert seen >= 4
    assert not app.errors
    pygame.display.quit()


def test_stepped_back_before_the_foul_the_moment_is_said() -> None:
    app = make_app("en", (800, 500))
    g = open_gallery(app, "gallery-no-rail", to_foul=True)
    foul_mark = g.show.current_mark()
    assert foul_mark is not None and foul_mark.foul
    key(app, pygame.K_COMMA)
    frame(app)
    assert not g.at_foul
    m = g.show.current_mark()
    assert m is not None and not m.foul
    label = mark_label(app.locale, g.show.spec, m)
    assert f"At this moment: {g.show.time_text(m.time)} · {label}" in g.side_body
    assert "Foul:" not in g.side_body
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_band_names_the_situation_and_its_place(lang: str) -> None:
    """«3/24 · Восьмёрка · Нет борта после касания», whole at 800x500."""
    app = make_app(lang, (800, 500))
    loc = app.locale
    all_ = entries()
    for i, e in enumerate(all_):
        open_gallery(app, i)
        ui.FRAME.texts.clear()
        frame(app)
        want = f"{i + 1}/{len(all_)} · " \
            f"{discipline_label(loc, e.scenario.discipline)} · " \
            f"{e.scenario.title.get(lang)}"
        band = [r for r in ui.FRAME.texts if r.text == want]
        assert band, (want, [r.text for r in ui.FRAME.texts][:5])
        assert band[0].shown == want  # not cut
        assert band[0].rect.top < app.mode.layout.table.top
    assert not app.errors
    pygame.display.quit()
