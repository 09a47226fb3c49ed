"""8-ball (seed «Восьмёрка», rules 1-16) on top of the general pool rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from rules.codes import GENERAL, Code, FoulCode, LossCode, Note, SeedRef, e8, g, reading
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
    cite,
    illegal_break_foul,
    pots_or_drives_four,
    rack_slots,
    racked,
    shuffled,
    spot_after,
    spot_balls,
    spotted_note,
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
    Spot,
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
    return racked(spec, slots, {EIGHT: 4, corners[0]: 10, corners[1]: 14}, rest)


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
    game_ball_ref=e8("1"),
    calls=Calls(ball=True, pocket=True, obvious_free=True, safety=True,
                ref=e8("2")),
    hand=(HandRule(BallInHand.KITCHEN, e8("5"), "break", "outside"),
          HandRule(BallInHand.KITCHEN, e8("5"), "scratch_on_break", "outside"),
          HandRule(BallInHand.ANYWHERE, e8("11"), "foul")),
    default_break_order="alternate",  # 8-ball rule 4: individual events alternate
    break_order_ref=e8("4"),
    choices=(Choice.ACCEPT_TABLE, Choice.RERACK_BREAK, Choice.RERACK_OFFENDER_BREAKS,
             Choice.RE_BREAK, Choice.SPOT_EIGHT, Choice.KITCHEN_IN_HAND),
    common_fouls=(FoulCode.BAD_HIT, FoulCode.NO_RAIL, FoulCode.SCRATCH,
                  FoulCode.ILLEGAL_BREAK, FoulCode.KITCHEN_DIRECT,
                  FoulCode.CUSHION_BALL, LossCode.EIGHT_EARLY,
                  LossCode.EIGHT_WRONG_POCKET),
)


class EightBall(PoolDiscipline[EightBallState]):
    """8-ball on the general rules: its rack, the groups (6, 7), calls (2),
    the break (5), the 8 (13, 15) and the ball in hand anywhere after a foul
    (11)."""

    info = INFO
    section = "8-ball"
    # A game given up is a loss of the game (8-ball 15), not 9-ball's 4.
    cites: ClassVar[Mapping[Code, SeedRef]] = {LossCode.CONCEDED: e8("15")}
    # 5: the break's scratch and balls off the table; 8: the legal shot (its
    # ball first, then a pot or a ball to a cushion), with a loss too.
    break_cites: ClassVar[Mapping[Code, SeedRef]] = {
        c: e8("5") for c in (FoulCode.SCRATCH, FoulCode.BALL_OFF_TABLE,
                             FoulCode.CUE_OFF_TABLE)}
    play_cites: ClassVar[Mapping[Code, SeedRef]] = {
        c: e8("8") for c in (FoulCode.BAD_HIT, FoulCode.NO_RAIL)}

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.opts = EightBallOptions.from_mapping(self.options)

    def rack(self, table: str, seed: int) -> TableState:
        return rack_eight(table, seed)

    def settle(self, state: EightBallState, ruling: Ruling,
               table: TableState | None = None, *, stroke: bool = True,
               **own: Any) -> EightBallState:
        """The groups are the ruling's (8-ball 7: chosen on a legal pot)."""
        if ruling.groups:
            own.setdefault("groups", ruling.groups)
        return super().settle(state, ruling, table, stroke=stroke, **own)

    def _ruling(self, state: EightBallState, points: Sequence[int] = (),
                **kw: object) -> Ruling:
        """Every 8-ball ruling shows the groups (as they stand unless it
        chooses them)."""
        kw.setdefault("groups", state.groups)
        return super()._ruling(state, points, **kw)

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
        centre = [self.race_line(view)]
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

    def shot_requirements(self, state: EightBallState, base: ShotRequirements
                          ) -> ShotRequirements:
        """Any ball first on the break (8-ball 5); then the shooter's group,
        or the 8 once it is cleared, with a call (2)."""
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
        """The break has its own rule (8-ball 5); play the rest."""
        if state.is_break:
            return self.judge_break(state, shot, f)
        return self.judge_play(state, shot, f, decl)

    # -- the break (8-ball 5) ------------------------------------------------
    def judge_break(self, state: EightBallState, shot: Shot,
                    f: Facts) -> tuple[Ruling, EightBallState]:
        """8-ball 5: any ball may be hit first and no rail is asked; a
        scratch or a ball off the table is the break's foul."""
        req = self.requirements(state)
        fouls = [x for x in self.general_fouls(state, shot, f, None, req,
                                               require_rail=False)
                 if x.code is not FoulCode.BAD_HIT]
        fouls = cite(fouls, self.break_cites)
        notes = list(self.notes_for_restored(f))
        off_spots = spot_after(shot, f, f.off_objects)
        if EIGHT in f.off_objects:
            # 8-ball 13 has no exception for the break: the 8 off the table
            # loses the game (the break's own option for jumped balls, rule 5,
            # is for the other balls).
            i8 = next((i for i, b in f.off if b == EIGHT), None)
            fouls.append(Foul(LossCode.EIGHT_OFF_TABLE, e8("13"), i8, (EIGHT,)))
            return self.loss_ruling(state, shot, f, fouls, notes)
        if EIGHT in f.potted_objects:
            return self.eight_on_break(state, shot, f, fouls, notes, off_spots)
        if not pots_or_drives_four(f):
            return self.illegal_break(state, shot, f, fouls, notes, off_spots)
        notes += spotted_note(off_spots)
        if fouls and f.scratch:
            # 8-ball 5: balls stay down, the table stays open, kitchen in hand.
            return self.foul_ruling(state, shot, f, fouls, notes, spots=off_spots,
                                    hand=BallInHand.KITCHEN)
        if fouls and all(x.code is FoulCode.BALL_OFF_TABLE for x in fouls):
            return self.balls_off_on_break(state, shot, f, fouls, notes, off_spots)
        if fouls:  # any other foul on a legal break: in hand anywhere (rule 11)
            return self.foul_ruling(state, shot, f, fouls, notes, spots=off_spots)
        notes.append(Outcome(Note.BREAK_LEGAL, e8("5"), None, f.potted_objects))
        # 8-ball 6, "Open table": open until a group is chosen, and "always
        # open right after the break" (7 says so too, of the group choice):
        # the open table cites rule 6 wherever it is said, as after a miss.
        notes.append(Outcome(Note.OPEN_TABLE, e8("6")))
        nxt = state.shooter if f.potted_objects else self.other(state, state.shooter)
        if nxt == state.shooter:
            notes.append(Outcome(Note.CONTINUES, e8("2"), None, f.potted_objects))
        r = self._ruling(state, notes=tuple(notes), next_shooter=nxt)
        return r, self.after_shot(state, r, shot, f)

    def eight_on_break(self, state: EightBallState, shot: Shot, f: Facts,
                       fouls: list[Foul], notes: list[Outcome],
                       off_spots: tuple[Spot, ...]
                       ) -> tuple[Ruling, EightBallState]:
        """8-ball 5: the 8 down on the break; the breaker (the opponent after
        a foul) breaks again or has the 8 spotted. On coin-operated tables
        (the rule's note) it wins, or loses with a foul."""
        opp = self.other(state, state.shooter)
        idx = f.event_of_pot(EIGHT)
        notes.append(Outcome(Note.EIGHT_ON_BREAK, e8("5"), idx, (EIGHT,)))
        if self.opts.eight_on_break == "win_loss":
            if fouls:
                fouls.append(Foul(LossCode.EIGHT_ON_FOUL, e8("5"), idx, (EIGHT,)))
                return self.loss_ruling(state, shot, f, fouls, notes)
            return self.win_ruling(state, shot, f, notes, ())
        bih = BallInHand.KITCHEN if f.scratch else BallInHand.NONE
        if fouls and not f.scratch:
            bih = BallInHand.ANYWHERE
        return self.choice_ruling(state, shot, f,
                                  (Choice.RE_BREAK, Choice.SPOT_EIGHT), fouls, notes,
                                  chooser=opp if fouls else state.shooter,
                                  spots=off_spots, hand=bih)

    def illegal_break(self, state: EightBallState, shot: Shot, f: Facts,
                      fouls: list[Foul], notes: list[Outcome],
                      off_spots: tuple[Spot, ...]
                      ) -> tuple[Ruling, EightBallState]:
        """8-ball 5: no ball pocketed and fewer than four to a cushion; the
        opponent accepts the table or has the balls racked again."""
        fouls.insert(0, illegal_break_foul(e8("5"), f, f.cushion_balls))
        options = (Choice.ACCEPT_TABLE, Choice.RERACK_BREAK,
                   Choice.RERACK_OFFENDER_BREAKS)
        return self.choice_ruling(
            state, shot, f, options, fouls, notes, spots=off_spots,
            hand=BallInHand.KITCHEN if f.scratch else BallInHand.NONE)

    def balls_off_on_break(self, state: EightBallState, shot: Shot, f: Facts,
                           fouls: list[Foul], notes: list[Outcome],
                           off_spots: tuple[Spot, ...]
                           ) -> tuple[Ruling, EightBallState]:
        """8-ball 5: object balls off the table on the break; the opponent
        accepts the table or takes the cue ball in hand in the kitchen."""
        notes.append(Outcome(Note.BREAK_OFF_TABLE, e8("5"), None, f.off_objects))
        options = (Choice.ACCEPT_TABLE, Choice.KITCHEN_IN_HAND)
        return self.choice_ruling(state, shot, f, options, fouls, notes,
                                  spots=off_spots)

    # -- play ----------------------------------------------------------------
    def judge_play(self, state: EightBallState, shot: Shot, f: Facts,
                   decl: Declarations) -> tuple[Ruling, EightBallState]:
        """A shot after the break: the general fouls on the shooter's legal
        balls (on an open table the 8 first is no foul, reading P3), the 8
        (13, 15), then a foul (8, 11) or the shot's pots (2, 7, 10)."""
        self.declarations_ok(state, decl)
        req = self.requirements(state)
        legal = set(self.legal_balls(state))
        eight_first_open = state.groups[state.shooter] is None and \
            f.hit_ball == EIGHT and legal != {EIGHT}
        fouls = self.general_fouls(
            state, shot, f, None if eight_first_open else legal, req,
            require_rail=not eight_first_open)
        # (8's rule for its legal shot on a stroke that loses the game too:
        # the same foul is cited by one rule)
        fouls = cite(fouls, self.play_cites)
        notes = list(self.notes_for_restored(f))
        losses = self.eight_losses(shot, f, decl, legal == {EIGHT}, bool(fouls))
        if losses:
            return self.loss_ruling(state, shot, f, [*fouls, *losses], notes)
        eight_idx = f.event_of_pot(EIGHT)
        if eight_idx is not None:  # legally called and pocketed: the game
            notes.append(Outcome(Note.WIN_EIGHT, e8("1"), eight_idx, (EIGHT,)))
            return self.win_ruling(state, shot, f, notes, (EIGHT,))
        # Jumped object balls are spotted (8-ball 13, general 26).
        spots = spot_after(shot, f, f.off_objects)
        notes += spotted_note(spots)
        if fouls:  # in hand anywhere (8-ball 11, 14)
            return self.foul_ruling(state, shot, f, fouls, notes, spots=spots)
        return self.legal_play(state, shot, f, decl, legal, eight_first_open,
                               notes, spots)

    def eight_losses(self, shot: Shot, f: Facts, decl: Declarations,
                     on_eight: bool, fouled: bool) -> list[Foul]:
        """The fouls that lose the game by the 8: off the table (8-ball 13),
        or pocketed on a foul, before the group is cleared or not where it
        was called (15)."""
        out: list[Foul] = []
        eight_idx = f.event_of_pot(EIGHT)
        loss: Code | None = None
        if eight_idx is not None:
            if fouled:
                loss = LossCode.EIGHT_ON_FOUL
            elif not on_eight:
                loss = LossCode.EIGHT_EARLY
            elif decl.safety or not self.call_kept(shot, f, decl, EIGHT):
                loss = LossCode.EIGHT_WRONG_POCKET
        if EIGHT in f.off_objects:
            out.append(Foul(LossCode.EIGHT_OFF_TABLE, e8("13"),
                            next((i for i, b in f.off if b == EIGHT), None),
                            (EIGHT,)))
        if loss is not None:
            out.append(Foul(loss, e8("15"), eight_idx, (EIGHT,)))
        return out

    def legal_play(self, state: EightBallState, shot: Shot, f: Facts,
                   decl: Declarations, legal: set[int], eight_first_open: bool,
                   notes: list[Outcome], spots: tuple[Spot, ...]
                   ) -> tuple[Ruling, EightBallState]:
        """A legal shot: the 8 first on an open table scores nothing (P3), a
        safety ends the inning (9), a counted pot scores and may choose the
        groups (2, 7, 10), anything else is a miss (12, general 4)."""
        shooter = state.shooter
        groups = state.groups
        potted = [b for b in f.potted_objects if b != EIGHT]
        cont = False
        scored: tuple[int, ...] = ()
        if eight_first_open:
            notes.append(Outcome(Note.EIGHT_FIRST_OPEN, reading("P3"), f.hit_index,
                                 (EIGHT,)))
        elif decl.safety:
            notes.append(Outcome(Note.SAFETY, e8("9"), None, tuple(potted)))
        else:
            good, choose = self.pot_counts(shot, f, decl, legal, potted, notes)
            if good:
                if groups[shooter] is None and choose is not None:
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
        if groups[shooter] is None:
            notes.append(Outcome(Note.OPEN_TABLE, e8("6")))
        nxt = shooter if cont else self.other(state, shooter)
        r = self._ruling(state, notes=tuple(notes), scored=scored, spots=spots,
                         next_shooter=nxt, groups=groups)
        return r, self.after_shot(state, r, shot, f)

    def pot_counts(self, shot: Shot, f: Facts, decl: Declarations,
                   legal: set[int], potted: list[int], notes: list[Outcome]
                   ) -> tuple[bool, str | None]:
        """8-ball 2: whether the shot's pots count (the called ball where it
        was called, or an obvious shot) and the group the counted ball
        chooses; a pot that needed a call is noted."""
        if decl.called_ball is not None:
            cb = decl.called_ball
            good = cb in legal and cb != EIGHT and self.call_kept(shot, f, decl, cb)
            return good, group_of(cb) if good else None
        # Gentleman's call (8-ball 2): an uncalled shot counts only if it was
        # obvious: the ball the cue ball hit, straight in, with no cushion
        # before (banks, kicks and combinations need a call).
        own = [b for b in potted if b in legal]
        sure = [b for b in own if self.obvious(shot, f, b)]
        if own and not sure:
            notes.append(Outcome(Note.CALL_REQUIRED, e8("2"), f.hit_index, (own[0],)))
        return bool(sure), group_of(sure[0]) if sure else None

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
        """8-ball 16: a stalemate is called; the game is replayed, the same
        player breaking. Any other call as the general rules take it."""
        if code is Note.STALEMATE:
            note = Outcome(Note.STALEMATE, e8("16"))
            r = self._ruling(state, notes=(note,), next_shooter=state.breaker,
                             ball_in_hand=BallInHand.KITCHEN, rerack=True,
                             game_over=True, winner=None)
            return r, self.settle(state, r, stroke=False)
        return super().called(state, code)

    def foul_called(self, state: EightBallState, foul: Foul
                    ) -> tuple[Ruling, EightBallState]:
        """8-ball 11: the opponent has the cue ball in hand anywhere."""
        table = state.table
        if state.table.position(CUE_BALL) is not None:
            table = self.cue_in_hand_table(table.remove(CUE_BALL),
                                           BallInHand.ANYWHERE)
        return self.foul_ruling(state, None, None, (foul,), table=table)
