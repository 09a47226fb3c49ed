"""«Экспресс»: the pyramid game for three to eight players (SEED-E).

A pocketed ball writes points off the previous active player and gives the
shooter two; a player written down to zero may buy back in with a signature
before the turn reaches him; the last player with points takes the bank.

The state machine is section 3 of ``shared/rules/pyramid-and-express.md``
(the digest); every place where the seed is silent follows the digest's
readings G1-G19, cited in the codes, and ``docs/express-readings.md`` lists
the further readings this module chose (R-numbers). The pyramid base (table,
house, rack, respotting, event questions) lives in :mod:`rules.pyramid`.

One Express match is one game of the shared :class:`rules.game.Discipline`
machinery (``scoring = "points"``): racks come and go inside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Any, ClassVar

from rules import pyramid
from rules.codes import (
    DIGEST,
    SEED_EXPRESS,
    Code,
    FoulCode,
    Kind,
    LossCode,
    Note,
    SeedRef,
    register,
)
from rules.game import (
    DisciplineInfo,
    HandRule,
    Line,
    MatchView,
    PlayerScore,
    Scoreboard,
    per_player,
    scalar,
)
from rules.pyramid import (
    PyramidCodes,
    PyramidDiscipline,
    PyramidRequirements,
    PyramidState,
)
from rules.questions import Facts
from rules.ruling import (
    BallInHand,
    Choice,
    Foul,
    Outcome,
    PointChange,
    RulesError,
    Ruling,
    Spot,
)
from simulator.table.events import Shot
from simulator.table.specs import CUE_BALL, TableKind
from simulator.table.state import TableState

NAME = "express"
FOUL_POINTS = 5  # SEED-E 2.6
POT_POINTS = 2  # SEED-E 2.4, 2.5
OWN_BALL_POINTS = 5  # «свой», SEED-E 2.5


# ---------------------------------------------------------------------------
# Seed references


def e(rule: str) -> SeedRef:
    """A rule of SEED-E, section 2 (e.g. ``e("2.6.4")`` is 2.6 item 4)."""
    return SeedRef(SEED_EXPRESS, "express", rule)


def gap(n: int) -> SeedRef:
    """A reading of a gap in SEED-E (digest section 5, G1-G19)."""
    return SeedRef(DIGEST, "5", f"G{n}")


def digest(section: str) -> SeedRef:
    """A pyramid base rule rebuilt in the digest (section 2.x, [REC]/[PUB])."""
    return SeedRef(DIGEST, section, "")


def own_reading(n: int) -> SeedRef:
    """A reading this module chose where seed and digest are silent
    (docs/express-readings.md, R1...)."""
    return SeedRef("express-readings.md", "R", f"R{n}")


def _c(cid: str, kind: Kind, ref: SeedRef, *readings: SeedRef,
       referee: bool = False) -> Code:
    return register(Code(cid, kind, ref, tuple(readings), referee))


_F, _N, _P = Kind.FOUL, Kind.NOTE, Kind.PLACEMENT


class ExpressFoul:
    """SEED-E 2.6 items 1-9, each foul once per breach; -5 once per shot."""

    BALL_OFF_TABLE = _c("express.foul.ball_off_table", _F, e("2.6.1"), digest("2.10"))
    TOUCHED_BALL = _c("express.foul.touched_ball", _F, e("2.6.2"), referee=True)
    STICK_TOUCHED_BALL = _c("express.foul.stick_touched_ball", _F, e("2.6.2"))
    BAD_STROKE = _c("express.foul.bad_stroke", _F, e("2.6.3"), digest("2.3"),
                    referee=True)
    DOUBLE_HIT = _c("express.foul.double_hit", _F, e("2.6.3"), digest("2.3"))
    PUSH_SHOT = _c("express.foul.push_shot", _F, e("2.6.3"), digest("2.3"))
    SHOT_BEFORE_REST = _c("express.foul.shot_before_rest", _F, e("2.6.3"),
                          digest("2.3"))
    # Mid-rack: G12's stroke half, read as item 4 (R22); its break half is
    # the illegal break's (item 5), never said of an ordinary stroke.
    NO_CONTACT = _c("express.foul.no_contact", _F, e("2.6.4"), digest("2.5"),
                    own_reading(22))
    NO_CUSHION = _c("express.foul.no_cushion", _F, e("2.6.4"), digest("2.5"),
                    own_reading(22))
    ILLEGAL_BREAK = _c("express.foul.illegal_break", _F, e("2.6.5"), digest("2.4"),
                       gap(12), gap(17))
    BAD_PLACEMENT = _c("express.foul.bad_placement", _F, e("2.6.6"), digest("2.6"))
    HOUSE_DIRECT = _c("express.foul.house_direct", _F, e("2.6.6"), digest("2.6"))
    CLOSE_BALL = _c("express.foul.close_ball", _F, e("2.6.7"), digest("2.3"),
                    own_reading(6))
    SLOW_PLAY = _c("express.foul.slow_play", _F, e("2.6.8"), referee=True)
    INTERFERENCE = _c("express.foul.interference", _F, e("2.6.9"), own_reading(7),
                      referee=True)


class ExpressNote:
    """Everything else an Express ruling says."""

    FIRST_BREAK = _c("express.note.first_break", _N, e("2.4"), gap(2))
    BREAK_NO_POT = _c("express.note.break_no_pot", _N, e("2.4"))
    FOREIGN = _c("express.note.foreign", _N, e("2.5"), gap(16))  # «чужой»
    OWN = _c("express.note.own", _N, e("2.5"))  # «свой»
    CUE_FROM_HOUSE = _c("express.note.cue_from_house", _N, e("2.5"), digest("2.7"))
    TEMP_HOUSE = _c("express.note.temp_house", _N, digest("2.7"))
    CONTINUES = _c("express.note.continues", _N, e("2.5"))
    MISS = _c("express.note.miss", _N, e("2.5"))
    ZEROED = _c("express.note.zeroed", _N, e("2.5"), gap(14))
    SERIES_ENDS = _c("express.note.series_ends", _N, e("2.5"), gap(5))
    KNOCKED_OUT = _c("express.note.knocked_out", _N, e("2.5"), gap(5))
    LAST_TWO = _c("express.note.last_two", _N, e("2.5"))
    NO_SIGNATURES_LEFT = _c("express.note.no_signatures_left", _N, e("2.5"))
    KNOCKOUT_BONUS = _c("express.note.knockout_bonus", _N, e("2.5"), gap(5))
    DEADLINE_OUT = _c("express.note.deadline_out", _N, e("2.5"), gap(14))
    AUTO_OUT = _c("express.note.auto_out", _N, e("2.5"))
    SIGNED = _c("express.note.signed", _N, e("2.5"), gap(4), gap(9))
    DECLINED = _c("express.note.declined", _N, e("2.5"))
    WON = _c("express.note.won", _N, e("2.1"), gap(9))
    LAST_BALL = _c("express.note.last_ball", _N, e("2.5"), gap(13))
    LAST_BALL_MISS = _c("express.note.last_ball_miss", _N, e("2.5"), gap(13))
    NEW_RACK = _c("express.note.new_rack", _N, e("2.5"), gap(8))
    BALLS_SPOTTED = _c("express.note.balls_spotted", _N, digest("2.11"), gap(11))
    PENALTY = _c("express.note.penalty", _N, e("2.6"))  # -5 once per shot
    CHOICE = _c("express.note.choice", _N, e("2.6"), gap(15))
    RERACK = _c("express.note.rerack", _N, digest("2.4"))
    ANTE = _c("express.note.ante", _N, e("2.3"), gap(9))
    REPLAY = _c("express.note.replay", _N, own_reading(7))
    HANGING_RESTORED = _c("express.note.hanging_restored", _N, digest("2.9"))
    SELF_MOVED_REPLAY = _c("express.note.self_moved_replay", _N, digest("2.9"))
    OUTSIDE_INTERFERENCE = _c("express.note.outside_interference", _N,
                              digest("2.12"), referee=True)
    # Digest §2.10: a ball that touched something not part of the table is
    # jumped though it rolled back (a referee's call).
    JUMPED_CALLED = _c("express.note.jumped_called", _N, digest("2.10"),
                       referee=True)
    # R21: the seeds say nothing of a player leaving: out, the bank stays.
    LEFT = _c("express.note.left", _N, own_reading(21), e("2.5"), gap(9),
              referee=True)


# Who plays next and why (the shooter's series goes on, the next on the
# card takes the table): after a break, what a player must read first.
TURN_NOTES = frozenset({ExpressNote.BREAK_NO_POT.id, ExpressNote.CONTINUES.id,
                        ExpressNote.MISS.id})


class ExpressPlacement:
    """Why a cue ball placed from the house is refused (digest §2.6)."""

    ON_LINE = _c("express.place.on_line", _P, digest("2.6"))
    OUTSIDE_HOUSE = _c("express.place.outside_house", _P, digest("2.6"))
    FROZEN_IN_HOUSE = _c("express.place.frozen_in_house", _P, digest("2.6"))


del _F, _N, _P

# Pool codes a person may call at an Express table, mapped to SEED-E 2.6.
_CALLED_ALIASES: dict[str, Code] = {
    FoulCode.TOUCHED_BALL.id: ExpressFoul.TOUCHED_BALL,
    FoulCode.NOT_TIP.id: ExpressFoul.BAD_STROKE,
    FoulCode.FOOT_OFF_FLOOR.id: ExpressFoul.BAD_STROKE,
    FoulCode.PUSH_SHOT.id: ExpressFoul.PUSH_SHOT,
    FoulCode.DOUBLE_HIT.id: ExpressFoul.DOUBLE_HIT,
    FoulCode.SHOT_BEFORE_REST.id: ExpressFoul.SHOT_BEFORE_REST,
    FoulCode.INTERFERENCE.id: ExpressFoul.INTERFERENCE,
}
# Fouls a person may call in Express (the rest are seen in the event log, but
# a referee may still call the close-ball and stroke fouls he saw).
CALLABLE: frozenset[str] = frozenset({
    ExpressFoul.TOUCHED_BALL.id, ExpressFoul.BAD_STROKE.id,
    ExpressFoul.DOUBLE_HIT.id, ExpressFoul.PUSH_SHOT.id,
    ExpressFoul.SHOT_BEFORE_REST.id, ExpressFoul.CLOSE_BALL.id,
    ExpressFoul.SLOW_PLAY.id, ExpressFoul.INTERFERENCE.id,
})


# ---------------------------------------------------------------------------
# Options (digest §3.1)


class Status(StrEnum):
    ACTIVE = "active"
    WAITING = "waiting"  # zeroed, may still sign (G14)
    OUT = "out"


class Mode(StrEnum):
    NORMAL = "normal"
    KNOCKOUT_BONUS = "knockout_bonus"  # G5


# The ranges of the options that count (docs/formats.md): a match made with
# more is refused, as a file holding more is, so nothing Kiy writes overflows
# what it reads.
MAX_POINTS = 1000
MAX_CHIPS = 1_000_000_000


@dataclass(frozen=True)
class ExpressOptions:
    """The match options, with the digest's defaults."""

    initial_points: int = 30  # G1
    max_signatures: int = 3  # SEED-E 2.5: up to three stars
    ace_is_11: bool = False  # SEED-E 2.5 note, G16
    ante: int = 1  # SEED-E 2.3, G9
    signature_stakes: tuple[int, int, int] = (2, 4, 8)  # бет, кэп, рэйз (G9)
    starting_chips: int = 100  # R13
    break_min_cushion_balls: int = 2  # digest §2.4
    illegal_break_rerack: bool = True  # digest §2.4
    rack: str = "classic"  # classic (G18) or random (13-15 inside)

    # Keys the shared Match adds for every discipline; Express ignores them.
    SHARED: ClassVar[tuple[str, ...]] = (
        "race_to", "target", "break_order", "first_breaker", "lag", "table")

    @classmethod
    def from_mapping(cls, d: Mapping[str, Any]) -> ExpressOptions:
        names = {f.name for f in fields(cls)}
        for k in d:
            if k not in names and k not in cls.SHARED:
                raise RulesError(f"options.{k}: unknown Express option; known: "
                                 f"{', '.join(sorted(names))}")
        kw: dict[str, Any] = {}
        for k in ("initial_points", "max_signatures", "ante", "starting_chips",
                  "break_min_cushion_balls"):
            if k in d:
                v = d[k]
                if isinstance(v, bool) or not isinstance(v, int):
                    raise RulesError(f"options.{k}: expected a whole number")
                kw[k] = v
        for k in ("ace_is_11", "illegal_break_rerack"):
            if k in d:
                if not isinstance(d[k], bool):
                    raise RulesError(f"options.{k}: expected true or false")
                kw[k] = d[k]
        if "signature_stakes" in d:
            v = d["signature_stakes"]
            if (not isinstance(v, list | tuple) or len(v) != 3 or not all(
                    isinstance(x, int) and not isinstance(x, bool) and x >= 0
                    for x in v)):
                raise RulesError("options.signature_stakes: expected three whole "
                                 "numbers >= 0 (bet, cap, raise)")
            kw["signature_stakes"] = (int(v[0]), int(v[1]), int(v[2]))
        if "rack" in d:
            if d["rack"] not in ("classic", "random"):
                raise RulesError("options.rack: expected classic or random")
            kw["rack"] = d["rack"]
        o = cls(**kw)
        if not 1 <= o.initial_points <= MAX_POINTS:
            raise RulesError(f"options.initial_points: expected 1-{MAX_POINTS:,}")
        if not 0 <= o.max_signatures <= 3:
            raise RulesError("options.max_signatures: expected 0-3 (three stars)")
        if not 0 <= o.ante <= MAX_CHIPS:
            raise RulesError(f"options.ante: expected 0-{MAX_CHIPS:,} chips")
        if not 0 <= o.starting_chips <= MAX_CHIPS:
            raise RulesError(f"options.starting_chips: expected 0-{MAX_CHIPS:,} "
                             "chips")
        if not all(0 <= x <= MAX_CHIPS for x in o.signature_stakes):
            raise RulesError(f"options.signature_stakes: expected three whole "
                             f"numbers 0-{MAX_CHIPS:,} (bet, cap, raise)")
        if o.starting_chips < o.ante:
            raise RulesError("options.starting_chips: must cover the ante")
        if not 0 <= o.break_min_cushion_balls <= 15:
            raise RulesError("options.break_min_cushion_balls: expected 0-15")
        return o

    def value(self, ball: int) -> int:
        """What an object ball writes off (G16: the 1 may be worth 11)."""
        return 11 if ball == 1 and self.ace_is_11 else ball


