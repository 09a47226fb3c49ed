"""Random legal-looking shots for self-play: events made without physics."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from logs import HEAD_STRING, SPEC, Log, R

from rules.referee import Match
from rules.ruling import BallInHand, Choice, Declarations, Ruling, ShotRequirements
from simulator.table.events import Shot
from simulator.table.specs import CUE_BALL
from simulator.table.state import TableState, Where

POCKETS = tuple(p.name for p in SPEC.pockets)
RAILS = tuple(r.name for r in SPEC.rails)


def free_spot(rng: random.Random, table: TableState, ball: int,
              kitchen: bool = False) -> tuple[float, float] | None:
    others = [b.pos for b in table.balls
              if b.ball != ball and b.where is Where.TABLE]
    for _ in range(40):
        x_hi = SPEC.head_string_x - 0.002 if kitchen else SPEC.length - R
        x = rng.uniform(R + 0.001, x_hi)
        y = rng.uniform(R + 0.001, SPEC.width - R - 0.001)
        if all(math.dist((x, y), o) > 2 * R + 0.003 for o in others):
            return (x, y)
    return None


def random_shot(rng: random.Random, req: ShotRequirements, table: TableState,
                game: str) -> tuple[Shot, Declarations]:
    if req.ball_in_hand is not BallInHand.NONE and rng.random() < 0.7:
        spot = free_spot(rng, table, CUE_BALL,
                         kitchen=req.ball_in_hand is BallInHand.KITCHEN)
        if spot is not None and req.check_placement(table, *spot) is None:
            table = table.place(CUE_BALL, *spot)
    on = [b for b in table.on_table() if b != CUE_BALL]
    log = Log(table).stroke(miscue=rng.random() < 0.01)
    if rng.random() < 0.01:
        log.tip(0, duration=rng.choice([0.001, 0.01]))
    legal = list(req.legal_first_contacts) or on
    roll = rng.random()
    if roll < 0.04 or not on:
        target = None
    elif roll < 0.9:
        target = rng.choice(legal) if legal else rng.choice(on)
    else:
        target = rng.choice(on)
    if req.ball_in_hand is BallInHand.KITCHEN and rng.random() < 0.8:
        log.cross(0, HEAD_STRING, +1)
    if target is not None:
        log.hit(0, target)
    potted: list[tuple[int, str]] = []
    if target is not None:
        n_rails = rng.choice([0, 1, 2, 3, 4, 5]) if not req.is_break else \
            rng.choice([0, 2, 4, 6])
        for _ in range(n_rails):
            log.rail(rng.choice([0, *on]), rng.choice(RAILS))
        if rng.random() < (0.55 if req.is_break else 0.45):
            k = rng.choice([1, 1, 1, 2, 3])
            cands = [target] + [b for b in on if b != target]
            pool = cands if rng.random() < 0.7 else on
            for b in rng.sample(pool, min(k, len(pool))):
                if all(b != p for p, _ in potted):
                    pocket = rng.choice(POCKETS)
                    # 9-ball: a ball that drops is always touched first
                    if b != target:
                        log.hit(target, b)
                    log.pot(b, pocket)
                    potted.append((b, pocket))
    if rng.random() < 0.05:
        log.pot(0, rng.choice(POCKETS))
    elif rng.random() < 0.01:
        log.off(0)
    if on and rng.random() < 0.02:
        b = rng.choice(on)
        if all(b != p for p, _ in potted):
            if target is not None and b != target:
                log.hit(target, b)
            log.off(b)
    # Resting places for the cue ball and the object ball it hit.
    shot0 = log.shot()
    final = shot0.final
    for b in ([0] if target is None else [0, target]):
        if final.position(b) is not None and rng.random() < 0.8:
            spot = free_spot(rng, final, b)
            if spot is not None:
                final = final.place(b, *spot)
    shot = Shot(shot0.initial, shot0.stroke, shot0.events, final,
                duration=shot0.duration)
    decl = Declarations()
    if "call" in req.allowed_declarations and rng.random() < 0.9:
        if potted and rng.random() < 0.85:
            decl = Declarations(potted[0][0], potted[0][1])
        elif req.callable_balls:
            decl = Declarations(rng.choice(req.callable_balls),
                                rng.choice(POCKETS))
    if "safety" in req.allowed_declarations and rng.random() < 0.05:
        decl = Declarations(safety=True)
    if "push_out" in req.allowed_declarations and rng.random() < 0.3:
        decl = Declarations(push_out=True)
    _ = game
    return shot, decl


CALLED_FOULS = ("foul.touched_ball", "foul.foot_off_floor", "foul.not_tip",
                "foul.interference")


def play(game: str, seed: int, options: dict[str, Any] | None = None,
         max_steps: int = 1500, players: int = 2, *,
         called_fouls: Sequence[str] = CALLED_FOULS,
         on_step: Callable[[Match, Ruling, tuple[int, ...]], None] | None = None
         ) -> tuple[Match, list[Ruling]]:
    """One match of random shots (and, one step in a hundred, a foul a
    person calls from ``called_fouls``); ``on_step(match, ruling, scores
    before)`` sees every ruling as it is made."""
    rng = random.Random(seed)
    m = Match([f"P{i}" for i in range(players)], game, options or {}, seed=seed)
    rulings: list[Ruling] = []
    for _ in range(max_steps):
        if m.over:
            break
        req = m.requirements()
        if req.pending:
            m.choose(rng.choice(req.pending))
            continue
        before = m.scores
        if rng.random() < 0.01:
            r = m.call_foul(rng.choice(list(called_fouls)))
        else:
            shot, decl = random_shot(rng, req, m.table(), game)
            r = m.apply(shot, decl)
        rulings.append(r)
        if on_step is not None:
            on_step(m, r, before)
    return m, rulings


_ = Choice
