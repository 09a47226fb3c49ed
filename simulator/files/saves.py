"""Saved matches on disk: the full save file and the autosave journal.

A **save file** (the player's "Save") is one JSON document,
``{"format": "kiy-save", "version": 1, "match": Match.to_dict()}``, written
atomically, with ``"watch"`` beside the match when the match has a watching
speed of its own (the journal keeps it in its first line), and ``"aim"``
when a player was aiming: the stroke set but not yet played (its step,
direction, power, tip, elevation, the call and declarations, a ball in hand
put down), checked and given back by the window (simulator.app.match.session;
a file without it, an older Kiy's, loads with the aim the window finds), and
``"moved_on"`` (the number of the match's steps) when the person had read a
game's end card and gone on to the next rack: loaded, it is that rack, not
the card again. A
match too
long for that (more than ``MAX_SAVE_BYTES`` or ``MAX_VALUES`` as plain
JSON) is written as version 2, its shots packed as in the journal below.
A bare ``Match.save`` file (``"format": "kiy-match"``)
loads too.

The **autosave** is a journal, so that saving after shot 500 costs what it
cost after shot 1: JSON Lines, the first line
``{"format": "kiy-journal", "version": 2, "match": ...}`` (the match as it
was when the journal began or was last compacted; ``"watch"`` and
``"moved_on"`` as in a save file, the journal rewritten atomically when they
change), then one line per change:
``{"step": n, "action": {...}}`` puts an action at position ``n`` of the
match's history (dropping whatever followed it: an undo, then a new shot)
and ``{"step": n}`` alone cuts the history back to ``n`` actions (an undo).
A shot is written as the referee keeps it, zlib-compressed JSON (base64,
``"packed": {"shot": "..."}`` in place of ``"shot"``): about a third of the
plain record. Each change is appended and fsynced; a last line cut short by
a crash is dropped on loading (the match is then the one before that change)
and cut off before the next append. When undone steps take more than a
quarter of the match's own size it is compacted (the match as one record,
then appends), and it
never grows past what loading accepts: past three quarters of that the
player is warned, and a match that cannot fit even compacted stops being
autosaved with a message rather than written into a file Continue refuses.
The journal appends only to the file it wrote itself (the same file, the
same size): a file another Kiy replaced or appended to is left alone and the
match goes on in a journal of its own. The folder keeps the last three
matches' journals: ``autosave.kiyj`` (the newest), ``autosave-1.kiyj`` and
``autosave-2.kiyj``.

Every save is checked as it loads: the version (a newer one gets its own
message), every field (``Match.from_dict``: types, ranges, finite numbers,
ball numbers, the referee replaying every step), and that each shot's
pockets agree with its final table. What Kiy writes passes the same checks
first (:func:`check_text`): nothing is written that loading would refuse.
``python -m simulator.files.verify SAVE`` (``kiy verify SAVE``) also plays
every stroke through the physics again and compares every step with the
record kept of it when it was played.
"""

from __future__ import annotations

import base64
import binascii
import errno
import json
import os
import stat
import zlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.referee import PACKED_KEYS, Action, Match, action_json
from rules.ruling import RulesError
from simulator.files.atomic import atomic_write, named, writable_target
from simulator.files.inputs import (
    MAX_SAVE_BYTES,
    InputError,
    check_json_text,
    decode,
    loads_json,
    read_text,
    size_words,
)
from simulator.files.profile import journal_paths
from simulator.table.events import Stroke

SAVE_FORMAT = "kiy-save"
SAVE_VERSION = 2  # read up to; a plain save is written as version 1
JOURNAL_FORMAT = "kiy-journal"
JOURNAL_VERSION = 2  # version 1: no packed shots (still read, then rewritten)
MAX_PACKED = 8 * 1024 * 1024  # one packed record, once unpacked
WARN_AT = 0.75  # of MAX_SAVE_BYTES: the player is told the match is getting long
COMPACT_MIN = 256 * 1024  # a journal this small is never worth compacting
COMPACT_WASTE = 0.25  # undone steps beyond this share of the match: compacted


class SaveError(InputError):
    """A save that cannot be resumed: the file and the reason. ``kind`` says
    which: ``file`` (cannot be read), ``damaged`` (not valid JSON, cut short),
    ``not_save``, ``version`` (a newer format) or ``match`` (a field, or a
    step the referee refuses)."""

    def __init__(self, where: str, what: str, kind: str = "match") -> None:
        super().__init__(where, what)
        self.kind = kind


