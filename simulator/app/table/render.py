"""Drawing the table, the balls, the cue and the aiming aids.

The static table (room, rails, cushions, pockets, cloth, marks) is drawn once
per window size into a surface; the balls are pre-shaded sprites, so a frame is
a blit of the table plus one blit per ball and its shadow.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

import numpy as np
import pygame

from simulator.app.table.balls3d import RollingBalls
from simulator.app.table.view import TableView
from simulator.table.specs import Pocket, PocketKind, Rail, TableKind, TableSpec, Vec

Colour = tuple[int, int, int]

CLOTH = {TableKind.POOL: (28, 110, 74), TableKind.PYRAMID: (22, 98, 58)}
RAIL_WOOD = (96, 52, 26)
RAIL_EDGE = (58, 30, 14)
DIAMOND = (236, 226, 196)
ROOM = (22, 24, 28)
SS = 4  # supersampling factor for the ball sprites


def _shade(c: Colour, k: float) -> Colour:
    return (min(255, int(c[0] * k)), min(255, int(c[1] * k)), min(255, int(c[2] * k)))


def _rail_at(spec: TableSpec, p: Vec) -> tuple[Rail, Vec] | None:
    """The rail ending at jaw tip ``p`` and the unit vector along it towards ``p``."""
    for r in spec.rails:
        for end, other in ((r.start, r.end), (r.end, r.start)):
            if math.dist(end, p) < 1e-6:
                dx, dy = end[0] - other[0], end[1] - other[1]
                n = math.hypot(dx, dy)
                return r, (dx / n, dy / n)
    return None


def pocket_outline(spec: TableSpec, pocket: Pocket) -> list[Vec]:
    """The pocket opening: the two jaw tips and the facings running behind them.

    Each facing leaves its jaw tip at the pocket's facing angle to the cushion
    nose (specs.Pocket.facing_angle_deg) and runs ``facing_depth`` behind the
    mouth line.
    """
    pts: list[Vec] = []
    ends: list[Vec] = []
    ix, iy = pocket.inward
    theta = math.radians(pocket.facing_angle_deg)
    for tip in (pocket.jaw_a, pocket.jaw_b):
        found = _rail_at(spec, tip)
        if found is None:
            ends.append((tip[0] + ix * pocket.facing_depth,
                         tip[1] + iy * pocket.facing_depth))
            continue
        rail, t = found
        n = rail.normal
        fx = -t[0] * math.cos(theta) + n[0] * math.sin(theta)
        fy = -t[1] * math.cos(theta) + n[1] * math.sin(theta)
        depth_rate = max(0.2, fx * ix + fy * iy)
        k = pocket.facing_depth / depth_rate
        ends.append((tip[0] + fx * k, tip[1] + fy * k))
    pts = [pocket.jaw_a, ends[0], ends[1], pocket.jaw_b]
    return pts


class TableRenderer:
    """The static picture of one table at one window size."""

    def __init__(self, spec: TableSpec, view: TableView, size: tuple[int, int],
                 plain: bool = False) -> None:
        self.spec = spec
        self.view = view
        self.plain = plain  # flat cloth, no lamp: small exported clips
        self.surface = pygame.Surface(size).convert() if pygame.display.get_surface() \
            else pygame.Surface(size)
        self._draw()

    def _poly(self, pts: Iterable[Vec]) -> list[tuple[float, float]]:
        return [self.view.to_screen(x, y) for x, y in pts]

    def _draw(self) -> None:
        self._draw_room()
        self._draw_rails()
        # Pocket holes and liners, cut through rail and cushion.
        for p in self.spec.pockets:
            self._draw_pocket(p)
        self._draw_bed()
        self._draw_diamonds()
        self._draw_lines()

    def _draw_room(self) -> None:
        """The room, and a soft pool of light over the table."""
        s = self.surface
        v = self.view
        s.fill(ROOM)
        w, h = s.get_size()
        if not self.plain:  # a soft pool of light over the table
            glow = pygame.Surface((w, h), pygame.SRCALPHA)
            cx, cy = v.rect.center
            for i in range(12, 0, -1):
                rr = int(max(w, h) * 0.06 * i)
                pygame.draw.circle(glow, (60, 60, 52, 9), (cx, cy), rr)
            s.blit(glow, (0, 0))

    def _draw_rails(self) -> None:
        """The rails' shadow, the wood with its lighter band, the cushions."""
        s = self.surface
        spec, v = self.spec, self.view
        outer = v.outer_rect()
        rad = max(4, int(v.px(spec.rail_width) * 0.35))
        shadow = outer.move(int(v.px(0.03)), int(v.px(0.04)))
        sh = pygame.Surface(s.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(sh, (0, 0, 0, 110), shadow, border_radius=rad)
        s.blit(sh, (0, 0))
        pygame.draw.rect(s, RAIL_EDGE, outer, border_radius=rad)
        pygame.draw.rect(s, RAIL_WOOD, outer.inflate(-4, -4), border_radius=rad)
        # A lighter band on the rail top for a rounded look.
        inner_top = outer.inflate(-int(v.px(spec.rail_width) * 0.5),
                                  -int(v.px(spec.rail_width) * 0.5))
        pygame.draw.rect(s, _shade(RAIL_WOOD, 1.18), inner_top,
                         width=max(1, int(v.px(spec.rail_width) * 0.16)),
                         border_radius=rad)

        cloth = CLOTH[spec.kind]
        cd = spec.cushion_depth
        cushion = self._poly([(-cd, -cd), (spec.length + cd, -cd),
                              (spec.length + cd, spec.width + cd),
                              (-cd, spec.width + cd)])
        pygame.draw.polygon(s, _shade(cloth, 0.78), cushion)

    def _draw_bed(self) -> None:
        s = self.surface
        spec, v = self.spec, self.view
        cloth = CLOTH[spec.kind]
        # The bed, lit a little brighter in the middle.
        bed = v.bed_rect()
        cloth_surf = pygame.Surface(bed.size)
        bw, bh = bed.size
        if self.plain:
            cloth_surf.fill(cloth)
        elif bw > 1 and bh > 1:
            xs = np.linspace(-1.0, 1.0, bw)[:, None]
            ys = np.linspace(-1.0, 1.0, bh)[None, :]
            light = 1.08 - 0.16 * (xs ** 2 * 0.6 + ys ** 2 * 0.8)
            rng = np.random.default_rng(7)  # fixed seed: the same cloth each time
            noise = rng.normal(0.0, 0.012, (bw, bh))
            k = (light + noise)[:, :, None]
            arr = np.clip(np.array(cloth, dtype=np.float32)[None, None, :] * k, 0, 255)
            pygame.surfarray.blit_array(cloth_surf, arr.astype(np.uint8))
        s.blit(cloth_surf, bed.topleft)
        # Cushion noses: a thin darker edge where rubber meets bed.
        for r in spec.rails:
            a = v.to_screen(*r.start)
            b = v.to_screen(*r.end)
            pygame.draw.line(s, _shade(cloth, 0.6), a, b, max(1, int(v.px(0.004))))
        for p in spec.pockets:
            pts = self._poly(pocket_outline(spec, p))
            pygame.draw.polygon(s, (8, 8, 8), pts)

    def _draw_diamonds(self) -> None:
        s = self.surface
        spec, v = self.spec, self.view
        cd = spec.cushion_depth
        # Diamonds on the rail top.
        mid = cd + (spec.rail_width - cd) * 0.5
        size = max(2.0, v.px(0.012))
        for x, y in spec.diamonds:
            nx = -1.0 if x <= 1e-9 else (1.0 if x >= spec.length - 1e-9 else 0.0)
            ny = -1.0 if y <= 1e-9 else (1.0 if y >= spec.width - 1e-9 else 0.0)
            if nx and ny:
                continue
            cxs, cys = v.to_screen(x + nx * mid, y + ny * mid)
            pts = [(cxs, cys - size), (cxs + size * 0.7, cys), (cxs, cys + size),
                   (cxs - size * 0.7, cys)]
            pygame.draw.polygon(s, DIAMOND, pts)

    def _draw_lines(self) -> None:
        s = self.surface
        spec, v = self.spec, self.view
        cloth = CLOTH[spec.kind]
        # Head string / house line, and the spots.
        line_c = _shade(cloth, 1.45)
        hx = spec.head_string_x
        a = v.to_screen(hx, 0.0)
        b = v.to_screen(hx, spec.width)
        if spec.kind is TableKind.PYRAMID:
            pygame.draw.line(s, line_c, a, b, max(1, int(v.px(0.003))))
        else:
            n = 24
            for i in range(0, n, 2):
                y0 = spec.width * i / n
                y1 = spec.width * (i + 1) / n
                pygame.draw.line(s, line_c, v.to_screen(hx, y0), v.to_screen(hx, y1),
                                 max(1, int(v.px(0.002))))
        spots = [spec.head_spot, spec.foot_spot]
        if spec.kind is TableKind.PYRAMID:
            spots.append(spec.centre_spot)
        for sp in spots:
            pygame.draw.circle(s, line_c, v.to_screen(*sp), max(2.0, v.px(0.006)))

    def _draw_pocket(self, p: Pocket) -> None:
        s, v, spec = self.surface, self.view, self.spec
        mc = p.mouth_centre
        centre, r_hole = pocket_hole(spec, p)
        # Leather/metal pocket plate on the rail, then the hole.
        pygame.draw.circle(s, (34, 26, 20), v.to_screen(*centre), v.px(r_hole * PLATE))
        pygame.draw.circle(s, (70, 60, 52), v.to_screen(*centre), v.px(r_hole * PLATE),
                           max(1, int(v.px(0.004))))
        pygame.draw.circle(s, (6, 6, 6), v.to_screen(*centre), v.px(r_hole))
        # The throat between the mouth and the hole.
        outline = pocket_outline(spec, p)
        throat = [outline[0], outline[1],
                  (centre[0] + (outline[1][0] - mc[0]) * 0.2,
                   centre[1] + (outline[1][1] - mc[1]) * 0.2),
                  (centre[0] + (outline[2][0] - mc[0]) * 0.2,
                   centre[1] + (outline[2][1] - mc[1]) * 0.2),
                  outline[2], outline[3]]
        pygame.draw.polygon(s, (8, 8, 8), self._poly(throat))


def shadow_sprite(r_px: float) -> pygame.Surface:
    size = max(4, math.ceil(2.6 * r_px))
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    for i in range(6):
        k = 1.0 - i * 0.09
        pygame.draw.ellipse(surf, (0, 0, 0, 26),
                            pygame.Rect(0, 0, size * k, size * k).move(
                                size * (1 - k) / 2, size * (1 - k) / 2))
    return surf


def pocket_hole(spec: TableSpec, p: Pocket) -> tuple[Vec, float]:
    """The centre and radius (metres) of a pocket's hole; its plate on the
    rail is PLATE times as wide."""
    ix, iy = p.inward
    depth = spec.cushion_depth + (0.02 if p.kind is PocketKind.SIDE else 0.035)
    mc = p.mouth_centre
    r_hole = p.mouth_width * (0.56 if p.kind is PocketKind.SIDE else 0.52)
    return (mc[0] + ix * depth, mc[1] + iy * depth), r_hole


PLATE = 1.22  # a pocket plate's radius, in hole radii


def pocket_rects(view: TableView) -> list[pygame.Rect]:
    """Where each pocket, with its plate, is drawn on the screen (it pokes
    out past the rail's edge), for what must not cover a pocket."""
    out = []
    for p in view.spec.pockets:
        centre, r_hole = pocket_hole(view.spec, p)
        x, y = view.to_screen(*centre)
        r = math.ceil(view.px(r_hole * PLATE)) + 1
        out.append(pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r))
    return out


