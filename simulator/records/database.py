"""Players' records in SQLite: one file in the player's data folder
(``records.sqlite3``), written only in transactions.

- **Versions.** ``PRAGMA user_version`` counts the schema's steps
  (:mod:`simulator.records.schema`); an older file is migrated in one
  transaction when it is opened, after a copy of it is kept in ``backups/``
  (``records-v1-20250101T120000.sqlite3``); a file from a newer Kiy is
  refused, never changed.
- **Every result in a transaction**, foreign keys on, the write-ahead log and
  full synchronous writes: a kill at any moment leaves the last committed
  match; a match recorded twice (the same ``uid``, or the same evening and
  slot) is one match.
- **Two windows** on one profile share the file: SQLite's locks, a writer
  taking the lock at the start of its transaction (``BEGIN IMMEDIATE``) and a
  busy timeout so the other waits its turn instead of failing.
- **A damaged file** (not a database, or a failed integrity check) raises
  :class:`DamagedRecords`: one line for the person and the choices (restore
  the newest good backup, or start a new file), carried out by
  :func:`restore_backup` and :func:`start_new`; the damaged file is moved
  aside, never deleted. A healthy file is also copied once a day
  (``records-daily-YYYYMMDD.sqlite3``, the last three kept).
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import json
import os
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simulator.files.atomic import atomic_write, clean_leftovers
from simulator.files.inputs import InputError
from simulator.records import schema
from simulator.records.entrants import CPU, MAX_NAME, check_name, name_key

FILE_NAME = "records.sqlite3"
BACKUP_FOLDER = "backups"
BUSY_SECONDS = 20.0
DAILY_KEPT = 3
_HEADER = b"SQLite format 3\x00"


def default_path() -> Path:
    """The records of the profile in use."""
    from simulator.files import profile
    return profile.data_dir() / FILE_NAME


def now_text() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


# -- problems ---------------------------------------------------------------------
class RecordsError(InputError):
    """A value the records refuse (a name, a number): where and what."""


class RecordsProblem(Exception):
    """The records file cannot be used as it is: ``line()`` says why in one
    line; ``choices`` are what a person may do about it."""

    choices: tuple[str, ...] = ()

    def __init__(self, path: Path, what: str) -> None:
        super().__init__(f"{path}: {what}")
        self.path = path
        self.what = what

    def line(self) -> str:
        return f"error: records: {self}"


class DamagedRecords(RecordsProblem):
    """Not a database, or one that fails SQLite's integrity check. ``backup``
    is the newest good copy (None: there is none); ``choices`` are
    ``restore`` (when there is a backup) and ``start_new``."""

    def __init__(self, path: Path, what: str, backup: Path | None) -> None:
        super().__init__(path, what)
        self.backup = backup
        self.choices = ("restore", "start_new") if backup else ("start_new",)

    @property
    def backup_time(self) -> str | None:
        """When the backup offered was taken (ISO 8601, UTC), for the words
        "restore the backup of ..." (None: there is none)."""
        if self.backup is None:
            return None
        try:
            t = self.backup.stat().st_mtime
        except OSError:
            return None
        return datetime.datetime.fromtimestamp(t, datetime.UTC).isoformat(
            timespec="minutes")

    def line(self) -> str:
        offer = (f"; the backup {self.backup.name} can be restored "
                 "(kiy records --restore)") if self.backup else \
            "; there is no backup (kiy records --start-new moves it aside)"
        return f"error: records: {self.path}: damaged ({self.what}){offer}"


class NewerRecords(RecordsProblem):
    """Written by a newer Kiy (a schema this one does not know)."""


class BusyRecords(RecordsProblem):
    """Another Kiy held the file longer than the busy timeout."""


# -- what is recorded ----------------------------------------------------------------
@dataclass(frozen=True)
class SeatRecord:
    """One seat of a recorded match: the player and their numbers.
    ``fixed_rating`` is a computer seat's rating when the match was played;
    ``given_up`` how many of ``games_won`` the opponent gave up (conceded,
    not played out: a forfeit, which the rating does not count); ``hints``
    the strokes played with the computer's hint taken."""

    name: str
    level: str | None
    games_won: int
    score: int
    innings: int = 0
    balls: int = 0
    fouls: int = 0
    safeties: int = 0
    best_run: int = 0
    fixed_rating: float | None = None
    given_up: int = 0
    hints: int = 0

    @property
    def rated_games(self) -> int:
        """The games won at the table: what the rating counts."""
        return self.games_won - self.given_up

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "level": self.level, "games_won": self.games_won,
                "given_up": self.given_up,
                "score": self.score, "innings": self.innings, "balls": self.balls,
                "fouls": self.fouls, "safeties": self.safeties,
                "best_run": self.best_run, "fixed_rating": self.fixed_rating,
                "hints": self.hints}


