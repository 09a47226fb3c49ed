"""Outcome codes: every foul, loss, note and placement reason the referee emits.

Each code names the seed rule it comes from (file, section, rule number). Codes
are plain records in one registry, so a discipline module (Express, for one)
adds its own codes with :func:`register` without touching this file. The words
a person reads live in ``assets/locale/<lang>/rules.json`` under the code id.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

SEED_POOL = "000_a841db6d9a298577.txt"
SEED_EXPRESS = "003_b8c72cf2f78c660c.txt"
DIGEST = "pyramid-and-express.md"

GENERAL = "general"
EIGHT = "8-ball"
NINE = "9-ball"
STRAIGHT = "14.1"


@dataclass(frozen=True)
class SeedRef:
    """Where a rule is written: seed file, section (game) and rule number.

    Readings of silent or garbled seed places point at the digest:
    ``SeedRef(DIGEST, "6", "P6")``. ``beside``: a second rule cited after
    it, where a game's own rule and a general one both say it (9-ball's
    lowest ball first, 7, and the general no legal ball touched, 16).
    """

    file: str
    section: str
    rule: str
    beside: SeedRef | None = None

    def __str__(self) -> str:
        return f"{self.section} {self.rule}"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"file": self.file, "section": self.section,
                               "rule": self.rule}
        if self.beside is not None:
            out["beside"] = self.beside.to_dict()
        return out

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> SeedRef:
        beside = d.get("beside")
        return cls(str(d["file"]), str(d["section"]), str(d["rule"]),
                   cls.from_dict(beside) if isinstance(beside, Mapping) else None)


def g(rule: str) -> SeedRef:
    """A general pool rule of the pool seed."""
    return SeedRef(SEED_POOL, GENERAL, rule)


def e8(rule: str) -> SeedRef:
    return SeedRef(SEED_POOL, EIGHT, rule)


def n9(rule: str) -> SeedRef:
    return SeedRef(SEED_POOL, NINE, rule)


def s14(rule: str) -> SeedRef:
    return SeedRef(SEED_POOL, STRAIGHT, rule)


def reading(p: str) -> SeedRef:
    """A reading of a silent or garbled seed place (digest section 6, P1-P15)."""
    return SeedRef(DIGEST, "6", p)


class Kind(StrEnum):
    FOUL = "foul"  # a breach with a penalty
    LOSS = "loss"  # loss of the game (a foul so severe the game ends)
    NOTE = "note"  # any other outcome worth saying: a win, a re-rack, a warning
    PLACEMENT = "placement"  # why a cue-ball placement is refused
    LAG = "lag"  # why a lag ball loses


@dataclass(frozen=True)
class Code:
    """One outcome code: a stable id, its kind, the seed rule and any readings."""

    id: str
    kind: Kind
    ref: SeedRef
    readings: tuple[SeedRef, ...] = ()
    referee_called: bool = False  # only a person can see it (no event shows it)

    def __str__(self) -> str:
        return self.id


_REGISTRY: dict[str, Code] = {}


def register(code: Code) -> Code:
    """Add a code to the registry; the same id twice is an error unless equal."""
    old = _REGISTRY.get(code.id)
    if old is not None and old != code:
        raise ValueError(f"code {code.id!r} is already registered differently")
    _REGISTRY[code.id] = code
    return code


# A code whose home is another game's rule, as a game's own rules say it
# (the illegal break is 8-ball rule 5's code; 9-ball says it in rule 3,
# 14.1 in rule 6): "Which rule?" gives each option its number in the game.
OWN_RULES: dict[tuple[str, str], str] = {("9-ball", "foul.illegal_break"): "3",
                                         ("14.1", "foul.illegal_break"): "6"}


def code_by_id(code_id: str) -> Code:
    try:
        return _REGISTRY[code_id]
    except KeyError:
        raise ValueError(f"unknown outcome code {code_id!r}") from None


def all_codes() -> tuple[Code, ...]:
    return tuple(_REGISTRY.values())


def _c(cid: str, kind: Kind, ref: SeedRef, *readings: SeedRef,
       referee: bool = False) -> Code:
    return register(Code(cid, kind, ref, tuple(readings), referee))


F, L, N, P, G = Kind.FOUL, Kind.LOSS, Kind.NOTE, Kind.PLACEMENT, Kind.LAG


class FoulCode:
    """Fouls. The same code may be cited with a game's own rule in a Foul."""

    NOT_TIP = _c("foul.not_tip", F, g("3"), referee=True)
    FOOT_OFF_FLOOR = _c("foul.foot_off_floor", F, g("11"), referee=True)
    SHOT_BEFORE_REST = _c("foul.shot_before_rest", F, g("12"))
    BAD_HIT = _c("foul.bad_hit", F, g("16"))  # no legal ball touched first
    NO_RAIL = _c("foul.no_rail", F, g("17"))  # nothing pocketed, nothing to a rail
    SCRATCH = _c("foul.scratch", F, g("18"))
    TOUCHED_BALL = _c("foul.touched_ball", F, g("19"), referee=True)
    STICK_TOUCHED_BALL = _c("foul.stick_touched_ball", F, g("19"))
    DOUBLE_HIT = _c("foul.double_hit", F, g("20"))
    FROZEN_ILLEGAL_BALL = _c("foul.frozen_illegal_ball", F, g("20"), reading("P8"))
    PUSH_SHOT = _c("foul.push_shot", F, g("21"))
    MISCUE_ON_JUMP = _c("foul.miscue_on_jump", F, g("22"))
    ILLEGAL_JUMP = _c("foul.illegal_jump", F, g("22"))
    CUE_OFF_TABLE = _c("foul.cue_off_table", F, g("23"))
    BALL_OFF_TABLE = _c("foul.ball_off_table", F, g("23"))
    CUSHION_BALL = _c("foul.cushion_ball", F, g("31"))
    KITCHEN_DIRECT = _c("foul.kitchen_direct", F, g("7"), reading("P1"))
    BAD_PLACEMENT = _c("foul.bad_placement", F, g("7"), reading("P12"))
    INTERFERENCE = _c("foul.interference", F, g("33"), referee=True)
    ILLEGAL_BREAK = _c("foul.illegal_break", F, e8("5"))
    BREAK_NOT_FIRST_ONE = _c("foul.break_not_one", F, n9("3"))
    INTENTIONAL = _c("foul.intentional", F, s14("7.5"), referee=True)
    THIRD_FOUL = _c("foul.third_foul", F, s14("12"), reading("P6"))