class BallSprites:
    """Every ball of a set pre-drawn at one pixel radius."""

    def __init__(self, spec: TableSpec, r_px: float) -> None:
        self.spec = spec
        self.r_px = r_px
        self.rolling = RollingBalls(spec, r_px)
        self.shadow = shadow_sprite(r_px)
        # Ivory pyramid balls are told apart only by their numbers: in a small
        # window the rolling number is too small to read, so it is written
        # upright over the ball instead.
        self.small_numbers = spec.kind is TableKind.PYRAMID and r_px < SMALL_BALL_PX
        if pygame.display.get_surface() is not None:
            self.shadow = self.shadow.convert_alpha()

    def draw(self, surface: pygame.Surface, view: TableView,
             balls: Mapping[int, tuple[float, float, float]],
             highlight: Iterable[int] = ()) -> None:
        r = self.r_px
        hl = set(highlight)
        self.rolling.new_frame()
        # Shadows first so no shadow falls on a neighbouring ball.
        for _b, (x, y, z) in balls.items():
            sx, sy = view.to_screen(x, y)
            lift = max(0.0, z - self.spec.balls.radius) * view.scale
            rect = self.shadow.get_rect(center=(sx + 0.35 * r + lift * 0.6,
                                                sy + 0.45 * r + lift * 0.8))
            surface.blit(self.shadow, rect)
        for b, (x, y, z) in sorted(balls.items(), key=lambda kv: kv[1][2]):
            spr = self.rolling.image(b, x, y)
            if spr is None:
                continue
            sx, sy = view.to_screen(x, y)
            lift = max(0.0, z - self.spec.balls.radius)
            if lift > 0.001:
                k = 1.0 + min(0.6, lift * 4.0)
                spr = pygame.transform.smoothscale(
                    spr, (int(spr.get_width() * k), int(spr.get_height() * k)))
            surface.blit(spr, spr.get_rect(center=(sx, sy)))
            if self.small_numbers and b != self.spec.balls.cue_ball:
                upright_number(surface, b, (sx, sy), r)
            if b in hl:
                pygame.draw.circle(surface, (255, 70, 60), (sx, sy), r * 1.55,
                                   max(2, int(r * 0.22)))


