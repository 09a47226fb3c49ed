"""The timeline under the table during a replay: the shot's events along a
bar with the clock on it, the event the clock stands at in words, and the
rule beside a foul's mark; a click or a key jumps from mark to mark."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

import pygame

from simulator.app.replay.playback import Playback
from simulator.app.replay.shotmarks import STEP_KINDS, Mark, ShotMarks
from simulator.app.replay.table_marks import (
    CONTACT_BALL,
    FOUL,
    KIND_COLOURS,
    contact_mark,
)
from simulator.app.text import fonts, ui
from simulator.app.text.i18n import Locale
from simulator.app.text.words import ball_named, pocket_chip
from simulator.table.events import CENTRE_LINE, HEAD_STRING, EventKind
from simulator.table.specs import TableKind, TableSpec


def fitting(options: Sequence[str], size: int, width: int) -> str:
    """The first of ``options`` that fits ``width`` whole (the last one, cut,
    if none does)."""
    for text in options:
        shown, _s = ui.fit(text, size, width)
        if shown == text:
            return text
    return options[-1] if options else ""


def fitted(options: Sequence[str], size: int, width: int) -> tuple[str, int]:
    """The first of ``options`` that fits ``width`` whole, at ``size`` or a
    point smaller (the caption under the bar in a low window), and the size;
    else as :func:`fitting` has it."""
    for text in options:
        for s in (size, size - 1):
            if ui.fit(text, s, width)[0] == text:
                return text, s
    return fitting(options, size, width), size


def whole_events(prefix: str, labels: Sequence[str], focus: int, size: int,
                 width: int) -> str:
    """``prefix`` and as many of ``labels`` (events at one time, joined by
    " · ") as fit ``width`` whole, the ``focus``-th always among them, "…"
    where some are left out: a row too narrow for them all says whole
    events, never half a word («биток отрывается от су…»), and still names
    the event stepped to (the last of a break's contacts too)."""
    def fits(text: str) -> bool:
        return ui.fit(text, size, width)[0] == text

    def said(a: int, b: int) -> str:
        return prefix + " · ".join([*(["…"] if a else []), *labels[a:b],
                                    *(["…"] if b < len(labels) else [])])

    focus = max(0, min(focus, len(labels) - 1))
    a, b = (0, focus + 1) if fits(said(0, focus + 1)) else (focus, focus + 1)
    while b < len(labels) and fits(said(a, b + 1)):
        b += 1
    while a and fits(said(a - 1, b)):
        a -= 1
    return said(a, b)


LEGEND_GAP = 8  # between the words (a foul's red box) and the legend
SAME_TIME = 5e-4  # marks closer than this read as one time (to 1 ms)


def mark_label(loc: Locale, spec: TableSpec, m: Mark) -> str:
    """An event in words: '3 hits the foot cushion'."""
    ev = m.event
    t = loc.t
    cue = spec.balls.cue_ball

    def ball(b: int) -> str:
        # «шар 8 касается борта» / "the 8 touches a rail", not a bare number.
        return ball_named(loc, b, cue)

    bs = [ball(b) for b in ev.balls]
    first = bs[0] if bs else "?"
    k = ev.kind
    if m.touch:
        # The tip met the ball more than once: each touch on and off, numbered
        # as the inset's panels ("1st touch, 0 ms", "touched again ...").
        return tip_touch_label(loc, m, first)
    if m.tip_end:
        # The moment a push or a double hit is seen: how long the tip was on.
        return t("timeline.tip_end", ball=first,
                 ms=loc.num((ev.duration or 0.0) * 1000.0, 0))
    if k is EventKind.STROKE:
        if ev.miscue:
            return t("timeline.miscue")
        if ev.duration is not None:
            # How long the tip stayed on the ball: a push (general rule 21)
            # is seen by it, and the mark said only the speed.
            return t("timeline.stroke_tip", speed=loc.num(ev.speed or 0.0, 2),
                     ms=loc.num(ev.duration * 1000.0, 0))
        return t("timeline.stroke", speed=loc.num(ev.speed or 0.0, 2))
    if k is EventKind.TIP_CONTACT:
        return t("timeline.tip_contact", ball=first)
    if k is EventKind.BALL_BALL:
        if m.first_contact:
            return t("timeline.first_contact", a=first, b=bs[1] if len(bs) > 1 else "?")
        return t("timeline.ball_ball", a=first, b=bs[1] if len(bs) > 1 else "?")
    if k is EventKind.BALL_CUSHION:
        name = ev.cushion or ""
        if name.startswith("jaw:"):
            return t("timeline.jaw", ball=first,
                     pocket=t(f"pocket.{name.removeprefix('jaw:')}"))
        return t("timeline.cushion", ball=first, cushion=t(f"cushion.{name}")
                 if loc.has(f"cushion.{name}") else name)
    if k is EventKind.POCKETED:
        # The ruling card's words for a pot («шар 6 — в верхней средней лузе»).
        return pocket_chip(loc, ev.balls[0] if ev.balls else "?", ev.pocket, cue)
    if m.peak is not None:
        return t("timeline.peak", ball=first, mm=loc.num(m.peak * 1000.0, 0))
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


def tip_touch_label(loc: Locale, m: Mark, ball: str) -> str:
    """A touch of the tip, where it met the ball more than once: its start
    (the stroke's with the cue ball's speed) or its end with its time on."""
    ev = m.event
    if m.tip_end:
        return loc.t("timeline.tip_off", ball=ball, n=m.touch,
                     ms=loc.num(m.time * 1000.0 - ev.time * 1000.0, 0))
    if ev.kind is EventKind.STROKE:
        return loc.t("timeline.stroke_touch", speed=loc.num(ev.speed or 0.0, 2))
    return loc.t("timeline.tip_again", ball=ball, n=m.touch)


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


class Timeline:
    """A replay's timeline: the part of :class:`ShotShow
    <simulator.app.replay.shotshow.ShotShow>` that draws the bar and moves
    the clock from mark to mark."""

    locale: Locale
    playback: Playback
    marks: ShotMarks
    fouls: dict[int, tuple[str, ...]]
    geometry: TimelineGeometry | None
    selected: Mark | None
    pointer: tuple[int, int] | None  # where the mouse is, for the ticks' words
    pointed: float | None  # a time ringed on the bar (the proof a page names)
    # No mark in the foul's colour (a quiz before "Was it a foul?" is
    # answered: the red tick gave the answer away).
    fouls_hidden = False
    # Ticks only as the clock reaches them (a quiz before its answers: the
    # tip's tick ahead of the clock said a double hit before the stroke).
    ahead_hidden = False

    def shown_marks(self) -> tuple[Mark, ...]:
        """The marks whose ticks are drawn now."""
        if not self.ahead_hidden:
            return self.marks.marks
        t = self.playback.time
        return tuple(m for m in self.marks.marks if m.time <= t + 1e-9)

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
        foul_x = self._draw_bar(surface, geo)
        # The words under the bar: at a foul its words chosen first, the
        # legends beside them only where they fit clear of its box.
        row = pygame.Rect(rect.left + pad, bar.bottom + 3, rect.width - 2 * pad, lh)
        held = self._foul_choice(row, size, foul_x)
        if held is not None:
            words, s, legends = held
            row.width -= self._draw_legend(surface, row, size, hint, legends)
            self._draw_foul(surface, row, words, s, foul_x)
            return
        row.width -= self._draw_legend(surface, row, size, hint)
        self._draw_words(surface, row, size, foul_x, hint)

    def _foul_choice(self, row: pygame.Rect, size: int, foul_x: float | None
                     ) -> tuple[str, int, int] | None:
        """At a foul's mark: its words, their size and how many legends
        (0, the contacts', both) stand beside them. The words say the time,
        what happened there (the first contact a foul names) and the foul
        with its rule, the longest of them that fits whole with the most
        legends; None where no foul is stood on."""
        at = self.near_mark()
        texts = self.fouls.get(at.event_index) if at is not None else None
        if at is None or not texts or foul_x is None or self.pointer_on_bar():
            return None
        stamp = self.time_text(at.time) + " · "
        said = stamp + self.labels_at(at) + " · "
        # The foul's own mark alone where those at its time are many (a
        # break's rack contacts all at the first one's moment).
        own = stamp + mark_label(self.locale, self.marks.spec, at) + " · "
        # The words with the rule (general rule 20) whole before any without
        # it: at 800x500 the event's words took the rule's room.
        ruled = (texts[0], *texts[2:], *texts[1:2])
        options = [w for f in ruled for w in dict.fromkeys((said + f, own + f,
                                                            stamp + f, f))]
        if len(texts) > 2 and at.first_contact:
            # The first contact is what the foul is about (a 9-ball break on
            # the 3): where the words and the rule with it do not fit, the
            # foul is named by its rule after it, the time and contact kept.
            options.insert(options.index(own + texts[0]) + 1, own + self.locale.t(
                "timeline.foul_short", rule=texts[2]))
        widths = self._legend_widths(row, size)
        for text in options:
            for n in (2, 1, 0):
                room = row.width - widths[n] - (LEGEND_GAP if widths[n] else 0) - 12
                for s in (size, size - 1):
                    if ui.fit(text, s, room)[0] == text:
                        return text, s, n
        return options[-1], size, 0

    def _draw_foul(self, surface: pygame.Surface, row: pygame.Rect, words: str,
                   size: int, foul_x: float | None) -> None:
        """The foul's words in a red box under its mark, within ``row``."""
        w = min(row.width, fonts.font(size).size(words)[0] + 12)
        left = int(min(max(row.left, (foul_x or row.left) - w // 2), row.right - w))
        box = pygame.Rect(left, row.top, w, row.height)
        pygame.draw.rect(surface, (110, 30, 26), box, border_radius=4)
        ui.line(surface, words, size, ui.INK, box.inflate(-12, 0))

    def pointer_on_bar(self) -> bool:
        return self.pointer is not None and self.time_under(self.pointer) is not None

    def _legend_widths(self, row: pygame.Rect, size: int) -> tuple[int, int, int]:
        """The width of no legend, of the contacts' and of both (the
        contacts' alone where the line's is not for this shot or too wide)."""
        r = max(5, row.height // 2 - 2)
        w = fonts.font(size).size(self.locale.t("table_card.contact_legend"))[0] \
            + 2 * r + 22
        if w > row.width // 3:
            return 0, 0, 0
        if not any(m.kind is EventKind.LINE_CROSSED for m in self.shown_marks()):
            return 0, w, w
        lw = fonts.font(size).size(self.locale.t("timeline.line_legend"))[0] + 20
        return 0, w, w + lw if w + lw <= row.width * 3 // 5 else w

    def _draw_legend(self, surface: pygame.Surface, row: pygame.Rect,
                     size: int, hint: str = "", legends: int | None = None) -> int:
        """At the right of the words: the table's contact diamond and what
        its number is, and the line's dots (``legends``: how many of them,
        as chosen for a foul's words; else both where the words have room);
        the width it takes with the gap before the words (none in a narrow
        window)."""
        widths = self._legend_widths(row, size)
        w = widths[1]
        if not w or legends == 0:
            return 0
        r = max(5, row.height // 2 - 2)
        left = row.right - w
        contact_mark(surface, (left + 6 + r, row.centery), r - 1, CONTACT_BALL, "1",
                     max(9, size - 3))
        ui.line(surface, self.locale.t("table_card.contact_legend"), size, ui.DIM,
                pygame.Rect(left + 2 * r + 14, row.top, w - 2 * r - 14, row.height))
        line_w = widths[2] - w if legends is None or legends > 1 else 0
        if line_w and legends is None and fonts.font(size).size(
                self._wanted_words(hint))[0] + 24 > row.width - widths[2]:
            line_w = 0  # (what the clock stands at is said whole first)
        if line_w:
            self._draw_line_legend(surface, row, size, w, line_w)
        return w + line_w + LEGEND_GAP

    def _draw_line_legend(self, surface: pygame.Surface, row: pygame.Rect,
                          size: int, taken: int, w: int) -> None:
        """Left of the contacts' legend, where the bar has a line crossed:
        its dots and what they are (the dots were read as contacts, or as
        nothing)."""
        left = row.right - taken - w
        colour = KIND_COLOURS.get(EventKind.LINE_CROSSED, ui.DIM)
        h = row.height // 2 - 1
        for dy in range(-h, h + 1, 4):  # the bar's dots
            pygame.draw.rect(surface, colour, (left + 4, row.centery + dy - 1, 2, 2))
        ui.line(surface, self.locale.t("timeline.line_legend"), size, ui.DIM,
                pygame.Rect(left + 12, row.top, w - 12, row.height))

    def _draw_bar(self, surface: pygame.Surface, geo: TimelineGeometry
                  ) -> float | None:
        """The bar, a tick a mark (a diamond a foul) and the clock; where the
        first foul is on it."""
        bar = geo.bar
        mid = bar.centery
        pygame.draw.line(surface, (70, 82, 76), (bar.left, mid), (bar.right, mid), 2)
        played = geo.x_of(self.playback.time)
        pygame.draw.line(surface, (150, 170, 150), (bar.left, mid), (played, mid), 3)
        h = bar.height // 2 - 1
        foul_x: float | None = None
        shown = self.shown_marks()
        for m in shown:
            x = round(geo.x_of(m.time))
            if m.foul:
                continue  # drawn last, over the others
            colour = KIND_COLOURS.get(m.kind, ui.DIM)
            if self.fouls_hidden and colour == FOUL:
                colour = KIND_COLOURS[EventKind.AIRBORNE]
            if m.kind is EventKind.LINE_CROSSED:
                # A line crossed is no contact, and "," and "." pass it by:
                # dots, not a tick like theirs (the centre line's two ticks
                # were taken for contacts the keys skipped).
                for dy in range(-h, h + 1, 4):
                    pygame.draw.rect(surface, colour, (x - 1, mid + dy - 1, 2, 2))
                continue
            hh = h if m.first_contact else max(3, h * 2 // 3)
            pygame.draw.line(surface, colour, (x, mid - hh), (x, mid + hh), 2)
        for m in shown:
            if not m.foul or self.fouls_hidden:
                continue
            x = round(geo.x_of(m.time))
            foul_x = x if foul_x is None else foul_x
            pts = [(x, mid - h - 1), (x + 6, mid), (x, mid + h + 1), (x - 6, mid)]
            pygame.draw.polygon(surface, FOUL, pts)
            pygame.draw.polygon(surface, (255, 230, 220), pts, 1)
        if self.pointed is not None:
            px = round(geo.x_of(self.pointed))
            pygame.draw.circle(surface, ui.ACCENT, (px, mid), h + 3, 2)
        x = round(played)
        pygame.draw.line(surface, ui.ACCENT, (x, bar.top), (x, bar.bottom), 2)
        return foul_x

    def _draw_words(self, surface: pygame.Surface, row: pygame.Rect, size: int,
                    foul_x: float | None, hint: str) -> None:
        """The time and marks under the pointer; else the event the clock
        stands at (paused), or the hint (a foul's words: _draw_foul)."""
        pb = self.playback
        hovered = self.marks_under(self.pointer) if self.pointer else []
        under = self.time_under(self.pointer) if self.pointer else None
        if under is not None:
            # The pointer on the bar: the time under it, always first (it
            # was dropped when the ticks' words were long), then what each
            # mark under it is (ticks a few milliseconds apart, a double
            # hit's, stand on one pixel).
            at_t = hovered[0].time if hovered else under
            stamp = self.time_text(at_t)
            labels = [mark_label(self.locale, self.marks.spec, m) for m in hovered]
            options = [stamp + "".join(" · " + lb for lb in labels)]
            if any(abs(m.time - at_t) >= SAME_TIME for m in hovered):
                # marks at different times: each with its own, where it fits
                options.insert(0, " · ".join(
                    self.time_text(m.time) + " " + lb
                    for m, lb in zip(hovered, labels, strict=True)))
            # (whole events from the first, "…" for those left out: ticks
            # a pixel apart are all under the pointer, none of them first)
            options.append(whole_events(stamp + " · ", labels, 0, size - 1,
                                        row.width) if labels else stamp)
            text, s = fitted(options, size, row.width)
            ui.line(surface, text, s, ui.INK, row)
            return
        at = self.near_mark()  # (a foul stood on: _foul_choice)
        shown = at or self.current_mark()
        if shown is not None and (pb.paused or at is not None):
            label = self.labels_at(shown)
            stamp = self.time_text(shown.time) + " · "
            together = self.marks_together(shown)
            labels = [mark_label(self.locale, self.marks.spec, m) for m in together]
            focus = together.index(shown) if shown in together else 0
            text, s = fitted([stamp + label, label, whole_events(
                "", labels, focus, size - 1, row.width)], size, row.width)
            ui.line(surface, text, s, ui.INK, row)
        elif hint:
            ui.line(surface, fitting([hint], size, row.width), size, ui.DIM, row)

    def _wanted_words(self, hint: str) -> str:
        """What the words under the bar say where they have the room: the
        time and every event under the pointer, or at the mark stood on
        (with its foul and rule), or the hint."""
        if self.pointer and self.time_under(self.pointer) is not None:
            hovered = self.marks_under(self.pointer)
            stamp = self.time_text(hovered[0].time if hovered else
                                   self.time_under(self.pointer) or 0.0)
            return stamp + "".join(
                " · " + mark_label(self.locale, self.marks.spec, m) for m in hovered)
        at = self.near_mark()
        shown = at or self.current_mark()
        if shown is None or not (self.playback.paused or at is not None):
            return hint
        said = self.time_text(shown.time) + " · " + self.labels_at(shown)
        foul_texts = self.fouls.get(shown.event_index) if at is not None else None
        return said + " · " + foul_texts[0] if foul_texts else said

    def labels_at(self, at: Mark) -> str:
        """The events of every mark at ``at``'s time, in time order: two at
        one time (a ball on a ball and on the cushion at once) are both said
        wherever either is stood on."""
        return " · ".join(mark_label(self.locale, self.marks.spec, m)
                          for m in self.marks_together(at))

    def marks_together(self, at: Mark) -> list[Mark]:
        """The marks at ``at``'s time, in time order."""
        return [m for m in self.marks.marks if abs(m.time - at.time) < SAME_TIME]

    def time_text(self, t: float) -> str:
        return self.locale.t("timeline.at", t=self.locale.num(t, 3))

    def time_under(self, pos: tuple[int, int]) -> float | None:
        """The time of the bar under the pointer; None off the bar."""
        geo = self.geometry
        if geo is None or not geo.bar.inflate(14, 8).collidepoint(pos):
            return None
        return geo.t_of(pos[0])

    def marks_under(self, pos: tuple[int, int], reach: int = 6) -> list[Mark]:
        """Every mark whose tick is under the pointer (within ``reach``
        pixels), in time order; none when it is off the bar."""
        geo = self.geometry
        if geo is None or not geo.bar.inflate(14, 8).collidepoint(pos):
            return []
        return [m for m in self.shown_marks()
                if abs(geo.x_of(m.time) - pos[0]) <= reach]

    def mark_at(self, pos: tuple[int, int]) -> Mark | None:
        """The mark under a point of the bar (the nearest within a few pixels)."""
        geo = self.geometry
        if geo is None or not geo.bar.inflate(14, 8).collidepoint(pos):
            return None
        best: tuple[float, Mark] | None = None
        for m in self.shown_marks():
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

    def at_selected(self) -> bool:
        """Whether the clock stands on the mark last stepped or clicked to."""
        m, pb = self.selected, self.playback
        return m is not None and abs(min(m.time, pb.end_time) - pb.time) <= 1e-6

    def step_mark(self, direction: int, every: bool = False) -> None:
        """To the next (or previous) contact of the timeline (ball on ball,
        cushion, pocket, the cue tip), a flight's top, the foul; with
        ``every``, to each mark."""
        # The words under the bar say the step, not the ticks the pointer
        # rests on since a click (they said the clicked mark) till it moves.
        self.pointer = None
        pb = self.playback
        t = pb.time
        # Playing, a mark the last frame passed over was in no picture (the
        # one before showed the balls closing, this one parting): "." stops
        # on it. After Home, "." a frame past the first contact went on to
        # the next contact, the clock and the side text still saying the
        # first contact's time.
        t0 = min(t, pb.before) if direction > 0 and not pb.paused else t
        # Each numbered contact on the table is a stop, a jaw's brush too.
        ms = step_marks(self.marks.marks, every, numbered={
            c.event_index for c in self.marks.shown_contacts})
        nxt: Mark | None = None
        if self.at_selected() and self.selected in ms:
            # From the mark stood on, the one beside it in the list: marks at
            # one time (a ball on a ball and on the cushion at once) are
            # each a step, as a click on their tick says each.
            i = ms.index(self.selected) + direction
            nxt = ms[i] if 0 <= i < len(ms) else None
        elif direction > 0:
            nxt = next((m for m in ms if m.time > t0 + 1e-6), None)
        else:
            nxt = next((m for m in reversed(ms) if m.time < t - 1e-6), None)
        if nxt is None and direction > 0:
            # Past the last contact "." goes on to the last mark (the balls
            # at rest), not nowhere: the step keys' old last stop.
            nxt = next((m for m in reversed(self.marks.marks)
                        if m.time > t + 1e-6), None)
        if nxt is not None:
            # A foul a hair from the mark reached (the Express push-through:
            # the stroke at 0.000 s, the foul 0.00001 s later, both "0.000
            # s") is where the step stops: the first "." showed the stroke
            # and "Watch..." at the foul's own time. The strike itself is a
            # step of its own, the foul the next ("." from Home passed the
            # strike's tick at 0.000 by).
            foul = None if nxt.kind is EventKind.STROKE and direction > 0 else \
                next((m for m in self.marks.marks if m.foul and
                      abs(m.time - nxt.time) < SAME_TIME and
                      direction * (m.time - t0) > 1e-6), None)
            self.jump(foul if foul is not None else nxt)


def jaw_of(m: Mark) -> tuple[tuple[int, ...], str] | None:
    """(the balls, the jaw) of a brush against a pocket's jaw; None for any
    other mark."""
    c = getattr(m.event, "cushion", None)
    if m.kind is EventKind.BALL_CUSHION and c and c.startswith("jaw:"):
        return tuple(m.event.balls), c
    return None


def step_marks(marks: Sequence[Mark], every: bool = False,
               all_kinds: bool = False,
               numbered: Collection[int] = ()) -> list[Mark]:
    """The marks "," and "." step through: the contacts a referee follows,
    each flight's highest point and its landing (with ``all_kinds``, the marks of every
    kind), a ball rattling in a pocket's jaws once unless its brushes are
    ``numbered`` (event indices of the contacts drawn with a number: "."
    went from contact 2 to 6 past the 6's rattle drawn as 3, 4 and 5), a
    foul always; with ``every``, all."""
    out: list[Mark] = []
    for m in marks:
        if not (every or all_kinds) and m.kind not in STEP_KINDS and not m.foul \
                and m.peak is None and m.kind is not EventKind.LANDED:
            continue
        jaw = jaw_of(m)
        if not every and jaw is not None and not m.foul and out and \
                jaw_of(out[-1]) == jaw and m.event_index not in numbered:
            continue
        out.append(m)
    return out

