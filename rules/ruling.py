"""The referee's answers: Ruling (what a shot meant), ShotRequirements (what the
next shot needs), Declarations (what the shooter announced), Choice (what the
incoming player may decide). All frozen; all round-trip through plain dicts.

Players are indices into the match's player list, so the same shapes serve a
two-player pool match and a 3-8 player Express match.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Self

from rules.codes import (
    EIGHT,
    NINE,
    STRAIGHT,
    Code,
    Placement,
    SeedRef,
    code_by_id,
    e8,
    g,
    n9,
    s14,
)
from simulator.files.reasons import Explained
from simulator.table.specs import CUE_BALL, TableSpec
from simulator.table.state import TableState


class RulesError(Explained):
    """Bad input to the referee: names the field and the reason."""


class BallInHand(StrEnum):
    NONE = "none"  # play the cue ball where it lies
    ANYWHERE = "anywhere"  # anywhere on the bed (general rule 8)
    KITCHEN = "kitchen"  # behind the head string (general rules 7, 14)
    HOUSE = "house"  # the pyramid house (same line, pyramid words)
    TEMP_HOUSE = "temp_house"  # pyramid temporary house beyond the back spot line


class Choice(StrEnum):
    """A decision the incoming (or named) player makes before the next shot."""

    ACCEPT_TABLE = "accept_table"  # take the table as it lies and shoot
    PASS_BACK = "pass_back"  # make the offender shoot again from this position
    RERACK_BREAK = "rerack_break"  # re-rack and break myself (8-ball 5)
    RERACK_OFFENDER_BREAKS = "rerack_offender_breaks"  # 8-ball 5, 14.1 6 / 7.5
    RE_BREAK = "re_break"  # 8 on the break: re-rack and break again (8-ball 5)
    SPOT_EIGHT = "spot_eight"  # 8 on the break: spot it and play on (8-ball 5)
    KITCHEN_IN_HAND = "kitchen_in_hand"  # 8-ball 5: ball jumped on the break
    TAKE_PUSH_OUT = "take_push_out"  # 9-ball 5: play the position
    HAND_BACK_PUSH_OUT = "hand_back_push_out"  # 9-ball 5: the pusher shoots
    ACCEPT_FROM_KITCHEN = "accept_from_kitchen"  # 14.1 7.5 option 1
    SPOT_KITCHEN_BALL = "spot_kitchen_ball"  # 14.1 7.7: nearest ball to the foot spot
    KEEP_KITCHEN_BALLS = "keep_kitchen_balls"  # 14.1 7.7: decline the spot
    BREAK = "break"  # lag winner breaks (general 5, 6)
    GIVE_BREAK = "give_break"  # lag winner gives the break away
    # Express (SEED-E 2.5, 2.6): the next player shoots, forces the offender
    # to shoot, a zeroed player signs or declines.
    SHOOT = "shoot"
    FORCE_OFFENDER = "force_offender"
    SIGN = "sign"
    DECLINE_SIGN = "decline_sign"


CHOICE_REFS: dict[Choice, SeedRef] = {
    Choice.ACCEPT_TABLE: g("30"),
    Choice.PASS_BACK: e8("5"),
    Choice.RERACK_BREAK: e8("5"),
    Choice.RERACK_OFFENDER_BREAKS: e8("5"),
    Choice.RE_BREAK: e8("5"),
    Choice.SPOT_EIGHT: e8("5"),
    Choice.KITCHEN_IN_HAND: e8("5"),
    Choice.TAKE_PUSH_OUT: n9("5"),
    Choice.HAND_BACK_PUSH_OUT: n9("5"),
    Choice.ACCEPT_FROM_KITCHEN: s14("7.5"),
    Choice.SPOT_KITCHEN_BALL: s14("7.7"),
    Choice.KEEP_KITCHEN_BALLS: s14("7.7"),
    Choice.BREAK: g("6"),
    Choice.GIVE_BREAK: g("6"),
    Choice.SHOOT: SeedRef("003_b8c72cf2f78c660c.txt", "express", "2.6"),
    Choice.FORCE_OFFENDER: SeedRef("003_b8c72cf2f78c660c.txt", "express", "2.6"),
    Choice.SIGN: SeedRef("003_b8c72cf2f78c660c.txt", "express", "2.5"),
    Choice.DECLINE_SIGN: SeedRef("003_b8c72cf2f78c660c.txt", "express", "2.5"),
}


# Why the lag's winner breaks or gives the break away (general rule 6), by
# the game's rule-book section: its kind of break and the rule that makes
# it so. In 8-ball and 9-ball a ball potted on a legal break keeps the
# breaker at the table ("pot"); 14.1's opening break is a safety that gives
# the breaker nothing ("safety": a called ball, or the cue ball and two
# object balls to a cushion, 2 points for an illegal one).
LAG_REASONS: dict[str, tuple[str, SeedRef]] = {
    EIGHT: ("pot", e8("2")), NINE: ("pot", n9("4")), STRAIGHT: ("safety", s14("6"))}


def _balls(v: Any, where: str) -> tuple[int, ...]:
    if not isinstance(v, list | tuple) or not all(
            isinstance(b, int) and not isinstance(b, bool) for b in v):
        raise RulesError(f"{where}: expected a list of ball numbers")
    return tuple(v)


@dataclass(frozen=True)
class _Entry:
    """The shape a Foul and an Outcome share: a code, the rule cited, the
    event that shows it and the balls involved."""

    code: Code
    ref: SeedRef
    event_index: int | None = None
    balls: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code.id, "ref": self.ref.to_dict(),
                "event_index": self.event_index, "balls": list(self.balls)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Self:
        return cls(code_by_id(d["code"]), SeedRef.from_dict(d["ref"]),
                   d.get("event_index"), _balls(d.get("balls", []), "balls"))


@dataclass(frozen=True)
class Foul(_Entry):
    """One breach: its code, the rule that names it for this game, the index of
    the event in the shot's log that shows it (None when a person called it or
    it is about the position before the stroke) and the balls involved."""


@dataclass(frozen=True)
class Outcome(_Entry):
    """Anything else a ruling says (a win, a warning, a re-rack), same shape."""


@dataclass(frozen=True)
class Spot:
    """A ball put back on the bed at (x, y) after the shot (general rule 26)."""

    ball: int
    x: float
    y: float

    def to_dict(self) -> dict[str, Any]:
        return {"ball": self.ball, "x": round(self.x, 6), "y": round(self.y, 6)}


@dataclass(frozen=True)
class Declarations:
    """What the shooter announced before the stroke.

    called_ball / called_pocket: the call (8-ball 2, 14.1 1; also the 14.1
    opening break). safety: a declared safety (8-ball 9, 14.1 7.4). push_out:
    9-ball 5. An empty Declarations is an uncalled, ordinary shot.
    """

    called_ball: int | None = None
    called_pocket: str | None = None
    safety: bool = False
    push_out: bool = False

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        if self.called_ball is not None:
            d["called_ball"] = self.called_ball
        if self.called_pocket is not None:
            d["called_pocket"] = self.called_pocket
        if self.safety:
            d["safety"] = True
        if self.push_out:
            d["push_out"] = True
        return d

    @classmethod
    def from_dict(cls, d: Any, where: str = "declarations") -> Declarations:
        if d is None:
            return cls()
        if not isinstance(d, Mapping):
            raise RulesError(f"{where}: expected an object")
        unknown = set(d) - {"called_ball", "called_pocket", "safety", "push_out"}
        if unknown:
            raise RulesError(f"{where}.{sorted(unknown)[0]}: unknown key")
        ball = d.get("called_ball")
        if ball is not None and (not isinstance(ball, int) or isinstance(ball, bool)
                                 or not 1 <= ball <= 15):
            raise RulesError(f"{where}.called_ball: expected a ball number 1-15")
        pocket = d.get("called_pocket")
        names = ("head_right", "head_left", "side_right", "side_left",
                 "foot_right", "foot_left")
        if pocket is not None and pocket not in names:
            raise RulesError(
                f"{where}.called_pocket: expected one of {', '.join(names)}")
        for k in ("safety", "push_out"):
            if k in d and not isinstance(d[k], bool):
                raise RulesError(f"{where}.{k}: expected true or false")
        return cls(ball, pocket, bool(d.get("safety", False)),
                   bool(d.get("push_out", False)))


@dataclass(frozen=True)
class PointChange:
    """One player's change of points on a ruling and why: ``kind`` names the
    reason ("penalty", "written_off", "gain"), ``ref`` the rule, ``balls``
    the balls behind it, ``by`` the player whose shot it was."""

    player: int
    points: int
    kind: str
    ref: SeedRef
    balls: tuple[int, ...] = ()
    by: int | None = None


@dataclass(frozen=True)
class Ruling:
    """Everything one shot meant. Produced by ``judge``; nothing in it changes.

    fouls lists every breach the shot contains; ``penalty`` is the one that is
    penalised (general rule 24: one foul, the most severe penalty). points holds
    the change of each player's score (by player index) for games that score
    points (14.1, Express); race games leave it at zero. options are what
    ``chooser`` may decide before the next shot.
    """

    discipline: str
    shooter: int
    fouls: tuple[Foul, ...] = ()
    penalty: Foul | None = None
    notes: tuple[Outcome, ...] = ()
    points: tuple[int, ...] = ()
    scored: tuple[int, ...] = ()  # balls that count for the shooter
    spots: tuple[Spot, ...] = ()
    next_shooter: int = 0
    ball_in_hand: BallInHand = BallInHand.NONE
    options: tuple[Choice, ...] = ()
    chooser: int | None = None
    rerack: bool = False  # a new rack (or re-rack of 14) before the next shot
    replay: bool = False  # restore the position before the stroke and shoot again
    game_over: bool = False
    winner: int | None = None
    match_over: bool = False
    match_winner: int | None = None
    groups: tuple[str | None, ...] = field(default=())  # 8-ball: per player

    @property
    def legal(self) -> bool:
        return not self.fouls

    def point_changes(self) -> tuple[PointChange, ...]:
        """Each player's change of points with its reason, for the words
        that say why a score moved; games without such reasons: none."""
        return ()

    def codes(self) -> tuple[str, ...]:
        return tuple(f.code.id for f in self.fouls) + tuple(
            n.code.id for n in self.notes)

    def to_dict(self) -> dict[str, Any]:
        return {
            "discipline": self.discipline,
            "shooter": self.shooter,
            "fouls": [f.to_dict() for f in self.fouls],
            "penalty": None if self.penalty is None else self.penalty.to_dict(),
            "notes": [n.to_dict() for n in self.notes],
            "points": list(self.points),
            "scored": list(self.scored),
            "spots": [s.to_dict() for s in self.spots],
            "next_shooter": self.next_shooter,
            "ball_in_hand": self.ball_in_hand.value,
            "options": [c.value for c in self.options],
            "chooser": self.chooser,
            "rerack": self.rerack,
            "replay": self.replay,
            "game_over": self.game_over,
            "winner": self.winner,
            "match_over": self.match_over,
            "match_winner": self.match_winner,
            "groups": list(self.groups),
        }


DECL_SAFETY = "safety"
DECL_PUSH_OUT = "push_out"
DECL_CALL = "call"


@dataclass(frozen=True)
class ShotRequirements:
    """What the next shot needs; the app never re-derives a rule.

    pending: choices ``chooser`` must make before anyone shoots (no stroke is
    accepted while it is not empty). legal_first_contacts: the object balls the
    cue ball may touch first (empty with ``pending``).
    """

    discipline: str
    table: str
    shooter: int
    ball_in_hand: BallInHand = BallInHand.NONE
    call_needed: bool = False
    legal_first_contacts: tuple[int, ...] = ()
    allowed_declarations: tuple[str, ...] = ()
    pending: tuple[Choice, ...] = ()
    chooser: int | None = None
    is_break: bool = False
    is_lag: bool = False  # general rule 5: the lag comes first (Match.lag)
    no_frozen_placement: bool = False  # 9-ball 9 (reading P12)
    callable_balls: tuple[int, ...] = ()  # balls a call may name

    def check_placement(self, state: TableState, x: float, y: float) -> Code | None:
        """None if the cue ball may be placed at (x, y) before this shot, else
        the reason code (Placement.*)."""
        if self.ball_in_hand is BallInHand.NONE:
            return Placement.NOT_IN_HAND
        spec = state.spec
        if not (math.isfinite(x) and math.isfinite(y)) or not spec.on_bed(x, y):
            return Placement.OFF_BED
        if self.ball_in_hand in (BallInHand.KITCHEN, BallInHand.HOUSE) and \
                not spec.in_kitchen(x):
            return Placement.OUTSIDE_KITCHEN
        if self.ball_in_hand is BallInHand.TEMP_HOUSE and \
                not x > spec.foot_spot[0]:
            return Placement.OUTSIDE_KITCHEN
        d = spec.balls.diameter
        for b in state.balls:
            if b.ball == CUE_BALL or b.where.value != "table":
                continue
            dist = math.dist((x, y), b.pos)
            if dist < d - 1e-9:
                return Placement.OVERLAP
            if self.no_frozen_placement and dist < d + 1e-4:
                return Placement.FROZEN_TO_BALL
        return None

    def placement_area(self, spec: TableSpec) -> tuple[float, float, float, float]:
        """The rectangle (x0, x1, y0, y1) of cue-ball centres the ball in hand
        may take (general rules 7, 8, 14; the pyramid house, digest §2.6);
        ``check_placement`` has the last word (balls in the way, lines)."""
        r = spec.balls.radius
        y0, y1 = r, spec.width - r
        if self.ball_in_hand in (BallInHand.KITCHEN, BallInHand.HOUSE):
            return (r, spec.head_string_x, y0, y1)
        if self.ball_in_hand is BallInHand.TEMP_HOUSE:
            return (spec.foot_spot[0], spec.length - r, y0, y1)
        if self.ball_in_hand is BallInHand.ANYWHERE:
            return (r, spec.length - r, y0, y1)
        return (0.0, 0.0, 0.0, 0.0)

    @property
    def cue_ball_is_object(self) -> bool:
        """The stroke's object is to pocket the cue ball itself (no object
        ball to contact): the Express last ball, SEED-E 2.5. False in pool."""
        return False

    def loses_by_pots(self, player: int) -> bool:
        """Whether the shooter's pots at this shot set ``player`` back: in a
        game of two, the opponent (Express says whose points they write off)."""
        return player != self.shooter

    def declaration_problem(self, state: TableState,
                            decl: Declarations) -> str | None:
        """None if ``decl`` is a declaration this shot allows, else why not
        (naming the field): a call only where a call may be made
        (``allowed_declarations``), of a ball on the table that may be called
        (``callable_balls``) into a pocket of this table; a safety or a
        push-out only when allowed, and neither with a call (a safety or a
        push-out names no ball)."""
        allowed = self.allowed_declarations
        if decl.called_ball is not None or decl.called_pocket is not None:
            if DECL_CALL not in allowed:
                return "declarations.called_ball: no call is made on this shot"
            ball = decl.called_ball
            if ball is None:
                return "declarations.called_ball: a pocket is called with its ball"
            if self.callable_balls and ball not in self.callable_balls:
                return (f"declarations.called_ball: ball {ball} may not be called "
                        "now")
            on = {b.ball for b in state.balls if b.where.value == "table"}
            if ball not in on:
                return f"declarations.called_ball: ball {ball} is not on the table"
            if decl.called_pocket is not None and decl.called_pocket not in {
                    p.name for p in state.spec.pockets}:
                return (f"declarations.called_pocket: no pocket "
                        f"{decl.called_pocket!r} on {state.table}")
            if decl.safety or decl.push_out:
                return "declarations: a safety or a push-out names no ball"
        if decl.safety and DECL_SAFETY not in allowed:
            return "declarations.safety: no safety may be declared now"
        if decl.push_out and DECL_PUSH_OUT not in allowed:
            return "declarations.push_out: no push-out may be played now"
        if decl.safety and decl.push_out:
            return "declarations: a shot is a safety or a push-out, not both"
        return None

    def direct_targets(self, state: TableState) -> tuple[int, ...]:
        """The legal first balls that may be played straight at from here:
        from the kitchen only balls outside it (general rule 7; a ball on
        the head string is outside, rule 14); the others need a cushion
        beyond the head string first."""
        if self.ball_in_hand is not BallInHand.KITCHEN:
            return self.legal_first_contacts
        spec = state.spec
        out: list[int] = []
        for b in self.legal_first_contacts:
            pos = state.position(b)
            if pos is not None and not spec.in_kitchen(pos[0]):
                out.append(b)
        return tuple(out)

    def to_dict(self) -> dict[str, Any]:
        return {
            "discipline": self.discipline,
            "table": self.table,
            "shooter": self.shooter,
            "ball_in_hand": self.ball_in_hand.value,
            "call_needed": self.call_needed,
            "legal_first_contacts": list(self.legal_first_contacts),
            "allowed_declarations": list(self.allowed_declarations),
            "pending": [c.value for c in self.pending],
            "chooser": self.chooser,
            "is_break": self.is_break,
            "is_lag": self.is_lag,
            "no_frozen_placement": self.no_frozen_placement,
            "callable_balls": list(self.callable_balls),
        }
