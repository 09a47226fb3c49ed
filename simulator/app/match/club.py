"""The window's hold on the club: the evening a match belongs to, and the
records every match played in the window goes to when it is decided.

A match is recorded once, at its game over (``settle``, asked by the
match's screen at every step): an evening's match through
:meth:`Club.record` (its save, the records, the evening), any other with
:func:`simulator.records.club.record_match` and a save of its own in the
data folder's ``matches/``. A game over undone is no result: its record,
its save and (in an evening) its result are taken back, and the match is
recorded again when it is decided again. The records themselves keep one
match per identity, so a match resumed after its game over is not counted
twice either.
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.files import profile, saves
from simulator.files.inputs import InputError
from simulator.records.club import ARCHIVED, Club, match_record, record_match
from simulator.records.database import (
    DamagedRecords,
    Records,
    RecordsProblem,
    match_uid,
)
from simulator.records.evening import Evening, EveningError, MatchCall

if TYPE_CHECKING:
    from simulator.records.plan import MatchResult

MATCHES = "matches"  # the data folder's saves of the matches recorded alone


@dataclass
class EveningMatch:
    """A match being played for an evening: the call it answers and, once
    decided, its result in the evening."""

    club: Club
    evening: Evening
    call: MatchCall
    result: MatchResult | None = None


_EVENING: weakref.WeakKeyDictionary[Session, EveningMatch] = \
    weakref.WeakKeyDictionary()
_RECORDED: weakref.WeakKeyDictionary[Session, str] = weakref.WeakKeyDictionary()
_LOOKED: weakref.WeakSet[Session] = weakref.WeakSet()
_SETTLED: weakref.WeakSet[Session] = weakref.WeakSet()  # an evening's, recorded


def attach(s: Session, club: Club, evening: Evening, call: MatchCall) -> None:
    """Play ``s`` as the evening's match ``call``."""
    _EVENING[s] = EveningMatch(club, evening, call)
    s.among = tuple(e.name for e in evening.setup.entrants)
    s.races = call.races if call.handicapped else ()
    s.hints_allowed = evening.setup.hints
    _LOOKED.add(s)


def evening_of(s: Session | None) -> EveningMatch | None:
    return _EVENING.get(s) if s is not None else None


def recorded_uid(s: Session) -> str | None:
    """The records' identity of this match once it is recorded."""
    em = _EVENING.get(s)
    if em is not None:
        return _evening_uid(em) if em.result is not None else None
    return _RECORDED.get(s)


def winner(s: Session) -> int | None:
    """The seat that has won the match (an evening's handicap counted)."""
    em = _EVENING.get(s)
    if em is not None:
        return em.call.winner(s.match)
    return s.match.winner if s.over else None


def decided(s: Session) -> bool:
    return winner(s) is not None


def matches_call(s: Session, call: MatchCall) -> bool:
    """Whether a match (an autosave resumed) is the one ``call`` plays."""
    m = s.match
    return tuple(m.players) == call.names and m.name == call.discipline and \
        getattr(m, "seed", None) == call.seed


def settle(app: App, s: Session) -> None:
    """Record a decided match once; take back a game over undone."""
    if profile.read_only() or s.minigame or not s.keep:
        return  # a scripted run writes nothing; practice is no match
    _adopt(s)
    if s in _SETTLED:
        return
    em = _EVENING.get(s)
    if em is not None:
        if decided(s) and em.result is None:
            _record_evening(app, s, em)
        elif not decided(s) and em.result is not None:
            _withdraw_evening(app, em)
        return
    if s.over and s not in _RECORDED:
        _record_alone(app, s)
    elif not s.over and s in _RECORDED:
        _forget_alone(app, s)


def _adopt(s: Session) -> None:
    """A match of the evening in progress resumed from the menu's Continue
    (after a restart) is the evening's, not a match of its own; one whose
    result the evening has already is left alone (not recorded again)."""
    if s in _LOOKED:
        return
    _LOOKED.add(s)
    club = Club()
    try:
        evening = club.current()
    except EveningError:
        return
    if evening is not None:
        for call in evening.ready():
            if matches_call(s, call):
                attach(s, club, evening, call)
                return
    done = club.archived()[-1:] if evening is None else [evening]
    for ev in done:
        for slot in ev.results:
            path = club.save_path(ev, slot)
            try:
                kept = saves.load(path).match
            except (OSError, InputError):
                continue
            if tuple(kept.players) == tuple(s.match.players) and \
                    kept.seed == s.match.seed and kept.name == s.match.name:
                _SETTLED.add(s)
                return


