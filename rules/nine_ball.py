"""9-ball (seed «Девятка», rules 1-13) on top of the general pool rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from rules.codes import GENERAL, Code, FoulCode, LossCode, Note, SeedRef, g, n9, reading
from rules.game import (
    Calls,
    DisciplineInfo,
    HandRule,
    Line,
    MatchView,
    NoOptions,
    PlayerScore,
    Scoreboard,
    check_option_keys,
    per_player,
    scalar,
)
from rules.general import (
    PoolDiscipline,
    PoolState,
    cite,
    illegal_break_foul,
    pots_or_drives_four,
    racked,
    shuffled,
    spot_after,
    with_entry,
)
from rules.questions import Facts
from rules.ruling import (
    DECL_PUSH_OUT,
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
from simulator.table.specs import CUE_BALL, TableKind, nine_ball_diamond, table_by_name
from simulator.table.state import TableState

NAME = "9-ball"
NINE = 9


def rack_nine(table: str, seed: int) -> TableState:
    """9-ball rule 2: the 1 at the apex on the foot spot, the 9 in the centre,
    the rest in an order drawn from the seed."""
    spec = table_by_name(table)
    slots = nine_ball_diamond(spec, gap=1e-5)
    rest = shuffled((2, 3, 4, 5, 6, 7, 8), seed)
    return racked(spec, slots, {1: 0, NINE: 4}, rest, range(10, 16))


@dataclass(frozen=True)
class NineBallState(PoolState):
    """9-ball between shots: the pool state, the warnings after a second
    foul in a row (9-ball 11) and whether this shot may be a push-out (5)."""

    warned: tuple[bool, ...] = per_player("bools", False)
    push_out_allowed: bool = scalar("bool", False)

    position_fields: ClassVar[tuple[str, ...]] = (
        *PoolState.position_fields, "warned", "push_out_allowed")

    @classmethod
    def discipline_name(cls) -> str:
        return NAME


INFO = DisciplineInfo(
    name=NAME,
    aliases=("9ball", "nine", "nine-ball", "9", "девятка"),
    ref=n9(""),
    shared_sections=(GENERAL,),
    min_players=2, max_players=2,
    table_kind=TableKind.POOL, default_table="pool_9ft",
    balls=tuple(range(1, 10)),
    options=NoOptions,
    state=NineBallState,
    game_ball=NINE,
    game_ball_ref=n9("1"),
    calls=Calls(push_out=True, ref=n9("5")),
    # The break from the kitchen is general rule 6's; after a foul on the
    # break (3) or any other (6) the incoming player has ball in hand
    # anywhere; rule 9 says only how a ball in hand is placed (not frozen).
    hand=(HandRule(BallInHand.KITCHEN, g("6"), "break", "outside"),
          HandRule(BallInHand.ANYWHERE, n9("3"), "foul_on_break",
                   frozen_allowed=False),
          HandRule(BallInHand.ANYWHERE, n9("6"), "foul", frozen_allowed=False)),
    choices=(Choice.TAKE_PUSH_OUT, Choice.HAND_BACK_PUSH_OUT),
    common_fouls=(FoulCode.BAD_HIT, FoulCode.NO_RAIL, FoulCode.SCRATCH,
                  FoulCode.ILLEGAL_BREAK, FoulCode.KITCHEN_DIRECT,
                  LossCode.THREE_FOULS),
)


class NineBall(PoolDiscipline[NineBallState]):
    """9-ball on the general rules: the lowest ball first (1, 7), the 9
    wins (4) and comes back when it falls on a foul or a push-out (6), the
    push-out (5), the three fouls (11) and ball in hand anywhere (6), not
    frozen to a ball (9)."""

    info = INFO
    section = "9-ball"
    cites: ClassVar[Mapping[Code, SeedRef]] = {
        FoulCode.BAD_HIT: n9("7"), FoulCode.NO_RAIL: n9("8"),
        FoulCode.BALL_OFF_TABLE: n9("10")}
    # Touching no ball misses the lowest too: a referee names 9-ball's own
    # rule for it (7; 1: the lowest ball first on every stroke) and the
    # general one for no legal ball touched (16) beside it.
    no_hit: ClassVar[SeedRef] = replace(n9("7"), beside=g("16"))
    # 3: the break's fouls.
    break_cites: ClassVar[Mapping[Code, SeedRef]] = {
        c: n9("3") for c in (FoulCode.BAD_HIT, FoulCode.SCRATCH,
                             FoulCode.CUE_OFF_TABLE, FoulCode.BALL_OFF_TABLE)}

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        check_option_keys(self.options, NoOptions, NAME)
        self.opts = NoOptions.from_mapping(self.options)

    def rack(self, table: str, seed: int) -> TableState:
        return rack_nine(table, seed)

    def check_position(self, state: NineBallState, where: str = "state",
                       table_where: str = "") -> None:
        """9-ball 11: a warning stands only after a second foul in a row;
        9-ball 5: the push-out is the shot after the break."""
        super().check_position(state, where, table_where)
        for i, w in enumerate(state.warned):
            if w and state.fouls[i] != 2:
                raise RulesError(f"{where}.warned[{i}]: a warning is given after the "
                                 "second consecutive foul (9-ball 11): fouls must "
                                 "be 2", "warning_after_two_fouls", player=i)
        if state.push_out_allowed and state.is_break:
            raise RulesError(f"{where}.push_out_allowed: the push-out comes after "
                             "the break, not on it (9-ball 5)", "push_out_after_break")

    def scoreboard(self, state: NineBallState, view: MatchView) -> Scoreboard:
        """Games won, fouls in a row and the warning (9-ball 11); the race,
        the lowest ball (rule 1) and an open push-out (rule 5)."""
        cards = []
        for i in range(state.players):
            lines = [Line("score.fouls", {"n": state.fouls[i]})]
            if state.warned[i]:
                lines.append(Line("score.warned"))
            cards.append(PlayerScore(view.games_won[i], tuple(lines)))
        centre = [self.race_line(view)]
        low = self.lowest(state.table)
        if low is not None:
            centre.append(Line("score.lowest", {"ball": low}))
        if state.push_out_allowed:
            centre.append(Line("score.push_out"))
        return Scoreboard(tuple(cards), tuple(centre))

    def lowest(self, table: TableState) -> int | None:
        on = [b for b in table.on_table() if 1 <= b <= NINE]
        return min(on) if on else None

    def shot_requirements(self, state: NineBallState, base: ShotRequirements
                          ) -> ShotRequirements:
        """The lowest ball first (9-ball 1); a push-out may be declared right
        after the break (5); no cue ball in hand frozen to a ball (9)."""
        low = self.lowest(state.table)
        legal = (low,) if low is not None else ()
        return replace(
            base, legal_first_contacts=legal,
            allowed_declarations=(DECL_PUSH_OUT,) if state.push_out_allowed else (),
            no_frozen_placement=state.ball_in_hand is BallInHand.ANYWHERE)

    # -- judging -------------------------------------------------------------
    def judge_facts(self, state: NineBallState, shot: Shot, f: Facts,
                    decl: Declarations) -> tuple[Ruling, NineBallState]:
        notes = list(self.notes_for_restored(f))
        push = decl.push_out and state.push_out_allowed and not state.is_break
        if decl.push_out and not push:
            notes.append(Outcome(Note.PUSH_OUT_IGNORED, reading("P11")))
        fouls = self.shot_fouls(state, shot, f, push)
        nine_down = NINE in f.potted_objects
        if not fouls and nine_down and not push:
            notes.append(Outcome(Note.WIN_NINE, n9("4") if not state.is_break
                                 else reading("P5"), f.event_of_pot(NINE), (NINE,)))
            return self.win_ruling(state, shot, f, notes, f.potted_objects)
        # The 9 comes back when pocketed on a foul or a push-out, or jumped
        # (9-ball 3, 5, 6, 10); other jumped balls stay off.
        to_spot = [NINE] if nine_down or NINE in f.off_objects else []
        spots = spot_after(shot, f, to_spot)
        if spots:
            notes.append(Outcome(Note.NINE_SPOTTED, n9("6"), f.event_of_pot(NINE),
                                 (NINE,)))
        if fouls:
            return self.foul_counted(state, shot, f, fouls, notes, spots)
        return self.legal_shot(state, shot, f, push, notes, spots)

    def shot_fouls(self, state: NineBallState, shot: Shot, f: Facts,
                   push: bool) -> list[Foul]:
        """The general fouls with the lowest ball first; a push-out needs no
        contact and no rail (9-ball 5); the break needs no rail but four
        balls to a cushion or a pot, and its fouls are rule 3's."""
        low = self.lowest(shot.initial)
        legal = {low} if low is not None else set()
        fouls = self.general_fouls(state, shot, f, None if push else legal,
                                   self.requirements(state), require_rail=not push)
        if push:  # no contact needed on a push-out (9-ball 5)
            fouls = [x for x in fouls if x.code is not FoulCode.BAD_HIT]
        if state.is_break:
            fouls = [x for x in fouls if x.code is not FoulCode.NO_RAIL]
            if not pots_or_drives_four(f):
                fouls.insert(0, illegal_break_foul(n9("3"), f, f.cushion_balls))
            fouls = cite(fouls, self.break_cites)
        return fouls

    def foul_counted(self, state: NineBallState, shot: Shot | None,
                     f: Facts | None, fouls: list[Foul], notes: list[Outcome],
                     spots: tuple[Spot, ...] = (), table: TableState | None = None
                     ) -> tuple[Ruling, NineBallState]:
        """9-ball 6 and 11: the opponent has ball in hand anywhere and the
        foul counts; the third in a row after a warning loses the game."""
        counted = self.count_foul(state, notes)
        if counted is None:
            fouls.append(Foul(LossCode.THREE_FOULS, n9("11"), None, ()))
            return self.loss_ruling(state, shot, f, fouls, notes)
        return self.foul_ruling(state, shot, f, fouls, notes, spots=spots,
                                table=table, push_out_allowed=False,
                                fouls=counted[0], warned=counted[1])

    def count_foul(self, state: NineBallState, notes: list[Outcome]
                   ) -> tuple[tuple[int, ...], tuple[bool, ...]] | None:
        """9-ball 11: the shooter's fouls in a row and warnings after one more
        foul, its notes added to ``notes``; None when it is the third foul
        after a warning (the game is lost)."""
        shooter = state.shooter
        count = state.fouls[shooter] + 1
        if count >= 3 and state.warned[shooter]:
            return None
        warned = state.warned
        if count >= 3:  # reading P4: without the warning it is the second
            count = 2
            notes.append(Outcome(Note.NO_WARNING_GIVEN, reading("P4")))
        if count == 2:
            notes.append(Outcome(Note.WARNING_TWO_FOULS, n9("11"), None,
                                 (shooter,)))
            warned = with_entry(warned, shooter, True)
        return with_entry(state.fouls, shooter, count), tuple(warned)

    def legal_shot(self, state: NineBallState, shot: Shot, f: Facts, push: bool,
                   notes: list[Outcome], spots: tuple[Spot, ...]
                   ) -> tuple[Ruling, NineBallState]:
        """A legal shot clears the shooter's fouls (9-ball 11). A push-out
        hands the choice to the opponent (5); otherwise a ball pocketed
        keeps the inning (1, 4) and the shot after a legal break may be a
        push-out (5)."""
        shooter = state.shooter
        opp = self.other(state, shooter)
        fouls = with_entry(state.fouls, shooter, 0)
        warned = with_entry(state.warned, shooter, False)
        if push:
            notes.append(Outcome(Note.PUSH_OUT, n9("5"), None, f.potted_objects))
            options = (Choice.TAKE_PUSH_OUT, Choice.HAND_BACK_PUSH_OUT)
            return self.choice_ruling(state, shot, f, options, (), notes,
                                      spots=spots, push_out_allowed=False,
                                      fouls=fouls, warned=warned)
        scored = tuple(b for b in f.potted_objects if b != NINE)
        if state.is_break:
            notes.append(Outcome(Note.BREAK_LEGAL, n9("3")))
        nxt = shooter if scored else opp
        notes.append(Outcome(Note.SCORED, n9("1"), None, scored) if scored
                     else Outcome(Note.MISS, g("4")))
        r = self._ruling(state, notes=tuple(notes), scored=scored, spots=spots,
                         next_shooter=nxt)
        return r, self.after_shot(state, r, shot, f,
                                  push_out_allowed=state.is_break, fouls=fouls,
                                  warned=warned)

    def choose(self, state: NineBallState, choice: Choice,
               ball: int | None = None) -> NineBallState:
        chooser, offender, cleared = self.open_choice(state, choice)
        if choice is Choice.TAKE_PUSH_OUT:
            return replace(cleared, shooter=chooser)
        if choice is Choice.HAND_BACK_PUSH_OUT:
            return replace(cleared, shooter=offender, inning=state.inning + 1)
        raise RulesError(f"choice: {choice.value} is not a 9-ball option")

    def foul_called(self, state: NineBallState, foul: Foul
                    ) -> tuple[Ruling, NineBallState]:
        """9-ball 12: a foul between shots ends the inning; it counts (11)."""
        table = self.cue_in_hand_table(state.table.remove(CUE_BALL),
                                       BallInHand.ANYWHERE)
        return self.foul_counted(state, None, None, [foul], [], table=table)
