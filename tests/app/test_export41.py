"""Play-test (issue 22) on the exported files: the PNG's side view of a jump
covered the table's bottom left corner pocket; the SVG's mark where a ball
left the table was cut in half by the picture's edge at the end rail."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pygame
import pytest
from PIL import Image

from simulator.app.replay import export
from simulator.app.table.render import pocket_rects
from tests.app.test_export import gallery_export
from tests.app.test_mark39_off_table import CLIPS

NS = "{http://www.w3.org/2000/svg}"
CARD = (12, 16, 15)  # the side view's card (simulator.app.replay.side_view)


@pytest.mark.parametrize("name", ["gallery-illegal-jump", "gallery-miscue-on-jump"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_png_side_view_covers_no_part_of_the_table(
        name: str, lang: str, tmp_path: Path) -> None:
    """General rule 22: the side view shows the jump; in the file it lies
    wholly off the table (rails, bed and pocket plates), above the caption."""
    exp = gallery_export(name)
    path = export.write_export(exp, tmp_path, "png", lang)
    px = np.asarray(Image.open(path).convert("RGB"))
    ys, xs = np.nonzero((px == CARD).all(axis=2))
    assert len(xs) > 1000, "no side view in the picture"
    card = pygame.Rect(int(xs.min()), int(ys.min()), int(xs.max() - xs.min() + 1),
                       int(ys.max() - ys.min() + 1))
    canvas = export.Canvas(exp, px.shape[1], lang)
    assert px.shape[:2] == (canvas.size[1], canvas.size[0])
    table = canvas.view.outer_rect().unionall(pocket_rects(canvas.view))
    assert not card.colliderect(table), (card, table)
    assert card.bottom <= canvas.size[1] - canvas.cap_h, "over the caption"


def _numbers(text: str) -> list[float]:
    return [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", text)]


@pytest.mark.parametrize("name", CLIPS)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_svg_off_table_mark_lies_whole_inside_the_picture(
        name: str, lang: str, tmp_path: Path) -> None:
    """General rule 23: the ring and cross where a ball left the table,
    strokes and all, inside the picture's view box (the 11 over the foot
    rail had its mark's right half past the edge)."""
    exp = gallery_export(name)
    path = export.write_export(exp, tmp_path, "svg", lang)
    root = ET.fromstring(path.read_text(encoding="utf-8"))
    x0, y0, w, h = _numbers(root.get("viewBox", ""))
    marks = [g for g in root.iter(f"{NS}g") if g.get("class") == "off-table"]
    assert marks, "no off-table mark"
    for g in marks:
        for c in g.iter(f"{NS}circle"):
            cx, cy, r = (float(c.get(k, "0")) for k in ("cx", "cy", "r"))
            r += float(c.get("stroke-width", "0")) / 2
            assert x0 <= cx - r and cx + r <= x0 + w, (g.get("id"), cx, r, x0, w)
            assert y0 <= cy - r and cy + r <= y0 + h, (g.get("id"), cy, r, y0, h)
        for p in g.iter(f"{NS}path"):
            pts = _numbers(p.get("d", ""))
            half = float(p.get("stroke-width", "0")) / 2
            assert x0 <= min(pts[0::2]) - half and max(pts[0::2]) + half <= x0 + w
            assert y0 <= min(pts[1::2]) - half and max(pts[1::2]) + half <= y0 + h
