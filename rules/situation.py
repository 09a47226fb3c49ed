"""A situation: a position of one game, what is done in it (a shot, a foul
called, a choice) and the ruling expected of it. The one loader behind the
judging cases (:mod:`rules.case`), the Express cases (:mod:`rules.express_case`)
and the practice scenarios (``simulator.practice.scenario``); each file format
reads its own outer shape (JSON, steps, TOML with texts and a stroke) and
hands the parts to the functions here:

- :func:`game_class`, :func:`discipline_of`, :func:`players_of`: the game by
  any of its names, its options, the number of players;
- :func:`position`: the game state before the first step, from the state
  fields the discipline declares (``DisciplineInfo.state_fields``), every
  value checked by its kind; :meth:`Discipline.check_position` then refuses a
  position that cannot occur in a game;
- :func:`declarations_of`, :func:`choice_of`: what the shooter announces and
  what the incoming player decides, checked against the game's facts;
- :class:`Step`, :func:`run`: the steps played by the referee;
- :func:`check`: every way a step's result differs from what is expected.

Every problem is one :class:`RulesError` naming the field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, TypeVar

from rules.codes import code_by_id
from rules.game import Discipline, GameState, StateField
from rules.general import LagResult, judge_lag
from rules.registry import discipline_class, infos
from rules.ruling import (
    Choice,
    Declarations,
    RulesError,
    Ruling,
    ShotRequirements,
)
from simulator.files import inputs
from simulator.files.reasons import again
from simulator.table.events import Shot
from simulator.table.specs import CUE_BALL
from simulator.table.state import TableState, Where

T = TypeVar("T")

# ---------------------------------------------------------------------------
# Values


def is_whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def value(v: Any, kind: str, where: str, n: int | None = None) -> Any:
    """``v`` checked against a kind: "int", "player" (an index below ``n``),
    "bool", "str", "code", "choice", "spots" ([[ball, x, y], ...]) or a list
    of them ("ints", "bools", "strs", "codes", "choices"; ``n`` entries when
    given, one a player)."""
    if kind in ("int", "player"):
        v = _read(inputs.whole, v, where)
        if kind == "player" and n is not None and not 0 <= v < n:
            raise RulesError(f"{where}: expected a player index 0-{n - 1}, got {v}")
        return v
    if kind == "bool":
        if not isinstance(v, bool):
            raise RulesError(f"{where}: expected true or false, got {v!r}")
        return v
    if kind == "str":
        if not isinstance(v, str):
            raise RulesError(f"{where}: expected a string, got {v!r}")
        return v
    if kind == "spots":
        return _spots(v, where)
    if kind in LIST_KINDS:
        return _listed(v, kind, where, n)
    if kind == "code":
        if not isinstance(v, str):
            raise RulesError(f"{where}: expected a code id, got {v!r}")
        try:
            code_by_id(v)
        except ValueError:
            raise RulesError(f"{where}: unknown code {v!r}") from None
        return v
    if kind == "choice":
        if not isinstance(v, str):
            raise RulesError(f"{where}: expected a choice, got {v!r}")
        try:
            Choice(v)
        except ValueError:
            known = ", ".join(c.value for c in Choice)
            raise RulesError(f"{where}: unknown choice {v!r} (known: {known})"
                             ) from None
        return v
    raise AssertionError(kind)


# A list kind and the kind of its entries.
LIST_KINDS = {"ints": "int", "bools": "bool", "strs": "str", "codes": "code",
              "choices": "choice"}


def _listed(v: Any, kind: str, where: str, n: int | None) -> list[Any]:
    """A list of values of one kind; ``n`` entries (one a player) when given."""
    if not isinstance(v, list):
        raise RulesError(f"{where}: expected a list, got {v!r}")
    if n is not None and len(v) != n:
        raise RulesError(f"{where}: expected {n} entries, one a player, got "
                         f"{len(v)}")
    one = LIST_KINDS[kind]
    return [value(x, one, f"{where}[{i}]") for i, x in enumerate(v)]


def _spots(v: Any, where: str) -> Any:
    """Spots as [[ball, x, y], ...]: a ball number and two numbers each."""
    if not isinstance(v, list):
        raise RulesError(f"{where}: expected a list of [ball, x, y], got {v!r}")
    for i, x in enumerate(v):
        if not isinstance(x, list) or len(x) != 3:
            raise RulesError(f"{where}[{i}]: expected [ball, x, y]")
        _read(inputs.whole, x[0], f"{where}[{i}][0]", 0, 15)
        for j in (1, 2):
            _read(inputs.number, x[j], f"{where}[{i}][{j}]")
    return v


def _read(check: Callable[..., T], *args: Any) -> T:
    """A value through the shared reading layer (simulator.files.inputs); its
    InputError (``where: what``) as the referee's RulesError."""
    try:
        return check(*args)
    except inputs.InputError as e:
        raise RulesError(str(e)) from None


