"""Planning ahead: a place for the cue ball is worth the next pot and where
that pot can send the cue ball for the pot after it.

What a good player asks of a position is not only "is there a shot" but
"is there a shot that leaves a shot" (the pattern to the 9, the order of
a group with its key ball before the 8, the key ball and break ball of a
14.1 rack). This module answers it from geometry, without simulating:

- :class:`Lanes`: every legal ball's open lines to every pocket on one
  table, worked out once (the object ball's line and the pocket's window
  do not depend on the cue ball), so the pots from any place of the cue
  ball cost only its own line to each ghost ball;
- :func:`landing_spots`: where the cue ball can go after a pot: along the
  tangent line (stun), bent forward (follow) or back (draw), at a few
  distances, off one cushion when the line meets one;
- :func:`planned_quality`: the best pot's ease from here, times a blend of
  1 and the best ease of the next pot from the best landing spot (the
  shot after next, for the balls the referee would name then); a pot
  that ends the rack (nothing left to play) counts as fully followed; in
  rotation (9-ball) the shot after next is itself valued by the pot on the
  ball after it (:func:`best_pattern`, the pattern to the 9);
- :func:`problem_balls`: the legal balls with no open line to any pocket
  from anywhere (in a cluster, behind others): fewer of them is better.

Pure geometry on positions; nothing here simulates.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from simulator.players import aim, position, shots
from simulator.players.shots import Candidate, chance
from simulator.players.strength import Noise, Search
from simulator.table.specs import TableSpec, Vec

# What the shot after next adds: a pot's worth is its ease times
# (1 - FOLLOW_WEIGHT + FOLLOW_WEIGHT x the best follow-up ease).
FOLLOW_WEIGHT = 0.45
# The key ball's worth is more its break shot's: what the break ball leaves
# decides whether the run goes on into the next rack, where a shut rack
# ends it (safeties at 14 and 15 balls on). At FOLLOW_WEIGHT the 14.1
# innings of the bench still ended mostly around the re-rack, the break
# ball left at the head end or on a rail (bench --part why, fourteenth
# round): the break shot's ease counts this much in the key ball's and in
# the pot that leaves the key ball.
BREAK_WEIGHT = 0.8
# How far under the break shot's worth a pot needs to beat the best so far
# the break shots are still looked into (far over rounding's errors).
NEED_SLACK = 1e-9
# The first pots looked beyond (by ease), and the lanes kept for the shot
# after next (the nearest object balls to their pockets).
PLAN_POTS = 3
FOLLOW_LANES = 10
# Distances (m) the cue ball may travel after a pot, and the bends (degrees)
# of its line off the tangent line: towards the object ball's line (follow)
# and away from it (draw). The longest is half the table's length, which the
# position variants' firmer speeds reach: with 0.75 m at most, a next ball
# whose shape for the one after lay across the table counted as leaving
# nothing, and the plan kept the pattern short (bench --part why, twelfth
# round).
TRAVELS = (0.3, 0.75, 1.3)
BENDS = (0.0, 30.0, -35.0)
# The tip heights (fractions of R) that bend the cue ball so: follow, draw.
FOLLOW_TIP = 0.35
DRAW_TIP = -0.4
# Being able to reach a spot is less sure than hitting the pot: a landing
# spot's ease counts this much (speed control).
LANDING = 0.85
# And a short roll is surer than a long one: the cue ball's stop spreads
# with its travel (its speed's error carries 2 dv/v of the distance, its
# line's error grows with the distance), so a next pot reached by a long
# trip of the cue ball is worth less than as easy a one reached by a short
# roll, as a pool player keeps the cue ball short. The factor of each
# travel of TRAVELS (1 at the shortest; at most 1, so the plan's bounds
# on what a pot can still reach hold). With LANDING alone the plan valued
# a next pot 1.3 m of cue ball travel away as one 0.3 m away, and chose
# long position routes over short ones a little easier on paper.
TRAVEL_SURE = {0.3: 1.0, 0.75: 0.94, 1.3: 0.86}


class Spot(tuple[float, float]):
    """A landing spot of the cue ball: its place, and how sure the cue
    ball is to get there (TRAVEL_SURE of its travel)."""

    sure: float

    def __new__(cls, x: float, y: float, sure: float) -> Spot:
        spot = super().__new__(cls, (x, y))
        spot.sure = sure
        return spot


def sureness(p: Vec) -> float:
    """How sure a place is to be reached: a landing spot's own factor, 1
    for a place the cue ball lies at."""
    return p.sure if isinstance(p, Spot) else 1.0
# A pot whose cue ball can run on into a cluster of the next legal balls
# (balls with no open line to a pocket: a 14.1 rack after the key ball, a
# group's balls frozen together) opens them: the shot after it is then a
# fair one, not a sure one. Its follow-up counts this much, the cue ball
# going up to BREAK_REACH metres on along the tangent line or bent for
# follow or draw. Without it the break ball of a 14.1 rack, whose next
# balls are all racked, was worth little more than no shot, and the break
# shot was played as a safety.
BREAK_OUT = 0.45
BREAK_REACH = 1.2
# After the key ball (the table racked again) the next pot is the break
# shot: one whose cue ball cannot run on into the rack scores its point and
# leaves the rack shut, the run over; its ease counts this much. Counted in
# full, a break ball hanging in a pocket at the far end was the easiest
# follow-up there was, and most runs of the bench's 14.1 ended at the
# re-rack with the break ball potted and nothing open (bench --part why).
SHUT = 0.25
# The break shot: a pot whose cue ball, sent on, meets a cluster of balls
# (14.1's rack after the key ball, balls frozen together) is also tried
# this firmly (the cue ball's speed, m/s), with the tip that steers it
# into them (stun, follow or draw: :func:`steered`), on the best
# BREAK_POTS such pots. The position variants (at most 4.8 times the least
# speed that drops the ball) reached a 14.1 rack at a crawl: after 10 of
# 11 re-racks the inning ended at the break shot, the rack left shut
# (bench --part why, seventh round).
BREAK_SPEEDS = (2.2, 3.2, 4.5, 6.0)
BREAK_POTS = 2
# The break ball itself, whatever the cue ball's place: a rack's last two or
# three balls are played so the ball left last can be potted with the cue
# ball running on into the racked fourteen (beside the rack near its apex,
# not at the head end nor hanging in a far corner). Its worth is its best
# pot from a natural angle (cut BREAK_BALL_CUTS degrees either side, the cue
# ball BREAK_BALL_BACK metres back) that opens the rack, SHUT of it where
# none does, and it counts BREAK_BALL_WEIGHT of the pots that leave it: the
# landing spots alone, three pots deep, left the break ball at the head end
# or in a far corner (end-of-rack positions, seventeenth round:
# docs/players.md).
BREAK_BALL_WEIGHT = 0.5
BREAK_BALL_CUTS = (15.0, 30.0)
BREAK_BALL_BACK = 0.5
# A pot that leaves only a shut rack (this many balls or more on the table,
# each with no open line to a pocket or touching one that has none: the
# break ball potted after a re-rack) is worth what the break shot's is in
# the plan: BREAK_WEIGHT of it hangs on its cue ball opening the rack, a
# pot of a racked ball after it counting SHUT. At FOLLOW_WEIGHT a break ball
# whose pot could not reach the rack still counted 0.55 of its ease
# against 0.75 for one that opened it, and the key ball was played for the
# easier pot, the rack then left shut (end-of-rack positions, seventeenth
# round: docs/players.md).
SHUT_RACK = 10
# A break shot may reach the rack off a cushion (the break ball by a rail):
# the cue ball's heading is followed off this many, by the mirror, up to
# BREAK_REACH in all.
BREAK_CUSHIONS = 1
# The key ball (the pot that makes the referee rack the balls again) is
# also tried this firmly (the cue ball's speed, m/s), stun, follow and
# draw, on its best KEY_POTS pots: the break ball is often a table's
# length from the key ball, and the position variants (at most 4.8 times
# the least speed that drops the ball) left the cue ball short of every
# place with a break shot (two balls left, the key ball by the head end, the
# break ball beside the rack: the best of them left a break shot worth 0.18,
# a draw at 4.8 m/s one worth 0.47). Only speeds above the firmest variant
# of that tip are added.
KEY_SPEEDS = (3.0, 3.5, 4.0, 4.5, 5.0, 5.5)
KEY_POTS = 2
# Any pot may need the cue ball sent a table's length for the next ball:
# the position variants are multiples of the least speed that drops the
# ball, so a ball hanging in a pocket, the cue ball near it, was played at
# a crawl whatever the tip (at most 2.7 m/s of cue with draw), and the next
# ball at the other end was left a long, thin pot (9-ball rack 1010 of the
# bench: the 3 in the jaws of the foot-left pocket, the 4 by the head
# cushion, the cue ball drawn 0.75 m back, the 4 then a 41 degree cut from
# 1.1 m missed). The best FIRM_POTS pots are also tried at FIRM_SPEEDS,
# each tip only above its firmest variant (nothing is added where those
# already reach it).
FIRM_SPEEDS = (3.0, 3.5, 4.0)
FIRM_POTS = 2
# The pattern in rotation (9-ball: one ball on at a time, the next ones
# known): the shot after next is worth its ease times a blend of 1 and the
# pot after it (the third ball in rotation) from where it can leave the cue
# ball, PATTERN_WEIGHT of it; the PATTERN_SHOTS easiest shots after next
# are looked into so (the others can only count less). Planned two balls
# deep, a place with an easy shot on the next ball and none on the one
# after it counted as the better one: after 1 or more pots 9 of the
# bench's 60 first innings ended on a safety or a kick and 8 on a missed
# pot (bench --part why, racks 1000 to 1059).
PATTERN_WEIGHT = 0.35
PATTERN_SHOTS = 3
# The pattern runs on, each next ball valued by the pot after it in turn,
# once the order is forced (one ball on) and this many object balls or
# fewer are left: the end of a 9-ball rack to the 9, of an 8-ball group to
# the 8 (the key ball kept for it). Few balls, few lanes: cheap.
RUN_OUT = 3
# Where any of several balls may come next (8-ball's group, 14.1), the pot
# after the shot after next is looked for from these distances only: from
# every TRAVELS the plan cost a 14.1 decision a third more CPU (2.1 to 2.6 s
# against 1.5 to 1.9 on four tables), over the strong player's time.
PATTERN_TRAVELS = (0.75,)


@dataclass(frozen=True)
class Lane:
    """One ball into one pocket along a straight line, whatever the cue ball."""

    target: int
    pocket: str
    obj: Vec
    ghost: Vec
    direction: Vec  # the object ball's travel, unit
    object_distance: float
    half_width: float

    # aim.unit(direction) (it may differ from direction in the last bit), as
    # aim.angle_between takes it: worked out once, not at every cue ball.
    unit_direction: Vec = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "unit_direction", aim.unit(self.direction))

    def pot(self, cue_distance: float, cut: float) -> aim.Pot:
        """The pot along this lane from a cue ball ``cue_distance`` from the
        ghost ball, at ``cut``."""
        return aim.Pot(self.target, self.pocket, self.ghost, self.direction, cut,
                       cue_distance, self.object_distance, self.half_width)


# The lines of a ball into each pocket whose window is open at its approach,
# by table (the spec kept with them, so its id stays its own) and by ball and
# place: a pure function of them, and most balls lie where they lay in the
# search's other outcomes. Emptied when it grows past LINES_KEPT.
_LINES: dict[int, tuple[TableSpec, dict[tuple[int, Vec], list[tuple[Vec, Lane]]]]] = {}
LINES_KEPT = 20000


def open_lines(spec: TableSpec, target: int, obj: Vec) -> list[tuple[Vec, Lane]]:
    """Ball ``target`` at ``obj`` into each pocket, with the pocket's aim
    point: the lanes :class:`Lanes` keeps where no ball is in the way."""
    kept = _LINES.get(id(spec))
    if kept is None or kept[0] is not spec:
        kept = _LINES[id(spec)] = (spec, {})
    memo = kept[1]
    key = (target, obj)
    found = memo.get(key)
    if found is not None:
        return found
    r = spec.balls.radius
    out: list[tuple[Vec, Lane]] = []
    for pocket in spec.pockets:
        target_pt = aim.aim_point(pocket, obj)
        to = aim.sub(target_pt, obj)
        d2 = aim.norm(to)
        if d2 < 1e-6:
            continue
        u = aim.scale(to, 1.0 / d2)
        hw = aim.half_width_at(spec, pocket, aim.approach_angle(pocket, u))
        if hw <= 0.0:
            continue
        ghost = aim.ghost_ball(obj, u, r)
        if not spec.on_bed(ghost[0], ghost[1], -0.25 * r):
            continue
        out.append((target_pt, Lane(target, pocket.name, obj, ghost, u, d2, hw)))
    if len(memo) >= LINES_KEPT:
        memo.clear()
    memo[key] = out
    return out


class Reracks(Protocol):
    """The lanes of a table racked again once ``ball`` is potted (None
    where its pot racks nothing), and whether any ball's pot would."""

    def __call__(self, ball: int) -> Lanes | None: ...

    def any(self) -> bool: ...


