"""What an evening is made of: the setup chosen before the first match, a
match called (who sits where, with which options) and a match's result.
The evening itself (:mod:`simulator.records.evening`) calls the matches and
keeps the results; :mod:`simulator.records.standings` reads them."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules import registry
from rules.express import ExpressOptions, ExpressState
from rules.referee import Match
from rules.ruling import RulesError
from simulator.files.inputs import InputError, whole
from simulator.records.entrants import Entrant, EntrantError, check_name, make_entrants
from simulator.records.formats import EXPRESS_SERIES, FORMATS

SEEDINGS = ("listed", "rating", "draw")

# Limits that keep an evening an evening (and refuse absurd values).
MAX_PLAYERS = 32
MAX_RACE = 25
MAX_TARGET = 500
MAX_GAMES = 50
MAX_MATCHES = 200
DEFAULT_RACE = 3
DEFAULT_TARGET = 50
DEFAULT_GAMES = 5


class EveningError(InputError):
    """An evening that cannot be set up, a result that does not fit it, or a
    stored evening that cannot be read: where and what."""


def _whole(v: Any, where: str, lo: int, hi: int) -> int:
    try:
        return whole(v, where, lo, hi)
    except InputError as e:
        raise EveningError(e.where, e.what) from None


def now_text() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


# -- the setup -------------------------------------------------------------------
@dataclass(frozen=True)
class Setup:
    """What the players chose before the first match.

    ``race``: games to win a match (8-ball, 9-ball); ``target``: points
    (14.1); ``games``: the games of an Express series; ``matches``: how many
    matches winner stays lasts. ``handicap``: races from the ratings, so each
    match is close to even. ``seeding``: the players' order as listed, by
    rating (best first) or drawn from ``seed``; the seed also gives every
    match its racks. ``options``: further options for every match (Express's
    ``initial_points``, ``break_order``...). ``hints``: whether a player
    may ask the computer's hint in the evening's matches (a club's rated
    evening has them off; an evening stored before the choice existed had
    them, and reads so).
    """

    entrants: tuple[Entrant, ...]
    format: str
    discipline: str
    race: int = DEFAULT_RACE
    target: int = DEFAULT_TARGET
    games: int = DEFAULT_GAMES
    matches: int = 0  # 0: twice the number of players
    handicap: bool = False
    seeding: str = "listed"
    seed: int = 1
    options: Mapping[str, Any] = field(default_factory=dict)
    hints: bool = False

    @property
    def scoring(self) -> str:
        return registry.info(self.discipline).scoring

    @property
    def winner_stays_matches(self) -> int:
        return self.matches or 2 * len(self.entrants)

    def checked(self) -> Setup:
        """The setup with the discipline's canonical name, or EveningError."""
        if self.format not in FORMATS:
            raise EveningError("format", f"unknown format {self.format!r}; "
                                         f"choose one of {', '.join(FORMATS)}")
        try:
            info = registry.info(self.discipline)
        except RulesError as e:
            raise EveningError("game", str(e).removeprefix("discipline: ")) from None
        n = len(self.entrants)
        try:
            entrants = make_entrants(self.entrants)
        except EntrantError as e:
            raise EveningError(e.where, e.what) from None
        if self.format == EXPRESS_SERIES:
            if info.name != registry.EXPRESS:
                raise EveningError("format", f"an Express series is played in "
                                             f"{registry.EXPRESS}, not {info.name}")
            if not info.min_players <= n <= info.max_players:
                raise EveningError("players", f"Express is for {info.min_players} "
                                              f"to {info.max_players} players, not {n}")
            _whole(self.games, "games", 1, MAX_GAMES)
            if self.handicap:
                raise EveningError("handicap", "an Express series has no handicap "
                                               "(everyone plays every game)")
        else:
            if info.min_players > 2 or info.max_players < 2:
                raise EveningError("game", f"{info.name} is not played by two; an "
                                           f"evening of it is an {EXPRESS_SERIES}")
            if not 2 <= n <= MAX_PLAYERS:
                raise EveningError("players", f"{n} players; an evening takes 2 to "
                                              f"{MAX_PLAYERS}")
        _whole(self.race, "race", 1, MAX_RACE)
        _whole(self.target, "target", 1, MAX_TARGET)
        _whole(self.matches, "matches", 0, MAX_MATCHES)
        _whole(self.seed, "seed", 0, 2**63 - 1)
        if self.handicap and info.scoring != "race":
            raise EveningError("handicap", f"handicaps are races; {info.name} is "
                                           "played to a target")
        if self.seeding not in SEEDINGS:
            raise EveningError("seeding", f"expected one of {', '.join(SEEDINGS)}")
        if not isinstance(self.options, Mapping):
            raise EveningError("options", "expected an object")
        setup = replace(self, entrants=entrants, discipline=info.name,
                        options=dict(self.options))
        try:
            seated = entrants if self.format == EXPRESS_SERIES else entrants[:2]
            Match([e.name for e in seated], info.name, setup.base_options(), 0)
        except RulesError as e:
            raise EveningError("options", str(e).removeprefix("options.")) from None
        return setup

    def base_options(self) -> dict[str, Any]:
        opts = dict(self.options)
        if self.scoring == "race":
            opts["race_to"] = self.race
        elif "target" in registry.info(self.discipline).option_fields():
            opts["target"] = self.target
        return opts

    def to_dict(self) -> dict[str, Any]:
        return {"players": [{"name": e.name, "level": e.level, "rating": e.rating}
                            for e in self.entrants],
                "format": self.format, "game": self.discipline, "race": self.race,
                "target": self.target, "games": self.games, "matches": self.matches,
                "handicap": self.handicap, "seeding": self.seeding,
                "seed": self.seed, "options": dict(self.options),
                "hints": self.hints}

    @classmethod
    def from_dict(cls, d: Any, where: str = "setup") -> Setup:
        if not isinstance(d, Mapping):
            raise EveningError(where, "expected an object")
        raw = d.get("players")
        if not isinstance(raw, list):
            raise EveningError(f"{where}.players", "expected a list")
        entrants: list[Entrant] = []
        for i, p in enumerate(raw):
            at = f"{where}.players[{i}]"
            if not isinstance(p, Mapping):
                raise EveningError(at, "expected an object")
            level = p.get("level")
            if level is not None and not isinstance(level, str):
                raise EveningError(f"{at}.level", "expected a level name")
            rating = p.get("rating")
            if rating is not None and (isinstance(rating, bool) or not isinstance(
                    rating, int | float) or not -1000 <= rating <= 2000):
                raise EveningError(f"{at}.rating", "expected a rating -1000 to 2000")
            try:
                name = check_name(p.get("name"), f"{at}.name")
            except EntrantError as e:
                raise EveningError(e.where, e.what) from None
            entrants.append(Entrant(name, level, None if rating is None
                                    else float(rating)))
        opts = d.get("options", {})
        for k, kind in (("format", str), ("game", str), ("seeding", str),
                        ("handicap", bool)):
            if not isinstance(d.get(k), kind):
                raise EveningError(f"{where}.{k}", "missing or of the wrong kind")
        # (an evening saved before the choice had the hints, as every match)
        hints = d.get("hints", True)
        if not isinstance(hints, bool):
            raise EveningError(f"{where}.hints", "expected true or false")
        setup = cls(tuple(entrants), d["format"], d["game"],
                    _int(d, "race", where), _int(d, "target", where),
                    _int(d, "games", where), _int(d, "matches", where),
                    d["handicap"], d["seeding"], _int(d, "seed", where), opts,
                    hints)
        try:
            checked = setup.checked()
        except EveningError as e:
            raise EveningError(f"{where}.{e.where}", e.what) from None
        # The numbered computer seats are stored numbered: compare by level.
        if tuple(e.name for e in checked.entrants) != tuple(e.name for e in entrants):
            raise EveningError(f"{where}.players", "the names do not match their "
                                                   "levels")
        return checked


