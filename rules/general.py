"""The general pool rules (seed: «Общие правила пула», rules 1-33).

What every pool discipline shares: the fouls physics can see (rules 7, 12,
16-18, 20-23, 31), the referee-called fouls (3, 11, 19, 33), self-moving
balls (25), outside interference (28), spotting (26), racks (2), the lag (5).
A discipline subclasses :class:`PoolDiscipline` and overrides what differs.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, TypeVar, cast

from rules.codes import (
    Code,
    FoulCode,
    Kind,
    LagCode,
    Note,
    SeedRef,
    g,
    reading,
)
from rules.game import Discipline, GameState, Line, MatchView, per_player
from rules.questions import (
    Facts,
    LegalLook,
    cue_contacts,
    facts,
    final_table,
    forgiven_touches,
    frozen_first_hit,
    frozen_rails,
    frozen_to_cue,
    jump_fault,
    kitchen_direct,
    legal_jump,
    moving_at_stroke,
    near_cue,
    off_table,
    pocketed,
    rails_of_contacts,
    stroke_index,
)
from rules.ruling import (
    BallInHand,
    Choice,
    Declarations,
    Foul,
    Outcome,
    RulesError,
    Ruling,
    ShotRequirements,
    Spot,
)
from simulator.table.events import LONG_STRING, EventKind, Shot
from simulator.table.specs import CUE_BALL, TableSpec, Vec, rack_positions
from simulator.table.state import BallState, TableState, Where

T = TypeVar("T")

SPOT_CUE_GAP = 0.001  # P15: spotted balls stay this far off an obstructing cue ball


# -- deterministic shuffling ------------------------------------------------
def _next(z: int) -> tuple[int, int]:
    z = (z + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    x = z
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z, x ^ (x >> 31)


def shuffled(items: Sequence[int], seed: int) -> list[int]:
    """Fisher-Yates with splitmix64: the same seed gives the same order on every
    Python version (racks are part of a stored match)."""
    out = list(items)
    z = seed & 0xFFFFFFFFFFFFFFFF
    for i in range(len(out) - 1, 0, -1):
        z, r = _next(z)
        j = r % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out


# -- positions --------------------------------------------------------------
def rack_slots(spec: TableSpec) -> list[Vec]:
    """The 15 triangle slots (general rule 2), a hair apart so no two balls
    overlap by rounding; apex on the foot spot."""
    return rack_positions(spec, 5, gap=1e-5)


def state_with(table: str, positions: Mapping[int, Vec],
               pocketed_balls: Iterable[int]) -> TableState:
    balls: list[BallState] = []
    for b, (x, y) in positions.items():
        balls.append(BallState(b, Where.TABLE, float(x), float(y)))
    for b in pocketed_balls:
        if b not in positions:
            balls.append(BallState(b, Where.POCKETED))
    balls.sort(key=lambda s: s.ball)
    return TableState(table, tuple(balls))


def racked(spec: TableSpec, slots: Sequence[Vec], fixed: Mapping[int, int],
           rest: Sequence[int], pocketed_balls: Iterable[int] = ()) -> TableState:
    """A rack (general rule 2): the ``fixed`` balls in their slots (ball:
    slot index), the ``rest`` in the free slots in order, the cue ball in
    the kitchen; ``pocketed_balls`` are the set's balls the game leaves out."""
    pos = {b: slots[i] for b, i in fixed.items()}
    free = [i for i in range(len(slots)) if i not in fixed.values()]
    for i, b in zip(free, rest, strict=True):
        pos[b] = slots[i]
    pos[CUE_BALL] = kitchen_cue_spot(spec)
    return state_with(spec.name, pos, pocketed_balls)


def kitchen_cue_spot(spec: TableSpec) -> Vec:
    """Where a cue ball in hand in the kitchen starts until the player moves it."""
    return (spec.head_string_x / 2, spec.width / 2)


def _free_along(spec: TableSpec, y: float, x0: float, direction: int,
                obstacles: Sequence[tuple[Vec, float]], x_limit: float
                ) -> float | None:
    """First x from x0 in ``direction`` on the line y where a ball clears every
    obstacle ((centre, minimum centre distance)); None past x_limit."""
    x = x0
    for _ in range(64):
        moved = False
        for (ox, oy), dmin in obstacles:
            dy = abs(oy - y)
            if dy >= dmin:
                continue
            s = math.sqrt(dmin * dmin - dy * dy)
            if ox - s < x - 1e-12 < ox + s or ox - s < x + 1e-12 < ox + s:
                x = ox + s + 1e-9 if direction > 0 else ox - s - 1e-9
                moved = True
        if not moved:
            break
    if (direction > 0 and x > x_limit) or (direction < 0 and x < x_limit):
        return None
    return x


