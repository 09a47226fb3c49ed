"""Small questions the rules ask of a shot's event log and its initial state.

Every answer that points at something that happened carries the index of the
event in ``shot.events``, so a ruling can name the event that caused a foul.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from rules.codes import Code, FoulCode
from rules.ruling import Foul
from simulator.table.events import HEAD_STRING, Event, EventKind, Phase, Shot
from simulator.table.specs import CUE_BALL, TableSpec
from simulator.table.state import TableState, Where

# A ball closer than this to a cushion nose (or another ball) is frozen to it.
FROZEN_TOL = 0.0005  # m
# The cue tip's own contact on a normal stroke (about 1 ms) is part of the
# stroke event, whose ``duration`` is how long the tip stayed on the ball: a
# stroke lasting PUSH_DURATION or more is a push (general rule 21). A separate
# tip_contact on the cue ball is a push too when it lasts that long, and
# otherwise a second hit (general rule 20, a double hit). Any second contact
# counts: there is no minimum gap after the stroke.
PUSH_DURATION = 0.004  # s
DOUBLE_HIT_MAX_DURATION = PUSH_DURATION  # s: shorter second contacts are hits
# A cue ball that leaves the slate before touching anything is a jump stroke
# (general rule 22) when it rises at least JUMP_MIN_RISE; the small hops of a
# firm stroke with a slightly raised cue (a few mm) are not jumps. The
# airborne event gives the vertical speed, so the test is on that speed.
JUMP_MIN_RISE = 0.01  # m
GRAVITY = 9.81  # m/s^2
JUMP_MIN_VZ = math.sqrt(2.0 * GRAVITY * JUMP_MIN_RISE)  # about 0.44 m/s
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


def jaw_rail(spec: TableSpec, e: Event, ball: int) -> str | None:
    """The rail whose jaw a ``jaw:<pocket>`` contact was on: the rail ending at
    the pocket's jaw tip nearest the ball (from the event's snapshot). None
    for a rail contact or when the log does not say where the ball was."""
    name = e.cushion or ""
    if not name.startswith("jaw:"):
        return None
    snap = e.snapshot(ball)
    if snap is None:
        return None
    try:
        pocket = spec.pocket(name.removeprefix("jaw:"))
    except (KeyError, ValueError):
        return None
    tip = min((pocket.jaw_a, pocket.jaw_b),
              key=lambda t: math.dist(t, (snap.x, snap.y)))
    for rail in spec.rails:
        if math.dist(rail.start, tip) < 1e-6 or math.dist(rail.end, tip) < 1e-6:
            return rail.name
    return None


def rails_of_contacts(spec: TableSpec, events: Events, ball: int,
                      after: int = -1) -> list[tuple[int, str]]:
    """(event index, cushion) of ``ball``'s cushion contacts after ``after``,
    a jaw contact named by its rail when the snapshot tells which (a ball
    played along its rail into that rail's own jaw has met no other
    cushion: general rule 31, 14.1 7.2)."""
    out: list[tuple[int, str]] = []
    for i, e in enumerate(events):
        if i > after and e.kind is EventKind.BALL_CUSHION and ball in e.balls:
            out.append((i, jaw_rail(spec, e, ball) or e.cushion or ""))
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


def near_cue(state: TableState, ball: int | None, widths: float = 1.5) -> bool:
    """Whether ``ball`` lay close to the cue ball at the start, not frozen
    to it: less than ``widths`` ball widths between them, where a short
    stroke's tip may still be on the cue ball when it reaches the ball
    (general rule 20's second case)."""
    cue = state.position(CUE_BALL)
    pos = state.position(ball) if ball is not None else None
    if cue is None or pos is None or ball in frozen_to_cue(state):
        return False
    d = state.spec.balls.diameter
    return math.dist(cue, pos) - d < widths * d


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
    """Every tip_contact event: the stroke's own contact is never one, so
    each is a second contact wherever the physics put it in the log."""
    return [(i, e) for i, e in enumerate(events) if e.kind is EventKind.TIP_CONTACT]


def is_push(e: Event) -> bool:
    """General rule 21: a stroke or tip contact on the cue ball lasting
    PUSH_DURATION or more (a tip contact without a duration is a second hit,
    rule 20)."""
    return e.duration is not None and e.duration >= PUSH_DURATION


@dataclass(frozen=True)
class CueContacts:
    """What the cue did besides its one clean hit: (event index, balls)."""

    pushes: tuple[int, ...]  # general rule 21
    double_hits: tuple[int, ...]  # general rule 20
    other_balls: tuple[tuple[int, tuple[int, ...]], ...]  # general rule 19


def cue_contacts(events: Events, cue: int = CUE_BALL,
                 frozen_hit: int | None = None) -> CueContacts:
    """Pushes (a long stroke, or a long later contact), second hits on the
    cue ball and the stick touching other balls, from the stroke and
    tip_contact events.

    frozen_hit: the index of the cue ball's first contact when it was with a
    legal ball frozen to it at the start. Shooting into such a ball is legal
    (reading P8 of general rule 20), and the tip then meets the cue ball
    again as it stops against the ball; those later short contacts are no
    double hit. A push is still a push."""
    pushes: list[int] = []
    doubles: list[int] = []
    others: list[tuple[int, tuple[int, ...]]] = []
    si = stroke_index(events)
    if si is not None and is_push(events[si]):
        pushes.append(si)
    for i, e in tip_contacts(events):
        if cue in e.balls:
            if not is_push(e):
                if frozen_hit is None or i < frozen_hit:
                    doubles.append(i)
            elif not pushes:  # one push, however the log reports it
                pushes.append(i)
        else:
            others.append((i, e.balls))
    return CueContacts(tuple(pushes), tuple(doubles), tuple(others))


def frozen_first_hit(state: TableState, hit_index: int | None,
                     hit_ball: int | None) -> int | None:
    """The index of the cue ball's first contact when it was with a ball
    frozen to it at the start (``cue_contacts``' ``frozen_hit``): the tip
    then meets the cue ball again as it stops against the ball (general
    rule 20, reading P8; Express's close-ball rule judges that stroke)."""
    if hit_index is None or hit_ball is None or hit_ball not in frozen_to_cue(state):
        return None
    return hit_index


def forgiven_touches(shot: Shot, hit_index: int | None, hit_ball: int | None
                     ) -> tuple[int, ...]:
    """The second touches of the tip that would be double hits but for the
    ball frozen to the cue ball (``frozen_first_hit``): what makes a legal
    stroke into a frozen ball look like a double hit."""
    frozen = frozen_first_hit(shot.initial, hit_index, hit_ball)
    if frozen is None:
        return ()
    kept = set(cue_contacts(shot.events, frozen_hit=frozen).double_hits)
    return tuple(i for i in cue_contacts(shot.events).double_hits if i not in kept)


def jump_fault(events: Events) -> tuple[Code, int] | None:
    """General rule 22: a jump off a miscue (at the stroke), or one struck in
    the lower half of the cue ball (at the jump); None for no jump or a
    legal one."""
    si = stroke_index(events)
    jump = airborne_cue(events)
    if si is None or jump is None:
        return None
    stroke = events[si]
    if stroke.miscue:
        return FoulCode.MISCUE_ON_JUMP, si
    if (stroke.tip_b or 0.0) < 0.0:
        return FoulCode.ILLEGAL_JUMP, jump
    return None


def legal_jump(events: Events) -> bool:
    """The cue ball jumped and rule 22 finds no fault with it."""
    return airborne_cue(events) is not None and jump_fault(events) is None


def kitchen_direct(shot: Shot, hit_index: int | None, hit_ball: int | None
                   ) -> bool | None:
    """General rule 7 (reading P1), for a cue ball in hand in the kitchen:
    None when the first ball hit lay outside the kitchen (the rule does not
    apply), True when it lay inside and the cue ball hit it directly (a
    foul), False when the cue ball first left the kitchen and came back off
    a cushion beyond it (legal)."""
    init = shot.initial
    pos = init.position(hit_ball) if hit_ball is not None else None
    if hit_index is None or pos is None or not init.spec.in_kitchen(pos[0]):
        return None
    return not cue_left_kitchen(shot.events, hit_index, init.spec)


@dataclass(frozen=True)
class LegalLook:
    """What made a stroke the referee found legal look like a foul: ``key``
    names it, ``code`` the foul it was not (its rule allows the stroke),
    ``ball`` the object ball concerned. Each is read from the same fact
    the referee judged the stroke by."""

    key: str
    code: Code
    ball: int | None = None


def airborne_cue(events: Events, cue: int = CUE_BALL) -> int | None:
    """Index of the cue ball leaving the slate before it touched anything
    (a jump stroke: rising at least JUMP_MIN_RISE), else None."""
    start = stroke_index(events) or 0
    for i in range(start, len(events)):
        e = events[i]
        if cue not in e.balls:
            continue
        if e.kind is EventKind.AIRBORNE:
            if e.speed is None or abs(e.speed) >= JUMP_MIN_VZ:
                return i
            continue  # a hop, not a jump
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


# -- the facts of a shot, asked once ------------------------------------------
@dataclass(frozen=True)
class Facts:
    """What happened on a shot, asked once: the one facts type every
    discipline reads (pool and pyramid alike)."""

    hit_index: int | None
    hit_ball: int | None
    contacts: tuple[int, ...]  # balls touched at the instant of first contact
    potted: tuple[tuple[int, int, str], ...]  # (event, ball, pocket), kept down
    cue_potted: int | None  # event index
    left: tuple[tuple[int | None, int], ...]  # (event, ball) off the table, cue too
    rails_after_hit: dict[int, list[tuple[int, str]]]
    cushion_balls: frozenset[int]  # object balls that met a cushion at any time
    moved: SelfMoved
    end_index: int  # the rest event, or the last event
    # Fouls a person saw in the stroke that no event shows (a foul called on
    # the last shot): the game counts them with the rest.
    called: tuple[Foul, ...] = ()

    @property
    def off(self) -> tuple[tuple[int | None, int], ...]:
        """Object balls off the table (event, ball)."""
        return tuple((i, b) for i, b in self.left if b != CUE_BALL)

    @property
    def cue_off(self) -> int | bool | None:
        """The event of the cue ball leaving the table, True without one."""
        for i, b in self.left:
            if b == CUE_BALL:
                return True if i is None else i
        return None

    @property
    def potted_objects(self) -> tuple[int, ...]:
        return tuple(b for _, b, _ in self.potted if b != CUE_BALL)

    @property
    def off_objects(self) -> tuple[int, ...]:
        return tuple(b for _, b in self.off)

    def pocket_of(self, ball: int) -> str | None:
        for _, b, p in self.potted:
            if b == ball:
                return p
        return None

    def event_of_pot(self, ball: int) -> int | None:
        for i, b, _ in self.potted:
            if b == ball:
                return i
        return None

    @property
    def any_rail_after_hit(self) -> bool:
        return bool(self.rails_after_hit)

    @property
    def scratch(self) -> bool:
        """The cue ball went down or off the table (general rules 18, 23)."""
        return self.cue_potted is not None or self.cue_off is not None

    def object_balls_to_rail(self) -> set[int]:
        return {b for b in self.rails_after_hit if b != CUE_BALL}


def facts(shot: Shot) -> Facts:
    ev = shot.events
    moved = self_moved(shot)
    restored = {b for _, b, _, _ in moved.restore}
    hit = first_contact(ev)
    pots = [p for p in pocketed(ev, shot.final) if p[1] not in restored]
    cue_pot = next((i for i, b, _ in pots if b == CUE_BALL), None)
    end = next((i for i, e in enumerate(ev) if e.kind is EventKind.REST),
               max(len(ev) - 1, 0))
    return Facts(
        hit_index=None if hit is None else hit.index,
        hit_ball=None if hit is None else hit.ball,
        contacts=() if hit is None else contacts_at(ev, hit.index),
        potted=tuple(pots),
        cue_potted=cue_pot,
        left=tuple(off_table(ev, shot.final)),
        rails_after_hit={} if hit is None else balls_to_rail(ev, hit.index),
        cushion_balls=frozenset(b for b in balls_to_rail(ev) if b != CUE_BALL),
        moved=moved,
        end_index=end,
    )


def final_table(shot: Shot, f: Facts) -> TableState:
    """The final state with hanging balls put back (general rule 25)."""
    state = shot.final
    for _, b, x, y in f.moved.restore:
        state = state.place(b, x, y)
    return state
