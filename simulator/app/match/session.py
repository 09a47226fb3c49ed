"""The match being played, as the app sees it.

A thin layer over ``rules.referee.Match``: it keeps the shooter's aim and the
cue-ball placement between frames, the shots for replay, the ruling banner,
and turns the referee's data into words and scoreboard cards. Every rule
question goes to the referee (``ShotRequirements``, ``Ruling``); nothing here
decides what is legal.
"""

from __future__ import annotations

import datetime
import math
import random
from collections.abc import Iterable, Mapping, MutableSequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, overload

from rules.codes import LossCode
from simulator.app.match.pending_aim import AimFieldError, aim_record, give_back
from simulator.app.table.aim import Aim, angle_to, power_of
from simulator.app.table.ruling_card import Banner
from simulator.app.table.scoreboard import PlayerCard
from simulator.app.text import words
from simulator.app.text.file_words import file_problem
from simulator.app.text.i18n import Locale
from simulator.app.text.words import (
    ball_label,
    ball_named,
    choice_rule,
    chosen_label,
    cite,
    code_words,
    discipline_label,
    pocket_chip,
)
from simulator.files import profile, saves
from simulator.records.stats import PlayerStats, brought_back, counted_balls
from simulator.records.stats import match_stats as records_stats
from simulator.table.events import EventKind, Shot, Stroke
from simulator.table.specs import CUE_BALL, TableSpec, table_by_name
from simulator.table.state import TableState

if TYPE_CHECKING:
    from rules.general import LagResult
    from rules.referee import Match
    from rules.ruling import Declarations, PointChange, Ruling, ShotRequirements

__all__ = ["LAG_BALLS", "LoadError", "Session", "autosave_path", "ball_label",
           "cite", "code_words", "discipline_label", "saves_dir", "shot_chips"]

SAVE_FORMAT = saves.SAVE_FORMAT


def signed(points: int) -> str:
    """Points with their sign, a true minus: "+2", "−12"."""
    return f"{'+' if points > 0 else '−'}{abs(points)}"

# The lag (general rule 5): player 0 strikes the cue ball, player 1 the 1-ball,
# a non-striped ball of the same size and weight (the rule's second choice: a set
# has one cue ball, and the physics strikes the cue ball with the main stroke).
LAG_BALLS = (CUE_BALL, 1)


class LoadError(Exception):
    """A save file that cannot be resumed; the message says why."""


class ShotList(MutableSequence[tuple[Shot, "Ruling"]]):
    """The match's shots with their rulings, for replay and the event strip,
    without a second copy of each shot: an entry points at the match's own
    record of it and the Shot is rebuilt when asked (the last one is kept).
    No replay frames are kept either; a replay computes them again."""

    def __init__(self, match: Match) -> None:
        self._match = match
        self._items: list[tuple[int, Shot | None, Ruling]] = []
        self._cache: tuple[int, Shot] | None = None

    def add_recorded(self, index: int, ruling: Ruling) -> None:
        """The shot at ``index`` of the match's history."""
        self._items.append((index, None, ruling))

    def append(self, value: tuple[Shot, Ruling]) -> None:
        shot, ruling = value
        index = len(self._match.history) - 1
        hist = self._match.history
        if index >= 0 and hist[index].get("type") == "shot":
            self._items.append((index, None, ruling))
            self._cache = (index, replace(shot, frames=()))
        else:
            self.insert(len(self._items), value)

    def _shot(self, index: int, shot: Shot | None) -> Shot:
        if shot is not None:
            return shot
        if self._cache is not None and self._cache[0] == index:
            return self._cache[1]
        from rules.referee import shot_from_dict
        built = shot_from_dict(self._match.history[index]["shot"])
        self._cache = (index, built)
        return built

    @overload
    def __getitem__(self, i: int) -> tuple[Shot, Ruling]: ...

    @overload
    def __getitem__(self, i: slice) -> MutableSequence[tuple[Shot, Ruling]]: ...

    def __getitem__(self, i: int | slice
                    ) -> tuple[Shot, Ruling] | MutableSequence[tuple[Shot, Ruling]]:
        if isinstance(i, slice):
            return [(self._shot(n, s), r) for n, s, r in self._items[i]]
        n, s, r = self._items[i]
        return self._shot(n, s), r

    @overload
    def __setitem__(self, i: int, value: tuple[Shot, Ruling]) -> None: ...

    @overload
    def __setitem__(self, i: slice, value: Iterable[tuple[Shot, Ruling]]) -> None: ...

    def __setitem__(self, i: int | slice, value: Any) -> None:
        if isinstance(i, slice):
            self._items[i] = [(-1, replace(s, frames=()), r) for s, r in value]
        else:
            self._items[i] = (-1, replace(value[0], frames=()), value[1])

    def __delitem__(self, i: int | slice) -> None:
        del self._items[i]

    def pop(self, index: int = -1) -> tuple[Shot, Ruling]:
        value = self[index]  # built while the match still holds its record
        del self._items[index]
        return value

    def __len__(self) -> int:
        return len(self._items)

    def declarations(self, i: int) -> Any:
        """What the shooter declared for shot ``i`` (the called ball and
        pocket); None when the match keeps no record of it."""
        n = self._items[i][0]
        hist = self._match.history
        if not 0 <= n < len(hist) or hist[n].get("type") != "shot":
            return None
        from rules.ruling import Declarations, RulesError
        try:
            return Declarations.from_dict(hist[n].get("declarations"))
        except (RulesError, ValueError, TypeError):
            return None

    def step(self, i: int) -> int | None:
        """The step of the match's history shot ``i`` is (None: the match
        keeps no record of it)."""
        n = self._items[i][0]
        hist = self._match.history
        return n if 0 <= n < len(hist) and hist[n].get("type") == "shot" else None

    def rerule(self, i: int, ruling: Ruling) -> None:
        """The same shot judged again (a ball the referee called jumped)."""
        n, shot, _old = self._items[i]
        self._items[i] = (n, shot, ruling)

    def insert(self, i: int, value: tuple[Shot, Ruling]) -> None:
        self._items.insert(i, (-1, replace(value[0], frames=()), value[1]))


def autosave_path() -> Path:
    """The newest autosave (the journal of the match being played)."""
    return profile.journal_paths(profile.autosave_dir())[0]


def autosave_paths() -> list[Path]:
    """The autosaves kept (this match's and the two before), newest first."""
    return profile.journal_paths(profile.autosave_dir())


def saves_dir() -> Path:
    return profile.saves_dir()


DEFAULT_POWER = Aim().power  # a shot after the break starts soft


