"""Cramped windows, at several sizes from 800x500 up, in both languages: the
ruling card shows its words (beside a hint too), the Russian pause menu is
whole, Express balls carry readable numbers, the help is in readable type
with every key on one of its pages, and the stick never reaches over the
scoreboard or the side column."""

from __future__ import annotations

import math

import numpy as np
import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.table_screen import TableMode
from simulator.app.table import render
from simulator.app.table.view import text_size
from simulator.app.text import ui
from tests.app.helpers import click, frame, key, run_until
from tests.app.scenes import LANGS, open_scene

SIZES = ((800, 500), (1024, 600), (1100, 650), (1280, 720))
_STICK = ((226, 196, 142), (92, 38, 24), (238, 236, 226))  # shaft, butt, ferrule
# Drawn round: each colour, its dark edges and its light stripe.
STICK_COLOURS = {c for base in _STICK for c in (
    base, render._shade(base, 0.62), render._mix(base, (255, 255, 250), 0.5))}


def sized(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


def texts_inside(app: App, rect: pygame.Rect) -> list[ui.TextRecord]:
    return [r for r in app.texts if rect.contains(r.rect) and r.shown.strip()]


@pytest.mark.parametrize("size", SIZES, ids=sized)
@pytest.mark.parametrize("lang", LANGS)
def test_the_ruling_card_shows_its_words_beside_a_hint(lang: str,
                                                       size: tuple[int, int]) -> None:
    """A called foul's card (the 9-ball scene), then a hint asked for with I:
    the card still shows more than its heading (at 800x500 it once showed
    the heading and "3 more" over an empty box; at 1280x720 a hint squeezed
    it to nothing)."""
    app = open_scene("banner", "9-ball", lang, size)
    try:
        mode = app.mode
        assert isinstance(mode, TableMode)
        s = app.session
        assert s is not None and s.banner is not None and s.banner.foul
        for with_hint in (False, True):
            if with_hint:
                if mode.name == "placing":
                    key(app, pygame.K_RETURN)  # the ball in hand put down
                    mode = app.mode
                    assert isinstance(mode, TableMode)
                key(app, pygame.K_i)
                run_until(app, lambda: s.hint is not None, limit=4000)
                frame(app)
                assert mode.hint_lines(), "the hint is shown"  # type: ignore[attr-defined]
            box = mode.banner_rect
            assert box is not None, "the ruling card is drawn"
            inner = box.inflate(-16, -12)
            title_rows = len(ui.wrap(s.banner.title, text_size(app.size) + 1,
                                     inner.width, bold=True))
            inside = texts_inside(app, box)
            assert len(inside) > max(1, title_rows), (
                f"{lang} {sized(size)} hint={with_hint}: the card shows only "
                f"{[r.shown for r in inside]}")
            # What the card shows of its first line is its first line's words.
            first = s.banner.all_lines[0].split()[0]
            assert any(first in r.text for r in inside)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=sized)
def test_the_russian_pause_menu_is_whole(size: tuple[int, int]) -> None:
    """Esc in a match, in Russian: from 1100x650 up every button and the
    whole text inside the card, nothing left to the wheel (at 1100x650 the
    text was cut to a line and "3 more"); in a smaller window the wheel
    brings the last button into the card."""
    app = open_scene("pause", "8-ball", "ru", size)
    try:
        d = app.dialogs[-1]
        assert d.kind == "pause"  # type: ignore[attr-defined]
        window = pygame.Rect(0, 0, *app.size)
        more = app.t("dialog.more", n=1).split("1")[0].strip()
        buttons = d.buttons  # type: ignore[attr-defined]
        if size >= (1100, 650):
            card = d.rect  # type: ignore[attr-defined]
            assert window.contains(card)
            for b in buttons:
                assert card.contains(b.rect), f"{b.label!r} at {b.rect} leaves {card}"
            drawn = [r.shown for r in texts_inside(app, card)]
            assert not any(more in t for t in drawn), drawn
            body_words = d.body.split()  # type: ignore[attr-defined]
            assert body_words[-1] in " ".join(drawn), "the text's end is shown"
            return
        card = d.rect  # type: ignore[attr-defined]
        move_to = card.center
        frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=move_to, rel=(0, 0),
                                      buttons=(0, 0, 0)))
        for _ in range(20):
            if d.rect.contains(buttons[-1].rect) and buttons[-1].rect.width:  # type: ignore[attr-defined]
                break
            frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
        assert buttons[-1].rect.width and d.rect.contains(buttons[-1].rect)  # type: ignore[attr-defined]
    finally:
        pygame.display.quit()


DARK = 60  # an ink pixel: every channel below this (the ivory ball is light)