class LossCode:
    """Fouls and events that lose the game."""

    EIGHT_ON_FOUL = _c("loss.eight_on_foul", L, e8("15"), reading("P2"))
    EIGHT_EARLY = _c("loss.eight_early", L, e8("15"), reading("P2"))
    EIGHT_WRONG_POCKET = _c("loss.eight_wrong_pocket", L, e8("15"), reading("P2"))
    # 8-ball 13 says the 8 off the table loses: no reading of 15's empty
    # list is needed (the card added "where the rules are silent" under it).
    EIGHT_OFF_TABLE = _c("loss.eight_off_table", L, e8("13"))
    # 9-ball 11 decides a third foul after the warning; P4 is for a missing
    # warning only, where the game is not lost.
    THREE_FOULS = _c("loss.three_fouls", L, n9("11"))
    CONCEDED = _c("loss.conceded", L, n9("4"), referee=True)


class Note:
    """Outcomes that are not fouls."""

    LEGAL = _c("note.legal", N, g("17"))
    MISS = _c("note.miss", N, g("4"))  # legal shot, nothing of the shooter's down
    SCORED = _c("note.scored", N, g("9"))
    CONTINUES = _c("note.continues", N, g("30"))
    SAFETY = _c("note.safety", N, e8("9"))
    BREAK_LEGAL = _c("note.break_legal", N, g("6"))
    GROUP_CHOSEN = _c("note.group_chosen", N, e8("7"))
    OPEN_TABLE = _c("note.open_table", N, e8("6"))
    EIGHT_FIRST_OPEN = _c("note.eight_first_open", N, e8("6"), reading("P3"))
    CALLED_BALL_MISSED = _c("note.called_ball_missed", N, e8("12"))
    CALL_REQUIRED = _c("note.call_required", N, e8("2"))
    EIGHT_ON_BREAK = _c("note.eight_on_break", N, e8("5"))
    BREAK_OFF_TABLE = _c("note.break_off_table", N, e8("5"))
    WIN_EIGHT = _c("note.win_eight", N, e8("1"))
    STALEMATE = _c("note.stalemate", N, e8("16"), reading("P10"), referee=True)
    PUSH_OUT = _c("note.push_out", N, n9("5"))
    PUSH_OUT_IGNORED = _c("note.push_out_ignored", N, n9("5"), reading("P11"))
    NINE_SPOTTED = _c("note.nine_spotted", N, n9("6"))
    # Its break reading (P5) is the ruling's reference, given only on a break.
    WIN_NINE = _c("note.win_nine", N, n9("4"))
    WARNING_TWO_FOULS = _c("note.warning_two_fouls", N, n9("11"), reading("P4"))
    NO_WARNING_GIVEN = _c("note.no_warning", N, n9("11"), reading("P4"))
    BALLS_SPOTTED = _c("note.balls_spotted", N, g("26"), reading("P15"))
    RERACK_14 = _c("note.rerack_14", N, s14("7.3"))
    RERACK_15 = _c("note.rerack_15", N, s14("12"))
    NEAR_RAIL_SAFETY = _c("note.near_rail_safety", N, s14("7.2"))
    TWO_FOULS = _c("note.two_fouls", N, s14("12"))
    FOULS_CLEARED = _c("note.fouls_cleared", N, s14("12"))
    ILLEGAL_POCKETED = _c("note.illegal_pocketed", N, s14("8"))
    KITCHEN_BALL_SPOT = _c("note.kitchen_ball_spot", N, s14("7.7"))
    TARGET_REACHED = _c("note.target_reached", N, s14("1"))
    BREAK_SCRATCH = _c("note.break_scratch", N, s14("6"), reading("P13"))
    HANGING_BALL_RESTORED = _c("note.hanging_restored", N, g("25"))
    REPLAY_SELF_MOVED = _c("note.replay_self_moved", N, g("25"))
    OUTSIDE_INTERFERENCE = _c("note.outside_interference", N, g("28"), referee=True)
    # General rule 28 when the position cannot be restored: the game is
    # replayed, the same player breaks; in 14.1 the rack is abandoned, a new
    # one racked, the scores stand and the break is decided anew (rule 6).
    INTERFERENCE_NOT_RESTORABLE = _c("note.interference_not_restorable", N, g("28"),
                                     referee=True)
    INTERFERENCE_NEW_RACK = _c("note.interference_new_rack", N, g("28"))
    BREAK_DECIDED_ANEW = _c("note.break_decided_anew", N, g("6"))
    # General rule 23: a ball that touched something not part of the table
    # (chalk on the rail, a lamp) is off the table though it rolled back.
    JUMPED_CALLED = _c("note.jumped_called", N, g("23"), referee=True)
    CUE_IN_PLAY = _c("note.cue_in_play", N, g("7"))
    RACE_WON = _c("note.race_won", N, g("29"))


