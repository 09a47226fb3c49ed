"""Express judging cases: a match position and one or more steps as data
(docs/formats.md, "Express cases"). Used by ``python -m rules judge`` for
Express and by the golden tests in tests/rules/express_cases/.

A case starts from the match as Express sets it up (rack, antes, starting
points), overrides whatever the ``state`` names (scores, statuses, the table
in a compact form, ...), then runs its ``steps``: shots built from a handful
of events, choices, signatures and called fouls. Each step may carry an
``expect`` block; :func:`check` says where a result differs from it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from rules import express, pyramid
from rules.codes import code_by_id
from rules.express import Express, ExpressRequirements, ExpressRuling, ExpressState
from rules.game import discipline_class, expect_object
from rules.ruling import BallInHand, Choice, Declarations, RulesError, Ruling
from simulator.events import Shot, Stroke, events_from_list
from simulator.specs import CUE_BALL
from simulator.state import BallState, StateError, TableState, Where

CASE_KEYS = {"name", "rule", "game", "players", "options", "state", "steps",
             "shot", "declarations", "choice", "call_foul", "expect", "notes"}
STATE_KEYS = {f.name for f in fields(ExpressState)} - {
    "discipline", "players", "ledger", "fouls", "warned", "groups",
    "rail_safeties"}
STEP_KINDS = ("shot", "choice", "sign", "decline", "call_foul", "place")
EXPECT_KEYS = {
    "fouls", "penalty", "notes", "no_notes", "points", "scores", "status", "stars",
    "chips", "bank", "next_shooter", "chooser", "options", "ball_in_hand",
    "victim", "mode", "winner", "game_over", "spots", "rerack", "last_ball",
    "legal_first_contacts", "rack_no", "may_sign", "signature_due", "error",
    "shooter", "is_break", "placement", "replay", "scored", "pending",
    "first_break_pending", "on_table", "cue"}


@dataclass(frozen=True)
class StepResult:
    """What one step produced: the ruling (None for a choice), the state
    after it and the requirements of the next shot (None when over), or the
    error it raised."""

    ruling: Ruling | None
    state: ExpressState
    requirements: ExpressRequirements | None
    error: str | None = None
    placement: str | None = None


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
            raise RulesError(f"{where}: {e}") from None
    if not isinstance(v, Mapping):
        raise RulesError(f"{where}: expected \"rack\" or {{ball: [x, y]}}")
    pos = {_ball_key(k, where): _xy(p, f"{where}.{k}") for k, p in v.items()}
    balls = tuple(BallState(b, Where.TABLE, *pos[b]) if b in pos
                  else BallState(b, Where.POCKETED) for b in range(16))
    state = TableState(pyramid.TABLE_NAME, balls)
    try:
        state.validate()
    except StateError as e:
        raise RulesError(f"{where}: {e}") from None
    return state


def _int_list(v: Any, n: int, where: str) -> tuple[int, ...]:
    if (not isinstance(v, list) or len(v) != n
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
        raise RulesError(f"{where}: expected {n} whole numbers, one a player")
    return tuple(v)


def start_state(disc: Express, players: int, raw: Mapping[str, Any]) -> ExpressState:
    """The match start, then the case's overrides."""
    if not isinstance(raw, Mapping):
        raise RulesError("case.state: expected an object")
    state = disc.new_game(players, 0, 0, pyramid.TABLE_NAME)
    kw: dict[str, Any] = {}
    for k, v in raw.items():
        where = f"case.state.{k}"
        if k not in STATE_KEYS:
            raise RulesError(f"{where}: unknown key")
        if k == "table":
            kw[k] = table_from(v, where)
        elif k in ("scores", "signatures", "chips"):
            kw[k] = _int_list(v, players, where)
        elif k == "status":
            if not isinstance(v, list) or len(v) != players:
                raise RulesError(f"{where}: expected {players} statuses")
            kw[k] = tuple(str(x) for x in v)
        elif k == "ball_in_hand":
            try:
                kw[k] = BallInHand(v)
            except ValueError:
                raise RulesError(f"{where}: expected none, house or temp_house") \
                    from None
        elif k == "pending":
            try:
                kw[k] = tuple(Choice(x) for x in v)
            except (ValueError, TypeError):
                raise RulesError(f"{where}: expected a list of choices") from None
        elif k == "rack_order":
            kw[k] = tuple(v) if isinstance(v, list) else v
        else:
            kw[k] = v
    if "bank" in kw:
        # The bank a case starts with, carried as one opening ledger entry.
        bank = kw["bank"]
        if not isinstance(bank, int) or isinstance(bank, bool) or bank < 0:
            raise RulesError("case.state.bank: expected 0 or more chips")
        kw["ledger"] = (("opening", -1, bank),) if bank else ()
    if "shooter" in kw and "breaker" not in kw:
        kw["breaker"] = kw["shooter"]
    if "table" in kw and raw.get("table") != "rack":
        # A hand-given table is a position in mid-rack unless the case says
        # otherwise: no break, the first break long gone, cue ball on the bed.
        kw.setdefault("ball_in_hand", BallInHand.NONE)
        kw.setdefault("is_break", False)
        kw.setdefault("first_break_pending", False)
    if kw.get("ball_in_hand") in (BallInHand.HOUSE, BallInHand.TEMP_HOUSE):
        region = express.region_of(kw["ball_in_hand"])
        assert region is not None
        kw["table"] = pyramid.cue_in_hand(kw.get("table", state.table), region)
    try:
        state = replace(state, **kw)
    except TypeError as e:
        raise RulesError(f"case.state: {e}") from None
    state.check("case.state")
    return state


