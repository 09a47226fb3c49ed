"""The still diagram as SVG, element by element: the table, the paths, the
balls where they started, the call, the stick at address, where balls left
the table and the contacts numbered, in the replay's colours
(simulator.app.replay.table_marks). The export
(simulator.app.replay.export) puts them together with the caption."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

import pygame

from simulator.app.replay import table_marks
from simulator.app.replay.shotmarks import ShotMarks, StickAt
from simulator.app.table.balls3d import BAND, DISC, PYRAMID_DISC
from simulator.app.table.render import CLOTH, RAIL_WOOD, pocket_outline
from simulator.app.text import ui
from simulator.table.events import EventKind
from simulator.table.specs import TableKind, TableSpec
from simulator.table.state import TableState

WHITE = "rgb(246,244,236)"  # a ball's white, as the window paints it


def rgb(c: Sequence[int]) -> str:
    return f"rgb({int(c[0])},{int(c[1])},{int(c[2])})"


@dataclass(frozen=True)
class SvgTable:
    """The table in the picture: ``width`` pixels across the rails, the bed's
    y up the table and down the picture."""

    spec: TableSpec
    width: int

    @property
    def rail(self) -> float:
        return self.spec.rail_width

    @property
    def k(self) -> float:
        """Pixels a metre."""
        return self.width / (self.spec.length + 2 * self.rail)

    @property
    def height(self) -> float:
        """The table's height with its rails."""
        return (self.spec.width + 2 * self.rail) * self.k

    @property
    def ball_r(self) -> float:
        return self.spec.balls.radius * self.k

    def xy(self, x: float, y: float) -> tuple[float, float]:
        rw, k = self.rail, self.k
        return ((x + rw) * k, (self.spec.width + rw - y) * k)

    # The names the window's view has, so the contacts' numbers are placed
    # by the same rule (table_marks.label_spots).
    to_screen = xy

    @property
    def ball_px(self) -> float:
        return self.ball_r

    def outer_rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.width, math.ceil(self.height))

    def pts(self, points: Sequence[tuple[float, float]]) -> str:
        return " ".join(f"{a:.1f},{b:.1f}" for a, b in (self.xy(*p) for p in points))


def table(g: SvgTable, marks: ShotMarks) -> list[str]:
    """The rails, the cushions, the bed, the pockets and the head string
    when a rule names it."""
    spec, k, rw = g.spec, g.k, g.rail
    out = [f'<rect id="rail" x="0" y="0" width="{g.width}" height="{g.height:.1f}" '
           f'rx="{rw * k * 0.35:.1f}" fill="{rgb(RAIL_WOOD)}"/>']
    cd = spec.cushion_depth
    cushion = [(-cd, -cd), (spec.length + cd, -cd), (spec.length + cd, spec.width + cd),
               (-cd, spec.width + cd)]
    out.append(f'<polygon id="cushions" points="{g.pts(cushion)}" '
               f'fill="{rgb([round(c * 0.78) for c in CLOTH[spec.kind]])}"/>')
    x0, y0 = g.xy(0.0, spec.width)
    out.append(f'<rect id="bed" x="{x0:.1f}" y="{y0:.1f}" '
               f'width="{spec.length * k:.1f}" height="{spec.width * k:.1f}" '
               f'fill="{rgb(CLOTH[spec.kind])}"/>')
    for p in spec.pockets:
        out.append(f'<polygon class="pocket" id="pocket-{p.name}" '
                   f'points="{g.pts(pocket_outline(spec, p))}" fill="#080808"/>')
    # The head string always: a referee reads the kitchen from it (a ball
    # in hand, a break); bright where a rule of the shot names it.
    a, b = g.xy(spec.head_string_x, 0.0), g.xy(spec.head_string_x, spec.width)
    out.append(f'<line id="head-string" x1="{a[0]:.1f}" y1="{a[1]:.1f}" '
               f'x2="{b[0]:.1f}" y2="{b[1]:.1f}" {_line_style(marks)}/>')
    return out


def _line_style(marks: ShotMarks) -> str:
    """The head string's stroke: bright where a rule names it, else faint
    and dashed (the table's own marking)."""
    if marks.show_head_string:
        return f'stroke="{rgb(table_marks.LINE_MARK)}" stroke-width="3"'
    return 'stroke="rgb(200,214,200)" stroke-width="1.5" stroke-dasharray="6 5" ' \
        'stroke-opacity="0.7"'


