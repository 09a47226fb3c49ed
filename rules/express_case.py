"""Pyramid judging cases (Express): a match position and one or more steps
as data (docs/formats.md, "Express cases"). Used by ``python -m rules judge`` for
Express and by the golden tests in tests/rules/express_cases/.

A case starts from the match as Express sets it up (rack, antes, starting
points), overrides whatever the ``state`` names (scores, statuses, the table
in a compact form, ...), then runs its ``steps``: shots built from a handful
of events, choices, signatures and called fouls. Each step may carry an
``expect`` block; :func:`check` says where a result differs from it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, cast

from rules import pyramid, situation
from rules.express import Express
from rules.game import GameState, expect_object
from rules.pyramid import PyramidDiscipline, PyramidState
from rules.registry import infos
from rules.ruling import BallInHand, Choice, Declarations, RulesError
from rules.situation import Step, StepResult
from simulator.files.reasons import again
from simulator.table.events import Shot, Stroke, events_from_list
from simulator.table.specs import CUE_BALL, TableKind
from simulator.table.state import BallState, StateError, TableState, Where

CASE_KEYS = {"name", "rule", "game", "players", "options", "state", "steps",
             "shot", "declarations", "choice", "call_foul", "expect", "notes"}
def state_keys(disc: PyramidDiscipline[Any]) -> set[str]:
    """The state fields a case may give (all but the bookkeeping)."""
    return {f.name for f in fields(disc.info.state)} - {
        "discipline", "players", "ledger"}
STEP_KINDS = ("shot", "choice", "sign", "decline", "call_foul", "place")
EXPECT_KEYS = {
    "fouls", "penalty", "notes", "no_notes", "points", "scores", "status", "stars",
    "chips", "bank", "next_shooter", "chooser", "options", "ball_in_hand",
    "victim", "mode", "winner", "game_over", "spots", "rerack", "last_ball",
    "legal_first_contacts", "rack_no", "may_sign", "signature_due", "error",
    "shooter", "is_break", "placement", "replay", "scored", "pending",
    "first_break_pending", "on_table", "cue"}


def _ball_key(k: Any, where: str) -> int:
    try:
        b = int(k)
    except (TypeError, ValueError):
        raise RulesError(f"{where}: {k!r} is not a ball number") from None
    if not 0 <= b <= 15:
        raise RulesError(f"{where}: ball {b} is not 0-15")
    return b


def _xy(v: Any, where: str) -> tuple[float, float]:
    if (not isinstance(v, list | tuple) or len(v) != 2
            or not all(isinstance(c, int | float) and not isinstance(c, bool)
                       and math.isfinite(c) for c in v)):
        raise RulesError(f"{where}: expected [x, y] in metres")
    return float(v[0]), float(v[1])


def table_from(v: Any, where: str) -> TableState:
    """``"rack"``, a full TableState dict, or ``{ball: [x, y]}`` (balls not
    listed are pocketed)."""
    if v == "rack":
        return pyramid.rack_state()
    if isinstance(v, Mapping) and "balls" in v and "table" in v:
        try:
            return TableState.from_dict(v)
        except StateError as e:
            raise again(RulesError, f"{where}: {e}", e) from None
    if not isinstance(v, Mapping):
        raise RulesError(f"{where}: expected \"rack\" or {{ball: [x, y]}}")
    pos = {_ball_key(k, where): _xy(p, f"{where}.{k}") for k, p in v.items()}
    balls = tuple(BallState(b, Where.TABLE, *pos[b]) if b in pos
                  else BallState(b, Where.POCKETED) for b in range(16))
    state = TableState(pyramid.TABLE_NAME, balls)
    try:
        state.validate()
    except StateError as e:
        raise again(RulesError, f"{where}: {e}", e) from None
    return state


def _int_list(v: Any, n: int, where: str) -> tuple[int, ...]:
    if (not isinstance(v, list) or len(v) != n
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
        raise RulesError(f"{where}: expected {n} whole numbers, one a player")
    return tuple(v)


def start_state(disc: PyramidDiscipline[Any], players: int, raw: Mapping[str, Any]
                ) -> PyramidState:
    """The match start, then the case's overrides (the shared situation
    loader, ``rules.situation.position``). A hand-given table is a position
    in mid-rack unless the case says otherwise: no break, the first break
    long gone, the cue ball on the bed; a cue ball in hand is set at a legal
    place of its house."""
    if not isinstance(raw, Mapping):
        raise RulesError("case.state: expected an object")
    known = state_keys(disc)
    for k in raw:
        if k not in known:
            raise RulesError(f"case.state.{k}: unknown key")
    values = dict(raw)
    defaults: dict[str, Any] = {}
    table: TableState | None = None
    if "table" in values:
        table = table_from(values.pop("table"), "case.state.table")
        if raw.get("table") != "rack":
            defaults = {"ball_in_hand": BallInHand.NONE, "is_break": False,
                        "first_break_pending": False}
    if "ball_in_hand" in values:
        try:
            values["ball_in_hand"] = BallInHand(values["ball_in_hand"]).value
        except (ValueError, TypeError):
            raise RulesError("case.state.ball_in_hand: expected none, house or "
                             "temp_house") from None
    region = pyramid.region_of(BallInHand(values.get("ball_in_hand", "none")))
    if region is not None:
        rack = table or disc.new_game(players, 0, 0, pyramid.TABLE_NAME).table
        table = pyramid.cue_in_hand(rack, region)
    if "status" in values and isinstance(values["status"], list):
        values["status"] = [str(x) for x in values["status"]]
    state = situation.position(disc, players, table, values, "case.state",
                               defaults=defaults, plausible=False)
    return cast(PyramidState, state)


def shot_from_step(state: GameState, d: Mapping[str, Any], where: str) -> Shot:
    """A shot from the case's compact form: ``cue`` (placement from hand),
    ``events`` (Event dicts), ``moved`` ({ball: [x, y]} final positions of
    balls that stayed on the bed). Pocketed and jumped balls leave the final
    table as the events say."""
    if not isinstance(d, Mapping):
        raise RulesError(f"{where}: expected an object (cue, events, moved)")
    unknown = set(d) - {"cue", "events", "moved", "initial", "final", "stroke"}
    if unknown:
        raise RulesError(f"{where}.{sorted(unknown)[0]}: unknown key")
    if "initial" in d:
        from rules.referee import shot_from_dict

        return shot_from_dict(d, where)
    initial = state.table
    if "cue" in d:
        x, y = _xy(d["cue"], f"{where}.cue")
        initial = initial.place(CUE_BALL, x, y)
    raw = d.get("events", [])
    if not isinstance(raw, list):
        raise RulesError(f"{where}.events: expected a list")
    try:
        events = events_from_list(
            [short_event(x, i, f"{where}.events[{i}]") if isinstance(x, str) else x
             for i, x in enumerate(raw)])
    except RulesError:
        raise
    except ValueError as err:
        raise RulesError(f"{where}.{err}") from None
    final = initial
    moved = d.get("moved", {})
    if not isinstance(moved, Mapping):
        raise RulesError(f"{where}.moved: expected {{ball: [x, y]}}")
    for k, v in moved.items():
        b = _ball_key(k, f"{where}.moved")
        x, y = _xy(v, f"{where}.moved.{k}")
        final = final.place(b, x, y)
    if "cue" in d or moved:
        # A placement or a resting place off the bed (or on another ball) is
        # a bad case, not a position to judge.
        for st, w in ((initial, f"{where}.cue"), (final, f"{where}.moved")):
            try:
                st.validate()
            except StateError as err:
                raise again(RulesError, f"{w}: {err}", err) from None
    return Shot(initial, Stroke(0.0, 1.0), events, pyramid.mark_log(final, events))


# Shorthand verbs of a ball and an optional word: the event kind, the key the
# word gives and its default.
BALL_AND_WORD = {"cushion": ("ball_cushion", "cushion", "foot"),
                 "pot": ("pocketed", "pocket", "foot_left"),
                 "off": ("left_table", "where", "floor")}


def short_event(text: str, i: int, where: str) -> dict[str, Any]:
    """One event in the case shorthand (docs/formats.md): ``stroke``,
    ``hit A B``, ``cushion B [rail]``, ``pot B [pocket]``, ``off B [floor]``,
    ``tip B [seconds]``, ``cross B +1|-1``, ``air B`` and ``land B`` (the ball
    leaves the bed and lands), ``rest``. Events are timed 0.1 s apart in the
    order given."""
    words = text.split()
    if not words:
        raise RulesError(f"{where}: empty event")
    verb, args = words[0], words[1:]
    t = round(0.1 * (i + 1), 6)

    def ball(k: int) -> int:
        try:
            return _ball_key(args[k], where)
        except IndexError:
            raise RulesError(f"{where}: {verb!r} needs a ball number") from None

    if verb == "stroke":
        return {"kind": "stroke", "time": t, "balls": [CUE_BALL]}
    if verb == "rest":
        return {"kind": "rest", "time": t, "balls": []}
    if verb == "hit":
        return {"kind": "ball_ball", "time": t, "balls": [ball(0), ball(1)]}
    if verb in BALL_AND_WORD:
        kind, key, default = BALL_AND_WORD[verb]
        return {"kind": kind, "time": t, "balls": [ball(0)],
                key: args[1] if len(args) > 1 else default}
    if verb in ("air", "land"):
        kind = "airborne" if verb == "air" else "landed"
        return {"kind": kind, "time": t, "balls": [ball(0)], "speed": 0.5}
    if verb == "tip":
        d: dict[str, Any] = {"kind": "tip_contact", "time": t, "balls": [ball(0)]}
        if len(args) > 1:
            try:
                d["duration"] = float(args[1])
            except ValueError:
                raise RulesError(f"{where}: {args[1]!r} is not seconds") from None
        return d
    if verb == "cross":
        direction = args[1] if len(args) > 1 else "+1"
        if direction not in ("+1", "-1"):
            raise RulesError(f"{where}: direction must be +1 or -1")
        return {"kind": "line_crossed", "time": t, "balls": [ball(0)],
                "line": "head_string", "direction": int(direction)}
    raise RulesError(f"{where}: unknown event {verb!r} (stroke, hit, cushion, "
                     "pot, off, air, land, tip, cross, rest)")


def _player(v: Any, n: int, where: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < n:
        raise RulesError(f"{where}: expected a player index 0-{n - 1}")
    return v


def step_of(step: Any, players: int, where: str) -> Step:
    """One step of the case as a shared situation step."""
    if not isinstance(step, Mapping):
        raise RulesError(f"{where}: expected an object")
    kinds = [k for k in STEP_KINDS if k in step]
    if len(kinds) != 1:
        raise RulesError(f"{where}: expected exactly one of {', '.join(STEP_KINDS)}")
    unknown = set(step) - set(STEP_KINDS) - {"declarations", "expect", "player",
                                             "note", "jumped"}
    if unknown:
        raise RulesError(f"{where}.{sorted(unknown)[0]}: unknown key")
    kind = kinds[0]
    expect = step.get("expect") or {}
    if kind == "shot":
        raw_shot = step["shot"]
        jumped = step.get("jumped", [])
        if not isinstance(jumped, list):
            raise RulesError(f"{where}.jumped: expected a list of ball numbers")
        return Step("shot", expect, declarations=Declarations.from_dict(
            step.get("declarations"), f"{where}.declarations"),
            jumped=tuple(jumped),
            shot_of=lambda state: shot_from_step(state, raw_shot, f"{where}.shot"))
    if kind == "choice":
        try:
            c = Choice(step["choice"])
        except ValueError:
            raise RulesError(f"{where}.choice: unknown option "
                             f"{step['choice']!r}") from None
        return Step("choice", expect, choice=c)
    if kind in ("sign", "decline"):
        p = _player(step[kind], players, f"{where}.{kind}")
        return Step("choice", expect, choice=Choice.SIGN if kind == "sign"
                    else Choice.DECLINE_SIGN, arg=p)
    if kind == "call_foul":
        cid = step["call_foul"]
        if not isinstance(cid, str):
            raise RulesError(f"{where}.call_foul: expected a code id")
        situation.value(cid, "code", f"{where}.call_foul")
        player = step.get("player")
        if player is not None:
            player = _player(player, players, f"{where}.player")
        return Step("call_foul", expect, code=cid, player=player)
    return Step("place", expect, place=_xy(step["place"], f"{where}.place"))


@dataclass(frozen=True)
class ExpressCase:
    name: str
    rule: str
    discipline: PyramidDiscipline[Any]
    start: PyramidState
    steps: tuple[Mapping[str, Any], ...]  # as written (each with its expect)
    plays: tuple[Step, ...] = ()  # the same steps for the referee


def load_case(d: Any) -> ExpressCase:
    """An Express case from plain data; RulesError names the first bad field."""
    d = expect_object(d, "case", CASE_KEYS)
    cls = situation.game_class(d.get("game", Express.name), "case.game")
    if not issubclass(cls, PyramidDiscipline):
        games = ", ".join(i.name for i in infos()
                          if i.table_kind is TableKind.PYRAMID)
        raise RulesError(f"case.game: expected a game on the pyramid table "
                         f"({games})")
    opts = d.get("options", {})
    if not isinstance(opts, Mapping):
        raise RulesError("case.options: expected an object")
    disc = situation.discipline_of(cls, opts, "case.options")
    assert isinstance(disc, PyramidDiscipline)
    info = cls.info
    players = d.get("players", info.min_players)
    if isinstance(players, list):
        players = len(players)
    if not situation.is_whole(players) or not \
            info.min_players <= players <= info.max_players:
        raise RulesError(f"case.players: expected {info.min_players}-"
                         f"{info.max_players} players")
    start = start_state(disc, players, d.get("state", {}))
    if "steps" in d:
        steps = d["steps"]
        if not isinstance(steps, list) or not steps:
            raise RulesError("case.steps: expected a list of steps")
        for k in ("shot", "choice", "call_foul"):
            if k in d:
                raise RulesError(f"case.{k}: give it inside steps, not beside them")
    else:
        steps = single_shot_steps(d)
    plays = tuple(step_of(x, players, f"case.steps[{i}]")
                  for i, x in enumerate(steps))
    return ExpressCase(str(d.get("name", "")), str(d.get("rule", "")), disc, start,
                       tuple(steps), plays)


def single_shot_steps(d: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The single-shot form of the pool cases as steps: shot or call_foul,
    then an optional choice; expect applies to the shot's ruling and the
    state after the choice."""
    first: dict[str, Any] = {}
    if "shot" in d:
        first["shot"] = d["shot"]
    elif "call_foul" in d:
        first["call_foul"] = d["call_foul"]
    else:
        raise RulesError("case.shot: missing (or give call_foul or steps)")
    if "declarations" in d:
        first["declarations"] = d["declarations"]
    steps = [first]
    if "choice" in d:
        c = d["choice"]
        steps.append({"choice": c} if isinstance(c, str) else dict(c))
    if "expect" in d:
        steps[-1]["expect"] = d["expect"]
    return steps