class Session:
    def __init__(self, match: Match, locale: Locale) -> None:
        self.match = match
        self.locale = locale
        self.aim = Aim()
        # The angle a new position preset the cue to (at the nearest ball),
        # until the aiming screen takes it: the mouse over the table turns it.
        self.preset_angle: float | None = None
        # The angle the player set otherwise than by pointing the mouse (the
        # fine aim's keys, an undo, a saved aim): held while the aim is it,
        # so the mouse on its way to a pull's press does not turn the cue.
        self.held_angle: float | None = None
        self.placed: tuple[float, float] | None = None
        self.placed_by_player = False  # the ball in hand put down, aiming now
        # The players a computer seat is numbered among: an evening's match
        # names «Компьютер 1 (клубный)» as the evening's bracket does.
        self.among: tuple[str, ...] = ()
        # (strokes in the match then, the cue ball's resting place after the last)
        self._rest_cue: tuple[int, tuple[float, float] | None] = (-1, None)
        self.banner: Banner | None = None
        self.shots: MutableSequence[tuple[Shot, Ruling]] = ShotList(match)
        self.last_ruling: Ruling | None = None
        self.save_path: Path | None = None
        # The name it was saved under, as typed (the file's name is made safe).
        self.save_name: str | None = None
        self.decl: dict[str, Any] = {}  # safety, push-out toggled for the next shot
        self.lags: list[tuple[Shot, LagResult]] = []  # this sitting's lags
        self.minigame = False  # a lag on its own, not the start of a match
        self.sign_asked = -1  # the step at which the signature question was shown
        self.banner_folded = False  # the ruling card shows its title only
        self.banner_scroll = 0  # lines of the ruling card scrolled past
        self.keep = True  # a match to resume (a practice position is not)
        # Each seat's own race when they differ (a club evening's handicap:
        # the referee's race is the longer one); empty otherwise.
        self.races: tuple[int, ...] = ()
        self.redo_stack: list[dict[str, Any]] = []  # steps undone, latest last
        self.powers: dict[int, float] = {}  # each player's last power (not a break)
        self.journal: saves.Journal | None = None  # the autosave, once begun
        self.save_problem: str | None = None  # why the last autosave failed
        self.save_ok: bool | None = None  # the last autosave worked (None: none yet)
        # A word about the autosave for the window to say once (a match
        # nearing what a save may hold, a journal moved away from another
        # writer's file); the window clears it once said.
        self.save_note: str | None = None
        self._warned_fill = 0.0
        self.load_note: str | None = None  # what loading noticed (a torn tail)
        # The position's hint (match.computer): being worked out, stopped by Esc (I
        # goes on with it), or found; the call a taken hint (or an undo) leaves.
        self.hint: Any = None
        self.hint_job: Any = None
        self.hint_stopped: Any = None
        self.hint_call: tuple[int | None, str | None] | None = None
        self.hint_used = False  # a hint taken for the coming stroke (counted)
        # A club evening may play its matches without the hint (its setup's
        # choice, simulator.app.match.club.attach): I then says so.
        self.hints_allowed = True
        # The call the person has made for the coming stroke (the aim's,
        # kept here so that an undo or a redo can give it back as it was),
        # and the one set aside by the first undo from the latest step.
        self.call: tuple[int | None, str | None] = (None, None)
        self._tip_call: dict[str, Any] | None = None
        # The step at which a computer's search failed: that turn is played
        # by a person (simulator.app.screens.computer_turn).
        self.computer_failed: int | None = None
        # A computer's turn left for a screen that comes back to it (help,
        # the replay), to go on from where it was: its countdown, thinking
        # and decision (``turns.resumed_turn``).
        self.computer_left: Any = None
        # A person's last ruling in one line ("Anna: legal shot · no ball
        # potted"), kept at the top of the side column through the
        # computer's turn that follows it (its card gives way to the plan).
        self.person_note = ""
        # A person's ruling the computer waits on until that person has read
        # it (Continue): a foul or a game's end is never hidden by its turn.
        self.to_acknowledge = False
        self.foul_to_read = -1  # the step whose foul waits to be read: foul_for_next
        # The step at which a computer's choice was put on its card (held
        # like a person's ruling, not waited on: it concerns no person).
        self.choice_card = -1
        # The step at which this match was loaded: a computer to play there
        # waits for Continue (it played at once, unsaid, and a player took
        # the match for jumped ahead).
        self.loaded_step: int | None = None
        # The step at which a person moved on from a game's end to the next
        # rack (until then the table shows the ended game: ended_table).
        self.moved_on = -1
        # Space and Enter as pressed on the computer's turn (to hurry it):
        # the same key does not put the person's ball in hand down next,
        # until they have chosen a place (simulator.app.screens.placing).
        self.hurried: set[int] = set()
        # The watching speed chosen in this match ("skip" is kept for this
        # match only: a person's own rulings are never skipped for later).
        self.watch: str | None = None
        self.own_watch = "1"  # a person's own strokes' (match_keys.own_key)
        self._req: ShotRequirements | None = None
        # The position the placed table was made from, held (not its id: a
        # freed table's id can come back for the next one, and the cue
        # ball's table would then show balls a call has since moved).
        self._table_from: tuple[TableState, tuple[float, float]] | None = None
        self._table: TableState | None = None
        self.refresh()

    # -- construction -------------------------------------------------------------
    @classmethod
    def new(cls, players: list[str], discipline: str, options: Mapping[str, Any],
            locale: Locale, seed: int | None = None) -> Session:
        from rules.referee import Match
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2 ** 31)
        return cls(Match(players, discipline, dict(options), seed=seed), locale)

    @classmethod
    def load(cls, path: Path, locale: Locale) -> Session:
        """A saved match, or LoadError with the reason in the player's words."""
        try:
            loaded = saves.load(path)
        except saves.SaveError as e:
            key = {"file": "load.unreadable", "damaged": "load.not_json",
                   "not_save": "load.not_save", "version": "load.newer"}.get(
                       e.kind, "load.bad_match")
            raise LoadError(locale.t(key, file=str(path), reason=e.what)) from None
        match = loaded.match
        s = cls(match, locale)
        if loaded.journal and Path(path) == autosave_path():
            # Continue: the journal goes on where it stopped.
            s.journal = saves.Journal.resume(match, Path(path), loaded.size,
                                             loaded.version, loaded.watch,
                                             loaded.moved_on)
        # "Save" after "Continue" makes a file of its own, not the autosave.
        s.save_path = None if loaded.journal else Path(path)
        s.save_name = None if loaded.journal else loaded.name or Path(path).stem
        notes = []
        if loaded.dropped_tail:
            notes.append(locale.t("load.dropped_tail"))
        if loaded.repaired:
            notes.append(locale.t("load.repaired", n=loaded.repaired,
                                  um=f"{loaded.moved * 1e6:.0f}"))
        s.watch = known_watch(loaded.watch)
        shots = s.shots
        assert isinstance(shots, ShotList)
        for i, (act, rul) in enumerate(zip(match.history, match.rulings,
                                           strict=True)):
            if act.get("type") == "shot" and rul is not None:
                shots.add_recorded(i, match.shot_ruling(i) or rul)
        if s.shots:
            s.last_ruling = s.shots[-1][1]
        s.powers = powers_played(match)
        s._resume_last_ruling()
        if loaded.moved_on == len(match.history) and match.ended_game is not None:
            s.next_game()  # saved on the next rack: not the ended game's card
        req = s.req
        if req is not None:  # the player at the table finds their own power
            s.aim = Aim(s.aim.angle, s.powers.get(req.shooter, DEFAULT_POWER))
        if loaded.aim is not None:  # and the stroke they had set, if saved
            s.preset_angle = None  # theirs: the mouse does not turn it
            try:
                give_back(s, loaded.aim)
                s.held_angle = s.aim.angle
            except AimFieldError as e:
                notes.append(locale.t("load.aim_dropped", reason=str(e)))
        s.load_note = " ".join(notes) or None
        s.loaded_step = len(match.history)
        return s

    def _resume_last_ruling(self) -> None:
        """A loaded match shows the ruling of its last step again, and a
        person's foul or game's end waits for Continue as it did when the
        match was saved (the computer never plays on past it unread)."""
        rulings = self.match.rulings
        if not rulings:
            return
        if rulings[-1] is None:
            if not self.over:
                self._resume_choice_card()
            return
        ruling = rulings[-1]
        last = self.match.history[-1]
        self.last_ruling = ruling
        self.banner = self.last_step_banner()
        from simulator.app.match.calls import call_card, last_call
        called, ball = last_call(self)
        if called:  # the referee's call's own card, as it was made
            self.banner = call_card(self, ruling, ball)
        if self.over:
            # The end card says how the match ended, as when it was made
            # (reopened from the menu it had lost the rule that ended it);
            # nothing is left to acknowledge or to play on.
            return
        # A concession is the person's own doing: nothing to read.
        self.to_acknowledge = last.get("type") != "concede" and \
            self.concerns_person(ruling)
        if last.get("type") == "shot":
            self.foul_for_next(ruling)  # (read at the load, as it was to be)

    def _resume_choice_card(self) -> None:
        """A match saved just after a seat's choice (the computer's re-rack
        after Anna's illegal break, 14.1 rule 6) shows its card again, as
        when it was made: who chose what under which rule, and the foul that
        gave the choice (Continue left the column empty)."""
        from rules.ruling import Choice
        history, rulings = self.match.history, self.match.rulings
        last = history[-1]
        by = (last.get("record") or {}).get("by")
        players = list(self.match.players)
        if last.get("type") != "choice" or by not in players:
            return
        try:
            choice = Choice(last.get("choice"))
        except ValueError:
            return
        if choice in (Choice.BREAK, Choice.GIVE_BREAK) and \
                not self.is_computer(players.index(by)):
            return  # a person's after the lag: no card was shown for it
        # The step whose ruling gave the choice: the last with a ruling.
        at = next((i for i in range(len(rulings) - 1, -1, -1)
                   if rulings[i] is not None), None)
        cause = None if at is None else rulings[at]
        before = None
        if at is not None and cause is not None:
            shot = self.shots[-1][0] if history[at].get("type") == "shot" \
                and self.shots else None
            before = self.ruling_banner(cause, shot)
        ref = words.choice_rule(self.discipline, choice, cause)
        who = self.name(players.index(by))
        # The reason and the options weighed, as the card had them when made
        # (the values kept with the step; an older save has none).
        weighed = {Choice(k): v for k, v in (last.get("weighed") or {}).items()}
        cpu = self.is_computer(players.index(by))
        lines = words.weighed_lines(self.locale, self.discipline, choice, who,
                                    weighed) if cpu else []
        choice_card(self, words.chooses_words(self.locale, choice, who, ref),
                    before, tuple(lines))

    def last_step_banner(self) -> Banner | None:
        """The ruling card of the match's last step, if it has a ruling."""
        rulings = self.match.rulings
        if not rulings or rulings[-1] is None:
            return None
        shot = self.shots[-1][0] if self.match.history[-1].get("type") == "shot" \
            and self.shots else None
        return self.ruling_banner(rulings[-1], shot)

    def undone_banner(self) -> Banner:
        """The side column after an undo: the ruling of the step now last,
        which gave this position; or, with none, that the table is as it was
        before the step taken back (the column was left empty)."""
        banner = self.last_step_banner()
        if banner is not None:
            return banner
        t = self.locale.t
        nexts: tuple[str, ...] = ()
        req = self._req
        if req is not None and not req.pending:
            nxt = t("banner.next", name=self.name(req.shooter))
            if req.ball_in_hand.value != "none":
                nxt += ", " + t(f"bih.{req.ball_in_hand.value}")
            nexts = (nxt,)
        return Banner(t("undo.card_title"), (t("undo.as_before"),), False, nexts)

    def to_dict(self) -> dict[str, Any]:
        return saves.save_dict(self.match, self.watch, aim_record(self),
                               moved_on=self.on_next_rack())

    def save(self, path: Path | None = None, name: str | None = None) -> Path:
        """Write the whole match to ``path`` (default: this match's file, or a
        new one in the saves folder), atomically."""
        if path is None and self.save_path is None:
            stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
            path = saves_dir() / f"{self.discipline}-{stamp}.json"
        # With the stroke being set: loaded, the player finds it as they left it.
        return saves.write_save(self.match, Path(path or self.save_path or ""),
                                self.watch, aim_record(self), name or self.save_name,
                                self.on_next_rack())

    def autosave(self) -> str | None:
        """Append what changed to the autosave journal; the reason when that
        failed (also kept in ``save_problem`` for the window to show)."""
        if self.minigame or profile.read_only():
            # A lag played for fun leaves the last match's save alone, and a
            # scripted run (--screenshot) writes nothing.
            return None
        try:
            # Gone on to the next rack: Continue opens it, not the card again.
            moved_on = len(self.match.history) if self.on_next_rack() else None
            if self.journal is None:
                self.journal = saves.Journal.start(self.match, profile.autosave_dir(),
                                                   self.watch, moved_on)
            else:
                self.journal.sync(self.match, self.watch, moved_on)
        except (OSError, saves.SaveError) as e:
            self.save_problem = file_problem(self.locale, e)
            self.save_ok = False
            return self.save_problem
        self.save_problem = None
        self.save_ok = True
        self._note_journal(self.journal)
        return None

    def _note_journal(self, journal: saves.Journal) -> None:
        """Say, once, that another writer took the autosave's file, and warn
        as the match nears what a save may hold (at 75 %, then every 5 %)."""
        if journal.moved:
            journal.moved = False
            self.save_note = self.locale.t("save.journal_moved")
        fill = journal.fill
        if fill >= saves.WARN_AT and fill >= self._warned_fill + 0.05:
            self._warned_fill = fill
            self.save_note = self.locale.t("save.long_match",
                                           percent=min(99, round(fill * 100)))

    # -- state ----------------------------------------------------------------------
    def refresh(self) -> None:
        """Ask the referee again after anything changed."""
        from rules.ruling import BallInHand
        self._req = None if self.match.over else self.match.requirements()
        # A new position: a new hint.
        self.hint = self.hint_job = self.hint_stopped = None
        self.hint_call = None
        self.hint_used = False
        self.call = (None, None)
        self.placed = None
        self.placed_by_player = False
        req = self._req
        if req is not None and req.ball_in_hand is not BallInHand.NONE:
            self.placed = self._default_placement()
        if req is not None:
            # Each player finds the power of their own last shot; after a break
            # (or at a player's first shot) it starts soft, not at 10 m/s.
            power = self.powers.get(req.shooter, DEFAULT_POWER)
            self.aim = Aim(self.aim.angle, power)
        self._aim_at_something()
        self.preset_angle = self.aim.angle
        self.held_angle = None

    @property
    def req(self) -> ShotRequirements | None:
        return self._req

    @property
    def over(self) -> bool:
        return bool(self.match.over)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.match.players)

    @property
    def discipline(self) -> str:
        return str(self.match.name)

    @property
    def spec(self) -> TableSpec:
        return table_by_name(self.match.table().table)

    @property
    def table(self) -> TableState:
        """The position the next shot starts from, with the cue ball where the
        player put it."""
        st = self.match.table()
        if self.placed is None:
            return st
        made = self._table_from
        if self._table is None or made is None or made[0] is not st or \
                made[1] != self.placed:
            # Asked several times a frame: made once per placement.
            self._table_from = (st, self.placed)
            self._table = st.place(CUE_BALL, *self.placed)
        return self._table

    def cue_pos(self) -> tuple[float, float] | None:
        return self.table.position(CUE_BALL)

    def ended_table(self) -> TableState | None:
        """Where the balls of the game the last step ended lie, while the
        match waits for a person to move on to the next game (the referee
        has racked that one already); None otherwise. Computers alone play
        on at once."""
        game = self.match.ended_game
        if game is None or self.moved_on == len(self.match.history) or \
                not self.has_person():
            return None
        return game.table

    def on_next_rack(self) -> bool:
        """Whether the person has gone on from the ended game's card to the
        next rack (a save keeps it: loaded, the match is on that rack)."""
        return self.match.ended_game is not None and \
            self.moved_on == len(self.match.history)

    def next_game(self) -> None:
        """The person has read the game's end: the next rack is shown, and
        a computer plays on without waiting again."""
        self.moved_on = len(self.match.history)
        self.to_acknowledge = False
        self.banner = None
        if self.journal is not None:  # (the autosave of this match, begun)
            self.autosave()

    def cue_at_rest(self) -> tuple[float, float] | None:
        """Where the last shot's cue ball stopped, if this position follows
        it (None: it went in or off, or no shot led here). A new rack does
        not follow it: the last game's ball is not the break's."""
        stroke, rest = self._rest_cue
        if self.break_asked():
            return None
        return rest if stroke == len(self.match.history) else None

    def break_asked(self) -> bool:
        """Whether the shot asked for is a new rack's break (the referee
        racks the next game without a step of its own)."""
        req = self._req
        return req is not None and req.is_break

    def _default_placement(self) -> tuple[float, float] | None:
        """Where the cue ball starts when in hand: where it lies if allowed, else
        the first allowed of a few natural spots (checked by the referee)."""
        req = self._req
        assert req is not None
        st = self.match.table()
        spec = table_by_name(st.table)
        cur = st.position(CUE_BALL)
        cands: list[tuple[float, float]] = []
        rest = self.cue_at_rest()
        if rest is not None:
            # There, or as near as allowed (a ball in hand is not put
            # frozen to a ball it stopped against).
            cands.append(rest)
            step = spec.balls.radius
            cands += [(rest[0] + k * step * math.cos(a * math.pi / 4),
                       rest[1] + k * step * math.sin(a * math.pi / 4))
                      for k in (0.25, 0.5, 1.0, 2.0) for a in range(8)]
        if cur is not None:
            cands.append(cur)
        L, W = spec.length, spec.width
        for fx in (0.125, 0.2, 0.5, 0.85, 0.3, 0.7):
            for fy in (0.5, 0.35, 0.65, 0.2, 0.8):
                cands.append((L * fx, W * fy))
        for c in cands:
            if req.check_placement(st, c[0], c[1]) is None:
                return c
        return cur

    def _aim_at_something(self) -> None:
        """Point the cue at the nearest legal object ball (a convenience only)."""
        cue = self.cue_pos()
        if cue is None or self._req is None:
            return
        st = self.table
        targets = [b for b in (self._req.legal_first_contacts or st.on_table())
                   if b != CUE_BALL and st.position(b) is not None]
        if not targets:
            return
        best = min(targets, key=lambda b: math.dist(cue, st.position(b) or cue))
        pos = st.position(best)
        if pos is not None:
            self.aim = Aim(angle=angle_to(cue, pos), power=self.aim.power)

    def placement_error(self, x: float, y: float) -> str | None:
        """The referee's reason (in words) for refusing the cue ball at (x, y)."""
        if self._req is None:
            return None
        code = self._req.check_placement(self.match.table(), x, y)
        if code is None:
            return None
        return cite(self.locale, code)

    def place(self, x: float, y: float) -> str | None:
        err = self.placement_error(x, y)
        if err is None:
            moved = self.placed != (x, y)
            self.placed = (x, y)
            self.placed_by_player = True  # help or a dialog between keeps it
            # An aim held (an undo's, the keys') was set from where the ball
            # lay: put down elsewhere, it is let go (a break after an undo
            # went up the table along the old line, past the rack, while the
            # mouse rested on the rack). Put down where it lay, it stays.
            held = moved and self.held_angle == self.aim.angle
            if held or (self.preset_angle is not None
                        and self.preset_angle == self.aim.angle):
                # The cue still points as preset from where the ball was:
                # kept as an angle it misses that ball from the new spot (a
                # break placed 3 mm off the head ball's line hit it 3 degrees
                # thin and sent the cue ball back into a head corner).
                self._aim_at_something()
                self.preset_angle = self.aim.angle
                self.held_angle = None
        return err

    # -- steps ------------------------------------------------------------------------
    def apply(self, shot: Shot, decl: Declarations) -> Ruling:
        req = self._req
        ruling = self.match.apply(shot, decl, hint=self.hint_used)
        self._after_shot(shot, ruling, req)
        self.redo_stack.clear()
        self._done()
        return ruling

    def _after_shot(self, shot: Shot, ruling: Ruling,
                    req: ShotRequirements | None) -> None:
        # No samples kept (ShotList): a replay computes them again from the
        # stroke, the physics being deterministic.
        self.shots.append((shot, ruling))
        self.last_ruling = ruling
        # Where the cue ball came to rest (None: it went in or off): a ball
        # in hand starts there, not at the referee's default spot, so the
        # table shows where it stopped while the ruling is read.
        self._rest_cue = (len(self.match.history), shot.final.position(CUE_BALL))
        if req is not None and not req.is_break:
            self.powers[ruling.shooter] = power_of(shot.stroke.speed)
        self.banner = self.ruling_banner(ruling, shot)
        self.to_acknowledge = self.concerns_person(ruling)
        self.foul_for_next(ruling)

    def foul_for_next(self, ruling: Ruling) -> None:
        """A foul at a shot between people only (hot seat): the incoming
        player reads its card before their turn (ball in hand) begins, as a
        person does before the computer plays on (``concerns_person``)."""
        people = len(self.names) > 1 and \
            not any(self.is_computer(i) for i in range(len(self.names)))
        foul = bool(ruling.fouls) or ruling.penalty is not None
        self.foul_to_read = len(self.match.history) \
            if people and foul and not ruling.game_over else -1

    def concerns_person(self, ruling: Ruling) -> bool:
        """A ruling a person must see before a computer plays on: a foul,
        a penalty or a game's end at a person's shot, and a game's end at a
        computer's (the person has lost it), in a match with a computer
        seat and a person."""
        seats = range(len(self.names))
        if not any(self.is_computer(i) for i in seats) or \
                all(self.is_computer(i) for i in seats):
            return False
        if ruling.game_over:
            return True
        if self.is_computer(ruling.shooter):
            return False
        return bool(ruling.fouls) or ruling.penalty is not None

    def _done(self) -> None:
        self.moved_on = -1  # a game's end reached again (a redo) is shown again
        self.banner_scroll = 0
        # A new step's card opens: a fold was made on the card before it (the
        # next shot's foul stayed folded to its heading and went unread).
        self.banner_folded = False
        self.choice_card = -1  # a computer's choice card is put up after its step
        self.refresh()
        self.autosave()

    def lag(self, shot: Shot) -> LagResult:
        """Both lag balls struck together in ``shot``; the referee's verdict."""
        result = self.match.lag(shot, LAG_BALLS)
        self.lags.append((shot, result))
        self.banner = None
        self.to_acknowledge = False  # (no ruling of a step before is left to read)
        self.redo_stack.clear()
        self._done()
        return result

    def choose(self, choice: Any, ball: int | None = None,
               weighed: Mapping[str, float] | None = None) -> None:
        self.match.choose(choice, ball, weighed)
        self.banner = None
        self.redo_stack.clear()
        self._done()

    def call_foul(self, code_id: str) -> Ruling:
        return self._called(self.match.call_foul(code_id))

    def call_on_shot(self, code_id: str) -> Ruling:
        """A foul a person saw in the last shot, charged to whoever played
        it (``Match.call_on_shot``)."""
        ruling = self._called(self.match.call_on_shot(code_id))
        self._rerule_called()
        return ruling

    def _rerule_called(self) -> None:
        """The last shot in the list (its replay, its card) under the
        ruling it stands under after the calls on it, or without them once
        undone."""
        at = self.match.called_shot()
        shots = self.shots
        if at is None or not isinstance(shots, ShotList) or not shots:
            return
        ruling = self.match.shot_ruling(at)
        if ruling is not None:
            shots.rerule(len(shots) - 1, ruling)

    def _called(self, ruling: Ruling) -> Ruling:
        self.last_ruling = ruling
        self.banner = self.ruling_banner(ruling)
        self.to_acknowledge = self.concerns_person(ruling)
        self.redo_stack.clear()
        self._done()
        return ruling

    def concede(self, player: int, whole_match: bool) -> Ruling:
        """``player`` concedes the game or the match (``Match.concede``)."""
        ruling = self.match.concede(player, whole_match)
        self.last_ruling = ruling
        self.banner = self.ruling_banner(ruling)
        self.to_acknowledge = False  # the person conceded: nothing to tell them
        self.redo_stack.clear()
        self._done()
        return ruling

    def call_jumped(self, ball: int) -> Ruling:
        """General rule 23: ``ball`` of the last shot touched something off
        the table; the shot is judged again and its ruling shown."""
        ruling = self.match.call_jumped(ball)
        shots = self.shots
        if isinstance(shots, ShotList) and shots:
            shots.rerule(len(shots) - 1, ruling)
        elif shots:
            shots[-1] = (shots[-1][0], ruling)
        self.last_ruling = ruling
        self.banner = self.ruling_banner(ruling, self.shots[-1][0] if self.shots
                                         else None)
        self.redo_stack.clear()
        self._done()
        return ruling

    def can_undo(self) -> bool:
        return len(self.match.history) > 0

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self) -> bool:
        """Take back the last step (a shot, a choice, a called foul, a lag):
        exactly one, whatever it was. It can be redone."""
        if not self.can_undo():
            return False
        if not self.redo_stack:
            self._tip_call = self._call_now()
        last = dict(self.match.history[-1])
        if last.get("type") == "shot" and self.shots:
            del self.shots[-1]  # (not pop: nothing is rebuilt for it)
        self.match.undo()
        if last.get("type") == "lag" and self.lags:
            self.lags.pop()
        if last.get("on") == "shot":
            self._rerule_called()
        self.redo_stack.append(last)
        rul = [r for r in self.match.rulings if r is not None]
        self.last_ruling = rul[-1] if rul else None
        self.to_acknowledge = False
        self._done()
        self.banner = self.undone_banner()
        self.decl = {}  # a safety toggled at the undone position is not this one's
        if last.get("type") == "shot" and self._req is not None:
            self._cue_as_played(last["shot"])
            self._aim_as_played(last["shot"]["stroke"])
            self._give_call(last.get("declarations"))
        return True

    def _call_now(self) -> dict[str, Any]:
        """The call and declarations made for the coming stroke, as a
        stroke's recorded declarations."""
        from rules.ruling import Declarations
        return Declarations(self.call[0], self.call[1], bool(self.decl.get("safety")),
                            bool(self.decl.get("push_out"))).to_dict()

    def _give_call(self, recorded: Any) -> None:
        """The call and declarations of a stroke back on the aim (8-ball 2
        and 9, 14.1 1 and 7.4: what the shooter had announced before it)."""
        from rules.ruling import Declarations
        d = Declarations.from_dict(recorded)
        self.decl = {k: True for k, on in (("safety", d.safety),
                                           ("push_out", d.push_out)) if on}
        self.call = (d.called_ball, d.called_pocket)
        self.hint_call = self.call if self.call != (None, None) else None

    def _call_after_redo(self) -> None:
        """After a redo the call is the one made before the next stroke
        taken back, or, at the latest step, the one set aside by the undo."""
        nxt = self.redo_stack[-1] if self.redo_stack else None
        if nxt is None and self._tip_call is not None:
            self._give_call(self._tip_call)
        elif nxt is not None and nxt.get("type") == "shot":
            self._give_call(nxt.get("declarations"))

    def _cue_as_played(self, shot: dict[str, Any]) -> None:
        """A stroke played with the ball in hand (a break from the kitchen)
        taken back: the cue ball put down where it was struck from, so that
        the stroke as played is on show at once, as after any other undo
        (it came back to the placing screen, the aim shown only after
        Enter); B picks the ball up again."""
        from rules.referee import shot_from_dict
        from rules.ruling import BallInHand
        if self._req is None or self._req.ball_in_hand is BallInHand.NONE:
            return
        at = shot_from_dict(shot).initial.position(CUE_BALL)
        if at is not None:
            self.place(*at)  # (refused: the placing screen, as before)

    def _aim_as_played(self, stroke: dict[str, Any]) -> None:
        """The shooter's turn again after an undo: their aim as they had set
        it for the shot taken back (direction, power, tip and elevation), not
        reset: they may want to change one thing only."""
        st = Stroke.from_dict(stroke)
        self.aim = Aim(angle=st.direction, power=power_of(st.speed)).with_tip(
            st.tip_a, st.tip_b).with_elevation(st.elevation)
        self.preset_angle = None  # theirs: the mouse does not turn it
        self.held_angle = self.aim.angle

    def redo(self) -> bool:
        """Make the last undone step again; the referee rules it as before
        (the same stroke on the same table gives the same shot)."""
        if not self.redo_stack:
            return False
        from rules.referee import shot_from_dict
        from rules.ruling import Declarations
        act = self.redo_stack.pop()
        kind = act.get("type")
        req = self._req
        if kind == "shot":
            shot = shot_from_dict(act["shot"])
            ruling = self.match.apply(shot, Declarations.from_dict(
                act.get("declarations")), act.get("jumped", ()),
                bool(act.get("hint")))
            self._after_shot(shot, ruling, req)
        elif kind == "choice":
            self.match.choose(act["choice"], act.get("ball"), act.get("weighed"))
            self.banner = None
        elif kind == "foul":
            on_shot = act.get("on") == "shot"
            ruling = self.match.call_on_shot(act["code"]) if on_shot \
                else self.match.call_foul(act["code"])
            if on_shot:
                self._rerule_called()
            self.last_ruling = ruling
            self.banner = self.ruling_banner(ruling)
        elif kind == "concede":
            ruling = self.match.concede(act["player"], bool(act.get("match")))
            self.last_ruling = ruling
            self.banner = self.ruling_banner(ruling)
        elif kind == "lag":
            shot = shot_from_dict(act["shot"])
            balls = tuple(act.get("balls", LAG_BALLS))
            self.lags.append((shot, self.match.lag(shot, (balls[0], balls[1]))))
            self.banner = None
        else:
            return False
        self._done()
        self._call_after_redo()
        return True

    # -- words for the screen -------------------------------------------------
    def name(self, i: int | None) -> str:
        """Player ``i``'s name as shown (a computer seat in words)."""
        if i is None or not 0 <= i < len(self.names):
            return "?"
        from simulator.app.match.computer import seat_words
        shown = seat_words(self.locale, self.names[i], self.among or self.names)
        self.locale.keep_case.add(shown)  # (a name keeps its capital after ":")
        return shown

    def is_computer(self, i: int | None) -> bool:
        from simulator.app.match.computer import is_computer_name
        return i is not None and 0 <= i < len(self.names) and \
            is_computer_name(self.names[i])

    def has_person(self) -> bool:
        return not all(self.is_computer(i) for i in range(len(self.names)))

    def pots_of(self, r: Ruling) -> str:
        """What dropped on the shot ``r`` ruled on, and what counted
        (``pot_words``); empty when ``r`` is not the last shot's ruling."""
        if not self.shots or self.shots[-1][1] is not r:
            return ""
        return pot_words(self.locale, r, self.shots[-1][0])

    def was_break(self, r: Ruling) -> bool:
        """Whether the shot ``r`` ruled on was played as a break."""
        step = next((i for i, x in enumerate(self.match.rulings) if x is r), None)
        return step is not None and self.match.was_break(step)

    def ruling_banner(self, r: Ruling, shot: Shot | None = None,
                      keyed: bool = True) -> Banner:
        """The ruling in words: what happened (every foul and note, each with
        the rule the ruling cites and, where the rules are silent, how they
        were read), the points, what the last shot did, and who is next.
        ``keyed``: a person's options numbered as the keys that choose them
        (False where the numbers are other keys: a replay's speeds)."""
        loc = self.locale
        t = loc.t
        by = self.match_conceded_by() if r.match_over else None
        title = self._banner_title(r, shot, by)
        lines: list[str] = []
        if shot is not None and any(e.kind is EventKind.STROKE and e.miscue
                                    for e in shot.events):
            # First: why the ball went off weak (the chips say it below).
            lines.append(t("banner.miscue"))
        explained: set[str] = set()

        def explain(code: Any, ref: Any, into: list[str] = lines) -> None:
            for ex in words.explain(loc, code, ref):
                if ex not in explained:
                    explained.add(ex)
                    into.append(ex)

        from rules.main_foul import fouls_main_first, main_foul
        main = main_foul(r)
        changes = list(r.point_changes())
        # Express: the penalised foul's line says whose points, how many and
        # by what rule; a points line below it said the same again.
        fine = next((c for c in changes if c.kind == "penalty"), None) \
            if main is not None and words.points_tail(
                words.code_words(loc, main.code.id))[1] else None
        break_said = False
        for f in fouls_main_first(r):  # the shot's main foul first (rule 24)
            if by is not None and f.code is LossCode.CONCEDED:
                rule = words.cited_rule(loc, f.code, f.ref, self.discipline)
                cited = f" ({rule})" if rule else ""
                points = self.points_standing()
                if points is not None:
                    # 14.1: the match is one game to its points, so the
                    # match is lost; what stood is the score when it stopped.
                    lines.append(t("banner.match_conceded_points_line", rule=cited,
                                   **points))
                    continue
                lines.append(self.match_conceded_line(cited))
                continue
            lines.append(self.foul_line(r, f, main, fine))
            # Why, on a line of its own: the foul's line stays short enough
            # to keep who is next in view (an illegal break's counts).
            why = words.break_shortfall(loc, f)
            if why:
                break_said = True
                lines.append(why[:1].upper() + why[1:])
            explain(f.code, f.ref)
        from rules.codes import GAME_STATE_NOTES
        state: list[str] = []
        # After a break its legality, then who plays next and why (a referee's
        # order): lines the card keeps whole; a reading of the first goes below.
        legal: list[str] = []
        turn: list[str] = []
        turns = turn_notes() if not r.fouls and self.was_break(r) else frozenset()
        for n in r.notes:
            if n.code.id == "note.legal":
                continue
            said = f"• {cite(loc, n.code, n.ref, self.discipline)}"
            into = state if n.code.id in GAME_STATE_NOTES else \
                turn if n.code.id in turns else \
                legal if turns and n.code.id == "note.break_legal" else lines
            into.append(said)
            explain(n.code, n.ref, lines if into is legal else into)
        lead = self.call_said(r, shot, lines, bool(legal))  # why pots not counted
        if changes:
            # Why each score moved, the losses foremost, at the top (after
            # a foul's own line, what happened): a score fell 32 -> 20 and
            # the reason sat below the card's fold at 800x500, without a rule.
            at = 1 if r.fouls and lines else 0
            lines[at:at] = [self.point_change_words(c)
                            for c in sorted(changes, key=lambda c: c.points)
                            if c is not fine]
        elif any(r.points):
            pts = ", ".join(f"{self.name(i)} {signed(p)}"
                            for i, p in enumerate(r.points) if p)
            lines.append(t("banner.points", points=pts))
        lines[:0] = [*legal, *turn]
        quiet = self.shot_facts(r, shot, break_said)
        lines += [quiet] if quiet else []
        nexts: list[str] = []
        if r.game_over and not r.match_over:
            # No shot is next but the next game's break (its breaker in hand).
            nexts.append(self.next_break_words(r))
        elif r.options and not r.match_over:
            nexts += self.options_lines(r, keyed)
        elif not r.match_over:
            nxt = t("banner.next", name=self.name(r.next_shooter))
            if r.ball_in_hand.value != "none":
                nxt += ", " + t(f"bih.{r.ball_in_hand.value}")
            nexts.append(nxt)
        return Banner(title, tuple(lines), bool(r.fouls), tuple(nexts), tuple(state),
                      len(legal) + len(turn) if legal else lead, quiet)

    def shot_facts(self, r: Ruling, shot: Shot | None, break_said: bool) -> str:
        """The card's line of what the shot did ("Last shot: first contact…"),
        "" without a shot."""
        if shot is None:
            return ""
        return self.locale.t("banner.last_shot", chips=" · ".join(
            shot_chips(self.locale, shot, self.was_break(r), not break_said)))

    def call_said(self, r: Ruling, shot: Shot | None, lines: list[str],
                  broke: bool) -> int:
        """The call a shot's pots fell short of (:meth:`call_line`) put among
        a card's ``lines``; how many first lines the card keeps whole. With
        no foul and no break, beside the note it explains, both kept whole
        (last, it went unsaid but behind V at 800x500); else last."""
        call = self.call_line(r, shot)
        if not call or r.fouls or broke:
            lines += [call] if call else []
            return 1
        at = next((i for i, ln in enumerate(lines) if ln.startswith("• ")), -1)
        lines.insert(at + 1, call)
        return at + 2

    def call_line(self, r: Ruling, shot: Shot | None) -> str:
        """The call a shot's pots fell short of, where balls dropped but not
        the called one in its pocket: why they do not count ("balls are
        spotted" alone left a player asking why, 14.1 rule 8, 8-ball 12)."""
        step = next((i for i, x in enumerate(self.match.rulings) if x is r), None)
        if shot is None or step is None:
            return ""
        from rules.ruling import Declarations, RulesError
        try:
            decl = Declarations.from_dict(self.match.history[step].get("declarations"))
        except (RulesError, ValueError, TypeError):
            return ""
        ball, pocket = decl.called_ball, decl.called_pocket
        dropped = {e.balls[0]: e.pocket for e in shot.events
                   if e.kind is EventKind.POCKETED and e.balls}
        if ball is None or pocket is None or decl.safety or \
                dropped.get(ball) == pocket or not set(dropped) - {CUE_BALL}:
            return ""
        t = self.locale.t
        said = {"ball": words.ball_named(self.locale, ball),
                "called": t(f"pocket_into.{pocket}")}
        went = dropped.get(ball)
        if went is None:
            return t("banner.called_missed", **said)
        return t("banner.called_elsewhere", went=t(f"pocket_in.{went}"), **said)

    def foul_line(self, r: Ruling, f: Any, main: Any, fine: PointChange | None) -> str:
        """One foul's line: its words and rule; the penalised one of several
        marked; with ``fine`` (Express) the penalised foul says whose points
        and how many in place of the catalogue's bare "-5"."""
        loc = self.locale
        if fine is None:
            mark = loc.t("banner.penalised") if f == main and len(r.fouls) > 1 else ""
            return f"• {cite(loc, f.code, f.ref, self.discipline)}{mark}"
        said = words.points_tail(words.code_words(loc, f.code.id))[0]
        rule = words.cited_rule(loc, f.code, f.ref, self.discipline)
        if f == main:
            said = loc.t("banner.foul_penalty", foul=said, name=self.name(fine.player),
                         pts=signed(fine.points))
        return f"• {said} ({rule})" if rule else f"• {said}"

    def options_lines(self, r: Ruling, keyed: bool) -> list[str]:
        """A choice comes first: "Boris chooses…" (no one shoots until it is
        made; "Boris to shoot" read as the computer's shot), then the
        options, one a line: "Choice: Boris shoots; the offender shoots
        again" read as both happening. Numbered only as a person's keys that
        choose them: a computer's options listed with numbers while 1-4 were
        its watching speeds, a person pressed 2 to choose and got 2x."""
        t = self.locale.t
        who = self.name(r.chooser)
        numbered = keyed and not self.is_computer(r.chooser)
        return [t("banner.chooses", name=who), self.options_heading(r),
                *(t("banner.option_n", n=k, option=chosen_label(self.locale, c, who))
                  if numbered else
                  t("banner.option_listed", option=chosen_label(self.locale, c, who))
                  for k, c in enumerate(r.options, 1))]

    def options_heading(self, r: Ruling) -> str:
        """"The choices (Express rule 2.6):" over a choice's numbered
        options, with the rule they rest on where all share one."""
        refs = {str(choice_rule(self.discipline, c, r)) for c in r.options}
        ref = choice_rule(self.discipline, r.options[0], r)
        rule = words.ref_text(self.locale, ref) if len(refs) == 1 and ref else ""
        if rule:
            return self.locale.t("banner.options_rule", rule=rule)
        return self.locale.t("banner.options")

    def _banner_title(self, r: Ruling, shot: Shot | None, by: int | None) -> str:
        """The card's heading: the match or game's end, a foul, the referee's
        call, or a legal shot."""
        t = self.locale.t
        if by is not None:
            return t(self.conceded_key("banner"), name=self.name(by),
                     winner=self.name(r.match_winner))
        if r.match_over:
            return t("banner.match_over", name=self.name(r.match_winner))
        if r.game_over:
            return t("banner.game_over", name=self.name(r.winner)) \
                if r.winner is not None else t("banner.game_replayed")
        if r.fouls:
            return t("banner.foul", name=self.name(r.shooter))
        if shot is None and any(n.code.id == "express.note.left" for n in r.notes):
            # Express R21 (Kiy's reading): the one at the table left.
            return t("banner.left", name=self.name(r.shooter))
        if shot is None and any(n.code.referee_called for n in r.notes):
            # Outside interference (general rule 28): no shot was played.
            return t("banner.referee", name=self.name(r.shooter))
        return t("banner.legal", name=self.name(r.shooter))

    def point_change_words(self, c: PointChange) -> str:
        """One score's change in words: whose, how much, why, by what rule
        ("Anna −12: Boris pocketed ball 12 (Express rule 2.5)")."""
        t = self.locale.t
        rule = words.ref_text(self.locale, c.ref)
        if c.kind == "written_off":
            parts = [t("banner.points_own") if b == CUE_BALL else str(b)
                     for b in c.balls]
            one = len(parts) == 1 and c.balls[0] != CUE_BALL
            balls = t("banner.points_ball", n=parts[0]) if one else \
                parts[0] if len(parts) == 1 else \
                t("banner.points_balls", list=", ".join(parts))
            return t("banner.points_written_off", name=self.name(c.player),
                     pts=signed(c.points), by=self.name(c.by), balls=balls,
                     rule=rule)
        key = "banner.points_penalty" if c.kind == "penalty" else "banner.points_gain"
        return t(key, name=self.name(c.player), pts=signed(c.points), rule=rule)

    def kept_changes(self) -> list[PointChange]:
        """Each player's last change of points with its reason (the games
        whose rulings give them: Express), kept until the next (a
        signature's new points end it too), in seat order: once its ruling
        card goes, a −5 under a score said nothing of why. Those the card
        on show says are left to it."""
        last: dict[int, tuple[PointChange, Ruling]] = {}
        for r in self.match.rulings:
            if r is not None:
                for c in r.point_changes():
                    last[c.player] = (c, r)
        scores = self.match.scores
        card = " ".join(" ".join(self.banner.lines).split()) \
            if self.banner is not None and not self.banner_folded else ""
        return [c for i, (c, r) in sorted(last.items())
                if i < len(scores)
                and tuple(getattr(r, "scores", ()))[i:i + 1] == (scores[i],)
                and f"{self.name(i)} {signed(c.points)}" not in card]

    def next_break_words(self, r: Ruling) -> str:
        """Who breaks the game after the one ``r`` ended, and why: a game won
        hands the break on by the match's order (general rule 29; 8-ball
        rule 4, the players alternating); a game replayed is broken again
        by its breaker."""
        t = self.locale.t
        name = self.name(r.next_shooter)
        if r.winner is None:
            return t("banner.next_rebreak", name=name)
        order, ref = self.match.break_order()
        return t("banner.next_break", name=name, why=t(f"banner.break_by.{order}"),
                 rule=words.ref_text(self.locale, ref))

    def scoreboard(self, ended: bool = False, race: bool = True,
                   shown: TableState | None = None
                   ) -> tuple[list[PlayerCard], list[str]]:
        """The scoreboard now, or with ``ended`` as the game the last step
        ended left it (under that game's card); ``race``: with the race and
        the game's number (a practice scene has neither); ``shown``: the
        balls as the shot rolling has left them so far."""
        return scoreboard(self, ended, race=race, shown=shown)

    def shot_scoreboard(self, i: int, before: bool = False,
                        shown: TableState | None = None
                        ) -> tuple[list[PlayerCard], list[str]]:
        """The scoreboard as shot ``i`` (of ``shots``) left its game, as
        judged (calls on it included), its player's card marked: what its
        replay shows at its end, not the next game's; ``before``: as the
        game stood before it (while it rolls), the balls as ``shown`` where
        given. A shot the match keeps no record of: the scoreboard now."""
        shots = self.shots
        step = shots.step(i) if isinstance(shots, ShotList) else None
        if step is None:
            return scoreboard(self)
        if before:
            return scoreboard(self, step=step, before=True, shown=shown)
        return scoreboard(self, step=self.match.judged_step(step))

    def points_standing(self) -> dict[str, str] | None:
        """For a match of one game to a number of points (14.1): the game's
        name, the points it is played to and each player's points now, for
        the words of a concession; None for a race of games."""
        target = self.match.options.get("target")
        if self.match.discipline.info.scoring != "points" or target is None:
            return None
        cards, _centre = self.scoreboard(ended=self.match.over)
        # (a no-break space: the number stays beside its name when wrapped)
        score = ", ".join(f"{self.name(i)}\u00a0{c.score}" for i, c in enumerate(cards))
        return {"game": words.discipline_label(self.locale, self.discipline),
                "target": str(target), "score": score}

    def match_conceded_line(self, cited: str) -> str:
        """The line of a match conceded (two players): its one game lost,
        the game in progress lost, or, between games, the next game, not yet
        broken, given up with it (the referee counts it lost: the menu had
        offered it as "Concede game 2 (not yet broken)", and "the game in
        progress is lost" read as a game played)."""
        t = self.locale.t
        if self.match.one_game:
            return t("banner.match_conceded_one_line", rule=cited)
        m = self.match
        before = m.state_before(len(m.history) - 1) if m.history else None
        n = m.game_number
        if before is not None and n > 1 and before.shots == 0:
            return t("banner.match_conceded_unbroken_line", n=n, rule=cited)
        return t("banner.match_conceded_line", rule=cited)

    def match_conceded_by(self) -> int | None:
        """Who conceded the match, when it ended so (None otherwise)."""
        m = self.match
        last = m.history[-1] if m.history else {}
        if m.over and last.get("type") == "concede" and last.get("match"):
            return int(last["player"])
        return None

    def conceded_key(self, group: str) -> str:
        """The words for a match given up: of three or more (Express) the
        player leaves the match, conceding it to no one opponent (R21)."""
        return f"{group}.match_left" if len(self.names) > 2 \
            else f"{group}.match_conceded"

    def stats(self) -> list[PlayerStats]:
        return match_stats(self)