@dataclass(frozen=True)
class Loaded:
    """A match read from disk, with what was noticed on the way."""

    match: Match
    journal: bool
    size: int  # bytes of the file that hold complete lines (a journal)
    dropped_tail: bool  # a journal's last line was cut short and ignored
    repaired: int = 0  # tables whose balls were moved to rest (settle)
    moved: float = 0.0  # the largest of those moves, metres
    version: int = 0  # the file's format version
    watch: str | None = None  # the match's watching speed (None: the settings')
    aim: Any = None  # the save's "aim" as stored, unchecked (None: none)
    name: str | None = None  # the name the player gave it (None: the file's)
    moved_on: int | None = None  # steps when the next rack was on (None: not)


def _is_table(d: Any) -> bool:
    return isinstance(d, dict) and isinstance(d.get("table"), str) and \
        isinstance(d.get("balls"), list) and set(d) <= {"table", "balls"}


def repair_tables(data: Any) -> tuple[int, float]:
    """Move balls that miss the resting rule by less than
    ``resting.REPAIR_LIMIT`` (an older Kiy, a hand-made file) to the nearest
    spots where they rest, in every table of the parsed save, in place; the
    number of tables changed and the largest move. Anything further off is
    left for the checks to refuse."""
    from simulator.table import resting
    from simulator.table.specs import table_by_name
    changed, worst = 0, 0.0
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
            continue
        if not isinstance(node, dict):
            continue
        if not _is_table(node):
            stack.extend(node.values())
            continue
        try:
            spec = table_by_name(node["table"])
        except ValueError:
            continue
        on: dict[int, tuple[float, float]] = {}
        for b in node["balls"]:
            if isinstance(b, dict) and b.get("where", "table") == "table":
                x, y, n = b.get("x"), b.get("y"), b.get("ball")
                if not (isinstance(x, int | float) and isinstance(y, int | float)
                        and isinstance(n, int)) or n in on:
                    on = {}
                    break
                on[n] = (float(x), float(y))
        if not on or resting.problem(spec, on) is None:
            continue
        try:
            fixed, moved = resting.settle(spec, on)
        except resting.RestingError:
            continue
        for b in node["balls"]:
            if isinstance(b, dict) and b.get("ball") in fixed and \
                    b.get("where", "table") == "table":
                b["x"], b["y"] = fixed[b["ball"]]
        changed += 1
        worst = max(worst, moved)
    return changed, worst


PLAIN_SAVE_VERSION = 1


def save_dict(match: Match, watch: str | None = None,
              aim: Mapping[str, Any] | None = None,
              name: str | None = None, moved_on: bool = False) -> dict[str, Any]:
    return {"format": SAVE_FORMAT, "version": PLAIN_SAVE_VERSION,
            **_name_field(name), "match": match.to_dict(), **_watch_field(watch),
            **_aim_field(aim), **_moved_on_field(match, moved_on)}


MAX_NAME = 200  # letters of a save's name kept (the file name is shorter still)


def _name_field(name: str | None) -> dict[str, str]:
    """The save's name as the player typed it (any letters, "/" and ":"
    too): the file's name has those replaced, so the list shows this one."""
    return {} if not name else {"name": name[:MAX_NAME]}


def name_of(d: Mapping[str, Any]) -> str | None:
    """The stored name, or None (an older save: its file's name stands)."""
    n = d.get("name")
    return n if isinstance(n, str) and 0 < len(n) <= MAX_NAME else None


def _aim_field(aim: Mapping[str, Any] | None) -> dict[str, Any]:
    """The stroke a player had set and not yet played, kept beside the match
    (not a step of it: a replay never reads it); left out when none."""
    return {} if aim is None else {"aim": dict(aim)}


def _moved_on_field(match: Match, moved_on: bool) -> dict[str, int]:
    """That the person had gone on from a game's end card to the next rack,
    kept as the match's steps then (a window's state, not a step of it)."""
    return {"moved_on": len(match.history)} if moved_on else {}


def _steps_field(moved_on: int | None) -> dict[str, int]:
    """The journal header's "moved_on": the steps at which the next rack
    was on, or nothing."""
    return {} if moved_on is None else {"moved_on": moved_on}


