"""Fonts with Cyrillic: the Noto Sans that ships with pygame_gui, else pygame's own."""

from __future__ import annotations

import importlib.util
from functools import cache, lru_cache
from pathlib import Path

import pygame

from simulator.files.resources import wrap_words


def _noto(bold: bool) -> str | None:
    spec = importlib.util.find_spec("pygame_gui")
    if spec is None or spec.origin is None:
        return None
    p = Path(spec.origin).parent / "data" / (
        "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")
    return str(p) if p.exists() else None


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    size = max(6, int(size))
    path = _noto(bold)
    if path is not None:
        try:
            return pygame.font.Font(path, size)
        except (OSError, pygame.error):
            pass
    f = pygame.font.Font(None, int(size * 1.3))
    f.bold = bold
    return f


@lru_cache(maxsize=1024)
def text(s: str, size: int, colour: tuple[int, int, int], bold: bool = False
         ) -> pygame.Surface:
    """A rendered line; cached, since the same words are drawn every frame
    (callers must not draw on the returned surface)."""
    img = font(size, bold).render(s, True, colour)
    return img.convert_alpha() if pygame.display.get_surface() else img


@lru_cache(maxsize=8192)
def width(s: str, size: int, bold: bool = False) -> int:
    """The width of ``s`` in pixels; cached, since buttons and cards measure
    the same words every frame."""
    return font(size, bold).size(s)[0]


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``s`` into lines that fit ``width`` pixels (keeps explicit newlines)."""
    f = font(size, bold)
    out: list[str] = []
    for para in s.split("\n"):
        words = wrap_words(para)
        line = ""
        while words:
            w = words.pop(0)
            if " " in w and f.size(w)[0] > width:
                words[:0] = w.split(" ")  # kept together only where it fits
                continue
            cand = w if not line else line + " " + w
            if f.size(cand)[0] <= width or not line:
                line = cand
            else:
                out.append(line)
                line = w
        out.append(line)
    return out
