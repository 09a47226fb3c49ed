"""What the club's screens share: a card, a table of columns, the bottom row
of buttons, a player's name in words, and the chart of a rating."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from simulator.app.loop.app import App
from simulator.app.text import fonts, ui
from simulator.records import words

Row = Sequence[str]


def rec_t(app: App, key: str, **values: object) -> str:
    """The records' own words (formats, stages, columns) in the window's
    language."""
    return words.t(app.locale.lang, key, **values)


def shown_name(app: App, name: str | None, among: Sequence[str] = ()) -> str:
    """A player as the window names them: a computer seat in words, the
    first of two of a level numbered among the players ``among``."""
    if name is None:
        return rec_t(app, "page.unknown")
    from simulator.app.match.computer import seat_words
    return seat_words(app.locale, name, among)


def content_top(app: App) -> int:
    """Where a screen's content starts: below the backdrop's title."""
    h = app.size[1]
    return int(h * 0.06) + fonts.font(max(28, h // 11), True).get_height()


def text_size(app: App) -> int:
    return max(11, min(16, app.size[1] // 42))


def card(surface: pygame.Surface, rect: pygame.Rect, title: str, size: int) -> int:
    """A card with its title; the y where its content starts."""
    ui.panel(surface, rect, ui.CARD, name="card", border=ui.BORDER)
    lh = ui.line_height(size + 2, True)
    ui.line(surface, title, size + 2, ui.ACCENT,
            pygame.Rect(rect.left + 10, rect.top + 6, rect.width - 20, lh), bold=True)
    return rect.top + 6 + lh + 4


@dataclass(frozen=True)
class Column:
    """A column of a table: its heading, its share of the width and how
    its cells are aligned."""

    title: str
    weight: float = 1.0
    align: str = "right"


def column_edges(rect: pygame.Rect, columns: Sequence[Column], rows: Sequence[Row],
                 size: int) -> list[int]:
    """The columns' edges: each at least as wide as its heading's longest
    word and its widest cell (a heading may take two lines, never a cut
    word: "Пора…" told nothing), the rest of the width shared by weight."""
    small = max(10, size - 2)
    need = []
    for i, c in enumerate(columns):
        words_w = [fonts.font(small).size(w)[0] for w in c.title.split()] or [0]
        cells = [fonts.font(size).size(r[i])[0] for r in rows if i < len(r)]
        need.append(max([*words_w, *cells, 0]) + 8)
    spare = rect.width - sum(need)
    total = sum(c.weight for c in columns) or 1.0
    if spare < 0:
        # Too narrow: the widest-weighted column (the names) gives up the
        # room, down to its heading, so the short ones keep theirs (shared
        # by weight, a place "1–4" showed "…" beside two long names).
        wide = max(range(len(columns)), key=lambda i: columns[i].weight)
        floor = max(fonts.font(small).size(w)[0]
                    for w in columns[wide].title.split() or [""]) + 8
        if need[wide] + spare >= floor:
            need[wide] += spare
            spare = 0
    if spare < 0:  # too narrow even so: by weight, as before
        need, spare = [0] * len(columns), rect.width
    xs = [rect.left]
    for c, n in zip(columns, need, strict=True):
        xs.append(xs[-1] + n + int(spare * c.weight / total))
    return xs


def table(surface: pygame.Surface, rect: pygame.Rect, columns: Sequence[Column],
          rows: Sequence[Row], size: int, strong: Sequence[bool] = ()) -> int:
    """A table from the top of ``rect``: the headings (on two lines where
    a column is narrow), then the rows that fit (a strong row brighter);
    the y below the last row drawn."""
    xs = column_edges(rect, columns, rows, size)
    lh = ui.line_height(size)
    y = rect.top
    small = max(10, size - 2)
    slh = ui.line_height(small)
    heads = [ui.wrap(c.title, small, max(1, xs[i + 1] - xs[i] - 6))[:2]
             for i, c in enumerate(columns)]
    for i, c in enumerate(columns):
        for k, part in enumerate(heads[i]):
            ui.line(surface, part, small, ui.DIM,
                    pygame.Rect(xs[i] + 3, y + k * slh, xs[i + 1] - xs[i] - 6, slh),
                    align=c.align)
    y += max(lh, slh * max((len(h) for h in heads), default=1)) + 2
    pygame.draw.line(surface, ui.BORDER, (rect.left, y - 1), (rect.right, y - 1))
    for r, row in enumerate(rows):
        if y + lh > rect.bottom:
            break
        colour = ui.ACCENT if r < len(strong) and strong[r] else ui.INK
        for i, c in enumerate(columns):
            ui.line(surface, row[i], size, colour,
                    pygame.Rect(xs[i] + 3, y, xs[i + 1] - xs[i] - 6, lh),
                    align=c.align)
        y += lh
    return y


def button_row(surface: pygame.Surface, app: App, buttons: Sequence[ui.Button],
               rect: pygame.Rect, size: int, slots: int = 0) -> None:
    """Buttons side by side along ``rect`` (the screen's bottom row);
    ``slots``: the row cut in that many places as the screen before it was,
    these buttons in its last ones (see RecordsMode)."""
    if not buttons:
        return
    gap = 10
    n = max(slots, len(buttons))
    w = (rect.width - gap * (n - 1)) // n
    h = max(b.measure(w, size) for b in buttons)
    for i, b in enumerate(buttons, start=n - len(buttons)):
        b.place(rect.left + i * (w + gap), rect.top, w, size)
        b.rect.height = max(h, rect.height)
        b.draw(surface, app.mouse)


BAND = (226, 190, 120, 70)  # the 95% band's shade


def chart(surface: pygame.Surface, rect: pygame.Rect,
          points: Sequence[tuple[float, float]], size: int, empty: str,
          ends: tuple[str, str] = ("", "")) -> None:
    """The rating after each match: a line with its 95% band, the values
    on the left, one mark a match, ``ends`` under the first and the last."""
    ui.panel(surface, rect, (18, 30, 25), name="chart", border=ui.BORDER)
    inner = rect.inflate(-16, -16)
    small = max(10, size - 2)
    if not points:
        ui.line(surface, empty, small, ui.DIM, inner, align="centre",
                valign="middle")
        return
    slh = ui.line_height(small)
    lo, hi, step = _nice(min(v - m for v, m in points),
                         max(v + m for v, m in points),
                         max(3, min(7, inner.height // (2 * slh))))
    label_w = fonts.font(small).size("0000")[0] + 8
    plot = pygame.Rect(inner.left + label_w, inner.top + slh // 2,
                       inner.width - label_w - 6, inner.height - slh - slh // 2 - 4)

    def at(i: int, v: float) -> tuple[int, int]:
        x = plot.left + (plot.width * i // max(1, len(points) - 1)
                         if len(points) > 1 else plot.width // 2)
        y = plot.bottom - int((v - lo) / (hi - lo) * plot.height)
        return x, y

    v = lo
    while v <= hi + 1e-9:  # the grid and its values
        y = at(0, v)[1]
        pygame.draw.line(surface, (44, 62, 54), (plot.left, y), (plot.right, y))
        ui.line(surface, f"{v:.0f}", small, ui.DIM,
                pygame.Rect(inner.left, y - slh // 2, label_w - 6, slh),
                align="right")
        v += step
    band = [at(i, v + m) for i, (v, m) in enumerate(points)] + \
        [at(i, v - m) for i, (v, m) in reversed(list(enumerate(points)))]
    if len(points) > 1:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(shade, BAND, band)
        surface.blit(shade, (0, 0))
        pygame.draw.lines(surface, ui.ACCENT, False,
                          [at(i, v) for i, (v, _m) in enumerate(points)], 2)
    else:  # one match: no area to shade, the band as a bar with its ends
        (x, top), (_x, bottom) = band
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(shade, BAND, pygame.Rect(x - 8, top, 17, bottom - top + 1))
        surface.blit(shade, (0, 0))
        for y in (top, bottom):
            pygame.draw.line(surface, ui.ACCENT, (x - 8, y), (x + 8, y), 2)
        pygame.draw.line(surface, ui.ACCENT, (x, top), (x, bottom), 1)
    for i, (v, _m) in enumerate(points):
        pygame.draw.circle(surface, ui.INK, at(i, v), 3)
    below = pygame.Rect(plot.left, plot.bottom + 4, plot.width, slh)
    ui.line(surface, ends[0], small, ui.DIM, below)
    if len(points) > 1:
        ui.line(surface, ends[1], small, ui.DIM, below, align="right")


def _nice(lo: float, hi: float, lines: int) -> tuple[float, float, float]:
    """The chart's range and the step of its grid: round values, at least
    200 points shown, at most ``lines`` steps."""
    if hi - lo < 200:
        mid = (hi + lo) / 2
        lo, hi = mid - 100, mid + 100
    step = next((s for s in (50, 100, 200, 250, 500) if (hi - lo) / s <= lines),
                1000)
    return step * math.floor(lo / step), step * math.ceil(hi / step), step
