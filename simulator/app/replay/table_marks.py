"""A shot's marks drawn on the table: the ball trails, the contacts numbered
in order, the called ball and pocket, the head string when a rule names it,
and the stick at its elevation.

The functions take any surface and a TableView, so the replays in the window
and the exported clips and diagrams (simulator.app.replay.export) draw alike.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Protocol

import pygame

from simulator.app.replay.shotmarks import Contact, Exit, ShotMarks, StickAt
from simulator.app.replay.tip_inset import InsetDrawn, draw_tip_inset
from simulator.app.table.render import draw_cue, on_cloth, table_clip
from simulator.app.table.view import TableView
from simulator.app.text import fonts, ui
from simulator.table.events import EventKind
from simulator.table.specs import TableSpec

Colour = tuple[int, int, int]
TRAIL_CUE: Colour = (250, 250, 244)
CONTACT_BALL: Colour = (250, 214, 90)
CONTACT_CUSHION: Colour = (110, 200, 250)
CONTACT_TIP: Colour = (240, 110, 220)
CALLED: Colour = (120, 200, 255)
LINE_MARK: Colour = (255, 236, 150)
FOUL: Colour = (236, 72, 60)
AIR_OVER_RAIL: Colour = (250, 150, 60)
KIND_COLOURS: dict[EventKind, Colour] = {
    EventKind.STROKE: (240, 240, 230),
    EventKind.TIP_CONTACT: CONTACT_TIP,
    EventKind.BALL_BALL: CONTACT_BALL,
    EventKind.BALL_CUSHION: CONTACT_CUSHION,
    EventKind.POCKETED: (150, 230, 140),
    EventKind.AIRBORNE: AIR_OVER_RAIL,
    EventKind.LANDED: (230, 190, 120),
    EventKind.LEFT_TABLE: FOUL,
    EventKind.LINE_CROSSED: (190, 190, 200),
    EventKind.REST: (140, 150, 140),
}


def contact_colour(c: Contact) -> Colour:
    if c.kind is EventKind.BALL_CUSHION:
        return CONTACT_CUSHION
    if c.kind is EventKind.TIP_CONTACT:
        return CONTACT_TIP
    return CONTACT_BALL


def ball_colour(spec: TableSpec, ball: int) -> Colour:
    if ball == spec.balls.cue_ball:
        return TRAIL_CUE
    c = spec.balls.colours.get(ball, (200, 200, 200))
    return on_cloth(c, spec.kind)  # (the 6's trail paler than the cloth)


def marker_radius(view: TableView) -> int:
    return max(7, round(view.ball_px * 0.62))


FAINT_ALPHA = 80  # a trail out of focus: its colour over the cloth


def draw_trails(surface: pygame.Surface, view: TableView, marks: ShotMarks,
                until: float | None = None, width: int = 2,
                bright: Collection[int] | None = None) -> None:
    """Every moving ball's path so far, in the ball's colour; a ball not in
    ``bright`` (when given) thin and faint."""
    faint: pygame.Surface | None = None
    full: list[tuple[list[tuple[float, float]], Colour]] = []
    for b in sorted(marks.trails):
        pts = [view.to_screen(x, y) for x, y in marks.trail(b, until)]
        if len(pts) < 2:
            continue
        colour = ball_colour(marks.spec, b)
        if bright is None or b in bright:
            full.append((pts, colour))
            continue
        if faint is None:
            faint = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        pygame.draw.lines(faint, (*colour, FAINT_ALPHA), False, pts, 1)
    if faint is not None:  # under the bright ones, which cross them
        surface.blit(faint, (0, 0))
    for pts, colour in full:
        dark = (colour[0] // 3, colour[1] // 3, colour[2] // 3)
        pygame.draw.lines(surface, dark, False, pts, width + 2)
        pygame.draw.lines(surface, colour, False, pts, width)


def draw_head_string(surface: pygame.Surface, view: TableView) -> None:
    """The head string (pool) or house line (pyramid), bright, for a rule that
    names it."""
    spec = view.spec
    x = spec.head_string_x
    a, b = view.to_screen(x, 0.0), view.to_screen(x, spec.width)
    pygame.draw.line(surface, LINE_MARK, a, b, max(2, round(view.px(0.004))))


def draw_called(surface: pygame.Surface, view: TableView, ball_pos: tuple[float, float]
                | None, pocket: str | None) -> None:
    """The called ball and the called pocket: a ring round each."""
    if ball_pos is not None:
        c = view.to_screen(*ball_pos)
        r = view.ball_px * 1.75
        n = 16
        for i in range(0, n, 2):  # a dashed ring: the call, not a highlight
            a0, a1 = 2 * math.pi * i / n, 2 * math.pi * (i + 1) / n
            pygame.draw.arc(surface, CALLED, pygame.Rect(c[0] - r, c[1] - r, 2 * r,
                                                        2 * r), a0, a1, 3)
    if pocket:
        try:
            pk = view.spec.pocket(pocket)
        except (KeyError, ValueError):
            return
        pygame.draw.circle(surface, CALLED, view.to_screen(*pk.mouth_centre),
                           view.px(pk.mouth_width * 0.75), 3)


def draw_contacts(surface: pygame.Surface, view: TableView,
                  contacts: Sequence[Contact], latest: int | None = None,
                  balls: Sequence[tuple[float, float]] = (), thin: bool = False
                  ) -> list[tuple[int, pygame.Rect]]:
    """Each contact a numbered diamond beside where it happened, joined to
    it by a line, clear of the ``balls`` drawn; the latest larger. With
    ``thin`` only the numbers that find room clear of each other and of the
    balls (see readable_contacts). Returns each number with its diamond's
    box."""
    r = marker_radius(view)
    size = max(9, round(r * 1.25))
    if thin:
        contacts, spots = readable_contacts(view, contacts, latest, balls)
    radii = [r + 2 if c.n == latest else r for c in contacts]
    if not thin:
        spots = label_spots(view, contacts, [round(rr * DIAMOND) for rr in radii],
                            balls)
    for c, centre in zip(contacts, spots, strict=True):  # the touches first
        at = view.to_screen(c.x, c.y)
        colour = contact_colour(c)
        pygame.draw.line(surface, (16, 16, 16), at, centre, 3)
        pygame.draw.line(surface, colour, at, centre, 1)
        pygame.draw.circle(surface, (16, 16, 16), at, 3)
        pygame.draw.circle(surface, colour, at, 2)
    out = []
    for c, centre, rr in zip(contacts, spots, radii, strict=True):
        contact_mark(surface, centre, rr, contact_colour(c), str(c.n),
                     size if c.n < 10 else size - 2)
        d = round(rr * DIAMOND)
        out.append((c.n, pygame.Rect(round(centre[0]) - d, round(centre[1]) - d,
                                     2 * d, 2 * d)))
    return out


def readable_contacts(view: TableView, contacts: Sequence[Contact],
                      latest: int | None, balls: Sequence[tuple[float, float]]
                      ) -> tuple[list[Contact], list[tuple[float, float]]]:
    """The contacts whose numbers can each be read: the latest, then the
    others in order, each kept where its diamond finds a place clear of
    those kept and of the balls drawn. A cue ball rattling in a pocket's
    jaws or frozen to a cushion piled a dozen numbers on itself, none
    readable; the timeline still marks every one. Returns them in order
    with their diamonds' centres."""
    r = marker_radius(view)
    rp = view.ball_px
    drawn = [view.to_screen(*p) for p in balls]
    first = [c for c in contacts if c.n == latest]
    kept: list[tuple[Contact, tuple[float, float]]] = []
    for c in first + [c for c in contacts if c.n != latest]:
        # (label_spots places them in order: those kept keep their places)
        trial = [k for k, _at in kept] + [c]
        halves = [round((r + 2 if x.n == latest else r) * DIAMOND) for x in trial]
        (x, y) = label_spots(view, trial, halves, balls)[-1]
        d = halves[-1]
        gaps = [abs(x - qx) + abs(y - qy) - d - qd
                for (_k, (qx, qy)), qd in zip(kept, halves[:-1], strict=True)]
        gaps += [math.hypot(x - bx, y - by) - rp - 0.75 * d for bx, by in drawn]
        if c.n == latest or min(gaps, default=math.inf) >= READABLE_GAP:
            kept.append((c, (x, y)))
    kept.sort(key=lambda k: k[0].n)
    return [k for k, _at in kept], [at for _k, at in kept]


