"""The push shot magnified, and the SVG's key for the stick, the paths'
colours, the cushion's touch, the push and the head string.

The push clip stops where the tip leaves the cue ball (general rule 21: the
tip on it 20 ms), but at 1280x720 the ball has moved some 9 pixels with the
tip on it: the foul was learnt from the words only. While a foul's tip
contact lasts and at the stop at its end, a framed inset draws the tip and
the ball 6-10 times larger, clear of the balls involved, with the tip's time
against a clean stroke's millisecond (reference.md 4; stick.TIP_HIT_TIME);
a double hit (general rule 20) shows both contacts. The exported clip's held
frame has it too."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pygame
import pytest
from PIL import Image

from simulator.app.replay import table_marks
from simulator.app.replay.export import Canvas, ShotExport, export_bytes, still_svg
from simulator.app.replay.tip_inset import InsetDrawn
from simulator.app.text.i18n import Locale
from simulator.physics.stick import TIP_HIT_TIME
from simulator.practice.gallery import demonstrate, entries
from tests.app.helpers import drawn_lines, frame, make_app, open_gallery

WHITE = (250, 250, 244)  # the cue ball as the inset paints it
SVG = "{http://www.w3.org/2000/svg}"


def near(c: tuple[int, ...], want: tuple[int, int, int], tol: int = 28) -> bool:
    return all(abs(int(a) - b) <= tol for a, b in zip(c[:3], want, strict=True))


def ball_painted(get: object, centre: tuple[int, int], radius: int) -> int:
    """How many of nine points across a drawn ball (its centre, and at 0.6
    of its radius each way) are the cue ball's white."""
    cx, cy = centre
    pts = [(cx + dx * radius * 0.6, cy + dy * radius * 0.6)
           for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    return sum(near(get((round(x), round(y))), WHITE) for x, y in pts)  # type: ignore[operator]


def screen_point(g: object, ball: int) -> tuple[float, float]:
    x, y, _z = g.player.positions()[ball]  # type: ignore[attr-defined]
    return g.view.to_screen(x, y)  # type: ignore[attr-defined,no-any-return]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_push_stop_shows_the_tip_on_the_ball_magnified(lang: str) -> None:
    """General rule 21. At the stop where the tip leaves the cue ball, a
    framed inset on the screen: the cue ball drawn at least six times its
    size (its pixels white across it), clear of the cue ball and the ball
    it meets, and the words: the tip on the ball 20 ms, a clean stroke
    about 1 ms."""
    app = make_app(lang)
    g = open_gallery(app, "gallery-push-shot", to_foul=True)
    frame(app)
    pb = g.player.playback
    assert pb.paused and pb.time == pytest.approx(0.02)
    inset = g.show.inset
    assert isinstance(inset, InsetDrawn)
    assert 6.0 <= inset.zoom <= 10.0
    (centre, radius), = inset.balls
    assert radius >= 6 * g.view.ball_px
    assert inset.rect.contains(pygame.Rect(centre[0] - 2, centre[1] - 2, 4, 4))
    assert ball_painted(app.screen.get_at, centre, radius) == 9
    # Clear of the balls involved: the cue ball and the 3 it is sent at.
    for ball in (0, 3):
        x, y = screen_point(g, ball)
        assert not inset.rect.inflate(g.view.ball_px * 2, g.view.ball_px * 2) \
            .collidepoint(x, y), ball
    loc = Locale(lang)
    lines = drawn_lines(app, inset.rect)
    assert loc.t("tip_inset.on_ball", ms="20") in lines
    assert loc.t("tip_inset.clean", ms=f"{TIP_HIT_TIME * 1000:.0f}") in lines
    assert "20" in loc.t("tip_inset.on_ball", ms="20")


def test_the_inset_is_there_while_the_tip_rides_the_ball() -> None:
    """Half way through the 20 ms the inset is already drawn (the contact
    lasts); past the contact's end, the ball gone on, it is not."""
    app = make_app("en")
    g = open_gallery(app, "gallery-push-shot", to_foul=True)
    pb = g.player.playback
    pb.seek(0.01)
    frame(app)
    assert g.show.inset is not None
    pb.seek(0.2)
    frame(app)
    assert g.show.inset is None
    assert not any("tip on the ball" in s for s in drawn_lines(app))


def test_a_clean_stroke_clip_shows_no_inset() -> None:
    """A clip whose stroke is clean (the tip on the ball its millisecond):
    no inset at its stop, nor during the strike."""
    app = make_app("en")
    g = open_gallery(app, "gallery-scratch", to_foul=True)
    frame(app)
    assert g.at_foul
    assert g.show.inset is None
    pb = g.player.playback
    pb.seek(TIP_HIT_TIME / 2)
    frame(app)
    assert g.show.inset is None
    assert not any(s.startswith(("tip on the ball", "a clean stroke"))
                   for s in drawn_lines(app))


def test_a_double_hit_shows_both_contacts() -> None:
    """General rule 20: at the end of the tip's second touch, two panels,
    the strike's and the second touch's (close up, the ball where the tip
    met it again), and the words give both times."""
    app = make_app("en")
    g = open_gallery(app, "gallery-double-hit", to_foul=True)
    frame(app)
    inset = g.show.inset
    assert inset is not None and len(inset.balls) == 2
    # Four times the ball at least: smaller than the push's six where the
    # larger inset would hide the cue ball's path (general rule 20's clip).
    for _centre, radius in inset.balls:
        assert radius >= 4 * g.view.ball_px
    first, second = inset.panels
    (a, ra), _b = inset.balls
    assert ball_painted(app.screen.get_at, a, ra) >= 7
    assert first.right < second.left and first.top == second.top  # side by side
    lines = drawn_lines(app, inset.rect)
    # Both times, each under its panel (said again in a headline, they made
    # the inset a quarter of the cloth).
    assert "1st touch, 0\u00a0ms" in lines
    assert "the tip met the ball again 5\u00a0ms later" in " ".join(lines)
    assert "a clean stroke: once, about 1\u00a0ms" in lines


def held_frame(data: bytes) -> Image.Image:
    """The picture a clip stands longest on (the foul, FOUL_HOLD)."""
    im = Image.open(io.BytesIO(data))
    best: tuple[int, Image.Image] | None = None
    for i in range(im.n_frames):
        im.seek(i)
        im.load()  # (a WebP frame's duration is read with its picture)
        d = int(im.info.get("duration", 0))
        if best is None or d > best[0]:
            best = (d, im.convert("RGB").copy())
    assert best is not None
    return best[1]


@pytest.mark.parametrize("fmt", ["gif", "webp", "apng"])
def test_the_clips_held_frame_has_the_inset(
        fmt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The exported clip holds on the push where the tip leaves the ball:
    read from the file, the magnified cue ball is there."""
    e = next(x for x in entries() if x.id == "gallery-push-shot")
    d = demonstrate(e)
    exp = ShotExport.from_scenario(e.scenario, d.shot, d.ruling, d.foul)
    seen: list[tuple[float, InsetDrawn | None]] = []
    real = table_marks.draw_tip_inset

    def spy(surface: pygame.Surface, view: object, marks: object, t: float,
            say: object) -> InsetDrawn | None:
        out = real(surface, view, marks, t, say)  # type: ignore[arg-type]
        seen.append((t, out))
        return out

    monkeypatch.setattr(table_marks, "draw_tip_inset", spy)
    # At full speed: the clip stands as long on its foul at any speed, and
    # has a quarter of the pictures to draw and encode before it.
    pic = held_frame(export_bytes(exp, fmt, "en", 1.0, 800))
    held = [out for t, out in seen if t == pytest.approx(d.pause_time)]
    assert held and all(out is not None for out in held)
    inset = held[-1]
    assert inset is not None
    view = Canvas(exp, 800, "en", clip=True).view
    (centre, radius), = inset.balls
    assert radius >= 6 * view.ball_px
    assert ball_painted(pic.getpixel, centre, radius) >= 8
    # Frames of the clip after the contact have none.
    assert any(out is None for t, out in seen if t > d.pause_time + 0.05)


# -- the SVG's key ------------------------------------------------------------------
def svg_of(entry: str, lang: str) -> tuple[ET.Element, ShotExport]:
    e = next(x for x in entries() if x.id == entry)
    d = demonstrate(e)
    exp = ShotExport.from_scenario(e.scenario, d.shot, d.ruling, d.foul)
    return ET.fromstring(still_svg(exp, lang, 1000)), exp


def key_of(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-mark", ""): g for g in root.iter(f"{SVG}g")
            if g.get("class") == "key-entry"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_svg_marks_the_push_and_keys_every_mark(lang: str) -> None:
    """The key explained the paths, the contacts' discs and the call only.
    Now: the stick; the cue ball's path white and the object ball's in its
    colour (the 3's red); the small dot where a ball touched; the push
    (general rule 21), drawn as a bar where the tip carried the cue ball
    with its 20 ms; the head string, drawn."""
    root, exp = svg_of("gallery-push-shot", lang)
    loc = Locale(lang)
    keyed = key_of(root)
    words = {"path-cue": "export.key_path_cue", "path-ball": "export.key_path_ball",
             "stick": "export.key_stick", "push": "export.key_push",
             "head-string": "export.key_head_string", "touch": "export.key_touch"}
    for mark, k in words.items():
        assert mark in keyed, mark
        assert loc.t(k) in [t.text for t in keyed[mark].iter(f"{SVG}text")]
    spec = exp.shot.initial.spec
    strokes = {m: [el.get("stroke") for el in keyed[m].iter(f"{SVG}line")]
               for m in ("path-cue", "path-ball")}
    white, red = table_marks.TRAIL_CUE, table_marks.ball_colour(spec, 3)
    assert f"rgb({white[0]},{white[1]},{white[2]})" in strokes["path-cue"]
    assert f"rgb({red[0]},{red[1]},{red[2]})" in strokes["path-ball"]
    assert red[0] > 150 and red[1] < 100  # the 3 is red
    push = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "push")
    assert push.get("data-ms") == "20"
    bar = [el for el in push.iter(f"{SVG}line")][-1]
    length = abs(float(bar.get("x2", 0)) - float(bar.get("x1", 0))) + \
        abs(float(bar.get("y2", 0)) - float(bar.get("y1", 0)))
    assert length > 3  # the way the tip carried the ball
    said = [t.text for t in push.iter(f"{SVG}text")]
    assert loc.t("tip_inset.on_ball", ms="20") in said
    line = next(el for el in root.iter(f"{SVG}line") if el.get("id") == "head-string")
    assert line.get("x1") == line.get("x2")
    assert abs(float(line.get("y1", 0)) - float(line.get("y2", 0))) > 400


def test_a_clean_strokes_svg_has_no_push() -> None:
    """A clean stroke: no push bar and no push in the key; the head string
    drawn and keyed all the same."""
    root, _exp = svg_of("gallery-scratch", "en")
    keyed = key_of(root)
    assert "push" not in keyed
    assert not [g for g in root.iter(f"{SVG}g") if g.get("id") == "push"]
    assert "head-string" in keyed and "stick" in keyed
    assert any(el.get("id") == "head-string" for el in root.iter(f"{SVG}line"))
