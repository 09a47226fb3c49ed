"""The table as a player sees it: a real table lit by lamps over it,
not a flat green rectangle (play-testers: "the table looks flat").  Each test
reads the picture the table screen keeps and blits under the balls, at the
window sizes players use, for a pool table and the pyramid."""

from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np
import pygame
import pytest

from simulator.app.screens.table_screen import TableMode
from simulator.app.table.render import (
    BallSprites,
    TableRenderer,
    draw_head_string,
    pocket_hole,
)
from simulator.app.table.view import TableView
from simulator.table.specs import PocketKind, TableKind, TableSpec
from tests.app.scenes import open_scene
from tests.app.test_table74_head_string import line_dashes

Painted = tuple[pygame.Surface, TableView, TableSpec]
SIZES = ((800, 500), (1280, 720), (1600, 1000))
GAMES = (("9-ball", None), ("express", "3"))


def _table(game: str, players: str | None,
           size: tuple[int, int]) -> Painted:
    """The painted table of a match opened as the command line opens it."""
    app = open_scene("table", game, "ru", size, players=players)
    mode = app.mode
    assert isinstance(mode, TableMode)
    return mode.scene.table.surface.copy(), mode.scene.view, mode.scene.view.spec


def _lum(surface: pygame.Surface, view: TableView, x: float, y: float,
         r_px: int = 2) -> float:
    """The mean brightness (r+g+b) of a small patch round a table point."""
    cx, cy = view.to_screen_i(x, y)
    vals = [sum(tuple(surface.get_at((cx + dx, cy + dy)))[:3])
            for dx in range(-r_px, r_px + 1) for dy in range(-r_px, r_px + 1)]
    return sum(vals) / len(vals)


@pytest.fixture(params=[(g, p, s) for g, p in GAMES for s in SIZES],
                ids=lambda v: f"{v[0]}-{v[2][0]}x{v[2][1]}")
def table(request: pytest.FixtureRequest) -> Iterator[Painted]:
    game, players, size = request.param
    try:
        yield _table(game, players, size)
    finally:
        pygame.display.quit()


def test_the_cloth_is_brightest_under_the_lamp(
        table: Painted) -> None:
    """Open cloth under the lamp is clearly brighter than the cloth a few
    centimetres from a cushion, and that cloth has a fine grain (not one
    flat colour)."""
    surf, view, spec = table
    L, W = spec.length, spec.width
    centre = _lum(surf, view, L / 2, W / 2 + 0.12)
    near = min(_lum(surf, view, L * 0.3, 0.03), _lum(surf, view, 0.03, W * 0.3))
    assert centre > near * 1.12, (centre, near)
    bed = view.bed_rect()
    patch = pygame.surfarray.array3d(surf.subsurface(
        pygame.Rect(bed.centerx + 20, bed.centery + 20, 16, 16))).sum(axis=2)
    assert patch.std() > 1.0, "a cloth grain"


def test_the_lamps_light_a_pool_on_the_cloth_seen_at_a_glance(
        table: Painted) -> None:
    """Play-test: "the lamp effect is faint" (the cloth under the one lamp
    was 1.12 times the cloth by the cushions).  Under each lamp hung along
    the table the cloth is at least 1.3 times as bright as at the middle of
    the long cushions, and darker still towards the corners."""
    from simulator.app.table.render import lamps
    surf, view, spec = table
    L, W = spec.length, spec.width
    off = 0.03  # a little out from the cushion nose
    cushions = max(_lum(surf, view, L / 2 + dx, y) for dx in (-0.3, 0.0, 0.3)
                   for y in (off, W - off))
    corners = max(_lum(surf, view, x, y) for x in (0.12, L - 0.12)
                  for y in (off, W - off))
    assert 2 <= len(lamps(spec)) <= 3
    for lx, ly in lamps(spec):
        under = _lum(surf, view, lx, ly + 0.1, 3)
        assert under > cushions * 1.3, ((lx, ly), under, cushions)
    assert corners < cushions, (corners, cushions)