READABLE_GAP = 2  # pixels between a kept number's diamond and the next


# Where a number may go round its touch when the first place is taken: that
# direction turned either way (degrees), then farther out (times the first
# distance).
TURNS = (0, 35, -35, 70, -70, 110, -110, 145, -145, 180)
REACHES = (1.0, 1.5, 2.0, 2.6, 3.3)


class Board(Protocol):
    """Where the table is drawn: the window's view, or the SVG diagram."""

    @property
    def ball_px(self) -> float: ...

    def to_screen(self, x: float, y: float) -> tuple[float, float]: ...

    def outer_rect(self) -> pygame.Rect: ...


def label_spots(view: Board, contacts: Sequence[Contact],
                halves: Sequence[int], others: Sequence[tuple[float, float]] = ()
                ) -> list[tuple[float, float]]:
    """Where each contact's diamond (of half diagonal ``halves[i]``) is
    drawn: where the marks put it beside its touch, or, where that covers a
    number placed before it, a ball that touched or one of the ``others``
    (the balls drawn), the nearest spot round the touch clear of them:
    touches millimetres apart (a ball frozen to a cushion, the rack struck)
    piled their numbers on each other and on the balls, unreadable."""
    rp = view.ball_px
    balls = [view.to_screen(*p) for p in (*others,
                                          *(q for c in contacts for q in c.centres))]
    bounds = view.outer_rect()
    placed: list[tuple[float, float, int]] = []

    def clearance(x: float, y: float, d: int) -> float:
        # Two diamonds are apart when their centres are d1 + d2 apart, summing
        # the two axes; a ball when its rim is clear of the diamond's sides.
        gaps = [abs(x - qx) + abs(y - qy) - d - qd for qx, qy, qd in placed]
        gaps += [math.hypot(x - bx, y - by) - rp - 0.85 * d for bx, by in balls]
        return min(gaps, default=math.inf)

    out: list[tuple[float, float]] = []
    for c, d in zip(contacts, halves, strict=True):
        ax, ay = view.to_screen(c.x, c.y)
        best = view.to_screen(c.lx, c.ly)
        gap = clearance(*best, d)
        dist = math.dist((ax, ay), best)
        ux, uy = ((best[0] - ax) / dist, (best[1] - ay) / dist) if dist > 1e-6 \
            else (0.0, -1.0)
        base = max(dist, rp + d)
        for k in REACHES if gap < 1 else ():
            for turn in TURNS:
                a = math.radians(turn)
                x = ax + (ux * math.cos(a) - uy * math.sin(a)) * base * k
                y = ay + (ux * math.sin(a) + uy * math.cos(a)) * base * k
                if not bounds.collidepoint(x, y):
                    continue
                g = clearance(x, y, d)
                if g > gap:
                    best, gap = (x, y), g
                if gap >= 1:
                    break
            if gap >= 1:
                break
        placed.append((best[0], best[1], d))
        out.append(best)
    return out


