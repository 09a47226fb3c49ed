"""Replay a saved match and judge it again: ``kiy verify SAVE`` (or
``python -m simulator.files.verify SAVE``).

Loading a save has the referee replay every step from the recorded shots;
this goes further, step by step, and compares each with the save:

- every recorded stroke is played through the physics again (deterministic,
  bit for bit) and its events, final table and duration compared with the
  recorded shot (a pot added by hand, a ball moved, other physics);
- every shot is judged again with the declarations and calls the save holds,
  every called foul and choice made again, and the result compared with the
  record Kiy keeps of each step as it was played (``rules.referee.
  step_record``): the step's place in the match, the player who acted (by
  name), what was declared, called or chosen, and the referee's ruling. A
  safety declared after the fact, a call or a step added or removed, player
  names changed or swapped, a ruling edited: each is named.

The first step that differs is reported, with the field and the recorded
and the replayed value in words. Exit status 0: every step agrees (a save
from an older Kiy, which kept no records, is checked by the physics and the
referee only, and the message says so); 1: a step differs, or the referee
refuses one; 2: the file cannot be read or is not a Kiy match.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from simulator.files.inputs import ArgumentParser, InputError
from simulator.table.events import Shot

STEP_WORDS = {"choice": "a choice", "foul": "a called foul"}
# Fields of a ruling that hold a player's index: shown as the player's name.
PLAYER_FIELDS = ("shooter", "next_shooter", "chooser", "winner", "match_winner",
                 "victim", "offender")
RULING_WORDS = {"fouls": "fouls", "penalty": "the foul penalised",
                "notes": "notes", "points": "points", "scored": "balls scored",
                "spots": "balls spotted", "next_shooter": "next to shoot",
                "ball_in_hand": "ball in hand", "options": "options",
                "chooser": "who chooses", "rerack": "re-rack", "replay": "replay",
                "game_over": "game over", "winner": "game won by",
                "match_over": "match over", "match_winner": "match won by",
                "groups": "groups"}


@dataclass(frozen=True)
class Difference:
    """The first step whose replay differs from what the save records."""

    action: int  # index in the match's history
    shot: int  # strokes played up to and including this step
    what: str
    kind: str = "shot"  # the step: shot, lag, choice or foul
    field: str = "physics"  # physics, refused, step, players, declarations,
    #                         calls, choice, lag, ruling, record

    def __str__(self) -> str:
        if self.kind in ("shot", "lag"):
            return f"shot {self.shot} (step {self.action + 1}): {self.what}"
        after = f" after shot {self.shot}" if self.shot else " before any shot"
        return (f"step {self.action + 1} ({STEP_WORDS.get(self.kind, 'a step')}"
                f"{after}): {self.what}")


@dataclass(frozen=True)
class Report:
    """What ``verify`` found: strokes replayed, steps re-judged, the first
    difference (None: none), and how many steps at the start keep no record
    (an older Kiy played them: judged again, but nothing to compare with)."""

    strokes: int
    steps: int
    difference: Difference | None
    unrecorded: int = 0
    # Strokes another build of the physics recorded whose replay differs
    # (the builds, and the first such stroke with what differs): not compared.
    other_builds: tuple[int, ...] = ()
    first_other: Difference | None = None


# -- the physics ---------------------------------------------------------------
SNAPSHOT_FIELDS = ("x", "y", "z", "vx", "vy", "vz", "wx", "wy", "wz", "phase")


def _number(v: Any) -> str:
    return f"{v:.6f}" if isinstance(v, float) else str(v)


def _numbers(a: Any, b: Any) -> tuple[str, str]:
    """Two values in words that show how they differ: six decimals, or
    every digit where the six are the same."""
    wa, wb = _number(a), _number(b)
    if wa == wb:
        return repr(a), repr(b)
    return wa, wb


def _event_fields(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[str]:
    """What differs between two events of one kind and balls: each field,
    recorded and replayed (a ball's snapshot by its quantity)."""
    out: list[str] = []
    for key in [*a, *(k for k in b if k not in a)]:
        if key == "snapshots" or a.get(key) == b.get(key):
            continue
        wa, wb = _numbers(a.get(key), b.get(key))
        out.append(f"{key}: recorded {wa}, the physics gives {wb}")
    snaps_a = {s[0]: s for s in a.get("snapshots", ())}
    snaps_b = {s[0]: s for s in b.get("snapshots", ())}
    for ball, sa in snaps_a.items():
        sb = snaps_b.get(ball)
        if sb is None:
            continue
        for name, va, vb in zip(SNAPSHOT_FIELDS, sa[1:], sb[1:], strict=False):
            if va != vb:
                wa, wb = _numbers(va, vb)
                out.append(f"ball {ball} {name}: recorded {wa}, the "
                           f"physics gives {wb}")
                break
    return out


def _stroke_words(shot: Shot) -> str:
    s = shot.stroke
    return (f"direction {s.direction:.4f} deg, speed {s.speed:.4f} m/s, tip "
            f"({s.tip_a:.3f}, {s.tip_b:.3f}), elevation {s.elevation:.2f} deg")


def _first_event_difference(recorded: Shot, replayed: Shot) -> str | None:
    for i, (a, b) in enumerate(zip(recorded.events, replayed.events, strict=False)):
        if a == b:
            continue
        da, db = a.to_dict(), b.to_dict()
        if (da["kind"], da["balls"]) != (db["kind"], db["balls"]):
            return (f"event {i}: recorded {_event_words(da)}, the physics "
                    f"gives {_event_words(db)}")
        fields = _event_fields(da, db)
        text = (f"event {i} ({_event_words(da)}): "
                + ("; ".join(fields[:3]) or "its details differ"))
        if i == 0:
            text += (f"; the recorded stroke ({_stroke_words(recorded)}) does not "
                     "make the recorded shot: the stroke or the shot was changed, "
                     "or a Kiy with other physics played it")
        return text
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


def _physics(raw: Any) -> tuple[str | None, int | None]:
    """The recorded stroke played again, compared with the recorded shot:
    what differs (None when they agree or when the step cannot be read: the
    referee's replay of the step then names the field), and the build of the
    physics that recorded it when that is not this one (None: this build)."""
    from rules.referee import shot_from_dict
    from rules.ruling import RulesError
    from simulator.physics import simulate
    from simulator.physics.cue import StrokeError, validate
    from simulator.physics.simulate import BUILD
    from simulator.physics.world import PhysicsError
    try:
        recorded = shot_from_dict(raw.get("shot"))
    except RulesError:
        return None, None
    try:
        for s in (recorded.stroke, *(st for _b, st in recorded.also)):
            validate(s)
        # With the laws it was made with: an older save keeps its physics.
        replayed = simulate(recorded.initial, recorded.stroke, also=recorded.also,
                            models=recorded.models)
    except StrokeError as e:
        return f"the recorded stroke is not one Kiy plays: {e}", None
    except (PhysicsError, ValueError, ArithmeticError) as e:
        return f"the physics cannot play the recorded stroke: {e}", None
    return compare(recorded, replayed), (
        None if recorded.physics == BUILD else recorded.physics)


# -- the record of each step ---------------------------------------------------
def _name(players: Sequence[str], i: Any) -> str:
    if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(players):
        return players[i]
    return _who(i)


def _who(v: Any) -> str:
    return "nobody" if v is None else _plain(v)


def _plain(v: Any) -> str:
    try:
        text = json.dumps(v, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError):
        text = repr(v)
    return text if len(text) <= 120 else text[:117] + "..."


def _declarations_words(d: Any) -> str:
    if not isinstance(d, Mapping):
        return _plain(d)
    parts: list[str] = []
    ball, pocket = d.get("called_ball"), d.get("called_pocket")
    if ball is not None or pocket is not None:
        parts.append("ball " + _plain(ball) + " called" if pocket is None else
                     f"{'ball ' + _plain(ball) if ball is not None else 'a ball'} "
                     f"called in {pocket}")
    if d.get("safety"):
        parts.append("a safety declared")
    if d.get("push_out"):
        parts.append("a push-out declared")
    rest = sorted(set(d) - {"called_ball", "called_pocket", "safety", "push_out"})
    parts += [f"{k}={_plain(d[k])}" for k in rest]
    return ", ".join(parts) or "nothing declared"


def _jumped_words(v: Any) -> str:
    if v is None or v == []:
        return "no ball called as jumped"
    if isinstance(v, list):
        return (f"ball{'s' if len(v) > 1 else ''} {', '.join(map(_plain, v))} "
                "called as jumped (general rule 23)")
    return _plain(v)


def _entries_words(v: Any) -> str:
    """Fouls or notes of a ruling record: their codes (and balls)."""
    if isinstance(v, Mapping):
        v = [v]
    if not isinstance(v, list):
        return _plain(v)
    if not v:
        return "none"
    out = []
    for e in v:
        if isinstance(e, Mapping) and "code" in e:
            balls = e.get("balls")
            out.append(str(e["code"]) + (f" (balls {_plain(balls)})" if balls else ""))
        else:
            out.append(_plain(e))
    return ", ".join(out)


def _ruling_value(key: str, v: Any, players: Sequence[str]) -> str:
    if key in PLAYER_FIELDS:
        return _name(players, v)
    if key in ("fouls", "notes", "penalty"):
        return "none" if v is None else _entries_words(v)
    return _plain(v)


def _ruling_differences(rec: Any, now: Mapping[str, Any],
                        players: Sequence[str]) -> list[str]:
    if not isinstance(rec, Mapping):
        return [f"recorded {_plain(rec)}, not a ruling"]
    out: list[str] = []
    for key in [*now, *sorted(set(rec) - set(now))]:
        a, b = rec.get(key), now.get(key)
        if key not in rec or key not in now or a != b:
            word = RULING_WORDS.get(key, key.replace("_", " "))
            ra = _ruling_value(key, a, players) if key in rec else "(not recorded)"
            rb = _ruling_value(key, b, players) if key in now else "(none)"
            out.append(f"{word}: recorded {ra}, now {rb}")
    return out


def _record_difference(rec: Mapping[str, Any], now: Mapping[str, Any], i: int,
                       kind: str, players: Sequence[str]) -> tuple[str, str] | None:
    """(field, words) of the first way the stored record of step ``i``
    differs from the one the referee makes now; None when they agree."""
    if rec == now:
        return None
    return _input_difference(rec, now, kind, players) or \
        _outcome_difference(rec, now, players)


def _input_difference(rec: Mapping[str, Any], now: Mapping[str, Any], kind: str,
                      players: Sequence[str]) -> tuple[str, str] | None:
    """What was played differs: the step, the player, the declarations, a
    call or a choice."""
    step = rec.get("step")
    if step != now.get("step"):
        return ("record", f"its record's step is {_plain(step)}, not a step number")
    if rec.get("by") != now.get("by"):
        did = {"shot": "took the shot", "foul": "was charged with the foul",
               "choice": "made the choice"}.get(kind, "acted")
        return ("players", f"player: when it was played {_who(rec.get('by'))} "
                f"{did}; by the save's players ({', '.join(map(_who, players))}) "
                f"it is {_who(now.get('by'))}: the players' names were changed or "
                "swapped")
    if rec.get("declarations") != now.get("declarations"):
        return ("declarations",
                f"declarations: when it was played, "
                f"{_declarations_words(rec.get('declarations', {}))}; the save now "
                f"says {_declarations_words(now.get('declarations', {}))}")
    if rec.get("jumped") != now.get("jumped"):
        return ("calls", f"the referee's call: when it was played, "
                f"{_jumped_words(rec.get('jumped'))}; the save now says "
                f"{_jumped_words(now.get('jumped'))}")
    if rec.get("code") != now.get("code"):
        return ("calls", f"called foul: when it was played, "
                f"{_plain(rec.get('code'))}; the save now says "
                f"{_plain(now.get('code'))}")
    for key, word in (("choice", "choice"), ("ball", "choice's ball or player"),
                      ("balls", "lag balls")):
        if rec.get(key) != now.get(key):
            return ("choice" if key != "balls" else "lag",
                    f"{word}: when it was played, {_plain(rec.get(key))}; the save "
                    f"now says {_plain(now.get(key))}")
    return None


def _outcome_difference(rec: Mapping[str, Any], now: Mapping[str, Any],
                        players: Sequence[str]) -> tuple[str, str]:
    """What came of it differs: the ruling, the lag's winner, or the record's
    own fields."""
    if rec.get("ruling") != now.get("ruling"):
        if "ruling" not in now:
            return ("record", "its record holds a ruling, but a step of this kind "
                    "has none")
        diffs = _ruling_differences(rec.get("ruling"), now["ruling"], players)
        return ("ruling", "ruling: judged again with the save's declarations and "
                "calls, the referee rules otherwise (the record was changed, or a "
                "Kiy with other rules played it): " + "; ".join(diffs))
    if rec.get("winner") != now.get("winner"):
        # The lag's physics agreed and its balls: only the names can differ.
        return ("players", f"lag: won by {_who(rec.get('winner'))} when it was "
                f"played; by the save's players ({', '.join(map(_who, players))}) "
                f"by {_who(now.get('winner'))}: the players' names were changed or "
                "swapped")
    extra = sorted(set(rec) - set(now))
    if extra:
        return ("record", f"its record holds {extra[0]!r}, which Kiy does not "
                "write for this step")
    missing = sorted(set(now) - set(rec))
    return ("record", f"its record lacks {missing[0]!r}" if missing else
            "its record differs")


def _moved(raw: Any, i: int) -> str | None:
    """Words for a step whose record says it was played at another place in
    the match (steps added or removed before it); None otherwise."""
    rec = raw.get("record") if isinstance(raw, Mapping) else None
    step = rec.get("step") if isinstance(rec, Mapping) else None
    if not isinstance(step, int) or isinstance(step, bool) or step == i or step < 0:
        return None
    n = abs(step - i)
    many = n > 1
    if step > i:
        return (f"it was step {step + 1} when it was played: {n} step"
                f"{'s' if many else ''} before it {'were' if many else 'was'} "
                "removed from the save")
    return (f"it was step {step + 1} when it was played: {n} step"
            f"{'s' if many else ''} {'were' if many else 'was'} added to the save "
            "before it, or it is itself a copy")


# -- the whole save ------------------------------------------------------------
def verify(path: str) -> Report:
    """Replay and judge again every step of the save at ``path``; InputError
    (SaveError) when it cannot be read or is not a Kiy match."""
    from rules.referee import Replay
    from rules.ruling import RulesError
    from simulator.files.saves import SaveError, read_stored
    stored = read_stored(path)
    try:
        replay = Replay(stored.data)
    except RulesError as e:
        raise SaveError(str(path), str(e)) from None
    players = replay.match.players
    strokes = 0
    unrecorded = 0
    other: list[tuple[int, Difference]] = []
    recorded_before = False
    for i, raw in enumerate(replay.actions):
        kind = raw.get("type") if isinstance(raw, Mapping) else None
        kind = kind if kind in ("shot", "lag", "choice", "foul") else "step"
        if kind in ("shot", "lag"):
            strokes += 1
            words, build = _physics(raw)
            if words is not None and build is not None:
                # Another build gives other last digits, which grow from
                # contact to contact: not a sign the save was changed.
                other.append((build, Difference(i, strokes, words, kind)))
            elif words is not None:
                return Report(strokes, i + 1, Difference(i, strokes, words, kind),
                              unrecorded, *_others(other))
        moved = _moved(raw, i)
        if moved is not None:
            return Report(strokes, i + 1, Difference(i, strokes, moved, kind, "step"))
        try:
            now = replay.step(i)
        except RulesError as e:
            return Report(strokes, i + 1, Difference(
                i, strokes, f"the referee refuses it: {e}", kind, "refused"))
        rec = replay.match.history[-1].get("record")
        if rec is None:
            if recorded_before:
                return Report(strokes, i + 1, Difference(
                    i, strokes, "it keeps no record of how it was played, though "
                    "the steps before it do: added to the save by hand?", kind,
                    "record"))
            unrecorded += 1
            continue
        recorded_before = True
        found = _record_difference(rec, now, i, kind, players)
        if found is not None:
            return Report(strokes, i + 1, Difference(i, strokes, found[1], kind,
                                                     found[0]))
    return Report(strokes, len(replay.actions), None, unrecorded, *_others(other))


def _others(other: list[tuple[int, Difference]]
            ) -> tuple[tuple[int, ...], Difference | None]:
    builds = tuple(b for b, _d in other)
    return builds, (other[0][1] if other else None)


def summary(report: Report) -> str:
    """The line printed for a save in which no step differs."""
    text = _summary(report)
    if report.first_other is not None:
        k = len(report.other_builds)
        text = text.replace("every result, ruling,", "every ruling,").replace(
            "replayed as recorded", f"replayed, {report.strokes - k} as recorded")
        if "every ruling," in text:
            same = report.strokes - k
            text += (f"; {_strokes(same)} {'gives' if same == 1 else 'give'} the "
                     "recorded results")
        from simulator.physics.simulate import BUILD
        builds = sorted(set(report.other_builds))
        named = ", ".join("from before builds were recorded" if b == 0 else str(b)
                          for b in builds)
        text += (f"; {_strokes(k)} {'was' if k == 1 else 'were'} played by another "
                 f"build of the physics ({named}; this Kiy has build {BUILD}) and "
                 "come out otherwise here, so their results were taken as "
                 "recorded, not checked (the first: "
                 f"{report.first_other})")
    return text


def _strokes(n: int) -> str:
    return f"{n} stroke{'' if n == 1 else 's'}"


def _summary(report: Report) -> str:
    n, steps = report.strokes, report.steps
    if report.unrecorded == 0:
        return (f"ok, {n} strokes replayed and {steps} steps judged again: every "
                "result, ruling, declaration, call and player as recorded")
    head = f"ok, {n} strokes replayed as recorded; "
    if report.unrecorded == steps:
        return head + ("the save keeps no record of its steps (an older Kiy wrote "
                       f"it), so its {steps} steps were judged again but their "
                       "rulings, declarations, calls and players could not be "
                       "compared")
    return head + (f"steps 1-{report.unrecorded} keep no record (an older Kiy "
                   "played them): judged again, not compared; the other "
                   f"{steps - report.unrecorded} steps as recorded")


def main(
    argv: Sequence[str] | None = None, prog: str = "python -m simulator.files.verify"
) -> int:
    p = ArgumentParser(prog=prog, description="Replay a saved match's strokes "
                       "through the physics, judge every step again with its "
                       "declarations and calls, and name the first step that "
                       "differs from the record.")
    p.add_argument("save", help="a save file or an autosave (.kiyj)")
    args = p.parse_args(argv)
    try:
        report = verify(args.save)
    except InputError as e:
        print(e.line(), file=sys.stderr)
        return 2
    if report.difference is not None:
        print(f"{args.save}: {report.difference}")
        return 1
    print(f"{args.save}: {summary(report)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