# ---------------------------------------------------------------------------
# The game, its options, the players


def game_class(game: Any, where: str) -> type[Discipline[Any]]:
    """The discipline named by ``game`` (any name or alias)."""
    if not isinstance(game, str):
        names = ", ".join(i.name for i in infos())
        raise RulesError(f"{where}: expected a game name ({names})")
    try:
        return discipline_class(game)
    except RulesError as e:
        raise RulesError(f"{where}: {str(e).removeprefix('discipline: ')}"
                         ) from None


def discipline_of(cls: type[Discipline[Any]], options: Any, where: str,
                  own_only: bool = False) -> Discipline[Any]:
    """The referee with these options. ``own_only``: only the discipline's
    own options (a situation is one position: the match options about races
    and break order mean nothing for it)."""
    if not isinstance(options, Mapping):
        raise RulesError(f"{where}: expected a table")
    if own_only:
        known = cls.info.option_fields()
        for k in options:
            if k not in known:
                raise RulesError(f"{where}.{k}: unknown option for {cls.name} "
                                 f"(known: {', '.join(known) or 'none'})")
    try:
        return cls(dict(options))
    except RulesError as e:
        msg = str(e)
        if msg.startswith("options."):
            msg = msg.removeprefix("options.")
            raise RulesError(f"{where}.{msg}") from None
        raise RulesError(f"{where}: {msg}") from None


def players_of(v: Any, cls: type[Discipline[Any]], where: str) -> int:
    """A number of players the game is for."""
    lo, hi = cls.info.min_players, cls.info.max_players
    if not is_whole(v) or not lo <= v <= hi:
        raise RulesError(f"{where}: {cls.name} is for {lo}-{hi} players, got {v!r}")
    return int(v)


# ---------------------------------------------------------------------------
# The position


def position(disc: Discipline[Any], players: int, table: TableState | None,
             values: Mapping[str, Any], where: str, *,
             allowed: Sequence[StateField] | None = None,
             defaults: Mapping[str, Any] | None = None,
             plausible: bool = True, table_where: str = "") -> GameState:
    """The game state before the first step: a fresh game of ``players`` on
    ``table`` (None: the fresh game's own), then ``defaults`` and ``values``
    (plain data, each checked by the kind its field declares). ``allowed``:
    the fields a file may give (default: every field of the game's state).
    The breaker is the shooter unless given. ``plausible``: the discipline
    refuses a position no game can reach (``check_position``; ``table_where``
    names the table as the file does)."""
    state_type = disc.info.state
    declared = {f.name: f for f in state_type.state_fields()}
    names = [f.name for f in fields(state_type)
             if f.name not in ("discipline", "players")]
    known = [f.name for f in allowed] if allowed is not None else names
    base = disc.new_game(players, 0, 0, disc.info.default_table
                         if table is None else table.table)
    kw: dict[str, Any] = dict(defaults or {})
    raw = dict(values)
    for k in raw:
        if k not in known:
            raise RulesError(f"{where}.{k}: unknown key (known: {', '.join(known)})")
    for k, v in raw.items():
        w = f"{where}.{k}"
        f = declared.get(k)
        if f is not None:
            sized = players if f.per_player or f.kind == "player" else None
            if f.optional:  # null entries: the state's own check names them
                if not isinstance(v, list) or len(v) != players:
                    raise RulesError(f"{w}: expected {players} entries, one a "
                                     "player")
            else:
                v = value(v, f.kind, w, sized)
        kw[k] = state_type.read_field(k, v, w)
    if "shooter" in kw and "breaker" not in raw:
        kw["breaker"] = kw["shooter"]
    kw.setdefault("table", base.table if table is None else table)
    state: GameState = disc.position_state(replace(base, table=kw.pop("table")),
                                           kw, where)
    state.check(where)
    if plausible:
        disc.check_position(state, where, table_where)
    return state