def contact_mark(surface: pygame.Surface, centre: tuple[float, float], r: int,
                 colour: Colour, label: str, size: int) -> None:
    """A contact's number in a diamond: no ball is drawn so, so a "2" beside
    the 2-ball is never read as a ball (as a numbered disc was)."""
    cx, cy = round(centre[0]), round(centre[1])
    d = round(r * DIAMOND)
    pts = [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)]
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, (16, 16, 16), pts, 2)
    img = fonts.text(label, size, (16, 16, 16), bold=True)
    surface.blit(img, img.get_rect(center=(cx, cy)))


DIAMOND = 1.4  # a contact diamond's half diagonal, in marker radii


Say = Callable[[str], str]  # a locale's words by key (Locale.t)


def draw_marks(surface: pygame.Surface, view: TableView, marks: ShotMarks,
               until: float | None, positions: Mapping[int, tuple[float, float, float]]
               | None = None, trails: bool = True, say: Say | None = None) -> None:
    """The trails, the line, the call and the contacts up to ``until``."""
    draw_under(surface, view, marks, until, positions, trails)
    draw_over(surface, view, marks, until, say=say)


def draw_under(surface: pygame.Surface, view: TableView, marks: ShotMarks,
               until: float | None, positions: Mapping[int, tuple[float, float, float]]
               | None = None, trails: bool = True,
               bright: Collection[int] | None = None) -> None:
    """What lies under the balls: the line, the trails (with them off, the
    paths of the balls that left the table; ``bright``: see draw_trails),
    the call."""
    if marks.show_head_string:
        draw_head_string(surface, view)
    if trails:
        draw_trails(surface, view, marks, until, bright=bright)
    for ex in marks.exits_until(until) if not trails else ():
        draw_exit_path(surface, view, marks, ex)
    ball_pos = None
    if marks.called_ball is not None:
        p = (positions or {}).get(marks.called_ball)
        if p is not None:
            ball_pos = (p[0], p[1])
        else:
            ball_pos = marks.shot.initial.position(marks.called_ball)
    draw_called(surface, view, ball_pos, marks.called_pocket)


