"""The peer's side of ``python -m simulator.bench --peer``: runs inside
pooltool's own interpreter (installed by tools/install-pooltool.sh), so it
imports nothing from Kiy. Reads shots as JSON on standard input, simulates
each with pooltool and writes the wall times (s) as JSON on standard output.

Each shot: the table's size and pockets, every ball's position, and the
struck ball's velocity and spin just after the stroke (so both simulators
start from the same state: the same ball speed, not merely the same cue).
"""

from __future__ import annotations

import importlib
import json
import sys
import time
from typing import Any


def main() -> int:
    # Imported by name: pooltool lives in its own interpreter, not in Kiy's.
    pt: Any = importlib.import_module("pooltool")
    PocketTableSpecs = importlib.import_module("pooltool.objects").PocketTableSpecs

    job: dict[str, Any] = json.load(sys.stdin)
    t = job["table"]
    table = pt.Table.from_table_specs(
        PocketTableSpecs(
            l=t["length"],
            w=t["width"],
            cushion_height=t["cushion_height"],
            corner_pocket_width=t["corner_mouth"],
            side_pocket_width=t["side_mouth"],
        )
    )
    b = job["balls"]
    params = {
        "m": b["mass"],
        "R": b["radius"],
        "u_s": b["mu_slide"],
        "u_r": b["mu_roll"],
        "e_b": b["e_ball"],
        "e_c": b["e_cushion"],
        "f_c": b["mu_cushion"],
        "g": b["gravity"],
    }

    def system(shot: dict[str, Any]) -> Any:
        balls = {
            str(n): pt.Ball.create(str(n), xy=xy, **params)
            for n, xy in shot["positions"].items()
        }
        cue = balls[str(shot["struck"])]
        cue.state.rvw[1] = [*shot["velocity"], 0.0]
        cue.state.rvw[2] = shot["spin"]
        cue.state.s = 2  # sliding
        return pt.System(
            cue=pt.Cue(cue_ball_id=str(shot["struck"])), table=table, balls=balls
        )

    # The first simulation compiles pooltool's numba code: not timed.
    pt.simulate(system(job["shots"][0]), inplace=True)
    times: list[float] = []
    events: list[int] = []
    # Each shot the given number of times, its best time kept (as Kiy's side
    # does): a shared machine's other work only ever adds.
    for shot, repeat in zip(job["shots"], job["repeat"], strict=True):
        best = float("inf")
        for _ in range(repeat):
            s = system(shot)
            t0 = time.perf_counter()
            pt.simulate(s, inplace=True)
            best = min(best, time.perf_counter() - t0)
        times.append(best)
        events.append(len(s.events))
    json.dump({"version": pt.__version__, "times": times, "events": events}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
