"""Screen layout and the table-to-screen transform (metres <-> pixels).

The table lies along the screen: the head cushion (x = 0) on the left, the foot
on the right, and y = 0 (the right rail seen from the head) at the bottom, so
angles on the screen turn the same way as in the table's coordinates.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from simulator.table.specs import TableSpec


@dataclass(frozen=True)
class Layout:
    """Where the parts of the game screen go for a window size.

    The table has its own rectangle and nothing is ever drawn over it but
    the balls, the cue and the aiming marks: rulings, choices and dialogs
    live in the side column, messages and the event chips in the strip
    under the table (room for a timeline later).
    """

    size: tuple[int, int]
    top: pygame.Rect  # scoreboard, across the window
    table: pygame.Rect  # the table with its rails
    side: pygame.Rect  # the side column: ruling, choices, aim controls, buttons
    strip: pygame.Rect  # under the table: event chips and the hint

    @property
    def panel(self) -> pygame.Rect:
        return self.side

    @classmethod
    def for_size(cls, w: int, h: int, score_rows: int = 1) -> Layout:
        row = max(44, int(h * 0.085))
        top_h = row if score_rows <= 1 else max(2 * 34, int(h * 0.13))
        strip_h = max(46, int(h * 0.085))
        side_w = max(230, min(400, int(w * 0.25)))
        top = pygame.Rect(0, 0, w, top_h)
        side = pygame.Rect(w - side_w, top_h, side_w, h - top_h)
        strip = pygame.Rect(0, h - strip_h, w - side_w, strip_h)
        table = pygame.Rect(0, top_h, w - side_w, h - top_h - strip_h)
        return cls((w, h), top, table.inflate(-16, -12), side, strip)


class TableView:
    """Fits a table spec (with its rails) into a screen rectangle."""

    def __init__(self, spec: TableSpec, rect: pygame.Rect) -> None:
        self.spec = spec
        self.rect = rect
        outer_l = spec.length + 2 * spec.rail_width
        outer_w = spec.width + 2 * spec.rail_width
        self.scale = min(rect.width / outer_l, rect.height / outer_w)
        self.ox = rect.centerx - spec.length / 2 * self.scale
        self.oy = rect.centery + spec.width / 2 * self.scale

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return (self.ox + x * self.scale, self.oy - y * self.scale)

    def to_screen_i(self, x: float, y: float) -> tuple[int, int]:
        sx, sy = self.to_screen(x, y)
        return (round(sx), round(sy))

    def to_table(self, sx: float, sy: float) -> tuple[float, float]:
        return ((sx - self.ox) / self.scale, (self.oy - sy) / self.scale)

    def px(self, metres: float) -> float:
        return metres * self.scale

    @property
    def ball_px(self) -> float:
        return self.spec.balls.radius * self.scale

    def outer_rect(self) -> pygame.Rect:
        rw = self.spec.rail_width
        x0, y0 = self.to_screen(-rw, self.spec.width + rw)
        x1, y1 = self.to_screen(self.spec.length + rw, -rw)
        return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))

    def bed_rect(self) -> pygame.Rect:
        x0, y0 = self.to_screen(0.0, self.spec.width)
        x1, y1 = self.to_screen(self.spec.length, 0.0)
        return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))


def text_size(area: pygame.Rect | tuple[int, int], base: float = 44) -> int:
    """The body text size for a window height."""
    h = area[1] if isinstance(area, tuple) else area.height
    return max(12, min(17, int(h / base)))