def run_case(case: ExpressCase) -> list[StepResult]:
    return situation.run(case.discipline, case.start, case.plays)


def judge_case(data: Any, with_next: bool = False) -> dict[str, Any]:
    """The CLI's entry point for Express: the ruling of the last step that
    judged a shot or a foul (with ``with_next``, also the card and the next
    shot's requirements)."""
    case = load_case(data)
    results = run_case(case)
    last = next((r for r in reversed(results) if r.ruling is not None), None)
    ruling = None if last is None or last.ruling is None else last.ruling.to_dict()
    if not with_next:
        return ruling if ruling is not None else {"ruling": None}
    end = results[-1]
    summary = case.discipline.summary(cast(PyramidState, end.state))
    return {"ruling": ruling, **summary,
            "next": None if end.requirements is None
            else end.requirements.to_dict()}


# ---------------------------------------------------------------------------
# Checking results against a case's expectations


# How Express cases read their expectations: fouls, scored balls and options
# in order; ``on_table`` is the table after the step.
READING = situation.Reading(ordered=frozenset({"fouls", "scored", "options"}))


def check(expect: Mapping[str, Any], res: StepResult) -> list[str]:
    """Every way the step's result differs from ``expect`` (empty: it agrees);
    the comparisons are the shared ones (``rules.situation.check``)."""
    unknown = set(expect) - EXPECT_KEYS
    if unknown:
        return [f"expect.{sorted(unknown)[0]}: unknown key"]
    return situation.check(expect, res, READING)