# -- an evening's match ------------------------------------------------------------
def _evening_uid(em: EveningMatch) -> str:
    return f"evening-{em.evening.id}-{em.call.slot}"


def _record_evening(app: App, s: Session, em: EveningMatch) -> None:
    from simulator.app.text.file_words import file_problem
    try:
        done = em.club.record(em.evening, em.call, s.match)
    except EveningError as e:
        app.notify(app.t("club.not_recorded", reason=str(e)), 8.0)
        return
    except OSError as e:
        app.notify(app.t("club.not_saved", reason=file_problem(app.locale, e)), 8.0)
        return
    em.result = done.result
    if done.problem is not None:
        tell_problem(app, done.problem, lambda: _records_again(app, s, em))


def _records_again(app: App, s: Session, em: EveningMatch) -> None:
    """The evening has the result; the records, mended, get it now."""
    r = em.result
    if r is None:
        return
    ev = em.evening
    seats = [(ev.entrants[e].record_name, ev.entrants[e].level) for e in r.seats]
    rec = match_record(s.match, seats, winner=r.winner, save=r.save,
                       uid=_evening_uid(em), played_at=r.played_at,
                       evening_id=ev.id, evening_slot=r.slot)
    try:
        with Records.open(em.club.records_path) as records:
            records.record(rec)
    except RecordsProblem as e:
        tell_problem(app, e, lambda: _records_again(app, s, em))


def _withdraw_evening(app: App, em: EveningMatch) -> None:
    """Undo after an evening's game over: the result, its save and its
    record are taken back (the evening calls this match again)."""
    r = em.result
    if r is None:
        return
    club, ev = em.club, em.evening
    try:
        ev.withdraw(r.slot)
    except EveningError as e:
        app.notify(app.t("club.not_withdrawn", reason=str(e)), 8.0)
        return
    em.result = None
    # A save left behind would be recorded again when the evening is read.
    with contextlib.suppress(OSError):
        club.save_path(ev, r.slot).unlink(missing_ok=True)
    with contextlib.suppress(OSError):
        (club.evening_folder(ev) / ARCHIVED).unlink(missing_ok=True)
    club.save(ev)
    with contextlib.suppress(RecordsProblem), Records.open(club.records_path) as rec:
        rec.forget(_evening_uid(em))


# -- a match of its own ------------------------------------------------------------
def _record_alone(app: App, s: Session) -> None:
    from simulator.app.text.file_words import file_problem
    uid = match_uid(s.match.to_dict())
    save: Path | None = profile.data_dir() / MATCHES / f"{uid}.json"
    try:
        saves.write_save(s.match, save or Path())
    except OSError as e:
        app.notify(app.t("club.not_saved", reason=file_problem(app.locale, e)), 8.0)
        save = None  # recorded without its save
    try:
        rec, _new = record_match(s.match, save=save)
    except RecordsProblem as e:
        tell_problem(app, e, lambda: settle(app, s))
        return
    _RECORDED[s] = rec.uid


def _forget_alone(app: App, s: Session) -> None:
    uid = _RECORDED.pop(s)
    with contextlib.suppress(OSError):
        (profile.data_dir() / MATCHES / f"{uid}.json").unlink(missing_ok=True)
    try:
        with Records.open() as records:
            records.forget(uid)
    except RecordsProblem as e:
        app.notify(records_problem_text(app, e), 8.0)


# -- the records' problems -----------------------------------------------------------
def records_problem_text(app: App, e: RecordsProblem) -> str:
    """A records problem in the player's words."""
    from simulator.records.database import BusyRecords, NewerRecords
    if isinstance(e, DamagedRecords):
        return app.t("club.damaged_body", file=Path(e.path).name, what=e.what)
    if isinstance(e, NewerRecords):
        return app.t("club.newer")
    if isinstance(e, BusyRecords):
        return app.t("club.busy")
    return app.t("club.records_failed", reason=e.what)


def tell_problem(app: App, e: RecordsProblem,
                 then: Callable[[], None] | None = None) -> None:
    """A damaged file opens the dialog that offers its backup (``then`` runs
    once it is mended); any other problem is said."""
    if isinstance(e, DamagedRecords):
        # After this frame's change of screen (which closes the dialogs),
        # over what it opens: the game over, the records' screen.
        app.later(lambda: app.open("records_damaged", problem=e, then=then))()
    else:
        app.notify(records_problem_text(app, e), 8.0)