# Notes that say where the game stands (the table open, the groups taken)
# rather than what the shot did: what a player must know before the next shot.
GAME_STATE_NOTES = frozenset({Note.GROUP_CHOSEN.id, Note.OPEN_TABLE.id})
# Notes that say who plays next and why (the shooter continues, the turn
# passes): after a break, what a player must read first.
TURN_NOTES = frozenset({Note.MISS.id, Note.SCORED.id, Note.CONTINUES.id,
                        Note.SAFETY.id})


class Placement:
    """Why a cue-ball placement is refused (the app shows it, nothing is judged)."""

    NOT_IN_HAND = _c("place.not_in_hand", P, g("7"))
    OFF_BED = _c("place.off_bed", P, g("8"))
    OVERLAP = _c("place.overlap", P, g("8"))
    OUTSIDE_KITCHEN = _c("place.outside_kitchen", P, g("14"))
    FROZEN_TO_BALL = _c("place.frozen_to_ball", P, n9("9"), reading("P12"))


class LagCode:
    """The seven ways to lose the lag (general rule 5), a win and a re-lag."""

    OPPONENT_HALF = _c("lag.opponent_half", G, g("5.1"))
    NO_FOOT_RAIL = _c("lag.no_foot_rail", G, g("5.2"))
    POCKETED = _c("lag.pocketed", G, g("5.3"))
    OFF_TABLE = _c("lag.off_table", G, g("5.4"))
    LONG_RAIL = _c("lag.long_rail", G, g("5.5"))
    CORNER_JAW = _c("lag.corner_jaw", G, g("5.6"))
    FOOT_RAIL_TWICE = _c("lag.foot_rail_twice", G, g("5.7"))
    WON = _c("lag.won", G, g("5"))
    RELAG = _c("lag.relag", G, g("5"))


del F, L, N, P, G
