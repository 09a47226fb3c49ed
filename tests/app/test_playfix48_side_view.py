"""Play-test: the side view of a jump (gallery: miscue on a jump, the cue at
30°) showed no stick, only the ball's height over time, flat along the
time axis, under "cue at 30°"; a player read that line as the cue lying
almost flat. The stick is drawn at the strike, its angle on the screen the
stroke's elevation, in the window and in the exported pictures. And a jump
clip's GIF had an empty band at the bottom in the pictures before the ball
rose: the side view now stands in every picture of the clip, as the window
keeps it to the end of the shot."""

from __future__ import annotations

import dataclasses
import io
import math
from pathlib import Path

import numpy as np
import pygame
import pytest
from PIL import Image, ImageSequence

from simulator.app.replay import export
from simulator.app.replay.side_view import STICK_STRIPS
from simulator.app.screens.gallery import GalleryPlayMode
from simulator.practice import gallery
from tests.app.helpers import frame, gallery_index, make_app, run_until
from tests.app.test_export import gallery_export

JUMP = "gallery-miscue-on-jump"
STICK = [c for *_w, c in STICK_STRIPS]


def drawn_angle(px: np.ndarray) -> float:
    """The angle above the level (degrees) of the stick's pixels in ``px``
    (rows, columns, RGB), from the ball back along the stick (to the left,
    the way the ball goes being to the right): the long axis of the stick's
    colours' pixels."""
    hit = np.zeros(px.shape[:2], dtype=bool)
    for c in STICK:
        hit |= (np.abs(px.astype(int) - c).max(axis=2) <= 2)
    ys, xs = np.nonzero(hit)
    assert len(xs) > 40, f"no stick drawn ({len(xs)} px of its colours)"
    cov = np.cov(np.vstack([xs, ys]))
    w, v = np.linalg.eigh(cov)
    dx, dy = v[:, int(np.argmax(w))]
    assert w.max() > 8 * w.min(), "a stick is long and thin"
    if dx > 0:
        dx, dy = -dx, -dy  # towards the butt
    return math.degrees(math.atan2(-dy, -dx))


def raised(exp: export.ShotExport, elevation: float) -> export.ShotExport:
    """The same jump with the stroke's elevation changed (the drawing is
    what is tested: the stick follows the stroke)."""
    shot = exp.shot
    stroke = dataclasses.replace(shot.stroke, elevation=elevation)
    return dataclasses.replace(exp, shot=dataclasses.replace(shot, stroke=stroke))


@pytest.mark.parametrize("elevation", [0.0, 10.0, 30.0, 60.0])
def test_the_exported_side_view_draws_the_stick_at_its_elevation(
        elevation: float) -> None:
    exp = gallery_export(JUMP)
    assert exp.shot.stroke.elevation == 30.0
    exp = raised(exp, elevation)
    png = Image.open(io.BytesIO(export.still_png(exp, "ru", 1600))).convert("RGB")
    canvas = export.Canvas(exp, 1600, "ru")
    r = canvas.inset
    px = np.asarray(png)[r.top:r.bottom, r.left:r.right]
    assert drawn_angle(px) == pytest.approx(elevation, abs=1.0)
    # The clip's pictures draw the same stick.
    up = next(ev for ev in exp.shot.events if ev.kind.value == "airborne")
    clip = export.Canvas(exp, 800, "en", clip=True)
    r = clip.inset
    pic = np.asarray(export._image(clip.frame(up.time + 0.02)))
    assert drawn_angle(pic[r.top:r.bottom, r.left:r.right]) == pytest.approx(
        elevation, abs=1.5)


@pytest.mark.parametrize("elevation", [0.0, 10.0, 30.0, 60.0])
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_the_windows_side_view_draws_the_stick_at_its_elevation(
        elevation: float, size: tuple[int, int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = gallery.demonstrate

    def demonstrate(entry: gallery.GalleryEntry) -> gallery.Demonstration:
        d = real(entry)
        stroke = dataclasses.replace(d.shot.stroke, elevation=elevation)
        return dataclasses.replace(d, shot=dataclasses.replace(d.shot, stroke=stroke))

    if elevation != 30.0:
        monkeypatch.setattr(gallery, "demonstrate", demonstrate)
    app = make_app("ru", size)
    app.switch(GalleryPlayMode(app, gallery_index(JUMP)))
    g = app.mode
    assert isinstance(g, GalleryPlayMode)
    assert g.demo.shot.stroke.elevation == elevation
    run_until(app, lambda: g.show.flight() is not None)
    frame(app, n=2)
    side = app.layout.side
    screen = pygame.display.get_surface()
    px = pygame.surfarray.array3d(screen).transpose(1, 0, 2)
    got = drawn_angle(px[side.top:side.bottom, side.left:side.right])
    assert got == pytest.approx(elevation, abs=2.0)
    assert not app.errors


def test_no_picture_of_a_jump_clip_has_an_empty_band(tmp_path: Path) -> None:
    """Every picture of the GIF: the rows at its bottom that are all one
    colour (the room) are no more than the margin under the side view. (Only
    the bottom room + 2 rows are read: a run longer than room + 1 fills them
    all; the whole pictures' rows were two thirds of the test's time.)"""
    exp = gallery_export(JUMP)
    path = export.write_export(exp, tmp_path, "gif", "en")
    # The clip starts with the stick's approach, before the ball is up.
    assert exp.marks().start < exp.marks().flights[0].start
    with Image.open(path) as gif:
        canvas = export.Canvas(exp, gif.size[0], "en", clip=True)
        assert canvas.size == gif.size
        room = canvas.size[1] - canvas.inset.bottom  # under the side view's card
        # A picture at a time, in its own bytes (max >= min: no wrap-around):
        # the clip's hundreds of pictures as int64 arrays cost over a minute.
        w, h = canvas.size
        k = room + 2
        for i, f in enumerate(ImageSequence.Iterator(gif)):
            px = np.asarray(f.convert("RGB").crop((0, h - k, w, h)))
            flat = (px.max(axis=1) - px.min(axis=1)).max(axis=1) <= 3
            run = 0
            while run < len(flat) and flat[-1 - run]:
                run += 1
            assert run <= room + 1, f"picture {i}: {run} empty rows at the bottom"


@pytest.mark.parametrize("elevation", [10.0, 30.0, 60.0])
def test_the_svg_draws_the_elevation_at_its_angle(elevation: float) -> None:
    """The SVG has no side view: beside its stick the angle is drawn as the
    PNG draws it, a level line and the cue's line at the elevation."""
    import xml.etree.ElementTree as ET
    svg = ET.fromstring(export.still_svg(raised(gallery_export(JUMP), elevation),
                                         "en", 1200))
    ns = "{http://www.w3.org/2000/svg}"
    lines = {el.get("id"): [float(el.get(k, "nan")) for k in ("x1", "y1", "x2", "y2")]
             for el in svg.iter(f"{ns}line")}

    def angle(x1: float, y1: float, x2: float, y2: float) -> float:
        return math.degrees(math.atan2(y1 - y2, x2 - x1))

    level = angle(*lines["elevation-level"])
    cue = angle(*lines["elevation-cue"])
    assert level == pytest.approx(0.0, abs=0.01)
    assert cue - level == pytest.approx(elevation, abs=0.1)
    text = next(el for el in svg.iter(f"{ns}text") if el.get("id") == "elevation")
    assert text.text == f"{elevation:.0f}°"
