"""What a player's page shows, computed from the recorded matches: games,
wins and losses per discipline, head to head against each opponent, the
best runs, the rating with its confidence and the rating over time (the
points of a chart).

Which games the rating counts: every game of a race (8-ball, 9-ball) as one
game between the two players; a match played to a target (14.1) as one game
its winner won; an Express match as one game its winner won against each of
the others. A computer seat plays at the rating its level had when the match
was played (``SeatRecord.fixed_rating``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from simulator.records.database import MatchRecord, SeatRecord
from simulator.records.entrants import name_key
from simulator.records.levels import MEASURED
from simulator.records.rating import Rating, Results, fit
from simulator.records.words import t


@dataclass(frozen=True)
class DisciplineLine:
    """A discipline's matches and numbers. ``games_won`` and ``games_lost``
    are the games won and lost at the table; ``games_won_wo`` those the
    opponents gave up (conceded, in Express left), ``games_lost_wo`` those
    the player gave up: counted apart, as the rating leaves them out, so a
    page does not read a forfeit as a game played."""

    discipline: str
    matches: int
    won: int
    lost: int
    games_won: int
    games_lost: int
    innings: int
    balls: int
    fouls: int
    safeties: int
    best_run: int
    games_won_wo: int = 0
    games_lost_wo: int = 0

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass(frozen=True)
class HeadToHead:
    """Matches and games against one opponent (won and lost by the player;
    the games at the table, and apart those given up, as in
    :class:`DisciplineLine`)."""

    opponent: str
    matches: int
    won: int
    lost: int
    games_won: int
    games_lost: int
    games_won_wo: int = 0
    games_lost_wo: int = 0

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass(frozen=True)
class BestRun:
    run: int
    discipline: str
    played_at: str
    opponents: tuple[str, ...]
    uid: str

    def to_dict(self) -> dict[str, Any]:
        d = dict(self.__dict__)
        d["opponents"] = list(self.opponents)
        return d


@dataclass(frozen=True)
class RatingPoint:
    """The rating after a match: a point of the chart."""

    played_at: str
    uid: str
    rating: float
    margin: float
    games: int

    def to_dict(self) -> dict[str, Any]:
        return {"played_at": self.played_at, "uid": self.uid,
                "rating": round(self.rating, 1), "margin": round(self.margin, 1),
                "games": self.games}


@dataclass(frozen=True)
class PlayerPage:
    name: str
    level: str | None
    rating: Rating | None
    matches: int
    won: int
    lost: int
    disciplines: tuple[DisciplineLine, ...]
    head_to_head: tuple[HeadToHead, ...]
    best_runs: tuple[BestRun, ...]
    history: tuple[RatingPoint, ...] = ()
    # Of the matches, those the player took the computer's hint in (a club
    # reads such a result apart).
    with_hints: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "computer": self.level,
                "rating": None if self.rating is None else self.rating.to_dict(),
                "matches": self.matches, "won": self.won, "lost": self.lost,
                "disciplines": [d.to_dict() for d in self.disciplines],
                "head_to_head": [h.to_dict() for h in self.head_to_head],
                "best_runs": [b.to_dict() for b in self.best_runs],
                "history": [p.to_dict() for p in self.history],
                "with_hints": self.with_hints}


def games_words(lang: str, line: DisciplineLine | HeadToHead) -> str:
    """Games won and lost at the table, and apart those given up: "5–3",
    "5–3 (w/o 1–0)"."""
    played = f"{line.games_won}–{line.games_lost}"
    if not line.games_won_wo and not line.games_lost_wo:
        return played
    return t(lang, "page.games_wo", played=played,
             given_up=f"{line.games_won_wo}–{line.games_lost_wo}")


# -- the rating ------------------------------------------------------------------
def _side(s: SeatRecord) -> tuple[str, float | None]:
    return s.name, s.fixed_rating if s.level is not None else None


def results_of(m: MatchRecord) -> list[Results]:
    """The games of one match as the rating counts them: those played out,
    not those given up (a forfeit says nothing of how the two play)."""
    if len(m.seats) == 2:
        (a, fa), (b, fb) = _side(m.seats[0]), _side(m.seats[1])
        rated = (m.seats[0].rated_games, m.seats[1].rated_games)
        return [Results(a, b, *rated, fa, fb)] if any(rated) else []
    if m.winner is None or not m.seats[m.winner].rated_games:
        return []
    w, fw = _side(m.seats[m.winner])
    return [Results(w, o, 1, 0, fw, fo) for i, s in enumerate(m.seats)
            if i != m.winner for o, fo in [_side(s)]]


def ratings(matches: Sequence[MatchRecord],
            start: Mapping[str, float] | None = None) -> dict[str, Rating]:
    """Every player's rating: people fitted from all the games, computer
    levels at their measured figures (a level not measured is fitted)."""
    rows = [r for m in matches for r in results_of(m)]
    out = fit(rows, start=start)
    games: dict[str, int] = {}
    for r in rows:
        for side, fixed in ((r.a, r.a_fixed), (r.b, r.b_fixed)):
            if fixed is not None:
                games[side] = games.get(side, 0) + r.a_won + r.b_won
    # A computer level shows its figure of today (its games keep the figure
    # they were played at); a level no longer measured, its latest one.
    for m in matches:
        for s in m.seats:
            if s.level is None or s.fixed_rating is None or s.name in out:
                continue
            level = MEASURED.get(s.level)
            latest = [x.fixed_rating for x in (y for n in matches for y in n.seats)
                      if x.name == s.name and x.fixed_rating is not None]
            out[s.name] = Rating(level.rating if level is not None else latest[-1],
                                 level.margin if level is not None else 0.0,
                                 games.get(s.name, 0), 1.0, fixed=True)
    return out


def history(matches: Sequence[MatchRecord], name: str) -> list[RatingPoint]:
    """The player's rating after each of their matches, every game recorded
    up to then counted (the chart of the rating over time)."""
    key = name_key(name)
    out: list[RatingPoint] = []
    last: dict[str, float] = {}
    for i, m in enumerate(matches):
        if not any(name_key(s.name) == key for s in m.seats):
            continue
        rated = ratings(matches[: i + 1], start=last)
        last = {k: v.value for k, v in rated.items()}
        mine = next((v for k, v in rated.items() if name_key(k) == key), None)
        if mine is not None:
            out.append(RatingPoint(m.played_at, m.uid, mine.value, mine.margin,
                                   mine.games))
    return out


# -- the page --------------------------------------------------------------------
def page(matches: Sequence[MatchRecord], name: str,
         rated: Mapping[str, Rating] | None = None, *, with_history: bool = True,
         best: int = 10) -> PlayerPage | None:
    """A player's page (None: no such player in the records)."""
    key = name_key(name)
    mine = [(m, i) for m in matches for i, s in enumerate(m.seats)
            if name_key(s.name) == key]
    if not mine:
        return None
    seat0 = mine[0][0].seats[mine[0][1]]
    per: dict[str, list[int]] = {}
    h2h: dict[str, list[int]] = {}
    runs: list[BestRun] = []
    won = lost = hinted = 0
    for m, i in mine:
        s = m.seats[i]
        hinted += s.hints > 0
        win = m.winner == i
        loss = m.winner is not None and not win
        won += win
        lost += loss
        others = [o for j, o in enumerate(m.seats) if j != i]
        # Games given up: those I won by the others' concession, those the
        # others won by mine (in Express all the others left the winner).
        won_wo, lost_wo = s.given_up, sum(o.given_up for o in others)
        d = per.setdefault(m.discipline, [0] * 12)
        for k, v in enumerate((1, int(win), int(loss), s.games_won - won_wo,
                               m.games - s.games_won - lost_wo, s.innings, s.balls,
                               s.fouls, s.safeties)):
            d[k] += v
        d[9] = max(d[9], s.best_run)
        d[10] += won_wo
        d[11] += lost_wo
        for j, o in enumerate(m.seats):
            if j == i or (o.level is None and name_key(o.name) == key):
                continue
            h = h2h.setdefault(o.name, [0] * 7)
            h[0] += 1
            h[1] += win
            h[2] += m.winner == j
            if len(m.seats) == 2:
                games = (s.games_won - won_wo, o.games_won - lost_wo, won_wo, lost_wo)
            else:  # an Express game: one game between each two of its players
                games = (int(win and not won_wo), int(m.winner == j and not lost_wo),
                         int(win and won_wo > 0), int(m.winner == j and lost_wo > 0))
            for k, v in enumerate(games, start=3):
                h[k] += v
        if s.best_run > 0:
            runs.append(BestRun(s.best_run, m.discipline, m.played_at,
                                tuple(o.name for o in others), m.uid))
    runs.sort(key=lambda r: (-r.run, r.played_at))
    if rated is None:
        rated = ratings(matches)
    rating = next((v for k, v in rated.items() if name_key(k) == key), None)
    return PlayerPage(
        seat0.name, seat0.level, rating, len(mine), won, lost,
        tuple(DisciplineLine(d, *v) for d, v in sorted(per.items())),
        tuple(HeadToHead(o, *v) for o, v in sorted(
            h2h.items(), key=lambda kv: (-kv[1][0], name_key(kv[0])))),
        tuple(runs[:best]),
        tuple(history(matches, name)) if with_history else (), hinted)


def pages(matches: Sequence[MatchRecord], *, with_history: bool = False
          ) -> list[PlayerPage]:
    """Every player's page, by name."""
    rated = ratings(matches)
    names: dict[str, str] = {}
    for m in matches:
        for s in m.seats:
            names.setdefault(name_key(s.name), s.name)
    out = []
    for key in sorted(names):
        p = page(matches, names[key], rated, with_history=with_history)
        if p is not None:
            out.append(p)
    return out