def test_the_cushion_nose_is_darker_than_its_top(
        table: Painted) -> None:
    """Across a cushion the nose face towards the bed is in shade and the
    rubber's top catches the lamp: the cushion reads as raised."""
    surf, view, spec = table
    cd = spec.cushion_depth
    one_px = 1.0 / view.scale
    for x, y, dx, dy in ((spec.length * 0.3, 0.0, 0.0, -1.0),
                         (spec.length * 0.7, spec.width, 0.0, 1.0),
                         (0.0, spec.width * 0.4, -1.0, 0.0)):
        nose = _lum(surf, view, x + dx * (cd * 0.08 + one_px),
                    y + dy * (cd * 0.08 + one_px), 0)
        top = _lum(surf, view, x + dx * cd * 0.55, y + dy * cd * 0.55, 0)
        assert nose < top * 0.8, (x, y, nose, top)


def test_the_rails_are_polished_wood_lit_along_the_edge(
        table: Painted) -> None:
    """The rail's rounded outer edge catches the lamp (brighter than the
    wood by the cushion) and the wood has a grain."""
    surf, view, spec = table
    wood = spec.rail_width - spec.cushion_depth
    x = spec.length * 0.2
    edge = _lum(surf, view, x, -(spec.rail_width - wood * 0.16), 0)
    inner = _lum(surf, view, x, -(spec.cushion_depth + wood * 0.2), 1)
    assert edge > inner * 1.15, (edge, inner)
    # The grain: rows of the long rail differ from one another.
    y = -(spec.cushion_depth + wood * 0.5)
    rows = [_lum(surf, view, spec.length * t, y, 0) for t in (0.1, 0.2, 0.3, 0.6, 0.7)]
    assert max(rows) - min(rows) > 3, rows


def test_the_pockets_are_round_openings_with_depth(
        table: Painted) -> None:
    """Every pocket's hole is darker in the middle than at its lip, and the
    opening between the jaws is shaded cloth, not a black shape (the corner
    jaws looked like black triangles)."""
    surf, view, spec = table
    for p in spec.pockets:
        (cx, cy), r = pocket_hole(spec, p)
        ix, iy = p.inward
        sx, sy = view.to_screen_i(cx, cy)
        middle = min(sum(tuple(surf.get_at((sx + dx, sy + dy)))[:3])
                     for dx in range(-2, 3) for dy in range(-2, 3))
        lip = _lum(surf, view, cx - ix * r * 0.8, cy - iy * r * 0.8, 0)
        assert middle < 15, (p.name, middle)  # near black
        assert lip > middle + 20, (p.name, lip, middle)
        if p.kind is not PocketKind.CORNER:
            # A side pocket's hole opens right at its mouth; its liner stops
            # there and leaves the cloth in front of it green.
            mx, my = p.mouth_centre
            for along in (-0.5, 0.0, 0.5):
                r_, g_, b_ = surf.get_at(view.to_screen_i(
                    mx + along * p.mouth_width, my - iy * 0.015))[:3]
                assert g_ > r_ + 30 and g_ > b_, (p.name, along, (r_, g_, b_))
            continue
        # Just behind the mouth, between the jaws: green shaded cloth.
        mx, my = p.mouth_centre
        r_, g_, b_ = surf.get_at(view.to_screen_i(mx + ix * 0.008, my + iy * 0.008))[:3]
        assert g_ > max(r_, b_) and g_ > 25, (p.name, (r_, g_, b_))


@pytest.mark.parametrize("game,players", GAMES, ids=[g for g, _ in GAMES])
def test_the_table_is_painted_the_same_every_time(game: str,
                                                  players: str | None) -> None:
    """The cloth grain and the wood come from fixed seeds: two paintings of
    the same table at the same size are the same bit for bit (no shimmer
    on a resize, and pictures can be compared)."""
    try:
        a, view, spec = _table(game, players, (1280, 720))
        # (painted as the window paints it: no head string in the picture)
        b = TableRenderer(spec, view, (1280, 720), head_string=False).surface
        assert pygame.surfarray.array3d(a).tobytes() == \
            pygame.surfarray.array3d(b).tobytes()
    finally:
        pygame.display.quit()