def spot_balls(state: TableState, balls: Iterable[int],
               exclude: Iterable[int] = ()) -> tuple[Spot, ...]:
    """General rule 26 (reading P15): the lowest ball on the foot spot, the rest
    behind it towards the foot cushion, each as close as it can be, frozen to
    obstructing object balls but a hair off an obstructing cue ball; when the
    line behind the spot is full, in front of the spot with the lowest ball
    nearest the centre. ``exclude``: balls of ``state`` that are not on the bed
    any more (they are being spotted or were pocketed)."""
    spec = state.spec
    d = spec.balls.diameter
    r = spec.balls.radius
    fx, fy = spec.foot_spot
    todo = sorted(set(balls))
    gone = set(exclude) | set(todo)
    obstacles: list[tuple[Vec, float]] = []
    for b in state.balls:
        if b.where is Where.TABLE and b.ball not in gone:
            obstacles.append((b.pos, d + SPOT_CUE_GAP if b.ball == CUE_BALL else d))
    out: list[Spot] = []
    x_from = fx
    rest: list[int] = []
    for i, ball in enumerate(todo):
        x = _free_along(spec, fy, x_from, +1, obstacles, spec.length - r)
        if x is None:
            rest = todo[i:]
            break
        out.append(Spot(ball, x, fy))
        obstacles.append(((x, fy), d))
        x_from = x
    # No room behind the spot: in front of it, highest ball nearest the spot.
    x_from = fx
    front: list[Spot] = []
    for ball in reversed(rest):
        x = _free_along(spec, fy, x_from, -1, obstacles, r)
        if x is None:
            raise RulesError(f"spot: no room on the long string for ball {ball}")
        front.append(Spot(ball, x, fy))
        obstacles.append(((x, fy), d))
        x_from = x
    return tuple(out) + tuple(reversed(front))


def apply_spots(state: TableState, spots: Iterable[Spot]) -> TableState:
    for s in spots:
        state = state.place(s.ball, s.x, s.y)
    return state


# -- the lag (general rule 5) -----------------------------------------------
@dataclass(frozen=True)
class LagResult:
    """winner: player index, or None for a re-lag. reasons[i]: why player i's
    ball lost (empty when it did not)."""

    winner: int | None
    reasons: tuple[tuple[Code, ...], ...]
    distances: tuple[float | None, ...]  # final distance from the head cushion

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner,
                "reasons": [[c.id for c in r] for r in self.reasons],
                "distances": list(self.distances)}


LAG_TIE = 0.001  # m: closer than this, the referee cannot tell: re-lag

# The two lag balls (general rule 5: two balls of the same size and weight,
# two cue balls or at least two plain object balls): player 0 strikes the cue
# ball, player 1 the 1-ball (the set has one cue ball).
LAG_BALLS: tuple[int, int] = (CUE_BALL, 1)
LAG_LINE_GAP = 0.004  # m kept between a lag ball and the line it must not be on


def lag_area(spec: TableSpec, player: int) -> tuple[float, float, float, float]:
    """The rectangle (x0, x1, y0, y1) of centres where ``player``'s lag ball
    may be set: behind the head string (from the kitchen), on the player's
    own side of the head spot (general rule 5), clear of both lines so that
    it starts on neither (crossing the long string loses the lag, 5.1)."""
    if player not in (0, 1):
        raise RulesError(f"lag: player {player} does not lag; the lag is for "
                         "players 0 and 1")
    r = spec.balls.radius
    mid = spec.long_string_y
    x0, x1 = r + LAG_LINE_GAP, spec.head_string_x - r - LAG_LINE_GAP
    if player == 0:
        return x0, x1, r + LAG_LINE_GAP, mid - r - LAG_LINE_GAP
    return x0, x1, mid + r + LAG_LINE_GAP, spec.width - r - LAG_LINE_GAP


def judge_lag(shot: Shot, balls: tuple[int, int]) -> LagResult:
    """Two balls shot together from behind the head string, one each side of
    the head spot, to the foot cushion and back; nearer the head cushion wins."""
    if len(balls) != 2 or balls[0] == balls[1]:
        raise RulesError("lag.balls: expected two different balls")
    spec = shot.initial.spec
    reasons: list[tuple[Code, ...]] = []
    dists: list[float | None] = []
    potted = {b for _, b, _ in pocketed(shot.events, shot.final)}
    gone = {b for _, b in off_table(shot.events, shot.final)}
    for ball in balls:
        why: list[Code] = []
        if shot.initial.position(ball) is None:
            raise RulesError(f"lag.balls: ball {ball} is not on the table")
        if any(e.kind is EventKind.LINE_CROSSED and e.line == LONG_STRING
               and ball in e.balls for e in shot.events):
            why.append(LagCode.OPPONENT_HALF)
        foot = [e for e in shot.events if e.kind is EventKind.BALL_CUSHION
                and ball in e.balls and e.cushion == "foot"]
        if not foot:
            why.append(LagCode.NO_FOOT_RAIL)
        if ball in potted:
            why.append(LagCode.POCKETED)
        if ball in gone:
            why.append(LagCode.OFF_TABLE)
        if any(e.kind is EventKind.BALL_CUSHION and ball in e.balls and e.cushion
               and (e.cushion.startswith(("right_", "left_"))
                    or e.cushion.startswith("jaw:side"))
               for e in shot.events):
            why.append(LagCode.LONG_RAIL)
        pos = shot.final.position(ball)
        if pos is not None and _in_head_corner_mouth(spec, pos):
            why.append(LagCode.CORNER_JAW)
        if len(foot) >= 2:
            why.append(LagCode.FOOT_RAIL_TWICE)
        reasons.append(tuple(why))
        dists.append(None if pos is None else pos[0] - spec.balls.radius)
    ok = [not r for r in reasons]
    winner: int | None = None
    if ok[0] and not ok[1]:
        winner = 0
    elif ok[1] and not ok[0]:
        winner = 1
    elif ok[0] and ok[1]:
        d0, d1 = dists
        assert d0 is not None and d1 is not None
        if abs(d0 - d1) >= LAG_TIE:
            winner = 0 if d0 < d1 else 1
    return LagResult(winner, tuple(reasons), tuple(dists))


