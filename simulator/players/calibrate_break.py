"""``python -m simulator.players.calibrate_break``: search the power break of
9-ball for the layout it leaves (``PowerBreak``).

Each setting of the grid (where on the head string the cue ball stands,
the cue's speed, the tip's height and side) breaks the same racks with the
same execution noise (the strong player's, the tournament's): rack k with
the k-th draws, from one side of the kitchen on even racks and the other
on odd ones (the table is symmetric, the racks are not). Each break is judged by
the referee and scored: a legal break that pots a ball and keeps the table
without a foul, and the quality of the shot it leaves on the lowest ball as
the strong player's appraiser values it (``Judge.quality``: two shots
planned; 0 for a break that does not keep the table). Prints a line per
setting as it is played, then all of them best first by how often they
leave a shot of at least ``GOOD`` quality (a setting scratching more than
MAX_SCRATCH last), with the scratches, fouls, dry breaks and mean quality.
``--cheap`` leaves the planned quality out and ranks by the share that
leaves a makeable pot on the lowest ball (``MAKEABLE``: the search's pot
finder and its chance, no simulation; docs/players.md, thirteenth round).
With no options it plays the grid docs/players.md's sixth round began
with (48 settings, 150 racks).

The racks are seeds from ``--seed`` (default 21000: none of the bench's,
nor those the power break was first tuned on, 11000 to 13149). Run it
again when the physics changes; 300 breaks take about 10 s of CPU.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules import registry
from rules.game import Discipline, GameState
from rules.referee import Match
from rules.ruling import Declarations, Ruling
from simulator.physics import simulate
from simulator.physics.cue import PLAYED_CUE_SPEED
from simulator.players import shots
from simulator.players.appraise import Judge, succeeded
from simulator.players.search import executed
from simulator.players.strength import STRENGTHS, Draw, PowerBreak, draw_noise
from simulator.table.events import Stroke
from simulator.table.specs import CUE_BALL, Vec

# A break leaves a shot worth having at this quality of the breaker's next
# shot (the appraiser's 0-1): about a pot its tries make two times in three
# with some position after it.
GOOD = 0.5
# A break leaves a makeable pot on the lowest ball when the search's own pot
# finder (shots.pots_from, the straight pots pot_candidates starts from)
# finds one whose geometric chance for the breaker (shots.chance, the
# search's success estimate before any simulation) is at least this.
MAKEABLE = 0.6
SCRATCHES = ("foul.scratch", "foul.cue_off_table")
BREAKER = 0


@dataclass(frozen=True)
class BreakOutcome:
    """One break as the calibration scores it."""

    potted: bool  # a legal break that potted a ball and kept the table
    foul: bool
    scratch: bool
    dry: bool  # no ball potted and no foul: the opponent's turn
    quality: float  # the breaker's next shot, 0 when he does not keep the table
    ball_speed: float = 0.0  # m/s, the cue ball's off the tip
    # The best straight pot's chance on the ball on (1 when the break won
    # the rack, 0 when he does not keep the table): see MAKEABLE.
    pot_chance: float = 0.0

    @property
    def good(self) -> bool:
        """A legal pot that keeps the table with a shot worth having."""
        return self.potted and self.quality >= GOOD

    @property
    def makeable(self) -> bool:
        """A legal pot that keeps the table with a makeable pot on the
        lowest ball (MAKEABLE)."""
        return self.potted and self.pot_chance >= MAKEABLE


def pot_chance(after: GameState, judge: Judge) -> float:
    """The best chance among the straight pots of the ball on from where
    the cue ball lies: the search's pot finder and its estimate, no
    simulation (``shots.pots_from``, ``shots.chance``)."""
    req = judge.discipline.requirements(after)
    view = shots.View.of(after.table, req)
    if view.cue is None:
        return 0.0
    pots = shots.pots_from(view, view.cue, req.direct_targets(after.table),
                           judge.max_cut)
    return max((shots.chance(p, judge.noise, view.spec) for p in pots), default=0.0)


def score(ruling: Ruling, after: GameState, judge: Judge,
          planned: bool = True) -> BreakOutcome:
    """A judged break from the breaker's side: a scratch or any other foul
    fails whatever dropped; a pot that keeps the table is scored by the
    quality of the shot it leaves (1 when the break won the rack; left 0
    when not ``planned``, the cheap measure) and the chance of the best pot
    on the ball on."""
    codes = ruling.codes()
    foul = bool(ruling.fouls)
    scratch = any(c in codes for c in SCRATCHES)
    kept = succeeded(ruling, judge.me)
    q = c = 0.0
    if kept and not foul:
        if ruling.game_over:
            q = c = 1.0
        else:
            if planned:
                q = judge.quality(after, judge.discipline.requirements(after))
            c = pot_chance(after, judge)
    return BreakOutcome(kept and not foul, foul, scratch,
                        not foul and not ruling.scored, q, pot_chance=c)


@dataclass(frozen=True)
class Tally:
    """The outcomes of one setting over the racks."""

    setting: PowerBreak
    outcomes: tuple[BreakOutcome, ...]

    @property
    def racks(self) -> int:
        return len(self.outcomes)

    def count(self, what: str) -> int:
        return sum(bool(getattr(o, what)) for o in self.outcomes)

    @property
    def ball_speed(self) -> float:
        """The median speed of the cue ball off the tip, m/s."""
        return statistics.median(o.ball_speed for o in self.outcomes) \
            if self.outcomes else 0.0

    @property
    def mean_quality(self) -> float:
        return sum(o.quality for o in self.outcomes) / max(1, self.racks)

    def line(self) -> str:
        s = self.setting
        n = max(1, self.racks)
        good, scratch = self.count("good"), self.count("scratch")
        shot = self.count("makeable")
        return (f"rail {s.rail:5.1f} R  speed {s.speed:4.1f}  tip {s.tip_b:+.2f} "
                f"side {s.tip_a:+.2f}: shot on the ball on {shot:4d} "
                f"({100 * shot / n:4.1f}%)  good {good:4d} ({100 * good / n:4.1f}%)  "
                f"mean q {self.mean_quality:.3f}  potted {self.count('potted'):4d}  "
                f"scratches {scratch:3d} ({100 * scratch / n:4.1f}%)  "
                f"fouls {self.count('foul'):3d}  dry {self.count('dry'):3d}  "
                f"off the tip {self.ball_speed:.1f} m/s")


def rack(seed: int) -> tuple[Discipline[Any], GameState]:
    m = Match(["a", "b"], registry.NINE_BALL, {"race_to": 1}, seed=seed)
    return m.discipline, m.state


def break_stroke(disc: Discipline[Any], state: GameState,
                 setting: PowerBreak, side: int
                 ) -> tuple[Vec, Stroke] | None:
    """Where the cue ball is placed and the stroke as meant: into the head
    ball full, from the setting's spot on ``side`` (as the player's power
    break is aimed, ``shots.power_break``)."""
    req = disc.requirements(state)
    view = shots.View.of(state.table, req)
    place = shots.power_spot(view, setting.rail, side)
    if place is None:
        return None
    c = shots.power_break(view, place, setting, side)
    if c is None:
        return None
    return place, c.stroke


def play(disc: Discipline[Any], state: GameState, setting: PowerBreak,
         side: int, z: Draw, judge: Judge, planned: bool = True
         ) -> BreakOutcome | None:
    """One break of ``setting`` from ``side`` with the noise draws ``z``,
    scored (``score``)."""
    meant = break_stroke(disc, state, setting, side)
    if meant is None:
        return None
    place, stroke = meant
    table = state.table.place(CUE_BALL, *place)
    played = executed(stroke, judge.noise, z, table.spec)
    shot = simulate(table, played, frame_dt=1e3)
    ruling, after = disc.judge(state, shot, Declarations())
    return replace(score(ruling, after, judge, planned),
                   ball_speed=shot.events[0].snapshots[0].speed)


def calibrate(settings: Iterable[PowerBreak], racks: int, seed: int,
              level: str = "strong", log: bool = True,
              planned: bool = True) -> list[Tally]:
    """Every setting over the same ``racks`` racks and noise draws (the
    planned quality left out when not ``planned``: the cheap measure)."""
    strength = STRENGTHS[level]
    draws_rng = random.Random(seed * 7919 + 17)
    games = [rack(seed + k) for k in range(racks)]
    draws = [draw_noise(draws_rng) for _ in range(racks)]
    judge = Judge(games[0][0], BREAKER, strength.noise, strength.search.max_cut,
                  True, plan=strength.search.plan)
    out: list[Tally] = []
    t0 = time.process_time()
    for setting in settings:
        got: list[BreakOutcome] = []
        for k, (disc, state) in enumerate(games):
            o = play(disc, state, setting, k % 2, draws[k], judge, planned)
            if o is not None:
                got.append(o)
        tally = Tally(setting, tuple(got))
        out.append(tally)
        if log:
            print(f"{tally.line()}  [{time.process_time() - t0:.0f} s CPU]", flush=True)
    return out


def grid(rails: Sequence[float], speeds: Sequence[float], tips: Sequence[float],
         sides: Sequence[float]) -> list[PowerBreak]:
    return [PowerBreak(r, v, b, a)
            for r, v, b, a in itertools.product(rails, speeds, tips, sides)]


def ranked(tallies: Sequence[Tally], by: str = "good") -> list[Tally]:
    """Best first: most good breaks (``by`` "makeable": most that leave a
    makeable pot on the ball on), then the mean quality; a setting that
    scratches more than MAX_SCRATCH of its breaks, or whose cue ball leaves
    the tip slower or faster than a professional's full break (PRO_SPEEDS,
    the median), comes after every other."""
    def key(t: Tally) -> tuple[bool, int, float]:
        over = t.count("scratch") > MAX_SCRATCH * t.racks or \
            not PRO_SPEEDS[0] <= t.ball_speed <= PRO_SPEEDS[1]
        return (over, -t.count(by), -t.mean_quality)
    return sorted(tallies, key=key)


MAX_SCRATCH = 0.03
# The cue ball's speed off the tip in professionals' full breaks (m/s).
PRO_SPEEDS = (9.8, 11.6)


def _floats(text: str) -> list[float]:
    return [float(x) for x in text.split(",") if x.strip()]


def main(argv: Sequence[str] | None = None) -> int:
    from simulator.files.inputs import ArgumentParser
    p = ArgumentParser(prog="python -m simulator.players.calibrate_break",
                       description="Search the power break of 9-ball for the "
                       "layout it leaves.")
    p.add_argument("--racks", type=int, default=150)
    p.add_argument("--seed", type=int, default=21000)
    p.add_argument("--rails", default="2.5,5,8",
                   help="the cue ball's distance from the side of the kitchen "
                   "it breaks from, in ball radii (comma list)")
    p.add_argument("--speeds", default="7.2,7.6,8.0,8.4", help="cue speeds, m/s")
    p.add_argument("--tips", default="0,0.04,0.08,0.12",
                   help="tip heights, fractions of R above centre")
    p.add_argument("--sides", default="0", help="side spin, fractions of R")
    p.add_argument("--cheap", action="store_true",
                   help="no planned quality: rank by the share that leaves a "
                   f"pot on the ball on of chance {MAKEABLE} or more "
                   "(shots.pots_from, shots.chance)")
    args = p.parse_args(argv)
    if not 1 <= args.racks <= 5000:
        p.error("--racks: expected 1 to 5000")
    settings = grid(_floats(args.rails), _floats(args.speeds), _floats(args.tips),
                    _floats(args.sides))
    if not settings or any(not math.isfinite(x) for s in settings
                           for x in (s.rail, s.speed, s.tip_b, s.tip_a)):
        p.error("an empty or unreadable grid")
    if any(s.speed > PLAYED_CUE_SPEED for s in settings):
        # A break no player may play (the power bar's top, the computer's
        # limit: the cue ball at 12 m/s).
        p.error(f"--speeds: at most {PLAYED_CUE_SPEED} m/s")
    print(f"{len(settings)} settings x {args.racks} racks from seed {args.seed}",
          flush=True)
    tallies = calibrate(settings, args.racks, args.seed, planned=not args.cheap)
    by = "makeable" if args.cheap else "good"
    print(f"-- best first by {by} (scratches over {100 * MAX_SCRATCH:.0f}% or the cue "
          f"ball off the tip outside {PRO_SPEEDS[0]}-{PRO_SPEEDS[1]} m/s last):")
    for t in ranked(tallies, by):
        print(t.line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