@dataclass(frozen=True)
class MatchRecord:
    """A match as the records keep it. ``uid`` identifies it everywhere (a
    match recorded again, or imported from another computer, is found by
    it); ``winner`` is a seat (None: not finished); ``save`` the saved match,
    relative to the data folder when it lies inside it."""

    uid: str
    played_at: str
    discipline: str
    seats: tuple[SeatRecord, ...]
    winner: int | None
    finished: bool
    options: Mapping[str, Any]
    save: str | None = None
    evening_id: str | None = None
    evening_slot: str | None = None

    @property
    def games(self) -> int:
        return sum(s.games_won for s in self.seats)

    def to_dict(self) -> dict[str, Any]:
        return {"uid": self.uid, "played_at": self.played_at,
                "discipline": self.discipline,
                "seats": [s.to_dict() for s in self.seats], "winner": self.winner,
                "finished": self.finished, "options": dict(self.options),
                "save": self.save, "evening_id": self.evening_id,
                "evening_slot": self.evening_slot}


def match_uid(match_dict: Mapping[str, Any]) -> str:
    """A match's identity from its content (players, seed and every step)."""
    from rules.referee import action_json
    text = json.dumps(match_dict, sort_keys=True, separators=(",", ":"),
                      default=action_json)
    return "match-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def relative_save(path: str | os.PathLike[str] | None,
                  data_dir: Path | None = None) -> str | None:
    """A save's path as the records keep it: inside the data folder relative
    to it (the folder may move to another computer), elsewhere as given."""
    if path is None:
        return None
    p = Path(path).absolute()
    if data_dir is None:
        from simulator.files import profile
        data_dir = profile.data_dir()
    try:
        return p.relative_to(data_dir.absolute()).as_posix()
    except ValueError:
        return str(p)


def check_record(rec: MatchRecord, where: str = "match") -> None:
    """Refuse a record the schema would refuse, naming the field."""
    if not isinstance(rec.uid, str) or not 1 <= len(rec.uid) <= 100:
        raise RecordsError(f"{where}.uid", "expected an id of 1 to 100 characters")
    if not 2 <= len(rec.seats) <= 8:
        raise RecordsError(f"{where}.seats", "expected 2 to 8 seats")
    keys = set()
    for i, s in enumerate(rec.seats):
        at = f"{where}.seats[{i}]"
        try:
            name = check_name(s.name, f"{at}.name")
        except InputError as e:
            raise RecordsError(e.where, e.what) from None
        if name != s.name:
            raise RecordsError(f"{at}.name", "has spaces at its ends")
        if (s.level is None) == name_key(name).startswith(f"{CPU}:"):
            raise RecordsError(f"{at}.level", "a computer seat is named cpu:LEVEL "
                                              "and has a level; a person has none")
        for k in ("games_won", "given_up", "innings", "balls", "fouls", "safeties",
                  "best_run", "hints"):
            v = getattr(s, k)
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 10**6:
                raise RecordsError(f"{at}.{k}", "expected a whole number 0 to 1000000")
        if isinstance(s.score, bool) or not isinstance(s.score, int) or \
                abs(s.score) > 10**6:
            raise RecordsError(f"{at}.score", "expected a whole number")
        if s.given_up > s.games_won:
            raise RecordsError(f"{at}.given_up", "more than the games won")
        keys.add(name_key(name))
    people = [s for s in rec.seats if s.level is None]
    if len({name_key(s.name) for s in people}) != len(people):
        raise RecordsError(f"{where}.seats", "a person sits in two seats")
    if rec.winner is not None and not 0 <= rec.winner < len(rec.seats):
        raise RecordsError(f"{where}.winner", "expected a seat")


