"""Play-test fixes to the foul gallery: Shift+, and . visit every mark of the
timeline, both ways, the side text saying each; at the clip's start the
moment is said, not "Watch: the replay will stop..."; the buttons keep one
layout for the whole clip; "Saved <file>" has a place of its own, in the
band at the top right of the situation's name."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.replay.shotmarks import Mark
from simulator.app.replay.timeline import mark_label, step_marks
from simulator.app.screens.gallery import GalleryPlayMode
from simulator.app.text.words import foul_cite
from tests.app.helpers import (
    click_button,
    frame,
    key,
    make_app,
    move,
    open_gallery,
    run_until,
)
from tests.app.scenes import LANGS, SIZES


def said_for(g: GalleryPlayMode, m: Mark) -> str:
    """"At this moment: ..." as a person should read it at the mark ``m``."""
    loc = g.app.locale
    if m.foul:
        return loc.t("gallery.at_foul", foul=foul_cite(loc, g.demo.foul,
                                                       g.entry.scenario.discipline))
    return loc.t("gallery.at_foul",
                 foul=f"{g.show.time_text(m.time)} · {mark_label(loc, g.show.spec, m)}")


def moment_said(g: GalleryPlayMode) -> str:
    prefix = g.app.t("gallery.at_foul", foul="").strip()
    lines = [ln for ln in g.side_body.split("\n") if ln.startswith(prefix)]
    assert len(lines) == 1, g.side_body
    return lines[0]


def step(app: App, k: int, mod: int = 0) -> None:
    key(app, k, mod)
    frame(app)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", ["gallery-no-rail", "gallery-frozen-cushion",
                                  "gallery-scratch"])
def test_comma_and_full_stop_visit_every_mark_of_the_timeline(
        lang: str, name: str) -> None:
    """From the foul Shift+"," goes back through every mark drawn on the timeline
    (the lines crossed too, and a ball on a ball and on the cushion at one
    time each) to the stroke at 0, Shift+"." forward through every one to the
    last (the rest that is the foul of "no rail"); the side text's "At this
    moment" says each, as a click on its tick does. They stepped between
    the contacts alone: the foul of no rail, a rest, was never reached."""
    app = make_app(lang, (800, 500))
    g = open_gallery(app, name, to_foul=True)
    marks = g.show.marks.marks
    pb = g.player.playback
    foul = next(i for i, m in enumerate(marks) if m.foul)
    assert moment_said(g) == said_for(g, marks[foul])
    want_back = [said_for(g, m) for m in reversed(marks[:foul])]
    back = []
    for _ in range(len(marks) + 2):
        step(app, pygame.K_COMMA, pygame.KMOD_SHIFT)
        back.append(moment_said(g))
    assert back[:len(want_back)] == want_back
    assert set(back[len(want_back):]) == {want_back[-1]}  # at the stroke: stays
    assert abs(pb.time - marks[0].time) < 1e-6
    forward = []
    for _ in range(len(marks) + 1):
        step(app, pygame.K_PERIOD, pygame.KMOD_SHIFT)
        forward.append(moment_said(g))
    want = [said_for(g, m) for m in marks[1:]]
    assert forward[:len(want)] == want
    assert abs(pb.time - min(marks[-1].time, pb.end_time)) < 1e-6
    assert not app.errors
    pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_at_the_clip_start_the_moment_is_said_not_watch(lang: str) -> None:
    """Before it plays the clip says "Watch: the replay will stop at the
    foul"; stepped back to 0 (the stroke) it says that moment alone (the
    "watch" line stayed above it); played again (Home), "watch" again."""
    app = make_app(lang, (800, 500))
    g = open_gallery(app, "gallery-no-rail")
    frame(app)
    watch = app.t("gallery.watch")
    assert watch in g.side_body.split("\n")
    run_until(app, lambda: g.at_foul, limit=3600)
    marks = g.show.marks.marks
    for _ in range(len(marks)):
        step(app, pygame.K_COMMA)
    assert abs(g.player.playback.time - 0.0) < 1e-6
    assert watch not in g.side_body, g.side_body
    assert moment_said(g) == said_for(g, marks[0])
    step(app, pygame.K_PERIOD)  # to the first contact, over the line crossed
    assert watch not in g.side_body and \
        moment_said(g) == said_for(g, step_marks(marks)[1])
    step(app, pygame.K_HOME)
    assert watch in g.side_body.split("\n")
    pygame.display.quit()


def columns(app: App, g: GalleryPlayMode) -> tuple[int, ...]:
    """The left edges of the side column's buttons, as drawn."""
    side = g.layout.side
    return tuple(sorted({b.rect.left for b in app.buttons if side.contains(b.rect)}))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", ["gallery-no-rail", "gallery-kitchen-direct"])