def moved_on_of(d: Mapping[str, Any]) -> int | None:
    """The stored steps at which the next rack was on, or None."""
    n = d.get("moved_on")
    return n if isinstance(n, int) and not isinstance(n, bool) and n >= 0 else None


def _watch_field(watch: str | None) -> dict[str, str]:
    """How fast the computer's shots were watched in this match: kept
    beside the match (a preference of the window, not a step of it), and
    left out when the match had none of its own."""
    return {} if watch is None else {"watch": watch}


def watch_of(d: Mapping[str, Any]) -> str | None:
    """The stored watching speed, or None: a file without one (an older
    Kiy) or with one this Kiy cannot make sense of is loaded all the same,
    at the settings' speed (the window checks it is one it offers)."""
    w = d.get("watch")
    return w if isinstance(w, str) and 0 < len(w) <= 8 else None


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"),
                      allow_nan=False, default=action_json)


# -- packed shots -----------------------------------------------------------------
def pack_action(action: Mapping[str, Any]) -> dict[str, Any]:
    """An action as the journal writes it: its shot as the referee keeps it
    (zlib-compressed JSON), in base64, under ``packed``."""
    kept = action.packed() if isinstance(action, Action) else {}
    out: dict[str, Any] = {}
    packed: dict[str, str] = {}
    for key in action:
        raw = kept.get(key)
        if raw is None and key in PACKED_KEYS and isinstance(action[key], Mapping):
            raw = zlib.compress(json.dumps(action[key], separators=(",", ":"),
                                           allow_nan=False).encode("utf-8"), 1)
        if raw is None:
            out[key] = action[key]
        else:
            packed[key] = base64.b64encode(raw).decode("ascii")
    if packed:
        out["packed"] = packed
    return out


def _inflate(raw: bytes, where: str) -> str:
    """A packed record's JSON text: at most MAX_PACKED bytes, whole, UTF-8."""
    z = zlib.decompressobj()
    try:
        out = z.decompress(raw, MAX_PACKED + 1)
    except zlib.error:
        raise RulesError(f"{where}: not zlib-compressed data") from None
    if len(out) > MAX_PACKED:
        raise RulesError(f"{where}: more than {size_words(MAX_PACKED)} once "
                         "unpacked")
    if not z.eof or z.unused_data:
        raise RulesError(f"{where}: the compressed data is cut short or followed "
                         "by more")
    try:
        return decode(out, where)
    except InputError as e:
        raise RulesError(str(e)) from None


class PackedAction(Mapping[str, Any]):
    """An action read with its shot still packed: unpacked (and checked as
    any JSON Kiy reads) only when the referee replays it, so a long match is
    never held unpacked all at once."""

    def __init__(self, fields: Mapping[str, Any], packed: Mapping[str, bytes],
                 where: str) -> None:
        self._fields = dict(fields)
        self._packed = dict(packed)
        self._where = where

    def __getitem__(self, key: str) -> Any:
        if key in self._packed:
            where = f"packed.{key}"
            text = _inflate(self._packed[key], where)
            try:
                return loads_json(text, where)
            except InputError as e:
                raise RulesError(str(e)) from None
        return self._fields[key]

    def __iter__(self) -> Iterator[str]:
        yield from self._fields
        yield from self._packed

    def __len__(self) -> int:
        return len(self._fields) + len(self._packed)


def unpack_action(action: Any, where: str) -> Any:
    """``action`` as written (plain, or with ``packed`` shots) as the referee
    reads it; SaveError for a ``packed`` that is not one."""
    if not isinstance(action, Mapping) or "packed" not in action:
        return action
    packed = action["packed"]
    if not isinstance(packed, Mapping) or not packed or \
            not set(packed) <= set(PACKED_KEYS):
        raise SaveError(where, f"packed: expected an object of "
                               f"{', '.join(PACKED_KEYS)}")
    blobs: dict[str, bytes] = {}
    for key, text in packed.items():
        if key in action:
            raise SaveError(where, f"{key}: given both plain and packed")
        if not isinstance(text, str):
            raise SaveError(where, f"packed.{key}: expected base64 text")
        try:
            blobs[key] = base64.b64decode(text.encode("ascii"), validate=True)
        except (binascii.Error, ValueError, UnicodeEncodeError):
            raise SaveError(where, f"packed.{key}: not base64 text") from None
    return PackedAction({k: v for k, v in action.items() if k != "packed"},
                        blobs, where)


