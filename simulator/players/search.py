"""Choosing among candidate strokes by simulating them.

Every candidate is played once without noise (what the stroke does when it
comes off as meant: where the cue ball goes, what the referee rules); the
best few by that and their geometric chance are then played with the
player's execution noise, the same noise draws for every candidate (common
random numbers make the comparison fair), halving the field each round
until the budget is spent. The budget counts simulations, so the same seed
and position give the same choice on any machine, however fast.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from rules.game import GameState
from rules.ruling import BallInHand, RulesError
from simulator.physics import PhysicsError, cue, shaft, simulate, simulate_search, stick
from simulator.players import aim, position
from simulator.players.appraise import Judge, succeeded
from simulator.players.shots import Candidate
from simulator.players.strength import Draw, Noise, draw_noise
from simulator.table.events import Shot, Stroke
from simulator.table.specs import CUE_BALL, TableSpec, Vec
from simulator.table.state import TableState

# Playback frames are not needed to judge a shot; one frame a long while
# apart keeps the simulation from sampling them (the physics is the same).
SEARCH_FRAME_DT = 1e3
# The cue tip's reach after the strike (the stroke's follow-through, the
# cue ball's diameter, the tip): a stroke with a ball or a cushion that
# near ahead of the cue ball may be a double hit, which only the full
# physics (the stick) finds; every other stroke the search plays without
# the stick (physics.simulate_search).
TIP_REACH = 0.05 + 0.0572 + 0.013 + 0.01
# The noiseless estimate counts as this many noisy outcomes in a mean.
PRIOR_WEIGHT = 2.0
# A stroke that fouls even as meant (a foul given away on purpose: a kick
# or a safety played to foul, 14.1's cheap foul that leaves nothing) costs
# this beyond what the referee charges: a strong player gives no foul away
# while a legal stroke leaves the opponent less than a sure shot. Without
# it the strong player chose such a foul 5 times in 155 14.1 strokes over
# legal safeties valued 0.03 to 0.4 lower (bench --part why).
GIVE_AWAY = 0.3
# A stroke that pots nothing (a safety, a kick, a push-out) and is legal as
# meant but fouls on more than RISK_FREE of its noisy tries costs FOUL_RISK
# for each share of tries beyond it, on top of what the referee charges
# for those tries: such a foul is given away, never the best play. Valued
# at the referee's charge alone, a 14.1 safety that double-hit on 21 of its
# 116 tries was chosen over a kick that fouled on none (-0.16 against
# -0.38: the foul there costs a point and leaves the table as it lies),
# and the strong player fouled on 2 to 2.6 strokes in 100 that were not
# pot attempts (bench, 14.1 and 8-ball).
RISK_FREE = 0.03
FOUL_RISK = 3.0
# A stroke that fouls even as meant and hands the opponent the cue ball in
# hand (a no-rail in 8-ball or 9-ball, general rule 8) is never the best
# play while a stroke legal as meant is there: it costs this much more, past
# the width of the value scale (-1 to 1), so it ranks below them all. Ball
# in hand was valued at a floor of a fair shot for the opponent, and where
# the legal safeties left him a shot as good the foul came level with them.
# A foul that leaves the table as it lies (14.1: a point and one more in the
# count of successive fouls, rule 3 of its fouls, the third costing fifteen
# points) is valued by what the referee charges, and GIVE_AWAY.
HAND_OVER = 2.0

# The documented stroke ranges (docs/formats.md): a computer never strokes
# outside them, nor harder than a person can (cue.PLAYED_CUE_SPEED: the
# cue ball at 12 m/s at most; its noise once reached 15).
MAX_CUE_SPEED = cue.PLAYED_CUE_SPEED  # m/s
MIN_CUE_SPEED = 0.05  # the least a computer strokes
MAX_TIP_OFFSET = 0.95  # fraction of R, |(a, b)|
MAX_ELEVATION = 89.0  # degrees, [0, 89]


def executed(intended: Stroke, noise: Noise, z: Draw, spec: TableSpec) -> Stroke:
    """The stroke as the player's arm delivers it: the intended one with
    ``noise`` scaled by the standard normal draws ``z`` (direction,
    elevation, speed, tip a, tip b), kept inside the documented ranges."""
    r_mm = spec.balls.radius * 1000.0
    a = intended.tip_a + z[3] * noise.tip / r_mm
    b = intended.tip_b + z[4] * noise.tip / r_mm
    off = (a * a + b * b) ** 0.5
    if off > MAX_TIP_OFFSET:
        a, b = a * MAX_TIP_OFFSET / off, b * MAX_TIP_OFFSET / off
    return Stroke(
        direction=(intended.direction + z[0] * noise.direction) % 360.0,
        speed=min(MAX_CUE_SPEED,
                  max(MIN_CUE_SPEED, intended.speed + z[2] * noise.speed)),
        tip_a=a, tip_b=b,
        elevation=min(MAX_ELEVATION, max(0.0, intended.elevation
                                         + z[1] * noise.elevation)),
        follow_through=intended.follow_through,
        contact_time=intended.contact_time)


def within_ranges(stroke: Stroke) -> bool:
    """Whether a stroke lies inside the documented ranges."""
    off = (stroke.tip_a ** 2 + stroke.tip_b ** 2) ** 0.5
    return (0.0 < stroke.speed <= MAX_CUE_SPEED and off <= MAX_TIP_OFFSET + 1e-12
            and 0.0 <= stroke.elevation <= MAX_ELEVATION)


def tip_can_reach(table: TableState, stroke: Stroke) -> bool:
    """Whether the tip, following through, could touch anything again: a
    ball or a cushion within TIP_REACH ahead of the cue ball (or the cue
    ball off the table: nothing to decide), and of the balls ahead only
    those the tip's follow-through can still meet (tip_meets)."""
    cue = table.position(CUE_BALL)
    if cue is None:
        return True
    spec = table.spec
    r = spec.balls.radius
    d = aim.from_heading(stroke.direction)
    x, y = cue
    # The cushions ahead: how far the centre goes along d before a nose line.
    for value, axis, sign in ((r, 0, -1.0), (spec.length - r, 0, 1.0),
                              (r, 1, -1.0), (spec.width - r, 1, 1.0)):
        comp = d[axis] * sign
        if comp > 1e-9:
            gap = (value - (x if axis == 0 else y)) * sign
            if gap / comp < TIP_REACH:
                return True
    meets: Callable[[float, float], bool] | None = None
    for b in table.balls:
        if b.ball == CUE_BALL or b.where.value != "table":
            continue
        rel = (b.x - x, b.y - y)
        along = aim.dot(rel, d)
        if along <= 0.0:
            continue
        side = abs(aim.cross(d, rel))
        if along < TIP_REACH + 2 * r and side < 2 * r + 0.01:
            if meets is None:
                meets = tip_meets(spec, stroke)
            if meets(along, side):
                return True
    return False


