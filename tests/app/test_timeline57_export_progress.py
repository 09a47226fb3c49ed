"""An export says what it is doing while it works, and its figure moves the
whole time: the clip's pictures drawn, then encoded picture by picture (the
encoding sat at 90 % for a third of the export, saying nothing), then the
file compressed and written; a diagram says it is drawn and written."""

from __future__ import annotations

import io
import itertools
import re

import pygame
import pytest
from PIL import Image

from simulator.app.loop.app import App
from simulator.app.replay.export import speed_label
from simulator.files import profile
from tests.app.helpers import click_button, frame, key, make_app, open_gallery

SAID = {"en": (r"encoding the GIF: picture (\d+) of (\d+) · (\d+) % of the whole",
               "compressing and writing the file", "drawing the pictures: "),
        "ru": (r"кодируется GIF: кадр (\d+) из (\d+) · готово (\d+) % всего",
               "сжатие и запись файла", "рисуются кадры: ")}


def bodies_until_closed(app: App, limit: int) -> list[str]:
    """The progress dialog's words each frame till it closes."""
    out = []
    for _ in range(limit):
        if not app.dialogs:
            return out
        out.append(app.dialogs[-1].body)
        frame(app)
    raise AssertionError("the export did not end")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_gif_export_says_and_moves_while_it_encodes(lang: str) -> None:
    app = make_app(lang, (800, 500))
    open_gallery(app, "gallery-no-rail")
    frame(app)
    key(app, pygame.K_x)
    # The clip at full speed (the speed button twice from the gallery's 1/4):
    # a quarter of the pictures to draw and encode, as many stages said.
    for slow, fast in ((0.25, 0.5), (0.5, 1.0)):
        click_button(app, app.t("export.speed", speed=speed_label(slow),
                                next=speed_label(fast)))
    click_button(app, app.t("export.gif"))
    bodies = bodies_until_closed(app, 60 * 60)
    encoding, writing, drawing = SAID[lang]
    assert any(drawing in b for b in bodies)
    # (percentage, picture, pictures): the whole's share said after the stage
    coded = [(int(m[3]), int(m[1]), int(m[2]))
             for m in (re.search(encoding, b) for b in bodies) if m]
    # Many pictures said one by one, counting up, the percentage with them.
    assert len({c[1] for c in coded}) >= 5, bodies[-5:]
    assert all(b[1] >= a[1] and b[0] >= a[0] for a, b in itertools.pairwise(coded))
    assert coded[-1][0] > coded[0][0]
    assert coded[-1][1] <= coded[-1][2]
    # The last stretch (one call, the file compressed) is said before it
    # (with the pictures drawn and the frames the file keeps of them).
    assert writing in bodies[-1]
    assert not any(b.startswith("90 %") and "·" not in b for b in bodies)
    gif = next(p for p in profile.exports_dir().iterdir() if p.suffix == ".gif")
    im = Image.open(io.BytesIO(gif.read_bytes()))
    assert im.n_frames > 1
    assert not app.errors
    pygame.display.quit()
