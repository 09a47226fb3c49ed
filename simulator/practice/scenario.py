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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from rules import registry, situation
from rules.codes import SEED_POOL, SeedRef
from rules.game import Discipline, GameState
from rules.ruling import BallInHand, Choice, Declarations, RulesError, Ruling
from simulator.files.atomic import atomic_write, writable_target
from simulator.files.inputs import InputError, loads_toml, read_text
from simulator.files.reasons import Explained, again
from simulator.physics import simulate
from simulator.physics.cue import StrokeError
from simulator.physics.cue import validate as validate_stroke
from simulator.table import resting
from simulator.table.events import EventKind, Shot, Stroke
from simulator.table.specs import CUE_BALL, table_by_name
from simulator.table.state import StateError, TableState

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

# The state keys a scenario may set are its discipline's position fields
# (rules.registry.info(name).position_fields()), its options the discipline's
# own (info.option_fields()), its balls the discipline's set (info.balls).
# An open 8-ball group is written "open".
OPEN = "open"

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


T = TypeVar("T")


class ScenarioError(Explained):
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
    # What happens, said without the ruling: the quiz's heading where the
    # situation's own title names its foul ("...: a double hit").
    title: Text | None = None


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
    # The referee refused the scenario's choice: its reason (simulator.files.reasons).
    choice_error: RulesError | None = None


# ---------------------------------------------------------------------------
# Small checkers


def _err(where: str, why: str, reason: str | None = None,
         **params: Any) -> ScenarioError:
    return ScenarioError(f"{where}: {why}", reason, **params)


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
    """One value checked by its kind (rules.situation.value)."""
    return _rules(lambda: situation.value(v, kind, where, n))


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
    cls = _rules(lambda: situation.game_class(data["discipline"], "discipline"))
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
    players = _rules(lambda: situation.players_of(
        data.get("players", cls.min_players), cls, "players"))
    tags = tuple(_value(data.get("tags", []), "strs", "tags"))
    title = _text(data, "title")
    explanation = _text(data, "explanation") if "explanation" in data else title
    rule = _rule(data) if "rule" in data else None
    opts = _table(data, "options", "options") if "options" in data else {}
    referee = _rules(lambda: situation.discipline_of(cls, opts, "options",
                                                     own_only=True))
    positions = _balls(data, spec.name, name)
    data = dict(data)
    moved = _repaired(data, positions)
    state = _state(data, referee, spec.name, players, positions)
    stroke = _stroke(data) if "stroke" in data else None
    decl = _rules(lambda: situation.declarations_of(
        _table(data, "declarations", "declarations"), referee, state,
        "declarations")) if "declarations" in data else Declarations()
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
    # The seed file of the game whose section it is; the general rules'
    # file for the general pool rules.
    default = next((i.ref.file for i in registry.infos()
                    if i.ref.section == section), SEED_POOL)
    return SeedRef(r.get("file", default), section, r["rule"])


def _balls(data: Mapping[str, Any], table: str, game: str) -> dict[int, tuple[
        float, float]]:
    raw = _table(data, "balls", "balls")
    allowed = {CUE_BALL, *registry.info(game).balls}
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
                   "hand, it is where the player puts it)", "no_cue_ball")
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
                       f"[{r:.4f}, {spec.width - r:.4f}])", "ball_cannot_rest",
                       ball=b)
    try:
        state.validate()
    except StateError as e:
        raise again(ScenarioError, f"balls: {e}", e) from None
    return out


def _state(data: Mapping[str, Any], referee: Discipline[Any], table: str,
           n: int, positions: Mapping[int, tuple[float, float]]) -> GameState:
    """The referee's state before the stroke: the shared situation loader
    (rules.situation.position) on the balls, from the discipline's position
    fields, and the discipline's own check that a game can reach it."""
    raw = dict(_table(data, "state", "state")) if "state" in data else {}
    info = referee.info
    groups = next((f for f in info.position_fields() if f.optional), None)
    if groups is not None and groups.name in raw:
        # The file's word for an open group (8-ball 6) is "open".
        words = _value(raw[groups.name], "strs", f"state.{groups.name}", n)
        for i, w in enumerate(words):
            if w != OPEN and w not in groups.values:
                raise _err(f"state.{groups.name}[{i}]", f"expected {OPEN}, "
                           f"{', '.join(groups.values)}, got {w!r}".replace(
                               ", " + groups.values[-1], " or " + groups.values[-1]))
        raw[groups.name] = [None if w == OPEN else w for w in words]
    tstate = TableState.from_positions(table, positions, absent=range(16))
    return _rules(lambda: situation.position(
        referee, n, tstate, raw, "state", allowed=info.position_fields(),
        defaults={"ball_in_hand": BallInHand.NONE, "is_break": False},
        table_where="balls"))