def _unpack_match(match: Mapping[str, Any], where: str) -> dict[str, Any]:
    actions = match.get("actions", [])
    if not isinstance(actions, list):
        return dict(match)
    return {**match, "actions": [unpack_action(a, f"{where}.actions[{i}]")
                                 for i, a in enumerate(actions)]}


# -- what is written is what would be read -----------------------------------
def check_text(text: str, where: str, match: Mapping[str, Any] | None = None
               ) -> None:
    """Refuse what loading would refuse, before it is written: the JSON rules
    of simulator.files.inputs (size, whole numbers within 64 bits, finite numbers,
    the count of values) and, for a match, the referee's checks of its
    players, game, options and seed. SaveError (kind ``too_big`` or
    ``match``)."""
    try:
        check_json_text(text, where, MAX_SAVE_BYTES)
    except InputError as e:
        kind = "too_big" if "too big" in e.what or "too many" in e.what \
            else "match"
        raise SaveError(where, e.what, kind) from None
    if match is not None:
        try:
            Match(match["players"], match["discipline"], match.get("options"),
                  match.get("seed", 0))
        except (RulesError, KeyError, TypeError) as e:
            raise SaveError(where, f"match: {e}") from None


def _packed_match(match: Match) -> dict[str, Any]:
    d = match.to_dict(actions=False)
    d["actions"] = [pack_action(a) for a in match.history]
    return d


def save_text(match: Match, where: str = "save", watch: str | None = None,
              aim: Mapping[str, Any] | None = None, name: str | None = None,
              moved_on: bool = False) -> str:
    """The save file's text: plain JSON, or with packed shots when the plain
    text would be refused for its size; SaveError when even that would."""
    header = match.to_dict(actions=False)
    text = _dumps(save_dict(match, watch, aim, name, moved_on))
    try:
        check_text(text, where, header)
        return text
    except SaveError as e:
        if e.kind != "too_big":
            raise
    text = _dumps({"format": SAVE_FORMAT, "version": SAVE_VERSION,
                   **_name_field(name), "match": _packed_match(match),
                   **_watch_field(watch), **_aim_field(aim),
                   **_moved_on_field(match, moved_on)})
    check_text(text, where, header)
    return text


def write_save(match: Match, path: str | os.PathLike[str],
               watch: str | None = None, aim: Mapping[str, Any] | None = None,
               name: str | None = None, moved_on: bool = False) -> Path:
    """Write the whole match as a save file, atomically; SaveError when it is
    not a file loading would accept, TargetError (an OSError) when ``path``
    is not a regular file Kiy may replace."""
    p = Path(path)
    writable_target(p)  # before the text is made: a device is refused at once
    atomic_write(p, save_text(match, str(p), watch, aim, name, moved_on),
                 make_dirs=True)
    return p


def rename_save(path: Path, name: str) -> None:
    """Store a new name in a save file, everything else kept as it is (a bare
    match file has no place for one: its file's name stands)."""
    data, _size, version, _dropped = _read_parsed(path)
    if version or not isinstance(data, Mapping) or data.get("format") != SAVE_FORMAT:
        return
    named_data = {k: v for k, v in data.items() if k != "name"}
    atomic_write(path, _dumps({"format": SAVE_FORMAT, **_name_field(name),
                               **named_data}))


def check_version(d: Mapping[str, Any], where: str, supported: int) -> None:
    """A version Kiy can read: missing or junk is refused, a newer one gets a
    message of its own."""
    if "version" not in d:
        raise SaveError(where, "version: missing (not a save this Kiy can read)")
    v = d["version"]
    if isinstance(v, bool) or not isinstance(v, int):
        raise SaveError(where, f"version: expected a whole number, got {v!r:.40}")
    if v > supported:
        raise SaveError(where, f"version: made by a newer Kiy (format version {v}; "
                               f"this one reads up to {supported}); update Kiy to "
                               "open it", "version")
    if v < 1:
        raise SaveError(where, f"version: {v} is not a version of the format")


