"""The computer levels' ratings: fixed, measured by playing the levels against
one another headless (``python -m simulator.records measure``).

A person's rating is seeded by playing the computer: the levels play at the
ratings below, so games against them place a person on the scale. The scale's
zero is a convention: the club level is held at :data:`ANCHOR_RATING` (500,
an average club player on the FargoRate scale) and the other levels are
measured from it, game by game. When the players get stronger the command is
run again and the figures here replaced; every recorded match keeps the
rating its computer seat had when it was played.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from rules.referee import mix_seed
from simulator.records.rating import Rating, Results, fit

ANCHOR = "club"
ANCHOR_RATING = 500.0


@dataclass(frozen=True)
class LevelRating:
    """A level's measured rating, its 95% margin and the games it rests on."""

    rating: float
    margin: float
    games: int


# Measured with ``python -m simulator.records measure --game 9-ball --games 100
# --seed 1``: 100 single games of 9-ball for each pair of levels, each
# breaking half (club 80-20 beginner, strong 88-12 club, strong 91-9
# beginner; docs/records.md has the run).
MEASURED: dict[str, LevelRating] = {
    "beginner": LevelRating(331.0, 61.0, 200),
    "club": LevelRating(ANCHOR_RATING, 0.0, 200),
    "strong": LevelRating(743.0, 68.0, 200),
}


def level_rating(level: str) -> float | None:
    """A computer level's fixed rating (None for a level not measured yet:
    its games are then fitted like a person's)."""
    m = MEASURED.get(level)
    return None if m is None else m.rating


# -- the measurement -------------------------------------------------------------
@dataclass(frozen=True)
class Trial:
    """One game between two levels: ``first`` sits in seat 0 and breaks."""

    discipline: str
    first: str
    second: str
    number: int
    seed: int

    @property
    def key(self) -> str:
        return f"{self.discipline}/{self.first}/{self.second}/{self.number}"


@dataclass(frozen=True)
class TrialResult:
    key: str
    discipline: str
    first: str
    second: str
    winner: int | None  # seat; None: not finished within the shot limit
    shots: int
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "discipline": self.discipline, "first": self.first,
                "second": self.second, "winner": self.winner, "shots": self.shots,
                "seconds": round(self.seconds, 2)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TrialResult:
        w = d["winner"]
        return cls(str(d["key"]), str(d["discipline"]), str(d["first"]),
                   str(d["second"]), None if w is None else int(w), int(d["shots"]),
                   float(d["seconds"]))


def trials(levels: Sequence[str], disciplines: Sequence[str], games: int,
           seed: int) -> list[Trial]:
    """Every pair of levels plays ``games`` single games in each discipline,
    each level breaking half of them; interleaved so that a run cut short
    has measured every pair a little."""
    out: list[Trial] = []
    pairs = list(combinations(levels, 2))
    for i in range(games):
        for d_no, d in enumerate(disciplines):
            for p_no, (a, b) in enumerate(pairs):
                first, second = (a, b) if i % 2 == 0 else (b, a)
                s = mix_seed(mix_seed(seed, d_no * 1000 + p_no + 1), i + 1) >> 1
                out.append(Trial(d, first, second, i, s))
    return out


MAX_SHOTS = 600  # a game not over by then is dropped (and counted)


def play_trial(t: Trial) -> TrialResult:
    """Play one game (a match of a race to one) between the two levels."""
    from simulator.players.table import Table, make_match, parse_seat
    seats = [parse_seat(f"cpu:{t.first}", 0), parse_seat(f"cpu:{t.second}", 1)]
    t0 = time.perf_counter()
    match = make_match(t.discipline, seats, t.seed, {"race_to": 1, "target": 25})
    result = Table(match, seats).play(MAX_SHOTS)
    return TrialResult(t.key, t.discipline, t.first, t.second,
                       result.winner if result.over else None, result.shots,
                       time.perf_counter() - t0)


def _worker(t: Trial) -> TrialResult:
    from simulator.files import profile
    profile.set_read_only(True)  # a measurement writes nothing of the player's
    return play_trial(t)


@dataclass(frozen=True)
class Measurement:
    ratings: dict[str, Rating]
    games: dict[tuple[str, str], tuple[int, int]]  # (a, b) -> (a's wins, b's)
    unfinished: int
    seconds: float


def tally(results: Sequence[TrialResult]) -> dict[tuple[str, str], tuple[int, int]]:
    """Wins per pair of levels, the pair in sorted order."""
    out: dict[tuple[str, str], list[int]] = {}
    for r in results:
        if r.winner is None:
            continue
        a, b = sorted((r.first, r.second))
        won = r.first if r.winner == 0 else r.second
        row = out.setdefault((a, b), [0, 0])
        row[0 if won == a else 1] += 1
    return {k: (v[0], v[1]) for k, v in out.items()}


