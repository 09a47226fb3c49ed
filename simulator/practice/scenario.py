"""Scenario files (TOML): a rule situation, its recorded stroke and the ruling
the referee gives (docs/formats.md, "Scenario files").

Loading validates everything and raises one :class:`ScenarioError` naming the
field (``balls.3: ...``, ``state.scores[1]: ...``); nothing else changes.
Saving writes the file atomically. :func:`play_scenario` runs the recorded
stroke through the physics and the referee; :func:`check_result` says where the
outcome differs from what the file expects.
"""

from __future__ import annotations

import contextlib
import copy
import json
import math
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import rules.referee  # noqa: F401  (registers every discipline and its codes)
from rules import pyramid
from rules.codes import SeedRef, code_by_id
from rules.game import Discipline, GameState, discipline_class
from rules.ruling import BallInHand, Choice, Declarations, RulesError, Ruling
from rules.straight_pool import rerack_cell
from simulator import resting
from simulator.atomic import atomic_write
from simulator.events import EventKind, Shot, Stroke
from simulator.inputs import InputError, loads_toml, read_text
from simulator.physics import simulate
from simulator.physics.cue import StrokeError
from simulator.physics.cue import validate as validate_stroke
from simulator.specs import CUE_BALL, TableKind, table_by_name
from simulator.state import StateError, TableState, Where

FORMAT = "kiy-scenario"
VERSION = 1
LANGS = ("en", "ru")
ID_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")

TOP_KEYS = (
    "format", "version", "id", "discipline", "table", "players", "tags", "title",
    "explanation", "rule", "options", "balls", "state", "stroke", "declarations",
    "question", "expect", "choice", "gallery",
)
REQUIRED = ("format", "version", "id", "discipline", "title", "balls")

# Questions a quiz may ask about a scenario (simulator.practice.quiz).
QUESTION_KINDS = ("foul", "rule", "next_shooter", "ball_in_hand", "options")

# State keys per discipline: key -> kind of value.
_POOL_STATE = {
    "shooter": "player", "breaker": "player", "is_break": "bool",
    "ball_in_hand": "str", "scores": "ints", "fouls": "ints",
}
STATE_KEYS: dict[str, dict[str, str]] = {
    "8-ball": {**_POOL_STATE, "groups": "strs"},
    "9-ball": {**_POOL_STATE, "warned": "bools", "push_out_allowed": "bool"},
    "14.1": {**_POOL_STATE, "rail_safeties": "ints", "break_rerack": "bool"},
    "express": {
        "shooter": "player", "breaker": "player", "is_break": "bool",
        "ball_in_hand": "str", "scores": "ints", "status": "strs",
        "signatures": "ints", "chips": "ints", "bank": "int",
        "first_break_pending": "bool", "mode": "str", "rack_no": "int",
    },
}
HAND_VALUES = {
    TableKind.POOL: ("none", "anywhere", "kitchen"),
    TableKind.PYRAMID: ("none", "house", "temp_house"),
}
GROUP_VALUES = ("open", "solids", "stripes")
STATUS_VALUES = ("active", "waiting", "out")
MODE_VALUES = ("normal", "knockout_bonus")
# The object balls each discipline plays with.
GAME_BALLS = {"8-ball": range(1, 16), "9-ball": range(1, 10), "14.1": range(1, 16),
              "express": range(1, 16)}

# expect: key -> kind of value.
EXPECT_KEYS: dict[str, str] = {
    "fouls": "codes", "penalty": "code", "notes": "codes", "no_notes": "codes",
    "legal": "bool", "next_shooter": "int", "ball_in_hand": "str",
    "options": "choices", "chooser": "int", "game_over": "bool", "winner": "int",
    "points": "ints", "scored": "ints", "rerack": "bool", "replay": "bool",
    "groups": "strs", "victim": "int", "scores": "ints", "status": "strs",
    "stars": "ints", "fouls_count": "ints", "warned": "bools", "pocketed": "ints",
    "on_table": "ints", "rerack_cell": "strs", "mode": "str", "spots": "spots",
}
CHOICE_KEYS = ("choice", "player", "ball", "expect")
CHOICE_EXPECT_KEYS: dict[str, str] = {
    "shooter": "int", "ball_in_hand": "str", "scores": "ints", "status": "strs",
    "stars": "ints", "is_break": "bool", "pending": "choices", "on_table": "ints",
}
GALLERY_KEYS = ("foul", "pause", "balls", "cushions", "order")
CUSHION_NAMES = ("head", "foot", "right_head", "right_foot", "left_head", "left_foot")
POCKET_NAMES = ("head_right", "head_left", "side_right", "side_left", "foot_right",
                "foot_left")


class ScenarioError(ValueError):
    """A scenario that cannot be: the message names the field and the reason."""


# ---------------------------------------------------------------------------
# The scenario


