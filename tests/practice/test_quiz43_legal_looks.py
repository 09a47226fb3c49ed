"""What made a legal stroke look like a foul, which the quiz explains under
"No foul", is the referee's own fact (``Discipline.legal_looks``), read
from the condition the ruling was made by: the quiz had conditions of its
own (a cue ball lying in the kitchen for one in hand there) and said
"the cue ball left the kitchen and came back off a cushion, which is
allowed (general rule 7)" where rule 7 never applied."""

from __future__ import annotations

from dataclasses import replace

from rules.ruling import BallInHand
from simulator.practice import library
from simulator.practice.quiz import cleared, fouled
from simulator.practice.scenario import Scenario, play_scenario

KITCHEN = "8ball-kitchen-by-the-foot-rail"


def looks(sc: Scenario) -> set[str]:
    played = play_scenario(sc)
    assert not fouled(played.ruling)
    return {c.key for c in cleared(sc, played.shot, played.ruling)}


def test_the_kitchen_rebound_is_said_only_with_the_cue_ball_in_hand() -> None:
    """General rule 7 (reading P1) binds a cue ball in hand in the kitchen:
    the same stroke with the cue ball lying there, not in hand, breaks no
    rule and has no kitchen rule to be cleared of."""
    sc = library.load(KITCHEN)
    assert sc.game.ball_in_hand is BallInHand.KITCHEN
    assert "kitchen_rail" in looks(sc)
    lying = replace(sc, game=sc.game.with_(ball_in_hand=BallInHand.NONE))
    assert "kitchen_rail" not in looks(lying)


def test_the_quiz_says_what_the_referee_holds() -> None:
    """Every quiz situation of the library: the looks explained are the
    referee's, and the known ones are there (general rules 7, 20, 22, 31;
    8-ball 6; 9-ball 5; Express 2.6 item 6)."""
    expected = {"8ball-frozen-shot-through": "frozen_double",
                "8ball-frozen-cushion-legal": "frozen_rail",
                KITCHEN: "kitchen_rail", "9ball-jump-shot": "jump",
                "8ball-open-table-eight-first": "eight_first_open",
                "9ball-push-out-hand-back": "push_out",
                "express-house-off-the-cushion": "house_rail"}
    found: dict[str, set[str]] = {}
    for e in library.library().entries:
        if not e.has_question:
            continue
        sc = library.load(e.id)
        played = play_scenario(sc)
        got = cleared(sc, played.shot, played.ruling)
        if fouled(played.ruling):
            assert got == ()
            continue
        assert got == sc.referee.legal_looks(sc.game, played.shot, played.ruling)
        found[e.id] = {c.key for c in got}
    for sid, key in expected.items():
        assert key in found[sid], (sid, found[sid])
