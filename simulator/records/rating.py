"""Ratings on the FargoRate scale: a 100-point difference is 2:1 odds of winning
a game.

The chance that a player rated ``ra`` wins one game against one rated ``rb``
is ``1 / (1 + 2 ** (-(ra - rb) / 100))``: 100 points more doubles the odds,
332 points more makes them ten to one. :func:`fit` finds every person's
rating from all the games recorded, at once (a maximum-likelihood fit of
that model, regularised by a prior that pulls a rating with few games
towards :data:`PRIOR_MEAN`); computer seats play at fixed ratings
(:mod:`simulator.records.levels`), so games against them place a person on
the scale. Each rating comes with its standard error: the margin shrinks and
the confidence grows with the games played. :func:`race_odds` gives the
chance of winning a race, and :func:`handicap_races` the races that make a
match between two ratings close to even.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np

SCALE = 100.0  # rating points per doubling of the odds
PRIOR_MEAN = 500.0  # a rating with no games leans here (an average club player)
PRIOR_SD = 200.0  # how far a person's rating may lie from it before any game
Z95 = 1.959964  # a 95% margin is this many standard errors
# A rating on fewer games than this, or with a wider 95% margin, is
# provisional: the prior still carries most of it (two games gave 353 +-296,
# ranked above the computer level that had just beaten the player).
PROVISIONAL_GAMES = 10
PROVISIONAL_MARGIN = 200.0
_K = math.log(2.0) / SCALE  # d log-odds / d rating


def game_odds(ra: float, rb: float) -> float:
    """The chance that the player rated ``ra`` wins one game against ``rb``."""
    return 1.0 / (1.0 + math.pow(2.0, -(ra - rb) / SCALE))


def race_odds(p: float, a: int, b: int) -> float:
    """The chance of winning ``a`` games before the opponent wins ``b``, each
    game won with chance ``p`` (independent games; who breaks is ignored)."""
    if a < 1 or b < 1:
        raise ValueError("race_odds: both races must be 1 or more")
    q = 1.0 - p
    # Win the a-th game when the opponent has k < b games.
    return sum(math.comb(a - 1 + k, k) * p ** a * q ** k for k in range(b))


def handicap_races(ra: float, rb: float, race: int, longest: int | None = None,
                   even_within: float = 0.02) -> tuple[int, int]:
    """The races (games to win for the player rated ``ra``, for ``rb``) that
    make the match close to even: the weaker player races to at most
    ``race``, the stronger to at least ``race`` and at most ``longest``
    (three times the race by default). Of the pairs whose odds lie within
    ``even_within`` of 50%, the one nearest the race asked for; when none
    does, the most even pair."""
    if race < 1:
        raise ValueError("handicap_races: the race must be 1 or more")
    if ra < rb:
        b, a = handicap_races(rb, ra, race, longest, even_within)
        return a, b
    top = max(race, longest if longest is not None else 3 * race)
    p = game_odds(ra, rb)
    pairs = [(strong, weak) for strong in range(race, top + 1)
             for weak in range(1, race + 1)]
    off = {pair: abs(race_odds(p, *pair) - 0.5) for pair in pairs}

    def moved(pair: tuple[int, int]) -> int:
        return (pair[0] - race) + (race - pair[1])
    near = [pair for pair in pairs if off[pair] <= even_within]
    if near:
        return min(near, key=lambda pair: (moved(pair), off[pair], pair))
    return min(pairs, key=lambda pair: (off[pair], moved(pair), pair))


@dataclass(frozen=True)
class Results:
    """Games between two sides: ``a`` and ``b`` name who played (a person's
    key, or a computer level's); a side with a fixed rating (a computer seat
    at the rating it was measured at when the games were played) is not
    fitted. ``a_won`` and ``b_won`` count the games each side won."""

    a: str
    b: str
    a_won: int
    b_won: int
    a_fixed: float | None = None
    b_fixed: float | None = None


@dataclass(frozen=True)
class Rating:
    """A rating and how sure it is: ``margin`` is the 95% half-width,
    ``games`` the games it rests on, ``confidence`` the share of the prior's
    uncertainty the games have removed (0 with none, towards 1 with many);
    ``fixed`` for a computer level (measured, not fitted)."""

    value: float
    margin: float
    games: int
    confidence: float
    fixed: bool = False

    @property
    def provisional(self) -> bool:
        """Too few games to rank among the others (a computer level's
        measured rating never is)."""
        return not self.fixed and (self.games < PROVISIONAL_GAMES
                                   or self.margin > PROVISIONAL_MARGIN)

    def to_dict(self) -> dict[str, object]:
        return {"rating": round(self.value, 1), "margin": round(self.margin, 1),
                "games": self.games, "confidence": round(self.confidence, 3),
                "fixed": self.fixed, "provisional": self.provisional}


def rank_key(r: Rating | None) -> tuple[int, float]:
    """Sorts a list of ratings best first: the established ones (computer
    levels among them) by their value, then the provisional ones by the low
    end of their band (what their few games show for sure), then the
    players with no rating."""
    if r is None:
        return 2, 0.0
    if r.provisional:
        return 1, -(r.value - r.margin)
    return 0, -r.value


def fit(results: Iterable[Results], *, prior_mean: float = PRIOR_MEAN,
        prior_sd: float = PRIOR_SD, start: Mapping[str, float] | None = None,
        tolerance: float = 1e-7) -> dict[str, Rating]:
    """Every unfixed side's rating from all the games at once: the ratings
    that make the games played most likely, each pulled towards
    ``prior_mean`` by a normal prior of ``prior_sd`` (Newton's method on the
    log-likelihood; the prior keeps a player who has won every game finite).
    ``start`` may give ratings to begin from (a fit a little earlier)."""
    rows = [r for r in results if r.a_won + r.b_won > 0]
    keys = sorted({r.a for r in rows if r.a_fixed is None}
                  | {r.b for r in rows if r.b_fixed is None})
    index = {k: i for i, k in enumerate(keys)}
    n = len(keys)
    if n == 0:
        return {}
    ia = np.array([index[r.a] if r.a_fixed is None else -1 for r in rows], int)
    ib = np.array([index[r.b] if r.b_fixed is None else -1 for r in rows], int)
    ca = np.array([r.a_fixed or 0.0 for r in rows], float)
    cb = np.array([r.b_fixed or 0.0 for r in rows], float)
    wa = np.array([r.a_won for r in rows], float)
    total = np.array([r.a_won + r.b_won for r in rows], float)
    games = np.zeros(n)
    np.add.at(games, ia[ia >= 0], total[ia >= 0])
    np.add.at(games, ib[ib >= 0], total[ib >= 0])
    r = np.full(n, prior_mean, float)
    if start:
        for k, v in start.items():
            if k in index and math.isfinite(v):
                r[index[k]] = v
    inv_var = 1.0 / prior_sd ** 2
    both = (ia >= 0) & (ib >= 0)
    info = np.zeros((n, n))
    for _ in range(100):
        ra = np.where(ia >= 0, r[np.maximum(ia, 0)], ca)
        rb = np.where(ib >= 0, r[np.maximum(ib, 0)], cb)
        p = 1.0 / (1.0 + np.exp2(-(ra - rb) / SCALE))
        resid = _K * (wa - total * p)  # d loglik / d ra
        w = _K * _K * total * p * (1.0 - p)
        grad = -(r - prior_mean) * inv_var
        np.add.at(grad, ia[ia >= 0], resid[ia >= 0])
        np.subtract.at(grad, ib[ib >= 0], resid[ib >= 0])
        info = np.diag(np.full(n, inv_var))
        np.add.at(info, (ia[ia >= 0], ia[ia >= 0]), w[ia >= 0])
        np.add.at(info, (ib[ib >= 0], ib[ib >= 0]), w[ib >= 0])
        np.subtract.at(info, (ia[both], ib[both]), w[both])
        np.subtract.at(info, (ib[both], ia[both]), w[both])
        step = np.linalg.solve(info, grad)
        # A long step from a far start is cut so the exponentials stay tame.
        step = np.clip(step, -400.0, 400.0)
        r = r + step
        if float(np.max(np.abs(step))) < tolerance:
            break
    se = np.sqrt(np.diag(np.linalg.inv(info)))
    out: dict[str, Rating] = {}
    for k, i in index.items():
        out[k] = Rating(float(r[i]), float(Z95 * se[i]), int(games[i]),
                        float(max(0.0, 1.0 - se[i] / prior_sd)))
    return out
