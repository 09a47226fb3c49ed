"""Frames played through the window's loop without drawing those whose
pictures nobody reads: drawing is most of a frame's cost, and a sweep or a
wait takes keys and time from the events and the screens' state. Where the
picture is read, the frame before the reading is drawn as ever."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from simulator.app.loop.app import App
from tests.app.helpers import frame

EVERY = 8  # a held stretch still draws every eighth frame (a fault shows)


@contextmanager
def unseen(app: App) -> Iterator[None]:
    """Frames played but not drawn."""
    draw = app.draw
    app.draw = lambda: None  # type: ignore[method-assign]
    try:
        yield
    finally:
        app.draw = draw  # type: ignore[method-assign]


def press(app: App, k: int, drawn: bool = True) -> None:
    """A key pressed and let go, only the frame after it drawn (with
    ``drawn`` False neither: a frame read next is drawn by the caller)."""
    with unseen(app):
        frame(app, pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="",
                                      scancode=0))
        if not drawn:
            frame(app, pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="",
                                          scancode=0))
    if drawn:
        frame(app, pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="",
                                      scancode=0))


def held(app: App, n: int) -> None:
    """``n`` frames, every EVERY-th and the last drawn: time passing on a
    screen whose pictures are read only at its end."""
    for i in range(1, n + 1):
        if i % EVERY and i < n:
            with unseen(app):
                frame(app)
        else:
            frame(app)
