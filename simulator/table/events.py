"""The event vocabulary, the Stroke and the Shot record.

The physics appends events; the rules ask their questions of the log. Every
event carries the simulated time, the balls (and cushion, pocket or line)
involved, and the involved balls' state just after it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, NamedTuple

from simulator.table.state import TableState


class EventKind(StrEnum):
    STROKE = "stroke"  # the cue tip strikes the cue ball
    TIP_CONTACT = "tip_contact"  # a later tip/stick contact (double hit, other ball)
    BALL_BALL = "ball_ball"
    BALL_CUSHION = "ball_cushion"  # a rail or a pocket jaw
    POCKETED = "pocketed"
    AIRBORNE = "airborne"
    LANDED = "landed"
    LEFT_TABLE = "left_table"  # floor, or resting on the rail top
    LINE_CROSSED = "line_crossed"
    MOTION = "motion"  # phase transition of one ball
    REST = "rest"  # everything stopped: the shot is over


class Phase(StrEnum):
    SLIDING = "sliding"
    ROLLING = "rolling"
    SPINNING = "spinning"
    STATIONARY = "stationary"
    AIRBORNE = "airborne"
    POCKETED = "pocketed"
    OFF_TABLE = "off_table"


# The contact laws of reference.md (physics.models.reference_models): every
# shot saved before the laws were named in a save was made with them, so a
# Shot's JSON without "models" means these, and names the laws otherwise.
REFERENCE_MODELS = "coulomb-cloth/throw-impulse/rigid-han"
# The laws Kiy knows by name, part by part (physics.models builds them).
CLOTH_LAWS = ("coulomb-cloth",)
BALL_BALL_LAWS = ("throw-impulse", "slip-friction")
CUSHION_LAWS = (
    "rigid-han",
    "rigid-han-speed",
    "compliant-hunt-crossley",
    "compliant-shear",
)


def models_problem(name: str) -> str | None:
    """What is wrong with a name of contact laws ("cloth/ball-ball/cushion"),
    or None when Kiy knows every part of it."""
    parts = name.split("/")
    if len(parts) != 3:
        return f"{name!r:.80}: expected cloth/ball-ball/cushion"
    for part, known in zip(
        parts, (CLOTH_LAWS, BALL_BALL_LAWS, CUSHION_LAWS), strict=True
    ):
        if part not in known:
            return f"{name!r:.80}: no law {part!r:.40} (known: {', '.join(known)})"
    return None

# Line names for LINE_CROSSED
HEAD_STRING = "head_string"  # x = L/4 (pool head string, pyramid house line)
CENTRE_LINE = "centre_line"  # x = L/2
LONG_STRING = "long_string"  # y = W/2 (the lag's "opponent's half")


@dataclass(frozen=True)
class BallSnapshot:
    """One ball's state: position (z = centre height), velocity and 3D spin."""

    ball: int
    x: float
    y: float
    z: float
    vx: float
    vy: float
    vz: float
    wx: float
    wy: float
    wz: float
    phase: Phase

    @property
    def speed(self) -> float:
        return math.hypot(self.vx, self.vy)

    def to_list(self) -> list[Any]:
        return [
            self.ball,
            self.x,
            self.y,
            self.z,
            self.vx,
            self.vy,
            self.vz,
            self.wx,
            self.wy,
            self.wz,
            self.phase.value,
        ]

    @classmethod
    def from_list(cls, d: list[Any]) -> BallSnapshot:
        if not isinstance(d, list | tuple) or len(d) != 11:
            raise ValueError("a snapshot is [ball, x, y, z, vx, vy, vz, wx, wy, wz, "
                             "phase]")
        ball = _ball(d[0], "ball")
        x, y, z, vx, vy, vz, wx, wy, wz = (_finite(v, "snapshot")
                                           for v in d[1:10])
        try:
            phase = Phase(d[10])
        except ValueError:
            raise ValueError(f"unknown phase {d[10]!r:.30}") from None
        return cls(ball, x, y, z, vx, vy, vz, wx, wy, wz, phase)


MAX_BALL = 15  # the largest set (pool and pyramid) has balls 0-15


def _finite(v: Any, name: str) -> float:
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
        raise ValueError(f"{name}: expected a finite number, got {v!r:.30}")
    return float(v)