def table_clip(surface: pygame.Surface, view: TableView) -> pygame.Rect | None:
    """Clip drawing to the table's own rectangle (the stick never reaches
    over the scoreboard or the side column); the clip before, to restore."""
    old = surface.get_clip()
    surface.set_clip(view.rect.clip(old) if old else view.rect)
    return old


def draw_cue(surface: pygame.Surface, view: TableView, cue_pos: Vec, angle_deg: float,
             gap: float, elevation: float = 0.0) -> None:
    """The stick behind the cue ball, pointing along ``angle_deg``; its tip
    ``gap`` metres from the ball's surface (the pull-back); inside the
    table's rectangle only."""
    old = table_clip(surface, view)
    try:
        _draw_cue(surface, view, cue_pos, angle_deg, gap, elevation)
    finally:
        surface.set_clip(old)


def _draw_cue(surface: pygame.Surface, view: TableView, cue_pos: Vec, angle_deg: float,
              gap: float, elevation: float) -> None:
    a = math.radians(angle_deg)
    dx, dy = math.cos(a), math.sin(a)
    px_, py_ = -dy, dx
    r = view.spec.balls.radius
    foreshorten = max(0.25, math.cos(math.radians(elevation)))
    length = 1.47 * foreshorten
    start = r + 0.004 + gap
    segs = [  # (from, to, width at from, width at to, colour) along the stick
        (0.0, 0.012, 0.0125, 0.0126, (58, 110, 170)),
        (0.012, 0.035, 0.0126, 0.013, (238, 236, 226)),
        (0.035, 0.78, 0.013, 0.021, (226, 196, 142)),
        (0.78, 0.82, 0.021, 0.0215, (30, 30, 30)),
        (0.82, 1.40, 0.0215, 0.029, (92, 38, 24)),
        (1.40, 1.47, 0.029, 0.029, (20, 20, 20)),
    ]
    cx, cy = cue_pos
    # Shadow of the stick, offset like the balls' shadows.
    for f0, f1, w0, w1, colour in segs:
        d0 = start + f0 * foreshorten
        d1 = start + f1 * foreshorten if f1 < 1.47 else start + length
        pts = []
        for d, w, side in ((d0, w0, 1), (d1, w1, 1), (d1, w1, -1), (d0, w0, -1)):
            x = cx - dx * d + px_ * w / 2 * side
            y = cy - dy * d + py_ * w / 2 * side
            pts.append(view.to_screen(x, y))
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.aalines(surface, _shade(colour, 0.6), True, pts)


