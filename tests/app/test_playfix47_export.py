"""Play-test: the GIF of a gallery clip (a jump) had an empty dark band of
about 170 px between the table and the caption, where the side view stands
only while the ball is up. A clip's caption is right under the table; the
side view's band is under the caption."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from simulator.app.replay import export
from tests.app.test_export import gallery_export


def _gap(px: np.ndarray) -> int:
    """Rows, measured on the picture, from the table's bottom edge to the
    caption's first row of letters: down from the table's middle to the first
    row of one colour (the room under the table), then on to the first row
    that is not of one colour again (the caption's words)."""
    flat = (px.max(axis=1) - px.min(axis=1)).max(axis=1) <= 3
    y = px.shape[0] // 4
    while not flat[y]:
        y += 1
    top = y
    while flat[y]:
        y += 1
    return y - top


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_clips_caption_stands_right_under_the_table(lang: str,
                                                       tmp_path: Path) -> None:
    exp = gallery_export("gallery-illegal-jump")
    assert exp.marks().flights, "a jump: the clip has a side view"
    # Its first picture is read: the clip at full speed, a quarter of the
    # pictures to draw and encode after it.
    path = export.write_export(exp, tmp_path, "gif", lang, speed=1.0)
    with Image.open(path) as gif:
        first = np.asarray(gif.convert("RGB")).astype(int)
    gap = _gap(first)
    assert gap < 24, f"{gap} px between the table and the caption"
    # The side view is still shown while the ball is up, off the table and
    # the caption: under the caption.
    canvas = export.Canvas(exp, first.shape[1], lang, clip=True)
    assert canvas.inset.top >= canvas.cap_top + canvas.cap_h
    assert canvas.inset.bottom <= canvas.size[1]
    up = next(ev for ev in exp.shot.events if ev.kind.value == "airborne")
    pic = export._image(canvas.frame(up.time + 0.02))
    card = (np.asarray(pic) == (12, 16, 15)).all(axis=2)
    ys = np.nonzero(card)[0]
    assert len(ys) > 1000 and ys.min() >= canvas.cap_top + canvas.cap_h


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_still_without_a_jump_has_its_caption_under_the_table(
        lang: str, tmp_path: Path) -> None:
    """The PNG shares the layout: without a side view, nothing stands
    between the table and the caption either."""
    from simulator.practice.gallery import entries
    name = next(e.id for e in entries()
                if not gallery_export(e.id).marks().flights)
    path = export.write_export(gallery_export(name), tmp_path, "png", lang)
    px = np.asarray(Image.open(path).convert("RGB")).astype(int)
    assert _gap(px) < 24
