"""Whole matches between computer players: the stronger wins, a match is
the same every time from its seed and its save replays exactly, and the
headless command plays every discipline by any of its names without
touching a player's profile."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from rules import registry
from rules.referee import Match
from rules.ruling import BallInHand
from simulator.physics import simulate
from simulator.players import STRENGTHS, ComputerPlayer
from simulator.players.__main__ import main
from simulator.players.player import seed_for
from simulator.players.table import Seat, Table, parse_seats

from .helpers import FAST, discipline, scattered, state_of


def test_strong_beats_beginner_over_a_fixed_set_of_games() -> None:
    """Sixteen 9-ball endgames (the 7, 8 and 9 scattered, the cue ball in
    hand for whoever starts; each starts eight): the strong player wins at
    least six of the eight it starts and ten of the sixteen. (Eight games
    and six wins were one beginner's lucky run from failing: a beginner in
    hand runs three balls out now and then.)"""
    disc = discipline("9-ball")
    players = {"strong": ComputerPlayer(STRENGTHS["strong"]),
               "beginner": ComputerPlayer(STRENGTHS["beginner"])}
    wins = 0
    own = 0
    for k in range(16):
        rng = random.Random(100 + k)
        balls = scattered("9-ball", rng, 3)
        balls = {b: p for b, p in balls.items() if b in (0, 9)}
        extra = scattered("9-ball", random.Random(200 + k), 8)
        for b in (7, 8):
            balls[b] = next(p for q, p in sorted(extra.items())
                            if all(abs(p[0] - o[0]) + abs(p[1] - o[1]) > 0.1
                                   for o in balls.values()))
        seats = ("strong", "beginner") if k % 2 == 0 else ("beginner", "strong")
        state = state_of("9-ball", balls, ball_in_hand=BallInHand.ANYWHERE)
        m = Match.from_state(["a", "b"], "9-ball", state, {"race_to": 1}, seed=k)
        for _ in range(60):
            if m.over:
                break
            req = m.requirements()
            if req.pending:
                c = players[seats[req.chooser or 0]].choice(
                    m.discipline, m.state, req.pending, req.chooser or 0, k)
                m.choose(c.choice, c.ball)
                continue
            d = players[seats[req.shooter]].shot(
                disc, m.state, seed_for(k, len(m.history), req.shooter), req)
            m.apply(simulate(d.table(m.table()), d.stroke), d.declarations)
        assert m.over
        won = seats[m.winner or 0] == "strong"
        wins += won
        own += won and k % 2 == 0
    assert own >= 6 and wins >= 10, (own, wins)


def test_a_match_is_the_same_from_its_seed_and_its_save_replays_it(
        tmp_path: Path) -> None:
    """Played twice from one seed, the same match step for step; saved and
    loaded, the same match (the save holds the strokes as played)."""
    seats = [Seat("cpu:fast", FAST), Seat("cpu:fast 2", FAST)]

    def play() -> Table:
        t = Table(Match([s.name for s in seats], "8-ball", {"race_to": 1}, 6), seats)
        t.play(max_shots=12)  # enough strokes to differ if anything drifted
        return t

    a, b = play(), play()
    assert [s.to_dict() for s in a.steps] == [s.to_dict() for s in b.steps]
    assert a.match.to_dict() == b.match.to_dict()
    a.match.save(tmp_path / "m.json")
    back = Match.load(tmp_path / "m.json")
    assert back.to_dict() == a.match.to_dict() and back.state == a.match.state


def test_an_express_match_keeps_its_invariants() -> None:
    """Three computer players (SEED-E 2.1-2.6), fast settings: the chips
    and the bank add up after every step; one active player wins the bank."""
    seats = [Seat(f"cpu:{i}", FAST) for i in range(3)]
    m = Match([s.name for s in seats], "express",
              {"initial_points": 4, "max_signatures": 1}, seed=3)
    t = Table(m, seats)
    total = sum(m.state.chips) + m.state.bank  # type: ignore[attr-defined]
    for _ in range(400):
        if m.over:
            break
        t.step()
        assert sum(m.state.chips) + m.state.bank == total  # type: ignore[attr-defined]
    assert m.over and m.winner is not None
    assert [i for i, s in enumerate(m.state.status)  # type: ignore[attr-defined]
            if s == "active"] == [m.winner]
    assert m.state.bank == 0  # type: ignore[attr-defined]


def test_seats_from_text() -> None:
    seats = parse_seats("cpu:club, cpu:strong,cpu:club,cpu")
    assert [s.name for s in seats] == ["cpu:club", "cpu:strong", "cpu:club 2",
                                       "cpu:club 3"]
    assert seats[1].strength is STRENGTHS["strong"]
    assert parse_seats("Ann,cpu:beginner")[0].strength is None
    with pytest.raises(ValueError, match="seat 2: unknown strength 'grand'"):
        parse_seats("cpu:club,cpu:grand")


@pytest.mark.parametrize("game", ["девятка", "14+1", "8-ball"])
def test_the_headless_command_plays_a_whole_match(
        game: str, capsys: pytest.CaptureFixture[str], private_profile: Path) -> None:
    """By any name of the game: every shot's ruling, then the result; the
    player's profile (here the test's own) is never written."""
    code = main(["match", "--game", game, "--seats", "cpu:beginner,cpu:beginner",
                 "--seed", "2", "--race-to", "1", "--target", "3"])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert out[-1].startswith("result: cpu:beginner") and " wins; " in out[-1]
    shots = [line for line in out[:-1] if ": " in line]
    assert shots and all("sims]" in line or "chooses" in line or "lag" in line
                         for line in shots)
    assert not any(p.is_file() for p in private_profile.rglob("*"))


def test_the_headless_command_in_json(capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    code = main(["match", "--game", "9", "--seats", "cpu:beginner,cpu:beginner",
                 "--seed", "4", "--race-to", "1", "--json",
                 "--save", str(tmp_path / "m.json")])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == registry.canonical("9") and data["over"]
    assert data["winner_name"] in data["seats"]
    kinds = {s["kind"] for s in data["steps"]}
    assert "shot" in kinds
    first = next(s for s in data["steps"] if s["kind"] == "shot")
    assert {"codes", "ruling", "decision"} <= set(first)
    assert Match.load(tmp_path / "m.json").over


@pytest.mark.parametrize("argv, why", [
    (["--game", "snooker", "--seats", "cpu,cpu"], "unknown game 'snooker'"),
    (["--game", "8-ball", "--seats", "cpu:club,cpu:grand"], "unknown strength"),
    (["--game", "8-ball", "--seats", "Ann,cpu:club"], "'Ann' is not a computer"),
    (["--game", "express", "--seats", "cpu,cpu"], "3-8 players, not 2"),
    (["--game", "8-ball", "--seats", "cpu,cpu", "--race-to", "0"], "--race-to"),
])
def test_the_headless_command_refuses_bad_input(
        argv: list[str], why: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(["match", *argv])
    except SystemExit as e:
        code = int(e.code or 0)
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and err[0].startswith("error: ")
    assert why in err[0]


@pytest.mark.parametrize("argv, why", [
    (["--racks", "0"], "--racks: expected 1 to 100000"),
    (["--part", "snooker"], "invalid choice: 'snooker'"),
])
def test_the_benchmark_command_refuses_bad_input(
        argv: list[str], why: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m simulator.players bench`` is the benchmark, with its own
    options and errors."""
    try:
        code = main(["bench", *argv])
    except SystemExit as e:
        code = int(e.code or 0)
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and err[0].startswith("error: ")
    assert why in err[0] and "simulator.players bench" in err[0]


