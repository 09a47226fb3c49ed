"""Shots taken away: an animated clip (GIF, WebP, animated PNG) that plays the
shot at a chosen speed and stops at the foul, and a still diagram (PNG, and
SVG for print) with the start position, the paths and the contacts in order;
each captioned with the ruling and the rule in the chosen language.

A clip stops at the foul by default (held FOUL_HOLD seconds, then it ends),
as the window's gallery and replays stop there, unless the foul comes with
the stroke (before EARLY_FOUL: a miscue, a double hit), which plays on;
``play_on`` (the window's setting, ``--play-on`` here) holds at each foul
and plays on to the end. The caption names the ruling from its moment on.

Everything is drawn off screen with the replay's own drawing
(simulator.app.replay.table_marks, side_view), so no display is needed;
Pillow writes the animated formats, which pygame cannot. Files are written atomically.

From the command line, a whole gallery at once::

    python -m simulator.app.replay.export --gallery DIR [--lang en,ru] [--speed 0.5]
        [--formats gif,webp,png,svg] [--width 800] [--play-on]
"""

from __future__ import annotations

import argparse
import io
import math
import os
import sys
from collections.abc import Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, cast
from xml.sax.saxutils import escape

CLIP_FORMATS = ("gif", "webp", "apng")
STILL_FORMATS = ("png", "svg")
FORMATS = CLIP_FORMATS + STILL_FORMATS
SUFFIX = {"gif": ".gif", "webp": ".webp", "apng": ".png", "png": ".png",
          "svg": ".svg"}
SPEEDS = (0.25, 0.5, 1.0)
FPS = 20  # clip frames a second (GIF counts time in hundredths)
FOUL_HOLD = 2.5  # seconds a clip stands still at each foul
END_HOLD = 1.5  # and at the end
# A foul this early in the shot (a miscue, a double hit: at 0.00 s) shows nothing
# of the stroke when the clip ends there: the clip plays on past it.
EARLY_FOUL = 0.1  # shot seconds
# What the command line says of such a clip (the window says it in its language).
AT_STROKE = ("the foul is at the stroke: the clip holds on it, then shows the "
             "stroke to its end")
MAX_WIDTH = 2400
# The window's colour for what a foul involves (practice_screen.HL, the
# balls' rings in table.render): a clip's held frame marks the same.
FOUL_MARK = (255, 70, 60)
MIN_WIDTH = 320


class ExportError(Exception):
    """An export that cannot be made (a bad value, a folder not writable).
    ``key`` and ``params``, when given, word it in the window's language
    (locale ``export.why_KEY``); the message is the command line's."""

    def __init__(self, message: str, key: str = "", **params: str) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class ShotExport:
    """A shot and what its captions say, ready to be drawn in any language."""

    shot: Any  # simulator.table.events.Shot with its frames
    ruling: Any = None  # rules.ruling.Ruling, or None
    discipline: str = ""
    title: Mapping[str, str] = field(default_factory=dict)  # by language
    called_ball: int | None = None
    called_pocket: str | None = None
    in_hand: str | None = None
    name: str = "shot"
    speed: float = 0.5
    play_on: bool = False  # after the foul: end the clip there, or play on
    foul: Any = None  # the foul shown (a gallery entry's); None: the main one
    # Balls and cushions marked at the foul besides those it names (a
    # gallery entry's, as the window marks them).
    marked_balls: tuple[int, ...] = ()
    marked_cushions: tuple[str, ...] = ()

    # -- where shots come from ------------------------------------------------------
    @classmethod
    def from_shot(cls, shot: Any, ruling: Any = None, **kw: Any) -> ShotExport:
        """The shot with its frames (computed again when it has none)."""
        if not shot.frames:
            from simulator.physics import simulate
            shot = replace(shot, frames=simulate(shot.initial, shot.stroke,
                                                 also=shot.also,
                                                 models=shot.models).frames)
        return cls(shot, ruling, **kw)

    @classmethod
    def from_replay(cls, mode: Any) -> ShotExport:
        """The game's replay screen's shot (simulator.app.screens.replay.ReplayMode)."""
        s = mode.session
        # The replay's frames without the still one its stick's approach adds.
        shot = replace(mode.shot, frames=tuple(f for f in mode.playback.frames
                                                if f.time >= 0.0))
        marks = mode.show.marks
        n = mode.shot_number() + 1  # the shot on show, as its heading counts
        return cls(shot, mode.ruling, s.discipline, {},
                   marks.called_ball, marks.called_pocket, None,
                   f"{s.discipline}-shot-{n}", mode.playback.speed)

    @classmethod
    def from_scenario(cls, sc: Any, shot: Any, ruling: Any, foul: Any = None,
                      play_on: bool = False) -> ShotExport:
        """A practice situation's or a gallery entry's shot (``foul``: the
        one the gallery shows)."""
        from rules.ruling import BallInHand
        decl = sc.declarations
        hand = getattr(getattr(sc.game, "ball_in_hand", None), "value", None)
        return cls.from_shot(
            shot, ruling, discipline=sc.discipline,
            title={lang: sc.title.get(lang) for lang in ("en", "ru")},
            called_ball=getattr(decl, "called_ball", None),
            called_pocket=getattr(decl, "called_pocket", None),
            in_hand=None if hand == BallInHand.NONE.value else hand,
            name=sc.id, speed=0.25, foul=foul, play_on=play_on,
            marked_balls=tuple(getattr(sc.gallery, "balls", ())),
            marked_cushions=tuple(getattr(sc.gallery, "cushions", ())))

    # -- what is drawn --------------------------------------------------------------
    def marks(self) -> Any:
        from simulator.app.replay.shotmarks import ShotMarks
        from simulator.app.replay.shotshow import ruling_codes
        return ShotMarks(self.shot, self.shot.frames,
                         [i for i, _ in self.foul_events()], self.called_ball,
                         self.called_pocket, ruling_codes(self.ruling), self.in_hand)

    def foul_events(self) -> list[tuple[int, Any]]:
        """(event index, foul) for each foul the log shows."""
        out = []
        for f in getattr(self.ruling, "fouls", ()) or ():
            if f.event_index is not None and 0 <= f.event_index < len(self.shot.events):
                out.append((f.event_index, f))
        return out

    def main_foul(self) -> Any:
        """The foul the clip stops at and its caption names."""
        from rules.main_foul import main_foul
        r = self.ruling
        return self.foul or (main_foul(r) if r is not None else None)

    def stop_events(self) -> list[tuple[int, Any]]:
        """(event index, foul) where the clip stands still: the main foul's
        alone (where the clip ends), or with ``play_on`` every foul's."""
        events = self.foul_events()
        if self.play_on:
            return events
        main = self.main_foul()
        mine = [(i, f) for i, f in events if f == main]
        return mine or events[:1]

    def foul_at_stroke(self) -> bool:
        """Ending at the foul would end the clip on the stroke (a foul before
        EARLY_FOUL): the clip holds on the foul, then shows the stroke to
        its end, and the dialog and the command line say so."""
        if self.play_on:
            return False
        from simulator.physics.stick import seen_at
        marks_end = max((f.time for f in self.shot.frames), default=0.0)
        stops = [min(seen_at(self.shot.events[i]), marks_end)
                 for i, _f in self.stop_events()]
        return bool(stops) and max(stops) < EARLY_FOUL

    def caption(self, lang: str) -> tuple[str, str]:
        """The heading (the game, the situation's title, the ruling's rule:
        "8-ball · Scratch on the break · 8-ball rule 8"; a clip's title named
        the game alone, or the situation alone) and the ruling with its rule."""
        from simulator.app.text.i18n import Locale
        from simulator.app.text.words import (
            cite,
            cited_rule,
            discipline_label,
            foul_cite,
        )
        loc = Locale(lang)
        game = discipline_label(loc, self.discipline)
        title = self.title.get(lang) or self.title.get("en") or ""
        r = self.ruling
        foul = self.main_foul()
        notes = [n for n in getattr(r, "notes", ()) or () if n.code.id != "note.legal"]
        if foul is not None:
            line = foul_cite(loc, foul, self.discipline)
            rule = cited_rule(loc, foul.code, foul.ref, self.discipline)
        elif notes:
            line = cite(loc, notes[0].code, notes[0].ref, self.discipline)
            rule = cited_rule(loc, notes[0].code, notes[0].ref, self.discipline)
        else:
            line, rule = loc.t("export.legal"), ""
        parts = [p for p in (game, title, rule) if p]
        head = " · ".join(dict.fromkeys(parts))  # (a title that is the game's once)
        return head, line

    def file_name(self, fmt: str, lang: str, speed: float | None = None) -> str:
        """The file's name: the shot, the language and, for a clip, its
        speed (``speed``, else the export's): clips of one shot at 1/4 and
        at 1/2 were both "...-clip", the second "...-clip-2"."""
        stem = "".join(c if c.isalnum() or c in "-_." else "_" for c in self.name)
        clip = f"-clip-{speed_name(speed or self.speed)}" if fmt in CLIP_FORMATS \
            else ""
        return f"{stem or 'shot'}-{lang}{clip}{SUFFIX[fmt]}"