def test_the_buttons_keep_one_layout_for_the_whole_clip(lang: str, name: str) -> None:
    """At 800x500 the gallery's buttons stand as they do from the clip's start,
    through the foul and every step back and forth: they went from a column
    to pairs at the foul (its text longer) and back as "," stepped before it."""
    app = make_app(lang, (800, 500))
    g = open_gallery(app, name)
    frame(app, n=2)
    seen = {columns(app, g)}
    run_until(app, lambda: g.at_foul, limit=3600)
    frame(app, n=2)
    seen.add(columns(app, g))
    for k in [pygame.K_COMMA] * len(g.show.marks.marks) + \
            [pygame.K_PERIOD] * len(g.show.marks.marks):
        step(app, k)
        seen.add(columns(app, g))
    assert len(seen) == 1, seen
    pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_saved_has_its_own_place_and_names_the_file(
        lang: str, size: tuple[int, int]) -> None:
    """Exported (X, a diagram): "Saved <file>" stands in the band at the top,
    right of the situation's name, over nothing (above the table it covered
    the top rail and pockets, under it the timeline), whole, with the file's
    name and not its folder; the side text stays whole; the whole path is
    the export button's tooltip."""
    app = make_app(lang, size)
    try:
        g = open_gallery(app, "gallery-eight-off-table", to_foul=True)
        key(app, pygame.K_x)
        click_button(app, app.t("export.svg"))
        run_until(app, lambda: not app.dialogs, limit=600)
        frame(app, n=2)
        path = app.kept["export.last"]
        file = path.rsplit("/", 1)[-1]
        assert app.toast is not None and app.toast[0] == app.t("export.done", file=file)
        box = next(r for n, r in app.panels if n == "message")
        lay = g.layout
        assert lay.top.contains(box), (box, lay.top)
        assert not box.colliderect(lay.table) and not box.colliderect(lay.side)
        assert not box.colliderect(g.view.outer_rect())
        others = [t for t in app.texts if not box.contains(t.rect)]
        assert not [t.text for t in others if t.rect.colliderect(box)]
        said = [t for t in app.texts if box.contains(t.rect)]
        assert " ".join(t.text for t in said) == app.toast[0]
        assert not [t for t in said if t.cut]
        assert not g.body_hidden
        again = app.t("gallery.export_again")
        export = next(b for b in app.buttons if b.label == again)
        move(app, export.rect.center)
        tips = [t for r, t in app.tips if r.collidepoint(export.rect.center)]
        assert app.t("export.last", file=path) in tips
        assert app.toast is not None  # (a move of the mouse is not "going on")
    finally:
        pygame.display.quit()


def test_the_longest_title_gives_the_message_its_room_at_800x500() -> None:
    """The Russian 8 before its group, the longest band, at 800x500: "Saved
    <file>" had no room right of it (it went back over the top rail); the
    band gives up the title (the side column's heading says it) while the
    message is up, the whole band back at the next key."""
    from pathlib import Path

    from simulator.app.dialogs.export import tell_saved
    app = make_app("ru", (800, 500))
    try:
        g = open_gallery(app, "gallery-eight-first-with-group", to_foul=True)
        full = g.header()[1][0]
        title = g.entry.scenario.title.get("ru")
        tell_saved(app, Path("/tmp/clips/gallery-eight-first-with-group-ru.webp"))
        frame(app, n=2)
        box = next(r for n, r in app.panels if n == "message")
        assert g.layout.top.contains(box), box
        said = [t for t in app.texts if box.contains(t.rect)]
        assert " ".join(t.text for t in said) == \
            "Сохранено: gallery-eight-first-with-group-ru.webp"
        band = [t.text for t in app.texts if g.layout.top.contains(t.rect)
                and not box.contains(t.rect)]
        assert band == [f"{g.index + 1}/{len(g.all)} · Восьмёрка"], band
        side = [t.text for t in app.texts if g.layout.side.contains(t.rect)]
        assert " ".join(side).startswith(title.split()[0]), side
        assert not [t for t in app.texts if t.rect.colliderect(box)
                    and not box.contains(t.rect)]
        key(app, pygame.K_t)
        frame(app)
        assert app.toast is None
        assert full in [t.text for t in app.texts]
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_pause_then_continue_where_the_cursor_rests(lang: str) -> None:
    """Pause clicked, then clicked again at once without moving the mouse:
    the button's words changed under the cursor (Continue), but it is the
    same button, so the second click resumes the clip (the resting-cursor
    guard refuses only another button come up there)."""
    app = make_app(lang)
    g = open_gallery(app, "gallery-no-rail")
    frame(app, n=2)
    click_button(app, app.t("replay.pause"))
    assert g.player.playback.paused
    frame(app)
    assert app.t("gallery.continue") in [b.label for b in app.buttons]
    assert app.mouse is not None
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.mouse, button=1))
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.mouse, button=1))
    assert not g.player.playback.paused
