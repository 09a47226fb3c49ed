"""The side view: the balls' heights over time when one leaves the bed, drawn
to scale with the bed, the cushion nose and the rail top (and, for a jump off
the stroke, the stick at its true elevation), in the side column of a replay
and under an exported picture."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from simulator.app.replay.playback import Playback
from simulator.app.replay.shotmarks import Flight, ShotMarks
from simulator.app.replay.table_marks import AIR_OVER_RAIL, ball_colour
from simulator.app.table.render import draw_dashed
from simulator.app.text import fonts, ui
from simulator.app.text.i18n import Locale
from simulator.table.events import Shot, Stroke
from simulator.table.specs import TableSpec


def draw_side_view(surface: pygame.Surface, rect: pygame.Rect, loc: Locale,
                   spec: TableSpec, flight: Flight, now: float, shot: Shot,
                   tell: bool = True) -> None:
    """The balls' heights over time, seen from the side: the bed, the cushion
    nose and the rail top drawn to the same vertical scale as the ball; the
    part of a path over the rail (beyond the nose) in orange; where a ball
    left the table, said once it has (``tell``: False while a quiz's
    question is open, the outcome being its answer)."""
    pygame.draw.rect(surface, (12, 16, 15), rect, border_radius=6)
    pygame.draw.rect(surface, ui.BORDER, rect, 1, border_radius=6)
    size = max(10, min(13, rect.height // 9))
    lh = ui.line_height(size)
    ui.line(surface, loc.t("sideview.title"), size, ui.ACCENT,
            pygame.Rect(rect.left + 6, rect.top + 3, rect.width - 12, lh))
    label_w = max(fonts.font(size - 1).size(loc.t("sideview.rail_top"))[0],
                  fonts.font(size - 1).size(loc.t("sideview.nose"))[0]) + 6
    struck = spec.balls.cue_ball in flight.balls and flight.start < 1e-3
    plot = _Plot.of(pygame.Rect(rect.left + 6, rect.top + lh + 6,
                                rect.width - 18 - label_w, rect.height - 2 * lh - 12),
                    spec, flight, struck)
    _draw_levels(surface, plot, loc, spec, size, label_w)
    old_clip = surface.get_clip()
    surface.set_clip(plot.rect.inflate(0, 2).clip(old_clip) if old_clip
                     else plot.rect)
    if struck:
        _draw_stick(surface, plot, spec, flight, shot.stroke)
    _draw_heights(surface, plot, spec, flight, now, whole=tell)
    surface.set_clip(old_clip)
    # Under the plot: the stroke's elevation, or where a ball went.
    words = ""
    for b, where in flight.left.items():
        if tell and now >= flight.left_at.get(b, flight.end) - 1e-9:
            words = loc.t("sideview.on_rail" if where == "rail" else "sideview.floor",
                          ball=loc.t("strip.cue_ball") if b == spec.balls.cue_ball
                          else str(b))
    if not words and tell and now > flight.end + 1e-3 and \
            any(b not in flight.left for b in flight.balls):
        words = loc.t("sideview.landed", t=loc.num(flight.end, 2))
    elif not words and struck:
        s = shot.stroke
        words = loc.t("sideview.stroke", elevation=loc.num(s.elevation, 0),
                      tip=loc.num(s.tip_b, 2))
    if words:
        ui.line(surface, words, size - 1, ui.INK,
                pygame.Rect(rect.left + 6, rect.bottom - lh - 3, rect.width - 12, lh))


@dataclass(frozen=True)
class _Plot:
    """The side view's plot: time across, height up, from a little before the
    flight to a little after it, the heights to the ball's scale."""

    rect: pygame.Rect
    bottom: float  # the lowest height shown, metres
    scale: float  # pixels per metre, up
    t0: float
    t1: float
    margin: float = 0.0  # a ball's radius in pixels: the time axis keeps clear

    @classmethod
    def of(cls, rect: pygame.Rect, spec: TableSpec, flight: Flight,
           stick: bool = False) -> _Plot:
        r = spec.balls.radius
        zs = [z for pts in flight.samples.values() for _t, z, _d in pts]
        top = max([spec.rail_top_height + 2.5 * r, *[z + r for z in zs]])
        bottom = -0.6 * r
        scale = rect.height / (top - bottom)
        # The ball at the clock is drawn whole at either end of the time
        # axis (it was cut in half at the right edge once the flight ended).
        margin = min(rect.width / 4, r * scale + 1)
        t1 = flight.end + 0.45
        lead = 0.05
        if stick:
            # Room before the strike for the stick's end at the ball: four
            # radii between the plot's edge and the ball's centre.
            k = 4 * r * scale - margin
            span = rect.width - 2 * margin
            if 0 < k < span / 2:
                lead = max(lead, k * (t1 - flight.start) / (span - k))
        return cls(rect, bottom, scale, flight.start - lead, t1, margin)

    def y_of(self, z: float) -> float:
        return self.rect.bottom - (z - self.bottom) * self.scale

    def x_of(self, t: float) -> float:
        span = self.rect.width - 2 * self.margin
        return self.rect.left + self.margin + (t - self.t0) / (self.t1 - self.t0) * span


