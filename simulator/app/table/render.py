"""Drawing the table, the balls, the cue and the aiming aids.

The static table (room, rails, cushions, pockets, cloth, marks) is drawn once
per window size into a surface; the balls are pre-shaded sprites, so a frame is
a blit of the table plus one blit per ball and its shadow.
"""

from __future__ import annotations

import copy
import functools
import itertools
import math
from collections.abc import Callable, Iterable, Mapping

import numpy as np
import pygame

from simulator.app.table.balls3d import (
    UPRIGHT_PX,
    RollingBalls,
    ball_shade,
    gloss_spot,
    gloss_towards,
)
from simulator.app.table.view import TableView
from simulator.physics.shaft import CUE_HALF_WIDTH
from simulator.table.specs import (
    CUE_BALL,
    Pocket,
    PocketKind,
    Rail,
    TableKind,
    TableSpec,
    Vec,
)
from simulator.table.state import TableState

Colour = tuple[int, int, int]

CLOTH = {TableKind.POOL: (28, 110, 74), TableKind.PYRAMID: (22, 98, 58)}
# A ball painted near the cloth's colour (the 6's dark green) melted into
# it at 800x500, its trail too: such a ball gets a pale edge, its trail a
# paler colour. Near: closer than this (RGB distance) to the cloth.
NEAR_CLOTH = 60.0
EDGE_ON_CLOTH = (176, 232, 196)


def near_cloth(colour: tuple[int, ...], kind: TableKind) -> bool:
    """Whether a ball of ``colour`` is hard to tell from the cloth."""
    cloth = CLOTH[kind]
    return math.dist(colour[:3], cloth) < NEAR_CLOTH


