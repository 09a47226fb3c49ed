"""Typed doors to the few pygame_gui calls that the library leaves unannotated.

pygame_gui 0.6 types most of its API but not these methods; strict mypy would
refuse every call. Each wrapper states the signature the library really has.
"""

from __future__ import annotations

from typing import Protocol, cast

import pygame
import pygame_gui
from pygame_gui.core import UIElement


class _Resettable(Protocol):
    def clear_and_reset(self) -> None: ...


class _Switchable(Protocol):
    def focus(self) -> None: ...
    def disable(self) -> None: ...
    def select(self) -> None: ...
    def unselect(self) -> None: ...
    def kill(self) -> None: ...
    def hide(self) -> None: ...
    def show(self) -> None: ...
    def redraw(self) -> None: ...


def clear(manager: pygame_gui.UIManager) -> None:
    """Remove every widget (a screen is rebuilt from scratch)."""
    cast(_Resettable, manager).clear_and_reset()


def disable(element: UIElement) -> None:
    cast(_Switchable, element).disable()


def select(element: UIElement) -> None:
    cast(_Switchable, element).select()


def unselect(element: UIElement) -> None:
    cast(_Switchable, element).unselect()


def kill(element: UIElement) -> None:
    cast(_Switchable, element).kill()


def focus(element: UIElement) -> None:
    cast(_Switchable, element).focus()


def hide(element: object) -> None:
    cast(_Switchable, element).hide()


def show(element: object) -> None:
    cast(_Switchable, element).show()


def redraw(element: object) -> None:
    cast(_Switchable, element).redraw()


class Resting:
    """Where the pointer rests when a screen opens, to tell a real motion from
    a report of that place: the window's entry reports the pointer where it
    stands (the centre at every start), which chose the menu's button under
    it."""

    def __init__(self, at: tuple[int, int] | None) -> None:
        self.at = tuple(at) if at is not None else tuple(pygame.mouse.get_pos())
        self.moved = False  # a real motion since the screen opened

    def motion(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` is a motion of the pointer away from where it
        was (and then where it is)."""
        if event.type != pygame.MOUSEMOTION:
            return False
        pos = tuple(event.pos)
        real = pos != self.at
        self.at = pos
        self.moved = self.moved or real
        return real
