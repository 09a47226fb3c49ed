"""Saved matches on disk: the full save file and the autosave journal.

A **save file** (the player's "Save") is one JSON document,
``{"format": "kiy-save", "version": 1, "match": Match.to_dict()}``, written
atomically. A bare ``Match.save`` file (``"format": "kiy-match"``) loads too.

The **autosave** is a journal, so that saving after shot 500 costs what it
cost after shot 1: JSON Lines, the first line
``{"format": "kiy-journal", "version": 1, "match": Match.to_dict()}`` (the
match as it was when the journal began), then one line per change:
``{"step": n, "action": {...}}`` puts an action at position ``n`` of the
match's history (dropping whatever followed it: an undo, then a new shot)
and ``{"step": n}`` alone cuts the history back to ``n`` actions (an undo).
Each change is appended and fsynced; a last line cut short by a crash is
dropped on loading (the match is then the one before that change) and cut
off before the next append. The folder keeps the last three matches'
journals: ``autosave.kiyj`` (the newest), ``autosave-1.kiyj`` and
``autosave-2.kiyj``.

Every save is checked as it loads: the version (a newer one gets its own
message), every field (``Match.from_dict``: types, ranges, finite numbers,
ball numbers, the referee replaying every step), and that each shot's
pockets agree with its final table. ``python -m simulator.files.verify SAVE``
(``kiy verify SAVE``) also plays every stroke through the physics again and
compares every step with the record kept of it when it was played.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.referee import Match, action_json
from rules.ruling import RulesError
from simulator.files.atomic import atomic_write
from simulator.files.inputs import MAX_SAVE_BYTES, InputError, loads_json, read_text
from simulator.table.events import Stroke

SAVE_FORMAT = "kiy-save"
SAVE_VERSION = 1
JOURNAL_FORMAT = "kiy-journal"
JOURNAL_VERSION = 1
JOURNAL_SUFFIX = ".kiyj"
KEEP = 3  # autosaves kept: this match's and the two before it


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


def save_dict(match: Match) -> dict[str, Any]:
    return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "match": match.to_dict()}


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"),
                      allow_nan=False, default=action_json)


def write_save(match: Match, path: str | os.PathLike[str]) -> Path:
    """Write the whole match as a save file, atomically."""
    p = Path(path)
    atomic_write(p, _dumps(save_dict(match)), make_dirs=True)
    return p


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


def _parse(text: str, where: str) -> tuple[Any, int, bool, bool]:
    """(the document, valid size in bytes, journal?, dropped tail?)"""
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
    return data, len(text.encode("utf-8")), False, False


def _journal(head: Mapping[str, Any], text: str,
             where: str) -> tuple[Any, int, bool, bool]:
    lines = text.split("\n")
    tail = lines.pop()  # "" when the file ends with a newline
    dropped = bool(tail.strip())
    check_version(head, where, JOURNAL_VERSION)
    match = head.get("match")
    if not isinstance(match, Mapping):
        raise SaveError(where, "line 1: match: expected an object")
    actions = match.get("actions", [])
    if not isinstance(actions, list):
        raise SaveError(where, "line 1: match.actions: expected a list")
    actions = list(actions)
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
            if not isinstance(rec["action"], Mapping):
                raise SaveError(where, f"line {i}: action: expected an object")
            actions.append(rec["action"])
    size = len("\n".join(lines).encode("utf-8")) + 1
    return {**match, "actions": actions}, size, True, dropped


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


def read_stored(path: str | os.PathLike[str]) -> Stored:
    """Read a save file, a journal or a bare match file up to the match's
    stored form (``load`` then replays it; ``kiy verify`` replays it step by
    step)."""
    where = str(path)
    try:
        text = read_text(path, limit=MAX_SAVE_BYTES, where=where)
    except InputError as e:
        raise SaveError(where, e.what, "file") from None
    data, size, journal, dropped = _parse(text, where)
    if not isinstance(data, Mapping):
        raise SaveError(where, "not a Kiy saved match (expected a JSON object)",
                        "not_save")
    stored: Any
    if journal:
        stored = data
    elif data.get("format") == SAVE_FORMAT:
        check_version(data, where, SAVE_VERSION)
        stored = data.get("match")
        if not isinstance(stored, Mapping):
            raise SaveError(where, "match: expected an object")
    elif data.get("format") == "kiy-match":
        stored = data
    else:
        raise SaveError(where, "not a Kiy saved match (no \"format\": "
                               "\"kiy-save\")", "not_save")
    repaired, moved = repair_tables(stored)
    return Stored(stored, journal, size, dropped, repaired, moved)


def load(path: str | os.PathLike[str]) -> Loaded:
    """Read, check and replay a save file, a journal or a bare match file."""
    s = read_stored(path)
    return Loaded(match_from(s.data, str(path)), s.journal, s.size, s.dropped_tail,
                  s.repaired, s.moved)


# -- the autosave journal -------------------------------------------------------------
def journal_paths(folder: Path) -> list[Path]:
    """The autosaves, newest first."""
    return [folder / f"autosave{'' if i == 0 else f'-{i}'}{JOURNAL_SUFFIX}"
            for i in range(KEEP)]


class Journal:
    """The autosave of one match: appends what changed since the last sync."""

    def __init__(self, path: Path, written: Sequence[Mapping[str, Any]],
                 size: int) -> None:
        self.path = path
        self._written: list[Mapping[str, Any]] = list(written)
        self._size = size
        self.last_error: str | None = None

    @classmethod
    def start(cls, match: Match, folder: Path) -> Journal:
        """A new journal for ``match`` as the newest autosave; the older ones
        move down one place and the oldest of the three goes."""
        folder.mkdir(parents=True, exist_ok=True)
        paths = journal_paths(folder)
        for older, newer in zip(reversed(paths[1:]), reversed(paths[:-1]),
                                strict=True):
            if newer.exists():
                os.replace(newer, older)
        j = cls(paths[0], (), 0)
        j._rewrite(match)
        return j

    @classmethod
    def resume(cls, match: Match, path: Path, size: int) -> Journal:
        """Go on appending to the journal ``match`` was loaded from."""
        return cls(path, match.history, size)

    def _rewrite(self, match: Match) -> None:
        head = {"format": JOURNAL_FORMAT, "version": JOURNAL_VERSION,
                "match": match.to_dict()}
        blob = (_dumps(head) + "\n").encode("utf-8")
        atomic_write(self.path, blob, make_dirs=True)
        self._written = list(match.history)
        self._size = len(blob)

    def sync(self, match: Match) -> None:
        """Append the changes since the last sync (OSError if the disk says no;
        the next sync tries them again)."""
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
        blob = "".join(_dumps(r) + "\n" for r in records).encode("utf-8")
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND
                         | getattr(os, "O_BINARY", 0))
        except FileNotFoundError:  # removed under us: begin it again
            self._rewrite(match)
            return
        try:
            # Whatever a failed append left after the last complete line goes.
            os.ftruncate(fd, self._size)
            view = memoryview(blob)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        self._size += len(blob)
        self._written = list(hist)