def on_cloth(colour: tuple[int, ...], kind: TableKind) -> Colour:
    """``colour`` for a mark on the cloth: as it is, or paler when it is
    near the cloth's (half way to white)."""
    c = (int(colour[0]), int(colour[1]), int(colour[2]))
    if not near_cloth(c, kind):
        return c
    return (c[0] + (255 - c[0]) // 2, c[1] + (255 - c[1]) // 2,
            c[2] + (255 - c[2]) // 2)


RAIL_WOOD = (96, 52, 26)
RAIL_EDGE = (58, 30, 14)
DIAMOND = (236, 226, 196)
ROOM = (22, 24, 28)
LEATHER = (44, 30, 22)  # pocket liners
LEATHER_LIT = (92, 70, 52)
LEATHER_EDGE = (20, 14, 10)
POCKET_RIM = (40, 32, 26)  # the hole's lip, going down to
POCKET_DEEP = (3, 3, 3)
LAMP_HEIGHT = 1.0  # metres over the bed: the shadows' offset
SS = 4  # supersampling factor for the ball sprites


def _shade(c: Colour, k: float) -> Colour:
    return (min(255, int(c[0] * k)), min(255, int(c[1] * k)), min(255, int(c[2] * k)))


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def _smooth(a: np.ndarray, n: int) -> np.ndarray:
    """A 1-D noise through a box filter ``n`` wide (wrapping), at unit spread."""
    k = np.ones(n) / n
    out = np.convolve(np.concatenate([a[-n:], a, a[:n]]), k, mode="same")[n:-n]
    sd = float(out.std()) or 1.0
    return np.asarray(out / sd)


LAMP_SPACING = 0.98  # metres between the lamps hung along the table


def lamps(spec: TableSpec) -> list[Vec]:
    """Where the lamps hang over the bed (table metres): two along a pool
    table, three along the longer pyramid table, over its long axis."""
    n = 3 if spec.length > 3.0 else 2
    return [(spec.length / 2 + (i - (n - 1) / 2) * LAMP_SPACING, spec.width / 2)
            for i in range(n)]


def nearest_lamp(spec: TableSpec, x: float, y: float) -> Vec:
    return min(lamps(spec), key=lambda p: (p[0] - x) ** 2 + (p[1] - y) ** 2)


LAMP_BRIGHT = 1.30  # the cloth's light right under a lamp (1 = the cloth colour)
LAMP_DIM = 0.72  # where no lamp reaches (the cushions' far corners)
POOL_X, POOL_Y = 0.55, 0.42  # a lamp's pool of light: its spread (metres)


def lamp_light(spec: TableSpec, x: np.ndarray | float,
               y: np.ndarray | float) -> np.ndarray:
    """How brightly the lamps light a point (table metres): LAMP_BRIGHT under
    them, a pool of light along the middle that falls to about 0.95 at the
    long cushions, darker in the corners and on the rails beyond (the
    play-testers found one faint lamp over the middle hard to see)."""
    xa, ya = np.asarray(x), np.asarray(y)
    dark = np.ones(np.broadcast_shapes(xa.shape, ya.shape), dtype=np.float64)
    for lx, ly in lamps(spec):
        g = np.exp(-((xa - lx) ** 2 / (2 * POOL_X ** 2)
                     + (ya - ly) ** 2 / (2 * POOL_Y ** 2)))
        dark = dark * (1.0 - g)
    lit = 1.0 - dark  # 1 under a lamp, soft between two
    return np.asarray(LAMP_DIM + (LAMP_BRIGHT - LAMP_DIM) * lit)


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


PLATE = 1.22  # a pocket plate's (liner's) radius, in hole radii
POCKET_SS = 3  # a pocket is painted this many times larger, then scaled down


def pocket_hole(spec: TableSpec, p: Pocket) -> tuple[Vec, float]:
    """The centre and radius (metres) of a pocket's round opening; its plate
    on the rail is PLATE times as wide."""
    ix, iy = p.inward
    depth = spec.cushion_depth + (0.02 if p.kind is PocketKind.SIDE else 0.035)
    mc = p.mouth_centre
    r_hole = p.mouth_width * (0.56 if p.kind is PocketKind.SIDE else 0.52)
    return (mc[0] + ix * depth, mc[1] + iy * depth), r_hole


class TableRenderer:
    """The static picture of one table at one window size."""

    def __init__(self, spec: TableSpec, view: TableView, size: tuple[int, int],
                 grain: bool = True, head_string: bool = True) -> None:
        """``grain``: the cloth's fine grain (an exported clip goes without:
        the noise, coded anew round every moving ball, doubled a GIF).
        ``head_string``: a pool table's head string chalked; without, none
        (the window draws it over the table while a rule names it,
        draw_head_string). A pyramid table's house line is always drawn."""
        self.spec = spec
        self.view = view
        self.grain = grain
        self.head_string = head_string
        self.surface = pygame.Surface(size).convert() if pygame.display.get_surface() \
            else pygame.Surface(size)
        self._draw()

    @staticmethod
    def _poly(v: TableView, pts: Iterable[Vec]) -> list[tuple[float, float]]:
        return [v.to_screen(x, y) for x, y in pts]

    def _draw(self) -> None:
        self._draw_room()
        self._draw_lit_table()
        # Pocket holes and liners, cut through rail and cushion; the bed
        # stays whole up to a side pocket's nose line (its liner is wider
        # than its mouth).  A corner's mouth cuts across the bed's corner.
        v, s = self.view, self.surface
        bed = v.bed_rect().clip(s.get_rect())
        kept = s.subsurface(bed).copy()
        for p in self.spec.pockets:
            self._draw_pocket_smooth(p)
            if p.kind is PocketKind.SIDE:
                centre, r = pocket_hole(self.spec, p)
                cx, cy = v.to_screen(*centre)
                rr = v.px(r * PLATE) + 2
                area = pygame.Rect(int(cx - rr), int(cy - rr), int(2 * rr) + 1,
                                   int(2 * rr) + 1).clip(bed)
                if area.width and area.height:
                    s.blit(kept, area.topleft, area.move(-bed.x, -bed.y))
        self._draw_diamonds()
        self._draw_lines()

    def _draw_room(self) -> None:
        """The room, and a soft pool of light over the table."""
        s = self.surface
        v = self.view
        s.fill(ROOM)
        w, h = s.get_size()
        glow = pygame.Surface((w, h), pygame.SRCALPHA)
        cx, cy = v.rect.center
        for i in range(12, 0, -1):
            rr = int(max(w, h) * 0.06 * i)
            pygame.draw.circle(glow, (60, 60, 52, 9), (cx, cy), rr)
        s.blit(glow, (0, 0))

    def _rail_shadow(self) -> None:
        s, v = self.surface, self.view
        outer = v.outer_rect()
        rad = max(4, int(v.px(self.spec.rail_width) * 0.35))
        shadow = outer.move(int(v.px(0.03)), int(v.px(0.04)))
        sh = pygame.Surface(s.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(sh, (0, 0, 0, 110), shadow, border_radius=rad)
        s.blit(sh, (0, 0))

    def _draw_lit_table(self) -> None:
        """Rails, cushions and cloth under the lamp, painted pixel by pixel once.

        Everything is lit by the lamps hung along the table
        (``lamp_light``); the cloth has a fine grain, the cushions a lit top
        and a darker nose face towards the bed, the rails a wood grain and a
        highlight along their rounded outer edge.  The noise comes from fixed
        seeds so the table is the same picture every time.
        """
        s, spec, v = self.surface, self.spec, self.view
        self._rail_shadow()
        outer = v.outer_rect().clip(s.get_rect())
        w, h = outer.size
        if w < 2 or h < 2:
            return
        L, W = spec.length, spec.width
        rw, cd = spec.rail_width, spec.cushion_depth
        f32 = np.float32
        # Table coordinates (metres) of every pixel's centre; arrays are (x, y).
        tx = ((np.arange(w, dtype=f32) + outer.x + 0.5 - v.ox) / v.scale)[:, None]
        ty = ((v.oy - (np.arange(h, dtype=f32) + outer.y + 0.5)) / v.scale)[None, :]
        ox = np.maximum(np.maximum(-tx, tx - L), 0.0)
        oy = np.maximum(np.maximum(-ty, ty - W), 0.0)
        band = np.maximum(ox, oy)  # how far past the nose line (0 on the bed)
        light = lamp_light(spec, tx, ty).astype(f32)

        rng = np.random.default_rng(7)  # fixed seed: the same cloth each time
        grain = rng.standard_normal((w, h), dtype=f32)
        if not self.grain:
            grain[:] = 0.0
        # The nap: the grain a little drawn out along the table.
        nap = (grain + np.roll(grain, 1, 0) + np.roll(grain, -1, 0)) * f32(0.012 / 3.0)
        k = light * (1.0 + 0.022 * grain + nap)  # the cloth; the rest below

        # Only the frame round the bed is cushion or wood.
        rim = np.nonzero(band > 0.0)
        bd, lt, gr = band[rim], light[rim], grain[rim]
        # The cushion across its depth: the nose face falls dark towards the
        # bed, a soft crest catches the lamp, the top darkens a little towards
        # the wood, and a thin seam meets the rail.
        c = np.clip(bd / cd, 0.0, 1.0)
        face = 0.50 + 0.40 * np.clip(c / 0.3, 0.0, 1.0) ** 1.5
        crest = 0.10 * np.exp(-((c - 0.36) / 0.08) ** 2)
        top = 1.02 - 0.10 * np.clip((c - 0.36) / 0.64, 0.0, 1.0)
        cush = np.where(c < 0.3, face, top) + crest
        cush = np.where(c > 0.93, 0.62, cush) * lt * (1.0 + 0.02 * gr)

        # The wood: ``inside`` is the distance in from its rounded outer
        # edge, u runs 0 there to 1 at the cushion's back.
        xr = (tx - L / 2) * np.ones_like(ty)
        yr = (ty - W / 2) * np.ones_like(tx)
        rad = max(4, int(v.px(rw) * 0.35)) / v.scale
        qx = np.abs(xr[rim]) - (L / 2 + rw - rad)
        qy = np.abs(yr[rim]) - (W / 2 + rw - rad)
        inside = rad - np.hypot(np.maximum(qx, 0.0), np.maximum(qy, 0.0)) \
            - np.minimum(np.maximum(qx, qy), 0.0)
        u = np.clip(inside / max(1e-6, rw - cd), 0.0, 1.0)
        profile = (0.80 + 0.42 * np.exp(-((u - 0.16) / 0.09) ** 2)
                   + 0.10 * (1.0 - u) - 0.16 * u ** 2)
        profile = np.where(u < 0.035, 0.55, profile)
        wood_rng = np.random.default_rng(11)
        along_x = _smooth(wood_rng.normal(0.0, 1.0, h), 3)  # long rails' grain
        along_y = _smooth(wood_rng.normal(0.0, 1.0, w), 3)  # short rails'
        # Slow figure along each rail's length.
        figure_x = _smooth(wood_rng.normal(0.0, 1.0, w), 61)
        figure_y = _smooth(wood_rng.normal(0.0, 1.0, h), 61)
        rx, ry = rim
        long_rail = oy[0, ry] >= ox[rx, 0]
        wood_grain = np.where(long_rail, along_x[ry], along_y[rx])
        figure = np.where(long_rail, figure_x[rx], figure_y[ry])
        wood_k = profile * (0.88 + 0.12 * lt) * (1.0 + 0.05 * wood_grain
                                                 + 0.03 * figure)
        is_wood = bd > cd
        k[rim] = np.where(is_wood, wood_k, cush)

        cloth = np.array(CLOTH[spec.kind], dtype=f32)
        wood = np.array(RAIL_WOOD, dtype=f32)
        rgb = k[:, :, None] * cloth
        wx, wy = rx[is_wood], ry[is_wood]
        rgb[wx, wy] = k[wx, wy][:, None] * wood
        # Blend the rounded outer edge (anti-aliased) into the room behind.
        edge = np.clip(inside * v.scale, 0.0, 1.0)
        soft = edge < 1.0
        ex, ey, ea = rx[soft], ry[soft], edge[soft][:, None]
        old = pygame.surfarray.pixels3d(s.subsurface(outer))[ex, ey].astype(f32)
        rgb[ex, ey] = rgb[ex, ey] * ea + old * (1.0 - ea)
        pygame.surfarray.blit_array(s.subsurface(outer),
                                    np.clip(rgb, 0, 255).astype(np.uint8))

    def _draw_diamonds(self) -> None:
        s = self.surface
        spec, v = self.spec, self.view
        cd = spec.cushion_depth
        # Diamonds on the rail top, set in as mother-of-pearl inlays.
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
            # The cut in the wood around the inlay.
            pygame.draw.polygon(s, _shade(RAIL_EDGE, 0.8),
                                [(px + 0.6, py + 0.8) for px, py in pts])
            pygame.draw.polygon(s, DIAMOND, pts)
            pygame.draw.aalines(s, DIAMOND, True, pts)  # no stair-steps
            if size >= 3:  # the lamp caught on the pearl
                pygame.draw.line(s, (255, 252, 240),
                                 (cxs - size * 0.25, cys - size * 0.3),
                                 (cxs, cys - size * 0.7))

    def _draw_lines(self) -> None:
        s = self.surface
        spec, v = self.spec, self.view
        cloth = CLOTH[spec.kind]
        # Head string / house line, and the spots: chalk on the cloth, as
        # much brighter than the cloth right under a lamp as the flat cloth
        # had them.
        line_c = _shade(cloth, 1.45 * LAMP_BRIGHT)
        draw_head_string(s, v, full=self.head_string)
        spots = [spec.head_spot, spec.foot_spot]
        if spec.kind is TableKind.PYRAMID:
            spots.append(spec.centre_spot)
        for sp in spots:
            pygame.draw.circle(s, line_c, v.to_screen(*sp), max(2.0, v.px(0.006)))

    def _draw_pocket_smooth(self, p: Pocket) -> None:
        """A pocket painted POCKET_SS times larger and scaled down onto the
        table: drawn straight, its round liner and hole had stair-stepped
        edges against the wood."""
        v, spec = self.view, self.spec
        centre, r_hole = pocket_hole(spec, p)
        cx, cy = v.to_screen(*centre)
        rr = v.px(r_hole * PLATE) + 2
        pts = [*self._poly(v, pocket_outline(spec, p)), (cx - rr, cy - rr),
               (cx + rr, cy + rr)]
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        x0, y0 = math.floor(min(xs)) - 1, math.floor(min(ys)) - 1
        box = pygame.Rect(x0, y0, math.ceil(max(xs)) + 2 - x0,
                          math.ceil(max(ys)) + 2 - y0)
        box = box.clip(self.surface.get_rect())
        if not box.width or not box.height:
            return
        k = POCKET_SS
        big = pygame.Surface((box.width * k, box.height * k), pygame.SRCALPHA)
        big.fill((*LEATHER_EDGE, 0))  # its edge fades into the liner's dark rim
        bv = copy.copy(v)
        bv.scale, bv.ox, bv.oy = v.scale * k, (v.ox - box.x) * k, (v.oy - box.y) * k
        self._draw_pocket(p, big, bv)
        self.surface.blit(pygame.transform.smoothscale(big, box.size), box)

    def _draw_pocket(self, p: Pocket, s: pygame.Surface, v: TableView) -> None:
        spec = self.spec
        centre, r_hole = pocket_hole(spec, p)
        mc = p.mouth_centre
        c_px = v.to_screen(*centre)
        outline = pocket_outline(spec, p)
        throat = [outline[0], outline[1],
                  (centre[0] + (outline[1][0] - mc[0]) * 0.2,
                   centre[1] + (outline[1][1] - mc[1]) * 0.2),
                  (centre[0] + (outline[2][0] - mc[0]) * 0.2,
                   centre[1] + (outline[2][1] - mc[1]) * 0.2),
                  outline[2], outline[3]]
        # The leather liner over the rail: rounded by the lamp on its top.
        plate = v.px(r_hole * PLATE)
        pygame.draw.circle(s, LEATHER_EDGE, c_px, plate + v.px(0.0025))
        steps = 6
        for i in range(steps):
            t = i / (steps - 1)
            col = _mix(LEATHER, LEATHER_LIT, math.sin(t * math.pi) * 0.8)
            pygame.draw.circle(s, col, c_px, plate - (plate - v.px(r_hole)) * t)
        # The opening between the jaws: the cushion facings bend into the
        # pocket; the cloth of the shelf lies in their shadow and falls away.
        nose = _shade(CLOTH[spec.kind], 0.5)
        shelf = _shade(CLOTH[spec.kind], 0.38)
        pygame.draw.polygon(s, nose, self._poly(v, throat))
        inset = self._jaw_inset(p, outline, spec.cushion_depth * 0.22)
        pygame.draw.polygon(s, shelf, self._poly(v, inset))
        # The hole: a dark rim going down into black.
        r_px = v.px(r_hole)
        rings = max(4, min(14, int(r_px / 2)))
        for i in range(rings):
            t = i / (rings - 1)
            col = _mix(POCKET_RIM, POCKET_DEEP, t ** 0.5)
            pygame.draw.circle(s, col, c_px, r_px * (1.0 - 0.62 * t))
        # The far side of the hole catches a little light; the near lip, none.
        pygame.draw.circle(s, _mix(POCKET_RIM, LEATHER_LIT, 0.5), c_px, r_px,
                           max(1, int(r_px * 0.08)))

    @staticmethod
    def _jaw_inset(p: Pocket, outline: list[Vec], d: float) -> list[Vec]:
        """The throat's cloth, each facing moved ``d`` towards the pocket's axis
        (what is left between the two nose faces)."""
        mc = p.mouth_centre
        ix, iy = p.inward
        out: list[Vec] = []
        for tip, end in ((outline[0], outline[1]), (outline[3], outline[2])):
            # Towards the axis: the component of (mouth centre - tip) across it.
            ax, ay = mc[0] - tip[0], mc[1] - tip[1]
            along = ax * ix + ay * iy
            cx, cy = ax - along * ix, ay - along * iy
            n = math.hypot(cx, cy) or 1.0
            out.append((tip[0] + cx / n * d, tip[1] + cy / n * d))
            out.append((end[0] + cx / n * d + ix * d, end[1] + cy / n * d + iy * d))
        a0, a1, b0, b1 = out
        return [a0, a1, b1, b0]


SHADOW_REST = 0.4  # a resting ball's shadow lies at most this many radii off


def shadow_offset(spec: TableSpec, x: float, y: float, z: float) -> Vec:
    """Where a ball's shadow falls from the nearest lamp (LAMP_HEIGHT up):
    straight under it below the lamp, cast away from it, further for a
    ball in the air (table metres).  A resting ball's shadow stays at most
    SHADOW_REST radii off its foot: the true offset, about a ball's radius
    near a corner, read as a second, ghost ball (play-testers)."""
    lx, ly = nearest_lamp(spec, x, y)
    dx, dy = x - lx, y - ly
    d = math.hypot(dx, dy)
    if d < 1e-9:
        return (0.0, 0.0)
    r = spec.balls.radius
    rest = min(d * r / (LAMP_HEIGHT - r), SHADOW_REST * r)
    # Only the lift over a resting ball throws the shadow further away.
    air = max(0.0, d * (z / max(0.05, LAMP_HEIGHT - z) - r / (LAMP_HEIGHT - r)))
    return (dx / d * (rest + air), dy / d * (rest + air))


def shadow_sprite(r_px: float) -> pygame.Surface:
    """A soft round shadow a little wider than the ball: darkest under it,
    fading out past its edge (so it reads as the ball's contact shade)."""
    size = max(4, math.ceil(2.5 * r_px))
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    for i in range(6):
        k = 1.0 - i * 0.1
        pygame.draw.ellipse(surf, (0, 0, 0, 26),
                            pygame.Rect(0, 0, size * k, size * k).move(
                                size * (1 - k) / 2, size * (1 - k) / 2))
    return surf


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


def centred(img: pygame.Surface, sx: float, sy: float) -> pygame.Rect:
    """Where a picture goes centred on the screen point (sx, sy), rounded
    to the nearest pixel: a Rect's ``center`` truncates, which drew every
    ball up to a pixel up-left of where it is."""
    w, h = img.get_size()
    return pygame.Rect(round(sx - w / 2), round(sy - h / 2), w, h)


def head_string_colour(spec: TableSpec) -> Colour:
    """The chalk of the head string (the house line)."""
    return _shade(CLOTH[spec.kind], 1.45 * LAMP_BRIGHT)


def draw_head_string(surface: pygame.Surface, view: TableView,
                     full: bool = True) -> None:
    """The head string in chalk: on a pool table dashed, and only while a
    rule names it (``full``; a faint line was still read as meaning
    something); on a pyramid table the house line, a solid line, always."""
    spec = view.spec
    hx = spec.head_string_x
    if spec.kind is TableKind.PYRAMID:
        pygame.draw.line(surface, head_string_colour(spec), view.to_screen(hx, 0.0),
                         view.to_screen(hx, spec.width), max(1, int(view.px(0.003))))
        return
    if not full:
        return
    colour = head_string_colour(spec)
    n = 24
    for i in range(0, n, 2):
        y0 = spec.width * i / n
        y1 = spec.width * (i + 1) / n
        pygame.draw.line(surface, colour, view.to_screen(hx, y0),
                         view.to_screen(hx, y1), max(1, int(view.px(0.002))))


class BallSprites:
    """Every ball of a set pre-drawn at one pixel radius."""

    def __init__(self, spec: TableSpec, r_px: float) -> None:
        self.spec = spec
        self.r_px = r_px
        # Ivory pyramid balls are told apart only by their numbers: in a small
        # window the rolling number is too small to read, so the ball is
        # painted plain and its number written upright inside it instead.
        # Pool balls too: at 800x500 a turning number was a grey smudge.
        self.small_numbers = r_px < SMALL_BALL_PX
        self.rolling = RollingBalls(spec, r_px, numbers=not self.small_numbers,
                                    shared=True)
        self.shadow = shadow_sprite(r_px)
        self.edged = {b for b, c in spec.balls.colours.items()
                      if b != spec.balls.cue_ball and near_cloth(c, spec.kind)}
        if pygame.display.get_surface() is not None:
            self.shadow = self.shadow.convert_alpha()

    def draw_shadows(self, surface: pygame.Surface, view: TableView,
                     balls: Mapping[int, tuple[float, float, float]]) -> None:
        """The balls' shadows on the cloth, cast from the lamp.  Drawn before
        the aiming marks, so the shadows never dim a line the player reads."""
        r = self.spec.balls.radius
        for _b, (x, y, z) in balls.items():
            ox, oy = shadow_offset(self.spec, x, y, z)
            sx, sy = view.to_screen(x + ox, y + oy)
            shadow = self.shadow
            lift = z - r
            if lift > 0.002:
                # In the air: a wider, fainter shadow (the lamp's penumbra).
                k = 1.0 + min(1.0, lift / r * 0.5)
                side = round(shadow.get_width() * k)
                shadow = pygame.transform.smoothscale(shadow, (side, side))
                shadow.set_alpha(round(255 / (k * k)))
            surface.blit(shadow, centred(shadow, sx, sy))

    def draw(self, surface: pygame.Surface, view: TableView,
             balls: Mapping[int, tuple[float, float, float]],
             highlight: Iterable[int] = (), shadows: bool = True) -> None:
        """The balls (and first their shadows, unless drawn already, so no
        shadow falls on a neighbouring ball)."""
        r = self.r_px
        hl = set(highlight)
        self.rolling.new_frame()
        if shadows:
            self.draw_shadows(surface, view, balls)
        for b, (x, y, z) in sorted(balls.items(), key=lambda kv: kv[1][2]):
            spr = self.rolling.image(b, x, y)
            if spr is None:
                continue
            sx, sy = view.to_screen(x, y)
            lift = max(0.0, z - self.spec.balls.radius)
            k = 1.0
            if lift > 0.001:
                k = 1.0 + min(0.6, lift * 4.0)
                spr = pygame.transform.smoothscale(
                    spr, (int(spr.get_width() * k), int(spr.get_height() * k)))
            at = centred(spr, sx, sy)
            surface.blit(spr, at)
            # The lamp's spot, on the ball's side towards its nearest lamp.
            lx, ly = nearest_lamp(self.spec, x, y)
            hx, hy = gloss_towards((lx - x, ly - y, LAMP_HEIGHT - z))
            spot = gloss_spot(self.r_px, hx, hy)
            place = spot.get_rect(center=at.center)
            shade = ball_shade(self.r_px, hx, hy)
            if at.size != place.size:  # a ball in the air, drawn larger
                shade = pygame.transform.smoothscale(shade, at.size)
            surface.blit(shade, at, special_flags=pygame.BLEND_RGB_MULT)
            surface.blit(spot, place, special_flags=pygame.BLEND_RGB_ADD)
            if b in self.edged:
                # (round the ball, on the cloth: its own colour kept whole)
                pygame.draw.circle(surface, EDGE_ON_CLOTH, (sx, sy), r * k + 1, 1)
            if self.small_numbers and b != self.spec.balls.cue_ball:
                if self.spec.kind is TableKind.PYRAMID:
                    upright_number(surface, b, at, r)
                else:
                    stripe = self.spec.balls.colours[b] \
                        if b in self.spec.balls.stripes else None
                    pool_number(surface, b, at, r, stripe)
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
             gap: float, elevation: float = 0.0, balls: Iterable[Vec] = (),
             beneath: Callable[[], None] | None = None) -> None:
    """The stick behind the cue ball, pointing along ``angle_deg``; its tip
    ``gap`` metres from the ball's surface (the pull-back); inside the
    table's rectangle only. Of ``balls`` (where the others lie) those the
    stick lies over show through it: a ball touching the cue ball behind
    it was hidden, and struck into a double hit unseen. ``beneath``: drawn
    under the stick, the balls over it too (the grip's glow hid the 9)."""
    old = table_clip(surface, view)
    try:
        r = view.spec.balls.radius
        under = [ball_patch(surface, view, at, r)
                 for at in balls_under_cue(cue_pos, angle_deg, gap, r, balls)]
        if beneath is not None:
            beneath()
        _draw_cue(surface, view, cue_pos, angle_deg, gap, elevation)
        for rect, ball in under:
            surface.blit(ball, rect)
    finally:
        surface.set_clip(old)


# How much of a ball under the stick shows through it (of 255): the ball
# reads as itself, the stick still faintly across it.
SEE_THROUGH = 215



def draw_marked_places(surface: pygame.Surface, view: TableView, spec: TableSpec,
                       cushions: Iterable[str], pocket: str | None,
                       colour: Colour) -> None:
    """A foul's places marked as the window and its exports show them: each
    named cushion a thick line along its rail, the pocket a ring round its
    mouth (an unknown name marks nothing)."""
    for name in dict.fromkeys(cushions):
        for rail in spec.rails:
            if rail.name == name:
                pygame.draw.line(surface, colour, view.to_screen(*rail.start),
                                 view.to_screen(*rail.end), 6)
    if not pocket:
        return
    try:
        p = spec.pocket(pocket)
    except (KeyError, ValueError):
        return
    pygame.draw.circle(surface, colour, view.to_screen(*p.mouth_centre),
                       view.px(p.mouth_width * 0.7), 3)


def ball_patch(surface: pygame.Surface, view: TableView, at: Vec, r: float
               ) -> tuple[pygame.Rect, pygame.Surface]:
    """The ball at ``at`` as drawn, cut out round and made SEE_THROUGH,
    to lay back over what is drawn on it (the stick)."""
    cx, cy = view.to_screen(*at)
    rad = r * view.scale
    half = math.ceil(rad) + 1
    rect = pygame.Rect(round(cx) - half, round(cy) - half, 2 * half + 1, 2 * half + 1)
    rect = rect.clip(surface.get_rect())
    patch = pygame.Surface(rect.size, pygame.SRCALPHA)
    patch.blit(surface, (0, 0), rect)
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, SEE_THROUGH),
                       (cx - rect.x, cy - rect.y), rad)
    patch.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return rect, patch