# -- opening -------------------------------------------------------------------------
def _connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
    db.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
    db.execute("PRAGMA foreign_keys = ON")
    return db


def _write_ahead(db: sqlite3.Connection) -> None:
    """The write-ahead log (readers never wait for a writer) and writes that
    reach the disk before a commit returns (set once the file is known to be
    ours: a newer Kiy's file is not touched)."""
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = FULL")


def _problem(path: Path, e: sqlite3.Error) -> RecordsProblem:
    text = str(e)
    if "locked" in text or "busy" in text:
        return BusyRecords(path, "another Kiy is using the records; try again")
    return DamagedRecords(path, text, newest_backup(path))


def backup_folder(path: Path) -> Path:
    return path.parent / BACKUP_FOLDER


def backups(path: Path) -> list[Path]:
    """The copies kept of ``path``, newest first."""
    folder = backup_folder(path)
    try:
        found = [p for p in folder.iterdir() if p.suffix == ".sqlite3"
                 and p.name.startswith(path.stem + "-")]
    except OSError:
        return []
    return sorted(found, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)


def healthy(path: Path) -> bool:
    """Whether ``path`` is a records file SQLite finds whole."""
    try:
        with path.open("rb") as f:
            if f.read(16) != _HEADER:
                return False
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            ok = db.execute("PRAGMA quick_check").fetchone()
            version = db.execute("PRAGMA user_version").fetchone()[0]
        finally:
            db.close()
    except (OSError, sqlite3.Error):
        return False
    return bool(ok) and ok[0] == "ok" and 0 <= version <= schema.LATEST


def newest_backup(path: Path) -> Path | None:
    for b in backups(path):
        if healthy(b):
            return b
    return None


def _keep_copy(db: sqlite3.Connection, path: Path, name: str) -> Path:
    """Write the database as it stands to ``backups/name`` (atomically)."""
    target = backup_folder(path) / name
    atomic_write(target, db.serialize(), make_dirs=True)
    return target


def _stamp() -> str:
    return datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%S")