@dataclass(frozen=True)
class Text:
    """A text in both languages of the interface."""

    en: str
    ru: str

    def get(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en


@dataclass(frozen=True)
class Question:
    text: Text
    asks: tuple[str, ...]


@dataclass(frozen=True)
class ChoiceStep:
    """The incoming (or a waiting) player's decision after the ruling."""

    choice: Choice
    arg: int | None  # the ball (14.1 7.7) or the player (Express signature)
    expect: Mapping[str, Any]


@dataclass(frozen=True)
class GalleryInfo:
    """What the foul gallery shows: the foul, the event to pause at, the balls
    and cushions to highlight, the place in the gallery."""

    foul: str
    pause: EventKind
    balls: tuple[int, ...]
    cushions: tuple[str, ...]
    order: int


@dataclass(frozen=True)
class Scenario:
    """One validated scenario. ``game`` is the referee's state before the
    stroke; ``referee`` the discipline that judges it."""

    id: str
    discipline: str
    table: str
    players: int
    tags: tuple[str, ...]
    title: Text
    explanation: Text
    rule: SeedRef | None
    stroke: Stroke | None
    declarations: Declarations
    question: Question | None
    expect: Mapping[str, Any]
    choice: ChoiceStep | None
    gallery: GalleryInfo | None
    referee: Discipline[Any] = field(compare=False, repr=False)
    game: GameState = field(compare=False, repr=False)
    data: Mapping[str, Any] = field(compare=False, repr=False)
    # How far balls were moved to rest (resting.settle, at most 0.1 mm), metres.
    repaired: float = field(default=0.0, compare=False)

    @property
    def position(self) -> TableState:
        """The table the stroke starts from."""
        return self.game.table

    def to_dict(self) -> dict[str, Any]:
        """The plain data of the file (what :func:`dump_scenario` writes)."""
        return copy.deepcopy(dict(self.data))


@dataclass(frozen=True)
class ScenarioResult:
    """The recorded stroke played: the shot, the ruling, the referee's state
    after it and after the choice (if the scenario makes one)."""

    shot: Shot
    ruling: Ruling
    after: GameState
    after_choice: GameState | None = None
    choice_error: str | None = None  # the referee refused the scenario's choice


# ---------------------------------------------------------------------------
# Small checkers


def _err(where: str, why: str) -> ScenarioError:
    return ScenarioError(f"{where}: {why}")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_num(v: Any) -> bool:
    return (isinstance(v, int | float) and not isinstance(v, bool)
            and math.isfinite(v))


def _table(d: Mapping[str, Any], key: str, where: str) -> Mapping[str, Any]:
    v = d[key]
    if not isinstance(v, Mapping):
        raise _err(where, "expected a table")
    return v


def _keys(d: Mapping[str, Any], known: Sequence[str], where: str) -> None:
    for k in d:
        if k not in known:
            raise _err(f"{where}.{k}" if where else str(k),
                       f"unknown key (known: {', '.join(known)})")


def _text(d: Mapping[str, Any], key: str) -> Text:
    t = _table(d, key, key)
    _keys(t, LANGS, key)
    vals: dict[str, str] = {}
    for lang in LANGS:
        if lang not in t:
            raise _err(f"{key}.{lang}", "missing (every text is in Russian and "
                       "English)")
        v = t[lang]
        if not isinstance(v, str) or not v.strip():
            raise _err(f"{key}.{lang}", "expected a non-empty string")
        vals[lang] = v
    return Text(vals["en"], vals["ru"])


def _value(v: Any, kind: str, where: str, n: int | None = None) -> Any:
    """Check one value against its kind; lists of ``n`` entries when given."""
    if kind in ("int", "player"):
        if not _is_int(v):
            raise _err(where, f"expected a whole number, got {v!r}")
        if kind == "player" and n is not None and not 0 <= v < n:
            raise _err(where, f"expected a player index 0-{n - 1}, got {v}")
        return v
    if kind == "bool":
        if not isinstance(v, bool):
            raise _err(where, f"expected true or false, got {v!r}")
        return v
    if kind == "str":
        if not isinstance(v, str):
            raise _err(where, f"expected a string, got {v!r}")
        return v
    if kind == "spots":
        if not isinstance(v, list):
            raise _err(where, f"expected a list of [ball, x, y], got {v!r}")
        for i, x in enumerate(v):
            if (not isinstance(x, list) or len(x) != 3 or not _is_int(x[0])
                    or not all(_is_num(c) for c in x[1:])):
                raise _err(f"{where}[{i}]", "expected [ball, x, y]")
        return v
    if kind in ("ints", "bools", "strs", "codes", "choices"):
        if not isinstance(v, list):
            raise _err(where, f"expected a list, got {v!r}")
        if n is not None and len(v) != n:
            raise _err(where, f"expected {n} entries, one a player, got {len(v)}")
        one = {"ints": "int", "bools": "bool", "strs": "str", "codes": "code",
               "choices": "choice"}[kind]
        return [_value(x, one, f"{where}[{i}]") for i, x in enumerate(v)]
    if kind == "code":
        if not isinstance(v, str):
            raise _err(where, f"expected a code id, got {v!r}")
        try:
            code_by_id(v)
        except ValueError:
            raise _err(where, f"unknown code {v!r}") from None
        return v
    if kind == "choice":
        if not isinstance(v, str):
            raise _err(where, f"expected a choice, got {v!r}")
        try:
            Choice(v)
        except ValueError:
            known = ", ".join(c.value for c in Choice)
            raise _err(where, f"unknown choice {v!r} (known: {known})") from None
        return v
    raise AssertionError(kind)


# ---------------------------------------------------------------------------
# Parsing


def parse_scenario(data: Any) -> Scenario:
    """A scenario from plain data (a parsed TOML document); ScenarioError names
    the first bad field."""
    if not isinstance(data, Mapping):
        raise ScenarioError("scenario: expected a table of keys")
    _keys(data, TOP_KEYS, "")
    for k in REQUIRED:
        if k not in data:
            raise _err(k, "missing")
    if data["format"] != FORMAT:
        raise _err("format", f"expected {FORMAT!r}, got {data['format']!r}")
    if data["version"] != VERSION or isinstance(data["version"], bool):
        raise _err("version", f"expected {VERSION}, got {data['version']!r}")
    sid = data["id"]
    if not isinstance(sid, str) or not ID_RE.match(sid):
        raise _err("id", "expected lower-case letters, digits, '-' or '_' "
                   "(at most 64)")
    game = data["discipline"]
    if not isinstance(game, str):
        raise _err("discipline", "expected a game name (8-ball, 9-ball, 14.1, "
                   "express)")
    try:
        cls = discipline_class(game)
    except RulesError as e:
        raise _err("discipline", str(e).removeprefix("discipline: ")) from None
    name = cls.name
    table_name = data.get("table", cls.default_table)
    if not isinstance(table_name, str):
        raise _err("table", "expected a table name")
    try:
        spec = table_by_name(table_name)
    except ValueError as e:
        raise _err("table", str(e)) from None
    if spec.kind.value != cls.table_kind:
        raise _err("table", f"{name} is played on a {cls.table_kind} table, "
                   f"not {spec.name}")
    players = data.get("players", cls.min_players)
    if not _is_int(players) or not cls.min_players <= players <= cls.max_players:
        raise _err("players", f"{name} is for {cls.min_players}-"
                   f"{cls.max_players} players, got {players!r}")
    tags = tuple(_value(data.get("tags", []), "strs", "tags"))
    title = _text(data, "title")
    explanation = _text(data, "explanation") if "explanation" in data else title
    rule = _rule(data) if "rule" in data else None
    opts = _table(data, "options", "options") if "options" in data else {}
    _options(opts, name)
    try:
        referee = cls(dict(opts))
    except RulesError as e:
        raise _err("options", str(e).removeprefix("options.")) from None
    positions = _balls(data, spec.name, name)
    data = dict(data)
    moved = _repaired(data, positions)
    state = _state(data, referee, spec.name, players, positions)
    stroke = _stroke(data) if "stroke" in data else None
    decl = _declarations(data, name, state) if "declarations" in data \
        else Declarations()
    question = _question(data) if "question" in data else None
    expect = _expect(data["expect"], EXPECT_KEYS, "expect", players) \
        if "expect" in data else {}
    choice = _choice(data, players) if "choice" in data else None
    gallery = _gallery(data, spec.name) if "gallery" in data else None
    for k in ("expect", "choice", "gallery", "declarations"):
        if k in data and stroke is None:
            raise _err(k, "needs a recorded stroke ([stroke])")
    return Scenario(sid, name, spec.name, players, tags, title, explanation, rule,
                    stroke, decl, question, expect, choice, gallery, referee, state,
                    copy.deepcopy(dict(data)), moved)


def _repaired(data: dict[str, Any], positions: Mapping[int, tuple[float, float]]
              ) -> float:
    """Write settled positions back into the scenario's data (so that saving it
    keeps them); the largest move, metres."""
    raw = data["balls"]
    worst = 0.0
    balls = dict(raw)
    for k, v in raw.items():
        b = int(k)
        moved = math.dist((float(v[0]), float(v[1])), positions[b])
        if moved > 0.0:
            balls[k] = [positions[b][0], positions[b][1]]
            worst = max(worst, moved)
    if worst > 0.0:
        data["balls"] = balls
    return worst


# Options a scenario may set, per game (the match options about races and
# break order mean nothing for one situation).
OPTION_KEYS: dict[str, tuple[str, ...]] = {
    "8-ball": ("eight_on_break",), "9-ball": (), "14.1": ("target",),
    "express": ("initial_points", "max_signatures", "ace_is_11", "ante",
                "signature_stakes", "starting_chips", "break_min_cushion_balls",
                "illegal_break_rerack", "rack"),
}


def _options(opts: Mapping[str, Any], game: str) -> None:
    known = OPTION_KEYS[game]
    for k in opts:
        if k not in known:
            raise _err(f"options.{k}", f"unknown option for {game} (known: "
                       f"{', '.join(known) or 'none'})")
    if "target" in opts and (not _is_int(opts["target"]) or opts["target"] < 1):
        raise _err("options.target", "expected a whole number of points >= 1")
    if "eight_on_break" in opts and opts["eight_on_break"] not in ("choice",
                                                                   "win_loss"):
        raise _err("options.eight_on_break", "expected choice or win_loss")


def _rule(data: Mapping[str, Any]) -> SeedRef:
    r = _table(data, "rule", "rule")
    _keys(r, ("file", "section", "rule"), "rule")
    for k in ("section", "rule"):
        if k not in r:
            raise _err(f"rule.{k}", "missing")
    for k in ("file", "section", "rule"):
        if k in r and (not isinstance(r[k], str) or not r[k]):
            raise _err(f"rule.{k}", "expected a non-empty string")
    section = r["section"]
    default = "003_b8c72cf2f78c660c.txt" if section == "express" \
        else "000_a841db6d9a298577.txt"
    return SeedRef(r.get("file", default), section, r["rule"])


def _balls(data: Mapping[str, Any], table: str, game: str) -> dict[int, tuple[
        float, float]]:
    raw = _table(data, "balls", "balls")
    allowed = {CUE_BALL, *GAME_BALLS[game]}
    out: dict[int, tuple[float, float]] = {}
    for k, v in raw.items():
        where = f"balls.{k}"
        if not isinstance(k, str) or not k.isdigit() or (len(k) > 1 and k[0] == "0"):
            raise _err(where, "expected a ball number as the key (0 is the cue "
                       "ball)")
        b = int(k)
        if b not in allowed:
            raise _err(where, f"{game} has no ball {b} (balls 0-{max(allowed)})")
        if not isinstance(v, list) or len(v) != 2 or not all(_is_num(c) for c in v):
            raise _err(where, "expected [x, y] in metres")
        out[b] = (float(v[0]), float(v[1]))
    if CUE_BALL not in out:
        raise _err("balls.0", "missing: the cue ball must be on the table (in "
                   "hand, it is where the player puts it)")
    # Off by less than resting.REPAIR_LIMIT (an older file, rounding): moved to
    # the nearest spots where every ball rests; the Scenario says how far.
    with contextlib.suppress(resting.RestingError):  # refused below, by name
        out, _moved = resting.settle(table_by_name(table), out)
    state = TableState.from_positions(table, out, absent=range(16))
    spec = state.spec
    r = spec.balls.radius
    for b, (x, y) in out.items():
        if not spec.on_bed(x, y, margin=-1e-6):
            raise _err(f"balls.{b}", f"({x:.4f}, {y:.4f}) is off the bed (x must "
                       f"be in [{r:.4f}, {spec.length - r:.4f}], y in "
                       f"[{r:.4f}, {spec.width - r:.4f}])")
    try:
        state.validate()
    except StateError as e:
        raise _err("balls", str(e)) from None
    return out


def _state(data: Mapping[str, Any], referee: Discipline[Any], table: str,
           n: int, positions: Mapping[int, tuple[float, float]]) -> GameState:
    name = referee.name
    raw = _table(data, "state", "state") if "state" in data else {}
    kinds = STATE_KEYS[name]
    _keys(raw, tuple(kinds), "state")
    v: dict[str, Any] = {}
    for k, val in raw.items():
        sized = n if kinds[k] in ("ints", "bools", "strs", "player") else None
        v[k] = _value(val, kinds[k], f"state.{k}", sized)
    spec = table_by_name(table)
    tstate = TableState.from_positions(table, positions, absent=range(16))
    hand = v.get("ball_in_hand", "none")
    if hand not in HAND_VALUES[spec.kind]:
        raise _err("state.ball_in_hand", f"expected one of "
                   f"{', '.join(HAND_VALUES[spec.kind])} on a {spec.kind.value} "
                   f"table, got {hand!r}")
    is_break = v.get("is_break", False)
    shooter = v.get("shooter", 0)
    kw: dict[str, Any] = {
        "table": tstate, "shooter": shooter, "breaker": v.get("breaker", shooter),
        "ball_in_hand": BallInHand(hand), "is_break": is_break,
    }
    if "scores" in v:
        kw["scores"] = tuple(v["scores"])
    objects = [b for b in positions if b != CUE_BALL]
    if is_break:
        need = "kitchen" if spec.kind is TableKind.POOL else "house"
        if hand != need:
            raise _err("state.ball_in_hand", f"a break is played with the cue "
                       f"ball in hand in the {need}")
        missing = [b for b in GAME_BALLS[name] if b not in positions]
        if missing:
            raise _err("state.is_break", f"a break needs the full rack; ball "
                       f"{missing[0]} is not on the table")
    if name == "express":
        state = _express_state(referee, n, v, kw)
    else:
        state = _pool_state(referee, n, v, kw, objects)
    try:
        state.check("state")
        req = referee.requirements(state)
    except RulesError as e:
        raise ScenarioError(str(e)) from None
    if hand != "none":
        cue = positions[CUE_BALL]
        why = req.check_placement(state.table, *cue)
        if why is not None:
            raise _err("balls.0", f"the cue ball in hand may not be placed at "
                       f"({cue[0]:.4f}, {cue[1]:.4f}): {why.id}")
    return state


def _fouls_counts(v: Mapping[str, Any], n: int) -> tuple[int, ...]:
    fouls = v.get("fouls", [0] * n)
    for i, x in enumerate(fouls):
        if not 0 <= x <= 2:
            raise _err(f"state.fouls[{i}]", "consecutive fouls before a shot are "
                       f"0, 1 or 2 (a third ends the count), got {x}")
    return tuple(fouls)


def _pool_state(referee: Discipline[Any], n: int, v: Mapping[str, Any],
                kw: dict[str, Any], objects: Sequence[int]) -> GameState:
    name = referee.name
    base: GameState = referee.new_game(n, 0, 0, kw["table"].table)
    kw["fouls"] = _fouls_counts(v, n)
    if "groups" in v:
        groups = v["groups"]
        for i, g_ in enumerate(groups):
            if g_ not in GROUP_VALUES:
                raise _err(f"state.groups[{i}]", f"expected open, solids or "
                           f"stripes, got {g_!r}")
        if set(groups) != {"open"} and sorted(groups) != ["solids", "stripes"]:
            raise _err("state.groups", "either the table is open for both or "
                       "one player has the solids and the other the stripes")
        if kw["is_break"] and set(groups) != {"open"}:
            raise _err("state.groups", "groups are chosen after the break")
        kw["groups"] = tuple(None if g_ == "open" else g_ for g_ in groups)
    if "warned" in v:
        for i, w in enumerate(v["warned"]):
            if w and kw["fouls"][i] != 2:
                raise _err(f"state.warned[{i}]", "a warning is given after the "
                           "second consecutive foul (9-ball 11): fouls must be 2")
        kw["warned"] = tuple(v["warned"])
    if v.get("push_out_allowed"):
        if kw["is_break"]:
            raise _err("state.push_out_allowed", "the push-out comes after the "
                       "break, not on it (9-ball 5)")
        kw["push_out_allowed"] = True
    if "rail_safeties" in v:
        for i, x in enumerate(v["rail_safeties"]):
            if not 0 <= x <= 2:
                raise _err(f"state.rail_safeties[{i}]", "expected 0, 1 or 2 "
                           "(14.1 7.2)")
        kw["rail_safeties"] = tuple(v["rail_safeties"])
    if "break_rerack" in v:
        kw["break_rerack"] = v["break_rerack"]
    if name == "14.1":
        target = int(referee.options.get("target", 150))
        for i, s in enumerate(kw.get("scores", ())):
            if s >= target:
                raise _err(f"state.scores[{i}]", f"{s} reaches the target "
                           f"{target}: the game is over")
    if not objects:
        raise _err("balls", f"{name} needs at least one object ball on the table")
    return replace(base, **kw)


def _express_state(referee: Discipline[Any], n: int, v: Mapping[str, Any],
                   kw: dict[str, Any]) -> GameState:
    base: GameState = referee.new_game(n, 0, 0, kw["table"].table)
    kw["table"] = pyramid.complete(kw["table"])
    for k in ("status", "signatures", "chips"):
        if k in v:
            kw[k] = tuple(v[k])
    for i, s in enumerate(kw.get("status", ())):
        if s not in STATUS_VALUES:
            raise _err(f"state.status[{i}]", f"expected active, waiting or out, "
                       f"got {s!r}")
    if "mode" in v:
        if v["mode"] not in MODE_VALUES:
            raise _err("state.mode", "expected normal or knockout_bonus")
        kw["mode"] = v["mode"]
    if "bank" in v:
        if v["bank"] < 0:
            raise _err("state.bank", "expected 0 or more chips")
        kw["bank"] = v["bank"]
        kw["ledger"] = (("opening", -1, v["bank"]),) if v["bank"] else ()
    if "rack_no" in v:
        if v["rack_no"] < 1:
            raise _err("state.rack_no", "expected 1 or more")
        kw["rack_no"] = v["rack_no"]
    for k in ("chips", "signatures"):
        for i, x in enumerate(kw.get(k, ())):
            if x < 0:
                raise _err(f"state.{k}[{i}]", "expected 0 or more")
    kw["first_break_pending"] = v.get("first_break_pending", kw["is_break"])
    if kw["first_break_pending"] and not kw["is_break"]:
        raise _err("state.first_break_pending", "only a break can be the "
                   "match's first break")
    state = replace(base, **kw)
    status: tuple[str, ...] = getattr(state, "status", ())
    scores = state.scores
    shooter = state.shooter
    if status[shooter] != "active":
        raise _err("state.shooter", f"player {shooter} is {status[shooter]}; "
                   "only an active player shoots")
    if sum(1 for s in status if s == "active") < 2:
        raise _err("state.status", "fewer than two active players: the match "
                   "is over")
    for i, s in enumerate(status):
        if s == "active" and scores[i] <= 0:
            raise _err(f"state.scores[{i}]", "an active player has points left "
                       "(at zero he waits to sign or is out)")
        if s == "waiting" and scores[i] > 0:
            raise _err(f"state.status[{i}]", "only a player written down to zero "
                       "waits to sign")
    return state


def _stroke(data: Mapping[str, Any]) -> Stroke:
    raw = _table(data, "stroke", "stroke")
    try:
        stroke = Stroke.from_dict(raw)
        validate_stroke(stroke)
    except (ValueError, StrokeError) as e:
        msg = str(e)
        raise ScenarioError(msg if msg.startswith("stroke.") else
                            f"stroke: {msg}") from None
    return stroke


def _declarations(data: Mapping[str, Any], game: str,
                  state: GameState) -> Declarations:
    raw = _table(data, "declarations", "declarations")
    try:
        decl = Declarations.from_dict(raw)
    except RulesError as e:
        raise ScenarioError(str(e)) from None
    if game == "express" and decl != Declarations():
        raise _err("declarations", "Express has no calls, safeties or push-outs")
    if decl.push_out and game != "9-ball":
        raise _err("declarations.push_out", "only 9-ball has the push-out")
    if decl.safety and game not in ("8-ball", "14.1"):
        raise _err("declarations.safety", "only 8-ball and 14.1 declare a safety")
    if decl.called_ball is not None:
        if game == "9-ball":
            raise _err("declarations.called_ball", "9-ball needs no call")
        if state.table.position(decl.called_ball) is None:
            raise _err("declarations.called_ball", f"ball {decl.called_ball} is "
                       "not on the table")
    return decl


def _question(data: Mapping[str, Any]) -> Question:
    raw = _table(data, "question", "question")
    _keys(raw, ("en", "ru", "asks"), "question")
    text = _text({"question": {k: raw[k] for k in LANGS if k in raw}}, "question")
    asks = _value(raw.get("asks", list(QUESTION_KINDS)), "strs", "question.asks")
    for i, a in enumerate(asks):
        if a not in QUESTION_KINDS:
            raise _err(f"question.asks[{i}]", f"expected one of "
                       f"{', '.join(QUESTION_KINDS)}, got {a!r}")
    if not asks:
        raise _err("question.asks", "ask at least one question")
    return Question(text, tuple(asks))


def _expect(raw: Any, kinds: Mapping[str, str], where: str,
            n: int) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise _err(where, "expected a table")
    _keys(raw, tuple(kinds), where)
    out: dict[str, Any] = {}
    per_player = {"points", "scores", "status", "stars", "fouls_count", "warned",
                  "groups"}
    for k, val in raw.items():
        out[k] = _value(val, kinds[k], f"{where}.{k}",
                        n if k in per_player else None)
        if k in ("next_shooter", "chooser", "winner", "victim", "shooter") and \
                not 0 <= val < n:
            raise _err(f"{where}.{k}", f"expected a player index 0-{n - 1}")
        if k == "ball_in_hand" and val not in ("none", "anywhere", "kitchen",
                                               "house", "temp_house"):
            raise _err(f"{where}.{k}", f"unknown ball-in-hand region {val!r}")
    return out


def _choice(data: Mapping[str, Any], n: int) -> ChoiceStep:
    raw = _table(data, "choice", "choice")
    _keys(raw, CHOICE_KEYS, "choice")
    if "choice" not in raw:
        raise _err("choice.choice", "missing")
    c = Choice(_value(raw["choice"], "choice", "choice.choice"))
    arg: int | None = None
    for k in ("player", "ball"):
        if k in raw:
            if arg is not None:
                raise _err(f"choice.{k}", "give a player or a ball, not both")
            arg = _value(raw[k], "int", f"choice.{k}")
    if c in (Choice.SIGN, Choice.DECLINE_SIGN) and "player" not in raw:
        raise _err("choice.player", "missing: who signs or declines")
    if "player" in raw and not 0 <= raw["player"] < n:
        raise _err("choice.player", f"expected a player index 0-{n - 1}")
    expect = _expect(raw.get("expect", {}), CHOICE_EXPECT_KEYS, "choice.expect", n)
    return ChoiceStep(c, arg, expect)


def _gallery(data: Mapping[str, Any], table: str) -> GalleryInfo:
    raw = _table(data, "gallery", "gallery")
    _keys(raw, GALLERY_KEYS, "gallery")
    for k in ("foul", "pause"):
        if k not in raw:
            raise _err(f"gallery.{k}", "missing")
    foul = _value(raw["foul"], "code", "gallery.foul")
    try:
        pause = EventKind(_value(raw["pause"], "str", "gallery.pause"))
    except ValueError:
        raise _err("gallery.pause", f"expected an event kind "
                   f"({', '.join(k.value for k in EventKind)})") from None
    balls = _value(raw.get("balls", []), "ints", "gallery.balls")
    for i, b in enumerate(balls):
        if not 0 <= b <= 15:
            raise _err(f"gallery.balls[{i}]", f"no ball {b}")
    cushions = _value(raw.get("cushions", []), "strs", "gallery.cushions")
    for i, c in enumerate(cushions):
        if c not in CUSHION_NAMES:
            raise _err(f"gallery.cushions[{i}]", f"expected one of "
                       f"{', '.join(CUSHION_NAMES)}, got {c!r}")
    order = _value(raw.get("order", 0), "int", "gallery.order")
    _ = table
    return GalleryInfo(foul, pause, tuple(balls), tuple(cushions), order)


# ---------------------------------------------------------------------------
# Files


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Read and validate a scenario file; ScenarioError names what is wrong
    (the file name first)."""
    p = Path(path)
    try:
        text = read_text(p, where=p.name)  # simulator.inputs: size, kind, UTF-8
    except InputError as e:
        raise ScenarioError(str(e)) from None
    try:
        return loads_scenario(text)
    except ScenarioError as e:
        raise ScenarioError(f"{p.name}: {e}") from None


def loads_scenario(text: str) -> Scenario:
    try:
        data = loads_toml(text, "toml")
    except InputError as e:
        raise ScenarioError(str(e)) from None
    return parse_scenario(data)


def save_scenario(scenario: Scenario | Mapping[str, Any],
                  path: str | os.PathLike[str]) -> None:
    """Write a scenario atomically (a temporary file, then a rename). Plain
    data is validated first: an invalid scenario is never written."""
    sc = scenario if isinstance(scenario, Scenario) else parse_scenario(scenario)
    atomic_write(Path(path), dump_scenario(sc))


# -- a small TOML writer (tomllib only reads) -------------------------------
_BARE = re.compile(r"^[A-Za-z0-9_-]+$")
# The order sections are written in; anything else follows.
_SECTION_ORDER = ("title", "explanation", "rule", "options", "balls", "state",
                  "stroke", "declarations", "question", "expect", "choice",
                  "gallery")


def _key(k: str) -> str:
    return k if _BARE.match(k) else json.dumps(k, ensure_ascii=False)


def _scalar(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if not math.isfinite(v):
            raise ScenarioError(f"toml: cannot write {v}")
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_scalar(x) for x in v) + "]"
    if isinstance(v, Mapping):
        return "{" + ", ".join(f"{_key(str(k))} = {_scalar(x)}"
                               for k, x in v.items()) + "}"
    raise ScenarioError(f"toml: cannot write a {type(v).__name__}")


def _ball_order(k: str) -> tuple[int, str]:
    return (int(k), k) if k.isdigit() else (99, k)


def _dump_table(out: list[str], name: str, d: Mapping[str, Any]) -> None:
    out.append("")
    out.append(f"[{name}]")
    keys = sorted(d, key=_ball_order) if name == "balls" else list(d)
    subs = [k for k in keys if isinstance(d[k], Mapping)]
    for k in keys:
        if k not in subs:
            out.append(f"{_key(str(k))} = {_scalar(d[k])}")
    for k in subs:
        _dump_table(out, f"{name}.{_key(str(k))}", d[k])


def dumps_toml(data: Mapping[str, Any]) -> str:
    """TOML text for plain data: scalars first, then one section per table."""
    out: list[str] = []
    tables = [k for k in data if isinstance(data[k], Mapping)]
    for k in data:
        if k not in tables:
            out.append(f"{_key(k)} = {_scalar(data[k])}")
    order = [k for k in _SECTION_ORDER if k in tables] + [
        k for k in tables if k not in _SECTION_ORDER]
    for k in order:
        _dump_table(out, _key(k), data[k])
    return "\n".join(out) + "\n"


def dump_scenario(scenario: Scenario) -> str:
    return dumps_toml(scenario.to_dict())


# ---------------------------------------------------------------------------
# Playing and checking


def play_scenario(scenario: Scenario, shot: Shot | None = None) -> ScenarioResult:
    """Run the recorded stroke (or a given shot) through the physics and the
    referee, then the scenario's choice, if it has one."""
    if shot is None:
        if scenario.stroke is None:
            raise ScenarioError(f"{scenario.id}: no recorded stroke")
        shot = simulate(scenario.position, scenario.stroke)
    ruling, after = scenario.referee.judge(scenario.game, shot,
                                           scenario.declarations)
    after_choice: GameState | None = None
    refused: str | None = None
    if scenario.choice is not None:
        c = scenario.choice
        try:
            after_choice = scenario.referee.choose(after, c.choice, c.arg)
        except RulesError as e:
            refused = str(e)
    return ScenarioResult(shot, ruling, after, after_choice, refused)


def _groups(groups: Sequence[str | None]) -> list[str]:
    return ["open" if g_ is None else g_ for g_ in groups]


def check_result(scenario: Scenario, result: ScenarioResult) -> list[str]:
    """Every way the result differs from the scenario's expectations (empty:
    the referee agrees with the file)."""
    bad: list[str] = []
    e = scenario.expect
    r = result.ruling
    after = result.after

    def want(key: str, got: Any) -> None:
        if key in e and e[key] != got:
            bad.append(f"expect.{key}: expected {e[key]!r}, got {got!r}")

    if "fouls" in e and sorted(e["fouls"]) != sorted(f.code.id for f in r.fouls):
        bad.append(f"expect.fouls: expected {sorted(e['fouls'])}, got "
                   f"{sorted(f.code.id for f in r.fouls)}")
    want("penalty", None if r.penalty is None else r.penalty.code.id)
    ids = [n.code.id for n in r.notes]
    for c in e.get("notes", []):
        if c not in ids:
            bad.append(f"expect.notes: {c} missing from {ids}")
    for c in e.get("no_notes", []):
        if c in ids:
            bad.append(f"expect.no_notes: {c} is there")
    want("legal", not r.fouls)
    want("next_shooter", r.next_shooter)
    want("ball_in_hand", r.ball_in_hand.value)
    if "options" in e and sorted(e["options"]) != sorted(c.value for c in r.options):
        bad.append(f"expect.options: expected {sorted(e['options'])}, got "
                   f"{sorted(c.value for c in r.options)}")
    want("chooser", r.chooser)
    want("game_over", r.game_over)
    if "winner" in e:
        want("winner", r.winner)
    want("points", list(r.points))
    if "scored" in e and sorted(e["scored"]) != sorted(r.scored):
        bad.append(f"expect.scored: expected {sorted(e['scored'])}, got "
                   f"{sorted(r.scored)}")
    want("rerack", r.rerack)
    want("replay", r.replay)
    if "spots" in e:
        got_spots = [[s.ball, s.x, s.y] for s in r.spots]
        exp = e["spots"]
        if len(got_spots) != len(exp) or any(
                g[0] != x[0] or abs(g[1] - x[1]) > 1e-4 or abs(g[2] - x[2]) > 1e-4
                for g, x in zip(got_spots, exp, strict=False)):
            bad.append(f"expect.spots: expected {exp}, got {got_spots}")
    want("groups", _groups(r.groups))
    want("victim", getattr(r, "victim", None))
    want("scores", list(after.scores))
    want("status", list(getattr(after, "status", ())))
    want("stars", list(getattr(after, "signatures", ())))
    want("mode", getattr(after, "mode", None))
    want("fouls_count", list(after.fouls))
    want("warned", list(after.warned))
    final = result.shot.final
    for b in e.get("pocketed", []):
        try:
            where = final.ball(b).where
        except KeyError:
            where = Where.POCKETED
        if where is not Where.POCKETED:
            bad.append(f"expect.pocketed: ball {b} is {where.value}")
    if "on_table" in e:
        want("on_table", sorted(final.on_table()))
    if "rerack_cell" in e:
        spec = final.spec
        on = sorted(set(final.on_table()) - {CUE_BALL})
        cue = final.position(CUE_BALL)
        f_pos = final.position(on[0]) if on else None
        got = list(rerack_cell(spec, f_pos, cue)[:2]) if cue is not None else []
        want("rerack_cell", got)
    if scenario.choice is not None:
        ce = scenario.choice.expect
        st = result.after_choice
        if st is None:
            return [*bad, f"choice: refused ({result.choice_error})"]

        def want_c(key: str, got: Any) -> None:
            if key in ce and ce[key] != got:
                bad.append(f"choice.expect.{key}: expected {ce[key]!r}, got "
                           f"{got!r}")

        want_c("shooter", st.shooter)
        want_c("ball_in_hand", st.ball_in_hand.value)
        want_c("scores", list(st.scores))
        want_c("status", list(getattr(st, "status", ())))
        want_c("stars", list(getattr(st, "signatures", ())))
        want_c("is_break", st.is_break)
        want_c("pending", [c.value for c in st.pending])
        want_c("on_table", sorted(st.table.on_table()))
    return bad


def first_foul_event(result: ScenarioResult, code: str) -> int | None:
    """The event index of the first foul with this code (for the replay)."""
    for f in result.ruling.fouls:
        if f.code.id == code:
            return f.event_index
    return None



def position_data(discipline: str, balls: Mapping[int, tuple[float, float]],
                  state: Mapping[str, Any] | None = None, players: int | None = None,
                  sid: str = "position", title: Text | None = None
                  ) -> dict[str, Any]:
    """Plain scenario data for a position (what the position editor saves)."""
    t = title or Text("Position", "Позиция")
    d: dict[str, Any] = {"format": FORMAT, "version": VERSION, "id": sid,
                         "discipline": discipline}
    if players is not None:
        d["players"] = players
    d["title"] = {"en": t.en, "ru": t.ru}
    d["balls"] = {str(b): [float(x), float(y)] for b, (x, y) in sorted(balls.items())}
    if state:
        d["state"] = dict(state)
    return d


def check_position(discipline: str, balls: Mapping[int, tuple[float, float]],
                   state: Mapping[str, Any] | None = None,
                   players: int | None = None) -> Scenario:
    """Validate a position as loading does (the editor calls this before a
    test stroke or a save); ScenarioError names the field."""
    return parse_scenario(position_data(discipline, balls, state, players))