# ---------------------------------------------------------------------------
# State (digest §3.2)


@dataclass(frozen=True)
class ExpressState(PyramidState):
    """The whole Express match between two steps.

    scores: points per player (may go to zero or below). status, signatures
    (= stars), chips per player; bank and its ledger of (kind, player, chips
    into the bank). ``first_break_pending`` is true only before the match's
    first break (and after a re-rack of it). ``rerack_first`` remembers it
    while an illegal break's re-rack option is open.
    """

    status: tuple[str, ...] = per_player("strs", Status.ACTIVE.value,
                                         tuple(x.value for x in Status))
    signatures: tuple[int, ...] = per_player("ints", 0)
    chips: tuple[int, ...] = per_player("ints", 0)
    bank: int = scalar("int", 0)
    ledger: tuple[tuple[str, int, int], ...] = ()
    first_break_pending: bool = scalar("bool", True)
    rerack_first: bool = False
    mode: str = scalar("str", Mode.NORMAL.value, tuple(x.value for x in Mode))

    position_fields: ClassVar[tuple[str, ...]] = (
        "shooter", "breaker", "is_break", "ball_in_hand", "scores", "status",
        "signatures", "chips", "bank", "first_break_pending", "mode", "rack_no")

    @classmethod
    def discipline_name(cls) -> str:
        return NAME

    @classmethod
    def convert(cls, key: str, value: Any) -> Any:
        if key == "ledger":
            return tuple((str(x[0]), int(x[1]), int(x[2])) for x in value)
        return super().convert(key, value)

    def stat(self, p: int) -> Status:
        return Status(self.status[p])

    def active(self) -> tuple[int, ...]:
        return tuple(i for i in range(self.players) if self.status[i] == Status.ACTIVE)

    def waiting(self) -> tuple[int, ...]:
        return tuple(i for i in range(self.players)
                     if self.status[i] == Status.WAITING)

    @property
    def last_ball(self) -> bool:
        """No object ball is left: the cue ball itself is the last ball (2.5)."""
        return not pyramid.object_balls_on_table(self.table)

    def stars(self, p: int) -> str:
        return "*" * self.signatures[p]

    def check(self, where: str = "state") -> None:
        super().check(where)
        for i, x in enumerate(self.signatures):
            if not 0 <= x <= 3:
                raise RulesError(f"{where}.signatures[{i}]: expected 0-3",
                                 "signatures_range", player=i)
        if self.mode not in tuple(Mode):
            raise RulesError(f"{where}.mode: expected normal or knockout_bonus")
        if sum(self.ledger_balance()) != self.bank:
            raise RulesError(f"{where}.bank: the ledger adds up to "
                             f"{sum(self.ledger_balance())}, not {self.bank}")

    def ledger_balance(self) -> tuple[int, ...]:
        return tuple(x[2] for x in self.ledger)