def declarations_of(raw: Any, disc: Discipline[Any], state: GameState,
                    where: str) -> Declarations:
    """What the shooter announced, within what the game lets him announce
    (``DisciplineInfo.calls``)."""
    decl = Declarations.from_dict(raw, where)
    calls = disc.info.calls
    name = disc.name
    if decl == Declarations():
        return decl
    if not (calls.ball or calls.safety or calls.push_out):
        raise RulesError(f"{where}: {name} has no calls, safeties or push-outs")
    if decl.push_out and not calls.push_out:
        who = _games(lambda i: i.calls.push_out)
        raise RulesError(f"{where}.push_out: only {who} has the push-out")
    if decl.safety and not calls.safety:
        who = _games(lambda i: i.calls.safety)
        raise RulesError(f"{where}.safety: only {who} declare a safety")
    if decl.called_ball is not None:
        if not calls.ball:
            raise RulesError(f"{where}.called_ball: {name} needs no call")
        if state.table.position(decl.called_ball) is None:
            raise RulesError(f"{where}.called_ball: ball {decl.called_ball} is "
                             "not on the table")
    return decl


def _games(test: Callable[[Any], bool]) -> str:
    names = [i.name for i in infos() if test(i)]
    return names[0] if len(names) == 1 else \
        ", ".join(names[:-1]) + " and " + names[-1]


def choice_of(raw: Any, players: int, where: str) -> tuple[Choice, int | None]:
    """A choice as ``"name"`` or ``{"choice": name, "ball": b}`` /
    ``{"choice": "sign", "player": p}``."""
    if isinstance(raw, str):
        raw = {"choice": raw}
    if not isinstance(raw, Mapping) or "choice" not in raw:
        raise RulesError(f"{where}.choice: missing")
    c = Choice(value(raw["choice"], "choice", f"{where}.choice"))
    arg: int | None = None
    for k in ("player", "ball"):
        if k in raw and raw[k] is not None:
            if arg is not None:
                raise RulesError(f"{where}.{k}: give a player or a ball, not both")
            arg = value(raw[k], "int", f"{where}.{k}")
    if c in (Choice.SIGN, Choice.DECLINE_SIGN) and raw.get("player") is None:
        raise RulesError(f"{where}.player: missing: who signs or declines")
    if raw.get("player") is not None and not 0 <= raw["player"] < players:
        raise RulesError(f"{where}.player: expected a player index 0-{players - 1}")
    return c, arg


# ---------------------------------------------------------------------------
# Steps


@dataclass(frozen=True)
class Step:
    """One thing done in a situation.

    kind: ``shot`` (``shot``, ``declarations``, ``jumped``), ``lag`` (``shot``
    and the two lag balls in ``lag``), ``call_foul`` (``code``, charged to
    ``player``), ``choice`` (``choice`` with ``arg``: a ball or a player),
    ``place`` (asks whether the cue ball may go at ``place``). ``expect``:
    what the result should be (see :func:`check`). ``unless_over``: skip the
    step when the game is already over (a case's choice after its shot)."""

    kind: str
    expect: Mapping[str, Any] = field(default_factory=dict)
    shot: Shot | None = None
    # A shot made from the state it is played in (a case's short form).
    shot_of: Callable[[GameState], Shot] | None = None
    declarations: Declarations = field(default_factory=Declarations)
    jumped: tuple[int, ...] = ()
    lag: tuple[int, int] | None = None
    code: str | None = None
    player: int | None = None
    choice: Choice | None = None
    arg: int | None = None
    place: tuple[float, float] | None = None
    unless_over: bool = False


@dataclass(frozen=True)
class StepResult:
    """What one step produced: the ruling (None for a choice), the state
    after it and the next shot's requirements (None once the game is over),
    or the error the referee gave; the shot judged; a lag's result; the code
    refusing a placement."""

    ruling: Ruling | None
    state: GameState
    requirements: ShotRequirements | None
    error: str | None = None
    placement: str | None = None
    shot: Shot | None = None
    lag: LagResult | None = None


