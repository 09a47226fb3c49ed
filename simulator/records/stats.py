"""A match in numbers, counted from the referee's rulings: innings, balls
potted, fouls, safeties, the best run and games won per player, and who won
each game. One place computes them: the window's end-of-match table and the
players' records both read them from here (nothing is judged here).

Two readings the counts make:

- a conceded game (``loss.conceded``, a loss a person calls) is neither a
  foul nor a visit to the table: the player gave the game up;
- a conceded match is the games played, the one given up with it lost: the
  games it never played are not counted as lost;
- a game given up is won by the other player, but not at the table: the
  end-of-match table's "wins at the table" counts only the games that ended
  there (``table_wins``), the records count the games won (``games``);
- balls potted on a legal break count for the breaker even where the game
  scores none for them (8-ball's break leaves the table open: the referee's
  ``note.break_legal`` lists the balls that dropped).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.codes import LossCode, Note
from rules.referee import Match
from rules.ruling import Ruling


@dataclass(frozen=True)
class PlayerStats:
    """One player's match in numbers."""

    innings: int  # visits to the table
    potted: int  # balls that counted for the player (the break's included)
    fouls: int  # shots and calls with a foul (a conceded game is none)
    safeties: int  # declared safeties
    high_run: int  # most points in one visit (14.1, Express); balls otherwise
    games: int  # games won, the ones given up to the player included
    table_wins: int = 0  # games won at the table (not given up by the other)


def conceded(ruling: Ruling) -> bool:
    """The step is a game given up, not a foul at the table."""
    return any(f.code is LossCode.CONCEDED for f in ruling.fouls)


def balls_for_shooter(ruling: Ruling) -> int:
    """Balls that counted for the shooter: those the ruling scored, or on a
    legal break that scores none for anyone (8-ball), those that dropped."""
    if ruling.scored or ruling.fouls:
        return len(ruling.scored)
    for note in ruling.notes:
        if note.code is Note.BREAK_LEGAL:
            return len(note.balls)
    return 0


def match_stats(match: Match) -> list[PlayerStats]:
    """Innings, balls potted, fouls, safeties, the high run and games won per
    player, read off the rulings the referee gave."""
    n = len(match.players)
    innings = [0] * n
    potted = [0] * n
    fouls = [0] * n
    safeties = [0] * n
    best = [0] * n
    run = [0] * n
    at_table: int | None = None
    for act, rul in zip(match.history, match.rulings, strict=False):
        if rul is None:
            continue
        p = rul.shooter
        if not 0 <= p < n:
            continue
        if conceded(rul):
            at_table = None
            continue
        if p != at_table:
            innings[p] += 1
            run[p] = 0
            at_table = p
        balls = balls_for_shooter(rul)
        potted[p] += balls
        gained = rul.points[p] if len(rul.points) == n and rul.points[p] > 0 \
            else balls
        if rul.fouls:
            fouls[p] += 1
            run[p] = 0
        else:
            run[p] += gained
            best[p] = max(best[p], run[p])
        if act.get("type") == "shot" and (act.get("declarations") or {}).get("safety"):
            safeties[p] += 1
        if rul.next_shooter != p or rul.game_over:
            at_table = None
    won = games_played_won(match)
    at_table_won = games_won_at_table(match)
    return [PlayerStats(innings[i], potted[i], fouls[i], safeties[i], best[i],
                        won[i], at_table_won[i]) for i in range(n)]


def games_played_won(match: Match) -> list[int]:
    """Games each player won at the table: the games that ended, the one
    given up included; not the games a conceded match never played (the
    referee gives the race to the opponent at once, ``Match.concede``)."""
    won = [0] * len(match.players)
    for w in game_winners(match):
        if w is not None and 0 <= w < len(won):
            won[w] += 1
    return won


def games_won_at_table(match: Match) -> list[int]:
    """Games each player won at the table: a game the other player gave up
    (a game or the match conceded) was not won there."""
    won = [0] * len(match.players)
    for r in match.rulings:
        if r is not None and r.game_over and not conceded(r) and \
                r.winner is not None and 0 <= r.winner < len(won):
            won[r.winner] += 1
    return won


def game_winners(match: Match) -> list[int | None]:
    """Who won each game finished so far, by seat (None: a game replayed
    without a winner, such as an 8-ball stalemate)."""
    return [r.winner for r in match.rulings if r is not None and r.game_over]
