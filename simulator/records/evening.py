"""An evening as data and logic: who plays, in which format, who plays next,
the results, the standings and the bracket. No files here (see
:mod:`simulator.records.club`), no pygame.

The window (and the headless ``kiy evening``) drives it like this::

    evening = Evening.create(Setup(entrants, ROUND_ROBIN, "9-ball", race=3))
    while (call := evening.next_match()) is not None:
        match = call.new_match()          # a rules.referee.Match, seats in order
        ...play it; after every ruling: if call.winner(match) is not None: stop
        evening.record(call, match)       # the result, checked against the call
    evening.standings()                   # rows, best first
    evening.bracket()                     # rounds of matches, for drawing

Everything that decides a pairing follows from the setup and the results, so
an evening stored as its setup and results (:meth:`Evening.to_dict`) comes
back exactly where it stopped.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from rules.referee import Match, mix_seed
from simulator.records import formats, standings
from simulator.records.entrants import Entrant
from simulator.records.formats import (
    ABANDONED,
    BYE,
    DOUBLE,
    EXPRESS_SERIES,
    FINISHED,
    PLAYING,
    ROUND_ROBIN,
    SINGLE,
    STATUSES,
    WINNER_STAYS,
)
from simulator.records.plan import (
    EveningError,
    MatchCall,
    MatchResult,
    Setup,
    now_text,
)
from simulator.records.rating import PRIOR_MEAN, handicap_races
from simulator.records.standings import (
    BracketMatch,
    BracketRound,
    StandingRow,
)
from simulator.records.stats import ended_given_up, match_stats

__all__ = [
    "ABANDONED", "FINISHED", "PLAYING", "STATUSES", "BracketMatch", "BracketRound",
    "Evening", "EveningError", "MatchCall", "MatchResult", "Setup", "StandingRow",
]

EVENING_FORMAT = "kiy-evening"
EVENING_VERSION = 1


# -- the evening -------------------------------------------------------------------
class Evening:
    """An evening: the setup, the ratings it started with, the results."""

    def __init__(self, setup: Setup, evening_id: str, created: str,
                 ratings: Sequence[float | None], status: str = PLAYING,
                 results: Sequence[MatchResult] = ()) -> None:
        self.setup = setup
        self.id = evening_id
        self.created = created
        self.ratings = tuple(ratings)
        self.status = status
        self.results: dict[str, MatchResult] = {}
        self.seeding = self._seeding()
        self.nodes = self._bracket_nodes()  # a knockout's bracket
        self.schedule = formats.round_robin(len(setup.entrants)) \
            if setup.format == ROUND_ROBIN else []  # a round robin's rounds
        for r in results:
            self.accept(r, "results")

    # -- making one --------------------------------------------------------------
    @classmethod
    def create(cls, setup: Setup, ratings: Mapping[str, float] | None = None,
               created: str | None = None, evening_id: str | None = None) -> Evening:
        """A new evening; ``ratings`` by record name (the records' ratings) for
        the handicaps and a seeding by rating; an entrant's own ``rating``
        comes first."""
        s = setup.checked()
        given = ratings or {}
        rated = tuple(e.rating if e.rating is not None else given.get(e.record_name)
                      for e in s.entrants)
        when = created or now_text()
        eid = evening_id or (when.replace("-", "").replace(":", "")[:15] + "-"
                             + secrets.token_hex(3))
        return cls(s, eid, when, rated)

    @property
    def entrants(self) -> tuple[Entrant, ...]:
        return self.setup.entrants

    def name(self, entrant: int | None) -> str | None:
        if entrant is None or entrant == BYE:
            return None
        return self.entrants[entrant].name

    def rating(self, entrant: int) -> float:
        """The rating an entrant started the evening with (a player with
        none counts as :data:`~simulator.records.rating.PRIOR_MEAN`)."""
        r = self.ratings[entrant]
        return PRIOR_MEAN if r is None else r

    def _seeding(self) -> tuple[int, ...]:
        n = len(self.setup.entrants)
        order = list(range(n))
        if self.setup.seeding == "rating":
            order.sort(key=lambda i: (-self.rating(i), i))
        elif self.setup.seeding == "draw":
            random.Random(self.setup.seed).shuffle(order)
        return tuple(order)

    def _bracket_nodes(self) -> list[formats.Node]:
        n = len(self.setup.entrants)
        if self.setup.format == SINGLE:
            return formats.single_bracket(n)
        if self.setup.format == DOUBLE:
            return formats.double_bracket(n)
        return []

    # -- what comes next -----------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.status != PLAYING or self.next_match() is None

    def next_match(self) -> MatchCall | None:
        """The match to play now (None when the evening is over)."""
        if self.status != PLAYING:
            return None
        ready = self.ready()
        return ready[0] if ready else None

    def ready(self) -> list[MatchCall]:
        """Every match that can be played now, the next one first (two tables
        may play two of them)."""
        if self.status != PLAYING:
            return []
        f = self.setup.format
        if f == ROUND_ROBIN:
            return self._ready_round_robin()
        if f in (SINGLE, DOUBLE):
            return self._ready_knockout()
        if f == WINNER_STAYS:
            return self._ready_winner_stays()
        return self._ready_series()

    def _ready_round_robin(self) -> list[MatchCall]:
        out = []
        for r, pairs in enumerate(self.schedule):
            for i, (a, b) in enumerate(pairs):
                slot = formats.round_robin_slot(r, pairs, i)
                if BYE in (a, b) or slot in self.results:
                    continue
                out.append(self._call(slot, "round", r + 1,
                                      (self.seeding[a], self.seeding[b])))
        return out

    def _ready_knockout(self) -> list[MatchCall]:
        """The bracket's matches whose players are known, the shallowest
        first (the winners' side before the losers' at one depth)."""
        states = formats.resolve(self.nodes, self.seeding, self.sides())
        deep = formats.depth(self.nodes)
        order = sorted((i for i, st in enumerate(states) if st.status == formats.READY),
                       key=lambda i: (deep[i], self.nodes[i].section != formats.WINNERS,
                                      i))
        out = []
        for i in order:
            node, (pa, pb) = self.nodes[i], states[i].players
            assert pa is not None and pb is not None
            out.append(self._call(node.slot, node.section, node.round, (pa, pb)))
        return out

    def _ready_winner_stays(self) -> list[MatchCall]:
        played = len(self.results)
        if played >= self.setup.winner_stays_matches:
            return []
        winners = [self.results[f"M{k + 1}"].winner_entrant for k in range(played)]
        a, b = formats.winner_stays(len(self.entrants),
                                    [self.seeding.index(w) for w in winners])
        return [self._call(f"M{played + 1}", "match", played + 1,
                           (self.seeding[a], self.seeding[b]))]

    def _ready_series(self) -> list[MatchCall]:
        """The next game of an Express series: everyone, the chips carried."""
        played = len(self.results)
        if played >= self.setup.games:
            return []
        seats = tuple(self.seeding)
        chips: tuple[int, ...] = ()
        if played:
            last = self.results[f"G{played}"]
            by_entrant = dict(zip(last.seats, last.chips, strict=True))
            chips = tuple(by_entrant[e] for e in seats)
        opts = self.setup.base_options()
        opts["first_breaker"] = played % len(seats)  # the break passes round
        slot = f"G{played + 1}"
        return [MatchCall(slot, "game", played + 1, seats,
                          tuple(self.entrants[e].name for e in seats),
                          tuple(self.entrants[e].level for e in seats),
                          self.setup.discipline, opts, (), self._match_seed(slot),
                          chips)]

    def _match_seed(self, slot: str) -> int:
        h = 0
        for ch in slot:
            h = (h * 131 + ord(ch)) & 0xFFFFFFFF
        return mix_seed(self.setup.seed, h) >> 1

    def _call(self, slot: str, stage: str, rnd: int,
              seats: tuple[int, int]) -> MatchCall:
        s = self.setup
        opts = s.base_options()
        races: tuple[int, ...]
        if s.scoring == "race":
            races = (s.race, s.race)
            if s.handicap:
                races = handicap_races(self.rating(seats[0]),
                                       self.rating(seats[1]), s.race)
            opts["race_to"] = max(races)
        else:
            races = (s.target, s.target)
        return MatchCall(slot, stage, rnd, seats,
                         tuple(self.entrants[e].name for e in seats),
                         tuple(self.entrants[e].level for e in seats),
                         s.discipline, opts, races, self._match_seed(slot))

    def call(self, slot: str) -> MatchCall:
        """The ready match named ``slot`` (EveningError if it is not ready)."""
        for c in self.ready():
            if c.slot == slot:
                return c
        if slot in self.results:
            raise EveningError(slot, "this match is already played")
        raise EveningError(slot, "this match is not ready to be played")

    def sides(self) -> dict[str, int]:
        """A bracket's results as the winning side of each slot."""
        out: dict[str, int] = {}
        for slot, r in self.results.items():
            out[slot] = r.winner
        return out

    # -- results -------------------------------------------------------------------
    def record(self, call: MatchCall, match: Match, *, save: str | None = None,
               played_at: str | None = None) -> MatchResult:
        """Record a finished match for ``call`` (it must be ready, and the
        match its players in its seats, decided); the result."""
        current = self.call(call.slot)
        if current.seats != call.seats:
            raise EveningError(call.slot, "the players of this match have changed")
        if tuple(match.players) != call.names:
            raise EveningError(call.slot, f"the match is between "
                                          f"{', '.join(match.players)}, not "
                                          f"{', '.join(call.names)}")
        if match.name != call.discipline:
            raise EveningError(call.slot, f"the match is {match.name}, not "
                                          f"{call.discipline}")
        for key in ("race_to", "target"):
            if key in call.options and match.options.get(key) != call.options[key]:
                raise EveningError(call.slot, f"the match was played with {key} "
                                              f"{match.options.get(key)}, not "
                                              f"{call.options[key]}")
        winner = call.winner(match)
        if winner is None:
            raise EveningError(call.slot, "the match is not decided yet")
        chips: tuple[int, ...] = ()
        if call.chips or self.setup.format == EXPRESS_SERIES:
            chips = tuple(int(c) for c in getattr(match.state, "chips", ()))
        shots = sum(1 for a in match.history if a.get("type") == "shot")
        result = MatchResult(call.slot, call.seats, winner, tuple(match.games_won),
                             tuple(match.scores), call.races, chips, shots, save,
                             played_at or now_text(), ended_given_up(match),
                             tuple(st.hints for st in match_stats(match)))
        self.accept(result, call.slot)
        return result

    def accept(self, r: MatchResult, where: str = "result") -> None:
        """Take a result (recorded now, read back from the file or found in
        the records after a kill) after checking that it is the result of a
        match this evening could play now."""
        if r.slot in self.results:
            raise EveningError(where, f"{r.slot} has a result already")
        calls = {c.slot: c for c in self.ready()}
        c = calls.get(r.slot)
        if c is None:
            raise EveningError(where, f"{r.slot} is not a match to play now")
        if c.seats != r.seats:
            raise EveningError(where, f"{r.slot} is not between these players")
        if not 0 <= r.winner < len(r.seats) or len(r.games) != len(r.seats):
            raise EveningError(where, f"{r.slot}: the winner or the games do not "
                                      "fit the seats")
        self.results[r.slot] = r
        if self.next_match() is None and self.status == PLAYING:
            self.status = FINISHED

    def withdraw(self, slot: str) -> MatchResult:
        """Take back the last result recorded (``slot`` must name it): a
        result entered by mistake, or one whose files could not be written."""
        if not self.results or list(self.results)[-1] != slot:
            raise EveningError(slot, "only the last result can be taken back")
        if self.status == ABANDONED:
            raise EveningError(slot, "the evening was abandoned")
        self.status = PLAYING
        return self.results.pop(slot)

    def abandon(self) -> None:
        """Give the evening up: no more matches; the results stay."""
        if self.status == PLAYING:
            self.status = ABANDONED

    # -- who won -------------------------------------------------------------------
    def champion(self) -> int | None:
        """The evening's winner (an entrant) once it is over."""
        if self.status != FINISHED:
            return None
        rows = self.standings()
        return rows[0].entrant if rows and rows[0].place == 1 else None

    def standings(self) -> list[StandingRow]:
        """The players, best first, with their numbers."""
        return standings.standings(self)

    def bracket(self) -> list[BracketRound]:
        """The rounds to draw: a knockout's bracket (winners', losers', the
        final), a round robin's schedule, winner stays' and an Express
        series' matches in order."""
        return standings.bracket(self)

    # -- storage -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        # In the order they were recorded: each was a match ready then.
        order = list(self.results.values())
        return {"format": EVENING_FORMAT, "version": EVENING_VERSION,
                "id": self.id, "created": self.created, "status": self.status,
                "setup": self.setup.to_dict(), "ratings": list(self.ratings),
                "results": [r.to_dict() for r in order]}

    @classmethod
    def from_dict(cls, d: Any, where: str = "evening") -> Evening:
        if not isinstance(d, Mapping):
            raise EveningError(where, "expected an object")
        if d.get("format") != EVENING_FORMAT:
            raise EveningError(f"{where}.format", f"expected {EVENING_FORMAT!r}: not "
                                                  "an evening")
        version = d.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise EveningError(f"{where}.version", "expected a whole number")
        if not 1 <= version <= EVENING_VERSION:
            raise EveningError(f"{where}.version", f"{version} is not a version "
                               f"this Kiy reads (1-{EVENING_VERSION}; a newer Kiy "
                               "wrote it?)")
        eid, created, status = d.get("id"), d.get("created"), d.get("status")
        if not isinstance(eid, str) or not 1 <= len(eid) <= 64 or not all(
                c.isalnum() or c in "-_" for c in eid):
            raise EveningError(f"{where}.id", "expected an evening id")
        if not isinstance(created, str):
            raise EveningError(f"{where}.created", "expected a date")
        if status not in STATUSES:
            raise EveningError(f"{where}.status", f"expected one of "
                                                  f"{', '.join(STATUSES)}")
        setup = Setup.from_dict(d.get("setup"), f"{where}.setup")
        ratings = d.get("ratings")
        if not isinstance(ratings, list) or len(ratings) != len(setup.entrants) or \
                not all(r is None or (isinstance(r, int | float)
                                      and not isinstance(r, bool)
                                      and -1000 <= r <= 2000) for r in ratings):
            raise EveningError(f"{where}.ratings", "expected a rating (or null) "
                                                   "per player")
        raw = d.get("results")
        if not isinstance(raw, list):
            raise EveningError(f"{where}.results", "expected a list")
        ev = cls(setup, eid, created, [None if r is None else float(r)
                                       for r in ratings])
        for i, item in enumerate(raw):
            ev.accept(MatchResult.from_dict(item, f"{where}.results[{i}]"),
                       f"{where}.results[{i}]")
        if status == ABANDONED:
            ev.status = ABANDONED
        elif status == FINISHED and ev.status != FINISHED:
            raise EveningError(f"{where}.status", "finished, but matches are left "
                                                  "to play")
        return ev
