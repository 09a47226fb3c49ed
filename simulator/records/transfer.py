"""The records as one file, to move them to another computer or to merge two
profiles' records: ``kiy records --export FILE`` and ``--import FILE``.

The file is JSON: ``{"format": "kiy-records", "version": 1, "exported_at",
"players": [...], "matches": [...], "sha256": ...}``, the checksum over the
players and matches as written. Importing checks the whole file first (the
checksum, then every field) and refuses a damaged one with one line, having
changed nothing; then it merges in one transaction: a match already here
(the same ``uid``, or the same evening and slot) is skipped, a player with
a name already here (in any case) is that player.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from simulator.files.atomic import atomic_write
from simulator.files.inputs import InputError, loads_json, read_text
from simulator.records.database import (
    MatchRecord,
    Records,
    RecordsError,
    SeatRecord,
    check_record,
    now_text,
)

TRANSFER_FORMAT = "kiy-records"
TRANSFER_VERSION = 1
MAX_TRANSFER_BYTES = 256 * 1024 * 1024


def _body(players: list[dict[str, Any]], matches: list[dict[str, Any]]) -> str:
    return json.dumps({"players": players, "matches": matches}, sort_keys=True,
                      ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def export_records(records: Records, path: str | os.PathLike[str]) -> int:
    """Write every player and match to ``path`` (atomically); the matches
    written."""
    players = [{"name": n, "level": lv} for n, lv in records.player_names()]
    matches = [m.to_dict() for m in records.matches()]
    doc = {"format": TRANSFER_FORMAT, "version": TRANSFER_VERSION,
           "exported_at": now_text(), "players": players, "matches": matches,
           "sha256": hashlib.sha256(_body(players, matches).encode()).hexdigest()}
    atomic_write(path, json.dumps(doc, ensure_ascii=False, indent=1,
                                  allow_nan=False))
    return len(matches)


@dataclass(frozen=True)
class ImportReport:
    added: int  # matches new to these records
    already: int  # matches that were here already
    new_players: int

    def line(self) -> str:
        return (f"imported {self.added} matches ({self.already} already here), "
                f"{self.new_players} new players")


def _str(d: Mapping[str, Any], key: str, where: str, *, optional: bool = False,
         limit: int = 200) -> Any:
    v = d.get(key)
    if v is None and optional:
        return None
    if not isinstance(v, str) or len(v) > limit:
        raise RecordsError(f"{where}.{key}", "expected text")
    return v


def _int(d: Mapping[str, Any], key: str, where: str) -> int:
    v = d.get(key)
    if isinstance(v, bool) or not isinstance(v, int):
        raise RecordsError(f"{where}.{key}", "expected a whole number")
    return v


def record_from(d: Any, where: str) -> MatchRecord:
    """A match of the file, every field checked (RecordsError names it)."""
    if not isinstance(d, Mapping):
        raise RecordsError(where, "expected an object")
    raw = d.get("seats")
    if not isinstance(raw, list):
        raise RecordsError(f"{where}.seats", "expected a list")
    seats = []
    for i, s in enumerate(raw):
        at = f"{where}.seats[{i}]"
        if not isinstance(s, Mapping):
            raise RecordsError(at, "expected an object")
        fixed = s.get("fixed_rating")
        if fixed is not None and (isinstance(fixed, bool) or not isinstance(
                fixed, int | float) or not -1000 <= fixed <= 2000):
            raise RecordsError(f"{at}.fixed_rating", "expected a rating or null")
        seats.append(SeatRecord(
            _str(s, "name", at), _str(s, "level", at, optional=True, limit=40),
            _int(s, "games_won", at), _int(s, "score", at), _int(s, "innings", at),
            _int(s, "balls", at), _int(s, "fouls", at), _int(s, "safeties", at),
            _int(s, "best_run", at), None if fixed is None else float(fixed),
            # (an export of a Kiy before it was kept: none known)
            _int(s, "given_up", at) if "given_up" in s else 0,
            _int(s, "hints", at) if "hints" in s else 0))
    winner = d.get("winner")
    if winner is not None and (isinstance(winner, bool) or not isinstance(winner,
                                                                          int)):
        raise RecordsError(f"{where}.winner", "expected a seat or null")
    if not isinstance(d.get("finished"), bool):
        raise RecordsError(f"{where}.finished", "expected true or false")
    opts = d.get("options", {})
    if not isinstance(opts, Mapping):
        raise RecordsError(f"{where}.options", "expected an object")
    rec = MatchRecord(_str(d, "uid", where, limit=100), _str(d, "played_at", where),
                      _str(d, "discipline", where, limit=40), tuple(seats), winner,
                      d["finished"], dict(opts),
                      _str(d, "save", where, optional=True, limit=4096),
                      _str(d, "evening_id", where, optional=True, limit=64),
                      _str(d, "evening_slot", where, optional=True, limit=16))
    check_record(rec, where)
    return rec


def read_transfer(path: str | os.PathLike[str]) -> list[MatchRecord]:
    """The matches of an export file, or InputError naming the problem."""
    name = str(path)
    data = loads_json(read_text(path, limit=MAX_TRANSFER_BYTES, where=name), name)
    if not isinstance(data, Mapping) or data.get("format") != TRANSFER_FORMAT:
        raise InputError(name, "not a Kiy records file (format is not "
                               f"{TRANSFER_FORMAT!r})")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or \
            not 1 <= version <= TRANSFER_VERSION:
        raise InputError(name, f"version {version!r} is not one this Kiy reads "
                               f"(1-{TRANSFER_VERSION}; a newer Kiy wrote it?)")
    players, matches = data.get("players"), data.get("matches")
    if not isinstance(players, list) or not isinstance(matches, list):
        raise InputError(name, "damaged (players or matches missing)")
    digest = hashlib.sha256(_body(players, matches).encode()).hexdigest()
    if data.get("sha256") != digest:
        raise InputError(name, "damaged (the checksum does not match: the file "
                               "was changed or cut short)")
    out = []
    for i, m in enumerate(matches):
        try:
            out.append(record_from(m, f"matches[{i}]"))
        except RecordsError as e:
            raise InputError(name, f"damaged ({e})") from None
    return out


def import_records(records: Records, path: str | os.PathLike[str]) -> ImportReport:
    """Merge an export file into the records (nothing is written when the
    file is refused)."""
    incoming = read_transfer(path)
    before = len(records.player_names())
    added, already = records.merge(incoming)
    return ImportReport(added, already, len(records.player_names()) - before)