def _int(d: Mapping[str, Any], key: str, where: str) -> int:
    v = d.get(key)
    if isinstance(v, bool) or not isinstance(v, int):
        raise EveningError(f"{where}.{key}", "expected a whole number")
    return v


# -- a match called ----------------------------------------------------------------
@dataclass(frozen=True)
class MatchCall:
    """The next match: who plays in which seat, with which options.

    ``slot`` names it in the evening (R2-1: round 2, match 1; W1-3, L2-1, GF
    in a bracket; M4 the fourth match of winner stays; G3 the third game of
    an Express series). ``stage`` and ``round`` say where it stands for a
    heading (``stage`` is round, winners, losers, final, match or game).
    ``seats`` are the entrants (indices) in seat order, ``names`` their
    names (the Match's players). ``races`` the games (or points) each seat
    needs: unequal with a handicap, the referee's ``race_to`` then the
    longer one, so the window asks :meth:`winner` after every ruling.
    """

    slot: str
    stage: str
    round: int
    seats: tuple[int, ...]
    names: tuple[str, ...]
    levels: tuple[str | None, ...]
    discipline: str
    options: Mapping[str, Any]
    races: tuple[int, ...]
    seed: int
    chips: tuple[int, ...] = ()  # Express series: each seat's chips at the start

    @property
    def handicapped(self) -> bool:
        return len(set(self.races)) > 1

    def new_match(self) -> Match:
        """The referee's match for this call, racked from its seed."""
        match = Match(list(self.names), self.discipline, dict(self.options),
                      self.seed)
        if not self.chips:
            return match
        # An Express series: each player starts with the chips they ended the
        # last game with, and pays the ante out of them (what they have).
        state = match.state
        if not isinstance(state, ExpressState):
            raise EveningError(self.slot, "chips are carried in Express only")
        ante = ExpressOptions.from_mapping(self.options).ante
        paid = [min(ante, c) for c in self.chips]
        state = replace(state, chips=tuple(c - p for c, p in
                                           zip(self.chips, paid, strict=True)),
                        bank=sum(paid),
                        ledger=tuple(("ante", i, p) for i, p in enumerate(paid)
                                     if p))
        return Match.from_state(list(self.names), self.discipline, state,
                                dict(self.options), self.seed)

    def winner(self, match: Match) -> int | None:
        """The seat that has won this match, its handicap counted (None: not
        decided yet)."""
        if match.over:
            return match.winner
        if self.handicapped:
            for seat, need in enumerate(self.races):
                if match.games_won[seat] >= need:
                    return seat
        return None