def _in_head_corner_mouth(spec: TableSpec, pos: Vec) -> bool:
    """Rule 5.6: the ball rests in a head corner pocket's mouth, past the line
    of the head cushion's jaw (its centre within a radius of the mouth line)."""
    r = spec.balls.radius
    for p in spec.pockets:
        if not p.name.startswith("head_"):
            continue
        (ax, ay), (bx, by) = p.jaw_a, p.jaw_b
        vx, vy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((pos[0] - ax) * vx + (pos[1] - ay) * vy)
                         / (vx * vx + vy * vy)))
        if math.dist(pos, (ax + t * vx, ay + t * vy)) < r:
            return True
    return False


# -- after a shot -----------------------------------------------------------
def spot_after(shot: Shot, f: Facts, balls: Iterable[int]) -> tuple[Spot, ...]:
    """General rule 26 after a shot: ``balls`` spotted on the final table; a
    cue ball that went down or off is no obstacle (it comes back in hand)."""
    return spot_balls(final_table(shot, f), balls,
                      exclude=[CUE_BALL] if f.scratch else [])


def rule31_kept(rails: Mapping[int, Sequence[tuple[int, str]]], ball: int,
                own: Sequence[str], ball_rails: Sequence[tuple[int, str]]) -> bool:
    """General rule 31 (no ball pocketed): the cue ball to a cushion, another
    ball to a cushion, or ``ball`` to a cushion other than ``own``
    (``ball_rails``: its contacts, jaws named by their rail)."""
    return CUE_BALL in rails or any(b not in (ball, CUE_BALL) for b in rails) \
        or any(c not in own for _, c in ball_rails)


def cushion_ball_kept(shot: Shot, f: Facts) -> bool | None:
    """General rule 31 for the first ball hit: None when it was not frozen
    to a cushion, else whether the rule was kept (``rule31_kept``)."""
    hb = f.hit_ball
    own = frozen_rails(shot.initial, hb) if hb is not None else ()
    if hb is None or f.hit_index is None or not own:
        return None
    mine = rails_of_contacts(shot.initial.spec, shot.events, hb, f.hit_index)
    return rule31_kept(f.rails_after_hit, hb, own, mine)


def cite(fouls: Iterable[Foul], refs: Mapping[Code, SeedRef]) -> list[Foul]:
    """``fouls`` with those of ``refs`` cited as it names them: where a
    game's own rule names a general foul (a scratch on the break is 8-ball
    5)."""
    return [replace(x, ref=refs[x.code]) if x.code in refs else x for x in fouls]


def spotted_note(spots: Sequence[Spot]) -> tuple[Outcome, ...]:
    """The note that jumped or illegally pocketed balls were spotted (general
    rule 26), if any were."""
    if not spots:
        return ()
    return (Outcome(Note.BALLS_SPOTTED, g("26"), None, tuple(s.ball for s in spots)),)


# The object balls a break drives to a cushion when none counts as pocketed:
# four in 8-ball (5) and 9-ball (3), two (and the cue ball) in 14.1 (6).
BREAK_RAILS_NEEDED = {"8-ball": 4, "9-ball": 4, "14.1": 2}
# The rules whose break also asks the cue ball to a cushion (14.1 6).
BREAK_CUE_BALL_TOO = frozenset({"14.1"})


def pots_or_drives_four(f: Facts) -> bool:
    """What 8-ball 5 and 9-ball 3 ask of an open break: an object ball
    pocketed, or at least four object balls driven to a cushion."""
    return bool(f.potted_objects) or \
        len(f.cushion_balls) >= BREAK_RAILS_NEEDED["8-ball"]


def illegal_break_foul(ref: SeedRef, f: Facts, rails: Iterable[int]) -> Foul:
    """The illegal break, its balls those that reached a cushion (the cue
    ball among them when the rule asks it to), so that the ruling can say
    how far the break fell short of the rule."""
    return Foul(FoulCode.ILLEGAL_BREAK, ref, f.end_index, tuple(sorted(rails)))


def with_entry(values: Sequence[T], player: int, value: T) -> tuple[T, ...]:
    """A per-player field with ``player``'s entry set to ``value``."""
    return tuple(value if i == player else v for i, v in enumerate(values))


# -- the pool discipline base -----------------------------------------------
@dataclass(frozen=True)
class PoolState(GameState):
    """A pool game between shots: the general state and the consecutive
    fouls per player (9-ball 11, 14.1 12 count them; the app shows them)."""

    fouls: tuple[int, ...] = per_player("ints", 0)

    position_fields: ClassVar[tuple[str, ...]] = (
        *GameState.position_fields, "fouls")


PS = TypeVar("PS", bound=PoolState)


