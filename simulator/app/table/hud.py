"""The drawn parts of the game screen around the table: the scoreboard, the
aim controls (tip diagram with its miscue zone, elevation gauge, power bar),
the event strip and the ruling card. Every line goes through ``ui.line``, so
it fits its box or is cut with an ellipsis and shown whole on hover."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from simulator.app.table.aim import MAX_ELEVATION, MAX_TIP, Aim
from simulator.app.text import fonts, ui

INK = ui.INK
DIM = ui.DIM
PANEL = ui.PANEL
ACCENT = ui.ACCENT
RED = ui.RED
GREEN = ui.GREEN


def text_size(area: pygame.Rect | tuple[int, int], base: float = 44) -> int:
    """The body text size for a window height."""
    h = area[1] if isinstance(area, tuple) else area.height
    return max(12, min(17, int(h / base)))


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
    def inside(cls, area: pygame.Rect, label: int = 12) -> PanelRects:
        lh = ui.line_height(label)
        power_h = max(12, min(18, area.height // 9))
        d = min((area.width - 12) // 2, area.height - 2 * lh - power_h - 12)
        d = max(40, d)
        tip = pygame.Rect(area.left + 4, area.top + lh + 2, d, d)
        elev = pygame.Rect(tip.right + 12, tip.top + d // 5,
                           area.right - tip.right - 16, d - d // 5)
        power = pygame.Rect(area.left + 4, tip.bottom + lh + 6, area.width - 8,
                            power_h)
        return cls(area, power, tip, elev, label)

    @property
    def height(self) -> int:
        return self.power.bottom + 4 - self.area.top


def draw_controls(surface: pygame.Surface, rects: PanelRects, aim: Aim,
                  miscue_offset: float, t_power: str, t_tip: str, t_elev: str,
                  speed_text: str, elevation_text: str, active: bool = True) -> None:
    """The tip diagram, the elevation gauge and the power bar."""
    size = rects.label
    lh = ui.line_height(size)
    r = rects.tip
    c = r.center
    rad = r.width / 2
    ui.line(surface, t_tip, size, DIM, pygame.Rect(r.left, r.top - lh - 1, r.width, lh),
            align="centre")
    pygame.draw.circle(surface, (120, 40, 36), c, rad)
    pygame.draw.circle(surface, (240, 238, 230), c, rad * miscue_offset)
    pygame.draw.circle(surface, (200, 200, 190), c, rad * MAX_TIP, 1)
    grey = (180, 180, 170)
    pygame.draw.line(surface, grey, (c[0] - rad, c[1]), (c[0] + rad, c[1]), 1)
    pygame.draw.line(surface, grey, (c[0], c[1] - rad), (c[0], c[1] + rad), 1)
    tx = c[0] + aim.tip_a * rad
    ty = c[1] - aim.tip_b * rad
    colour = RED if aim.miscue_risk(miscue_offset) else (40, 90, 200)
    pygame.draw.circle(surface, colour, (tx, ty), max(4, rad * 0.12))
    pygame.draw.circle(surface, (10, 10, 10), (tx, ty), max(4, rad * 0.12), 1)
    e = rects.elevation
    ui.line(surface, f"{t_elev}: {elevation_text}", size, DIM,
            pygame.Rect(e.left, rects.tip.top - lh - 1, e.width, lh), align="centre")
    origin = (e.left + 6, e.bottom - 4)
    length = max(10, min(e.width - 12, e.height - 8))
    pygame.draw.line(surface, (90, 90, 84), origin, (origin[0] + length, origin[1]), 1)
    pygame.draw.arc(surface, (90, 90, 84),
                    pygame.Rect(origin[0] - length, origin[1] - length, 2 * length,
                                2 * length), 0, math.radians(MAX_ELEVATION), 1)
    a = math.radians(aim.elevation)
    pygame.draw.line(surface, ACCENT, origin,
                     (origin[0] + length * math.cos(a),
                      origin[1] - length * math.sin(a)), 3)
    pygame.draw.circle(surface, (240, 238, 230), origin, 5)
    p = rects.power
    ui.line(surface, f"{t_power}: {speed_text}", size, DIM,
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


def tip_from_point(rects: PanelRects, pos: tuple[int, int]
                   ) -> tuple[float, float] | None:
    """The tip offset (a, b) for a click on the diagram; None outside it."""
    r = rects.tip
    rad = r.width / 2
    dx = (pos[0] - r.centerx) / rad
    dy = -(pos[1] - r.centery) / rad
    if math.hypot(dx, dy) > 1.15:
        return None
    return dx, dy


def elevation_from_point(rects: PanelRects, pos: tuple[int, int]) -> float | None:
    e = rects.elevation.inflate(8, 8)
    if not e.collidepoint(pos):
        return None
    origin = (rects.elevation.left + 6, rects.elevation.bottom - 4)
    return math.degrees(math.atan2(origin[1] - pos[1], max(1e-6, pos[0] - origin[0])))


def power_from_point(rects: PanelRects, pos: tuple[int, int]) -> float | None:
    p = rects.power.inflate(0, 12)
    if not p.collidepoint(pos):
        return None
    return (pos[0] - rects.power.left) / max(1, rects.power.width)


def draw_strip(surface: pygame.Surface, rect: pygame.Rect, chips: Sequence[str],
               hint: str, warn: Sequence[str] = (), short: str = "") -> None:
    """The event chips on the first row, the keys on the second. Chips that
    do not fit in one row continue on the hint's row before the hint."""
    pygame.draw.rect(surface, (14, 18, 17), rect)
    size = max(11, min(15, rect.height // 3 - 1))
    lh = ui.line_height(size)
    pad = 8
    x = rect.left + pad
    y = rect.top + 3
    items = [(c, False) for c in chips] + [(w, True) for w in warn]
    for chip, bad in items:
        w = fonts.font(size).size(chip)[0] + 12
        if x + w > rect.right - pad and x > rect.left + pad:
            x = rect.left + pad
            y += lh + 4
        box = pygame.Rect(x, y, min(w, rect.width - 2 * pad), lh + 2)
        pygame.draw.rect(surface, (110, 30, 26) if bad else (44, 58, 50), box,
                         border_radius=5)
        ui.line(surface, chip, size, INK, box.inflate(-12, 0).move(0, 1))
        x = box.right + 6
    hs = max(10, size - 1)
    hh = ui.line_height(hs)
    hint_box = pygame.Rect(rect.left + pad, rect.bottom - hh - 3, rect.width - 2 * pad,
                           hh)
    if short and fonts.font(max(10, hs - 2)).size(hint)[0] > hint_box.width:
        hint = short  # a narrow window: the keys that matter most
    if hint and hint_box.top >= y + lh + 2:
        ui.line(surface, hint, hs, DIM, hint_box)


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
    h = ui.paragraph(None, banner.title, size + 1, INK,
                     pygame.Rect(0, 0, width - 16, 10 ** 6), bold=True) + 12
    if folded:
        return h
    for ln in banner.all_lines:
        h += ui.paragraph(None, ln, size, INK, pygame.Rect(0, 0, width - 16, 10 ** 6),
                          indent=size) + 2
    return h + lh // 3


def draw_banner(surface: pygame.Surface, box: pygame.Rect, banner: Banner, size: int,
                folded: bool, scroll: int = 0, reserve: int = 0) -> int:
    """The ruling card in ``box``: its title always, its lines unless folded
    (from line ``scroll`` on, as many as fit above ``reserve`` pixels kept at
    the bottom); how many lines did not fit."""
    ui.panel(surface, box, ui.FOUL_BG if banner.foul else ui.LEGAL_BG, name="ruling",
             border=ACCENT)
    inner = box.inflate(-16, -12)
    inner.height -= reserve
    y = inner.top
    y += ui.paragraph(surface, banner.title, size + 1, INK,
                      pygame.Rect(inner.left, y, inner.width, inner.bottom - y),
                      bold=True)
    if folded:
        return 0
    hidden = 0
    lines = banner.all_lines
    for i, ln in enumerate(lines):
        if i < scroll:
            continue
        need = ui.paragraph(None, ln, size, INK,
                            pygame.Rect(0, 0, inner.width, 10 ** 6), indent=size)
        if y + need > inner.bottom + 1:
            hidden = len(lines) - i
            break
        ui.paragraph(surface, ln, size, INK, pygame.Rect(inner.left, y, inner.width,
                                                         need), indent=size)
        y += need + 2
    return hidden


@dataclass(frozen=True)
class PlayerCard:
    name: str
    score: str  # the big number (games or points)
    details: tuple[str, ...]
    active: bool
    out: bool = False  # Express: knocked out
    balls: tuple[int, ...] = ()  # shown as small balls (8-ball: the group left)


def draw_scoreboard(surface: pygame.Surface, rect: pygame.Rect,
                    cards: Sequence[PlayerCard], centre: Sequence[str],
                    table: str | None = None) -> None:
    """Player cards and the game's centre lines. Up to four players sit in
    one row (two players either side of the centre); five to eight in two
    rows. A name too long for its card is cut with an ellipsis and shown
    whole when the mouse rests on it."""
    pygame.draw.rect(surface, (14, 18, 17), rect)
    pygame.draw.line(surface, (60, 44, 30), rect.bottomleft, rect.bottomright, 3)
    n = max(1, len(cards))
    rows = 1 if n <= 4 else 2
    per_row = n if rows == 1 else (n + 1) // 2
    centre_w = int(rect.width * (0.24 if n <= 2 else 0.18))
    card_w = (rect.width - centre_w) // per_row
    row_h = (rect.height - 6) // rows
    size = card_text_size(row_h - 4)
    big = max(14, min(30, int(row_h * 0.5)))
    for i, card in enumerate(cards):
        r, c = divmod(i, per_row)
        x = rect.left + c * card_w
        if n == 2 and i == 1:
            x = rect.left + card_w + centre_w
        box = pygame.Rect(x + 2, rect.top + 3 + r * row_h, card_w - 4, row_h - 2)
        _card(surface, box, card, size, big, table, compact=rows == 2)
    cx = rect.left + card_w if n == 2 else rect.left + per_row * card_w
    cbox = pygame.Rect(cx + 4, rect.top + 3, rect.right - cx - 8 if n != 2 else
                       centre_w - 8, rect.height - 8)
    y = cbox.top + 1
    for i, text in enumerate(centre):
        s = size + 1 if i == 0 else max(10, size - 1)
        lh = ui.line_height(s, bold=i == 0)
        if y + lh > cbox.bottom + 3:
            break
        ui.line(surface, text, s, INK if i == 0 else DIM,
                pygame.Rect(cbox.left, y, cbox.width, lh), align="centre", bold=i == 0)
        y += lh


def card_text_size(height: int) -> int:
    """The size of a card's name so that it and its details line (two points
    smaller) fit ``height`` pixels."""
    size = 16
    while size > 10 and ui.line_height(size + 1, True) + ui.line_height(
            max(10, size - 2)) > height:
        size -= 1
    return size


def _card(surface: pygame.Surface, box: pygame.Rect, card: PlayerCard, size: int,
          big: int, table: str | None, compact: bool) -> None:
    bg = (38, 72, 52) if card.active else (28, 32, 30)
    if card.out:
        bg = (50, 30, 30)
    pygame.draw.rect(surface, bg, box, border_radius=6)
    if card.active:
        pygame.draw.rect(surface, ACCENT, box, 2, border_radius=6)
    if compact:
        big = max(12, min(big, box.height - 6))
    score_w = fonts.font(big, True).size(card.score)[0]
    score_box = pygame.Rect(box.right - score_w - 8, box.top, score_w, box.height)
    ui.line(surface, card.score, big, ACCENT if card.active else INK, score_box,
            bold=True, valign="middle")
    room = pygame.Rect(box.left + 8, box.top + 1, box.width - score_w - 22,
                       box.height - 2)
    lh = ui.line_height(size + 1, True)
    name_r = ui.line(surface, card.name, size + 1, INK, pygame.Rect(
        room.left, room.top, room.width, lh), bold=card.active)
    if card.balls and table is not None:
        from simulator.app.table.balls3d import ball_icon
        rad = max(4, int(size * 0.45))
        bx = name_r.right + rad + 6
        by = name_r.centery
        for b in card.balls:
            if bx + rad > room.right:
                break
            icon = ball_icon(table, b, rad)
            surface.blit(icon, icon.get_rect(center=(bx, by)))
            bx += 2 * rad + 2
    dy = room.top + lh
    ds = max(10, size - 2)
    dh = ui.line_height(ds)
    text = " · ".join(card.details)
    if text and dy + dh <= box.bottom + 2:
        ui.line(surface, text, ds, DIM, pygame.Rect(room.left, dy, room.width, dh))
