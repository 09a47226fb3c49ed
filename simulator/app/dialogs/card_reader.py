"""The ruling card read whole: its title and every line wrapped at a
readable size over most of the window (the side column's card holds a few
rows of a long ruling, and an instructor reads it all at once). It scrolls
by a row when it still does not fit; V, Esc or a click closes it. Open, it
takes every key and click: nothing acts on the game beneath (no shot, no
undo), and a computer waiting on the card waits on.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from simulator.app.loop.app import App, Mode
from simulator.app.table.ruling_card import (
    Banner,
    draw_rows,
    fit_rows,
    last_start,
    line_rows,
    rows_height,
)
from simulator.app.table.view import text_size
from simulator.app.text import ui
from simulator.app.text.ui import veil

READ_WIDTH = 900  # the widest the text runs: longer rows are hard to follow
STEP_KEYS = {pygame.K_DOWN: 1, pygame.K_UP: -1}
PAGE_KEYS = {pygame.K_PAGEDOWN: 1, pygame.K_PAGEUP: -1}


def reader_size(window: tuple[int, int]) -> int:
    """The reader's type size in a window this big."""
    return max(15, text_size(window) + 1)


def reader_box(window: tuple[int, int]) -> pygame.Rect:
    """The reader's frame at its tallest."""
    w, h = window
    bw = min(w - 40, READ_WIDTH)
    return pygame.Rect((w - bw) // 2, 20, bw, h - 40)


def reader_rows(window: tuple[int, int],
                below: Sequence[tuple[str, int, int]]) -> int:
    """How many rows the reader gives the lines a ruling card left below,
    ``below`` as the card says them (its "N more" counts these, not its own
    narrower rows: "12 more lines" opened on a reader of 8). A line partly
    shown counts its hidden share."""
    size = reader_size(window)
    width = reader_box(window).width - 32
    n = 0
    for text, hidden, rows in below:
        whole = len(line_rows((text,), size, width))
        n += whole if hidden >= rows else math.ceil(whole * hidden / rows)
    return n


def rows_unseen(window: tuple[int, int], below: Sequence[tuple[str, int, int]],
                size: int, width: int) -> int:
    """How many of the reader's rows hold words a ruling card in the column
    (its rows ``width`` px wide at ``size``) left below, ``below`` as the
    card says them: what V shows that the card did not, row for row (the
    column's narrower rows said "6 more" of what V showed in 2). A line
    partly shown counts the reader's rows from the one its first hidden
    word is in."""
    rsize = reader_size(window)
    rwidth = reader_box(window).width - 32
    n = 0
    for text, hidden, rows in below:
        reader = line_rows((text,), rsize, rwidth)
        seen = sum(len(r[2].split()) for r in
                   line_rows((text,), size, width)[:max(0, rows - hidden)])
        n += rows_past([row for _i, _indent, row in reader], seen)
    return n


def rows_past(rows: Sequence[str], seen: int) -> int:
    """How many of a line's ``rows`` (as the reader lays it out) hold a
    word past its first ``seen`` words: the rows of it V shows that were
    not seen, each counted once, a row partly seen among them."""
    words = n = 0
    for row in rows:
        words += len(row.split())
        n += words > seen
    return n


def line_rows_read(window: tuple[int, int], text: str) -> int:
    """The rows the reader gives ``text``, a line of its own."""
    return len(line_rows((text,), reader_size(window), reader_box(window).width - 32))


class CardReader(Mode):
    """The whole of ``banner``, scrolled by rows."""

    name = "card_reader"
    modal = True

    def __init__(self, app: App, banner: Banner) -> None:
        super().__init__(app)
        self.banner = banner
        self.scroll = 0  # the first row shown
        self.last = 0  # the farthest it scrolls (the last frame's)
        self.page = 1  # the rows shown at once (the last frame's)
        self.rect = pygame.Rect(0, 0, 0, 0)

    def size(self) -> int:
        return reader_size(self.app.size)

    def box(self) -> pygame.Rect:
        return reader_box(self.app.size)

    def close(self) -> None:
        if self in self.app.dialogs:
            self.app.pop_dialog(self)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.move(-event.y)  # a row a notch
        elif event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_ESCAPE, pygame.K_v):
                if not self.app.repeat(event):
                    self.close()
            elif k in STEP_KEYS:
                self.move(STEP_KEYS[k])
            elif k in PAGE_KEYS:
                self.move(PAGE_KEYS[k] * max(1, self.page - 1))
            elif k == pygame.K_HOME:
                self.scroll = 0
            elif k == pygame.K_END:
                self.scroll = self.last

    def move(self, rows: int) -> None:
        self.scroll = max(0, min(self.last, self.scroll + rows))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.t
        surface.blit(veil(surface.get_size(), (0, 0, 0, 150)), (0, 0))
        box = self.box()
        size = self.size()
        note_size = size - 2
        note_h = ui.line_height(note_size)
        width = box.width - 32
        title_h = ui.paragraph(None, self.banner.title, size + 2, ui.INK,
                               pygame.Rect(0, 0, width, 10 ** 6), bold=True) + 8
        rows = line_rows(self.banner.all_lines, size, width)
        # (no taller than its words: a short card in the middle of the window)
        box.height = min(box.height, 24 + title_h + rows_height(rows, size) + 6 +
                         note_h)
        box.centery = self.app.size[1] // 2
        self.rect = box
        # The words under it are covered, not read.
        ui.FRAME.texts[:] = [x for x in ui.FRAME.texts if not box.colliderect(x.rect)]
        ui.panel(surface, box, ui.FOUL_BG if self.banner.foul else ui.LEGAL_BG,
                 name="reader", border=ui.ACCENT)
        ui.FRAME.areas.append((pygame.Rect((0, 0), surface.get_size()), self.close))
        inner = box.inflate(-32, -24)
        y = inner.top + title_h
        ui.paragraph(surface, self.banner.title, size + 2, ui.INK, inner, bold=True)
        room = inner.bottom - note_h - 6 - y
        self.last = last_start(rows, size, room)
        self.scroll = min(self.scroll, self.last)
        self.page = fit_rows(rows[self.scroll:], size, room)
        draw_rows(surface, rows[self.scroll:self.scroll + self.page], size,
                  inner.left, y, inner.width)
        hidden = len(rows) - self.scroll - self.page
        notes = [t("card_reader.more", n=hidden) if hidden else
                 t("card_reader.top") if self.scroll else "", t("card_reader.close")]
        ui.line(surface, " · ".join(n for n in notes if n), note_size, ui.DIM,
                pygame.Rect(inner.left, inner.bottom - note_h, inner.width, note_h))