class Lanes:
    """The open lanes of ``targets`` on one table (``balls``: every object
    ball on the bed)."""

    # Whether these are the balls of a rack just racked again (after the
    # key ball): the next pot is then the break shot.
    racked = False
    # The lanes after one of these balls is potted where that pot makes the
    # referee rack the balls again (None where it does not), so the pot
    # before the key ball is planned with the break ball the key ball
    # leaves; None where no ball's pot is asked about.
    then: Reracks | None = None
    # The lanes of the balls named once one of these balls is potted too
    # (``beyond(ball)``; None where nothing would be left to play): set in
    # rotation, where one ball is on (the pattern, see best_next); None
    # where the plan looks no further.
    beyond: Callable[[int], Lanes | None] | None = None

    def __init__(self, spec: TableSpec, balls: dict[int, Vec],
                 targets: Sequence[int], racked: bool = False) -> None:
        self.spec = spec
        self.racked = racked
        self._clusters: dict[int, frozenset[int]] = {}
        self._circles: dict[int, tuple[Vec, float]] = {}
        self._others: dict[tuple[int, int | None], list[Vec]] = {}
        self.balls = balls
        self.targets = tuple(t for t in targets if t in balls)
        self.lanes: list[Lane] = []
        clearance = 2.0 * spec.balls.radius - 1e-4
        for t in targets:
            obj = balls.get(t)
            if obj is None:
                continue
            others = [p for b, p in balls.items() if b != t]
            for target_pt, lane in open_lines(spec, t, obj):
                if aim.path_clear(obj, target_pt, others, clearance):
                    self.lanes.append(lane)

    @classmethod
    def subset(cls, of: Lanes, targets: Sequence[int], gone: int) -> Lanes:
        """``of``'s lanes of ``targets`` only, ball ``gone`` off the table
        (its lanes kept as they were: a ball it blocked stays blocked, a
        little pessimistic, and free)."""
        out = cls.__new__(cls)
        out.spec = of.spec
        out.racked = of.racked
        out.then = None
        out._clusters = {}
        out._circles = {}
        out._others = {}
        out.balls = {b: p for b, p in of.balls.items() if b != gone}
        out.targets = tuple(t for t in targets if t in out.balls)
        keep = set(targets)
        out.lanes = [ln for ln in of.lanes if ln.target in keep]
        return out

    def break_ball(self, spec: TableSpec, noise: Noise, max_cut: float) -> float:
        """:func:`break_ball_worth` on these lanes, worked out once per player."""
        memo = self.__dict__.setdefault("_break_ball", {})
        key = (noise, max_cut)
        if key not in memo:
            memo[key] = break_ball_worth(spec, self, noise, max_cut)
        out: float = memo[key]
        return out

    def targets_with_lanes(self) -> set[int]:
        return {ln.target for ln in self.lanes}

    def cluster(self, without: int) -> frozenset[int]:
        """The targets but ``without`` with no open line to a pocket and
        those touching them (see :func:`breaks_out`); empty when none is
        stuck. Worked out once per ball left out."""
        memo = self._clusters
        if without in memo:
            return memo[without]
        with_lanes = self.targets_with_lanes()
        stuck = [t for t in self.targets if t != without and t not in with_lanes]
        cluster = set(stuck)
        if stuck:
            near = 2.5 * self.spec.balls.radius
            stuck_pts = [self.balls[t] for t in stuck]
            for t in self.targets:
                if t not in cluster and t != without and any(
                        math.dist(self.balls[t], q) < near for q in stuck_pts):
                    cluster.add(t)
        memo[without] = frozenset(cluster)
        return memo[without]

    def cluster_circle(self, without: int) -> tuple[Vec, float]:
        """A circle holding the centres of :meth:`cluster`'s balls (its
        centre, its radius): a cue ball's line that passes farther than two
        radii from it meets none of them. Worked out once per ball left out."""
        memo = self._circles
        if without not in memo:
            pts = [self.balls[t] for t in self.cluster(without)]
            c = (sum(q[0] for q in pts) / len(pts), sum(q[1] for q in pts) / len(pts))
            memo[without] = (c, max(math.dist(c, q) for q in pts))
        return memo[without]

    def pots(self, cue: Vec, max_cut: float, lanes: Sequence[Lane] | None = None,
             skip: int | None = None) -> list[aim.Pot]:
        """The pots from ``cue`` (its line to the ghost ball clear, the cut
        no thinner than ``max_cut``); ``skip``: a ball gone from the table."""
        clearance = 2.0 * self.spec.balls.radius - 1e-4
        out: list[aim.Pot] = []
        for ln, d1, cut in self.cuts(cue, max_cut, lanes):
            if self.clear(cue, ln, clearance, skip):
                out.append(ln.pot(d1, cut))
        return out

    def cuts(self, cue: Vec, max_cut: float,
             lanes: Sequence[Lane] | None = None) -> list[tuple[Lane, float, float]]:
        """The lanes of :meth:`pots` before their cue ball's line is checked
        (the cut no thinner than ``max_cut``), each with the cue ball's
        distance to its ghost ball and the cut."""
        limit = math.radians(max_cut)
        cx, cy = cue
        out: list[tuple[Lane, float, float]] = []
        for ln in self.lanes if lanes is None else lanes:
            tx, ty = ln.ghost[0] - cx, ln.ghost[1] - cy
            d1 = math.hypot(tx, ty)
            if d1 < 1e-6:
                continue
            # aim.angle_between(to_ghost, ln.direction), to the last bit:
            # the lane's unit direction kept, the ghost's line divided by d1.
            ux, uy = ln.unit_direction
            cut = aim.acos_clamped(tx / d1 * ux + ty / d1 * uy)
            if cut > limit:
                continue
            out.append((ln, d1, cut))
        return out

    def clear(self, cue: Vec, ln: Lane, clearance: float, skip: int | None) -> bool:
        """Whether the cue ball's line from ``cue`` to ``ln``'s ghost ball
        is open (ball ``skip`` gone from the table)."""
        key = (ln.target, skip)
        others = self._others.get(key)
        if others is None:
            others = [p for b, p in self.balls.items() if b != ln.target and b != skip]
            self._others[key] = others
        return aim.path_clear(cue, ln.ghost, others, clearance)


