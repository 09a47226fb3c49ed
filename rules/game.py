"""The discipline base: what a discipline declares, the state of one game and
the hooks a discipline fills.

A discipline (8-ball, 9-ball, 14.1, Express) is a subclass of
:class:`Discipline` that declares its facts as data in a
:class:`DisciplineInfo` (names and aliases, players, table, ball set, groups,
calls, ball-in-hand regions, options, state type) and is listed in
:mod:`rules.registry`. It is pure: ``judge(state, shot, declarations)``
returns a Ruling and the next state and changes nothing. The match
(rules.referee) keeps the states.

Each discipline has its own state type: :class:`GameState` holds what every
game has (the table, who shoots, choices, scores, racks); a subclass adds its
game's fields, each declared with :func:`per_player` or :func:`scalar` so
loading, checking and the position editors read the fields from the type.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import MISSING, Field, dataclass, field, fields, replace
from enum import Enum
from typing import Any, ClassVar, Generic, TypeVar

from rules.codes import Code, Note, SeedRef
from rules.questions import LegalLook
from rules.ruling import (
    BallInHand,
    Choice,
    Declarations,
    Foul,
    Outcome,
    RulesError,
    Ruling,
    ShotRequirements,
)
from simulator.files.reasons import again
from simulator.table.events import EventKind, Shot
from simulator.table.specs import CUE_BALL, TableKind
from simulator.table.state import BallState, TableState, Where


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


# ---------------------------------------------------------------------------
# State fields as data

# Kinds of a state field's value (the position editors and the loaders read
# them): "player" (an index), "bool", "int", "str"; per player: "ints",
# "bools", "strs" (a string from ``values``, or null when ``optional``).
# A rack seed's range (64 bits unsigned) and where its top half begins.
_U64 = 2**64
_U63 = 2**63
KINDS = ("player", "bool", "int", "str", "ints", "bools", "strs")


def per_player(kind: str, blank: Any, values: tuple[str, ...] = (),
               optional: bool = False) -> Any:
    """A tuple with one entry per player; ``blank`` is each entry of a fresh
    game."""
    assert kind in ("ints", "bools", "strs")
    return field(default=(), metadata={"kind": kind, "per_player": True,
                                       "blank": blank, "values": values,
                                       "optional": optional})


def scalar(kind: str, default: Any, values: tuple[str, ...] = ()) -> Any:
    assert kind in ("player", "bool", "int", "str")
    return field(default=default, metadata={"kind": kind, "per_player": False,
                                            "values": values})


@dataclass(frozen=True)
class StateField:
    """One field of a discipline's state, as the registry states it."""

    name: str
    kind: str
    per_player: bool
    values: tuple[str, ...] = ()  # the strings it may hold ("strs", "str")
    optional: bool = False  # a per-player string may be null (8-ball groups)
    position: bool = False  # a set position (scenario, case) may give it


# Fields of the one state type every game used to share: a saved state of
# another discipline may still carry them; loading drops those its own type
# does not have.
LEGACY_FIELDS = frozenset({"fouls", "warned", "groups", "push_out_allowed",
                           "rail_safeties", "break_rerack"})