def powers_played(match: Match) -> dict[int, float]:
    """Each player's power of their last shot that was not a break, read off
    a match's steps (a loaded match aims at the power its players left, as
    the session keeps it while they play)."""
    out: dict[int, float] = {}
    for i, (act, rul) in enumerate(zip(match.history, match.rulings, strict=True)):
        if act.get("type") != "shot" or rul is None or match.was_break(i):
            continue
        speed = ((act.get("shot") or {}).get("stroke") or {}).get("speed")
        if isinstance(speed, int | float):
            out[rul.shooter] = power_of(float(speed))
    return out


def turn_notes() -> frozenset[str]:
    """The notes that say who plays next and why (rules.codes, Express)."""
    from rules import codes, express
    return codes.TURN_NOTES | express.TURN_NOTES


def computer_mark(s: Session, i: int) -> str:
    """"(computer)" beside a computer seat given a name ("Gordon"); an
    unnamed one's name says it already ("Computer (club player)")."""
    from simulator.players.table import given_name
    if not s.is_computer(i) or not given_name(s.names[i]):
        return ""
    return s.locale.t("score.computer")


def known_watch(watch: str | None) -> str | None:
    """A stored watching speed the window offers, else None (the settings')."""
    from simulator.app.match.computer import WATCH_SPEEDS
    return watch if watch in dict(WATCH_SPEEDS) else None


