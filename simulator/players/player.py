"""A computer player: everything a person decides at the table.

- the stroke (direction, speed, tip offset, elevation) with its calls and
  declarations (ball and pocket, safety, push-out) and, with the cue ball in
  hand, where to put it: :meth:`ComputerPlayer.shot`;
- the incoming player's choices (accept the table or hand it back, re-rack,
  14.1's options, the push-out, break or give the break, Express's shoot or
  make the offender shoot): :meth:`ComputerPlayer.choice`;
- the lag for the break: :meth:`ComputerPlayer.lag`;
- in Express, to sign back in or not: :meth:`ComputerPlayer.sign`.

Every decision is a pure function of the position, the strength and a seed:
the seed drives both the search's noise samples and the noise of the stroke
actually played, so the same seed and position give the same decision bit
for bit. The referee is asked, never second-guessed: what may be hit, called,
declared and where the cue ball may go come from ``ShotRequirements``; what
an outcome means comes from the discipline's ``judge``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeVar

from rules.game import Discipline, GameState
from rules.general import lag_area
from rules.referee import mix_seed
from rules.ruling import (
    DECL_PUSH_OUT,
    BallInHand,
    Choice,
    Declarations,
    RulesError,
    ShotRequirements,
)
from simulator.physics import PhysicsError, shaft, simulate
from simulator.players import aim, kick_aim, search, shots
from simulator.players import plan as planning
from simulator.players.appraise import Judge
from simulator.players.strength import Strength, draw_noise
from simulator.table.events import EventKind, Shot, Stroke
from simulator.table.specs import CUE_BALL, TableSpec, Vec
from simulator.table.state import TableState, Where


@dataclass(frozen=True)
class ShotDecision:
    """A stroke decided: where the cue ball goes first when in hand, the
    stroke meant (``intended``) and the one played (``stroke``, the player's
    execution noise in it), the declarations, and why."""

    place: Vec | None
    intended: Stroke
    stroke: Stroke
    declarations: Declarations
    kind: str  # pot, bank, kick, safety, break, safe_break, cue_pot, push_out
    target: int | None
    pocket: str | None
    success: float  # the share of simulated tries that were legal pots
    value: float  # their mean worth to the player, -1 to 1
    simulations: int
    considered: int  # candidates looked at
    physics_seconds: float = field(default=0.0, compare=False)  # for benchmarks
    # Every stroke tried fouled (the fallback's least bad): said, never
    # passed off as a safety.
    fouls: bool = False
    # The noisy simulations of the chosen stroke itself, the count its
    # ``success`` share is of (``simulations`` is the whole decision's;
    # the full-physics checks are not tries: they judge no share). 0 for a
    # stroke judged by geometry alone or the fallback's.
    tries: int = 0

    def table(self, table: TableState) -> TableState:
        """The table the stroke is played on (the cue ball placed)."""
        if self.place is None:
            return table
        return table.place(CUE_BALL, self.place[0], self.place[1])

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "target": self.target, "pocket": self.pocket,
                "place": None if self.place is None else [self.place[0],
                                                           self.place[1]],
                "declarations": self.declarations.to_dict(),
                "intended": self.intended.to_dict(), "stroke": self.stroke.to_dict(),
                "success": round(self.success, 4), "value": round(self.value, 4),
                "simulations": self.simulations, "considered": self.considered,
                "tries": self.tries}


@dataclass(frozen=True)
class ChoiceDecision:
    """A choice among the open options, each option's worth as the player
    saw it, and the simulations it cost (a break is tried out)."""

    choice: Choice
    ball: int | None
    values: Mapping[Choice, float] = field(default_factory=dict)
    simulations: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"choice": self.choice.value, "ball": self.ball,
                "values": {c.value: round(v, 4) for c, v in self.values.items()},
                "simulations": self.simulations}


@dataclass(frozen=True)
class LagDecision:
    place: Vec
    intended: Stroke
    stroke: Stroke
    simulations: int

    def to_dict(self) -> dict[str, Any]:
        return {"place": [self.place[0], self.place[1]],
                "intended": self.intended.to_dict(), "stroke": self.stroke.to_dict(),
                "simulations": self.simulations}


@dataclass(frozen=True)
class SignDecision:
    """Express (SEED-E 2.5): a player written down to zero signs back in
    (pays the stake, back to the starting points) or declines (is out)."""

    player: int
    sign: bool

    @property
    def choice(self) -> Choice:
        return Choice.SIGN if self.sign else Choice.DECLINE_SIGN

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "choice": self.choice.value}


T = TypeVar("T")

# The search's best strokes checked by the full physics before one is
# played (the first that does not foul where the search's try did not).
CHECKS = 3
# A pot checked (checked) must still drop with its stroke this many
# standard deviations of the player's speed softer: the strong player's
# sure soft pots (0.9 m/s) died in the jaws a little under the pace meant
# (a no-rail foul) where its handful of noisy tries had all dropped.
PACE_MARGIN = 2.0
# Safeties searched, by the pots a strength keeps (its search's breadth).
SAFETIES = {3: 5, 4: 5, 6: 12, 8: 18}
# Safeties are searched where no pot is this likely (its geometric chance
# with the player's noise)...
SAFETY_BELOW = 0.6
# ...and with the cue ball in hand only where no placed pot is this likely:
# placed for a pot of even chances a club player pots. Valued against a
# safety that leaves nothing, a pot leaving a poor next shot lost (at the
# table with no shot is worth less than nothing below the planners), and
# the club player parked the cue ball for a safety with the 1 a 53 % pot.
HAND_SAFETY_BELOW = 0.5
# Push-outs tried, by the pots a strength keeps: the strong and pro players
# roll the cue ball every way round (eight directions, two speeds), the
# others the first four (two directions). The four alone sent the cue ball
# only up and across the table at 22.5 and 67.5 degrees: after a 9-ball
# break the strong player's push-outs left the opponent shots it valued up
# to -0.29, and with none better it played an 81-degree cut its own tries
# made a third of the time and fouled (bench --part why, rack 1016).
PUSH_OUTS = {6: 16, 8: 16}
# Combinations (a legal ball into another that drops) are looked for where
# no straight pot is this likely: after a 9-ball break the 1 with no pot
# ended 17 of 50 first innings on a safety, push-out or kick, 7 of them
# with a combination on (bench --part why, sixteenth round).
COMBO_BELOW = 0.5
# A stroke played over a ball is also tried struck this high on the cue ball
# (a fraction of R): the cue then needs less elevation to clear it.
RAISED_TIP_B = 0.4
COMBOS = 3


def seed_for(match_seed: int, step: int, player: int) -> int:
    """The seed of one decision: the match's seed, the step it is taken at
    and the player taking it (two players may decide at one step: the lag)."""
    return mix_seed(mix_seed(match_seed, step + 1), player + 1)

# The strokes at a legal ball tried when the search found nothing.
FALLBACK_TRIES = 12
# Simulations spent aiming the fallback's kicks (kick_aim), besides its tries.
FALLBACK_AIMING = 16


# The fallback's sweep round the table when every stroke at a ball fouled:
# a direction each SWEEP_STEP degrees at each speed (m/s), search-grade,
# and the best legal ones checked in the full physics.
SWEEP_STEP = 1.0
SWEEP_SPEEDS = (3.0, 5.0)
SWEEP_CHECKS = 4
# The fallback's strokes legal as meant are tried with the player's noise
# before one is played: the best STEADY_FIELD of them, STEADY_SAMPLES
# noisy tries each at first, within STEADY_BUDGET simulations.
STEADY_FIELD = 6
STEADY_SAMPLES = 4
STEADY_BUDGET = 96
STEADY_APART = 3.0  # degrees between two of the field on one ball


def apart(a: Stroke, b: Stroke) -> float:
    """Degrees between two strokes' directions."""
    return abs((a.direction - b.direction + 180.0) % 360.0 - 180.0)