def pot_ease(spec: TableSpec, cue: Vec, pot: aim.Pot, noise: Noise) -> float:
    return position.ease(spec, cue, chance(pot, noise, spec), pot.cut)


def headings_after(cue: Vec, pot: aim.Pot) -> list[Vec]:
    """The cue ball's directions after ``pot``: along the tangent line and
    bent towards follow or draw (forward or back for a straight pot)."""
    return [h for h, _ in steered(cue, pot)]


def steered(cue: Vec, pot: aim.Pot) -> list[tuple[Vec, float]]:
    """:func:`headings_after`, each with the tip height that sends the cue
    ball that way: stun along the tangent line, follow, draw."""
    c = aim.unit(aim.sub(pot.ghost, cue))
    u = pot.object_dir
    along = aim.dot(c, u)
    tangent = aim.sub(c, aim.scale(u, along))
    if aim.norm(tangent) < 0.05:  # nearly straight: forward or back only
        return [(u, FOLLOW_TIP), (aim.scale(c, -1.0), DRAW_TIP)]
    t = aim.unit(tangent)
    side = 1.0 if aim.cross(t, u) > 0.0 else -1.0
    return [(aim.rotate(t, side * math.radians(b)), tip)
            for b, tip in zip(BENDS, (0.0, FOLLOW_TIP, DRAW_TIP), strict=True)]