def shot_chips(loc: Locale, shot: Shot, is_break: bool = False,
               break_rails: bool = True) -> list[str]:
    """What the shot did, in a few words: first contact, cushions, pockets.
    A break says the count its rule reads, the object balls that reached a
    cushion (8-ball 5, 9-ball 3, 14.1 6), not every touch of a cushion
    ("cushions: 22" after a break said nothing a player could check);
    not ``break_rails`` where an illegal break's line already said it."""
    t = loc.t
    out: list[str] = []
    first = next((e for e in shot.events if e.kind is EventKind.BALL_BALL
                  and CUE_BALL in e.balls), None)
    if first is not None:
        other = next((b for b in first.balls if b != CUE_BALL), None)
        out.append(t("strip.first", ball=ball_named(loc, other)))
    else:
        out.append(t("strip.no_contact"))
    if is_break:
        if break_rails:
            from rules.questions import facts
            # Counts stand before their nouns ("4 object balls reached a
            # cushion"): "at a cushion: 14 · 14 in the ..." read as ball 14.
            n = len(facts(shot).cushion_balls)
            out.append(t("strip.break_rails", n=n) if n
                       else t("strip.break_rails_none"))
    else:
        n = sum(1 for e in shot.events if e.kind is EventKind.BALL_CUSHION)
        out.append(t("strip.rails", n=n) if n else t("strip.rails_none"))
    for e in shot.events:
        if e.kind is EventKind.POCKETED:
            out.append(pocket_chip(loc, e.balls[0] if e.balls else "?", e.pocket))
        elif e.kind is EventKind.LEFT_TABLE:
            b = e.balls[0] if e.balls else "?"
            out.append(t("strip.off_table", ball=ball_label(loc, b)))
        elif e.kind is EventKind.STROKE and e.miscue:
            out.append(t("strip.miscue"))
        elif e.kind is EventKind.TIP_CONTACT:
            out.append(t("strip.tip_contact"))
    return out


