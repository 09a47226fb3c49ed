"""How well a computer player plays: its execution noise and its search.

A strength is the spread of the player's strokes (standard deviations of
direction, elevation, speed and tip offset, as in the computational pool
tournaments where PickPocket and CueCard met) and how much it searches:
simulations per decision, candidates looked at, whether it plays position
and how far ahead it plans, safeties, banks and kicks, side spin. The budget
is counted in simulations, never in seconds, so a decision is the same on
any machine. What each level does at the table (its potting by distance
and angle, balls per inning, break and runs) is measured by
``python -m simulator.players.bench`` and written in docs/players.md.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Noise:
    """Standard deviations of a stroke's execution."""

    direction: float  # degrees
    elevation: float  # degrees
    speed: float  # m/s, of the cue speed
    tip: float  # mm, each of the two tip offsets

    def scaled(self, k: float) -> Noise:
        return Noise(self.direction * k, self.elevation * k, self.speed * k,
                     self.tip * k)

    @property
    def silent(self) -> bool:
        return not (self.direction or self.elevation or self.speed or self.tip)


# The noise of the computational pool tournaments (the setting in which the
# programs PickPocket and CueCard were compared).
TOURNAMENT = Noise(direction=0.125, elevation=0.1, speed=0.075, tip=0.5)
ZERO = Noise(0.0, 0.0, 0.0, 0.0)


@dataclass(frozen=True)
class PowerBreak:
    """A power break into the head ball, full: from the front of the
    kitchen ``rail`` ball radii in from either side of it, at a cue speed
    (m/s) with the tip ``tip_b`` above centre and ``tip_a`` to the side (a
    fraction of R; mirrored from the other side)."""

    rail: float
    speed: float
    tip_b: float
    tip_a: float = 0.0


# Power breaks (shots.POWER_BREAKS tells their story): from beside a side
# rail at 8.4 and 8.3 m/s, the tip 0.08 R above centre.
POWER_BREAKS = (PowerBreak(2.5, 8.4, 0.08), PowerBreak(2.5, 8.3, 0.08))
# The strong and pro players' 9-ball break, searched for the layout it
# leaves (python -m simulator.players.calibrate_break; docs/players.md,
# sixth round): from the same spot, softer and a little lower on the cue
# ball, the cue ball still leaving the tip at a professional's 9.8 m/s or
# more (median 9.9 and 10.1). On 600 racks none of the bench's (seeds
# 22000 to 22299 and 23000 to 23299, the tournament noise, the same draws
# for each), 7.6 m/s at 0.05 R left a legal pot with a shot of quality 0.5
# or more on the lowest ball 250 times (42 %) and scratched 11 times (1.8
# %), 7.7 m/s 231 (38.5 %) and 15 (2.5 %), where 8.4 m/s at 0.08 R left
# one 171 times (28.5 %) and scratched 16 (2.7 %). Softer still (7.4 m/s)
# did as well but under a professional's speed; side spin (0.1 R)
# scratched 7 and 24 %; breaks from further in off the rail went dry more
# often. Not yet any level's: on the bench's 100 racks (seeds 1000 to
# 1099) the strong player's break and run went from 18 to 12 with it
# (sixth round); by the cheap measure (calibrate_break --cheap: a legal pot
# that leaves a pot on the 1 the search's pot finder gives a chance of 0.6
# or more) 7.6 m/s at 0.05 R left one on 276 of 600 racks (46 %), the old
# break 191 (32 %), with 11 scratches against 16 but 64 dry breaks against
# 47, and as the strong and pro players' break the bench's racks 1000 to
# 1069 gave 9 break-and-runs against 10 (thirteenth round). Measured again
# on 200 racks none of those (24000 to 24199, twenty-fifth round): 7.6 m/s
# at 0.05 R left a makeable pot on the 1 after 51 % of breaks and scratched
# 2 %, the old break 35 % and 5 %; from 4 and 6 R in off the rail or the
# middle of the head string none did better; yet as the strong player's
# break the bench's racks 1000 to 1089 gave 12 break-and-runs against the
# power break's 17 (twenty-fifth round): a makeable 1 is not a run. A
# level takes it with ``layout_breaks=LAYOUT_BREAKS`` once 200 racks say
# it helps. The strong player's it is: its power break left the tip at
# 10.5 to 11.1 m/s and scratched 6 of racks 5000 to 5099; on racks 5000 to
# 5046 (one run each; 47, not 200: a loaded machine) the power break ran
# 3 racks (6.4 %) and scratched 2 (4.3 %), the layout break ran 5 (10.6
# %) and scratched 1 (2.1 %), the cue ball off the tip at 9.8-10.3 m/s.
# The pro keeps the power break until its own racks are measured.
LAYOUT_BREAKS = (PowerBreak(2.5, 7.6, 0.05), PowerBreak(2.5, 7.7, 0.05))


