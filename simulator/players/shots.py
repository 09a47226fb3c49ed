"""Candidate strokes for a computer player, found by geometry alone.

For each legal first ball the referee names (``ShotRequirements``) and each
pocket: the ghost-ball pot with throw corrected, in a few speeds and spins;
when nothing direct is on, banks (the object ball off one cushion) and kicks
(the cue ball off one cushion); safeties (the legal ball hit at several
thicknesses and speeds); breaks; the cue ball itself into a pocket when it is
the object (Express's last ball); push-outs. Each carries its declaration and
a geometric chance of success (:func:`chance`), which prunes before anything
is simulated. Where the cue ball is in hand, :func:`placements` finds spots
the referee allows (``check_placement`` has the last word).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules import registry
from rules.ruling import (
    DECL_CALL,
    DECL_SAFETY,
    BallInHand,
    Declarations,
    ShotRequirements,
)
from simulator.players import aim, position
from simulator.players.strength import POWER_BREAKS as POWER_BREAKS
from simulator.players.strength import Noise, PowerBreak, Search
from simulator.table.events import Stroke
from simulator.table.specs import CUE_BALL, TableSpec, Vec
from simulator.table.state import TableState

# A cue held a little above level, as over a rail: the execution noise of
# the elevation then seldom meets the 0 degree limit.
ELEVATION = 2.0
# Ball speeds (m/s) a computer keeps to: slower ones die on the cloth's
# unevenness in play, faster ones are for breaks.
MIN_BALL_SPEED = 0.4
MAX_BALL_SPEED = 7.0
# Power breaks: (cue speed m/s, tip height). Measured with the physics over
# 40 9-ball racks, a break from beside a side rail drops a ball most often.
# Measured again on 250 9-ball racks (seeds 11000 to 11099 and 13000 to
# 13149, none of the bench's; the tournament noise; from beside a side
# rail into the head ball full): the scratch depends most on the tip's
# height, the cue ball stunned nearly dead at 0.08 R above centre and
# following into the rack above it. At 8.4 m/s and 0.08 R it scratched 3
# times in 250 (1.2 %) and made a legal pot on 223 (89 %), at 8.3 m/s 2 in
# 150; at 0.12 R 18 in 150, at 0 R 15 in 150, at 0.15 R (the earlier
# choice, 8.6 m/s) 12 in 60. The cue ball leaves the tip at 10.8 to 10.9
# m/s, inside the professionals' 9.8 to 11.6 m/s. (strength.POWER_BREAKS;
# the 9-ball break calibrate_break found, which no level plays yet, is
# strength.LAYOUT_BREAKS, see LAYOUT_BREAK_GAMES.)
# Disciplines whose break must be open (8-ball 5: a ball pocketed or at
# least four object balls driven to a cushion): only power breaks are
# offered there. A soft or corner break is illegal by design, yet the
# search, judging a few noisy tries, preferred one (the club player broke
# at 3.2 m/s into a corner ball).
POWER_ONLY_BREAKS = frozenset({registry.EIGHT_BALL})
# Disciplines whose power break was searched for the layout it leaves
# (python -m simulator.players.calibrate_break: a legal pot, no foul and a
# shot on the lowest ball): there a level's Search.layout_breaks are its
# power breaks.
LAYOUT_BREAK_GAMES = frozenset({registry.NINE_BALL})
# Disciplines whose opening break is a safe break (14.1 6: a ball called
# and potted, or two object balls and the cue ball driven to a cushion):
# the cue ball clips a back corner ball of the rack thinly, that ball and
# its neighbour go to the cushions and the cue ball comes back up the
# table to the head rail. A harder break into the rack opened it for the
# opponent. Only SAFE_BREAKS are offered there.
SAFE_BREAK_GAMES = frozenset({registry.STRAIGHT_POOL})
# Safe breaks: (the cue ball's place off the table's long axis in ball
# radii, from the front of the kitchen; how thin the hit on the corner
# ball's outer side, a share of a ball from full; the cue ball's speed
# m/s; side spin, towards the cushion it runs to when negative). Measured
# with the physics on the 14.1 rack (2.54 m table): each legal (two object
# balls and the cue ball to a cushion, no scratch), the cue ball back
# within 0.3 m of the head cushion, and still legal and back in the
# head half of the table with the aim 0.15 degrees and the speed 7 % off.
SAFE_BREAKS = ((9.3, 0.8, 3.0, 0.0), (9.3, 0.9, 3.4, -0.2),
               (12.8, 0.75, 3.4, 0.0), (12.8, 0.85, 3.4, -0.2))
EXTRA_ROLL = 0.2  # m an object ball is given beyond the pocket
# Side spin is tried on the best few pots, with a little follow, at these
# multiples of the least speed that gets the object ball to the pocket.
ENGLISH_POTS = 2
ENGLISH_SPEEDS = (1.7, 2.8)
ENGLISH_FOLLOW = 0.2
# A cue ball closer than this (m) to a cushion's nose line touches it: no
# stroke starts into that cushion (the cue ball would meet it at once and
# the tip again: a double hit).
TOUCHING = 0.004


@dataclass(frozen=True)
class Candidate:
    """One stroke a player might play, with what it means.

    ``kind``: pot, bank, kick, safety, break, cue_pot, push_out. ``target``
    is the ball aimed at first, ``pocket`` the pocket meant (for a call),
    ``place`` the cue ball's spot when it is in hand, ``chance`` the
    geometric estimate of success (1 for strokes that are not pots)."""

    kind: str
    stroke: Stroke
    declarations: Declarations
    place: Vec | None = None
    target: int | None = None
    pocket: str | None = None
    chance: float = 0.0

    def describe(self) -> str:
        bits = [self.kind]
        if self.target is not None:
            bits.append(f"ball {self.target}")
        if self.pocket is not None:
            bits.append(f"into {self.pocket}")
        return " ".join(bits)


# -- the chance of a pot -----------------------------------------------------


def spread(noise: Noise, spec: TableSpec, cue_distance: float, cut: float,
           object_distance: float) -> float:
    """The standard deviation (m) of where the object ball crosses the
    pocket's mouth: the cue's direction error moves the contact point
    ``cue_distance`` tan(error) sideways, which turns the line of centres
    by that over 2R cos(cut); the tip's sideways error squirts the cue ball
    a little too (about 0.08 rad per R of offset)."""
    r = spec.balls.radius
    sd = math.radians(noise.direction)
    squirt = 0.08 * (noise.tip / 1000.0) / r
    lateral = cue_distance * math.hypot(sd, squirt)
    turn = lateral / (2.0 * r * max(0.1, math.cos(cut)))
    return object_distance * (sd + turn)


def chance_of(half_width: float, sigma: float) -> float:
    """The chance a normal error of ``sigma`` stays inside ``half_width``."""
    if half_width <= 0.0:
        return 0.0
    if sigma <= 1e-9:
        return 1.0
    return math.erf(half_width / (math.sqrt(2.0) * sigma))


def chance(pot: aim.Pot, noise: Noise, spec: TableSpec) -> float:
    """The geometric chance of the pot for a player of ``noise``."""
    return chance_of(pot.half_width, spread(noise, spec, pot.cue_distance, pot.cut,
                                            pot.object_distance))


# -- the table as the player sees it -----------------------------------------


@dataclass(frozen=True)
class View:
    """A table from one shooter's side: where the cue ball and every other
    ball are, and what the referee allows."""

    table: TableState
    req: ShotRequirements
    spec: TableSpec
    cue: Vec | None
    balls: dict[int, Vec]  # every ball on the bed but the cue ball

    @classmethod
    def of(cls, table: TableState, req: ShotRequirements) -> View:
        balls = {b.ball: b.pos for b in table.balls
                 if b.where.value == "table" and b.ball != CUE_BALL}
        return cls(table, req, table.spec, table.position(CUE_BALL), balls)

    def others(self, *skip: int) -> list[Vec]:
        return [p for b, p in self.balls.items() if b not in skip]

    def at(self, cue: Vec) -> View:
        """The same view with the cue ball at ``cue`` (a placement)."""
        return View(self.table.place(CUE_BALL, cue[0], cue[1]), self.req,
                    self.spec, cue, self.balls)


def pots_from(view: View, cue: Vec, targets: Sequence[int],
              max_cut: float) -> list[aim.Pot]:
    """Every straight pot of the ``targets`` from ``cue``."""
    out: list[aim.Pot] = []
    for t in targets:
        obj = view.balls.get(t)
        if obj is None:
            continue
        others = view.others(t)
        for pocket in view.spec.pockets:
            pot = aim.pot_geometry(view.spec, cue, t, obj, pocket, others, max_cut)
            if pot is not None:
                out.append(pot)
    return out


def next_eases(view: View, noise: Noise, max_cut: float) -> list[float]:
    """The ease (``position.ease``: the chance, less for a straight pot and
    a cue ball on a rail) of every direct pot of every legal target for the
    shooter, best first (with the cue ball in hand: from the best spot
    found for each)."""
    req = view.req
    if req.cue_ball_is_object:
        if view.cue is None:
            return []
        return sorted((c.chance for c in cue_pots(view, view.cue, noise)),
                      reverse=True)
    targets = req.direct_targets(view.table)
    if req.ball_in_hand is not BallInHand.NONE:
        return sorted((c for _, c in hand_spots(view, targets, noise, max_cut, 6)),
                      reverse=True)
    cue = view.cue
    if cue is None:
        return []
    return sorted((position.ease(view.spec, cue, chance(p, noise, view.spec), p.cut)
                   for p in pots_from(view, cue, targets, max_cut)),
                  reverse=True)


def quality(view: View, noise: Noise, max_cut: float) -> float:
    """How good the shooter's next shot is, 0-1 (``position.combine``: the
    best pot's ease, and a little for a second one to fall back on)."""
    return position.combine(next_eases(view, noise, max_cut))


