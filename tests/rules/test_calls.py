"""rules.calls: which shots need a call, asked before the stroke.

8-ball rule 2 (the gentleman's call: obvious shots need no call; banks,
kicks and combinations do), 8-ball rule 9 and 14.1 rule 7.4 (a declared
safety needs none), 14.1 rules 1 and 7.1 (every shot is called), 9-ball
rule 1 (no call is needed)."""

from __future__ import annotations

from rules.calls import AimedShot, CallRule, call_missing, call_rule, obvious_call
from rules.referee import Match
from rules.ruling import ShotRequirements


def req(game: str, players: int = 2, seed: int = 1) -> ShotRequirements:
    m = Match([f"p{i}" for i in range(players)], game, {}, seed=seed)
    return m.discipline.requirements(
        m.discipline.state_from_dict({**m.state.to_dict(), "is_break": False}))


def test_each_game_calls_as_its_rules_say() -> None:
    assert call_rule(req("8-ball")) is CallRule.GENTLEMAN
    assert call_rule(req("14.1")) is CallRule.EVERY_SHOT
    assert call_rule(req("9-ball")) is CallRule.NONE
    assert call_rule(req("express", 3)) is CallRule.NONE
    # The 14.1 opening break may be called but needs no call (14.1 rule 6).
    m = Match(["a", "b"], "14.1", {}, seed=1)
    brk = m.requirements()
    assert brk.is_break and call_rule(brk) is CallRule.NONE
    assert not call_missing(brk, False, None, None)


def test_an_obvious_8_ball_shot_needs_no_call() -> None:
    r = req("8-ball")
    straight = AimedShot(first_ball=3, kick=False, pocket="foot_left")
    assert obvious_call(r, straight) == (3, "foot_left")
    assert not call_missing(r, False, None, None, obvious_call(r, straight))
    # A bank (no straight pocket), a kick or a combination must be called.
    for aimed in (AimedShot(3, False, None), AimedShot(3, True, "foot_left"),
                  AimedShot(None, False, None)):
        assert obvious_call(r, aimed) is None
        assert call_missing(r, False, None, None, None)
        assert not call_missing(r, False, 3, "side_left")
    # A declared safety needs no call (8-ball rule 9).
    assert not call_missing(r, True, None, None)


def test_14_1_calls_every_shot_but_a_declared_safety() -> None:
    r = req("14.1")
    straight = AimedShot(3, False, "foot_left")
    assert obvious_call(r, straight) is None
    assert call_missing(r, False, None, None)
    assert call_missing(r, False, 3, None)
    assert not call_missing(r, False, 3, "foot_left")
    assert not call_missing(r, True, None, None)


def test_9_ball_and_express_never_ask() -> None:
    for r in (req("9-ball"), req("express", 3)):
        assert not call_missing(r, False, None, None)
        assert obvious_call(r, AimedShot(1, False, "foot_left")) is None