def _check(db: sqlite3.Connection, path: Path) -> int:
    ok = db.execute("PRAGMA quick_check").fetchone()
    if not ok or ok[0] != "ok":
        raise DamagedRecords(path, f"integrity check: {ok[0] if ok else 'none'}",
                             newest_backup(path))
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if version > schema.LATEST:
        raise NewerRecords(path, f"written by a newer Kiy (schema {version}; this "
                                 f"one reads up to {schema.LATEST})")
    tables = {r[0] for r in db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    if version < 0 or not schema.TABLES[version] <= tables:
        raise DamagedRecords(path, "not a Kiy records file (tables missing)",
                             newest_backup(path))
    if version == 0 and tables:
        raise DamagedRecords(path, "not a Kiy records file (other tables)",
                             newest_backup(path))
    return version


def migrate(db: sqlite3.Connection, path: Path,
            steps: Sequence[schema.Step] = schema.STEPS) -> int:
    """Bring the file to the last step, keeping a copy first; the version it
    was at. One transaction: a kill leaves the old version whole."""
    latest = steps[-1].version
    db.execute("BEGIN IMMEDIATE")
    try:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version < latest:
            if version > 0:
                _keep_copy(db, path, f"{path.stem}-v{version}-{_stamp()}.sqlite3")
            for step in steps[version:]:
                step.apply(db)
            db.execute(f"PRAGMA user_version = {latest:d}")
        db.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise
    return version


class Records:
    """The records file, open. Use :meth:`open`; close it (or use ``with``)."""

    def __init__(self, db: sqlite3.Connection, path: Path) -> None:
        self.db = db
        self.path = path

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None = None, *,
             daily_backup: bool = True) -> Records:
        """Open (or create) the records, migrating an older file; raises
        :class:`DamagedRecords`, :class:`NewerRecords` or :class:`BusyRecords`."""
        p = Path(path) if path is not None else default_path()
        p.parent.mkdir(parents=True, exist_ok=True)
        clean_leftovers(backup_folder(p))  # a copy a killed Kiy left half made
        try:
            with p.open("rb") as f:
                head = f.read(16)
            if head and head != _HEADER:
                raise DamagedRecords(p, "not an SQLite database", newest_backup(p))
        except FileNotFoundError:
            pass
        except OSError as e:
            raise RecordsProblem(p, f"cannot read ({e.strerror})") from None
        db: sqlite3.Connection | None = None
        try:
            db = _connect(p)
            _check(db, p)
            _write_ahead(db)
            migrate(db, p)
            if daily_backup:
                cls._daily(db, p)
        except sqlite3.Error as e:
            if db is not None:
                db.close()
            raise _problem(p, e) from None
        except BaseException:
            if db is not None:
                db.close()
            raise
        return cls(db, p)

    @staticmethod
    def _daily(db: sqlite3.Connection, path: Path) -> None:
        """A copy of a healthy file once a day (a damaged file is then
        offered yesterday's)."""
        if db.execute("SELECT count(*) FROM matches").fetchone()[0] == 0:
            return
        day = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d")
        name = f"{path.stem}-daily-{day}.sqlite3"
        folder = backup_folder(path)
        if (folder / name).exists():
            return
        with contextlib.suppress(OSError):
            _keep_copy(db, path, name)
            daily = sorted(folder.glob(f"{path.stem}-daily-*.sqlite3"), reverse=True)
            for old in daily[DAILY_KEPT:]:
                old.unlink()

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Records:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def version(self) -> int:
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction: the lock taken at once, committed at the end,
        rolled back on any error."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as e:
            raise _problem(self.path, e) from None
        try:
            yield self.db
            self.db.execute("COMMIT")
        except BaseException as e:
            with contextlib.suppress(sqlite3.Error):
                self.db.execute("ROLLBACK")
            if isinstance(e, sqlite3.Error):
                raise _problem(self.path, e) from None
            raise

    # -- writing -------------------------------------------------------------------
    def record(self, rec: MatchRecord) -> tuple[int, bool]:
        """Record a match in one transaction; (its id, whether it is new: a
        match with the same uid, or the same evening and slot, is kept as
        it was)."""
        check_record(rec)
        with self.transaction() as db:
            return self._add(db, rec)

    def forget(self, uid: str) -> bool:
        """Take a match back out of the records (its seats go with it): a
        game over that was undone in the window is no result. Whether it
        was there."""
        with self.transaction() as db:
            cur = db.execute("DELETE FROM matches WHERE uid = ?", (uid,))
            return cur.rowcount > 0

    def merge(self, recs: Sequence[MatchRecord]) -> tuple[int, int]:
        """Record many matches in one transaction (an import); (added, already
        here)."""
        for rec in recs:
            check_record(rec)
        added = 0
        with self.transaction() as db:
            for rec in recs:
                added += self._add(db, rec)[1]
        return added, len(recs) - added

    def _add(self, db: sqlite3.Connection, rec: MatchRecord) -> tuple[int, bool]:
        row = db.execute("SELECT id FROM matches WHERE uid = ?",
                         (rec.uid,)).fetchone()
        if row is None and rec.evening_id is not None:
            row = db.execute("SELECT id FROM matches WHERE evening_id = ? AND "
                             "evening_slot = ?",
                             (rec.evening_id, rec.evening_slot)).fetchone()
        if row is not None:
            return int(row[0]), False
        return self._insert(db, rec), True

    def _player_id(self, db: sqlite3.Connection, name: str, level: str | None,
                   when: str) -> int:
        key = name_key(name)
        row = db.execute("SELECT id FROM players WHERE name_key = ?",
                         (key,)).fetchone()
        if row is not None:
            return int(row[0])
        cur = db.execute("INSERT INTO players (name, name_key, level, created_at) "
                         "VALUES (?, ?, ?, ?)", (name[:MAX_NAME], key, level, when))
        return int(cur.lastrowid or 0)

    def _insert(self, db: sqlite3.Connection, rec: MatchRecord) -> int:
        cur = db.execute(
            "INSERT INTO matches (uid, played_at, discipline, options, finished, "
            "winner_seat, save_path, evening_id, evening_slot) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (rec.uid, rec.played_at, rec.discipline,
             json.dumps(dict(rec.options), sort_keys=True), int(rec.finished),
             rec.winner, rec.save, rec.evening_id, rec.evening_slot))
        mid = int(cur.lastrowid or 0)
        for i, s in enumerate(rec.seats):
            pid = self._player_id(db, s.name, s.level, rec.played_at)
            db.execute(
                "INSERT INTO seats (match_id, seat, player_id, games_won, score, "
                "innings, balls, fouls, safeties, best_run, fixed_rating, given_up, "
                "hints) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (mid, i, pid, s.games_won, s.score, s.innings, s.balls, s.fouls,
                 s.safeties, s.best_run, s.fixed_rating, s.given_up, s.hints))
        return mid

    # -- reading -------------------------------------------------------------------
    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            return list(self.db.execute(sql, tuple(args)).fetchall())
        except sqlite3.Error as e:
            raise _problem(self.path, e) from None

    def matches(self, evening_id: str | None = None) -> list[MatchRecord]:
        """Every match recorded (or an evening's), oldest first."""
        where, args = ("WHERE evening_id = ?", [evening_id]) if evening_id else \
            ("", [])
        rows = self._read(
            "SELECT id, uid, played_at, discipline, options, finished, winner_seat, "
            f"save_path, evening_id, evening_slot FROM matches {where} "
            "ORDER BY played_at, id", args)
        seat_sql = ("SELECT s.match_id, p.name, p.level, s.games_won, s.score, "
                    "s.innings, s.balls, s.fouls, s.safeties, s.best_run, "
                    "s.fixed_rating, s.given_up, s.hints FROM seats s "
                    "JOIN players p ON p.id = s.player_id "
                    + ("JOIN matches m ON m.id = s.match_id WHERE m.evening_id = ? "
                       if evening_id else "") + "ORDER BY s.match_id, s.seat")
        seats: dict[int, list[SeatRecord]] = {}
        for r in self._read(seat_sql, args):
            seats.setdefault(int(r[0]), []).append(SeatRecord(
                r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9],
                None if r[10] is None else float(r[10]), int(r[11]), int(r[12])))
        out: list[MatchRecord] = []
        for r in rows:
            try:
                opts = json.loads(r[4])
            except ValueError:
                opts = {}
            out.append(MatchRecord(r[1], r[2], r[3], tuple(seats.get(int(r[0]), [])),
                                   r[6], bool(r[5]), opts if isinstance(opts, dict)
                                   else {}, r[7], r[8], r[9]))
        return out

    def player_names(self) -> list[tuple[str, str | None]]:
        """Every player (name, computer level or None), by name."""
        return [(r[0], r[1]) for r in self._read(
            "SELECT name, level FROM players ORDER BY name_key")]

    def count(self) -> int:
        return int(self._read("SELECT count(*) FROM matches")[0][0])


# -- a damaged file -----------------------------------------------------------------
def _move_aside(path: Path) -> Path:
    aside = path.with_name(f"{path.stem}.damaged-{_stamp()}{path.suffix}")
    for suffix in ("", "-wal", "-shm"):
        src = Path(str(path) + suffix)
        if src.exists():
            os.replace(src, Path(str(aside) + suffix))
    return aside


def restore_backup(problem: DamagedRecords) -> Path:
    """Move the damaged file aside and put its newest good backup in its
    place; the damaged file's new name."""
    if problem.backup is None:
        raise RecordsProblem(problem.path, "there is no backup to restore")
    data = problem.backup.read_bytes()
    aside = _move_aside(problem.path)
    atomic_write(problem.path, data)
    return aside


def start_new(problem: RecordsProblem) -> Path:
    """Move the damaged file aside; the next open starts empty records."""
    return _move_aside(problem.path)
