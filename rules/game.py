"""The discipline base: the state of one game and the hooks a discipline fills.

A discipline (8-ball, 9-ball, 14.1, Express) is a subclass of
:class:`Discipline` registered under its name and aliases, Russian names
included. It is pure: ``judge(state, shot, declarations)`` returns a Ruling and
the next state and changes nothing. The match (rules.referee) keeps the states.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Any, ClassVar, Generic, TypeVar

from rules.codes import Code
from rules.ruling import (
    BallInHand,
    Choice,
    Declarations,
    RulesError,
    Ruling,
    ShotRequirements,
)
from simulator.events import Shot
from simulator.specs import CUE_BALL
from simulator.state import TableState, Where


def expect_object(d: Any, where: str, known: Iterable[str] | None = None,
                  required: Iterable[str] = ()) -> Mapping[str, Any]:
    """``d`` if it is an object (a mapping) with no key outside ``known`` and
    every key in ``required``; otherwise RulesError naming the first problem."""
    if not isinstance(d, Mapping):
        raise RulesError(f"{where}: expected an object")
    if known is not None:
        unknown = set(d) - set(known)
        if unknown:
            raise RulesError(f"{where}.{sorted(unknown)[0]}: unknown key")
    for k in required:
        if k not in d:
            raise RulesError(f"{where}.{k}: missing")
    return d


@dataclass(frozen=True)
class GameState:
    """One game (one rack, or one 14.1 game of many racks) between shots.

    Players are indices. ``table`` is the position the next shot starts from
    (spots applied, racks made). Tuples hold one entry per player.
    """

    discipline: str
    players: int
    table: TableState
    shooter: int = 0
    breaker: int = 0
    ball_in_hand: BallInHand = BallInHand.KITCHEN
    is_break: bool = True
    pending: tuple[Choice, ...] = ()
    chooser: int | None = None
    offender: int | None = None
    scores: tuple[int, ...] = ()  # points (14.1)
    fouls: tuple[int, ...] = ()  # consecutive fouls per player
    warned: tuple[bool, ...] = ()  # 9-ball 11: warned after the second foul
    groups: tuple[str | None, ...] = ()  # 8-ball: "solids" / "stripes" / None
    push_out_allowed: bool = False  # 9-ball 5: this shot may be a push-out
    rail_safeties: tuple[int, ...] = ()  # 14.1 7.2: near-rail safeties used
    rack_seed: int = 0
    rack_no: int = 1
    inning: int = 1
    shots: int = 0
    game_over: bool = False
    winner: int | None = None
    break_rerack: bool = False  # 14.1: this break follows a full re-rack

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, TableState):
                out[f.name] = v.to_dict()
            elif isinstance(v, Enum):
                out[f.name] = v.value
            elif isinstance(v, tuple):
                out[f.name] = [x.value if isinstance(x, Enum) else x for x in v]
            else:
                out[f.name] = v
        return out

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], where: str = "state") -> GameState:
        """A state from plain data; missing keys keep their defaults."""
        expect_object(d, where, (f.name for f in fields(cls)),
                      ("discipline", "players", "table"))
        kw: dict[str, Any] = {}
        conv: dict[str, Callable[[Any], Any]] = {
            "table": TableState.from_dict,
            "ball_in_hand": BallInHand,
            "pending": lambda v: tuple(Choice(x) for x in v),
        }
        for k, v in d.items():
            try:
                if k in conv:
                    kw[k] = conv[k](v)
                elif isinstance(v, list):
                    kw[k] = tuple(v)
                else:
                    kw[k] = v
            except (ValueError, TypeError, KeyError) as e:
                raise RulesError(f"{where}.{k}: {e}") from None
        state = cls(**kw)
        state.check(where)
        return state

    def check(self, where: str = "state") -> None:
        """Raise RulesError naming the first field that cannot be."""
        n = self.players
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise RulesError(f"{where}.players: expected a number of players >= 1")
        for name in ("shooter", "breaker"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < n:
                raise RulesError(f"{where}.{name}: expected a player index 0-{n - 1}")
        for name in ("scores", "fouls", "warned", "groups", "rail_safeties"):
            v = getattr(self, name)
            if len(v) != n:
                raise RulesError(f"{where}.{name}: expected {n} entries, one a player")
        for name in ("scores", "fouls", "rail_safeties"):
            for i, x in enumerate(getattr(self, name)):
                if not isinstance(x, int) or isinstance(x, bool):
                    raise RulesError(f"{where}.{name}[{i}]: expected a whole number")
        for i, grp in enumerate(self.groups):
            if grp not in (None, "solids", "stripes"):
                raise RulesError(
                    f"{where}.groups[{i}]: expected null, solids or stripes")
        if self.chooser is not None and not 0 <= self.chooser < n:
            raise RulesError(f"{where}.chooser: expected a player index 0-{n - 1}")

    def with_(self, **kw: Any) -> GameState:
        return replace(self, **kw)


S = TypeVar("S", bound=GameState)


class Discipline(Generic[S]):
    """One game's rules. Subclasses override what differs.

    Class attributes: ``name`` (the registry key), ``aliases`` (other names,
    Russian included), ``table_kind`` ("pool" or "pyramid"), player limits,
    ``scoring`` ("race": games are counted; "points": a target score).
    """

    name: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    table_kind: ClassVar[str] = "pool"
    default_table: ClassVar[str] = "pool_9ft"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    scoring: ClassVar[str] = "race"
    default_break_order: ClassVar[str] = "winner"

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options: dict[str, Any] = dict(options or {})

    # -- hooks ---------------------------------------------------------------
    def new_game(self, players: int, breaker: int, rack_seed: int,
                 table: str, scores: tuple[int, ...] | None = None) -> S:
        raise NotImplementedError

    def requirements(self, state: S) -> ShotRequirements:
        raise NotImplementedError

    def judge(self, state: S, shot: Shot, decl: Declarations) -> tuple[Ruling, S]:
        raise NotImplementedError

    def choose(self, state: S, choice: Choice, ball: int | None = None) -> S:
        raise NotImplementedError

    def call_foul(self, state: S, code: Code) -> tuple[Ruling, S]:
        raise NotImplementedError

    def state_from_dict(self, d: Mapping[str, Any], where: str = "state") -> S:
        raise NotImplementedError

    # -- shared checks ---------------------------------------------------------
    def check_shot(self, state: S, shot: Shot) -> None:
        """The shot must start from the table the referee handed out: the
        same table, every object ball on or off the bed as it was."""
        if shot.initial.table != state.table.table:
            raise RulesError(f"shot.initial.table: expected {state.table.table!r}")
        for b in state.table.balls:
            if b.ball == CUE_BALL:
                continue
            try:
                s = shot.initial.ball(b.ball)
            except KeyError:
                if b.where is Where.TABLE:
                    raise RulesError(
                        f"shot.initial: ball {b.ball} is missing") from None
                continue
            if (s.where is Where.TABLE) != (b.where is Where.TABLE):
                raise RulesError(f"shot.initial: ball {b.ball} should be "
                                 f"{'on' if b.where is Where.TABLE else 'off'} "
                                 "the table")


_DISCIPLINES: dict[str, type[Discipline[Any]]] = {}
_ALIASES: dict[str, str] = {}


def register_discipline(cls: type[Discipline[Any]]) -> type[Discipline[Any]]:
    """Class decorator: find the discipline by name or any alias (any case)."""
    _DISCIPLINES[cls.name] = cls
    for a in (cls.name, *cls.aliases):
        _ALIASES[a.casefold()] = cls.name
    return cls


def discipline_class(name: str) -> type[Discipline[Any]]:
    key = _ALIASES.get(name.strip().casefold())
    if key is None:
        known = ", ".join(sorted(_DISCIPLINES))
        raise RulesError(f"discipline: unknown game {name!r}; known games: {known}")
    return _DISCIPLINES[key]


def discipline_names() -> tuple[str, ...]:
    return tuple(sorted(_DISCIPLINES))