EXIT_RING = 1.7  # the off-table mark's ring, in ball radii


def exit_label(ex: Exit, say: Say) -> str:
    return say("exit_mark.rail" if ex.where == "rail" else "exit_mark.floor")


def draw_exit_path(surface: pygame.Surface, view: TableView, marks: ShotMarks,
                   ex: Exit) -> None:
    """The path of a ball that left the table, to where it left (kept with
    the trails off: the ball itself is gone from the top view)."""
    colour = ball_colour(marks.spec, ex.ball)
    pts = [view.to_screen(x, y) for x, y in marks.trail(ex.ball)]
    if len(pts) >= 2:
        pygame.draw.lines(surface, dark(colour), False, pts, 4)
        pygame.draw.lines(surface, colour, False, pts, 2)


def draw_exit(surface: pygame.Surface, view: TableView, marks: ShotMarks,
              ex: Exit) -> None:
    """Where a ball left the table: a ring and a cross in its colour at the
    point it crossed the rail."""
    colour = ball_colour(marks.spec, ex.ball)
    cx, cy = view.to_screen(ex.x, ex.y)
    r = max(8.0, view.ball_px * EXIT_RING)
    k = r * 0.62
    for c, w in ((dark(colour), 6), (colour, 3)):
        pygame.draw.circle(surface, c, (cx, cy), r, w - 1)
        pygame.draw.line(surface, c, (cx - k, cy - k), (cx + k, cy + k), w)
        pygame.draw.line(surface, c, (cx - k, cy + k), (cx + k, cy - k), w)


def draw_exit_label(surface: pygame.Surface, view: TableView, marks: ShotMarks,
                    ex: Exit, say: Say, taken: Sequence[pygame.Rect] = ()
                    ) -> pygame.Rect:
    """The words of an off-table mark beside its ring, framed in the ball's
    colour: along the rail it crossed (the path and the cushion's numbers
    come in across it; over the floor they would be off the drawn table),
    on the side clear of the ``taken`` boxes. Returns their box."""
    colour = ball_colour(marks.spec, ex.ball)
    img = fonts.text(exit_label(ex, say), exit_label_size(view), ui.INK, bold=True)
    at = exit_label_box(view, marks, ex, img.get_size(), view.rect, taken)
    pygame.draw.rect(surface, (16, 16, 16), at.inflate(8, 4), border_radius=3)
    pygame.draw.rect(surface, colour, at.inflate(8, 4), 2, border_radius=3)
    surface.blit(img, at)
    return at.inflate(8, 4)


def exit_label_size(view: Board) -> int:
    """The off-table words' type size."""
    return max(11, round(view.ball_px * 1.2))