# A plain stroke (no push, no miscue) at most this steep is judged by how
# far its tip follows through (tip_meets); a steeper one by TIP_REACH.
TIP_ELEVATION = 10.0  # degrees
# Kept clear of the tip's and the cue ball's reach beyond the bounds (m).
TIP_MARGIN = 0.01


def tip_meets(spec: TableSpec, stroke: Stroke) -> Callable[[float, float], bool]:
    """For a ball at rest ``along`` the cue line ahead of the cue ball's
    centre and ``side`` off it (m), whether the follow-through could touch
    it or the cue ball come back to the tip off it. The tip (stick.py)
    travels at most the follow-through, for as long as it slows to a stop;
    no ball moves faster than the stroke's energy allows; the cue ball goes
    on at least until it meets the ball, and comes back no faster than its
    cloth's sliding friction, doubled, turns it. Otherwise any ball within
    TIP_REACH ahead counts."""
    balls, prm = spec.balls, spec.physics
    res = cue.strike(stroke, balls, prm)
    motion = stick.follow_through(stroke, res, balls.mass, prm.cue_mass)
    if motion is None:
        return lambda along, side: False  # the tip stops at the strike
    if stick.carries(stroke) or res.miscue or stroke.elevation > TIP_ELEVATION:
        return lambda along, side: True
    speed, decel = motion
    life = speed / decel
    r = balls.radius
    ft = stroke.follow_through
    # The fastest any ball can go: all the stroke's energy in one ball's run.
    vx, vy, vz = res.velocity
    wx, wy, wz = res.spin
    fastest = math.sqrt(vx * vx + vy * vy + vz * vz
                        + 0.4 * r * r * (wx * wx + wy * wy + wz * wz))
    back = 2.0 * prm.mu_slide * prm.gravity
    tip_side = r + stick.TIP_RADIUS + abs(stroke.tip_a) * r + TIP_MARGIN

    def meets(along: float, side: float) -> bool:
        if side >= 2.0 * r + TIP_MARGIN * 0.5:
            # Off the cue ball's path: only the tip itself may touch it.
            return side < tip_side and along < ft + TIP_MARGIN
        travel = along - math.sqrt(max(0.0, 4.0 * r * r - side * side))
        left = max(0.0, life - travel / fastest)
        return travel < ft + TIP_MARGIN + 0.5 * back * left * left

    return meets