def others(table: TableState) -> list[Vec]:
    """Where the balls but the cue ball lie (those the stick may hide)."""
    return [p for b in table.on_table() if b != CUE_BALL
            and (p := table.position(b)) is not None]


def balls_under_cue(cue_pos: Vec, angle_deg: float, gap: float, r: float,
                    balls: Iterable[Vec]) -> list[Vec]:
    """The balls of ``balls`` the stick, drawn behind the cue ball at
    ``cue_pos`` along ``angle_deg`` with its tip ``gap`` back, lies over."""
    a = math.radians(angle_deg)
    dx, dy = math.cos(a), math.sin(a)
    start, butt = r + 0.004 + gap, r + 0.004 + gap + 1.47
    out = []
    for x, y in balls:
        ox, oy = x - cue_pos[0], y - cue_pos[1]
        behind = -(ox * dx + oy * dy)
        across = abs(-ox * dy + oy * dx)
        if start - r <= behind <= butt + r and across < r + CUE_HALF_WIDTH and \
                math.hypot(ox, oy) > r:
            out.append((x, y))
    return out


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
    butt = start + length
    lx, ly = nearest_lamp(view.spec, cx - dx * butt / 2, cy - dy * butt / 2)
    # The lit side: the stick's edge towards the lamp.
    side = 1.0 if (lx - cx) * px_ + (ly - cy) * py_ >= 0 else -1.0

    def quad(d0: float, d1: float, w0: float, w1: float, off0: float = 0.0,
             off1: float = 0.0) -> list[tuple[float, float]]:
        """A strip of the stick from ``d0`` to ``d1`` behind the ball,
        ``w`` wide, its middle ``off`` across from the stick's axis."""
        pts = []
        for d, w, off, sgn in ((d0, w0, off0, 1), (d1, w1, off1, 1),
                               (d1, w1, off1, -1), (d0, w0, off0, -1)):
            c = off + w / 2 * sgn
            pts.append(view.to_screen(cx - dx * d + px_ * c, cy - dy * d + py_ * c))
        return pts

    _draw_cue_shadow(surface, view, (cx, cy), (dx, dy), start, butt, r, elevation,
                     (-side * px_, -side * py_))
    rise = math.sin(math.radians(elevation))
    for f0, f1, w0, w1, colour in segs:
        d0 = start + f0 * foreshorten
        d1 = start + f1 * foreshorten if f1 < 1.47 else butt
        # Raised, the stick comes up towards the eye: wider and nearer the
        # lamps (lighter) the higher it is (a level stick is drawn as ever).
        w0, w1 = w0 * _nearer(f0 * rise, r), w1 * _nearer(f1 * rise, r)
        colour = _mix(colour, (255, 255, 250),
                      min(RAISED_LIGHT, RAISED_LIGHT * (f0 + f1) / 2 * rise / 0.7))
        # Round: dark at the edges, the colour over the middle, a light
        # stripe along it towards the lamp.
        pygame.draw.polygon(surface, _shade(colour, 0.62), quad(d0, d1, w0, w1))
        pygame.draw.polygon(surface, colour, quad(d0, d1, w0 * 0.62, w1 * 0.62,
                                                  side * w0 * 0.08, side * w1 * 0.08))
        pygame.draw.polygon(surface, _mix(colour, (255, 255, 250), 0.5),
                            quad(d0, d1, w0 * 0.3, w1 * 0.3, side * w0 * 0.16,
                                 side * w1 * 0.16))
        pygame.draw.aalines(surface, _shade(colour, 0.5), True, quad(d0, d1, w0, w1))