def landing_spots(spec: TableSpec, cue: Vec, pot: aim.Pot, balls: dict[int, Vec],
                  travels: Sequence[float] | None = None, sure: bool = True
                  ) -> list[Vec]:
    """Where the cue ball can stop after ``pot``: along the tangent line and
    bent towards follow or draw, at ``travels`` (TRAVELS unless given),
    reflected off one cushion; not on another ball. Each a Spot that counts
    its travel (TRAVEL_SURE), unless not ``sure``: then every spot counts
    as reached."""
    r = spec.balls.radius
    headings = headings_after(cue, pot)
    out: list[Vec] = []
    lo_x, hi_x, lo_y, hi_y = r, spec.length - r, r, spec.width - r
    apart = 2.2 * r
    for h in headings:
        for dist in TRAVELS if travels is None else travels:
            x = pot.ghost[0] + h[0] * dist
            y = pot.ghost[1] + h[1] * dist
            # Off a cushion: the mirror image back onto the bed.
            if x < lo_x:
                x = 2 * lo_x - x
            elif x > hi_x:
                x = 2 * hi_x - x
            if y < lo_y:
                y = 2 * lo_y - y
            elif y > hi_y:
                y = 2 * hi_y - y
            if not (lo_x <= x <= hi_x and lo_y <= y <= hi_y):
                continue
            p = (x, y)
            for b, q in balls.items():
                if b != pot.target and not math.dist(p, q) > apart:
                    break
            else:
                out.append(Spot(x, y, TRAVEL_SURE.get(dist, 1.0)) if sure else p)
    return out