def push(g: SvgTable, marks: ShotMarks, say: Callable[..., str]) -> list[str]:
    """A push (general rule 21): the way the cue ball went with the tip on
    it, from the strike to where the tip left it, a thick bar in the tip's
    colour with the milliseconds beside it; a plain stroke's millisecond
    has none."""
    out: list[str] = []
    cue = g.spec.balls.cue_ball
    for span in marks.tip_spans:
        ev = marks.shot.events[span.event_index]
        if not span.foul_seen or ev.kind is not EventKind.STROKE or span.ball != cue:
            continue
        a, b = marks.ball_at(cue, span.start), marks.ball_at(cue, span.end)
        if a is None or b is None:
            continue
        (ax, ay), (bx, by) = g.xy(*a), g.xy(*b)
        w = max(4.0, g.ball_r * 0.5)
        ms = f"{span.duration * 1000:.0f}"
        size = max(11.0, g.ball_r * 1.1)
        colour = rgb(table_marks.CONTACT_TIP)
        ty = min(ay, by) - g.ball_r * 1.6  # the words over the cue ball
        out.append(f'<g id="push" data-ms="{ms}">'
                   f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" '
                   f'stroke="#101010" stroke-width="{w + 3:.1f}" '
                   f'stroke-linecap="round"/>'
                   f'<line x1="{ax:.1f}" y1="{ay:.1f}" x2="{bx:.1f}" y2="{by:.1f}" '
                   f'stroke="{colour}" stroke-width="{w:.1f}" '
                   f'stroke-linecap="round"/>'
                   f'<text x="{(ax + bx) / 2:.1f}" y="{ty:.1f}" '
                   f'font-size="{size:.1f}" font-weight="bold" text-anchor="middle" '
                   f'fill="{colour}" stroke="#101010" stroke-width="0.6">'
                   f'{escape(say("tip_inset.on_ball", ms=ms))}</text></g>')
    return out


def paths(g: SvgTable, marks: ShotMarks) -> list[str]:
    """Every moving ball's whole path, in the ball's colour."""
    out = []
    for b in sorted(marks.trails):
        path = marks.trail(b)
        if len(path) > 1:
            colour = rgb(table_marks.ball_colour(g.spec, b))
            out.append(f'<polyline class="path" id="path-{b}" points="{g.pts(path)}" '
                       f'fill="none" stroke="{colour}" '
                       f'stroke-width="2.5" stroke-linejoin="round"/>')
    return out


def balls(g: SvgTable, marks: ShotMarks) -> list[str]:
    """The balls where they started, drawn as the window draws them from
    above: a striped ball white with its colour as a band across, each
    numbered on a white disc (a pyramid ball, all ivory, in dark red)."""
    spec, r = g.spec, g.ball_r
    pyramid = spec.kind is TableKind.PYRAMID
    out = []
    first = marks.frames[0] if marks.frames else None
    for ball, x, y, _z in (first.balls if first is not None else ()):
        cx, cy = g.xy(x, y)
        c = spec.balls.colours.get(ball, (200, 200, 200))
        striped = ball in spec.balls.stripes
        out.append(f'<g class="ball" id="ball-{ball}" '
                   f'data-kind="{"stripe" if striped else "solid"}">'
                   f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" '
                   f'fill="{WHITE if striped else rgb(c)}" stroke="#111" '
                   f'stroke-width="1"/>')
        if striped:
            out.append(_band(cx, cy, r, rgb(c)))
        if ball != spec.balls.cue_ball:
            disc = r * (PYRAMID_DISC if pyramid else DISC)
            if not pyramid:
                out.append(f'<circle class="number-disc" cx="{cx:.1f}" '
                           f'cy="{cy:.1f}" r="{disc:.1f}" fill="{WHITE}"/>')
            size = disc * (1.45 if ball < 10 else 1.1)
            out.append(f'<text x="{cx:.1f}" y="{cy + size * 0.36:.1f}" '
                       f'font-size="{size:.1f}" text-anchor="middle" '
                       f'fill="{"rgb(96,12,12)" if pyramid else "#141414"}" '
                       f'font-weight="bold">{ball}</text>')
        # Drawn again over the band, so the ball keeps its dark edge.
        if striped:
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" '
                       f'fill="none" stroke="#111" stroke-width="1"/>')
        out.append("</g>")
    return out