@dataclass(frozen=True)
class GameState:
    """One game (one rack, or one 14.1 game of many racks, or a whole Express
    match) between shots: what every discipline has.

    Players are indices. ``table`` is the position the next shot starts from
    (spots applied, racks made). Tuples hold one entry per player.
    """

    discipline: str
    players: int
    table: TableState
    shooter: int = scalar("player", 0)
    breaker: int = scalar("player", 0)
    ball_in_hand: BallInHand = BallInHand.KITCHEN
    is_break: bool = scalar("bool", True)
    pending: tuple[Choice, ...] = ()
    chooser: int | None = None
    offender: int | None = None
    scores: tuple[int, ...] = per_player("ints", 0)  # points (14.1, Express)
    rack_seed: int = 0
    rack_no: int = scalar("int", 1)
    inning: int = 1  # turns at the table: one more each time the shooter changes
    shots: int = 0  # strokes judged
    game_over: bool = False
    winner: int | None = None
    # General rule 6 (after rule 28 in 14.1): who breaks the new rack is
    # decided anew, by a lag or by the players, before anyone shoots.
    break_undecided: bool = False

    # The fields a set position (a practice scenario, a judging case) may give.
    position_fields: ClassVar[tuple[str, ...]] = (
        "shooter", "breaker", "is_break", "ball_in_hand", "scores")

    @classmethod
    def state_fields(cls) -> tuple[StateField, ...]:
        """Every declared field: its kind, per player or not, its values."""
        out: list[StateField] = []
        for f in fields(cls):
            m = f.metadata
            if "kind" in m:
                out.append(StateField(f.name, m["kind"], m["per_player"],
                                      tuple(m.get("values", ())),
                                      bool(m.get("optional", False)),
                                      f.name in cls.position_fields))
            elif f.name == "ball_in_hand":
                out.append(StateField(f.name, "str", False,
                                      tuple(b.value for b in BallInHand),
                                      position=f.name in cls.position_fields))
        return tuple(out)

    @classmethod
    def blank_fields(cls, players: int) -> dict[str, tuple[Any, ...]]:
        """The per-player fields of a fresh game."""
        return {f.name: (f.metadata["blank"],) * players for f in fields(cls)
                if f.metadata.get("per_player")}

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, TableState):
                out[f.name] = v.to_dict()
            elif isinstance(v, Enum):
                out[f.name] = v.value
            elif isinstance(v, tuple):
                out[f.name] = [list(x) if isinstance(x, tuple) else
                               x.value if isinstance(x, Enum) else x for x in v]
            elif f.name == "rack_seed" and v >= _U63:
                # A rack seed is 64 bits unsigned (splitmix64); files hold
                # signed 64-bit whole numbers, so the top half is written as
                # its two's complement, read back by ``convert``.
                out[f.name] = v - _U64
            else:
                out[f.name] = v
        return out

    @classmethod
    def convert(cls, key: str, value: Any) -> Any:
        """One value of the plain-data form as the field holds it."""
        conv: dict[str, Callable[[Any], Any]] = {
            "table": TableState.from_dict,
            "ball_in_hand": BallInHand,
            "pending": lambda v: tuple(Choice(x) for x in v),
        }
        if key in conv:
            return conv[key](value)
        if key == "rack_seed" and isinstance(value, int) and \
                not isinstance(value, bool) and -_U63 <= value < 0:
            return value + _U64  # the two's complement ``to_dict`` wrote
        if isinstance(value, list):
            return tuple(value)
        return value

    @classmethod
    def read_field(cls, key: str, value: Any, where: str) -> Any:
        """``convert``, its error (or the value's) naming the field at
        ``where``."""
        try:
            return cls.convert(key, value)
        except (RulesError, ValueError, TypeError, KeyError, IndexError) as e:
            raise again(RulesError, f"{where}: {e}", e) from None

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], where: str = "state") -> Any:
        """A state from plain data; missing keys keep their defaults. Keys of
        the former shared state that this discipline does not have are
        dropped (older saves); any other unknown key is an error."""
        names = {f.name for f in fields(cls)}
        d = {k: v for k, v in expect_object(d, where).items()
             if k in names or k not in LEGACY_FIELDS}
        expect_object(d, where, names, ("players", "table"))
        kw: dict[str, Any] = {}
        for k, v in d.items():
            kw[k] = cls.read_field(k, v, f"{where}.{k}")
        missing = [f.name for f in fields(cls) if f.name not in kw
                   and f.default is MISSING and f.default_factory is MISSING]
        for name in missing:
            if name == "discipline":
                continue
            raise RulesError(f"{where}.{name}: missing")
        kw.setdefault("discipline", cls.discipline_name())
        state = cls(**kw)
        state.check(where)
        return state

    @classmethod
    def discipline_name(cls) -> str:
        """The discipline a state of this type belongs to (set by the
        discipline module)."""
        return ""

    def check(self, where: str = "state") -> None:
        """Raise RulesError naming the first field that cannot be."""
        n = self.players
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise RulesError(f"{where}.players: expected a number of players >= 1")
        for f in fields(self):
            kind = f.metadata.get("kind")
            v = getattr(self, f.name)
            if kind == "player" and (not isinstance(v, int) or isinstance(v, bool)
                                     or not 0 <= v < n):
                raise RulesError(f"{where}.{f.name}: expected a player index "
                                 f"0-{n - 1}")
            if not f.metadata.get("per_player"):
                continue
            if not isinstance(v, tuple) or len(v) != n:
                raise RulesError(f"{where}.{f.name}: expected {n} entries, one a "
                                 "player")
            for i, x in enumerate(v):
                _check_entry(f, x, f"{where}.{f.name}[{i}]")
        for name in ("chooser", "offender", "winner"):
            v = getattr(self, name)
            if v is not None and (not isinstance(v, int) or isinstance(v, bool)
                                  or not 0 <= v < n):
                raise RulesError(f"{where}.{name}: expected a player index "
                                 f"0-{n - 1} or null")
        for name in ("rack_seed", "inning", "shots"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise RulesError(f"{where}.{name}: expected a whole number >= 0")
        for name in ("game_over", "break_undecided"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{where}.{name}: expected true or false")

    def with_(self, **kw: Any) -> Any:
        return replace(self, **kw)


def _check_entry(f: Field[Any], x: Any, where: str) -> None:
    kind = f.metadata["kind"]
    values = f.metadata.get("values", ())
    if kind == "ints" and (not isinstance(x, int) or isinstance(x, bool)):
        raise RulesError(f"{where}: expected a whole number")
    if kind == "bools" and not isinstance(x, bool):
        raise RulesError(f"{where}: expected true or false")
    if kind == "strs" and not (x is None and f.metadata.get("optional")) \
            and x not in values:
        words = (["null"] if f.metadata.get("optional") else []) + list(values)
        raise RulesError(f"{where}: expected {', '.join(words[:-1])} or {words[-1]}")


S = TypeVar("S", bound=GameState)


# ---------------------------------------------------------------------------
# What a discipline declares


@dataclass(frozen=True)
class BallGroup:
    """A set of object balls one player plays for (8-ball 7: solids, stripes)."""

    name: str
    balls: tuple[int, ...]


@dataclass(frozen=True)
class Calls:
    """What the shooter must (or may) announce before a stroke
    (``Declarations``): the per-shot answer is ``ShotRequirements``
    (``call_needed``, ``callable_balls``, ``allowed_declarations``)."""

    ball: bool = False  # a ball must be called (not on the break)
    pocket: bool = False  # with its pocket
    obvious_free: bool = False  # an obvious shot needs no call (8-ball 2)
    on_break: bool = False  # the break may be called (14.1 6.1)
    safety: bool = False  # a safety may be declared (8-ball 9, 14.1 7.4)
    push_out: bool = False  # the shot after the break may be a push-out (9-ball 5)
    ref: SeedRef | None = None


@dataclass(frozen=True)
class HandRule:
    """One place the cue ball may come into play from hand, when, and what
    may then be played directly (the per-shot answer is
    ``ShotRequirements.ball_in_hand`` and ``check_placement``)."""

    region: BallInHand
    ref: SeedRef
    # A short code: "break", "scratch", "foul", "scratch_on_break",
    # "foul_on_break", ... ("_on_break": after a foul on the break only).
    when: str
    direct: str = "any"  # "any" object ball, or only those "outside" the region
    frozen_allowed: bool = True  # 9-ball 9 (P12): not frozen to a ball


@dataclass(frozen=True)
class DisciplineInfo:
    """A discipline's facts as data: what the app, the loaders and a computer
    player ask without re-deriving a rule."""

    name: str  # the registry key, e.g. "8-ball"
    aliases: tuple[str, ...]  # other names, Russian included
    ref: SeedRef  # where its own rules are written (section, rule "")
    min_players: int
    max_players: int
    table_kind: TableKind
    default_table: str
    balls: tuple[int, ...]  # the object balls of the set
    options: type[Any]  # its options dataclass (``from_mapping``)
    state: type[GameState]  # its state type
    groups: tuple[BallGroup, ...] = ()
    game_ball: int | None = None  # the ball that decides the game (8, 9)
    # The rule that makes it decide the game (8-ball 1, 9-ball 1: the game is
    # won by pocketing it), so a set position of a game in play has it.
    game_ball_ref: SeedRef | None = None
    calls: Calls = Calls()
    hand: tuple[HandRule, ...] = ()
    scoring: str = "race"  # "race": games are counted; "points": a target score
    default_break_order: str = "winner"
    # The game's own rule for that default (8-ball rule 4: players
    # alternate); None: general rule 29's (the winner breaks).
    break_order_ref: SeedRef | None = None
    lag: bool = True  # the break may be decided by a lag (two players)
    # The incoming player's choices the game can offer (the open ones are
    # ``ShotRequirements.pending``).
    choices: tuple[Choice, ...] = ()
    # The fouls and losses players meet most in this game, most common first
    # (a quiz offers them as answers).
    common_fouls: tuple[Code, ...] = ()
    # Sections of its rule book that apply to it besides its own (the
    # general pool rules for 8-ball, 9-ball and 14.1).
    shared_sections: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)

    @property
    def rule_sections(self) -> tuple[str, ...]:
        """The rule-book sections its rulings may cite, its own first."""
        return (self.ref.section, *self.shared_sections)

    def state_fields(self) -> tuple[StateField, ...]:
        return self.state.state_fields()

    def position_fields(self) -> tuple[StateField, ...]:
        """The state fields a set position may give (practice scenarios,
        judging cases, the position editor)."""
        return tuple(f for f in self.state_fields() if f.position)

    def option_fields(self) -> tuple[str, ...]:
        """The names of the discipline's own options (the match's shared
        options, race_to, break_order..., are the Match's)."""
        return tuple(f.name for f in fields(self.options))

    def group(self, name: str) -> BallGroup:
        for grp in self.groups:
            if grp.name == name:
                return grp
        raise KeyError(name)


# ---------------------------------------------------------------------------
# The scoreboard, as codes the app words


@dataclass(frozen=True)
class Line:
    """One line of a scoreboard: a locale key (``assets/locale/*/ui.json``)
    and its values. A value under ``player`` is a player index (the app puts
    the name); a ``status`` value is a word the app translates."""

    key: str
    args: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerScore:
    """One player's card: the score (games won in a race, points
    otherwise), the lines under it, the balls to draw beside the name (8-ball:
    the own group still on the table) and whether he is out (Express);
    ``unit``, a locale key in plural forms, names what the score counts
    where the number alone does not say it (Express: points); ``change``,
    what the last ruling did to the score (0: nothing to show)."""

    score: int
    lines: tuple[Line, ...] = ()
    balls: tuple[int, ...] = ()
    out: bool = False
    unit: str = ""
    change: int = 0


@dataclass(frozen=True)
class Scoreboard:
    players: tuple[PlayerScore, ...]
    centre: tuple[Line, ...] = ()


@dataclass(frozen=True)
class MatchView:
    """What a scoreboard needs from the match besides the game's state."""

    games_won: tuple[int, ...]
    game_number: int
    options: Mapping[str, Any]
    requirements: ShotRequirements | None  # None once the match is over
    history: tuple[Mapping[str, Any], ...] = ()
    rulings: tuple[Ruling | None, ...] = ()

    def high_run(self, player: int) -> int:
        """The longest run of points in consecutive shots by ``player``."""
        best = run = 0
        for act, rul in zip(self.history, self.rulings, strict=False):
            if rul is None or act.get("type") != "shot":
                continue
            if rul.shooter == player and rul.points and rul.points[player] > 0:
                run += rul.points[player]
                best = max(best, run)
            elif rul.shooter == player:
                run = 0
        return best


# ---------------------------------------------------------------------------
# Options

# Keys the Match reads for every discipline (rules.referee); a discipline's
# options dataclass ignores them.
SHARED_OPTIONS = ("race_to", "target", "break_order", "first_breaker", "lag",
                  "table")


def check_option_keys(d: Mapping[str, Any], cls: type[Any], game: str) -> None:
    names = {f.name for f in fields(cls)}
    for k in d:
        if k not in names and k not in SHARED_OPTIONS:
            known = ", ".join(sorted(names)) or "none"
            raise RulesError(f"options.{k}: unknown {game} option; known: {known}")


@dataclass(frozen=True)
class NoOptions:
    """A discipline with no options of its own."""

    @classmethod
    def from_mapping(cls, d: Mapping[str, Any]) -> NoOptions:
        return cls()


# ---------------------------------------------------------------------------
# The discipline


class Discipline(Generic[S]):
    """One game's rules. Subclasses declare ``info`` and override what differs.

    ``name``, ``aliases``, ``table_kind``, ``default_table``, the player
    limits, ``scoring`` and ``default_break_order`` are copied from ``info``
    for short access.
    """

    info: ClassVar[DisciplineInfo]
    name: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    table_kind: ClassVar[str] = "pool"
    default_table: ClassVar[str] = "pool_9ft"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    scoring: ClassVar[str] = "race"
    default_break_order: ClassVar[str] = "winner"

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        info = cls.__dict__.get("info")
        if isinstance(info, DisciplineInfo):
            cls.name = info.name
            cls.aliases = info.aliases
            cls.table_kind = info.table_kind.value
            cls.default_table = info.default_table
            cls.min_players = info.min_players
            cls.max_players = info.max_players
            cls.scoring = info.scoring
            cls.default_break_order = info.default_break_order

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options: dict[str, Any] = dict(options or {})

    # -- hooks ---------------------------------------------------------------
    def new_game(self, players: int, breaker: int, rack_seed: int,
                 table: str, scores: tuple[int, ...] | None = None) -> S:
        raise NotImplementedError

    def requirements(self, state: S) -> ShotRequirements:
        raise NotImplementedError

    def judge(self, state: S, shot: Shot, decl: Declarations,
              called: Sequence[Code] = ()) -> tuple[Ruling, S]:
        """The ruling on ``shot``; ``called``: fouls a person saw in it that
        no event shows (``stroke_called``), counted with the rest."""
        raise NotImplementedError

    def legal_looks(self, state: S, shot: Shot, ruling: Ruling
                    ) -> tuple[LegalLook, ...]:
        """What made ``shot``, played from ``state`` and judged ``ruling``
        without a foul, look like a foul, each read from the fact the
        referee judged it by (none by default)."""
        return ()

    def stroke_called(self, state: S, code: Code) -> Foul:
        """A foul a person saw in a stroke played from ``state`` (the
        referee's call on the last shot), as the ruling cites it; RulesError
        when this game does not take it as a stroke's foul."""
        raise RulesError(f"code: {code.id} is not called on a shot in {self.name}")

    def choose(self, state: S, choice: Choice, ball: int | None = None) -> S:
        raise NotImplementedError

    def call_foul(self, state: S, code: Code) -> tuple[Ruling, S]:
        raise NotImplementedError

    def scoreboard(self, state: S, view: MatchView) -> Scoreboard:
        """The scoreboard of the game as codes: by default the score of each
        player (games won in a race, points otherwise)."""
        race = self.scoring == "race"
        return Scoreboard(tuple(
            PlayerScore(view.games_won[i] if race else state.scores[i])
            for i in range(state.players)))

    def summary(self, state: S) -> dict[str, Any]:
        """The standing after a judged case, as plain data (``python -m rules
        judge --next``): the scores and the game's own counts."""
        return {"scores": list(state.scores)}

    def in_play(self, state: S) -> tuple[int, ...]:
        """The players still in the game (of three or more in Express, those
        not out): conceding with two in play ends the match."""
        return tuple(range(state.players))

    def call_foul_by(self, state: S, code: Code, player: int | None
                     ) -> tuple[Ruling, S]:
        """A called foul charged to ``player`` (default the shooter); a game
        that charges another player (Express R7) overrides this."""
        if player is not None and player != state.shooter:
            raise RulesError(f"player: in {self.name} a called foul is the "
                             "shooter's")
        return self.call_foul(state, code)

    # -- a set position (judging cases, practice scenarios) --------------------
    def position_state(self, base: S, values: Mapping[str, Any], where: str) -> S:
        """The fresh game ``base`` with a set position's ``values`` (already
        checked by kind); a game with derived fields fills them here."""
        try:
            return replace(base, **values)
        except TypeError as e:
            raise RulesError(f"{where}: {e}") from None

    # Where the cue ball may be in hand on this game's table.
    hand_values: ClassVar[tuple[BallInHand, ...]] = tuple(BallInHand)

    def check_position(self, state: S, where: str = "state",
                       table_where: str = "") -> None:
        """Refuse a position no game of this discipline can reach (RulesError
        naming the field); the state's own ``check`` has passed.
        ``table_where``: how the file names the table (default
        ``<where>.table``). Shared here: ball in hand only in the table's
        regions, a break from hand with every ball of the set racked, a cue
        ball in hand where the requirements allow it."""
        tw = table_where or f"{where}.table"
        hand = state.ball_in_hand
        if hand not in self.hand_values:
            kind = self.info.table_kind.value
            raise RulesError(f"{where}.ball_in_hand: expected one of "
                             f"{', '.join(h.value for h in self.hand_values)} on a "
                             f"{kind} table, got {hand.value!r}",
                             "hand_not_on_this_table", region=hand.value)
        on = set(state.table.on_table())
        if state.is_break:
            need = next(h.region for h in self.info.hand if h.when == "break")
            if hand is not need:
                raise RulesError(f"{where}.ball_in_hand: a break is played with "
                                 f"the cue ball in hand in the {need.value}",
                                 "break_from_hand", region=need.value)
            missing = [b for b in self.info.balls if b not in on]
            if missing:
                raise RulesError(f"{where}.is_break: a break needs the full rack; "
                                 f"ball {missing[0]} is not on the table",
                                 "break_full_rack", ball=missing[0])
        if hand is not BallInHand.NONE and not state.pending:
            cue = state.table.position(CUE_BALL)
            req = self.requirements(state)
            why = None if cue is None else req.check_placement(state.table, *cue)
            if why is not None and cue is not None:
                raise RulesError(f"{tw}.0: the cue ball in hand may not be placed "
                                 f"at ({cue[0]:.4f}, {cue[1]:.4f}): {why.id}",
                                 "cue_ball_placement", code=why.id)

    def check_game_ball(self, state: S, table_where: str = "table") -> None:
        """The ball that decides the game is on the table of a game in play
        (8-ball 1, 9-ball 1): down, it ended the game or was spotted (the 9
        after a foul, 9-ball 6). A choice still open (the 8 pocketed on the
        break, 8-ball 5) is left to the choice. Asked of a position saved as
        playable (the editor); a judging case or a test may set fewer balls."""
        ball, ref = self.info.game_ball, self.info.game_ball_ref
        if ball is None or ref is None or state.pending or \
                ball in state.table.on_table():
            return
        raise RulesError(f"{table_where}.{ball}: missing: ball {ball} decides "
                         f"the game ({ref}), a game in play has it on the table",
                         "game_ball_missing", ball=ball, ref=ref)

    def with_breaker(self, state: S, breaker: int) -> S:
        """The state with the break given to ``breaker`` once the players
        decided it anew (general rule 6, after rule 28 in 14.1)."""
        return replace(state, breaker=breaker, shooter=breaker,
                       break_undecided=False)

    def state_from_dict(self, d: Mapping[str, Any], where: str = "state") -> S:
        state: S = self.info.state.from_dict(d, where)
        if state.discipline != self.name:
            raise RulesError(f"{where}.discipline: expected {self.name!r}")
        return state

    # -- general rule 23: a ball that touched something off the table ---------
    def judge_jumped(self, state: S, shot: Shot, decl: Declarations,
                     balls: Iterable[int], called: Sequence[Code] = ()
                     ) -> tuple[Ruling, S]:
        """The shot judged with ``balls`` off the table (general rule 23,
        pyramid digest §2.10): the referee saw them touch something that is
        not part of the table, though they rolled back onto the bed by
        themselves. The ruling says so (``jumped_note``)."""
        marked = with_jumped(shot, balls)
        ruling, new = self.judge(state, marked, decl, called)
        notes = tuple(self.jumped_note(b, left_bed_event(shot, b))
                      for b in dict.fromkeys(balls))
        return replace(ruling, notes=(*ruling.notes, *notes)), new

    def jumped_note(self, ball: int, event: int | None) -> Outcome:
        code = Note.JUMPED_CALLED
        return Outcome(code, code.ref, event, (ball,))

    # Outside interference, the position restored, as the game cites it.
    interference_note: ClassVar[Code] = Note.OUTSIDE_INTERFERENCE

    def call_rules(self) -> tuple[SeedRef, SeedRef]:
        """The rules a person's calls the shot's log cannot show are made
        under, as the game cites them: a ball that touched something off the
        table (general rule 23) and outside interference (general rule 28)."""
        return self.jumped_note(0, None).ref, self.interference_note.ref

    # -- the state after a ruling ----------------------------------------------
    def settle(self, state: S, ruling: Ruling, table: TableState | None = None,
               *, stroke: bool = True, **own: Any) -> S:
        """The state that follows from ``ruling``: what every game derives
        the same way, once. ``table`` is where the balls are for the next
        shot (spots made, a cue ball in hand set down; default: unchanged);
        ``stroke``: a stroke was judged (False for a foul a person called);
        ``own`` sets the discipline's own fields (foul counts, groups...) and
        anything a rule does differently (a new rack).

        From the ruling: the next shooter, ball in hand, the open choices and
        who makes them (the shooter is then the offender), scores changed by
        the points, the end of the game. A stroke ends the break unless an
        open choice may have it played again; the inning counts a change of
        shooter. A replay changes nothing but the points and ``own`` (a
        player who interfered pays, Express R7)."""
        scores = tuple(s + p for s, p in zip(state.scores, ruling.points,
                                             strict=True)) \
            if ruling.points else state.scores
        if ruling.replay:  # the position is restored; only a penalty stands
            return replace(state, scores=scores, **own) if own or \
                scores != state.scores else state
        new_shooter = ruling.next_shooter
        kw: dict[str, Any] = {
            "table": state.table if table is None else table,
            "shooter": new_shooter,
            "ball_in_hand": ruling.ball_in_hand,
            "pending": ruling.options,
            "chooser": ruling.chooser if ruling.options else None,
            "offender": state.shooter if ruling.options else None,
            "scores": scores,
            "is_break": state.is_break and stroke and bool(
                set(ruling.options) & REBREAK_CHOICES),
            "shots": state.shots + stroke,
            "inning": state.inning + (new_shooter != state.shooter),
            "game_over": ruling.game_over,
            "winner": ruling.winner,
        }
        kw.update(own)
        return replace(state, **kw)

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


def left_bed_event(shot: Shot, ball: int) -> int | None:
    """The first event of ``ball`` leaving the bed (airborne, or onto the
    rail or off the table), None if it never did."""
    for i, e in enumerate(shot.events):
        if e.kind in (EventKind.AIRBORNE, EventKind.LEFT_TABLE) and ball in e.balls:
            return i
    return None


def with_jumped(shot: Shot, balls: Iterable[int]) -> Shot:
    """The shot as the referee judges it after a general rule 23 call: each
    ball of ``balls`` off the table at the end. Any ball that left the bed in
    this shot may be called, wherever it ended: one back on the bed or in a
    pocket touched something off the table on the way (rule 23: jumped all
    the same), one already off the table stays there (the call confirms it).
    RulesError if a ball never left the bed in this shot."""
    final = shot.final
    for b in dict.fromkeys(balls):
        if isinstance(b, bool) or not isinstance(b, int) or not 0 <= b <= 15:
            raise RulesError(f"jumped: {b!r} is not a ball number")
        try:
            where = final.ball(b).where
        except KeyError:
            raise RulesError(f"jumped: ball {b} is not in play") from None
        if left_bed_event(shot, b) is None:
            raise RulesError(f"jumped: ball {b} never left the bed in this shot")
        if where is not Where.OFF_TABLE:
            final = final.with_ball(BallState(b, Where.OFF_TABLE))
    return replace(shot, final=final)


# Choices after a break that have it played again: the break stays open
# while they are pending (8-ball 5, 14.1 6).
REBREAK_CHOICES = frozenset({Choice.RERACK_BREAK, Choice.RERACK_OFFENDER_BREAKS,
                             Choice.RE_BREAK})
