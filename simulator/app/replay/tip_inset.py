"""The cue tip on the ball, magnified: a framed inset while a foul's tip
contact lasts (a push, general rule 21; the tip's second touch, a double
hit, general rule 20) and at the stop where the tip leaves the ball.

At a class's window size the cue ball moves a few pixels in the 20 ms the
tip rides it: the foul was learnt from the words alone. The inset draws the
tip and the ball some 6-10 times larger, where the ball stood when the tip
met it, and says how long the tip was on against a clean stroke's
millisecond (reference.md 4: the tip's contact of a plain hit). A double
hit shows both contacts side by side: the first touch, then a close-up of
the later one with a ring where the ball stood at the first touch and how
far it had gone (the log's positions at the two touches, a few millimetres:
at the first panel's magnification the two balls looked alike), each
panel's caption its time, and when the cue ball met the object ball against
the two touches (neither panel shows that moment). Each panel's "×" is under
its picture, beside its caption. The inset covers no pocket and no ball
involved. The window's replays and the exported
clips draw it alike (table_marks.draw_over).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pygame

from simulator.app.replay.shotmarks import ShotMarks, TipSpan
from simulator.app.table.render import CLOTH, PLATE, pocket_hole
from simulator.app.text import fonts, ui
from simulator.physics.stick import TIP_HIT_TIME, TIP_RADIUS
from simulator.table.events import EventKind

Say = Callable[..., str]
Colour = tuple[int, int, int]
ZOOM_MIN, ZOOM_MAX = 6.0, 10.0
PANEL_W, PANEL_H = 3.6, 2.8  # a panel's size in magnified ball radii
EPS = 1e-9
SHAFT: Colour = (226, 196, 142)
FERRULE: Colour = (238, 234, 222)
CHALK: Colour = (64, 104, 176)
FRAME: Colour = (236, 72, 60)  # the foul's red (table_marks.FOUL)
TIP_MARK: Colour = (240, 110, 220)  # the tip's contacts (table_marks.CONTACT_TIP)


@dataclass(frozen=True)
class InsetDrawn:
    """Where the inset went: its frame, how many times it magnifies, and
    each panel's ball as drawn (centre and radius in pixels)."""

    rect: pygame.Rect
    zoom: float
    balls: tuple[tuple[tuple[int, int], int], ...]
    # Each panel's box, and how far apart (pixels) the ring of where the
    # ball stood at the first touch and the ball are drawn in it.
    panels: tuple[pygame.Rect, ...] = ()
    apart: tuple[float, ...] = ()
    # The tip's contacts it names: (start, end) in shot seconds.
    contacts: tuple[tuple[float, float], ...] = ()
    # Each panel's magnification as drawn and as its "×" says: its pixels a
    # millimetre over the table's.
    scales: tuple[int, ...] = ()
    # Where each panel's "×" went: under its picture, beside its words.
    tags: tuple[pygame.Rect, ...] = ()


def shown_spans(marks: ShotMarks, t: float) -> list[TipSpan]:
    """The tip's contacts the inset shows at shot time ``t``: none unless a
    foul's contact (a push, a later touch) lasts or has just ended there;
    then every contact of the tip so far, the strike first."""
    now = next((s for s in marks.tip_spans if s.foul_seen and
                s.start - EPS <= t <= s.end + EPS), None)
    if now is None:
        return []
    return [s for s in marks.tip_spans if s.start <= now.start]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000.0:.0f}"


def _num(say: Say, value: float, digits: int = 1) -> str:
    """A number with the language's decimal mark (tip_inset.point)."""
    return f"{value:.{digits}f}".replace(".", say("tip_inset.point"))


def touched_at(marks: ShotMarks, span: TipSpan) -> tuple[float, float]:
    """Where the tip's ball was when the tip met it: the log's snapshot at
    the contact (the frames, 1/60 s apart, put it a millimetre off)."""
    snap = marks.shot.events[span.event_index].snapshot(span.ball)
    if snap is not None:
        return snap.x, snap.y
    return marks.ball_at(span.ball, span.start) or (0.0, 0.0)


