"""Express as a discipline of the shared Match: registry names, options,
undo and replay, the judge entry point, the locale, and bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules import express, express_case
from rules.codes import code_by_id
from rules.referee import Match
from rules.registry import discipline_class
from rules.ruling import BallInHand, Choice, RulesError
from simulator.table.events import Event, EventKind, Shot, Stroke
from simulator.table.specs import CUE_BALL
from simulator.table.state import TableState

ROOT = Path(__file__).resolve().parents[2]


def shot(m: Match, *events: str, cue: tuple[float, float] | None = None) -> Shot:
    """A shot from the current table, built from the case shorthand."""
    state = m.table()
    if cue is not None:
        state = state.place(CUE_BALL, *cue)
    evs = tuple(Event.from_dict(express_case.short_event(e, i, "test"))
                for i, e in enumerate(events))
    final = state
    for e in evs:
        if e.kind is EventKind.POCKETED:
            final = final.remove(e.balls[0])
    return Shot(state, Stroke(0.0, 1.0), evs, final)


@pytest.mark.parametrize("name", ["express", "Express", "ЭКСПРЕСС", "экспресс",
                                  "экспресс-пирамида"])
def test_found_by_name_and_alias(name: str) -> None:
    assert discipline_class(name) is express.Express


@pytest.mark.parametrize("n", [2, 9])
def test_three_to_eight_players(n: int) -> None:
    with pytest.raises(RulesError, match="3-8 players"):
        Match([f"p{i}" for i in range(n)], "express")


@pytest.mark.parametrize(("opts", "field"), [
    ({"max_signatures": 4}, "options.max_signatures"),
    ({"ace_is_11": 1}, "options.ace_is_11"),
    ({"signature_stakes": [1, 2]}, "options.signature_stakes"),
    ({"initial_points": 0}, "options.initial_points"),
    ({"rack": "diamond"}, "options.rack"),
    ({"race_tp": 3}, "options.race_tp"),
    ({"ante": 5, "starting_chips": 3}, "options.starting_chips"),
    ({"table": "pool_9ft"}, "options.table"),
])
def test_bad_options_name_the_field(opts: dict[str, Any], field: str) -> None:
    with pytest.raises(RulesError, match=field.replace(".", r"\.")):
        Match(["a", "b", "c"], "express", opts)


def test_random_rack_option_keeps_the_high_balls_inside() -> None:
    m = Match(["a", "b", "c"], "express", {"rack": "random"}, seed=11)
    order = m.state.rack_order  # type: ignore[attr-defined]
    assert {order[i] for i in (4, 7, 8)} == {13, 14, 15}
    assert order != Match(["a", "b", "c"], "express", {"rack": "random"},
                          seed=12).state.rack_order  # type: ignore[attr-defined]


def test_a_match_through_the_shared_match_with_undo_and_replay() -> None:
    m = Match(["Anna", "Boris", "Vera"], "экспресс", {"ante": 2}, seed=3)
    req = m.requirements()
    assert req.is_break and req.ball_in_hand is BallInHand.HOUSE
    assert req.check_placement(m.table(), 0.8875, 0.8875) is not None
    r = m.apply(shot(m, "stroke", "hit 0 4", "pot 7", cue=(0.5, 0.8875)))
    assert r.points == (2, 0, 0) and r.next_shooter == 0
    # Anna fouls: Boris chooses; Vera was the write-off victim before.
    r = m.apply(shot(m, "stroke", "tip 0", "hit 0 5", "cushion 5"))
    assert r.fouls and r.chooser == 1 and m.requirements().pending
    m.choose(Choice.FORCE_OFFENDER)
    assert m.requirements().shooter == 0
    r = m.apply(shot(m, "stroke", "hit 0 15", "pot 15", "hit 0 14", "pot 14"))
    assert m.scores == (31, 30, 1)
    r = m.apply(shot(m, "stroke", "hit 0 13", "pot 13"))
    assert m.state.status == ("active", "active", "waiting")  # type: ignore[attr-defined]
    assert r.next_shooter == 1
    m.choose(Choice.SIGN, 2)  # Vera signs during Boris's turn
    assert m.scores == (33, 30, 30)
    assert m.state.bank == 8  # type: ignore[attr-defined]
    stored = json.loads(json.dumps(m.to_dict()))
    again = Match.from_dict(stored)
    assert again.state == m.state
    m.undo()
    assert m.state.status[2] == "waiting"  # type: ignore[attr-defined]
    m.undo(1)
    assert m.scores == (31, 30, 1)
    m.undo(2)
    assert m.requirements().pending == (Choice.SHOOT, Choice.FORCE_OFFENDER)


def test_match_call_foul_maps_the_pool_code() -> None:
    m = Match(["a", "b", "c"], "express")
    r = m.call_foul("foul.touched_ball")
    assert [f.code.id for f in r.fouls] == ["express.foul.touched_ball"]
    assert r.points == (-5, 0, 0)


def test_match_over_with_a_winner() -> None:
    m = Match(["a", "b", "c"], "express", {"initial_points": 5})
    m.apply(shot(m, "stroke", "hit 0 4", "pot 4", cue=(0.5, 0.8875)))
    r = m.apply(shot(m, "stroke", "hit 0 6", "pot 6"))  # c: 5 -> -1, waiting
    assert r.next_shooter == 1
    r = m.apply(shot(m, "stroke", "hit 0 7", "pot 7"))  # b writes a off: 11 -> 4
    r = m.apply(shot(m, "stroke", "hit 0 8", "pot 8"))  # a: 4 -> -4, last two
    assert r.game_over and r.match_over and r.match_winner == 1
    assert m.over and m.winner == 1


def test_state_round_trips_through_plain_data() -> None:
    disc = express.Express({"ace_is_11": True})
    st = disc.new_game(4, 2, 0, "pyramid_12ft")
    again = disc.state_from_dict(json.loads(json.dumps(st.to_dict())))
    assert again == st
    bad = st.to_dict()
    bad["status"] = ["active", "gone", "active", "active"]
    with pytest.raises(RulesError, match=r"state\.status\[1\]"):
        disc.state_from_dict(bad)
    bad = st.to_dict()
    bad["bank"] = 99
    with pytest.raises(RulesError, match=r"state\.bank"):
        disc.state_from_dict(bad)


def test_a_shot_from_another_table_is_refused() -> None:
    m = Match(["a", "b", "c"], "express")
    other = TableState.from_positions("pool_9ft", {0: (0.3, 0.6)})
    with pytest.raises(RulesError, match=r"shot\.initial\.table"):
        m.apply(Shot(other, Stroke(0, 1), (), other))


def test_every_code_has_russian_and_english_text_citing_its_rule() -> None:
    en = json.loads((ROOT / "assets/locale/en/express.json").read_text("utf-8"))
    ru = json.loads((ROOT / "assets/locale/ru/express.json").read_text("utf-8"))
    for c in express.codes():
        assert code_by_id(c.id) is c
        for lang, texts in (("en", en), ("ru", ru)):
            text = texts.get(c.id)
            assert text, f"{lang}: {c.id} has no text"
            assert "(" in text and ")" in text, f"{lang}: {c.id} cites no rule"
        if c.kind.value == "foul":
            item = c.ref.rule  # 2.6.n: the text names the same item
            assert item.startswith("2.6.")
            assert f"2.6, item {item[4:]}" in en[c.id]
            assert f"п. {item}" in ru[c.id]
    assert set(en) == set(ru)


def test_judge_entry_point_prints_the_last_ruling() -> None:
    case = {"game": "экспресс", "players": 3,
            "state": {"table": {"0": [1.2, 0.6], "5": [2.2, 1.2], "9": [1.5, 1.3]}},
            "shot": {"events": ["stroke", "hit 0 5", "pot 5"]}}
    out = express_case.judge_case(case)
    assert out["points"] == [2, 0, -5] and out["discipline"] == "express"
    full = express_case.judge_case(case, with_next=True)
    assert full["scores"] == [32, 30, 25] and full["next"]["shooter"] == 0
    assert full["next"]["victim"] == 2


@pytest.mark.parametrize(("case", "field"), [
    ({"players": 2, "shot": {}}, "case.players"),
    ({"game": "8-ball", "shot": {}}, "case.game"),
    ({"shot": {"events": ["smash 0"]}}, r"case.steps\[0\].shot.events\[0\]"),
    ({"shot": {"events": [{"kind": "bounce"}]}}, r"case.steps\[0\].shot.events\[0\]"),
    ({"state": {"scores": [1, 2]}, "shot": {}}, "case.state.scores"),
    ({"state": {"table": {"0": [9.0, 0.5]}}, "shot": {}}, "case.state.table"),
    ({"state": {"colour": 1}, "shot": {}}, "case.state.colour"),
    ({"steps": [{"sign": 7}]}, r"case.steps\[0\].sign"),
    ({"steps": [{"choice": "shoot", "shot": {}}]}, r"case.steps\[0\]"),
    ({"frames": 1, "shot": {}}, "case.frames"),
    ({}, "case.shot"),
])
def test_bad_cases_name_the_field(case: dict[str, Any], field: str) -> None:
    case.setdefault("players", 3)
    with pytest.raises(RulesError, match=field):
        express_case.run_case(express_case.load_case(case))


def test_the_checker_reports_differences() -> None:
    case = {"players": 3, "state": {"table": {"0": [1.2, 0.6], "5": [2.2, 1.2]}},
            "shot": {"events": ["stroke", "hit 0 5", "pot 5"]}}
    res = express_case.run_case(express_case.load_case(case))[0]
    assert express_case.check({"points": [2, 0, -5], "victim": 2}, res) == []
    bad = express_case.check({"points": [2, -5, 0], "notes": ["express.note.won"],
                              "winner": 1, "spots": [[5, 1.0, 1.0]]}, res)
    assert len(bad) == 4
    assert express_case.check({"colour": 1}, res) == ["expect.colour: unknown key"]


def test_the_pool_case_format_also_judges_an_express_shot() -> None:
    from rules.case import load_case, run_case

    data: dict[str, Any] = {
        "game": "экспресс", "players": 3,
        "state": {"is_break": False, "ball_in_hand": "none", "shooter": 1},
        "shot": {"initial": {"table": "pyramid_12ft", "balls": [
            {"ball": 0, "where": "table", "x": 1.2, "y": 0.6},
            {"ball": 5, "where": "table", "x": 2.2, "y": 1.2},
            {"ball": 9, "where": "table", "x": 1.5, "y": 1.3}]},
            "events": [{"kind": "stroke", "time": 0, "balls": [0]},
                       {"kind": "ball_ball", "time": 0.1, "balls": [0, 9]},
                       {"kind": "pocketed", "time": 0.2, "balls": [9],
                        "pocket": "side_left"}]}}
    result = run_case(load_case(data))
    assert result.ruling.points == (-9, 2, 0)
    assert result.state.table.ball(12).where.value == "pocketed"


def test_interference_that_cannot_be_restored_is_refused_in_express() -> None:
    """Digest §2.12: the pyramid rules restore the position; there is no
    replayed game in Express."""
    m = Match(["a", "b", "c"], "express")
    with pytest.raises(RulesError, match=r"digest §2\.12"):
        m.call_interference(restorable=False)
    assert m.call_interference(restorable=True).replay


def test_a_player_leaves_mid_match_and_the_bank_stays_for_the_winner() -> None:
    """Reading R21 (the seeds are silent on leaving): the player at the
    table is out as one who missed the signature deadline (SEED-E 2.5); his
    ante stays in the bank and goes to the winner (G9), his other chips stay
    his; the next player takes the table as it lies; one left wins."""
    m = Match(["Anna", "Boris", "Vera"], "express", {"ante": 2}, seed=3)
    m.apply(shot(m, "stroke", "hit 0 4", "pot 7", cue=(0.5, 0.8875)))
    assert m.requirements().shooter == 0
    chips = m.state.chips  # type: ignore[attr-defined]
    bank = m.state.bank  # type: ignore[attr-defined]
    table = m.table()
    r = m.call_foul("loss.conceded")  # Anna leaves
    assert [n.code.id for n in r.notes] == ["express.note.left"]
    assert r.notes[0].ref.rule == "R21" and not r.fouls and not r.game_over
    assert m.state.status == ("out", "active", "active")  # type: ignore[attr-defined]
    assert m.requirements().shooter == 1 and m.table() == table
    assert m.state.chips == chips and m.state.bank == bank  # type: ignore[attr-defined]
    assert m.scores[1:] == (30, 30)
    m.call_foul("loss.conceded")  # Boris leaves: Vera is the last one
    assert m.over and m.winner == 2
    assert m.state.bank == 0  # type: ignore[attr-defined]
    assert m.state.chips[2] == chips[2] + bank  # type: ignore[attr-defined]
    assert m.state.chips[:2] == chips[:2]  # type: ignore[attr-defined]
    m.undo()
    assert m.state.status == ("out", "active", "active")  # type: ignore[attr-defined]
