"""The clip export, as exported in a window: the card said "drew 457
pictures" of a GIF of 437 frames (a picture the same as the one before is
one frame shown longer); the clip's title named the game alone; the double
hit's close-up said ×30 in the window and ×29 in the GIF; an unused text
stayed in both languages."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pygame
import pytest
from PIL import Image

from simulator.app.dialogs.export import ExportProgress
from simulator.app.replay import export, table_marks
from simulator.app.replay.export import Canvas, clip_times, frames_in, render_clip
from simulator.app.replay.tip_inset import InsetDrawn
from simulator.app.text import fonts
from simulator.app.text.i18n import Locale
from simulator.app.text.words import cited_rule, discipline_label
from simulator.table.events import EventKind
from tests.app.helpers import (
    button_labels,
    click_button,
    drawn_words,
    frame,
    key,
    make_app,
    open_gallery,
)


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("ru", (800, 500))])
def test_the_card_and_the_message_say_the_frames_the_file_holds(
        lang: str, size: tuple[int, int]) -> None:
    """A foul gallery GIF (the balls at rest, the foul held: pictures the
    same as the one before): the card, as the file is written, and the
    message after say the pictures drawn and the frames the file holds,
    read back from the file."""
    app = make_app(lang, size)
    try:
        open_gallery(app, 0, to_foul=True)
        key(app, pygame.K_x)
        frame(app, n=2)
        gif = app.t("export.gif")  # (in a low window, its short word)
        short = app.t("export.gif_short")
        click_button(app, gif if gif in button_labels(app) else short)
        progress = [d for d in app.dialogs if isinstance(d, ExportProgress)]
        assert progress
        job = progress[0].job
        writing = ""
        for _ in range(20000):
            frame(app)
            if progress[0] not in app.dialogs:
                break
            if job.stage[0] == "write":
                writing = drawn_words(app, folded=True)
        assert job.done and job.path is not None
        with Image.open(job.path) as im:
            frames = im.n_frames
        pictures = len(clip_times(job.exp, job.speed))
        assert job.pictures == pictures and frames < pictures
        assert job.frames == frames
        fold = " ".join
        want = app.t("export.stage_write_frames", n=str(pictures), frames=str(frames))
        assert fold(want.split()) in writing, writing
        frame(app, n=2)
        assert app.toast is not None
        assert app.toast[0] == app.t("export.done_frames", file=job.path.name,
                                     n=str(pictures), frames=str(frames)), app.toast
        # Drawn whole where the window says it.
        box = next(r for n, r in app.panels if n == "message")
        assert fold(app.toast[0].split()) in drawn_words(app, box, folded=True)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("fmt", ["gif", "webp", "apng"])
def test_the_frames_are_counted_in_the_file(fmt: str) -> None:
    """Each format's frames as the file holds them, as Pillow reads them."""
    import io
    exp = next(export.gallery_exports(["gallery-scratch"]))
    data = export.export_bytes(exp, fmt, "en", 1.0, 320)
    with Image.open(io.BytesIO(data)) as im:
        assert frames_in(data, fmt) == im.n_frames > 1


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_clips_title_names_the_game_the_situation_and_the_rule(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first pictures: the game alone (a gallery title names the foul,
    which comes at its moment); from the foul held on: the game, the
    situation's title and the ruling's rule ("8-ball · Scratch · general
    rule 18"), wrapped beside the stamp."""
    said: list[tuple[list[str], str, int]] = []
    real = Canvas.caption

    def record(self: Canvas, surf: Any, text: str, foul: bool, stamp: str,
               head: Any = None) -> None:
        lines = list(head or self.layout.head_lines)
        stamp_w = fonts.font(self.layout.size - 2).size(stamp)[0] if stamp else 0
        said.append((lines, text, stamp_w))
        real(self, surf, text, foul, stamp, head)
    monkeypatch.setattr(Canvas, "caption", record)
    loc = Locale(lang)
    exp = next(export.gallery_exports(["gallery-scratch"]))
    times = clip_times(exp, 1.0)
    list(render_clip(exp, lang, 1.0, 800))
    held = next(k for k, (_t, _s, f) in enumerate(times) if f is not None)
    game = discipline_label(loc, exp.discipline)
    foul = exp.main_foul()
    rule = cited_rule(loc, foul.code, foul.ref, exp.discipline)
    assert rule and exp.title[lang]
    first = " ".join(said[0][0])
    assert first == game, said[0]
    assert said[0][1] == loc.t("export.watch"), said[0]
    # (every picture before the foul says the same: the ruling is not given)
    assert all(s[:2] == said[0][:2] for s in said[:held]), said[:held]
    lines, _text, stamp_w = said[held]
    whole = " ".join(lines)
    assert whole == f"{game} · {exp.title[lang]} · {rule}", lines
    lay = Canvas(exp, 800, lang, clip=True).layout
    for ln in lines:
        w = fonts.font(lay.size, True).size(ln)[0]
        assert w <= 800 - 2 * lay.pad - stamp_w, (ln, w)


def _gif_inset(lang: str, monkeypatch: pytest.MonkeyPatch) -> tuple[InsetDrawn, Any]:
    """The double hit's inset in a GIF's held picture at 800 px, and the view."""
    got: list[InsetDrawn] = []
    real = table_marks.draw_tip_inset

    def keep(*a: Any, **kw: Any) -> InsetDrawn | None:
        drawn = real(*a, **kw)
        if drawn is not None:
            got.append(drawn)
        return drawn
    monkeypatch.setattr(table_marks, "draw_tip_inset", keep)
    exp = next(export.gallery_exports(["gallery-double-hit"]))
    canvas = Canvas(exp, 800, lang, clip=True)
    t, _s, foul = next(x for x in clip_times(exp, exp.speed) if x[2] is not None)
    canvas.frame(t, canvas.fouls[foul], "", True, foul)
    assert got and len(got[-1].panels) == 2
    return got[-1], canvas.view


def _check_drawn(inset: InsetDrawn, view: Any, moved: float) -> None:
    """Each panel's figure is its pixels a millimetre over the table's: the
    balls' radii as drawn, and the close-up's way between ring and ball."""
    ball_px = view.ball_px
    for (_c, radius), k in zip(inset.balls, inset.scales, strict=True):
        assert k == int(k) and abs(radius - k * ball_px) <= 0.51, (radius, k, ball_px)
    assert abs(inset.apart[1] - inset.scales[1] * moved * view.scale) <= 1.5


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_the_close_up_says_the_same_figure_in_the_window_and_the_gif(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app("en", size)
    try:
        g = open_gallery(app, "gallery-double-hit", to_foul=True)
        frame(app)
        inset = g.show.inset
        assert inset is not None and len(inset.panels) == 2
        evs = g.demo.shot.events
        s0 = next(e for e in evs if e.kind is EventKind.STROKE).snapshot(0)
        s1 = next(e for e in evs if e.kind is EventKind.TIP_CONTACT).snapshot(0)
        moved = math.dist((s0.x, s0.y), (s1.x, s1.y))
        _check_drawn(inset, g.view, moved)
        gif, view = _gif_inset("en", monkeypatch)
        _check_drawn(gif, view, moved)
        if size == (1280, 720):
            assert gif.scales[1] == inset.scales[1], (gif.scales, inset.scales)
        else:
            # The small window may have no free cloth for the full close-up:
            # then it is drawn smaller (over the rail, clear of the shot's
            # balls and paths) and says so; never a larger figure than the
            # clip's.
            assert inset.scales[1] <= gif.scales[1], (gif.scales, inset.scales)
    finally:
        pygame.display.quit()


def test_no_unused_time_left_words() -> None:
    """"Less than a minute left" is never said (the steps are 10-50 s, a
    minute, 1.5 min, minutes): not kept in either language."""
    for lang in ("en", "ru"):
        assert not Locale(lang).has("export.left_under_minute"), lang
    root = Path(__file__).resolve().parents[2]
    for p in [*root.glob("simulator/**/*.py"), *root.glob("assets/locale/*/*.json")]:
        assert "left_under_minute" not in p.read_text(encoding="utf-8"), p