def first_hit(shot: Shot, c: shots.Candidate) -> shots.Candidate:
    """``c`` named by the ball its cue ball meets first in ``shot``: a kick
    when a cushion comes before it, a safety when it meets it straight."""
    cushion = False
    for e in shot.events:
        if CUE_BALL not in e.balls:
            continue
        if e.kind is EventKind.BALL_CUSHION:
            cushion = True
        elif e.kind is EventKind.BALL_BALL:
            ball = next(b for b in e.balls if b != CUE_BALL)
            return replace(c, kind="kick" if cushion else "safety", target=ball)
    return c


class ComputerPlayer:
    """A computer player of one strength."""

    def __init__(self, strength: Strength) -> None:
        self.strength = strength
        # The budget of the stroke's search under way (how far it is).
        self.budget: search.Budget | None = None

    @property
    def name(self) -> str:
        return self.strength.name

    def _judge(self, disc: Discipline[Any], me: int,
               break_value: float = 0.0) -> Judge:
        s = self.strength
        return Judge(disc, me, s.noise, s.search.max_cut, s.search.position,
                     break_value, s.search.plan)

    # -- the stroke ----------------------------------------------------------
    def shot(self, disc: Discipline[Any], state: GameState, seed: int,
             req: ShotRequirements | None = None,
             only: tuple[str, ...] = ()) -> ShotDecision:
        """The stroke for the shooter of ``state`` (``only``: consider only
        candidates of these kinds, e.g. ``("pot",)`` to measure potting)."""
        return search.finish(self.shot_steps(disc, state, seed, req, only))

    def shot_steps(self, disc: Discipline[Any], state: GameState, seed: int,
                   req: ShotRequirements | None = None,
                   only: tuple[str, ...] = ()) -> search.Steps[ShotDecision]:
        """:meth:`shot` a simulation at a time (see ``search.search_steps``)."""
        req = req or disc.requirements(state)
        if req.pending or req.is_lag:
            raise RulesError("shot: a choice or the lag comes first")
        rng = random.Random(seed)
        exec_rng = random.Random(mix_seed(seed, 0x5EED))
        table = state.table
        judge = self._judge(disc, req.shooter)

        def reracks(ball: int) -> bool:
            return judge.racked_after(state, ball) is not None
        cands, budget_n = self.candidates(table, req, rng, reracks)
        if only:
            cands = [c for c in cands if c.kind in only]
        s = self.strength.search

        def ok(c: shots.Candidate) -> bool:
            t = table if c.place is None else table.place(CUE_BALL, *c.place)
            return req.declaration_problem(t, c.declarations) is None

        ctx = search.Context(judge, state, table, self.strength.noise, ok,
                             s.position and not (req.cue_ball_is_object
                                                 or req.is_break))
        budget = search.Budget(budget_n, s.moves, s.full_cost, s.kept)
        self.budget = budget
        if s.aim_kicks:
            cands = yield from self.aimed_kicks(table, cands, budget)
        scored = yield from search.search_steps(ctx, cands, budget, s.finalists,
                                                s.first_samples, rng)
        pick = yield from self.checked(ctx, scored, budget)
        fouls = False
        if pick is None:  # nothing else the referee accepts
            c, fouls = yield from self.fallback(ctx, req, rng, budget)
            pick = search.Scored(c, 0)
        elif pick.clean_foul and pick.hands_over:
            # A foul as meant that gives the opponent the cue ball in hand is
            # never the best play while a legal stroke is there: the strokes
            # at a legal ball the fallback tries (straight, off the cushions,
            # the directions round the table) are looked for first.
            # (every stroke tried fouling, the search's own stands, said so)
            c, fouls = yield from self.fallback(ctx, req, rng, budget)
            if not fouls:
                pick = search.Scored(c, 0)
        # (as played already: raised over any ball its stick would lie on)
        intended = shaft.as_played(self._start(table, pick.candidate),
                                   pick.candidate.stroke) or pick.candidate.stroke
        played = search.executed(intended, self.strength.noise, draw_noise(exec_rng),
                                 table.spec)
        c = pick.candidate
        return ShotDecision(c.place, intended, played, c.declarations, c.kind,
                            c.target, c.pocket, pick.success_rate, pick.mean,
                            budget.used, len(scored), budget.physics_seconds,
                            fouls, len(pick.values))

    @staticmethod
    def aimed_kicks(table: TableState, cands: list[shots.Candidate],
                    budget: search.Budget) -> search.Steps[list[shots.Candidate]]:
        """The kicks among ``cands`` aimed by simulation (``kick_aim``), the
        others as they were; two kicks aimed alike are kept once."""
        out: list[shots.Candidate] = []
        seen: set[tuple[float, float, int | None]] = set()
        for c in cands:
            if c.kind == "kick":
                t = table if c.place is None else table.place(CUE_BALL, *c.place)
                turned = yield from kick_aim.aimed_kick(t, c, budget)
                # Turned, its stick may come to lie on a ball: raised over it.
                c = search.played(t, turned) or c
                key = (round(c.stroke.direction, 3), round(c.stroke.speed, 3), c.target)
                if key in seen:
                    continue
                seen.add(key)
            out.append(c)
        return out

    def checked(self, ctx: search.Context, scored: list[search.Scored],
                budget: search.Budget) -> search.Steps[search.Scored | None]:
        """The search's choice, checked by the full physics: the stroke as
        meant is played with the cue stick and every ball; one that fouls
        where the search's own try did not (a double hit, the stick on a
        ball) gives way to the next best (at most CHECKS of them). A pot
        with no pace to spare (``paced``) is played firmer, or gives way;
        the first such one stands only when no other passes."""
        order = sorted(scored, key=lambda x: (-len(x.values), -x.mean, x.order))
        edge: search.Scored | None = None
        for s in order[:CHECKS]:
            c = s.candidate
            table = search.table_for(ctx, c)
            shot = self._full(table, c.stroke, budget)
            yield
            if shot is None:
                continue  # the physics gave up on it: the next best
            tip = any(e.kind is EventKind.TIP_CONTACT for e in shot.events)
            _, ok, foul = search.judge_shot(ctx, c, shot)
            if tip or (foul and not s.clean_foul):
                continue
            if not ok or c.kind not in search.POTS:
                return s
            paced = yield from self.paced(ctx, s, table, budget)
            if paced is not None:
                return paced
            edge = edge or s
        return edge or search.best(scored)

    @staticmethod
    def _full(table: TableState, stroke: Stroke,
              budget: search.Budget) -> Shot | None:
        """One stroke in the full physics (the stick, every ball), counted
        in the budget; None when the physics gave up on it."""
        budget.used += budget.full_cost
        try:
            return simulate(table, stroke, frame_dt=search.SEARCH_FRAME_DT)
        except PhysicsError:
            return None

    def paced(self, ctx: search.Context, s: search.Scored, table: TableState,
              budget: search.Budget) -> search.Steps[search.Scored | None]:
        """``s``, a pot its stroke as meant makes, if it still makes it
        PACE_MARGIN deviations of the player's speed softer; else the same
        stroke that much firmer if that makes it (its soft edge then is the
        stroke first meant); else None. A soft pot whose ball dies in the
        jaws a little under the speed meant is no sure pot however its few
        noisy tries went (play-test: «300 из 300», then a foul, no rail)."""
        stroke = s.candidate.stroke
        step = PACE_MARGIN * self.strength.noise.speed
        if step <= 0.0:
            return s
        softer = replace(stroke, speed=max(search.MIN_CUE_SPEED, stroke.speed - step))
        shot = self._full(table, softer, budget)
        yield
        if shot is not None and search.judge_shot(ctx, s.candidate, shot)[1]:
            return s
        firmer = replace(stroke, speed=min(search.MAX_CUE_SPEED, stroke.speed + step))
        shot = self._full(table, firmer, budget)
        yield
        if shot is None or any(e.kind is EventKind.TIP_CONTACT for e in shot.events):
            return None
        _, ok, foul = search.judge_shot(ctx, s.candidate, shot)
        if not ok or foul:
            return None
        return replace(s, candidate=replace(s.candidate, stroke=firmer))

    def candidates(self, table: TableState, req: ShotRequirements,
                   rng: random.Random, reracks: Callable[[int], bool] | None = None
                   ) -> tuple[list[shots.Candidate], int]:
        """Every stroke worth simulating here, and the budget for them
        (``reracks(ball)``: whether potting that ball makes the referee rack
        the balls again, the key ball)."""
        s = self.strength.search
        noise = self.strength.noise
        view = shots.View.of(table, req)
        in_hand = req.ball_in_hand is not BallInHand.NONE
        if req.is_break:
            spots = shots.break_spots(view) if in_hand else \
                [view.cue] if view.cue is not None else []
            if not spots:
                spots = [self._any_spot(table, req, rng)]
            count = max(1, s.break_budget // 3)
            power = s.layout_breaks if s.layout_breaks and \
                req.discipline in shots.LAYOUT_BREAK_GAMES else shots.POWER_BREAKS
            return shots.break_candidates(view, spots, count, rng, power), \
                s.break_budget
        places: list[Vec | None]
        if in_hand:
            limit = 1 if s.pots <= 3 else 2 if s.pots <= 4 else 3
            places = list(shots.placements(view, noise, s.max_cut, limit, rng))
            if not places:
                places = [self._any_spot(table, req, rng)]
        else:
            places = [None]
        out: list[shots.Candidate] = []
        best_chance = 0.0
        for place in places:
            v = view if place is None else view.at(place)
            cue = v.cue
            if cue is None:
                continue
            if req.cue_ball_is_object:
                found = shots.cue_pots(v, cue, noise, place)
            else:
                found = shots.pot_candidates(v, cue, noise, s, place)
                if s.plan:
                    found += planning.break_shots(v, cue, noise, s, place)
                    if reracks is not None:
                        found += planning.key_ball_shots(v, cue, noise, s, place,
                                                         reracks)
                    found += planning.firm_shots(v, cue, noise, s, place, reracks)
            # A pot that starts into a cushion the cue ball touches is
            # dropped below: it must not keep the safeties and kicks away.
            found = [c for c in found if not self._into_cushion(view, c)]
            out += found
            best_chance = max([best_chance, *(c.chance for c in found)])
        for place in places:
            v = view if place is None else view.at(place)
            cue = v.cue
            if cue is None or req.cue_ball_is_object:
                continue
            if s.banks and best_chance < 0.35:
                out += shots.bank_candidates(v, cue, noise, s, place, 3)
            if s.banks and best_chance < COMBO_BELOW and \
                    req.discipline in shots.COMBO_GAMES:
                out += shots.combo_candidates(v, cue, noise, place, COMBOS)
            kick_targets = [b for b in req.legal_first_contacts
                            if b not in req.direct_targets(v.table)]
            if best_chance == 0.0:
                kick_targets = list(req.legal_first_contacts)
            if kick_targets and (s.banks or best_chance == 0.0):
                out += shots.kick_candidates(v, cue, place, kick_targets,
                                             6 if s.two_rail_kicks else 4,
                                             s.two_rail_kicks)
            if s.safeties and best_chance < (HAND_SAFETY_BELOW if in_hand
                                             else SAFETY_BELOW):
                out += shots.safety_candidates(v, cue, place,
                                               SAFETIES.get(s.pots, 5), rng)
            elif best_chance == 0.0:
                out += shots.safety_candidates(v, cue, place, 3, rng)
            if DECL_PUSH_OUT in req.allowed_declarations and s.safeties and \
                    best_chance < 0.5 and place is None:
                out += shots.push_out_candidates(v, cue, PUSH_OUTS.get(s.pots, 4))
        if req.cue_ball_is_object and not out and view.cue is not None:
            out.append(shots.Candidate("cue_pot", shots.stroke(view.spec, 0.0, 2.0),
                                       Declarations(), places[0]))
        # No stroke starts into a cushion its cue ball touches (a double hit);
        # each is simulated as it will be played, raised over a ball its
        # stick would lie on (the window plays it so), or dropped where no
        # elevation clears it.
        out = [p for c in out if not self._into_cushion(view, c)
               for p in self._as_played(self._start(table, c), c)]
        return out, s.shot_budget

    @staticmethod
    def _as_played(table: TableState, c: shots.Candidate) -> list[shots.Candidate]:
        """``c`` as played (``search.played``); when it must be raised over
        a ball, also struck higher on the cue ball, which needs the cue
        raised less (steeply raised, a kick out of a 14.1 rack swerved off
        its line and fouled; struck above centre it stayed legal)."""
        p = search.played(table, c)
        if p is c:
            return [c]
        out = [] if p is None else [p]
        most = math.sqrt(max(0.0, search.MAX_TIP_OFFSET ** 2 - c.stroke.tip_a ** 2))
        tip_b = min(RAISED_TIP_B, most)
        if tip_b > c.stroke.tip_b:
            high = search.played(table, replace(c, stroke=replace(c.stroke,
                                                                  tip_b=tip_b)))
            if high is not None:
                out.append(high)
        return out

    @staticmethod
    def _start(table: TableState, c: shots.Candidate) -> TableState:
        """The table ``c`` is played on: its cue ball placed when in hand."""
        return table if c.place is None else table.place(CUE_BALL, *c.place)

    @staticmethod
    def _into_cushion(view: shots.View, c: shots.Candidate) -> bool:
        start = c.place if c.place is not None else view.cue
        return start is not None and shots.into_touching_cushion(
            view.spec, start, c.stroke.direction)

    def fallback(self, ctx: search.Context, req: ShotRequirements,
                 rng: random.Random, budget: search.Budget
                 ) -> search.Steps[tuple[shots.Candidate, bool]]:
        """The stroke when no candidate is accepted, and whether it fouls:
        the least bad of a few strokes that meet a legal ball
        (``shots.contact_candidates``: straight where the line is clear, off
        one or two cushions aimed by simulation, straight through a ball
        last), tried by the physics (a foul last), declared a safety where
        the rules allow (no call needed then: 8-ball 9, 14.1 7.4); the cue
        ball placed only when it is in hand. A soft roll at no ball only
        with no ball left."""
        table = ctx.table
        in_hand = req.ball_in_hand is not BallInHand.NONE
        place = self._any_spot(table, req, rng) if in_hand else None
        view = shots.View.of(table, req)
        if place is not None:
            view = view.at(place)
        cands = shots.contact_candidates(view, view.cue, place) \
            if view.cue is not None else []
        # The kicks aimed by simulation: the mirror's aim alone missed the
        # ball where the straight line was blocked (play-test 22: the hint
        # then advised the blocked stroke, a foul).
        aiming = search.Budget(FALLBACK_AIMING)
        placed = table if place is None else table.place(CUE_BALL, *place)
        cands = [p for c in cands if (p := search.played(placed, c)) is not None]
        for i, c in enumerate(cands):
            if c.kind == "kick":
                turned = yield from kick_aim.aimed_kick(placed, c, aiming)
                cands[i] = search.played(placed, turned) or c
        budget.used += aiming.used
        # Into a cushion the cue ball touches is a double hit: tried last.
        cands.sort(key=lambda c: self._into_cushion(view, c))
        found: tuple[tuple[bool, float], shots.Candidate] | None = None
        legal: list[tuple[float, int, shots.Candidate]] = []
        for c in cands[:FALLBACK_TRIES]:
            budget.used += 1
            try:
                shot = simulate(search.table_for(ctx, c), c.stroke,
                                frame_dt=search.SEARCH_FRAME_DT)
            except PhysicsError:
                continue
            yield
            value, _, foul = search.judge_shot(ctx, c, shot)
            key = (foul, -value)
            if found is None or key < found[0]:
                found = (key, c)
            if not foul:
                legal.append((-value, len(legal), c))
        if legal:
            # Legal as meant is not enough: the one that stays legal under
            # the player's noise (play-test bench: a kick out of a snooker
            # legal as meant scratched on half its noisy tries).
            steady = yield from self.steadiest(ctx, legal, rng, budget)
            return steady[0], False
        if found is None or found[0][0]:
            # Every stroke at a ball fouled: the directions round the table
            # before a foul is given (play-test 22: the 2 behind the 8 was
            # legal off the cushions the geometry's kicks had not tried).
            swept = yield from self.swept(ctx, req, view, place, rng, budget)
            if swept is not None:
                return swept, False
        if found is not None:
            return found[1], found[0][0]
        if cands:  # the physics finished none: not known to foul
            return cands[0], False
        return shots.Candidate("safety", shots.stroke(table.spec, 0.0, 1.0),
                               shots.safety_for(req), place), False

    def swept(self, ctx: search.Context, req: ShotRequirements, view: shots.View,
              place: Vec | None, rng: random.Random, budget: search.Budget
              ) -> search.Steps[shots.Candidate | None]:
        """The best of the strokes every SWEEP_STEP degrees at SWEEP_SPEEDS
        that the referee accepts, checked by the full physics (at most
        SWEEP_CHECKS of them), said as a kick or a safety at the ball it
        meets first; None when none is accepted."""
        table = search.table_for(ctx, shots.Candidate(
            "safety", shots.stroke(view.spec, 0.0, 1.0), Declarations(), place))
        decl = shots.safety_for(req)
        found: dict[tuple[int, float], tuple[float, shots.Candidate]] = {}
        turns = round(360.0 / SWEEP_STEP)
        start = view.cue
        for i in range(turns):
            for speed in SWEEP_SPEEDS:
                swept = search.played(table, shots.Candidate(
                    "kick", shots.stroke(view.spec, i * SWEEP_STEP, speed), decl,
                    place))
                if swept is None or (start is not None and shots.kick_double_hit(
                        view.spec, start, swept.stroke.direction)):
                    continue
                c = swept
                shot = budget.run(table, c.stroke)
                yield
                if shot is None:
                    continue
                value, _, foul = search.judge_shot(ctx, c, shot)
                if not foul:
                    found[i, speed] = (value, first_hit(shot, c))
        if not found:
            return None
        # A direction legal with both its neighbours legal too comes first:
        # a lone legal line among fouls is a thread the noise misses.
        legal = [(-value - (((i - 1) % turns, speed) in found
                            and ((i + 1) % turns, speed) in found), n, c)
                 for n, ((i, speed), (value, c)) in enumerate(found.items())]
        steady = yield from self.steadiest(ctx, legal, rng, budget)
        for c in steady[:SWEEP_CHECKS]:
            budget.used += 1
            try:
                shot = simulate(table, c.stroke, frame_dt=search.SEARCH_FRAME_DT)
            except PhysicsError:
                continue
            yield
            tip = any(e.kind is EventKind.TIP_CONTACT for e in shot.events)
            _, _, foul = search.judge_shot(ctx, c, shot)
            if not (tip or foul):
                return c
        return None

    def steadiest(self, ctx: search.Context,
                  legal: list[tuple[float, int, shots.Candidate]],
                  rng: random.Random, budget: search.Budget
                  ) -> search.Steps[list[shots.Candidate]]:
        """The best STEADY_FIELD of ``legal`` (strokes legal as meant, each
        with its negated worth and its order) played with the player's
        noise, the best by their noisy mean first (a stroke's fouls under
        noise valued as the referee rules them), then the rest as ranked."""
        ranked = [c for _, _, c in sorted(legal, key=lambda x: x[:2])]
        # One of each ball and line: neighbouring directions of a sweep
        # fare alike under the noise.
        field_: list[shots.Candidate] = []
        for c in ranked:
            if len(field_) < STEADY_FIELD and all(
                    c.target != f.target or apart(c.stroke, f.stroke) > STEADY_APART
                    for f in field_):
                field_.append(c)
        ranked = field_ + [c for c in ranked if c not in field_]
        if len(field_) < 2:
            return ranked  # nothing to choose between
        sub = search.Budget(STEADY_BUDGET)
        scored = yield from search.search_steps(ctx, field_, sub, STEADY_FIELD,
                                                STEADY_SAMPLES, rng)
        budget.used += sub.used
        budget.physics_seconds += sub.physics_seconds
        first = [s.candidate for s in scored]
        return first + ranked[len(field_):]

    def _any_spot(self, table: TableState, req: ShotRequirements,
                  rng: random.Random) -> Vec:
        view = shots.View.of(table, req)
        spots = shots.placements(view, self.strength.noise, 80.0, 1, rng)
        if spots:
            return spots[0]
        cue = table.position(CUE_BALL)
        if cue is None:
            raise RulesError("shot: no spot for the cue ball in hand")
        return cue

    # -- choices ---------------------------------------------------------------
    def choice(self, disc: Discipline[Any], state: GameState,
               options: tuple[Choice, ...], chooser: int,
               seed: int) -> ChoiceDecision:
        """The chooser's option: each one's state valued from his side (a
        break is tried out by simulation; to give it away is worth the
        opposite, the opponent being taken for as good)."""
        return search.finish(self.choice_steps(disc, state, options, chooser, seed))

    def choice_steps(self, disc: Discipline[Any], state: GameState,
                     options: tuple[Choice, ...], chooser: int,
                     seed: int) -> search.Steps[ChoiceDecision]:
        """:meth:`choice` a simulation at a time."""
        if not options:
            raise RulesError("choice: no option is open")
        used = 0
        if set(options) == {Choice.BREAK, Choice.GIVE_BREAK}:
            mine = disc.with_breaker(state, chooser)
            v, used = yield from self.break_worth_steps(disc, mine, seed)
            values = {Choice.BREAK: v, Choice.GIVE_BREAK: -v}
            pick = Choice.BREAK if v >= 0.0 else Choice.GIVE_BREAK
            return ChoiceDecision(pick, None, values, used)
        judge = self._judge(disc, chooser)
        after: dict[Choice, GameState] = {}
        for c in options:
            nxt = judge.chosen(state, c)
            if nxt is not None:
                after[c] = nxt
        if not after:
            raise RulesError(f"choice: none of {', '.join(o.value for o in options)} "
                             "is accepted")
        breaks = [s for s in after.values() if not s.game_over and s.is_break]
        if breaks:
            worth, used = yield from self.break_worth_steps(disc, breaks[0], seed)
            judge = self._judge(disc, chooser, worth)
        values = {c: judge.state_value(s, chooser) for c, s in after.items()}
        pick = max(after, key=lambda c: (values[c], -options.index(c)))
        return ChoiceDecision(pick, None, values, used)

    def break_worth_steps(self, disc: Discipline[Any], state: GameState,
                          seed: int) -> search.Steps[tuple[float, int]]:
        """What breaking this rack is worth to its breaker: his best break's
        mean outcome in the search (and the simulations it took)."""
        try:
            req = disc.requirements(state)
        except RulesError:
            return 0.0, 0
        if not req.is_break or req.pending:
            return 0.0, 0
        d = yield from self.shot_steps(disc, state, mix_seed(seed, 0xB4EA), req)
        return d.value, d.simulations

    # -- Express signatures ----------------------------------------------------
    def sign(self, disc: Discipline[Any], state: GameState,
             player: int) -> SignDecision:
        """Sign back in whenever the referee allows it (the stake can be paid
        and a star is left): the bank is played for to the end."""
        try:
            disc.choose(state, Choice.SIGN, player)
        except RulesError:
            return SignDecision(player, False)
        return SignDecision(player, True)

    # -- the lag -----------------------------------------------------------------
    def lag(self, spec: TableSpec, player: int, seed: int) -> LagDecision:
        """General rule 5: from the middle of the player's side of the
        kitchen, straight up the table, at the speed that (without noise)
        stops the ball a few centimetres from the head cushion: found by
        bisection on simulations of the ball alone."""
        x0, x1, y0, y1 = lag_area(spec, player)
        place = ((x0 + x1) / 2, (y0 + y1) / 2)
        # Every ball of the set rolls alike: the cue ball stands in for it.
        alone = TableState.from_positions(spec.name, {CUE_BALL: place})
        want = 0.06  # m from the head cushion
        lo, hi = 0.5, 6.0  # ball speeds: short of the foot cushion, past the head
        sims = 0
        best = (float("inf"), lo)
        for _ in range(10):
            v = (lo + hi) / 2
            stroke = Stroke(0.0, aim.cue_speed(spec, v, 0.0, 0.0), 0.0, 0.0,
                            shots.ELEVATION)
            shot = simulate(alone, stroke, frame_dt=search.SEARCH_FRAME_DT)
            sims += 1
            rails = [e.cushion for e in shot.events
                     if e.kind is EventKind.BALL_CUSHION and CUE_BALL in e.balls]
            end = shot.final.ball(CUE_BALL)
            if rails[:1] != ["foot"] or len(rails) > 1 or end.where is not Where.TABLE:
                # Short of the foot cushion, or on to the head cushion (or
                # further): too slow or too fast.
                if rails[:1] == ["foot"]:
                    hi = v
                else:
                    lo = v
                continue
            gap = end.x - spec.balls.radius
            if abs(gap - want) < best[0]:
                best = (abs(gap - want), v)
            if gap > want:
                lo = v
            else:
                hi = v
        v = best[1] if best[0] < float("inf") else (lo + hi) / 2
        intended = Stroke(0.0, aim.cue_speed(spec, v, 0.0, 0.0), 0.0, 0.0,
                          shots.ELEVATION)
        rng = random.Random(mix_seed(seed, 0x1A6))
        played = search.executed(intended, self.strength.noise, draw_noise(rng), spec)
        return LagDecision(place, intended, played, sims)


class Thinking(Generic[T]):
    """A decision worked out over several calls (a window's frames): each
    :meth:`advance` runs simulations for about ``seconds`` of wall time.
    The clock only spreads the work; the decision is the same however it is
    spread."""

    def __init__(self, steps: search.Steps[T]) -> None:
        self._steps = steps
        self._result: T | None = None
        self.done = False
        self.simulations = 0  # run so far (what a window shows while it waits)

    def advance(self, seconds: float) -> bool:
        """Work for about ``seconds``; whether the decision is made."""
        end = time.perf_counter() + seconds
        while not self.done:
            try:
                next(self._steps)
                self.simulations += 1
            except StopIteration as finished:
                self._result = finished.value
                self.done = True
                break
            if time.perf_counter() >= end:
                break
        return self.done

    @property
    def result(self) -> T:
        if not self.done or self._result is None:
            raise RuntimeError("the decision is still being made")
        return self._result