def rests(g: SvgTable, marks: ShotMarks) -> list[str]:
    """Where each ball that moved came to rest: a ring in its colour, as
    the PNG draws it and as the legend says ("rings: where the balls
    stopped"; the SVG had none)."""
    from simulator.app.replay.playback import Playback
    pb = Playback(marks.frames)
    pb.seek(marks.duration)
    out = []
    for ball, (x, y, _z) in sorted(pb.positions().items()):
        if ball not in marks.trails:
            continue
        cx, cy = g.xy(x, y)
        colour = rgb(table_marks.ball_colour(g.spec, ball))
        out.append(f'<circle class="rest" id="rest-{ball}" cx="{cx:.1f}" '
                   f'cy="{cy:.1f}" r="{g.ball_r:.1f}" fill="none" '
                   f'stroke="{colour}" stroke-width="{max(1.5, g.ball_r * 0.2):.1f}"/>')
    return out


def _band(cx: float, cy: float, r: float, colour: str) -> str:
    """A stripe: the part of the disc within BAND of its middle, across."""
    h = r * BAND
    w = math.sqrt(r * r - h * h)
    return (f'<path class="stripe" d="M{cx - w:.1f},{cy - h:.1f} '
            f'L{cx + w:.1f},{cy - h:.1f} A{r:.1f},{r:.1f} 0 0 1 {cx + w:.1f},'
            f'{cy + h:.1f} L{cx - w:.1f},{cy + h:.1f} A{r:.1f},{r:.1f} 0 0 1 '
            f'{cx - w:.1f},{cy - h:.1f} Z" fill="{colour}"/>')


def call(g: SvgTable, marks: ShotMarks, initial: TableState) -> list[str]:
    """The called pocket and the called ball (where it started): a ring
    round each, the ball's dashed."""
    out = []
    if marks.called_pocket:
        pk = g.spec.pocket(marks.called_pocket)
        cx, cy = g.xy(*pk.mouth_centre)
        out.append(f'<circle id="called-pocket" cx="{cx:.1f}" cy="{cy:.1f}" '
                   f'r="{pk.mouth_width * 0.75 * g.k:.1f}" fill="none" '
                   f'stroke="{rgb(table_marks.CALLED)}" stroke-width="3"/>')
    if marks.called_ball is not None:
        p = initial.position(marks.called_ball)
        if p is not None:
            cx, cy = g.xy(*p)
            out.append(f'<circle id="called-ball" cx="{cx:.1f}" cy="{cy:.1f}" '
                       f'r="{g.ball_r * 1.75:.1f}" fill="none" '
                       f'stroke="{rgb(table_marks.CALLED)}" stroke-width="3" '
                       f'stroke-dasharray="6 5"/>')
    return out


def stick(g: SvgTable, marks: ShotMarks) -> list[str]:
    """The stick at address, foreshortened by its elevation, and the
    elevation beside it."""
    at = marks.cue.address()
    if at is None:
        return []
    ang = math.radians(at.direction)
    d, px = (math.cos(ang), math.sin(ang)), (-math.sin(ang), math.cos(ang))
    length = 1.47 * max(0.25, math.cos(math.radians(at.elevation)))
    fx, fy = at.x + d[0] * 0.0065, at.y + d[1] * 0.0065
    bx, by = fx - d[0] * length, fy - d[1] * length
    quad = [(fx + px[0] * 0.0063, fy + px[1] * 0.0063),
            (bx + px[0] * 0.0145, by + px[1] * 0.0145),
            (bx - px[0] * 0.0145, by - px[1] * 0.0145),
            (fx - px[0] * 0.0063, fy - px[1] * 0.0063)]
    out = [f'<polygon id="stick" points="{g.pts(quad)}" fill="rgb(226,196,142)" '
           f'stroke="rgb(92,38,24)" stroke-width="1" '
           f'data-elevation="{at.elevation:g}"/>']
    if at.elevation >= 0.5:
        out += elevation_mark(g, at, (fx, fy))
    return out


