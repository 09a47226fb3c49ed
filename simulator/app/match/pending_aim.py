"""The stroke a player has set and not yet played, kept in a save file (its
``"aim"``, beside the match) and given back exactly when it is loaded: the
direction, power, tip and elevation, the call and the declarations, and a
ball in hand already put down.

A save is the player's own: a hand-edited or damaged aim never keeps the
match from loading. It is checked field by field, and the first field that
is wrong is named (the window says so); the match then loads with the aim
it would find without one.
"""

from __future__ import annotations

import math
from typing import Any

from simulator.app.table.aim import MAX_ELEVATION, MAX_TIP, Aim
from simulator.table.specs import CUE_BALL

# The session (simulator.app.match.session.Session) is passed in, never
# imported: the session imports this file, and no import goes in a circle.
Session = Any

FIELDS = ("step", "angle", "power", "tip_a", "tip_b", "elevation", "call",
          "safety", "push_out", "cue")


class AimFieldError(ValueError):
    """A field of a saved aim that cannot be given back; says which and why."""


def aim_record(s: Session) -> dict[str, Any] | None:
    """The aim the player at the table has set, as the save keeps it; None
    when no stroke is being set (the match over, a choice or a lag first)."""
    req = s.req
    if req is None or req.pending or req.is_lag:
        return None
    a = s.aim
    out: dict[str, Any] = {"step": len(s.match.history), "angle": a.angle,
                           "power": a.power, "tip_a": a.tip_a, "tip_b": a.tip_b,
                           "elevation": a.elevation}
    if s.call != (None, None):
        out["call"] = [s.call[0], s.call[1]]
    for key in ("safety", "push_out"):
        if s.decl.get(key):
            out[key] = True
    if s.placed_by_player and s.placed is not None:
        out["cue"] = [s.placed[0], s.placed[1]]
    return out


def give_back(s: Session, raw: Any) -> None:
    """Put a saved aim back on the session exactly as it was saved, or
    raise AimFieldError naming the field that is wrong (nothing is changed
    then)."""
    if not isinstance(raw, dict):
        raise AimFieldError(f"aim: expected an object, got {raw!r:.40}")
    for key in raw:
        if key not in FIELDS:
            raise AimFieldError(f"aim.{str(key)[:40]}: not a field of the aim")
    req = s.req
    if req is None or req.pending or req.is_lag:
        raise AimFieldError("aim: no stroke is to be set at this step")
    steps = len(s.match.history)
    step = raw.get("step")
    if isinstance(step, bool) or not isinstance(step, int) or step != steps:
        raise AimFieldError(f"aim.step: expected {steps} (the steps of the match), "
                            f"got {step!r:.40}")
    # (360 itself: a direction a hair below 0 comes out so from angle_to)
    angle = _number(raw, "angle", None, 0.0, 360.0)
    power = _number(raw, "power", None, 0.0, 1.0)
    # The tip as the aim scales it onto the diagram's edge, a rounding over.
    edge = MAX_TIP + 1e-9
    tip_a = _number(raw, "tip_a", 0.0, -edge, edge)
    tip_b = _number(raw, "tip_b", 0.0, -edge, edge)
    if math.hypot(tip_a, tip_b) > edge:
        raise AimFieldError(f"aim.tip_a, aim.tip_b: the tip at ({tip_a}, {tip_b}) "
                            f"is off the ball (at most {MAX_TIP} of its radius "
                            "from the centre)")
    elevation = _number(raw, "elevation", 0.0, 0.0, MAX_ELEVATION)
    decl = {}
    for key in ("safety", "push_out"):
        v = raw.get(key, False)
        if not isinstance(v, bool):
            raise AimFieldError(f"aim.{key}: expected true or false, got {v!r:.40}")
        if v:
            decl[key] = True
    call = _call(s, raw.get("call", [None, None]))
    cue = _cue(s, raw.get("cue"))
    if cue is not None:
        err = s.place(*cue)
        if err is not None:
            raise AimFieldError(f"aim.cue: the cue ball may not go there ({err})")
    s.aim = Aim(angle, power, tip_a, tip_b, elevation)
    s.decl = decl
    s.call = call
    # The aiming screen takes the call from here as it opens (as a hint's).
    s.hint_call = call if call != (None, None) else None


def _number(raw: dict[str, Any], key: str, default: float | None, low: float,
            high: float) -> float:
    if key not in raw and default is not None:
        return default
    v = raw.get(key)
    ok = isinstance(v, int | float) and not isinstance(v, bool) and \
        math.isfinite(v) and low <= v <= high
    if not ok:
        raise AimFieldError(f"aim.{key}: expected a number from {low:g} to "
                            f"{high:g}, got {v!r:.40}")
    return float(v)  # type: ignore[arg-type]


def _call(s: Session, v: Any) -> tuple[int | None, str | None]:
    if not isinstance(v, list) or len(v) != 2:
        raise AimFieldError(f"aim.call: expected [ball, pocket], got {v!r:.40}")
    ball, pocket = v
    on_table = s.match.table().on_table()
    if ball is not None and (isinstance(ball, bool) or not isinstance(ball, int)
                             or ball == CUE_BALL or ball not in on_table):
        raise AimFieldError(f"aim.call[0]: expected a ball on the table, "
                            f"got {ball!r:.40}")
    names = [p.name for p in s.spec.pockets]
    if pocket is not None and pocket not in names:
        raise AimFieldError(f"aim.call[1]: expected a pocket ({', '.join(names)}), "
                            f"got {pocket!r:.40}")
    return ball, pocket


def _cue(s: Session, v: Any) -> tuple[float, float] | None:
    if v is None:
        return None
    req = s.req
    if req is None or req.ball_in_hand.value == "none":
        raise AimFieldError("aim.cue: the cue ball is not in hand at this step")
    ok = isinstance(v, list) and len(v) == 2 and all(
        isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)
        for x in v)
    if not ok:
        raise AimFieldError(f"aim.cue: expected [x, y] in metres, got {v!r:.40}")
    return float(v[0]), float(v[1])