class PoolDiscipline(Discipline[PS]):
    """What 8-ball, 9-ball and 14.1 judge alike under the general rules.

    The steps every pool game takes are here: the shot's general fouls
    (``general_fouls``: the stroke, the first contact, the rail after it, the
    cue ball and the balls off the table), the outcomes they lead to
    (``loss_ruling``, ``win_ruling``, ``foul_ruling``: the opponent comes in
    with the cue ball in hand), replays (rules 25, 28), called fouls and the
    table after a shot. A game overrides the hooks its own rules change: its
    ``rack``, what it asks of the next shot (``shot_requirements``), where its
    own rules name a general foul (``cites``), how it ranks fouls
    (``rank``), its ruling on a shot
    (``judge_facts``) and on a foul called between shots (``foul_called``).
    """

    section = "general"

    hand_values = (BallInHand.NONE, BallInHand.ANYWHERE, BallInHand.KITCHEN)

    def ref(self, rule: str) -> SeedRef:
        return SeedRef("000_a841db6d9a298577.txt", self.section, rule)

    def summary(self, state: PS) -> dict[str, Any]:
        return {"scores": list(state.scores), "fouls": list(state.fouls)}

    def check_position(self, state: PS, where: str = "state",
                       table_where: str = "") -> None:
        """A pool position: at most two fouls in a row stand before a shot
        (a third ends the count) and an object ball is on the table."""
        super().check_position(state, where, table_where)
        for i, x in enumerate(state.fouls):
            if not 0 <= x <= 2:
                raise RulesError(f"{where}.fouls[{i}]: consecutive fouls before a "
                                 "shot are 0, 1 or 2 (a third ends the count), got "
                                 f"{x}", "fouls_in_a_row", player=i)
        if not [b for b in state.table.on_table() if b != CUE_BALL]:
            raise RulesError(f"{table_where or where + '.table'}: {self.name} "
                             "needs at least one object ball on the table",
                             "no_object_ball")

    # -- a new game ----------------------------------------------------------
    def new_game(self, players: int, breaker: int, rack_seed: int, table: str,
                 scores: tuple[int, ...] | None = None) -> PS:
        return self.blank_state(players, breaker, self.rack(table, rack_seed),
                                rack_seed, scores)

    def rack(self, table: str, seed: int) -> TableState:
        """The game's rack on ``table`` (general rule 2 and the game's own),
        the order drawn from ``seed``."""
        raise NotImplementedError

    def blank_state(self, players: int, breaker: int, table: TableState,
                    rack_seed: int, scores: tuple[int, ...] | None) -> PS:
        n = players
        kw = self.info.state.blank_fields(n)
        if scores is not None:
            kw["scores"] = scores
        state = self.info.state(
            discipline=self.name, players=n, table=table, shooter=breaker,
            breaker=breaker, ball_in_hand=BallInHand.KITCHEN, is_break=True,
            rack_seed=rack_seed, **kw)  # type: ignore[arg-type]
        return cast(PS, state)

    # -- hooks with general defaults -----------------------------------------
    def rank(self, foul: Foul) -> int:
        """How severe a foul's penalty is (general rule 24): higher wins."""
        return 2 if foul.code.kind is Kind.LOSS else 1

    def most_severe(self, fouls: Sequence[Foul]) -> Foul | None:
        best: Foul | None = None
        for f in fouls:
            if best is None or self.rank(f) > self.rank(best):
                best = f
        return best

    def other(self, state: PS, player: int) -> int:
        return (player + 1) % state.players

    # Where the game's own rules name a general foul the log shows: a wrong
    # ball hit first (general rule 16), no cushion after the contact (17),
    # an object ball off the table (23). The general rule where not listed.
    cites: ClassVar[Mapping[Code, SeedRef]] = {}
    # A stroke that touches no ball at all (general rule 16, unless the
    # game's own rule for the ball to hit first says it too).
    no_hit: ClassVar[SeedRef] = g("16")

    # Where the game's own rule names a general foul on the break only (a
    # scratch on the break is 8-ball 5) or in play only (8-ball 8's legal
    # shot): the ruling cites it so, and "Which rule?" offers it so.
    break_cites: ClassVar[Mapping[Code, SeedRef]] = {}
    play_cites: ClassVar[Mapping[Code, SeedRef]] = {}

    def cited(self, code: Code, general: SeedRef) -> SeedRef:
        return self.cites.get(code, general)

    def cited_for(self, code: Code, is_break: bool) -> SeedRef:
        """The rule this game's referee names for ``code`` on a break or
        in play: one rule for one foul wherever it is said."""
        own = (self.break_cites if is_break else self.play_cites).get(code)
        return own if own is not None else self.cited(code, code.ref)

    # -- judging -------------------------------------------------------------
    def judge(self, state: PS, shot: Shot, decl: Declarations,
              called: Sequence[Code] = ()) -> tuple[Ruling, PS]:
        """What every pool game does first: refuse a shot that cannot be
        judged, replay one spoiled by a ball that moved by itself (general
        rule 25), and hand the rest to the game's ``judge_facts``."""
        self.ready_to_judge(state, shot)
        if state.break_undecided:
            raise RulesError("shot: the break is to be decided first (Match.lag)")
        self.check_declarations(state, decl)
        f = replace(facts(shot), called=tuple(self.stroke_called(state, c)
                                              for c in called))
        if f.moved.replay:
            return self.replay_ruling(state, f, Note.REPLAY_SELF_MOVED)
        return self.judge_facts(state, shot, f, decl)

    def judge_facts(self, state: PS, shot: Shot, f: Facts,
                    decl: Declarations) -> tuple[Ruling, PS]:
        """The game's own ruling on a shot that can be judged."""
        raise NotImplementedError

    def check_declarations(self, state: PS, decl: Declarations) -> None:
        """Declarations refused before the shot is looked at (none by
        default; a game that needs them checked first overrides this)."""

    def ready_to_judge(self, state: PS, shot: Shot) -> None:
        """Refuse a shot while a choice is open or after the game, or one that
        does not start from the table the referee handed out."""
        if state.pending:
            raise RulesError("shot: a choice is pending")
        if state.game_over:
            raise RulesError("shot: the game is over")
        self.check_shot(state, shot)

    def declarations_ok(self, state: PS, decl: Declarations) -> None:
        if decl.called_ball is not None:
            pos = state.table.position(decl.called_ball)
            if pos is None:
                raise RulesError(f"declarations.called_ball: ball "
                                 f"{decl.called_ball} is not on the table")

    # -- fouls physics can see -----------------------------------------------
    def general_fouls(self, state: PS, shot: Shot, f: Facts,
                      legal: set[int] | None, req: ShotRequirements,
                      *, require_rail: bool = True) -> list[Foul]:
        """Every general-rule foul on the shot, in the order the log shows them:
        the stroke's, the contact's, then the balls that left the bed.

        legal: balls the cue ball may touch first (None: any; P3 callers pass
        a set without the 8 and handle it). require_rail: rule 17's second half
        (off for a 9-ball push-out)."""
        return [*self.stroke_fouls(shot, f, legal, req),
                *self.contact_fouls(shot, f, legal, req, require_rail),
                *self.off_bed_fouls(f)]

    def stroke_fouls(self, shot: Shot, f: Facts, legal: set[int] | None,
                     req: ShotRequirements) -> list[Foul]:
        """The stroke itself: before the balls stopped (12), the cue ball
        placed where it may not be (7, P12), a push (21), a double hit (20),
        the stick on another ball (19), an illegal jump (22)."""
        ev = shot.events
        init = shot.initial
        si = stroke_index(ev)
        out: list[Foul] = []
        moving = moving_at_stroke(shot)
        if moving is not None:
            out.append(Foul(FoulCode.SHOT_BEFORE_REST, g("12"), moving[0], moving[1]))
        cue = init.position(CUE_BALL)
        if req.ball_in_hand is not BallInHand.NONE and cue is not None:
            why = req.check_placement(init, *cue)
            if why is not None:
                out.append(Foul(FoulCode.BAD_PLACEMENT,
                                g("7") if req.ball_in_hand is BallInHand.KITCHEN
                                else reading("P12"), si, (CUE_BALL,)))
        # Into a legal ball frozen to the cue ball the tip meets the cue ball
        # again as it stops against the ball: no double hit (20, P8).
        hit_ok = f.hit_index is None or legal is None or any(
            b in legal for b in f.contacts)
        frozen_hit = frozen_first_hit(init, f.hit_index, f.hit_ball) \
            if hit_ok else None
        cc = cue_contacts(ev, frozen_hit=frozen_hit)
        for i in cc.pushes:
            out.append(Foul(FoulCode.PUSH_SHOT, g("21"), i, (CUE_BALL,)))
        for i in cc.double_hits:
            out.append(Foul(FoulCode.DOUBLE_HIT, g("20"), i, (CUE_BALL,)))
        for i, balls in cc.other_balls:
            out.append(Foul(FoulCode.STICK_TOUCHED_BALL, g("19"), i, balls))
        jump = jump_fault(ev)
        if jump is not None:
            out.append(Foul(jump[0], g("22"), jump[1], (CUE_BALL,)))
        return [*out, *f.called]

    def contact_fouls(self, shot: Shot, f: Facts, legal: set[int] | None,
                      req: ShotRequirements, require_rail: bool) -> list[Foul]:
        """The first contact: none, or a wrong ball first (16), a frozen
        illegal ball (20, P8), a ball in the kitchen played directly from
        it (7, P1); then no rail after a legal one (17, 31)."""
        if f.hit_index is None:
            return [Foul(FoulCode.BAD_HIT, self.no_hit, f.end_index, ())]
        init = shot.initial
        out: list[Foul] = []
        hit_ok = legal is None or any(b in legal for b in f.contacts)
        if not hit_ok:
            out.append(Foul(FoulCode.BAD_HIT, self.cited(FoulCode.BAD_HIT, g("16")),
                            f.hit_index, f.contacts))
            if f.hit_ball in frozen_to_cue(init):
                out.append(Foul(FoulCode.FROZEN_ILLEGAL_BALL, g("20"), f.hit_index,
                                (f.hit_ball,) if f.hit_ball is not None else ()))
        if req.ball_in_hand is BallInHand.KITCHEN and f.hit_ball is not None and \
                kitchen_direct(shot, f.hit_index, f.hit_ball):
            out.append(Foul(FoulCode.KITCHEN_DIRECT, g("7"), f.hit_index,
                            (f.hit_ball,)))
        if require_rail and hit_ok:
            out += self.rail_fouls(shot, f)
        return out

    def rail_fouls(self, shot: Shot, f: Facts) -> list[Foul]:
        """After a legal contact with nothing pocketed, a ball must reach a
        cushion (17); a ball frozen to a cushion does not count its own (31)."""
        if f.potted_objects:
            return []
        out: list[Foul] = []
        if not f.any_rail_after_hit:
            out.append(Foul(FoulCode.NO_RAIL, self.cited(FoulCode.NO_RAIL, g("17")),
                            f.end_index, ()))
        hb = f.hit_ball
        if hb is not None and cushion_ball_kept(shot, f) is False:
            out.append(Foul(FoulCode.CUSHION_BALL, g("31"), f.end_index, (hb,)))
        return out

    def legal_looks(self, state: PS, shot: Shot, ruling: Ruling
                    ) -> tuple[LegalLook, ...]:
        """Each from the fact the fouls above are judged by: the tip on the
        cue ball again with a legal ball frozen to it (20, P8), a ball
        frozen to a cushion with rule 31 kept, a ball in the kitchen played
        after the cue ball left it and came back off a cushion (7, P1), a
        jump without a fault (22); the 8 first on an open table (8-ball 6)
        and a push-out (9-ball 5) from the ruling's notes. Empty when the
        stroke had a foul."""
        if any(x.code.kind is Kind.FOUL for x in ruling.fouls):
            return ()
        f = facts(shot)
        hb = f.hit_ball
        out: list[LegalLook] = []
        if forgiven_touches(shot, f.hit_index, hb):
            out.append(LegalLook("frozen_double", FoulCode.DOUBLE_HIT, hb))
        elif near_cue(shot.initial, hb):
            # A ball close to the cue ball: the stroke is judged by rule 20
            # (the tip on the cue ball once, off it before the contact).
            out.append(LegalLook("near_once", FoulCode.DOUBLE_HIT, hb))
        if not f.potted_objects and cushion_ball_kept(shot, f):
            out.append(LegalLook("frozen_rail", FoulCode.CUSHION_BALL, hb))
        if self.requirements(state).ball_in_hand is BallInHand.KITCHEN and \
                kitchen_direct(shot, f.hit_index, hb) is False:
            out.append(LegalLook("kitchen_rail", FoulCode.KITCHEN_DIRECT, hb))
        if legal_jump(shot.events):
            out.append(LegalLook("jump", FoulCode.ILLEGAL_JUMP))
        notes = {n.code for n in ruling.notes}
        if Note.PUSH_OUT in notes:
            # No ball touched looks like a foul; the push-out declared allows it.
            out.append(LegalLook("push_out", Note.PUSH_OUT))
        if Note.EIGHT_FIRST_OPEN in notes:
            out.append(LegalLook("eight_first_open", Note.EIGHT_FIRST_OPEN))
        return tuple(out)

    def off_bed_fouls(self, f: Facts) -> list[Foul]:
        """The cue ball pocketed (18) or off the table, object balls off the
        table (23)."""
        out: list[Foul] = []
        if f.cue_potted is not None:
            out.append(Foul(FoulCode.SCRATCH, g("18"), f.cue_potted, (CUE_BALL,)))
        if f.cue_off is not None:
            idx = None if isinstance(f.cue_off, bool) else f.cue_off
            out.append(Foul(FoulCode.CUE_OFF_TABLE, g("23"), idx, (CUE_BALL,)))
        off_ref = self.cited(FoulCode.BALL_OFF_TABLE, g("23"))
        for oi, b in f.off:
            out.append(Foul(FoulCode.BALL_OFF_TABLE, off_ref, oi, (b,)))
        return out

    # -- the common outcomes -------------------------------------------------
    def loss_ruling(self, state: PS, shot: Shot | None, f: Facts | None,
                    fouls: Sequence[Foul], notes: Sequence[Outcome] = ()
                    ) -> tuple[Ruling, PS]:
        """The shooter has lost the game (a loss is the most severe penalty,
        general rule 24): the opponent wins. ``shot`` is None for a foul a
        person called."""
        opp = self.other(state, state.shooter)
        r = self._ruling(state, fouls=tuple(fouls), penalty=self.most_severe(fouls),
                         notes=tuple(notes), next_shooter=opp, game_over=True,
                         winner=opp)
        return r, self._settled(state, r, shot, f)

    def win_ruling(self, state: PS, shot: Shot, f: Facts, notes: Sequence[Outcome],
                   scored: Sequence[int]) -> tuple[Ruling, PS]:
        """The shooter has won the game with a legal stroke."""
        r = self._ruling(state, notes=tuple(notes), scored=tuple(scored),
                         next_shooter=state.shooter, game_over=True,
                         winner=state.shooter)
        return r, self.after_shot(state, r, shot, f)

    def foul_ruling(self, state: PS, shot: Shot | None, f: Facts | None,
                    fouls: Sequence[Foul], notes: Sequence[Outcome] = (), /, *,
                    spots: Sequence[Spot] = (),
                    hand: BallInHand = BallInHand.ANYWHERE,
                    points: Sequence[int] = (), table: TableState | None = None,
                    **own: Any) -> tuple[Ruling, PS]:
        """A foul ends the inning: the opponent comes to the table with the
        cue ball where ``hand`` says; the most severe foul is the one
        penalised (general rule 24). With no ``shot`` (a foul a person
        called) ``table`` is the table for the next shot; ``own`` sets the
        game's own fields (``settle``)."""
        r = self._ruling(state, points, fouls=tuple(fouls),
                         penalty=self.most_severe(fouls), notes=tuple(notes),
                         spots=tuple(spots),
                         next_shooter=self.other(state, state.shooter),
                         ball_in_hand=hand)
        return r, self._settled(state, r, shot, f, table, **own)

    def choice_ruling(self, state: PS, shot: Shot, f: Facts,
                      options: Sequence[Choice], fouls: Sequence[Foul] = (),
                      notes: Sequence[Outcome] = (), /, *,
                      chooser: int | None = None, spots: Sequence[Spot] = (),
                      hand: BallInHand = BallInHand.NONE,
                      points: Sequence[int] = (), **own: Any
                      ) -> tuple[Ruling, PS]:
        """The incoming player (``chooser``, by default the opponent) decides
        how play goes on, among ``options`` (after an illegal break, 8-ball 5
        and 14.1 6; after a push-out, 9-ball 5)."""
        if chooser is None:
            chooser = self.other(state, state.shooter)
        r = self._ruling(state, points, fouls=tuple(fouls),
                         penalty=self.most_severe(fouls), notes=tuple(notes),
                         spots=tuple(spots), next_shooter=chooser, ball_in_hand=hand,
                         options=tuple(options), chooser=chooser)
        return r, self.after_shot(state, r, shot, f, **own)

    def _settled(self, state: PS, ruling: Ruling, shot: Shot | None,
                 f: Facts | None, table: TableState | None = None,
                 **own: Any) -> PS:
        """The state after ``ruling``: after the stroke, or after a call
        between strokes (on ``table``, default unchanged)."""
        if shot is None or f is None:
            return self.settle(state, ruling, table, stroke=False, **own)
        return self.after_shot(state, ruling, shot, f, **own)

    def _ruling(self, state: PS, points: Sequence[int] = (),
                **kw: object) -> Ruling:
        """A ruling on ``state``'s shooter; ``points`` default to no change."""
        pts = tuple(points) if points else (0,) * state.players
        return Ruling(self.name, state.shooter, points=pts,
                      **kw)  # type: ignore[arg-type]

    # -- replays (25, 28) ----------------------------------------------------
    def replay_ruling(self, state: PS, f: Facts | None,
                      code: Code) -> tuple[Ruling, PS]:
        """Restore the position and shoot again, no penalty (rules 25, 28)."""
        balls: tuple[int, ...] = ()
        idx: int | None = None
        if f is not None and f.moved.replay:
            idx, _ = f.moved.replay[0]
            balls = tuple(b for _, b in f.moved.replay)
        note = Outcome(code, code.ref, idx, balls)
        ruling = Ruling(self.name, state.shooter, notes=(note,),
                        points=(0,) * state.players, next_shooter=state.shooter,
                        ball_in_hand=state.ball_in_hand, replay=True,
                        groups=self.replay_groups(state))
        return ruling, state

    def replay_groups(self, state: PS) -> tuple[str | None, ...]:
        """The groups a replay ruling shows: a pool replay has always listed
        one entry per player (open in the games without groups)."""
        return (None,) * state.players

    def interference_lost(self, state: PS) -> tuple[Ruling, PS]:
        """General rule 28 when the position cannot be restored: the game is
        replayed and the same player breaks (the match racks it again)."""
        note = Outcome(Note.INTERFERENCE_NOT_RESTORABLE, g("28"))
        r = self._ruling(state, notes=(note,), next_shooter=state.breaker,
                         ball_in_hand=BallInHand.KITCHEN, rerack=True,
                         game_over=True, winner=None,
                         groups=self.replay_groups(state))
        return r, self.settle(state, r, stroke=False)

    # -- fouls a person calls (3, 11, 19, 28, 33) ----------------------------
    def call_foul(self, state: PS, code: Code) -> tuple[Ruling, PS]:
        """A foul or an event a person saw: outside interference (general
        rule 28, restored or not) for every game, the rest by the game."""
        if state.game_over:
            raise RulesError("call_foul: the game is over")
        if code is Note.OUTSIDE_INTERFERENCE:
            return self.replay_ruling(state, None, code)
        if code is Note.INTERFERENCE_NOT_RESTORABLE:
            return self.interference_lost(state)
        return self.called(state, code)

    def called(self, state: PS, code: Code) -> tuple[Ruling, PS]:
        """A foul a person called: one that loses the game ends it (the
        opponent wins), any other is the game's (``foul_called``)."""
        foul = self.called_foul(state, code)
        if code.kind is Kind.LOSS:
            return self.loss_ruling(state, None, None, (foul,))
        return self.foul_called(state, foul)

    def foul_called(self, state: PS, foul: Foul) -> tuple[Ruling, PS]:
        """The game's ruling on a foul a person called between strokes."""
        raise NotImplementedError

    def stroke_called(self, state: PS, code: Code) -> Foul:
        """A foul only a person sees (general rules 3, 11, 19, 33; 14.1
        7.5), called on the stroke that committed it; a loss is not one."""
        foul = self.called_foul(state, code)
        if code.kind is not Kind.FOUL:
            raise RulesError(f"code: {code.id} is not a foul of a stroke")
        return foul

    def called_foul(self, state: PS, code: Code) -> Foul:
        if code.kind is Kind.NOTE:
            raise RulesError(f"code: {code.id} is not called in {self.name}")
        if not code.referee_called:
            raise RulesError(
                f"code: {code.id} is judged from the shot, not called by a person")
        return Foul(code, self.cited(code, code.ref), None, ())

    # -- the table after a shot ----------------------------------------------
    def after_shot(self, state: PS, ruling: Ruling, shot: Shot, f: Facts,
                   **own: Any) -> PS:
        """The state after a judged stroke (``settle``) on the table the
        ruling leaves: spots made and a cue ball in hand set down; at the end
        of a game, where the balls stopped."""
        table = final_table(shot, f) if ruling.game_over else \
            self._table(shot, f, ruling.spots, ruling.ball_in_hand)
        return self.settle(state, ruling, table, **own)

    def notes_for_restored(self, f: Facts) -> tuple[Outcome, ...]:
        return tuple(Outcome(Note.HANGING_BALL_RESTORED, g("25"), i, (b,))
                     for i, b, _, _ in f.moved.restore)

    def cue_in_hand_table(self, table: TableState, where: BallInHand) -> TableState:
        """Put a cue ball in hand at a default legal spot (the app moves it)."""
        spec = table.spec
        if where is BallInHand.NONE:
            return table
        if where is BallInHand.KITCHEN:
            x, y = kitchen_cue_spot(spec)
        else:
            x, y = spec.head_spot
        # Step along the width until clear of every ball.
        d = spec.balls.diameter
        others = [b.pos for b in table.balls
                  if b.ball != CUE_BALL and b.where is Where.TABLE]
        for k in range(0, 40):
            yy = y + (k // 2 + 1) * d * 1.1 * (1 if k % 2 else -1) if k else y
            if spec.on_bed(x, yy) and all(math.dist((x, yy), o) > d + 0.002
                                          for o in others):
                return table.place(CUE_BALL, x, yy)
        return table.place(CUE_BALL, x, y)

    def _table(self, shot: Shot, f: Facts, spots: Sequence[Spot],
               bih: BallInHand) -> TableState:
        """The table the next shot starts from: spots made, a cue ball in hand
        (or down, or off) put at a default legal place."""
        table = apply_spots(final_table(shot, f), spots)
        if bih is not BallInHand.NONE or table.position(CUE_BALL) is None:
            table = self.cue_in_hand_table(table.remove(CUE_BALL),
                                           self.cue_set_down(bih))
        return table

    def cue_set_down(self, bih: BallInHand) -> BallInHand:
        """Where ``_table`` sets down a cue ball it takes off the bed (one in
        hand, or one that is not on the bed after the shot)."""
        return bih

    # -- what the next shot needs --------------------------------------------
    def requirements(self, state: PS) -> ShotRequirements:
        """Who shoots and from where; while no choice is open and the game
        goes on, what the game asks of the shot (``shot_requirements``)."""
        base = self.general_requirements(state)
        if state.pending or state.game_over:
            return base
        return self.shot_requirements(state, base)

    def shot_requirements(self, state: PS, base: ShotRequirements
                          ) -> ShotRequirements:
        """The game's own requirements of the next shot on top of ``base``."""
        raise NotImplementedError

    def general_requirements(self, state: PS) -> ShotRequirements:
        return ShotRequirements(self.name, state.table.table, state.shooter,
                                state.ball_in_hand, is_break=state.is_break,
                                pending=state.pending, chooser=state.chooser)

    def lag_requirements(self, state: PS) -> ShotRequirements:
        """General rule 6: before the new rack is broken its breaker is
        decided (``Match.lag``, or the players name him with
        ``Match.choose(Choice.BREAK, player)``)."""
        return ShotRequirements(self.name, state.table.table, state.shooter,
                                BallInHand.KITCHEN, is_break=True, is_lag=True)

    def race_line(self, view: MatchView) -> Line:
        """The scoreboard's race: games to win and the game being played."""
        return Line("score.race", {"n": view.options.get("race_to"),
                                   "game": view.game_number})

    # -- choices -------------------------------------------------------------
    def open_choice(self, state: PS, choice: Choice
                    ) -> tuple[int, int, PS]:
        """(chooser, offender, the state with the choice closed), or RulesError
        when ``choice`` is not one of the open options."""
        if choice not in state.pending:
            raise RulesError(
                f"choice: {choice.value} is not open now (open: "
                f"{', '.join(c.value for c in state.pending) or 'none'})",
                "choice_not_open", choice=choice.value)
        chooser = state.chooser if state.chooser is not None else state.shooter
        offender = state.offender if state.offender is not None else state.shooter
        return chooser, offender, replace(state, pending=(), chooser=None,
                                          offender=None)

    def next_rack(self, state: PS, breaker: int) -> PS:
        """A fresh rack of this game (seeded from the last), ``breaker`` to
        break, scores kept."""
        seed = (state.rack_seed * 31 + state.rack_no + 1) & 0xFFFFFFFFFFFFFFFF
        fresh: PS = self.new_game(state.players, breaker, seed, state.table.table,
                                  state.scores)
        return replace(fresh, rack_no=state.rack_no + 1)
