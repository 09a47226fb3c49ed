"""The pyramid base holds the pyramid's fouls, replays and respotting once: a
second game on the pyramid table (here a bare one, scoring nothing) gets them
by declaring its codes, without Express."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rules import pyramid, situation
from rules.codes import Code, Kind, SeedRef, register
from rules.game import DisciplineInfo, HandRule, NoOptions
from rules.pyramid import PyramidCodes, PyramidDiscipline, PyramidState
from rules.questions import Facts
from rules.ruling import BallInHand, Declarations, Foul, Ruling
from simulator.table.events import Event, EventKind, Shot, Stroke
from simulator.table.specs import CUE_BALL, TableKind

REF = SeedRef("pyramid-and-express.md", "2", "")


def code(name: str, kind: Kind = Kind.FOUL) -> Code:
    return register(Code(f"test.bare.{name}", kind, REF))


FOULS = ("off", "stick", "double", "push", "early", "no_contact", "no_cushion",
         "break", "placement", "house", "close")
NOTES = ("spotted", "house_hand", "temp_house", "hanging", "self_moved", "outside")
PLACES = ("on_line", "outside_house", "frozen")
CODES = PyramidCodes(*[code(n) for n in FOULS], *[code(n, Kind.NOTE) for n in NOTES],
                     *[code(n, Kind.PLACEMENT) for n in PLACES])


@dataclass(frozen=True)
class BareState(PyramidState):
    @classmethod
    def discipline_name(cls) -> str:
        return "bare pyramid"


class BarePyramid(PyramidDiscipline[BareState]):
    info = DisciplineInfo(
        name="bare pyramid", aliases=(), ref=REF, min_players=2, max_players=2,
        table_kind=TableKind.PYRAMID, default_table=pyramid.TABLE_NAME,
        balls=pyramid.OBJECT_BALLS, options=NoOptions, state=BareState,
        hand=(HandRule(BallInHand.HOUSE, REF, "break", "outside"),))
    codes = CODES

    def new_game(self, players: int, breaker: int, rack_seed: int, table: str,
                 scores: tuple[int, ...] | None = None) -> BareState:
        return BareState("bare pyramid", players, pyramid.rack_state(),
                         breaker, breaker, BallInHand.HOUSE, True,
                         scores=scores or (0,) * players)

    def on_foul(self, state: BareState, fouls: tuple[Foul, ...], shot: Shot | None,
                facts: Facts | None) -> tuple[Ruling, BareState]:
        after = self.after_foul(state, shot, facts)
        nxt = (state.shooter + 1) % state.players
        r = Ruling(self.name, state.shooter, fouls=fouls, penalty=fouls[0],
                   points=(0, 0), spots=after.spots, next_shooter=nxt,
                   ball_in_hand=after.hand)
        return r, self.settle(state, r, after.table)

    def on_legal(self, state: BareState, shot: Shot, facts: Facts
                 ) -> tuple[Ruling, BareState]:
        r = Ruling(self.name, state.shooter, points=(0, 0),
                   next_shooter=state.shooter)
        return r, self.settle(state, r, pyramid.table_after(shot))

    def on_replay(self, state: BareState, code_: Code, event: int | None,
                  balls: tuple[int, ...]) -> tuple[Ruling, BareState]:
        from rules.ruling import Outcome

        r = Ruling(self.name, state.shooter, notes=(Outcome(code_, REF, event,
                                                            balls),),
                   points=(0, 0), next_shooter=state.shooter, replay=True,
                   ball_in_hand=state.ball_in_hand)
        return r, self.settle(state, r)


def shot(state: BareState, *events: Event, cue: tuple[float, float] | None = None
         ) -> Shot:
    initial = state.table if cue is None else state.table.place(CUE_BALL, *cue)
    return Shot(initial, Stroke(0.0, 1.0), events, pyramid.mark_log(initial, events))


def ev(kind: EventKind, t: float, *balls: int, **kw: Any) -> Event:
    return Event(kind, t, balls, **kw)


def mid_rack() -> tuple[BarePyramid, BareState]:
    disc = BarePyramid()
    table = pyramid.rack_state()
    for b in range(1, 14):
        table = table.remove(b)
    st = situation.position(disc, 2, table, {"is_break": False,
                                             "ball_in_hand": "none"}, "state")
    assert isinstance(st, BareState)
    return disc, st


def test_the_base_finds_the_pyramids_fouls_with_the_games_codes() -> None:
    disc, st = mid_rack()
    r, new = disc.judge(st, shot(st, ev(EventKind.STROKE, 0.0, 0),
                                 ev(EventKind.REST, 1.0)), Declarations())
    assert [f.code for f in r.fouls] == [CODES.no_contact]  # digest §2.5
    assert new.shooter == 1
    r, _ = disc.judge(st, shot(st, ev(EventKind.STROKE, 0.0, 0),
                               ev(EventKind.BALL_BALL, 0.1, 0, 14),
                               ev(EventKind.BALL_CUSHION, 0.15, 0, cushion="foot"),
                               ev(EventKind.LEFT_TABLE, 0.2, 14, where="floor")),
                      Declarations())
    assert [f.code for f in r.fouls] == [CODES.ball_off_table]  # digest §2.10
    assert [s.ball for s in r.spots] == [14]  # respotted, digest §2.11


def test_the_base_replays_a_ball_that_fell_by_itself() -> None:
    disc, st = mid_rack()
    fell = shot(st, ev(EventKind.STROKE, 0.0, 0),
                ev(EventKind.POCKETED, 0.05, 15, pocket="foot_left"),
                ev(EventKind.BALL_BALL, 0.1, 0, 14))
    r, new = disc.judge(st, fell, Declarations())
    assert r.replay and [n.code for n in r.notes] == [CODES.self_moved_replay]
    assert new == st  # digest §2.9: the position restored


def test_a_referees_jump_call_works_on_any_pyramid_game() -> None:
    disc, st = mid_rack()
    back = shot(st, ev(EventKind.STROKE, 0.0, 0), ev(EventKind.BALL_BALL, 0.1, 0, 14),
                ev(EventKind.AIRBORNE, 0.2, 14, speed=0.5),
                ev(EventKind.LANDED, 0.3, 14, speed=0.5),
                ev(EventKind.BALL_CUSHION, 0.4, 14, cushion="foot"))
    assert not disc.judge(st, back, Declarations())[0].fouls
    r, _ = disc.judge_jumped(st, back, Declarations(), [14])
    assert [f.code for f in r.fouls] == [CODES.ball_off_table]
    assert r.notes[-1].balls == (14,) and r.notes[-1].event_index == 2


def test_a_set_position_on_the_pyramid_table_is_checked_by_the_base() -> None:
    disc, st = mid_rack()
    import pytest

    from rules.ruling import RulesError

    with pytest.raises(RulesError, match=r"state\.ball_in_hand: expected one of "
                       "none, house, temp_house"):
        situation.position(disc, 2, st.table, {"ball_in_hand": "kitchen"}, "state")
    with pytest.raises(RulesError, match="full rack"):
        situation.position(disc, 2, replace(st).table, {"is_break": True,
                                                         "ball_in_hand": "house"},
                           "state")
