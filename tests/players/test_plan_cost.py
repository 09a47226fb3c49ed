"""The 14.1 plan of the last balls of a rack looks into few break shots,
and values the table as it did when it looked into every one.

With two or three balls left the plan values the key ball by the break
shot its break ball leaves, and each break shot by whether the cue ball
can run on into the rack (``plan.first_met`` along each heading). Looked
into for every pot from every landing spot, that made a decision with four
balls left cost 3.8 s of CPU against 2.2 s before the break shot counted
BREAK_WEIGHT (docs/players.md, fourteenth round), over the strong player's
3 s; the break shots that cannot beat the best found, and the headings
that pass far from the rack, are now passed (fifteenth round).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from simulator.players import plan
from simulator.players.appraise import Judge
from simulator.players.strength import TOURNAMENT

from .helpers import discipline, scattered, state_of

# Tables of three and two balls (the seed of the scatter, the balls), each
# with its worth and how many paths it followed when every break shot was
# looked into (at cd7dcbd). The worths were recorded again when the break
# ball a pot leaves came to count on its own (BREAK_BALL_WEIGHT,
# docs/players.md, seventeenth round): 0.5563, 0.5526 and 0.3941 before;
# and when a landing spot came to count the cue ball's travel to it
# (plan.TRAVEL_SURE): 0.5330, 0.4807 and 0.2786 before, each of them again
# to the bit with every travel's factor 1, the routes to the break ball of
# 0.75 and 1.3 m now less sure than a short roll (1 to 3 % lower).
TABLES = {(33, 3): (0.5212539738742891, 1490), (37, 3): (0.46605964148025286, 1343),
          (12, 2): (0.27597122292754395, 231)}


@pytest.mark.parametrize("seed,balls", sorted(TABLES))
def test_the_last_balls_plan_follows_few_paths_for_the_same_worth(
        monkeypatch: pytest.MonkeyPatch, seed: int, balls: int) -> None:
    followed = 0
    first_met = plan.first_met

    def counted(*args: Any, **kw: Any) -> int | None:
        nonlocal followed
        followed += 1
        return first_met(*args, **kw)

    monkeypatch.setattr(plan, "first_met", counted)
    disc = discipline("14.1")
    judge = Judge(disc, 0, TOURNAMENT, 82.0, True, plan=True)
    state = state_of("14.1", scattered("14.1", random.Random(seed), balls))
    worth, before = TABLES[(seed, balls)]
    assert judge.quality(state, disc.requirements(state)) == worth
    assert followed < before // 10, (followed, before)
