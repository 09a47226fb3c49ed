"""A kick never starts into a cushion the cue ball touches or nearly
touches, nor so steeply into a near one that the ball comes back onto the
tip: both are double hits (general rule 20). The kick's candidates are
checked as generated and as aimed by simulation (``kick_aim``), and the
stroke chosen is played with the strong player's noise."""

from __future__ import annotations

import math
import random

import pytest

from rules.questions import cue_contacts
from simulator.physics import simulate
from simulator.players import STRENGTHS, ComputerPlayer, aim, search, shots
from simulator.players.search import executed
from simulator.players.strength import draw_noise
from simulator.table.events import Stroke
from simulator.table.specs import CUE_BALL

from .helpers import discipline, state_of

GAME = "9-ball"
R = 0.028575
# The cue ball frozen on the foot-to-head (bottom) cushion, the 1 behind a
# wall of the 2, 3 and 4: only kicks reach it.
FROZEN = {CUE_BALL: (1.0, R), 1: (1.0, 0.9), 2: (1.0, 0.2), 3: (0.94, 0.2),
          4: (1.06, 0.2), 9: (2.2, 1.1)}
# The cue ball 5 cm off the bottom cushion, the 1 almost straight above it
# behind the 2: the one-cushion kick off the bottom cushion meets it at
# some 81 degrees after 5 cm, and the ball comes back onto the tip.
STEEP = {CUE_BALL: (1.0, R + 0.05), 1: (1.062, R + 0.35), 2: (1.031, R + 0.2),
         9: (2.2, 1.1)}


def kicks(balls: dict[int, tuple[float, float]]) -> list[shots.Candidate]:
    """The strong player's kicks here, aimed by simulation."""
    disc = discipline(GAME)
    state = state_of(GAME, balls)
    player = ComputerPlayer(STRENGTHS["strong"])
    req = disc.requirements(state)
    cands, _ = player.candidates(state.table, req, random.Random(1))
    aimed = search.finish(player.aimed_kicks(state.table, cands, search.Budget(200)))
    return [c for c in aimed if c.kind == "kick"]


def into_bottom(c: shots.Candidate) -> float:
    """How steeply (degrees) the kick starts into the bottom cushion (0: not
    into it)."""
    d = aim.from_heading(c.stroke.direction)
    return math.degrees(math.asin(-d[1])) if d[1] < 0.0 else 0.0


def double_hits(balls: dict[int, tuple[float, float]], stroke: Stroke,
                tries: int) -> int:
    state = state_of(GAME, balls)
    rng = random.Random(3)
    out = 0
    for _ in range(tries):
        s = executed(stroke, STRENGTHS["strong"].noise, draw_noise(rng),
                     state.table.spec)
        out += bool(cue_contacts(simulate(state.table, s, frame_dt=1e3).events)
                    .double_hits)
    return out


def test_a_kick_never_starts_into_the_cushion_the_cue_ball_is_frozen_on() -> None:
    found = kicks(FROZEN)
    assert found
    assert all(into_bottom(c) == 0.0 for c in found), \
        [round(c.stroke.direction, 1) for c in found]
    disc = discipline(GAME)
    state = state_of(GAME, FROZEN)
    d = ComputerPlayer(STRENGTHS["strong"]).shot(disc, state, 7)
    assert d.kind == "kick" and into_bottom(
        shots.Candidate("kick", d.intended, d.declarations)) == 0.0
    assert double_hits(FROZEN, d.intended, 20) == 0


def test_no_kick_goes_steeply_into_a_cushion_a_few_centimetres_off() -> None:
    spec = state_of(GAME, STEEP).table.spec
    cue = STEEP[CUE_BALL]
    bounce = aim.bounce_point(cue, STEEP[1], aim.cushion_lines(spec)[0])
    lines = [ln for ln in aim.cushion_lines(spec)
             if (b := aim.bounce_point(cue, STEEP[1], ln)) is not None
             and abs(b[1] - R) < 1e-6]
    assert lines, bounce
    b = aim.bounce_point(cue, STEEP[1], lines[0])
    assert b is not None
    steep = Stroke(direction=aim.heading(aim.sub(b, cue)), speed=3.0, elevation=2.0)
    # The kick the mirror gives off the bottom cushion: square on after
    # 5 cm, the ball comes back onto the tip on every try.
    assert shots.first_cushion(spec, cue, aim.from_heading(steep.direction))[1] > 75.0
    assert double_hits(STEEP, steep, 5) == 5
    assert shots.kick_double_hit(spec, cue, steep.direction)
    # Of every kick the geometry finds, none is that one.
    state = state_of(GAME, STEEP)
    view = shots.View.of(state.table, discipline(GAME).requirements(state))
    every = shots.kick_candidates(view, cue, None, [1], 100, True)
    assert every and all(into_bottom(c) < 45.0 for c in every)


@pytest.mark.parametrize(("gap", "angle", "hit"), [
    (0.0, 20.0, True), (0.005, 10.0, True), (0.02, 20.0, False),
    (0.03, 60.0, True), (0.05, 80.0, True), (0.05, 45.0, False), (0.2, 90.0, False)])
def test_the_double_hit_rule_for_kicks(gap: float, angle: float, hit: bool) -> None:
    spec = state_of(GAME, FROZEN).table.spec
    assert shots.kick_double_hit(spec, (1.0, R + gap), 360.0 - angle) is hit
