"""Replay a saved match's strokes through the physics: ``kiy verify SAVE`` (or
``python -m simulator.verify SAVE``).

Loading a save already has the referee replay every step from the recorded
shots; this also plays every recorded stroke again (the physics is
deterministic, bit for bit) and compares what it gives with what the save
says happened: the events, the final table, the duration. The first shot
that differs is named (a pot added by hand, a ball moved, a save from a Kiy
with other physics). Exit status 0: every shot agrees; 1: a shot differs;
2: the file cannot be read or is not a match the referee can replay.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from simulator.events import Shot
from simulator.inputs import ArgumentParser, InputError


@dataclass(frozen=True)
class Difference:
    """The first shot whose recorded result the physics does not give."""

    action: int  # index in the match's history
    shot: int  # 1-based number among the strokes played
    what: str

    def __str__(self) -> str:
        return f"shot {self.shot} (step {self.action + 1}): {self.what}"


def _first_event_difference(recorded: Shot, replayed: Shot) -> str | None:
    for i, (a, b) in enumerate(zip(recorded.events, replayed.events, strict=False)):
        if a != b:
            return (f"event {i}: recorded {_event_words(a.to_dict())}, the physics "
                    f"gives {_event_words(b.to_dict())}")
    if len(recorded.events) != len(replayed.events):
        n, m = len(recorded.events), len(replayed.events)
        extra = (replayed.events[n] if m > n else recorded.events[m]).to_dict()
        who = "the physics also gives" if m > n else \
            "recorded, not given by the physics:"
        return f"{n} events recorded, {m} replayed; {who} {_event_words(extra)}"
    return None


def _event_words(d: Mapping[str, Any]) -> str:
    keys = [k for k in ("cushion", "pocket", "where", "line") if k in d]
    extra = " ".join(f"{k}={d[k]}" for k in keys)
    return (f"{d['kind']} of {d.get('balls', [])} at {float(d['time']):.4f} s"
            + (f" ({extra})" if extra else ""))


def compare(recorded: Shot, replayed: Shot) -> str | None:
    """Where the replayed shot differs from the recorded one (None: identical)."""
    diff = _first_event_difference(recorded, replayed)
    if diff is not None:
        return diff
    if recorded.final != replayed.final:
        for a in recorded.final.balls:
            try:
                b = replayed.final.ball(a.ball)
            except KeyError:
                return f"ball {a.ball} is in the recorded final table only"
            if a != b:
                return (f"final table: ball {a.ball} recorded {a.where.value} "
                        f"({a.x:.6f}, {a.y:.6f}), the physics gives {b.where.value} "
                        f"({b.x:.6f}, {b.y:.6f})")
        return "final table differs"
    if recorded.duration != replayed.duration:
        return (f"duration: recorded {recorded.duration:.6f} s, the physics gives "
                f"{replayed.duration:.6f} s")
    return None


def verify(path: str) -> tuple[int, Difference | None]:
    """(strokes replayed, the first difference or None); InputError when the
    save cannot be loaded."""
    from rules.referee import shot_from_dict
    from simulator.physics import simulate
    from simulator.saves import load
    match = load(path).match
    played = 0
    for i, act in enumerate(match.history):
        if act.get("type") not in ("shot", "lag"):
            continue
        recorded = shot_from_dict(act["shot"])
        played += 1
        # With the laws it was made with: an older save keeps its physics.
        replayed = simulate(recorded.initial, recorded.stroke, also=recorded.also,
                            models=recorded.models)
        diff = compare(recorded, replayed)
        if diff is not None:
            return played, Difference(i, played, diff)
    return played, None


def main(argv: Sequence[str] | None = None, prog: str = "python -m simulator.verify"
         ) -> int:
    p = ArgumentParser(prog=prog, description="Replay a saved match's strokes "
                       "through the physics and name the first shot whose recorded "
                       "result differs.")
    p.add_argument("save", help="a save file or an autosave (.kiyj)")
    args = p.parse_args(argv)
    try:
        n, diff = verify(args.save)
    except InputError as e:
        print(e.line(), file=sys.stderr)
        return 2
    if diff is not None:
        print(f"{args.save}: {diff}")
        return 1
    print(f"{args.save}: ok, {n} strokes replayed, every result as recorded")
    return 0


if __name__ == "__main__":
    sys.exit(main())