def match_from(data: Any, where: str) -> Match:
    """The match of a parsed save or journal header, replayed and checked."""
    try:
        m = Match.from_dict(data)
    except RulesError as e:
        raise SaveError(where, str(e)) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError,
            OverflowError) as e:
        # A check the loaders missed: still one clear line, never a traceback.
        raise SaveError(where, f"match: not a match the referee can replay "
                               f"({str(e)[:200] or 'a malformed value'})") from None
    # The referee never looks at a stroke; the replay and `verify` play it.
    from simulator.physics.cue import StrokeError, validate
    for i, a in enumerate(m.history):
        raw = a.get("shot")
        strokes = []
        if isinstance(raw, Mapping):
            strokes.append(raw.get("stroke", {"direction": 0.0, "speed": 1.0}))
            strokes += [x[1] for x in raw.get("also", ())]
        for s in strokes:
            try:
                validate(Stroke.from_dict(s))
            except (StrokeError, ValueError) as e:
                raise SaveError(where, f"match.actions[{i}].shot.{e}") from None
    return m


def _parse(text: str, where: str) -> tuple[Any, int, int, bool]:
    """(the document, valid size in bytes, journal version (0: not a
    journal), dropped tail?)"""
    stripped = text.lstrip()
    if not stripped.startswith("{"):
        raise SaveError(where, "not a Kiy saved match (it does not start with a "
                               "JSON object)", "not_save")
    first, nl, _rest = text.partition("\n")
    try:
        head = loads_json(first, where) if nl else None
    except InputError:
        head = None
    if isinstance(head, Mapping) and head.get("format") == JOURNAL_FORMAT:
        return _journal(head, text, where)
    try:
        data = loads_json(text, where)
    except InputError as e:
        raise SaveError(where, e.what, "damaged") from None
    return data, len(text.encode("utf-8")), 0, False


def _journal(head: Mapping[str, Any], text: str,
             where: str) -> tuple[Any, int, int, bool]:
    lines = text.split("\n")
    tail = lines.pop()  # "" when the file ends with a newline
    dropped = bool(tail.strip())
    check_version(head, where, JOURNAL_VERSION)
    packed = head["version"] >= 2
    match = head.get("match")
    if not isinstance(match, Mapping):
        raise SaveError(where, "line 1: match: expected an object")
    actions = match.get("actions", [])
    if not isinstance(actions, list):
        raise SaveError(where, "line 1: match.actions: expected a list")
    actions = [unpack_action(a, f"line 1: match.actions[{i}]") if packed else a
               for i, a in enumerate(actions)]
    for i, line in enumerate(lines[1:], start=2):
        if not line.strip():
            raise SaveError(where, f"line {i}: empty")
        try:
            rec = loads_json(line, where)
        except InputError as e:
            raise SaveError(where, f"line {i}: {e.what}", "damaged") from None
        if not isinstance(rec, Mapping) or set(rec) - {"step", "action"}:
            raise SaveError(where, f"line {i}: expected {{\"step\": n, "
                                   "\"action\": ...}")
        step = rec.get("step")
        if isinstance(step, bool) or not isinstance(step, int) \
                or not 0 <= step <= len(actions):
            raise SaveError(where, f"line {i}: step: expected 0-{len(actions)}, "
                                   f"got {step!r:.40}")
        del actions[step:]
        if "action" in rec:
            act = rec["action"]
            if not isinstance(act, Mapping):
                raise SaveError(where, f"line {i}: action: expected an object")
            actions.append(unpack_action(act, f"line {i}: action") if packed
                           else act)
    size = len("\n".join(lines).encode("utf-8")) + 1
    return ({"match": {**match, "actions": actions}, **_watch_field(watch_of(head)),
             **_steps_field(moved_on_of(head))},
            size, head["version"], dropped)


@dataclass(frozen=True)
class Stored:
    """A save as read from disk, before the referee replays it: the match's
    stored form (a journal's changes applied, tables a hair off moved to
    rest)."""

    data: Mapping[str, Any]
    journal: bool
    size: int
    dropped_tail: bool
    repaired: int
    moved: float
    version: int  # the file's format version
    watch: str | None = None  # the match's watching speed, if it kept one
    aim: Any = None  # the stroke set and not played, as stored (a save file's)
    name: str | None = None  # the name the player gave it, as typed
    moved_on: int | None = None  # steps when the next rack was on (a save's)


