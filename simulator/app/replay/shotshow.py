"""Showing a shot as the referee saw it: the ball trails, the contacts
numbered in order, the called ball and pocket, the head string when a rule
names it, the timeline of the log under the table and the side view when a
ball leaves the bed.

The drawing functions take any surface and a TableView, so the replays in the
window and the exported clips and diagrams (simulator.app.replay.export) draw alike.
:class:`ShotShow` holds one shot's marks for a replay screen: the game's
replay, the foul gallery and practice's "watch the stroke".
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from simulator.app.replay.playback import Playback
from simulator.app.replay.shotmarks import Contact, Flight, Mark, ShotMarks, StickAt
from simulator.app.table.render import draw_cue, draw_dashed
from simulator.app.table.view import TableView
from simulator.app.text import fonts, ui
from simulator.app.text.i18n import Locale
from simulator.table.events import CENTRE_LINE, HEAD_STRING, EventKind, Shot
from simulator.table.specs import TableKind, TableSpec

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
    return (int(c[0]), int(c[1]), int(c[2]))


def marker_radius(view: TableView) -> int:
    return max(7, round(view.ball_px * 0.62))


# -- on the table ------------------------------------------------------------------
def draw_trails(surface: pygame.Surface, view: TableView, marks: ShotMarks,
                until: float | None = None, width: int = 2) -> None:
    """Every moving ball's path so far, in the ball's colour."""
    for b in sorted(marks.trails):
        pts = [view.to_screen(x, y) for x, y in marks.trail(b, until)]
        if len(pts) < 2:
            continue
        colour = ball_colour(marks.spec, b)
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
                  contacts: Sequence[Contact], latest: int | None = None) -> None:
    """Each contact a numbered disc where it happened; the latest drawn larger."""
    r = marker_radius(view)
    size = max(9, round(r * 1.25))
    for c in contacts:  # the touches first, under every number
        at = view.to_screen(c.x, c.y)
        centre = view.to_screen(c.lx, c.ly)
        colour = contact_colour(c)
        pygame.draw.line(surface, (16, 16, 16), at, centre, 3)
        pygame.draw.line(surface, colour, at, centre, 1)
        pygame.draw.circle(surface, (16, 16, 16), at, 3)
        pygame.draw.circle(surface, colour, at, 2)
    for c in contacts:
        centre = view.to_screen(c.lx, c.ly)
        rr = r + 2 if c.n == latest else r
        colour = contact_colour(c)
        pygame.draw.circle(surface, (16, 16, 16), centre, rr + 1)
        pygame.draw.circle(surface, colour, centre, rr)
        img = fonts.text(str(c.n), size if c.n < 10 else size - 2, (16, 16, 16),
                         bold=True)
        surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))


def draw_marks(surface: pygame.Surface, view: TableView, marks: ShotMarks,
               until: float | None, positions: Mapping[int, tuple[float, float, float]]
               | None = None, trails: bool = True) -> None:
    """The trails, the line, the call and the contacts up to ``until``."""
    draw_under(surface, view, marks, until, positions, trails)
    draw_over(surface, view, marks, until)


def draw_under(surface: pygame.Surface, view: TableView, marks: ShotMarks,
               until: float | None, positions: Mapping[int, tuple[float, float, float]]
               | None = None, trails: bool = True) -> None:
    """What lies under the balls: the line, the trails, the call."""
    if marks.show_head_string:
        draw_head_string(surface, view)
    if trails:
        draw_trails(surface, view, marks, until)
    ball_pos = None
    if marks.called_ball is not None:
        p = (positions or {}).get(marks.called_ball)
        if p is not None:
            ball_pos = (p[0], p[1])
        else:
            ball_pos = marks.shot.initial.position(marks.called_ball)
    draw_called(surface, view, ball_pos, marks.called_pocket)


def draw_over(surface: pygame.Surface, view: TableView, marks: ShotMarks,
              until: float | None, emphasis: bool = True, stick: bool = True) -> None:
    """What lies over the balls: the stick (at ``until``; at address for a
    diagram), the contacts so far, numbered (the latest larger, with
    ``emphasis``)."""
    if stick:
        at = marks.cue.at(until) if until is not None else marks.cue.address()
        if at is not None:
            draw_stick(surface, view, at)
    shown = marks.contacts_until(until)
    draw_contacts(surface, view, shown, shown[-1].n if shown and emphasis else None)


def draw_stick(surface: pygame.Surface, view: TableView, at: StickAt) -> None:
    """The stick with its tip where ``at`` says, foreshortened by its
    elevation, and the elevation written beside it as an angle."""
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
    # drawn across the stick 0.3 m behind the tip, with the degrees.
    back = 0.30 * max(0.25, math.cos(math.radians(at.elevation)))
    px = (-d[1], d[0])
    side = 0.07
    base = (front[0] - d[0] * back + px[0] * side,
            front[1] - d[1] * back + px[1] * side)
    o = view.to_screen(*base)
    ln = max(14.0, view.ball_px * 2.4)
    e = math.radians(at.elevation)
    pygame.draw.line(surface, (20, 20, 20), o, (o[0] + ln, o[1]), 4)
    pygame.draw.line(surface, ui.INK, o, (o[0] + ln, o[1]), 2)
    tip = (o[0] + ln * math.cos(e), o[1] - ln * math.sin(e))
    pygame.draw.line(surface, (20, 20, 20), o, tip, 4)
    pygame.draw.line(surface, LINE_MARK, o, tip, 2)
    size = max(11, round(view.ball_px * 1.2))
    img = fonts.text(f"{round(at.elevation)}°", size, LINE_MARK, bold=True)
    box = img.get_rect(midleft=(round(o[0] + ln + 4), round(o[1] - size * 0.35)))
    pygame.draw.rect(surface, (16, 16, 16), box.inflate(6, 2), border_radius=3)
    surface.blit(img, box)


# -- the timeline ---------------------------------------------------------------------
def fitting(options: Sequence[str], size: int, width: int) -> str:
    """The first of ``options`` that fits ``width`` whole (the last one, cut,
    if none does)."""
    for text in options:
        shown, _s = ui.fit(text, size, width)
        if shown == text:
            return text
    return options[-1] if options else ""


def mark_label(loc: Locale, spec: TableSpec, m: Mark) -> str:
    """An event in words: '3 hits the foot cushion'."""
    ev = m.event
    t = loc.t
    cue = spec.balls.cue_ball

    def ball(b: int) -> str:
        return t("strip.cue_ball") if b == cue else str(b)

    bs = [ball(b) for b in ev.balls]
    first = bs[0] if bs else "?"
    k = ev.kind
    if k is EventKind.STROKE:
        key = "timeline.miscue" if ev.miscue else "timeline.stroke"
        return t(key, speed=loc.num(ev.speed or 0.0, 2))
    if k is EventKind.TIP_CONTACT:
        return t("timeline.tip_contact", ball=first)
    if k is EventKind.BALL_BALL:
        key = "timeline.first_contact" if m.first_contact else "timeline.ball_ball"
        return t(key, a=first, b=bs[1] if len(bs) > 1 else "?")
    if k is EventKind.BALL_CUSHION:
        name = ev.cushion or ""
        if name.startswith("jaw:"):
            return t("timeline.jaw", ball=first,
                     pocket=t(f"pocket.{name.removeprefix('jaw:')}"))
        return t("timeline.cushion", ball=first, cushion=t(f"cushion.{name}")
                 if loc.has(f"cushion.{name}") else name)
    if k is EventKind.POCKETED:
        return t("timeline.pocketed", ball=first, pocket=t(f"pocket.{ev.pocket}"))
    if k is EventKind.AIRBORNE:
        return t("timeline.airborne", ball=first)
    if k is EventKind.LANDED:
        return t("timeline.landed_rail" if ev.where == "rail" else "timeline.landed",
                 ball=first)
    if k is EventKind.LEFT_TABLE:
        return t("timeline.on_rail" if ev.where == "rail" else "timeline.left_table",
                 ball=first)
    if k is EventKind.LINE_CROSSED:
        if ev.line == HEAD_STRING:
            line = t("timeline.house_line" if spec.kind is TableKind.PYRAMID
                     else "timeline.head_string")
        elif ev.line == CENTRE_LINE:
            line = t("timeline.centre_line")
        else:
            line = t("timeline.long_string")
        return t("timeline.line", ball=first, line=line)
    return t("timeline.rest")


@dataclass
class TimelineGeometry:
    rect: pygame.Rect
    bar: pygame.Rect
    t0: float
    t1: float

    def x_of(self, t: float) -> float:
        span = self.t1 - self.t0
        k = (t - self.t0) / span if span > 0 else 0.0
        return self.bar.left + min(1.0, max(0.0, k)) * self.bar.width

    def t_of(self, x: float) -> float:
        k = (x - self.bar.left) / max(1, self.bar.width)
        return self.t0 + min(1.0, max(0.0, k)) * (self.t1 - self.t0)


class ShotShow:
    """One shot's marks, timeline and side view for a replay screen.

    ``fouls`` pairs an event index with the ruling's words for the foul there,
    longest first (words.cite, then shorter forms for a narrow window), shown
    beside its mark."""

    def __init__(self, app_locale: Locale, shot: Shot, playback: Playback,
                 fouls: Sequence[tuple[int, Sequence[str]]] = (),
                 called_ball: int | None = None,
                 called_pocket: str | None = None, codes: Sequence[str] = (),
                 in_hand: str | None = None) -> None:
        self.locale = app_locale
        self.shot = shot
        self.playback = playback
        self.fouls: dict[int, tuple[str, ...]] = {}
        for i, texts in fouls:
            self.fouls.setdefault(i, tuple(texts))
        self.marks = ShotMarks(shot, playback.frames, self.fouls.keys(), called_ball,
                               called_pocket, codes, in_hand)
        # The replay opens on the stick's approach, before the strike.
        playback.lead_in(self.marks.start)
        self.trails = True
        self.geometry: TimelineGeometry | None = None
        self.selected: Mark | None = None

    @property
    def spec(self) -> TableSpec:
        return self.marks.spec

    # -- on the table ------------------------------------------------------------------
    def draw_under(self, surface: pygame.Surface, view: TableView,
                   positions: Mapping[int, tuple[float, float, float]]) -> None:
        draw_under(surface, view, self.marks, self.playback.time, positions,
                   self.trails)

    def draw_over(self, surface: pygame.Surface, view: TableView) -> None:
        draw_over(surface, view, self.marks, self.playback.time)

    def key(self, event: pygame.event.Event) -> bool:
        """T: trails; comma and full stop: the previous and next event."""
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_t:
            self.trails = not self.trails
        elif event.key == pygame.K_COMMA:
            self.step_mark(-1)
        elif event.key == pygame.K_PERIOD:
            self.step_mark(1)
        else:
            return False
        return True

    def mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.click(event.pos)
        return False

    # -- the timeline -------------------------------------------------------------
    def near_mark(self, tol: float = 1e-6) -> Mark | None:
        """The mark the clock stands on (a foul's first), if any."""
        t = self.playback.time
        here = [m for m in self.marks.marks if abs(m.time - t) <= tol]
        if self.selected is not None and self.selected in here:
            return self.selected
        return next((m for m in here if m.foul), here[0] if here else None)

    def current_mark(self) -> Mark | None:
        """The latest mark at or before the clock."""
        t = self.playback.time
        best = None
        for m in self.marks.marks:
            if m.time <= t + 1e-9:
                best = m
        return best

    def draw_timeline(self, surface: pygame.Surface, rect: pygame.Rect,
                      hint: str = "") -> None:
        """The shot's events along a bar, the clock on it; below it the event
        the clock stands at and, at a foul, the rule beside its mark."""
        pygame.draw.rect(surface, (14, 18, 17), rect)
        pad = 10
        size = max(10, min(14, rect.height // 3 - 2))
        lh = ui.line_height(size)
        bar_h = max(14, rect.height - lh - 12)
        bar = pygame.Rect(rect.left + pad, rect.top + 4, rect.width - 2 * pad, bar_h)
        pb = self.playback
        t0 = min(0.0, pb.times[0] if pb.times else 0.0)
        geo = TimelineGeometry(rect.copy(), bar, t0,
                               max(self.marks.duration, t0 + 1e-3))
        self.geometry = geo
        mid = bar.centery
        pygame.draw.line(surface, (70, 82, 76), (bar.left, mid), (bar.right, mid), 2)
        played = geo.x_of(pb.time)
        pygame.draw.line(surface, (150, 170, 150), (bar.left, mid), (played, mid), 3)
        h = bar.height // 2 - 1
        foul_x: float | None = None
        for m in self.marks.marks:
            x = round(geo.x_of(m.time))
            if m.foul:
                continue  # drawn last, over the others
            colour = KIND_COLOURS.get(m.kind, ui.DIM)
            hh = h if m.first_contact else max(3, h * 2 // 3)
            pygame.draw.line(surface, colour, (x, mid - hh), (x, mid + hh), 2)
        for m in self.marks.marks:
            if not m.foul:
                continue
            x = round(geo.x_of(m.time))
            foul_x = x if foul_x is None else foul_x
            pts = [(x, mid - h - 1), (x + 6, mid), (x, mid + h + 1), (x - 6, mid)]
            pygame.draw.polygon(surface, FOUL, pts)
            pygame.draw.polygon(surface, (255, 230, 220), pts, 1)
        x = round(played)
        pygame.draw.line(surface, ui.ACCENT, (x, bar.top), (x, bar.bottom), 2)
        # The words under the bar.
        row = pygame.Rect(rect.left + pad, bar.bottom + 3, rect.width - 2 * pad, lh)
        at = self.near_mark()
        foul_texts = self.fouls.get(at.event_index) if at is not None else None
        if at is not None and foul_texts and foul_x is not None:
            stamp = self.time_text(at.time) + " · "
            words = fitting([*(stamp + f for f in foul_texts), *foul_texts], size,
                            row.width - 12)
            w = min(row.width, fonts.font(size).size(words)[0] + 12)
            left = int(min(max(row.left, foul_x - w // 2), row.right - w))
            box = pygame.Rect(left, row.top, w, lh)
            pygame.draw.rect(surface, (110, 30, 26), box, border_radius=4)
            ui.line(surface, words, size, ui.INK, box.inflate(-12, 0))
            return
        shown = at or self.current_mark()
        if shown is not None and (pb.paused or at is not None):
            label = mark_label(self.locale, self.spec, shown)
            stamp = self.time_text(shown.time) + " · "
            ui.line(surface, fitting([stamp + label, label], size, row.width), size,
                    ui.INK, row)
        elif hint:
            ui.line(surface, fitting([hint], size, row.width), size, ui.DIM, row)

    def time_text(self, t: float) -> str:
        return self.locale.t("timeline.at", t=self.locale.num(t, 3))

    def mark_at(self, pos: tuple[int, int]) -> Mark | None:
        """The mark under a point of the bar (the nearest within a few pixels)."""
        geo = self.geometry
        if geo is None or not geo.bar.inflate(14, 8).collidepoint(pos):
            return None
        best: tuple[float, Mark] | None = None
        for m in self.marks.marks:
            d = abs(geo.x_of(m.time) - pos[0])
            if d <= 6 and (best is None or d < best[0] or (d == best[0] and m.foul)):
                best = (d, m)
        return best[1] if best else None

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on the timeline: jump to the mark under it, or to that time."""
        geo = self.geometry
        if geo is None or not geo.rect.collidepoint(pos):
            return False
        m = self.mark_at(pos)
        pb = self.playback
        pb.paused = True
        if m is not None:
            self.jump(m)
        elif geo.bar.inflate(14, 8).collidepoint(pos):
            pb.seek(geo.t_of(pos[0]))
            self.selected = None
        return True

    def jump(self, m: Mark) -> None:
        pb = self.playback
        pb.paused = True
        pb.seek(min(m.time, pb.end_time))
        self.selected = m

    def step_mark(self, direction: int) -> None:
        """To the next (or previous) mark of the timeline."""
        t = self.playback.time
        ms = self.marks.marks
        if direction > 0:
            nxt = next((m for m in ms if m.time > t + 1e-6), None)
        else:
            nxt = next((m for m in reversed(ms) if m.time < t - 1e-6), None)
        if nxt is not None:
            self.jump(nxt)

    # -- the side view ------------------------------------------------------------
    def flight(self) -> Flight | None:
        return self.marks.flight_at(self.playback.time)

    def inset_height(self, width: int) -> int:
        """The side view's height in the side column (0: closed)."""
        if self.flight() is None:
            return 0
        return max(92, min(150, width * 9 // 20))

    def draw_inset(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        fl = self.flight()
        if fl is not None:
            draw_side_view(surface, rect, self.locale, self.spec, fl,
                           self.playback.time, self.shot)


def foul_texts(loc: Locale, ruling: object, discipline: str = ""
               ) -> list[tuple[int, list[str]]]:
    """For each foul of a ruling that names an event: its words with the rule,
    longest first (the words and rule, the words, the rule alone)."""
    from simulator.app.text.words import cite, code_words, home_rule, ref_text
    out: list[tuple[int, list[str]]] = []
    for f in getattr(ruling, "fouls", ()):
        if f.event_index is None:
            continue
        texts = [cite(loc, f.code, f.ref, discipline), code_words(loc, f.code.id)]
        rule = home_rule(f.code, f.ref)
        if rule is not None and ref_text(loc, rule):
            texts.append(ref_text(loc, rule))
        out.append((f.event_index, texts))
    return out


def scenario_show(loc: Locale, sc: object, shot: Shot, playback: Playback,
                  ruling: object) -> ShotShow:
    """The marks of a practice situation's or a gallery entry's shot: its
    fouls, its call, and the line when the cue ball was in hand behind it."""
    decl = getattr(sc, "declarations", None)
    hand = getattr(getattr(getattr(sc, "game", None), "ball_in_hand", None), "value",
                   None)
    return ShotShow(loc, shot, playback,
                    foul_texts(loc, ruling, str(getattr(sc, "discipline", ""))),
                    getattr(decl, "called_ball", None),
                    getattr(decl, "called_pocket", None), ruling_codes(ruling),
                    None if hand == "none" else hand)


def ruling_codes(ruling: object) -> list[str]:
    return [e.code.id for e in (*getattr(ruling, "fouls", ()),
                                *getattr(ruling, "notes", ()))]


def draw_side_view(surface: pygame.Surface, rect: pygame.Rect, loc: Locale,
                   spec: TableSpec, flight: Flight, now: float, shot: Shot) -> None:
    """The balls' heights over time, seen from the side: the bed, the cushion
    nose and the rail top drawn to the same vertical scale as the ball; the
    part of a path over the rail (beyond the nose) in orange; where a ball
    left the table, said."""
    pygame.draw.rect(surface, (12, 16, 15), rect, border_radius=6)
    pygame.draw.rect(surface, ui.BORDER, rect, 1, border_radius=6)
    size = max(10, min(13, rect.height // 9))
    lh = ui.line_height(size)
    ui.line(surface, loc.t("sideview.title"), size, ui.ACCENT,
            pygame.Rect(rect.left + 6, rect.top + 3, rect.width - 12, lh))
    label_w = max(fonts.font(size - 1).size(loc.t("sideview.rail_top"))[0],
                  fonts.font(size - 1).size(loc.t("sideview.nose"))[0]) + 6
    plot = pygame.Rect(rect.left + 6, rect.top + lh + 6,
                       rect.width - 18 - label_w, rect.height - 2 * lh - 12)
    r = spec.balls.radius
    zs = [z for pts in flight.samples.values() for _t, z, _d in pts]
    top = max([spec.rail_top_height + 2.5 * r, *[z + r for z in zs]])
    bottom = -0.6 * r
    vs = plot.height / (top - bottom)  # pixels per metre, up

    def y_of(z: float) -> float:
        return plot.bottom - (z - bottom) * vs

    t0 = flight.start - 0.05
    t1 = flight.end + 0.45

    def x_of(t: float) -> float:
        return plot.left + (t - t0) / (t1 - t0) * plot.width

    # The bed, the cushion nose and the rail top, to scale with the ball.
    pygame.draw.line(surface, (60, 130, 90), (plot.left, y_of(0.0)),
                     (plot.right, y_of(0.0)), 2)
    lh1 = ui.line_height(size - 1)
    for z, key, above in ((spec.cushion_height, "sideview.nose", False),
                          (spec.rail_top_height, "sideview.rail_top", True)):
        y = y_of(z)
        draw_dashed(surface, (150, 110, 70), (plot.left, y), (plot.right, y), 5, 1)
        # The rail top's word above its line, the nose's below: never on top
        # of each other, however small the scale.
        ui.line(surface, loc.t(key), size - 1, ui.DIM,
                pygame.Rect(plot.right + 4, round(y - lh1 if above else y), label_w,
                            lh1))
    old_clip = surface.get_clip()
    surface.set_clip(plot.inflate(0, 2).clip(old_clip) if old_clip else plot)
    for b, pts in sorted(flight.samples.items()):
        colour = ball_colour(spec, b)
        prev: tuple[float, float, bool] | None = None
        for t, z, d in pts:
            p = (x_of(t), y_of(z), d > 0)
            if prev is not None:
                over = prev[2] or p[2]
                pygame.draw.line(surface, AIR_OVER_RAIL if over else colour,
                                 prev[:2], p[:2], 3 if over else 2)
            prev = p
    x = x_of(now)
    pygame.draw.line(surface, ui.ACCENT, (x, plot.top), (x, plot.bottom), 1)
    for b, pts in sorted(flight.samples.items()):
        here = [p for p in pts if p[0] <= now + 1e-9]
        if not here:
            continue
        _t, z, _d = here[-1]
        if pts[-1][0] < now - 0.02 and b in flight.left:
            continue  # gone from the table
        c = (x, y_of(z))
        pygame.draw.circle(surface, ball_colour(spec, b), c, max(2.0, r * vs))
        pygame.draw.circle(surface, (20, 20, 20), c, max(2.0, r * vs), 1)
    surface.set_clip(old_clip)
    # Under the plot: the stroke's elevation, or where a ball went.
    words = ""
    for b, where in flight.left.items():
        words = loc.t("sideview.on_rail" if where == "rail" else "sideview.floor",
                      ball=loc.t("strip.cue_ball") if b == spec.balls.cue_ball
                      else str(b))
    if not words and spec.balls.cue_ball in flight.balls and flight.start < 1e-3:
        s = shot.stroke
        words = loc.t("sideview.stroke", elevation=loc.num(s.elevation, 0),
                      tip=loc.num(s.tip_b, 2))
    if words:
        ui.line(surface, words, size - 1, ui.INK,
                pygame.Rect(rect.left + 6, rect.bottom - lh - 3, rect.width - 12, lh))