# A raised stick seen from above: the eye this high over the bed widens
# what comes up towards it; the lamps lighten it; its shadow slants
# aside by this much per metre of rise (the light comes from above the
# players' side, so the shadow parts from a stick that lies along the lamps).
EYE_HEIGHT = 1.7
RAISED_LIGHT = 0.3
SHADOW_SLANT = 0.35


def _nearer(rise: float, r: float) -> float:
    """How much wider a point of the stick ``rise`` metres above the tip's
    height looks from EYE_HEIGHT (1 for a level stick)."""
    return (EYE_HEIGHT - r) / max(0.2, EYE_HEIGHT - r - rise)


def _draw_cue_shadow(surface: pygame.Surface, view: TableView, cue: Vec, d: Vec,
                     start: float, butt: float, r: float, elevation: float,
                     away: Vec) -> None:
    """The stick's shadow on the cloth, cast from the nearest lamp like the
    balls': the tip at the ball's height, the butt held a little above the
    rail; a raised stick's shadow slants ``away`` (a unit vector across the
    stick, from its lit side) by its rise. It is darkest and sharpest where
    it meets the tip and fainter, wider and softer the higher the stick
    above it (the lamp's penumbra): drawn as one hard strip, a raised
    stick's shadow, parted from it, read as a second cue (play-testers)."""
    cx, cy = cue
    dx, dy = d
    z_tip = r
    z_butt = r + 0.06 + (butt - start) * math.sin(math.radians(elevation))
    lift = (butt - start) * math.tan(math.radians(elevation)) * SHADOW_SLANT
    ends = []
    for dist, z, slant in ((start, z_tip, 0.0), (butt, z_butt, lift)):
        x, y = cx - dx * dist, cy - dy * dist
        ox, oy = shadow_offset(view.spec, x, y, z)
        ends.append((x + ox + away[0] * slant, y + oy + away[1] * slant))
    (x0, y0), (x1, y1) = ends
    # Its width and darkness along it: (fraction along, width m, alpha).
    # (a level stick's shadow: one strip as ever, narrower at the tip)
    rise = (butt - start) * math.sin(math.radians(elevation))
    marks = []
    for i in range(SHADOW_STEPS + 1):
        t = i / SHADOW_STEPS
        soft = min(1.0, rise * t / SHADOW_SOFT_RISE)
        marks.append((t, SHADOW_W * (0.6 + 0.4 * t) * (1.0 + 1.5 * soft),
                      SHADOW_ALPHA * (1.0 - 0.85 * soft), 1.0 + soft))

    def strip(t0: float, t1: float, w0: float, w1: float) -> list[tuple[float, float]]:
        pts = []
        for t, w, sgn in ((t0, w0, 1), (t1, w1, 1), (t1, w1, -1), (t0, w0, -1)):
            x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            pts.append(view.to_screen(x - dy * w / 2 * sgn, y + dx * w / 2 * sgn))
        return pts

    outline = strip(0.0, 1.0, marks[0][1] * 2, marks[-1][1] * 2)
    box = pygame.Rect(min(p[0] for p in outline) - 2, min(p[1] for p in outline) - 2,
                      0, 0)
    box.width = int(max(p[0] for p in outline) - box.x) + 3
    box.height = int(max(p[1] for p in outline) - box.y) + 3
    box = box.clip(surface.get_clip() or surface.get_rect())
    if box.width < 1 or box.height < 1:
        return
    sh = pygame.Surface(box.size, pygame.SRCALPHA)
    # A faint wide penumbra first, the core over it (the core's pixels
    # replace the penumbra's: no doubled darkness where they overlap).
    for core in (False, True):
        for (t0, w0, a0, k0), (t1, w1, a1, k1) in itertools.pairwise(marks):
            if not core and k1 <= 1.0:
                continue  # (no penumbra where the stick is not raised)
            alpha = round((a0 + a1) / 2 * (1.0 if core else 0.35))
            if not core:
                w0, w1 = w0 * k0, w1 * k1
            pts = [(x - box.x, y - box.y) for x, y in strip(t0, t1, w0, w1)]
            pygame.draw.polygon(sh, (0, 0, 0, alpha), pts)
    surface.blit(sh, box)