def _ball(v: Any, name: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_BALL:
        raise ValueError(f"{name}: expected a ball number 0-{MAX_BALL}, "
                         f"got {v!r:.30}")
    return v


def _text(v: Any, name: str) -> str | None:
    if v is not None and not isinstance(v, str):
        raise ValueError(f"{name}: expected a name, got {v!r:.30}")
    return v


# Event fields stored as they are in JSON (the phases are stored by value).
_PLAIN_FIELDS = ("cushion", "pocket", "line", "direction", "speed", "tip_a",
                 "tip_b", "elevation", "miscue", "duration", "where")


@dataclass(frozen=True)
class Event:
    """One thing that happened. Fields not relevant to a kind stay None.

    - stroke: balls=(cue,), speed = ball speed, tip_a/tip_b/elevation, miscue
    - tip_contact: balls=(ball touched,), duration (s), speed
    - ball_ball: balls=(a, b), speed = relative normal speed
    - ball_cushion: balls=(b,), cushion = rail name or "jaw:<pocket>",
      pocket = the jaw's pocket, speed = normal speed
    - pocketed: balls=(b,), pocket
    - airborne / landed: balls=(b,), speed = vertical speed
    - left_table: balls=(b,), where = "floor" or "rail"
    - line_crossed: balls=(b,), line, direction = +1 (towards larger x or y) or -1
    - motion: balls=(b,), phase_from, phase_to
    - rest: balls=()
    """

    kind: EventKind
    time: float
    balls: tuple[int, ...] = ()
    snapshots: tuple[BallSnapshot, ...] = ()
    cushion: str | None = None
    pocket: str | None = None
    line: str | None = None
    direction: int | None = None
    speed: float | None = None
    tip_a: float | None = None
    tip_b: float | None = None
    elevation: float | None = None
    miscue: bool | None = None
    duration: float | None = None
    where: str | None = None
    phase_from: Phase | None = None
    phase_to: Phase | None = None

    def snapshot(self, ball: int) -> BallSnapshot | None:
        for s in self.snapshots:
            if s.ball == ball:
                return s
        return None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "kind": self.kind.value,
            "time": self.time,
            "balls": list(self.balls),
        }
        if self.snapshots:
            d["snapshots"] = [s.to_list() for s in self.snapshots]
        for name in _PLAIN_FIELDS:
            v = getattr(self, name)
            if v is not None:
                d[name] = v
        for name in ("phase_from", "phase_to"):
            v = getattr(self, name)
            if v is not None:
                d[name] = v.value
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Event:
        if not isinstance(d, Mapping):
            raise ValueError("expected an event object")
        known = {"kind", "time", "balls", "snapshots", *_PLAIN_FIELDS,
                 "phase_from", "phase_to"}
        unknown = set(d) - known
        if unknown:
            raise ValueError(f"unknown event key {sorted(unknown)[0]!r}")
        try:
            kind = EventKind(d["kind"])
        except (KeyError, ValueError):
            raise ValueError(
                f"event kind must be one of {', '.join(k.value for k in EventKind)}"
            ) from None
        opt = {k: _text(d.get(k), k) for k in ("cushion", "pocket", "line", "where")}
        num = {k: None if d.get(k) is None else _finite(d[k], k)
               for k in ("speed", "tip_a", "tip_b", "elevation", "duration")}
        kw: dict[str, Any] = {**num, **opt}
        time = _finite(d.get("time", 0.0), "time")
        if time < 0:
            raise ValueError(f"time: {time} s is before the stroke")
        return cls(kind=kind, time=time, **_event_parts(d), **kw)


