"""What an outcome is worth to a player, as the referee rules it.

A shot simulated is judged by the discipline (``judge``, pure); its ruling
and the state that follows are valued from one player's side on one scale:
+1 a game won, -1 a game lost; in between, whose turn it is and how good
their next shot is (``shots.quality``: the best pot's ease from where the
cue ball stopped, see ``position``; with the cue ball in hand where the
referee gives it, in hand anywhere never less than a floor), the
points the ruling moved (14.1, Express) and, in a race, the balls scored. A
choice left open is answered as its chooser would (``Discipline.choose``),
so a foul that gives the opponent the choice of the table is valued at the
option he would take. Nothing here re-derives a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from rules.codes import FoulCode
from rules.game import Discipline, GameState
from rules.ruling import (
    DECL_CALL,
    BallInHand,
    Choice,
    Declarations,
    RulesError,
    Ruling,
    ShotRequirements,
)
from simulator.players import plan as planning
from simulator.players import shots
from simulator.players.strength import Noise
from simulator.table.events import Event, EventKind, Shot, Stroke
from simulator.table.specs import CUE_BALL, TableSpec

WIN = 1.0
LOSS = -1.0
# The worth of being at the table with a next shot of quality q: a sure
# shot is most of a game's worth, no shot at all a little less than nothing
# (a safety is then the best one can do).
AT_TABLE_BASE = -0.15
AT_TABLE_GAIN = 0.75
# For a player who plans (strong, pro) no shot at all is worth nothing
# either way: between players who search their safeties the one left
# without a pot plays safe back and the exchange is even. At -0.15 a
# safety that left nothing was worth as much as a made pot with a fair shot
# after it; at -0.05 a pot that scored a point and left nothing was still
# only even with a safety that left nothing, and in 14.1, where each ball
# is a point, the strong player played safe from pots its own tries made
# 86 % of the time (bench --part why).
PLANNED_BASE = 0.0
# The turn is never worth less than this to the player who has it while a
# legal ball lies open to a full hit (can_play_safe): with no pot he plays
# safe, and a safety that leaves the other nothing is worth no more to him
# than that. At AT_TABLE_BASE alone the club player valued a safety that
# left nothing (+0.15) above a legal pot that kept the table with no next
# shot (-0.15), and gave the table away. What the rules add (points, the
# count of fouls, a choice) counts on top.
TURN_FLOOR = 0.0
# The cue ball in hand anywhere is worth at least a shot of this quality,
# pot or none: where nothing can be potted, it places a safety at will.
HAND_FLOOR = 0.6
# To a player who plans (strong, pro), more: a good player with the cue ball
# in hand nearly always has a shot (a bank, a combination, a break-out from
# the spot of his choosing) or a safety that leaves a kick, and the exchange
# is his. The hand spots (``shots.hand_spots``) find a pot for any ball with
# an open line to a pocket (then the ball in hand is worth about a sure
# shot, 0.95 to 1), so the floor counts where no ball has one, a fifth of
# the 9-ball hands of the strong player's search (bench --part run); at
# 0.6 those were worth less to the opponent than a fair cut left at the
# table (0.6 to 0.85), and a foul that gave one away looked cheaper than a
# safety that left him that cut.
PLANNED_HAND_FLOOR = 0.85
BALL_SCORED = 0.03  # each ball scored in a race: progress to the game
POINT = 0.05  # each point in a points game, against the others' mean
BREAK_VALUE = 0.0  # to break (when not estimated by simulation)
# A rival's good shot when his pots do not cost this player (Express: he
# writes off somebody else) still moves him on: it counts this much.
BYSTANDER = 0.2
# Each legal ball with no open line to any pocket (a problem ball, to be
# broken out before the rack can end) takes this much off its shooter's
# place at the table (a planner's view), counted up to PROBLEM_CAP balls: a
# freshly racked 14.1 rack is fourteen of them, and uncapped they took 0.28
# off every place near it, so a break shot that opens the rack looked worse
# than a safety that leaves it shut (bench --part why: the innings of 12 to
# 14 balls ended at the break shot).
PROBLEM_BALL = 0.02
PROBLEM_CAP = 3
# Fouls in a row: a player whose count stands at n carries this share of
# what the next foul would cost him beyond a first one (the referee says
# what: 14.1's third foul, 9-ball's loss of the game) as long as it stands.
# The share is what the count costs over the exchanges that follow: the
# opponent answers a player on a foul with safeties until a legal hit is
# hard, so a count of one is a fifth of the way to the third foul, a count
# of two half of it (at 0.08 and 0.3 the strong player gave a 14.1 foul
# away on purpose 7 times in 100 shots: bench --part why).
FOUL_JEOPARDY = {1: 0.2, 2: 0.5}
# The foul a person may call in every pool game, used to ask the referee
# what one more foul would cost (never played).
PROBE_FOUL = FoulCode.TOUCHED_BALL
_THIRD_FOUL_COST: dict[str, float] = {}


@dataclass(frozen=True)
class Judge:
    """A player's way of valuing tables: its own noise for everybody's
    chances (it knows no better), and whether it looks at the next shot."""

    discipline: Discipline[Any]
    me: int
    noise: Noise
    max_cut: float
    position: bool
    break_value: float = BREAK_VALUE
    plan: bool = False  # plans the shot after next (``plan``)

    def at_table(self, quality: float, safe: bool = False) -> float:
        """The turn's worth to the player at the table; where he can play
        safe (``safe``), never below what that is worth to him (TURN_FLOOR)."""
        base = PLANNED_BASE if self.plan else AT_TABLE_BASE
        worth = base + AT_TABLE_GAIN * quality
        return max(TURN_FLOOR, worth) if safe else worth

    def state_value(self, state: GameState, me: int | None = None,
                    depth: int = 2) -> float:
        """The state from ``me``'s side (default: this player)."""
        me = self.me if me is None else me
        if state.game_over:
            if state.winner is None:
                return 0.0
            return WIN if state.winner == me else LOSS
        try:
            req = self.discipline.requirements(state)
        except RulesError:
            return 0.0
        if req.is_lag:
            return 0.0
        if req.pending:
            if depth <= 0:
                return 0.0
            chooser = req.chooser if req.chooser is not None else req.shooter
            best: tuple[float, float] | None = None
            for c in req.pending:
                nxt = self.chosen(state, c)
                if nxt is None:
                    continue
                theirs = self.state_value(nxt, chooser, depth - 1)
                mine = theirs if chooser == me else \
                    self.state_value(nxt, me, depth - 1)
                if best is None or theirs > best[0]:
                    best = (theirs, mine)
            return 0.0 if best is None else best[1]
        shooter = req.shooter
        if req.is_break:
            worth = self.break_value
        elif not self.position:
            worth = self.at_table(0.5)
        else:
            worth = self.at_table(self.quality(state, req), can_play_safe(state, req))
        worth -= self.jeopardy(state, shooter)
        if state.players == 2:
            worth += self.jeopardy(state, 1 - shooter)
        if shooter == me:
            return worth
        if req.loses_by_pots(me) or state.players == 2:
            return -worth
        return -BYSTANDER * worth

    def quality(self, state: GameState, req: ShotRequirements) -> float:
        """The shooter's next shot, 0-1: planned two shots deep where this
        player plans and the cue ball is where it lies (less a little for
        each problem ball), else the best pot and a fallback; in hand
        anywhere never less than HAND_FLOOR (PLANNED_HAND_FLOOR to a player
        who plans)."""
        view = shots.View.of(state.table, req)
        if self.plan and req.ball_in_hand is BallInHand.NONE and view.cue is not None \
                and not req.cue_ball_is_object:
            targets = req.direct_targets(state.table)
            lanes = planning.Lanes(state.table.spec, view.balls, targets)
            q = planning.planned_quality(state.table.spec, view.cue, lanes, self.noise,
                                     self.max_cut, self._after(state, lanes, targets))
            q -= PROBLEM_BALL * min(PROBLEM_CAP, planning.problem_balls(lanes, targets))
            return max(0.0, q)
        q = shots.quality(view, self.noise, self.max_cut)
        if self.plan and req.ball_in_hand is not BallInHand.NONE and \
                not req.cue_ball_is_object:
            q *= self._shut_share(state, view, req)
        if req.ball_in_hand is BallInHand.ANYWHERE:
            q = max(q, PLANNED_HAND_FLOOR if self.plan else HAND_FLOOR)
        return q

    def _shut_share(self, state: GameState, view: shots.View,
                    req: ShotRequirements) -> float:
        """What a pot from the cue ball in hand is worth of its ease where
        it leaves only a shut rack (a 14.1 rack racked again, the break ball
        the one ball with a line to a pocket): at best a break shot's share,
        as the plan counts it where the cue ball lies (``planned_quality``);
        1 elsewhere. Valued as a plain pot, the cue ball in hand behind the
        head string after the key ball (the cue ball run into the rack's
        place) looked worth more than any place with a break shot."""
        targets = req.direct_targets(state.table)
        lanes = planning.Lanes(state.table.spec, view.balls, targets)
        if planning.problem_balls(lanes, targets) < planning.SHUT_RACK:
            return 1.0
        return 1.0 - planning.BREAK_WEIGHT + planning.BREAK_WEIGHT * planning.BREAK_OUT

    def _after(self, state: GameState, lanes: planning.Lanes,
               targets: tuple[int, ...]) -> Callable[[int], planning.Lanes | None]:
        """The lanes of the balls the referee would name once ``ball`` is
        potted by the shooter (asked of the discipline on the table without
        it); None when no ball would be left to play."""
        memo: dict[int, planning.Lanes | None] = {}

        def after(ball: int) -> planning.Lanes | None:
            if ball in memo:
                return memo[ball]
            racked = self.racked_after(state, ball)
            if racked is not None:
                memo[ball] = self.racked_lanes(racked, lanes.spec, ball)
                return memo[ball]
            out: planning.Lanes | None = None
            table = state.table.remove(ball)
            try:
                req = self.discipline.requirements(replace(
                    state, table=table, pending=(), chooser=None, is_break=False,
                    ball_in_hand=BallInHand.NONE))
                nxt = tuple(b for b in req.direct_targets(table) if b != CUE_BALL)
            except RulesError:
                nxt = ()
            if nxt and set(nxt) <= set(targets):
                out = planning.Lanes.subset(lanes, nxt, ball)
            elif nxt:
                balls = {b: p for b, p in lanes.balls.items() if b != ball}
                out = planning.Lanes(lanes.spec, balls, nxt)
            if out is not None:
                out.then = self._rerack_after(replace(state, table=table), lanes.spec)
                if (len(out.targets) == 1 and out.then(out.targets[0]) is None) \
                        or (len(out.targets) > 1 and not out.then.any()):
                    # The pattern: one ball on (rotation), or any order of
                    # the balls named where no pot racks them again (8-ball's
                    # group, 14.1 before its last balls; those are the key
                    # ball's plan): the shot after next is valued by the pot
                    # after it too.
                    out.beyond = self._beyond(replace(state, table=table), out)
            memo[ball] = out
            return out
        return after

    def _beyond(self, state: GameState, lanes: planning.Lanes
                ) -> Callable[[int], planning.Lanes | None]:
        """The pattern (one ball on in rotation, or any of ``lanes``' where
        no pot racks them again; ``state``: the ball before it gone): the
        lanes of the balls named once ``ball`` is potted too, None when
        nothing would be left to play. With one ball on and at most
        ``planning.RUN_OUT`` balls left those lanes have their own pattern,
        so the plan runs to the last ball (the 9, the 8)."""
        memo: dict[int, planning.Lanes | None] = {}

        def beyond(ball: int) -> planning.Lanes | None:
            if ball not in memo:
                table = state.table.remove(ball)
                try:
                    req = self.discipline.requirements(replace(
                        state, table=table, pending=(), chooser=None,
                        is_break=False, ball_in_hand=BallInHand.NONE))
                    nxt = tuple(b for b in req.direct_targets(table) if b != CUE_BALL)
                except RulesError:
                    nxt = ()
                out: planning.Lanes | None = None
                if nxt and set(nxt) <= set(lanes.targets):
                    # The same balls less one (8-ball's group, 14.1): their
                    # lanes kept, as the shot after next's are (_after).
                    out = planning.Lanes.subset(lanes, nxt, ball)
                elif nxt:
                    balls = {b: p for b, p in lanes.balls.items() if b != ball}
                    out = planning.Lanes(lanes.spec, balls, nxt)
                if out is not None and len(out.targets) == 1 and \
                        len(out.balls) <= planning.RUN_OUT:
                    # The order forced and few balls left: the plan runs on
                    # to the last ball (the 9, the 8 after the group).
                    out.beyond = self._beyond(replace(state, table=table), out)
                memo[ball] = out
            return memo[ball]
        return beyond

    def _rerack_after(self, state: GameState, spec: TableSpec) -> Rerack:
        """The lanes after a second pot (``state``: the first ball gone)
        where that pot makes the referee rack the balls again (the key
        ball, planned with the break ball it leaves): see :class:`Rerack`."""
        return Rerack(self, state, spec)

    def racked_after(self, state: GameState, ball: int) -> GameState | None:
        """The state the referee gives once the shooter pots ``ball`` where
        that puts balls back on the table (a re-rack: 14.1's last balls),
        asked with a pot on paper; None where the pot only takes the ball
        off (most pots: that answer is kept by the balls on the table)."""
        on = frozenset(state.table.on_table()) - {CUE_BALL}
        key = (self.discipline.name, on, ball)
        if _RACKS.get(key) is False:
            return None
        new: GameState
        try:
            req = self.discipline.requirements(state)
            ruling, new = self.discipline.judge(state, paper_pot(state, ball),
                                                paper_call(req, state, ball))
            fouled = bool(ruling.fouls)
        except (RulesError, ValueError):
            return None  # not remembered: the answer may hang on more than the balls
        changed = not frozenset(new.table.on_table()) - {CUE_BALL} <= on - {ball}
        if len(_RACKS) > 4096:
            _RACKS.clear()
        _RACKS[key] = changed
        if not changed or fouled or new.game_over or \
                new.pending or new.shooter != state.shooter or \
                new.ball_in_hand is not BallInHand.NONE:
            return None
        return new

    def racked_lanes(self, state: GameState, spec: TableSpec,
                     gone: int) -> planning.Lanes | None:
        """The lanes of the balls the referee names after a re-rack (the
        ball just potted, back in the rack, renumbered: the plan leaves the
        potted ball's number out of the next shot's table)."""
        try:
            targets = self.discipline.requirements(state).direct_targets(state.table)
        except RulesError:
            return None

        def name(b: int) -> int:
            return RACKED + b if b == gone else b
        balls = {name(b.ball): b.pos for b in state.table.balls
                 if b.where.value == "table" and b.ball != CUE_BALL}
        nxt = [name(b) for b in targets if b != CUE_BALL]
        return planning.Lanes(spec, balls, nxt, racked=True) if nxt else None

    def jeopardy(self, state: GameState, player: int) -> float:
        """What a count of fouls in a row costs ``player`` while it stands:
        a share of the extra the referee charges for the foul that ends the
        count (0 where fouls are not counted)."""
        counts = getattr(state, "fouls", None)
        if not isinstance(counts, tuple) or player >= len(counts):
            return 0.0
        share = FOUL_JEOPARDY.get(counts[player], 0.0)
        if share == 0.0:
            return 0.0
        return share * self.third_foul_cost(state)

    def third_foul_cost(self, state: GameState) -> float:
        """What the foul that ends a count of two costs beyond a first foul,
        from the referee: three fouls called on one player in a row (his
        turn given back each time), the third valued against the first."""
        name = self.discipline.name
        if name in _THIRD_FOUL_COST:
            return _THIRD_FOUL_COST[name]
        cost = 0.0
        try:
            p = state.shooter
            blank: Any = state
            now: GameState = replace(
                blank, pending=(), chooser=None, is_break=False, game_over=False,
                winner=None, fouls=tuple(0 for _ in range(state.players)))
            values: list[float] = []
            for _ in range(3):
                ruling, after = self.discipline.call_foul(now, PROBE_FOUL)
                lost = LOSS if after.game_over and after.winner != p else 0.0
                values.append(self.points_value(ruling, p) + lost)
                if after.game_over:
                    break
                now = replace(after, shooter=p, pending=(), chooser=None,
                              is_break=False)
            if len(values) == 3:
                cost = max(0.0, values[0] - values[2])
            elif len(values) > 1:
                cost = max(0.0, values[0] - values[-1])
        except (RulesError, TypeError, ValueError):
            cost = 0.0
        _THIRD_FOUL_COST[name] = cost
        return cost


    def chosen(self, state: GameState, choice: Choice) -> GameState | None:
        try:
            out: GameState = self.discipline.choose(state, choice, None)
        except RulesError:
            return None
        return out

    def points_value(self, ruling: Ruling, me: int | None = None) -> float:
        """The points the ruling moved, mine against the others' mean; in a
        race, the balls I scored."""
        me = self.me if me is None else me
        value = 0.0
        if ruling.points and any(ruling.points):
            mine = ruling.points[me]
            others = [p for i, p in enumerate(ruling.points) if i != me]
            value += POINT * (mine - (sum(others) / len(others) if others else 0.0))
        if ruling.shooter == me and self.discipline.scoring == "race":
            value += BALL_SCORED * len(ruling.scored)
        return value

    def outcome(self, ruling: Ruling, state: GameState) -> float:
        """A judged shot: the points it moved and the state it leaves."""
        return self.points_value(ruling) + self.state_value(state)


