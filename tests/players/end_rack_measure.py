"""The strong player's 14.1 run through the end of a rack measured (not a
test: run it as ``python -m tests.players.end_rack_measure FIRST LAST``).

Each layout (one per seed) is an end of a rack: two or three object balls
at random spots off the rack area and the cue ball at a random spot, the
strong player to shoot, the score far from the target. The strong player
then plays on with its noise (deterministic per seed) through the real
referee, which re-racks the fourteen when one ball is left, until its
inning ends (a miss, a safety or a foul) or it has potted ``CAP`` balls.
Per layout: the balls run, how the inning ended and the strokes played
(each as the object balls on the table before it, its kind, the ball
aimed at, the intended speed in m/s and a + when it potted and the player
stayed at the table).
The totals: the mean balls per inning, the innings that reached the next
rack (a re-rack), those that went on past the break shot (it potted and
the player stayed at the table) and the fouls."""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from typing import Any

from rules import registry
from rules.referee import Match
from rules.straight_pool import in_rack_area
from simulator.players.bench import seats
from simulator.players.table import Table
from simulator.table.specs import CUE_BALL, Vec, table_by_name

from .helpers import state_of

GAME = "14.1"
POOL = table_by_name("pool_9ft")
R = POOL.balls.radius
CAP = 20
GUARD = 200  # steps: an inning never needs this many


def _spot(rng: random.Random) -> Vec:
    return (rng.uniform(2 * R, POOL.length - 2 * R),
            rng.uniform(2 * R, POOL.width - 2 * R))


def _free(p: Vec, others: list[Vec]) -> bool:
    return all(math.dist(p, q) > 2 * R + 0.01 for q in others)


def layout(seed: int) -> dict[int, Vec]:
    """Two or three object balls off the rack area and the cue ball."""
    rng = random.Random(seed)
    numbers = rng.sample(range(1, 16), rng.choice((2, 3)))
    placed: dict[int, Vec] = {}
    for b in numbers:
        p = _spot(rng)
        while in_rack_area(POOL, p, True) or not _free(p, list(placed.values())):
            p = _spot(rng)
        placed[b] = p
    cue = _spot(rng)
    while not _free(cue, list(placed.values())):
        cue = _spot(rng)
    return {CUE_BALL: cue, **placed}


def inning(seed: int) -> dict[str, Any]:
    """Play the strong player's inning from the layout of ``seed``."""
    state = state_of(GAME, layout(seed))
    m = Match.from_state(["a", "b"], registry.STRAIGHT_POOL, state,
                         {"target": 10_000}, seed=seed)
    t = Table(m, seats("strong", "strong"))
    shooter = state.shooter
    run, reracks, past_break, fouls = 0, 0, 0, 0
    kinds: list[str] = []
    reason = "guard"
    after_rerack = False
    for _ in range(GUARD):
        left = len(set(m.table().on_table()) - {CUE_BALL})
        steps = [s for s in t.step() if s.kind == "shot" and s.ruling is not None]
        if not steps:
            continue
        s = steps[0]
        ruling, kind = s.ruling, s.decision["kind"]
        assert ruling is not None and s.player == shooter
        pts = ruling["points"][shooter] if ruling["points"] else 0
        run += max(pts, 0)
        stays = ruling["next_shooter"] == shooter
        kinds.append(f"{left}:{kind}{s.decision['target'] or ''}"
                     f"@{s.decision['intended']['speed']:.1f}"
                     + ("+" if stays and pts > 0 else ""))
        if after_rerack and stays and pts > 0 and not ruling["fouls"]:
            past_break += 1
        after_rerack = bool(ruling["rerack"]) and stays
        reracks += after_rerack
        if ruling["fouls"]:
            fouls += 1
            reason = "foul"
            break
        if not stays:
            safety = kind == "safety" or s.decision["declarations"].get("safety")
            reason = "safety" if safety else f"miss ({kind})"
            break
        if run >= CAP:
            reason = "cap"
            break
    return {"seed": seed, "balls": run, "reason": reason, "reracks": reracks,
            "past_break": past_break, "fouls": fouls, "kinds": kinds}


def main(seeds: range) -> None:
    rows = []
    t0 = time.process_time()
    for seed in seeds:
        c0 = time.process_time()
        r = inning(seed)
        rows.append(r)
        print(f"layout {seed}: balls {r['balls']} ended {r['reason']}"
              f" re-racks {r['reracks']} past break {r['past_break']}"
              f" strokes {' '.join(r['kinds'])}"
              f" CPU {time.process_time() - c0:.0f} s", flush=True)
    n = len(rows)
    balls = [r["balls"] for r in rows]
    print(f"{n} innings: mean balls {statistics.mean(balls):.2f}"
          f" (median {statistics.median(balls):.1f}),"
          f" reached the next rack {sum(r['reracks'] > 0 for r in rows)},"
          f" went on past the break shot {sum(r['past_break'] > 0 for r in rows)},"
          f" fouls {sum(r['fouls'] for r in rows)},"
          f" capped at {CAP} {sum(r['reason'] == 'cap' for r in rows)};"
          f" CPU {time.process_time() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main(range(int(sys.argv[1]), int(sys.argv[2])))
