"""The event strip under the table: the shot's chips on the first row, the
keys that matter on the second."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame

from simulator.app.text import fonts, ui


def draw_strip(surface: pygame.Surface, rect: pygame.Rect, chips: Sequence[str],
               hint: str, warn: Sequence[str] = (), short: str = "",
               shorter: Mapping[str, str] | None = None) -> None:
    """The event chips on the first row, the keys on the second. Chips that
    do not fit in one row continue on the hint's row before the hint; a
    warning too wide for the strip says its ``shorter`` words (a figure cut
    off its end went unseen)."""
    pygame.draw.rect(surface, (14, 18, 17), rect)
    size = max(11, min(15, rect.height // 3 - 1))
    lh = ui.line_height(size)
    pad = 8
    x = rect.left + pad
    y = rect.top + 3
    items = [(c, False) for c in chips] + [(w, True) for w in warn]
    for chip, bad in items:
        w = fonts.font(size).size(chip)[0] + 12
        if bad and shorter and chip in shorter and w > rect.width - 2 * pad:
            chip = shorter[chip]
            w = fonts.font(size).size(chip)[0] + 12
        if x + w > rect.right - pad and x > rect.left + pad:
            x = rect.left + pad
            y += lh + 4
        box = pygame.Rect(x, y, min(w, rect.width - 2 * pad), lh + 2)
        pygame.draw.rect(surface, (110, 30, 26) if bad else (44, 58, 50), box,
                         border_radius=5)
        ui.line(surface, chip, size, ui.INK, box.inflate(-12, 0).move(0, 1))
        x = box.right + 6
    hs = max(10, size - 1)
    hh = ui.line_height(hs)
    hint_box = pygame.Rect(rect.left + pad, rect.bottom - hh - 3, rect.width - 2 * pad,
                           hh)
    if short and fonts.font(max(10, hs - 2)).size(hint)[0] > hint_box.width:
        hint = short  # a narrow window: the keys that matter most
    if hint and hint_box.top >= y + lh + 2:
        ui.line(surface, hint, hs, ui.DIM, hint_box)
        ui.FRAME.rows.append(hint_box.copy())


def one_row(rect: pygame.Rect, chips: Sequence[str]) -> list[str]:
    """The first of ``chips`` that fit the strip's first row (at least one),
    as :func:`draw_strip` lays them out: those past it took the keys' row
    and fell off the window's foot."""
    size = max(11, min(15, rect.height // 3 - 1))
    room = rect.width - 2 * 8
    out: list[str] = []
    used = 0
    for chip in chips:
        w = fonts.font(size).size(chip)[0] + 12
        if out and used + w > room:
            break
        out.append(chip)
        used += w + 6
    return out