def shot_from_step(state: ExpressState, d: Mapping[str, Any], where: str) -> Shot:
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
                raise RulesError(f"{w}: {err}") from None
    return Shot(initial, Stroke(0.0, 1.0), events, express.mark_log(final, events))


def short_event(text: str, i: int, where: str) -> dict[str, Any]:
    """One event in the case shorthand (docs/formats.md): ``stroke``,
    ``hit A B``, ``cushion B [rail]``, ``pot B [pocket]``, ``off B [floor]``,
    ``tip B [seconds]``, ``cross B +1|-1``, ``rest``. Events are timed 0.1 s
    apart in the order given."""
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
    if verb == "cushion":
        rail = args[1] if len(args) > 1 else "foot"
        return {"kind": "ball_cushion", "time": t, "balls": [ball(0)],
                "cushion": rail}
    if verb == "pot":
        pocket = args[1] if len(args) > 1 else "foot_left"
        return {"kind": "pocketed", "time": t, "balls": [ball(0)], "pocket": pocket}
    if verb == "off":
        return {"kind": "left_table", "time": t, "balls": [ball(0)],
                "where": args[1] if len(args) > 1 else "floor"}
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
                     "pot, off, tip, cross, rest)")


def _player(v: Any, n: int, where: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < n:
        raise RulesError(f"{where}: expected a player index 0-{n - 1}")
    return v


def run_step(disc: Express, state: ExpressState, step: Mapping[str, Any],
             where: str) -> StepResult:
    """One step; a RulesError from the referee is kept as the step's error
    (a case may expect it), the state then stays as it was."""
    if not isinstance(step, Mapping):
        raise RulesError(f"{where}: expected an object")
    kinds = [k for k in STEP_KINDS if k in step]
    if len(kinds) != 1:
        raise RulesError(f"{where}: expected exactly one of {', '.join(STEP_KINDS)}")
    unknown = set(step) - set(STEP_KINDS) - {"declarations", "expect", "player",
                                             "note"}
    if unknown:
        raise RulesError(f"{where}.{sorted(unknown)[0]}: unknown key")
    kind = kinds[0]
    ruling: Ruling | None = None
    placement: str | None = None
    n = state.players
    try:
        if kind == "shot":
            shot = shot_from_step(state, step["shot"], f"{where}.shot")
            decl = Declarations.from_dict(step.get("declarations"),
                                          f"{where}.declarations")
            ruling, state = disc.judge(state, shot, decl)
        elif kind == "choice":
            try:
                c = Choice(step["choice"])
            except ValueError:
                raise RulesError(f"{where}.choice: unknown option "
                                 f"{step['choice']!r}") from None
            state = disc.choose(state, c, None)
        elif kind in ("sign", "decline"):
            p = _player(step[kind], n, f"{where}.{kind}")
            state = disc.choose(state, Choice.SIGN if kind == "sign"
                                else Choice.DECLINE_SIGN, p)
        elif kind == "call_foul":
            cid = step["call_foul"]
            if not isinstance(cid, str):
                raise RulesError(f"{where}.call_foul: expected a code id")
            player = step.get("player")
            if player is not None:
                player = _player(player, n, f"{where}.player")
            ruling, state = disc.call_foul_by(state, code_by_id(cid), player)
        else:  # place: ask the requirements whether a placement is allowed
            x, y = _xy(step["place"], f"{where}.place")
            code = disc.requirements(state).check_placement(state.table, x, y)
            placement = None if code is None else code.id
    except RulesError as e:
        if "error" not in (step.get("expect") or {}):
            msg = str(e)
            # Messages that already name the field keep their own prefix.
            raise RulesError(msg if msg.startswith(where) else f"{where}: {msg}"
                             ) from None
        return StepResult(None, state, None if state.game_over
                          else disc.requirements(state), str(e))
    req = None if state.game_over else disc.requirements(state)
    return StepResult(ruling, state, req, None, placement)


@dataclass(frozen=True)
class ExpressCase:
    name: str
    rule: str
    discipline: Express
    start: ExpressState
    steps: tuple[Mapping[str, Any], ...]


def load_case(d: Any) -> ExpressCase:
    """An Express case from plain data; RulesError names the first bad field."""
    d = expect_object(d, "case", CASE_KEYS)
    game = d.get("game", "express")
    if not isinstance(game, str) or discipline_class(game) is not Express:
        raise RulesError("case.game: expected express (or экспресс)")
    opts = d.get("options", {})
    if not isinstance(opts, Mapping):
        raise RulesError("case.options: expected an object")
    disc = Express(opts)
    players = d.get("players", 3)
    if isinstance(players, list):
        players = len(players)
    if not isinstance(players, int) or isinstance(players, bool) \
            or not 3 <= players <= 8:
        raise RulesError("case.players: expected 3-8 players")
    start = start_state(disc, players, d.get("state", {}))
    if "steps" in d:
        steps = d["steps"]
        if not isinstance(steps, list) or not steps:
            raise RulesError("case.steps: expected a list of steps")
        for k in ("shot", "choice", "call_foul"):
            if k in d:
                raise RulesError(f"case.{k}: give it inside steps, not beside them")
    else:
        # The single-shot form of the pool cases: shot or call_foul, then an
        # optional choice; expect applies to the shot's ruling and the state
        # after the choice.
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
    return ExpressCase(str(d.get("name", "")), str(d.get("rule", "")), disc, start,
                       tuple(steps))


def run_case(case: ExpressCase) -> list[StepResult]:
    out: list[StepResult] = []
    state = case.start
    for i, step in enumerate(case.steps):
        res = run_step(case.discipline, state, step, f"case.steps[{i}]")
        out.append(res)
        state = res.state
    return out


def judge_case(data: Any, with_next: bool = False) -> dict[str, Any]:
    """The CLI's entry point for Express: the ruling of the last step that
    judged a shot or a foul (with ``with_next``, also the card and the next
    shot's requirements)."""
    results = run_case(load_case(data))
    last = next((r for r in reversed(results) if r.ruling is not None), None)
    ruling = None if last is None or last.ruling is None else last.ruling.to_dict()
    if not with_next:
        return ruling if ruling is not None else {"ruling": None}
    end = results[-1]
    st = end.state
    return {"ruling": ruling, "scores": list(st.scores), "status": list(st.status),
            "stars": list(st.signatures), "chips": list(st.chips), "bank": st.bank,
            "next": None if end.requirements is None
            else end.requirements.to_dict()}


# ---------------------------------------------------------------------------
# Checking results against a case's expectations


def _close(a: Sequence[float], b: Sequence[float], tol: float = 1e-4) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= tol for x, y in zip(a, b,
                                                                       strict=True))


