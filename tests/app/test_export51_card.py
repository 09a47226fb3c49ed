"""Play-test: after a PNG export in the gallery, some seconds later the side
column's "Last export" named a GIF. Clicking "Clip, GIF" and then "Diagram,
PNG" before the window drew again pressed both (the second on the card just
closed, drawn the frame before): the PNG was saved at once and named, the
GIF went on under it and took the line when it ended. A closed card takes
no more clicks: one export, and the line names it.
And the card's speed option said "Speed 1/4 › 1/2" without saying which was
the speed now: it says the current one first, the next one as the change."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from simulator.app.dialogs.base import Dialog
from simulator.app.dialogs.export import FORMAT_KEYS, ExportProgress, export_folder
from simulator.app.loop.app import App
from simulator.app.replay.export import SPEEDS, speed_label
from tests.app.helpers import (
    arriving,
    click_button,
    frame,
    key,
    make_app,
    open_gallery,
)
from tests.app.scenes import LANGS

SIZES = [(1280, 720), (800, 500)]
E = pygame.event.Event


def _click_events(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [E(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            E(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            E(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


@pytest.mark.parametrize("lang", LANGS)
def test_two_clicks_in_one_frame_make_one_export_and_the_line_names_it(
        lang: str) -> None:
    app = make_app(lang, (1280, 720))
    try:
        g = open_gallery(app, 0, to_foul=True)
        key(app, pygame.K_x)
        frame(app, n=2)
        spot = {b.label: b.rect.center for b in app.buttons}
        gif, png = spot[app.t("export.gif")], spot[app.t("export.png")]
        frame(app, *arriving(app, gif))
        frame(app, n=30)  # (past the guard on a button just shown)
        # GIF, then PNG, read in the same frame (a loaded window draws
        # a few a second and a quick person clicks twice in one).
        frame(app, *_click_events(gif)[1:], *_click_events(png))
        assert len([d for d in app.dialogs if isinstance(d, ExportProgress)]) == 1
        named: set[str] = set()
        for _ in range(3000):
            frame(app)
            if g.side_foot():
                named.add(g.side_foot())
            if not app.dialogs:
                break
        frame(app, n=60)  # a second on: nothing finishes after it
        files = sorted(p.name for p in export_folder(app).iterdir())
        assert len(files) == 1, files
        assert named == {app.t("export.last", file=files[0])}, named
        assert Path(app.kept["export.last"]).name == files[0]
    finally:
        pygame.display.quit()


def _speed_button(app: App) -> str:
    """The speed option's label: the button after the formats'."""
    d = app.dialogs[-1]
    assert isinstance(d, Dialog)
    return d.buttons[len(FORMAT_KEYS)].label


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_speed_option_says_the_speed_now_first(lang: str,
                                               size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        open_gallery(app, 0, to_foul=True)
        key(app, pygame.K_x)
        frame(app, n=2)
        seen = []
        for step in range(len(SPEEDS)):
            d = app.dialogs[-1]
            assert isinstance(d, Dialog)
            now = SPEEDS[step]
            nxt = SPEEDS[(step + 1) % len(SPEEDS)]
            label = _speed_button(app)
            # "<Speed>: <now> (<change to> <next>)": the speed now right
            # after the word, the next one only inside the brackets.
            m = re.fullmatch(r"(\w+): (\S+) \((.+) (\S+)\)", label)
            assert m is not None, label
            assert (m[2], m[4]) == (speed_label(now), speed_label(nxt)), label
            assert speed_label(now) in d.body or \
                speed_label(now) in (d.short_body or ""), d.body
            b = next(b for b in d.buttons if b.label == label)
            lines, under, _ks, _kw = b._lines(b.rect.width, b.size)
            assert len(lines) == 1 and not under, lines
            seen.append(label)
            click_button(app, label)
            frame(app, n=2)
        assert len(set(seen)) == len(SPEEDS)
        assert _speed_button(app) == seen[0]  # round to 1/4 again
    finally:
        pygame.display.quit()