def _rules(make: Callable[[], T]) -> T:
    """What the shared rules loader makes, its RulesError as a ScenarioError
    (the same text: the field and the reason)."""
    try:
        return make()
    except RulesError as e:
        raise again(ScenarioError, str(e), e) from None


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


def _question(data: Mapping[str, Any]) -> Question:
    raw = _table(data, "question", "question")
    _keys(raw, ("en", "ru", "asks", "title"), "question")
    text = _text({"question": {k: raw[k] for k in LANGS if k in raw}}, "question")
    title = _text({"question.title": raw["title"]}, "question.title") \
        if "title" in raw else None
    asks = _value(raw.get("asks", list(QUESTION_KINDS)), "strs", "question.asks")
    for i, a in enumerate(asks):
        if a not in QUESTION_KINDS:
            raise _err(f"question.asks[{i}]", f"expected one of "
                       f"{', '.join(QUESTION_KINDS)}, got {a!r}")
    if not asks:
        raise _err("question.asks", "ask at least one question")
    return Question(text, tuple(asks), title)


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
    c, arg = _rules(lambda: situation.choice_of(raw, n, "choice"))
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
        text = read_text(p, where=p.name)  # simulator.files.inputs: size, kind, UTF-8
    except InputError as e:
        raise ScenarioError(str(e)) from None
    return named_scenario(text, p.name)


def named_scenario(text: str, name: str) -> Scenario:
    """The scenario of the file ``name``'s ``text``; an error names the file."""
    try:
        return loads_scenario(text)
    except ScenarioError as e:
        raise again(ScenarioError, f"{name}: {e}", e) from None


def loads_scenario(text: str) -> Scenario:
    try:
        data = loads_toml(text, "toml")
    except InputError as e:
        raise ScenarioError(str(e)) from None
    return parse_scenario(data)


def save_scenario(scenario: Scenario | Mapping[str, Any],
                  path: str | os.PathLike[str]) -> None:
    """Write a scenario atomically (a temporary file, then a rename). What is
    written is checked as loading checks it (ScenarioError naming the field):
    an invalid scenario is never written. A target that is not a regular
    file is refused (simulator.files.atomic.TargetError, an OSError)."""
    writable_target(path)
    sc = scenario if isinstance(scenario, Scenario) else parse_scenario(scenario)
    text = dump_scenario(sc)
    loads_scenario(text)
    atomic_write(Path(path), text)


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
    played = situation.run_step(
        scenario.referee, scenario.game,
        situation.Step("shot", shot=shot, declarations=scenario.declarations),
        scenario.id)
    assert played.ruling is not None
    after_choice: GameState | None = None
    refused: RulesError | None = None
    if scenario.choice is not None:
        c = scenario.choice
        try:
            after_choice = scenario.referee.choose(played.state, c.choice, c.arg)
        except RulesError as e:
            refused = e
    return ScenarioResult(shot, played.ruling, played.state, after_choice, refused)


# How scenario files read their expectations (the shared checker,
# rules.situation.check): lists compare as sets, ``on_table`` is the shot's
# final table, an open 8-ball group is "open".
READING = situation.Reading(on_table="shot", open_groups=OPEN)


def check_result(scenario: Scenario, result: ScenarioResult) -> list[str]:
    """Every way the result differs from the scenario's expectations (empty:
    the referee agrees with the file)."""
    ref = scenario.referee
    after = result.after
    shot_res = situation.StepResult(
        result.ruling, after, None if after.game_over else ref.requirements(after),
        shot=result.shot)
    bad = [f"expect.{b}" for b in situation.check(scenario.expect, shot_res,
                                                   READING)]
    if scenario.choice is not None:
        st = result.after_choice
        if st is None:
            return [*bad, f"choice: refused ({result.choice_error})"]
        choice_res = situation.StepResult(None, st, None)
        bad += [f"choice.expect.{b}" for b in situation.check(
            scenario.choice.expect, choice_res, READING)]
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
    test stroke or a save), and that a game can go on from it
    (:func:`playable`); ScenarioError names the field."""
    return playable(parse_scenario(position_data(discipline, balls, state, players)))


def playable(sc: Scenario) -> Scenario:
    """``sc`` when its game can be played on from its position: the ball
    that decides the game is on the table (8-ball 1, 9-ball 1); a position
    the editor saves is asked this besides loading's checks."""
    _rules(lambda: sc.referee.check_game_ball(sc.game, "balls"))
    return sc