def follow_up(spec: TableSpec, lanes: Lanes, spots: Sequence[Vec], gone: int,
              noise: Noise, max_cut: float) -> float:
    """The best next pot's ease from the best of ``spots`` (ball ``gone``
    potted), over the lanes of the balls left."""
    return LANDING * best_next(spec, lanes, spots, gone, noise, max_cut, 0.0)


def best_next(spec: TableSpec, lanes: Lanes, spots: Sequence[Vec], gone: int,
              noise: Noise, max_cut: float, above: float) -> float:
    """:func:`follow_up` before LANDING, where it is more than ``above``;
    ``above`` where it is not (the pots no better are not looked into)."""
    keep = [ln for ln in lanes.lanes if ln.target != gone]
    if not keep:
        return above
    keep.sort(key=lambda ln: ln.object_distance)
    keep = keep[:FOLLOW_LANES]
    if lanes.racked and lanes.then is None:
        return best_break(spec, lanes, spots, keep, gone, noise, max_cut, above)
    if lanes.beyond is not None:
        return best_pattern(spec, lanes, spots, keep, gone, noise, max_cut, above)
    best = above
    clearance = 2.0 * spec.balls.radius - 1e-4
    for p in spots:
        rail = position.rail_factor(spec, p) * sureness(p)
        for ln, d1, cut in lanes.cuts(p, max_cut, keep):
            # Every branch below only lowers it, so a pot no easier than the
            # best so far is passed before its line is checked (the best is
            # the same).
            e = _ease(spec, noise, ln, d1, cut, rail)
            if e <= best or not lanes.clear(p, ln, clearance, gone):
                continue
            pot = ln.pot(d1, cut)
            if lanes.racked and not breaks_out(spec, p, pot, lanes):
                e *= SHUT
            elif lanes.then is not None and e * (1.0 - FOLLOW_WEIGHT) < best \
                    and lanes.then.any():
                continue  # the key ball below can only lower it
            elif lanes.then is not None and (racked := lanes.then(pot.target)):
                # The key ball: worth what it leaves for the break shot,
                # as the key ball itself is planned (planned_quality).
                # Only a break shot worth more than ``need`` can lift this
                # pot over the best so far: the weaker are not looked into
                # (the best found the same; a hair under ``need`` so that a
                # break shot found no better leaves this pot under the best).
                balls = {b: q for b, q in lanes.balls.items() if b != gone}
                need = (best / e - 1.0 + BREAK_WEIGHT) / (BREAK_WEIGHT * LANDING)
                spots_after = landing_spots(spec, p, pot, balls)
                brk = LANDING * best_next(spec, racked, spots_after, pot.target, noise,
                                          max_cut, max(0.0, need - NEED_SLACK))
                e *= 1.0 - BREAK_WEIGHT + BREAK_WEIGHT * brk
            if e > best:
                best = e
    return best


def best_pattern(spec: TableSpec, lanes: Lanes, spots: Sequence[Vec],
                 keep: Sequence[Lane], gone: int, noise: Noise, max_cut: float,
                 above: float) -> float:
    """:func:`best_next` in rotation (``lanes.beyond`` set): the shot after
    next from each of ``spots``, worth its ease times a blend of 1 and the
    best pot on the ball after it from where it can leave the cue ball
    (PATTERN_WEIGHT of it; 1 where it ends the rack). The PATTERN_SHOTS
    easiest are looked into, easiest first, while one can beat the best so
    far (the blend only lowers an ease)."""
    assert lanes.beyond is not None
    found = _easiest_first(spec, lanes, spots, keep, noise, max_cut, above)
    best = above
    clearance = 2.0 * spec.balls.radius - 1e-4
    looked = 0
    for e, p, ln, d1, cut in found:
        if e <= best or looked >= PATTERN_SHOTS:
            break  # nor can any after it
        if not lanes.clear(p, ln, clearance, gone):
            continue
        looked += 1
        third = lanes.beyond(ln.target)
        if third is not None:
            pot = ln.pot(d1, cut)
            balls = {b: q for b, q in lanes.balls.items() if b != gone}
            # Any order of many balls: the ball after it estimated cheaply,
            # from the middle distance only (a third of the spots).
            travels = None if len(lanes.targets) == 1 else PATTERN_TRAVELS
            # The run to the game ball (the order forced, RUN_OUT balls or
            # fewer: the 9, the 8) counts each spot as reached: it asks
            # whether every ball leaves an easy pot on the next, and the
            # travel's factor, met at each ball of the run while the game
            # ball's own ease counts PATTERN_WEIGHT of a PATTERN_WEIGHT,
            # rated a short route to a long, hard 9 over a longer one to an
            # easy 9 (test_plan_ahead).
            run_out = third.beyond is not None
            f = follow_up(spec, third,
                          landing_spots(spec, p, pot, balls, travels, sure=not run_out),
                          ln.target, noise, max_cut)
            e *= 1.0 - PATTERN_WEIGHT + PATTERN_WEIGHT * f
        best = max(best, e)
    return best