# -- drawing off screen ---------------------------------------------------------------
def _pygame() -> Any:
    """pygame with its fonts, and no window."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame


def check_width(width: int) -> None:
    """Every picture, clip or still, is MIN_WIDTH to MAX_WIDTH pixels wide."""
    if isinstance(width, bool) or not isinstance(width, int) \
            or not MIN_WIDTH <= width <= MAX_WIDTH:
        raise ExportError(f"width: {width} px; a picture is {MIN_WIDTH} to "
                          f"{MAX_WIDTH} px wide")


def table_margin(width: int) -> int:
    """The room round the table in a picture ``width`` wide: past the
    pockets' plates, which stand out 0.8 % of the width beyond the rail."""
    return max(8, round(width * 0.025))


class Canvas:
    """The table at a width, with a caption band under it (and a jump's side
    view between them)."""

    def __init__(self, exp: ShotExport, width: int, lang: str,
                 clip: bool = False) -> None:
        pg = _pygame()
        from simulator.app.table.render import BallSprites, TableRenderer
        from simulator.app.table.view import TableView
        check_width(width)
        self.exp = exp
        self.lang = lang
        spec = exp.shot.initial.spec
        self.spec = spec
        outer_l = spec.length + 2 * spec.rail_width
        outer_w = spec.width + 2 * spec.rail_width
        # The whole table with its rails and pockets (whose plates poke out
        # past the rail) on the room, a margin round it, as the window
        # draws it: framed edge to edge, the top pockets touched the edge.
        margin = table_margin(width)
        table_h = round((width - 2 * margin) * outer_w / outer_l) + 2 * margin
        from simulator.app.text.i18n import Locale
        self.locale = Locale(lang)
        self.head, self.ruling_line = exp.caption(lang)
        self.fouls = {i: self.foul_words(f) for i, f in exp.stop_events()}
        # The heading wraps beside the stamp: a clip's is its speed and time
        # alone (the still's long legend, kept room for in a GIF, wrapped
        # its title at half the width).
        stamp_w = fonts_width("1/4 · " + self.locale.t("timeline.at", t="88,88"),
                              width)
        if not clip:
            stamp_w = max(stamp_w, fonts_width(self.locale.t("export.start"), width))
        self.layout = caption_layout(self.head, [self.ruling_line,
                                                 *self.fouls.values()],
                                     width, stamp_w)
        # Before the ruling: the game alone (a gallery title names the foul:
        # the clip would give its ruling away before its moment).
        from simulator.app.text.words import discipline_label
        before = caption_layout(discipline_label(self.locale, exp.discipline),
                                [self.locale.t("export.watch")], width, stamp_w)
        self.before_lines = before.head_lines
        self.cap_h = max(self.layout.height, before.height)
        self.marks = exp.marks()
        # A jump's side view stands in a band of the room under the table:
        # on the bed it covered a corner pocket or the cloth a ball crossed.
        inset_w = max(220, round(width * 0.36))
        inset_h = max(100, round(inset_w * 0.45))
        band = inset_h + margin if self.marks.flights else 0
        self.inset = pg.Rect(margin, table_h, inset_w, inset_h)
        # A clip's side view goes under the caption, so the caption stays
        # right under the table, where it stands in a clip without a jump.
        self.cap_top = table_h + (0 if clip else band)
        if clip:
            self.inset.top = table_h + self.cap_h + margin // 2
        self.size = (width, table_h + band + self.cap_h)
        self.view = TableView(spec, pg.Rect(0, 0, width, table_h).inflate(
            -2 * margin, -2 * margin))
        # The window's own lit table, balls and shadows (one drawing), its
        # cloth without the grain (a clip's bytes went to coding the noise)
        # and the head string only where the shot's marks draw it.
        self.table = TableRenderer(spec, self.view, (width, table_h + band),
                                   grain=False, head_string=False).surface
        self.sprites = BallSprites(spec, self.view.ball_px)

    def foul_words(self, foul: Any) -> str:
        """What the caption says while the clip stands at a foul: the foul
        and its rule, once ("Here: Foul: ..." said the foul twice; the red
        band already says this is the moment)."""
        from simulator.app.text.words import foul_cite
        return foul_cite(self.locale, foul, self.exp.discipline)

    def positions(self, t: float) -> dict[int, tuple[float, float, float]]:
        from simulator.app.replay.playback import Playback
        pb = Playback(self.marks.frames)
        pb.seek(t)
        return pb.positions()

    def frame(self, t: float, at_foul: str | None = None, stamp: str = "",
              told: bool = True, foul: int | None = None) -> Any:
        """The shot at time ``t``: trails and contacts so far, the caption (red
        with the foul's words when ``at_foul``; before the ruling is ``told``,
        only the game and what to watch); standing at the foul of event
        ``foul``, its balls ringed and its cushion or pocket marked."""
        pg = _pygame()
        from simulator.app.replay import table_marks
        surf = pg.Surface(self.size)
        surf.blit(self.table, (0, 0))
        below = self.cap_top + self.cap_h  # a clip's side-view band: the room
        if below < self.size[1]:
            from simulator.app.table.render import ROOM
            surf.fill(ROOM, pg.Rect(0, below, self.size[0], self.size[1] - below))
        balls = self.positions(t)
        table_marks.draw_under(surf, self.view, self.marks, t, balls)
        ringed = self.foul_marking(surf, foul) if foul is not None else ()
        self.sprites.draw(surf, self.view, balls, ringed)
        table_marks.draw_over(surf, self.view, self.marks, t, say=self.locale.t)
        # A jump's side view in every picture, as the window keeps it to the
        # end of the shot (the landing marked): before the first flight the
        # ball waits at its left edge; no picture has its band empty.
        fl = self.marks.flight_since(t) or next(iter(self.marks.flights), None)
        if fl is not None:
            self.side_view(surf, fl, t)
        if not told:
            self.caption(surf, self.locale.t("export.watch"), False, stamp,
                         self.before_lines)
        else:
            self.caption(surf, self.ruling_line if at_foul is None else at_foul,
                         at_foul is not None, stamp)
        return surf

    def foul_marking(self, surf: Any, index: int) -> tuple[int, ...]:
        """The window's marks of a foul (practice_screen.draw): its cushion a
        red line, its pocket a red ring, drawn here under the balls; returns
        the balls to ring (the clip's held frame had none of it)."""
        from simulator.app.replay.shotmarks import foul_cushion, foul_pocket
        from simulator.app.table.render import draw_marked_places
        exp = self.exp
        ev = exp.shot.events[index]
        named = [b for i, f in exp.foul_events() if i == index
                 for b in getattr(f, "balls", ())]
        cushion = foul_cushion(ev)
        draw_marked_places(surf, self.view, self.spec,
                           (*exp.marked_cushions, *([cushion] if cushion else [])),
                           foul_pocket(ev), FOUL_MARK)
        return tuple(sorted({*exp.marked_balls, *named, *ev.balls}))

    def side_view(self, surf: Any, flight: Any, now: float) -> None:
        """The side view (the window's, simulator.app.replay.side_view) where it
        hides nothing a handout shows: no ball, contact or path."""
        from simulator.app.replay.side_view import draw_side_view
        draw_side_view(surf, self.inset, self.locale, self.spec,
                       flight, now, self.exp.shot)

    def still(self) -> Any:
        """The diagram: the start position, every path, every contact, the
        balls' final places as rings."""
        pg = _pygame()
        from simulator.app.replay import table_marks
        surf = pg.Surface(self.size)
        surf.blit(self.table, (0, 0))
        start = self.positions(self.marks.frames[0].time if self.marks.frames else 0.0)
        end = self.positions(self.marks.duration)
        table_marks.draw_under(surf, self.view, self.marks, None, start)
        for b, (x, y, _z) in end.items():
            if b in self.marks.trails:
                pg.draw.circle(surf, table_marks.ball_colour(self.spec, b),
                               self.view.to_screen(x, y), self.view.ball_px, 2)
        self.sprites.draw(surf, self.view, start, ())
        table_marks.draw_over(surf, self.view, self.marks, None, emphasis=False,
                              say=self.locale.t)
        if self.marks.flights:  # the first spell in the air, the whole of it
            fl = self.marks.flights[0]
            self.side_view(surf, fl, fl.end)
        self.caption(surf, self.ruling_line, bool(self.exp.foul_events()),
                     self.locale.t("export.start"))
        return surf

    def caption(self, surf: Any, text: str, foul: bool, stamp: str,
                head: Sequence[str] | None = None) -> None:
        """The heading and the ruling under the table, each wrapped over as
        many lines as it takes (the rule's number is never cut), drawn
        straight (an export records no layout)."""
        pg = _pygame()
        from simulator.app.text import fonts, ui
        w = self.size[0]
        band = pg.Rect(0, self.cap_top, w, self.cap_h)
        pg.draw.rect(surf, ui.FOUL_BG if foul else (20, 26, 24), band)
        lay = self.layout
        y = band.top + lay.pad // 2
        for ln in lay.head_lines if head is None else head:
            surf.blit(fonts.text(ln, lay.size, ui.ACCENT, True), (lay.pad, y))
            y += lay.line_h
        for ln in ui.wrap(text, lay.size, w - 2 * lay.pad):
            surf.blit(fonts.text(ln, lay.size, ui.INK), (lay.pad, y))
            y += lay.line_h
        if stamp:
            img = fonts.text(stamp, lay.size - 2, ui.DIM)
            surf.blit(img, (w - lay.pad - img.get_width(), band.top + lay.pad // 2))


@dataclass(frozen=True)
class CaptionLayout:
    """The caption band: its type size, line height, margin, the heading's
    lines and the band's height."""

    size: int
    line_h: int
    pad: int
    head_lines: tuple[str, ...]
    height: int


def fonts_width(text: str, width: int) -> int:
    """The width of a small caption text (the stamp) in a picture ``width`` wide."""
    _pygame()
    from simulator.app.text import fonts
    size = max(12, max(58, width // 11) // 4)
    return int(fonts.font(size - 2).size(text)[0]) + max(8, width // 80)


def caption_layout(head: str, texts: Sequence[str], width: int,
                   stamp_w: int) -> CaptionLayout:
    """The heading beside the stamp and the longest of ``texts`` under it,
    wrapped whole: the band grows by a line where the words need one (a
    Russian rule's number used to be cut by an ellipsis)."""
    _pygame()
    from simulator.app.text import ui
    base = max(58, width // 11)
    size = max(12, base // 4)
    pad = max(8, width // 80)
    line_h = max(round(size * 1.3), (base - pad) // 2)  # two lines fill the band
    head_lines = tuple(ui.wrap(head, size, width - 2 * pad - stamp_w, bold=True)) \
        or ("",)
    most = max((len(ui.wrap(t, size, width - 2 * pad)) for t in texts), default=1)
    need = pad + (len(head_lines) + max(1, most)) * line_h
    return CaptionLayout(size, line_h, pad, head_lines, max(base, need))


# -- clips ---------------------------------------------------------------------
def speed_label(v: float) -> str:
    return {0.25: "1/4", 0.5: "1/2", 1.0: "1×"}.get(v, f"{v:g}×")


def speed_name(v: float) -> str:
    """A clip's speed in its file's name: "quarter", "half", "1x", "2x"..."""
    return {0.25: "quarter", 0.5: "half"}.get(v, f"{v:g}x".replace(".", "_"))


def clip_times(exp: ShotExport, speed: float, fps: int = FPS
               ) -> list[tuple[float, float, int | None]]:
    """(shot time, seconds shown, foul event index or None) for each frame of
    the clip: the shot at ``speed``, standing still at the foul, where it ends
    (with ``play_on``: at each foul, and at the end)."""
    if not 0.05 <= speed <= 4.0:
        raise ExportError(f"speed: {speed:g}; a clip plays at 0.05 to 4 times")
    from simulator.physics.stick import seen_at
    marks_end = max((f.time for f in exp.shot.frames), default=0.0)
    # A push or a double hit held where the tip leaves the ball, as the
    # window stops there.
    stops = sorted({min(seen_at(exp.shot.events[i]), marks_end)
                    for i, _f in exp.stop_events()})
    stop_index: dict[float, int] = {}
    for i, _f in exp.stop_events():
        stop_index.setdefault(min(seen_at(exp.shot.events[i]), marks_end), i)
    start = exp.marks().start
    dt = speed / fps
    out: list[tuple[float, float, int | None]] = []
    t = start
    pending = list(stops)
    while True:
        if pending and pending[0] <= t + 1e-9:
            s = pending.pop(0)
            out.append((s, FOUL_HOLD, stop_index[s]))
            if not exp.play_on and s >= EARLY_FOUL:
                break  # the clip ends at the foul, as the window stops there
            if s < t - 1e-9:
                continue
        if t >= marks_end - 1e-9:
            out.append((marks_end, END_HOLD, None))
            break
        out.append((t, 1.0 / fps, None))
        nt = t + dt
        if pending and pending[0] < nt:
            t = pending[0]
            continue
        t = min(nt, marks_end)
    return out


def render_clip(exp: ShotExport, lang: str, speed: float, width: int = 800,
                fps: int = FPS) -> Iterator[tuple[Any, float]]:
    """The clip's pictures (pygame surfaces) and how long each is shown."""
    canvas = Canvas(exp, width, lang, clip=True)
    times = clip_times(exp, speed, fps)
    # The caption names the ruling from its moment on (the first foul, or the
    # end of a legal shot), never before it: a class watches, then is told.
    fouls = [t for t, _s, f in times if f is not None]
    reveal = fouls[0] if fouls else times[-1][0]
    told = False
    for t, shown, foul in times:
        words = canvas.fouls.get(foul) if foul is not None else None
        # The clock ticks in hundredths; where the clip stands still (the
        # foul, the end) it says the thousandths the window's timeline says
        # ("0,00 с" held at a foul the window put at 0,005 s).
        held = foul is not None or shown == END_HOLD
        stamp = f"{speed_label(speed)} · " + canvas.locale.t(
            "timeline.at", t=canvas.locale.num(max(0.0, t), 3 if held else 2))
        told = told or foul is not None or t > reveal + 1e-9 or \
            (not fouls and shown == END_HOLD)
        yield canvas.frame(t, words, stamp, told, foul), shown


def _image(surf: Any) -> Any:
    pg = _pygame()
    from PIL import Image
    return Image.frombytes("RGB", surf.get_size(), pg.image.tobytes(surf, "RGB"))


def encode_clip(frames: Iterable[tuple[Any, float]], fmt: str) -> bytes:
    """The pictures (pygame surfaces, or images made of them by ``_image``)
    as an animated file, looping (``encode_steps`` at one go)."""
    steps = encode_steps(frames, fmt)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return cast(bytes, done.value)


def encode_steps(frames: Iterable[tuple[Any, float]], fmt: str,
                 kept: list[int] | None = None
                 ) -> Generator[tuple[int, int], None, bytes]:
    """``encode_clip`` a picture at a time: yields (pictures encoded, of how
    many) as it goes, the last time (n, n) before the file is compressed at
    one go; returns the file's bytes. Each surface is made an image as it
    comes: a clip of hundreds of pictures held as both weighed well over a
    gigabyte at its peak. The pictures are counted as given: a picture the
    same as the one before (the balls at rest, the clock's figure unchanged)
    is one frame shown longer, counted as encoded with it ("431 drawn",
    then "encoded: 411 of 411" read as pictures lost); ``kept`` gets the
    frames the file will hold once the pictures are all given."""
    from PIL import Image
    if fmt not in CLIP_FORMATS:
        raise ExportError(f"format: {fmt}; a clip is one of {', '.join(CLIP_FORMATS)}")
    images: list[Any] = []
    ms: list[int] = []
    given: list[int] = []  # the pictures given up to each frame kept
    last = b""
    for n, (pic, d) in enumerate(frames, 1):
        im = pic if isinstance(pic, Image.Image) else _image(pic)
        shown = max(20, round(d * 1000 / 10) * 10)
        raw = im.tobytes()
        if images and raw == last:
            ms[-1] += shown  # the same picture: one frame, shown as long
            given[-1] = n
            continue
        last = raw  # (the picture before as bytes once, not again each frame)
        images.append(im)
        ms.append(shown)
        given.append(n)
    if not images:
        raise ExportError("the clip has no pictures")
    if kept is not None:
        kept.append(len(images))
    buf = io.BytesIO()
    if fmt == "gif":
        steps = _gif_steps(images, ms, buf)
    elif fmt == "webp":
        steps = iter([(len(images), len(images))])
    else:
        steps = _apng_steps(images, ms, buf)
    for k, _n in steps:
        yield (given[k - 1] if k else 0), given[-1]
    if fmt == "webp":
        images[0].save(buf, format="WEBP", save_all=True, append_images=images[1:],
                       duration=ms, loop=0, quality=80, method=4)
    return buf.getvalue()


def frames_in(data: bytes, fmt: str) -> int:
    """The frames an animated file holds, read from its bytes (a GIF's
    image blocks, an APNG's acTL count, a WebP's ANMF chunks): what the
    file truly has, not the pictures drawn for it."""
    if fmt == "gif":
        return _gif_frames(data)
    if fmt == "apng":
        at = data.find(b"acTL")
        return int.from_bytes(data[at + 4:at + 8], "big") if at >= 4 else 1
    if fmt == "webp":
        n, at = 0, 12
        while at + 8 <= len(data):
            size = int.from_bytes(data[at + 4:at + 8], "little")
            n += data[at:at + 4] == b"ANMF"
            at += 8 + size + (size & 1)
        return max(1, n)
    raise ExportError(f"format: {fmt}; a clip is one of {', '.join(CLIP_FORMATS)}")


def _gif_frames(data: bytes) -> int:
    """A GIF's image descriptors, counted by walking its blocks."""
    def sub_blocks(at: int) -> int:
        while at < len(data) and data[at]:
            at += data[at] + 1
        return at + 1

    flags = data[10]
    at = 13 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0)
    n = 0
    while at < len(data):
        kind = data[at]
        if kind == 0x21:  # an extension: its label, then its sub-blocks
            at = sub_blocks(at + 2)
        elif kind == 0x2C:  # an image: its descriptor, colours, LZW data
            n += 1
            local = data[at + 9]
            at += 10 + (3 << ((local & 7) + 1) if local & 0x80 else 0)
            at = sub_blocks(at + 1)
        else:  # the trailer (0x3B), or the end
            break
    return n


def _gif_steps(images: list[Any], ms: list[int], buf: io.BytesIO
               ) -> Iterator[tuple[int, int]]:
    import numpy as np
    from PIL import Image
    colours = _gif_palette(images[0], images[-1])
    nearest = _NearestColour(colours)
    flat = _full_palette(colours).reshape(-1).tolist()
    # Index 255 (left out of the palette) is "as before": a frame codes
    # only what moved, in long runs, not the lit cloth's grain anew
    # around each ball (the grained table made the GIF 5.5 times the bytes).
    kept = []
    prev: Any = None
    prev_rgb: Any = None
    for i, im in enumerate(images):
        rgb = np.asarray(im)
        if prev is None:
            idx = nearest(rgb)
        else:
            # Only the pixels that changed are looked up again: most of a
            # frame is the still table (the lookup of whole frames was half
            # the export's time).
            changed = _differ(rgb, prev_rgb)
            idx = prev.copy()
            idx[changed] = nearest(rgb[changed])
        moved = idx.copy()
        if prev is not None:
            moved[idx == prev] = CLEAR
        prev, prev_rgb = idx, rgb
        pic = Image.fromarray(moved, "P")
        pic.putpalette(flat)
        kept.append(pic)
        yield i + 1, len(images)
    yield len(images), len(images)
    # The palette given once, for the file: without it each frame
    # carried its own copy (768 bytes a frame, a third of a clip).
    kept[0].save(buf, format="GIF", save_all=True, append_images=kept[1:],
                 duration=ms, loop=0, optimize=False, disposal=1,
                 transparency=CLEAR, palette=bytes(flat))


def _differ(a: Any, b: Any) -> Any:
    """Where two RGB pictures differ (a channel at a time: numpy's any()
    along the three was slower than the whole lookup it spared)."""
    return (a[..., 0] != b[..., 0]) | (a[..., 1] != b[..., 1]) | \
        (a[..., 2] != b[..., 2])


def _apng_steps(images: list[Any], ms: list[int], buf: io.BytesIO
                ) -> Iterator[tuple[int, int]]:
    import numpy as np
    from PIL import Image, PngImagePlugin
    # Likewise: each frame but the first clear where nothing moved, laid
    # over the one before (11 times the bytes otherwise).
    over = [images[0].convert("RGBA")]
    prev = np.asarray(images[0])
    for i, im in enumerate(images[1:]):
        rgb = np.asarray(im)
        same = (rgb == prev).all(axis=2)
        prev = rgb
        rgba = np.dstack([rgb, np.where(same, 0, 255).astype(np.uint8)])
        rgba[same, :3] = 0
        over.append(Image.fromarray(rgba, "RGBA"))
        yield i + 2, len(images)
    yield len(images), len(images)
    over[0].save(buf, format="PNG", save_all=True, append_images=over[1:],
                 duration=ms, loop=0, default_image=False,
                 blend=PngImagePlugin.Blend.OP_OVER)


CLEAR = 255  # a GIF frame's "unchanged" palette index
TABLE_SHADES = 160  # of a GIF's 255 colours, those for the still table's


def _gif_palette(first: Any, last: Any) -> Any:
    """One palette (255 RGB rows at most) for the whole clip, so no colour
    flickers between frames, from the first picture and the last (every
    ball is in one of them). What stands still in both (the lit table,
    mostly cloth) gets most colours, by how much of each there is: chosen
    with the balls and captions, the cloth's gradient had 5 shades from lamp
    to corner (bands in a dark oval) and the rails came out darker. The rest
    go, one by one, to the colour farthest from all chosen (a trail, a
    pocket's plate, a ball), which no count of pixels would pick."""
    import numpy as np
    from PIL import Image
    a, b = np.asarray(first), np.asarray(last)
    still = (a == b).all(axis=2)
    strip = Image.fromarray(np.ascontiguousarray(a[still].reshape(1, -1, 3)), "RGB")
    q = strip.quantize(colors=TABLE_SHADES, method=Image.Quantize.MEDIANCUT)
    chosen = np.array(q.getpalette() or [], np.int32).reshape(-1, 3)
    chosen = chosen[np.unique(np.asarray(q))]
    # Rows packed in one number each (sorted as the rows would be): unique
    # rows of a picture were seconds of the export.
    rows = np.concatenate([a.reshape(-1, 3), b[~still]]).astype(np.int32)
    codes, count = np.unique((rows[:, 0] << 16) | (rows[:, 1] << 8) | rows[:, 2],
                             return_counts=True)
    seen = np.stack([codes >> 16, (codes >> 8) & 255, codes & 255], axis=1)
    weight = np.sqrt(count)
    gap = np.full(len(seen), 1 << 30)
    for c in chosen:
        gap = np.minimum(gap, ((seen - c) ** 2).sum(axis=1))
    out = list(chosen)
    while len(out) < CLEAR and len(seen) and gap.max() > 0:
        c = seen[(gap * weight).argmax()]
        out.append(c)
        gap = np.minimum(gap, ((seen - c) ** 2).sum(axis=1))
    return np.array(out, np.uint8)


def _full_palette(colours: Any) -> Any:
    """``colours`` with the rows up to 256 filled by colours of its own
    absence (CLEAR's among them): each index stands for one colour, so a
    palette given for the whole file maps every frame's indices to
    themselves."""
    import numpy as np
    taken = {tuple(c) for c in colours.tolist()}
    spare = (c for c in ((1, g, 254) for g in range(256)) if c not in taken)
    rows = [*colours.tolist(), *(next(spare) for _ in range(256 - len(colours)))]
    return np.array(rows, np.uint8)


class _NearestColour:
    """Pictures as indices of their nearest palette colour, exactly: Pillow's
    mapping rounds each channel to 6 bits first, which alone turned the
    cloth's smooth gradient into bands. Each colour is looked up once."""

    def __init__(self, palette: Any) -> None:
        import numpy as np
        self.palette = palette.astype(np.int32)
        self.known = np.zeros(1 << 24, bool)
        self.index = np.zeros(1 << 24, np.uint8)

    def __call__(self, rgb: Any) -> Any:
        import numpy as np
        c = rgb.astype(np.int32)
        code = (c[..., 0] << 16) | (c[..., 1] << 8) | c[..., 2]
        new = np.unique(code[~self.known[code]])
        if len(new):
            cols = np.stack([new >> 16, (new >> 8) & 255, new & 255], axis=1)
            for k in range(0, len(cols), 4096):
                part = cols[k:k + 4096, None, :] - self.palette[None, :, :]
                self.index[new[k:k + 4096]] = (part * part).sum(axis=2).argmin(axis=1)
            self.known[new] = True
        return self.index[code]


def still_png(exp: ShotExport, lang: str, width: int = 1600) -> bytes:
    buf = io.BytesIO()
    _image(Canvas(exp, width, lang).still()).save(buf, format="PNG", optimize=True)
    return buf.getvalue()


# -- SVG -----------------------------------------------------------------------
def still_svg(exp: ShotExport, lang: str, width: int = 1600) -> str:
    """The diagram as SVG: the table, the paths, the balls where they started,
    where balls left the table, the contacts numbered, the caption; drawn in
    the replay's colours."""
    from simulator.app.replay import svg
    from simulator.app.table.render import ROOM
    from simulator.app.text.i18n import Locale
    check_width(width)
    g = svg.SvgTable(exp.shot.initial.spec, width)
    marks = exp.marks()
    table_h = g.height
    head, ruling = exp.caption(lang)
    legend = Locale(lang).t("export.start")
    # A viewer's font may run a little wider than ours: room to spare.
    lay = caption_layout(head, [ruling], round(width * SVG_SPARE),
                         fonts_width(legend, width))
    # The room round the table (the PNG's margin): a ball's off-table mark
    # on the rails' outer edge was cut in half by the picture's edge. The
    # table keeps its coordinates, the view box reaching out round it; the
    # picture keeps the width asked for.
    m = table_margin(width)
    top = table_h + m
    # Under the ruling, the key to the marks drawn (the contacts' discs by
    # their colours): the caption grows by its rows.
    key, key_h = svg.key(marks, Locale(lang).t, lay.pad,
                         top + lay.height - lay.pad // 2,
                         round(width * SVG_SPARE) - 2 * lay.pad, lay.size - 2,
                         lay.line_h)
    box_w, box_h = width + 2 * m, top + m + lay.height + key_h
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
           f'height="{box_h * width / box_w:.0f}" '
           f'viewBox="{-m} {-m} {box_w} {box_h:.0f}" '
           f'font-family="DejaVu Sans, Arial, sans-serif">',
           f'<rect id="room" x="{-m}" y="{-m}" width="{box_w}" height="{top + m:.1f}" '
           f'fill="{svg.rgb(ROOM)}"/>']
    out += svg.table(g, marks)
    out += svg.paths(g, marks)
    out += svg.push(g, marks, Locale(lang).t)
    out += svg.rests(g, marks)
    out += svg.balls(g, marks)
    out += svg.call(g, marks, exp.shot.initial)
    out += svg.stick(g, marks)
    out += svg.exits(g, marks)
    out += svg.contacts(g, marks)
    out += svg.exit_labels(g, marks, Locale(lang).t)
    out += _svg_caption(exp, lang, width, top, lay, m, key_h)
    out += key
    out.append("</svg>")
    return "\n".join(out) + "\n"


SVG_SPARE = 0.92  # the share of the width the SVG caption's lines are fitted to


def _svg_caption(exp: ShotExport, lang: str, width: int, top: float,
                 lay: CaptionLayout, margin: int, key_h: int = 0) -> list[str]:
    """The caption under the table: the heading and the ruling on the left,
    each wrapped whole over its lines, red at a foul; what the picture shows
    on the right."""
    from simulator.app.text import ui
    from simulator.app.text.i18n import Locale
    loc = Locale(lang)
    ruling = exp.caption(lang)[1]
    foul = bool(exp.foul_events())
    fill = "rgb(96,30,26)" if foul else "rgb(20,26,24)"
    out = [f'<rect id="caption" x="{-margin}" y="{top:.1f}" '
           f'width="{width + 2 * margin}" height="{lay.height + key_h}" '
           f'fill="{fill}"/>']
    size = lay.size
    y = top + lay.pad // 2 + size
    rule_lines = ui.wrap(ruling, size, round(width * SVG_SPARE) - 2 * lay.pad)
    for i, ln in enumerate(lay.head_lines):
        ident = ' id="heading"' if i == 0 else ""
        out.append(f'<text{ident} x="{lay.pad}" y="{y:.1f}" font-size="{size}" '
                   f'font-weight="bold" fill="rgb(226,190,120)">{escape(ln)}</text>')
        y += lay.line_h
    for i, ln in enumerate(rule_lines):
        ident = ' id="ruling"' if i == 0 else ""
        out.append(f'<text{ident} x="{lay.pad}" y="{y:.1f}" font-size="{size}" '
                   f'fill="rgb(241,234,216)">{escape(ln)}</text>')
        y += lay.line_h
    out.append(f'<text id="legend" x="{width - lay.pad}" '
               f'y="{top + lay.pad // 2 + size:.1f}" font-size="{size - 2}" '
               f'text-anchor="end" fill="rgb(170,176,168)">'
               f'{escape(loc.t("export.start"))}</text>')
    return out


# -- one export to a file ---------------------------------------------------------
def export_bytes(exp: ShotExport, fmt: str, lang: str, speed: float | None = None,
                 width: int = 800) -> bytes:
    if fmt in CLIP_FORMATS:
        return encode_clip(render_clip(exp, lang, speed or exp.speed, width), fmt)
    if fmt == "png":
        return still_png(exp, lang, width)
    if fmt == "svg":
        return still_svg(exp, lang, width).encode("utf-8")
    raise ExportError(f"format: {fmt!r}; one of {', '.join(FORMATS)}")


def free_path(folder: Path, name: str) -> Path:
    """``folder/name``, or, when that file exists, the first free
    ``name-2``, ``name-3``...: an export never replaces a file."""
    path = folder / name
    stem, suffix = path.stem, path.suffix
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}{suffix}"
        n += 1
    return path


NAME_MAX = 255  # bytes in one folder or file name (Linux, macOS, Windows)


def check_folder(folder: Path) -> None:
    """A clear error for a folder an export cannot go to: not a full path, a
    name too long, a link to nowhere, a file on the way, no right to write."""
    if not folder.is_absolute():
        raise ExportError(f"{folder}: not a full path (start it with / or ~)",
                          "not_full", folder=str(folder))
    for i, part in enumerate(folder.parts):
        if len(os.fsencode(part)) > NAME_MAX:
            # The path up to the name, and the name's start: a path that long
            # would not fit in one line.
            where = f"{Path(*folder.parts[:i]) / part[:16]}..."
            raise ExportError(f"{where}: the name is longer than a folder name may "
                              f"be ({NAME_MAX} bytes)", "name_long", folder=where,
                              limit=str(NAME_MAX))
    try:
        _check_folder(folder)
    except OSError as e:
        raise os_error(e, folder) from None


def os_words(e: OSError, folder: Path | None) -> str:
    """An OSError of an export as ``<where>: <what>``: the folder (never the
    temporary file an atomic write was making) and the system's reason."""
    where = folder if folder is not None else e.filename or "export"
    return f"{where}: {(e.strerror or 'the system refused').lower()}"


def os_error(e: OSError, folder: Path) -> ExportError:
    return ExportError(os_words(e, folder), "system", path=str(folder),
                       reason=(e.strerror or "?").lower())


def _check_folder(folder: Path) -> None:
    p = folder
    while not p.exists() and p.parent != p:
        if p.is_symlink():
            target = os.readlink(p)
            raise ExportError(f"{p}: is a link to {target}, which does not exist",
                              "dangling", path=str(p), target=target)
        p = p.parent
    if not p.is_dir():
        raise ExportError(f"{p}: is a file, not a folder", "not_folder", path=str(p))
    if not os.access(p, os.W_OK | os.X_OK):
        raise ExportError(f"{p}: the folder cannot be written to", "read_only",
                          path=str(p))


def write_export(exp: ShotExport, folder: Path, fmt: str, lang: str,
                 speed: float | None = None, width: int = 800,
                 overwrite: bool = False) -> Path:
    """Make one export and write it into ``folder`` (made if missing),
    atomically, beside any file of the same name unless ``overwrite``; the
    file written."""
    from simulator.files.atomic import atomic_write
    check_folder(folder.absolute())
    data = export_bytes(exp, fmt, lang, speed, width)
    name = exp.file_name(fmt, lang, speed)
    path = folder / name if overwrite else free_path(folder, name)
    atomic_write(path, data, make_dirs=True)
    return path


def _give_back_memory() -> None:
    """Hand the clip's freed pictures back to the system. The C allocator
    keeps freed blocks of this size for the process: after a clip of 400
    pictures at 800 pixels the window stayed at 0.7 GB (1.7 GB before the
    pictures were kept as images only) though nothing held them. Only glibc
    has the call; elsewhere nothing is done."""
    import ctypes
    import ctypes.util
    name = ctypes.util.find_library("c")
    try:
        trim = ctypes.CDLL(name).malloc_trim if name else None
    except (OSError, AttributeError):
        trim = None
    if trim is not None:
        trim(0)


# Of an export's progress, by format: the share at the end of the drawing,
# and at the end of the encoding; the rest is the file compressed and
# written at one go. Each as the share of the time it takes (an 800 px
# clip of 211 pictures, GIF: drawn by 49 % of the time, encoded by 72 %,
# the compression the rest; WebP is compressed whole at the end, 81 % of
# its time; APNG's frames take 73 %). Shares far from the time's (the
# drawing 40 %, the encoding to 95 %) made the time left read from the
# pace go down, up, then down again.
STAGE_SHARES = {"gif": (0.5, 0.7), "webp": (0.2, 0.2), "apng": (0.15, 0.85)}


class ExportJob:
    """One export made a little at a time, so a window stays alive while the
    clip's pictures are drawn: ``advance()`` until ``done``."""

    def __init__(self, exp: ShotExport, folder: Path, fmt: str, lang: str,
                 speed: float | None = None, width: int = 800) -> None:
        if fmt not in FORMATS:
            raise ExportError(f"format: {fmt!r}; one of {', '.join(FORMATS)}")
        check_width(width)
        check_folder(folder)
        self.exp, self.folder, self.fmt, self.lang = exp, folder, fmt, lang
        self.speed = speed or exp.speed
        self.width = width
        self.done = False
        self.path: Path | None = None
        self.progress = 0.0
        # What is being done: ("draw", pictures drawn, of), ("encode",
        # pictures encoded, of), ("write", pictures, frames kept of them);
        # a diagram's ("still", 0, 0): said beside the percentage
        # (the encoding sat at one figure for a third of the time).
        self.stage: tuple[str, int, int] = ("draw", 0, 0)
        # A clip's pictures drawn and the frames its file holds (a picture
        # the same as the one before is one frame shown longer): the card
        # said "457 pictures" of a GIF of 437 frames.
        self.pictures = 0
        self.frames = 0
        self._frames: list[tuple[Any, float]] = []
        self._steps = self._run()

    def _run(self) -> Iterator[None]:
        from simulator.files.atomic import atomic_write
        if self.fmt in CLIP_FORMATS:
            data = yield from self._clip()
        else:
            self.stage = ("still", 0, 0)
            yield None  # (said before the picture is made at one go)
            data = export_bytes(self.exp, self.fmt, self.lang, self.speed, self.width)
        path = free_path(self.folder, self.exp.file_name(self.fmt, self.lang,
                                                            self.speed))
        atomic_write(path, data, make_dirs=True)
        self.path = path
        self.progress = 1.0
        self.done = True

    def _clip(self) -> Generator[None, None, bytes]:
        """The clip's pictures drawn (to the first of the format's
        STAGE_SHARES), then encoded a picture at a time (to the second),
        then compressed and written."""
        drawn, encoded = STAGE_SHARES[self.fmt]
        total = max(1, len(clip_times(self.exp, self.speed)))
        for pic, shown in render_clip(self.exp, self.lang, self.speed, self.width):
            self._frames.append((_image(pic), shown))  # the surface let go
            self.stage = ("draw", len(self._frames), total)
            self.progress = drawn * len(self._frames) / total
            yield None
        self.pictures = len(self._frames)
        kept: list[int] = []
        steps = encode_steps(self._frames, self.fmt, kept)
        while True:
            try:
                k, n = next(steps)
            except StopIteration as done:
                data = cast(bytes, done.value)
                break
            self.stage = ("encode", k, n) if k < n else ("write", self.pictures,
                                                         kept[0] if kept else 0)
            self.progress = drawn + (encoded - drawn) * k / max(1, n)
            yield None
        self.frames = frames_in(data, self.fmt)
        self._frames = []
        _give_back_memory()
        return data

    def stage_span(self) -> tuple[float, float]:
        """The shares of the whole the stage under way goes from and to
        (STAGE_SHARES; a diagram's one stage is the whole)."""
        if self.fmt not in CLIP_FORMATS:
            return (0.0, 1.0)
        drawn, encoded = STAGE_SHARES[self.fmt]
        kind = self.stage[0]
        return (0.0, drawn) if kind == "draw" else (drawn, encoded) \
            if kind == "encode" else (encoded, 1.0)

    def advance(self, seconds: float) -> None:
        import time
        end = time.perf_counter() + seconds
        while not self.done:
            kind = self.stage[0]
            try:
                next(self._steps)
            except StopIteration:
                self.done = True
            # A new stage is said before its work (the compression at one
            # go) holds the window: back to draw it.
            if time.perf_counter() > end or self.stage[0] != kind:
                return


# -- the command line -------------------------------------------------------------
def _langs(text: str) -> list[str]:
    langs = [p.strip() for p in text.split(",") if p.strip()]
    bad = [p for p in langs if p not in ("en", "ru")]
    if bad or not langs:
        raise argparse.ArgumentTypeError(f"lang: {text!r}; en, ru or en,ru")
    return langs


def _formats(text: str) -> list[str]:
    fmts = [p.strip().lower() for p in text.split(",") if p.strip()]
    bad = [p for p in fmts if p not in FORMATS]
    if bad or not fmts:
        raise argparse.ArgumentTypeError(
            f"formats: {bad[0] if bad else text!r} is not one of {', '.join(FORMATS)}")
    return fmts


def _speed(text: str) -> float:
    table = {"1/4": 0.25, "1/2": 0.5, "1": 1.0}
    try:
        v = table[text] if text in table else float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"speed: {text!r} is not a number") from None
    if not math.isfinite(v) or not 0.05 <= v <= 4.0:
        raise argparse.ArgumentTypeError(f"speed: {text}; from 0.05 to 4 (1 = real "
                                         "time)")
    return v


def _width(text: str) -> int:
    if not text.isdigit() or not MIN_WIDTH <= int(text) <= MAX_WIDTH:
        raise argparse.ArgumentTypeError(
            f"width: {text!r}; a whole number of pixels, {MIN_WIDTH} to {MAX_WIDTH}")
    return int(text)


def build_parser() -> argparse.ArgumentParser:
    from simulator.files.inputs import ArgumentParser
    p = ArgumentParser(
        prog="python -m simulator.app.replay.export",
        description="Export shots as animated clips (stopping at the foul) and "
                    "still diagrams, captioned with the ruling and its rule.")
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--gallery", metavar="DIR",
                     help="export every entry of the foul gallery into DIR")
    src.add_argument("--scenario", metavar="FILE",
                     help="a practice situation (TOML) with a recorded stroke")
    p.add_argument("--out", metavar="DIR", help="where --scenario's files go "
                   "(default: the current folder)")
    p.add_argument("--lang", type=_langs, default=["en"], help="en, ru or en,ru")
    p.add_argument("--speed", type=_speed, default=None,
                   help="clip speed: 1/4, 1/2, 1 or a number (default 1/4)")
    p.add_argument("--formats", type=_formats, default=["gif", "webp", "png", "svg"],
                   help=f"any of {','.join(FORMATS)} (default gif,webp,png,svg)")
    p.add_argument("--width", type=_width, default=800, help="picture width, px")
    p.add_argument("--only", metavar="ID", action="append", default=[],
                   help="with --gallery: only this entry (may be repeated)")
    p.add_argument("--play-on", action="store_true",
                   help="clips: hold at each foul, then play on to the end "
                        "(default: the clip stops at the foul, as the window does)")
    p.add_argument("--overwrite", action="store_true",
                   help="replace files of the same name (default: write beside "
                        "them as name-2, name-3...)")
    return p


def gallery_exports(only: Sequence[str] = (), play_on: bool = False
                    ) -> Iterator[ShotExport]:
    from simulator.practice.gallery import demonstrate, entries
    known = entries()
    ids = {e.id for e in known}
    missing = [i for i in only if i not in ids]
    if missing:
        raise ExportError(f"--only: no gallery entry {missing[0]!r}")
    for e in known:
        if only and e.id not in only:
            continue
        d = demonstrate(e)
        yield ShotExport.from_scenario(e.scenario, d.shot, d.ruling, d.foul, play_on)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    from simulator.files.inputs import tidy
    from simulator.practice.scenario import ScenarioError
    folder: Path | None = None
    try:
        if args.gallery:
            folder = Path(args.gallery)
            exports: Iterator[ShotExport] = gallery_exports(args.only, args.play_on)
        else:
            from simulator.practice.scenario import load_scenario, play_scenario
            sc = load_scenario(args.scenario)
            if sc.stroke is None:
                raise ExportError(f"{args.scenario}: the situation has no recorded "
                                  "stroke to export")
            res = play_scenario(sc)
            folder = Path(args.out or ".")
            exports = iter([ShotExport.from_scenario(sc, res.shot, res.ruling,
                                                     play_on=args.play_on)])
        check_folder(folder.absolute())
        n = 0
        for exp in exports:
            for lang in args.lang:
                for fmt in args.formats:
                    path = write_export(exp, folder, fmt, lang, args.speed,
                                        args.width, args.overwrite)
                    print(f"{path} ({path.stat().st_size // 1024} KB)")
                    n += 1
            if exp.foul_at_stroke() and any(f in CLIP_FORMATS for f in args.formats):
                print(f"{exp.name}: {AT_STROKE}")
        print(f"{n} file(s) written")
    except (ExportError, ScenarioError) as e:
        print(f"error: {tidy(str(e))}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"error: {os_words(e, folder)}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
