"""8-ball (seed «Восьмерка», rules 1-16) on top of the general pool rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from rules.codes import GENERAL, Code, FoulCode, LossCode, Note, e8, g, reading
from rules.game import (
    BallGroup,
    Calls,
    DisciplineInfo,
    HandRule,
    Line,
    MatchView,
    PlayerScore,
    Scoreboard,
    check_option_keys,
    per_player,
)
from rules.general import (
    PoolDiscipline,
    PoolState,
    apply_spots,
    rack_slots,
    shuffled,
    spot_after,
    spot_balls,
    state_with,
)
from rules.questions import Facts
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
)
from simulator.table.events import EventKind, Shot
from simulator.table.specs import CUE_BALL, TableKind, table_by_name
from simulator.table.state import TableState

NAME = "8-ball"
SOLIDS = tuple(range(1, 8))
STRIPES = tuple(range(9, 16))
EIGHT = 8
GROUP_NAMES = ("solids", "stripes")


def group_of(ball: int) -> str | None:
    if ball in SOLIDS:
        return "solids"
    if ball in STRIPES:
        return "stripes"
    return None


def group_balls(group: str | None) -> tuple[int, ...]:
    return SOLIDS if group == "solids" else STRIPES if group == "stripes" else ()


def other_group(group: str) -> str:
    return "stripes" if group == "solids" else "solids"


def rack_eight(table: str, seed: int) -> TableState:
    """8-ball rule 3: the 8 in the centre, a solid and a stripe in the back
    corners, apex on the foot spot; everything else from the seed."""
    spec = table_by_name(table)
    slots = rack_slots(spec)
    solids = shuffled(SOLIDS, seed)
    stripes = shuffled(STRIPES, seed ^ 0x5A5A5A5A)
    corners = (solids.pop(), stripes.pop())
    if seed & 1:
        corners = (corners[1], corners[0])
    rest = shuffled(solids + stripes, seed >> 1)
    pos: dict[int, tuple[float, float]] = {EIGHT: slots[4], corners[0]: slots[10],
                                           corners[1]: slots[14]}
    free = [i for i in range(15) if i not in (4, 10, 14)]
    for i, b in zip(free, rest, strict=True):
        pos[b] = slots[i]
    pos[CUE_BALL] = (spec.head_string_x / 2, spec.width / 2)
    return state_with(spec.name, pos, ())


@dataclass(frozen=True)
class EightBallState(PoolState):
    """8-ball between shots: the pool state and each player's group (None
    while the table is open, 8-ball 6 and 7)."""

    groups: tuple[str | None, ...] = per_player("strs", None, GROUP_NAMES,
                                                optional=True)

    position_fields: ClassVar[tuple[str, ...]] = (
        *PoolState.position_fields, "groups")

    @classmethod
    def discipline_name(cls) -> str:
        return NAME


@dataclass(frozen=True)
class EightBallOptions:
    """eight_on_break: "choice" (8-ball 5: the breaker re-breaks or spots the
    8) or "win_loss" (the note on coin-operated tables)."""

    eight_on_break: str = "choice"

    VALUES: ClassVar[tuple[str, ...]] = ("choice", "win_loss")

    @classmethod
    def from_mapping(cls, d: Mapping[str, Any]) -> EightBallOptions:
        check_option_keys(d, cls, NAME)
        v = d.get("eight_on_break", "choice")
        if v not in cls.VALUES:
            raise RulesError("options.eight_on_break: expected choice or win_loss")
        return cls(v)


INFO = DisciplineInfo(
    name=NAME,
    aliases=("8ball", "eight", "eight-ball", "8", "восьмерка", "восьмёрка"),
    ref=e8(""),
    shared_sections=(GENERAL,),
    min_players=2, max_players=2,
    table_kind=TableKind.POOL, default_table="pool_9ft",
    balls=tuple(range(1, 16)),
    options=EightBallOptions,
    state=EightBallState,
    groups=(BallGroup("solids", SOLIDS), BallGroup("stripes", STRIPES)),
    game_ball=EIGHT,
    calls=Calls(ball=True, pocket=True, obvious_free=True, safety=True,
                ref=e8("2")),
    hand=(HandRule(BallInHand.KITCHEN, e8("5"), "break", "outside"),
          HandRule(BallInHand.KITCHEN, e8("5"), "scratch_on_break", "outside"),
          HandRule(BallInHand.ANYWHERE, e8("11"), "foul")),
    default_break_order="alternate",  # 8-ball rule 4: individual events alternate
    choices=(Choice.ACCEPT_TABLE, Choice.RERACK_BREAK, Choice.RERACK_OFFENDER_BREAKS,
             Choice.RE_BREAK, Choice.SPOT_EIGHT, Choice.KITCHEN_IN_HAND),
    common_fouls=(FoulCode.BAD_HIT, FoulCode.NO_RAIL, FoulCode.SCRATCH,
                  FoulCode.ILLEGAL_BREAK, FoulCode.KITCHEN_DIRECT,
                  FoulCode.CUSHION_BALL, LossCode.EIGHT_EARLY,
                  LossCode.EIGHT_WRONG_POCKET),
)


class EightBall(PoolDiscipline[EightBallState]):
    info = INFO
    section = "8-ball"

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.opts = EightBallOptions.from_mapping(self.options)

    def settle(self, state: EightBallState, ruling: Ruling,
               table: TableState | None = None, *, stroke: bool = True,
               **own: Any) -> EightBallState:
        """The groups are the ruling's (8-ball 7: chosen on a legal pot)."""
        if ruling.groups:
            own.setdefault("groups", ruling.groups)
        return super().settle(state, ruling, table, stroke=stroke, **own)

    def replay_groups(self, state: EightBallState) -> tuple[str | None, ...]:
        return state.groups

    def check_position(self, state: EightBallState, where: str = "state",
                       table_where: str = "") -> None:
        """8-ball 6 and 7: the table is open for both, or one player has the
        solids and the other the stripes; never on the break."""
        super().check_position(state, where, table_where)
        groups = state.groups
        if set(groups) != {None} and sorted(g or "" for g in groups) != sorted(
                GROUP_NAMES):
            raise RulesError(f"{where}.groups: either the table is open for both "
                             "or one player has the solids and the other the "
                             "stripes", "groups_pair")
        if state.is_break and set(groups) != {None}:
            raise RulesError(f"{where}.groups: groups are chosen after the break",
                             "groups_after_break")

    def scoreboard(self, state: EightBallState, view: MatchView) -> Scoreboard:
        """Games won; each player's group and its balls still on the table,
        or the open table (8-ball 6, 7); the race."""
        on = set(state.table.on_table())
        cards = []
        for i in range(state.players):
            grp = state.groups[i]
            if grp is None:
                cards.append(PlayerScore(view.games_won[i], (Line("score.open"),)))
                continue
            left = tuple(b for b in group_balls(grp) if b in on)
            cards.append(PlayerScore(view.games_won[i],
                                     (Line(f"score.{grp}", {"n": len(left)}),),
                                     balls=left))
        centre = [Line("score.race", {"n": view.options.get("race_to"),
                                      "game": view.game_number})]
        if any(grp is None for grp in state.groups):
            centre.append(Line("score.open_table"))
        return Scoreboard(tuple(cards), tuple(centre))

    def rank(self, foul: Foul) -> int:
        """General rule 24 in 8-ball: a loss over an illegal break over a cue
        ball down or off (on the break it decides the kitchen, rule 5) over
        any other foul (all give ball in hand, rule 11)."""
        if foul.code.kind.value == "loss":
            return 4
        order = {FoulCode.ILLEGAL_BREAK: 3, FoulCode.SCRATCH: 2,
                 FoulCode.CUE_OFF_TABLE: 2}
        return order.get(foul.code, 1)

    def cue_set_down(self, bih: BallInHand) -> BallInHand:
        """8-ball sets a cue ball it takes off the bed down in the kitchen
        when it is in hand there and anywhere otherwise, also one that is not
        on the bed after a shot that gave no ball in hand."""
        return BallInHand.KITCHEN if bih is BallInHand.KITCHEN \
            else BallInHand.ANYWHERE

    # -- setup ---------------------------------------------------------------
    def new_game(self, players: int, breaker: int, rack_seed: int, table: str,
                 scores: tuple[int, ...] | None = None) -> EightBallState:
        return self.blank_state(players, breaker, rack_eight(table, rack_seed),
                                rack_seed, scores)

    # -- what the next shot needs --------------------------------------------
    def legal_balls(self, state: EightBallState, table: TableState | None = None
                    ) -> tuple[int, ...]:
        t = table or state.table
        on = set(t.on_table())
        grp = state.groups[state.shooter]
        if grp is None:
            balls = tuple(b for b in SOLIDS + STRIPES if b in on)
            return balls or ((EIGHT,) if EIGHT in on else ())
        own = tuple(b for b in group_balls(grp) if b in on)
        return own or ((EIGHT,) if EIGHT in on else ())

    def requirements(self, state: EightBallState) -> ShotRequirements:
        base = self.general_requirements(state)
        if state.pending or state.game_over:
            return base
        if state.is_break:
            present = set(state.table.on_table())
            on = tuple(b for b in (*SOLIDS, EIGHT, *STRIPES) if b in present)
            return replace(base, legal_first_contacts=on)
        legal = self.legal_balls(state)
        return replace(base, call_needed=True, legal_first_contacts=legal,
                       allowed_declarations=(DECL_CALL, DECL_SAFETY),
                       callable_balls=legal)

    # -- judging -------------------------------------------------------------
    def judge_facts(self, state: EightBallState, shot: Shot, f: Facts,
                    decl: Declarations) -> tuple[Ruling, EightBallState]:
        if state.is_break:
            return self.judge_break(state, shot, f)
        return self.judge_play(state, shot, f, decl)

    def judge_break(self, state: EightBallState, shot: Shot,
                    f: Facts) -> tuple[Ruling, EightBallState]:
        req = self.requirements(state)
        shooter = state.shooter
        opp = self.other(state, shooter)
        fouls = [x for x in self.general_fouls(state, shot, f, None, req,
                                               require_rail=False)
                 if x.code is not FoulCode.BAD_HIT]
        fouls = [replace(x, ref=e8("5")) if x.code in (
            FoulCode.SCRATCH, FoulCode.BALL_OFF_TABLE, FoulCode.CUE_OFF_TABLE)
            else x for x in fouls]
        legal_break = bool(f.potted_objects) or len(f.cushion_balls) >= 4
        notes = list(self.notes_for_restored(f))
        scratch = f.scratch
        off_spots = spot_after(shot, f, f.off_objects)
        if EIGHT in f.off_objects:
            # 8-ball 13 has no exception for the break: the 8 off the table
            # loses the game (the break's own option for jumped balls, rule 5,
            # is for the other balls).
            i8 = next((i for i, b in f.off if b == EIGHT), None)
            fouls.append(Foul(LossCode.EIGHT_OFF_TABLE, e8("13"), i8, (EIGHT,)))
            r = self._ruling(state, fouls=tuple(fouls),
                             penalty=self.most_severe(fouls), notes=tuple(notes),
                             next_shooter=opp, game_over=True, winner=opp,
                             groups=state.groups)
            return r, self.after_shot(state, r, shot, f)
        eight_down = EIGHT in f.potted_objects
        variant = self.opts.eight_on_break
        if eight_down:
            idx = f.event_of_pot(EIGHT)
            notes.append(Outcome(Note.EIGHT_ON_BREAK, e8("5"), idx, (EIGHT,)))
            if variant == "win_loss":  # the note on coin-operated tables
                winner = opp if fouls else shooter
                code = LossCode.EIGHT_ON_FOUL
                if fouls:
                    fouls.append(Foul(code, e8("5"), idx, (EIGHT,)))
                r = self._ruling(state, fouls=tuple(fouls),
                                 penalty=self.most_severe(fouls), notes=tuple(notes),
                                 next_shooter=winner, game_over=True, winner=winner,
                                 groups=state.groups)
                return r, self.after_shot(state, r, shot, f)
            chooser = opp if fouls else shooter
            bih = BallInHand.KITCHEN if scratch else BallInHand.NONE
            if fouls and not scratch:
                bih = BallInHand.ANYWHERE
            options: tuple[Choice, ...] = (Choice.RE_BREAK, Choice.SPOT_EIGHT)
            r = self._ruling(state, fouls=tuple(fouls),
                             penalty=self.most_severe(fouls), notes=tuple(notes),
                             spots=off_spots, next_shooter=chooser, ball_in_hand=bih,
                             options=options, chooser=chooser, groups=state.groups)
            return r, self.after_shot(state, r, shot, f)
        if not legal_break:
            fouls.insert(0, Foul(FoulCode.ILLEGAL_BREAK, e8("5"), f.end_index, ()))
            bih = BallInHand.KITCHEN if scratch else BallInHand.NONE
            options = (Choice.ACCEPT_TABLE, Choice.RERACK_BREAK,
                       Choice.RERACK_OFFENDER_BREAKS)
            r = self._ruling(state, fouls=tuple(fouls), penalty=fouls[0],
                             notes=tuple(notes), spots=off_spots, next_shooter=opp,
                             ball_in_hand=bih, options=options, chooser=opp,
                             groups=state.groups)
            return r, self.after_shot(state, r, shot, f)
        if off_spots:
            notes.append(Outcome(Note.BALLS_SPOTTED, g("26"), None,
                                 tuple(s.ball for s in off_spots)))
        if fouls and scratch:
            # 8-ball 5: balls stay down, the table stays open, kitchen in hand.
            r = self._ruling(state, fouls=tuple(fouls),
                             penalty=self.most_severe(fouls), notes=tuple(notes),
                             spots=off_spots, next_shooter=opp,
                             ball_in_hand=BallInHand.KITCHEN, groups=state.groups)
            return r, self.after_shot(state, r, shot, f)
        if any(x.code is FoulCode.BALL_OFF_TABLE for x in fouls) and len(
                [x for x in fouls if x.code is not FoulCode.BALL_OFF_TABLE]) == 0:
            notes.append(Outcome(Note.BREAK_OFF_TABLE, e8("5"), None,
                                 f.off_objects))
            options = (Choice.ACCEPT_TABLE, Choice.KITCHEN_IN_HAND)
            r = self._ruling(state, fouls=tuple(fouls), penalty=fouls[0],
                             notes=tuple(notes), spots=off_spots, next_shooter=opp,
                             options=options, chooser=opp, groups=state.groups)
            return r, self.after_shot(state, r, shot, f)
        if fouls:  # any other foul on a legal break: in hand anywhere (rule 11)
            r = self._ruling(state, fouls=tuple(fouls),
                             penalty=self.most_severe(fouls), notes=tuple(notes),
                             spots=off_spots, next_shooter=opp,
                             ball_in_hand=BallInHand.ANYWHERE, groups=state.groups)
            return r, self.after_shot(state, r, shot, f)
        notes.append(Outcome(Note.BREAK_LEGAL, e8("5"), None, f.potted_objects))
        notes.append(Outcome(Note.OPEN_TABLE, e8("7")))
        nxt = shooter if f.potted_objects else opp
        if nxt == shooter:
            notes.append(Outcome(Note.CONTINUES, e8("2"), None, f.potted_objects))
        r = self._ruling(state, notes=tuple(notes), next_shooter=nxt,
                         groups=state.groups)
        return r, self.after_shot(state, r, shot, f)

    def judge_play(self, state: EightBallState, shot: Shot, f: Facts,
                   decl: Declarations) -> tuple[Ruling, EightBallState]:
        self.declarations_ok(state, decl)
        req = self.requirements(state)
        shooter = state.shooter
        opp = self.other(state, shooter)
        grp = state.groups[shooter]
        open_table = grp is None
        legal = set(self.legal_balls(state))
        on_eight = legal == {EIGHT}
        eight_first_open = open_table and f.hit_ball == EIGHT and not on_eight
        fouls = self.general_fouls(
            state, shot, f, None if eight_first_open else legal, req,
            require_rail=not eight_first_open)
        notes = list(self.notes_for_restored(f))
        groups = state.groups
        eight_idx = f.event_of_pot(EIGHT)
        eight_off = EIGHT in f.off_objects
        loss: Code | None = None
        if eight_idx is not None:
            if fouls:
                loss = LossCode.EIGHT_ON_FOUL
            elif not on_eight:
                loss = LossCode.EIGHT_EARLY
            elif decl.safety or not self.call_kept(shot, f, decl, EIGHT):
                loss = LossCode.EIGHT_WRONG_POCKET
        if eight_off:
            fouls.append(Foul(LossCode.EIGHT_OFF_TABLE, e8("13"),
                              next((i for i, b in f.off if b == EIGHT), None),
                              (EIGHT,)))
        if loss is not None:
            fouls.append(Foul(loss, e8("15"), eight_idx, (EIGHT,)))
        if eight_off or loss is not None:
            r = self._ruling(state, fouls=tuple(fouls),
                             penalty=self.most_severe(fouls), notes=tuple(notes),
                             next_shooter=opp, game_over=True, winner=opp,
                             groups=groups)
            return r, self.after_shot(state, r, shot, f)
        if eight_idx is not None:  # legally called and pocketed: the game
            notes.append(Outcome(Note.WIN_EIGHT, e8("1"), eight_idx, (EIGHT,)))
            r = self._ruling(state, notes=tuple(notes), scored=(EIGHT,),
                             next_shooter=shooter, game_over=True, winner=shooter,
                             groups=groups)
            return r, self.after_shot(state, r, shot, f)
        # Jumped object balls are spotted (8-ball 13, general 26).
        spots = spot_after(shot, f, f.off_objects)
        if spots:
            notes.append(Outcome(Note.BALLS_SPOTTED, g("26"), None,
                                 tuple(s.ball for s in spots)))
        if fouls:
            bih = BallInHand.ANYWHERE  # 8-ball 11, 14
            fouls = [replace(x, ref=e8("8")) if x.code in (
                FoulCode.BAD_HIT, FoulCode.NO_RAIL) else x for x in fouls]
            r = self._ruling(state, fouls=tuple(fouls),
                             penalty=self.most_severe(fouls), notes=tuple(notes),
                             spots=spots, next_shooter=opp, ball_in_hand=bih,
                             groups=groups)
            return r, self.after_shot(state, r, shot, f)
        potted = [b for b in f.potted_objects if b != EIGHT]
        cont = False
        scored: tuple[int, ...] = ()
        if eight_first_open:
            notes.append(Outcome(Note.EIGHT_FIRST_OPEN, reading("P3"), f.hit_index,
                                 (EIGHT,)))
        elif decl.safety:
            notes.append(Outcome(Note.SAFETY, e8("9"), None, tuple(potted)))
        else:
            if decl.called_ball is not None:
                cb = decl.called_ball
                good = cb in legal and cb != EIGHT and self.call_kept(
                    shot, f, decl, cb)
                choose = group_of(cb) if good else None
            else:
                # Gentleman's call (8-ball 2): an uncalled shot counts only if
                # it was obvious: the ball the cue ball hit, straight in, with
                # no cushion before (banks, kicks and combinations need a call).
                own = [b for b in potted if b in legal]
                sure = [b for b in own if self.obvious(shot, f, b)]
                good = bool(sure)
                choose = group_of(sure[0]) if good else None
                if own and not good:
                    notes.append(Outcome(Note.CALL_REQUIRED, e8("2"), f.hit_index,
                                         (own[0],)))
            if good:
                if open_table and choose is not None:
                    groups = tuple(choose if i == shooter else other_group(choose)
                                   for i in range(state.players))
                    notes.append(Outcome(Note.GROUP_CHOSEN, e8("7"), None,
                                         group_balls(choose)))
                mine = group_balls(groups[shooter])
                scored = tuple(b for b in potted if b in mine)
                cont = True
                notes.append(Outcome(Note.SCORED, e8("10"), None, scored))
            elif potted and decl.called_ball is not None:
                notes.append(Outcome(Note.CALLED_BALL_MISSED, e8("12"), None,
                                     tuple(potted)))
            else:
                notes.append(Outcome(Note.MISS, g("4")))
        if open_table and groups[shooter] is None:
            notes.append(Outcome(Note.OPEN_TABLE, e8("6")))
        nxt = shooter if cont else opp
        r = self._ruling(state, notes=tuple(notes), scored=scored, spots=spots,
                         next_shooter=nxt, groups=groups)
        return r, self.after_shot(state, r, shot, f)

    @classmethod
    def call_kept(cls, shot: Shot, f: Facts, decl: Declarations, ball: int) -> bool:
        """8-ball 2: ``ball`` dropped where it had to. A called pocket must be
        the one it went into; an obvious shot needs no call of ball or pocket
        (the gentleman's call holds for the 8 too); anything else (a bank, a
        kick, a combination) counts only with its pocket called."""
        pocket = f.pocket_of(ball)
        if pocket is None:
            return False
        called_here = decl.called_ball in (ball, None)
        if called_here and decl.called_pocket is not None:
            return decl.called_pocket == pocket
        return called_here and cls.obvious(shot, f, ball)

    @staticmethod
    def obvious(shot: Shot, f: Facts, ball: int) -> bool:
        """8-ball 2: a direct shot of the first ball hit, no bank, no kick."""
        if f.hit_index is None or f.hit_ball != ball:
            return False
        pot = f.event_of_pot(ball)
        for i, e in enumerate(shot.events[:pot]):
            if e.kind is not EventKind.BALL_CUSHION or (e.cushion or "").startswith(
                    "jaw:"):
                continue
            if CUE_BALL in e.balls and i < f.hit_index:
                return False  # a kick
            if ball in e.balls and i > f.hit_index:
                return False  # a bank
        return True

    # -- choices -------------------------------------------------------------
    def choose(self, state: EightBallState, choice: Choice,
               ball: int | None = None) -> EightBallState:
        chooser, offender, cleared = self.open_choice(state, choice)
        if choice is Choice.ACCEPT_TABLE:
            return replace(cleared, shooter=chooser, is_break=False,
                           inning=state.inning + 1)
        if choice is Choice.KITCHEN_IN_HAND:
            table = self.cue_in_hand_table(state.table.remove(CUE_BALL),
                                           BallInHand.KITCHEN)
            return replace(cleared, table=table, shooter=chooser, is_break=False,
                           ball_in_hand=BallInHand.KITCHEN, inning=state.inning + 1)
        if choice in (Choice.RERACK_BREAK, Choice.RE_BREAK):
            return self.next_rack(state, chooser)
        if choice is Choice.RERACK_OFFENDER_BREAKS:
            return self.next_rack(state, offender)
        if choice is Choice.SPOT_EIGHT:
            spots = spot_balls(state.table, [EIGHT],
                               exclude=[CUE_BALL] if state.ball_in_hand
                               is not BallInHand.NONE else [])
            table = apply_spots(state.table, spots)
            return replace(cleared, table=table, shooter=chooser, is_break=False,
                           inning=state.inning + (chooser != state.breaker))
        raise RulesError(f"choice: {choice.value} is not an 8-ball option")

    # -- fouls a person calls ------------------------------------------------
    def called(self, state: EightBallState, code: Code
               ) -> tuple[Ruling, EightBallState]:
        if code is Note.STALEMATE:
            note = Outcome(Note.STALEMATE, e8("16"))
            r = self._ruling(state, notes=(note,), next_shooter=state.breaker,
                             ball_in_hand=BallInHand.KITCHEN, rerack=True,
                             game_over=True, winner=None, groups=state.groups)
            return r, self.settle(state, r, stroke=False)
        foul = self.called_foul(state, code)
        opp = self.other(state, state.shooter)
        if code.kind.value == "loss":
            r = self._ruling(state, fouls=(foul,), penalty=foul, next_shooter=opp,
                             game_over=True, winner=opp, groups=state.groups)
            return r, self.settle(state, r, stroke=False)
        table = state.table
        if state.table.position(CUE_BALL) is not None:
            table = self.cue_in_hand_table(table.remove(CUE_BALL),
                                           BallInHand.ANYWHERE)
        r = self._ruling(state, fouls=(foul,), penalty=foul, next_shooter=opp,
                         ball_in_hand=BallInHand.ANYWHERE, groups=state.groups)
        return r, self.settle(state, r, table, stroke=False)