SHADOW_STEPS = 16  # pieces the stick's shadow is drawn in, fading along it
SHADOW_W = 0.03  # m: the shadow's width at the butt of a level stick
SHADOW_ALPHA = 75  # the shadow's darkness at the tip (of 255)
SHADOW_SOFT_RISE = 0.25  # m over the tip at which the shadow is faintest


SMALL_BALL_PX = UPRIGHT_PX  # a ball's radius on screen below which numbers go upright
NUMBER_INK_PX = 7  # the least height of an upright number's digits
NUMBER_INK = (24, 16, 8)
# At 800x500 a small number's outer pixels lay on the ball's shaded rim,
# ink beside grey, and read into the rim and the next ball's number: the
# pixels round its ink are lit to ivory, the ball's outermost pixel kept.
NUMBER_GROUND = (236, 230, 212)
NUMBER_GROUND_RIM = 1.0  # px of the ball's shaded rim left round that ground

# Digits on a 3x5 grid (rows: top bar, upper stems, middle bar, lower stems,
# bottom bar), stretched to the pixel: two of them fit a 10 px ball at 7 px
# high, where a typeface's "15" at a readable size is wider than the ball.
_DIGITS = (  # 0 to 9 (1 is drawn narrower, as a stem with a flag)
    ("###", "#.#", "#.#", "#.#", "###"),
    ("..#", "..#", "..#", "..#", "..#"),
    ("###", "..#", "###", "#..", "###"),
    ("###", "..#", "###", "..#", "###"),
    ("#.#", "#.#", "###", "..#", "..#"),
    ("###", "#..", "###", "..#", "###"),
    ("###", "#..", "###", "#.#", "###"),
    ("###", "..#", "..#", "..#", "..#"),
    ("###", "#.#", "###", "#.#", "###"),
    ("###", "#.#", "###", "..#", "###"),
)


# At the smallest size (7 px high, a ball under 10 px across) the grid's
# digits differed by two pixels ("3"/"9", "5"/"6", "12"/"15" by four) and
# play-testers saw 11-15 blur: a dot-matrix display's 5x7 digits, each
# with its own shape (diagonals, open corners), set the numbers apart.
_SMALL_DIGITS = (  # 0 to 9, 5 wide, 7 high
    (".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."),
    ("..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."),
    (".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"),
    ("#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."),
    ("...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."),
    ("#####", "#....", "####.", "....#", "....#", "#...#", ".###."),
    ("..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."),
    ("#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."),
    (".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."),
    (".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."),
)
SMALL_HIGH = 7  # numbers this high (and lower) are drawn in _SMALL_DIGITS
# Two digits at that size: 3 wide each. The tens' "1" drawn as a bare stem
# (to leave the units 5 px) sat on the ball's shaded rim and read as its
# outline, "13" as "3" (play-test: the rack seemed to hold two 3s).
_NARROW_DIGITS = (  # 0 to 9, 3 wide, 7 high
    (".#.", "#.#", "#.#", "#.#", "#.#", "#.#", ".#."),
    (".#.", "##.", ".#.", ".#.", ".#.", ".#.", "###"),
    (".#.", "#.#", "..#", ".#.", "#..", "#..", "###"),
    ("##.", "..#", "..#", ".#.", "..#", "..#", "##."),
    ("#.#", "#.#", "#.#", "###", "..#", "..#", "..#"),
    ("###", "#..", "##.", "..#", "..#", "..#", "##."),
    (".##", "#..", "#..", "##.", "#.#", "#.#", ".#."),
    ("###", "..#", "..#", ".#.", ".#.", ".#.", ".#."),
    (".#.", "#.#", "#.#", ".#.", "#.#", "#.#", ".#."),
    (".#.", "#.#", "#.#", ".##", "..#", "..#", "##."),
)