# -- where to put the cue ball -------------------------------------------------


def _in_area(p: Vec, area: tuple[float, float, float, float]) -> bool:
    return area[0] <= p[0] <= area[1] and area[2] <= p[1] <= area[3]


def hand_spots(view: View, targets: Sequence[int], noise: Noise, max_cut: float,
               limit: int, per_ball: bool = False) -> list[tuple[Vec, float]]:
    """Spots for the cue ball in hand, each with the ease of its best pot:
    on the line back from a ghost ball, straight or at an angle for position,
    at a comfortable distance, inside the region the referee allows and
    refused by nothing in ``check_placement``. ``per_ball``: the best spot
    of each ball first, then the others (see ``placements``)."""
    spec = view.spec
    req = view.req
    area = req.placement_area(spec)
    r = spec.balls.radius
    found: list[tuple[Vec, float, int]] = []
    for t in targets:
        obj = view.balls.get(t)
        if obj is None:
            continue
        others = view.others(t)
        for pocket in spec.pockets:
            target_pt = aim.aim_point(pocket, obj)
            u = aim.unit(aim.sub(target_pt, obj))
            hw = aim.half_width_at(spec, pocket, aim.approach_angle(pocket, u))
            if hw <= 0.0 or not aim.path_clear(obj, target_pt, others, 2 * r - 1e-4):
                continue
            ghost = aim.ghost_ball(obj, u, r)
            for cut_deg in (0.0, 18.0, -18.0, 35.0, -35.0):
                back = aim.rotate(u, math.radians(cut_deg))
                spot = _spot_on_ray(ghost, back, area, r)
                if spot is None or req.check_placement(view.table, *spot) is not None:
                    continue
                pot = aim.pot_geometry(spec, spot, t, obj, pocket, others, max_cut)
                if pot is not None:
                    found.append((spot, position.ease(spec, spot,
                                                      chance(pot, noise, spec),
                                                      pot.cut), t))
    found.sort(key=lambda x: -x[1])
    out: list[tuple[Vec, float]] = []
    balls: set[int] = set()
    for first in (True, False) if per_ball else (False,):
        for spot, c, t in found:
            if len(out) >= limit:
                break
            if first and t in balls:
                continue
            if all(math.dist(spot, s) > 4 * r for s, _ in out):
                out.append((spot, c))
                balls.add(t)
    return out


def _spot_on_ray(ghost: Vec, direction: Vec, area: tuple[float, float, float, float],
                 r: float) -> Vec | None:
    """The nearest point at least 0.2 m back from the ghost ball along
    ``-direction`` that lies in the area (a ray into the kitchen or house
    may have to go further back)."""
    for back in (0.25, 0.4, 0.6, 0.9, 1.3):
        p = (ghost[0] - direction[0] * back, ghost[1] - direction[1] * back)
        if _in_area(p, area):
            return p
    # Where the ray crosses the region's far edge (the head string).
    if direction[0] > 1e-6:
        s = (ghost[0] - (area[1] - r)) / direction[0]
        if s > 0.2:
            p = (ghost[0] - direction[0] * s, ghost[1] - direction[1] * s)
            if _in_area(p, area):
                return p
    return None