def _draw_levels(surface: pygame.Surface, plot: _Plot, loc: Locale, spec: TableSpec,
                 size: int, label_w: int) -> None:
    """The bed, the cushion nose and the rail top, to scale with the ball."""
    r = plot.rect
    pygame.draw.line(surface, (60, 130, 90), (r.left, plot.y_of(0.0)),
                     (r.right, plot.y_of(0.0)), 2)
    lh1 = ui.line_height(size - 1)
    for z, key, above in ((spec.cushion_height, "sideview.nose", False),
                          (spec.rail_top_height, "sideview.rail_top", True)):
        y = plot.y_of(z)
        draw_dashed(surface, (150, 110, 70), (r.left, y), (r.right, y), 5, 1)
        # The rail top's word above its line, the nose's below: never on top
        # of each other, however small the scale.
        ui.line(surface, loc.t(key), size - 1, ui.DIM,
                pygame.Rect(r.right + 4, round(y - lh1 if above else y), label_w,
                            lh1))


# The stick's first strips, as the table draws it (render._draw_cue): from the
# tip's face back (metres), its width there (metres), its colour.
STICK_STRIPS = ((0.0, 0.012, 0.0125, 0.0126, (58, 110, 170)),
                (0.012, 0.035, 0.0126, 0.013, (238, 236, 226)),
                (0.035, 0.78, 0.013, 0.021, (226, 196, 142)))


def _draw_stick(surface: pygame.Surface, plot: _Plot, spec: TableSpec,
                flight: Flight, stroke: Stroke) -> None:
    """The stick at the strike, its tip on the cue ball where the stroke's
    offset puts it, at the stroke's elevation. The heights are drawn to a
    scale of their own (time runs across), so the stick is drawn to the
    vertical scale both ways: its angle on the screen is the elevation."""
    pts = flight.samples.get(spec.balls.cue_ball, ())
    r = spec.balls.radius
    z0 = pts[0][1] if pts else r
    cx, cy = plot.x_of(flight.start), plot.y_of(z0)
    e = math.radians(stroke.elevation)
    d = (math.cos(e), math.sin(e))  # along the stick towards the ball, y down
    up = (math.sin(e), -math.cos(e))  # the stick's "up", square to it
    a = stroke.tip_a
    b = stroke.tip_b
    c = math.sqrt(max(0.0, 1.0 - a * a - b * b))
    k = plot.scale
    # Where the tip meets the ball (physics.cue.strike: b up, c back along it).
    hit = (cx + r * k * (b * up[0] - c * d[0]), cy + r * k * (b * up[1] - c * d[1]))
    # The ball as it was struck, a ring: the stick touches it.
    pygame.draw.circle(surface, (150, 150, 140), (cx, cy), max(2.0, r * k), 1)
    reach = (plot.rect.width + plot.rect.height) / k  # past the plot's edge, metres
    for f0, f1, w0, w1, colour in STICK_STRIPS:
        f1 = min(f1, reach)
        quad = [(hit[0] - d[0] * f * k + up[0] * w / 2 * k * sg,
                 hit[1] - d[1] * f * k + up[1] * w / 2 * k * sg)
                for f, w, sg in ((f0, w0, 1), (f1, w1, 1), (f1, w1, -1), (f0, w0, -1))]
        pygame.draw.polygon(surface, colour, quad)
        pygame.draw.lines(surface, (92, 38, 24), True, quad, 1)
        if f1 >= reach:
            break