class Rerack:
    """Which second pots from ``state`` (the first ball gone) make the
    referee rack the balls again, asked only as far as the plan needs:
    whether any would (:meth:`any`: every ball asked, the answers
    remembered by the balls on the table) and, per ball, the lanes of the
    racked table (called with a ball; None where that pot racks nothing).
    Most plans need a few balls' answers, not every ball's; the answers
    are those of asking every ball first."""

    def __init__(self, judge: Judge, state: GameState, spec: TableSpec) -> None:
        self.judge = judge
        self.state = state
        self.spec = spec
        self.name = judge.discipline.name
        self.on = frozenset(state.table.on_table()) - {CUE_BALL}
        self._any: bool | None = None
        self._lanes: dict[int, planning.Lanes | None] = {}
        # Where the cue ball will be after the key ball is not known here:
        # asked with it on the head spot, out of any rack, so the answer is
        # the racked table alone and shared by every outcome that leaves
        # the same balls (each outcome of a search asks it again).
        self.head = replace(state, table=state.table.place(CUE_BALL, *spec.head_spot))

    def _ask(self, ball: int) -> bool | None:
        key = (self.name, self.on, ball)
        if key not in _RACKS:
            self.judge.racked_after(self.state, ball)  # asks the referee once
        return _RACKS.get(key)

    def any(self) -> bool:
        """Whether a pot of some ball from here would rack the balls again."""
        if self._any is None:
            keys = [(self.name, self.on, b) for b in self.on]
            for key in keys:
                if key not in _RACKS:
                    self.judge.racked_after(self.state, key[2])
            self._any = any(_RACKS.get(key) for key in keys)
        return self._any

    def __call__(self, ball: int) -> planning.Lanes | None:
        if ball in self._lanes:
            return self._lanes[ball]
        answer = self._ask(ball)
        # A ball whose pot racks nothing has no racked lanes whether or not
        # another ball's would; one the referee gave no answer for is asked
        # on the head spot only where some ball's pot racks.
        out = None if answer is False or (answer is None and not self.any()) \
            else self._racked(ball)
        self._lanes[ball] = out
        return out

    def _racked(self, ball: int) -> planning.Lanes | None:
        key = (self.head, ball)
        if key not in _RACKED_LANES:
            if len(_RACKED_LANES) > 256:
                _RACKED_LANES.clear()
            racked = self.judge.racked_after(self.head, ball)
            _RACKED_LANES[key] = None if racked is None else \
                self.judge.racked_lanes(racked, self.spec, ball)
        return _RACKED_LANES[key]


