"""Matches and turn flow, in the spirit of python-chess's Board.

A :class:`Match` holds the players (by index), the discipline, the options and
a stack of snapshots. ``requirements()`` says what the next shot needs,
``table()`` where the balls are, ``judge()`` what a shot would mean (pure),
``apply()`` plays it, ``choose()`` records the incoming player's decision,
``call_foul()`` records a foul only a person can see, ``undo()`` goes back.
``to_dict()`` / ``from_dict()`` store the inputs; replaying them reproduces the
match exactly. Each stored step also keeps its record (``step_record``: who
acted, what was declared, called or chosen, the ruling), which loading keeps
as it was and ``kiy verify`` compares with a new replay. Racks are shuffled
from the match seed, never from a clock.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import zlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from rules.codes import Code, LossCode, Note, SeedRef, code_by_id, g
from rules.game import Discipline, GameState, MatchView, Scoreboard
from rules.general import LagResult, judge_lag
from rules.registry import discipline_class
from rules.ruling import (
    BallInHand,
    Choice,
    Declarations,
    Outcome,
    RulesError,
    Ruling,
    ShotRequirements,
)
from simulator.files.atomic import atomic_write
from simulator.files.inputs import MAX_SAVE_BYTES, InputError, read_json
from simulator.files.reasons import again
from simulator.table.events import (
    REFERENCE_MODELS,
    EventKind,
    Shot,
    Stroke,
    events_from_list,
    models_problem,
)
from simulator.table.state import StateError, TableState, Where

BREAK_ORDERS = ("winner", "alternate", "loser", "trailing")
MATCH_FORMAT = "kiy-match"
MATCH_VERSION = 1
MAX_NAME = 40  # characters in a player's name, at every entry point
# The ranges of the shared options and the seed: the same checks for a new
# match and for one read from a file, so Kiy never writes what it would
# refuse to read (docs/formats.md lists every range).
RACE_TO = (1, 1000)
TARGET = (1, 100_000)
SEED = (-(2**63) + 1, 2**63 - 1)


def _shown_name(seat: str) -> str:
    """The name a seat shows: a computer seat named by a player
    (``cpu:LEVEL:NAME``) shows its NAME, the level being no part of it."""
    head, _, rest = seat.partition(":")
    if head.strip().casefold() == "cpu" and ":" in rest:
        return rest.partition(":")[2]
    return seat


def mix_seed(seed: int, n: int) -> int:
    """A 64-bit seed for game n of a match (splitmix64): same inputs, same rack."""
    z = (seed * 0x9E3779B97F4A7C15 + n * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)


def shot_from_dict(d: Any, where: str = "shot") -> Shot:
    """A Shot from its to_dict() form; the stroke may be left out (judging
    cases need only the events and the two states)."""
    if not isinstance(d, Mapping):
        raise RulesError(f"{where}: expected an object")
    try:
        initial = TableState.from_dict(d["initial"])
    except KeyError:
        raise RulesError(f"{where}.initial: missing") from None
    except StateError as e:
        raise again(RulesError, f"{where}.initial: {e}", e) from None
    try:
        final = TableState.from_dict(d["final"]) if "final" in d else initial
    except StateError as e:
        raise again(RulesError, f"{where}.final: {e}", e) from None
    raw_events = d.get("events", [])
    if not isinstance(raw_events, list):
        raise RulesError(f"{where}.events: expected a list")
    try:
        events = events_from_list(raw_events)
    except ValueError as e:
        raise RulesError(f"{where}.{e}") from None
    try:
        stroke = Stroke.from_dict(d.get("stroke", {"direction": 0.0, "speed": 1.0}))
    except ValueError as e:
        raise RulesError(f"{where}.{e}") from None
    also: list[tuple[int, Stroke]] = []
    raw_also = d.get("also", [])
    if not isinstance(raw_also, list):
        raise RulesError(f"{where}.also: expected a list of [ball, stroke]")
    for i, item in enumerate(raw_also):
        if (not isinstance(item, list) or len(item) != 2
                or not isinstance(item[0], int) or isinstance(item[0], bool)
                or not isinstance(item[1], Mapping)):
            raise RulesError(f"{where}.also[{i}]: expected [ball, stroke]")
        try:
            also.append((item[0], Stroke.from_dict(item[1])))
        except ValueError as e:
            raise RulesError(f"{where}.also[{i}].{e}") from None
    dur = d.get("duration", 0.0)
    if isinstance(dur, bool) or not isinstance(dur, int | float) \
            or not 0.0 <= dur < 1e6:
        raise RulesError(f"{where}.duration: expected seconds, a number >= 0")
    models = d.get("models", REFERENCE_MODELS)
    if not isinstance(models, str):
        raise RulesError(f"{where}.models: expected the name of the contact laws")
    problem = models_problem(models)
    if problem is not None:
        raise RulesError(f"{where}.models: {problem}")
    build = d.get("physics", 0)
    if isinstance(build, bool) or not isinstance(build, int) or not 0 <= build < 10**6:
        raise RulesError(f"{where}.physics: expected the physics' build, a whole "
                         "number from 0")
    return Shot(initial, stroke, events, final, duration=float(dur),
                also=tuple(also), models=models, physics=build)


def check_recorded(shot: Shot, table: TableState | None, where: str) -> None:
    """A stored shot must be one the physics could have returned: it starts
    from the table the referee handed out (the cue ball may have been placed),
    and its events agree with its final table (a pot added by hand, or a ball
    taken off the final table by hand, is caught here)."""
    if table is not None:
        if shot.initial.table != table.table:
            raise RulesError(f"{where}.initial.table: expected {table.table!r}")
        for b in table.balls:
            if b.ball == 0 or b.where is not Where.TABLE:
                continue
            try:
                s = shot.initial.ball(b.ball)
            except KeyError:
                raise RulesError(f"{where}.initial: ball {b.ball} is missing"
                                 ) from None
            if s.where is not Where.TABLE or (s.x, s.y) != (b.x, b.y):
                raise RulesError(f"{where}.initial: ball {b.ball} is not where the "
                                 "previous shot left it")
    known = set(shot.initial.spec.balls.ids)
    for i, e in enumerate(shot.events):
        for n in e.balls:
            if n not in known:
                raise RulesError(f"{where}.events[{i}].balls: no ball {n} on "
                                 f"{shot.initial.table}")
    dropped = {e.balls[0] for e in shot.events
               if e.kind is EventKind.POCKETED and e.balls}
    left = {e.balls[0] for e in shot.events
            if e.kind is EventKind.LEFT_TABLE and e.balls}
    for b in shot.initial.balls:
        if b.where is not Where.TABLE:
            continue
        try:
            f = shot.final.ball(b.ball)
        except KeyError:
            raise RulesError(f"{where}.final: ball {b.ball} is missing") from None
        if (f.where is Where.POCKETED) != (b.ball in dropped):
            said = "dropped" if b.ball in dropped else "did not drop"
            raise RulesError(f"{where}: by the events ball {b.ball} {said}, the "
                             "final table says otherwise")
        if (f.where is Where.OFF_TABLE) != (b.ball in left - dropped):
            raise RulesError(f"{where}: ball {b.ball} left the table by the events "
                             "or by the final table, not by both")
    times = [e.time for e in shot.events]
    if any(b < a for a, b in itertools.pairwise(times)):
        raise RulesError(f"{where}.events: not in time order")


class Action(Mapping[str, Any]):
    """One step of a match as stored (``{"type": "shot", "shot": ...}``), read
    like the plain dict it was made from. A shot's record (its events are most
    of a match's memory) is kept as compressed JSON and decoded when read, so a
    long match costs a few kilobytes a shot, not tens. ``to_dict()`` (also the
    JSON ``default`` of the savers) gives the plain dict back."""

    __slots__ = ("_fields", "_packed")

    def __init__(self, fields: Mapping[str, Any]) -> None:
        head = dict(fields)
        packed: dict[str, bytes] = {}
        for key in PACKED_KEYS:
            if isinstance(head.get(key), Mapping):
                text = json.dumps(head.pop(key), separators=(",", ":"),
                                  allow_nan=False)
                packed[key] = zlib.compress(text.encode("utf-8"), 1)
        self._fields = head
        self._packed = packed

    def __getitem__(self, key: str) -> Any:
        if key in self._packed:
            return json.loads(zlib.decompress(self._packed[key]))
        return self._fields[key]

    def __iter__(self) -> Iterator[str]:
        yield from self._fields
        yield from self._packed

    def __len__(self) -> int:
        return len(self._fields) + len(self._packed)

    def __contains__(self, key: object) -> bool:
        return key in self._fields or key in self._packed

    def get(self, key: str, default: Any = None) -> Any:
        # Mapping.get would decode a packed shot only to test for it.
        if key in self._packed:
            return self[key]
        return self._fields.get(key, default)

    def to_dict(self) -> dict[str, Any]:
        return {k: self[k] for k in self}

    def replaced(self, key: str, value: Any) -> Action:
        """This step with ``key`` set to ``value`` (None: removed); the other
        packed fields are shared, not packed again."""
        out = Action.__new__(Action)
        out._fields = {k: v for k, v in self._fields.items() if k != key}
        out._packed = {k: v for k, v in self._packed.items() if k != key}
        if value is not None:
            if key in PACKED_KEYS and isinstance(value, Mapping):
                text = json.dumps(value, separators=(",", ":"), allow_nan=False)
                out._packed[key] = zlib.compress(text.encode("utf-8"), 1)
            else:
                out._fields[key] = value
        return out

    def packed(self) -> dict[str, bytes]:
        """The fields kept compressed, as they are kept (the autosave journal
        writes these bytes without decoding them)."""
        return dict(self._packed)

    def __repr__(self) -> str:
        return f"Action({self._fields!r}, packed={sorted(self._packed)})"


# What an action keeps compressed (the journal writes these bytes as they are).
PACKED_KEYS = ("shot", "record")


def action_json(value: object) -> dict[str, Any]:
    """``json.dumps(..., default=action_json)``: an Action as its plain dict."""
    if isinstance(value, Action):
        return value.to_dict()
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


# What a step's record repeats of the step itself: declarations and the
# referee's calls of a shot, a called foul's code, a choice, the lag's balls.
RECORDED_INPUTS = ("declarations", "jumped", "code", "on", "choice", "ball",
                   "balls")


def ruling_record(ruling: Ruling) -> dict[str, Any]:
    """A ruling as a step's record keeps it: ``Ruling.to_dict()`` without the
    seed references (they follow from the codes) and the discipline."""
    d = ruling.to_dict()
    d.pop("discipline", None)
    for key in ("fouls", "notes"):
        d[key] = [{k: v for k, v in e.items() if k != "ref"} for e in d[key]]
    if isinstance(d.get("penalty"), dict):
        d["penalty"] = {k: v for k, v in d["penalty"].items() if k != "ref"}
    return d


def step_record(step: int, action: Mapping[str, Any], ruling: Ruling | None,
                players: Sequence[str], by: int | None,
                lag_winner: int | None = None) -> dict[str, Any]:
    """What a step was when it was played, kept with it in the save: its place
    in the match, who acted (by name), what was declared, called or chosen,
    and the referee's ruling (the lag's winner). ``kiy verify`` compares it
    with what the referee gives when the step is replayed."""
    rec: dict[str, Any] = {"step": step,
                           "by": None if by is None else players[by]}
    for key in RECORDED_INPUTS:
        if key in action:
            rec[key] = action[key]
    if ruling is not None:
        rec["ruling"] = ruling_record(ruling)
    if action.get("type") == "lag":
        rec["winner"] = None if lag_winner is None else players[lag_winner]
    return rec


@dataclass(frozen=True)
class _Snap:
    """The match between two steps (what undo goes back to)."""

    game: GameState
    games_won: tuple[int, ...]
    game_no: int  # the racks set up so far (a replayed game's new rack counts)
    lag_pending: bool
    lag_winner: int | None
    over: bool
    winner: int | None
    # Games replayed (general rule 28 not restorable, 8-ball 16): racked
    # anew, but the same game of the match.
    replays: int = 0
    # The game this step ended when the match went on to the next one, as
    # its last step left it (the next game is racked at once; the window
    # shows this one until the players move on). Only on that step's snap.
    ended: GameState | None = None

    @property
    def lag_due(self) -> bool:
        """A lag decides the break before the next shot: the match's first
        (option ``lag``), or a new rack's in mid-game (general rule 6 after
        rule 28 in 14.1)."""
        return self.lag_winner is None and (
            self.lag_pending or self.game.break_undecided)


def _same_key(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    """Two scoreboard keys (``Match._board_key``): the same objects and options."""
    return a[0] == b[0] and all(x is y for x, y in zip(a[1:4], b[1:4], strict=True)) \
        and a[4] == b[4]


class Match:
    """A match of two or more players in one discipline."""

    def __init__(self, players: Sequence[str], discipline: str,
                 options: Mapping[str, Any] | None = None, seed: int = 0) -> None:
        if not isinstance(players, list | tuple) or \
                not all(isinstance(p, str) for p in players):
            raise RulesError("players: expected a list of names")
        self.players: tuple[str, ...] = tuple(players)
        for i, p in enumerate(self.players):
            if len(_shown_name(p)) > MAX_NAME:
                raise RulesError(f"players[{i}]: a name of {len(p)} characters; "
                                 f"at most {MAX_NAME}")
        if not isinstance(discipline, str):
            raise RulesError("discipline: expected a game name")
        cls = discipline_class(discipline)
        n = len(self.players)
        if not cls.min_players <= n <= cls.max_players:
            raise RulesError(
                f"players: {cls.name} is for {cls.min_players}-{cls.max_players} "
                f"players, not {n}")
        opts = dict(options or {})
        self.options: dict[str, Any] = _check_options(opts, cls, n)
        self.discipline: Discipline[Any] = cls(self.options)
        if not isinstance(seed, int) or isinstance(seed, bool) or \
                not SEED[0] <= seed <= SEED[1]:
            raise RulesError("seed: expected a whole number within 64 bits")
        self.seed = seed
        first = int(self.options.get("first_breaker", 0))
        game = self._new_game(first, 1, None)
        lag = bool(self.options.get("lag", False))
        self._stack: list[_Snap] = [
            _Snap(game, (0,) * n, 1, lag, None, False, None)]
        self._log: list[Action] = []
        self._rulings: list[Ruling | None] = []
        self._start: GameState | None = None  # a set starting position
        self._board: tuple[tuple[Any, ...], Scoreboard] | None = None  # see scoreboard

    @classmethod
    def from_state(cls, players: Sequence[str], discipline: str, state: GameState,
                   options: Mapping[str, Any] | None = None, seed: int = 0) -> Match:
        """A match that starts from a set position (a practice situation): the
        given game state instead of a fresh rack. It is stored with the match,
        so saving and undo work as for any match."""
        m = cls(players, discipline, options, seed)
        if state.players != len(m.players):
            raise RulesError(f"state.players: {state.players} players in the state, "
                             f"{len(m.players)} in the match")
        if m.discipline.state_from_dict(state.to_dict()) != state:
            raise RulesError("state: does not belong to this discipline")
        state.table.validate()
        first = m._stack[0]
        m._stack = [replace(first, game=state, lag_pending=False)]
        m._start = state
        return m

    # -- queries -------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.discipline.name

    @property
    def state(self) -> GameState:
        return self._stack[-1].game

    @property
    def games_won(self) -> tuple[int, ...]:
        return self._stack[-1].games_won

    @property
    def game_number(self) -> int:
        """The game of the match being played: a replayed game keeps its
        number (general rule 28, 8-ball 16)."""
        snap = self._stack[-1]
        return snap.game_no - snap.replays

    @property
    def scores(self) -> tuple[int, ...]:
        return self.state.scores

    @property
    def over(self) -> bool:
        return self._stack[-1].over

    @property
    def winner(self) -> int | None:
        return self._stack[-1].winner

    @property
    def history(self) -> tuple[Action, ...]:
        return tuple(self._log)

    @property
    def rulings(self) -> tuple[Ruling | None, ...]:
        """The ruling of every step so far (None for a choice)."""
        return tuple(self._rulings)

    @property
    def ended_game(self) -> GameState | None:
        """The game the last step ended, where its balls stopped, when the
        match went on to another (``state`` is that one's new rack already);
        None when the last step ended no game, or ended the match."""
        return self._stack[-1].ended

    def ended_before(self, step: int) -> GameState | None:
        """The game step ``step - 1`` ended, where its balls stopped (step
        ``step`` then came at the next rack); None when it ended none."""
        return self._stack[step].ended

    def was_break(self, step: int) -> bool:
        """Whether step ``step`` of the history was played as a break (the
        game as it stood before it)."""
        return bool(self._stack[step].game.is_break)

    def state_before(self, step: int) -> GameState:
        """The game as it stood before step ``step`` of the history."""
        return self._stack[step].game

    def table(self) -> TableState:
        """Where the balls are for the next shot (racked, balls spotted)."""
        return self.state.table

    def requirements(self) -> ShotRequirements:
        snap = self._stack[-1]
        if snap.over:
            raise RulesError("match: the match is over")
        if snap.lag_pending:
            return ShotRequirements(self.name, self.state.table.table, 0,
                                    BallInHand.KITCHEN, is_lag=True)
        if snap.lag_winner is not None:
            return ShotRequirements(self.name, self.state.table.table,
                                    snap.lag_winner,
                                    pending=(Choice.BREAK, Choice.GIVE_BREAK),
                                    chooser=snap.lag_winner)
        return self.discipline.requirements(self.state)

    def scoreboard(self, table: TableState | None = None) -> Scoreboard:
        """The scoreboard as codes for the app to word (``Line.key`` is a
        locale key of ``assets/locale/*/ui.json``); ``table``: the balls as
        a shot being shown has left them so far (a ball counts as gone once
        it drops, not when the shot is judged), the game otherwise as now.
        The one now is kept until the match changes (a window asks every frame)."""
        if table is None:
            held = self._board
            now = self._board_key()
            if held is not None and _same_key(held[0], now):
                return held[1]
            board = self._scoreboard(None)
            self._board = (now, board)
            return board
        return self._scoreboard(table)

    def _board_key(self) -> tuple[Any, ...]:
        """What the scoreboard now reads: the last snapshot, action and
        ruling (frozen; any step, undo or replaced ruling changes one) and
        the options."""
        return (len(self._stack), self._stack[-1],
                self._log[-1] if self._log else None,
                self._rulings[-1] if self._rulings else None, dict(self.options))

    def _scoreboard(self, table: TableState | None) -> Scoreboard:
        view = MatchView(self.games_won, self.game_number, dict(self.options),
                         None if self.over else self.requirements(),
                         self.history, self.rulings)
        state = self.state if table is None else replace(self.state, table=table)
        return self.discipline.scoreboard(state, view)

    def ended_scoreboard(self) -> Scoreboard | None:
        """The scoreboard as the game the last step ended left it (its
        number, its balls, the games won with it; nobody to shoot): None
        when the last step ended no game or ended the match."""
        ended = self.ended_game
        if ended is None:
            return None
        # (the number the game had while played: one replayed under general
        # rule 28 keeps its number, the next is not one more)
        before = self._stack[-2]
        view = MatchView(self.games_won, before.game_no - before.replays,
                         dict(self.options), None, self.history, self.rulings)
        return self.discipline.scoreboard(ended, view)

    def scoreboard_after(self, step: int) -> Scoreboard:
        """The scoreboard as step ``step`` left the game it was played in
        (a replay of that shot shows it): the game's number, its balls and
        scores, the games won with its result; never the next game's, racked
        at once after a game's end. Nobody is at the table in it."""
        before, after = self._stack[step], self._stack[step + 1]
        game = after.ended if after.ended is not None else after.game
        view = MatchView(after.games_won, before.game_no - before.replays,
                         dict(self.options), None, tuple(self._log[:step + 1]),
                         tuple(self._rulings[:step + 1]))
        return self.discipline.scoreboard(game, view)

    def scoreboard_before(self, step: int, table: TableState | None = None
                          ) -> Scoreboard:
        """The scoreboard as the game stood before step ``step`` (a replay
        shows it while its shot rolls: the groups, balls and scores the shot
        then made are not yet known). Nobody is at the table in it.
        ``table``: the balls as the shot shown has left them so far."""
        before = self._stack[step]
        view = MatchView(before.games_won, before.game_no - before.replays,
                         dict(self.options), None, tuple(self._log[:step]),
                         tuple(self._rulings[:step]))
        game = before.game if table is None else replace(before.game, table=table)
        return self.discipline.scoreboard(game, view)

    def over_after(self, step: int) -> bool:
        """Whether step ``step`` ended the match."""
        return self._stack[step + 1].over

    # -- steps ---------------------------------------------------------------
    def judge(self, shot: Shot, declarations: Declarations | None = None) -> Ruling:
        """What the shot means; nothing changes."""
        ruling, _snap = self._shot_step(shot, declarations or Declarations())
        return ruling

    def apply(self, shot: Shot, declarations: Declarations | None = None,
              jumped: Sequence[int] = (), hint: bool = False) -> Ruling:
        """Play the shot. ``jumped``: balls the referee saw touch something
        that is not part of the table (general rule 23; ``call_jumped``).
        ``hint``: the shooter took a hint for it, kept with the step for the
        match's numbers (the rules never read it)."""
        decl = declarations or Declarations()
        ruling, snap = self._shot_step(shot, decl, tuple(jumped))
        action: dict[str, Any] = {"type": "shot", "shot": shot.to_dict(),
                                  "declarations": decl.to_dict()}
        if jumped:
            action["jumped"] = list(jumped)
        if hint:
            action["hint"] = True
        self._push(snap, action, ruling, ruling.shooter)
        return ruling

    def call_jumped(self, ball: int) -> Ruling:
        """General rule 23: in the last shot ``ball`` touched something that
        is not part of the table (chalk on the rail, a lamp) and counts as
        jumped, though it rolled back onto the bed by itself. The shot is
        judged again with it off the table; its ruling replaces the last."""
        if not self._log or self._log[-1].get("type") != "shot":
            raise RulesError("call_jumped: the last step is not a shot")
        last = self._log[-1]
        jumped = (*last.get("jumped", ()), ball)
        shot = shot_from_dict(last["shot"])
        decl = Declarations.from_dict(last.get("declarations"))
        before = (self._stack[-1], self._log[-1], self._rulings[-1])
        self.undo()
        try:
            return self.apply(shot, decl, jumped)
        except RulesError:
            self._stack.append(before[0])
            self._log.append(before[1])
            self._rulings.append(before[2])
            raise

    def choose(self, choice: Choice | str, ball: int | None = None,
               weighed: Mapping[str, float] | None = None) -> None:
        """The chooser's decision on a pending option (Choice or its value);
        ``weighed``: what a computer chooser found each option worth, kept
        with the step (not a rule's input: its card shows them again when
        the match is loaded)."""
        try:
            c = Choice(choice)
        except ValueError:
            raise RulesError(f"choice: unknown option {choice!r}") from None
        snap = self._stack[-1]
        if snap.over:
            raise RulesError("match: the match is over")
        n = len(self.players)
        if snap.lag_winner is not None:
            if c not in (Choice.BREAK, Choice.GIVE_BREAK):
                raise RulesError("choice: the lag winner chooses break or give_break")
            if ball is not None:
                raise RulesError("choice.ball: the lag winner breaks or gives the "
                                 "break; no player to name")
            breaker = snap.lag_winner if c is Choice.BREAK else \
                (snap.lag_winner + 1) % n
            new = replace(self._given_break(snap, breaker), lag_winner=None)
        elif snap.lag_due:
            # General rule 6: the players may agree who breaks instead of
            # playing the lag: Choice.BREAK with that player's index.
            if c is not Choice.BREAK or ball is None:
                raise RulesError("choice: a lag decides the break (Match.lag), or "
                                 "name the breaker: choose(Choice.BREAK, player)")
            if isinstance(ball, bool) or not isinstance(ball, int) \
                    or not 0 <= ball < n:
                raise RulesError(f"choice.ball: expected a player index 0-{n - 1}")
            new = self._given_break(snap, ball)
        else:
            new = replace(snap, game=self.discipline.choose(snap.game, c, ball))
        kept = {} if not weighed else {"weighed": _weighed(weighed, "choice.weighed")}
        self._push(new, {"type": "choice", "choice": c.value, "ball": ball, **kept},
                   None, self._chooser(snap, c, ball))

    def call_foul(self, code: Code | str) -> Ruling:
        """A foul a person saw (general rules 11, 19, 33, 14.1 7.5, ...), or
        outside interference (general rule 28: ``call_interference``)."""
        try:
            cd = code_by_id(code) if isinstance(code, str) else code
        except ValueError as e:
            raise RulesError(f"code: {e}") from None
        snap = self._stack[-1]
        if snap.over or snap.lag_due or snap.lag_winner is not None:
            raise RulesError("call_foul: no game is being played")
        ruling, game = self.discipline.call_foul(snap.game, cd)
        ruling, new = self._after(snap, ruling, game)
        self._push(new, {"type": "foul", "code": cd.id}, ruling, ruling.shooter)
        return ruling

    def _after_shot(self, step: int) -> bool:
        """Whether step ``step`` is one that may stand between a shot and a
        foul called on it: an earlier call (``call_on_shot``), or a choice
        made on the shot's ruling (the offended player's option, a
        signature): the call judges the shot again and such a choice,
        made on the ruling the call replaces, no longer stands."""
        a = self._log[step]
        return bool(a.get("on") == "shot" or a.get("type") == "choice")

    def called_shot(self) -> int | None:
        """The step of the last shot when nothing but fouls called on it
        (``call_on_shot``) and choices came after it; else None."""
        at = len(self._log) - 1
        while at >= 0 and self._after_shot(at):
            at -= 1
        return at if at >= 0 and self._log[at].get("type") == "shot" else None

    def judged_step(self, step: int) -> int:
        """The step whose ruling step ``step`` stands under: itself, or for
        a shot a person then called fouls on (``call_on_shot``), the last call."""
        at = step
        while step + 1 < len(self._log) and self._after_shot(step + 1):
            step += 1
            if self._log[step].get("on") == "shot":
                at = step
        return at

    def shot_ruling(self, step: int) -> Ruling | None:
        """The ruling step ``step`` stands under (``judged_step``)."""
        return self._rulings[self.judged_step(step)]

    def call_on_shot(self, code: Code | str) -> Ruling:
        """A foul a person saw in the last shot that its log cannot show
        (general rules 3, 11, 19, 33; 14.1 7.5; Express 2.6), charged to the
        player who played it, whoever is at the table now: the shot is judged
        again from where it was played with the foul counted with the rest
        (one penalty for them all, general rule 24: a foul already judged is
        not charged twice). The call is a step of its own: undo takes back
        the call and leaves the shot as it was judged. A choice made on the
        shot's ruling before the call (the offended player's option) gives
        way to the ruling the call makes: the referee's call comes first."""
        try:
            cd = code_by_id(code) if isinstance(code, str) else code
        except ValueError as e:
            raise RulesError(f"code: {e}") from None
        at = self.called_shot()
        if at is None:
            raise RulesError("call_foul: the last step is not a shot")
        called = [str(a.get("code")) for a in self._log[at + 1:]
                  if a.get("on") == "shot"]
        if cd.id in called:
            raise RulesError(f"code: {cd.id} is called on this shot already")
        last = self._log[at]
        snap = self._stack[at]
        codes = (*map(code_by_id, called), cd)
        shot = shot_from_dict(last["shot"])
        decl = Declarations.from_dict(last.get("declarations"))
        ruling, game = self._judged(snap, shot, decl,
                                    tuple(last.get("jumped", ())), codes)
        ruling, new = self._after(snap, ruling, game)
        self._push(new, {"type": "foul", "code": cd.id, "on": "shot"}, ruling,
                   ruling.shooter)
        return ruling

    def concede(self, player: int, whole_match: bool = False) -> Ruling:
        """``player`` concedes the game, or with ``whole_match`` the match,
        whoever is at the table: the opponent wins the game (loss.conceded)
        and, for the match, the match. The games never played are counted
        for no one: the score stays the games played, the one given up
        with the match included (what the records count). For two players;
        of three or more a player leaves (Express R21: ``call_foul`` of
        loss.conceded)."""
        snap = self._stack[-1]
        n = len(self.players)
        if n != 2:
            return self._concede_last_two(player)
        if isinstance(player, bool) or not isinstance(player, int) \
                or not 0 <= player < n:
            raise RulesError(f"concede.player: expected a player index 0-{n - 1}")
        if snap.over or snap.lag_due or snap.lag_winner is not None:
            raise RulesError("concede: no game is being played")
        ruling, game = self.discipline.call_foul(snap.game, LossCode.CONCEDED)
        opp = 1 - player
        if ruling.shooter != player or ruling.winner != opp:
            # The referee charges a called loss to the shooter; here the
            # player who concedes loses, whoever is at the table.
            ruling = replace(ruling, shooter=player, winner=opp, next_shooter=opp,
                             game_over=True)
        action = {"type": "concede", "player": player, "match": bool(whole_match)}
        if not whole_match:
            ruling, new = self._after(snap, ruling, game)
            self._push(new, action, ruling, player)
            return ruling
        won = list(snap.games_won)
        won[opp] += 1
        ruling = replace(ruling, match_over=True, match_winner=opp)
        new = replace(snap, game=game, games_won=tuple(won), over=True, winner=opp)
        self._push(new, action, ruling, player)
        return ruling

    def _concede_last_two(self, player: int) -> Ruling:
        """Of three or more players one leaves (Express R21: ``call_foul``
        of loss.conceded) while three or more are in play; with two left the
        one who concedes, at the table or not, ends the match: the other
        wins."""
        snap = self._stack[-1]
        if snap.over or snap.lag_due or snap.lag_winner is not None:
            raise RulesError("concede: no game is being played")
        in_play = self.discipline.in_play(snap.game)
        if len(in_play) != 2:
            raise RulesError("concede: of three or more players one leaves "
                             "(call_foul loss.conceded)")
        if player not in in_play:
            raise RulesError(f"concede.player: player {player} is not in play")
        ruling, game = self.discipline.call_foul_by(snap.game, LossCode.CONCEDED,
                                                    player)
        ruling, new = self._after(snap, ruling, game)
        self._push(new, {"type": "concede", "player": player, "match": True},
                   ruling, player)
        return ruling

    def call_interference(self, restorable: bool = True) -> Ruling:
        """Outside interference (general rule 28): the referee says whether
        the position can be restored (it is, and play goes on, no penalty) or
        not (the game is replayed by the same breaker; in 14.1 a new rack,
        the scores stand and the break is decided anew)."""
        return self.call_foul(Note.OUTSIDE_INTERFERENCE if restorable
                              else Note.INTERFERENCE_NOT_RESTORABLE)

    def lag(self, shot: Shot, balls: tuple[int, int] = (1, 2)) -> LagResult:
        """The lag for the break (general rule 5): player i shot ball balls[i]."""
        snap = self._stack[-1]
        if not snap.lag_due:
            raise RulesError("lag: no lag is due")
        for b in balls:
            if not any(s.ball == b for s in shot.initial.balls):
                raise RulesError(f"lag.balls: ball {b} is not on the table")
        result = judge_lag(shot, balls)
        new = snap if result.winner is None else replace(
            snap, lag_pending=False, lag_winner=result.winner)
        self._push(new, {"type": "lag", "shot": shot.to_dict(),
                         "balls": list(balls)}, None, None, result.winner)
        return result

    def undo(self, steps: int = 1) -> None:
        """Go back ``steps`` steps (shots, choices, called fouls, lags)."""
        if not isinstance(steps, int) or steps < 0 or steps > len(self._log):
            raise RulesError(f"undo: can go back 0-{len(self._log)} steps")
        for _ in range(steps):
            self._stack.pop()
            self._log.pop()
            self._rulings.pop()

    def undo_to(self, step: int) -> None:
        """Go back to the match as it was after ``step`` steps."""
        self.undo(len(self._log) - step)

    # -- storage -------------------------------------------------------------
    def to_dict(self, actions: bool = True) -> dict[str, Any]:
        """The match as stored; without its ``actions`` (an empty list) for a
        writer that stores them its own way."""
        d = {"format": MATCH_FORMAT, "version": MATCH_VERSION,
             "players": list(self.players),
             "discipline": self.name, "options": dict(self.options),
             "seed": self.seed,
             "actions": [a.to_dict() for a in self._log] if actions else []}
        if self._start is not None:
            d["start"] = self._start.to_dict()
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Match:
        """Replay a stored match step by step (every field checked; each
        step keeps the record stored with it)."""
        replay = Replay(d)
        for i in range(len(replay.actions)):
            replay.step(i)
        return replay.match

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the match as JSON atomically (simulator.files.atomic), so a crash
        never leaves half a file."""
        atomic_write(Path(path), json.dumps(self.to_dict(), ensure_ascii=False,
                                            allow_nan=False))

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Match:
        """Read and replay a saved match; RulesError names what is wrong."""
        try:
            data = read_json(path, limit=MAX_SAVE_BYTES)
        except InputError as e:
            raise RulesError(f"match: {e}") from None
        return cls.from_dict(data)

    # -- internals -----------------------------------------------------------
    def _new_game(self, breaker: int, game_no: int,
                  scores: tuple[int, ...] | None) -> GameState:
        table = str(self.options.get("table") or self.discipline.default_table)
        game: GameState = self.discipline.new_game(
            len(self.players), breaker, mix_seed(self.seed, game_no), table, scores)
        return game

    def _given_break(self, snap: _Snap, breaker: int) -> _Snap:
        """The break given to ``breaker``: the match's first game racked for
        him, or the new rack of a game in progress (rule 6 after rule 28)."""
        if snap.game.break_undecided:
            game = self.discipline.with_breaker(snap.game, breaker)
        else:
            game = self._new_game(breaker, snap.game_no, None)
        return replace(snap, game=game, lag_pending=False)

    def _shot_step(self, shot: Shot, decl: Declarations,
                   jumped: tuple[int, ...] = ()) -> tuple[Ruling, _Snap]:
        snap = self._stack[-1]
        if snap.over:
            raise RulesError("match: the match is over")
        if snap.lag_due:
            raise RulesError("shot: the lag comes first (Match.lag)")
        if snap.lag_winner is not None or snap.game.pending:
            raise RulesError("shot: a choice is pending (Match.choose)")
        return self._after(snap, *self._judged(snap, shot, decl, jumped))

    def _judged(self, snap: _Snap, shot: Shot, decl: Declarations,
                jumped: tuple[int, ...], called: Sequence[Code] = ()
                ) -> tuple[Ruling, GameState]:
        """The discipline's ruling on ``shot`` played from ``snap``, with
        the referee's calls on it (general rule 23; fouls a person saw)."""
        if jumped:
            return self.discipline.judge_jumped(snap.game, shot, decl, jumped,
                                                called)
        return self.discipline.judge(snap.game, shot, decl, called)

    def game_takes_match(self, winner: int) -> bool:
        """Whether ``winner`` winning the game in play ends the match: the
        race reached (general rule 29), or a game scored in points."""
        won = list(self.games_won)
        won[winner] += 1
        return self._takes_match(winner, won)

    @property
    def one_game(self) -> bool:
        """Whether the game being played decides the match (a points game,
        14.1 or Express, or a race to one): giving it up is giving up the
        match."""
        return self.discipline.scoring == "points" or \
            int(self.options.get("race_to", 0)) == 1

    def _takes_match(self, winner: int | None, won: list[int]) -> bool:
        if self.discipline.scoring == "points":
            return True
        return winner is not None and won[winner] >= int(self.options["race_to"])

    def _after(self, snap: _Snap, ruling: Ruling,
               game: GameState) -> tuple[Ruling, _Snap]:
        """Count the game if it ended; start the next one or end the match."""
        if not ruling.game_over:
            return ruling, replace(snap, game=game)
        n = len(self.players)
        won = list(snap.games_won)
        if ruling.winner is not None:
            won[ruling.winner] += 1
        if self._takes_match(ruling.winner, won):
            notes = (*ruling.notes, Outcome(Note.RACE_WON, g("29"))) \
                if self.discipline.scoring == "race" else ruling.notes
            ruling = replace(ruling, match_over=True, match_winner=ruling.winner,
                             notes=notes)
            return ruling, replace(snap, game=game, games_won=tuple(won), over=True,
                                   winner=ruling.winner)
        breaker = self._next_breaker(game.breaker, ruling.winner, tuple(won), n)
        new_game = self._new_game(breaker, snap.game_no + 1, None)
        ruling = replace(ruling, next_shooter=breaker,
                         ball_in_hand=new_game.ball_in_hand, options=(),
                         chooser=None)
        # The rack's shuffle follows the racks set up (a replay is racked
        # anew), the game's number only the games decided.
        return ruling, replace(snap, game=new_game, games_won=tuple(won),
                               game_no=snap.game_no + 1,
                               replays=snap.replays + (ruling.winner is None),
                               ended=game)

    def break_order(self) -> tuple[str, SeedRef]:
        """Who breaks each next game (the match's option: "winner",
        "alternate", "loser", "trailing") and the rule that says so: the
        game's own for its default (8-ball rule 4: the players alternate),
        else general rule 29 (the winner; the organisers may choose one of
        its three other orders)."""
        order = str(self.options["break_order"])
        info = self.discipline.info
        if order == info.default_break_order and info.break_order_ref is not None:
            return order, info.break_order_ref
        return order, g("29")

    def _next_breaker(self, last_breaker: int, winner: int | None,
                      won: tuple[int, ...], n: int) -> int:
        """General rule 29 and its three organiser options."""
        order = self.options["break_order"]
        if winner is None:  # a replayed game (8-ball stalemate): same breaker
            return last_breaker
        if order == "winner":
            return winner
        if order == "alternate":
            return (last_breaker + 1) % n
        if order == "loser":
            return (winner + 1) % n
        # trailing: the player behind in games; level scores alternate
        low = min(won)
        behind = [i for i in range(n) if won[i] == low]
        if len(behind) == n:
            return (last_breaker + 1) % n
        return behind[0]

    def _chooser(self, snap: _Snap, c: Choice, ball: int | None) -> int | None:
        """Who made choice ``c`` (before it is pushed): the signer of an
        Express signature, the lag winner, the player the referee named;
        None when the players agreed who breaks instead of the lag."""
        if c in (Choice.SIGN, Choice.DECLINE_SIGN):
            return ball
        if snap.lag_winner is not None:
            return snap.lag_winner
        if snap.lag_due:
            return None
        req = self.discipline.requirements(snap.game)
        return req.chooser if req.chooser is not None else req.shooter

    def _push(self, snap: _Snap, action: Mapping[str, Any], ruling: Ruling | None,
              by: int | None, lag_winner: int | None = None) -> None:
        record = step_record(len(self._log), action, ruling, self.players, by,
                             lag_winner)
        if snap.ended is not None and snap.ended is self._stack[-1].ended:
            snap = replace(snap, ended=None)  # the step before's, carried over
        self._stack.append(snap)
        self._log.append(Action({**action, "record": record}))
        self._rulings.append(ruling)


class Replay:
    """A stored match replayed one step at a time: ``Match.from_dict`` runs
    it to the end; ``kiy verify`` looks at each step on the way. Every field
    is checked; a bad one is a RulesError naming it."""

    def __init__(self, d: Any) -> None:
        if not isinstance(d, Mapping):
            raise RulesError("match: expected an object")
        if d.get("format") != MATCH_FORMAT:
            raise RulesError(f"match.format: expected {MATCH_FORMAT!r}")
        version = d.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise RulesError("match.version: expected a whole number")
        if not 1 <= version <= MATCH_VERSION:
            raise RulesError(f"match.version: {version} is not a version this Kiy "
                             f"reads (1-{MATCH_VERSION}; a newer Kiy wrote it?)")
        seed = d.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RulesError("match.seed: expected a whole number")
        for k in ("players", "discipline", "actions"):
            if k not in d:
                raise RulesError(f"match.{k}: missing")
        players = d["players"]
        if not isinstance(players, list):
            raise RulesError("match.players: expected a list of names")
        opts = d.get("options", {})
        if not isinstance(opts, Mapping):
            raise RulesError("match.options: expected an object")
        actions = d["actions"]
        if not isinstance(actions, list):
            raise RulesError("match.actions: expected a list")
        try:
            m = Match(players, d["discipline"], opts, seed)
            if "start" in d:
                start = m.discipline.state_from_dict(d["start"], "match.start")
                m = Match.from_state(players, d["discipline"], start, opts, seed)
        except RulesError as e:
            if str(e).startswith("match."):
                raise
            raise again(RulesError, f"match.{e}", e) from None
        self.match = m
        self.actions: list[Any] = actions

    def step(self, i: int) -> Mapping[str, Any]:
        """Play stored step ``i`` (the steps in order) and return the record
        the referee makes of it now; the match keeps the record stored with
        the step (none if the save has none: an older Kiy's)."""
        m = self.match
        if i != len(m.history):
            raise RulesError(f"match.actions[{i}]: the steps are replayed in order")
        where = f"match.actions[{i}]"
        a = self.actions[i]
        try:
            self._play(a, where)
            stored = a.get("record")
            if stored is not None and not isinstance(stored, Mapping):
                raise RulesError(f"{where}.record: expected an object")
            fresh: Mapping[str, Any] = m._log[-1]["record"]
            try:
                m._log[-1] = m._log[-1].replaced("record", stored)
            except (TypeError, ValueError):
                raise RulesError(f"{where}.record: expected plain JSON values"
                                 ) from None
        except RulesError as e:
            if str(e).startswith("match."):
                raise
            raise again(RulesError, f"{where}: {e}", e) from None
        return fresh

    def _play(self, a: Any, where: str) -> None:
        m = self.match
        if not isinstance(a, Mapping):
            raise RulesError(f"{where}: expected an object")
        kind = a.get("type")
        if kind == "shot":
            jumped = a.get("jumped", [])
            if not isinstance(jumped, list) or not all(
                    isinstance(b, int) and not isinstance(b, bool) for b in jumped):
                raise RulesError(f"{where}.jumped: expected ball numbers")
            hint = a.get("hint", False)  # an older save has none: no hint
            if not isinstance(hint, bool):
                raise RulesError(f"{where}.hint: expected true or false")
            shot = shot_from_dict(a.get("shot"), f"{where}.shot")
            check_recorded(shot, m.table(), f"{where}.shot")
            m.apply(shot, Declarations.from_dict(a.get("declarations"),
                                                 f"{where}.declarations"), jumped,
                    hint)
        elif kind == "choice":
            ball = a.get("ball")
            if ball is not None and (not isinstance(ball, int)
                                     or isinstance(ball, bool)):
                raise RulesError(f"{where}.ball: expected a ball number")
            choice = a.get("choice")
            if not isinstance(choice, str):
                raise RulesError(f"{where}.choice: expected an option's name")
            weighed = a.get("weighed")
            m.choose(choice, ball, None if weighed is None
                     else _weighed(weighed, f"{where}.weighed"))
        elif kind == "foul":
            code = a.get("code")
            if not isinstance(code, str):
                raise RulesError(f"{where}.code: expected a foul's code")
            on = a.get("on")
            if on not in (None, "shot"):
                raise RulesError(f"{where}.on: expected \"shot\" or nothing")
            if on == "shot":
                m.call_on_shot(code)
            else:
                m.call_foul(code)
        elif kind == "concede":
            player, whole = a.get("player"), a.get("match", False)
            if isinstance(player, bool) or not isinstance(player, int) \
                    or not 0 <= player < len(m.players):
                raise RulesError(f"{where}.player: expected a player index "
                                 f"0-{len(m.players) - 1}")
            if not isinstance(whole, bool):
                raise RulesError(f"{where}.match: expected true or false")
            m.concede(player, whole)
        elif kind == "lag":
            balls = a.get("balls", [1, 2])
            if (not isinstance(balls, list) or len(balls) != 2
                    or not all(isinstance(b, int) and not isinstance(b, bool)
                               for b in balls)):
                raise RulesError(f"{where}.balls: expected the two lag balls, "
                                 "[a, b]")
            shot = shot_from_dict(a.get("shot"), f"{where}.shot")
            check_recorded(shot, None, f"{where}.shot")
            m.lag(shot, (balls[0], balls[1]))
        else:
            raise RulesError(f"{where}.type: expected shot, choice, foul, concede "
                             "or lag")


def _weighed(d: Any, where: str) -> dict[str, float]:
    """Options' values as kept: each an option's name and a finite number."""
    names = {c.value for c in Choice}
    if not isinstance(d, Mapping) or not all(
            isinstance(k, str) and k in names and isinstance(v, int | float)
            and not isinstance(v, bool) and math.isfinite(v) for k, v in d.items()):
        raise RulesError(f"{where}: expected options' names and their values")
    return {k: float(v) for k, v in d.items()}


def _check_options(opts: dict[str, Any], cls: type[Discipline[Any]],
                   n: int) -> dict[str, Any]:
    out = dict(opts)
    race = out.setdefault("race_to", 5)
    if not isinstance(race, int) or isinstance(race, bool) or \
            not RACE_TO[0] <= race <= RACE_TO[1]:
        raise RulesError(f"options.race_to: expected a whole number of games "
                         f"{RACE_TO[0]}-{RACE_TO[1]}")
    target = out.setdefault("target", 150)
    if not isinstance(target, int) or isinstance(target, bool) or \
            not TARGET[0] <= target <= TARGET[1]:
        raise RulesError(f"options.target: expected a whole number of points "
                         f"{TARGET[0]}-{TARGET[1]:,}")
    order = out.setdefault("break_order", cls.default_break_order)
    if order not in BREAK_ORDERS:
        raise RulesError(f"options.break_order: expected one of "
                         f"{', '.join(BREAK_ORDERS)}")
    first = out.setdefault("first_breaker", 0)
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < n:
        raise RulesError(f"options.first_breaker: expected a player index 0-{n - 1}")
    lag = out.setdefault("lag", False)
    if not isinstance(lag, bool):
        raise RulesError("options.lag: expected true or false")
    if lag and n != 2:
        raise RulesError("options.lag: the lag is for two players")
    table = out.get("table")
    if table is not None and not isinstance(table, str):
        raise RulesError("options.table: expected a table name")
    return out