# ---------------------------------------------------------------------------
# Rulings and requirements (the shared shapes, with Express fields)


@dataclass(frozen=True)
class ExpressRuling(Ruling):
    """A Ruling with the card after the shot: scores, statuses, stars, chips,
    the bank, who was written off (``victim``) and the series mode."""

    scores: tuple[int, ...] = ()
    status: tuple[str, ...] = ()
    stars: tuple[int, ...] = ()
    chips: tuple[int, ...] = ()
    bank: int = 0
    victim: int | None = None
    mode: str = Mode.NORMAL.value
    offender: int | None = None
    last_ball: bool = False  # the next stroke is at the last ball (the cue ball)

    def point_changes(self) -> tuple[PointChange, ...]:
        """Why each score moved: the offender's five penalty points (2.6,
        the penalised foul's item), the victim's write-off by the balls the
        shooter pocketed («чужой» by its value, «свой» five: 2.5) and the
        shooter's two a ball (2.4 on the first break, else 2.5)."""
        out: list[PointChange] = []
        pts = self.points
        if self.fouls:
            ref = self.penalty.ref if self.penalty is not None else e("2.6")
            for i, p in enumerate(pts):
                if p:
                    out.append(PointChange(i, p, "penalty", ref, by=self.shooter))
            return tuple(out)
        taken = tuple(b for n in self.notes
                      if n.code in (ExpressNote.FOREIGN, ExpressNote.OWN)
                      for b in n.balls)
        first = any(n.code is ExpressNote.FIRST_BREAK for n in self.notes)
        for i, p in enumerate(pts):
            if not p:
                continue
            if p < 0:
                out.append(PointChange(i, p, "written_off", e("2.5"), taken,
                                       self.shooter))
            else:
                out.append(PointChange(i, p, "gain", e("2.4" if first else "2.5"),
                                       self.scored, self.shooter))
        return tuple(out)

    def to_dict(self) -> dict[str, Any]:
        d = super().to_dict()
        d.update({"scores": list(self.scores), "status": list(self.status),
                  "stars": list(self.stars), "chips": list(self.chips),
                  "bank": self.bank, "victim": self.victim, "mode": self.mode,
                  "offender": self.offender, "last_ball": self.last_ball})
        return d


@dataclass(frozen=True)
class ExpressRequirements(PyramidRequirements):
    """ShotRequirements with the Express card: whose points the next pot
    writes off, who may sign now and whose signature falls due when this
    turn ends, and whether the next stroke is at the last ball."""

    victim: int | None = None
    may_sign: tuple[int, ...] = ()
    signature_due: tuple[int, ...] = ()
    last_ball: bool = False
    mode: str = Mode.NORMAL.value
    offender: int | None = None

    placement_codes: ClassVar[Mapping[str, Code]] = {
        "on_line": ExpressPlacement.ON_LINE,
        "outside_region": ExpressPlacement.OUTSIDE_HOUSE,
        "frozen_in_house": ExpressPlacement.FROZEN_IN_HOUSE,
    }

    @property
    def cue_ball_is_object(self) -> bool:
        """SEED-E 2.5, G13: with no object ball left the cue ball is the last
        ball, played into any pocket."""
        return self.last_ball

    def loses_by_pots(self, player: int) -> bool:
        """SEED-E 2.5: a pot writes off the previous active player's points
        only (nobody's on the first break, in the knockout bonus or at the
        last ball)."""
        return player == self.victim

    def to_dict(self) -> dict[str, Any]:
        d = super().to_dict()
        d.update({"victim": self.victim, "may_sign": list(self.may_sign),
                  "signature_due": list(self.signature_due),
                  "last_ball": self.last_ball, "mode": self.mode,
                  "offender": self.offender})
        return d