def rate(results: Sequence[TrialResult], anchor: str = ANCHOR,
         anchor_rating: float = ANCHOR_RATING) -> dict[str, Rating]:
    """The levels' ratings from their games, the anchor held fixed (a prior
    so wide that it only keeps a level that won every game finite)."""
    rows = [Results(a, b, wa, wb,
                    anchor_rating if a == anchor else None,
                    anchor_rating if b == anchor else None)
            for (a, b), (wa, wb) in tally(results).items()]
    rated = fit(rows, prior_mean=anchor_rating, prior_sd=1000.0)
    rated[anchor] = Rating(anchor_rating, 0.0,
                           sum(wa + wb for (a, b), (wa, wb) in tally(results).items()
                               if anchor in (a, b)), 1.0, fixed=True)
    return rated


def measure(levels: Sequence[str], disciplines: Sequence[str], games: int,
            seed: int = 1, jobs: int = 1, record: Path | None = None,
            log: Callable[[str], None] | None = None) -> Measurement:
    """Play the trials (those already in ``record``, a JSON-lines file, are
    read back instead of played) and rate the levels."""
    t0 = time.perf_counter()
    todo = trials(levels, disciplines, games, seed)
    done: dict[str, TrialResult] = {}
    if record is not None and record.exists():
        for line in record.read_text("utf-8").splitlines():
            try:
                r = TrialResult.from_dict(json.loads(line))
            except (ValueError, KeyError, TypeError):
                continue  # a line cut short by a kill
            done[r.key] = r
    left = [t for t in todo if t.key not in done]
    out = open(record, "a", encoding="utf-8") if record is not None else None  # noqa: SIM115
    try:
        def keep(r: TrialResult) -> None:
            done[r.key] = r
            if out is not None:
                out.write(json.dumps(r.to_dict()) + "\n")
                out.flush()
            if log is not None:
                who = "unfinished" if r.winner is None else \
                    (r.first if r.winner == 0 else r.second)
                log(f"{len(done)}/{len(todo)} {r.key}: {who} ({r.shots} shots, "
                    f"{r.seconds:.1f} s)")
        if jobs <= 1:
            for t in left:
                keep(play_trial(t))
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                for r in pool.map(_worker, left):
                    keep(r)
    finally:
        if out is not None:
            out.close()
    results = [done[t.key] for t in todo if t.key in done]
    return Measurement(rate(results), tally(results),
                       sum(1 for r in results if r.winner is None),
                       time.perf_counter() - t0)


def report(m: Measurement) -> list[str]:
    lines = ["level      rating   95% margin   games"]
    for name, r in sorted(m.ratings.items(), key=lambda kv: kv[1].value):
        margin = "(anchor)" if r.fixed else f"+-{r.margin:.0f}"
        lines.append(f"{name:<10} {r.value:6.0f}   {margin:>10}   {r.games:5}")
    for (a, b), (wa, wb) in sorted(m.games.items()):
        lines.append(f"{a} {wa} - {wb} {b}")
    lines.append(f"{m.unfinished} games not finished within {MAX_SHOTS} shots; "
                 f"{m.seconds:.0f} s")
    return lines


def main(argv: Sequence[str] | None = None,
         prog: str = "python -m simulator.records measure") -> int:
    from rules import registry
    from simulator.files.inputs import ArgumentParser
    from simulator.players import STRENGTHS
    p = ArgumentParser(prog=prog, description="Measure the computer levels' "
                       "ratings: play them against one another, headless.")
    p.add_argument("--games", type=int, default=100,
                   help="games per pair of levels and discipline (default 100)")
    p.add_argument("--game", action="append", default=None,
                   help="a discipline (repeatable; default 9-ball and 8-ball)")
    p.add_argument("--levels", default=",".join(STRENGTHS),
                   help=f"comma-separated levels (default {','.join(STRENGTHS)})")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    p.add_argument("--record", metavar="FILE",
                   help="keep each game in FILE (JSON lines) and read back the "
                        "games already there: a run can be stopped and resumed")
    p.add_argument("--quiet", action="store_true")
    args = p.parse_args(argv)
    if not 1 <= args.games <= 100_000:
        p.error(f"--games: expected 1 to 100000, not {args.games}")
    if not 1 <= args.jobs <= (os.cpu_count() or 1) * 4:
        p.error(f"--jobs: expected 1 to {(os.cpu_count() or 1) * 4}")
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    for lv in levels:
        if lv not in STRENGTHS:
            p.error(f"--levels: unknown level {lv!r}; known: {', '.join(STRENGTHS)}")
    if len(set(levels)) < 2 or ANCHOR not in levels:
        p.error(f"--levels: at least two levels, {ANCHOR} among them (the anchor)")
    games: list[str] = []
    for g in args.game or [registry.NINE_BALL, registry.EIGHT_BALL]:
        try:
            name = registry.canonical(g)
        except ValueError as e:
            p.error(f"--game: {str(e).removeprefix('discipline: ')}")
        if registry.info(name).max_players < 2 or registry.info(name).min_players > 2:
            p.error(f"--game: {name} is not played by two")
        games.append(name)

    def say(msg: str) -> None:
        if not args.quiet:
            print(msg, file=sys.stderr, flush=True)
    m = measure(levels, games, args.games, args.seed, args.jobs,
                Path(args.record) if args.record else None, say)
    for line in report(m):
        print(line)
    return 0
