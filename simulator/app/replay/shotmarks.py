"""What a shot shows beside its balls, read from its log and its frames: the
ball trails, the contacts numbered in order, the marks of the timeline, the
spells in the air, the called ball and pocket and the lines a rule names.

Nothing here draws or imports pygame: the window (simulator.app.replay.table_marks) and
the exports (simulator.app.replay.export) draw from the same marks, so a clip, a
diagram and the replay agree to the pixel on where a contact was.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from simulator.physics.stick import PUSH_CONTACT, TIP_HIT_TIME, TIP_RADIUS, tip_end
from simulator.table.events import HEAD_STRING, Event, EventKind, Frame, Shot
from simulator.table.specs import TableSpec

# The timeline shows every event but the phase changes of single balls.
TIMELINE_KINDS = (
    EventKind.STROKE, EventKind.TIP_CONTACT, EventKind.BALL_BALL,
    EventKind.BALL_CUSHION, EventKind.POCKETED, EventKind.AIRBORNE,
    EventKind.LANDED, EventKind.LEFT_TABLE, EventKind.LINE_CROSSED, EventKind.REST,
)
CONTACT_KINDS = (EventKind.BALL_BALL, EventKind.BALL_CUSHION, EventKind.TIP_CONTACT)
# What the step keys stop on: the stroke, the contacts, a ball dropping in a
# pocket, each flight's highest point (a jump is watched for its top, over
# the ball it clears) and its landing (where it comes down decides a jump),
# and the foul; line crossings, take-offs and rests only with Shift, when
# every event is asked for.
STEP_KINDS = (EventKind.STROKE, EventKind.TIP_CONTACT, EventKind.BALL_BALL,
              EventKind.BALL_CUSHION, EventKind.POCKETED)
AIR_HOLD = 0.5  # seconds: spells in the air closer than this are one
AIR_MARGIN = 1e-4  # metres above resting height that count as off the bed
# The stick's approach: it comes from a backswing of BACKSWING metres,
# speeding up evenly to the stroke's speed at the ball, after resting there
# for STICK_HOLD seconds; it stays STICK_AFTER seconds after it has stopped,
# until a ball's first contact (CuePath.first_contact).
BACKSWING = 0.15
STICK_HOLD = 0.25
STICK_AFTER = 0.6
STICK_DT = 1.0 / 2000.0  # the follow-through worked out in steps this long
BUSY_CONTACTS = 14  # more contacts than this: only those that matter are drawn
RACK_REACH = 10.0  # a rack's extent from its first contact, in ball radii
LABEL_OFF = 2.4  # ball radii from a touch to its number
# Codes whose rule is about the head string or the house line.
LINE_CODES = ("foul.kitchen_direct", "express.foul.house_direct",
              "place.outside_kitchen", "note.kitchen_ball_spot")
LINE_HANDS = ("kitchen", "house", "temp_house")


def foul_cushion(ev: Event) -> str | None:
    """The cushion a foul at ``ev`` marks: a rail touched (not a jaw)."""
    if ev.kind is EventKind.BALL_CUSHION and ev.cushion and \
            not ev.cushion.startswith("jaw:"):
        return ev.cushion
    return None


def foul_pocket(ev: Event) -> str | None:
    """The pocket a foul at ``ev`` marks: the one a ball fell in, or whose
    jaw it touched."""
    if ev.pocket:
        return ev.pocket
    if ev.kind is EventKind.BALL_CUSHION and ev.cushion and \
            ev.cushion.startswith("jaw:"):
        return ev.cushion.removeprefix("jaw:")
    return None


@dataclass(frozen=True)
class Contact:
    """A touch of a ball, a cushion or the tip: where and when, numbered in
    the order they happened (1, 2, ...)."""

    n: int
    time: float
    kind: EventKind
    x: float
    y: float
    balls: tuple[int, ...]
    event_index: int
    cushion: str | None = None
    # Where its number goes: beside the touch, clear of the balls there (on
    # the cushion's rubber for a cushion; across the line of centres for two
    # balls; across the cue for the tip), a thin line joining the two.
    lx: float = 0.0
    ly: float = 0.0
    # The centres of the balls that touched: a number drawn on them cannot
    # be read (the window places the numbers clear of them).
    centres: tuple[tuple[float, float], ...] = ()


@dataclass(frozen=True)
class Mark:
    """One event on the timeline; ``foul`` when a foul of the ruling names it."""

    event_index: int
    time: float
    kind: EventKind
    event: Event
    foul: bool = False
    first_contact: bool = False
    # A flight's highest point, not an event of the log: the frame where the
    # ball of ``event`` (its take-off) is highest, its height above the bed
    # in metres there. The log has the take-off and the landing only, so a
    # step went from the stroke to the landing past the ball in the air.
    peak: float | None = None
    # The end of the tip's contact of ``event`` (tip_end), a step of its
    # own: the moment a push or a double hit is seen, the tip still on it.
    tip_end: bool = False
    # Which touch of the tip it starts or ends (1, 2, ...), where the tip met
    # the ball more than once: the timeline says each touch on and off, as
    # the inset names them; 0 otherwise.
    touch: int = 0


@dataclass(frozen=True)
class TipSpan:
    """A contact of the cue tip on a ball: the strike (its first, or a push
    when long) or a later touch (a double hit), from ``start`` to ``end``
    (shot seconds), ``foul_seen`` when the replay stops at its end
    (stick.tip_end: a push or a later touch)."""

    event_index: int
    start: float
    end: float
    ball: int
    foul_seen: bool

    @property
    def duration(self) -> float:
        return self.end - self.start


@dataclass(frozen=True)
class Flight:
    """A spell of one or more balls off the bed, from the first leaving to the
    last landing (or leaving the table), with the heights sampled."""

    start: float
    end: float
    balls: tuple[int, ...]
    # Per ball: (time, centre height, how far beyond the cushion nose it is).
    samples: dict[int, tuple[tuple[float, float, float], ...]] = field(
        default_factory=dict)
    left: dict[int, str] = field(default_factory=dict)  # ball -> "floor" / "rail"
    left_at: dict[int, float] = field(default_factory=dict)  # ball -> when it left


@dataclass(frozen=True)
class Exit:
    """Where a ball left the table, as the top view marks it: the point its
    centre crossed the rails' outer edge (or, leaving inside it, on the rail
    top or over the nose, where the log says it left), when, and whether it
    stayed on the rail top ("rail") or went to the floor."""

    ball: int
    time: float
    x: float
    y: float
    where: str


def beyond_nose(spec: TableSpec, x: float, y: float) -> float:
    """How far a ball centre lies outside the cushion-nose rectangle (0 on
    the bed)."""
    dx = max(0.0, -x, x - spec.length)
    dy = max(0.0, -y, y - spec.width)
    return math.hypot(dx, dy)


@dataclass(frozen=True)
class StickAt:
    """The stick at one moment: its tip's centre on the table plane, the
    direction it points (degrees), its elevation, its speed along the table
    (m/s) and whether the tip is on a ball."""

    x: float
    y: float
    direction: float
    elevation: float
    speed: float


class CuePath:
    """Where the stick was during a shot: the approach, the strike and the
    follow-through, worked out from the stroke and the log the way the
    physics moves its tip (simulator.physics.stick): the speed the cue keeps
    after the strike slows evenly to a stop at the stroke's follow-through,
    each tip contact of the log takes the impulse it gave from the cue, and a
    long contact (a push) carries the cue ball with the tip. Nothing of it is
    recorded by the physics; a test checks the tip meets the ball at the
    logged contacts."""

    def __init__(self, shot: Shot, frames: Sequence[Frame]) -> None:
        spec = shot.initial.spec
        st = shot.stroke
        self.stroke = st
        r = spec.balls.radius
        cue = spec.balls.cue_ball
        pos = shot.initial.position(cue)
        self.valid = pos is not None and st.speed > 0
        phi = math.radians(st.direction)
        d = (math.cos(phi), math.sin(phi))
        self.d = d
        cos_t = math.cos(math.radians(st.elevation))
        x0, y0 = pos if pos is not None else (0.0, 0.0)
        back = r + TIP_RADIUS + 1e-6
        side = st.tip_a * r
        # The tip's centre at the strike (stick.Stick.after_strike).
        self.origin = (x0 - d[0] * back + d[1] * side, y0 - d[1] * back - d[0] * side)
        v_plan = st.speed * cos_t
        self.approach_time = 2.0 * BACKSWING / v_plan if v_plan > 0 else 0.0
        self.start = -(self.approach_time + STICK_HOLD) if self.valid else 0.0
        self.miscue = False
        # The follow-through as (time, distance along the cue, speed) samples.
        self.samples: list[tuple[float, float, float]] = [(0.0, 0.0, v_plan)]
        self.stop = 0.0
        if self.valid:
            self._follow(shot, frames, cos_t)
        self.end = self.stop + STICK_AFTER
        # The first contact of a ball after the strike (not of the tip): the
        # stick at rest is gone from it on. Left till STICK_AFTER, a step
        # to that contact showed the stick lying where the cue ball had
        # stood, as if at the address.
        self.first_contact = min(
            (e.time for e in shot.events if e.kind in STEP_KINDS and
             e.kind not in (EventKind.STROKE, EventKind.TIP_CONTACT)),
            default=math.inf)
        self._times = [t for t, _s, _v in self.samples]

    def _follow(self, shot: Shot, frames: Sequence[Frame], cos_t: float) -> None:
        spec = shot.initial.spec
        st = shot.stroke
        cue = spec.balls.cue_ball
        d = self.d
        speed, carry = self._speed_after_strike(shot, cos_t)
        if speed <= 0.0 or st.follow_through <= 0.0:
            self.samples = [(0.0, 0.0, 0.0)]
            return
        decel = speed * speed / (2.0 * st.follow_through)
        carry_until = st.contact_time if carry else 0.0
        touches = [e for e in shot.events if e.kind is EventKind.TIP_CONTACT]
        track = _BallTrack(frames, cue)
        b0 = track.at(0.0)
        t, s = 0.0, 0.0
        out = [(0.0, 0.0, speed)]
        k = 0
        while speed > 0.0 and t < 10.0:
            t += STICK_DT
            p = track.at(t) if t <= carry_until else None
            if p is not None and b0 is not None:
                # A push: the tip stays on the ball and goes where it goes.
                along = (p[0] - b0[0]) * d[0] + (p[1] - b0[1]) * d[1]
                if along > s:
                    speed, s = (along - s) / STICK_DT, along
                out.append((t, s, speed))
                continue
            # Even slowing, exactly: the tip stops at the follow-through.
            step = min(STICK_DT, speed / decel)
            s += speed * step - 0.5 * decel * step * step
            speed -= decel * step
            if step < STICK_DT:
                t += step - STICK_DT
                speed = 0.0
            while k < len(touches) and touches[k].time <= t:
                speed = self._after_touch(shot, touches[k], s, speed)
                k += 1
            out.append((t, s, max(0.0, speed)))
        self.samples = out
        self.stop = t

    def _speed_after_strike(self, shot: Shot, cos_t: float) -> tuple[float, bool]:
        """The stick's speed in the plan just after the strike, and whether
        the tip stays on the ball a while (a push); notes a miscue."""
        spec = shot.initial.spec
        st = shot.stroke
        m = spec.balls.mass
        big_m = spec.physics.cue_mass
        cue = spec.balls.cue_ball
        d = self.d
        stroke_ev = next((e for e in shot.events if e.kind is EventKind.STROKE
                          and e.balls and e.balls[0] == cue), None)
        snap = stroke_ev.snapshot(cue) if stroke_ev is not None else None
        self.miscue = bool(stroke_ev is not None and stroke_ev.miscue)
        vx, vy = (snap.vx, snap.vy) if snap is not None else (0.0, 0.0)
        ball_along = vx * d[0] + vy * d[1]
        speed = st.speed - m * math.hypot(vx, vy) / big_m
        carry = st.contact_time > PUSH_CONTACT
        if carry:
            speed = max(speed, ball_along)
        return speed * cos_t, carry

    def _after_touch(self, shot: Shot, ev: Event, s: float, speed: float) -> float:
        """The stick's speed after a later touch of the tip on a ball, ``s``
        metres into the follow-through (the touch's impulse on the stick)."""
        spec = shot.initial.spec
        m = spec.balls.mass
        big_m = spec.physics.cue_mass
        e_tip = spec.physics.e_tip
        d = self.d
        bs = ev.snapshot(ev.balls[0]) if ev.balls else None
        if bs is None:
            return speed
        tx, ty = self.origin[0] + d[0] * s, self.origin[1] + d[1] * s
        dist = math.hypot(bs.x - tx, bs.y - ty)
        n = ((bs.x - tx) / dist, (bs.y - ty) / dist) if dist > 0 else d
        a, b = (ev.tip_a or 0.0), (ev.tip_b or 0.0)
        m_eff = m / (1.0 + 2.5 * (a * a + b * b))
        impulse = (1.0 + e_tip) * (ev.speed or 0.0) / \
            (1.0 / m_eff + 1.0 / big_m)
        return max(0.0, speed - impulse * (n[0] * d[0] + n[1] * d[1]) / big_m)

    def address(self, gap: float = 0.03) -> StickAt | None:
        """The stick at rest ``gap`` metres behind the strike (a diagram's)."""
        if not self.valid:
            return None
        st = self.stroke
        return StickAt(self.origin[0] - self.d[0] * gap,
                       self.origin[1] - self.d[1] * gap, st.direction,
                       st.elevation, 0.0)

    def at(self, t: float) -> StickAt | None:
        """The stick at shot time ``t``; None when it is not shown."""
        if not self.valid or not self.start <= t <= self.end or \
                (t > self.stop and t >= self.first_contact):
            return None
        st = self.stroke
        if t < 0.0:
            ta = self.approach_time
            if t < -ta:
                s, v = -BACKSWING, 0.0
            else:
                v_plan = st.speed * math.cos(math.radians(st.elevation))
                acc = v_plan / ta if ta > 0 else 0.0
                s, v = -BACKSWING + 0.5 * acc * (t + ta) ** 2, acc * (t + ta)
        else:
            i = bisect.bisect_right(self._times, t) - 1
            i = max(0, min(i, len(self.samples) - 1))
            t0, s, v = self.samples[i]
            if i + 1 < len(self.samples):
                t1, s1, v1 = self.samples[i + 1]
                k = (t - t0) / (t1 - t0) if t1 > t0 else 0.0
                s, v = s + (s1 - s) * k, v + (v1 - v) * k
            else:
                v = 0.0
        return StickAt(self.origin[0] + self.d[0] * s, self.origin[1] + self.d[1] * s,
                       st.direction, st.elevation, v)


class _BallTrack:
    """One ball's positions from the frames, interpolated."""

    def __init__(self, frames: Sequence[Frame], ball: int) -> None:
        self.pts = [(f.time, x, y) for f in frames for b, x, y, _z in f.balls
                    if b == ball]
        self.times = [p[0] for p in self.pts]

    def at(self, t: float) -> tuple[float, float] | None:
        if not self.pts:
            return None
        i = bisect.bisect_right(self.times, t)
        if i <= 0:
            return self.pts[0][1:]
        if i >= len(self.pts):
            return self.pts[-1][1:]
        (t0, x0, y0), (t1, x1, y1) = self.pts[i - 1], self.pts[i]
        k = (t - t0) / (t1 - t0) if t1 > t0 else 0.0
        return x0 + (x1 - x0) * k, y0 + (y1 - y0) * k


class ShotMarks:
    """Everything drawn over a shot's table, computed once per shot."""

    def __init__(self, shot: Shot, frames: Sequence[Frame] | None = None,
                 foul_events: Iterable[int] = (), called_ball: int | None = None,
                 called_pocket: str | None = None, codes: Iterable[str] = (),
                 in_hand: str | None = None,
                 leave_out: Iterable[EventKind] = ()) -> None:
        self.shot = shot
        # Events of these kinds get no contact number and no tick (a quiz
        # keeps the tip's second touch back: it answers "Which rule?").
        self.leave_out = frozenset(leave_out)
        self.spec: TableSpec = shot.initial.spec
        self.frames: tuple[Frame, ...] = tuple(frames if frames is not None
                                               else shot.frames)
        self.times = [f.time for f in self.frames]
        self.foul_events = tuple(sorted(set(foul_events)))
        self.called_ball = called_ball
        self.called_pocket = called_pocket
        codes = tuple(codes)
        self.trails = self._trails()
        self.exits = self._exits()
        self.contacts = self._contacts()
        self.tip_spans = self._tip_spans()  # (the marks number its touches)
        self.marks = self._marks()
        self.flights = self._flights()
        self.cue = CuePath(shot, self.frames)
        self._tracks: dict[int, _BallTrack] = {}
        # The replay starts with the stick's approach, before the strike.
        first = self.times[0] if self.times else 0.0
        self.start = min(first, self.cue.start)
        line_foul = any(
            0 <= i < len(shot.events) and shot.events[i].kind is EventKind.LINE_CROSSED
            and shot.events[i].line == HEAD_STRING for i in self.foul_events)
        self.show_head_string = line_foul or any(c in LINE_CODES for c in codes) or \
            in_hand in LINE_HANDS

    # -- the tip on the ball ---------------------------------------------------
    def _tip_spans(self) -> tuple[TipSpan, ...]:
        """Each contact of the tip: the strike (a miscue's slip is none) and
        every later touch, unless the tip's touches are kept back (a quiz's
        open questions: the tip's time on the ball answers them)."""
        if EventKind.TIP_CONTACT in self.leave_out:
            return ()
        out: list[TipSpan] = []
        for i, ev in enumerate(self.shot.events):
            if ev.kind not in (EventKind.STROKE, EventKind.TIP_CONTACT) or \
                    not ev.balls or ev.miscue:
                continue
            end = tip_end(ev)
            seen = end is not None
            if end is None:
                end = ev.time + (ev.duration or TIP_HIT_TIME)
            out.append(TipSpan(i, ev.time, end, ev.balls[0], seen))
        return tuple(out)

    def ball_at(self, ball: int, t: float) -> tuple[float, float] | None:
        """Where ``ball`` was at shot time ``t``, between the frames."""
        track = self._tracks.get(ball)
        if track is None:
            track = self._tracks[ball] = _BallTrack(self.frames, ball)
        return track.at(t)

    # -- trails ---------------------------------------------------------------
    def _trails(self) -> dict[int, tuple[tuple[float, float, float], ...]]:
        """Each ball that moved: its (time, x, y) samples."""
        out: dict[int, list[tuple[float, float, float]]] = {}
        for f in self.frames:
            for b, x, y, _z in f.balls:
                out.setdefault(b, []).append((f.time, x, y))
        moved: dict[int, tuple[tuple[float, float, float], ...]] = {}
        for b, pts in out.items():
            x0, y0 = pts[0][1], pts[0][2]
            if any(math.dist((x0, y0), (x, y)) > 1e-4 for _t, x, y in pts):
                moved[b] = tuple(pts)
        return moved

    def trail(self, ball: int, until: float | None = None
              ) -> list[tuple[float, float]]:
        """The path of ``ball`` up to shot time ``until`` (all of it: None),
        ending where it left the table: beyond the rails it flew over the
        floor, off the drawn table (and over the side column)."""
        pts = self.trails.get(ball, ())
        ex = self.exit_of(ball)
        if ex is not None:
            pts = (*tuple(p for p in pts if p[0] < ex.time), (ex.time, ex.x, ex.y))
        if until is None:
            return [(x, y) for _t, x, y in pts]
        ts = [p[0] for p in pts]
        k = bisect.bisect_right(ts, until)
        return [(x, y) for _t, x, y in pts[:k]]

    # -- balls off the table -----------------------------------------------------
    def _exits(self) -> tuple[Exit, ...]:
        """Each ball that left the table: where its path crossed the rails'
        outer edge before the log has it gone (the point it left the top
        view), else where the log has it leave."""
        spec = self.spec
        rw = spec.rail_width
        lo_x, hi_x, lo_y, hi_y = -rw, spec.length + rw, -rw, spec.width + rw
        out: list[Exit] = []
        for ev in self.shot.events:
            snap = ev.snapshot(ev.balls[0]) if ev.kind is EventKind.LEFT_TABLE \
                and ev.balls else None
            if snap is None:
                continue
            b = ev.balls[0]
            pts = [(x, y) for t, x, y in self.trails.get(b, ()) if t < ev.time]
            pts.append((snap.x, snap.y))
            x = min(max(snap.x, lo_x), hi_x)
            y = min(max(snap.y, lo_y), hi_y)
            for (x0, y0), (x1, y1) in itertools.pairwise(pts):
                if lo_x <= x1 <= hi_x and lo_y <= y1 <= hi_y:
                    continue
                # The part of the step still inside the outer edge.
                k = 1.0
                for a0, a1, lo, hi in ((x0, x1, lo_x, hi_x), (y0, y1, lo_y, hi_y)):
                    if a1 > hi and a1 != a0:
                        k = min(k, (hi - a0) / (a1 - a0))
                    elif a1 < lo and a1 != a0:
                        k = min(k, (lo - a0) / (a1 - a0))
                k = max(0.0, k)
                x, y = x0 + (x1 - x0) * k, y0 + (y1 - y0) * k
                break
            out.append(Exit(b, ev.time, x, y, ev.where or "floor"))
        return tuple(out)

    def exit_of(self, ball: int) -> Exit | None:
        return next((e for e in self.exits if e.ball == ball), None)

    def exits_until(self, t: float | None) -> tuple[Exit, ...]:
        """The balls gone off the table by shot time ``t`` (all: None)."""
        return tuple(e for e in self.exits if t is None or e.time <= t + 1e-9)

    def balls_at(self, t: float | None) -> list[tuple[float, float]]:
        """The centres of the balls on the bed at shot time ``t`` (None: at
        the start, as a diagram draws them)."""
        if not self.frames:
            return []
        k = 0 if t is None else max(0, bisect.bisect_right(self.times, t) - 1)
        return [(x, y) for _b, x, y, _z in self.frames[k].balls]

    # -- contacts --------------------------------------------------------------
    def _contacts(self) -> tuple[Contact, ...]:
        spec = self.spec
        r = spec.balls.radius
        rails = {rl.name: rl for rl in spec.rails}
        out: list[Contact] = []
        for i, ev in enumerate(self.shot.events):
            if ev.kind not in CONTACT_KINDS or not ev.balls or \
                    ev.kind in self.leave_out:
                continue
            snaps = [ev.snapshot(b) for b in ev.balls]
            if any(s is None for s in snaps):
                continue
            pts = [(s.x, s.y) for s in snaps if s is not None]
            if ev.kind is EventKind.BALL_BALL and len(pts) == 2:
                x, y = (pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2
            elif ev.kind is EventKind.BALL_CUSHION:
                x, y = pts[0]
                rail = rails.get(ev.cushion or "")
                if rail is not None:  # the touch is on the nose, a radius out
                    x, y = x + rail.normal[0] * r, y + rail.normal[1] * r
            else:  # the tip on a ball: the back of the ball, along the cue
                a = math.radians(self.shot.stroke.direction)
                x, y = pts[0][0] - math.cos(a) * r, pts[0][1] - math.sin(a) * r
            n = len(out) + 1
            side = 1.0 if n % 2 else -1.0
            lx, ly = x, y
            if ev.kind is EventKind.BALL_CUSHION:
                rail = rails.get(ev.cushion or "")
                if rail is not None:
                    k = spec.cushion_depth * 0.55
                    lx, ly = x + rail.normal[0] * k, y + rail.normal[1] * k
                else:  # a jaw: across the ball's way in
                    lx, ly = x, y + side * LABEL_OFF * r
            elif ev.kind is EventKind.BALL_BALL and len(pts) == 2:
                dx, dy = pts[1][0] - pts[0][0], pts[1][1] - pts[0][1]
                dd = math.hypot(dx, dy) or 1.0
                lx = x - dy / dd * side * LABEL_OFF * r
                ly = y + dx / dd * side * LABEL_OFF * r
            else:
                a = math.radians(self.shot.stroke.direction)
                lx = x - math.sin(a) * side * LABEL_OFF * r
                ly = y + math.cos(a) * side * LABEL_OFF * r
            out.append(Contact(n, ev.time, ev.kind, x, y, ev.balls, i, ev.cushion,
                               lx, ly, tuple(pts)))
        return tuple(out)

    @property
    def busy(self) -> bool:
        """A shot of many contacts (a break): only those that matter drawn."""
        return len(self.contacts) > BUSY_CONTACTS

    @property
    def rack_crowd(self) -> frozenset[int]:
        """In a busy shot (a break), the numbers of the contacts in the rack
        round the first one, but the first and those a foul names: drawn
        there they piled up over the rack, unreadable (the timeline still
        marks each)."""
        if not self.busy or not self.contacts:
            return frozenset()
        first = self.contacts[0]
        reach = RACK_REACH * self.spec.balls.radius
        return frozenset(c.n for c in self.contacts[1:]
                         if c.event_index not in self.foul_events
                         and math.hypot(c.x - first.x, c.y - first.y) < reach)

    @property
    def shown_contacts(self) -> tuple[Contact, ...]:
        """The contacts drawn: all of them, or, in a busy shot (a break), the
        cue ball's, the first few and those a foul names, keeping their
        numbers: forty numbered discs in the rack say nothing."""
        if not self.busy:
            return self.contacts
        cue = self.spec.balls.cue_ball
        return tuple(c for c in self.contacts
                     if c.n <= 3 or cue in c.balls or c.event_index in self.foul_events)

    def contacts_until(self, t: float | None) -> tuple[Contact, ...]:
        shown = self.shown_contacts
        if t is None:
            return shown
        return tuple(c for c in shown if c.time <= t + 1e-9)

    # -- timeline -------------------------------------------------------------
    def _marks(self) -> tuple[Mark, ...]:
        out: list[Mark] = []
        first = next((i for i, e in enumerate(self.shot.events)
                      if e.kind is EventKind.BALL_BALL and
                      self.spec.balls.cue_ball in e.balls), None)
        touches = self._touches()
        for i, ev in enumerate(self.shot.events):
            if ev.kind not in TIMELINE_KINDS or ev.kind in self.leave_out:
                continue
            # A push or a double hit: its foul is marked where the tip leaves
            # the ball, where a replay stops on it (tip_end).
            end = tip_end(ev)
            foul = i in self.foul_events
            n = touches.get(i, 0)
            out.append(Mark(i, ev.time, ev.kind, ev, foul and end is None,
                            i == first, touch=n))
            if end is None and n:
                # The strike's own millisecond ends too where the tip comes
                # back: "on at 0 ms, off at 1 ms, on again at 5 ms".
                end = ev.time + (ev.duration or TIP_HIT_TIME)
            if end is not None:
                out.append(Mark(i, end, ev.kind, ev, foul, tip_end=True, touch=n))
        if EventKind.AIRBORNE not in self.leave_out:
            out.extend(self._peaks())
        # Stable: a peak at an event's time comes after it.
        return tuple(sorted(out, key=lambda m: m.time))

    def _touches(self) -> dict[int, int]:
        """Event index -> the tip's touch it is (1, 2, ...), when the tip met
        a ball more than once (the same contacts as tip_spans); else none."""
        spans = self.tip_spans
        if len(spans) < 2:
            return {}
        return {s.event_index: k + 1 for k, s in enumerate(spans)}

    def _peaks(self) -> list[Mark]:
        """Each flight's highest point, from the frames: from a ball's
        take-off to its landing (or leaving the table, or the log's end),
        the frame where it is highest."""
        evs = self.shot.events
        rest = self.spec.balls.radius
        out: list[Mark] = []
        for i, ev in enumerate(evs):
            if ev.kind is not EventKind.AIRBORNE or not ev.balls:
                continue
            b = ev.balls[0]
            end = next((e.time for e in evs[i + 1:] if e.balls and e.balls[0] == b
                        and e.kind in (EventKind.LANDED, EventKind.LEFT_TABLE)),
                       self.duration)
            best: tuple[float, float] | None = None  # (height, time)
            for f in self.frames:
                if ev.time <= f.time <= end:
                    for bb, _x, _y, z in f.balls:
                        if bb == b and (best is None or z - rest > best[0]):
                            best = (z - rest, f.time)
            if best is not None and best[0] > AIR_MARGIN:
                out.append(Mark(i, best[1], ev.kind, ev, peak=best[0]))
        return out

    @property
    def duration(self) -> float:
        end = self.times[-1] if self.times else 0.0
        return max(end, self.shot.duration)

    # -- the third dimension ---------------------------------------------------
    def _flights(self) -> tuple[Flight, ...]:
        """The spells in the air: from each airborne event to its landing or
        the ball leaving the table; spells closer than AIR_HOLD are one."""
        evs = self.shot.events
        spans: list[tuple[float, float, int]] = []
        up: dict[int, float] = {}
        left: dict[int, str] = {}
        left_at: dict[int, float] = {}
        for ev in evs:
            if not ev.balls:
                continue
            b = ev.balls[0]
            if ev.kind is EventKind.AIRBORNE:
                up.setdefault(b, ev.time)
            elif ev.kind in (EventKind.LANDED, EventKind.LEFT_TABLE) and b in up:
                spans.append((up.pop(b), ev.time, b))
                if ev.kind is EventKind.LEFT_TABLE:
                    left[b] = ev.where or "floor"
                    left_at[b] = ev.time
            elif ev.kind is EventKind.LEFT_TABLE:
                left[b] = ev.where or "floor"
                left_at[b] = ev.time
        end = self.duration
        for b, t0 in up.items():  # still up when the log ends (off the table)
            spans.append((t0, end, b))
        spans.sort()
        merged: list[tuple[float, float, list[int]]] = []
        for t0, t1, b in spans:
            if merged and t0 <= merged[-1][1] + AIR_HOLD:
                m0, m1, balls = merged[-1]
                merged[-1] = (m0, max(m1, t1), balls)
                if b not in balls:
                    balls.append(b)
            else:
                merged.append((t0, t1, [b]))
        out: list[Flight] = []
        for t0, t1, bl in merged:
            samples: dict[int, tuple[tuple[float, float, float], ...]] = {}
            lo, hi = t0 - 0.05, t1 + AIR_HOLD
            for b in bl:
                pts = []
                for f in self.frames:
                    if lo <= f.time <= hi:
                        for bb, x, y, z in f.balls:
                            if bb == b:
                                pts.append((f.time, z, beyond_nose(self.spec, x, y)))
                samples[b] = tuple(pts)
            out.append(Flight(t0, t1, tuple(bl), samples,
                              {b: w for b, w in left.items() if b in bl},
                              {b: t for b, t in left_at.items() if b in bl}))
        return tuple(out)

    def flight_since(self, t: float) -> Flight | None:
        """The last spell in the air begun by shot time ``t``: a replay's side
        view stays on it to the end of the shot, the landing marked."""
        begun = [f for f in self.flights if f.start <= t]
        return begun[-1] if begun else None

    def airborne_at(self, t: float) -> list[int]:
        """The balls off the bed in the frames at ``t`` (heights above resting)."""
        if not self.frames:
            return []
        i = max(0, min(len(self.frames) - 1, bisect.bisect_right(self.times, t) - 1))
        rest = self.spec.balls.radius + AIR_MARGIN
        return [b for b, _x, _y, z in self.frames[i].balls if z > rest]
