"""A foul a person saw in the last shot (general rules 3, 11, 19, 33; 14.1
7.5; Express 2.6), called when another player may already be at the table:
``Match.call_on_shot`` judges the shot again with it, charged to the player
who played it; one penalty with any foul the log showed (general rule 24);
the call is a step of its own (undo, a saved match)."""

from __future__ import annotations

import math
from typing import Any

from rules.referee import Match
from rules.ruling import Choice, Declarations
from simulator.physics import simulate
from simulator.practice.scenario import parse_scenario
from simulator.table.events import Stroke


def match_at(disc: str, balls: dict[str, list[float]], players: int = 2,
             state: dict[str, Any] | None = None) -> Match:
    draft = {"format": "kiy-scenario", "version": 1, "id": "called",
             "discipline": disc, "players": players,
             "title": {"en": "Called", "ru": "Фол"}, "balls": balls,
             "state": {"is_break": False, **(state or {})}}
    return Match.from_state([f"p{i}" for i in range(players)], disc,
                            parse_scenario(draft).game, {}, seed=1)


def play(m: Match, towards: tuple[float, float], speed: float,
         decl: Declarations | None = None) -> None:
    cue = m.table().position(0)
    assert cue is not None
    angle = math.atan2(towards[1] - cue[1], towards[0] - cue[0])
    m.apply(simulate(m.table(), Stroke(direction=angle, speed=speed)), decl)


POOL = {"0": [0.25, 0.25], "1": [1.8, 0.9], "2": [2.2, 0.4], "3": [1.5, 0.3]}


def test_a_foul_called_on_a_14_1_scratch_is_not_charged_twice() -> None:
    """p0 misses every ball (-1, one foul on the count, 14.1 11-12); a
    touched ball called on the same stroke adds no penalty (general rule
    24): still -1 and one foul, p1 at the table. Undo takes back the call
    alone; a saved match replays it."""
    m = match_at("14.1", POOL)
    play(m, (0.0, 0.0), 0.4)
    shot = m.rulings[-1]
    assert shot is not None and [f.code.id for f in shot.fouls] == ["foul.bad_hit"]
    assert m.state.scores == (-1, 0)
    r = m.call_on_shot("foul.touched_ball")
    assert r.shooter == 0 and r.next_shooter == 1
    assert {f.code.id for f in r.fouls} == {"foul.touched_ball", "foul.bad_hit"}
    assert m.state.scores == (-1, 0)
    assert m.state.fouls == (1, 0)  # type: ignore[attr-defined]
    again = Match.from_dict(m.to_dict())
    assert again.state == m.state and again.history[-1].get("on") == "shot"
    m.undo()
    assert m.rulings[-1] is shot and m.state.scores == (-1, 0)


def test_a_called_intentional_foul_on_a_14_1_stroke() -> None:
    """14.1 7.5 called on p0's stroke (a miss) after it: -16 (one and
    fifteen), and p1 chooses: the table the stroke left (not the one before
    it), from behind the head string, or a new rack p0 breaks."""
    m = match_at("14.1", POOL)
    play(m, (1.8, 0.9), 1.0, Declarations(1, None))
    left = m.table().position(0)
    assert left is not None and math.dist(left, (0.25, 0.25)) > 0.05
    r = m.call_on_shot("foul.intentional")
    assert r.shooter == 0 and r.chooser == 1
    assert m.state.scores == (-16, 0)
    assert set(r.options) == {Choice.ACCEPT_FROM_KITCHEN,
                              Choice.RERACK_OFFENDER_BREAKS}
    assert m.table().position(0) == left  # where the stroke left it
    m.choose(Choice.ACCEPT_FROM_KITCHEN)
    assert m.requirements().shooter == 1
    assert m.requirements().ball_in_hand.value == "kitchen"


def test_an_express_foul_called_on_the_last_shot_is_its_shooters() -> None:
    """Express, three players: p0 misses (no foul) and p1 is at the table; a
    touched ball called on p0's stroke costs p0 five points, not p1 (2.6),
    and p1 has the offended player's choice: play, or have p0 play again."""
    m = match_at("express", {"0": [0.5, 0.9], "1": [2.0, 0.9], "2": [2.5, 0.5]},
                 players=3)
    play(m, (2.0, 0.9), 1.5)
    shot = m.rulings[-1]
    assert shot is not None and not shot.fouls and m.state.shooter == 1
    assert m.state.scores == (30, 30, 30)
    r = m.call_on_shot("foul.touched_ball")
    assert r.shooter == 0 and [f.code.id for f in r.fouls] == [
        "express.foul.touched_ball"]
    assert m.state.scores == (25, 30, 30)
    assert r.chooser == 1 and set(r.options) == {Choice.SHOOT,
                                                 Choice.FORCE_OFFENDER}


def test_a_foul_called_after_the_offended_players_choice() -> None:
    """Express, three players: p0 hits no ball (a foul, SEED-E 2.6) and p1
    has p0 play again (FORCE_OFFENDER); only then is a touched ball called
    on p0's stroke. The call is still on that stroke (the choice answered
    the ruling the call replaces): one penalty for both fouls (general rule
    24: 25 points, not 20), p1 chooses again. A saved match replays it; undo
    takes back the call alone, p0 at the table as p1 chose."""
    m = match_at("express", {"0": [0.5, 0.9], "1": [2.0, 0.9], "2": [2.5, 0.5]},
                 players=3)
    play(m, (0.0, 0.0), 0.4)
    shot = m.rulings[-1]
    assert shot is not None and [f.code.id for f in shot.fouls] == [
        "express.foul.no_contact"]
    m.choose(Choice.FORCE_OFFENDER)
    assert m.requirements().shooter == 0
    assert m.called_shot() == 0
    r = m.call_on_shot("foul.touched_ball")
    assert r.shooter == 0 and sorted(f.code.id for f in r.fouls) == [
        "express.foul.no_contact", "express.foul.touched_ball"]
    assert m.state.scores == (25, 30, 30)
    assert r.chooser == 1 and m.requirements().pending
    assert m.shot_ruling(0) is r
    again = Match.from_dict(m.to_dict())
    assert again.state == m.state
    m.undo()
    assert m.shot_ruling(0) is shot and m.requirements().shooter == 0
    assert not m.requirements().pending