def upright_number(surface: pygame.Surface, ball: int, at: pygame.Rect,
                   r: float) -> None:
    """The ball's number upright inside the ball, in narrow dark digits
    drawn pixel by pixel (crisp, drawn once, no ring): at 800x500 a ball is
    under 10 px across and a typeface's two digits at a readable height
    stood out past it onto the cloth and over the neighbours in a rack.
    ``at``: where the ball's picture went (centred on it, so that the
    digits sit in the ball's middle, not a pixel off by rounding)."""
    img = number_image(ball, r)
    w, h = img.get_size()
    if h <= SMALL_HIGH:  # the lighter of ball and ground: its gloss stays
        surface.blit(number_ground(ball, r, at.size), at,
                     special_flags=pygame.BLEND_RGB_MAX)
    surface.blit(img, (at.x + (at.width - w) // 2, at.y + (at.height - h) // 2))


@functools.lru_cache(maxsize=128)
def number_ground(ball: int, r: float, size: tuple[int, int]) -> pygame.Surface:
    """Ivory on each pixel beside a small number's ink (black elsewhere, to
    lay over the ball by the lighter of the two), within the ball: a
    ball's picture ``size`` large, of radius ``r`` px."""
    ink = number_image(ball, r)
    w, h = ink.get_size()
    ox, oy = (size[0] - w) // 2, (size[1] - h) // 2
    mask = pygame.mask.from_surface(ink)
    ground = pygame.Surface(size)
    cx, cy = size[0] / 2, size[1] / 2
    for x in range(size[0]):
        for y in range(size[1]):
            if math.hypot(x + 0.5 - cx, y + 0.5 - cy) > r - NUMBER_GROUND_RIM:
                continue
            near = any(0 <= x + dx - ox < w and 0 <= y + dy - oy < h
                       and mask.get_at((x + dx - ox, y + dy - oy))
                       for dx in (-1, 0, 1) for dy in (-1, 0, 1))
            if near:
                ground.set_at((x, y), NUMBER_GROUND)
    return ground


@functools.lru_cache(maxsize=128)
def number_image(ball: int, r: float) -> pygame.Surface:
    """The number for a ball of radius ``r`` px: as high as fits the ball
    (at least NUMBER_INK_PX), each digit as wide as the pair still fits."""
    text = str(ball)
    high = max(NUMBER_INK_PX, round(r * 1.3))
    if high <= SMALL_HIGH:
        return _small_number(text)
    # The ball's width at the digits' top and bottom (a pixel's leeway).
    chord = 2 * math.sqrt(max(0.0, r * r - (high / 2) ** 2)) + 1
    stroke = 2 if high >= 11 else 1
    ones = text.count("1")
    others = len(text) - ones
    gap = 2 if high >= 9 else 1  # "1" and its neighbour read apart
    free = chord - (stroke + 1) * ones - gap * (len(text) - 1)
    fit = int(free / others) if others else 0
    wide = max(2 * stroke + 1, min(round(high * 0.72), fit))
    widths = [stroke + 1 if c == "1" else wide for c in text]
    img = pygame.Surface((sum(widths) + gap * (len(text) - 1), high), pygame.SRCALPHA)
    rows = _spans(high, stroke)
    x = 0
    for c, w in zip(text, widths, strict=True):
        if c == "1":  # a stem with a flag: narrow, so "10"-"15" fit
            img.fill(NUMBER_INK, (x + 1, 0, stroke, high))
            img.fill(NUMBER_INK, (x, rows[1][0], 1, stroke))
        else:
            cols = ((0, stroke), (stroke, w - 2 * stroke), (w - stroke, stroke))
            for (y0, h), line in zip(rows, _DIGITS[int(c)], strict=True):
                for (x0, cw), on in zip(cols, line, strict=True):
                    if on == "#":
                        img.fill(NUMBER_INK, (x + x0, y0, cw, h))
        x += w + gap
    return img.convert_alpha() if pygame.display.get_surface() else img


def _small_number(text: str, ink: Colour = NUMBER_INK) -> pygame.Surface:
    """``text`` in _SMALL_DIGITS, or two digits in _NARROW_DIGITS (7 px
    wide in all, within the ball), a pixel apart, in ``ink``."""
    one = tuple(row[1:4] for row in _SMALL_DIGITS[1])  # no blank columns
    glyphs = ([_NARROW_DIGITS[int(c)] for c in text] if len(text) > 1
              else [one if text == "1" else _SMALL_DIGITS[int(text)]])
    widths = [len(g[0]) for g in glyphs]
    img = pygame.Surface((sum(widths) + len(glyphs) - 1, SMALL_HIGH), pygame.SRCALPHA)
    x = 0
    for g, w in zip(glyphs, widths, strict=True):
        for y, row in enumerate(g):
            for dx, on in enumerate(row):
                if on == "#":
                    img.fill(ink, (x + dx, y, 1, 1))
        x += w + 1
    return img.convert_alpha() if pygame.display.get_surface() else img


# A pool ball under 7 px in radius (800x500): 3x5 digits, so that the
# ivory spot round them leaves the ball's colour in sight, as on a real ball.
POOL_TINY_PX = 7.0
_TINY_DIGITS = (  # 0 to 9, 3 wide, 5 high
    (".#.", "#.#", "#.#", "#.#", ".#."),
    (".#.", "##.", ".#.", ".#.", "###"),
    ("##.", "..#", ".#.", "#..", "###"),
    ("##.", "..#", ".#.", "..#", "##."),
    ("#.#", "#.#", "###", "..#", "..#"),
    ("###", "#..", "##.", "..#", "##."),
    (".##", "#..", "###", "#.#", "###"),
    ("###", "..#", ".#.", ".#.", ".#."),
    ("###", "#.#", "###", "#.#", "###"),
    ("###", "#.#", "###", "..#", "##."),
)


# At 800x500 (a ball 11 px across) a 3x5 digit was under half the ball's
# height, a 3 read as a 9: a solid's number is drawn in the 3x7 digits (its
# ivory spot within the ball's rim, the ball's colour round it) on a ball
# at least POOL_SOLID_TALL_PX in radius, the stripe's 9 five pixels wide on
# its band (a band of seven rows leaves its white caps in sight; a taller
# number left them a pixel high). Its tail curls back under a round bowl,
# as a written 9's does: a box with a lone pixel hooked under its right
# side read as no digit at all; a box over a full tail left under two
# fifths of the band's middle yellow.
POOL_SOLID_TALL_PX = 5.5
_TINY_WIDE_NINE = (".###.", "#...#", ".####", "....#", ".###.")


@functools.lru_cache(maxsize=64)
def pool_number_image(ball: int, r: float, ink: Colour = NUMBER_INK) -> pygame.Surface:
    """A pool ball's upright number: on a ball under POOL_TINY_PX in
    radius, a solid's (1-8: pool's stripes are 9-15) in 3x7 digits where
    the ball holds them, the 9 in 5x5 ones, 10-15 in 3x5 ones; on a larger
    ball the pyramid's small (7 px) digits."""
    text = str(ball)
    if r >= POOL_TINY_PX:
        return _small_number(text, ink) if ball not in (6, 9) else \
            _with_mark(_small_number(text, ink), ink)
    glyphs: list[tuple[str, ...]] = \
        [_NARROW_DIGITS[ball]] if ball < 9 and r >= POOL_SOLID_TALL_PX \
        else [_TINY_WIDE_NINE] if ball == 9 else [_TINY_DIGITS[int(c)] for c in text]
    # The 6 and the 9 marked, as the larger balls' bar under them: upright
    # digits of a few pixels still read a 6 as a 9 turned. The solid 6 in
    # its 3x7 box: a 3x5 digit over its bar; the 9 on its band (seven rows
    # high at most, its caps in sight): a dot after its foot.
    if ball == 6 and glyphs == [_NARROW_DIGITS[6]]:
        glyphs = [(*_TINY_DIGITS[6], "...", "###")]
    elif ball in (6, 9):
        glyphs.append((*("." for _ in glyphs[0][:-1]), "#"))
    widths = [len(g[0]) for g in glyphs]
    img = pygame.Surface((sum(widths) + len(glyphs) - 1, len(glyphs[0])),
                         pygame.SRCALPHA)
    x = 0
    for g, w in zip(glyphs, widths, strict=True):
        for y, row in enumerate(g):
            for dx, on in enumerate(row):
                if on == "#":
                    img.fill(ink, (x + dx, y, 1, 1))
        x += w + 1
    return img.convert_alpha() if pygame.display.get_surface() else img


def _with_mark(img: pygame.Surface, ink: Colour) -> pygame.Surface:
    """``img`` (a 6's or a 9's small digit) with a dot a pixel after its
    foot (pool_number_image)."""
    w, h = img.get_size()
    out = pygame.Surface((w + 2, h), pygame.SRCALPHA)
    out.blit(img, (0, 0))
    out.fill(ink, (w + 1, h - 1, 1, 1))
    return out.convert_alpha() if pygame.display.get_surface() else out


@functools.lru_cache(maxsize=64)
def pool_spot(ball: int, r: float, size: tuple[int, int]) -> pygame.Surface:
    """The ivory spot a small solid's number stands on: its digits' box
    and a pixel round it, the box's corners cut where no ink is beside
    them (a rounded spot), within the ball less its outermost pixel;
    transparent elsewhere."""
    img = pool_number_image(ball, r)
    w, h = img.get_size()
    mask = pygame.mask.from_surface(img)
    ox, oy = (size[0] - w) // 2, (size[1] - h) // 2
    spot = pygame.Surface(size, pygame.SRCALPHA)
    cx, cy = size[0] / 2, size[1] / 2
    for x in range(ox - 1, ox + w + 1):
        for y in range(oy - 1, oy + h + 1):
            corner = x in (ox - 1, ox + w) and y in (oy - 1, oy + h) \
                and not mask.get_at((min(max(x - ox, 0), w - 1),
                                     min(max(y - oy, 0), h - 1)))
            if not corner and math.hypot(x + 0.5 - cx, y + 0.5 - cy) \
                    <= r - NUMBER_GROUND_RIM:
                spot.set_at((x, y), NUMBER_GROUND)
    return spot


def pool_number(surface: pygame.Surface, ball: int, at: pygame.Rect,
                r: float, stripe: Colour | None = None) -> None:
    """A small pool ball's number upright (the ball's picture is at
    ``at``): a solid's in dark digits on its ivory spot, the ball's colour
    round. A stripe (``stripe``: its band's colour) drawn upright whole, as
    a stripe is told from a solid at a glance: a band of its colour across
    the ball through the digits, white caps above and below it (a solid's
    colour above and below its spot), the digits on the band (stripe_face).
    Its caps shaded with the ball read as grey slivers, thinner than the
    digits: the stripe read as its number, the green 14 as the cloth."""
    if stripe is None:
        surface.blit(pool_spot(ball, r, at.size), at)
        img = pool_number_image(ball, r)
    else:
        ink, band = stripe_ink(stripe)
        surface.blit(stripe_face(ball, r, at.size, band), at)
        img = pool_number_image(ball, r, ink)
    w, h = img.get_size()
    surface.blit(img, (at.x + (at.width - w) // 2, at.y + (at.height - h) // 2))


STRIPE_CAP = (248, 246, 238)  # a small stripe's white caps, where lit full
STRIPE_RIM_SHADE = 0.72  # the band's outermost pixels, of its colour
STRIPE_CAP_RIM = 0.84  # the caps' outermost pixels (white still, a little shaded)


@functools.lru_cache(maxsize=64)
def stripe_face(ball: int, r: float, size: tuple[int, int],
                band: Colour) -> pygame.Surface:
    """A small stripe's face upright, ``size`` large, radius ``r`` px:
    the rows of its number and one more above and below in ``band`` (a
    pixel of it round the digits), the rows beyond white (its caps,
    softly darker towards the rim), the outermost pixels darker still and
    as transparent as little of them the ball covers (its edge smooth on
    the cloth)."""
    digits = pool_number_image(ball, r)
    w, h = digits.get_size()
    ox, oy = (size[0] - w) // 2, (size[1] - h) // 2
    mask = pygame.mask.from_surface(digits)
    img = pygame.Surface(size, pygame.SRCALPHA)
    cx, cy = size[0] / 2, size[1] / 2
    for x in range(size[0]):
        for y in range(size[1]):
            d = math.hypot(x + 0.5 - cx, y + 0.5 - cy)
            cover = min(1.0, r - d + 0.5)
            if cover <= 0:
                continue
            rim = d > r - NUMBER_GROUND_RIM
            if oy - 1 <= y <= oy + h:
                # (the rim beside a digit kept its full colour: the digit
                # stands out from each pixel round it)
                near = any(0 <= x + dx - ox < w and 0 <= y + dy - oy < h
                           and mask.get_at((x + dx - ox, y + dy - oy))
                           for dx in (-1, 0, 1) for dy in (-1, 0, 1))
                k = STRIPE_RIM_SHADE if rim and not near else 1.0
                c = band
            else:
                nz = math.sqrt(max(0.0, 1.0 - (d / r) ** 2))
                k = STRIPE_CAP_RIM if rim else 0.9 + 0.1 * nz
                c = STRIPE_CAP
            img.set_at((x, y), (round(c[0] * k), round(c[1] * k), round(c[2] * k),
                                round(255 * cover)))
    return img


def luminance(c: Colour) -> float:
    """A colour's relative luminance (WCAG), 0 for black to 1 for white."""
    def lin(v: int) -> float:
        u = v / 255
        return u / 12.92 if u <= 0.04045 else ((u + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def contrast(a: Colour, b: Colour) -> float:
    """The contrast ratio of two colours (WCAG): 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


DARK_ON_BAND = 4.5  # the contrast digits need on a band (WCAG's for text)
# A small stripe's light digits: white, not ivory (ivory on the red 11 and
# the green 14 stood at 3.9:1 and 4.0:1).
STRIPE_INK = (255, 255, 255)


def stripe_ink(colour: Colour) -> tuple[Colour, Colour]:
    """A small stripe's number's ink and ground: the band's colour, with
    dark digits where they stand out on it (yellow, orange), else white
    ones (red, green, blue, purple, maroon); a band too light for either
    is deepened until white digits stand out on it."""
    if contrast(NUMBER_INK, colour) >= DARK_ON_BAND:
        return NUMBER_INK, colour
    band = colour
    while contrast(STRIPE_INK, band) < DARK_ON_BAND:
        band = (band[0] * 9 // 10, band[1] * 9 // 10, band[2] * 9 // 10)
    return STRIPE_INK, band


def _spans(high: int, stroke: int) -> list[tuple[int, int]]:
    """The five rows of the digit grid: (top, height) in pixels."""
    a = (high - 3 * stroke) // 2
    b = high - 3 * stroke - a
    out, y = [], 0
    for h in (stroke, a, stroke, b, stroke):
        out.append((y, h))
        y += h
    return out


def number_labels(view: TableView, balls: Mapping[int, tuple[float, float, float]],
                  sizes: Mapping[int, tuple[int, int]], r: float
                  ) -> dict[int, pygame.Rect]:
    """Where each ball's label goes: beside its ball, clear of every ball
    and of the labels placed before it (in a rack the labels move out
    around the triangle, each with a leader back to its ball)."""
    pts = {b: view.to_screen(x, y) for b, (x, y, _z) in balls.items()}
    placed: dict[int, pygame.Rect] = {}
    dirs = [(math.cos(math.radians(a)), math.sin(math.radians(a)))
            for a in (-45, -135, 45, 135, -90, 90, 0, 180, -20, -160, 20, 160,
                      -70, -110, 70, 110)]

    def clear(rect: pygame.Rect) -> bool:
        if not view.rect.contains(rect):
            return False
        if rect.inflate(2, 2).collidelist(list(placed.values())) >= 0:
            return False
        for q in pts.values():
            nx = min(max(q[0], rect.left), rect.right)
            ny = min(max(q[1], rect.top), rect.bottom)
            if math.hypot(q[0] - nx, q[1] - ny) < r + 1:
                return False
        return True

    for b in sorted(sizes, key=lambda k: (pts[k][1], pts[k][0])):
        w, h = sizes[b]
        cx, cy = pts[b]
        # Out of a cluster first: away from the middle of the balls near it.
        near = [q for q in pts.values() if math.dist(q, (cx, cy)) < 6 * r]
        ox = cx - sum(q[0] for q in near) / len(near)
        oy = cy - sum(q[1] for q in near) / len(near)
        order = sorted(dirs, key=lambda u: -(u[0] * ox + u[1] * oy)) \
            if math.hypot(ox, oy) > 0.5 else dirs
        best = None
        for step in range(12):
            d = r + 1 + step * max(3.0, r)
            for ux, uy in order:
                # The label's nearest point to the ball at distance ``d``.
                ext = abs(ux) * w / 2 + abs(uy) * h / 2
                rect = pygame.Rect(0, 0, w, h)
                rect.center = (round(cx + ux * (d + ext)), round(cy + uy * (d + ext)))
                if best is None:
                    best = rect
                if clear(rect):
                    best = rect
                    break
            else:
                continue
            break
        assert best is not None
        placed[b] = best
    return placed


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
    """Every object ball's number large, in a tag beside the ball (key
    Tab): the numbers on the balls are hard to read in a small window, and
    a tag over the ball hid the ball itself (where it is is what one aims
    at)."""
    from simulator.app.text import fonts, ui
    size = max(12, int(view.ball_px * 1.5))
    r = view.ball_px
    racked: set[int] = set()
    if spec.kind is TableKind.PYRAMID and r < SMALL_BALL_PX:
        for group in clusters(view, balls, spec.balls.cue_ball):
            draw_magnified(surface, view, balls, group)
            racked |= group
    tags = {b: fonts.text(str(b), size, (255, 255, 255), bold=True)
            for b in balls if b != spec.balls.cue_ball and b not in racked}
    pad = 2
    sizes = {b: (t.get_bounding_rect().width + 2 * pad + 2,
                 t.get_bounding_rect().height + 2 * pad + 2) for b, t in tags.items()}
    where = number_labels(view, {b: balls[b] for b in tags}, sizes, r)
    leaders: list[tuple[tuple[float, float], tuple[float, float], tuple[int, ...]]] = []
    for b, rect in where.items():  # the leaders first: under every tag
        x, y, _z = balls[b]
        c = view.to_screen(x, y)
        colour = spec.balls.colours.get(b, (200, 200, 200))
        # The leader: from the ball's rim to the tag's nearest point.
        nx = min(max(c[0], rect.left), rect.right - 1)
        ny = min(max(c[1], rect.top), rect.bottom - 1)
        d = math.hypot(nx - c[0], ny - c[1])
        if d > r + 2:
            leaders.append((c, (nx, ny), colour))
    _draw_leaders(surface, view, balls, leaders, r)
    for b, rect in where.items():
        colour = spec.balls.colours.get(b, (200, 200, 200))
        pygame.draw.rect(surface, (12, 12, 12), rect, border_radius=3)
        pygame.draw.rect(surface, colour, rect, 1, border_radius=3)
        # The digits' ink centred in the tag (not the line's box).
        t = tags[b]
        ink = t.get_bounding_rect()
        box = t.get_rect(topleft=(rect.centerx - ink.width // 2 - ink.x,
                                  rect.centery - ink.height // 2 - ink.y))
        ui.line(surface, str(b), size, (255, 255, 255), box, bold=True)


CLUSTER = 4  # this many touching balls get one magnified picture, not tags
MAGNIFY = 3  # how many times larger


def clusters(view: TableView, balls: Mapping[int, tuple[float, float, float]],
             cue: int) -> list[set[int]]:
    """The object balls in groups of CLUSTER or more, each touching
    another of its group (a rack): sixteen tags round a rack, each with its
    leader, were too busy to read (play-test)."""
    pts = {b: view.to_screen(x, y) for b, (x, y, _z) in balls.items() if b != cue}
    near = 2 * view.ball_px + 1.5
    group = {b: {b} for b in pts}
    for a in pts:
        for b in pts:
            if a < b and math.dist(pts[a], pts[b]) <= near and group[a] is not group[b]:
                merged = group[a] | group[b]
                for m in merged:
                    group[m] = merged
    out: list[set[int]] = []
    for g in group.values():
        if len(g) >= CLUSTER and g not in out:
            out.append(g)
    return out


def draw_magnified(surface: pygame.Surface, view: TableView,
                   balls: Mapping[int, tuple[float, float, float]],
                   group: set[int]) -> None:
    """The group's balls as drawn, MAGNIFY times larger (their numbers
    large and crisp), in a framed box beside them over free cloth, a line
    back to the group."""
    r = view.ball_px
    pts = {b: view.to_screen(x, y) for b, (x, y, _z) in balls.items()}
    xs = [pts[b][0] for b in group]
    ys = [pts[b][1] for b in group]
    src = pygame.Rect(math.floor(min(xs) - r - 2), math.floor(min(ys) - r - 2), 0, 0)
    src.width = math.ceil(max(xs) + r + 2) - src.x
    src.height = math.ceil(max(ys) + r + 2) - src.y
    src = src.clip(surface.get_rect())
    if src.width < 2 or src.height < 2:
        return
    big = pygame.transform.scale(surface.subsurface(src).copy(),
                                 (src.width * MAGNIFY, src.height * MAGNIFY))
    box = big.get_rect()
    gap = 2 * r + 6
    # Beside the group on each side, with the line's ends: from the group's
    # frame (never across its balls) to the box.
    spots = [box.copy() for _ in range(4)]
    spots[0].midright = (round(src.left - gap), src.centery)
    spots[1].midleft = (round(src.right + gap), src.centery)
    spots[2].midbottom = (src.centerx, round(src.top - gap))
    spots[3].midtop = (src.centerx, round(src.bottom + gap))
    ends = {id(spots[0]): (src.midleft, spots[0].midright),
            id(spots[1]): (src.midright, spots[1].midleft),
            id(spots[2]): (src.midtop, spots[2].midbottom),
            id(spots[3]): (src.midbottom, spots[3].midtop)}

    def covers(rect: pygame.Rect) -> int:
        grown = rect.inflate(2 * r + 4, 2 * r + 4)
        return sum(grown.collidepoint(p) for p in pts.values())

    inside = [b for b in spots if view.rect.contains(b.inflate(4, 4))] or spots
    where = min(inside, key=covers)
    pygame.draw.line(surface, (230, 226, 210), *ends[id(where)], 1)
    pygame.draw.rect(surface, (230, 226, 210), src.inflate(2, 2), 1, border_radius=3)
    surface.blit(big, where)
    pygame.draw.rect(surface, (12, 12, 12), where.inflate(4, 4), 2, border_radius=3)
    pygame.draw.rect(surface, (230, 226, 210), where.inflate(6, 6), 1, border_radius=4)


def _draw_leaders(surface: pygame.Surface, view: TableView,
                  balls: Mapping[int, tuple[float, float, float]],
                  leaders: list[tuple[tuple[float, float], tuple[float, float],
                                      tuple[int, ...]]], r: float) -> None:
    """Thin lines from the balls to their tags, over the cloth only: a
    line from a ball inside a rack passes under its neighbours, which stay
    whole."""
    if not leaders:
        return
    layer = pygame.Surface(view.rect.size, pygame.SRCALPHA)
    ox, oy = view.rect.topleft
    for (cx, cy), (tx, ty), colour in leaders:
        pygame.draw.aaline(layer, colour, (cx - ox, cy - oy), (tx - ox, ty - oy))
    for x, y, _z in balls.values():
        sx, sy = view.to_screen(x, y)
        pygame.draw.circle(layer, (0, 0, 0, 0), (sx - ox, sy - oy), r + 1.5)
    surface.blit(layer, view.rect)