def _read_parsed(path: str | os.PathLike[str]) -> tuple[Any, int, int, bool]:
    """A save file's text read (within MAX_SAVE_BYTES) and parsed
    (``_parse``): its data, size, journal version and whether a torn tail was
    dropped; a file that cannot be read is a SaveError of kind "file"."""
    where = str(path)
    try:
        text = read_text(path, limit=MAX_SAVE_BYTES, where=where)
    except InputError as e:
        raise SaveError(where, e.what, "file") from None
    return _parse(text, where)


def read_stored(path: str | os.PathLike[str]) -> Stored:
    """Read a save file, a journal or a bare match file up to the match's
    stored form (``load`` then replays it; ``kiy verify`` replays it step by
    step)."""
    where = str(path)
    data, size, version, dropped = _read_parsed(path)
    journal = version > 0
    if not isinstance(data, Mapping):
        raise SaveError(where, "not a Kiy saved match (expected a JSON object)",
                        "not_save")
    stored: Any
    if journal:
        stored = data["match"]
    elif data.get("format") == SAVE_FORMAT:
        check_version(data, where, SAVE_VERSION)
        version = data["version"]
        stored = data.get("match")
        if not isinstance(stored, Mapping):
            raise SaveError(where, "match: expected an object")
        if version >= 2:
            stored = _unpack_match(stored, "match")
    elif data.get("format") == "kiy-match":
        stored = data
    else:
        raise SaveError(where, "not a Kiy saved match (no \"format\": "
                               "\"kiy-save\")", "not_save")
    repaired, moved = repair_tables(stored)
    return Stored(stored, journal, size, dropped, repaired, moved, version,
                  watch_of(data) if journal or data.get("format") == SAVE_FORMAT
                  else None,
                  data.get("aim") if data.get("format") == SAVE_FORMAT else None,
                  name_of(data) if data.get("format") == SAVE_FORMAT else None,
                  moved_on_of(data) if journal or data.get("format") == SAVE_FORMAT
                  else None)


def load(path: str | os.PathLike[str]) -> Loaded:
    """Read, check and replay a save file, a journal or a bare match file."""
    s = read_stored(path)
    return Loaded(match_from(s.data, str(path)), s.journal, s.size, s.dropped_tail,
                  s.repaired, s.moved, s.version, s.watch, s.aim, s.name,
                  s.moved_on)


# -- the autosave journal -------------------------------------------------------------
class JournalFull(OSError):
    """The match no longer fits in a journal that loading accepts, even
    compacted: it is not autosaved any more (the file on disk still loads)."""

    def __init__(self, path: Path, size: int) -> None:
        super().__init__(errno.EFBIG, f"the match is too long to autosave "
                         f"({size_words(size)}; a save file holds at most "
                         f"{size_words(MAX_SAVE_BYTES)})", str(path))
        self.size = size