class Budget:
    """Simulations left for one decision; with ``moves``, also no more than
    the balls set moving by its simulations (each ball each simulation it
    moves) allow, at the mean the simulations so far moved: a stroke into
    a full pyramid moves sixteen balls and costs ten times an open pot."""

    def __init__(self, simulations: int, moves: int = 0, full_cost: int = 1,
                 kept: int = 0) -> None:
        self.total = simulations
        # Simulations the noiseless pass leaves to the noisy rounds at least
        # (up to half the budget; Search.kept): the hint's small budget.
        self.kept = kept
        # What one simulation in the full physics (the stick, frames) counts
        # against ``total``: the hint bounds its time so (Search.full_cost).
        self.full_cost = full_cost
        self.used = 0
        self.physics_seconds = 0.0  # measured for the benchmark, never decides
        self.full = 0  # simulations played with the full physics (the stick)
        self.failed = 0  # simulations the physics could not finish
        self.moves = moves  # 0: simulations alone count
        self.moved = 0  # balls set moving by the simulations run so far
        self.counted = 0  # the simulations whose moved balls were counted

    @property
    def left(self) -> int:
        left = self.total - self.used
        if self.moves and self.counted:
            per = max(1.0, self.moved / self.counted)
            left = min(left, int((self.moves - self.moved) / per))
        return left

    @property
    def share(self) -> float:
        """How much of the budget is spent, 0 to 1: of the simulations, or
        of the balls they may set moving where that ends the search first
        (a stroke into a full pyramid spends the moves at a quarter of the
        simulations)."""
        return self.used / max(1, self.used + max(0, self.left))

    def run(self, table: TableState, stroke: Stroke) -> Shot | None:
        """One simulation: search-grade (no frames, no cue stick after the
        strike) unless the tip could reach something ahead of the cue
        ball, when the full physics finds any double hit. None when the
        physics gave up on the stroke (a ball left where none can rest):
        such a stroke is valued as the worst outcome and never chosen, so
        a rare failure in one of thousands of tries never stops a match."""
        full = tip_can_reach(table, stroke)
        self.used += self.full_cost if full else 1
        t0 = time.perf_counter()
        try:
            if full:
                self.full += 1
                shot: Shot | None = simulate(table, stroke, frame_dt=SEARCH_FRAME_DT)
            else:
                shot = simulate_search(table, stroke)
        except PhysicsError:
            self.failed += 1
            shot = None
        self.physics_seconds += time.perf_counter() - t0
        if self.moves and shot is not None:
            self.counted += 1
            self.moved += sum(a != b for a, b in zip(shot.initial.balls,
                                                     shot.final.balls, strict=False))
        return shot


