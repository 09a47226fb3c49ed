"""Property tests for Express over random, legal-looking matches (events
built without physics): the chips are conserved, every ball is accounted
for, points move only as SEED-E 2.4-2.6 allow, and every match ends with
exactly one winner."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import pyramid
from rules.codes import code_by_id
from rules.express import (
    Express,
    ExpressRuling,
    ExpressState,
    Status,
    state_from_dict,
)
from rules.referee import Match
from rules.ruling import Choice, Declarations
from simulator.table.events import Event, EventKind, Shot, Stroke
from simulator.table.specs import CUE_BALL
from simulator.table.state import BallState, Where

POCKETS = ("head_right", "head_left", "side_right", "side_left", "foot_right",
           "foot_left")
MAX_STEPS = 3000


def random_shot(disc: Express, state: ExpressState, rng: random.Random) -> Shot:
    """A stroke a player might make: mostly legal, sometimes a foul."""
    table = state.table
    req = disc.requirements(state)
    t = [0.0]

    def ev(kind: EventKind, *balls: int, **kw: object) -> Event:
        t[0] += 0.1
        return Event(kind, t[0], balls, **kw)  # type: ignore[arg-type]

    events = [ev(EventKind.STROKE, CUE_BALL)]
    gone: set[int] = set()

    def pot(b: int) -> None:
        if b not in gone:
            gone.add(b)
            events.append(ev(EventKind.POCKETED, b, pocket=rng.choice(POCKETS)))

    def jump(b: int) -> None:
        if b not in gone:
            gone.add(b)
            events.append(ev(EventKind.LEFT_TABLE, b, where="floor"))

    objs = pyramid.object_balls_on_table(table)
    if rng.random() < 0.03:
        events.append(ev(EventKind.TIP_CONTACT, CUE_BALL))
    if state.last_ball:
        r = rng.random()
        if r < 0.5:
            pot(CUE_BALL)
        elif r < 0.53:
            jump(CUE_BALL)
        else:
            events.append(ev(EventKind.BALL_CUSHION, CUE_BALL, cushion="foot"))
    elif rng.random() < 0.04:
        events.append(ev(EventKind.BALL_CUSHION, CUE_BALL, cushion="foot"))
    else:
        targets = req.legal_first_contacts or objs
        b = rng.choice(targets)
        events.append(ev(EventKind.BALL_BALL, CUE_BALL, b))
        if state.is_break:
            for o in rng.sample(objs, min(len(objs), rng.choice((1, 2, 3, 4)))):
                events.append(ev(EventKind.BALL_CUSHION, o, cushion="foot"))
        if rng.random() < 0.45:
            pot(b)
        if rng.random() < 0.12:
            pot(rng.choice(objs))
        if rng.random() < 0.7:
            events.append(ev(EventKind.BALL_CUSHION, b, cushion="left_foot"))
        if rng.random() < 0.08:
            pot(CUE_BALL)
        if rng.random() < 0.02:
            jump(rng.choice(objs))
        if rng.random() < 0.02:
            jump(CUE_BALL)
    final = table
    for e in events:
        if e.kind is EventKind.POCKETED:
            final = final.with_ball(BallState(e.balls[0], Where.POCKETED,
                                              pocket=e.pocket))
        elif e.kind is EventKind.LEFT_TABLE:
            final = final.with_ball(BallState(e.balls[0], Where.OFF_TABLE))
    return Shot(table, Stroke(0.0, 1.0), tuple(events), final)


def check_ruling(before: ExpressState, r: ExpressRuling,
                 after: ExpressState) -> None:
    n = before.players
    assert r.notes or r.fouls, "no ruling without a reason code"
    assert len(r.points) == n
    assert tuple(b + p for b, p in zip(before.scores, r.points, strict=True)) \
        == after.scores
    if r.fouls:
        # -5 once, to the offender only (SEED-E 2.6).
        assert sorted(r.points) == sorted([-5] + [0] * (n - 1))
        assert r.points[before.shooter] == -5
    else:
        gains = [p for p in r.points if p > 0]
        assert sum(gains) == 2 * len(r.scored)
        assert all(p <= 0 for i, p in enumerate(r.points) if i != r.shooter)
        losers = [i for i, p in enumerate(r.points) if p < 0]
        assert losers in ([], [r.victim])
    if not after.game_over:
        nxt = after.chooser if after.pending else after.shooter
        assert nxt is not None and after.status[nxt] == Status.ACTIVE
    else:
        assert after.winner is not None


def check_state(state: ExpressState, total_chips: int) -> None:
    assert sum(state.chips) + state.bank == total_chips
    assert state.bank == sum(x[2] for x in state.ledger)
    assert pyramid.balls_accounted(state.table)
    state.table.validate()
    for s, score in zip(state.status, state.scores, strict=True):
        if s == Status.ACTIVE:
            assert score > 0


def play(seed: int, players: int, opts: dict[str, object]) -> ExpressState:
    rng = random.Random(seed)
    disc = Express(opts)
    state = disc.new_game(players, 0, seed, "pyramid_12ft")
    total = sum(state.chips) + state.bank
    assert total == players * disc.opts.starting_chips
    for _ in range(MAX_STEPS):
        if state.game_over:
            break
        for w in state.waiting():
            k = state.signatures[w]
            if rng.random() < 0.6 and state.chips[w] >= disc.opts.signature_stakes[k]:
                state = disc.choose(state, Choice.SIGN, w)
                check_state(state, total)
        if state.pending:
            state = disc.choose(state, rng.choice(state.pending))
            continue
        if rng.random() < 0.01:
            ruling, new = disc.call_foul_by(
                state, code_by_id("express.foul.touched_ball"), None)
        else:
            ruling, new = disc.judge(state, random_shot(disc, state, rng),
                                     Declarations())
        check_ruling(state, ruling, new)
        state = new
        check_state(state, total)
        if state.shots % 25 == 0:
            # The state survives plain data (saved matches, undo).
            assert state_from_dict(json.loads(json.dumps(state.to_dict()))) == state
    return state


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 8),
       ace=st.booleans(), max_sig=st.integers(0, 3), points=st.sampled_from((15, 30)))
def test_random_matches_end_with_exactly_one_winner(
        seed: int, players: int, ace: bool, max_sig: int, points: int) -> None:
    state = play(seed, players, {"ace_is_11": ace, "max_signatures": max_sig,
                                 "initial_points": points, "rack": "random"})
    assert state.game_over, "the match did not end"
    active = [i for i, s in enumerate(state.status) if s == Status.ACTIVE]
    assert active == [state.winner]
    assert Status.WAITING.value not in state.status
    assert state.bank == 0
    assert all(sg <= max_sig for sg in state.signatures)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 5))
def test_chips_and_balls_are_conserved_step_by_step(seed: int, players: int) -> None:
    # play() checks the chips, the ledger and every ball after every step.
    state = play(seed, players, {"ante": 3, "signature_stakes": [5, 10, 20],
                                 "starting_chips": 40})
    assert sum(state.chips) == players * 40


@settings(max_examples=15, deadline=None)  # whole matches: 0.2 s each
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6))
def test_a_random_match_replays_exactly_from_its_record(seed: int,
                                                        players: int) -> None:
    rng = random.Random(seed)
    m = Match([f"p{i}" for i in range(players)], "express", {"rack": "random"},
              seed=seed)
    disc = m.discipline
    assert isinstance(disc, Express)
    for _ in range(MAX_STEPS):
        if m.over:
            break
        state = m.state
        assert isinstance(state, ExpressState)
        for w in state.waiting():
            if rng.random() < 0.5:
                m.choose(Choice.SIGN, w)
        req = m.requirements()
        if req.pending:
            m.choose(rng.choice(req.pending))
            continue
        state = m.state
        assert isinstance(state, ExpressState)
        m.apply(random_shot(disc, state, rng))
    assert m.over and m.winner is not None
    again = Match.from_dict(json.loads(json.dumps(m.to_dict())))
    assert again.state == m.state and again.winner == m.winner
