"""The match: names, options, turn flow, race and target, break order
(general rule 29), the lag (general rule 5), undo and exact replay."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from logs import FOOT, LONG_STRING, Log, layout

from rules.codes import FoulCode, Note
from rules.referee import Match
from rules.registry import discipline_class
from rules.ruling import BallInHand, Choice, Declarations, RulesError
from simulator.table.specs import CUE_BALL, table_by_name
from simulator.table.state import Where


def break_pot(m: Match, ball: int = 1, pocket: str = "foot_left") -> Log:
    """A legal break that pockets ``ball``."""
    on = [b for b in m.table().on_table() if b != CUE_BALL]
    first = 1 if 1 in on else on[0]
    lg = Log(m.table()).stroke().hit(0, first).rails(on[:4])
    return lg.pot(ball, pocket)


def win_nine_on_break(m: Match) -> None:
    r = m.apply(break_pot(m, 9, "side_left").shot())
    assert r.game_over


@pytest.mark.parametrize("name,expected", [
    ("8-ball", "8-ball"), ("восьмерка", "8-ball"), ("Eight", "8-ball"),
    ("девятка", "9-ball"), ("9ball", "9-ball"), ("прямой пул", "14.1"),
    ("14+1", "14.1"), ("straight", "14.1"),
])
def test_disciplines_by_name_and_alias(name: str, expected: str) -> None:
    assert discipline_class(name).name == expected


def test_unknown_discipline_and_bad_options_name_the_field() -> None:
    with pytest.raises(RulesError, match="discipline"):
        Match(["A", "B"], "snooker")
    with pytest.raises(RulesError, match=r"options\.race_to"):
        Match(["A", "B"], "9-ball", {"race_to": 0})
    with pytest.raises(RulesError, match=r"options\.break_order"):
        Match(["A", "B"], "9-ball", {"break_order": "random"})
    with pytest.raises(RulesError, match="players"):
        Match(["A", "B", "C"], "9-ball")
    with pytest.raises(RulesError, match=r"options\.first_breaker"):
        Match(["A", "B"], "8-ball", {"first_breaker": 2})


def test_first_break_from_the_kitchen() -> None:
    m = Match(["A", "B"], "9-ball", {"first_breaker": 1})
    req = m.requirements()
    assert req.shooter == 1 and req.is_break
    assert req.ball_in_hand is BallInHand.KITCHEN
    assert req.legal_first_contacts == (1,)
    assert m.table().position(9) is not None


def test_race_to_two_and_winner_breaks() -> None:
    m = Match(["A", "B"], "9-ball", {"race_to": 2, "break_order": "winner"})
    win_nine_on_break(m)
    assert m.games_won == (1, 0) and not m.over
    assert m.requirements().shooter == 0 and m.requirements().is_break
    r = m.apply(break_pot(m, 9, "side_left").shot())
    assert r.match_over and r.match_winner == 0 and m.over
    assert Note.RACE_WON in [n.code for n in r.notes]
    with pytest.raises(RulesError, match="over"):
        m.requirements()


@pytest.mark.parametrize("order,first,second", [
    ("winner", 0, 0), ("alternate", 0, 1), ("loser", 0, 1), ("trailing", 0, 1),
])
def test_break_order_options(order: str, first: int, second: int) -> None:
    """General rule 29: the winner breaks, or the three organiser options."""
    m = Match(["A", "B"], "9-ball", {"race_to": 5, "break_order": order})
    assert m.requirements().shooter == first
    win_nine_on_break(m)  # player 0 wins game 1
    assert m.requirements().shooter == second


def test_trailing_player_breaks() -> None:
    m = Match(["A", "B"], "9-ball", {"race_to": 5, "break_order": "trailing"})
    win_nine_on_break(m)  # A 1-0: B trails and breaks
    assert m.requirements().shooter == 1
    win_nine_on_break(m)  # B wins: 1-1, level: alternate from B
    assert m.games_won == (1, 1)
    assert m.requirements().shooter == 0


def test_eight_ball_alternates_by_default() -> None:
    """8-ball rule 4: in individual events the break alternates."""
    m = Match(["A", "B"], "8-ball", {"race_to": 3})
    assert m.options["break_order"] == "alternate"


def test_fourteen_one_target_ends_the_match() -> None:
    m = Match(["A", "B"], "14.1", {"target": 1})
    t = m.table()
    lg = Log(t).stroke().hit(0, 1).hit(1, 7).pot(7, "foot_right")
    r = m.apply(lg.shot(), Declarations(7, "foot_right"))
    assert r.game_over and r.match_over and r.winner == 0
    assert m.scores == (1, 0)


def test_pending_choice_blocks_shots() -> None:
    m = Match(["A", "B"], "8-ball")
    lg = Log(m.table()).stroke().hit(0, 1).rails([1, 2])
    r = m.apply(lg.shot())
    assert r.options and m.requirements().pending
    with pytest.raises(RulesError, match="choice is pending"):
        m.apply(Log(m.table()).stroke().shot())
    with pytest.raises(RulesError, match="not open"):
        m.choose(Choice.SPOT_EIGHT)
    with pytest.raises(RulesError, match="unknown option"):
        m.choose("dance")
    m.choose("accept_table")
    assert m.requirements().shooter == 1 and not m.requirements().pending


def test_judge_is_pure_apply_changes() -> None:
    m = Match(["A", "B"], "9-ball")
    shot = break_pot(m, 3).shot()
    before = m.state
    r1 = m.judge(shot)
    assert m.state == before and not m.history
    r2 = m.apply(shot)
    assert r1 == r2 and m.state != before and len(m.history) == 1


def test_undo_and_replay() -> None:
    m = Match(["A", "B"], "8-ball", {"race_to": 2}, seed=11)
    states = [m.state]
    m.apply(break_pot(m, 3).shot())
    states.append(m.state)
    lg = Log(m.table()).stroke().hit(0, 2).rail(2, "foot")
    m.apply(lg.shot(), Declarations(2, "foot_left"))
    states.append(m.state)
    m.call_foul(FoulCode.TOUCHED_BALL)
    states.append(m.state)
    data = json.loads(json.dumps(m.to_dict()))
    again = Match.from_dict(data)
    assert again.state == m.state and again.rulings == m.rulings
    m.undo()
    assert m.state == states[2]
    m.undo_to(1)
    assert m.state == states[1]
    m.undo(1)
    assert m.state == states[0]
    with pytest.raises(RulesError, match="undo"):
        m.undo()


def test_racks_are_seeded() -> None:
    a = Match(["A", "B"], "8-ball", seed=5).table()
    b = Match(["A", "B"], "8-ball", seed=5).table()
    c = Match(["A", "B"], "8-ball", seed=6).table()
    assert a == b and a != c


def test_stored_match_errors_name_the_field() -> None:
    m = Match(["A", "B"], "9-ball")
    m.apply(break_pot(m, 3).shot())
    data = m.to_dict()
    data["actions"][0]["shot"]["events"][0]["kind"] = "teleport"
    with pytest.raises(RulesError, match=r"match.actions\[0\].shot.events\[0\]"):
        Match.from_dict(data)
    with pytest.raises(RulesError, match=r"match\.format"):
        Match.from_dict({"players": []})


def test_stalemate_replays_with_same_breaker() -> None:
    """8-ball 16 and reading P10: re-rack, the same player breaks, no score."""
    m = Match(["A", "B"], "8-ball", {"first_breaker": 1})
    m.apply(Log(m.table()).stroke().hit(0, 1).rails([1, 2, 3, 4]).shot())
    r = m.call_foul(Note.STALEMATE)
    assert r.game_over and r.winner is None and r.rerack
    assert m.games_won == (0, 0)
    assert m.requirements().shooter == 1 and m.requirements().is_break


def test_called_foul_needs_a_person_code() -> None:
    m = Match(["A", "B"], "9-ball")
    with pytest.raises(RulesError, match="judged from the shot"):
        m.call_foul(FoulCode.SCRATCH)


# -- the lag (general rule 5) -----------------------------------------------
def lag_shot(p0: tuple[float, float], p1: tuple[float, float],
             cross: bool = False) -> Log:
    lg = Log(layout({1: (0.4, 0.4), 2: (0.4, 0.87)})).stroke()
    lg.rail(1, "foot").rail(2, "foot")
    if cross:
        lg.cross(2, LONG_STRING, -1)
    return lg.move(1, *p0).move(2, *p1)


def test_lag_decides_the_break() -> None:
    m = Match(["A", "B"], "9-ball", {"lag": True})
    assert m.requirements().is_lag
    res = m.lag(lag_shot((0.2, 0.4), (0.1, 0.87), cross=True).shot(), (1, 2))
    assert res.winner == 0
    req = m.requirements()
    assert req.pending == (Choice.BREAK, Choice.GIVE_BREAK) and req.chooser == 0
    m.choose(Choice.GIVE_BREAK)
    assert m.requirements().shooter == 1 and m.requirements().is_break


def test_relag_keeps_the_lag_open() -> None:
    m = Match(["A", "B"], "9-ball", {"lag": True})
    res = m.lag(lag_shot((0.2, 0.4), (0.2003, 0.87)).shot(), (1, 2))
    assert res.winner is None and m.requirements().is_lag
    res = m.lag(lag_shot((0.3, 0.4), (0.2, 0.87)).shot(), (1, 2))
    assert res.winner == 1
    m.choose(Choice.BREAK)
    assert m.requirements().shooter == 1
    again = Match.from_dict(m.to_dict())
    assert again.state == m.state


# -- 14.1 flow through a whole rack -----------------------------------------
def test_fourteen_one_rerack_through_the_match() -> None:
    m = Match(["A", "B"], "14.1", {"target": 100}, seed=2)
    lg = Log(m.table()).stroke().hit(0, 1).rails([0, 2, 3])
    m.apply(lg.shot())  # legal break, nothing called: B to shoot
    pocket = "foot_left"
    points = 0
    while True:
        table = m.table()
        on = [b for b in table.on_table() if b != CUE_BALL]
        if len(on) <= 1:
            break
        req = m.requirements()
        assert req.shooter == 1 and req.call_needed
        r = m.apply(Log(table).stroke().hit(0, on[0]).pot(on[0], pocket).shot(),
                    Declarations(on[0], pocket))
        points += 1
        if r.rerack:
            assert Note.RERACK_14 in [n.code for n in r.notes]
            break
    assert m.scores == (0, 14)
    table = m.table()
    on = [b for b in table.on_table() if b != CUE_BALL]
    assert len(on) == 15  # 14 racked and the 15th
    spec = table_by_name(table.table)
    assert table.position(CUE_BALL) is not None
    assert all(table.ball(b).where is Where.TABLE for b in on)
    _ = (spec, FOOT, points)


def test_nine_ball_fouls_do_not_carry_into_the_next_game() -> None:
    """9-ball 11: the three fouls must be in one game."""
    m = Match(["A", "B"], "9-ball", {"race_to": 3})
    m.apply(Log(m.table()).stroke().hit(0, 1).rails([2, 3, 4, 5]).shot())
    m.call_foul("foul.touched_ball")  # B, at the table after the break, fouls
    assert m.state.fouls == (0, 1)
    r = m.apply(Log(m.table()).stroke().hit(0, 1).hit(1, 9).pot(9, "side_left")
                .shot())
    assert r.game_over and r.winner == 0  # A: combination on the 9 from in hand
    assert m.state.fouls == (0, 0) and m.games_won == (1, 0)


def test_save_is_atomic_and_load_replays(tmp_path: Path) -> None:
    m = Match(["A", "B"], "14.1", {"target": 30}, seed=9)
    m.apply(Log(m.table()).stroke().hit(0, 1).rails([0, 2]).shot())
    m.choose("accept_table")
    path = tmp_path / "match.json"
    m.save(path)
    assert [p.name for p in tmp_path.iterdir()] == ["match.json"]
    again = Match.load(path)
    assert again.state == m.state and again.scores == (-2, 0)
    path.write_text("{", encoding="utf-8")
    with pytest.raises(RulesError, match="not valid JSON"):
        Match.load(path)


# -- what the referee calls that the log cannot show -------------------------
def test_called_jump_rejudges_the_last_shot_and_replays() -> None:
    """General rule 23: a ball that touched chalk on the rail is jumped even
    though it rolled back onto the bed: a foul, the ball spotted, in hand."""
    m = Match(["A", "B"], "9-ball")
    win = m.apply(break_pot(m, 2).shot())
    assert not win.fouls and win.next_shooter == 0
    assert not m.requirements().pending
    on = [b for b in m.table().on_table() if b != CUE_BALL]
    lg = Log(m.table()).stroke().hit(0, on[0]).hit(on[0], 5).airborne(5).landed(5)
    before = m.apply(lg.rail(5, "foot").shot())
    assert not before.fouls and before.next_shooter == 1
    steps = len(m.history)
    r = m.call_jumped(5)
    assert [f.code for f in r.fouls] == [FoulCode.BALL_OFF_TABLE]
    assert [f.ref.rule for f in r.fouls] == ["10"]  # 9-ball 10: not spotted
    assert Note.JUMPED_CALLED in [n.code for n in r.notes]
    assert r.next_shooter == 1 and r.ball_in_hand is BallInHand.ANYWHERE
    assert len(m.history) == steps and m.history[-1]["jumped"] == [5]
    assert m.table().ball(5).where is Where.OFF_TABLE
    again = Match.from_dict(json.loads(json.dumps(m.to_dict())))
    assert again.rulings[-1] == r and again.state == m.state
    m.undo()  # the amended shot goes as one step
    assert len(m.history) == steps - 1


def test_called_jump_needs_a_ball_that_left_the_bed() -> None:
    m = Match(["A", "B"], "9-ball")
    with pytest.raises(RulesError, match="not a shot"):
        m.call_jumped(3)
    m.apply(break_pot(m, 2).shot())
    last = m.rulings[-1]
    with pytest.raises(RulesError, match=r"jumped: ball 3 never left the bed"):
        m.call_jumped(3)
    with pytest.raises(RulesError, match=r"jumped: ball 2 never left the bed"):
        m.call_jumped(2)  # pocketed on the break without rising
    assert m.rulings[-1] == last and len(m.history) == 1


def test_called_jump_is_accepted_for_a_cue_ball_that_jumped_off_the_table() -> None:
    """General rule 23: the cue ball flew over the foot rail onto the floor;
    the referee's call on it is accepted (a ball that left the bed), the
    ruling stays the foul of a jumped cue ball, in hand for the opponent,
    and names the call."""
    m = Match(["A", "B"], "9-ball")
    m.apply(break_pot(m, 2).shot())
    on = [b for b in m.table().on_table() if b != CUE_BALL]
    before = m.apply(Log(m.table()).stroke().hit(0, on[0]).off(0).shot())
    assert [f.code for f in before.fouls] == [FoulCode.CUE_OFF_TABLE]
    steps = len(m.history)
    r = m.call_jumped(CUE_BALL)
    assert [f.code for f in r.fouls] == [FoulCode.CUE_OFF_TABLE]
    assert Note.JUMPED_CALLED in [n.code for n in r.notes]
    assert r.next_shooter == 1 and r.ball_in_hand is BallInHand.ANYWHERE
    assert len(m.history) == steps and m.history[-1]["jumped"] == [CUE_BALL]


def test_interference_restored_plays_on_not_restored_replays_the_game() -> None:
    """General rule 28: restored, play goes on with no penalty; not, the
    game is replayed and the same player breaks (no game counted: the
    replayed game keeps its number)."""
    m = Match(["A", "B"], "8-ball", {"first_breaker": 1}, seed=3)
    r = m.call_interference(restorable=True)
    assert r.replay and not r.fouls and m.requirements().shooter == 1
    first_rack = m.table()
    r = m.call_interference(restorable=False)
    assert r.game_over and r.winner is None and r.rerack
    assert Note.INTERFERENCE_NOT_RESTORABLE in [n.code for n in r.notes]
    assert m.games_won == (0, 0) and m.game_number == 1
    req = m.requirements()
    assert req.is_break and req.shooter == 1 and m.table() != first_rack


def test_fourteen_one_interference_new_rack_break_decided_anew() -> None:
    """General rules 28 and 6 in 14.1: the rack is abandoned, a new one
    racked, the scores stand, and a lag (or the players) decides the break."""
    m = Match(["A", "B"], "14.1", {"target": 50, "first_breaker": 1}, seed=4)
    m.apply(Log(m.table()).stroke().hit(0, 1).rails([0, 2]).shot())  # -2
    m.choose(Choice.ACCEPT_TABLE)
    assert m.scores == (0, -2)
    r = m.call_interference(restorable=False)
    assert r.rerack and not r.game_over and r.points == (0, 0)
    assert [n.code for n in r.notes] == [Note.INTERFERENCE_NEW_RACK,
                                          Note.BREAK_DECIDED_ANEW]
    assert m.scores == (0, -2)
    req = m.requirements()
    assert req.is_lag and req.is_break and not req.pending
    assert sorted(m.table().on_table()) == list(range(16))
    with pytest.raises(RulesError, match="lag comes first"):
        m.apply(Log(m.table()).stroke().hit(0, 1).shot())
    at_lag = len(m.history)
    # The players agree that A breaks ...
    m.choose(Choice.BREAK, 0)
    req = m.requirements()
    assert not req.is_lag and req.shooter == 0 and req.is_break
    assert m.scores == (0, -2)
    # ... or they lag for it: B wins and gives the break to A.
    m.undo_to(at_lag)
    assert m.requirements().is_lag
    res = m.lag(lag_shot((0.3, 0.4), (0.2, 0.87)).shot(), (1, 2))
    assert res.winner == 1
    m.choose(Choice.GIVE_BREAK)
    req = m.requirements()
    assert req.shooter == 0 and req.is_break and m.scores == (0, -2)
    again = Match.from_dict(json.loads(json.dumps(m.to_dict())))
    assert again.state == m.state and again.requirements() == req


def test_fourteen_one_restored_interference_keeps_the_rack() -> None:
    m = Match(["A", "B"], "14.1", {"target": 50}, seed=4)
    table = m.table()
    r = m.call_interference(restorable=True)
    assert r.replay and not r.rerack and m.table() == table
    assert not m.requirements().is_lag


def test_the_ended_game_is_kept_on_the_step_that_ended_it_only() -> None:
    """A game's end racks the next game at once; the ended one is kept, as
    it lay, for that step only: undo and a stored match give it back, and
    the next step (here the match conceded) leaves none."""
    m = Match(["Anna", "Boris"], "9-ball", {"race_to": 3}, seed=3)
    first = m.table()
    assert m.ended_game is None
    m.concede(0)
    ended = m.ended_game
    assert ended is not None and ended.table == first
    assert m.table() != first and m.games_won == (0, 1)
    again = Match.from_dict(m.to_dict())
    assert again.ended_game is not None and again.ended_game.table == first
    m.concede(0, whole_match=True)
    assert m.over and m.ended_game is None
    m.undo()
    assert m.ended_game is ended