def _event_parts(d: Mapping[str, Any]) -> dict[str, Any]:
    """An event's balls, snapshots, direction, miscue and phases, read from
    its stored form and checked."""
    balls = d.get("balls", ())
    if not isinstance(balls, list | tuple) or len(balls) > MAX_BALL + 1:
        raise ValueError("balls: expected a list of ball numbers")
    snaps = d.get("snapshots", ())
    if not isinstance(snaps, list | tuple) or len(snaps) > MAX_BALL + 1:
        raise ValueError("snapshots: expected a list of ball snapshots")
    direction = d.get("direction")
    if (direction is not None and direction not in (-1, 1)) \
            or isinstance(direction, bool):
        raise ValueError("direction: expected +1 or -1")
    miscue = d.get("miscue")
    if miscue is not None and not isinstance(miscue, bool):
        raise ValueError("miscue: expected true or false")
    phases: dict[str, Phase | None] = {}
    for k in ("phase_from", "phase_to"):
        try:
            phases[k] = None if d.get(k) is None else Phase(d[k])
        except ValueError:
            raise ValueError(f"{k}: unknown phase {d[k]!r:.30}") from None
    return {
        "balls": tuple(_ball(b, "balls") for b in balls),
        "snapshots": tuple(BallSnapshot.from_list(s) for s in snaps),
        "direction": None if direction is None else int(direction),
        "miscue": miscue,
        "phase_from": phases["phase_from"],
        "phase_to": phases["phase_to"],
    }


# Quick constructors for the physics, which makes hundreds of snapshots and
# events a shot: a frozen dataclass's own __init__ sets each field through
# object.__setattr__, these fill the new instance's __dict__ at once. They
# make the very objects the classes' constructors make (equal, same hash and
# repr), which holds as long as neither class has a __post_init__.
_new = object.__new__
_EVENT_DEFAULTS: dict[str, Any] = {
    f.name: f.default for f in fields(Event) if f.name not in ("kind", "time")
}
_EVENT_EXTRA = frozenset(_EVENT_DEFAULTS) - {"balls", "snapshots"}
assert not hasattr(Event, "__post_init__")
assert not hasattr(BallSnapshot, "__post_init__")


def snapshot_of(
    ball: int,
    x: float,
    y: float,
    z: float,
    vx: float,
    vy: float,
    vz: float,
    wx: float,
    wy: float,
    wz: float,
    phase: Phase,
) -> BallSnapshot:
    """BallSnapshot(ball, x, y, z, vx, vy, vz, wx, wy, wz, phase), quickly."""
    s: BallSnapshot = _new(BallSnapshot)
    # Field by field in the class's order: the instance keeps the class's
    # shared keys (an update() would make it a dict of its own, larger).
    d = s.__dict__
    d["ball"] = ball
    d["x"] = x
    d["y"] = y
    d["z"] = z
    d["vx"] = vx
    d["vy"] = vy
    d["vz"] = vz
    d["wx"] = wx
    d["wy"] = wy
    d["wz"] = wz
    d["phase"] = phase
    return s


def event_of(
    kind: EventKind,
    time: float,
    balls: tuple[int, ...] = (),
    snapshots: tuple[BallSnapshot, ...] = (),
    **extra: Any,
) -> Event:
    """Event(kind, time, balls, snapshots, **extra), quickly."""
    e: Event = _new(Event)
    d = e.__dict__
    d["kind"] = kind
    d["time"] = time
    d.update(_EVENT_DEFAULTS)
    d["balls"] = balls
    d["snapshots"] = snapshots
    if extra:
        if not extra.keys() <= _EVENT_EXTRA:
            wrong = sorted(set(extra) - _EVENT_EXTRA)
            raise TypeError(f"Event has no field {wrong[0]!r} to set this way")
        d.update(extra)
    return e


