"""An evening's standings and its bracket, computed from its results.

- round robin: matches won; level players split by the matches between them
  (head to head), then by games (14.1: points) won minus lost, then games
  won; players level on all of these share a place;
- knockouts: the champion, the final's loser, then by how deep in the
  bracket each player went out (their last loss); players still in have no
  place yet;
- winner stays: wins, then the longest run of wins;
- Express series: chips, then games won.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from simulator.records import formats
from simulator.records.entrants import Entrant
from simulator.records.formats import (
    ABANDONED,
    BYE,
    DOUBLE,
    FINISHED,
    PLAYING,
    ROUND_ROBIN,
    SINGLE,
    WINNER_STAYS,
)
from simulator.records.plan import MatchCall, MatchResult, Setup


class Evening(Protocol):
    """What the standings read of an evening (simulator.records.evening's
    Evening; named here so that this module need not import it)."""

    @property
    def setup(self) -> Setup: ...

    @property
    def seeding(self) -> tuple[int, ...]: ...

    @property
    def results(self) -> Mapping[str, MatchResult]: ...

    @property
    def status(self) -> str: ...

    @property
    def nodes(self) -> Sequence[formats.Node]: ...

    @property
    def schedule(self) -> Sequence[Sequence[tuple[int, int]]]: ...

    @property
    def entrants(self) -> tuple[Entrant, ...]: ...

    def sides(self) -> dict[str, int]: ...

    def name(self, entrant: int | None) -> str | None: ...

    def ready(self) -> list[MatchCall]: ...


@dataclass(frozen=True)
class StandingRow:
    """One player's line in the standings. ``place`` is None while a player
    is still in a knockout; ``chips`` is the Express series' count,
    ``streak`` winner stays' longest run of wins. ``won_wo`` and ``lost_wo``
    say how many of ``won`` and ``lost`` were given up (conceded; in Express
    the others left): results that stand, said apart from those played."""

    place: int | None
    entrant: int
    name: str
    played: int
    won: int
    lost: int
    games_for: int
    games_against: int
    points_for: int = 0
    points_against: int = 0
    chips: int | None = None
    streak: int | None = None
    still_in: bool = False
    won_wo: int = 0
    lost_wo: int = 0
    # The last place of the span a single knockout's loser shares with the
    # other losers of their round (semi-final losers 3–4) before they are out.
    place_last: int | None = None
    hints: int = 0  # strokes played with the computer's hint this evening

    def to_dict(self) -> dict[str, Any]:
        return {"place": self.place, "name": self.name, "played": self.played,
                "won": self.won, "lost": self.lost, "games_for": self.games_for,
                "games_against": self.games_against, "points_for": self.points_for,
                "points_against": self.points_against, "chips": self.chips,
                "streak": self.streak, "still_in": self.still_in,
                "won_wo": self.won_wo, "lost_wo": self.lost_wo,
                "hints": self.hints}


@dataclass(frozen=True)
class BracketMatch:
    """A match in a round of the bracket (or the schedule): the entrants per
    side (None: not known yet, :data:`~simulator.records.formats.BYE`: a
    bye), its status (waiting, ready, played, walkover, skipped) and, when
    played, the winning side and the games (or points) of each, and
    whether it ended with a game given up (a score then says nothing)."""

    slot: str
    entrants: tuple[int | None, ...]
    names: tuple[str | None, ...]
    status: str
    winner: int | None = None
    score: tuple[int, ...] = ()
    races: tuple[int, ...] = ()
    given_up: bool = False
    hints: tuple[int, ...] = ()  # per side, the strokes played with a hint

    @property
    def hinted(self) -> bool:
        return any(self.hints)


@dataclass(frozen=True)
class BracketRound:
    """A round to draw: ``stage`` (round, winners, losers, final; matches or
    games: the one list of winner stays or an Express series) and its
    number, its matches, and who rests (a round robin's bye)."""

    stage: str
    round: int
    matches: tuple[BracketMatch, ...]
    resting: tuple[int, ...] = ()


# -- standings ---------------------------------------------------------------------
def standings(ev: Evening) -> list[StandingRow]:
    """The players of an evening, best first, with their numbers."""
    f = ev.setup.format
    base = _tally(ev)
    if f == ROUND_ROBIN:
        return _round_robin_rows(ev, base)
    if f in (SINGLE, DOUBLE):
        return _knockout_rows(ev, base)
    if f == WINNER_STAYS:
        streaks = _streaks(ev)
        rows = [replace(base[i], streak=streaks[i]) for i in base]
        rows.sort(key=lambda r: (-r.won, -(r.streak or 0), r.lost,
                                 ev.seeding.index(r.entrant)))
        return _placed(rows, lambda r: (r.won, r.streak, r.lost))
    chips = _chips(ev)
    rows = [replace(base[i], chips=chips[i]) for i in base]
    rows.sort(key=lambda r: (-(r.chips or 0), -r.won,
                             ev.seeding.index(r.entrant)))
    return _placed(rows, lambda r: (r.chips, r.won))


def _tally(ev: Evening) -> dict[int, StandingRow]:
    """Each player's matches, wins, losses, games and points so far."""
    n = len(ev.entrants)
    acc = {i: [0] * 10 for i in range(n)}
    for r in ev.results.values():
        total_games = sum(r.games)
        total_points = sum(r.scores)
        for seat, e in enumerate(r.seats):
            a = acc[e]
            a[0] += 1
            a[1 if seat == r.winner else 2] += 1
            if r.given_up:
                a[7 if seat == r.winner else 8] += 1
            a[3] += r.games[seat]
            a[4] += total_games - r.games[seat]
            if r.scores:
                a[5] += r.scores[seat]
                a[6] += total_points - r.scores[seat]
            if seat < len(r.hints):
                a[9] += r.hints[seat]
    return {i: StandingRow(None, i, ev.entrants[i].name, acc[i][0], acc[i][1],
                           acc[i][2], acc[i][3], acc[i][4], acc[i][5],
                           acc[i][6], won_wo=acc[i][7], lost_wo=acc[i][8],
                           hints=acc[i][9])
            for i in range(n)}


def _round_robin_rows(ev: Evening, base: dict[int, StandingRow]) -> list[StandingRow]:
    points = ev.setup.scoring != "race"

    def margin(r: StandingRow) -> int:
        return (r.points_for - r.points_against) if points else \
            (r.games_for - r.games_against)
    groups: dict[int, list[int]] = {}
    for i, r in base.items():
        groups.setdefault(r.won, []).append(i)
    h2h = {i: 0 for i in base}
    for members in groups.values():
        inside = set(members)
        for res in ev.results.values():
            if set(res.seats) <= inside:
                h2h[res.winner_entrant] += 1
    rows = sorted(base.values(), key=lambda r: (
        -r.won, -h2h[r.entrant], -margin(r), -r.games_for,
        ev.seeding.index(r.entrant)))
    return _placed(rows, lambda r: (r.won, h2h[r.entrant], margin(r),
                                    r.games_for))


def _knockout_rows(ev: Evening, base: dict[int, StandingRow]) -> list[StandingRow]:
    states = formats.resolve(ev.nodes, ev.seeding, ev.sides())
    deep = formats.depth(ev.nodes)
    # Where each player went out: their last loss's depth (a second loss
    # in double elimination; a grand final's loser went out there).
    losses: dict[int, list[int]] = {i: [] for i in base}
    for i, st in enumerate(states):
        if st.status == formats.PLAYED and st.loser is not None:
            losses[st.loser].append(deep[i])
    lives = 2 if ev.setup.format == DOUBLE else 1
    out_at: dict[int, int] = {}
    champion = states[-1].winner if ev.status == FINISHED else None
    for e, ds in losses.items():
        if len(ds) >= lives or (e != champion and ev.status == FINISHED):
            out_at[e] = max(ds) if ds else 0
    still = [e for e in base if e not in out_at and e != champion]
    rows: list[StandingRow] = []
    if champion is not None and champion != BYE:
        rows.append(replace(base[champion], place=1))
    spans = _round_spans(ev.nodes, states, deep) if lives == 1 else {}
    if ev.status != FINISHED:
        # A single knockout's player still in can reach every place from
        # the first to the last his next match's losers share (1–4 before
        # a semi-final of four, 1–2 in the final): honest, though it
        # overlaps the spans of others.
        worst: dict[int, int] = {}
        for d, st in zip(deep, states, strict=True):
            if spans and st.status in (formats.READY, formats.WAITING):
                for p in st.players:
                    if p is not None and p != BYE:
                        worst[p] = spans[d][1]
        still.sort(key=lambda e: (worst.get(e, 0), base[e].lost, -base[e].won,
                                  ev.seeding.index(e)))
        rows += [replace(base[e], still_in=True, place_last=worst.get(e))
                 for e in still]
    gone = sorted(out_at, key=lambda e: (-out_at[e], ev.seeding.index(e)))
    for e in gone:
        if out_at[e] in spans:
            # No match for third place: the losers of a round share its
            # places, whether or not the others of the round have played.
            first, last = spans[out_at[e]]
            rows.append(replace(base[e], place=first, place_last=last))
            continue
        place = 1 + len(still) + (1 if champion is not None else 0) + sum(
            1 for x in gone if out_at[x] > out_at[e])
        rows.append(replace(base[e], place=place))
    return rows


def _round_spans(nodes: Sequence[formats.Node], states: Sequence[formats.NodeState],
                 deep: Sequence[int]) -> dict[int, tuple[int, int]]:
    """The places a single knockout's round shares among its losers, by
    the round's depth: each match sends one player on, so the losers come
    after as many players as the round has matches (a bye loses nobody)."""
    matches: dict[int, int] = {}
    losers: dict[int, int] = {}
    for d, st in zip(deep, states, strict=True):
        matches[d] = matches.get(d, 0) + 1
        if BYE not in st.players:
            losers[d] = losers.get(d, 0) + 1
    return {d: (m + 1, m + max(1, losers.get(d, 0))) for d, m in matches.items()}


def _streaks(ev: Evening) -> dict[int, int]:
    """Each player's longest run of wins in winner stays."""
    best = {i: 0 for i in range(len(ev.entrants))}
    run: dict[int, int] = dict.fromkeys(best, 0)
    for k in range(len(ev.results)):
        r = ev.results[f"M{k + 1}"]
        w = r.winner_entrant
        for e in r.seats:
            run[e] = run[e] + 1 if e == w else 0
            best[e] = max(best[e], run[e])
    return best


def _chips(ev: Evening) -> dict[int, int]:
    """Each player's chips after the last game of a series."""
    start = int(ev.setup.options.get("starting_chips", 100))
    chips = dict.fromkeys(range(len(ev.entrants)), start)
    for k in range(len(ev.results)):
        r = ev.results[f"G{k + 1}"]
        for e, c in zip(r.seats, r.chips, strict=False):
            chips[e] = c
    return chips


# -- the bracket -------------------------------------------------------------------
def bracket(ev: Evening) -> list[BracketRound]:
    """An evening's rounds to draw: a knockout's bracket (winners', losers', the
    final), a round robin's schedule, winner stays' and an Express
    series' matches in order."""
    f = ev.setup.format
    if f in (SINGLE, DOUBLE):
        states = formats.resolve(ev.nodes, ev.seeding, ev.sides())
        rounds: dict[tuple[str, int], list[BracketMatch]] = {}
        for node, st in zip(ev.nodes, states, strict=True):
            if node.reset_of is not None and st.status in (formats.SKIPPED,
                                                           formats.WAITING):
                continue  # the replay is drawn only once it is due
            res = ev.results.get(node.slot)
            rounds.setdefault((node.section, node.round), []).append(
                BracketMatch(node.slot, st.players, tuple(
                    ev.name(p) for p in st.players), st.status,
                    None if res is None else res.winner,
                    () if res is None else _score(ev, res),
                    () if res is None else res.races,
                    res is not None and res.given_up,
                    () if res is None else res.hints))
        order = {formats.WINNERS: 0, formats.LOSERS: 1, formats.FINAL: 2}
        return [BracketRound(stage, rnd, tuple(ms)) for (stage, rnd), ms in
                sorted(rounds.items(), key=lambda kv: (order[kv[0][0]],
                                                       kv[0][1]))]
    if f == ROUND_ROBIN:
        out = []
        for r, pairs in enumerate(ev.schedule):
            ms = []
            resting: tuple[int, ...] = ()
            for i, (a, b) in enumerate(pairs):
                if BYE in (a, b):
                    resting = (ev.seeding[b if a == BYE else a],)
                    continue
                slot = formats.round_robin_slot(r, pairs, i)
                ms.append(_drawn(ev, slot, (ev.seeding[a], ev.seeding[b])))
            out.append(BracketRound("round", r + 1, tuple(ms), resting))
        return out
    # One list of every match (game): a heading for them all, not "Game 1".
    stage, prefix = ("matches", "M") if f == WINNER_STAYS else ("games", "G")
    ms = [_drawn(ev, f"{prefix}{k + 1}", ev.results[f"{prefix}{k + 1}"].seats)
          for k in range(len(ev.results))]
    ms += [BracketMatch(c.slot, c.seats, c.names, formats.READY, races=c.races)
           for c in ev.ready()]
    if ev.status == ABANDONED:
        # The matches (games) a stopped evening was to play still, by their
        # numbers: who would have played them was never known.
        total = ev.setup.winner_stays_matches if f == WINNER_STAYS else ev.setup.games
        ms += [BracketMatch(f"{prefix}{k + 1}", (), (), formats.WAITING)
               for k in range(len(ev.results), total)]
    return [BracketRound(stage, 1, tuple(ms))]


def _score(ev: Evening, r: MatchResult) -> tuple[int, ...]:
    """Games in a race, points in a game played to a target."""
    return r.games if ev.setup.scoring == "race" else r.scores


def _drawn(ev: Evening, slot: str, seats: tuple[int, ...]) -> BracketMatch:
    r = ev.results.get(slot)
    if r is not None:
        return BracketMatch(slot, r.seats, tuple(ev.name(e) for e in r.seats),
                            formats.PLAYED, r.winner, _score(ev, r), r.races,
                            r.given_up, r.hints)
    status = formats.READY if ev.status == PLAYING else formats.WAITING
    return BracketMatch(slot, seats, tuple(ev.name(e) for e in seats), status)


def place_words(rows: Sequence[StandingRow]) -> list[str]:
    """Each row's rank as a standings table writes it: "3", or the span a
    tie shares ("3–4"); a single knockout's player still in every place he
    can still reach ("1–4" before his semi-final of four, "1–2" in the
    final); a double knockout's players still in share the places above
    those already out."""
    out: list[str] = []
    # The best place a player already out holds (the champion's 1 aside).
    taken = min((r.place for r in rows if r.place is not None and r.place > 1),
                default=None)
    i = 0
    while i < len(rows):
        if rows[i].place is None and rows[i].place_last is not None:
            # A single knockout's player still in: first to his worst place.
            last = rows[i].place_last or 1
            out.append("1" if last == 1 else f"1–{last}")
            i += 1
            continue
        j = i + 1
        while j < len(rows) and rows[j].place == rows[i].place:
            j += 1
        place = rows[i].place
        lo = place if place is not None else i + 1
        hi = max(lo + (j - i) - 1, rows[i].place_last or 0)
        if place is None and taken is not None:
            hi = max(lo, min(hi, taken - 1))
        out += [str(lo) if hi == lo else f"{lo}–{hi}"] * (j - i)
        i = j
    return out


def place_note(lang: str, rows: Sequence[StandingRow], stopped: bool = False) -> str:
    """What the span of the players still in a knockout means, for under
    the table ("1–3: still in, …"); "" where every player has a place. The
    command line, the exports and the window say it alike (the command line
    printed "-", the page "—", the spreadsheet nothing). A ``stopped``
    evening's players are no longer in anything: its note says so."""
    from simulator.records.words import t
    spans = [w for w, r in zip(place_words(rows), rows, strict=True) if r.place is None]
    if not spans:
        return ""
    key = "page.stopped_note" if stopped else "page.still_in_note"
    note = t(lang, key, places=", ".join(dict.fromkeys(spans)))
    widest = max(int(w.split("–")[-1]) - int(w.split("–")[0]) + 1 for w in spans)
    if not stopped and len(spans) > widest:
        # More still in than their span's places: a round is half played,
        # and who loses the rest of it joins the places below.
        note += t(lang, "page.still_in_below")
    return note


def _placed(rows: list[StandingRow], key: Any) -> list[StandingRow]:
    """Places for rows in order: equal keys share a place."""
    out: list[StandingRow] = []
    for i, r in enumerate(rows):
        if i and key(r) == key(rows[i - 1]):
            out.append(replace(r, place=out[-1].place))
        else:
            out.append(replace(r, place=i + 1))
    return out