def placements(view: View, noise: Noise, max_cut: float, limit: int,
               rng: random.Random) -> list[Vec]:
    """Spots to try the cue ball in hand on: the best pot spots, each of a
    different ball while there are balls to pot, then a few points of the
    region as a fallback (a kick or a safety from there). The few spots
    are not all spent on one ball: a ball frozen on a cushion by a pocket
    looks a sure pot to the geometry from every spot, the physics then
    missed it from each, and the player parked the cue ball for a safety
    with other easy pots on the table."""
    req = view.req
    targets = req.direct_targets(view.table)
    spots = [s for s, _ in hand_spots(view, targets, noise, max_cut, limit,
                                      per_ball=True)]
    if len(spots) < limit:
        spec = view.spec
        x0, x1, y0, y1 = req.placement_area(spec)
        grid = [(x0 + (x1 - x0) * fx, y0 + (y1 - y0) * fy)
                for fx in (0.5, 0.8, 0.25) for fy in (0.5, 0.3, 0.7, 0.15, 0.85)]
        cur = view.cue
        if cur is not None:
            grid.insert(0, cur)
        for p in grid:
            if len(spots) >= max(limit, 1):
                break
            if req.check_placement(view.table, *p) is None and \
                    all(math.dist(p, s) > 0.1 for s in spots):
                spots.append(p)
        tries = 0
        while not spots and tries < 400:  # a crowded region: any legal spot
            tries += 1
            p = (rng.uniform(x0, x1), rng.uniform(y0, y1))
            if req.check_placement(view.table, *p) is None:
                spots.append(p)
    return spots


# -- declarations --------------------------------------------------------------


def call_for(req: ShotRequirements, ball: int | None,
             pocket: str | None) -> Declarations:
    """The call of ``ball`` into ``pocket`` where calls are made (and may
    name that ball), else nothing."""
    if ball is None or pocket is None or DECL_CALL not in req.allowed_declarations:
        return Declarations()
    if req.callable_balls and ball not in req.callable_balls:
        return Declarations()
    if req.is_break and not req.call_needed:
        return Declarations()  # a break needs no call (14.1 6.1: it may)
    return Declarations(called_ball=ball, called_pocket=pocket)


def safety_for(req: ShotRequirements) -> Declarations:
    """A declared safety where one may be declared (8-ball 9, 14.1 7.4)."""
    if DECL_SAFETY in req.allowed_declarations and not req.is_break:
        return Declarations(safety=True)
    return Declarations()


# -- strokes -------------------------------------------------------------------


def stroke(spec: TableSpec, direction: float, ball_speed: float,
           tip_b: float = 0.0, tip_a: float = 0.0) -> Stroke:
    v = min(MAX_BALL_SPEED, max(MIN_BALL_SPEED, ball_speed))
    return Stroke(direction=direction % 360.0,
                  speed=aim.cue_speed(spec, v, tip_a, tip_b),
                  tip_a=tip_a, tip_b=tip_b, elevation=ELEVATION)


def pot_candidates(view: View, cue: Vec, noise: Noise, search: Search,
                   place: Vec | None) -> list[Candidate]:
    """The best ``search.pots`` pots from ``cue``, each in the search's
    speed and spin variants, throw corrected."""
    req = view.req
    spec = view.spec
    targets = req.direct_targets(view.table)
    pots = pots_from(view, cue, targets, search.max_cut)
    scored = sorted(((chance(p, noise, spec), i, p) for i, p in enumerate(pots)),
                    key=lambda x: (-x[0], x[1]))[: search.pots]
    out: list[Candidate] = []
    for k, (c, _, pot) in enumerate(scored):
        obj = view.balls[pot.target]
        least = aim.pot_ball_speed(spec, pot, EXTRA_ROLL)
        decl = call_for(req, pot.target, pot.pocket)
        for factor, tip_b in search.variants:
            v = max(MIN_BALL_SPEED, least * factor)
            direction, _ = aim.thrown_aim(spec, cue, obj, pot, v, tip_b)
            out.append(Candidate("pot", stroke(spec, direction, v, tip_b), decl,
                                 place, pot.target, pot.pocket, c))
        if k >= ENGLISH_POTS:
            continue
        # Side spin: its throw and squirt are measured by the search when it
        # aims the stroke (search.aimed), not guessed here.
        for tip_a in search.english:
            for factor in ENGLISH_SPEEDS:
                v = max(MIN_BALL_SPEED, least * factor)
                direction, _ = aim.thrown_aim(spec, cue, obj, pot, v, ENGLISH_FOLLOW)
                out.append(Candidate("pot", stroke(spec, direction, v, ENGLISH_FOLLOW,
                                                   tip_a), decl, place, pot.target,
                                     pot.pocket, c))
    return out


def cue_pots(view: View, cue: Vec, noise: Noise,
             place: Vec | None = None) -> list[Candidate]:
    """The cue ball itself into each pocket it can roll into (the Express
    last ball, SEED-E 2.5)."""
    spec = view.spec
    r = spec.balls.radius
    out: list[Candidate] = []
    others = view.others()
    for pocket in spec.pockets:
        target_pt = aim.aim_point(pocket)
        to = aim.sub(target_pt, cue)
        d = aim.norm(to)
        hw = aim.half_width_at(spec, pocket, aim.approach_angle(pocket, to))
        if hw <= 0.0 or d < 1e-3 or not aim.path_clear(cue, target_pt, others,
                                                         2 * r - 1e-4):
            continue
        sigma = d * math.radians(noise.direction)
        c = chance_of(hw, sigma)
        v = aim.speed_for_distance(d + EXTRA_ROLL, spec) * 1.3
        for k in (1.0, 1.6):
            out.append(Candidate("cue_pot", stroke(spec, aim.heading(to), v * k),
                                 Declarations(), place, None, pocket.name, c))
    return out


def contact_direction(cue: Vec, obj: Vec, fraction: float, r: float) -> float | None:
    """The cue direction that meets the ball at ``obj`` with an impact
    offset of ``fraction`` of a full ball (0 full, +-1 the thinnest, to the
    left when positive)."""
    to = aim.sub(obj, cue)
    d = aim.norm(to)
    b = fraction * 2.0 * r
    if d <= abs(b) + 1e-6:
        return None
    return aim.heading(to) + math.degrees(math.asin(b / d))


