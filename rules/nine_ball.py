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
    shuffled,
    spot_after,
    state_with,
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
    pos = {1: slots[0], NINE: slots[4]}
    for i, b in zip((1, 2, 3, 5, 6, 7, 8), rest, strict=True):
        pos[b] = slots[i]
    pos[CUE_BALL] = (spec.head_string_x / 2, spec.width / 2)
    return state_with(spec.name, pos, range(10, 16))


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
    calls=Calls(push_out=True, ref=n9("5")),
    hand=(HandRule(BallInHand.KITCHEN, n9("3"), "break", "outside"),
          HandRule(BallInHand.ANYWHERE, n9("9"), "foul", frozen_allowed=False)),
    choices=(Choice.TAKE_PUSH_OUT, Choice.HAND_BACK_PUSH_OUT),
    common_fouls=(FoulCode.BAD_HIT, FoulCode.NO_RAIL, FoulCode.SCRATCH,
                  FoulCode.ILLEGAL_BREAK, FoulCode.KITCHEN_DIRECT,
                  LossCode.THREE_FOULS),
)


class NineBall(PoolDiscipline[NineBallState]):
    info = INFO
    section = "9-ball"

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        check_option_keys(self.options, NoOptions, NAME)
        self.opts = NoOptions.from_mapping(self.options)

    def new_game(self, players: int, breaker: int, rack_seed: int, table: str,
                 scores: tuple[int, ...] | None = None) -> NineBallState:
        return self.blank_state(players, breaker, rack_nine(table, rack_seed),
                                rack_seed, scores)

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
        centre = [Line("score.race", {"n": view.options.get("race_to"),
                                      "game": view.game_number})]
        low = self.lowest(state.table)
        if low is not None:
            centre.append(Line("score.lowest", {"ball": low}))
        if state.push_out_allowed:
            centre.append(Line("score.push_out"))
        return Scoreboard(tuple(cards), tuple(centre))

    def lowest(self, table: TableState) -> int | None:
        on = [b for b in table.on_table() if 1 <= b <= NINE]
        return min(on) if on else None

    def requirements(self, state: NineBallState) -> ShotRequirements:
        base = self.general_requirements(state)
        if state.pending or state.game_over:
            return base
        low = self.lowest(state.table)
        legal = (low,) if low is not None else ()
        return replace(
            base, legal_first_contacts=legal,
            allowed_declarations=(DECL_PUSH_OUT,) if state.push_out_allowed else (),
            no_frozen_placement=state.ball_in_hand is BallInHand.ANYWHERE)

    def ref_bad_hit(self) -> SeedRef:
        return n9("7")

    def ref_no_rail(self) -> SeedRef:
        return n9("8")

    def ref_off_table(self) -> SeedRef:
        return n9("10")

    def count_foul(self, state: NineBallState, notes: list[Outcome]
                   ) -> tuple[tuple[int, ...], tuple[bool, ...]] | None:
        """9-ball 11: the shooter's fouls in a row and warnings after one more
        foul, its notes added to ``notes``; None when it is the third foul
        after a warning (the game is lost)."""
        shooter = state.shooter
        count = state.fouls[shooter] + 1
        if count >= 3 and state.warned[shooter]:
            return None
        warned_t = list(state.warned)
        if count >= 3:  # reading P4: without the warning it is the second
            count = 2
            notes.append(Outcome(Note.NO_WARNING_GIVEN, reading("P4")))
        if count == 2:
            notes.append(Outcome(Note.WARNING_TWO_FOULS, n9("11"), None,
                                 (shooter,)))
            warned_t[shooter] = True
        fouls_t = list(state.fouls)
        fouls_t[shooter] = count
        return tuple(fouls_t), tuple(warned_t)

    def judge_facts(self, state: NineBallState, shot: Shot, f: Facts,
                    decl: Declarations) -> tuple[Ruling, NineBallState]:
        req = self.requirements(state)
        shooter = state.shooter
        opp = self.other(state, shooter)
        notes = list(self.notes_for_restored(f))
        low = self.lowest(shot.initial)
        legal = {low} if low is not None else set()
        push = decl.push_out and state.push_out_allowed and not state.is_break
        if decl.push_out and not push:
            notes.append(Outcome(Note.PUSH_OUT_IGNORED, reading("P11")))
        fouls = self.general_fouls(state, shot, f, None if push else legal, req,
                                   require_rail=not push)
        if push:  # no contact needed on a push-out (9-ball 5)
            fouls = [x for x in fouls if x.code is not FoulCode.BAD_HIT]
        if state.is_break:
            fouls = [replace(x, ref=n9("3")) if x.code is FoulCode.BAD_HIT else x
                     for x in fouls if x.code is not FoulCode.NO_RAIL]
            if not f.potted_objects and len(f.cushion_balls) < 4:
                fouls.insert(0, Foul(FoulCode.ILLEGAL_BREAK, n9("3"), f.end_index,
                                     ()))
            fouls = [replace(x, ref=n9("3")) if x.code in (
                FoulCode.SCRATCH, FoulCode.CUE_OFF_TABLE, FoulCode.BALL_OFF_TABLE)
                else x for x in fouls]
        nine_down = NINE in f.potted_objects
        nine_off = NINE in f.off_objects
        if not fouls and nine_down and not push:
            notes.append(Outcome(Note.WIN_NINE, n9("4") if not state.is_break
                                 else reading("P5"), f.event_of_pot(NINE), (NINE,)))
            r = self._ruling(state, notes=tuple(notes), scored=f.potted_objects,
                             next_shooter=shooter, game_over=True, winner=shooter)
            return r, self.after_shot(state, r, shot, f)
        # The 9 comes back when pocketed on a foul or a push-out, or jumped
        # (9-ball 3, 5, 6, 10); other jumped balls stay off.
        to_spot = [NINE] if nine_down or nine_off else []
        spots = spot_after(shot, f, to_spot)
        if spots:
            notes.append(Outcome(Note.NINE_SPOTTED, n9("6"), f.event_of_pot(NINE),
                                 (NINE,)))
        if fouls:
            counted = self.count_foul(state, notes)
            if counted is None:
                fouls.append(Foul(LossCode.THREE_FOULS, n9("11"), None, ()))
                r = self._ruling(state, fouls=tuple(fouls),
                                 penalty=self.most_severe(fouls), notes=tuple(notes),
                                 next_shooter=opp, game_over=True, winner=opp)
                return r, self.after_shot(state, r, shot, f)
            r = self._ruling(state, fouls=tuple(fouls),
                             penalty=self.most_severe(fouls), notes=tuple(notes),
                             spots=spots, next_shooter=opp,
                             ball_in_hand=BallInHand.ANYWHERE)
            return r, self.after_shot(state, r, shot, f, push_out_allowed=False,
                                      fouls=counted[0], warned=counted[1])
        # A legal shot: the shooter's foul count starts again (9-ball 11).
        fouls_t = list(state.fouls)
        warned_t = list(state.warned)
        fouls_t[shooter] = 0
        warned_t[shooter] = False
        counts = {"fouls": tuple(fouls_t), "warned": tuple(warned_t)}
        if push:
            notes.append(Outcome(Note.PUSH_OUT, n9("5"), None, f.potted_objects))
            options = (Choice.TAKE_PUSH_OUT, Choice.HAND_BACK_PUSH_OUT)
            r = self._ruling(state, notes=tuple(notes), spots=spots,
                             next_shooter=opp, options=options, chooser=opp)
            return r, self.after_shot(state, r, shot, f, push_out_allowed=False,
                                      **counts)
        scored = tuple(b for b in f.potted_objects if b != NINE)
        if state.is_break:
            notes.append(Outcome(Note.BREAK_LEGAL, n9("3")))
        nxt = shooter if scored else opp
        notes.append(Outcome(Note.SCORED, n9("1"), None, scored) if scored
                     else Outcome(Note.MISS, g("4")))
        # 9-ball 5: the shot right after a legal break may be a push-out.
        r = self._ruling(state, notes=tuple(notes), scored=scored, spots=spots,
                         next_shooter=nxt)
        return r, self.after_shot(state, r, shot, f,
                                  push_out_allowed=state.is_break, **counts)

    def choose(self, state: NineBallState, choice: Choice,
               ball: int | None = None) -> NineBallState:
        chooser, offender, cleared = self.open_choice(state, choice)
        if choice is Choice.TAKE_PUSH_OUT:
            return replace(cleared, shooter=chooser)
        if choice is Choice.HAND_BACK_PUSH_OUT:
            return replace(cleared, shooter=offender, inning=state.inning + 1)
        raise RulesError(f"choice: {choice.value} is not a 9-ball option")

    def called(self, state: NineBallState, code: Code
               ) -> tuple[Ruling, NineBallState]:
        foul = self.called_foul(state, code)
        shooter = state.shooter
        opp = self.other(state, shooter)
        if code.kind.value == "loss":
            r = self._ruling(state, fouls=(foul,), penalty=foul, next_shooter=opp,
                             game_over=True, winner=opp)
            return r, self.settle(state, r, stroke=False)
        # 9-ball 12: a foul between shots ends the inning; it counts (rule 11).
        notes: list[Outcome] = []
        fouls: list[Foul] = [foul]
        counted = self.count_foul(state, notes)
        if counted is None:
            fouls.append(Foul(LossCode.THREE_FOULS, n9("11")))
            r = self._ruling(state, fouls=tuple(fouls), penalty=fouls[1],
                             next_shooter=opp, game_over=True, winner=opp)
            return r, self.settle(state, r, stroke=False)
        table = self.cue_in_hand_table(state.table.remove(CUE_BALL),
                                       BallInHand.ANYWHERE)
        r = self._ruling(state, fouls=tuple(fouls), penalty=foul, notes=tuple(notes),
                         next_shooter=opp, ball_in_hand=BallInHand.ANYWHERE)
        return r, self.settle(state, r, table, stroke=False, push_out_allowed=False,
                              fouls=counted[0], warned=counted[1])
