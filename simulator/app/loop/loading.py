"""The first picture of the window: its backdrop and a "Loading..." line.

The screens, the physics and the referee take seconds to import on a busy
machine (more where Python cannot keep its compiled files); a window left
black all that while looks broken. So the window opens and says it is
loading before any of them is imported: this module needs pygame and the
fonts only (tests/app/test_loading.py checks what is loaded by then).
"""

from __future__ import annotations

import pygame

from simulator.app.text import fonts

BACKDROP = (16, 40, 30)  # the menu's felt green (screens.backdrop)
FRAME = (96, 52, 26)
TITLE = (241, 234, 216)
WORDS = (200, 210, 195)


def show_loading(size: tuple[int, int], fullscreen: bool, words: str) -> None:
    """Open the window as the game will (App opens it again with the same
    size and flags, which keeps it) and draw the loading line on it."""
    pygame.display.init()
    pygame.font.init()
    flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
    surface = pygame.display.set_mode((0, 0) if fullscreen else size, flags)
    pygame.display.set_caption("Kiy")
    draw_loading(surface, words)
    pygame.display.flip()
    pygame.event.pump()  # let the window manager map and paint it now


def draw_loading(surface: pygame.Surface, words: str) -> None:
    w, h = surface.get_size()
    surface.fill(BACKDROP)
    pygame.draw.rect(surface, FRAME, (0, 0, w, h), max(6, h // 60))
    title = fonts.text("Kiy", max(28, h // 11), TITLE, bold=True)
    surface.blit(title, title.get_rect(midtop=(w // 2, int(h * 0.06))))
    line = fonts.text(words, max(16, h // 22), WORDS)
    surface.blit(line, line.get_rect(center=(w // 2, h // 2)))