def pot_words(loc: Locale, r: Ruling, shot: Shot) -> str:
    """The balls that dropped on ``shot``, as the player saw them go down (the
    cue ball too), and what the referee's ruling ``r`` made of them where not
    all counted: "potted 3, 12 (not counted, left in the pockets)". A
    scratch or an uncalled pot is never worded as "no ball potted"."""
    from rules.questions import facts
    t = loc.t
    dropped = [b for _, b, _ in facts(shot).potted]
    if not dropped:
        return t("pots.none")

    def names(balls: list[int]) -> str:
        return ", ".join(ball_label(loc, b) for b in balls)

    line = t("pots.potted", balls=names(dropped), n=len(dropped))
    objects = [b for b in dropped if b != CUE_BALL]
    if r.game_over:  # the title says what the game came to
        return line
    counted = set(counted_balls(r))
    back = brought_back(r) - counted
    kinds = (("counted", [b for b in objects if b in counted]),
             ("down", [b for b in objects if b not in counted and b not in back]),
             ("back", [b for b in objects if b in back]))
    if not any(balls for kind, balls in kinds if kind != "counted"):
        return line  # all of them count (or only the cue ball went down)
    # What became of the object balls is said of them alone, the cue ball
    # after it: "potted cue ball, 6 (not counted, left in the pocket: 6)"
    # named the 6 twice.
    line = t("pots.potted", balls=names(objects), n=len(objects))
    whole = [kind for kind, balls in kinds if balls == objects]
    if whole:  # one word for them all: the list is the line's
        said = t(f"pots.all_{whole[0]}", n=len(objects))
    else:
        said = "; ".join(t(f"pots.{kind}", balls=names(balls), n=len(balls))
                         for kind, balls in kinds if balls)
    line = f"{line} ({said})"
    return t("pots.cue_too", pots=line) if CUE_BALL in dropped else line


