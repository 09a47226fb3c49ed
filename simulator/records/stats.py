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
  ``note.break_legal`` lists the balls that dropped);
- so do the balls that stay down on a break that fouled (the cue ball
  pocketed) in a race game: 8-ball rule 5 leaves them in the pockets, all
  but the 8; 9-ball rule 6 all but the 9, which is spotted. A game of points
  counts what it scored (14.1 spots every ball potted on a foul);
- a pot attempt is a stroke played that is neither a break nor declared a
  safety or a push-out (8-ball 9, 14.1 7.4, 9-ball 5: the record holds the
  declaration; 9-ball and Express declare no safety, so every stroke after
  the break is an attempt there); it potted when it counted a ball for the
  shooter without a foul. The potting percentage is the strokes that
  potted of the attempts, rounded to the nearest whole;
- balls on the break are those the player's breaks counted (as above);
  a break and run is a game the breaker won at the table in the visit the
  break began (no foul, no stroke by anyone else).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from rules.codes import LossCode, Note, SeedRef
from rules.express import ExpressNote
from rules.questions import facts
from rules.referee import Match, shot_from_dict
from rules.ruling import RulesError, Ruling


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
    hints: int = 0  # shots played with a hint taken
    attempts: int = 0  # pot attempts: strokes not a break, safety or push-out
    pots: int = 0  # pot attempts that potted a ball of the shooter's
    break_balls: int = 0  # balls counted on the player's breaks
    break_runs: int = 0  # games won in the visit of the player's break

    @property
    def pot_percent(self) -> int | None:
        """The pot attempts that potted, in whole per cent (None: none made)."""
        if not self.attempts:
            return None
        return (200 * self.pots + self.attempts) // (2 * self.attempts)


# The calls that end a game with no winner, to be played again.
REPLAY_NOTES = frozenset({Note.INTERFERENCE_NOT_RESTORABLE, Note.STALEMATE})


@dataclass(frozen=True)
class GameLine:
    """One finished game in a line: who won it and how."""

    winner: int | None  # seat (None: replayed without a winner)
    breaker: int | None  # who broke it
    innings: int  # visits with a stroke, every player's
    break_run: bool  # won by the breaker in the break's visit
    given_up: bool  # conceded (or, in Express, the others left)
    # The rule it was replayed under (general 28, 8-ball 16), None if won.
    replayed: SeedRef | None = None


def conceded(ruling: Ruling) -> bool:
    """The step is a game given up, not a foul at the table."""
    return any(f.code is LossCode.CONCEDED for f in ruling.fouls)


def given_up(ruling: Ruling) -> bool:
    """The step ended a game by giving it up: conceded, or in Express the
    last but one player left (R21), not won at the table."""
    return conceded(ruling) or (ruling.game_over and any(
        n.code is ExpressNote.LEFT for n in ruling.notes))


def counted_balls(ruling: Ruling) -> tuple[int, ...]:
    """Balls that counted for the shooter: those the ruling scored, or on a
    legal break that scores none for anyone (8-ball), those that dropped."""
    if ruling.scored or ruling.fouls:
        return ruling.scored
    for note in ruling.notes:
        if note.code is Note.BREAK_LEGAL:
            return note.balls
    return ()


# What a fouled break brings back besides the balls it spots: the 8 of
# 8-ball 5 (re-broken or spotted, at the incoming player's choice).
_BROUGHT_BACK = (Note.EIGHT_ON_BREAK,)


def brought_back(ruling: Ruling) -> set[int]:
    """The balls a ruling puts back on the table: those it spots, and the 8
    of 8-ball 5 (re-broken or spotted)."""
    return {s.ball for s in ruling.spots} | {
        b for n in ruling.notes if n.code in _BROUGHT_BACK for b in n.balls}


def balls_left_down_on_break(act: Mapping[str, Any], ruling: Ruling) -> int:
    """Object balls a fouled break of a race game left in the pockets: those
    that dropped, less the balls the referee spotted (the 9, 9-ball 6) and
    the 8 (8-ball 5: "all but the 8")."""
    if ruling.scored or act.get("type") != "shot" or "shot" not in act:
        return len(ruling.scored)
    try:
        shot = shot_from_dict(act["shot"])
    except RulesError:
        return 0
    back = brought_back(ruling)
    return sum(1 for b in facts(shot).potted_objects if b not in back)


def judged_steps(match: Match) -> Iterator[tuple[int, Mapping[str, Any], Ruling]]:
    """Each step the numbers count, once: its history index, the action it
    stands for and the ruling it stands under. A shot a person called a foul
    on after it counts once, as the call judged it (Match.call_on_shot): its
    own step and the calls but the last are passed over, the last read as
    the shot (choices made between them count for nothing here)."""
    hist = match.history
    shot_step = 0
    for i, rul in enumerate(match.rulings):
        if hist[i].get("on") != "shot" and hist[i].get("type") != "choice":
            shot_step = i
        if rul is None or match.shot_ruling(i) is not rul:
            continue
        if 0 <= rul.shooter < len(match.players):
            yield shot_step, hist[shot_step], rul


def replayed_steps(match: Match) -> frozenset[int]:
    """The steps of the games replayed (general rule 28, 8-ball 16): void,
    as the game is, so a player's figures count none of them (an inning
    of the voided rack stood in the totals beside its replay)."""
    void: set[int] = set()
    game: list[int] = []
    for step, _act, rul in judged_steps(match):
        game.append(step)
        if rul.game_over:
            if replayed_under(rul) is not None:
                void.update(game)
            game = []
    return frozenset(void)


