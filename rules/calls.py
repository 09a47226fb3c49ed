"""What a shot must call before the stroke, asked with what the aim shows.

The referee judges a shot's call after the fact (8-ball's ``call_kept`` and
``obvious``); an interface must know before the stroke whether to ask for
one. These small pure functions answer that from the next shot's
``ShotRequirements`` and a description of the aimed shot:

- 8-ball rule 2, the gentleman's call: obvious balls and pockets are not
  announced; banks, kicks and combinations are, ball and pocket;
- 14.1 rules 1 and 7.1: every shot is called, ball and pocket;
- a declared safety needs no call (8-ball rule 9, 14.1 rule 7.4);
- 9-ball (rule 1: "no call is needed") and Express call nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.ruling import DECL_CALL, ShotRequirements


class CallRule(StrEnum):
    NONE = "none"  # nothing is called (9-ball 1, Express)
    GENTLEMAN = "gentleman"  # obvious shots need no call (8-ball 2)
    EVERY_SHOT = "every_shot"  # ball and pocket before every shot (14.1 1, 7.1)


@dataclass(frozen=True)
class AimedShot:
    """What the aim shows before the stroke, as geometry sees it."""

    first_ball: int | None  # the ball the cue ball meets first along the aim
    kick: bool  # the cue ball meets a cushion before any ball
    pocket: str | None  # the pocket that ball goes straight into, clear of others


def call_rule(req: ShotRequirements) -> CallRule:
    """The calling rule of the next shot (none when no call may be made)."""
    if not (req.call_needed or DECL_CALL in req.allowed_declarations):
        return CallRule.NONE
    if not req.call_needed:
        return CallRule.NONE  # a call may be made but none is asked (14.1 break)
    from rules import registry  # the game's facts (registry imports every game)
    calls = registry.info(req.discipline).calls
    return CallRule.GENTLEMAN if calls.obvious_free else CallRule.EVERY_SHOT


def obvious_call(req: ShotRequirements, aimed: AimedShot) -> tuple[int, str] | None:
    """The call the aim makes plain under the gentleman's call (8-ball 2): the
    first ball hit, one that may be called, sent straight into a pocket with
    no cushion before it. None when the shot is a bank, a kick or a
    combination, which must be called, or when the game has no such call."""
    if call_rule(req) is not CallRule.GENTLEMAN:
        return None
    if aimed.kick or aimed.first_ball is None or aimed.pocket is None:
        return None
    if req.callable_balls and aimed.first_ball not in req.callable_balls:
        return None
    return aimed.first_ball, aimed.pocket


def call_missing(req: ShotRequirements, safety: bool, ball: int | None,
                 pocket: str | None, obvious: tuple[int, str] | None = None) -> bool:
    """Whether the stroke must wait for a call: one is wanted, none is made
    and the shot is not obvious. A declared safety needs none."""
    rule = call_rule(req)
    if rule is CallRule.NONE or safety:
        return False
    if ball is not None and pocket is not None:
        return False
    return not (rule is CallRule.GENTLEMAN and obvious is not None)
