"""python -m simulator.tools.fingerprint: one hash of what the physics does.

Runs a fixed set of shots (the benchmark's 30 racks, its 9-ball break, its
two cut shots, the same shots with the compliant cushion, and ``--strokes``
random strokes of the stress command on all four tables) and prints a
SHA-256 of each group's events, final tables and playback frames, and one of
all of them. A change that is meant to leave the physics alone (moving code,
renaming, splitting a class) must print the same hashes before and after; a
change to the physics prints which groups it moved.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import hashlib
from collections.abc import Callable, Iterable, Sequence

from simulator.physics import compliant_models, simulate
from simulator.table.events import Shot, Stroke
from simulator.table.state import TableState
from simulator.tools import shots, stress

Make = Callable[[], tuple[TableState, Stroke]]
COMPLIANT = compliant_models(
    shots.SPEC.balls, shots.SPEC.physics, shots.SPEC.cushion_height
)


def shot_digest(shot: Shot) -> bytes:
    """The shot's events, final table and frames, floats written exactly."""
    # The outcome only: the build's stamp is not the physics' doing.
    unstamped = dataclasses.replace(shot, physics=0)
    return hashlib.sha256(unstamped.to_json(frames=True).encode()).digest()


def _group(shots: Iterable[Shot]) -> str:
    h = hashlib.sha256()
    for shot in shots:
        h.update(shot_digest(shot))
    return h.hexdigest()


def _benchmark_makes(racks: int) -> list[Make]:
    makes: list[Make] = [
        functools.partial(shots.eight_ball_break, seed) for seed in range(racks)
    ]
    return [*makes, shots.nine_ball_break, shots.cut_shot, shots.cut_shot_near_pocket]


def _stress_shots(strokes: int, seed: int) -> Iterable[Shot]:
    for index in range(strokes):
        spec, positions, stroke = stress.stroke_case(seed, index)
        state = TableState.from_positions(spec.name, positions)
        yield simulate(state, stroke)


def groups(racks: int = 30, strokes: int = 300, seed: int = 0) -> dict[str, str]:
    """Each group's hash, by name."""
    makes = _benchmark_makes(racks)
    return {
        "benchmark shots": _group(simulate(*make()) for make in makes),
        "compliant cushions": _group(
            simulate(*make(), models=COMPLIANT) for make in makes
        ),
        f"stress strokes 0-{strokes - 1} of seed {seed}": _group(
            _stress_shots(strokes, seed)
        ),
    }


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(
        prog="python -m simulator.tools.fingerprint", description=__doc__
    )
    p.add_argument("--racks", type=int, default=30, help="rack layouts (default 30)")
    p.add_argument(
        "--strokes", type=int, default=300, help="stress strokes (default 300)"
    )
    p.add_argument("--seed", type=int, default=0, help="stress seed (default 0)")
    args = p.parse_args(argv)
    if args.racks < 1 or args.strokes < 0:
        p.error("--racks must be at least 1 and --strokes at least 0")
    found = groups(args.racks, args.strokes, args.seed)
    total = hashlib.sha256("".join(found.values()).encode()).hexdigest()
    for name, digest in found.items():
        print(f"{digest[:16]}  {name}")
    print(f"{total[:16]}  all")


if __name__ == "__main__":
    main()