@pytest.mark.parametrize("size", SIZES, ids=sized)
def test_express_balls_carry_numbers_one_can_read(size: tuple[int, int]) -> None:
    """All fifteen Express balls are ivory: only the number tells them apart.
    Small on the screen, each shows its number upright in dark type (dark
    pixels on every ball: none before, the rolling number being a pale
    blur); larger, the ball's own number is big enough."""
    app = open_scene("table", "express", "ru", size)
    try:
        mode = app.mode
        assert isinstance(mode, TableMode)
        view = mode.scene.view
        r = view.ball_px
        if r >= 9.0:
            return  # the rolling numbers are at least 9 px high
        surf = app.screen
        s = app.session
        assert s is not None
        for b in s.table.on_table():
            if b == 0:
                continue
            pos = s.table.position(b)
            assert pos is not None
            cx, cy = view.to_screen(*pos)
            ink = sum(1 for x in range(int(cx - r), int(cx + r) + 1)
                      for y in range(int(cy - r), int(cy + r) + 1)
                      if math.dist((x, y), (cx, cy)) <= r and
                      max(surf.get_at((x, y))[:3]) < DARK)
            assert ink >= 8, f"ball {b} at {sized(size)}: {ink} pixels of its number"
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=sized)
@pytest.mark.parametrize("lang", LANGS)
def test_help_is_readable_and_every_key_is_on_a_page(lang: str,
                                                     size: tuple[int, int]) -> None:
    """F1's help never below 13 px (it was 9 at 800x500): what does not fit
    goes on a next page (PgDn); over the pages, every line of every section,
    the timeline's keys and clicks among them."""
    from simulator.app.screens.help import MIN_SIZE, SECTIONS, SEP
    app = open_scene("help", None, lang, size)
    try:
        mode = app.mode
        assert mode is not None and mode.name == "help"
        seen: list[str] = []
        for _page in range(6):
            frame(app)
            sizes = {r.size for r in app.texts if r.shown.strip()
                     and r.rect.top > size[1] * 0.15 and r.rect.bottom < size[1] - 56}
            assert min(sizes) >= MIN_SIZE, f"help at {sorted(sizes)} px"
            seen.append(" ".join(r.text for r in app.texts))
            if mode.page + 1 >= mode.pages:  # type: ignore[attr-defined]
                break
            key(app, pygame.K_PAGEDOWN)
        every = " ".join(seen)
        for sec in SECTIONS:
            for ln in app.t(f"help.{sec}").split("\n"):
                k, _, what = ln.partition(SEP)
                assert k.split()[0] in every and what.split()[0] in every, ln
        for ln in app.t("help.replay").split("\n"):
            assert ln.split()[0] in every
        assert app.t("help.replay").count("\n") >= 9  # contacts and clicks too
    finally:
        pygame.display.quit()


def stick_pixels(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """How many pixels inside ``rect`` have one of the stick's colours."""
    rgb = pygame.surfarray.pixels3d(surface)[rect.left:rect.right, rect.top:rect.bottom]
    wide = rgb.astype(np.int64)
    packed = (wide[..., 0] << 16) | (wide[..., 1] << 8) | wide[..., 2]
    colours = np.array([(r << 16) | (g << 8) | b for r, g, b in STICK_COLOURS])
    return int(np.isin(packed, colours).sum())


@pytest.mark.parametrize("size", SIZES, ids=sized)
def test_the_stick_never_reaches_over_the_scoreboard_or_the_side_column(
        size: tuple[int, int]) -> None:
    """The cue ball near the foot-right corner, aimed down-left and pulled
    far back: the stick points out over the side column and the scoreboard;
    it is drawn inside the table's rectangle only."""
    from simulator.app.table.aim import Aim
    app = open_scene("banner", "9-ball", "en", size)  # ball in hand anywhere
    try:
        s = app.session
        assert s is not None
        mode = app.mode
        assert isinstance(mode, TableMode) and mode.name == "placing"
        spec = s.spec
        corner = (spec.length - 0.1, spec.width - 0.1)
        click(app, mode.scene.view.to_screen(*corner))
        if app.mode is not None and app.mode.name == "placing":
            key(app, pygame.K_RETURN)
        mode = app.mode
        assert isinstance(mode, TableMode) and mode.name == "aiming"
        cue = s.cue_pos()
        assert cue is not None and math.dist(cue, corner) < 0.02
        for angle in (225.0, 200.0, 250.0):
            s.aim = Aim(angle, 1.0)  # as the arrow keys would turn it
            frame(app)
            lay = mode.layout
            view = mode.scene.view
            # The stick is drawn: inside the table's rectangle there is some.
            assert stick_pixels(app.screen, view.rect) > 0
            for name, rect in (("side column", lay.side), ("scoreboard", lay.top)):
                n = stick_pixels(app.screen, rect)
                assert n == 0, \
                    f"{sized(size)} at {angle}°: {n} stick pixels over the {name}"
    finally:
        pygame.display.quit()