def gap_between(marks: ShotMarks, a: TipSpan, b: TipSpan
                ) -> tuple[float, float] | None:
    """The widest gap (metres) between the tip and the ball at the log's
    events between two touches, and its time; None without such an event."""
    r = marks.spec.balls.radius
    best: tuple[float, float] | None = None
    for ev in marks.shot.events:
        if not a.end < ev.time < b.start:
            continue
        snap, at = ev.snapshot(b.ball), marks.cue.at(ev.time)
        if snap is None or at is None:
            continue
        gap = math.dist((snap.x, snap.y), (at.x, at.y)) - r - TIP_RADIUS
        if best is None or gap > best[0]:
            best = (gap, ev.time)
    return best


def captions(marks: ShotMarks, spans: Sequence[TipSpan], say: Say) -> list[str]:
    """Each panel's words, where the tip met the ball more than once: the
    first touch and its time; each later one, how long after and how far
    the ball had gone since the first."""
    if len(spans) < 2:
        return []
    first = spans[0]
    out = [say("tip_inset.first", ms=_ms(first.start))]
    for s in spans[1:]:
        mm = math.dist(touched_at(marks, first), touched_at(marks, s)) * 1000.0
        out.append(say("tip_inset.again", ms=_ms(s.start - first.start),
                       mm=_num(say, mm, 1 if mm < 10 else 0)))
    return out


def ball_met(marks: ShotMarks, spans: Sequence[TipSpan], say: Say) -> str | None:
    """When the cue ball met the first ball it meets, against the tip's
    touches (the log's event): neither panel shows that moment, and a double
    hit's cue ball meets it between them."""
    cue = marks.spec.balls.cue_ball
    ev = next((e for e in marks.shot.events if e.kind is EventKind.BALL_BALL
               and cue in e.balls), None)
    if ev is None or len(spans) < 2:
        return None
    other = next((b for b in ev.balls if b != cue), cue)
    when = "before" if ev.time < spans[0].start else \
        "after" if ev.time > spans[-1].start else "between"
    return say(f"tip_inset.met_{when}", n=other, ms=_ms(ev.time))


def words(marks: ShotMarks, spans: Sequence[TipSpan], say: Say) -> list[str]:
    """The inset's lines: the tip's time on the ball (or its two contacts)
    against a clean stroke's; between two touches, when the cue ball met
    the object ball and how far the tip fell behind the ball."""
    clean = _ms(TIP_HIT_TIME)
    if len(spans) > 1:
        # (each touch's time is its panel's caption: said again here, the
        # words made the inset a quarter of the cloth)
        out = []
        met = ball_met(marks, spans, say)
        if met is not None:
            out.append(met)
        gap = gap_between(marks, spans[-2], spans[-1])
        if gap is not None and gap[0] >= 5e-5:
            out.append(say("tip_inset.gap", ms=_ms(gap[1]),
                           mm=_num(say, gap[0] * 1000.0)))
        return [*out, say("tip_inset.clean_once", ms=clean)]
    return [say("tip_inset.on_ball", ms=_ms(spans[0].duration)),
            say("tip_inset.clean", ms=clean)]


def _involved(marks: ShotMarks, spans: Sequence[TipSpan]) -> set[int]:
    """The balls the inset must not hide: the tip's, the cue ball and the
    first ball it meets."""
    cue = marks.spec.balls.cue_ball
    out = {cue, *(s.ball for s in spans)}
    first = next((e for e in marks.shot.events if e.kind is EventKind.BALL_BALL
                  and cue in e.balls), None)
    if first is not None:
        out.update(first.balls)
    return out


def _area(view: object) -> pygame.Rect:
    """Where the inset may go: the table with its rails and the margin of
    the table's own rectangle around it (the screen's, the clip's), a
    little in."""
    out: pygame.Rect = view.outer_rect()  # type: ignore[attr-defined]
    own = getattr(view, "rect", None)
    if isinstance(own, pygame.Rect):
        out = out.union(own)
    return out.inflate(-8, -8)