@dataclass
class Scored:
    """A candidate with what its simulations said."""

    candidate: Candidate
    order: int  # its place in the first ranking (ties go to the earlier)
    clean: float = 0.0  # the noiseless outcome's value
    clean_success: bool = False
    estimate: float = 0.0  # the value used to pick the finalists
    values: list[float] = field(default_factory=list)  # noisy outcomes
    successes: int = 0
    fouls: int = 0
    clean_foul: bool = False
    hands_over: bool = False  # fouls as meant and gives the cue ball in hand

    @property
    def given(self) -> float:
        """What a foul as meant costs beyond the referee's charge."""
        if not self.clean_foul:
            return 0.0
        return GIVE_AWAY + (HAND_OVER if self.hands_over else 0.0)

    @property
    def mean(self) -> float:
        """The noisy outcomes' mean, drawn towards the first estimate as if
        that were ``PRIOR_WEIGHT`` outcomes (a few samples can be lucky),
        less ``given`` for a stroke that fouls even as meant, less
        ``risk`` for one that pots nothing and fouls under the noise."""
        given = self.given if self.clean_foul else self.risk
        return (PRIOR_WEIGHT * self.estimate + sum(self.values)) / \
            (PRIOR_WEIGHT + len(self.values)) - given

    @property
    def foul_share(self) -> float:
        """The share of the noisy tries that fouled."""
        return self.fouls / len(self.values) if self.values else 0.0

    @property
    def risk(self) -> float:
        """FOUL_RISK for each share of noisy tries beyond RISK_FREE that
        fouled, for a stroke that pots nothing (0 for a pot, whose foul, a
        scratch, comes with a try at a ball, and for a break)."""
        if self.candidate.kind not in NOT_POTS:
            return 0.0
        return FOUL_RISK * max(0.0, self.foul_share - RISK_FREE)

    @property
    def success_rate(self) -> float:
        if self.values:
            return self.successes / len(self.values)
        return self.candidate.chance if self.clean_success else 0.0


@dataclass(frozen=True)
class Context:
    """What a search needs: the position, the referee, the player's noise."""

    judge: Judge
    state: GameState
    table: TableState
    noise: Noise
    declarations_ok: Callable[[Candidate], bool]
    # Whether a cue ball passing close by a pocket counts against a stroke
    # (a player who plays position; not on a break, where the cue ball
    # meets a scattering rack, nor where the cue ball is the object).
    scratch_care: bool = False


def table_for(ctx: Context, c: Candidate) -> TableState:
    if c.place is None:
        return ctx.table
    return ctx.table.place(CUE_BALL, c.place[0], c.place[1])


def played(table: TableState, c: Candidate) -> Candidate | None:
    """``c`` as it is played on ``table`` (the cue ball where it starts):
    its cue raised over a ball its stick would lie on, as the window plays
    it (``shaft.as_played``), so that what is simulated is what is played;
    None when no elevation the aim allows clears the ball."""
    stroke = shaft.as_played(table, c.stroke)
    if stroke is None:
        return None
    return c if stroke == c.stroke else replace(c, stroke=stroke)


def judge_shot(ctx: Context, c: Candidate, shot: Shot) -> tuple[float, bool, bool]:
    """(value, success, foul) of one simulated outcome, as the referee
    rules it."""
    disc: Any = ctx.judge.discipline
    try:
        ruling, new = disc.judge(ctx.state, shot, c.declarations)
    except RulesError:
        return -2.0, False, True  # never chosen: the referee would refuse it
    me = ctx.judge.me
    value = ctx.judge.outcome(ruling, new)
    if ctx.scratch_care and not ruling.fouls:
        value -= position.SCRATCH_COST * position.scratch_risk(ctx.table.spec, shot)
    return value, succeeded(ruling, me), bool(ruling.fouls)


def hands_over(ctx: Context, c: Candidate, shot: Shot) -> bool:
    """Whether the referee gives the opponent the cue ball in hand after
    ``shot`` for a foul."""
    try:
        ruling, _ = ctx.judge.discipline.judge(ctx.state, shot, c.declarations)
    except RulesError:
        return False
    return bool(ruling.fouls) and ruling.next_shooter != ctx.judge.me and \
        ruling.ball_in_hand is not BallInHand.NONE


