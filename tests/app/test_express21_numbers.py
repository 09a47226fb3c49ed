"""Express at 800x500 and 1024x600 (a play-tester): the ivory balls'
numbers, made at least 10 px high, stood wider than the ball ("10"-"15"
looked doubled), overlapped each other in the rack and hid the balls; Tab
drew a black tag over each ball, so the balls vanished under their numbers.
Now each number is drawn in narrow pixel digits inside its ball, and Tab
puts a larger tag beside each ball, the ball left in sight."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.table_screen import TableMode
from simulator.app.table.render import NUMBER_INK, NUMBER_INK_PX, number_image
from tests.app.helpers import after_the_break, key, make_app
from tests.app.scenes import open_scene


def _centres(app: App) -> tuple[float, dict[int, tuple[float, float]]]:
    """The ball's radius on the screen and each object ball's centre."""
    mode = app.mode
    assert isinstance(mode, TableMode)
    view = mode.scene.view
    s = app.session
    assert s is not None
    cue = s.spec.balls.cue_ball
    return view.ball_px, {b: view.to_screen(*p) for b in s.table.on_table()
                          if b != cue for p in [s.table.position(b)] if p is not None}


def _ivory(c: tuple[int, ...]) -> bool:
    return c[0] > 120 and c[1] > 110 and c[2] > 90 and c[1] - c[2] < 60


def _disc(c: tuple[float, float], r: float) -> list[tuple[int, int]]:
    """The pixels well inside a ball's rim."""
    cx, cy = c
    return [(x, y) for x in range(int(cx - r), int(cx + r) + 1)
            for y in range(int(cy - r), int(cy + r) + 1)
            if math.dist((x + 0.5, y + 0.5), c) < r - 1]


def _ivory_seen(surf: pygame.Surface, c: tuple[float, float], r: float) -> int:
    return sum(_ivory(surf.get_at(p)) for p in _disc(c, r))


def _ink_by_ball(surf: pygame.Surface, pts: dict[int, tuple[float, float]],
                 r: float) -> dict[int, list[tuple[int, int]]]:
    """Each ball's number's ink; every ink pixel on a ball (a pixel's
    leeway: a ball's picture is placed to the whole pixel)."""
    ink: dict[int, list[tuple[int, int]]] = {b: [] for b in pts}
    for x, y in _within(pts, r, 12):
        if tuple(surf.get_at((x, y))[:3]) != NUMBER_INK:
            continue
        b, d = min(((b, math.dist((x + 0.5, y + 0.5), p)) for b, p in pts.items()),
                   key=lambda bd: bd[1])
        assert d <= r + 1, f"ink at {(x, y)} stands {d - r:.1f} px past ball {b}"
        ink[b].append((x, y))
    return ink


def _within(pts: dict[int, tuple[float, float]], r: float, pad: int
            ) -> list[tuple[int, int]]:
    xs = [p[0] for p in pts.values()]
    ys = [p[1] for p in pts.values()]
    return [(x, y) for x in range(int(min(xs) - r - pad), int(max(xs) + r + pad))
            for y in range(int(min(ys) - r - pad), int(max(ys) + r + pad))]


@pytest.mark.parametrize("size", [(800, 500), (1024, 600)])
def test_rack_numbers_are_inside_their_balls(size: tuple[int, int]) -> None:
    app = open_scene("table", "express", "ru", size)
    try:
        r, pts = _centres(app)
        assert r < 9, f"a ball is {2 * r:.1f} px across"
        surf = app.screen
        ink = _ink_by_ball(surf, pts, r)
        for b, px in ink.items():
            assert px, f"ball {b}: no number"
            # Its picture (what was drawn): as high as can be read, no
            # wider than the ball.
            w, h = number_image(b, r).get_size()
            assert h >= NUMBER_INK_PX, f"ball {b}: its number is {h} px high"
            assert w <= 2 * r, f"ball {b}: its number is {w} px wide"
            # The ball is seen round its number.
            assert _ivory_seen(surf, pts[b], r) >= 12, f"ball {b}: its ivory"
    finally:
        pygame.display.quit()


def test_tab_shows_numbers_beside_balls_left_in_sight() -> None:
    app = open_scene("table", "express", "ru", (800, 500))
    try:
        r, pts = _centres(app)
        before = app.screen.copy()
        key(app, pygame.K_TAB)
        assert app.show_numbers
        surf = app.screen
        for b, c in pts.items():
            disc = _disc(c, r)
            same = sum(surf.get_at(p) == before.get_at(p) for p in disc)
            assert same >= 0.9 * len(disc), \
                f"ball {b}: {len(disc) - same} of its {len(disc)} pixels covered"
        # Each number large somewhere: white ink on the tags, one per ball.
        white = [(x, y) for x, y in _within(pts, r, 60)
                 if min(surf.get_at((x, y))[:3]) > 235
                 and min(before.get_at((x, y))[:3]) <= 235]
        assert len(white) > 15 * 6, "the tags' numbers"
    finally:
        pygame.display.quit()


def test_tab_tags_do_not_cover_each_other_or_a_ball() -> None:
    from simulator.app.table.render import number_labels
    app = open_scene("table", "express", "ru", (800, 500))
    try:
        mode = app.mode
        assert isinstance(mode, TableMode)
        view = mode.scene.view
        r, pts = _centres(app)
        s = app.session
        assert s is not None
        balls = {b: (*s.table.position(b), 0.0) for b in pts}  # type: ignore[misc]
        tags = number_labels(view, balls, {b: (14, 15) for b in pts}, r)
        rects = list(tags.values())
        for i, a in enumerate(rects):
            assert a.collidelist(rects[i + 1:]) < 0, f"tag {a} overlaps another"
            for c in pts.values():
                nx = min(max(c[0], a.left), a.right)
                ny = min(max(c[1], a.top), a.bottom)
                assert math.hypot(c[0] - nx, c[1] - ny) >= r, f"tag {a} over a ball"
    finally:
        pygame.display.quit()


def test_after_the_break_the_numbers_are_as_the_player_left_them() -> None:
    """Step-60: the big numbers seemed on after the break without Tab; it
    was the numbers on the balls, as large as the balls and hiding them.
    After the break the mode is the player's, and with Tab off no tag is
    drawn: the balls are seen round their numbers."""
    app = make_app("ru", (800, 500))
    try:
        after_the_break(app, ["Анна", "Борис", "Вера"], "express", {}, seed=3)
        assert app.show_numbers is False
        r, pts = _centres(app)
        surf = app.screen
        for b, px in _ink_by_ball(surf, pts, r).items():
            assert px, f"ball {b}: no number"
            seen = _ivory_seen(surf, pts[b], r)
            assert seen >= 12, f"ball {b}: {seen} ivory pixels in sight"
        key(app, pygame.K_TAB)
        assert app.show_numbers is True
    finally:
        pygame.display.quit()