def test_the_why_part_reads_the_nine_ball_racks_alone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``bench --part why --innings 0``: the 9-ball racks without the 14.1
    innings first (at the default 100 the first rack came after most of an
    hour), each rack's first inning counted by why it ended and the layout
    the break left written to the log."""
    log = tmp_path / "why.log"
    code = main(["bench", "--part", "why", "--innings", "0", "--racks", "1",
                 "--log", str(log)])
    out = capsys.readouterr().out
    assert code == 0
    assert "14.1" not in out and "why the 9-ball innings ended (1):" in out
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "== 9-ball rack 1000" and lines[1].startswith("  break ")
    assert lines[2].startswith("  after the break: cue ball (")
    assert "the 1 (" in lines[2]
    # Counted apart when the inning ended on the stroke after the break.
    strokes = [s for s in lines[1:] if s.startswith("  ")
               and not s.startswith(("  after the break", "  --"))]
    assert ("of which on the first shot after the break" in out) == (len(strokes) == 2)


def test_a_strength_is_noise_plus_search() -> None:
    """The strongest is anchored on the tournament noise; each weaker
    strength has more noise and a smaller budget."""
    s = STRENGTHS
    t = s["strong"].noise
    assert (t.direction, t.elevation, t.speed, t.tip) == (0.125, 0.1, 0.075, 0.5)
    order = [s["beginner"], s["club"], s["strong"]]
    for weak, strong in itertools.pairwise(order):
        assert weak.noise.direction > strong.noise.direction
        assert weak.noise.speed > strong.noise.speed
        assert weak.search.shot_budget < strong.search.shot_budget
    assert not s["beginner"].search.position and s["club"].search.position