def exit_label_box(view: Board, marks: ShotMarks, ex: Exit, size: tuple[int, int],
                   bounds: pygame.Rect, taken: Sequence[pygame.Rect] = ()
                   ) -> pygame.Rect:
    """Where the words of ``ex`` go (a box of ``size``, inside ``bounds``):
    on the bed beside the ring, clear of the rail and the cushion (set on
    the rail they were lost on its wood), of the ball's path, of the ring
    and of the ``taken`` boxes; the nearest such place to the ring (the
    window, the PNG and the SVG place them alike)."""
    cx, cy = view.to_screen(ex.x, ex.y)
    r = max(8.0, view.ball_px * EXIT_RING)
    w, h = size
    room = bed_box(view, marks.spec).clip(bounds).inflate(-2 * LABEL_PAD[0] - 4,
                                                          -2 * LABEL_PAD[1] - 4)
    boxes: list[pygame.Rect] = []
    for i in range(-4, 5):
        for j in range(-6, 7):
            box = pygame.Rect(0, 0, w, h)
            box.center = (round(cx + i * (w / 2 + 4)), round(cy + j * (h / 2 + 3)))
            box.clamp_ip(room)
            if box not in boxes:
                boxes.append(box)
    boxes.sort(key=lambda b: math.hypot(b.centerx - cx, b.centery - cy))
    area = boxes[0].unionall(boxes).inflate(2 * w, 2 * h)
    path = [view.to_screen(x, y) for x, y in marks.trail(ex.ball)]
    near = [(p, q) for p, q in itertools.pairwise(path)
            if area.clipline(p, q)]

    def faults(box: pygame.Rect) -> tuple[bool, bool, bool]:
        framed = box.inflate(2 * LABEL_PAD[0] + 2, 2 * LABEL_PAD[1] + 2)
        # (the path is drawn some pixels wide, its dark edge too)
        crossed = any(framed.inflate(PATH_CLEAR, PATH_CLEAR).clipline(p, q)
                      for p, q in near)
        ring = math.hypot(max(framed.left - cx, 0, cx - framed.right),
                          max(framed.top - cy, 0, cy - framed.bottom)) < r + 2
        return (crossed, framed.collidelist(list(taken)) >= 0, ring)
    clear = next((b for b in boxes if not any(faults(b))), None)
    return clear if clear is not None else min(boxes, key=faults)


# The framed words' margin around the text (draw_exit_label's frame), and
# the room kept between the frame and the ball's path.
LABEL_PAD = (4, 2)
PATH_CLEAR = 10


def bed_box(view: Board, spec: TableSpec) -> pygame.Rect:
    """The bed inside the cushions' noses, on the screen."""
    x0, y0 = view.to_screen(0.0, spec.width)
    x1, y1 = view.to_screen(spec.length, 0.0)
    return pygame.Rect(round(min(x0, x1)), round(min(y0, y1)),
                       round(abs(x1 - x0)), round(abs(y1 - y0)))