def scoreboard(s: Session, ended: bool = False, step: int | None = None,
               race: bool = True, before: bool = False,
               shown: TableState | None = None
               ) -> tuple[list[PlayerCard], list[str]]:
    """Cards per player and the centre lines: the referee's scoreboard
    (``Match.scoreboard``, codes) in the player's words; with ``ended`` the
    ended game's (``Match.ended_scoreboard``: nobody at the table); with
    ``step`` as that step left its game (``Match.scoreboard_after``), or
    with ``before`` as the game stood before it, the card of the player
    who made it marked."""
    loc = s.locale
    m = s.match
    at_end = m.ended_scoreboard() if ended else None
    then = None if step is None else \
        m.scoreboard_before(step, shown) if before else m.scoreboard_after(step)
    board = then or at_end or m.scoreboard(shown)
    req = s.req if at_end is None and then is None else None
    pending = req is not None and req.pending and req.chooser is not None
    active = req.chooser if pending and req is not None \
        else (req.shooter if req is not None else -1)
    if step is not None:
        made = m.rulings[step]
        active = made.shooter if made is not None else -1
    over = m.over if step is None else (not before and m.over_after(step))
    # A handicap: each card says its player's own race, the centre that
    # the races differ (the referee's race is only the longer one).
    own: list[tuple[str, ...]] = [(loc.t("evening.race_over", n=n),)
                                  for n in s.races] or [()] * len(board.players)
    cards = [PlayerCard(s.name(i), str(p.score).replace("-", "−"),
                        own[i] + tuple(line_words(s, ln) for ln in p.lines),
                        i == active, out=p.out, balls=tuple(p.balls),
                        mark=computer_mark(s, i),
                        # the last ruling's change in place of the word
                        # (beside the details it cut their chips at 800x500)
                        unit=signed(p.change) if p.change else
                        loc.t(p.unit, n=abs(p.score)) if p.unit else "")
             for i, p in enumerate(board.players)]
    centre = [discipline_label(loc, s.discipline),
              *(race_words(s, ln, over) if ln.key == "score.race" else line_words(s, ln)
                for ln in board.centre if race or ln.key != "score.race")]
    by = s.match_conceded_by() if step is None else None
    if by is not None:
        centre.append(loc.t(s.conceded_key("score"), name=s.name(by)))
    elif over:
        centre.append(loc.t("score.match_over", name=s.name(m.winner)))
    return cards, centre


