"""The drawn parts of the game screen around the table: the power bar, the tip
diagram with its miscue zone, the elevation gauge, the event strip, the ruling
banner and the scoreboard."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from simulator.app import fonts
from simulator.app.aim import MAX_ELEVATION, MAX_TIP, Aim

INK = (241, 234, 216)
DIM = (160, 168, 160)
PANEL = (20, 26, 24)
ACCENT = (226, 190, 120)
RED = (220, 70, 60)
GREEN = (90, 190, 120)


@dataclass(frozen=True)
class PanelRects:
    power: pygame.Rect
    tip: pygame.Rect  # square holding the ball diagram
    elevation: pygame.Rect
    buttons: pygame.Rect  # where the mode puts its buttons

    @classmethod
    def inside(cls, panel: pygame.Rect) -> PanelRects:
        pad = 10
        inner = panel.inflate(-2 * pad, -2 * pad)
        d = min(inner.width, int(panel.height * 0.26))
        tip = pygame.Rect(0, 0, d, d)
        tip.midtop = (inner.centerx, inner.top + 18)
        elev = pygame.Rect(inner.left, tip.bottom + 26, inner.width, int(d * 0.55))
        power = pygame.Rect(inner.left, elev.bottom + 26, inner.width, 18)
        buttons = pygame.Rect(inner.left, power.bottom + 16, inner.width,
                              inner.bottom - power.bottom - 16)
        return cls(power, tip, elev, buttons)


def draw_panel(surface: pygame.Surface, panel: pygame.Rect, rects: PanelRects,
               aim: Aim, miscue_offset: float, t_power: str, t_tip: str,
               t_elev: str, active: bool = True, t_speed: str = "{v} m/s") -> None:
    pygame.draw.rect(surface, PANEL, panel)
    pygame.draw.line(surface, (60, 44, 30), panel.topleft, panel.bottomleft, 3)
    size = max(11, panel.height // 48)
    # Tip diagram: the cue ball face, the miscue zone, the tip's mark.
    r = rects.tip
    c = r.center
    rad = r.width / 2
    lab = fonts.text(t_tip, size, DIM)
    surface.blit(lab, lab.get_rect(midbottom=(r.centerx, r.top - 2)))
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
    # Elevation gauge: a quarter arc and the cue's line.
    e = rects.elevation
    lab = fonts.text(f"{t_elev}: {aim.elevation:.0f}°", size, DIM)
    surface.blit(lab, lab.get_rect(midbottom=(e.centerx, e.top - 2)))
    origin = (e.left + 8, e.bottom - 4)
    length = min(e.width - 16, e.height - 8)
    pygame.draw.line(surface, (90, 90, 84), origin, (origin[0] + length, origin[1]), 1)
    pygame.draw.arc(surface, (90, 90, 84),
                    pygame.Rect(origin[0] - length, origin[1] - length, 2 * length,
                                2 * length), 0, math.radians(MAX_ELEVATION), 1)
    a = math.radians(aim.elevation)
    pygame.draw.line(surface, ACCENT, origin,
                     (origin[0] + length * math.cos(a),
                      origin[1] - length * math.sin(a)),
                     3)
    pygame.draw.circle(surface, (240, 238, 230), origin, 5)
    # Power bar.
    p = rects.power
    speed = t_speed.replace("{v}", f"{aim.speed:.1f}")
    lab = fonts.text(f"{t_power}: {speed}", size, DIM)
    surface.blit(lab, lab.get_rect(midbottom=(p.centerx, p.top - 2)))
    pygame.draw.rect(surface, (40, 44, 42), p, border_radius=4)
    fill = p.copy()
    fill.width = int(p.width * aim.power)
    k = aim.power
    col = (int(90 + 150 * k), int(190 - 120 * k), 70)
    pygame.draw.rect(surface, col, fill, border_radius=4)
    pygame.draw.rect(surface, (120, 110, 90), p, 1, border_radius=4)
    if not active:
        from simulator.app.render import veil
        surface.blit(veil(panel.size, (0, 0, 0, 90)), panel)


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
    origin = (rects.elevation.left + 8, rects.elevation.bottom - 4)
    return math.degrees(math.atan2(origin[1] - pos[1], max(1e-6, pos[0] - origin[0])))


def power_from_point(rects: PanelRects, pos: tuple[int, int]) -> float | None:
    p = rects.power.inflate(0, 12)
    if not p.collidepoint(pos):
        return None
    return (pos[0] - rects.power.left) / max(1, rects.power.width)


def draw_strip(surface: pygame.Surface, rect: pygame.Rect, chips: Sequence[str],
               hint: str) -> None:
    pygame.draw.rect(surface, (14, 18, 17), rect)
    size = max(11, rect.height // 4)
    x = rect.left + 10
    y = rect.top + 4
    for chip in chips:
        img = fonts.text(chip, size, INK)
        box = pygame.Rect(x, y, img.get_width() + 12, img.get_height() + 4)
        if box.right > rect.right - 10:
            break
        pygame.draw.rect(surface, (44, 58, 50), box, border_radius=5)
        surface.blit(img, (x + 6, y + 2))
        x = box.right + 6
    hs = max(10, size - 1)
    h = fonts.text(hint, hs, DIM)
    while h.get_width() > rect.width - 20 and hs > 9:
        hs -= 1
        h = fonts.text(hint, hs, DIM)
    if h.get_width() > rect.width - 20:
        h = h.subsurface((0, 0, rect.width - 20, h.get_height()))
    surface.blit(h, (rect.left + 10, rect.bottom - h.get_height() - 3))


@dataclass(frozen=True)
class Banner:
    """A ruling or message shown over the table."""

    title: str
    lines: tuple[str, ...]
    foul: bool


def draw_banner(surface: pygame.Surface, area: pygame.Rect, banner: Banner
                ) -> pygame.Rect:
    size = max(13, area.height // 30)
    width = int(area.width * 0.7)
    lines: list[tuple[str, bool]] = []
    for ln in banner.lines:
        lines += [(s, False) for s in fonts.wrap(ln, size, width - 32)]
    title = fonts.text(banner.title, size + 4, INK, bold=True)
    imgs = [fonts.text(s, size, INK) for s, _ in lines]
    h = title.get_height() + sum(i.get_height() for i in imgs) + 24
    box = pygame.Rect(0, 0, width, h)
    box.midbottom = (area.centerx, area.bottom - 12)
    from simulator.app.render import veil
    surface.blit(veil(box.size, (120, 28, 24, 225) if banner.foul
                      else (22, 60, 40, 225)), box)
    pygame.draw.rect(surface, ACCENT, box, 2, border_radius=4)
    y = box.top + 10
    surface.blit(title, (box.left + 16, y))
    y += title.get_height()
    for img in imgs:
        surface.blit(img, (box.left + 16, y))
        y += img.get_height()
    return box


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
    pygame.draw.rect(surface, (14, 18, 17), rect)
    pygame.draw.line(surface, (60, 44, 30), rect.bottomleft, rect.bottomright, 3)
    n = max(1, len(cards))
    centre_w = int(rect.width * (0.22 if n <= 2 else 0.18))
    card_w = (rect.width - centre_w) // n
    size = max(11, rect.height // 4)
    big = max(14, int(rect.height * 0.42))
    x = rect.left
    for i, card in enumerate(cards):
        if n <= 2 and i == 1:
            x = rect.left + card_w + centre_w
        box = pygame.Rect(x, rect.top + 3, card_w - 4, rect.height - 8)
        bg = (38, 72, 52) if card.active else (28, 32, 30)
        if card.out:
            bg = (50, 30, 30)
        pygame.draw.rect(surface, bg, box, border_radius=6)
        if card.active:
            pygame.draw.rect(surface, ACCENT, box, 2, border_radius=6)
        score = fonts.text(card.score, big, ACCENT if card.active else INK, bold=True)
        surface.blit(score, score.get_rect(midright=(box.right - 8, box.centery)))
        name = fonts.text(card.name, size + 1, INK, bold=card.active)
        room = box.width - score.get_width() - 24
        if name.get_width() > room > 10:
            name = name.subsurface((0, 0, room, name.get_height()))
        surface.blit(name, (box.left + 8, box.top + 2))
        if card.balls and table is not None:
            from simulator.app.balls3d import ball_icon
            r = max(4, int(size * 0.5))
            bx = box.left + 8 + name.get_width() + r + 8
            by = box.top + 2 + name.get_height() // 2
            for b in card.balls:
                if bx + r > box.left + 8 + room:
                    break
                icon = ball_icon(table, b, r)
                surface.blit(icon, icon.get_rect(center=(bx, by)))
                bx += 2 * r + 2
        dy = box.top + 2 + name.get_height()
        for d in card.details:
            img = fonts.text(d, max(9, size - 2), DIM)
            if img.get_width() > room > 10:
                img = img.subsurface((0, 0, room, img.get_height()))
            if dy + img.get_height() > box.bottom:
                break
            surface.blit(img, (box.left + 8, dy))
            dy += img.get_height() - 2
        x += card_w
    cx = rect.left + card_w if n <= 2 else rect.left + n * card_w
    cbox = pygame.Rect(cx, rect.top + 3, centre_w - 4, rect.height - 8)
    y = cbox.top + 2
    for i, line in enumerate(centre):
        img = fonts.text(line, size if i else size + 1, INK if i == 0 else DIM,
                         bold=i == 0)
        if y + img.get_height() > cbox.bottom + 4:
            break
        surface.blit(img, img.get_rect(midtop=(cbox.centerx, y)))
        y += img.get_height() - 2