def _cost(action: Mapping[str, Any]) -> int:
    """About how many bytes an action takes in the journal (from its packed
    size: nothing is decoded)."""
    if isinstance(action, Action):
        return 160 + sum(len(b) * 4 // 3 + 16 for b in action.packed().values())
    return len(_dumps(action)) + 20


def _rotate(folder: Path) -> Path:
    """Move the autosaves down one place (the oldest goes); the newest's
    place, now free."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = journal_paths(folder)
    for p in paths:
        writable_target(p)
    for older, newer in zip(reversed(paths[1:]), reversed(paths[:-1]), strict=True):
        if newer.exists():
            try:
                os.replace(newer, older)
            except OSError as e:
                raise named(e, newer) from None
    return paths[0]


def set_aside_newest(folder: Path) -> None:
    """Move the newest autosave down among the older ones (still listed for
    loading), so that it is no longer the match to continue."""
    _rotate(folder)


def _identity(st: os.stat_result) -> tuple[int, int]:
    return st.st_dev, st.st_ino


class Journal:
    """The autosave of one match: appends what changed since the last sync,
    only ever to the file it wrote itself."""

    def __init__(self, path: Path, written: Sequence[Mapping[str, Any]],
                 size: int, ident: tuple[int, int] | None = None,
                 torn: bool = False, version: int = JOURNAL_VERSION) -> None:
        self.path = path
        self._written: list[Mapping[str, Any]] = list(written)
        self._costs = [_cost(a) for a in self._written]
        self._size = size
        self._ident = ident
        self._torn = torn  # bytes past _size are a failed append of ours
        self._version = version
        self._base = 400  # the header without its actions, about
        self._check_at = 0  # the size at which compaction is next considered
        self.last_error: str | None = None
        self.moved = False  # another writer took our file: we went on in a new one
        self.compactions = 0
        self.watch: str | None = None  # the watching speed its header holds
        # The steps at which the person went on to the next rack, as its
        # header holds them (None: not); loading trusts them only when they
        # are the match's steps, so a step played after needs no rewrite.
        self.moved_on: int | None = None

    # -- making one -----------------------------------------------------------
    @classmethod
    def start(cls, match: Match, folder: Path, watch: str | None = None,
              moved_on: int | None = None) -> Journal:
        """A new journal for ``match`` as the newest autosave; the older ones
        move down one place and the oldest of the three goes. Something in a
        slot that is not a regular file (a folder, a device, a pipe) is
        refused (TargetError), never moved or replaced."""
        j = cls(_rotate(folder), (), 0)
        j.watch = watch
        j.moved_on = moved_on
        j._rewrite(match)
        return j

    @classmethod
    def resume(cls, match: Match, path: Path, size: int,
               version: int = JOURNAL_VERSION, watch: str | None = None,
               moved_on: int | None = None) -> Journal:
        """Go on appending to the journal ``match`` was loaded from (``size``:
        the bytes of its complete lines; an older version is rewritten at the
        first change; ``watch``: the watching speed its header holds, and
        ``moved_on`` its steps on the next rack)."""
        try:
            st = os.stat(path)
        except OSError:
            j = cls(path, match.history, size, None, version=version)
        else:
            ident = _identity(st) if stat.S_ISREG(st.st_mode) and \
                st.st_size >= size else None
            j = cls(path, match.history, size, ident, torn=st.st_size > size,
                    version=version)
        j.watch = watch
        j.moved_on = moved_on
        return j

    # -- writing --------------------------------------------------------------
    def _header(self, match: Match) -> bytes:
        packed = _packed_match(match)
        text = _dumps({"format": JOURNAL_FORMAT, "version": JOURNAL_VERSION,
                       "match": packed, **_watch_field(self.watch),
                       **_steps_field(self.moved_on)}) + "\n"
        try:
            check_text(text, str(self.path), packed)
        except SaveError as e:
            if e.kind == "too_big":
                raise JournalFull(self.path, len(text.encode("utf-8"))) from None
            raise
        return text.encode("utf-8")

    def _rewrite(self, match: Match) -> None:
        """The match as one record (a new journal, or this one compacted),
        written atomically."""
        blob = self._header(match)
        st = atomic_write(self.path, blob, make_dirs=True)
        self._ident = _identity(st)
        self._torn = False
        self._version = JOURNAL_VERSION
        self._written = list(match.history)
        self._costs = [_cost(a) for a in self._written]
        self._base = max(100, len(blob) - sum(self._costs))
        self._size = len(blob)
        self._check_at = self._compact_size()

    def _live(self) -> int:
        """About the bytes the match would take compacted."""
        return self._base + sum(self._costs)

    def _compact_size(self) -> int:
        """The size past which undone steps take more than COMPACT_WASTE of
        the match's own size (and the journal is worth compacting)."""
        return int((1 + COMPACT_WASTE) * self._live()) + COMPACT_MIN

    @property
    def fill(self) -> float:
        """How much of what loading accepts the match takes (compacted)."""
        return self._live() / MAX_SAVE_BYTES

    def _line(self, record: Mapping[str, Any]) -> bytes:
        """One change as a line of the journal, checked as loading checks it
        (the packed shot's JSON too)."""
        action = record.get("action")
        if action is not None:
            if isinstance(action, Action):
                for key, raw in action.packed().items():
                    check_text(_inflate(raw, f"action.{key}"), str(self.path))
            record = {**record, "action": pack_action(action)}
        text = _dumps(record) + "\n"
        check_text(text, str(self.path))
        return text.encode("utf-8")

    def _open_own(self) -> int | None:
        """The journal's file open for appending if it is the one this
        journal wrote, as it left it; None if another writer replaced it,
        appended to it or cut it."""
        if self._ident is None:
            return None
        flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_NONBLOCK", 0) \
            | getattr(os, "O_BINARY", 0)
        try:
            fd = os.open(self.path, flags)
        except OSError as e:
            if e.errno in (errno.ENOENT, errno.ENXIO, errno.EISDIR, errno.ELOOP,
                           errno.EACCES, errno.EPERM):
                return None
            raise named(e, self.path) from None
        try:
            st = os.fstat(fd)
        except OSError:
            os.close(fd)
            raise
        ours = stat.S_ISREG(st.st_mode) and _identity(st) == self._ident and (
            st.st_size >= self._size if self._torn else st.st_size == self._size)
        if not ours:
            os.close(fd)
            return None
        return fd

    def _rewatch(self, match: Match, watch: str | None,
                 moved_on: int | None) -> None:
        """The match with a new watching speed or next rack in the header,
        over this journal's own file only (another writer's is left
        alone)."""
        fd = self._open_followed()
        if fd is None:
            self.moved = True
            self.path = _rotate(self.path.parent)
        else:
            os.close(fd)
        old = self.watch, self.moved_on
        self.watch, self.moved_on = watch, moved_on
        try:
            self._rewrite(match)
        except BaseException:
            self.watch, self.moved_on = old  # tried again at the next sync
            raise

    def _open_followed(self) -> int | None:
        """This journal's own file opened, found again where another writer
        moved it; None when it is no longer there."""
        fd = self._open_own()
        if fd is None and self._follow():
            fd = self._open_own()
        return fd

    def _follow(self) -> bool:
        """Find this journal's file where another writer moved it (a new
        match started elsewhere moves the autosaves down)."""
        for p in journal_paths(self.path.parent):
            try:
                st = os.lstat(p)
            except OSError:
                continue
            if stat.S_ISREG(st.st_mode) and _identity(st) == self._ident and (
                    st.st_size >= self._size if self._torn
                    else st.st_size == self._size):
                self.path = p
                return True
        return False

    def sync(self, match: Match, watch: str | None = None,
             moved_on: int | None = None) -> None:
        """Append the changes since the last sync (OSError if the disk says
        no, and the next sync tries them again; JournalFull when the match no
        longer fits; SaveError when a record would not load back). A new
        watching speed, or ``moved_on`` (the match's steps when the person
        went on from a game's end card to the next rack), is written into
        the header: the journal is rewritten, atomically (rare: a person's
        choice, once a game at most)."""
        steps = len(match.history)
        # A header's next rack of fewer steps is stale (loading ignores it);
        # one of these very steps must go when they are no longer on it
        # (an undo back to the step that ended the game).
        stale = moved_on is None and self.moved_on == steps
        if watch != self.watch or (moved_on is not None and
                                   moved_on != self.moved_on) or stale:
            self._rewatch(match, watch, moved_on)
            return
        hist = match.history
        p = 0
        n = min(len(hist), len(self._written))
        while p < n and hist[p] is self._written[p]:
            p += 1
        records: list[dict[str, Any]] = []
        if p == len(hist) and p < len(self._written):
            records.append({"step": p})
        records += [{"step": i, "action": hist[i]} for i in range(p, len(hist))]
        if not records:
            return
        fd = self._open_followed()
        if fd is None:
            # Not the file this journal wrote: leave it to whoever did, and
            # go on in a journal of this match's own (the newest autosave).
            self.moved = True
            self.path = _rotate(self.path.parent)
            self._rewrite(match)
            return
        try:
            blob = b"".join(self._line(r) for r in records)
        except BaseException:
            os.close(fd)
            raise
        if self._version < JOURNAL_VERSION or self._size + len(blob) > MAX_SAVE_BYTES:
            # An older format (no packed lines into it), or full: the match
            # as one record, over this journal's own file (JournalFull if
            # even that is too big).
            os.close(fd)
            self._rewrite(match)
            return
        try:
            self._torn = True  # until the append is complete and on disk
            # Whatever a failed append left after the last complete line goes.
            os.ftruncate(fd, self._size)
            view = memoryview(blob)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
            self._ident = _identity(os.fstat(fd))
        except OSError as e:
            raise named(e, self.path) from None
        finally:
            os.close(fd)
        self._torn = False
        self._size += len(blob)
        del self._costs[p:]
        del self._written[p:]
        self._written += hist[p:]
        self._costs += [_cost(a) for a in hist[p:]]
        if self._size > self._check_at:
            if self._size > self._compact_size():
                self._rewrite(match)
                self.compactions += 1
            else:
                self._check_at = self._compact_size()
