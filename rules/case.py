"""Judging cases: one shot (or a called foul, or a lag) of one game as JSON,
with the ruling expected (docs/formats.md, "Judging cases"). Used by
``python -m rules judge`` and by the golden tests. The case's parts are read
by the shared situation loader (:mod:`rules.situation`); a case of ``steps``
is an Express-style case (:mod:`rules.express_case`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules import situation
from rules.game import Discipline, GameState, expect_object
from rules.general import LagResult
from rules.referee import shot_from_dict
from rules.ruling import RulesError, Ruling, ShotRequirements
from simulator.table.events import Shot
from simulator.table.specs import CUE_BALL
from simulator.table.state import Where

CASE_KEYS = {"name", "rule", "game", "players", "options", "state", "shot",
             "declarations", "choice", "call_foul", "lag", "jumped", "expect",
             "notes"}


@dataclass(frozen=True)
class Case:
    name: str
    discipline: Discipline[Any]
    state: GameState
    steps: tuple[situation.Step, ...]
    expect: Mapping[str, Any]

    @property
    def shot(self) -> Shot | None:
        return self.steps[0].shot


@dataclass(frozen=True)
class Result:
    ruling: Ruling | None
    state: GameState
    requirements: ShotRequirements | None
    lag: LagResult | None = None
    summary: Mapping[str, Any] = field(default_factory=dict)  # scores, counts

    def to_dict(self) -> dict[str, Any]:
        if self.lag is not None:
            return {"lag": self.lag.to_dict()}
        assert self.ruling is not None
        d: dict[str, Any] = {"ruling": self.ruling.to_dict(), **self.summary}
        if self.requirements is not None:
            d["next"] = self.requirements.to_dict()
        return d


def load_case(d: Any) -> Case:
    """A case from plain data; RulesError names the first bad field."""
    d = expect_object(d, "case", CASE_KEYS)
    cls = situation.game_class(d.get("game"), "case.game")
    disc = situation.discipline_of(cls, d.get("options", {}), "case.options")
    players = d.get("players", 2)
    if not situation.is_whole(players) \
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
    table = shot.initial if shot is not None else \
        disc.new_game(players, 0, 0, cls.info.default_table).table
    state = situation.position(disc, players, table, raw_state, "case.state",
                               plausible=False)
    steps = [first_step(d, disc, state, shot)]
    if "jumped" in d and steps[0].kind != "shot":
        raise RulesError("case.jumped: needs the shot")
    if "choice" in d:
        c, arg = situation.choice_of(d["choice"], players, "case.choice")
        steps.append(situation.Step("choice", choice=c, arg=arg, unless_over=True))
    expect = d.get("expect", {})
    if not isinstance(expect, Mapping):
        raise RulesError("case.expect: expected an object")
    return Case(str(d.get("name", "")), disc, state, tuple(steps), expect)


def first_step(d: Mapping[str, Any], disc: Discipline[Any], state: GameState,
               shot: Shot | None) -> situation.Step:
    """The case's step: a lag, a foul called, or the shot with its
    declarations and the balls the referee saw jump."""
    call = d.get("call_foul")
    if "lag" in d:
        raw = d["lag"]
        if not isinstance(raw, list) or len(raw) != 2 or not all(
                situation.is_whole(b) for b in raw):
            raise RulesError("case.lag: expected the two lag balls, [a, b]")
        if shot is None:
            raise RulesError("case.shot: a lag needs the shot")
        return situation.Step("lag", shot=shot, lag=(raw[0], raw[1]))
    if call is not None:
        situation.value(call, "code", "case.call_foul")
        return situation.Step("call_foul", code=call)
    if shot is None:
        raise RulesError("case.shot: missing (or give call_foul)")
    decl = situation.declarations_of(d.get("declarations"), disc, state,
                                     "case.declarations")
    jumped = d.get("jumped", [])
    if not isinstance(jumped, list) or not all(situation.is_whole(b)
                                               for b in jumped):
        raise RulesError("case.jumped: expected a list of ball numbers")
    return situation.Step("shot", shot=shot, declarations=decl,
                          jumped=tuple(jumped))


def run_steps(case: Case) -> list[situation.StepResult]:
    return situation.run(case.discipline, case.state, case.steps)


def run_case(case: Case) -> Result:
    results = run_steps(case)
    first = results[0]
    if first.lag is not None:
        return Result(None, case.state, None, first.lag)
    last = results[-1].state
    req = None if last.game_over else case.discipline.requirements(last)
    return Result(first.ruling, last, req, summary=case.discipline.summary(last))


def check_case(case: Case) -> list[str]:
    """Every way the case's result differs from its ``expect`` (the ruling
    of its shot, the state and the next shot after its choice)."""
    results = run_steps(case)
    first = results[0]
    res = situation.StepResult(first.ruling, results[-1].state,
                               None if results[-1].state.game_over else
                               case.discipline.requirements(results[-1].state),
                               first.error, first.placement, first.shot, first.lag)
    return situation.check(case.expect, res, READING)


# How judging cases read their expectations: the options in order.
READING = situation.Reading(ordered=frozenset({"options"}))
