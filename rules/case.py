"""Judging cases: one shot of one game as data (docs/formats.md, "Judging
cases"). Used by ``python -m rules judge`` and by the golden tests."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from rules.game import Discipline, GameState, discipline_class, expect_object
from rules.general import LagResult, judge_lag
from rules.referee import shot_from_dict
from rules.ruling import Choice, Declarations, RulesError, Ruling, ShotRequirements
from simulator.events import Shot
from simulator.specs import CUE_BALL
from simulator.state import Where

CASE_KEYS = {"name", "rule", "game", "players", "options", "state", "shot",
             "declarations", "choice", "call_foul", "lag", "expect", "notes"}


@dataclass(frozen=True)
class Case:
    name: str
    discipline: Discipline[Any]
    state: GameState
    shot: Shot | None
    declarations: Declarations
    choice: tuple[Choice, int | None] | None
    call_foul: str | None
    expect: Mapping[str, Any]
    lag: tuple[int, int] | None = None


@dataclass(frozen=True)
class Result:
    ruling: Ruling | None
    state: GameState
    requirements: ShotRequirements | None
    lag: LagResult | None = None

    def to_dict(self) -> dict[str, Any]:
        if self.lag is not None:
            return {"lag": self.lag.to_dict()}
        assert self.ruling is not None
        d: dict[str, Any] = {"ruling": self.ruling.to_dict(),
                             "scores": list(self.state.scores),
                             "fouls": list(self.state.fouls)}
        if self.requirements is not None:
            d["next"] = self.requirements.to_dict()
        return d


def load_case(d: Any) -> Case:
    """A case from plain data; RulesError names the first bad field."""
    d = expect_object(d, "case", CASE_KEYS)
    game = d.get("game")
    if not isinstance(game, str):
        raise RulesError("case.game: expected a game name (8-ball, 9-ball, 14.1)")
    try:
        cls = discipline_class(game)
    except RulesError as e:
        raise RulesError(f"case.game: {str(e).removeprefix('discipline: ')}") from None
    opts = d.get("options", {})
    if not isinstance(opts, Mapping):
        raise RulesError("case.options: expected an object")
    disc = cls(opts)
    players = d.get("players", 2)
    if not isinstance(players, int) or isinstance(players, bool) \
            or not 1 <= players <= max(cls.max_players, 8):
        # Refused before a game of that many players is set up.
        raise RulesError(f"case.players: expected 1-{max(cls.max_players, 8)} "
                         "players")
    shot = shot_from_dict(d["shot"], "case.shot") if "shot" in d else None
    if shot is not None and "lag" not in d:
        # Every ball of the game is listed (on the table, pocketed or off) and
        # the cue ball is on the bed when the stroke is made.
        listed = {b.ball for b in shot.initial.balls}
        if CUE_BALL not in listed or shot.initial.ball(CUE_BALL).where \
                is not Where.TABLE:
            raise RulesError("case.shot.initial: the cue ball (ball 0) must be "
                             "on the table")
    raw_state = d.get("state", {})
    if not isinstance(raw_state, Mapping):
        raise RulesError("case.state: expected an object")
    table_name = shot.initial.table if shot is not None else "pool_9ft"
    base = disc.new_game(players, 0, 0, table_name)
    if shot is not None:
        base = replace(base, table=shot.initial)
    known = {f.name for f in fields(type(base))}
    merged = base.to_dict()
    for k, v in raw_state.items():
        if k not in known:
            raise RulesError(f"case.state.{k}: unknown key")
        merged[k] = v
    merged["discipline"] = disc.name
    merged["players"] = players
    state = disc.state_from_dict(merged, "case.state")
    if "breaker" not in raw_state and "shooter" in raw_state:
        state = replace(state, breaker=state.shooter)
    decl = Declarations.from_dict(d.get("declarations"), "case.declarations")
    choice: tuple[Choice, int | None] | None = None
    if "choice" in d:
        c = d["choice"]
        if isinstance(c, str):
            c = {"choice": c}
        if not isinstance(c, Mapping) or "choice" not in c:
            raise RulesError("case.choice: expected a choice name")
        try:
            choice = (Choice(c["choice"]), c.get("ball"))
        except ValueError:
            raise RulesError(f"case.choice: unknown option {c['choice']!r}") from None
    call = d.get("call_foul")
    if call is not None and not isinstance(call, str):
        raise RulesError("case.call_foul: expected a code id")
    if call is not None:
        from rules.codes import code_by_id

        try:
            code_by_id(call)
        except ValueError:
            raise RulesError(f"case.call_foul: unknown code {call!r}") from None
    if shot is None and call is None:
        raise RulesError("case.shot: missing (or give call_foul)")
    lag: tuple[int, int] | None = None
    if "lag" in d:
        raw = d["lag"]
        if not isinstance(raw, list) or len(raw) != 2 or not all(
                isinstance(b, int) and not isinstance(b, bool) for b in raw):
            raise RulesError("case.lag: expected the two lag balls, [a, b]")
        if shot is None:
            raise RulesError("case.shot: a lag needs the shot")
        lag = (raw[0], raw[1])
    expect = d.get("expect", {})
    if not isinstance(expect, Mapping):
        raise RulesError("case.expect: expected an object")
    name = d.get("name", "")
    return Case(str(name), disc, state, shot, decl, choice, call, expect, lag)


def run_case(case: Case) -> Result:
    disc = case.discipline
    if case.lag is not None:
        assert case.shot is not None
        return Result(None, case.state, None, judge_lag(case.shot, case.lag))
    if case.call_foul is not None:
        from rules.codes import code_by_id

        ruling, state = disc.call_foul(case.state, code_by_id(case.call_foul))
    else:
        assert case.shot is not None
        ruling, state = disc.judge(case.state, case.shot, case.declarations)
    if case.choice is not None and not state.game_over:
        state = disc.choose(state, case.choice[0], case.choice[1])
    req = None if state.game_over else disc.requirements(state)
    return Result(ruling, state, req)
