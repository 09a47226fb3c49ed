"""Small real matches for the file tests: strokes played by the physics."""

from __future__ import annotations

import random
from functools import cache

from rules.referee import Match
from simulator.physics import simulate
from simulator.tools.selfplay import OPTIONS, PLAYERS, choose_stroke, make_choice


def play(match: Match, shots: int, seed: int = 3) -> Match:
    rng = random.Random(seed)
    n = 0
    while n < shots and not match.over:
        if make_choice(rng, match):
            continue
        table, stroke, decl = choose_stroke(rng, match.requirements(), match.table())
        match.apply(simulate(table, stroke), decl)
        n += 1
    return match


@cache
def recorded(discipline: str = "9-ball", shots: int = 6) -> dict[str, object]:
    """A match's to_dict() after ``shots`` physics shots (fresh copies are
    made with json round trips by the callers)."""
    names = [f"P{i + 1}" for i in range(PLAYERS[discipline])]
    m = play(Match(names, discipline, OPTIONS[discipline], seed=5), shots)
    return m.to_dict()


def fresh(discipline: str = "9-ball", shots: int = 6) -> Match:
    import json
    return Match.from_dict(json.loads(json.dumps(recorded(discipline, shots))))