# A stroke with side spin is aimed by simulation: where the object ball
# goes off the tip's first try, and off one a little turned, give the turn
# that sends it on its line (squirt, swerve and the spin's throw measured,
# not guessed). No more than this far off the first aim (degrees).
MAX_AIM_TURN = 3.0
AIM_PROBE = 0.25  # degrees


def object_error(shot: Shot, target: int, want: Vec) -> float | None:
    """The object ball's travel off its first contact with the cue ball, in
    degrees from ``want`` (counterclockwise positive); None if the cue ball
    met another ball first or none."""
    for e in shot.events:
        if e.kind.value == "ball_ball" and CUE_BALL in e.balls:
            if target not in e.balls:
                return None
            for snap in e.snapshots:
                if snap.ball == target and (snap.vx or snap.vy):
                    v = (snap.vx, snap.vy)
                    return math.degrees(math.atan2(aim.cross(want, v),
                                                   aim.dot(want, v)))
            return None
    return None


def aimed(ctx: Context, c: Candidate, table: TableState,
          budget: Budget) -> Steps[Candidate]:
    """``c`` turned so that its object ball leaves on its line to the
    pocket (a secant on two simulations), or ``c`` as it was."""
    if c.target is None or c.pocket is None or budget.left < 3:
        return c
    obj = table.position(c.target)
    if obj is None:
        return c
    want = aim.unit(aim.sub(aim.aim_point(table.spec.pocket(c.pocket), obj), obj))
    d0 = c.stroke.direction
    first = budget.run(table, c.stroke)
    e0 = None if first is None else object_error(first, c.target, want)
    yield
    if e0 is None or abs(e0) < 0.03:
        return c
    d1 = d0 + (AIM_PROBE if e0 < 0.0 else -AIM_PROBE)
    second = budget.run(table, replace(c.stroke, direction=d1 % 360.0))
    e1 = None if second is None else object_error(second, c.target, want)
    yield
    if e1 is None or e1 == e0:
        return c
    turn = -e0 * (d1 - d0) / (e1 - e0)
    if abs(turn) > MAX_AIM_TURN:
        return c
    # Turned, the stick may come to lie on a ball: raised over it.
    turned = replace(c, stroke=replace(c.stroke, direction=(d0 + turn) % 360.0))
    return played(table, turned) or c


POTS = ("pot", "bank", "cue_pot", "combo")
NOT_POTS = ("safety", "kick", "push_out")  # strokes that pot nothing
# A try the physics could not finish: valued as a lost game and a foul.
FAILED = (-1.0, False, True)
NO_POT_PRIOR = 0.25  # where a safety or a kick comes among the pots


def prior(c: Candidate) -> float:
    """The order candidates are first simulated in (a small budget reaches
    only the first few)."""
    if c.kind in POTS:
        return c.chance
    return min(c.chance, NO_POT_PRIOR)


def miss_value(ctx: Context) -> float:
    """About what a miss leaves: the next player at this table (the cue ball
    where it is) with a shot of its quality."""
    return -ctx.judge.at_table(0.4) if ctx.judge.position else \
        -ctx.judge.at_table(0.5)


T = TypeVar("T")
Steps = Generator[None, None, T]