@dataclass(frozen=True)
class Stroke:
    """What the player does with the cue.

    direction: aim angle of the cue in the table plane, degrees, 0 = +x,
    counter-clockwise. speed: cue speed at impact, m/s. tip_a / tip_b: contact
    point offsets as fractions of R (a > 0 right of centre, b > 0 above).
    elevation: cue elevation, degrees. follow_through: how far the tip keeps
    going after first contact, metres (it matters for double hits and pushes);
    contact_time: how long the tip stays on the ball, seconds (a normal stroke
    is about 1 ms; a push is much longer).
    """

    direction: float
    speed: float
    tip_a: float = 0.0
    tip_b: float = 0.0
    elevation: float = 0.0
    follow_through: float = 0.05
    contact_time: float = 0.001

    def to_dict(self) -> dict[str, float]:
        return {
            "direction": self.direction,
            "speed": self.speed,
            "tip_a": self.tip_a,
            "tip_b": self.tip_b,
            "elevation": self.elevation,
            "follow_through": self.follow_through,
            "contact_time": self.contact_time,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Stroke:
        if not isinstance(d, Mapping):
            raise ValueError("stroke: expected a table with direction and speed")
        known = {
            "direction",
            "speed",
            "tip_a",
            "tip_b",
            "elevation",
            "follow_through",
            "contact_time",
        }
        unknown = set(d) - known
        if unknown:
            raise ValueError(f"stroke.{sorted(unknown)[0]}: unknown key")
        for k in ("direction", "speed"):
            if k not in d:
                raise ValueError(f"stroke.{k}: missing")
        vals: dict[str, float] = {}
        for k, v in d.items():
            if (
                isinstance(v, bool)
                or not isinstance(v, int | float)
                or not math.isfinite(v)
            ):
                raise ValueError(f"stroke.{k}: expected a number, got {v!r}")
            vals[k] = float(v)
        return cls(**vals)


@dataclass(frozen=True)
class BallMotion:
    """A ball's motion at the start of a shot (a drill: a ball already
    rolling, sliding or spinning): velocity in m/s (a v_z > 0 launches it
    from the slate) and spin in rad/s (right-hand rule, z up; a ball rolling
    in +x has w_y = v_x / R). ``height`` (m, of the centre above the slate)
    starts it in flight instead: then it need not be over the bed."""

    velocity: tuple[float, float, float] = (0.0, 0.0, 0.0)
    spin: tuple[float, float, float] = (0.0, 0.0, 0.0)
    height: float | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"velocity": list(self.velocity), "spin": list(self.spin)}
        if self.height is not None:
            d["height"] = self.height
        return d


class Frame(NamedTuple):
    """A playback sample: time and (ball, x, y, z) rows for the balls on the
    table or in flight. (A named tuple: a shot makes hundreds of them.)"""

    time: float
    balls: tuple[tuple[int, float, float, float], ...]


@dataclass(frozen=True)
class Shot:
    """Everything one stroke produced: inputs, events, final state, samples."""

    initial: TableState
    stroke: Stroke
    events: tuple[Event, ...]
    final: TableState
    # Playback samples; the physics makes them when first looked at.
    frames: Sequence[Frame] = field(default=())
    duration: float = 0.0
    # Other balls struck at the same moment (the lag): (ball, stroke) pairs.
    also: tuple[tuple[int, Stroke], ...] = ()
    # Balls already moving when the shot began: (ball, motion) pairs.
    motion: tuple[tuple[int, BallMotion], ...] = ()
    # The contact laws that made the shot (physics.models.Models.name);
    # physics.simulate(..., models=shot.models) replays it with them.
    models: str = REFERENCE_MODELS
    # The build of the physics that made the shot (simulator.physics.simulate.
    # BUILD, raised whenever a stroke's result moves); 0: made before builds
    # were recorded. Another build may give the same stroke other last digits.
    physics: int = 0

    def of_kind(self, *kinds: EventKind) -> tuple[Event, ...]:
        return tuple(e for e in self.events if e.kind in kinds)

    def to_dict(self, frames: bool = False) -> dict[str, Any]:
        d: dict[str, Any] = {
            "initial": self.initial.to_dict(),
            "stroke": self.stroke.to_dict(),
            "events": [e.to_dict() for e in self.events],
            "final": self.final.to_dict(),
            "duration": self.duration,
        }
        if self.also:
            d["also"] = [[ball, s.to_dict()] for ball, s in self.also]
        if self.motion:
            d["motion"] = {str(ball): m.to_dict() for ball, m in self.motion}
        if self.models != REFERENCE_MODELS:
            d["models"] = self.models
        if self.physics:
            d["physics"] = self.physics
        if frames:
            d["frames"] = [[f.time, [list(b) for b in f.balls]] for f in self.frames]
        return d

    def to_json(self, frames: bool = False) -> str:
        return json.dumps(self.to_dict(frames))


def events_from_list(items: Iterable[Mapping[str, Any]]) -> tuple[Event, ...]:
    out: list[Event] = []
    for i, item in enumerate(items):
        try:
            out.append(Event.from_dict(item))
        except (TypeError, ValueError, KeyError, IndexError) as e:
            raise ValueError(f"events[{i}]: {e}") from None
    return tuple(out)
