"""The felt-green backdrop of the menu screens and their column of buttons."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame
from pygame_gui.elements import UIButton

from simulator.app.loop.app import App
from simulator.app.text import fonts, ui, widgets

TITLE_SHARE = 0.8  # of the window's width a title may take


def backdrop(surface: pygame.Surface, title: str, subtitle: str = "") -> None:
    """Felt-green backdrop with the title, shared by the menu screens; the
    title's words counted among the frame's (a message keeps clear of them)."""
    image, lines = _backdrop(surface.get_size(), title, subtitle)
    surface.blit(image, (0, 0))
    ui.FRAME.texts.extend(lines)


def title_bottom(size: tuple[int, int], title: str) -> int:
    """Where the backdrop's title ends as drawn: what a screen's own words
    start below (its height is more than the font's size)."""
    _image, lines = _backdrop(size, title, "")
    return lines[0].rect.bottom


@lru_cache(maxsize=8)
def _backdrop(size: tuple[int, int], title: str, subtitle: str
              ) -> tuple[pygame.Surface, tuple[ui.TextRecord, ...]]:
    surface = pygame.Surface(size)
    w, h = size
    surface.fill((16, 40, 30))
    glow = pygame.Surface((w, h), pygame.SRCALPHA)
    for i in range(10, 0, -1):
        pygame.draw.circle(glow, (40, 110, 70, 14), (w // 2, int(h * 0.42)),
                           int(max(w, h) * 0.07 * i))
    surface.blit(glow, (0, 0))
    pygame.draw.rect(surface, (96, 52, 26), (0, 0, w, h), max(6, h // 60))
    # A long title (an evening's winner with a long name) is set smaller so
    # as to leave a margin each side, not run from frame to frame; below the
    # smallest heading size only where it would not fit at all.
    size_t = max(28, h // 11)
    while size_t > 18 and fonts.font(size_t, True).size(title)[0] > w * TITLE_SHARE:
        size_t -= 2
    while size_t > 12 and fonts.font(size_t, True).size(title)[0] > w - 40:
        size_t -= 1
    t = fonts.text(title, size_t, (241, 234, 216), bold=True)
    at = t.get_rect(midtop=(w // 2, int(h * 0.06)))
    surface.blit(t, at)
    lines = [ui.TextRecord(title, title, at, at.copy(), size_t)]
    if subtitle:
        ss = max(13, h // 40)
        while ss > 10 and fonts.font(ss).size(subtitle)[0] > w - 40:
            ss -= 1
        s = fonts.text(subtitle, ss, (200, 210, 195))
        at = s.get_rect(midtop=(w // 2, int(h * 0.06) + t.get_height()))
        surface.blit(s, at)
        lines.append(ui.TextRecord(subtitle, subtitle, at, at.copy(), ss))
    return surface, tuple(lines)


def button_column(app: App, items: list[tuple[str, Callable[[], None] | None]],
                  top: int, width: int = 380, height: int = 44,
                  gap: int = 12, centre_x: int | None = None) -> list[UIButton]:
    """Buttons stacked about ``centre_x`` (the middle of the window); None
    disables one."""
    x = app.size[0] // 2 if centre_x is None else centre_x
    out: list[UIButton] = []
    for i, (label, fn) in enumerate(items):
        rect = pygame.Rect(0, 0, width, height)
        rect.midtop = (x, top + i * (height + gap))
        b = UIButton(rect, label, app.gui, object_id="#menu",
                     command=app.later(fn) if fn is not None else None)
        if fn is None:
            widgets.disable(b)
        out.append(b)
    return out
