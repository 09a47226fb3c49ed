"""The aim controls in the side column: the tip diagram with its miscue zone,
the elevation gauge and the power bar, drawn, and the aim a click on them
means."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from simulator.app.table.aim import MAX_ELEVATION, MAX_TIP, Aim
from simulator.app.text import ui

# The tip diagram's least diameter (px) where the column is wide enough to
# keep it: 40 px held the tip's label to «Накл…» at 1280x720 (play-test 33).
TIP_LEAST = 64


@dataclass(frozen=True)
class PanelRects:
    """The aim controls inside their area of the side column."""

    area: pygame.Rect
    power: pygame.Rect
    tip: pygame.Rect  # square holding the ball diagram
    elevation: pygame.Rect
    label: int  # the size of their labels

    @property
    def buttons(self) -> pygame.Rect:
        return pygame.Rect(self.area.left, self.area.bottom, self.area.width, 0)

    @classmethod
    def inside(cls, area: pygame.Rect, label: int = 12, words: int = 0) -> PanelRects:
        """The controls stacked: the tip diagram and the elevation gauge side
        by side, the power bar under them. In a low, wide area (1280x720's
        column with a hint's lines and an open card) where that leaves the
        diagram under TIP_LEAST, the diagram takes the area's height and the
        gauge and the power bar stand beside it, if their labels (``words``
        px, the wider) fit there."""
        lh = ui.line_height(label)
        power_h = max(12, min(18, area.height // 9))
        d = min((area.width - 12) // 2, area.height - 2 * lh - power_h - 12)
        tall = area.height - lh - 6
        if d < TIP_LEAST <= tall and words and area.width - tall - 24 >= words:
            return cls._beside(area, label, lh, power_h, tall)
        d = max(40, d)
        tip = pygame.Rect(area.left + 4, area.top + lh + 2, d, d)
        elev = pygame.Rect(tip.right + 12, tip.top + d // 5,
                           area.right - tip.right - 16, d - d // 5)
        power = pygame.Rect(area.left + 4, tip.bottom + lh + 6, area.width - 8,
                            power_h)
        return cls(area, power, tip, elev, label)

    @classmethod
    def _beside(cls, area: pygame.Rect, label: int, lh: int, power_h: int,
                d: int) -> PanelRects:
        """The diagram ``d`` px at the left; the gauge, then the power bar
        with its label, in the column at its right."""
        tip = pygame.Rect(area.left + 4, area.top + lh + 2, d, d)
        left = tip.right + 16
        power = pygame.Rect(left, tip.bottom - power_h, area.right - 4 - left, power_h)
        elev = pygame.Rect(left, tip.top, power.width, power.top - lh - 6 - tip.top)
        return cls(area, power, tip, elev, label)

    @property
    def height(self) -> int:
        return self.power.bottom + 4 - self.area.top


TIP_DOT = (40, 90, 200)  # where the tip strikes, when no miscue is risked
TIP_FACE = (240, 238, 230)  # the cue ball's face the tip may strike


def draw_tip(surface: pygame.Surface, r: pygame.Rect, aim: Aim,
             miscue_offset: float) -> None:
    """The tip diagram in ``r``: the cue ball's face, the miscue ring, the
    cross, and the dot where the tip strikes (red where a miscue is risked)."""
    c = r.center
    rad = r.width / 2
    pygame.draw.circle(surface, (120, 40, 36), c, rad)
    pygame.draw.circle(surface, TIP_FACE, c, rad * miscue_offset)
    pygame.draw.circle(surface, (200, 200, 190), c, rad * MAX_TIP, 1)
    grey = (180, 180, 170)
    pygame.draw.line(surface, grey, (c[0] - rad, c[1]), (c[0] + rad, c[1]), 1)
    pygame.draw.line(surface, grey, (c[0], c[1] - rad), (c[0], c[1] + rad), 1)
    tx = c[0] + aim.tip_a * rad
    ty = c[1] - aim.tip_b * rad
    risk = aim.miscue_risk(miscue_offset)
    colour = ui.RED if risk else TIP_DOT
    if risk:  # the whole diagram ringed in red: a dot alone went unseen
        pygame.draw.circle(surface, ui.RED, c, rad + 2, 3)
    pygame.draw.circle(surface, colour, (tx, ty), max(4, rad * 0.12))
    pygame.draw.circle(surface, (10, 10, 10), (tx, ty), max(4, rad * 0.12), 1)


def draw_controls(surface: pygame.Surface, rects: PanelRects, aim: Aim,
                  miscue_offset: float, t_power: str, t_tip: str, t_elev: str,
                  speed_text: str, elevation_text: str, active: bool = True,
                  t_miscue: str = "") -> None:
    """The tip diagram, the elevation gauge and the power bar. A tip in the
    miscue zone is named over the diagram (``t_miscue``, in red): a red dot
    alone was read as a strong draw."""
    size = rects.label
    lh = ui.line_height(size)
    r = rects.tip
    risk = aim.miscue_risk(miscue_offset)
    ui.line(surface, t_miscue if risk and t_miscue else t_tip, size,
            ui.RED if risk and t_miscue else ui.DIM,
            pygame.Rect(r.left, r.top - lh - 1, r.width, lh), align="centre")
    draw_tip(surface, r, aim, miscue_offset)
    e = rects.elevation
    ui.line(surface, f"{t_elev}: {elevation_text}", size, ui.DIM,
            pygame.Rect(e.left, rects.tip.top - lh - 1, e.width, lh), align="centre")
    origin = (e.left + 6, e.bottom - 4)
    length = max(10, min(e.width - 12, e.height - 8))
    pygame.draw.line(surface, (90, 90, 84), origin, (origin[0] + length, origin[1]), 1)
    pygame.draw.arc(surface, (90, 90, 84),
                    pygame.Rect(origin[0] - length, origin[1] - length, 2 * length,
                                2 * length), 0, math.radians(MAX_ELEVATION), 1)
    a = math.radians(aim.elevation)
    pygame.draw.line(surface, ui.ACCENT, origin,
                     (origin[0] + length * math.cos(a),
                      origin[1] - length * math.sin(a)), 3)
    pygame.draw.circle(surface, (240, 238, 230), origin, 5)
    p = rects.power
    ui.line(surface, f"{t_power}: {speed_text}", size, ui.DIM,
            pygame.Rect(p.left, p.top - lh - 2, p.width, lh), align="centre")
    pygame.draw.rect(surface, (40, 44, 42), p, border_radius=4)
    fill = p.copy()
    fill.width = int(p.width * aim.power)
    k = aim.power
    col = (int(90 + 150 * k), int(190 - 120 * k), 70)
    pygame.draw.rect(surface, col, fill, border_radius=4)
    pygame.draw.rect(surface, (120, 110, 90), p, 1, border_radius=4)
    if not active:
        box = rects.area.copy()
        box.height = rects.height
        surface.blit(ui.veil(box.size, (20, 26, 24, 150)), box)


def tip_from_point(rects: PanelRects, pos: tuple[int, int], anywhere: bool = False
                   ) -> tuple[float, float] | None:
    """The tip offset (a, b) for a click on the diagram; None outside it
    (``anywhere``: a drag begun on it, wherever the mouse went since)."""
    r = rects.tip
    rad = r.width / 2
    dx = (pos[0] - r.centerx) / rad
    dy = -(pos[1] - r.centery) / rad
    if not anywhere and math.hypot(dx, dy) > 1.15:
        return None
    return dx, dy


def elevation_from_point(rects: PanelRects, pos: tuple[int, int],
                         anywhere: bool = False) -> float | None:
    e = rects.elevation.inflate(8, 8)
    if not anywhere and not e.collidepoint(pos):
        return None
    origin = (rects.elevation.left + 6, rects.elevation.bottom - 4)
    return math.degrees(math.atan2(origin[1] - pos[1], max(1e-6, pos[0] - origin[0])))


def power_from_point(rects: PanelRects, pos: tuple[int, int],
                     anywhere: bool = False) -> float | None:
    p = rects.power.inflate(0, 12)
    if not anywhere and not p.collidepoint(pos):
        return None
    return (pos[0] - rects.power.left) / max(1, rects.power.width)


def control_at(rects: PanelRects, pos: tuple[int, int]) -> str | None:
    """Which control a press at ``pos`` takes: "tip", "elevation", "power"."""
    if tip_from_point(rects, pos) is not None:
        return "tip"
    if elevation_from_point(rects, pos) is not None:
        return "elevation"
    if power_from_point(rects, pos) is not None:
        return "power"
    return None


def set_control(aim: Aim, rects: PanelRects, control: str,
                pos: tuple[int, int]) -> Aim:
    """The aim with one control set from the mouse. A drag stays on the
    control it began on, clamped to its range wherever the mouse goes (it
    no longer stops at the diagram's rim or slides onto the gauge next to
    it); the tip within the limit the diagram's ring shows."""
    if control == "tip":
        tip = tip_from_point(rects, pos, anywhere=True)
        assert tip is not None
        return aim.with_tip(*tip)
    if control == "elevation":
        e = elevation_from_point(rects, pos, anywhere=True)
        assert e is not None
        return aim.with_elevation(e)
    p = power_from_point(rects, pos, anywhere=True)
    assert p is not None
    return aim.with_power(p)