def finish(steps: Steps[T]) -> T:
    """Run a step-by-step computation to its end and return its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result


def search(ctx: Context, candidates: Sequence[Candidate], budget: Budget,
           finalists: int, first_samples: int, rng: random.Random) -> list[Scored]:
    """Score the candidates within the budget; the best first."""
    return finish(search_steps(ctx, candidates, budget, finalists, first_samples,
                               rng))


def search_steps(ctx: Context, candidates: Sequence[Candidate], budget: Budget,
                 finalists: int, first_samples: int,
                 rng: random.Random) -> Steps[list[Scored]]:
    """:func:`search` a simulation at a time: it yields after each one, so a
    window can spread the work over its frames (the result is the same)."""
    pool = [Scored(c, i) for i, c in enumerate(candidates) if ctx.declarations_ok(c)]
    if not pool:
        return []
    if budget.total <= 0:
        for s in pool:
            s.estimate = s.candidate.chance
        return sorted(pool, key=lambda s: (-s.estimate, s.order))
    reserve = min(budget.left // 2, max(finalists * first_samples, budget.kept))
    miss = miss_value(ctx)
    # The noiseless pass, pots in the order of their geometric chance; the
    # strokes that pot nothing (safeties, kicks) after any fair pot.
    pool.sort(key=lambda s: (-prior(s.candidate), s.order))
    looked: list[Scored] = []
    for s in pool:
        if budget.left <= reserve and looked:
            break
        table = table_for(ctx, s.candidate)
        if s.candidate.stroke.tip_a != 0.0 and s.candidate.kind == "pot":
            s.candidate = yield from aimed(ctx, s.candidate, table, budget)
        shot = budget.run(table, s.candidate.stroke)
        yield
        s.clean, s.clean_success, s.clean_foul = FAILED if shot is None else \
            judge_shot(ctx, s.candidate, shot)
        s.hands_over = s.clean_foul and shot is not None and \
            hands_over(ctx, s.candidate, shot)
        c = s.candidate.chance
        if s.candidate.kind in POTS and s.clean_success:
            s.estimate = c * s.clean + (1.0 - c) * miss
        else:
            s.estimate = s.clean
        looked.append(s)
    looked.sort(key=lambda s: (-s.estimate + s.given,
                               s.order))
    field_ = varied(looked, max(1, finalists))
    if ctx.noise.silent:
        return looked  # every noisy sample would be the noiseless one
    draws: list[Draw] = []
    samples = first_samples
    while field_ and budget.left >= len(field_):
        per = max(1, min(samples, budget.left // len(field_)))
        while len(draws) < len(field_[0].values) + per:
            draws.append(draw_noise(rng))
        for s in field_:
            for k in range(len(s.values), len(s.values) + per):
                if budget.left <= 0:
                    break
                stroke = executed(s.candidate.stroke, ctx.noise, draws[k],
                                  ctx.table.spec)
                shot = budget.run(table_for(ctx, s.candidate), stroke)
                yield
                v, ok, foul = FAILED if shot is None else \
                    judge_shot(ctx, s.candidate, shot)
                s.values.append(v)
                s.successes += ok
                s.fouls += foul
        field_.sort(key=lambda s: (-s.mean, s.order))
        if len(field_) > 2:
            field_ = field_[: (len(field_) + 1) // 2]
        samples *= 2
    # Those sampled most come first, then by their mean.
    return sorted(looked, key=lambda s: (-len(s.values), -s.mean, s.order))


# Of one pot (a ball into a pocket) at most this many speed and spin
# variants go to the noisy rounds at first: their noiseless estimates move
# together, and the variants of the one best pot filled every place, so a
# second ball whose geometric chance undersold it was never tried with the
# noise (14.1, a key ball left for the rack's last ball: bench --part why).
PER_POT = 3


def varied(ranked: Sequence[Scored], count: int) -> list[Scored]:
    """The first ``count`` of ``ranked`` with at most PER_POT of one pot,
    then the rest in order where places are left."""
    seen: dict[tuple[str, int | None, str | None], int] = {}
    first: list[Scored] = []
    later: list[Scored] = []
    for s in ranked:
        c = s.candidate
        key = (c.kind, c.target, c.pocket)
        n = seen.get(key, 0)
        if c.kind in POTS and n >= PER_POT:
            later.append(s)
            continue
        seen[key] = n + 1
        first.append(s)
    out = (first + later)[:count]
    out.sort(key=lambda s: ranked.index(s))
    return out


def best(scored: Sequence[Scored]) -> Scored | None:
    """The most sampled candidate with the best mean (the search's order)."""
    if not scored:
        return None
    top = len(scored[0].values)
    return max((s for s in scored if len(s.values) == top),
               key=lambda s: (s.mean, -s.order))


def with_place(c: Candidate, place: tuple[float, float] | None) -> Candidate:
    return replace(c, place=place)