def run_step(disc: Discipline[Any], state: GameState, step: Step,
             where: str) -> StepResult:
    """One step. A RulesError from the referee is the step's error when the
    step expects one (the state then stays as it was); otherwise it is
    raised, naming the step."""
    ruling: Ruling | None = None
    placement: str | None = None
    lag: LagResult | None = None
    shot = step.shot
    try:
        if step.kind == "shot":
            if shot is None:
                assert step.shot_of is not None
                shot = step.shot_of(state)
            if step.jumped:
                ruling, state = disc.judge_jumped(state, shot, step.declarations,
                                                  step.jumped)
            else:
                ruling, state = disc.judge(state, shot, step.declarations)
        elif step.kind == "lag":
            assert step.shot is not None and step.lag is not None
            lag = judge_lag(step.shot, step.lag)
        elif step.kind == "call_foul":
            assert step.code is not None
            code = code_by_id(step.code)
            if step.player is not None:
                ruling, state = disc.call_foul_by(state, code, step.player)
            else:
                ruling, state = disc.call_foul(state, code)
        elif step.kind == "choice":
            assert step.choice is not None
            state = disc.choose(state, step.choice, step.arg)
        elif step.kind == "place":
            assert step.place is not None
            code_ = disc.requirements(state).check_placement(state.table,
                                                             *step.place)
            placement = None if code_ is None else code_.id
        else:
            raise AssertionError(step.kind)
    except RulesError as e:
        if "error" not in step.expect:
            msg = str(e)
            raise again(RulesError, msg if msg.startswith(where)
                        else f"{where}: {msg}", e) from None
        return StepResult(None, state, None if state.game_over
                          else disc.requirements(state), str(e), shot=shot)
    req = None if state.game_over else disc.requirements(state)
    return StepResult(ruling, state, req, None, placement, shot, lag)


def run(disc: Discipline[Any], start: GameState, steps: Sequence[Step],
        where: str = "case.steps") -> list[StepResult]:
    out: list[StepResult] = []
    state = start
    for i, step in enumerate(steps):
        if step.unless_over and state.game_over:
            continue
        res = run_step(disc, state, step, f"{where}[{i}]")
        out.append(res)
        state = res.state
    return out


# ---------------------------------------------------------------------------
# Expectations
#
# One comparison per key, written once; a file format chooses the keys it
# allows and, where formats have always read a key differently, which
# reading (``Reading``). The tolerance for positions is 0.1 mm.

TOL = 1e-4


@dataclass(frozen=True)
class Reading:
    """How a format reads the keys that mean slightly different things.

    ordered: which of ``fouls``, ``scored`` and ``options`` compare as
    lists in order (the others as sets with repeats). on_table: ``"state"``
    (the table after the step) or ``"shot"`` (the shot's final table).
    open_groups: the word for an open 8-ball group in ``groups`` (None:
    null)."""

    ordered: frozenset[str] = frozenset()
    on_table: str = "state"
    open_groups: str | None = None


def _close(a: Sequence[float], b: Sequence[float]) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= TOL for x, y in zip(a, b,
                                                                       strict=True))


def check(expect: Mapping[str, Any], res: StepResult,
          reading: Reading | None = None) -> list[str]:
    """Every way ``res`` differs from ``expect`` (empty: it agrees). Keys:

    - the ruling: ``fouls``, ``penalty``, ``refs`` ({code: "section rule"}),
      ``notes`` (must be there), ``no_notes``, ``legal``, ``points``,
      ``scored``, ``spots`` ([[ball, x, y]]), ``options``, ``chooser``,
      ``rerack``, ``replay``, ``next_shooter``, ``ball_in_hand``, ``groups``,
      ``victim``, ``game_over``, ``winner``, and any other key of
      ``Ruling.to_dict()``;
    - the state after the step: ``scores``, ``fouls_count``, ``warned``,
      ``status``, ``stars``, ``chips``, ``bank``, ``mode``, ``rack_no``,
      ``is_break``, ``first_break_pending``, ``pending``, ``last_ball``,
      ``shooter``, ``on_table``, ``cue`` ([x, y]), ``table`` ({ball: place});
    - the next shot: ``next`` ({requirement: value}),
      ``legal_first_contacts``, ``may_sign``, ``signature_due``;
    - the step: ``error`` (a text the error contains), ``placement``;
    - the shot: ``pocketed``, ``rerack_cell``; a lag: ``lag_winner``,
      ``lag_reasons``.
    """
    c = _Comparison(expect, reading or Reading())
    c.error(res.error)
    if res.lag is not None:
        c.lag(res.lag)
        return c.bad
    for k in ("lag_winner", "lag_reasons"):
        if k in expect:
            c.bad.append(f"{k}: the step is not a lag")
    c.ruling(res.ruling)
    c.state(res)
    c.next_shot(res.requirements)
    c.want("placement", res.placement)
    if res.shot is not None:
        c.shot(res.shot.final)
    c.other_keys(res.ruling)
    return c.bad