@dataclass(frozen=True)
class Search:
    """How much a player looks before it plays, in simulations."""

    shot_budget: int  # simulations for one ordinary shot
    break_budget: int  # simulations for a break (a break costs about 5 shots)
    pots: int  # (ball, pocket) pots kept after the geometric pruning
    variants: tuple[tuple[float, float], ...]  # (speed factor, tip_b) per pot
    finalists: int  # candidates sampled with noise after the noiseless pass
    first_samples: int  # noisy samples of each finalist in the first round
    position: bool  # values where the cue ball stops (the next shot)
    safeties: bool  # plays safe when no pot is good enough
    banks: bool  # banks and kicks when nothing direct is on
    max_cut: float  # degrees: thinner cuts are not tried
    # Plans the shot after next: a place is worth its best pot and where
    # that pot can leave the cue ball for the one after (position.plan).
    plan: bool = False
    # Side spin (tip offset a, fraction of R) tried on pots beside the plain
    # variants, with follow at a medium speed: for throw, cushion angles and
    # position the plain strokes cannot reach.
    english: tuple[float, ...] = ()
    # Kicks off two cushions as well as one.
    two_rail_kicks: bool = False
    # Kicks aimed by simulation (kick_aim), not by the mirror alone.
    aim_kicks: bool = False
    # The power breaks offered where the break was searched for the layout
    # it leaves (shots.LAYOUT_BREAK_GAMES); none: POWER_BREAKS everywhere.
    layout_breaks: tuple[PowerBreak, ...] = ()
    # The balls a decision's simulations may set moving in all (search.
    # Budget); 0: no such bound (the players' own decisions: only the
    # hint's search is bounded so).
    moves: int = 0
    # What a simulation in the full physics (the cue stick, a stroke whose
    # tip could reach a ball or cushion ahead) counts against the budget;
    # 1 for the players' own decisions (the hint's search counts it as the
    # several search-grade ones it costs in time: hint.HINT_FULL_COST).
    full_cost: int = 1
    # Simulations the noiseless pass leaves to the noisy rounds at least (at
    # most half the budget); 0: the finalists' first round alone. The hint's
    # small budget keeps half, so the pot it names is tried often enough to
    # say how likely it is (hint.HINT_KEPT).
    kept: int = 0


@dataclass(frozen=True)
class Strength:
    name: str
    noise: Noise
    search: Search

    def with_noise(self, noise: Noise) -> Strength:
        return replace(self, noise=noise)


# The variants tried for each pot: the cue ball's speed as a multiple of the
# least that gets the object ball to the pocket, and the tip's height.
_FEW = ((1.6, 0.0), (2.6, 0.3))
_MANY = ((1.4, 0.0), (2.2, 0.0), (1.8, 0.35), (3.2, 0.35), (1.8, -0.35),
         (3.2, -0.35))
# For position: stun, follow and draw, each at five speeds from soft to firm.
_POSITION = tuple((f, tip) for tip, speeds in (
    (0.0, (1.2, 1.55, 2.0, 2.7, 3.6)),
    (0.35, (1.3, 1.7, 2.3, 3.1, 4.2)),
    (-0.4, (1.5, 2.0, 2.7, 3.6, 4.8))) for f in speeds)

STRENGTHS: dict[str, Strength] = {
    "beginner": Strength("beginner", Noise(0.6, 0.5, 0.2, 2.0), Search(
        shot_budget=10, break_budget=3, pots=3, variants=_FEW, finalists=2,
        first_samples=2, position=False, safeties=False, banks=False,
        max_cut=70.0)),
    "club": Strength("club", Noise(0.3, 0.25, 0.12, 1.0), Search(
        shot_budget=50, break_budget=12, pots=4, variants=_MANY, finalists=5,
        first_samples=3, position=True, safeties=True, banks=True, max_cut=78.0)),
    "strong": Strength("strong", TOURNAMENT, Search(
        shot_budget=300, break_budget=60, pots=6, variants=_POSITION, finalists=8,
        first_samples=4, position=True, safeties=True, banks=True, max_cut=82.0,
        plan=True, english=(0.3, -0.3), two_rail_kicks=True, aim_kicks=True,
        layout_breaks=LAYOUT_BREAKS)),
    # The tournament noise with the deepest search the time allows: for a
    # player who wants a match he may lose.
    "pro": Strength("pro", TOURNAMENT, Search(
        shot_budget=700, break_budget=120, pots=8, variants=_POSITION, finalists=12,
        first_samples=6, position=True, safeties=True, banks=True, max_cut=82.0,
        plan=True, english=(0.3, -0.3, 0.5, -0.5), two_rail_kicks=True,
        aim_kicks=True)),
}
DEFAULT = "club"


def strength(name: str) -> Strength:
    """A strength by name (``beginner``, ``club``, ``strong``, ``pro``); ValueError
    naming the known ones otherwise."""
    key = name.strip().casefold()
    if key not in STRENGTHS:
        raise ValueError(f"unknown strength {name!r}; known: "
                         f"{', '.join(STRENGTHS)}")
    return STRENGTHS[key]


def normal(rng: random.Random) -> float:
    """A standard normal draw from twelve uniform ones (Irwin-Hall): plain
    additions, no library functions, so the same seed gives the same number
    on every machine. Bounded at six deviations, which a stroke never
    misses."""
    return sum(rng.random() for _ in range(12)) - 6.0


Draw = tuple[float, float, float, float, float]


def draw_noise(rng: random.Random) -> Draw:
    """Five standard normal draws: direction, elevation, speed, tip a, tip b
    (scaled by a Noise when a stroke is executed)."""
    return (normal(rng), normal(rng), normal(rng), normal(rng), normal(rng))