def match_stats(match: Match) -> list[PlayerStats]:
    """Innings, balls potted, fouls, safeties, the high run and games won per
    player, read off the rulings the referee gave (a replayed game's
    strokes not counted: ``replayed_steps``)."""
    n = len(match.players)
    innings = [0] * n
    potted = [0] * n
    fouls = [0] * n
    safeties = [0] * n
    hints = [0] * n
    best = [0] * n
    run = [0] * n
    at_table: int | None = None
    race = match.discipline.info.scoring == "race"
    void = replayed_steps(match)
    for step, act, rul in judged_steps(match):
        p = rul.shooter
        if conceded(rul) or step in void:
            at_table = None
            continue
        # An inning is a visit with a stroke, or a foul committed at the
        # table: leaving Express (R21 reading) or the table handed over by
        # the last two's concession is no turn played.
        struck = act.get("type") == "shot" or bool(rul.fouls)
        if p != at_table and struck:
            innings[p] += 1
            run[p] = 0
            at_table = p
        balls = len(counted_balls(rul))
        # (a game of points counts what it scored: 14.1 spots the balls a
        # foul pots, so none count there)
        if rul.fouls and race and match.was_break(step):
            potted[p] += balls_left_down_on_break(act, rul)
        else:
            potted[p] += balls
        gained = rul.points[p] if len(rul.points) == n and rul.points[p] > 0 \
            else balls
        if rul.fouls:
            fouls[p] += 1
            run[p] = 0
        else:
            run[p] += gained
            best[p] = max(best[p], run[p])
        # A declared safety that fouled is a foul only: counted as a safety
        # too, the numbers read as a safety played.
        if act.get("type") == "shot" and not rul.fouls and \
                (act.get("declarations") or {}).get("safety"):
            safeties[p] += 1
        if act.get("type") == "shot" and act.get("hint") is True:
            hints[p] += 1
        if rul.next_shooter != p or rul.game_over:
            at_table = None
    won = games_played_won(match)
    at_table_won = games_won_at_table(match)
    attempts, pots, on_break = stroke_counts(match)
    runs = [0] * n
    for g in game_lines(match):
        if g.break_run and g.winner is not None:
            runs[g.winner] += 1
    return [PlayerStats(innings[i], potted[i], fouls[i], safeties[i], best[i],
                        won[i], at_table_won[i], hints[i], attempts[i], pots[i],
                        on_break[i], runs[i]) for i in range(n)]


def stroke_counts(match: Match) -> tuple[list[int], list[int], list[int]]:
    """Per player: pot attempts (strokes neither a break nor a declared
    safety or push-out), those that potted (a ball counted for the shooter,
    no foul), and the balls counted on the player's breaks."""
    n = len(match.players)
    attempts, pots, on_break = [0] * n, [0] * n, [0] * n
    race = match.discipline.info.scoring == "race"
    void = replayed_steps(match)
    for step, act, rul in judged_steps(match):
        p = rul.shooter
        if act.get("type") != "shot" or conceded(rul) or step in void:
            continue
        if match.was_break(step):
            on_break[p] += balls_left_down_on_break(act, rul) \
                if rul.fouls and race else len(counted_balls(rul))
            continue
        said = act.get("declarations") or {}
        if said.get("safety") or said.get("push_out"):
            continue
        attempts[p] += 1
        if not rul.fouls and counted_balls(rul):
            pots[p] += 1
    return attempts, pots, on_break


def game_lines(match: Match) -> list[GameLine]:
    """Each finished game: its winner and breaker, the visits with a stroke
    it took, whether the breaker ran it out from the break, whether it was
    given up."""
    out: list[GameLine] = []
    breaker: int | None = None
    clean = False  # no foul and no one else at the table since the break
    innings, at_table = 0, None
    for step, act, rul in judged_steps(match):
        p = rul.shooter
        struck = act.get("type") == "shot"
        if struck and match.was_break(step):
            breaker, clean, innings, at_table = p, True, 0, None
        if struck and p != at_table:
            innings += 1
        at_table = p if struck and rul.next_shooter == p else None
        if p != breaker or rul.fouls:
            clean = False
        if rul.game_over:
            won_here = rul.winner == breaker and not given_up(rul)
            out.append(GameLine(rul.winner, breaker, innings, clean and won_here,
                                given_up(rul), replayed_under(rul)))
            breaker, clean, innings, at_table = None, False, 0, None
    return out


def replayed_under(ruling: Ruling) -> SeedRef | None:
    """The rule a game that ended without a winner was replayed under: the
    position not restorable (general 28), a stalemate (8-ball 16)."""
    if ruling.winner is not None:
        return None
    return next((n.ref for n in ruling.notes if n.code in REPLAY_NOTES), None)


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
    (a game or the match conceded, in Express the others left) was not won
    there."""
    won = [0] * len(match.players)
    for r in match.rulings:
        if r is not None and r.game_over and not given_up(r) and \
                r.winner is not None and 0 <= r.winner < len(won):
            won[r.winner] += 1
    return won


def ended_given_up(match: Match) -> bool:
    """The last game ended was given up (the match conceded, in Express the
    others left), not won at the table."""
    last = next((r for r in reversed(match.rulings)
                 if r is not None and r.game_over), None)
    return last is not None and given_up(last)


def game_winners(match: Match) -> list[int | None]:
    """Who won each game finished so far, by seat (None: a game replayed
    without a winner, such as an 8-ball stalemate)."""
    return [r.winner for r in match.rulings if r is not None and r.game_over]
