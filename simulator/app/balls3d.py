"""Balls that roll: each ball's face (colour, stripe, number discs) is painted
from its orientation every time it moves, so a rolling ball turns its number
over as it goes. The orientation follows the ball's path on the assumption that
it rolls; a ball that jumps a long way (pocketed, respotted) keeps its face.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
import pygame

from simulator.app import fonts
from simulator.specs import TableKind, TableSpec

SS = 3  # supersampling of the painted face
DISC = 0.5  # number disc radius (fraction of R) on pool balls
BAND = 0.55  # half width of a stripe (fraction of R)
LIGHT = np.array([-0.38, 0.48, 0.79])  # from the upper left of the screen (y up)


def _rotation(axis: np.ndarray, angle: float) -> np.ndarray:
    x, y, z = axis
    c, s = math.cos(angle), math.sin(angle)
    t = 1 - c
    return np.array([[t * x * x + c, t * x * y - s * z, t * x * z + s * y],
                     [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
                     [t * x * z - s * y, t * y * z + s * x, t * z * z + c]])


class BallFace:
    """The painting of one ball at one pixel radius."""

    def __init__(self, spec: TableSpec, ball: int, r_px: float) -> None:
        self.size = max(4, math.ceil(2 * r_px) + 2)
        n = self.size * SS
        rad = r_px * SS
        coords = (np.arange(n, dtype=np.float64) + 0.5 - n / 2) / rad
        xx = np.repeat(coords[:, None], n, axis=1)  # surfarray is [x, y]
        yy = -np.repeat(coords[None, :], n, axis=0)  # screen down = world -y
        rr = xx * xx + yy * yy
        inside = rr < 1.0
        self.idx = np.nonzero(inside.ravel())[0]
        nz = np.sqrt(np.clip(1.0 - rr, 0.0, 1.0))
        self.normals = np.stack([xx.ravel()[self.idx], yy.ravel()[self.idx],
                                 nz.ravel()[self.idx]], axis=1)
        diff = np.clip(self.normals @ LIGHT, 0.0, 1.0)
        half = LIGHT + np.array([0.0, 0.0, 1.0])
        half /= np.linalg.norm(half)
        spec_l = np.clip(self.normals @ half, 0.0, 1.0) ** 60
        self.shade = (0.42 + 0.66 * diff)[:, None]
        self.gloss = (255.0 * 0.55 * spec_l)[:, None]
        alpha = np.clip((1.0 - np.sqrt(rr)) * rad, 0.0, 1.0) * 255
        self.alpha = alpha.astype(np.uint8)
        self.n = n
        self.colour = np.array(spec.balls.colours.get(ball, (200, 200, 200)), float)
        self.white = np.array((246.0, 244.0, 236.0))
        self.ink = np.array((20.0, 20.0, 20.0))
        self.pyramid = spec.kind is TableKind.PYRAMID
        self.striped = ball in spec.balls.stripes
        self.cue = ball == spec.balls.cue_ball
        self.glyph: np.ndarray | None = None
        if not self.cue:
            # The number as a mask over the disc, [-1, 1] in both directions.
            g = 48
            img = fonts.text(str(ball), int(g * (0.62 if ball < 10 else 0.5)),
                             (255, 255, 255), bold=True)
            canvas = pygame.Surface((g, g))
            canvas.blit(img, img.get_rect(center=(g // 2, g // 2)))
            self.glyph = pygame.surfarray.array3d(canvas)[:, :, 0] > 110
            if self.pyramid:
                self.ink = np.array((120.0, 24.0, 24.0))

    def paint(self, orient: np.ndarray) -> pygame.Surface:
        body = self.normals @ orient  # world normal -> body coordinates
        bx, by, bz = body[:, 0], body[:, 1], body[:, 2]
        rgb = np.empty((len(body), 3))
        if self.striped:
            rgb[:] = self.white
            rgb[np.abs(by) < BAND] = self.colour
        else:
            rgb[:] = self.colour
        if self.cue:
            if not self.pyramid:  # a red spot shows the cue ball turning
                rgb[np.abs(bz) > 0.97] = (200.0, 40.0, 40.0)
        else:
            disc_r = DISC if not self.pyramid else 0.6
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
        out = np.clip(rgb * self.shade + self.gloss, 0, 255)
        full = np.zeros((self.n * self.n, 3), dtype=np.uint8)
        full[self.idx] = out.astype(np.uint8)
        surf = pygame.Surface((self.n, self.n), pygame.SRCALPHA)
        pygame.surfarray.blit_array(surf, full.reshape(self.n, self.n, 3))
        a = pygame.surfarray.pixels_alpha(surf)
        a[:, :] = self.alpha
        del a
        img = pygame.transform.smoothscale(surf, (self.size, self.size))
        return img.convert_alpha() if pygame.display.get_surface() else img


class RollingBalls:
    """Orientation and current picture of every ball of a set."""

    def __init__(self, spec: TableSpec, r_px: float) -> None:
        self.spec = spec
        self.radius = spec.balls.radius
        self.faces = {b: BallFace(spec, b, r_px) for b in spec.balls.ids}
        # Start with the number towards the viewer, turned a little so the
        # numbers do not all look the same.
        self.orient: dict[int, np.ndarray] = {}
        for b in spec.balls.ids:
            tilt = _rotation(np.array([1.0, 0.0, 0.0]), 0.25 * ((b * 7) % 5 - 2) / 2)
            self.orient[b] = tilt
        self.last: dict[int, tuple[float, float]] = {}
        self.images = {b: self.faces[b].paint(self.orient[b]) for b in spec.balls.ids}

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
                self.images[ball] = face.paint(self.orient[ball])
        return self.images[ball]


@lru_cache(maxsize=128)
def ball_icon(table: str, ball: int, r_px: int) -> pygame.Surface:
    """A small ball, number up, for the scoreboard."""
    from simulator.specs import table_by_name
    return BallFace(table_by_name(table), ball, r_px).paint(np.eye(3))