# The expectation keys about the ruling that ``_Comparison.ruling`` reads.
RULING_KEYS = frozenset({
    "fouls", "penalty", "refs", "points", "scored", "spots", "options", "chooser",
    "rerack", "replay", "legal", "groups", "victim", "notes", "no_notes"})


class _Comparison:
    """One step's result against its expectations: one comparison per key,
    each difference a line in ``bad``, in the order ``check`` asks."""

    def __init__(self, expect: Mapping[str, Any], reading: Reading) -> None:
        self.expect = expect
        self.reading = reading
        self.bad: list[str] = []

    def want(self, key: str, got: Any) -> None:
        if key in self.expect and self.expect[key] != got:
            self.bad.append(f"{key}: expected {self.expect[key]!r}, got {got!r}")

    def listed(self, key: str, got: Sequence[Any]) -> None:
        """A list key: in order or as a set with repeats (``Reading``)."""
        if key not in self.expect:
            return
        exp = list(self.expect[key])
        ok = exp == list(got) if key in self.reading.ordered else \
            Counter(map(str, exp)) == Counter(map(str, got))
        if not ok:
            self.bad.append(f"{key}: expected {exp!r}, got {list(got)!r}")

    def error(self, error: str | None) -> None:
        expect = self.expect
        if "error" in expect:
            if error is None or str(expect["error"]) not in error:
                self.bad.append(f"error: expected one containing "
                                f"{expect['error']!r}, got {error!r}")
        elif error is not None:
            self.bad.append(f"unexpected error: {error}")

    def lag(self, lag: LagResult) -> None:
        """A lag's step: its winner and reasons, and no other key."""
        self.want("lag_winner", lag.winner)
        if "lag_reasons" in self.expect:
            got_r = [sorted(c.id for c in x) for x in lag.reasons]
            if got_r != [sorted(x) for x in self.expect["lag_reasons"]]:
                self.bad.append(f"lag_reasons: {got_r} != "
                                f"{self.expect['lag_reasons']}")
        for k in self.expect:
            if k not in ("lag_winner", "lag_reasons"):
                self.bad.append(f"{k}: the step is a lag")

    def ruling(self, r: Ruling | None) -> None:
        expect = self.expect
        if r is None:
            if any(k in expect for k in ("fouls", "penalty", "points", "spots")):
                self.bad.append("expected a ruling, the step gave none")
            return
        self.listed("fouls", [f.code.id for f in r.fouls])
        self.want("penalty", None if r.penalty is None else r.penalty.code.id)
        if "refs" in expect:
            got_refs = {f.code.id: f"{f.ref.section} {f.ref.rule}" for f in r.fouls}
            for code, at in expect["refs"].items():
                if got_refs.get(code) != at:
                    self.bad.append(f"refs[{code}]: {got_refs.get(code)} != {at}")
        self.want("points", list(r.points))
        self.listed("scored", list(r.scored))
        self.listed("options", [c.value for c in r.options])
        self.want("chooser", r.chooser)
        self.want("rerack", r.rerack)
        self.want("replay", r.replay)
        self.want("legal", not r.fouls)
        self.want("victim", getattr(r, "victim", None))
        if "groups" in expect:
            word = self.reading.open_groups
            self.want("groups", [word if g is None and word else g
                                 for g in r.groups])
        ids = [n.code.id for n in r.notes]
        for c in expect.get("notes", []):
            if c not in ids:
                self.bad.append(f"notes: {c} missing from {ids}")
        for c in expect.get("no_notes", []):
            if c in ids:
                self.bad.append(f"notes: {c} should not be there")
        if "spots" in expect:
            got_s = [[s.ball, s.x, s.y] for s in r.spots]
            exp_s = expect["spots"]
            if len(got_s) != len(exp_s) or not all(
                    g[0] == e[0] and _close(g[1:], e[1:])
                    for g, e in zip(got_s, exp_s, strict=False)):
                self.bad.append(f"spots: expected {exp_s}, got {got_s}")

    def state(self, res: StepResult) -> None:
        """The state after the step: the card, the game, the table."""
        st, r = res.state, res.ruling
        want = self.want
        want("scores", list(st.scores))
        want("fouls_count", list(getattr(st, "fouls", ())))
        want("warned", list(getattr(st, "warned", ())))
        want("status", list(getattr(st, "status", ())))
        want("stars", list(getattr(st, "signatures", ())))
        want("chips", list(getattr(st, "chips", ())))
        want("bank", getattr(st, "bank", None))
        want("mode", getattr(st, "mode", None))
        want("winner", st.winner)
        want("game_over", st.game_over)
        want("rack_no", st.rack_no)
        want("is_break", st.is_break)
        want("first_break_pending", getattr(st, "first_break_pending", None))
        want("ball_in_hand", (r.ball_in_hand if r is not None
                              else st.ball_in_hand).value)
        want("pending", [c.value for c in st.pending])
        want("last_ball", getattr(st, "last_ball", None))
        if "on_table" in self.expect:
            source = res.shot.final if self.reading.on_table == "shot" and \
                res.shot is not None else st.table
            want("on_table", sorted(source.on_table()))
        self.table(st.table)
        if "next_shooter" in self.expect:
            want("next_shooter", r.next_shooter if r is not None else st.shooter)
        want("shooter", st.shooter if not st.game_over else None)

    def table(self, table: TableState) -> None:
        """The cue ball's place and each ball's (a place or where it is)."""
        expect = self.expect
        if "cue" in expect:
            pos = table.position(CUE_BALL)
            if pos is None or not _close(pos, expect["cue"]):
                self.bad.append(f"cue: expected {expect['cue']}, got {pos}")
        for ball, place in expect.get("table", {}).items():
            b = table.ball(int(ball))
            if place == "on_table":
                ok = b.where is Where.TABLE
            elif isinstance(place, str):
                ok = b.where.value == place
            else:
                ok = b.where is Where.TABLE and _close(b.pos, place)
            if not ok:
                self.bad.append(f"table[{ball}]: {b} is not {place}")

    def next_shot(self, req: ShotRequirements | None) -> None:
        if req is None:
            if "next" in self.expect:
                self.bad.append("next: the game is over")
            return
        self.want("legal_first_contacts", sorted(req.legal_first_contacts))
        self.want("may_sign", list(getattr(req, "may_sign", ())))
        self.want("signature_due", list(getattr(req, "signature_due", ())))
        if "next" in self.expect:
            got_n = req.to_dict()
            for k, v in self.expect["next"].items():
                if got_n.get(k) != v:
                    self.bad.append(f"next.{k}: {got_n.get(k)} != {v}")

    def shot(self, final: TableState) -> None:
        """The shot's final table: balls pocketed, the 14.1 re-rack cell."""
        for b in self.expect.get("pocketed", []):
            try:
                where = final.ball(b).where
            except KeyError:
                where = Where.POCKETED
            if where is not Where.POCKETED:
                self.bad.append(f"pocketed: ball {b} is {where.value}")
        if "rerack_cell" in self.expect:
            from rules.straight_pool import rerack_cell

            on = sorted(set(final.on_table()) - {CUE_BALL})
            cue = final.position(CUE_BALL)
            f_pos = final.position(on[0]) if on else None
            got_c = list(rerack_cell(final.spec, f_pos, cue)[:2]) \
                if cue is not None else []
            self.want("rerack_cell", got_c)

    def other_keys(self, r: Ruling | None) -> None:
        """Any other key of the ruling (judging cases may name them all)."""
        d = r.to_dict() if r is not None else None
        handled = RULING_KEYS | STATE_KEYS | {
            "next", "error", "placement", "pocketed", "rerack_cell", "lag_winner",
            "lag_reasons", "next_shooter", "legal_first_contacts", "may_sign",
            "signature_due"}
        for k in self.expect:
            if k in handled:
                continue
            if d is not None and k in d:
                self.want(k, d[k])
            else:
                self.bad.append(f"{k}: unknown expectation")


STATE_KEYS = frozenset({
    "scores", "fouls_count", "warned", "status", "stars", "chips", "bank", "mode",
    "winner", "game_over", "rack_no", "is_break", "first_break_pending",
    "ball_in_hand", "pending", "last_ball", "on_table", "cue", "table",
    "shooter"})

