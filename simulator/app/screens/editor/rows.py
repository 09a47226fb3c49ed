"""The editor's side column laid out in rows, top down: a label on the left
and its control on the right, all of one height."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame_gui.elements import UILabel

from simulator.app.loop.app import App

SMALL = "#small"  # the side column is narrow: the smaller type


@dataclass
class Rows:
    """Rows of ``height`` pixels and ``gap`` apart from ``y`` down ``rect``."""

    app: App
    rect: pygame.Rect
    height: int
    gap: int
    label_width: int
    y: int

    @classmethod
    def column(cls, app: App, rect: pygame.Rect, rows: int) -> Rows:
        """``rows`` rows fitted into ``rect``."""
        gap = 4
        bh = max(22, min(34, (rect.height - rows * gap) // rows))
        return cls(app, rect, bh, gap, int(rect.width * 0.36), rect.top)

    def row(self, label: str) -> pygame.Rect:
        """A row with ``label``: the rectangle for its control."""
        r = self.rect
        UILabel(pygame.Rect(r.left, self.y, self.label_width, self.height), label,
                self.app.gui, object_id=SMALL)
        ctl = pygame.Rect(r.left + self.label_width + 6, self.y,
                          r.width - self.label_width - 6, self.height)
        self.skip(self.height)
        return ctl

    def skip(self, pixels: int) -> None:
        """Down ``pixels`` and a gap (a row without a label)."""
        self.y += pixels + self.gap
