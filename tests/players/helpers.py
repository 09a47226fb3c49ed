"""Shared pieces of the computer-player tests: a fast strength, set
positions, and the legality check every decision must pass."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace
from typing import Any

from rules import pyramid, registry
from rules.game import Discipline, GameState
from rules.general import LAG_BALLS, lag_area
from rules.referee import Match
from rules.ruling import BallInHand, RulesError, ShotRequirements
from simulator.physics import simulate
from simulator.players import STRENGTHS, ComputerPlayer, ShotDecision, Strength
from simulator.players.player import seed_for
from simulator.table.events import Stroke
from simulator.table.specs import CUE_BALL, table_by_name
from simulator.table.state import TableState

# The documented stroke ranges (docs/formats.md), written out here.
SPEED_MAX = 15.0
OFFSET_MAX = 0.95
ELEVATION_MAX = 89.0

# The club player's candidates and noise with a budget of a few
# simulations: the same decisions' shapes, quickly.
FAST = Strength("fast", STRENGTHS["club"].noise, replace(
    STRENGTHS["club"].search, shot_budget=4, break_budget=2, finalists=2,
    first_samples=1))


def in_ranges(s: Stroke) -> bool:
    return (0.0 < s.speed <= SPEED_MAX and math.hypot(s.tip_a, s.tip_b) <= OFFSET_MAX
            and 0.0 <= s.elevation <= ELEVATION_MAX and math.isfinite(s.direction))


def discipline(game: str) -> Discipline[Any]:
    return registry.discipline_class(game)({})


def state_of(game: str, balls: dict[int, tuple[float, float]], **kw: Any) -> GameState:
    """A game of ``game`` with only ``balls`` on the bed (the others down),
    not a break, the cue ball where it lies unless ``ball_in_hand`` says."""
    info = registry.info(game)
    disc = discipline(game)
    base = disc.new_game(info.min_players, 0, 1, info.default_table)
    table = TableState.from_positions(info.default_table, balls,
                                      absent=range(16))
    if info.table_kind.value == "pyramid":
        table = pyramid.complete(table)
    fields: dict[str, Any] = {"table": table, "is_break": False,
                              "ball_in_hand": BallInHand.NONE}
    if hasattr(base, "first_break_pending"):
        fields["first_break_pending"] = False
    fields.update(kw)
    state: GameState = replace(base, **fields)
    return state


@dataclass
class Tally:
    """What a legality sweep saw."""

    shots: int = 0
    placements: int = 0
    calls: int = 0
    safeties: int = 0
    push_outs: int = 0
    choices: int = 0
    signatures: int = 0
    lags: int = 0
    kinds: dict[str, int] = field(default_factory=dict)


def check_shot(disc: Discipline[Any], state: GameState, req: ShotRequirements,
               d: ShotDecision, tally: Tally) -> None:
    """Every rule a computer's stroke keeps: inside the documented ranges,
    the cue ball placed only when in hand and where the referee allows it,
    declarations the requirements allow, and the referee judges the shot
    without refusing it."""
    assert in_ranges(d.intended), d.intended
    assert in_ranges(d.stroke), d.stroke
    table = state.table
    if req.ball_in_hand is BallInHand.NONE:
        assert d.place is None
    else:
        assert d.place is not None
        assert req.check_placement(table, *d.place) is None, (req.ball_in_hand,
                                                              d.place)
        tally.placements += 1
    played = d.table(table)
    assert req.declaration_problem(played, d.declarations) is None, d.declarations
    decl = d.declarations
    tally.calls += decl.called_ball is not None
    tally.safeties += decl.safety
    tally.push_outs += decl.push_out
    shot = simulate(played, d.stroke)
    try:
        disc.judge(state, shot, decl)
    except RulesError as e:  # pragma: no cover - the failure to report
        raise AssertionError(f"the referee refused the computer's shot: {e}") from e
    tally.shots += 1
    tally.kinds[d.kind] = tally.kinds.get(d.kind, 0) + 1


def sweep_match(game: str, seed: int, steps: int, tally: Tally,
                strength: Strength = FAST,
                options: dict[str, Any] | None = None) -> Match:
    """Play ``steps`` steps of a match with every decision checked."""
    info = registry.info(game)
    n = info.min_players
    m = Match([f"p{i}" for i in range(n)], game, options or {"race_to": 9,
                                                             "target": 300}, seed)
    player = ComputerPlayer(strength)
    for _ in range(steps):
        if m.over:
            break
        req = m.requirements()
        signers = tuple(getattr(req, "may_sign", ()))
        if signers:
            for p in signers:
                s = player.sign(m.discipline, m.state, p)
                m.choose(s.choice, p)
                tally.signatures += 1
            continue
        if req.is_lag:
            spec = m.table().spec
            a, b = (player.lag(spec, p, seed_for(seed, len(m.history), p))
                    for p in (0, 1))
            for p, dec in enumerate((a, b)):
                x0, x1, y0, y1 = lag_area(spec, p)
                assert x0 <= dec.place[0] <= x1 and y0 <= dec.place[1] <= y1
                assert in_ranges(dec.stroke)
            table = TableState.from_positions(spec.name, {LAG_BALLS[0]: a.place,
                                                          LAG_BALLS[1]: b.place})
            m.lag(simulate(table, a.stroke, also=((LAG_BALLS[1], b.stroke),)),
                  LAG_BALLS)
            tally.lags += 1
            continue
        if req.pending:
            chooser = req.chooser if req.chooser is not None else req.shooter
            c = player.choice(m.discipline, m.state, req.pending, chooser,
                              seed_for(seed, len(m.history), chooser))
            assert c.choice in req.pending
            m.choose(c.choice, c.ball)
            tally.choices += 1
            continue
        d = player.shot(m.discipline, m.state, seed_for(seed, len(m.history),
                                                        req.shooter), req)
        check_shot(m.discipline, m.state, req, d, tally)
        m.apply(simulate(d.table(m.table()), d.stroke), d.declarations)
    return m


def scattered(game: str, rng: random.Random, count: int) -> dict[int, tuple[float,
                                                                          float]]:
    """``count`` object balls and the cue ball at random spots, no two
    touching."""
    info = registry.info(game)
    spec = table_by_name(info.default_table)
    r = spec.balls.radius
    balls = list(info.balls)
    rng.shuffle(balls)
    chosen = sorted(balls[:count])
    if info.game_ball is not None and info.game_ball not in chosen:
        chosen[-1] = info.game_ball
    out: dict[int, tuple[float, float]] = {}
    for b in [CUE_BALL, *chosen]:
        for _ in range(500):
            p = (rng.uniform(2 * r, spec.length - 2 * r),
                 rng.uniform(2 * r, spec.width - 2 * r))
            if all(math.dist(p, q) > 2 * r + 0.002 for q in out.values()):
                out[b] = p
                break
    return out
