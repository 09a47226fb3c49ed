"""A ball off the table stays marked in the top view (general rule 23: a
ball driven off the table is a foul): a ring and a cross in its colour
where its path crossed the rail, with words, from then to the end of the
clip; the clips, the diagram and the window draw it alike."""

from __future__ import annotations

import itertools
import math
from functools import cache

import pygame
import pytest

from simulator.app.replay import export
from simulator.app.replay.export import ShotExport
from simulator.app.replay.table_marks import ball_colour
from simulator.app.table.view import TableView
from simulator.practice.gallery import demonstrate, entries
from simulator.table.events import EventKind, Shot
from tests.app.helpers import frame, key, make_app, open_gallery, run_until

# The cue ball over the foot rail; the 11 over it onto the floor.
CLIPS = ("gallery-cue-ball-off-table", "gallery-ball-off-table")


@cache
def gallery_export(entry_id: str) -> ShotExport:
    e = next(e for e in entries() if e.id == entry_id)
    d = demonstrate(e)
    return ShotExport.from_scenario(e.scenario, d.shot, d.ruling, d.foul, True)


def crossing(shot: Shot) -> tuple[int, float, float]:
    """From the log alone: the ball that left, and where its path (the
    frames up to the leaving, then the leaving snapshot) first passes the
    rails' outer edge, or the leaving point if it never does."""
    ev = next(e for e in shot.events if e.kind is EventKind.LEFT_TABLE)
    b = ev.balls[0]
    snap = ev.snapshot(b)
    assert snap is not None
    spec = shot.initial.spec
    rw = spec.rail_width
    pts = [(x, y) for f in shot.frames if f.time < ev.time
           for bb, x, y, _z in f.balls if bb == b] + [(snap.x, snap.y)]
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        if x1 > spec.length + rw:
            k = (spec.length + rw - x0) / (x1 - x0)
            return b, spec.length + rw, y0 + (y1 - y0) * k
    return b, snap.x, snap.y


def mark_centre(surf: pygame.Surface, view: TableView, colour: tuple[int, int, int],
                near: tuple[float, float]) -> tuple[float, float]:
    """The centre of the drawn cross: of the points within 8 px of ``near``,
    the one whose two diagonals (the cross's arms) are most in ``colour``."""
    arm = max(8.0, view.ball_px * 1.7) * 0.62
    w, h = surf.get_size()

    def hits(cx: int, cy: int) -> int:
        n = 0
        for i in range(-int(arm) + 1, int(arm)):
            for x, y in ((cx + i, cy + i), (cx + i, cy - i)):
                if 0 <= x < w and 0 <= y < h and \
                        math.dist(surf.get_at((x, y))[:3], colour) < 40:
                    n += 1
        return n

    nx, ny = round(near[0]), round(near[1])
    best = max((hits(nx + dx, ny + dy), -abs(dx) - abs(dy), nx + dx, ny + dy)
                for dx in range(-8, 9) for dy in range(-8, 9))
    assert best[0] > 2 * arm, "no cross of the ball's colour there"
    return best[2], best[3]


@pytest.mark.parametrize("name", CLIPS)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_clip_end_marks_where_the_ball_left_the_table(
        name: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    exp = gallery_export(name)
    canvas = export.Canvas(exp, 800, lang)
    ball, x, y = crossing(exp.shot)
    end = canvas.marks.duration
    marked = canvas.frame(end)
    # The path is kept up to the rail and no further (beyond it lies the floor).
    assert math.dist(canvas.marks.trail(ball)[-1], (x, y)) < 0.002
    monkeypatch.setattr(canvas.marks, "exits", (), raising=False)
    bare = canvas.frame(end)
    at = canvas.view.to_screen(x, y)
    r = round(canvas.view.ball_px * 2)
    box = pygame.Rect(round(at[0]) - r, round(at[1]) - r, 2 * r, 2 * r)
    box = box.clip(marked.get_rect())
    changed = sum(1 for px in range(box.left, box.right)
                  for py in range(box.top, box.bottom)
                  if marked.get_at((px, py)) != bare.get_at((px, py)))
    assert changed > 0.2 * box.width * box.height
    cx, cy = mark_centre(marked, canvas.view, ball_colour(exp.shot.initial.spec, ball),
                         at)
    assert math.dist((cx, cy), at) <= 3.0


def test_the_diagram_marks_it_too_with_its_words() -> None:
    exp = gallery_export("gallery-ball-off-table")
    canvas = export.Canvas(exp, 800, "en")
    ball, x, y = crossing(exp.shot)
    still = canvas.still()
    at = canvas.view.to_screen(x, y)
    colour = ball_colour(exp.shot.initial.spec, ball)
    cx, cy = mark_centre(still, canvas.view, colour, at)
    assert math.dist((cx, cy), at) <= 3.0


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_gallery_window_marks_the_cue_ball_gone_over_the_rail(lang: str) -> None:
    """In the window, played on from its foul, the cue ball is gone from
    the top view; the mark and «вылетел» / "left the table" stand where it
    crossed."""
    app = make_app(lang=lang)
    g = open_gallery(app, "gallery-cue-ball-off-table", to_foul=True)
    ball, x, y = crossing(g.demo.shot)
    key(app, pygame.K_SPACE)  # on from the foul: the ball is gone
    t0 = g.player.playback.time
    run_until(app, lambda: g.player.playback.time > t0 + 0.3, limit=600)
    assert ball not in g.player.positions()
    frame(app)
    screen = app.screen
    at = g.view.to_screen(x, y)
    colour = ball_colour(g.demo.shot.initial.spec, ball)
    cx, cy = mark_centre(screen, g.view, colour, at)
    assert math.dist((cx, cy), at) <= 3.0
    word = app.t("exit_mark.floor")
    assert word == ("вылетел" if lang == "ru" else "left the table")