@dataclass(frozen=True)
class PlayerOutcome(Outcome):
    """An Outcome about a player (zeroed, out, signed, won), by index."""

    player: int | None = None

    def to_dict(self) -> dict[str, Any]:
        d = super().to_dict()
        if self.player is not None:
            d["player"] = self.player
        return d


# ---------------------------------------------------------------------------
# The bookkeeping of one step, on mutable copies


class _Card:
    """Scores, statuses, signatures, chips, bank and notes while a step is
    resolved; turned back into a frozen state at the end."""

    def __init__(self, state: ExpressState, opts: ExpressOptions) -> None:
        self.o = opts
        self.n = state.players
        self.scores = list(state.scores)
        self.status = [Status(s) for s in state.status]
        self.signatures = list(state.signatures)
        self.chips = list(state.chips)
        self.bank = state.bank
        self.ledger = list(state.ledger)
        self.mode = Mode(state.mode)
        self.points = [0] * self.n
        self.notes: list[Outcome] = []
        self.winner: int | None = None

    def note(self, code: Code, event: int | None = None,
             balls: tuple[int, ...] = (), player: int | None = None) -> None:
        self.notes.append(PlayerOutcome(code, code.ref, event, balls, player))

    def add(self, p: int, pts: int) -> None:
        self.scores[p] += pts
        self.points[p] += pts

    def active(self) -> list[int]:
        return [i for i in range(self.n) if self.status[i] is Status.ACTIVE]

    def previous_active(self, p: int) -> int | None:
        """The «предыдущий игрок»: the nearest ACTIVE player before p in card
        order; WAITING and OUT players are skipped (G3, G6)."""
        for k in range(1, self.n):
            i = (p - k) % self.n
            if self.status[i] is Status.ACTIVE:
                return i
        return None

    def advance_turn(self, p: int) -> int:
        """Who shoots after p's turn: walking forward, a WAITING player passed
        over has missed his signature deadline and is OUT (SEED-E 2.5)."""
        for k in range(1, self.n + 1):
            i = (p + k) % self.n
            if self.status[i] is Status.WAITING:
                self.status[i] = Status.OUT
                self.note(ExpressNote.DEADLINE_OUT, player=i)
            elif self.status[i] is Status.ACTIVE:
                return i
        return p

    def zero(self, p: int, by_pot: bool) -> tuple[bool, bool]:
        """Z(p, cause) of digest §3.6 for a player at zero or below. Returns
        (series ends, knockout bonus starts)."""
        active_count = len(self.active())
        can_sign = self.signatures[p] < self.o.max_signatures and active_count > 2
        if can_sign:
            self.status[p] = Status.WAITING
            self.note(ExpressNote.ZEROED, player=p)
            if by_pot:
                self.note(ExpressNote.SERIES_ENDS)
            return by_pot, False
        self.status[p] = Status.OUT
        self.note(ExpressNote.LAST_TWO if active_count <= 2
                  else ExpressNote.NO_SIGNATURES_LEFT, player=p)
        self.note(ExpressNote.KNOCKED_OUT, player=p)
        left = self.active()
        if len(left) == 1:
            for w in range(self.n):
                if self.status[w] is Status.WAITING:
                    self.status[w] = Status.OUT
                    self.note(ExpressNote.AUTO_OUT, player=w)
            self.win(left[0])
            return True, False
        if by_pot:
            self.mode = Mode.KNOCKOUT_BONUS
            self.note(ExpressNote.KNOCKOUT_BONUS)
            return False, True
        return False, False

    def win(self, p: int) -> None:
        """SEED-E 2.1; G9: the winner takes the whole bank."""
        self.winner = p
        self.note(ExpressNote.WON, player=p)
        if self.bank:
            self.ledger.append(("payout", p, -self.bank))
            self.chips[p] += self.bank
            self.bank = 0

    def fields(self) -> dict[str, Any]:
        """The card's fields of the state (the scores follow from the
        ruling's points)."""
        return {"status": tuple(s.value for s in self.status),
                "signatures": tuple(self.signatures), "chips": tuple(self.chips),
                "bank": self.bank, "ledger": tuple(self.ledger),
                "mode": self.mode.value}

    def state(self, base: ExpressState, **kw: Any) -> ExpressState:
        return replace(
            base, scores=tuple(self.scores),
            status=tuple(s.value for s in self.status),
            signatures=tuple(self.signatures), chips=tuple(self.chips),
            bank=self.bank, ledger=tuple(self.ledger), mode=self.mode.value,
            game_over=self.winner is not None or base.game_over,
            winner=self.winner if self.winner is not None else base.winner, **kw)


# ---------------------------------------------------------------------------
# Express's facts and the codes it gives the pyramid's fouls

CODES = PyramidCodes(
    ball_off_table=ExpressFoul.BALL_OFF_TABLE,
    stick_touched_ball=ExpressFoul.STICK_TOUCHED_BALL,
    double_hit=ExpressFoul.DOUBLE_HIT,
    push_shot=ExpressFoul.PUSH_SHOT,
    shot_before_rest=ExpressFoul.SHOT_BEFORE_REST,
    no_contact=ExpressFoul.NO_CONTACT,
    no_cushion=ExpressFoul.NO_CUSHION,
    illegal_break=ExpressFoul.ILLEGAL_BREAK,
    bad_placement=ExpressFoul.BAD_PLACEMENT,
    house_direct=ExpressFoul.HOUSE_DIRECT,
    close_ball=ExpressFoul.CLOSE_BALL,
    balls_spotted=ExpressNote.BALLS_SPOTTED,
    cue_from_house=ExpressNote.CUE_FROM_HOUSE,
    temp_house=ExpressNote.TEMP_HOUSE,
    hanging_restored=ExpressNote.HANGING_RESTORED,
    self_moved_replay=ExpressNote.SELF_MOVED_REPLAY,
    outside_interference=ExpressNote.OUTSIDE_INTERFERENCE,
    on_line=ExpressPlacement.ON_LINE,
    outside_house=ExpressPlacement.OUTSIDE_HOUSE,
    frozen_in_house=ExpressPlacement.FROZEN_IN_HOUSE,
)

