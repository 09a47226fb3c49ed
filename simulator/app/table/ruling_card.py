"""The ruling card in the side column: the referee's ruling (or a message) as
a title and its lines, folded to the title or scrolled when it is long. Every
line goes through ``ui.paragraph``, so it fits its box."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from simulator.app.text import ui


@dataclass(frozen=True)
class Banner:
    """A ruling or message: a title, its lines, and whether it is a foul."""

    title: str
    lines: tuple[str, ...]
    foul: bool
    next: tuple[str, ...] = ()  # who is next and what they choose

    @property
    def all_lines(self) -> tuple[str, ...]:
        return (*self.lines, *self.next)


def banner_height(banner: Banner, width: int, size: int, folded: bool) -> int:
    lh = ui.line_height(size + 1, bold=True)
    h = ui.paragraph(None, banner.title, size + 1, ui.INK,
                     pygame.Rect(0, 0, width - 16, 10 ** 6), bold=True) + 12
    if folded:
        return h
    for ln in banner.all_lines:
        h += ui.paragraph(None, ln, size, ui.INK,
                          pygame.Rect(0, 0, width - 16, 10 ** 6), indent=size) + 2
    return h + lh // 3


def draw_banner(surface: pygame.Surface, box: pygame.Rect, banner: Banner, size: int,
                folded: bool, scroll: int = 0, reserve: int = 0) -> int:
    """The ruling card in ``box``: its title always, its lines unless folded
    (from line ``scroll`` on, as many as fit above ``reserve`` pixels kept at
    the bottom); how many lines did not fit."""
    ui.panel(surface, box, ui.FOUL_BG if banner.foul else ui.LEGAL_BG, name="ruling",
             border=ui.ACCENT)
    inner = box.inflate(-16, -12)
    inner.height -= reserve
    y = inner.top
    y += ui.paragraph(surface, banner.title, size + 1, ui.INK,
                      pygame.Rect(inner.left, y, inner.width, inner.bottom - y),
                      bold=True)
    if folded:
        return 0
    hidden = 0
    lines = banner.all_lines
    for i, ln in enumerate(lines):
        if i < scroll:
            continue
        need = ui.paragraph(None, ln, size, ui.INK,
                            pygame.Rect(0, 0, inner.width, 10 ** 6), indent=size)
        if y + need > inner.bottom + 1:
            # What fits of it is shown: the card is never an empty box.
            ui.paragraph(surface, ln, size, ui.INK, pygame.Rect(
                inner.left, y, inner.width, inner.bottom - y), indent=size)
            hidden = len(lines) - i
            break
        ui.paragraph(surface, ln, size, ui.INK, pygame.Rect(inner.left, y, inner.width,
                                                         need), indent=size)
        y += need + 2
    return hidden