def _pockets(marks: ShotMarks, view: object) -> list[tuple[tuple[float, float], float]]:
    """Each pocket's plate on the screen: centre and radius in pixels."""
    spec = marks.spec
    per_m = float(view.ball_px) / spec.balls.radius  # type: ignore[attr-defined]
    out = []
    for p in spec.pockets:
        (x, y), r = pocket_hole(spec, p)
        out.append((view.to_screen(x, y), r * PLATE * per_m))  # type: ignore[attr-defined]
    return out


def _covers(r: pygame.Rect, centre: tuple[float, float], radius: float) -> bool:
    cx = min(max(centre[0], r.left), r.right)
    cy = min(max(centre[1], r.top), r.bottom)
    return math.hypot(cx - centre[0], cy - centre[1]) < radius


@dataclass(frozen=True)
class _Keep:
    """What the inset must leave in sight (screen pixels): the balls
    involved and their paths over the whole shot (at 800x500 it hid the
    cue ball's way on), the pockets; and, if it can, the other balls."""

    mine: tuple[tuple[float, float], ...]
    paths: tuple[tuple[tuple[float, float], ...], ...]  # each path's points
    pockets: tuple[tuple[tuple[float, float], float], ...]
    other: tuple[tuple[float, float], ...]
    tip: tuple[float, float]


def _keep(marks: ShotMarks, view: object, spans: Sequence[TipSpan], t: float
          ) -> _Keep:
    keep = _involved(marks, spans)
    to = view.to_screen  # type: ignore[attr-defined]
    mine: list[tuple[float, float]] = []
    other: list[tuple[float, float]] = []
    for b in sorted(marks.trails.keys() | keep):
        p = marks.ball_at(b, t)
        if p is not None:
            (mine if b in keep else other).append(to(*p))
    for f in marks.frames[:1]:
        for b, x, y, _z in f.balls:
            if b not in marks.trails and b not in keep:
                other.append(to(x, y))
    paths = [tuple(to(x, y) for x, y in marks.trail(b))
             for b in sorted(keep & marks.trails.keys())]
    stick = marks.cue.at(t)
    if stick is not None:  # the stick's end too, whose touches it tells
        a = math.radians(stick.direction)
        paths.append(tuple(to(stick.x - math.cos(a) * k * 0.02,
                              stick.y - math.sin(a) * k * 0.02) for k in range(20)))
    tip = marks.ball_at(spans[-1].ball, t)
    at = to(*tip) if tip is not None else _area(view).center
    return _Keep(tuple(mine), tuple(paths), tuple(_pockets(marks, view)),
                 tuple(other), at)