INFO = DisciplineInfo(
    name=NAME,
    aliases=("экспресс", "express pyramid", "экспресс-пирамида", "ekspress",
             "expres"),
    ref=e(""),
    min_players=3, max_players=8,
    table_kind=TableKind.PYRAMID, default_table=pyramid.TABLE_NAME,
    balls=pyramid.OBJECT_BALLS,
    options=ExpressOptions,
    state=ExpressState,
    hand=(HandRule(BallInHand.HOUSE, digest("2.6"), "break", "outside"),
          HandRule(BallInHand.HOUSE, e("2.6"), "cue_ball_off", "outside",
                   frozen_allowed=False),
          HandRule(BallInHand.TEMP_HOUSE, digest("2.7"), "every_ball_in_house",
                   "outside", frozen_allowed=False)),
    scoring="points",
    lag=False,
    choices=(Choice.SHOOT, Choice.FORCE_OFFENDER, Choice.RERACK_BREAK),
    common_fouls=(ExpressFoul.NO_CONTACT, ExpressFoul.NO_CUSHION,
                  ExpressFoul.HOUSE_DIRECT, ExpressFoul.ILLEGAL_BREAK,
                  ExpressFoul.CLOSE_BALL, ExpressFoul.BALL_OFF_TABLE),
)


# ---------------------------------------------------------------------------
# The discipline