def elevation_mark(g: SvgTable, at: StickAt, front: tuple[float, float]) -> list[str]:
    """The angle mark the PNG draws (table_marks.draw_stick): a level line
    and the cue's line at its true elevation, the degrees after them."""
    ang = math.radians(at.direction)
    d, px = (math.cos(ang), math.sin(ang)), (-math.sin(ang), math.cos(ang))
    back = 0.30 * max(0.25, math.cos(math.radians(at.elevation)))
    ox, oy = g.xy(front[0] - d[0] * back + px[0] * 0.07,
                  front[1] - d[1] * back + px[1] * 0.07)
    ln = max(14.0, g.ball_r * 2.4)
    e = math.radians(at.elevation)
    size = max(11.0, g.ball_r * 1.2)
    out = []
    for tag, (x2, y2), colour in (
            ("elevation-level", (ox + ln, oy), ui.INK),
            ("elevation-cue", (ox + ln * math.cos(e), oy - ln * math.sin(e)),
             table_marks.LINE_MARK)):
        for w, c in ((4, "rgb(20,20,20)"), (2, rgb(colour))):  # dark under it
            name = f'id="{tag}" ' if w == 2 else ""
            out.append(f'<line {name}x1="{ox:.2f}" '
                       f'y1="{oy:.2f}" x2="{x2:.2f}" y2="{y2:.2f}" stroke="{c}" '
                       f'stroke-width="{w}" stroke-linecap="round"/>')
    out.append(f'<text id="elevation" x="{ox + ln + 4:.1f}" y="{oy:.1f}" '
               f'font-size="{size:.1f}" font-weight="bold" '
               f'fill="{rgb(table_marks.LINE_MARK)}">{round(at.elevation)}°</text>')
    return out


def contact_r(g: SvgTable) -> float:
    """A contact's numbered disc's radius."""
    return max(7.0, g.ball_r * 0.62)


def contact_spots(g: SvgTable, marks: ShotMarks) -> list[tuple[float, float]]:
    """The centres of the contacts' numbered discs."""
    shown = marks.shown_contacts
    # A disc fits in a diamond of half diagonal r * sqrt 2: diamonds apart
    # are discs apart.
    half = math.ceil(contact_r(g) * math.sqrt(2))
    return table_marks.label_spots(g, shown, [half] * len(shown), marks.balls_at(None))


def contacts(g: SvgTable, marks: ShotMarks) -> list[str]:
    """Each contact a numbered disc, a line to where the balls touched; the
    discs placed as the window places its numbers, clear of each other and
    of the balls (touches millimetres apart piled their numbers up)."""
    out = []
    mr = contact_r(g)
    shown = marks.shown_contacts
    for c, (cx, cy) in zip(shown, contact_spots(g, marks), strict=True):
        ax, ay = g.xy(c.x, c.y)
        out.append(f'<line class="touch" x1="{ax:.1f}" y1="{ay:.1f}" x2="{cx:.1f}" '
                   f'y2="{cy:.1f}" stroke="#101010" stroke-width="1.5"/>'
                   f'<circle class="touch" cx="{ax:.1f}" cy="{ay:.1f}" r="2.5" '
                   f'fill="{rgb(table_marks.contact_colour(c))}" stroke="#101010"/>')
        out.append(f'<g class="contact" id="contact-{c.n}" data-time="{c.time:.4f}" '
                   f'data-kind="{c.kind.value}"><circle cx="{cx:.1f}" cy="{cy:.1f}" '
                   f'r="{mr:.1f}" fill="{rgb(table_marks.contact_colour(c))}" '
                   f'stroke="#101010"/><text x="{cx:.1f}" y="{cy + mr * 0.4:.1f}" '
                   f'font-size="{mr * 1.2:.1f}" text-anchor="middle" fill="#101010" '
                   f'font-weight="bold">{c.n}</text></g>')
    return out


def exits(g: SvgTable, marks: ShotMarks) -> list[str]:
    """Where each ball left the table (general rule 23): a ring and a cross
    in its colour, edged dark, where its path crossed the rail, as the
    window and the PNG draw it (table_marks.draw_exit)."""
    out = []
    r = max(8.0, g.ball_r * table_marks.EXIT_RING)
    k = r * 0.62
    for ex in marks.exits_until(None):
        colour = table_marks.ball_colour(g.spec, ex.ball)
        cx, cy = g.xy(ex.x, ex.y)
        out.append(f'<g class="off-table" id="off-table-{ex.ball}" '
                   f'data-where="{ex.where}" fill="none">')
        for c, w in ((table_marks.dark(colour), 6), (colour, 3)):
            # (the window's ring lies inside r, w - 1 wide)
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" '
                       f'r="{r - (w - 1) / 2:.1f}" stroke="{rgb(c)}" '
                       f'stroke-width="{w - 1}"/><path d="M{cx - k:.1f},{cy - k:.1f} '
                       f'L{cx + k:.1f},{cy + k:.1f} M{cx - k:.1f},{cy + k:.1f} '
                       f'L{cx + k:.1f},{cy - k:.1f}" stroke="{rgb(c)}" '
                       f'stroke-width="{w}"/>')
        out.append("</g>")
    return out