def test_the_lines_stay_as_clear_as_the_flat_cloth_had_them(
        table: Painted) -> None:
    """The head string (house line) and the foot spot stand out of the lit
    cloth beside them at least as much as on the flat cloth (a pool table's
    head string as the window draws it while it matters: its picture has
    none, the pyramid's house line is in it)."""
    surf, view, spec = table
    if spec.kind is TableKind.POOL:  # (no line where no rule names it)
        assert line_dashes(surf, view, {}) == (0, 0)
    surf = surf.copy()
    draw_head_string(surf, view)
    hx = spec.head_string_x
    # On the pool table's dashed string, the middle of its first dash.
    line_y = spec.width / 48 if spec.kind is TableKind.POOL else spec.width * 0.3
    fx, fy = spec.foot_spot
    for x, y, bx, by in ((hx, line_y, hx + 0.03, spec.width * 0.3),
                         (fx, fy, fx + 0.03, fy)):
        sx, sy = view.to_screen_i(x, y)
        on = max(sum(tuple(surf.get_at((sx + dx, sy + dy)))[:3])
                 for dx in (-1, 0, 1) for dy in (-1, 0, 1))
        beside = _lum(surf, view, bx, by, 1)
        assert on > beside * 1.3, ((x, y), on, beside)


@pytest.mark.parametrize("size", SIZES[:2], ids=("800x500", "1280x720"))
def test_a_balls_shadow_falls_away_from_the_lamp(size: tuple[int, int]) -> None:
    """A ball near a corner casts its shadow towards that corner (away from
    its nearest lamp), not towards the middle of the table."""
    try:
        surf, view, spec = _table("9-ball", None, size)
        sprites = BallSprites(spec, view.ball_px)
        R = spec.balls.radius
        x, y = 0.18, spec.width - 0.16  # near the head-left corner
        drawn = surf.copy()
        sprites.draw(drawn, view, {0: (x, y, R)})
        ux, uy = x - spec.length / 2, y - spec.width / 2
        n = math.hypot(ux, uy)
        ux, uy = ux / n, uy / n

        def dimming(sign: float) -> float:
            p = view.to_screen_i(x + sign * ux * R * 1.5, y + sign * uy * R * 1.5)
            before = sum(tuple(surf.get_at(p))[:3])
            after = sum(tuple(drawn.get_at(p))[:3])
            return float(before - after)

        outward, inward = dimming(1.0), dimming(-1.0)
        assert outward > 10 and outward > inward + 10, (outward, inward)
    finally:
        pygame.display.quit()


def test_nothing_is_painted_outside_the_table_area() -> None:
    """The painted table leaves the side column and the bars alone: outside
    the table's rectangle there is only the room."""
    try:
        surf, view, _spec = _table("express", "3", (800, 500))
        arr = pygame.surfarray.array3d(surf).astype(np.int32)
        outside = np.ones(arr.shape[:2], dtype=bool)
        r = view.rect
        outside[r.left:r.right + 8, r.top:r.bottom + 8] = False
        assert arr[outside].max() <= 60  # the room's dim glow, nothing of the table
    finally:
        pygame.display.quit()


def test_a_resized_window_repaints_the_lit_table() -> None:
    """The window dragged from 1280x720 to 900x560 and to 1600x900: the
    table is painted anew for each size, lamp, cushions and pockets
    included, and what the player sees under the balls is that painting."""
    from tests.app.helpers import frame
    app = open_scene("table", "9-ball", "en", (1280, 720))
    try:
        for size in ((900, 560), (1600, 900)):
            pygame.display.set_mode(size, pygame.RESIZABLE)
            frame(app, pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0],
                                          h=size[1]))
            mode = app.mode
            assert isinstance(mode, TableMode)
            view, spec = mode.scene.view, mode.scene.view.spec
            seen = app.screen
            assert seen.get_size() == size
            centre = _lum(seen, view, spec.length / 2, spec.width / 2 + 0.12)
            near = _lum(seen, view, spec.length * 0.3, 0.03)
            assert centre > near * 1.12, (size, centre, near)
            cd = spec.cushion_depth
            x = spec.length * 0.3
            nose = _lum(seen, view, x, -(cd * 0.08 + 1.0 / view.scale), 0)
            top = _lum(seen, view, x, -cd * 0.55, 0)
            assert nose < top * 0.8, (size, nose, top)
            for p in spec.pockets:
                (cx, cy), _r = pocket_hole(spec, p)
                sx, sy = view.to_screen_i(cx, cy)
                assert sum(tuple(seen.get_at((sx, sy)))[:3]) < 40, (size, p.name)
        assert not app.errors
    finally:
        pygame.display.quit()
