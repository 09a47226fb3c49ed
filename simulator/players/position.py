"""What a resting place of the cue ball is worth for the shot after it.

A pot's geometric chance (``shots.chance``) says how likely the next ball
drops; a good player also asks what he can do with the cue ball after it.
Two things every coaching book names are weighed here:

- the angle: a pot with a natural angle (a cut of about 10 to 40 degrees)
  lets speed and spin send the cue ball almost anywhere, while a dead
  straight one only moves it along the line (forwards with follow, back
  with draw); past 40 degrees the chance itself falls;
- the rail: a cue ball on or near a cushion can be struck only on its upper
  half, over the rail, with less control of the spin and more error;
- the scratch: a stroke whose cue ball passes close by a pocket's mouth
  (:func:`scratch_risk`, from the cue ball's way in a simulated shot) is
  one a small error turns into a foul.

The next shot's ease is its chance times these two factors; the quality of
a place counts every legal target and pocket from it (the best pot, and a
little for a second one to fall back on). Pure geometry on positions and
simulated shots: nothing here simulates.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence

from simulator.players import aim
from simulator.table.events import Shot
from simulator.table.specs import CUE_BALL, TableSpec, Vec
from simulator.table.state import Where

# Cuts (degrees) that leave the cue ball free to go where speed and spin send
# it; below the first the factor falls linearly to STRAIGHT at 0.
NATURAL_CUT = 10.0
STRAIGHT = 0.85
# A cue ball touching a cushion keeps RAIL of its ease, rising linearly to 1
# at a gap of RAIL_GAP radii between the ball and the cushion.
RAIL = 0.75
RAIL_GAP = 1.0
# A second pot to fall back on adds this share of what the best one lacks.
SECOND = 0.25


def angle_factor(cut: float) -> float:
    """How much a pot's cut (radians) leaves for position: 1 from a natural
    angle up, down to STRAIGHT for a dead straight shot."""
    deg = math.degrees(abs(cut))
    if deg >= NATURAL_CUT:
        return 1.0
    return STRAIGHT + (1.0 - STRAIGHT) * deg / NATURAL_CUT


def rail_gap(spec: TableSpec, cue: Vec) -> float:
    """The gap (m) between a ball at ``cue`` and the nearest cushion."""
    r = spec.balls.radius
    x, y = cue
    return max(0.0, min(x - r, spec.length - r - x, y - r, spec.width - r - y))


def rail_factor(spec: TableSpec, cue: Vec) -> float:
    """How much of a shot's ease a cue ball at ``cue`` keeps: RAIL frozen
    on a cushion, all of it a radius or more away."""
    near = RAIL_GAP * spec.balls.radius
    gap = rail_gap(spec, cue)
    if gap >= near:
        return 1.0
    return RAIL + (1.0 - RAIL) * gap / near


def ease(spec: TableSpec, cue: Vec, chance: float, cut: float) -> float:
    """A next shot's worth for position: its chance, less for a straight
    one and for a cue ball on a rail."""
    return chance * angle_factor(cut) * rail_factor(spec, cue)


def combine(eases: Iterable[float]) -> float:
    """A place's quality, 0-1, from the eases of every pot it offers: the
    best, and a little for the second (a fallback when the first is missed
    in position)."""
    best = sorted(eases, reverse=True)[:2]
    if not best:
        return 0.0
    second = best[1] if len(best) > 1 else 0.0
    return best[0] + SECOND * (1.0 - best[0]) * second


# -- a near scratch ------------------------------------------------------------

# A cue ball that passes a pocket's mouth closer than this (metres beyond
# the mouth's half width) came near a scratch: a slightly different stroke
# would have dropped it.
NEAR_POCKET = 0.06
# What a near scratch costs a shot's worth at its closest (the referee's
# verdict on a real one is counted where it happens).
SCRATCH_COST = 0.3


def cue_path(shot: Shot) -> list[Vec]:
    """The cue ball's way over the table: its place at each event of the
    shot (the stroke, contacts, changes from sliding to rolling, rest)."""
    path = [(s.x, s.y) for e in shot.events for s in e.snapshots
            if s.ball == CUE_BALL]
    end = shot.final.ball(CUE_BALL)
    if end.where is Where.TABLE:
        path.append((end.x, end.y))
    return path


def pocket_clearance(spec: TableSpec, path: Sequence[Vec],
                     within: float = math.inf) -> float:
    """How close (m) a ball on ``path`` came to dropping: the least distance
    from a pocket's mouth centre less the mouth's half width (negative
    inside it). Exact when under ``within``; otherwise at least ``within``
    (a segment whose box lies farther off a mouth is not measured)."""
    least = math.inf
    for pocket in spec.pockets:
        m = pocket.mouth_centre
        half = pocket.mouth_width / 2
        reach = half + within + 1e-6  # the margin far above any rounding
        x0, x1 = m[0] - reach, m[0] + reach
        y0, y1 = m[1] - reach, m[1] + reach
        for a, b in itertools.pairwise(path):
            if ((a[0] < x0 and b[0] < x0) or (a[0] > x1 and b[0] > x1)
                    or (a[1] < y0 and b[1] < y0) or (a[1] > y1 and b[1] > y1)):
                continue
            least = min(least, aim.segment_distance(m, a, b) - half)
    return least


def scratch_risk(spec: TableSpec, shot: Shot) -> float:
    """0 when the cue ball stayed well clear of every pocket, rising to 1 as
    it passed within a hair of a mouth (or dropped)."""
    if shot.final.ball(CUE_BALL).where is not Where.TABLE:
        return 1.0
    return path_risk(spec, cue_path(shot))


def path_risk(spec: TableSpec, path: Sequence[Vec]) -> float:
    """The scratch risk of a cue ball that went along ``path`` and stayed
    on the table: 0 clear of every mouth by NEAR_POCKET, towards 1 as it
    grazes one."""
    clearance = pocket_clearance(spec, path, NEAR_POCKET)
    if clearance >= NEAR_POCKET:
        return 0.0
    return min(1.0, 1.0 - max(0.0, clearance) / NEAR_POCKET)