def exit_labels(g: SvgTable, marks: ShotMarks, say: table_marks.Say) -> list[str]:
    """The off-table marks' words («вылетел», "left the table"), framed in
    the ball's colour beside the ring, placed as the window places them."""
    from simulator.app.text import fonts, ui
    out: list[str] = []
    mr = math.ceil(contact_r(g))
    # (clear of the contacts' numbers, as in the window)
    taken = [pygame.Rect(round(x) - mr, round(y) - mr, 2 * mr, 2 * mr)
             for x, y in contact_spots(g, marks)]
    size = table_marks.exit_label_size(g)
    for ex in marks.exits_until(None):
        words = table_marks.exit_label(ex, say)
        img = fonts.text(words, size, ui.INK, bold=True)
        at = table_marks.exit_label_box(g, marks, ex, img.get_size(), g.outer_rect(),
                                        taken)
        frame = at.inflate(8, 4)
        taken.append(frame)
        colour = rgb(table_marks.ball_colour(g.spec, ex.ball))
        out.append(f'<g class="off-table-words" id="off-table-words-{ex.ball}">'
                   f'<rect x="{frame.x}" y="{frame.y}" width="{frame.width}" '
                   f'height="{frame.height}" rx="3" fill="rgb(16,16,16)" '
                   f'stroke="{colour}" stroke-width="2"/>'
                   f'<text x="{at.centerx}" y="{at.top + size * 0.9:.1f}" '
                   f'font-size="{size}" font-weight="bold" text-anchor="middle" '
                   f'fill="{rgb(ui.INK)}">{escape(words)}</text></g>')
    return out


# -- the key under the caption -------------------------------------------------------
# The marks the key explains, as ``data-mark`` names them: each drawn in the
# picture gets its entry (the legend at the caption's right says the start
# and the rest rings; the numbered discs, in three colours, were explained
# nowhere).
CONTACT_KEYS = (("ball_ball", "export.key_ball"),
                ("ball_cushion", "export.key_cushion"),
                ("tip_contact", "export.key_tip"))


def key_entries(marks: ShotMarks) -> list[tuple[str, str]]:
    """(data-mark, words' key) of each kind of mark the diagram draws that
    the key explains, in the order they are said."""
    out: list[tuple[str, str]] = []
    cue = marks.spec.balls.cue_ball
    drawn = [b for b in marks.trails if len(marks.trail(b)) > 1]
    if cue in drawn:
        out.append(("path-cue", "export.key_path_cue"))
    if any(b != cue for b in drawn):
        out.append(("path-ball", "export.key_path_ball"))
    if marks.cue.address() is not None:
        out.append(("stick", "export.key_stick"))
    if pushes(marks):
        out.append(("push", "export.key_push"))
    out.append(("head-string", "export.key_house_line"
                if marks.spec.kind is TableKind.PYRAMID else "export.key_head_string"))
    shown = marks.shown_contacts
    kinds = {c.kind.value for c in shown}
    out += [(f"contact-{k}", words) for k, words in CONTACT_KEYS if k in kinds]
    if shown:
        out.append(("touch", "export.key_touch"))
    if marks.called_ball is not None or marks.called_pocket:
        out.append(("called", "export.key_called"))
    return out


def pushes(marks: ShotMarks) -> bool:
    """Whether the diagram marks a push (push)."""
    cue = marks.spec.balls.cue_ball
    return any(s.foul_seen and s.ball == cue and
               marks.shot.events[s.event_index].kind is EventKind.STROKE
               for s in marks.tip_spans)


def _path_colour(marks: ShotMarks) -> Sequence[int]:
    """The key's swatch for the object balls' paths: the first that moved."""
    cue = marks.spec.balls.cue_ball
    b = next((b for b in sorted(marks.trails) if b != cue
              and len(marks.trail(b)) > 1), None)
    return table_marks.ball_colour(marks.spec, b) if b is not None else (200, 60, 50)