def race_words(s: Session, line: Any, over: bool | None = None) -> str:
    """The centre's race: the race and the game being played; ``over``
    (else the match's now), only the race it was (no next game to number);
    with a handicap, the word for it in place of one race (each card says
    its player's)."""
    args = dict(line.args)
    loc = s.locale
    over = s.match.over if over is None else over
    if s.races:
        return loc.t("score.handicap_over") if over else \
            loc.t("score.handicap", game=args.get("game", ""))
    if over:
        return loc.t("evening.race_over", n=args.get("n", ""))
    return line_words(s, line)


def line_words(s: Session, line: Any) -> str:
    """One scoreboard line: its locale key with the values in words (a
    player's name for ``player``, a status word for ``status``)."""
    args = dict(line.args)
    if "player" in args:
        args["name"] = s.name(args.pop("player"))
    if "status" in args:
        args["status"] = fmt_value(s.locale, args["status"])
    return s.locale.t(line.key, **args)


def t_field(loc: Locale, key: str) -> str:
    return loc.t(f"field.{key}") if loc.has(f"field.{key}") else key.replace("_", " ")


def fmt_value(loc: Locale, v: Any) -> str:
    if isinstance(v, bool):
        return loc.t("common.yes") if v else loc.t("common.no")
    if v is None:
        return "—"
    if hasattr(v, "value"):
        v = v.value
    key = f"value.{v}"
    return loc.t(key) if isinstance(v, str) and loc.has(key) else str(v)


