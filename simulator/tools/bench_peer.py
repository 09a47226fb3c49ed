"""The peer's side of ``python -m simulator.tools.bench``: runs inside pooltool's
own interpreter (installed by tools/install-pooltool.sh), so it imports
nothing from Kiy.

It speaks one JSON object a line. The first line read is the table and the
balls; it answers ``{"version": ...}`` once pooltool's numba code is compiled.
Every later line is a shot and how many times to run it; the answer is the
wall time (s) of each run. The two sides take turns on one machine, so a
change of the machine's load falls on both alike.

Each shot: every ball's position, and the struck ball's velocity and spin
just after the stroke (so both simulators start from the same state: the
same ball speed, not merely the same cue).
"""

from __future__ import annotations

import importlib
import json
import sys
import time
from collections.abc import Callable
from typing import Any


def main() -> int:
    # Imported by name: pooltool lives in its own interpreter, not in Kiy's.
    pt: Any = importlib.import_module("pooltool")
    setup: dict[str, Any] = json.loads(sys.stdin.readline())
    system = _systems(pt, setup)
    # The first simulation compiles pooltool's numba code: not timed.
    pt.simulate(system(setup["warm_up"]), inplace=True)
    _answer({"version": pt.__version__})
    for line in sys.stdin:
        job: dict[str, Any] = json.loads(line)
        times: list[float] = []
        events = 0
        for _ in range(job["repeat"]):
            s = system(job["shot"])
            t0 = time.perf_counter()
            pt.simulate(s, inplace=True)
            times.append(time.perf_counter() - t0)
            events = len(s.events)
        _answer({"times": times, "events": events})
    return 0


def _systems(pt: Any, setup: dict[str, Any]) -> Callable[[dict[str, Any]], Any]:
    """What makes pooltool's system for a shot, on the set-up's table with
    its balls."""
    PocketTableSpecs = importlib.import_module("pooltool.objects").PocketTableSpecs
    t = setup["table"]
    table = pt.Table.from_table_specs(
        PocketTableSpecs(
            l=t["length"],
            w=t["width"],
            cushion_height=t["cushion_height"],
            corner_pocket_width=t["corner_mouth"],
            side_pocket_width=t["side_mouth"],
        )
    )
    b = setup["balls"]
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

    return system


def _answer(reply: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
