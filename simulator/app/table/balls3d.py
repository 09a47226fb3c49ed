"""Balls that roll: each ball's orientation follows its path on the
assumption that it rolls (a ball that jumps a long way, pocketed or
respotted, keeps its face), so a rolling ball turns its number over as it
goes.

A ball's picture is shaded once per orientation step and kept: the
orientation is rounded to one of ``POLES`` directions of the number's axis
and ``ROLLS`` turns about it (about 12 and 18 degrees apart), and a frame
blits the kept picture. A frame paints at most ``BUDGET`` new pictures; a
ball that finds none ready shows its last one a frame longer (a ball that
turns that fast is a blur to the eye anyway).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from functools import lru_cache

import numpy as np
import pygame

from simulator.app.text import fonts
from simulator.table.specs import TableKind, TableSpec

SS = 3  # supersampling of the painted face (2 for small balls)
POLES = 300  # directions of the number's axis a picture is kept for
ROLLS = 20  # turns about that axis
BUDGET = 2  # new pictures painted a frame
CACHE = 8000  # pictures kept, all balls together (about 1-2 kB each)
DISC = 0.55  # number disc radius (fraction of R) on pool balls
PYRAMID_DISC = 0.8  # a pyramid ball's number is large: its ball is all ivory
BAND = 0.55  # half width of a stripe (fraction of R)
# A stripe with a white cap towards the eye showed its band only as a dark
# hairline at the rim, and read as a second cue ball: the nearer the cap
# faces the eye (past RIM_FROM, the cosine of its angle to it), the wider
# its colour rings the ball's outline, up to STRIPE_RIM of R (and at least
# RIM_PX pixels, for a small ball). Seen side on a stripe is as before.
STRIPE_RIM = 0.3
RIM_PX = 2.0
RIM_FROM = 0.7
LIGHT = np.array([-0.38, 0.48, 0.79])  # from the upper left of the screen (y up)
OVERHEAD = np.array([0.0, 0.0, 1.0])
GLOSS = 0.8  # the lamp's spot on a ball, at its brightest (of white)
GLOSS_STEP = 0.04  # the spot's place, in steps of the radius (pictures kept)


UPRIGHT_PX = 9.0  # a ball's radius on screen below which its number is upright
# At 1280x720 a pool ball is under 10 px in radius: its number, in a typeface
# on a spot DISC of R, was 5 px high and a blur ("10" read as a 2, the 9 as
# a 1). Below SMALL_FACE_PX a pool ball's spot is SMALL_DISC of R and its
# digits fill it (two of them a gap apart), painted finer (SMALL_SS).
SMALL_FACE_PX = 14.0
SMALL_DISC = 0.62
SMALL_SS = 3


def picture_side(r_px: float) -> int:
    """The side of a ball's picture (and of its shade and spot) in pixels:
    its width and a pixel's margin round it. Below UPRIGHT_PX an odd side,
    so that the ball's middle is a pixel's middle, where a number an odd
    count of pixels wide and high centres: in a 12 px picture "10"-"15"
    stood half a pixel off, on the ball's rim (Express at 800x500)."""
    side = max(4, math.ceil(2 * r_px) + 2)
    return side + 1 if r_px < UPRIGHT_PX and side % 2 == 0 else side