def _place(view: object, size: tuple[int, int], keep: _Keep
           ) -> tuple[tuple[int, int, float], pygame.Rect]:
    """The inset's frame: of places over the table and its margin (a few
    pixels apart), the one that covers the fewest balls involved, their
    paths and pockets (a class follows them: at 800x500 it hid a side
    pocket), then of the other balls, then farthest from the tip's ball;
    with what it covers."""
    bed = _area(view)
    w, h = size
    nx, ny = max(1, (bed.width - w) // 6), max(1, (bed.height - h) // 6)
    xs = np.unique(np.round(bed.left + (bed.width - w) * np.arange(nx + 1) / nx))
    ys = np.unique(np.round(bed.top + (bed.height - h) * np.arange(ny + 1) / ny))
    left, top = (a.ravel() for a in np.meshgrid(xs, ys))
    pad = view.ball_px * 1.3  # type: ignore[attr-defined]

    def inside(pts: Sequence[tuple[float, float]], grow: float) -> np.ndarray:
        """For each place, whether any of ``pts`` lies under it, grown."""
        if not pts:
            return np.zeros(left.shape, bool)
        p = np.asarray(pts, float)
        px, py = p[None, :, 0], p[None, :, 1]
        return ((px >= left[:, None] - grow) & (px < left[:, None] + w + grow)
                & (py >= top[:, None] - grow) & (py < top[:, None] + h + grow))

    def circle(c: tuple[float, float], rad: float) -> np.ndarray:
        cx = np.clip(c[0], left, left + w)
        cy = np.clip(c[1], top, top + h)
        out: np.ndarray = np.hypot(cx - c[0], cy - c[1]) < rad
        return out

    mine = inside(keep.mine, pad).sum(axis=1)
    for path in keep.paths:
        mine += inside(path, pad).any(axis=1)
    for c, rad in keep.pockets:
        mine += circle(c, rad + 2)
    other = inside(keep.other, pad).sum(axis=1)
    far = np.hypot(left + w / 2 - keep.tip[0], top + h / 2 - keep.tip[1])
    k = int(np.lexsort((-far, other, mine))[0])
    rect = pygame.Rect(int(left[k]), int(top[k]), w, h)
    return (int(mine[k]), int(other[k]), -float(far[k])), rect


@dataclass(frozen=True)
class _Layout:
    """The inset's parts' sizes at one magnification."""

    big: float  # the first panel's ball radius, pixels
    pw: int
    ph: int
    width: int
    height: int
    lines: tuple[str, ...]
    bold: int
    wrapped: tuple[tuple[str, ...], ...]
    cap_h: int


def _layout(marks: ShotMarks, spans: Sequence[TipSpan], say: Say, ball_px: float,
            area: pygame.Rect, size: int, shrink: float, terse: int = 0
            ) -> _Layout:
    """The inset's sizes, its panels ``shrink`` times the largest that
    fits the table's half; ``terse``: a double hit's words without the
    clean stroke's (1), and without when the cue ball met the object ball
    too (2: the 8 under the inset at 800x500 in Russian otherwise)."""
    lines = words(marks, spans, say)
    if terse and len(spans) > 1:
        met = ball_met(marks, spans, say) is not None
        lines = lines[:-1] if terse == 1 or not met else lines[1:-1]
        if not lines:  # (nothing but the times: no terse form; _fit skips it)
            return _Layout(0.0, 0, 0, 0, 0, (), 0, (), 0)
    bold = 1  # the first line's (the headline's) lines are bold
    caps = captions(marks, spans, say)
    pad = max(4, size // 2)
    line_h = ui.line_height(size)
    n = len(spans)
    # (a double hit's first line, when the cue ball met the object ball,
    # wraps in the width the others take: as wide as it, the inset hid a
    # pocket at 800x500)
    text_w = max(fonts.font(size).size(s)[0]
                 for s in (lines[1:] if n > 1 and len(lines) > 1 else lines))
    # The panels' words wrap under them: room for three lines each.
    cap_h = 3 * line_h + pad // 2 if caps else 0
    text_h = len(lines) * line_h + pad // 2 + 2 * pad + cap_h
    # Half the table high at most, so it fits beside a ball on the middle
    # line; smaller, not cut, where the table is small (a small export).
    half = area.height / 2 - ball_px * 1.6
    big = min(ball_px * ZOOM_MAX, (half - text_h) / PANEL_H)
    big = max(big, ball_px * ZOOM_MIN)
    big = max(4.0, min(big, (area.height - text_h) / PANEL_H,
                       (area.width - (n + 1) * pad) / (n * PANEL_W))) * shrink
    pw, ph = round(big * PANEL_W), round(big * PANEL_H)
    width = max(n * pw + (n + 1) * pad, text_w + 2 * pad)
    if n > 1 or width > area.width:
        # The words wrap instead: a double hit's inset as wide as its two
        # panels, to fit beside the balls between the pockets at 800x500.
        # Made smaller, its words still as wide as two fifths of the table
        # (narrower, they ran down the table's height).
        width = max(n * pw + (n + 1) * pad,
                    min(text_w + 2 * pad, round(area.width * 0.4))) if n > 1 else \
            max(n * pw + (n + 1) * pad, area.width)
        head = ui.wrap(lines[0], size, width - 2 * pad, bold=True)
        bold = len(head)
        lines = [*head, *(ln for s in lines[1:]
                          for ln in ui.wrap(s, size, width - 2 * pad))]
    wrapped = tuple(tuple(ui.wrap(c, size, pw, bold=True)) for c in caps)
    # (a push's one panel has no caption: its "×" on its picture's corner)
    cap_h = max((_caption_rows(c, size, pw) for c in wrapped), default=0) * \
        line_h + (pad // 2 if caps else 0)
    height = ph + 2 * pad + cap_h + len(lines) * line_h + pad // 2
    return _Layout(big, pw, ph, width, height, tuple(lines), bold, wrapped, cap_h)


TAG_ROOM = "×88"  # the widest "×" a panel says


def _tag_size(size: int) -> int:
    """A panel's "×" a little smaller than its caption: beside its words,
    not on a row of its own."""
    return max(9, size - 3)


def _tag_row(caption: Sequence[str], size: int, pw: int) -> int:
    """The row of a panel's caption its "×" goes at the end of: the last
    with room for it, or a row of its own under them."""
    font = fonts.font(size, True)
    room = pw - fonts.font(_tag_size(size), True).size(TAG_ROOM)[0] - 8
    fits = [i for i, ln in enumerate(caption) if font.size(ln)[0] <= room]
    return fits[-1] if fits else len(caption)


def _caption_rows(caption: Sequence[str], size: int, pw: int) -> int:
    """A panel's caption's rows, its "×" among them."""
    return max(len(caption), _tag_row(caption, size, pw) + 1)


# Smaller, step by step, where the inset would cover what it must not (a
# ball involved, its path, a pocket), then where it would cover another ball.
SHRINK = (1.0, 0.9, 0.8, 0.7, 0.6, 0.5)


def _fit(marks: ShotMarks, view: object, spans: Sequence[TipSpan], t: float,
         say: Say, ball_px: float, size: int) -> tuple[_Layout, pygame.Rect]:
    area = _area(view)
    keep = _keep(marks, view, spans, t)
    tried = []
    for terse in (0, 1, 2):
        # (a push's one panel keeps its size: its ball is six times its own)
        for k, shrink in enumerate(SHRINK if len(spans) > 1 else SHRINK[:1]):
            lay = _layout(marks, spans, say, ball_px, area, size, shrink, terse)
            if not lay.lines and terse:
                continue
            (mine, other, _far), rect = _place(view, (lay.width, lay.height), keep)
            if mine == other == 0 and not terse:
                return lay, rect
            tried.append(((mine, other > 0, terse, k), lay, rect))
    # Without the clean stroke's line (the touches' times said under the
    # panels), then without when the cue ball met the object ball, rather
    # than over another ball; another ball under it rather than too small.
    _c, lay, rect = min(tried, key=lambda x: x[0])
    return lay, rect


def draw_tip_inset(surface: pygame.Surface, view: object, marks: ShotMarks,
                   t: float, say: Say) -> InsetDrawn | None:
    """The inset at shot time ``t``, if a foul's tip contact is shown there;
    where it went."""
    spans = shown_spans(marks, t)
    if not spans:
        return None
    ball_px = max(float(view.ball_px), 1e-6)  # type: ignore[attr-defined]
    size = max(11, min(20, round(ball_px * 1.5)))
    pad = max(4, size // 2)
    line_h = ui.line_height(size)
    n = len(spans)
    lay, rect = _fit(marks, view, spans, t, say, ball_px, size)
    pw, ph, zoom = lay.pw, lay.ph, lay.big / ball_px
    pygame.draw.rect(surface, ui.PANEL, rect, border_radius=4)
    pygame.draw.rect(surface, FRAME, rect, 3, border_radius=4)
    drawn: list[tuple[tuple[int, int], int]] = []
    boxes: list[pygame.Rect] = []
    apart: list[float] = []
    scales: list[int] = []
    tags: list[pygame.Rect] = []
    left = rect.left + (rect.width - (n * pw + (n - 1) * pad)) // 2
    for k, span in enumerate(spans):
        box = pygame.Rect(left + k * (pw + pad), rect.top + pad, pw, ph)
        if k == 0:
            at = t if n == 1 else span.end
            centre, big_r, gap, k_drawn = _panel(surface, box, view, marks, span,
                                                 at, zoom, size)
        else:
            centre, big_r, gap, k_drawn = _closeup(surface, box, view, marks,
                                                   spans[0], span, size, say)
        scales.append(k_drawn)
        drawn.append((centre, big_r))
        boxes.append(box)
        apart.append(gap)
        y = box.bottom + pad // 2
        caption = lay.wrapped[k] if lay.wrapped else ()
        for ln in caption:
            ui.line(surface, ln, size, ui.INK, pygame.Rect(box.left, y, pw, line_h),
                    bold=True)
            y += line_h
        if n == 1:
            tags.append(_tag(surface, f"×{k_drawn}", size, box, box.top + 2, 0,
                             box.right - 1))
            continue
        row = _tag_row(caption, size, pw)
        tags.append(_tag(surface, f"×{k_drawn}", size, box,
                         box.bottom + pad // 2 + row * line_h, line_h))
    y = rect.top + pad + ph + pad // 2 + lay.cap_h
    for k, s in enumerate(lay.lines):
        ui.line(surface, s, size, ui.INK,
                pygame.Rect(rect.left + pad, y, rect.width - 2 * pad, line_h),
                bold=k < lay.bold)
        y += line_h
    return InsetDrawn(rect, zoom, tuple(drawn), tuple(boxes), tuple(apart),
                      tuple((s.start, s.end) for s in spans), tuple(scales),
                      tuple(tags))


def _tag(surface: pygame.Surface, text: str, size: int, box: pygame.Rect,
         y: int, line_h: int, right: int | None = None) -> pygame.Rect:
    """A panel's "×", right under its picture, on its caption's row: over
    the picture it hid the drawing (the close-up's ball and ring)."""
    if right is not None:  # (a push's: the size and place it always had)
        tag = fonts.text(text, size, ui.INK, bold=True)
        at = tag.get_rect(topright=(right - 2, y))
        surface.blit(tag, at)
        return at
    tag = fonts.text(text, _tag_size(size), ui.INK, bold=True)
    at = tag.get_rect(topright=(box.right - 2, y + (line_h - tag.get_height()) // 2))
    pygame.draw.rect(surface, ui.PANEL, at.inflate(4, 0), border_radius=3)
    surface.blit(tag, at)
    return at


def _closeup(surface: pygame.Surface, box: pygame.Rect, view: object,
             marks: ShotMarks, first: TipSpan, span: TipSpan, size: int,
             say: Say) -> tuple[tuple[int, int], int, float, int]:
    """A later touch, close up: the ball and the tip as the tip met it
    again, a ring where the ball stood at the first touch, and the way the
    ball had gone between, in millimetres; its ball's centre and radius as
    drawn, how far apart the ring and the ball are (pixels), and its
    magnification."""
    r = marks.spec.balls.radius
    ring, ball = touched_at(marks, first), touched_at(marks, span)
    at = marks.cue.at(span.start)
    dx, dy = (ball[0] - at.x, ball[1] - at.y) if at is not None else (1.0, 0.0)
    dd = math.hypot(dx, dy) or 1.0
    dx, dy = dx / dd, dy / dd
    b0 = (ring[0] - dx * r, ring[1] - dy * r)  # the back of the ball, each time
    b1 = (ball[0] - dx * r, ball[1] - dy * r)
    moved = math.dist(b0, b1)
    per_m = float(view.ball_px) / r  # type: ignore[attr-defined]
    # Magnified so the way the ball went is a third of a panel of four
    # times the ball, the tip whole in its height: the same shot says the
    # same figure in a window and in a clip, whose panels' share of their
    # tables differ (the largest panels' figure, ×23, the window's smaller
    # inset could not draw); less only where this panel is too small. A
    # whole figure, drawn at exactly what it says.
    room = r * 4.0  # a panel's size at four times the ball, in ball radii
    k = min(0.3 * PANEL_W * room / max(moved, 1e-9),
            0.8 * PANEL_H * room / (2 * TIP_RADIUS),
            0.45 * box.width / per_m / max(moved, 1e-9),
            0.8 * box.height / per_m / (2 * TIP_RADIUS))
    k = float(max(1, math.floor(k + 1e-6)))
    ppm = k * per_m
    mid = view.to_screen((b0[0] + b1[0]) / 2,  # type: ignore[attr-defined]
                         (b0[1] + b1[1]) / 2)

    def px(p: tuple[float, float]) -> tuple[int, int]:
        sx, sy = view.to_screen(*p)  # type: ignore[attr-defined]
        return (round(box.centerx + (sx - mid[0]) * k),
                round(box.centery + (sy - mid[1]) * k))

    big = max(2, round(r * ppm))
    p0, p1 = px(b0), px(b1)
    old = surface.get_clip()
    surface.set_clip(box.clip(old) if old is not None else box)
    try:
        surface.fill(CLOTH[marks.spec.kind], box)
        pygame.draw.circle(surface, (250, 250, 244), px(ball), big)
        pygame.draw.circle(surface, (16, 16, 16), px(ball), big, 2)
        _draw_tip(surface, marks, span.start, px, ppm)
        # The ring last: over the tip, come up to where the ball was.
        pygame.draw.circle(surface, ui.ACCENT, px(ring), big, 3)
        _measure(surface, p0, p1)
        label = say("tip_inset.mm", mm=_num(say, moved * 1000.0,
                                            1 if moved < 0.01 else 0))
        # On a dark plate: the white ball fills much of the close-up.
        w = fonts.font(size, True).size(label)[0]
        plate = pygame.Rect(box.left + 2, box.bottom - size - 8, w + 6, size + 6)
        pygame.draw.rect(surface, ui.PANEL, plate, border_radius=3)
        ui.line(surface, label, size, ui.INK, plate.inflate(-6, -4), bold=True)
    finally:
        surface.set_clip(old)
    pygame.draw.rect(surface, ui.DIM, box, 1)
    return px(ball), big, math.dist(p0, p1), round(k)


def _measure(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int]) -> None:
    """A measuring line from ``a`` to ``b`` with a stop across each end."""
    pygame.draw.line(surface, TIP_MARK, a, b, 3)
    d = math.dist(a, b) or 1.0
    nx, ny = -(b[1] - a[1]) / d * 8, (b[0] - a[0]) / d * 8
    if a == b:
        nx, ny = 0.0, 8.0
    for q in (a, b):
        pygame.draw.line(surface, TIP_MARK, (round(q[0] - nx), round(q[1] - ny)),
                         (round(q[0] + nx), round(q[1] + ny)), 2)


def _panel(surface: pygame.Surface, box: pygame.Rect, view: object,
           marks: ShotMarks, span: TipSpan, t: float, zoom: float, size: int
           ) -> tuple[tuple[int, int], int, float, int]:
    """One contact magnified in ``box``: the ball where it was when the tip
    met it (a ring), the ball and the tip at ``t``, the way the tip rode
    it between; the ball's centre and radius as drawn, and how far the
    ring and the ball are apart (pixels)."""
    spec = marks.spec
    r = spec.balls.radius
    d = math.radians(marks.shot.stroke.direction)
    dx, dy = math.cos(d), math.sin(d)
    start = marks.ball_at(span.ball, span.start) or (0.0, 0.0)
    now = marks.ball_at(span.ball, t) or start
    if span.ball != spec.balls.cue_ball or marks.shot.events[span.event_index].kind \
            is EventKind.TIP_CONTACT:
        at0 = marks.cue.at(span.start)
        if at0 is not None:  # the tip's line to the ball, not the stroke's
            ax, ay = start[0] - at0.x, start[1] - at0.y
            dd = math.hypot(ax, ay) or 1.0
            dx, dy = ax / dd, ay / dd
    c0 = (start[0] - dx * r, start[1] - dy * r)
    c1 = (now[0] - dx * r, now[1] - dy * r)
    # Framed on where the tip met the ball and the ball now, whole: a long
    # push is drawn less magnified than the frame's, never cut.
    pts = [view.to_screen(*c0)]  # type: ignore[attr-defined]
    for bx, by in (start, now):
        for ex, ey in ((r, 0.0), (-r, 0.0), (0.0, r), (0.0, -r)):
            pts.append(view.to_screen(bx + ex, by + ey))  # type: ignore[attr-defined]
    lo_x, hi_x = min(p[0] for p in pts), max(p[0] for p in pts)
    lo_y, hi_y = min(p[1] for p in pts), max(p[1] for p in pts)
    mid = ((lo_x + hi_x) / 2, (lo_y + hi_y) / 2)
    fit = min((box.width - 8) / max(hi_x - lo_x, 1e-6),
              (box.height - 8) / max(hi_y - lo_y, 1e-6))
    # A whole figure, drawn at exactly what its "×" says.
    zoom = float(max(1, math.floor(min(zoom, fit) + 1e-6)))

    def px(p: tuple[float, float]) -> tuple[int, int]:
        sx, sy = view.to_screen(*p)  # type: ignore[attr-defined]
        return (round(box.centerx + (sx - mid[0]) * zoom),
                round(box.centery + (sy - mid[1]) * zoom))

    scale = float(view.ball_px) / r * zoom  # type: ignore[attr-defined]
    big = max(2, round(r * scale))
    old = surface.get_clip()
    surface.set_clip(box.clip(old) if old is not None else box)
    try:
        surface.fill(CLOTH[spec.kind], box)
        pygame.draw.circle(surface, ui.DIM, px(start), big, 2)
        # The balls beside it too: the one a double hit's cue ball lay on.
        for b, _x, _y, _z in marks.frames[0].balls if marks.frames else ():
            p = now if b == span.ball else marks.ball_at(b, t)
            if p is not None and (b == span.ball or math.dist(p, now) < 4 * r):
                c = (250, 250, 244) if b == spec.balls.cue_ball else \
                    tuple(int(v) for v in spec.balls.colours.get(b, (200, 200, 200)))
                pygame.draw.circle(surface, c, px(p), big)
                pygame.draw.circle(surface, (16, 16, 16), px(p), big, 2)
        ball_c = px(now)
        _draw_tip(surface, marks, t, px, scale)
        # How far the tip carried the ball, from where it met it.
        met, left = px(c0), px(c1)
        if math.dist(met, left) >= 2:
            pygame.draw.line(surface, TIP_MARK, met, left, 4)
        pygame.draw.circle(surface, TIP_MARK, left, max(3, big // 10))
    finally:
        surface.set_clip(old)
    pygame.draw.rect(surface, ui.DIM, box, 1)
    return ball_c, big, math.dist(px(start), ball_c), round(zoom)


def _draw_tip(surface: pygame.Surface, marks: ShotMarks, t: float,
              px: Callable[[tuple[float, float]], tuple[int, int]],
              scale: float) -> None:
    """The tip, its ferrule and the shaft behind, along the cue's line."""
    at = marks.cue.at(t)
    if at is None:
        return
    a = math.radians(at.direction)
    d = (math.cos(a), math.sin(a))
    side = (-d[1], d[0])

    def quad(front: float, back: float, half_f: float, half_b: float
             ) -> list[tuple[int, int]]:
        f = (at.x + d[0] * front, at.y + d[1] * front)
        b = (at.x - d[0] * back, at.y - d[1] * back)
        return [px((f[0] + side[0] * half_f, f[1] + side[1] * half_f)),
                px((b[0] + side[0] * half_b, b[1] + side[1] * half_b)),
                px((b[0] - side[0] * half_b, b[1] - side[1] * half_b)),
                px((f[0] - side[0] * half_f, f[1] - side[1] * half_f))]

    rt = TIP_RADIUS
    pygame.draw.polygon(surface, SHAFT, quad(-0.02, 0.5, rt * 1.02, rt * 1.4))
    pygame.draw.polygon(surface, FERRULE, quad(-0.004, 0.02, rt, rt * 1.02))
    pygame.draw.polygon(surface, CHALK, quad(0.0, 0.004, rt, rt))
    pygame.draw.circle(surface, CHALK, px((at.x, at.y)), max(2, round(rt * scale)))
    pygame.draw.circle(surface, (20, 20, 20), px((at.x, at.y)),
                       max(2, round(rt * scale)), 1)
