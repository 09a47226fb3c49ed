"""A computer player's decisions: legal (strokes inside the documented
ranges, declarations the referee allows, the cue ball in hand only where it
may go, choices among those offered), the same for the same seed, and sound
where the answer is plain (a straight-in shot is potted, an easy push-out is
taken, a hopeless one handed back)."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Any

import pytest

from rules import registry
from rules.eight_ball import EightBallState
from rules.game import Discipline, GameState
from rules.referee import Match
from rules.ruling import BallInHand, Choice, ShotRequirements
from simulator.physics import simulate
from simulator.players import STRENGTHS, ComputerPlayer, ShotDecision
from simulator.players import aim as geometry
from simulator.players.strength import ZERO
from simulator.table.specs import CUE_BALL, table_by_name
from simulator.table.state import Where

from .helpers import (
    FAST,
    Tally,
    check_shot,
    discipline,
    scattered,
    state_of,
    sweep_match,
)

POOL = table_by_name("pool_9ft")
R = POOL.balls.radius


def straight_in(pocket_name: str = "foot_left", back: float = 0.5,
                to_pocket: float = 0.7) -> dict[int, tuple[float, float]]:
    pocket = POOL.pocket(pocket_name)
    u = geometry.rotate(pocket.inward, math.radians(10.0))
    obj = geometry.sub(geometry.aim_point(pocket), geometry.scale(u, to_pocket))
    cue = geometry.sub(geometry.ghost_ball(obj, u, R), geometry.scale(u, back))
    return {CUE_BALL: cue, 1: obj}


@pytest.mark.parametrize("game", ["9-ball", "8-ball", "14.1"])
def test_the_strong_player_pots_a_straight_in_shot_without_noise(game: str) -> None:
    """The 1-ball straight in, the 9 and the 15 on the long rail: under zero
    noise the strong player pots the 1 (in 14.1, where every ball is on
    (14.1 1), the 1 or a rail ball, whichever leaves the better next shot),
    calls it where calls are made (8-ball 2, 14.1 1) and the referee scores
    it."""
    balls = {**straight_in(), 9: (POOL.length / 2, 2 * R), 15: (1.0, 2 * R)}
    state = state_of(game, balls)
    if isinstance(state, EightBallState):
        state = replace(state, groups=("solids", "stripes"))
    disc = discipline(game)
    player = ComputerPlayer(STRENGTHS["strong"].with_noise(ZERO))
    d = player.shot(disc, state, 5)
    assert d.stroke == d.intended  # no noise: played as meant
    if game == "14.1":
        assert d.kind == "pot" and d.target in (1, 9, 15)
    else:
        assert (d.kind, d.target, d.pocket) == ("pot", 1, "foot_left")
    ruling, _ = disc.judge(state, simulate(d.table(state.table), d.stroke),
                           d.declarations)
    assert not ruling.fouls and d.target in ruling.scored
    if registry.info(game).calls.ball:
        assert (d.declarations.called_ball, d.declarations.called_pocket) == \
            (d.target, d.pocket)
    else:
        assert d.declarations.called_ball is None


def test_the_same_seed_gives_the_same_decision() -> None:
    """Bit for bit: the intended and the played stroke, the placement and the
    declarations; another seed plays another stroke (other noise)."""
    rng = random.Random(3)
    cases = [
        (Match(["A", "B"], "8-ball", seed=4).state, "8-ball"),  # the break
        (state_of("9-ball", scattered("9-ball", rng, 5),
                  ball_in_hand=BallInHand.ANYWHERE), "9-ball"),
        (state_of("14.1", scattered("14.1", rng, 8)), "14.1"),
        (state_of("express", scattered("express", rng, 6)), "express"),
    ]
    player = ComputerPlayer(FAST)
    for state, game in cases:
        disc = discipline(game)
        a = player.shot(disc, state, 77)
        b = player.shot(disc, state, 77)
        assert a == b
        assert a.to_dict() == b.to_dict()
        c = player.shot(disc, state, 78)
        assert c.stroke != a.stroke


def test_ball_in_hand_goes_where_the_referee_allows() -> None:
    """Anywhere on the bed (8-ball 11), not frozen to a ball (9-ball 9), in
    the kitchen (general rule 7), the house and the temporary house (digest
    2.6, 2.7): every placement passes ``check_placement``."""
    rng = random.Random(11)
    player = ComputerPlayer(FAST)
    cases = [("8-ball", BallInHand.ANYWHERE), ("9-ball", BallInHand.ANYWHERE),
             ("14.1", BallInHand.KITCHEN), ("express", BallInHand.HOUSE)]
    tally = Tally()
    for game, hand in cases:
        disc = discipline(game)
        for k in range(6):
            state = state_of(game, scattered(game, rng, 3 + k), ball_in_hand=hand)
            req = disc.requirements(state)
            d = player.shot(disc, state, k)
            check_shot(disc, state, req, d, tally)
    # Express with every object ball in the house: the temporary house.
    spec = table_by_name("pyramid_12ft")
    house = {CUE_BALL: (spec.length - 0.3, 0.9), 3: (0.4, 0.5), 7: (0.6, 1.2),
             12: (0.3, 1.5)}
    state = state_of("express", house, ball_in_hand=BallInHand.TEMP_HOUSE)
    disc = discipline("express")
    req = disc.requirements(state)
    d = player.shot(disc, state, 1)
    check_shot(disc, state, req, d, tally)
    assert d.place is not None and d.place[0] > spec.foot_spot[0]
    assert tally.placements == 25


@pytest.mark.parametrize("game", registry.names())
def test_decisions_are_legal_over_many(game: str) -> None:
    """Matches and random positions of each discipline: every stroke is
    inside the documented ranges, every declaration allowed, every placement
    accepted, every choice one of those offered, and the referee judges every
    shot without refusing it (about 90 decisions a discipline)."""
    tally = Tally()
    k = registry.names().index(game)
    for seed in (1, 2):
        sweep_match(game, 10 * k + seed, 40, tally)
    if registry.info(game).lag:  # the lag (general rule 5) and the break
        sweep_match(game, 9, 4, tally, options={"lag": True, "race_to": 3})
        assert tally.lags >= 1
    rng = random.Random(5 + k)
    player = ComputerPlayer(FAST)
    disc = discipline(game)
    hands = [h for h in disc.hand_values if h is not BallInHand.TEMP_HOUSE]
    for i in range(10):
        hand = hands[i % len(hands)]
        state = state_of(game, scattered(game, rng, 1 + i % 7), ball_in_hand=hand)
        check_shot(disc, state, disc.requirements(state), player.shot(disc, state, i),
                   tally)
    # 90 decisions: 40 steps of each of two matches and 10 positions. A
    # choice is a step too (Express: every foul lets the incoming player
    # shoot or make the offender shoot), so a player that fouls one step in
    # six falls under 80 shots: the quick player's safeties too soft to
    # reach a cushion once did (15 choices), which this catches.
    assert tally.shots >= 80, tally
    assert tally.placements >= 5, tally  # half the random positions, breaks
    if registry.info(game).calls.ball:
        assert tally.calls >= 30, tally
    # (14.1 opens with the safe break: 14.1 6)
    assert "pot" in tally.kinds and {"break", "safe_break"} & set(tally.kinds)


def test_choices_are_among_those_offered_and_sound() -> None:
    """9-ball 5: the incoming player takes a push-out that leaves a straight
    shot and hands back one that leaves the cue ball hidden; the other open
    choices of each game are answered with one of the options, which the
    match accepts."""
    disc = discipline("9-ball")
    player = ComputerPlayer(STRENGTHS["club"])
    opts = (Choice.TAKE_PUSH_OUT, Choice.HAND_BACK_PUSH_OUT)
    easy = state_of("9-ball", {**straight_in(back=0.3, to_pocket=0.4),
                               9: (1.2, 0.3)}, pending=opts, chooser=1, offender=0,
                    shooter=1)
    assert player.choice(disc, easy, opts, 1, 3).choice is Choice.TAKE_PUSH_OUT
    # The cue ball frozen behind the 9 at the foot rail, the 1 far away.
    hidden = state_of("9-ball", {CUE_BALL: (POOL.length - R - 0.0005, 0.6),
                                 9: (POOL.length - 3 * R - 0.002, 0.6),
                                 5: (POOL.length - 3 * R - 0.002, 0.6 + 2 * R + 0.002),
                                 7: (POOL.length - 3 * R - 0.002, 0.6 - 2 * R - 0.002),
                                 1: (0.2, 1.1)},
                    pending=opts, chooser=1, offender=0, shooter=1)
    got = player.choice(disc, hidden, opts, 1, 3)
    assert got.choice is Choice.HAND_BACK_PUSH_OUT, got.values
    # Every pending choice the matches below reach is answered with an option.
    for game, seed in (("8-ball", 3), ("14.1", 5), ("express", 2)):
        m = Match([f"p{i}" for i in range(registry.info(game).min_players)], game,
                  {"race_to": 9}, seed)
        offered = m.state
        pending = {
            "8-ball": (Choice.ACCEPT_TABLE, Choice.RERACK_BREAK,
                       Choice.RERACK_OFFENDER_BREAKS),
            "14.1": (Choice.ACCEPT_TABLE, Choice.RERACK_OFFENDER_BREAKS),
            "express": (Choice.SHOOT, Choice.FORCE_OFFENDER, Choice.RERACK_BREAK),
        }[game]
        offered = replace(offered, pending=pending, chooser=1, offender=0,
                          shooter=1)
        c = ComputerPlayer(FAST).choice(m.discipline, offered, pending, 1, 9)
        assert c.choice in pending and set(c.values) <= set(pending)
        again = Match.from_state(m.players, game, offered, {"race_to": 9}, seed)
        again.choose(c.choice, c.ball)  # the referee takes it


def test_the_lag_winner_breaks_or_gives_the_break() -> None:
    """General rule 6: the winner of the lag breaks or gives the break; the
    computer decides by trying its break out (a choice offered)."""
    m = Match(["A", "B"], "9-ball", {"lag": True}, seed=3)
    spec = m.table().spec
    player = ComputerPlayer(STRENGTHS["strong"].with_noise(ZERO))
    from rules.general import LAG_BALLS, judge_lag
    from simulator.table.state import TableState
    a, b = (player.lag(spec, p, 1) for p in (0, 1))
    assert a.stroke == a.intended
    shot = simulate(TableState.from_positions(spec.name, {LAG_BALLS[0]: a.place,
                                                          LAG_BALLS[1]: b.place}),
                    a.stroke, also=((LAG_BALLS[1], b.stroke),))
    result = judge_lag(shot, LAG_BALLS)
    # Without noise both balls come back within 15 cm of the head cushion.
    assert result.reasons == ((), ())
    assert all(d is not None and d < 0.15 for d in result.distances), result
    m.lag(shot, LAG_BALLS)  # two equal strokes: a tie, the lag again
    noisy = ComputerPlayer(FAST)
    for k in range(10):
        if not m.requirements().is_lag:
            break
        a, b = (noisy.lag(spec, p, 100 * k + p) for p in (0, 1))
        m.lag(simulate(TableState.from_positions(
            spec.name, {LAG_BALLS[0]: a.place, LAG_BALLS[1]: b.place}),
            a.stroke, also=((LAG_BALLS[1], b.stroke),)), LAG_BALLS)
    req = m.requirements()
    assert set(req.pending) == {Choice.BREAK, Choice.GIVE_BREAK}
    assert req.chooser is not None
    c = ComputerPlayer(FAST).choice(m.discipline, m.state, req.pending, req.chooser, 4)
    assert c.choice in req.pending and c.simulations > 0
    m.choose(c.choice, c.ball)
    assert not m.requirements().pending


def test_an_express_player_signs_while_it_can() -> None:
    """SEED-E 2.5: a player written down to zero may sign back in, paying
    the stake; without the chips for it he declines and is out."""
    disc = discipline("express")
    base = state_of("express", scattered("express", random.Random(2), 8))
    waiting = replace(base, scores=(30, 0, 12), status=("active", "waiting",
                                                        "active"), shooter=2)
    player = ComputerPlayer(FAST)
    assert player.sign(disc, waiting, 1).choice is Choice.SIGN
    broke = replace(waiting, chips=(99, 0, 99))
    assert player.sign(disc, broke, 1).choice is Choice.DECLINE_SIGN
    after = disc.choose(waiting, Choice.SIGN, 1)
    assert after.status[1] == "active" and after.scores[1] == 30
    assert any(b.where is Where.TABLE for b in after.table.balls)


def test_after_interference_that_cannot_be_restored_the_break_is_decided_anew(
        ) -> None:
    """General rules 28 and 6 in 14.1: the rack is abandoned, the scores
    stand and the break is decided anew: the computers lag, and the winner
    breaks or gives the break, one of the two choices offered."""
    from simulator.players.table import Seat, Table
    seats = [Seat("cpu:a", FAST), Seat("cpu:b", FAST)]
    m = Match([s.name for s in seats], "14.1", {"target": 50}, seed=8)
    t = Table(m, seats)
    for _ in range(6):
        t.step()
    scores = m.scores
    before = len(t.steps)
    m.call_interference(restorable=False)
    assert m.requirements().is_lag and m.scores == scores
    kinds: list[str] = []
    for _ in range(12):
        if not m.requirements().is_lag and not m.requirements().pending:
            break
        kinds += [s.kind for s in t.step()]
    assert "lag" in kinds and "choice" in kinds
    choice = next(s for s in t.steps[before:] if s.kind == "choice")
    assert choice.decision["choice"] in ("break", "give_break")
    req = m.requirements()
    assert req.is_break and not req.pending and m.scores == scores


def test_a_hint_suggests_a_stroke_and_shows_where_the_balls_go() -> None:
    """The hint is the strong player's stroke as meant (no noise), its call,
    and the predicted shot: from a straight-in position the cue ball meets
    the 1-ball and the 1-ball drops in the pocket named."""
    from simulator.players.hint import suggest
    state = state_of("8-ball", {**straight_in(), 9: (POOL.length / 2, 2 * R)})
    state = replace(state, groups=("solids", "stripes"))
    hint = suggest(discipline("8-ball"), state, 3)
    assert hint.stroke == hint.decision.intended
    assert hint.declarations.called_ball == 1
    assert hint.first_contact() == 1
    assert hint.predicted.final.ball(1).where is Where.POCKETED
    assert hint.predicted.final.ball(1).pocket == hint.declarations.called_pocket
    path = hint.path()
    assert len(path) > 10 and path[0] == state.table.position(CUE_BALL)
    assert hint.to_dict()["first_contact"] == 1


def test_a_decision_spread_over_frames_is_the_same() -> None:
    """A window works a decision out over its frames (``Thinking``): however
    the work is cut, the decision is the one made in one go."""
    from simulator.players.player import Thinking
    state = state_of("14.1", scattered("14.1", random.Random(8), 9))
    disc = discipline("14.1")
    player = ComputerPlayer(FAST)
    whole = player.shot(disc, state, 21)
    job = Thinking(player.shot_steps(disc, state, 21))
    calls = 0
    while not job.advance(0.0):  # one simulation a call
        calls += 1
    assert calls >= 3 and job.result == whole
    with pytest.raises(RuntimeError):
        Thinking(player.shot_steps(disc, state, 21)).result  # noqa: B018


@pytest.mark.parametrize("game", registry.names())
def test_with_no_candidate_accepted_the_roll_is_still_legal(game: str) -> None:
    """When the search has nothing the referee accepts (here every candidate
    filtered away), the stroke at a legal ball it plays instead keeps every
    rule: the cue
    ball is placed only when it is in hand (else it would move a ball in
    play), a safety is declared where the rules let a shot go uncalled
    (8-ball 9, 14.1 7.4), and the referee judges the shot without refusing
    it."""
    tally = Tally()
    rng = random.Random(11)
    player = ComputerPlayer(FAST)
    disc = discipline(game)
    hands = [h for h in disc.hand_values if h is not BallInHand.TEMP_HOUSE]
    for i, hand in enumerate([*hands, BallInHand.NONE]):
        state = state_of(game, scattered(game, rng, 3 + i), ball_in_hand=hand)
        req = disc.requirements(state)
        d = player.shot(disc, state, i, req, only=("no such kind",))
        assert d.kind in ("safety", "kick") and \
            d.target in (req.legal_first_contacts or d.table(state.table).on_table()), d
        if hand is BallInHand.NONE:
            assert d.place is None
        check_shot(disc, state, req, d, tally)
    assert tally.shots == len(hands) + 1


@pytest.mark.parametrize("hand", [BallInHand.NONE, BallInHand.ANYWHERE])
def test_with_no_candidate_found_the_safety_names_and_meets_a_legal_ball(
        hand: BallInHand) -> None:
    """8-ball, the club player's solids off the cue ball's line and a stripe
    and the 8 on it: when no candidate is found (every one filtered away)
    the stroke played is still a safety on a legal ball, aimed to meet it
    first (8-ball 8: the cue ball must hit a ball of the shooter's group
    first; a roll at no ball went into the stripe or a pocket (the
    play-test: "Plays safe on" with no ball, then the cue ball pocketed
    without touching a ball)."""
    mid = POOL.width / 2
    balls = {CUE_BALL: (0.6, mid), 1: (1.6, mid - 0.35), 3: (1.9, mid + 0.4),
             12: (1.5, mid), 8: (2.1, mid + 0.05)}
    state = replace(state_of("8-ball", balls, ball_in_hand=hand),
                    groups=("solids", "stripes"), shooter=0)
    disc = discipline("8-ball")
    req = disc.requirements(state)
    assert set(req.legal_first_contacts) == {1, 3}
    d = ComputerPlayer(STRENGTHS["club"]).shot(disc, state, 3, req,
                                               only=("no such kind",))
    assert d.kind == "safety"
    meets_a_legal_ball(disc, state, req, d)


def meets_a_legal_ball(disc: Discipline[Any], state: GameState,
                       req: ShotRequirements, d: ShotDecision) -> None:
    """``d`` names a legal first ball, declares the safety (8-ball 9), and
    its stroke as meant meets that ball first in the physics (8-ball 8)."""
    from rules.questions import first_contact
    assert d.target in req.legal_first_contacts, d
    assert d.declarations.safety
    shot = simulate(d.table(state.table), d.intended)
    hit = first_contact(shot.events)
    assert hit is not None and hit.ball in req.legal_first_contacts, hit
    check_shot(disc, state, req, d, Tally())


def test_on_a_rail_a_pot_into_it_leaves_the_safeties_to_search() -> None:
    """The play-test's stroke at no ball: the club player's cue ball frozen
    on a side rail, its only pot a short one along the rail that starts into
    that cushion (a double hit, so dropped); its chance kept the safeties
    and kicks out and nothing was left to search. Now they are searched and
    the safety meets a legal ball (8-ball 8)."""
    balls = {CUE_BALL: (0.4, R + 0.0003), 1: (0.25, R), 12: (1.5, 0.9),
             8: (2.0, 0.8)}
    state = replace(state_of("8-ball", balls), groups=("solids", "stripes"),
                    shooter=0)
    disc = discipline("8-ball")
    req = disc.requirements(state)
    player = ComputerPlayer(STRENGTHS["club"])
    cands, _ = player.candidates(state.table, req, random.Random(1))
    assert any(c.kind in ("safety", "kick") for c in cands), cands
    d = player.shot(disc, state, 5, req)
    assert d.kind in ("safety", "kick")
    meets_a_legal_ball(disc, state, req, d)