def dark(c: Colour) -> Colour:
    return (c[0] // 3, c[1] // 3, c[2] // 3)


def draw_over(surface: pygame.Surface, view: TableView, marks: ShotMarks,
              until: float | None, emphasis: bool = True, stick: bool = True,
              say: Say | None = None, labels: list[pygame.Rect] | None = None,
              thin: bool = False, inset: list[InsetDrawn] | None = None,
              crowd: Collection[int] = ()) -> list[tuple[int, pygame.Rect]]:
    """What lies over the balls: the stick (at ``until``; at address for a
    diagram), where balls left the table, the contacts so far, numbered
    (the latest larger, with ``emphasis``; ``thin``: only those readable),
    the off-table words clear of them and, while a foul's tip contact is
    shown, the tip magnified (its frame put in ``inset``); returns the
    contacts' numbers and boxes."""
    if stick:
        at = marks.cue.at(until) if until is not None else marks.cue.address()
        if at is not None:
            draw_stick(surface, view, at, marks.balls_at(until))
    gone = marks.exits_until(until)
    for ex in gone:
        draw_exit(surface, view, marks, ex)
    shown = marks.contacts_until(until)
    # (``crowd``: numbers left out unless the latest, see ShotMarks.rack_crowd)
    shown = tuple(c for c in shown if c.n not in crowd or c is shown[-1])
    boxes = draw_contacts(surface, view, shown,
                          shown[-1].n if shown and emphasis else None,
                          marks.balls_at(until), thin=thin)
    taken = [b for _n, b in boxes]
    for ex in gone if say is not None else ():
        assert say is not None
        taken.append(draw_exit_label(surface, view, marks, ex, say, taken))
        if labels is not None:  # (where the off-table words went)
            labels.append(taken[-1])
    if until is not None and say is not None:
        drawn = draw_tip_inset(surface, view, marks, until, say)
        if drawn is not None and inset is not None:
            inset.append(drawn)
    return boxes


def draw_stick(surface: pygame.Surface, view: TableView, at: StickAt,
               balls: Sequence[tuple[float, float]] = ()) -> None:
    """The stick with its tip where ``at`` says, foreshortened by its
    elevation, and the elevation written beside it as an angle clear of the
    ``balls``; inside the table's rectangle only."""
    old = table_clip(surface, view)
    try:
        _draw_stick(surface, view, at, balls)
    finally:
        surface.set_clip(old)


def _draw_stick(surface: pygame.Surface, view: TableView, at: StickAt,
                balls: Sequence[tuple[float, float]] = ()) -> None:
    from simulator.physics.stick import TIP_RADIUS
    a = math.radians(at.direction)
    d = (math.cos(a), math.sin(a))
    r = view.spec.balls.radius
    front = (at.x + d[0] * TIP_RADIUS, at.y + d[1] * TIP_RADIUS)
    # draw_cue puts the tip r + 4 mm behind the point it is given.
    k = r + 0.004
    draw_cue(surface, view, (front[0] + d[0] * k, front[1] + d[1] * k),
             at.direction, 0.0, at.elevation)
    if at.elevation < 0.5:
        return
    # The angle mark: a short level line and the cue's line at its elevation,
    # drawn across the stick behind the tip, with the degrees.
    o, ln, img, box = elevation_mark(view, at, front, balls)
    e = math.radians(at.elevation)
    pygame.draw.line(surface, (20, 20, 20), o, (o[0] + ln, o[1]), 4)
    pygame.draw.line(surface, ui.INK, o, (o[0] + ln, o[1]), 2)
    tip = (o[0] + ln * math.cos(e), o[1] - ln * math.sin(e))
    pygame.draw.line(surface, (20, 20, 20), o, tip, 4)
    pygame.draw.line(surface, LINE_MARK, o, tip, 2)
    pygame.draw.rect(surface, (16, 16, 16), box.inflate(6, 2), border_radius=3)
    surface.blit(img, box)


def elevation_mark(view: TableView, at: StickAt, front: tuple[float, float],
                   balls: Sequence[tuple[float, float]] = ()
                   ) -> tuple[tuple[float, float], float, pygame.Surface, pygame.Rect]:
    """Where the stick's angle mark goes: its corner, its lines' length, the
    degrees' picture and box. Beside the stick 0.3 m behind the tip where
    that covers no ball (the "3°" covered half a ball beside the stick),
    else farther back or on the stick's other side."""
    a = math.radians(at.direction)
    d = (math.cos(a), math.sin(a))
    px = (-d[1], d[0])
    ln = max(14.0, view.ball_px * 2.4)
    size = max(11, round(view.ball_px * 1.2))
    img = fonts.text(f"{round(at.elevation)}°", size, LINE_MARK, bold=True)
    shrink = max(0.25, math.cos(math.radians(at.elevation)))
    discs = [view.to_screen(*b) for b in balls]
    reach = view.ball_px + 3
    inside = view.rect
    best: tuple[tuple[float, float], pygame.Rect] | None = None
    for back, side in ((0.30, 0.07), (0.30, -0.07), (0.45, 0.07), (0.45, -0.07),
                       (0.20, 0.07), (0.20, -0.07), (0.60, 0.07), (0.60, -0.07),
                       (0.30, 0.13), (0.30, -0.13)):
        base = (front[0] - d[0] * back * shrink + px[0] * side,
                front[1] - d[1] * back * shrink + px[1] * side)
        o = view.to_screen(*base)
        box = img.get_rect(midleft=(round(o[0] + ln + 4), round(o[1] - size * 0.35)))
        if best is None:
            best = (o, box)
        whole = box.inflate(6, 2).union(pygame.Rect(round(o[0]) - 2,
                                                    round(o[1] - ln) - 2,
                                                    round(ln) + 4, round(ln) + 4))
        if not inside.contains(whole):
            continue
        if all(not _disc_meets(whole, c, reach) for c in discs):
            return o, ln, img, box
    assert best is not None
    return best[0], ln, img, best[1]


def _disc_meets(rect: pygame.Rect, c: tuple[float, float], r: float) -> bool:
    """Whether a circle of radius ``r`` about ``c`` overlaps ``rect``."""
    nx = min(max(c[0], rect.left), rect.right)
    ny = min(max(c[1], rect.top), rect.bottom)
    return math.hypot(c[0] - nx, c[1] - ny) < r