def match_stats(s: Session) -> list[PlayerStats]:
    """The match in numbers per player (simulator.records.stats counts them
    for the window and the players' records alike)."""
    return records_stats(s.match)


# The card of a seat's choice lives here, below the turn flow, so a loaded
# match can show it again (turns.py imports session.py, not the reverse).
def choice_card(s: Session, said: str, before: Any,
                         weighed: tuple[str, ...] = ()) -> None:
    """A seat's choice (a push-out answered, Express's options, a
    signature, a re-rack) as a ruling card: who chose what under which rule
    (the one option, first), the options it weighed, what came before it
    (the foul that gave the choice), and who is next.
    It concerns no person (a person's own foul was read before the computer
    chose): a computer's turn after it holds the card as long as a person's
    ruling (or until Space), then plays on, the card folded to one line."""
    from simulator.app.table.ruling_card import Banner
    lines = (*weighed, *(() if before is None else (f"• {before.title}",)))
    nexts: tuple[str, ...] = ()
    req = s.req
    if req is not None and not s.over:
        nexts = (s.locale.t("banner.next", name=s.name(req.shooter)),)
    # ("The options X weighed:" has a one-row form for a card short of
    # room: whole, it was dropped with its options, leaving rows blank)
    short = tuple((ln, s.locale.t("cpu.weighed_short")) for ln in weighed
                  if ln.endswith(":") and not ln.startswith(("» ", "· ")))
    s.banner = Banner(said, lines, False, nexts, short=short)
    s.to_acknowledge = False
    s.choice_card = len(s.match.history)