def check(expect: Mapping[str, Any], res: StepResult) -> list[str]:
    """Every way the step's result differs from ``expect`` (empty: it agrees)."""
    bad: list[str] = []
    unknown = set(expect) - EXPECT_KEYS
    if unknown:
        return [f"expect.{sorted(unknown)[0]}: unknown key"]
    st = res.state
    r = res.ruling
    req = res.requirements

    def want(key: str, got: Any) -> None:
        if key in expect and expect[key] != got:
            bad.append(f"{key}: expected {expect[key]!r}, got {got!r}")

    if "error" in expect:
        if res.error is None or str(expect["error"]) not in res.error:
            bad.append(f"error: expected one containing {expect['error']!r}, "
                       f"got {res.error!r}")
    elif res.error is not None:
        bad.append(f"unexpected error: {res.error}")
    if r is not None:
        want("fouls", [f.code.id for f in r.fouls])
        want("penalty", None if r.penalty is None else r.penalty.code.id)
        want("points", list(r.points))
        want("options", [c.value for c in r.options])
        want("chooser", r.chooser)
        want("rerack", r.rerack)
        want("replay", r.replay)
        want("scored", list(r.scored))
        if isinstance(r, ExpressRuling):
            want("victim", r.victim)
        ids = [n.code.id for n in r.notes]
        for c in expect.get("notes", []):
            if c not in ids:
                bad.append(f"notes: {c} missing from {ids}")
        for c in expect.get("no_notes", []):
            if c in ids:
                bad.append(f"notes: {c} should not be there")
        if "spots" in expect:
            got = [[s.ball, s.x, s.y] for s in r.spots]
            exp = expect["spots"]
            if len(got) != len(exp) or not all(
                    g[0] == e[0] and _close(g[1:], e[1:]) for g, e in
                    zip(got, exp, strict=False)):
                bad.append(f"spots: expected {exp}, got {got}")
    elif any(k in expect for k in ("fouls", "penalty", "points", "spots")):
        bad.append("expected a ruling, the step gave none")
    want("scores", list(st.scores))
    want("status", list(st.status))
    want("stars", list(st.signatures))
    want("chips", list(st.chips))
    want("bank", st.bank)
    want("mode", st.mode)
    want("winner", st.winner)
    want("game_over", st.game_over)
    want("rack_no", st.rack_no)
    want("is_break", st.is_break)
    want("first_break_pending", st.first_break_pending)
    want("ball_in_hand", st.ball_in_hand.value)
    want("pending", [c.value for c in st.pending])
    want("last_ball", st.last_ball)
    want("on_table", sorted(st.table.on_table()))
    if "cue" in expect:
        pos = st.table.position(CUE_BALL)
        if pos is None or not _close(pos, expect["cue"]):
            bad.append(f"cue: expected {expect['cue']}, got {pos}")
    if "next_shooter" in expect:
        got_next = r.next_shooter if r is not None else st.shooter
        want("next_shooter", got_next)
    want("shooter", st.shooter if not st.game_over else None)
    if req is not None:
        want("legal_first_contacts", sorted(req.legal_first_contacts))
        want("may_sign", list(req.may_sign))
        want("signature_due", list(req.signature_due))
    want("placement", res.placement)
    return bad
