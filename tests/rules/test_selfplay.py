"""Self-play: random legal-looking shots (events made without physics) play
whole matches of every discipline to the end, checking invariants after each
step. Property tests (hypothesis) drive the same generator from drawn seeds."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))

from selfplay import play

from rules.codes import Kind
from rules.referee import Match
from rules.ruling import Ruling
from simulator.table.specs import CUE_BALL
from simulator.table.state import Where

BALLS = {"8-ball": set(range(16)), "9-ball": set(range(16)),
         "14.1": set(range(16))}
ALLOWED_14_1_FOUL_POINTS = {-1, -2, -16}


def check_step(m: Match, r: Ruling, before: tuple[int, ...]) -> None:
    n = len(m.players)
    # No ruling without a reason code; one penalty, one of the fouls (gen. 24).
    assert r.fouls or r.notes
    if r.fouls:
        assert r.penalty is not None and r.penalty in r.fouls
    else:
        assert r.penalty is None
    for f in list(r.fouls) + list(r.notes):
        assert f.code.ref.rule and f.ref.rule
    # Exactly one shooter next, a real player.
    assert 0 <= r.next_shooter < n
    assert len(r.points) == n
    # Points change only as the rules allow.
    if m.name == "14.1":
        others = [p for i, p in enumerate(r.points) if i != r.shooter]
        assert all(p == 0 for p in others)
        mine = r.points[r.shooter]
        if r.fouls:
            assert mine in ALLOWED_14_1_FOUL_POINTS
        else:
            assert mine == len(r.scored) >= 0
        if not r.game_over or m.over:
            assert tuple(a + b for a, b in zip(before, r.points, strict=True)) \
                == m.scores or r.match_over
    else:
        assert all(p == 0 for p in r.points)
    if r.game_over:
        assert r.winner is None or 0 <= r.winner < n
    if m.over:
        return
    # Every ball accounted for: each ball once, on the bed, down or off.
    table = m.table()
    table.validate()
    ids = [b.ball for b in table.balls]
    assert len(ids) == len(set(ids))
    assert set(ids) == BALLS[m.name]
    req = m.requirements()
    if req.pending:
        assert req.chooser is not None and 0 <= req.chooser < n
    else:
        assert 0 <= req.shooter < n
        if not r.game_over:
            assert req.shooter == r.next_shooter
        assert table.ball(CUE_BALL).where is Where.TABLE
        if not req.is_break:
            assert req.legal_first_contacts
            assert set(req.legal_first_contacts) <= set(table.on_table())
    loss = [f for f in r.fouls if f.code.kind is Kind.LOSS]
    if loss:
        assert r.game_over


def checked_play(game: str, seed: int, opts: dict[str, object]) -> Match:
    """Play one match step by step, checking every ruling."""
    m, _ = play(game, seed, dict(opts), max_steps=3000,
                called_fouls=("foul.touched_ball", "foul.interference"),
                on_step=check_step)
    return m


# Hundreds of games of each (some 8 s; thousands took 40 s): the property
# tests below draw further seeds, and every step is checked in the others.
@pytest.mark.parametrize("game,opts,count", [
    ("8-ball", {"race_to": 1}, 300),
    ("9-ball", {"race_to": 1}, 500),
    ("14.1", {"target": 4}, 200),
])
def test_hundreds_of_games_finish(game: str, opts: dict[str, object],
                                   count: int) -> None:
    finished = 0
    for seed in range(count):
        m, rulings = play(game, seed, dict(opts))
        assert rulings
        finished += m.over
    assert finished == count


@pytest.mark.parametrize("game,opts", [
    ("8-ball", {"race_to": 3}), ("9-ball", {"race_to": 3}),
    ("14.1", {"target": 40}),
    ("8-ball", {"race_to": 2, "break_order": "loser"}),
    ("9-ball", {"race_to": 2, "break_order": "trailing"}),
])
@pytest.mark.parametrize("seed", range(12))
def test_invariants_every_step(game: str, opts: dict[str, object],
                               seed: int) -> None:
    m = checked_play(game, seed, opts)
    assert m.over


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), game=st.sampled_from(["8-ball", "9-ball",
                                                          "14.1"]))
def test_property_random_logs(seed: int, game: str) -> None:
    opts: dict[str, object] = {"race_to": 1} if game != "14.1" else {"target": 6}
    m = checked_play(game, seed, opts)
    assert m.over


@settings(max_examples=25, deadline=None,  # whole matches, each replayed twice
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), game=st.sampled_from(["8-ball", "9-ball",
                                                          "14.1"]),
       cut=st.integers(0, 60))
def test_property_replay_and_undo(seed: int, game: str, cut: int) -> None:
    """A stored match replays to the same state; undo returns to any step."""
    opts: dict[str, object] = {"race_to": 2} if game != "14.1" else {"target": 8}
    m, _ = play(game, seed, opts, max_steps=120)
    again = Match.from_dict(m.to_dict())
    assert again.state == m.state and again.games_won == m.games_won
    assert again.rulings == m.rulings
    step = min(cut, len(m.history))
    snapshot_state = Match.from_dict({**m.to_dict(),
                                      "actions": list(m.history[:step])}).state
    m.undo_to(step)
    assert m.state == snapshot_state
    assert len(m.history) == step


# -- one shot, any log -----------------------------------------------------------
POCKET_NAMES = ["head_right", "head_left", "side_right", "side_left", "foot_right",
                "foot_left"]
RAIL_NAMES = ["head", "foot", "right_head", "right_foot", "left_head", "left_foot"]


@st.composite
def event_steps(draw: st.DrawFn) -> list[tuple[str, int, str]]:
    steps = draw(st.lists(st.tuples(
        st.sampled_from(["hit", "rail", "pot", "off", "tip", "cross"]),
        st.integers(0, 15), st.sampled_from(POCKET_NAMES + RAIL_NAMES)),
        max_size=12))
    return steps


@settings(max_examples=150, deadline=None)
@given(game=st.sampled_from(["8-ball", "9-ball", "14.1"]), steps=event_steps(),
       is_break=st.booleans(), seed=st.integers(0, 1000),
       call=st.one_of(st.none(), st.integers(1, 15)),
       safety=st.booleans(), push=st.booleans())
def test_property_any_event_log(game: str, steps: list[tuple[str, int, str]],
                                is_break: bool, seed: int, call: int | None,
                                safety: bool, push: bool) -> None:
    """Whatever the log says, the ruling accounts for every ball, names one
    next shooter, scores only as allowed and gives a reason; judge is pure."""
    from logs import Log

    from rules.ruling import Declarations

    m = Match(["A", "B"], game, {"target": 200}, seed=seed)
    if not is_break:  # a legal break first, to reach play
        on = [b for b in m.table().on_table() if b != CUE_BALL]
        lg = Log(m.table()).stroke().hit(0, min(on)).rails(on[:4])
        m.apply(lg.shot())
        if m.requirements().pending:
            m.choose(m.requirements().pending[0])
    table = m.table()
    on = set(table.on_table())
    lg = Log(table).stroke()
    gone: set[int] = set()
    for kind, ball, where in steps:
        b = ball if ball in on and ball not in gone else None
        if b is None:
            continue
        if kind == "hit" and b != CUE_BALL:
            lg.hit(0, b)
        elif kind == "rail" and where in RAIL_NAMES:
            lg.rail(b, where)
        elif kind == "pot" and where in POCKET_NAMES:
            lg.pot(b, where)
            gone.add(b)
        elif kind == "off":
            lg.off(b)
            gone.add(b)
        elif kind == "tip":
            lg.tip(b)
        elif kind == "cross":
            lg.cross(b)
    called = call if call in on else None
    decl = Declarations(called, "foot_left" if called else None, safety, push)
    shot = lg.shot()
    before = m.state
    before_scores = m.scores
    r1 = m.judge(shot, decl)
    assert m.state == before
    r2 = m.apply(shot, decl)
    assert r1 == r2
    check_step(m, r2, before_scores)
