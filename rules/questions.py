"""Small questions the rules ask of a shot's event log and its initial state.

Every answer that points at something that happened carries the index of the
event in ``shot.events``, so a ruling can name the event that caused a foul.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from simulator.events import HEAD_STRING, Event, EventKind, Phase, Shot
from simulator.specs import CUE_BALL, TableSpec
from simulator.state import TableState, Where

# A ball closer than this to a cushion nose (or another ball) is frozen to it.
FROZEN_TOL = 0.0005  # m
# A tip contact longer than this is a push, not a second hit (normal ~1 ms).
PUSH_DURATION = 0.004  # s
# A ball-ball event with less normal speed than this is no hit (shooting away
# from a frozen ball, general rule 16).
CONTACT_SPEED_EPS = 1e-4  # m/s
HANG_SECONDS = 5.0  # general rule 25

Events = Sequence[Event]


@dataclass(frozen=True)
class Hit:
    index: int
    ball: int  # the ball the cue ball touched


def stroke_index(events: Events) -> int | None:
    for i, e in enumerate(events):
        if e.kind is EventKind.STROKE:
            return i
    return None


def _counts(e: Event) -> bool:
    return e.speed is None or e.speed > CONTACT_SPEED_EPS


def first_contact(events: Events, cue: int = CUE_BALL) -> Hit | None:
    """The first object ball the cue ball touched after the stroke."""
    start = stroke_index(events) or 0
    for i in range(start, len(events)):
        e = events[i]
        if e.kind is EventKind.BALL_BALL and cue in e.balls and _counts(e):
            other = [b for b in e.balls if b != cue]
            if other:
                return Hit(i, other[0])
    return None


def contacts_at(events: Events, index: int, cue: int = CUE_BALL) -> tuple[int, ...]:
    """All balls the cue ball touched at the same instant as event ``index``
    (a split hit: two balls at once)."""
    t = events[index].time
    out: list[int] = []
    for e in events[index:]:
        if e.time > t + 1e-9:
            break
        if e.kind is EventKind.BALL_BALL and cue in e.balls and _counts(e):
            out += [b for b in e.balls if b != cue and b not in out]
    return tuple(out)


def cushion_events(events: Events, after: int = -1) -> list[tuple[int, Event]]:
    return [(i, e) for i, e in enumerate(events)
            if i > after and e.kind is EventKind.BALL_CUSHION]


def balls_to_rail(events: Events, after: int = -1) -> dict[int, list[tuple[int, str]]]:
    """Ball -> [(event index, cushion)] of cushion touches after event ``after``
    (pocket jaws count as cushion: the cushion runs into the jaw)."""
    out: dict[int, list[tuple[int, str]]] = {}
    for i, e in cushion_events(events, after):
        for b in e.balls:
            out.setdefault(b, []).append((i, e.cushion or ""))
    return out


def pocketed(events: Events, final: TableState | None = None
             ) -> list[tuple[int, int, str]]:
    """(event index, ball, pocket) for every ball that dropped and stayed down
    (a ball that came back out is not pocketed, general rule 9)."""
    out: list[tuple[int, int, str]] = []
    seen: set[int] = set()
    for i, e in enumerate(events):
        if e.kind is not EventKind.POCKETED:
            continue
        for b in e.balls:
            if b in seen:
                continue
            if final is not None:
                try:
                    st = final.ball(b)
                except KeyError:
                    continue
                if st.where is not Where.POCKETED:
                    continue
            seen.add(b)
            out.append((i, b, e.pocket or ""))
    return out


def off_table(events: Events, final: TableState | None = None
              ) -> list[tuple[int | None, int]]:
    """(event index, ball) for balls that ended off the playing surface
    (general rule 23). A ball that came back to the bed by itself is not."""
    out: list[tuple[int | None, int]] = []
    seen: set[int] = set()
    for i, e in enumerate(events):
        if e.kind is EventKind.LEFT_TABLE:
            for b in e.balls:
                if b in seen:
                    continue
                if final is not None:
                    try:
                        if final.ball(b).where is Where.TABLE:
                            continue
                    except KeyError:
                        pass
                seen.add(b)
                out.append((i, b))
    if final is not None:
        for st in final.balls:
            if st.where is Where.OFF_TABLE and st.ball not in seen:
                seen.add(st.ball)
                out.append((None, st.ball))
    return out


def rail_gaps(spec: TableSpec, x: float, y: float) -> dict[str, float]:
    """Gap between a ball at (x, y) and each cushion nose, by rail name."""
    r = spec.balls.radius
    half = "head" if x < spec.length / 2 else "foot"
    return {
        "head": x - r,
        "foot": spec.length - x - r,
        f"right_{half}": y - r,
        f"left_{half}": spec.width - y - r,
    }


def frozen_rails(state: TableState, ball: int, tol: float = FROZEN_TOL
                 ) -> tuple[str, ...]:
    """The rails a ball is frozen to at the start (general rule 31)."""
    pos = state.position(ball)
    if pos is None:
        return ()
    gaps = rail_gaps(state.spec, *pos)
    return tuple(name for name, gap in gaps.items() if gap <= tol)


def near_rail(state: TableState, ball: int, tol: float = FROZEN_TOL
              ) -> str | None:
    """14.1 7.2: the nearest rail, if the ball is closer to it than a ball's
    width but not frozen; else None."""
    pos = state.position(ball)
    if pos is None:
        return None
    gaps = rail_gaps(state.spec, *pos)
    name, gap = min(gaps.items(), key=lambda kv: kv[1])
    if tol < gap < state.spec.balls.diameter:
        return name
    return None


def frozen_to_cue(state: TableState, tol: float = FROZEN_TOL) -> tuple[int, ...]:
    """Object balls touching the cue ball at the start (general rule 20)."""
    cue = state.position(CUE_BALL)
    if cue is None:
        return ()
    d = state.spec.balls.diameter
    return tuple(b.ball for b in state.balls if b.ball != CUE_BALL
                 and b.where is Where.TABLE and math.dist(cue, b.pos) <= d + tol)


def in_kitchen(state: TableState, ball: int) -> bool:
    pos = state.position(ball)
    return pos is not None and state.spec.in_kitchen(pos[0])


def cue_left_kitchen(events: Events, before: int, spec: TableSpec,
                     cue: int = CUE_BALL) -> bool:
    """General rule 7 (reading P1): before event ``before``, the cue ball
    crossed the head string outwards and then touched a cushion beyond it."""
    crossed = False
    for e in events[:before]:
        if e.kind is EventKind.LINE_CROSSED and e.line == HEAD_STRING \
                and cue in e.balls:
            crossed = (e.direction or 0) > 0
        elif crossed and e.kind is EventKind.BALL_CUSHION and cue in e.balls:
            snap = e.snapshot(cue)
            if snap is not None:
                if not spec.in_kitchen(snap.x):
                    return True
            elif e.cushion not in ("head", "jaw:head_right", "jaw:head_left"):
                return True
    return False


def crossed_head_string_before(events: Events, before: int,
                               cue: int = CUE_BALL) -> bool:
    return any(e.kind is EventKind.LINE_CROSSED and e.line == HEAD_STRING
               and cue in e.balls for e in events[:before])


def tip_contacts(events: Events) -> list[tuple[int, Event]]:
    start = stroke_index(events)
    return [(i, e) for i, e in enumerate(events)
            if e.kind is EventKind.TIP_CONTACT and (start is None or i > start)]


def airborne_cue(events: Events, cue: int = CUE_BALL) -> int | None:
    """Index of the cue ball leaving the slate before it touched anything
    (a jump stroke), else None."""
    start = stroke_index(events) or 0
    for i in range(start, len(events)):
        e = events[i]
        if cue not in e.balls:
            continue
        if e.kind is EventKind.AIRBORNE:
            return i
        if e.kind in (EventKind.BALL_BALL, EventKind.BALL_CUSHION):
            return None
    return None


def moving_at_stroke(shot: Shot) -> tuple[int, tuple[int, ...]] | None:
    """General rule 12: balls still moving (a spinning ball counts) when the
    cue tip struck. Answer (event index, balls) or None."""
    events = shot.events
    si = stroke_index(events)
    if si is None:
        return None
    stroke = events[si]
    moving: dict[int, bool] = {}
    for e in events[:si]:
        if e.kind is EventKind.MOTION and e.phase_to is not None:
            for b in e.balls:
                moving[b] = e.phase_to not in (Phase.STATIONARY, Phase.POCKETED,
                                               Phase.OFF_TABLE)
    for s in stroke.snapshots:
        if s.ball == CUE_BALL and moving.get(CUE_BALL) is None:
            continue
        if s.ball != CUE_BALL and s.phase not in (
                Phase.STATIONARY, Phase.POCKETED, Phase.OFF_TABLE):
            moving[s.ball] = True
    balls = tuple(sorted(b for b, m in moving.items() if m))
    return (si, balls) if balls else None


@dataclass(frozen=True)
class SelfMoved:
    """General rule 25: a hanging ball that dropped after 5 s is put back
    (restore), one that fell by itself before the cue ball reached anything
    means the shot is replayed (replay)."""

    restore: tuple[tuple[int, int, float, float], ...]  # (event, ball, x, y)
    replay: tuple[tuple[int, int], ...]  # (event, ball)


def self_moved(shot: Shot) -> SelfMoved:
    events = shot.events
    si = stroke_index(events)
    t0 = events[si].time if si is not None else 0.0
    hit = first_contact(events)
    restore: list[tuple[int, int, float, float]] = []
    replay: list[tuple[int, int]] = []
    touched: set[int] = set()
    still_since: dict[int, tuple[float, float, float]] = {}
    for i, e in enumerate(events):
        if e.kind is EventKind.BALL_BALL:
            touched.update(e.balls)
            for b in e.balls:  # a still ball that is hit moves again
                still_since.pop(b, None)
        elif e.kind is EventKind.BALL_CUSHION:
            for b in e.balls:
                still_since.pop(b, None)
        elif e.kind is EventKind.MOTION:
            for b in e.balls:
                snap = e.snapshot(b)
                if e.phase_to is Phase.STATIONARY and snap is not None:
                    still_since[b] = (e.time, snap.x, snap.y)
                elif e.phase_to is not Phase.POCKETED:
                    still_since.pop(b, None)
        elif e.kind is EventKind.POCKETED:
            for b in e.balls:
                if b == CUE_BALL:
                    continue
                if b in still_since and e.time - still_since[b][0] >= HANG_SECONDS:
                    _, x, y = still_since[b]
                    restore.append((i, b, x, y))
                elif b not in touched:
                    pos = shot.initial.position(b)
                    if pos is None:
                        continue
                    if e.time - t0 >= HANG_SECONDS:
                        restore.append((i, b, pos[0], pos[1]))
                    elif hit is None or i < hit.index:
                        replay.append((i, b))
    return SelfMoved(tuple(restore), tuple(replay))
