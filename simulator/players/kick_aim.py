"""Kicks aimed by simulation, not by the mirror alone.

A kick's first aim is geometric: the ball mirrored in the cushion (or two),
the cue ball sent at its image. A real ball does not leave a cushion at the
mirror's angle: a rolling ball comes off it shorter (its topspin bends it
forward), a fast one longer, and the cushion's height and friction add their
own; a kick aimed by the mirror alone often misses the ball altogether (a
foul in every pool game). So, as side-spin pots are aimed, the kick is
played once as aimed and once turned a little, the cue ball's miss of the
ball measured on each (where its way after the first cushion passes the
ball's centre, signed), and the secant through the two gives the turn that
meets the ball full; one more try refines it. Every try is a simulation the
decision's budget counts.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import replace

from simulator.players import aim, shots
from simulator.players.search import Budget, Steps
from simulator.players.shots import Candidate
from simulator.table.events import EventKind, Shot
from simulator.table.specs import CUE_BALL, Vec
from simulator.table.state import TableState

# The first probe's turn (degrees), the most a kick is turned off its
# geometric aim, and a miss (in ball radii off a full hit) good enough to
# keep.
PROBE = 0.3
MAX_TURN = 4.0
GOOD = 0.3
# Simulations one kick's aim may take (the probes and one refinement).
TRIES = 3


def kick_miss(shot: Shot, target: int, obj: Vec) -> float | None:
    """How far (m) the ball's centre lies off the cue ball's way after its
    first cushion, signed (positive: to the left of its travel): 0 is a full
    hit. Measured on the leg of that way nearest the ball (up to the cue
    ball's first contact with any ball); None when the cue ball never met a
    cushion."""
    path: list[Vec] = []
    railed = False
    for e in shot.events:
        snap = next((s for s in e.snapshots if s.ball == CUE_BALL), None)
        if e.kind is EventKind.BALL_CUSHION and CUE_BALL in e.balls:
            railed = True
        if railed and snap is not None:
            path.append((snap.x, snap.y))
        if e.kind is EventKind.BALL_BALL and CUE_BALL in e.balls:
            break
    else:
        end = shot.final.ball(CUE_BALL)
        if railed:
            path.append((end.x, end.y))
    legs = [(a, b) for a, b in itertools.pairwise(path) if math.dist(a, b) > 1e-4]
    if not legs:
        return None
    a, b = min(legs, key=lambda ab: aim.segment_distance(obj, ab[0], ab[1]))
    d = aim.unit(aim.sub(b, a))
    return aim.cross(d, aim.sub(obj, a))


def aimed_kick(table: TableState, c: Candidate, budget: Budget) -> Steps[Candidate]:
    """``c`` turned so that the cue ball meets its ball full after the
    cushions (a secant on simulations), or ``c`` as it was when the tries
    do not converge or the budget is short."""
    if c.target is None or budget.left < TRIES + 2:
        return c
    obj = table.position(c.target)
    if obj is None:
        return c
    r = table.spec.balls.radius
    tries: list[tuple[float, float]] = []
    direction = c.stroke.direction
    for _ in range(TRIES):
        shot = budget.run(table, replace(c.stroke, direction=direction % 360.0))
        yield
        miss = None if shot is None else kick_miss(shot, c.target, obj)
        if miss is None:
            break
        tries.append((direction, miss))
        if abs(miss) < GOOD * r:
            break
        if len(tries) == 1:
            direction += PROBE
            continue
        (d0, e0), (d1, e1) = tries[-2], tries[-1]
        if e1 == e0:
            break
        direction = d1 - e1 * (d1 - d0) / (e1 - e0)
        if abs(direction - c.stroke.direction) > MAX_TURN:
            break
    if not tries:
        return c
    best_direction, best_miss = min(tries, key=lambda t: abs(t[1]))
    if len(tries) >= 2 and abs(best_miss) >= GOOD * r:
        # The last secant step was not tried: take it when it stays near.
        (d0, e0), (d1, e1) = tries[-2], tries[-1]
        if e1 != e0:
            guess = d1 - e1 * (d1 - d0) / (e1 - e0)
            if abs(guess - c.stroke.direction) <= MAX_TURN:
                best_direction = guess
    if best_direction == c.stroke.direction:
        return c
    cue = table.position(CUE_BALL)
    if cue is not None and shots.kick_double_hit(table.spec, cue, best_direction):
        return c  # turned into a cushion it (nearly) touches: a double hit
    return replace(c, stroke=replace(c.stroke, direction=best_direction % 360.0))
