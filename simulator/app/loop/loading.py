"""The first picture of the window: its backdrop and a "Loading..." line.

The screens, the physics and the referee take seconds to import on a busy
machine (more where Python cannot keep its compiled files); a window left
black all that while looks broken. So the window opens and says it is
loading before any of them is imported: this module needs pygame and the
fonts only (tests/app/test_loading.py checks what is loaded by then).
"""

from __future__ import annotations

import _thread
import sys
import time
from typing import Any

import pygame

from simulator.app.text import fonts

BACKDROP = (16, 40, 30)  # the menu's felt green (screens.backdrop)
FRAME = (96, 52, 26)
TITLE = (241, 234, 216)
WORDS = (200, 210, 195)


def show_loading(size: tuple[int, int], fullscreen: bool, words: str) -> pygame.Surface:
    """Open the window as the game will and draw the loading line on it; the
    window, for the App to keep (set_mode again would paint it black)."""
    pygame.display.init()
    pygame.font.init()
    flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
    surface = pygame.display.set_mode((0, 0) if fullscreen else size, flags)
    pygame.display.set_caption("Kiy")
    draw_loading(surface, words)
    pygame.display.flip()
    pygame.event.pump()  # let the window manager map and paint it now
    keep_showing()
    return surface


# The picture is shown again this often while the game's modules are imported
# (a flip costs a few milliseconds; a lost picture is back within this).
AGAIN = 0.5


class _ShowAgain:
    """An import finder that finds nothing: while the rest of the game is
    imported after the loading line was drawn, it shows that picture again
    every AGAIN seconds. A picture shown before the window manager had mapped
    or uncovered the window is lost, and the window stayed black for all the
    seconds of loading on a busy machine (nothing else draws until the menu)."""

    def __init__(self) -> None:
        self.thread = _thread.get_ident()  # pygame draws from this thread only
        self.last = time.perf_counter()

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        now = time.perf_counter()
        if now - self.last >= AGAIN and _thread.get_ident() == self.thread \
                and pygame.display.get_surface() is not None:
            self.last = now
            try:
                pygame.event.pump()  # events stay queued for the game
                pygame.display.flip()
            except pygame.error:
                pass  # only a picture: the import goes on
        return None


def keep_showing() -> None:
    done()
    sys.meta_path.insert(0, _ShowAgain())


def done() -> None:
    """The first screen is about to be drawn: the loading picture is no
    longer shown again."""
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, _ShowAgain)]


def draw_loading(surface: pygame.Surface, words: str) -> None:
    w, h = surface.get_size()
    surface.fill(BACKDROP)
    pygame.draw.rect(surface, FRAME, (0, 0, w, h), max(6, h // 60))
    title = fonts.text("Kiy", max(28, h // 11), TITLE, bold=True)
    surface.blit(title, title.get_rect(midtop=(w // 2, int(h * 0.06))))
    line = fonts.text(words, max(16, h // 22), WORDS)
    surface.blit(line, line.get_rect(center=(w // 2, h // 2)))