def _draw_heights(surface: pygame.Surface, plot: _Plot, spec: TableSpec,
                  flight: Flight, now: float, whole: bool = True) -> None:
    """Each ball's height over time (orange over the rail), the clock, and
    the balls where they are now; not ``whole``: the paths only as far as
    ``now`` (a quiz's open question: the whole flight drawn at its start
    showed the 8 over the rail, the answer)."""
    r = spec.balls.radius
    for b, pts in sorted(flight.samples.items()):
        colour = ball_colour(spec, b)
        prev: tuple[float, float, bool] | None = None
        for t, z, d in pts:
            if not whole and t > now + 1e-9:
                break
            p = (plot.x_of(t), plot.y_of(z), d > 0)
            if prev is not None:
                over = prev[2] or p[2]
                pygame.draw.line(surface, AIR_OVER_RAIL if over else colour,
                                 prev[:2], p[:2], 3 if over else 2)
            prev = p
    landed = [b for b in flight.balls if b not in flight.left]
    if landed and (whole or now >= flight.end):  # a tick where it landed
        lx, ly = plot.x_of(flight.end), plot.y_of(0.0)
        pygame.draw.line(surface, ui.INK, (lx, ly - 9), (lx, ly + 3), 2)
        pygame.draw.polygon(surface, ui.INK, [(lx - 4, ly - 9), (lx + 4, ly - 9),
                                              (lx, ly - 3)])
    # The clock stays at the plot's right edge once the shot runs past it,
    # at the flight's start before it (a clip shows the view throughout).
    x = max(plot.x_of(flight.start),
            min(plot.x_of(now), plot.rect.right - plot.margin))
    pygame.draw.line(surface, ui.ACCENT, (x, plot.rect.top), (x, plot.rect.bottom), 1)
    for b, pts in sorted(flight.samples.items()):
        here = [p for p in pts if p[0] <= now + 1e-9] or list(pts[:1])
        if not here:
            continue
        _t, z, _d = here[-1]
        if pts[-1][0] < now - 0.02 and b in flight.left:
            continue  # gone from the table
        c = (x, plot.y_of(z))
        pygame.draw.circle(surface, ball_colour(spec, b), c, max(2.0, r * plot.scale))
        pygame.draw.circle(surface, (20, 20, 20), c, max(2.0, r * plot.scale), 1)


class SideView:
    """The side view of a replay: the part of :class:`ShotShow
    <simulator.app.replay.shotshow.ShotShow>` that opens it while a ball is
    in the air."""

    locale: Locale
    playback: Playback
    marks: ShotMarks
    shot: Shot
    # Whether the caption says how a flight ended (a quiz's open question
    # turns it off: that is its answer).
    tell_outcome = True

    def flight(self) -> Flight | None:
        return self.marks.flight_since(self.playback.time)

    def inset_height(self, width: int) -> int:
        """The side view's height in the side column (0: closed)."""
        if self.flight() is None:
            return 0
        return max(92, min(150, width * 9 // 20))

    def draw_inset(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        fl = self.flight()
        if fl is not None:
            draw_side_view(surface, rect, self.locale, self.marks.spec, fl,
                           self.playback.time, self.shot,
                           self.tell_outcome)