def _easiest_first(spec: TableSpec, lanes: Lanes, spots: Sequence[Vec],
                   keep: Sequence[Lane], noise: Noise, max_cut: float, above: float
                   ) -> list[tuple[float, Vec, Lane, float, float]]:
    """Every pot from ``spots`` easier than ``above``: (ease, spot, lane,
    distance, cut), the easiest first."""
    found: list[tuple[float, Vec, Lane, float, float]] = []
    for p in spots:
        rail = position.rail_factor(spec, p) * sureness(p)
        for ln, d1, cut in lanes.cuts(p, max_cut, keep):
            e = _ease(spec, noise, ln, d1, cut, rail)
            if e > above:
                found.append((e, p, ln, d1, cut))
    found.sort(key=lambda f: -f[0])
    return found


def _ease(spec: TableSpec, noise: Noise, ln: Lane, d1: float, cut: float,
          rail: float) -> float:
    """pot_ease on a lane, its factors in the same order (the same value to
    the bit)."""
    return shots.chance_of(ln.half_width, shots.spread(
        noise, spec, d1, cut, ln.object_distance)) * \
        position.angle_factor(cut) * rail


def best_break(spec: TableSpec, lanes: Lanes, spots: Sequence[Vec],
               keep: Sequence[Lane], gone: int, noise: Noise, max_cut: float,
               above: float) -> float:
    """:func:`best_next` on a table racked again (the next pot the break
    shot; ``keep``: its lanes looked at): the pots easiest first, each
    looked into (its cue ball's line, whether it opens the rack) only while
    it can beat the best so far, and the first that opens the rack the best
    of all. The same answer as looking into each in turn; whether a pot
    opens the rack was most of the key ball's planning."""
    found = _easiest_first(spec, lanes, spots, keep, noise, max_cut, above)
    best = above
    clearance = 2.0 * spec.balls.radius - 1e-4
    for e, p, ln, d1, cut in found:
        if e <= best:
            break  # nor can any after it
        if not lanes.clear(p, ln, clearance, gone):
            continue
        if breaks_out(spec, p, ln.pot(d1, cut), lanes):
            return e  # none after it is easier
        best = max(best, e * SHUT)
    return best


def break_ball_worth(spec: TableSpec, racked: Lanes, noise: Noise,
                     max_cut: float) -> float:
    """How good a break ball the racked table ``racked`` has (its balls
    with an open line to a pocket, the fourteen racked with none), from a
    natural place of the cue ball rather than a planned one: each pot from
    BREAK_BALL_BACK behind its ghost ball at BREAK_BALL_CUTS either side,
    its ease in full where its cue ball runs on into the rack
    (:func:`breaks_out`), SHUT of it where not; the best of them."""
    best = 0.0
    lo, hi = spec.balls.radius, (spec.length - spec.balls.radius,
                                  spec.width - spec.balls.radius)
    clearance = 2.0 * spec.balls.radius - 1e-4
    for ln in racked.lanes:
        for deg in BREAK_BALL_CUTS:
            for side in (1.0, -1.0):
                back = aim.rotate(ln.unit_direction, side * math.radians(deg))
                cue = aim.sub(ln.ghost, aim.scale(back, BREAK_BALL_BACK))
                if not (lo < cue[0] < hi[0] and lo < cue[1] < hi[1]):
                    continue
                cuts = racked.cuts(cue, max_cut, (ln,))
                if not cuts or not racked.clear(cue, ln, clearance, None):
                    continue
                _, d1, cut = cuts[0]
                e = _ease(spec, noise, ln, d1, cut, 1.0)
                if e <= best:
                    continue
                if not breaks_out(spec, cue, ln.pot(d1, cut), racked):
                    e *= SHUT
                best = max(best, e)
    return best


def left_break_ball(spec: TableSpec, nxt: Lanes, noise: Noise,
                    max_cut: float) -> float | None:
    """The break ball a pot leaves, where the rack is down to its last
    balls (``nxt``: the lanes after the pot): on a table racked again, its
    :func:`break_ball_worth`; with the key ball still to pot (a pot of one
    of ``nxt``'s balls racks the rest), the best of what each key ball
    leaves; None where neither is near."""
    if nxt.racked:
        return nxt.break_ball(spec, noise, max_cut)
    if nxt.then is None or len(nxt.targets) > 2 or not nxt.then.any():
        return None
    worths = [racked.break_ball(spec, noise, max_cut)
              for b in nxt.targets if (racked := nxt.then(b)) is not None]
    return max(worths) if worths else None


def breaks_out(spec: TableSpec, cue: Vec, pot: aim.Pot, nxt: Lanes) -> bool:
    """Whether the cue ball, sent on after ``pot`` along one of its
    headings (off up to BREAK_CUSHIONS cushions, as the break shot is
    tried), meets a ball of a cluster among the next legal balls (one with
    no open line to a pocket, or touching such a one) before it meets
    anything else: a pot that can open them. Looking at direct headings
    only, the key ball's plan took a break ball by a rail for a shut rack,
    and after 4 of 12 re-racks the inning ended on a safety or a kick
    (bench --part why, eighth round)."""
    return bool(break_tips(spec, cue, pot, nxt, BREAK_CUSHIONS))


