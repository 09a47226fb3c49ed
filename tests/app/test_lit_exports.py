"""Exported clips and pictures draw the window's lit table (play-testers:
the exports drew a plain flat table, "cruder than the window"), and the lit
cloth's grain does not bloat a GIF."""

from __future__ import annotations

import io

import pygame
from PIL import Image

from simulator.app.replay import export
from simulator.app.replay.export import encode_clip, render_clip, still_png
from simulator.app.table.render import TableRenderer, lamps, pocket_hole
from tests.app.test_export import gallery_export

ENTRY = "gallery-scratch"


def _window_table(canvas: export.Canvas) -> pygame.Surface:
    """The table as the window paints it, at the export's scale and
    framing, but for the cloth's grain (an export goes without it)."""
    return TableRenderer(canvas.spec, canvas.view, canvas.table.get_size(),
                         grain=False).surface


def _points(canvas: export.Canvas) -> dict[str, tuple[int, int]]:
    """Screen points a person compares: on each pocket's leather plate and
    in its hole, and the cloth under each lamp."""
    v, spec = canvas.view, canvas.spec
    out = {}
    for p in spec.pockets:
        (cx, cy), r = pocket_hole(spec, p)
        ix, iy = p.inward
        # On the plate, beside the hole (across the pocket's axis).
        out[f"{p.name} plate"] = v.to_screen_i(cx - iy * r * 1.12, cy + ix * r * 1.12)
        out[f"{p.name} hole"] = v.to_screen_i(cx, cy)
    for i, (lx, ly) in enumerate(lamps(spec)):
        out[f"lamp {i}"] = v.to_screen_i(lx, ly - 0.25)
    return out


def _close(a: tuple[int, ...], b: tuple[int, ...], tol: int) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a[:3], b[:3], strict=True))


def test_an_exported_clip_and_picture_show_the_windows_lit_table() -> None:
    """The GIF's first picture and the still PNG, at each pocket's plate and
    hole and under each lamp, have the window's colours (within the GIF
    palette's rounding), not the flat table's."""
    exp = gallery_export(ENTRY)
    canvas = export.Canvas(exp, 800, "en")
    window = _window_table(canvas)
    first = next(iter(render_clip(exp, "en", 0.5, 800)))
    gif = Image.open(io.BytesIO(encode_clip([first], "gif"))).convert("RGB")
    png = Image.open(io.BytesIO(still_png(exp, "en", 800))).convert("RGB")
    for name, (x, y) in _points(canvas).items():
        seen = tuple(window.get_at((x, y)))
        assert _close(gif.getpixel((x, y)), seen, 8), (name, gif.getpixel((x, y)), seen)
        assert _close(png.getpixel((x, y)), seen, 3), (name, png.getpixel((x, y)), seen)


def test_the_lit_table_keeps_a_gif_as_small_as_the_flat_one_made_it() -> None:
    """The same clip (the scratch entry at 1/2 speed, 800 px) was 318 kB on
    the flat table; on the lit, grained cloth a frame codes only what moved
    (it was 1.76 MB coding the grain round each ball anew).  Every picture
    of the file is the clip's picture (within the palette's rounding)."""
    exp = gallery_export(ENTRY)
    pics = list(render_clip(exp, "en", 0.5, 800))
    data = encode_clip(pics, "gif")
    assert len(data) < 480_000, len(data)
    im = Image.open(io.BytesIO(data))
    last = pics[-1][0]
    im.seek(im.n_frames - 1)
    got = im.convert("RGB")
    w, h = last.get_size()
    worst = max(max(abs(a - b) for a, b in zip(got.getpixel((x, y)),
                                                 tuple(last.get_at((x, y)))[:3],
                                                 strict=True))
                for x in range(0, w, 7) for y in range(0, h, 7))
    assert worst < 30, worst


def test_a_gif_picture_has_the_windows_cloth_and_rails_without_bands() -> None:
    """Play-test: "the GIF's table has a stronger dark oval vignette with
    colour banding and darker rails than the window". Where a clip's first
    picture shows the bare table, the GIF's picture has the window's colours
    (cloth and rails alike), and from a lamp to a corner the cloth passes
    through nearly as many shades as the window's (it had 5: bands)."""
    import numpy as np
    exp = gallery_export(ENTRY)
    canvas = export.Canvas(exp, 800, "en")
    v, spec = canvas.view, canvas.spec
    win = _window_table(canvas)
    h = win.get_height()
    window = np.asarray(export._image(win)).astype(int)
    pics = list(render_clip(exp, "en", 0.5, 800))
    gif = Image.open(io.BytesIO(encode_clip(pics, "gif")))
    got = np.asarray(gif.convert("RGB")).astype(int)[:h]
    first = np.asarray(export._image(pics[0][0])).astype(int)[:h]
    bare = (first == window).all(axis=2)  # no ball, path or mark on it
    diff = np.abs(got - window).sum(axis=2)
    (x0, y0), (x1, y1) = v.to_screen_i(0, 0), v.to_screen_i(spec.length, spec.width)
    cloth = np.zeros_like(bare)
    cloth[min(y0, y1):max(y0, y1), min(x0, x1):max(x0, x1)] = True
    assert diff[bare & cloth].mean() < 1.0, diff[bare & cloth].mean()
    assert diff[bare & ~cloth].mean() < 3.0, diff[bare & ~cloth].mean()  # rails
    rx, ry = v.to_screen_i(spec.length * 0.3, -spec.rail_width / 2)
    rail = got[ry, rx], window[ry, rx]
    assert np.abs(rail[0] - rail[1]).max() <= 2, rail
    lx, ly = v.to_screen_i(*lamps(spec)[0])
    cx, cy = v.to_screen_i(0.1, 0.1)
    line = [(round(ly + (cy - ly) * i / 200), round(lx + (cx - lx) * i / 200))
            for i in range(200)]
    shades = {tuple(got[y, x]) for y, x in line}
    wanted = {tuple(window[y, x]) for y, x in line}
    assert len(shades) >= 0.8 * len(wanted), (len(shades), len(wanted))