# Whether potting a ball with these balls on the table makes the referee
# put balls back (a re-rack), by discipline: asked once per set of balls.
_RACKS: dict[tuple[str, frozenset[int], int], bool] = {}
# The lanes of a table racked again after a second pot on paper (the key
# ball), by the state before it and that ball: a pure function of them.
_RACKED_LANES: dict[tuple[GameState, int], planning.Lanes | None] = {}
# The ball just potted, back on the table after a re-rack, is planned under
# this number plus its own.
RACKED = 1000


def paper_pot(state: GameState, ball: int) -> Shot:
    """A shot on paper: the cue ball meets ``ball`` first and it drops into
    the first pocket, nothing else moving (what the referee makes of a pot
    that comes off, without simulating it)."""
    table = state.table
    pocket = table.spec.pockets[0].name
    events = (Event(EventKind.STROKE, 0.0, (CUE_BALL,)),
              Event(EventKind.BALL_BALL, 0.1, (CUE_BALL, ball)),
              Event(EventKind.POCKETED, 0.5, (ball,), pocket=pocket),
              Event(EventKind.REST, 1.0, ()))
    return Shot(table, Stroke(0.0, 1.0), events, table.remove(ball))


def paper_call(req: ShotRequirements, state: GameState, ball: int) -> Declarations:
    """The call of the paper pot where the game calls its pots."""
    if DECL_CALL not in req.allowed_declarations:
        return Declarations()
    return Declarations(called_ball=ball,
                        called_pocket=state.table.spec.pockets[0].name)


def succeeded(ruling: Ruling, me: int) -> bool:
    """A legal shot that scored and kept the table (or won the game)."""
    if ruling.game_over:
        return ruling.winner == me and not ruling.fouls
    return (not ruling.fouls and bool(ruling.scored) and ruling.next_shooter == me
            and not ruling.options)


def can_play_safe(state: GameState, req: ShotRequirements) -> bool:
    """Whether the shooter can play safe: the cue ball in hand, or a ball
    the referee allows as the first hit open to a full hit from where it
    lies (a cue ball hidden behind balls has only kicks, a risk of ball
    in hand for the other, and no floor)."""
    if req.ball_in_hand is not BallInHand.NONE:
        return True
    view = shots.View.of(state.table, req)
    if view.cue is None:
        return False
    r = state.table.spec.balls.radius
    for b in req.direct_targets(state.table):
        obj = view.balls.get(b)
        if obj is None or b == CUE_BALL:
            continue
        d = shots.contact_direction(view.cue, obj, 0.0, r)
        if d is not None and shots.clear_to_contact(view.cue, obj, d,
                                                    view.others(b), r):
            return True
    return False