def break_tips(spec: TableSpec, cue: Vec, pot: aim.Pot, nxt: Lanes,
               cushions: int = 0) -> list[float]:
    """The tip heights (stun, follow, draw) whose heading after ``pot``
    meets a ball of a cluster among the next legal balls first, within
    BREAK_REACH, off up to ``cushions`` cushions (:func:`breaks_out`)."""
    cluster = nxt.cluster(pot.target)
    if not cluster:
        return []
    # Most headings pass far from the cluster: told so by its circle alone,
    # not by every ball on the table (the same answer, for a fraction of
    # the key ball's planning).
    centre, spread = nxt.cluster_circle(pot.target)
    near = spread + 2.0 * spec.balls.radius + 1e-9
    if math.dist(pot.ghost, centre) > BREAK_REACH + near:
        return []  # out of reach whichever way it goes
    return [tip for h, tip in steered(cue, pot)
            if passes_near(spec, pot.ghost, h, BREAK_REACH, cushions, centre, near)
            and first_met(spec, pot.ghost, h, nxt.balls, pot.target, BREAK_REACH,
                          cushions) in cluster]


def passes_near(spec: TableSpec, start: Vec, h: Vec, reach: float, cushions: int,
                centre: Vec, near: float) -> bool:
    """Whether the path :func:`first_met` follows from ``start`` along
    ``h`` (off up to ``cushions`` cushions) comes within ``near`` of
    ``centre``: if not, no ball within ``near`` less two radii of it can be
    the first met."""
    rail = shots.to_cushion(spec, start, h)
    on = cushions > 0 and rail < reach
    length = rail if on else reach
    rel = aim.sub(centre, start)
    t = min(max(aim.dot(rel, h), 0.0), length)
    if math.hypot(rel[0] - t * h[0], rel[1] - t * h[1]) <= near:
        return True
    if not on:
        return False
    r = spec.balls.radius
    at = aim.add(start, aim.scale(h, rail))
    lo, hi = r + 1e-6, (spec.length - r - 1e-6, spec.width - r - 1e-6)
    bounced = (-h[0] if not lo < at[0] < hi[0] else h[0],
               -h[1] if not lo < at[1] < hi[1] else h[1])
    return passes_near(spec, at, bounced, reach - rail, cushions - 1, centre, near)


def first_met(spec: TableSpec, start: Vec, h: Vec, balls: dict[int, Vec], skip: int,
              reach: float, cushions: int = 0) -> int | None:
    """The first ball (but ``skip``) a ball sent from ``start`` along the
    unit ``h`` meets within ``reach`` metres, off up to ``cushions``
    cushions by the mirror; None if none."""
    r = spec.balls.radius
    first: tuple[float, int] | None = None
    for b, q in balls.items():
        if b == skip:
            continue
        rel = aim.sub(q, start)
        along = aim.dot(rel, h)
        if along <= 0.0 or along > reach:
            continue
        if abs(aim.cross(h, rel)) < 2.0 * r and (first is None or along < first[0]):
            first = (along, b)
    rail = shots.to_cushion(spec, start, h)
    if cushions <= 0 or rail >= reach or (first is not None and first[0] < rail):
        return None if first is None else first[1]
    at = aim.add(start, aim.scale(h, rail))
    lo, hi = r + 1e-6, (spec.length - r - 1e-6, spec.width - r - 1e-6)
    bounced = (-h[0] if not lo < at[0] < hi[0] else h[0],
               -h[1] if not lo < at[1] < hi[1] else h[1])
    return first_met(spec, at, bounced, balls, skip, reach - rail, cushions - 1)


def planned_quality(spec: TableSpec, cue: Vec, lanes: Lanes, noise: Noise,
                    max_cut: float, after: Callable[[int], Lanes | None]) -> float:
    """The worth, 0-1, of the cue ball at ``cue`` for the shooter planning
    two shots: each of the best PLAN_POTS pots (by ease) times a blend of 1
    and the follow-up from where it can leave the cue ball (``after(ball)``:
    the lanes of the balls the referee would name once ``ball`` is down,
    None when nothing would be left to play); the best of them, and a
    little for a second to fall back on (``position.combine``)."""
    pots = lanes.pots(cue, max_cut)
    if not pots:
        return 0.0
    scored = sorted(((pot_ease(spec, cue, p, noise), i, p) for i, p in enumerate(pots)),
                    key=lambda x: (-x[0], x[1]))
    values: list[float] = []
    for k, (e, _, pot) in enumerate(scored):
        if k >= PLAN_POTS:
            values.append(e * (1.0 - FOLLOW_WEIGHT))
            continue
        nxt = after(pot.target)
        shut = nxt is not None and shut_rack(nxt, pot.target)
        if nxt is None:
            f = 1.0  # the rack is done with this pot
        else:
            spots = landing_spots(spec, cue, pot, lanes.balls)
            f = follow_up(spec, nxt, spots, pot.target, noise, max_cut)
            if shut:
                f = BREAK_OUT if breaks_out(spec, cue, pot, nxt) else SHUT * f
            elif f < BREAK_OUT and breaks_out(spec, cue, pot, nxt):
                f = BREAK_OUT
        w = BREAK_WEIGHT if nxt is not None and (nxt.racked or shut) else FOLLOW_WEIGHT
        v = e * (1.0 - w + w * f)
        g = None if nxt is None else left_break_ball(spec, nxt, noise, max_cut)
        if g is not None:
            v *= 1.0 - BREAK_BALL_WEIGHT + BREAK_BALL_WEIGHT * g
        values.append(v)
    return position.combine(values)


