"""A small pool ball at 800x500 and 1024x600 (under 9 px in radius) read
as its number more than as a stripe or a solid: the stripe's white caps,
shaded with the ball, were grey slivers above and below a band that its
digits filled, the green 14 all but lost on the cloth, and its ivory
digits stood at 3.9:1 on the red 11 and 4.0:1 on the green 14. As a
player of other pool games sees them at a glance: a stripe a wide band of
its colour with clear white caps above and below it, a solid all its
colour round the white spot of its number, the cue ball white, the 8
black; every digit at least 4.5:1 against each pixel it stands on."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.table.render import contrast, pool_number_image
from tests.app.scenes import open_scene
from tests.app.test_express21_numbers import _centres
from tests.app.test_pool57_numbers import _like
from tests.app.test_pyramid54_numbers import _picture_centre

SIZES = [(800, 500), (1024, 600)]
BAND_SHARE = 0.5  # at least this share of a stripe's face in its colour
CAP_SHARE = 0.08  # ... and at least this share in each white cap (was none)
LEAST_CONTRAST = 4.5  # a digit against each pixel beside it (WCAG's for text)


def _white(c: pygame.Color) -> bool:
    """A white cap's pixel, lit: bright and grey, not a shaded sliver."""
    return min(c[:3]) >= 200 and max(c[:3]) - min(c[:3]) <= 24


def _face(centre: tuple[float, float], r: float) -> list[tuple[int, int]]:
    """Every pixel of the ball's face (its centre less than r from the
    middle of the ball's picture)."""
    cx, cy = centre
    return [(x, y) for x in range(int(cx - r) - 1, int(cx + r) + 2)
            for y in range(int(cy - r) - 1, int(cy + r) + 2)
            if math.dist((x + 0.5, y + 0.5), centre) < r]


Pixels = set[tuple[int, int]]


def _digits(b: int, centre: tuple[float, float], r: float) -> tuple[Pixels, int, int]:
    """The number's ink pixels on the screen, and its top and bottom rows
    (the digits centred in the ball's picture, as drawn)."""
    img = pool_number_image(b, r)
    w, h = img.get_size()
    x0, y0 = int(centre[0] - w / 2 + 0.5), int(centre[1] - h / 2 + 0.5)
    mask = pygame.mask.from_surface(img)
    ink = {(x0 + x, y0 + y) for x in range(w) for y in range(h) if mask.get_at((x, y))}
    return ink, y0, y0 + h - 1


def _round_spot(b: int, centre: tuple[float, float], r: float,
                face: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The face's pixels clear of the number's spot (its digits' box and a
    pixel round it): a solid's own colour there, no white cap."""
    w, h = pool_number_image(b, r).get_size()
    x0, y0 = int(centre[0] - w / 2 + 0.5), int(centre[1] - h / 2 + 0.5)
    return [(x, y) for x, y in face
            if not (x0 - 1 <= x <= x0 + w and y0 - 1 <= y <= y0 + h)]


def _rack(size: tuple[int, int]):  # type: ignore[no-untyped-def]
    app = open_scene("table", "8-ball", "en", size)
    r, pts = _centres(app)
    assert r < 9, f"a ball {2 * r:.1f} px across"
    s = app.session
    assert s is not None
    return app, s, r, {b: _picture_centre(p, r) for b, p in pts.items()}


@pytest.mark.parametrize("size", SIZES)
def test_a_stripe_is_a_band_between_white_caps(size: tuple[int, int]) -> None:
    app, s, r, centres = _rack(size)
    try:
        surf = app.screen
        for b in sorted(s.spec.balls.stripes):
            c = centres[b]
            colour = s.spec.balls.colours[b]
            face = _face(c, r)
            _ink, top, bottom = _digits(b, c, r)
            band = sum(_like(surf.get_at(p), colour) for p in face) / len(face)
            above = sum(_white(surf.get_at(p)) for p in face if p[1] < top - 1)
            below = sum(_white(surf.get_at(p)) for p in face if p[1] > bottom + 1)
            assert band >= BAND_SHARE, f"ball {b}: {band:.0%} of it in its colour"
            for cap, n in (("upper", above), ("lower", below)):
                assert n / len(face) >= CAP_SHARE, \
                    f"ball {b}: its {cap} cap {n} white px of {len(face)}"
            # Its solid twin: its colour round its spot, no white cap.
            twin = b - 8
            tc = centres[twin]
            caps = _round_spot(twin, tc, r, _face(tc, r))
            white = sum(_white(surf.get_at(p)) for p in caps) / len(caps)
            own = sum(_like(surf.get_at(p), s.spec.balls.colours[twin])
                      for p in caps) / len(caps)
            assert white < 0.05 and own > 0.6, (twin, white, own)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES)
def test_every_digit_stands_out_from_what_it_stands_on(size: tuple[int, int]) -> None:
    app, _s, r, centres = _rack(size)
    try:
        surf = app.screen
        worst: dict[int, float] = {}
        for b, c in centres.items():
            ink, _top, _bottom = _digits(b, c, r)
            shades = {tuple(surf.get_at(p)[:3]) for p in ink}
            assert len(shades) == 1, (b, shades)  # (crisp: one colour)
            [shade] = shades
            beside = {(x + dx, y + dy) for x, y in ink for dx in (-1, 0, 1)
                      for dy in (-1, 0, 1)} - ink
            assert all(math.dist((x + 0.5, y + 0.5), c) < r for x, y in beside), b
            worst[b] = min(contrast(shade, tuple(surf.get_at(p)[:3]))
                           for p in beside)
        low = {b: round(v, 2) for b, v in worst.items() if v < LEAST_CONTRAST}
        assert not low, low
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES)
def test_the_cue_ball_stays_white_and_the_8_black(size: tuple[int, int]) -> None:
    app, s, r, centres = _rack(size)
    try:
        surf = app.screen
        cue = s.table.position(s.spec.balls.cue_ball)
        assert cue is not None
        from simulator.app.screens.table_screen import TableMode
        mode = app.mode
        assert isinstance(mode, TableMode)
        face = _face(_picture_centre(mode.scene.view.to_screen(*cue), r), r - 1)
        lit = sum(min(surf.get_at(p)[:3]) >= 150 for p in face) / len(face)
        assert lit > 0.7, lit
        rest = _round_spot(8, centres[8], r, _face(centres[8], r - 1))
        dark = sum(max(surf.get_at(p)[:3]) < 80 for p in rest) / len(rest)
        assert dark > 0.8, dark
    finally:
        pygame.display.quit()

