"""Hand-made match records for the database's tests."""

from __future__ import annotations

from simulator.records.database import MatchRecord, SeatRecord


def seat(name: str, games: int, *, level: str | None = None, run: int = 0,
         fouls: int = 1, fixed: float | None = None, score: int = 0) -> SeatRecord:
    return SeatRecord(name, level, games, score, innings=games + 2, balls=3 * games,
                      fouls=fouls, safeties=1, best_run=run, fixed_rating=fixed)


def match(uid: str, day: int, game: str, *seats: SeatRecord,
          winner: int | None = None, evening: tuple[str, str] | None = None
          ) -> MatchRecord:
    if winner is None:
        winner = max(range(len(seats)), key=lambda i: seats[i].games_won)
    return MatchRecord(uid, f"2025-03-{day:02d}T20:00:00+00:00", game, tuple(seats),
                       winner, True, {"race_to": 3}, f"saves/{uid}.json",
                       evening[0] if evening else None,
                       evening[1] if evening else None)


def club_night() -> list[MatchRecord]:
    """Ann, Bob and the club computer over a few evenings."""
    return [
        match("m1", 1, "9-ball", seat("Ann", 3, run=5), seat("Bob", 1, run=2)),
        match("m2", 2, "8-ball", seat("Ann", 2, run=4),
              seat("cpu:club", 3, level="club", run=7, fixed=500.0)),
        match("m3", 3, "9-ball", seat("Bob", 3, run=9), seat("Ann", 2, run=3)),
        match("m4", 4, "14.1", seat("Ann", 1, run=31, score=50),
              seat("Bob", 0, run=12, score=38)),
        match("m5", 5, "express", seat("Ann", 0, score=0), seat("Bob", 1, score=40),
              seat("Cid", 0, score=-3), winner=1),
    ]