def _rotation(axis: np.ndarray, angle: float) -> np.ndarray:
    x, y, z = axis
    c, s = math.cos(angle), math.sin(angle)
    t = 1 - c
    return np.array([[t * x * x + c, t * x * y - s * z, t * x * z + s * y],
                     [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
                     [t * x * z - s * y, t * y * z + s * x, t * z * z + c]])


class BallFace:
    """The painting of one ball at one pixel radius."""

    def __init__(self, spec: TableSpec, ball: int, r_px: float,
                 glossy: bool = True, number: bool = True) -> None:
        """``glossy``: the lamp's spot painted in, from the upper left (an
        icon); a ball on the table has it laid over each frame instead,
        towards its lamp (gloss_spot). ``number``: False for a plain ball
        (its number is written upright over it instead)."""
        self.size = picture_side(r_px)
        small = r_px < SMALL_FACE_PX
        ss = SS if not small else SMALL_SS
        n = self.size * ss
        rad = r_px * ss
        coords = (np.arange(n, dtype=np.float64) + 0.5 - n / 2) / rad
        xx = np.repeat(coords[:, None], n, axis=1)  # surfarray is [x, y]
        yy = -np.repeat(coords[None, :], n, axis=0)  # screen down = world -y
        rr = xx * xx + yy * yy
        inside = rr < 1.0
        self.idx = np.nonzero(inside.ravel())[0]
        nz = np.sqrt(np.clip(1.0 - rr, 0.0, 1.0))
        self.normals = np.stack([xx.ravel()[self.idx], yy.ravel()[self.idx],
                                 nz.ravel()[self.idx]], axis=1)
        self.rho = np.sqrt(rr.ravel()[self.idx])  # from the middle, seen from the eye
        self.rim = max(STRIPE_RIM, RIM_PX / r_px)
        # An icon is lit from the upper left; a ball on the table by the
        # lamps above it (its spot laid over towards the nearest one).
        diff = np.clip(self.normals @ (LIGHT if glossy else OVERHEAD), 0.0, 1.0)
        half = LIGHT + np.array([0.0, 0.0, 1.0])
        half /= np.linalg.norm(half)
        spec_l = np.clip(self.normals @ half, 0.0, 1.0) ** 60
        self.shade = (0.42 + 0.66 * diff)[:, None]
        self.gloss = (255.0 * 0.55 * spec_l)[:, None] * (1.0 if glossy else 0.0)
        alpha = np.clip((1.0 - np.sqrt(rr)) * rad, 0.0, 1.0) * 255
        self.alpha = alpha.astype(np.uint8)
        self.n = n
        self.colour = np.array(spec.balls.colours.get(ball, (200, 200, 200)), float)
        self.white = np.array((246.0, 244.0, 236.0))
        self.ink = np.array((20.0, 20.0, 20.0))
        self.pyramid = spec.kind is TableKind.PYRAMID
        self.disc = PYRAMID_DISC if self.pyramid else SMALL_DISC if small else DISC
        self.striped = ball in spec.balls.stripes
        self.cue = ball == spec.balls.cue_ball
        self.glyph: np.ndarray | None = None
        self.plain = self.cue or not number
        if not self.plain:
            # The number as a mask over the disc, [-1, 1] in both directions.
            g = 48
            if small and not self.pyramid:
                canvas = filled_glyph(str(ball), g)
            else:
                img = fonts.text(str(ball), int(g * (0.74 if ball < 10 else 0.58)),
                                 (255, 255, 255), bold=True)
                canvas = pygame.Surface((g, g))
                canvas.blit(img, img.get_rect(center=(g // 2, g // 2)))
            if str(ball) in UNDERLINED:  # (g / px: a screen pixel's share)
                underline(canvas, math.ceil(g / (2 * self.disc * r_px)))
            self.glyph = pygame.surfarray.array3d(canvas)[:, :, 0] > 110
            if self.pyramid:
                self.ink = np.array((96.0, 12.0, 12.0))
        # Painted into the same supersampled picture each time (its edge's
        # transparency set once), then scaled down into a new sprite.
        self._full = np.zeros((n * n, 3), dtype=np.uint8)
        self._surf = pygame.Surface((n, n), pygame.SRCALPHA)
        a = pygame.surfarray.pixels_alpha(self._surf)
        a[:, :] = self.alpha
        del a

    def paint(self, orient: np.ndarray) -> pygame.Surface:
        body = self.normals @ orient  # world normal -> body coordinates
        bx, by, bz = body[:, 0], body[:, 1], body[:, 2]
        rgb = np.empty((len(body), 3))
        if self.striped:
            rgb[:] = self.white
            facing = abs(float(orient[2, 1]))  # the caps' axis towards the eye
            rim = self.rim * min(1.0, max(0.0, (facing - RIM_FROM) / (1.0 - RIM_FROM)))
            rgb[(np.abs(by) < BAND) | (self.rho > 1.0 - rim)] = self.colour
        else:
            rgb[:] = self.colour
        if self.plain:
            if self.cue and not self.pyramid:  # a red spot shows the cue ball turning
                rgb[np.abs(bz) > 0.97] = (200.0, 40.0, 40.0)
        else:
            disc_r = self.disc
            cosr = math.sqrt(1 - disc_r * disc_r)
            for sign in (1.0, -1.0):
                on = sign * bz > cosr
                if not self.pyramid:
                    rgb[on] = self.white
                assert self.glyph is not None
                g = self.glyph.shape[0]
                u = ((sign * bx[on]) / disc_r * 0.5 + 0.5) * (g - 1)
                v = ((-by[on]) / disc_r * 0.5 + 0.5) * (g - 1)
                mask = self.glyph[np.clip(u.astype(int), 0, g - 1),
                                  np.clip(v.astype(int), 0, g - 1)]
                sel = np.nonzero(on)[0][mask]
                rgb[sel] = self.ink
            if self.striped:
                self.paint_cap_number(rgb, orient, bx, by, bz)
        out = np.minimum(rgb * self.shade + self.gloss, 255.0)
        full = self._full
        full[self.idx] = out.astype(np.uint8)
        surf = self._surf
        px = pygame.surfarray.pixels3d(surf)
        px[:, :, :] = full.reshape(self.n, self.n, 3)
        del px
        img = pygame.transform.smoothscale(surf, (self.size, self.size))
        return img.convert_alpha() if pygame.display.get_surface() else img

    def paint_cap_number(self, rgb: np.ndarray, orient: np.ndarray, bx: np.ndarray,
                         by: np.ndarray, bz: np.ndarray) -> None:
        """A stripe's number on the white cap that faces the eye, coming in
        as the cap turns towards it (rolling white side up, its band a ring
        at the outline and its number discs out of sight, a stripe read as
        the cue ball, which has no number)."""
        facing = float(orient[2, 1])  # the caps' axis towards the eye
        k = min(1.0, max(0.0, (abs(facing) - RIM_FROM) / (1.0 - RIM_FROM)))
        if k <= 0.0 or self.glyph is None:
            return
        sign = 1.0 if facing > 0.0 else -1.0
        disc = self.disc
        cosr = math.sqrt(1 - disc * disc)
        on = sign * by > cosr
        g = self.glyph.shape[0]
        u = ((sign * bx[on]) / disc * 0.5 + 0.5) * (g - 1)
        v = (bz[on] / disc * 0.5 + 0.5) * (g - 1)
        mask = self.glyph[np.clip(u.astype(int), 0, g - 1),
                          np.clip(v.astype(int), 0, g - 1)]
        sel = np.nonzero(on)[0][mask]
        rgb[sel] = self.white + (self.ink - self.white) * k


# A small ball's number on its spot (fractions of the spot's width): one
# digit this high; two this high, each this far apart, both this wide in all
# at most (the pair's corners stay on the round spot).
GLYPH_HIGH = 0.78
PAIR_HIGH = 0.64
PAIR_GAP = 0.1
PAIR_WIDE = 0.8


# A 6 and a 9 turned over read as each other (at 800x500 as a "3" or an
# "ω"): as on real balls, a short bar under the digit, turned with it.
UNDERLINED = tuple(str(n) for n in (6, 9))
UNDER_GAP = 0.05  # of the glyph's square, between the digit and its bar
UNDER_THICK = 0.07
UNDER_LOW = 0.88  # the bar's lowest row (its ends on the round disc)
UNDER_HIGH = 0.6  # a small face's 6 and 9 this high (GLYPH_HIGH: no room)
UNDER_WIDE = 0.6  # of the digit's width


def underline(canvas: pygame.Surface, px: int) -> None:
    """A bar under the white ink on ``canvas`` (a glyph's square), the
    digit lifted where the square has no room below it; the gap and the
    bar at least ``px`` (a pixel on the screen) high, or they blur into
    the digit."""
    g = canvas.get_height()
    ink = pygame.mask.from_threshold(canvas, (255, 255, 255), (145, 145, 145, 255))
    box = ink.get_bounding_rects()
    if not box:
        return
    r = box[0].unionall(box[1:])
    gap, thick = max(px, round(g * UNDER_GAP)), max(px, round(g * UNDER_THICK))
    lift = min(max(0, r.bottom + gap + thick - round(g * UNDER_LOW)), max(0, r.top - 2))
    if lift:
        canvas.scroll(0, -lift)
        canvas.fill((0, 0, 0), (0, g - lift, g, lift))
    w = max(thick, round(r.width * UNDER_WIDE))
    canvas.fill((255, 255, 255), (r.centerx - w // 2, r.bottom - lift + gap, w, thick))


def filled_glyph(text: str, g: int) -> pygame.Surface:
    """``text`` in white on black, ``g`` px square: its digits' ink (not
    the typeface's line box) as high as the round spot holds, two digits
    narrowed to fit side by side with a gap between them."""
    digits = []
    for c in text:
        img = fonts.text(c, 4 * g, (255, 255, 255), bold=True)
        digits.append(img.subsurface(img.get_bounding_rect()))
    high = round(g * (UNDER_HIGH if text in UNDERLINED else GLYPH_HIGH
                      if len(text) == 1 else PAIR_HIGH))
    sizes = [(max(1, round(d.get_width() * high / d.get_height())), high)
             for d in digits]
    gap = round(g * PAIR_GAP) if len(text) > 1 else 0
    room = round(g * PAIR_WIDE) - gap * (len(text) - 1)
    total = sum(w for w, _h in sizes)
    if len(text) > 1 and total > room:  # (narrowed, never lowered)
        sizes = [(max(1, round(w * room / total)), h) for w, h in sizes]
    canvas = pygame.Surface((g, g))
    x = (g - sum(w for w, _h in sizes) - gap * (len(text) - 1)) // 2
    for d, (w, h) in zip(digits, sizes, strict=True):
        canvas.blit(pygame.transform.smoothscale(d, (w, h)), (x, (g - h) // 2))
        x += w + gap
    return canvas


def gloss_towards(lamp: tuple[float, float, float]) -> tuple[float, float]:
    """Where on a ball (x, y across it, in radii; y up) the lamp's spot
    shines to a viewer straight above, the lamp ``lamp`` (x, y, z) away
    from the ball's centre: the half-way normal, in GLOSS_STEP steps
    (plain arithmetic: it is asked for each ball each frame)."""
    n = math.hypot(*lamp) or 1.0
    lx, ly, lz = lamp[0] / n, lamp[1] / n, lamp[2] / n + 1.0
    m = math.hypot(lx, ly, lz)
    # Twice as far out as a lamp a metre up puts it, at most 0.6 R: nearly
    # in the middle the spot vanished on the number's white disc.
    hx, hy = 2.0 * lx / m, 2.0 * ly / m
    k = min(1.0, 0.6 / max(1e-9, math.hypot(hx, hy)))
    return (round(hx * k / GLOSS_STEP) * GLOSS_STEP,
            round(hy * k / GLOSS_STEP) * GLOSS_STEP)


SHADE_TILT = math.radians(35)  # the lamp's side of a ball, off the vertical
SHADE_FAR = 0.5  # a ball's light on its rim away from the lamp (1 = as painted)


Grid = tuple[int, np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def _spot_grid(r_px: float) -> Grid:
    """A ball's face, twice supersampled: its size on screen, then x, y
    across it (radii, y up), the distance squared and the normal's z."""
    size = picture_side(r_px)
    n = size * 2
    c = (np.arange(n, dtype=np.float64) + 0.5 - n / 2) / (r_px * 2)
    xx = c[:, None] * np.ones((1, n))
    yy = -c[None, :] * np.ones((n, 1))
    rr = xx * xx + yy * yy
    return size, xx, yy, rr, np.sqrt(np.clip(1.0 - rr, 0.0, 1.0))


@lru_cache(maxsize=1024)
def gloss_spot(r_px: float, hx: float, hy: float) -> pygame.Surface:
    """The lamp's spot on a ball of radius ``r_px``, centred at (hx, hy)
    radii from its middle: a picture to add over the ball's (black
    elsewhere), the size of its face (BallFace.size).  A crisp bright core
    in a faint glow: a polished ball (a soft spot alone read as matt)."""
    size, xx, yy, rr, nz = _spot_grid(r_px)
    hz = math.sqrt(max(0.0, 1.0 - hx * hx - hy * hy))
    cos = np.clip(xx * hx + yy * hy + nz * hz, 0.0, 1.0)
    spot = np.minimum(1.0, cos ** 90 * 1.5 + 0.12 * cos ** 10) * (rr < 1.0)
    px = np.repeat((255.0 * GLOSS * spot)[:, :, None], 3, axis=2).astype(np.uint8)
    surf = pygame.transform.smoothscale(pygame.surfarray.make_surface(px), (size, size))
    return surf.convert() if pygame.display.get_surface() else surf


@lru_cache(maxsize=1024)
def ball_shade(r_px: float, hx: float, hy: float) -> pygame.Surface:
    """The lamp's light over a ball's face, to multiply the painted ball
    by: full on the side towards the spot at (hx, hy), falling softly to
    SHADE_FAR on the far rim (white past the ball, so the cloth round it
    keeps its colour).  A face painted lit from straight above alone read
    flat, a disc rather than a sphere."""
    size, xx, yy, rr, nz = _spot_grid(r_px)
    h = math.hypot(hx, hy)
    tilt = SHADE_TILT * min(1.0, h / 0.3)
    ux, uy = (hx / h, hy / h) if h > 1e-9 else (0.0, 0.0)
    sx, sy, sz = ux * math.sin(tilt), uy * math.sin(tilt), math.cos(tilt)
    lit = np.clip(xx * sx + yy * sy + nz * sz, -1.0, 1.0)
    # 1 facing the light, SHADE_FAR at right angles to it and beyond.
    k = SHADE_FAR + (1.0 - SHADE_FAR) * np.clip(lit, 0.0, 1.0) ** 0.8
    k = np.where(rr < 1.0, k, 1.0)
    px = np.repeat((255.0 * k)[:, :, None], 3, axis=2).astype(np.uint8)
    surf = pygame.transform.smoothscale(pygame.surfarray.make_surface(px), (size, size))
    return surf.convert() if pygame.display.get_surface() else surf


def _directions(n: int) -> np.ndarray:
    """``n`` unit vectors spread evenly over the sphere (a Fibonacci lattice)."""
    i = np.arange(n) + 0.5
    z = 1.0 - 2.0 * i / n
    r = np.sqrt(1.0 - z * z)
    phi = np.pi * (3.0 - np.sqrt(5.0)) * i
    return np.stack([r * np.cos(phi), r * np.sin(phi), z], axis=1)


def _tangents(d: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Two unit vectors at right angles to each direction, fixed per direction."""
    ref = np.where(np.abs(d[:, 2:3]) < 0.9, np.array([[0.0, 0.0, 1.0]]),
                   np.array([[1.0, 0.0, 0.0]]))
    t1 = np.cross(ref, d)
    t1 /= np.linalg.norm(t1, axis=1, keepdims=True)
    t2 = np.cross(d, t1)
    return t1, t2


_POLE_DIRS = _directions(POLES)
_T1, _T2 = _tangents(_POLE_DIRS)


def orientation_step(orient: np.ndarray) -> tuple[int, int]:
    """The step an orientation rounds to: its number axis's nearest kept
    direction and the nearest of the turns about it."""
    pole = orient[:, 2]
    k = int(np.argmax(_POLE_DIRS @ pole))
    x = orient[:, 0]
    roll = math.atan2(float(x @ _T2[k]), float(x @ _T1[k]))
    return k, round(roll / (2 * math.pi) * ROLLS) % ROLLS


@lru_cache(maxsize=POLES * ROLLS)
def step_orientation(step: tuple[int, int]) -> np.ndarray:
    """The orientation a step's picture is painted for (kept: the same few
    steps are painted for every ball and every set; not to be changed)."""
    k, j = step
    a = 2 * math.pi * j / ROLLS
    z = _POLE_DIRS[k]
    x = math.cos(a) * _T1[k] + math.sin(a) * _T2[k]
    y = np.cross(z, x)
    out = np.stack([x, y, z], axis=1)
    out.flags.writeable = False
    return out


Pictures = OrderedDict[tuple[int, int, int], pygame.Surface]
_SHARED: OrderedDict[tuple[object, ...], tuple[dict[int, BallFace], Pictures]] = \
    OrderedDict()
SHARED_SETS = 3  # sets of balls (table and size) kept (each up to CACHE pictures)


def _shared_pictures(spec: TableSpec, r_px: float, numbers: bool
                     ) -> tuple[dict[int, BallFace], Pictures]:
    """The faces and kept pictures of every shared set of these balls at this
    size: keyed on all a picture is painted from (the balls' colours,
    stripes and numbers, the table's kind, the radius) and on the window's
    pixel format (a picture is converted to it)."""
    screen = pygame.display.get_surface()
    key = (spec.kind, repr(spec.balls), r_px, numbers,
           None if screen is None else (screen.get_bitsize(), screen.get_masks()))
    got = _SHARED.get(key)
    if got is None:
        faces = {b: BallFace(spec, b, r_px, glossy=False, number=numbers)
                 for b in spec.balls.ids}
        got = _SHARED[key] = (faces, OrderedDict())
        while len(_SHARED) > SHARED_SETS:
            _SHARED.popitem(last=False)
    _SHARED.move_to_end(key)
    return got


class RollingBalls:
    """Orientation and current picture of every ball of a set."""

    def __init__(self, spec: TableSpec, r_px: float, numbers: bool = True,
                 shared: bool = False) -> None:
        """``numbers``: False paints plain balls (too small for a turning
        number to read: it is written upright over them instead).
        ``shared``: the pictures kept with every other shared set of the
        same balls at the same size (each screen of a match, each match of
        the evening rolls the same balls: painted once, not on every screen)."""
        self.spec = spec
        self.radius = spec.balls.radius
        kept: OrderedDict[tuple[int, int, int], pygame.Surface] | None = None
        if shared:
            self.faces, kept = _shared_pictures(spec, r_px, numbers)
        else:
            self.faces = {b: BallFace(spec, b, r_px, glossy=False, number=numbers)
                          for b in spec.balls.ids}
        # Start with the number towards the viewer, turned a little so the
        # numbers do not all look the same.
        self.orient: dict[int, np.ndarray] = {}
        for b in spec.balls.ids:
            tilt = _rotation(np.array([1.0, 0.0, 0.0]), 0.25 * ((b * 7) % 5 - 2) / 2)
            self.orient[b] = tilt
        self.last: dict[int, tuple[float, float]] = {}
        self.kept: OrderedDict[tuple[int, int, int], pygame.Surface] = \
            OrderedDict() if kept is None else kept
        self.images: dict[int, pygame.Surface] = {}
        self.shown: dict[int, tuple[int, int]] = {}
        self.stale: set[int] = set()  # balls turned since their picture
        self.turned: dict[int, float] = {}  # radians turned since the last look
        self.painted = 0  # pictures shaded so far (for the benchmark)
        self.budget = len(self.faces)
        for b in spec.balls.ids:
            self._show(b)
        self.budget = BUDGET

    def new_frame(self) -> None:
        """A frame begins: a fresh budget of pictures to paint."""
        self.budget = BUDGET

    def _show(self, ball: int) -> None:
        step = orientation_step(self.orient[ball])
        if step == self.shown.get(ball):
            return
        key = (ball, *step)
        img = self.kept.get(key)
        if img is not None:
            self.kept.move_to_end(key)
        elif self.budget > 0 or ball not in self.images:
            self.budget -= 1
            img = self.faces[ball].paint(step_orientation(step))
            self.painted += 1
            self.kept[key] = img
            if len(self.kept) > CACHE:
                self.kept.popitem(last=False)
        else:
            self.stale.add(ball)  # painted on a later frame; the last picture stays
            return
        self.images[ball] = img
        self.shown[ball] = step
        self.stale.discard(ball)

    def image(self, ball: int, x: float, y: float) -> pygame.Surface | None:
        face = self.faces.get(ball)
        if face is None:
            return None
        prev = self.last.get(ball)
        self.last[ball] = (x, y)
        if prev is not None:
            dx, dy = x - prev[0], y - prev[1]
            d = math.hypot(dx, dy)
            if 1e-5 < d < 0.25:
                axis = np.array([-dy / d, dx / d, 0.0])
                self.orient[ball] = _rotation(axis, d / self.radius) @ self.orient[ball]
                # The step is looked up again once the ball has turned a
                # third of a step (small turns keep the same picture).
                turned = self.turned.get(ball, 0.0) + d / self.radius
                if turned > 0.07:
                    self.stale.add(ball)
                    turned = 0.0
                self.turned[ball] = turned
        if ball in self.stale:
            self._show(ball)
        return self.images[ball]


@lru_cache(maxsize=128)
def ball_icon(table: str, ball: int, r_px: int) -> pygame.Surface:
    """A small ball, number up, for the scoreboard."""
    from simulator.table.specs import table_by_name
    return BallFace(table_by_name(table), ball, r_px).paint(np.eye(3))
