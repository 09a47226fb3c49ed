"""The records' SQLite schema as an ordered list of migration steps.

The file's ``PRAGMA user_version`` is the number of steps applied; opening
an older file applies the rest in one transaction, after a copy of the file
is kept (:mod:`simulator.records.database`). A step is never changed once
written: a change to the schema is a new step at the end, with its own test
from every older version.

1. players, matches and each match's seats with the player's numbers;
2. the evening a match was played in (and its slot), unique together, so a
   result recorded twice (a restart after a kill) is one match;
3. the rating a computer seat played at, filled in for the matches already
   recorded from the levels' figures of the day;
4. of a seat's games won, those the opponent gave up (conceded, not played
   out): the rating does not count them (0 for the matches already kept);
5. the strokes a seat played with the computer's hint taken (a result a
   club reads apart; 0 for the matches already kept, none known).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    version: int  # the user_version after this step
    what: str
    apply: Callable[[sqlite3.Connection], None]


def _players_and_matches(db: sqlite3.Connection) -> None:
    db.execute("""
        CREATE TABLE players (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
            name_key TEXT NOT NULL UNIQUE,
            level TEXT,
            created_at TEXT NOT NULL
        )""")
    db.execute("""
        CREATE TABLE matches (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            played_at TEXT NOT NULL,
            discipline TEXT NOT NULL,
            options TEXT NOT NULL DEFAULT '{}',
            finished INTEGER NOT NULL CHECK (finished IN (0, 1)),
            winner_seat INTEGER,
            save_path TEXT
        )""")
    db.execute("""
        CREATE TABLE seats (
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL CHECK (seat >= 0),
            player_id INTEGER NOT NULL REFERENCES players(id),
            games_won INTEGER NOT NULL CHECK (games_won >= 0),
            score INTEGER NOT NULL,
            innings INTEGER NOT NULL CHECK (innings >= 0),
            balls INTEGER NOT NULL CHECK (balls >= 0),
            fouls INTEGER NOT NULL CHECK (fouls >= 0),
            safeties INTEGER NOT NULL CHECK (safeties >= 0),
            best_run INTEGER NOT NULL CHECK (best_run >= 0),
            PRIMARY KEY (match_id, seat)
        )""")
    db.execute("CREATE INDEX seats_player ON seats(player_id)")
    db.execute("CREATE INDEX matches_played ON matches(played_at)")


def _evenings(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE matches ADD COLUMN evening_id TEXT")
    db.execute("ALTER TABLE matches ADD COLUMN evening_slot TEXT")
    db.execute("CREATE UNIQUE INDEX matches_evening_slot "
               "ON matches(evening_id, evening_slot) WHERE evening_id IS NOT NULL")


def _fixed_ratings(db: sqlite3.Connection) -> None:
    from simulator.records.levels import level_rating
    db.execute("ALTER TABLE seats ADD COLUMN fixed_rating REAL")
    levels = db.execute("SELECT id, level FROM players WHERE level IS NOT NULL")
    for pid, level in levels.fetchall():
        db.execute("UPDATE seats SET fixed_rating = ? WHERE player_id = ?",
                   (level_rating(level), pid))


def _given_up(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE seats ADD COLUMN given_up INTEGER NOT NULL DEFAULT 0 "
               "CHECK (given_up >= 0)")


def _hints(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE seats ADD COLUMN hints INTEGER NOT NULL DEFAULT 0 "
               "CHECK (hints >= 0)")


STEPS: tuple[Step, ...] = (
    Step(1, "players, matches and seats", _players_and_matches),
    Step(2, "the evening and slot of a match", _evenings),
    Step(3, "the rating a computer seat played at", _fixed_ratings),
    Step(4, "the games won because the opponent gave them up", _given_up),
    Step(5, "the strokes played with the computer's hint", _hints),
)
LATEST = STEPS[-1].version

# What a file at each version must hold (a check that it is a records file).
TABLES = {0: set(), 1: {"players", "matches", "seats"}}
TABLES[2] = TABLES[1]
TABLES[3] = TABLES[2]
TABLES[4] = TABLES[3]
TABLES[5] = TABLES[4]