SMALL_BALL_PX = 9.0  # a ball's radius on screen below which numbers go upright


def upright_number(surface: pygame.Surface, ball: int, centre: tuple[float, float],
                   r: float) -> None:
    """The ball's number in dark bold type filling the ball, never turned."""
    from simulator.app.text import fonts
    size = max(10, round(r * (1.9 if ball < 10 else 1.5)))
    img = fonts.text(str(ball), size, (24, 16, 8), bold=True)
    surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]) + 1)))


def draw_dashed(surface: pygame.Surface, colour: tuple[int, ...],
                a: tuple[float, float], b: tuple[float, float], dash: float = 8.0,
                width: int = 1) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy)
    if d < 1:
        return
    n = int(d / dash)
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        pygame.draw.line(surface, colour, (a[0] + dx * t0, a[1] + dy * t0),
                         (a[0] + dx * t1, a[1] + dy * t1), width)


def draw_numbers(surface: pygame.Surface, view: TableView,
                 balls: Mapping[int, tuple[float, float, float]],
                 spec: TableSpec) -> None:
    """Every object ball's number in large type over the ball (key N): the
    small numbers on the balls are hard to read in a small window."""
    from simulator.app.text import ui
    size = max(12, int(view.ball_px * 1.5))
    rad = max(view.ball_px * 1.15, size * 0.62)
    for b, (x, y, _z) in balls.items():
        if b == spec.balls.cue_ball:
            continue
        c = view.to_screen(x, y)
        colour = spec.balls.colours.get(b, (200, 200, 200))
        pygame.draw.circle(surface, (12, 12, 12), c, rad)
        pygame.draw.circle(surface, colour, c, rad, max(2, int(rad * 0.22)))
        box = pygame.Rect(0, 0, int(rad * 2), int(rad * 2))
        box.center = (round(c[0]), round(c[1]))
        ui.line(surface, str(b), size, (255, 255, 255), box, align="centre",
                bold=True, valign="middle")