def shut_rack(nxt: Lanes, gone: int) -> bool:
    """Whether the balls ``nxt`` names once ``gone`` is potted are a shut
    rack: SHUT_RACK or more, every one of them stuck or touching a stuck
    one (:meth:`Lanes.cluster`)."""
    return len(nxt.targets) >= SHUT_RACK and \
        len(nxt.cluster(gone)) == len([t for t in nxt.targets if t != gone])


def problem_balls(lanes: Lanes, targets: Sequence[int]) -> int:
    """How many of ``targets`` have no open line to any pocket (from any
    place of the cue ball): balls to break out before the rack can end."""
    open_ = lanes.targets_with_lanes()
    return sum(1 for t in targets if t not in open_)


def break_shots(view: shots.View, cue: Vec, noise: Noise, search: Search,
                place: Vec | None) -> list[Candidate]:
    """Firm pots that send the cue ball into a cluster to open it (the
    break shot): for the best BREAK_POTS pots (by their chance) whose cue
    ball meets a cluster of the balls on the table, each tip that steers it
    there at each of BREAK_SPEEDS. What the spread leaves is for the
    search to judge, by simulation."""
    spec = view.spec
    req = view.req
    pots = shots.pots_from(view, cue, req.direct_targets(view.table), search.max_cut)
    if not pots:
        return []
    every = Lanes(spec, view.balls, tuple(view.balls))
    ranked = sorted(((chance(p, noise, spec), i, p) for i, p in enumerate(pots)),
                    key=lambda x: (-x[0], x[1]))
    out: list[Candidate] = []
    found = 0
    for c, _, pot in ranked:
        if found >= BREAK_POTS:
            break
        if not break_tips(spec, cue, pot, every, BREAK_CUSHIONS):
            continue
        found += 1
        obj = view.balls[pot.target]
        decl = shots.call_for(req, pot.target, pot.pocket)
        # Every tip, not only the one steering that way by the geometry:
        # firm, the cue ball keeps to the tangent line longer than the
        # bends of TRAVELS' soft strokes (a follow that reaches the rack at
        # 2 m/s passed beside it at 4 and 6).
        for tip in (0.0, FOLLOW_TIP, DRAW_TIP):
            for v in BREAK_SPEEDS:
                direction, _ = aim.thrown_aim(spec, cue, obj, pot, v, tip)
                out.append(Candidate("pot", shots.stroke(spec, direction, v, tip), decl,
                                     place, pot.target, pot.pocket, c))
    return out


def key_ball_shots(view: shots.View, cue: Vec, noise: Noise, search: Search,
                   place: Vec | None,
                   reracks: Callable[[int], bool]) -> list[Candidate]:
    """Firm pots of the key ball (``reracks(ball)``: its pot makes the
    referee rack the balls again) for position on the break ball: the best
    KEY_POTS such pots (by their chance), each tip at each of KEY_SPEEDS
    above that tip's firmest position variant. Where the cue ball goes is
    for the search to judge, by simulation."""
    return _firm(view, cue, noise, search, place, reracks, KEY_POTS, KEY_SPEEDS)


def firm_shots(view: shots.View, cue: Vec, noise: Noise, search: Search,
               place: Vec | None,
               reracks: Callable[[int], bool] | None) -> list[Candidate]:
    """Firm pots for position a long way off: the best FIRM_POTS pots that
    rack nothing again (the key ball has its own, :func:`key_ball_shots`),
    each tip at each of FIRM_SPEEDS above that tip's firmest variant."""
    def plain(ball: int) -> bool:
        return reracks is None or not reracks(ball)
    return _firm(view, cue, noise, search, place, plain, FIRM_POTS, FIRM_SPEEDS)


def _firm(view: shots.View, cue: Vec, noise: Noise, search: Search,
          place: Vec | None, which: Callable[[int], bool], count: int,
          speeds: Sequence[float]) -> list[Candidate]:
    """The best ``count`` pots of the balls ``which`` admits (by their
    chance), each tip at each of ``speeds`` (m/s of the cue ball) above
    that tip's firmest position variant."""
    spec = view.spec
    req = view.req
    pots = [p for p in shots.pots_from(view, cue, req.direct_targets(view.table),
                                       search.max_cut) if which(p.target)]
    ranked = sorted(((chance(p, noise, spec), i, p) for i, p in enumerate(pots)),
                    key=lambda x: (-x[0], x[1]))[:count]
    firmest: dict[float, float] = {}
    for factor, tip in search.variants:
        firmest[tip] = max(factor, firmest.get(tip, 0.0))
    out: list[Candidate] = []
    for c, _, pot in ranked:
        obj = view.balls[pot.target]
        least = aim.pot_ball_speed(spec, pot, shots.EXTRA_ROLL)
        decl = shots.call_for(req, pot.target, pot.pocket)
        for tip, factor in firmest.items():
            for v in speeds:
                if v <= least * factor:
                    continue
                direction, _ = aim.thrown_aim(spec, cue, obj, pot, v, tip)
                out.append(Candidate("pot", shots.stroke(spec, direction, v, tip), decl,
                                     place, pot.target, pot.pocket, c))
    return out