class Express(PyramidDiscipline[ExpressState]):
    """«Экспресс» (SEED-E): 3-8 players, one cue ball, the pyramid table."""

    info = INFO
    codes = CODES
    interference_note = ExpressNote.OUTSIDE_INTERFERENCE  # digest §2.12

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.opts = ExpressOptions.from_mapping(self.options)

    # -- setup (digest §3.3) -----------------------------------------------------------
    def rack_order(self, rack_seed: int) -> tuple[int, ...]:
        if self.opts.rack == "random":
            return pyramid.random_rack(rack_seed)
        return pyramid.CLASSIC_RACK

    def new_game(self, players: int, breaker: int, rack_seed: int, table: str,
                 scores: tuple[int, ...] | None = None) -> ExpressState:
        if table != pyramid.TABLE_NAME and table != "pyramid":
            raise RulesError(f"options.table: Express is played on "
                             f"{pyramid.TABLE_NAME}, not {table!r}")
        if not 3 <= players <= 8:
            raise RulesError(f"players: Express is for 3-8 players, not {players}")
        order = self.rack_order(rack_seed)
        racked = pyramid.rack_state(order)
        o = self.opts
        ledger = tuple(("ante", p, o.ante) for p in range(players)) if o.ante else ()
        return ExpressState(
            discipline=NAME, players=players, table=racked, shooter=breaker,
            breaker=breaker, ball_in_hand=BallInHand.HOUSE, is_break=True,
            scores=scores if scores is not None else (o.initial_points,) * players,
            rack_seed=rack_seed,
            status=(Status.ACTIVE.value,) * players,
            signatures=(0,) * players,
            chips=(o.starting_chips - o.ante,) * players,
            bank=o.ante * players, ledger=ledger, first_break_pending=True,
            rack_order=order)

    # -- the pyramid base's hooks --------------------------------------------------
    def break_min_cushion_balls(self) -> int:
        return self.opts.break_min_cushion_balls

    def contact_required(self, state: ExpressState) -> bool:
        """SEED-E 2.5, G13: the last ball is the cue ball itself; no contact
        or completion is asked of it."""
        return not state.last_ball

    def note(self, code: Code, event: int | None, balls: tuple[int, ...]) -> Outcome:
        return PlayerOutcome(code, code.ref, event, balls)

    def summary(self, state: ExpressState) -> dict[str, Any]:
        return {"scores": list(state.scores), "status": list(state.status),
                "stars": list(state.signatures), "chips": list(state.chips),
                "bank": state.bank}

    # -- a set position --------------------------------------------------------------
    def position_state(self, base: ExpressState, values: Mapping[str, Any],
                       where: str) -> ExpressState:
        """A bank a position starts with is one opening entry of the ledger;
        the match's first break is pending only on a break."""
        kw = dict(values)
        if "bank" in kw:
            bank = kw["bank"]
            if not isinstance(bank, int) or isinstance(bank, bool) or bank < 0:
                raise RulesError(f"{where}.bank: expected 0 or more chips",
                                 "not_negative", field="bank")
            kw["ledger"] = (("opening", -1, bank),) if bank else ()
        if "rack_no" in kw and kw["rack_no"] < 1:
            raise RulesError(f"{where}.rack_no: expected 1 or more", "rack_no")
        for k in ("chips", "signatures"):
            for i, x in enumerate(kw.get(k, ())):
                if x < 0:
                    raise RulesError(f"{where}.{k}[{i}]: expected 0 or more",
                                     "not_negative", field=k, player=i)
        kw.setdefault("first_break_pending", kw.get("is_break", base.is_break))
        kw["table"] = pyramid.complete(kw.get("table", base.table))
        return super().position_state(base, kw, where)

    def check_position(self, state: ExpressState, where: str = "state",
                       table_where: str = "") -> None:
        """SEED-E 2.5: only an active player shoots, two are active while the
        match goes on, an active player has points, a waiting one has none;
        SEED-E 2.4: the first break is a break."""
        if state.first_break_pending and not state.is_break:
            raise RulesError(f"{where}.first_break_pending: only a break can be the "
                             "match's first break", "first_break")
        status = state.status
        shooter = state.shooter
        if status[shooter] != Status.ACTIVE:
            raise RulesError(f"{where}.shooter: player {shooter} is "
                             f"{status[shooter]}; only an active player shoots",
                             "shooter_not_active", player=shooter)
        if sum(1 for s in status if s == Status.ACTIVE) < 2:
            raise RulesError(f"{where}.status: fewer than two active players: the "
                             "match is over", "two_active")
        for i, s in enumerate(status):
            if s == Status.ACTIVE and state.scores[i] <= 0:
                raise RulesError(f"{where}.scores[{i}]: an active player has points "
                                 "left (at zero he waits to sign or is out)",
                                 "active_has_points", player=i)
            if s == Status.WAITING and state.scores[i] > 0:
                raise RulesError(f"{where}.status[{i}]: only a player written down "
                                 "to zero waits to sign", "waiting_has_none", player=i)
        super().check_position(state, where, table_where)

    def jumped_note(self, ball: int, event: int | None) -> Outcome:
        return self.note(ExpressNote.JUMPED_CALLED, event, (ball,))

    # -- what the next shot needs ------------------------------------------------------
    def requirements(self, state: ExpressState) -> ExpressRequirements:
        card = _Card(state, self.opts)
        shooter = state.shooter
        due: list[int] = []
        for k in range(1, state.players):
            i = (shooter + k) % state.players
            if card.status[i] is Status.ACTIVE:
                break
            if card.status[i] is Status.WAITING:
                due.append(i)
        return ExpressRequirements(
            NAME, state.table.table, shooter, state.ball_in_hand,
            legal_first_contacts=self.legal_targets(state), pending=state.pending,
            chooser=state.chooser, is_break=state.is_break,
            victim=None if (state.first_break_pending and state.is_break)
            or state.mode == Mode.KNOCKOUT_BONUS or state.last_ball
            else card.previous_active(shooter),
            may_sign=state.waiting(), signature_due=tuple(due),
            last_ball=state.last_ball, mode=state.mode, offender=state.offender)

    def scoreboard(self, state: ExpressState, view: MatchView) -> Scoreboard:
        """Points, status, stars and chips per player (SEED-E 2.3, 2.5); the
        bank, whose points the next pot writes off, the last ball."""
        cards = []
        last = next((r for r in reversed(view.rulings)
                     if isinstance(r, ExpressRuling)), None)
        for i in range(state.players):
            lines = [Line("score.express_status", {"status": state.status[i]})]
            # The last ruling's change under the points it left (the ruling
            # card says why), until a signature resets them.
            change = last.points[i] if last is not None and \
                i < len(last.points) and i < len(last.scores) and \
                last.scores[i] == state.scores[i] else 0
            if state.signatures[i]:
                lines.append(Line("score.stars", {"n": state.signatures[i]}))
            lines.append(Line("score.chips", {"n": state.chips[i]}))
            cards.append(PlayerScore(state.scores[i], tuple(lines),
                                     out=state.status[i] == Status.OUT,
                                     unit="score.points_unit", change=change))
        centre = [Line("score.bank", {"n": state.bank})]
        req = view.requirements
        if isinstance(req, ExpressRequirements):
            if req.victim is not None:
                centre.append(Line("score.victim", {"player": req.victim}))
            if req.last_ball:
                centre.append(Line("express.last_ball"))
        return Scoreboard(tuple(cards), tuple(centre))

    # -- judging one shot (digest §3.4) ------------------------------------------------
    def on_replay(self, state: ExpressState, code: Code, event: int | None,
                  balls: tuple[int, ...]) -> tuple[ExpressRuling, ExpressState]:
        """No penalty, nothing changes: the same player plays the stroke again
        from the position before it (digest §2.9, §2.12)."""
        card = _Card(state, self.opts)
        card.note(code, event, balls)
        ruling = self._ruling(state, card, (), None, state.table, (), None,
                              state.shooter, state.ball_in_hand, (), None, False,
                              replay=True)
        return ruling, self.settle(state, ruling)

    # -- a foul (digest §3.4 B) --------------------------------------------------------
    def on_foul(self, state: ExpressState, fouls: tuple[Foul, ...],
                shot: Shot | None, facts: Facts | None
                ) -> tuple[ExpressRuling, ExpressState]:
        card = _Card(state, self.opts)
        offender = state.shooter
        card.add(offender, -FOUL_POINTS)  # once, however many fouls (2.6)
        card.note(ExpressNote.PENALTY, player=offender)
        after = self.after_foul(state, shot, facts)
        for code, balls in after.notes:
            card.note(code, None, balls)
        table, spots, hand = after.table, after.spots, after.hand
        card.mode = Mode.NORMAL
        if card.scores[offender] <= 0 and card.status[offender] is Status.ACTIVE:
            card.zero(offender, by_pot=False)
        illegal_break = any(f.code is ExpressFoul.ILLEGAL_BREAK for f in fouls)
        penalty = next((f for f in fouls if f.code is ExpressFoul.ILLEGAL_BREAK),
                       fouls[0])
        if card.winner is not None:
            return self._finish(state, card, fouls, penalty, table, spots, None,
                                BallInHand.NONE)
        chooser = card.advance_turn(offender)
        options: list[Choice] = [Choice.SHOOT]
        if card.status[offender] is Status.ACTIVE:
            options.append(Choice.FORCE_OFFENDER)  # SEED-E 2.6, G15
        if illegal_break and self.opts.illegal_break_rerack:
            options.append(Choice.RERACK_BREAK)  # digest §2.4 [REC]
        card.note(ExpressNote.CHOICE)
        # A foul called before any stroke (R9) leaves a pending break pending.
        no_stroke = shot is None
        ruling = self._ruling(state, card, fouls, penalty, table, spots, None,
                              chooser, hand, tuple(options), chooser, False)
        new = self.settle(
            state, ruling, table, **card.fields(),
            is_break=state.is_break and no_stroke,
            first_break_pending=state.first_break_pending and no_stroke,
            rerack_first=state.first_break_pending and illegal_break)
        return ruling, new

    # -- a legal shot (digest §3.4 C, D) -----------------------------------------------
    def on_legal(self, state: ExpressState, shot: Shot, facts: Facts
                 ) -> tuple[ExpressRuling, ExpressState]:
        """The pots are scored (SEED-E 2.4, 2.5); a victim written down to
        zero may end the series or the match; the turn goes on after a pot."""
        card = _Card(state, self.opts)
        table = pyramid.table_after(shot)
        if state.last_ball:
            return self._last_ball(state, card, table, facts)
        victim = self._score_pots(state, card, facts.potted)
        hand = BallInHand.NONE
        if facts.cue_potted is not None:
            hand, code = self.cue_from_hand(table)
            card.note(code, None, (CUE_BALL,))
        series_ends = False
        if victim is not None and card.scores[victim] <= 0 and \
                card.status[victim] is Status.ACTIVE:
            # G7: the whole shot is scored to one victim; nothing carries over.
            series_ends, _bonus = card.zero(victim, by_pot=True)
        if card.winner is not None:
            return self._finish(state, card, (), None, table, (), victim,
                                BallInHand.NONE)
        nxt, rerack = self._next_after_pots(state, card, table, facts,
                                            series_ends)
        if rerack:
            return self._new_rack(state, card, nxt, victim)
        if hand is not BallInHand.NONE:
            table = pyramid.set_in_hand(table, hand)
        ruling = self._ruling(state, card, (), None, table, (), victim, nxt, hand,
                              (), None, False)
        new = self.settle(state, ruling, table, **card.fields(),
                          first_break_pending=False, rerack_first=False)
        return ruling, new

    def _score_pots(self, state: ExpressState, card: _Card,
                    pots: tuple[tuple[int, int, str], ...]) -> int | None:
        """Each pocketed ball gives the shooter two: on the match's first
        break and in the knockout bonus at nobody's cost (SEED-E 2.4, 2.5,
        G2, G5; R4: the cue ball too), otherwise written off the previous
        active player, the victim, by the ball's value or five for the cue
        ball (2.5, G16). Returns the victim."""
        shooter = state.shooter
        free: Code | None = None  # the note of pots that write nobody off
        if state.is_break and state.first_break_pending:
            free = ExpressNote.FIRST_BREAK  # G2
        elif card.mode is Mode.KNOCKOUT_BONUS:
            free = ExpressNote.KNOCKOUT_BONUS  # G5
        if free is not None:
            for i, b, _ in pots:
                card.add(shooter, POT_POINTS)
                card.note(free, i, (b,))
            return None
        victim = card.previous_active(shooter)
        for i, b, _ in pots:
            if victim is None:
                break
            if b == CUE_BALL:
                card.add(victim, -OWN_BALL_POINTS)  # «свой»
                card.note(ExpressNote.OWN, i, (b,))
            else:
                card.add(victim, -self.opts.value(b))  # «чужой», G16
                card.note(ExpressNote.FOREIGN, i, (b,))
            card.add(shooter, POT_POINTS)
        return victim

    def _next_after_pots(self, state: ExpressState, card: _Card,
                         table: TableState, facts: Facts, series_ends: bool
                         ) -> tuple[int, bool]:
        """Who plays next and whether the rack is over: the last object ball
        gone with the cue ball ends the rack (R11); a pot continues the
        series unless it ended (G5, G7); a miss passes the turn (2.5)."""
        shooter = state.shooter
        if not pyramid.object_balls_on_table(table) and facts.cue_potted is not None:
            nxt = card.advance_turn(shooter) if series_ends else shooter
            if series_ends:
                card.mode = Mode.NORMAL
            return nxt, True
        if series_ends:
            nxt = card.advance_turn(shooter)
            card.mode = Mode.NORMAL
        elif facts.potted:
            nxt = shooter
            card.note(ExpressNote.CONTINUES)
        else:
            nxt = card.advance_turn(shooter)
            card.mode = Mode.NORMAL
            card.note(ExpressNote.BREAK_NO_POT if state.is_break else ExpressNote.MISS)
        return nxt, False

    def _last_ball(self, state: ExpressState, card: _Card, table: TableState,
                   facts: Facts) -> tuple[ExpressRuling, ExpressState]:
        """SEED-E 2.5, G13: the cue ball into any pocket for +2, no write-off;
        a stroke that does not pocket it passes the turn without a foul."""
        shooter = state.shooter
        if facts.cue_potted is not None:
            card.add(shooter, POT_POINTS)
            card.note(ExpressNote.LAST_BALL, facts.cue_potted, (CUE_BALL,))
            return self._new_rack(state, card, shooter, None)
        nxt = card.advance_turn(shooter)
        card.mode = Mode.NORMAL
        card.note(ExpressNote.LAST_BALL_MISS)
        ruling = self._ruling(state, card, (), None, table, (), None, nxt,
                              BallInHand.NONE, (), None, False)
        new = self.settle(state, ruling, table, **card.fields(),
                          first_break_pending=False, rerack_first=False)
        return ruling, new

    def _new_rack(self, state: ExpressState, card: _Card, breaker: int,
                  victim: int | None) -> tuple[ExpressRuling, ExpressState]:
        """SEED-E 2.5: a new pyramid, broken under the break rules by the
        player whose series is running (G8)."""
        card.note(ExpressNote.NEW_RACK)
        table = pyramid.rack_state(state.rack_order)
        ruling = self._ruling(state, card, (), None, table, (), victim, breaker,
                              BallInHand.HOUSE, (), None, True)
        new = self.settle(state, ruling, table, **card.fields(), breaker=breaker,
                          is_break=True, first_break_pending=False,
                          rerack_first=False, rack_no=state.rack_no + 1)
        return ruling, new

    def _finish(self, state: ExpressState, card: _Card, fouls: tuple[Foul, ...],
                penalty: Foul | None, table: TableState, spots: tuple[Spot, ...],
                victim: int | None, hand: BallInHand,
                ) -> tuple[ExpressRuling, ExpressState]:
        """The last player with points has won (SEED-E 2.1)."""
        assert card.winner is not None
        ruling = self._ruling(state, card, fouls, penalty, table, spots, victim,
                              card.winner, hand, (), None, False)
        new = self.settle(state, ruling, table, **card.fields(),
                          first_break_pending=False)
        return ruling, new

    def _ruling(self, before: ExpressState, card: _Card, fouls: tuple[Foul, ...],
                penalty: Foul | None, table: TableState, spots: tuple[Spot, ...],
                victim: int | None, nxt: int, hand: BallInHand,
                options: tuple[Choice, ...], chooser: int | None,
                rerack: bool, replay: bool = False) -> ExpressRuling:
        """The ruling with the card after the step; the state then follows
        from it (``settle``)."""
        scored = tuple(b for n in card.notes
                       if n.code in (ExpressNote.FOREIGN, ExpressNote.OWN,
                                     ExpressNote.FIRST_BREAK,
                                     ExpressNote.KNOCKOUT_BONUS,
                                     ExpressNote.LAST_BALL)
                       for b in n.balls)
        # A replay keeps the state: who was the offender stays as it was.
        offender = before.offender if replay else \
            before.shooter if options else None
        over = card.winner is not None or before.game_over
        return ExpressRuling(
            discipline=NAME, shooter=before.shooter, fouls=fouls, penalty=penalty,
            notes=tuple(card.notes), points=tuple(card.points), scored=scored,
            spots=spots, next_shooter=nxt, ball_in_hand=hand, options=options,
            chooser=chooser, rerack=rerack, replay=replay, game_over=over,
            winner=card.winner if card.winner is not None else before.winner,
            scores=tuple(card.scores),
            status=tuple(s.value for s in card.status),
            stars=tuple(card.signatures), chips=tuple(card.chips), bank=card.bank,
            victim=victim, mode=card.mode.value, offender=offender,
            last_ball=not pyramid.object_balls_on_table(table))

    # -- decisions (SEED-E 2.5, 2.6) ---------------------------------------------------
    def choose(self, state: ExpressState, choice: Choice,
               ball: int | None = None) -> ExpressState:
        """The chooser's answer after a foul, or a signature.

        For SIGN and DECLINE_SIGN the second argument names the *player*
        (index) who signs or declines; Match.choose(Choice.SIGN, 2) signs for
        player 2 at any moment before his deadline.
        """
        if state.game_over:
            raise RulesError("match: the match is over")
        if choice in (Choice.SIGN, Choice.DECLINE_SIGN):
            return self.sign(state, ball, choice is Choice.SIGN)
        if ball is not None:
            raise RulesError(f"choice: {choice.value} takes no ball or player")
        if choice not in state.pending:
            allowed = ", ".join(c.value for c in state.pending) or "none"
            raise RulesError(f"choice: {choice.value} is not open (open: {allowed})",
                             "choice_not_open", choice=choice.value)
        assert state.chooser is not None
        if choice is Choice.SHOOT:
            return replace(state, shooter=state.chooser, pending=(), chooser=None)
        if choice is Choice.FORCE_OFFENDER:
            assert state.offender is not None
            return replace(state, shooter=state.offender, pending=(), chooser=None)
        # RERACK_BREAK: a new pyramid, the chooser breaks; still the match's
        # first break if the illegal one was (digest §3.4 B).
        table = pyramid.rack_state(state.rack_order)
        return replace(state, table=table, shooter=state.chooser,
                       breaker=state.chooser, ball_in_hand=BallInHand.HOUSE,
                       is_break=True, pending=(), chooser=None, offender=None,
                       first_break_pending=state.rerack_first, rerack_first=False,
                       mode=Mode.NORMAL.value)

    def sign(self, state: ExpressState, player: int | None,
             signs: bool = True) -> ExpressState:
        """Sign(p) of digest §3.6: pay the stake, one more star, back to the
        starting points (G4) and ACTIVE; or decline and be OUT."""
        n = state.players
        if player is None or isinstance(player, bool) or not isinstance(player, int) \
                or not 0 <= player < n:
            raise RulesError(f"choice.player: expected a player index 0-{n - 1}")
        if state.status[player] != Status.WAITING:
            raise RulesError(f"choice.player: player {player} is "
                             f"{state.status[player]}, only a waiting player may "
                             "sign")
        card = _Card(state, self.opts)
        if not signs:
            card.status[player] = Status.OUT
            return card.state(state)
        k = card.signatures[player] + 1
        if k > self.opts.max_signatures:
            raise RulesError(f"choice.player: player {player} has used every "
                             "signature", "signatures_used", player=player)
        stake = self.opts.signature_stakes[k - 1]
        if card.chips[player] < stake:
            raise RulesError(f"choice.player: player {player} has "
                             f"{card.chips[player]} chips, the stake is {stake}",
                             "chips_below_stake", player=player,
                             chips=card.chips[player], stake=stake)
        card.chips[player] -= stake
        card.bank += stake
        card.ledger.append((f"signature{k}", player, stake))
        card.signatures[player] = k
        card.scores[player] = self.opts.initial_points
        card.status[player] = Status.ACTIVE
        return card.state(state)

    # -- fouls a person calls ----------------------------------------------------------
    def call_foul(self, state: ExpressState,
                  code: Code) -> tuple[ExpressRuling, ExpressState]:
        """A foul only a person sees, charged to the player at the table:
        -5, the cue ball stays as it lies, the next player chooses (2.6)."""
        return self.call_foul_by(state, code, None)

    def stroke_called(self, state: ExpressState, code: Code) -> Foul:
        """A foul only a person sees (2.6), called on the stroke that
        committed it."""
        cd = _CALLED_ALIASES.get(code.id, code)
        if cd.id not in CALLABLE:
            raise RulesError(f"code: {code.id} is judged from the shot, not called "
                             "by a person in Express")
        return Foul(cd, cd.ref, None, ())

    def call_foul_by(self, state: ExpressState, code: Code,
                     player: int | None) -> tuple[ExpressRuling, ExpressState]:
        """A called foul charged to ``player`` (default: the shooter). A player
        who interferes with another's shot (2.6 item 9) loses 5; the position
        is restored and the shooter plays again (R7)."""
        self.ready(state)
        if code.id == LossCode.CONCEDED.id:
            return self.leave(state, player)
        if code.id in (Note.OUTSIDE_INTERFERENCE.id,
                       ExpressNote.OUTSIDE_INTERFERENCE.id):
            # Digest §2.12: balls moved by an outsider: restore and replay.
            return self.on_replay(state, ExpressNote.OUTSIDE_INTERFERENCE, None, ())
        if code is Note.INTERFERENCE_NOT_RESTORABLE:
            raise RulesError("code: the pyramid rules restore a position an "
                             "outsider disturbed (digest §2.12): call "
                             "note.outside_interference")
        foul = self.stroke_called(state, code)
        if player is None or player == state.shooter:
            return self.on_foul(state, (foul,), None, None)
        n = state.players
        if not isinstance(player, int) or not 0 <= player < n:
            raise RulesError(f"player: expected a player index 0-{n - 1}")
        if state.status[player] == Status.OUT:
            raise RulesError(f"player: player {player} is out of the match")
        card = _Card(state, self.opts)
        card.add(player, -FOUL_POINTS)
        card.note(ExpressNote.PENALTY, player=player)
        card.note(ExpressNote.REPLAY)
        if card.scores[player] <= 0 and card.status[player] is Status.ACTIVE:
            card.zero(player, by_pot=False)
        if card.winner is not None:
            return self._finish(state, card, (foul,), foul, state.table, (), None,
                                BallInHand.NONE)
        ruling = self._ruling(state, card, (foul,), foul, state.table, (), None,
                              state.shooter, state.ball_in_hand, (), None, False,
                              replay=True)
        return ruling, self.settle(state, ruling, **card.fields())

    def in_play(self, state: ExpressState) -> tuple[int, ...]:
        return state.active()

    def leave(self, state: ExpressState, player: int | None = None
              ) -> tuple[ExpressRuling, ExpressState]:
        """The player at the table (or ``player``, one of the last two, whose
        leaving ends the match) leaves the match (R21; the seeds are
        silent): out, as a player who lets the signature deadline pass; what
        he put in the bank stays there for the winner (G9), his own chips are
        his; the next active player takes the table as it lies, ball in hand
        and a pending break included. One active player left wins (2.5)."""
        card = _Card(state, self.opts)
        p = state.shooter if player is None else player
        if p not in state.active():
            raise RulesError(f"player: player {p} is not in play")
        if p != state.shooter and len(state.active()) > 2:
            # Away from the table only the match's end is given: the turn
            # order of three or more stays as the rules keep it.
            raise RulesError("leave: of three or more in play the player at "
                             "the table leaves")
        card.status[p] = Status.OUT
        card.note(ExpressNote.LEFT, player=p)
        card.mode = Mode.NORMAL
        nxt = card.advance_turn(p)
        left = card.active()
        if len(left) == 1:
            for w in range(card.n):
                if card.status[w] is Status.WAITING:
                    card.status[w] = Status.OUT
                    card.note(ExpressNote.AUTO_OUT, player=w)
            card.win(left[0])
            return self._finish(state, card, (), None, state.table, (), None,
                                BallInHand.NONE)
        ruling = self._ruling(state, card, (), None, state.table, (), None, nxt,
                              state.ball_in_hand, (), None, False)
        new = self.settle(state, ruling, state.table, stroke=False, **card.fields(),
                          is_break=state.is_break,
                          first_break_pending=state.first_break_pending)
        return ruling, new

    # -- storage -----------------------------------------------------------------------
    def state_from_dict(self, d: Mapping[str, Any],
                        where: str = "state") -> ExpressState:
        return state_from_dict(d, where)


def state_from_dict(d: Mapping[str, Any], where: str = "state") -> ExpressState:
    """An ExpressState from its to_dict() form, every field checked."""
    state: ExpressState = ExpressState.from_dict(d, where)
    if state.discipline != NAME:
        raise RulesError(f"{where}.discipline: expected {NAME!r}")
    return state


def codes() -> tuple[Code, ...]:
    """Every code this module registers (for the locale check)."""
    out: list[Code] = []
    for ns in (ExpressFoul, ExpressNote, ExpressPlacement):
        out += [v for v in vars(ns).values() if isinstance(v, Code)]
    return tuple(out)
