"""The evening and the records on disk, in the profile's data folder.

``evenings/current.json`` is the evening in progress, rewritten (atomically,
:mod:`simulator.files.atomic`) after every result; a finished or abandoned evening
moves to ``evenings/<id>/evening.json``, beside its matches' saves
(``evenings/<id>/<slot>.json``). Each result is written in this order: the
match's save, the records (one transaction), the evening. A kill between two
of them is mended when the evening is read again: a saved match of a slot the
evening still calls is recorded then (the records keep one match per evening
and slot, so nothing counts twice).

:class:`Club` is what the window holds::

    club = Club()                          # the profile's data folder
    evening = club.current()               # the one in progress, or None
    evening = club.begin(setup)            # a new one (ratings from the records)
    call = evening.next_match()
    club.record(evening, call, match)      # save, records, evening: all written
    club.abandon(evening)

Outside an evening, :func:`record_match` records a finished match.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rules.referee import Match
from simulator.files import saves
from simulator.files.atomic import atomic_write, clean_leftovers
from simulator.files.inputs import MAX_SAVE_BYTES, InputError, read_json
from simulator.files.profile import CURRENT_EVENING as CURRENT
from simulator.files.profile import EVENINGS
from simulator.records.database import (
    MatchRecord,
    Records,
    RecordsProblem,
    SeatRecord,
    match_uid,
    now_text,
    relative_save,
)
from simulator.records.entrants import CPU
from simulator.records.evening import (
    PLAYING,
    Evening,
    EveningError,
    MatchCall,
    MatchResult,
    Setup,
)
from simulator.records.levels import level_rating
from simulator.records.stats import match_stats

ARCHIVED = "evening.json"


def match_record(match: Match, seats: Sequence[tuple[str, str | None]], *,
                 winner: int | None = None, save: str | None = None,
                 uid: str | None = None, played_at: str | None = None,
                 evening_id: str | None = None,
                 evening_slot: str | None = None) -> MatchRecord:
    """A referee's match as the records keep it. ``seats``: (record name,
    computer level or None) per seat; ``winner`` a seat when the match was
    decided before the referee's end (a handicap), else the match's."""
    if len(seats) != len(match.players):
        raise EveningError("seats", f"{len(seats)} names for "
                                    f"{len(match.players)} seats")
    stats = match_stats(match)
    scores = match.scores
    out = []
    for i, (name, level) in enumerate(seats):
        st = stats[i]
        out.append(SeatRecord(name, level, st.games, int(scores[i]), st.innings,
                              st.potted, st.fouls, st.safeties, st.high_run,
                              level_rating(level) if level is not None else None,
                              st.games - st.table_wins, st.hints))
    won = winner if winner is not None else match.winner
    return MatchRecord(uid or match_uid(match.to_dict()), played_at or now_text(),
                       match.name, tuple(out), won,
                       match.over or winner is not None, dict(match.options),
                       save, evening_id, evening_slot)


def seats_of(names: Sequence[str]) -> list[tuple[str, str | None]]:
    """Seats from the names a match was set up with: ``cpu:LEVEL`` (or
    ``cpu:LEVEL 2``) is that computer level, a named seat ``cpu:LEVEL:NAME``
    that level under its name (the records show the name the table showed,
    and two named computers of one level are two players), anything else a
    person."""
    from simulator.records.entrants import MAX_NAME, levels
    out: list[tuple[str, str | None]] = []
    for n in names:
        head, _, tail = n.partition(":")
        level_part, _, given = tail.partition(":")
        level = level_part.split(" ")[0].strip().casefold()
        if head.strip().casefold() == CPU and level in levels():
            # (the number a second seat of one level gets is the table's only)
            given = given.strip()
            number = given.rpartition(" ")[2]
            if given.rpartition(" ")[0].strip() and number.isascii() and \
                    number.isdigit():
                given = given.rpartition(" ")[0].strip()
            base = f"{CPU}:{level}"
            out.append((f"{base}:{given}"[:MAX_NAME].strip() if given else base,
                        level))
        else:
            out.append((n.strip(), None))
    return out


def record_match(match: Match, seats: Sequence[tuple[str, str | None]] | None = None,
                 save: str | os.PathLike[str] | None = None,
                 path: Path | None = None) -> tuple[MatchRecord, bool]:
    """Record a match played outside an evening (the window calls it when a
    match ends); the record and whether it is new. Raises RecordsProblem when
    the records cannot be opened."""
    rec = match_record(match, seats or seats_of(match.players),
                       save=relative_save(save))
    with Records.open(path) as records:
        _, new = records.record(rec)
    return rec, new


@dataclass(frozen=True)
class Recorded:
    """What :meth:`Club.record` wrote: the evening's result, the save, and
    whether the records took it (``problem`` says why not)."""

    result: MatchResult
    save: Path
    in_records: bool
    problem: RecordsProblem | None = None


class Club:
    """The evening in progress and the records of one profile."""

    def __init__(self, data_dir: str | os.PathLike[str] | None = None,
                 records_path: Path | None = None) -> None:
        if data_dir is None:
            from simulator.files import profile
            data_dir = profile.data_dir()
        self.data_dir = Path(data_dir)
        self.folder = self.data_dir / EVENINGS
        self.records_path = records_path or self.data_dir / "records.sqlite3"
        self._records: Records | None = None

    # -- the records -----------------------------------------------------------------
    def records(self) -> Records:
        """The records, opened once (raises RecordsProblem: a damaged file,
        a newer Kiy's, another Kiy holding it too long)."""
        if self._records is None:
            self._records = Records.open(self.records_path)
        return self._records

    def close(self) -> None:
        if self._records is not None:
            self._records.close()
            self._records = None

    def __enter__(self) -> Club:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def ratings(self) -> dict[str, float]:
        """Every rated player's rating by record name (empty when the records
        cannot be read: an evening is not held up by them)."""
        from simulator.records.pages import ratings
        try:
            return {k: v.value for k, v in ratings(self.records().matches()).items()}
        except RecordsProblem:
            return {}

    # -- the evening -----------------------------------------------------------------
    @property
    def current_path(self) -> Path:
        return self.folder / CURRENT

    def evening_folder(self, evening: Evening) -> Path:
        return self.folder / evening.id

    def current(self) -> Evening | None:
        """The evening in progress (None: there is none). Raises EveningError
        when its file cannot be read (the message names the field)."""
        path = self.current_path
        clean_leftovers(self.folder)  # what a killed writer left half made
        if not path.exists():
            return None
        try:
            data = read_json(path, limit=MAX_SAVE_BYTES)
        except InputError as e:
            raise EveningError(e.where, e.what) from None
        evening = Evening.from_dict(data, str(path))
        self._mend(evening)
        if evening.status != PLAYING:
            self._archive(evening)
            return None
        return evening

    def put_aside(self) -> Path | None:
        """Move an evening file that cannot be read out of the way (kept as
        ``current.damaged-<time>.json``) so a new evening can begin; its new
        name (None: there was none)."""
        if not self.current_path.exists():
            return None
        import datetime
        stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%S")
        aside = self.folder / f"current.damaged-{stamp}.json"
        os.replace(self.current_path, aside)
        return aside

    def begin(self, setup: Setup) -> Evening:
        """Start a new evening (refused while one is in progress)."""
        if self.current() is not None:
            raise EveningError("evening", "an evening is in progress; finish it or "
                                          "abandon it first")
        evening = Evening.create(setup, self.ratings())
        self.save(evening)
        return evening

    def save(self, evening: Evening) -> None:
        """Write the evening (atomically); a finished or abandoned one is
        archived and no longer current."""
        if evening.status != PLAYING:
            self._archive(evening)
            return
        atomic_write(self.current_path, _dumps(evening), make_dirs=True)

    def _archive(self, evening: Evening) -> None:
        atomic_write(self.evening_folder(evening) / ARCHIVED, _dumps(evening),
                     make_dirs=True)
        with contextlib.suppress(FileNotFoundError):
            cur = read_json(self.current_path, limit=MAX_SAVE_BYTES)
            if isinstance(cur, dict) and cur.get("id") == evening.id:
                self.current_path.unlink()

    def archived(self) -> list[Evening]:
        """The evenings finished or abandoned, oldest first (unreadable ones
        are left out)."""
        out: list[Evening] = []
        for p in sorted(self.folder.glob(f"*/{ARCHIVED}")):
            with contextlib.suppress(InputError):
                out.append(Evening.from_dict(read_json(p, limit=MAX_SAVE_BYTES),
                                             str(p)))
        return sorted(out, key=lambda e: e.created)

    def abandon(self, evening: Evening) -> None:
        """Give the evening up (its results stay in the records)."""
        evening.abandon()
        self.save(evening)

    def save_path(self, evening: Evening, slot: str) -> Path:
        return self.evening_folder(evening) / f"{slot}.json"

    def record(self, evening: Evening, call: MatchCall, match: Match) -> Recorded:
        """Record a decided match of the evening: its save, the records, the
        evening, in that order."""
        save = self.save_path(evening, call.slot)
        result = evening.record(call, match, save=relative_save(save, self.data_dir))
        try:
            saves.write_save(match, save)
        except OSError:
            evening.withdraw(call.slot)  # as it was: the match can be saved again
            raise
        in_records, problem = self._to_records(evening, call, match, result)
        self.save(evening)
        return Recorded(result, save, in_records, problem)

    def _to_records(self, evening: Evening, call: MatchCall, match: Match,
                    result: MatchResult) -> tuple[bool, RecordsProblem | None]:
        seats = [(evening.entrants[e].record_name, evening.entrants[e].level)
                 for e in call.seats]
        rec = match_record(match, seats, winner=result.winner, save=result.save,
                           uid=f"evening-{evening.id}-{call.slot}",
                           played_at=result.played_at, evening_id=evening.id,
                           evening_slot=call.slot)
        try:
            self.records().record(rec)
        except RecordsProblem as e:
            return False, e
        return True, None

    def _mend(self, evening: Evening) -> bool:
        """Results a kill kept out of the evening file: a saved match of a
        slot still called is recorded now (and in the records, once)."""
        changed = False
        progress = True
        while progress and evening.status == PLAYING:
            progress = False
            for call in evening.ready():
                path = self.save_path(evening, call.slot)
                if not path.exists():
                    continue
                try:
                    match = saves.load(path).match
                    result = evening.record(
                        call, match, save=relative_save(path, self.data_dir),
                        played_at=_mtime(path))
                except (InputError, EveningError):
                    continue  # not a decided match of this slot: played again
                self._to_records(evening, call, match, result)
                changed = progress = True
                break
        if changed:
            self.save(evening)
        return changed


def _mtime(path: Path) -> str:
    import datetime
    t = path.stat().st_mtime
    return datetime.datetime.fromtimestamp(t, datetime.UTC).isoformat(
        timespec="seconds")


def _dumps(evening: Evening) -> str:
    import json
    return json.dumps(evening.to_dict(), ensure_ascii=False, indent=1,
                      allow_nan=False)