@dataclass(frozen=True)
class MatchResult:
    """A match of the evening as it ended: ``winner`` is a seat (index into
    ``seats``, the entrants), per seat the games won, the points and (Express)
    the chips at the end; ``save`` the saved match (a path the records
    link to); ``given_up`` that it ended with a game given up (a match
    conceded; in Express the others left), not won at the table;
    ``hints`` per seat the strokes played with the computer's hint taken
    (none kept before: empty)."""

    slot: str
    seats: tuple[int, ...]
    winner: int
    games: tuple[int, ...]
    scores: tuple[int, ...]
    races: tuple[int, ...]
    chips: tuple[int, ...] = ()
    shots: int = 0
    save: str | None = None
    played_at: str = ""
    given_up: bool = False
    hints: tuple[int, ...] = ()

    @property
    def hinted(self) -> bool:
        """Whether a hint was taken in this match (a result a club reads
        apart)."""
        return any(self.hints)

    @property
    def winner_entrant(self) -> int:
        return self.seats[self.winner]

    def loser_entrants(self) -> tuple[int, ...]:
        return tuple(e for i, e in enumerate(self.seats) if i != self.winner)

    def to_dict(self) -> dict[str, Any]:
        return {"slot": self.slot, "seats": list(self.seats), "winner": self.winner,
                "games": list(self.games), "scores": list(self.scores),
                "races": list(self.races), "chips": list(self.chips),
                "shots": self.shots, "save": self.save, "played_at": self.played_at,
                "given_up": self.given_up, "hints": list(self.hints)}

    @classmethod
    def from_dict(cls, d: Any, where: str) -> MatchResult:
        if not isinstance(d, Mapping):
            raise EveningError(where, "expected an object")
        slot = d.get("slot")
        if not isinstance(slot, str) or not 1 <= len(slot) <= 16:
            raise EveningError(f"{where}.slot", "expected a slot name")
        lists = {}
        for k in ("seats", "games", "scores", "races", "chips", "hints"):
            v = d.get(k, [])
            if not isinstance(v, list) or len(v) > MAX_PLAYERS or not all(
                    isinstance(x, int) and not isinstance(x, bool) for x in v):
                raise EveningError(f"{where}.{k}", "expected whole numbers")
            lists[k] = tuple(v)
        n = len(lists["seats"])
        winner = _whole(d.get("winner"), f"{where}.winner", 0, max(0, n - 1))
        save = d.get("save")
        if save is not None and not isinstance(save, str):
            raise EveningError(f"{where}.save", "expected a path")
        played = d.get("played_at", "")
        if not isinstance(played, str):
            raise EveningError(f"{where}.played_at", "expected a date")
        given_up = d.get("given_up", False)  # (not kept before: none known)
        if not isinstance(given_up, bool):
            raise EveningError(f"{where}.given_up", "expected true or false")
        return cls(slot, lists["seats"], winner, lists["games"], lists["scores"],
                   lists["races"], lists["chips"],
                   _whole(d.get("shots", 0), f"{where}.shots", 0, 10**7), save, played,
                   given_up, lists["hints"])
