"""14.1 continuous (seed «14.1 с продолжением», rules 1-13 and the re-rack
table of 7.3 / 7.6) on top of the general pool rules."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from rules.codes import GENERAL, Code, FoulCode, Note, SeedRef, g, reading, s14
from rules.game import (
    Calls,
    DisciplineInfo,
    HandRule,
    Line,
    MatchView,
    PlayerScore,
    Scoreboard,
    check_option_keys,
    per_player,
    scalar,
)
from rules.general import (
    PoolDiscipline,
    PoolState,
    apply_spots,
    illegal_break_foul,
    rack_slots,
    racked,
    rule31_kept,
    shuffled,
    spot_after,
    spot_balls,
    state_with,
    with_entry,
)
from rules.questions import Facts, near_rail, rails_of_contacts
from rules.ruling import (
    DECL_CALL,
    DECL_SAFETY,
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
from simulator.table.events import Shot
from simulator.table.specs import CUE_BALL, TableKind, TableSpec, Vec, table_by_name
from simulator.table.state import TableState, Where

NAME = "14.1"
OBJECT_BALLS = tuple(range(1, 16))
THIRD_FOUL_EXTRA = 15  # 14.1 rule 12, reading P6: -1 and -15 more
INTENTIONAL = 16  # 14.1 rule 7.5: 1 + 15
ILLEGAL_BREAK = 2  # 14.1 rule 6


def rack_straight(table: str, seed: int) -> TableState:
    """14.1 rule 4: apex on the foot spot, the 1 and the 5 in the back corners
    (the 1 on the right rail's side, the 5 on the left's), the rest drawn."""
    spec = table_by_name(table)
    slots = rack_slots(spec)
    rest = shuffled([b for b in OBJECT_BALLS if b not in (1, 5)], seed)
    return racked(spec, slots, {1: 10, 5: 14}, rest)


def _touches(spec: TableSpec, pos: Vec, spot: Vec) -> bool:
    return math.dist(pos, spot) < spec.balls.diameter - 1e-9


def in_rack_area(spec: TableSpec, pos: Vec, with_apex: bool) -> bool:
    """Would a ball here be in the way of racking (the 14 slots, or all 15)?"""
    slots = rack_slots(spec)
    return any(_touches(spec, pos, s) for s in (slots if with_apex else slots[1:]))


def rerack_cell(spec: TableSpec, fifteenth: Vec | None, cue: Vec
                ) -> tuple[str, str, str, str]:
    """The cell of the 7.3 / 7.6 table: (row, column, where the 15th goes,
    where the cue ball goes). Rows: rack, pocket, head_spot, kitchen, other.
    Columns: rack, head_spot, other. Places: stay, foot_spot, head_spot,
    centre_spot, kitchen (in hand behind the head string)."""
    cue_col = "rack" if in_rack_area(spec, cue, True) else \
        "head_spot" if _touches(spec, cue, spec.head_spot) else "other"
    if fifteenth is None:
        row = "pocket"
    elif in_rack_area(spec, fifteenth, False):
        row = "rack"
    elif _touches(spec, fifteenth, spec.head_spot):
        row = "head_spot"
    elif spec.in_kitchen(fifteenth[0]):
        row = "kitchen"
    else:
        row = "other"
    table = {
        ("rack", "rack"): ("foot_spot", "kitchen"),
        ("rack", "other"): ("head_spot", "stay"),
        ("rack", "head_spot"): ("centre_spot", "stay"),
        ("pocket", "rack"): ("foot_spot", "kitchen"),
        ("pocket", "other"): ("foot_spot", "stay"),
        ("pocket", "head_spot"): ("foot_spot", "stay"),
        ("kitchen", "rack"): ("foot_spot", "head_spot"),
        ("other", "rack"): ("stay", "kitchen"),
        ("head_spot", "rack"): ("stay", "centre_spot"),
    }
    ball_to, cue_to = table.get((row, cue_col), ("stay", "stay"))
    return row, cue_col, ball_to, cue_to


@dataclass(frozen=True)
class StraightPoolState(PoolState):
    """14.1 between shots: the pool state, the near-rail safeties used (7.2)
    and whether this break follows a full re-rack (rule 6)."""

    rail_safeties: tuple[int, ...] = per_player("ints", 0)
    break_rerack: bool = scalar("bool", False)

    position_fields: ClassVar[tuple[str, ...]] = (
        *PoolState.position_fields, "rail_safeties", "break_rerack")

    @classmethod
    def discipline_name(cls) -> str:
        return NAME


@dataclass(frozen=True)
class StraightPoolOptions:
    """target: the points that win (14.1 1; 150 in competitions)."""

    target: int = 150

    @classmethod
    def from_mapping(cls, d: Mapping[str, Any]) -> StraightPoolOptions:
        check_option_keys(d, cls, NAME)
        v = d.get("target", 150)
        if not isinstance(v, int) or isinstance(v, bool) or v < 1:
            raise RulesError("options.target: expected a whole number of points >= 1")
        return cls(v)


INFO = DisciplineInfo(
    name=NAME,
    aliases=("straight", "straight-pool", "14.1-continuous", "14+1", "14-1",
             "прямой пул", "14.1 с продолжением", "14+1 с продолжением", "14",
             "прямой"),
    ref=s14(""),
    shared_sections=(GENERAL,),
    min_players=2, max_players=2,
    table_kind=TableKind.POOL, default_table="pool_9ft",
    balls=OBJECT_BALLS,
    options=StraightPoolOptions,
    state=StraightPoolState,
    calls=Calls(ball=True, pocket=True, on_break=True, safety=True, ref=s14("1")),
    # The opening break from the kitchen is general rule 6's (14.1 6 names
    # no place); a scratch on the break (6) or later (10) gives the incoming
    # player ball in hand behind the head string.
    hand=(HandRule(BallInHand.KITCHEN, g("6"), "break", "outside"),
          HandRule(BallInHand.KITCHEN, s14("6"), "scratch_on_break", "outside"),
          HandRule(BallInHand.KITCHEN, s14("10"), "scratch", "outside")),
    scoring="points",
    choices=(Choice.ACCEPT_TABLE, Choice.RERACK_OFFENDER_BREAKS,
             Choice.ACCEPT_FROM_KITCHEN, Choice.SPOT_KITCHEN_BALL,
             Choice.KEEP_KITCHEN_BALLS),
    common_fouls=(FoulCode.NO_RAIL, FoulCode.SCRATCH, FoulCode.ILLEGAL_BREAK,
                  FoulCode.BAD_HIT, FoulCode.THIRD_FOUL, FoulCode.CUSHION_BALL),
)


class StraightPool(PoolDiscipline[StraightPoolState]):
    """14.1 on the general rules: every ball called (1, 6.1), points for
    each counted ball (7.1) and -1, -2 or -16 for fouls (6, 7.5, 10-12), the
    near-rail safeties (7.2), the re-rack of fourteen (7.3, 7.6) and the
    kitchen option (7.7)."""

    info = INFO
    section = "14.1"
    cites: ClassVar[Mapping[Code, SeedRef]] = {
        FoulCode.NO_RAIL: s14("7.2"), FoulCode.BALL_OFF_TABLE: s14("9")}

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.opts = StraightPoolOptions.from_mapping(self.options)

    def rack(self, table: str, seed: int) -> TableState:
        return rack_straight(table, seed)

    def rank(self, foul: Foul) -> int:
        """General rule 24 in 14.1: the third foul (-16 and a re-rack) over an
        intentional foul (-16) over an illegal break (-2) over a cue ball down
        or off (-1 and the kitchen, rule 10) over any other foul (-1)."""
        order = {FoulCode.THIRD_FOUL: 5, FoulCode.INTENTIONAL: 4,
                 FoulCode.ILLEGAL_BREAK: 3, FoulCode.SCRATCH: 2,
                 FoulCode.CUE_OFF_TABLE: 2}
        return order.get(foul.code, 1)

    def target(self) -> int:
        return self.opts.target

    def check_position(self, state: StraightPoolState, where: str = "state",
                       table_where: str = "") -> None:
        """14.1 7.2: at most two near-rail safeties; rule 1: a score at the
        target has ended the game."""
        super().check_position(state, where, table_where)
        for i, x in enumerate(state.rail_safeties):
            if not 0 <= x <= 2:
                raise RulesError(f"{where}.rail_safeties[{i}]: expected 0, 1 or 2 "
                                 "(14.1 7.2)", "rail_safeties", player=i)
        for i, sc in enumerate(state.scores):
            if sc >= self.target():
                raise RulesError(f"{where}.scores[{i}]: {sc} reaches the target "
                                 f"{self.target()}: the game is over",
                                 "score_at_target", player=i, target=self.target())

    def scoreboard(self, state: StraightPoolState, view: MatchView) -> Scoreboard:
        """Points, fouls in a row (14.1 12) and the high run; the target
        (rule 1), the balls on the table and the rack."""
        cards = tuple(PlayerScore(state.scores[i], (
            Line("score.fouls", {"n": state.fouls[i]}),
            Line("score.high_run", {"n": view.high_run(i)})))
            for i in range(state.players))
        on = [b for b in state.table.on_table() if b != CUE_BALL]
        centre = (Line("score.target", {"n": self.target()}),
                  Line("score.balls_left", {"n": len(on), "rack": state.rack_no}))
        return Scoreboard(cards, centre)

    def full_rerack(self, state: StraightPoolState, breaker: int) -> StraightPoolState:
        """All fifteen racked again; ``breaker`` breaks under rule 6."""
        return replace(self.next_rack(state, breaker), fouls=state.fouls,
                       inning=state.inning + 1, shots=state.shots,
                       break_rerack=True)

    # -- requirements --------------------------------------------------------
    def requirements(self, state: StraightPoolState) -> ShotRequirements:
        """General rule 6 after rule 28: the breaker is decided first."""
        if state.break_undecided and not state.game_over:
            return self.lag_requirements(state)
        return super().requirements(state)

    def shot_requirements(self, state: StraightPoolState, base: ShotRequirements
                          ) -> ShotRequirements:
        """Any ball, called (14.1 1); on the break a call is allowed (6.1),
        a safety is not."""
        on = tuple(sorted(set(state.table.on_table()) - {CUE_BALL}))
        if state.is_break:
            return replace(base, legal_first_contacts=on, callable_balls=on,
                           allowed_declarations=(DECL_CALL,))
        return replace(base, call_needed=True, legal_first_contacts=on,
                       callable_balls=on,
                       allowed_declarations=(DECL_CALL, DECL_SAFETY))

    def kitchen_option(self, state: StraightPoolState) -> StraightPoolState:
        """14.1 7.7: in hand in the kitchen with every object ball in the
        kitchen, the shooter may have the nearest one spotted."""
        if state.ball_in_hand is not BallInHand.KITCHEN or state.pending \
                or state.game_over:
            return state
        spec = state.table.spec
        objs = [b for b in state.table.balls
                if b.ball != CUE_BALL and b.where is Where.TABLE]
        if objs and all(spec.in_kitchen(b.x) for b in objs):
            opts = (Choice.SPOT_KITCHEN_BALL, Choice.KEEP_KITCHEN_BALLS)
            return replace(state, pending=opts, chooser=state.shooter)
        return state

    # -- helpers -------------------------------------------------------------
    def _points(self, state: StraightPoolState, player: int,
                delta: int) -> tuple[int, ...]:
        return tuple(delta if i == player else 0 for i in range(state.players))

    def _add(self, state: StraightPoolState, delta: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(s + d for s, d in zip(state.scores, delta, strict=True))

    def _won(self, state: StraightPoolState, scores: tuple[int, ...]) -> int | None:
        if scores[state.shooter] >= self.target():
            return state.shooter
        return None

    def rerack14(self, table: TableState, seed: int
                 ) -> tuple[TableState, BallInHand, tuple[str, str, str, str]]:
        """Rule 7.3 with the table of 7.6: rack the pocketed fourteen (apex
        empty) and place the 15th ball and the cue ball per the cell."""
        spec = table.spec
        slots = rack_slots(spec)
        on = sorted(set(table.on_table()) - {CUE_BALL})
        fifteenth = on[0] if on else None
        f_pos = table.position(fifteenth) if fifteenth is not None else None
        cue = table.position(CUE_BALL)
        assert cue is not None
        cell = rerack_cell(spec, f_pos, cue)
        _, _, ball_to, cue_to = cell
        down = [b for b in OBJECT_BALLS if b != fifteenth]
        if fifteenth is None:  # all fifteen down: one of them is "the 15th"
            fifteenth = down.pop()
        order = shuffled(down, seed)
        pos: dict[int, Vec] = {}
        for slot, b in zip(slots[1:], order, strict=False):
            pos[b] = slot
        places = {"foot_spot": spec.foot_spot, "head_spot": spec.head_spot,
                  "centre_spot": spec.centre_spot}
        stay = f_pos if f_pos is not None else spec.foot_spot
        pos[fifteenth] = places.get(ball_to, stay)
        bih = BallInHand.NONE
        if cue_to in places:
            pos[CUE_BALL] = places[cue_to]
        elif cue_to == "kitchen":
            bih = BallInHand.KITCHEN
        else:
            pos[CUE_BALL] = cue
        new = state_with(spec.name, pos, [])
        if bih is BallInHand.KITCHEN:
            new = self.cue_in_hand_table(new, BallInHand.KITCHEN)
        return new, bih, cell

    # -- judging -------------------------------------------------------------
    def check_declarations(self, state: StraightPoolState, decl: Declarations) -> None:
        """A call of a ball that is not on the table is refused before the
        shot is looked at, on the break too."""
        self.declarations_ok(state, decl)

    def judge_facts(self, state: StraightPoolState, shot: Shot, f: Facts,
                    decl: Declarations) -> tuple[Ruling, StraightPoolState]:
        """The general fouls (no rail asked on the break), the near-rail
        safeties (7.2), the break (6); a ball counts only when called and
        pocketed on a legal shot, every other is spotted (7.4, 8, 9, 13)."""
        notes = list(self.notes_for_restored(f))
        safety = decl.safety and not state.is_break
        called = decl.called_ball
        called_ok = (not safety and called is not None
                     and called in f.potted_objects
                     and (decl.called_pocket is None
                          or decl.called_pocket == f.pocket_of(called)))
        fouls = self.general_fouls(state, shot, f, None, self.requirements(state),
                                   require_rail=not state.is_break)
        breach, safety_note, rail_safeties = self.near_rail_play(
            state, shot, f, bool(fouls))
        if breach is not None:
            fouls.append(breach)
        if safety_note is not None:
            notes.append(safety_note)
        if state.is_break:
            legal_break = called_ok or (
                f.hit_index is not None and CUE_BALL in f.rails_after_hit
                and len(f.object_balls_to_rail()) >= 2)
            if not legal_break:
                return self._illegal_break(state, shot, f, fouls, notes, f.scratch)
            if fouls:
                notes.append(Outcome(Note.BREAK_LEGAL, s14("6")))
        counted = f.potted_objects if not fouls and called_ok else ()
        to_spot = [b for b in f.potted_objects if b not in counted] + \
            list(f.off_objects)
        spots = spot_after(shot, f, to_spot)
        if spots and not fouls:
            notes.append(Outcome(Note.ILLEGAL_POCKETED, s14("8"), None,
                                 tuple(s.ball for s in spots)))
        if fouls:
            # (a called 7.5 foul on the stroke costs as one called between shots)
            return self._foul(state, shot, f, fouls, notes, spots, f.scratch,
                              third=breach is not None, intentional=any(
                                  x.code is FoulCode.INTENTIONAL for x in fouls))
        return self.legal_shot(state, shot, f, decl, counted, notes, spots,
                               rail_safeties)

    def near_rail_play(self, state: StraightPoolState, shot: Shot, f: Facts,
                       fouled: bool
                       ) -> tuple[Foul | None, Outcome | None, tuple[int, ...]]:
        """14.1 7.2: a ball near a cushion may be played to that cushion only
        twice (once after a foul, never after two); then it counts as frozen
        (general rule 31) and failing rule 31 is the third foul in a row.
        Returns that foul, or the note of a near-rail safety, and the
        safeties used: ``rail_safeties[p]`` is the part of the two used up,
        each near-rail safety plus the fouls that stood before the first one
        (a legal safety clears the foul count of rule 12, not this)."""
        shooter = state.shooter
        x = f.hit_ball
        if state.is_break or x is None or f.potted_objects:
            return None, None, state.rail_safeties
        nr = near_rail(shot.initial, x)
        rails = f.rails_after_hit
        used = state.rail_safeties[shooter] + state.fouls[shooter]
        assert f.hit_index is not None
        mine = rails_of_contacts(shot.initial.spec, shot.events, x, f.hit_index)
        if nr is not None and used >= 2 and not rule31_kept(rails, x, (nr,), mine):
            return (Foul(FoulCode.CUSHION_BALL, s14("7.2"), f.end_index, (x,)),
                    None, state.rail_safeties)
        if nr is not None and not fouled and set(rails) == {x} and \
                all(c == nr for _, c in mine):
            return (None, Outcome(Note.NEAR_RAIL_SAFETY, s14("7.2"), f.hit_index,
                                  (x,)),
                    with_entry(state.rail_safeties, shooter, used + 1))
        return None, None, state.rail_safeties

    def legal_shot(self, state: StraightPoolState, shot: Shot, f: Facts,
                   decl: Declarations, counted: tuple[int, ...],
                   notes: list[Outcome], spots: tuple[Spot, ...],
                   rail_safeties: tuple[int, ...]
                   ) -> tuple[Ruling, StraightPoolState]:
        """A legal shot clears the shooter's fouls (12) and scores a point a
        counted ball (7.1); at the target the game is won (1); with one ball
        left the fourteen are racked again (7.3)."""
        shooter = state.shooter
        if state.fouls[shooter]:
            notes.append(Outcome(Note.FOULS_CLEARED, s14("12"), None, ()))
        fouls = with_entry(state.fouls, shooter, 0)
        if counted:
            rail_safeties = with_entry(rail_safeties, shooter, 0)
        pts = self._points(state, shooter, len(counted))
        if state.is_break:
            notes.append(Outcome(Note.BREAK_LEGAL, s14("6")))
        if counted:
            called = decl.called_ball
            notes.append(Outcome(Note.SCORED, s14("7.1"), f.event_of_pot(called)
                                 if called is not None else None, counted))
        elif decl.safety and not state.is_break:
            notes.append(Outcome(Note.SAFETY, s14("7.4")))
        else:
            notes.append(Outcome(Note.MISS, g("4")))
        winner = self._won(state, self._add(state, pts))
        table = self._table(shot, f, spots, BallInHand.NONE)
        if winner is not None:
            notes.append(Outcome(Note.TARGET_REACHED, s14("1")))
            r = self._ruling(state, pts, notes=tuple(notes), scored=counted,
                             spots=spots, next_shooter=shooter, game_over=True,
                             winner=winner)
            return r, self.after_shot(state, r, shot, f, fouls=fouls)
        bih = BallInHand.NONE
        on = sorted(set(table.on_table()) - {CUE_BALL})
        rerack = len(on) <= 1
        if rerack:
            seed = (state.rack_seed * 131 + state.rack_no) & 0xFFFFFFFFFFFFFFFF
            table, bih, _ = self.rerack14(table, seed)
            notes.append(Outcome(Note.RERACK_14, s14("7.3"), None, tuple(on)))
        nxt = shooter if counted else self.other(state, shooter)
        r = self._ruling(state, pts, notes=tuple(notes), scored=counted, spots=spots,
                         next_shooter=nxt, ball_in_hand=bih, rerack=rerack)
        new = self.settle(state, r, table, fouls=fouls,
                          rail_safeties=rail_safeties,
                          rack_no=state.rack_no + rerack, break_rerack=False)
        return r, self.kitchen_option(new)

    def _illegal_break(self, state: StraightPoolState, shot: Shot, f: Facts,
                       fouls: list[Foul], notes: list[Outcome],
                       scratch: bool) -> tuple[Ruling, StraightPoolState]:
        """14.1 rule 6 (reading P13 with a scratch): -2, no three-foul count,
        the opponent accepts the table or has the offender break again."""
        shooter = state.shooter
        # The cue ball is among the balls: 14.1 6 asks it to a cushion too.
        all_fouls = [illegal_break_foul(s14("6"), f, f.rails_after_hit), *fouls]
        if scratch:
            notes.append(Outcome(Note.BREAK_SCRATCH, reading("P13")))
        pts = self._points(state, shooter, -ILLEGAL_BREAK)
        to_spot = list(f.potted_objects) + list(f.off_objects)
        spots = spot_after(shot, f, to_spot)
        options = (Choice.ACCEPT_TABLE, Choice.RERACK_OFFENDER_BREAKS)
        return self.choice_ruling(
            state, shot, f, options, all_fouls, notes, spots=spots, points=pts,
            hand=BallInHand.KITCHEN if scratch else BallInHand.NONE)

    def _foul(self, state: StraightPoolState, shot: Shot | None, f: Facts | None,
              fouls: list[Foul], notes: list[Outcome], spots: Sequence[Spot],
              scratch: bool, *, third: bool = False, intentional: bool = False
              ) -> tuple[Ruling, StraightPoolState]:
        """Rules 10-12 and 7.5: -1 (or -16), the three-foul count, what the
        incoming player gets."""
        shooter = state.shooter
        count = state.fouls[shooter] + 1
        if third or count >= 3:
            return self._third_foul(state, shot, fouls, notes)
        if count == 2:
            notes.append(Outcome(Note.TWO_FOULS, s14("12"), None, (shooter,)))
        fouls_t = with_entry(state.fouls, shooter, count)
        pts = self._points(state, shooter, -(INTENTIONAL if intentional else 1))
        if intentional:
            main = self.most_severe(fouls)
            options = (Choice.ACCEPT_FROM_KITCHEN, Choice.RERACK_OFFENDER_BREAKS)
            r = self._ruling(state, pts, fouls=tuple(fouls), penalty=main,
                             notes=tuple(notes), spots=tuple(spots),
                             next_shooter=self.other(state, shooter),
                             ball_in_hand=BallInHand.KITCHEN, options=options,
                             chooser=self.other(state, shooter))
            # Called on a stroke: the table it left, its balls spotted (8, 9).
            table = None if shot is None or f is None else \
                self._table(shot, f, spots, BallInHand.NONE)
            return r, self.settle(state, r, table, stroke=shot is not None,
                                  fouls=fouls_t)
        # Rule 11: the incoming player takes the table; rule 10: a cue ball
        # that is down or off comes into play from the kitchen.
        r, new = self.foul_ruling(
            state, shot, f, fouls, notes, spots=spots, points=pts,
            hand=BallInHand.KITCHEN if scratch else BallInHand.NONE,
            fouls=fouls_t, break_rerack=False)
        return r, self.kitchen_option(new)

    def _third_foul(self, state: StraightPoolState, shot: Shot | None,
                    fouls: list[Foul], notes: list[Outcome]
                    ) -> tuple[Ruling, StraightPoolState]:
        """14.1 12 (reading P6): the third foul in a row costs 15 more points;
        the count starts again and the offender breaks a full rack under
        rule 6."""
        shooter = state.shooter
        fouls.append(Foul(FoulCode.THIRD_FOUL, s14("12"), None, ()))
        pts = self._points(state, shooter, -(1 + THIRD_FOUL_EXTRA))
        notes.append(Outcome(Note.RERACK_15, s14("12")))
        r = self._ruling(state, pts, fouls=tuple(fouls), penalty=fouls[-1],
                         notes=tuple(notes), spots=(), next_shooter=shooter,
                         ball_in_hand=BallInHand.KITCHEN, rerack=True)
        settled = self.settle(state, r, stroke=shot is not None,
                              fouls=with_entry(state.fouls, shooter, 0))
        return r, self.full_rerack(settled, shooter)

    # -- choices -------------------------------------------------------------
    def choose(self, state: StraightPoolState, choice: Choice,
               ball: int | None = None) -> StraightPoolState:
        chooser, offender, cleared = self.open_choice(state, choice)
        if choice is Choice.ACCEPT_TABLE:
            return self.kitchen_option(replace(cleared, shooter=chooser,
                                               is_break=False,
                                               inning=state.inning + 1))
        if choice is Choice.ACCEPT_FROM_KITCHEN:
            table = self.cue_in_hand_table(state.table.remove(CUE_BALL),
                                           BallInHand.KITCHEN)
            return self.kitchen_option(replace(
                cleared, table=table, shooter=chooser,
                ball_in_hand=BallInHand.KITCHEN, is_break=False))
        if choice is Choice.RERACK_OFFENDER_BREAKS:
            return self.full_rerack(cleared, offender)
        if choice is Choice.KEEP_KITCHEN_BALLS:
            return cleared
        if choice is Choice.SPOT_KITCHEN_BALL:
            objs = [b for b in state.table.balls
                    if b.ball != CUE_BALL and b.where is Where.TABLE]
            best = max(b.x for b in objs)
            nearest = [b.ball for b in objs if abs(b.x - best) < 1e-9]
            pick = ball if ball is not None else nearest[0]
            if pick not in nearest:
                raise RulesError(f"choice.ball: the ball nearest the head string "
                                 f"is {', '.join(map(str, nearest))}")
            spots = spot_balls(state.table.remove(pick), [pick],
                               exclude=[CUE_BALL])
            table = apply_spots(state.table, spots)
            return replace(cleared, table=table)
        raise RulesError(f"choice: {choice.value} is not a 14.1 option")

    def interference_lost(self, state: StraightPoolState
                          ) -> tuple[Ruling, StraightPoolState]:
        """General rule 28 in 14.1 when the position cannot be restored: the
        game is not replayed (it is made of racks); the current rack is
        abandoned, a new one racked, the scores stand, and the right to break
        is decided anew (general rule 6: a lag, or the players agree), so
        the requirements ask for it (``is_lag``)."""
        notes = (Outcome(Note.INTERFERENCE_NEW_RACK, g("28")),
                 Outcome(Note.BREAK_DECIDED_ANEW, g("6")))
        r = self._ruling(state, notes=notes, next_shooter=state.shooter,
                         ball_in_hand=BallInHand.KITCHEN, rerack=True)
        settled = self.settle(state, r, stroke=False)
        return r, replace(self.full_rerack(settled, state.breaker),
                          break_undecided=True)

    def foul_called(self, state: StraightPoolState, foul: Foul
                    ) -> tuple[Ruling, StraightPoolState]:
        """A foul between shots costs as on a shot (rules 10-12); an
        intentional foul -16 and the opponent's choice (7.5)."""
        cleared = replace(state, pending=(), chooser=None)
        return self._foul(cleared, None, None, [foul], [], (), False,
                          intentional=foul.code is FoulCode.INTENTIONAL)