def _swatch(mark: str, x: float, cy: float, r: float, marks: ShotMarks) -> str:
    """The little picture of a mark in the key, ``r`` high each side of
    ``cy`` from ``x`` on."""
    x2 = x + 2.4 * r
    if mark in ("path-cue", "path-ball"):
        colour = table_marks.TRAIL_CUE if mark == "path-cue" else _path_colour(marks)
        return (f'<line x1="{x:.1f}" y1="{cy:.1f}" x2="{x2:.1f}" '
                f'y2="{cy:.1f}" stroke="{rgb(colour)}" stroke-width="2.5"/>')
    if mark == "stick":
        return (f'<polygon points="{x:.1f},{cy - r * 0.25:.1f} {x2:.1f},'
                f'{cy - r * 0.4:.1f} {x2:.1f},{cy + r * 0.4:.1f} {x:.1f},'
                f'{cy + r * 0.25:.1f}" fill="rgb(226,196,142)" '
                f'stroke="rgb(92,38,24)" stroke-width="1"/>')
    if mark == "push":
        return (f'<line x1="{x + 2:.1f}" y1="{cy:.1f}" x2="{x2 - 2:.1f}" '
                f'y2="{cy:.1f}" stroke="{rgb(table_marks.CONTACT_TIP)}" '
                f'stroke-width="{max(4.0, r * 0.9):.1f}" stroke-linecap="round"/>')
    if mark == "head-string":
        return (f'<line x1="{x + r * 1.2:.1f}" y1="{cy - r:.1f}" '
                f'x2="{x + r * 1.2:.1f}" y2="{cy + r:.1f}" {_line_style(marks)}/>')
    if mark == "touch":
        return (f'<line x1="{x + 2:.1f}" y1="{cy:.1f}" x2="{x2:.1f}" y2="{cy:.1f}" '
                f'stroke="#101010" stroke-width="1.5"/><circle cx="{x + 2.5:.1f}" '
                f'cy="{cy:.1f}" r="2.5" fill="{rgb(table_marks.CONTACT_CUSHION)}" '
                f'stroke="#101010"/>')
    if mark == "called":
        return (f'<circle cx="{x + r:.1f}" cy="{cy:.1f}" r="{r - 1.5:.1f}" '
                f'fill="none" stroke="{rgb(table_marks.CALLED)}" stroke-width="3" '
                f'stroke-dasharray="4 3"/>')
    colour = {"contact-ball_cushion": table_marks.CONTACT_CUSHION,
              "contact-tip_contact": table_marks.CONTACT_TIP}.get(
                  mark, table_marks.CONTACT_BALL)
    return (f'<circle cx="{x + r:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{rgb(colour)}" '
            f'stroke="#101010"/><text x="{x + r:.1f}" y="{cy + r * 0.4:.1f}" '
            f'font-size="{r * 1.2:.1f}" text-anchor="middle" fill="#101010" '
            f'font-weight="bold">1</text>')


def key(marks: ShotMarks, say: table_marks.Say, left: float, top: float,
        width: float, size: int, line_h: int) -> tuple[list[str], int]:
    """The key's entries laid in rows from (``left``, ``top``) within
    ``width``: a swatch and its words each; the elements and the rows'
    height (none when nothing needs one)."""
    from simulator.app.text import fonts
    entries = key_entries(marks)
    if not entries:
        return [], 0
    font = fonts.font(size)
    r = max(5.0, size * 0.55)
    gap = size
    out = ['<g id="key">']
    x, y = left, top + line_h / 2
    rows = 1
    led = False
    for mark, words_key in entries:
        words = say(words_key)
        w = 2.4 * r + 6 + font.size(words)[0]
        lead = say("export.key_contacts") if mark.startswith("contact-") and \
            not led else ""
        lw = font.size(lead)[0] + gap if lead else 0
        if x > left and x + lw + w > left + width:
            x, y, rows = left, y + line_h, rows + 1
        if lead:
            # The contacts' discs after what their numbers are.
            led = True
            out.append(f'<text class="key-lead" x="{x:.1f}" '
                       f'y="{y + size * 0.36:.1f}" font-size="{size}" '
                       f'fill="rgb(170,176,168)">{escape(lead)}</text>')
            x += lw
        out.append(f'<g class="key-entry" data-mark="{mark}">'
                   f'{_swatch(mark, x, y, r, marks)}<text x="{x + 2.4 * r + 6:.1f}" '
                   f'y="{y + size * 0.36:.1f}" font-size="{size}" '
                   f'fill="rgb(170,176,168)">{escape(words)}</text></g>')
        x += w + gap
    out.append("</g>")
    return out, rows * line_h