def clear_to_contact(cue: Vec, obj: Vec, direction: float, others: Iterable[Vec],
                     r: float) -> bool:
    """Whether the cue ball sent along ``direction`` reaches the ball at
    ``obj`` without passing through another ball on the way."""
    reach = max(0.0, aim.norm(aim.sub(obj, cue)) - 2.0 * r)
    end = aim.add(cue, aim.scale(aim.from_heading(direction), reach))
    return aim.path_clear(cue, end, others, 2 * r - 1e-4)


# Safeties are searched over thickness (a share of a full ball, either
# side), the cue ball's speed and its spin (stun, follow, draw).
SAFETY_FRACTIONS = (0.0, 0.35, -0.35, 0.65, -0.65, 0.85, -0.85)
SAFETY_SPEEDS = (0.9, 1.6, 2.6)
SAFETY_SPINS = (0.0, -0.35, 0.3)


def safety_candidates(view: View, cue: Vec, place: Vec | None, count: int,
                      rng: random.Random) -> list[Candidate]:
    """The legal first balls (nearest first) over the grid of thickness,
    speed and spin: ``count`` of them spread evenly over the grid (every
    k-th in a fixed order that turns through balls, thicknesses, speeds and
    spins), so the search judges each kind by the opponent's best reply."""
    req = view.req
    spec = view.spec
    r = spec.balls.radius
    decl = safety_for(req)
    pool: list[Candidate] = []
    targets = sorted(req.direct_targets(view.table),
                     key=lambda b: math.dist(cue, view.balls.get(b, cue)))[:4]
    lines: list[tuple[int, float]] = []
    for t in targets:
        obj = view.balls.get(t)
        if obj is None:
            continue
        others = view.others(t)
        for fraction in SAFETY_FRACTIONS:
            direction = contact_direction(cue, obj, fraction, r)
            if direction is None:
                continue
            if clear_to_contact(cue, obj, direction, others, r):
                lines.append((t, direction))
    for k in range(len(SAFETY_SPEEDS) * len(SAFETY_SPINS)):
        v = SAFETY_SPEEDS[k % len(SAFETY_SPEEDS)]
        tip_b = SAFETY_SPINS[(k // len(SAFETY_SPEEDS) + k) % len(SAFETY_SPINS)]
        for t, direction in lines:
            # Never softer than what drives a ball to a cushion (a safety
            # with no ball at a cushion is a foul in every game: general
            # rule 17, Express's no-cushion foul).
            least = rail_speed(spec, cue, view.balls[t], direction)
            speed = max(v, least * RAIL_MARGIN)
            if speed > MAX_SAFETY_SPEED:
                continue
            pool.append(Candidate("safety", stroke(spec, direction, speed, tip_b),
                                  decl, place, t, None, 1.0))
    if len(pool) <= count:
        return pool
    step = len(pool) / count
    return [pool[int(i * step)] for i in range(count)]


def contact_candidates(view: View, cue: Vec, place: Vec | None) -> list[Candidate]:
    """Strokes that at least meet a legal first ball, for when the search
    found nothing the referee accepts: straight at each ball (nearest first)
    where the line is clear, then off one cushion, then straight where
    another ball may be in the way; never a stroke at no ball (8-ball 8,
    general rule 17)."""
    req = view.req
    spec = view.spec
    r = spec.balls.radius
    decl = safety_for(req)
    on = [b for b in req.legal_first_contacts if b in view.balls] or \
        list(view.balls)
    near = sorted(on, key=lambda b: math.dist(cue, view.balls[b]))
    direct = set(req.direct_targets(view.table))
    clear: list[Candidate] = []
    blocked: list[Candidate] = []
    for t in near:
        obj = view.balls[t]
        if t not in direct and t in req.legal_first_contacts:
            continue  # from the kitchen: only off a cushion (general rule 7)
        for fraction in SAFETY_FRACTIONS:
            direction = contact_direction(cue, obj, fraction, r)
            if direction is None:
                continue
            speed = min(MAX_SAFETY_SPEED, max(SAFETY_SPEEDS[1], RAIL_MARGIN *
                                              rail_speed(spec, cue, obj, direction)))
            c = Candidate("safety", stroke(spec, direction, speed), decl, place, t)
            free = clear_to_contact(cue, obj, direction, view.others(t), r)
            (clear if free else blocked).append(c)
    kicks = kick_candidates(view, cue, place, near, 4, True)
    return clear + kicks + blocked


# A safety's speed is at least this multiple of the least that (by the
# geometry) brings a ball to a cushion, and never more than this (m/s).
RAIL_MARGIN = 1.35
MAX_SAFETY_SPEED = 4.5
OBJECT_ROLL = 0.63


def to_cushion(spec: TableSpec, p: Vec, d: Vec) -> float:
    """How far a ball at ``p`` goes along the unit ``d`` before its centre
    meets a cushion's line."""
    r = spec.balls.radius
    out = math.inf
    if d[0] > 1e-9:
        out = min(out, (spec.length - r - p[0]) / d[0])
    elif d[0] < -1e-9:
        out = min(out, (r - p[0]) / d[0])
    if d[1] > 1e-9:
        out = min(out, (spec.width - r - p[1]) / d[1])
    elif d[1] < -1e-9:
        out = min(out, (r - p[1]) / d[1])
    return max(0.0, out)


def rail_speed(spec: TableSpec, cue: Vec, obj: Vec, direction: float) -> float:
    """The least cue-ball speed off the tip with which, by the geometry, the
    object ball hit along ``direction`` or the cue ball after it reaches a
    cushion. The cue ball (sent without spin) rolls at 5/7 of its speed
    after a few centimetres; the object ball takes the part of the cue
    ball's speed along the line of centres and, the contact's friction
    giving it a little backspin, rolls on at about OBJECT_ROLL of that
    (measured with the physics); the cue ball keeps the part along the
    tangent line."""
    at_contact = rail_contact_speed(spec, cue, obj, direction)
    if at_contact <= 0.0:
        return 0.0
    d = aim.from_heading(direction)
    rel = aim.sub(obj, cue)
    along = aim.dot(rel, d)
    side = aim.cross(d, rel)
    back = math.sqrt(max(0.0, 4.0 * spec.balls.radius ** 2 - side * side))
    decel = 2.0 * spec.physics.mu_roll * spec.physics.gravity  # v^2 lost a metre
    # Rolling to the contact at 5/7 of the speed off the tip.
    return 1.4 * math.sqrt(at_contact ** 2 + decel * (along - back))


def rail_contact_speed(spec: TableSpec, cue: Vec, obj: Vec, direction: float) -> float:
    """The least speed the cue ball coming from ``cue`` along ``direction``
    must have at its contact with the ball at ``obj`` for that ball or the
    cue ball after it to reach a cushion (0 when it misses the ball)."""
    r = spec.balls.radius
    d = aim.from_heading(direction)
    rel = aim.sub(obj, cue)
    along = aim.dot(rel, d)
    side = aim.cross(d, rel)
    if along <= 0.0 or abs(side) >= 2.0 * r:
        return 0.0
    back = math.sqrt(4.0 * r * r - side * side)
    contact = aim.add(cue, aim.scale(d, along - back))  # the cue ball's centre
    normal = aim.unit(aim.sub(obj, contact))
    cos_cut = max(0.0, aim.dot(normal, d))
    e = spec.physics.e_ball
    obj_share = cos_cut * (1.0 + e) / 2.0
    tangent = aim.sub(d, aim.scale(normal, cos_cut))
    cue_share = aim.norm(tangent)
    decel = 2.0 * spec.physics.mu_roll * spec.physics.gravity  # v^2 lost a metre
    needs: list[float] = []
    if obj_share > 0.05:
        roll = math.sqrt(decel * to_cushion(spec, obj, normal)) / OBJECT_ROLL
        needs.append(roll / obj_share)
    if cue_share > 0.05:
        roll = math.sqrt(decel * to_cushion(spec, contact, aim.unit(tangent)))
        needs.append(roll / cue_share)
    return min(needs) if needs else 0.0


# A kick is never played faster than this (m/s off the tip): past it the
# cue ball's path off the cushions is no longer the geometry's.
MAX_KICK_SPEED = 5.5
# A kick's speeds, as multiples of the least it is played at: a full hit
# after the cushions, which a simulated aim seeks (kick_aim), leaves the
# cue ball little and the object ball must still reach a cushion, so the
# firmer one is the surer (measured: at the least speed half the aimed
# kicks of the bench's 9-ball racks were called for no rail).
KICK_SPEEDS = (1.0, 1.4)


def kick_rail_speed(spec: TableSpec, path: Sequence[Vec], obj: Vec) -> float:
    """The least speed off the tip with which a kick along ``path`` (the
    cue ball, then the cushions' bounce points) still brings a ball to a
    cushion after it meets the ball at ``obj`` (a kick with no ball at a
    cushion afterwards is a foul: general rule 17, 14.1 rule 7). Each
    cushion keeps about ``e_cushion`` of the speed; the cue ball rolls at
    5/7 of its speed off the tip."""
    last = path[-1]
    at_contact = rail_contact_speed(spec, last, obj, aim.heading(aim.sub(obj, last)))
    if at_contact <= 0.0:
        return 0.0
    decel = 2.0 * spec.physics.mu_roll * spec.physics.gravity
    r = spec.balls.radius
    v2 = at_contact ** 2 + decel * max(0.0, math.dist(last, obj) - 2.0 * r)
    for a, b in zip(path[-2::-1], path[:0:-1], strict=True):
        v2 = v2 / spec.physics.e_cushion ** 2 + decel * math.dist(a, b)
    return 1.4 * math.sqrt(v2)


def into_touching_cushion(spec: TableSpec, cue: Vec, direction: float) -> bool:
    """Whether a stroke along ``direction`` starts into a cushion the cue
    ball touches (a double hit: the ball meets the cushion at once and
    comes back onto the tip)."""
    r = spec.balls.radius
    d = aim.from_heading(direction)
    x, y = cue
    return ((x - r < TOUCHING and d[0] < 0.0)
            or (spec.length - r - x < TOUCHING and d[0] > 0.0)
            or (y - r < TOUCHING and d[1] < 0.0)
            or (spec.width - r - y < TOUCHING and d[1] > 0.0))


# A kick's cue ball must travel at least this far (m) before it meets its
# first cushion: nearer, the ball comes back off the cushion while the tip
# is still moving through (a follow-through of 5 cm), a double hit
# (general rule 20) that the tournament noise makes likely.
KICK_ROOM = 0.03


def too_near_cushion(spec: TableSpec, cue: Vec, direction: float) -> bool:
    """Whether a kick along ``direction`` meets a cushion within KICK_ROOM
    (a cue ball touching it included)."""
    return into_touching_cushion(spec, cue, direction) or \
        to_cushion(spec, cue, aim.from_heading(direction)) < KICK_ROOM


# A kick's cue ball sent into a cushion steeply comes straight back onto
# the tip still following through (a double hit, general rule 20). Measured
# with the full physics (1.5 to 7 m/s, draw to follow): at 45 degrees to
# the cushion from a gap of 6 mm at most, at 60 from 3.5 cm, at 70 from
# 6 cm, at 80 to 90 from 8 cm and more; under 30 degrees only from a cue
# ball touching it. A kick is kept off a cushion nearer, along its normal,
# than STEEP_GAP times the share of the way its angle is from STEEP_FROM
# degrees to square on; and off one the cue ball nearly touches (NEAR_GAP)
# at any angle.
STEEP_FROM = 40.0
STEEP_GAP = 0.13
NEAR_GAP = 0.01


def first_cushion(spec: TableSpec, p: Vec, d: Vec) -> tuple[float, float, float]:
    """The first cushion a ball at ``p`` meets along the unit ``d``: how far
    it goes to it, the angle (degrees, 90 square on) it meets it at, and
    its gap to that cushion's line along the normal."""
    r = spec.balls.radius
    best = (math.inf, 0.0, math.inf)
    for comp, gap in ((d[0], spec.length - r - p[0]), (-d[0], p[0] - r),
                      (d[1], spec.width - r - p[1]), (-d[1], p[1] - r)):
        if comp > 1e-9:
            gap = max(0.0, gap)
            best = min(best, (gap / comp, math.degrees(math.asin(min(1.0, comp))), gap))
    return best


def kick_double_hit(spec: TableSpec, cue: Vec, direction: float) -> bool:
    """Whether a kick along ``direction`` starts into a cushion the cue ball
    touches or nearly touches, or meets its first cushion so near and so
    steeply that the ball comes back onto the tip (a double hit)."""
    if too_near_cushion(spec, cue, direction):
        return True
    _, angle, gap = first_cushion(spec, cue, aim.from_heading(direction))
    steep = max(0.0, (angle - STEEP_FROM) / (90.0 - STEEP_FROM))
    return gap < NEAR_GAP or gap < STEEP_GAP * steep


def two_rail_paths(spec: TableSpec, cue: Vec, obj: Vec) -> list[tuple[Vec, Vec]]:
    """The cue ball off two cushions (adjacent or opposite) onto the ball
    at ``obj``: the bounce points, found by mirroring the ball in the
    second cushion and then the first."""
    out: list[tuple[Vec, Vec]] = []
    lines = aim.cushion_lines(spec)
    for first in lines:
        for second in lines:
            if first is second:
                continue
            image = aim.mirror(obj, second)
            b1 = aim.bounce_point(cue, image, first)
            if b1 is None:
                continue
            b2 = aim.bounce_point(b1, obj, second)
            if b2 is None:
                continue
            out.append((b1, b2))
    return out


def kick_candidates(view: View, cue: Vec, place: Vec | None,
                    targets: Sequence[int], count: int,
                    two_rails: bool = False) -> list[Candidate]:
    """The cue ball off one cushion (and, with ``two_rails``, two) onto
    each of ``targets``; never into a cushion the cue ball touches."""
    req = view.req
    spec = view.spec
    r = spec.balls.radius
    decl = safety_for(req)
    out: list[tuple[float, Candidate]] = []
    for t in targets:
        obj = view.balls.get(t)
        if obj is None:
            continue
        others = view.others(t)
        for line in aim.cushion_lines(spec):
            bp = aim.bounce_point(cue, obj, line)
            if bp is None or not aim.on_rail_between_pockets(spec, bp, r):
                continue
            if not (aim.path_clear(cue, bp, others, 2 * r - 1e-4)
                    and aim.path_clear(bp, obj, others, 2 * r - 1e-4)):
                continue
            length = math.dist(cue, bp) + math.dist(bp, obj)
            direction = aim.heading(aim.sub(bp, cue))
            if kick_double_hit(spec, cue, direction):
                continue
            base = aim.speed_for_distance(length + 0.6, spec) * 1.4
            least = kick_rail_speed(spec, (cue, bp), obj)
            for k in KICK_SPEEDS:
                # Both from the larger of the two floors: the least that
                # brings a ball to a cushion is often the larger, and the
                # two variants were then one stroke twice.
                speed = max(base, least * RAIL_MARGIN) * k
                if speed > MAX_KICK_SPEED:
                    continue
                out.append((length, Candidate("kick", stroke(spec, direction, speed),
                                              decl, place, t, None, 0.5)))
        if not two_rails:
            continue
        for b1, b2 in two_rail_paths(spec, cue, obj):
            if not (aim.on_rail_between_pockets(spec, b1, r)
                    and aim.on_rail_between_pockets(spec, b2, r)):
                continue
            if not (aim.path_clear(cue, b1, others, 2 * r - 1e-4)
                    and aim.path_clear(b1, b2, others, 2 * r - 1e-4)
                    and aim.path_clear(b2, obj, others, 2 * r - 1e-4)):
                continue
            direction = aim.heading(aim.sub(b1, cue))
            if kick_double_hit(spec, cue, direction):
                continue
            # A second cushion: longer and less sure, ranked behind a first.
            length = (math.dist(cue, b1) + math.dist(b1, b2) + math.dist(b2, obj))
            base = aim.speed_for_distance(length + 0.8, spec) * 1.5
            floor = max(base, kick_rail_speed(spec, (cue, b1, b2), obj) * RAIL_MARGIN)
            for k in KICK_SPEEDS:
                speed = floor * k
                if speed > MAX_KICK_SPEED:
                    continue
                out.append((length + 1.0, Candidate(
                    "kick", stroke(spec, direction, speed), decl, place, t, None,
                    0.35)))
    out.sort(key=lambda x: x[0])
    return [c for _, c in out[:count]]


def bank_candidates(view: View, cue: Vec, noise: Noise, search: Search,
                    place: Vec | None, count: int) -> list[Candidate]:
    """The object ball off one cushion into a pocket."""
    req = view.req
    spec = view.spec
    r = spec.balls.radius
    clearance = 2 * r - 1e-4
    found: list[tuple[float, Candidate]] = []
    for t in req.direct_targets(view.table):
        obj = view.balls.get(t)
        if obj is None:
            continue
        others = view.others(t)
        for pocket in spec.pockets:
            target_pt = aim.aim_point(pocket)
            for line in aim.cushion_lines(spec):
                bp = aim.bounce_point(obj, target_pt, line)
                if bp is None or not aim.on_rail_between_pockets(spec, bp, 2 * r):
                    continue
                hw = aim.half_width_at(spec, pocket, aim.approach_angle(
                    pocket, aim.sub(target_pt, bp)))
                if hw <= 0.0:
                    continue
                if not (aim.path_clear(obj, bp, others, clearance)
                        and aim.path_clear(bp, target_pt, others, clearance)):
                    continue
                u = aim.unit(aim.sub(bp, obj))
                ghost = aim.ghost_ball(obj, u, r)
                to_ghost = aim.sub(ghost, cue)
                cut = aim.angle_between(to_ghost, u)
                if math.degrees(cut) > search.max_cut - 15.0 or \
                        not aim.path_clear(cue, ghost, others, clearance):
                    continue
                d2 = math.dist(obj, bp) + math.dist(bp, target_pt)
                pot = aim.Pot(t, pocket.name, ghost, u, cut, aim.norm(to_ghost), d2,
                              hw * 0.7)
                c = chance(pot, noise, spec) * 0.6  # a cushion adds its own error
                v = aim.pot_ball_speed(spec, pot, EXTRA_ROLL + 0.3) * 1.5
                direction, _ = aim.thrown_aim(spec, cue, obj, pot, v, 0.0)
                found.append((c, Candidate("bank", stroke(spec, direction, v),
                                           call_for(req, t, pocket.name), place, t,
                                           pocket.name, c)))
    found.sort(key=lambda x: -x[0])
    return [c for _, c in found[:count]]


# Combinations: the legal ball sent into another that drops. The second
# ball's window narrows by the first's error (its line to the second ball
# as long again as the cue ball's, the angle doubled at the first contact),
# so only short first legs are tried, at a thin enough cut for both.
# Measured in 9-ball only (bench --part why): the other disciplines play
# none until a bench of theirs says they help.
COMBO_GAMES = frozenset({registry.NINE_BALL})
COMBO_LEG = 0.6  # m, the legal ball's travel to the second ball at most
COMBO_CUT = 50.0  # degrees at each contact at most
COMBO_ERROR = 0.5  # the combination's chance against a straight pot's
# Multiples of the least speed the estimate gives (it leaves out the first
# ball's slide and both contacts' losses): at 1.6 the second ball of a
# straight combination stopped in the pocket's mouth, at 2.6 it dropped.
COMBO_SPEEDS = (2.2, 3.0)


def combo_pots(view: View, cue: Vec,
               noise: Noise) -> list[tuple[float, aim.Pot, aim.Pot]]:
    """Every combination from ``cue``: a legal ball (``first``) driven into
    another ball (``second``) that goes into a pocket, as (chance, first's
    pot, second's pot); ``first``'s pot aims it at the second ball's ghost
    ball (its ``pocket`` the second's). Best first."""
    req = view.req
    spec = view.spec
    r = spec.balls.radius
    clearance = 2.0 * r - 1e-4
    out: list[tuple[float, aim.Pot, aim.Pot]] = []
    for t in req.direct_targets(view.table):
        obj = view.balls.get(t)
        if obj is None:
            continue
        for b, second in view.balls.items():
            if b == t or math.dist(obj, second) > COMBO_LEG + 2.0 * r:
                continue
            # The cue ball stands where it is: it may block the second leg.
            others = [*view.others(t, b), cue]
            for pocket in spec.pockets:
                pot2 = aim.pot_geometry(spec, obj, b, second, pocket, others, COMBO_CUT)
                if pot2 is None:
                    continue
                u = aim.unit(aim.sub(pot2.ghost, obj))
                ghost = aim.ghost_ball(obj, u, r)
                to_ghost = aim.sub(ghost, cue)
                cut = aim.angle_between(to_ghost, u)
                if math.degrees(cut) > COMBO_CUT or \
                        not aim.path_clear(cue, ghost, view.others(t), clearance):
                    continue
                d1 = aim.norm(to_ghost)
                # The first leg's error carries to the pocket over both legs.
                pot1 = aim.Pot(t, pocket.name, ghost, u, cut, d1,
                               pot2.cue_distance + pot2.object_distance,
                               pot2.half_width * 0.5)
                c = chance(pot1, noise, spec) * chance(pot2, noise, spec) * COMBO_ERROR
                out.append((c, pot1, pot2))
    out.sort(key=lambda x: -x[0])
    return out


def combo_candidates(view: View, cue: Vec, noise: Noise, place: Vec | None,
                     count: int) -> list[Candidate]:
    """The best ``count`` combinations (:func:`combo_pots`), each struck to
    drive the second ball in with roll to spare, at COMBO_SPEEDS."""
    req = view.req
    spec = view.spec
    out: list[Candidate] = []
    for c, pot1, pot2 in combo_pots(view, cue, noise)[:count]:
        need = aim.pot_ball_speed(spec, pot2, EXTRA_ROLL)  # the first ball's
        carry = aim.Pot(pot1.target, pot1.pocket, pot1.ghost, pot1.object_dir,
                        pot1.cut, pot1.cue_distance, 0.0, pot1.half_width)
        least = aim.pot_ball_speed(spec, carry, 0.0)
        least = math.hypot(least, need / max(0.15, math.cos(pot1.cut) * 0.975))
        obj = view.balls[pot1.target]
        decl = call_for(req, pot2.target, pot2.pocket)
        for factor in COMBO_SPEEDS:
            v = min(MAX_BALL_SPEED, max(MIN_BALL_SPEED, least * factor))
            direction, _ = aim.thrown_aim(spec, cue, obj, pot1, v, 0.0)
            out.append(Candidate("combo", stroke(spec, direction, v), decl, place,
                                 pot2.target, pot2.pocket, c))
    return out


def push_out_candidates(view: View, cue: Vec, count: int) -> list[Candidate]:
    """9-ball 5: a soft roll anywhere, to a spot the opponent may not like."""
    spec = view.spec
    out: list[Candidate] = []
    for k in range(8):
        direction = 22.5 + 45.0 * k
        for v in (0.7, 1.2):
            out.append(Candidate("push_out", stroke(spec, direction, v),
                                 Declarations(push_out=True), None, None, None, 1.0))
    return out[:count]


def break_candidates(view: View, place_options: Sequence[Vec], count: int,
                     rng: random.Random,
                     power_breaks: Sequence[PowerBreak] = POWER_BREAKS
                     ) -> list[Candidate]:
    """Breaks: a power break into the nearest ball of the rack (full, each
    of ``power_breaks`` from its spot beside either side rail where the cue
    ball is in hand, else from where it lies); the rack's corner balls hit a
    quarter to half a ball on their outer side, the cue ball running off the
    side and foot cushions back up the table while the corner ball drives
    the rack's other corner to a cushion (a safe break: 14.1's opening,
    Express's); and thin, soft hits on the front balls. Only the power
    breaks in the disciplines of POWER_ONLY_BREAKS (the others if none can
    be aimed)."""
    req = view.req
    if req.discipline in SAFE_BREAK_GAMES:
        safe = safe_breaks(view)
        if safe:
            return safe[:count]
    spec = view.spec
    r = spec.balls.radius
    decl = Declarations()
    power: list[Candidate] = []
    soft: list[Candidate] = []
    corner: list[Candidate] = []
    # Power from beside a side rail where the referee allows it (the middle
    # of the head string scratches more, see POWER_BREAKS).
    if req.ball_in_hand is not BallInHand.NONE:
        for side in (0, 1):
            for pb in power_breaks:
                place = power_spot(view, pb.rail, side)
                c = None if place is None else power_break(view, place, pb, side)
                if c is not None:
                    power.append(c)
    if not power:
        # (break_spots gives the two beside the rails first, the middle last.)
        beside = list(place_options[:2]) if len(place_options) > 2 \
            else list(place_options)
        for place in beside:
            for pb in power_breaks:
                c = power_break(view, place, pb, 0)
                if c is not None:
                    power.append(c)
    for place in place_options:
        corner += corner_breaks(view, place)
        targets = sorted(req.direct_targets(view.table),
                         key=lambda b: math.dist(place, view.balls[b]))
        for t in targets[:6]:
            obj = view.balls[t]
            for fraction in (0.8, -0.8, 0.92, -0.92):
                d = contact_direction(place, obj, fraction, r)
                if d is None:
                    continue
                if not clear_to_contact(place, obj, d, view.others(t), r):
                    continue
                for v in (2.4, 3.4):
                    soft.append(Candidate("break", stroke(spec, d, v), decl, place, t,
                                          None, 1.0))
    rng.shuffle(soft)
    soft = corner + soft
    if power and req.discipline in POWER_ONLY_BREAKS:
        soft = []
    # Power first: a budget of one breaks hard.
    mixed: list[Candidate] = []
    while (power or soft) and len(mixed) < count:
        if power:
            mixed.append(power.pop(0))
        if soft and len(mixed) < count:
            mixed.append(soft.pop(0))
    return mixed


def power_spot(view: View, rail: float, side: int) -> Vec | None:
    """The spot of a power break: the front of the kitchen (or whatever
    area the cue ball is in hand in), ``rail`` ball radii in from its edge
    on ``side`` (0 the low y side, 1 the high); None where the referee
    does not allow it."""
    req = view.req
    r = view.spec.balls.radius
    x0, x1, y0, y1 = req.placement_area(view.spec)
    x = max(x0, x1 - 3.0 * r)
    y = y0 + rail * r if side == 0 else y1 - rail * r
    if not (y0 <= y <= y1) or req.check_placement(view.table, x, y) is not None:
        return None
    return (x, y)


def power_break(view: View, place: Vec, pb: PowerBreak, side: int) -> Candidate | None:
    """A power break from ``place`` into the nearest legal ball, full; its
    side spin mirrored on ``side`` 1. None when nothing can be hit."""
    req = view.req
    targets = sorted(req.direct_targets(view.table),
                     key=lambda b: math.dist(place, view.balls[b]))
    if not targets:
        return None
    d = contact_direction(place, view.balls[targets[0]], 0.0, view.spec.balls.radius)
    if d is None:
        return None
    tip_a = pb.tip_a if side == 0 else -pb.tip_a
    return Candidate("break", Stroke(d % 360.0, pb.speed, tip_a, pb.tip_b, ELEVATION),
                     Declarations(), place, targets[0], None, 1.0)


def safe_breaks(view: View) -> list[Candidate]:
    """The SAFE_BREAKS from either side of the kitchen (the near side's
    back corner ball clipped on its outer side), where the cue ball is in
    hand and the rack's corner ball can be hit; the sides alternate."""
    req = view.req
    if req.ball_in_hand is BallInHand.NONE:
        return []
    spec = view.spec
    r = spec.balls.radius
    targets = [b for b in req.direct_targets(view.table) if b in view.balls]
    if len(targets) < 3:
        return []
    back = max(view.balls[b][0] for b in targets)
    row = [b for b in targets if view.balls[b][0] > back - r]
    x0, x1, y0, y1 = req.placement_area(spec)
    x, mid = max(x0, x1 - 3.0 * r), (y0 + y1) / 2.0
    out: list[Candidate] = []
    for off, thin, v, spin in SAFE_BREAKS:
        for side in (1.0, -1.0):
            place = (x, mid + side * off * r)
            t = max(row, key=lambda b: side * view.balls[b][1])
            obj = view.balls[t]
            # (positive offsets meet the ball's left: the +y side)
            d = contact_direction(place, obj, side * thin, r)
            if d is None or req.check_placement(view.table, *place) is not None \
                    or not clear_to_contact(place, obj, d, view.others(t), r):
                continue
            out.append(Candidate("safe_break", stroke(spec, d, v, 0.0, side * spin),
                                 Declarations(), place, t, None, 1.0))
    return out


# A safe break on a corner ball: how full (a share of a ball, on its outer
# side), the cue ball's speed (m/s) and its side spin (none, or running
# towards the side it goes off to).
CORNER_FRACTIONS = (0.35, 0.55)
CORNER_SPEEDS = (3.6, 4.6)
CORNER_SPIN = 0.3


def corner_breaks(view: View, place: Vec) -> list[Candidate]:
    """The two corner balls of the rack (the farthest either side of the
    line from ``place`` to the rack's middle) hit on their outer side."""
    spec = view.spec
    r = spec.balls.radius
    targets = [b for b in view.req.direct_targets(view.table) if b in view.balls]
    if len(targets) < 3:
        return []
    mid = (sum(view.balls[b][0] for b in targets) / len(targets),
           sum(view.balls[b][1] for b in targets) / len(targets))
    axis = aim.unit(aim.sub(mid, place))

    def lateral(b: int) -> float:
        return aim.cross(axis, aim.sub(view.balls[b], place))

    out: list[Candidate] = []
    for t in (max(targets, key=lateral), min(targets, key=lateral)):
        side = 1.0 if lateral(t) > 0.0 else -1.0
        obj = view.balls[t]
        for fraction in CORNER_FRACTIONS:
            d = contact_direction(place, obj, side * fraction, r)
            if d is None or not clear_to_contact(place, obj, d, view.others(t), r):
                continue
            for v in CORNER_SPEEDS:
                for tip_a in (0.0, -side * CORNER_SPIN):
                    out.append(Candidate("break", stroke(spec, d, v, 0.0, tip_a),
                                         Declarations(), place, t, None, 1.0))
    return out


def break_spots(view: View) -> list[Vec]:
    """Where to break from: the front of the region beside each side rail
    (a break into the head ball from the side drops a ball most often), and
    its middle, where the referee allows it."""
    req = view.req
    spec = view.spec
    r = spec.balls.radius
    x0, x1, y0, y1 = req.placement_area(spec)
    x = max(x0, x1 - 3.0 * r)
    beside = 2.5 * r  # off the side cushion: room for the bridge hand
    out: list[Vec] = []
    for y in (y0 + beside, y1 - beside, (y0 + y1) / 2):
        if y0 <= y <= y1 and req.check_placement(view.table, x, y) is None:
            out.append((x, y))
    if not out and view.cue is not None and \
            req.check_placement(view.table, *view.cue) is None:
        out.append(view.cue)
    return out
