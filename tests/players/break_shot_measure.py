"""The strong player's 14.1 break shot measured (not a test: run it as
``python -m tests.players.break_shot_measure FIRST LAST``).

Each layout (one per seed) is the fourteen racked balls of
``test_run_racks.RACK``, the break ball (the 4) at a random spot in the
foot half off the rack and the cue ball at a random spot; the strong player
chooses its stroke and it is played with the player's noise. Per layout:
the stroke, whether the 4 was potted with no foul, the cue ball's first
contact with a racked ball (its normal speed, m/s), how many racked balls
moved more than 5 cm, and the best geometric chance of a pot left (what
the shooter has next). The totals count the pots, the rack touched, three
or more racked balls moved and a pot of chance 0.6 or more left (where the
search plays no safety)."""

from __future__ import annotations

import math
import random
import sys
import time

from rules.game import GameState
from simulator.physics import simulate
from simulator.players import STRENGTHS, ComputerPlayer, shots
from simulator.table.events import EventKind
from simulator.table.specs import CUE_BALL, Vec, table_by_name

from .helpers import discipline, state_of
from .test_run_racks import RACK

GAME = "14.1"
POOL = table_by_name("pool_9ft")
R = POOL.balls.radius
MAKEABLE = 0.6


def _free(p: Vec, others: list[Vec], gap: float) -> bool:
    return all(math.dist(p, q) > 2 * R + gap for q in others)


def _spot(rng: random.Random) -> Vec:
    return (rng.uniform(2 * R, POOL.length - 2 * R),
            rng.uniform(2 * R, POOL.width - 2 * R))


def layout(seed: int) -> dict[int, Vec]:
    """The racked fourteen, the 4 and the cue ball of one layout."""
    rng = random.Random(seed)
    racked = list(RACK.values())
    ball = _spot(rng)
    while ball[0] <= POOL.length * 0.45 or not _free(ball, racked, 0.01):
        ball = _spot(rng)
    cue = _spot(rng)
    while not _free(cue, [*racked, ball], 0.01) or math.dist(cue, ball) <= 0.25:
        cue = _spot(rng)
    return {CUE_BALL: cue, 4: ball, **RACK}


def best_left(after: GameState) -> float:
    """The best geometric chance of a pot for the shooter of ``after``."""
    disc = discipline(GAME)
    req = disc.requirements(after)
    view = shots.View.of(after.table, req)
    if view.cue is None:
        return 0.0
    strong = STRENGTHS["strong"]
    pots = shots.pots_from(view, view.cue, req.direct_targets(after.table),
                           strong.search.max_cut)
    return max((shots.chance(p, strong.noise, POOL) for p in pots), default=0.0)


def main(seeds: range) -> None:
    disc = discipline(GAME)
    player = ComputerPlayer(STRENGTHS["strong"])
    tot = {"layouts": 0, "potted": 0, "rack touched": 0, "3+ moved": 0,
           "pot left": 0}
    t0 = time.process_time()
    for seed in seeds:
        state = state_of(GAME, layout(seed))
        d = player.shot(disc, state, 1000 + seed, disc.requirements(state))
        shot = simulate(d.table(state.table), d.stroke, frame_dt=1e3)
        ruling, after = disc.judge(state, shot, d.declarations)
        hit = next((e for e in shot.events if e.kind is EventKind.BALL_BALL
                    and CUE_BALL in e.balls and any(b in RACK for b in e.balls)), None)
        moved = sum(1 for b, p in RACK.items()
                    if math.dist(shot.final.position(b) or (9.0, 9.0), p) > 0.05)
        potted = 4 in ruling.scored and not ruling.fouls
        left = best_left(after) if potted and after.shooter == state.shooter else 0.0
        tot["layouts"] += 1
        tot["potted"] += potted
        tot["rack touched"] += hit is not None
        tot["3+ moved"] += moved >= 3
        tot["pot left"] += potted and left >= MAKEABLE
        speed = "-" if hit is None or hit.speed is None else f"{hit.speed:.2f}"
        print(f"layout {seed}: {d.kind} {d.intended.speed:.2f} m/s"
              f" tip {d.intended.tip_b:+.2f}"
              f" value {d.value:+.3f} potted {potted} rack met at {speed}"
              f" moved {moved} best pot left {left:.2f}", flush=True)
    print(tot, f"CPU {time.process_time() - t0:.0f} s")


if __name__ == "__main__":
    main(range(int(sys.argv[1]), int(sys.argv[2])))
