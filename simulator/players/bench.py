"""``python -m simulator.players.bench``: how fast and how well the computer
players play. A benchmark, not a test: it prints figures.

Parts (``--part``, default all, in this order):

- ``time``: decision time per strength over a fixed set of positions (taken
  from beginners' games of each discipline): median and p90, and the share
  spent in the physics;
- ``potting``: each strength's potting percentage on a fixed set of cut
  shots by distance and angle (its chosen stroke, played with its noise);
- ``run``: the strongest's 9-ball break-and-run rate over ``--racks`` racks;
- ``eight``: 8-ball, strong against beginner over ``--games`` games (each
  breaks half of them);
- ``straight``: 14.1, the strongest's average run (balls in one inning)
  over ``--innings`` innings;
- ``express``: ``--matches`` Express matches of three computer players,
  every invariant checked after every step (chips constant, one winner).

Everything runs with a throwaway profile folder.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from rules import registry
from rules.game import GameState
from rules.referee import Match
from rules.ruling import BallInHand
from simulator.files import profile
from simulator.physics import simulate
from simulator.players.player import ComputerPlayer, seed_for
from simulator.players.search import executed
from simulator.players.strength import STRENGTHS, draw_noise
from simulator.players.table import Seat, Table
from simulator.table.specs import CUE_BALL, table_by_name
from simulator.table.state import TableState

# The parts that play one game are named by its plain word (registry.word).
EIGHT = registry.word(registry.EIGHT_BALL)
STRAIGHT = registry.word(registry.STRAIGHT_POOL)
EXPRESS = registry.word(registry.EXPRESS)
PARTS = ("time", "potting", "run", EIGHT, STRAIGHT, EXPRESS)
PROGRESS = 5  # a line every this many racks, games or matches (read as it goes)


def say(text: str) -> None:
    print(text, flush=True)


def seats(*levels: str) -> list[Seat]:
    return [Seat(f"cpu:{lv}" + (f" {i + 1}" if levels.count(lv) > 1 else ""),
                 STRENGTHS[lv]) for i, lv in enumerate(levels)]


# -- decision time -----------------------------------------------------------


def positions(per_game: int, seed: int) -> list[tuple[str, Match]]:
    """Positions before ordinary shots (no break, no choice), from beginners'
    games of every discipline: the same ones every run."""
    out: list[tuple[str, Match]] = []
    for game in registry.names():
        info = registry.info(game)
        n = info.min_players
        match = Match([f"p{i}" for i in range(n)], game,
                      {"race_to": 50, "target": 500}, seed)
        table = Table(match, seats(*["beginner"] * n))
        got = 0
        guard = 0
        while got < per_game and not match.over and guard < 400:
            guard += 1
            req = match.requirements()
            ordinary = not (req.pending or req.is_lag or req.is_break
                            or getattr(req, "may_sign", ()))
            if ordinary and guard % 3 == 0:
                out.append((game, Match.from_dict(match.to_dict())))
                got += 1
            table.step()
    return out


def part_time(count: int) -> None:
    say(f"decision time per strength over {count} positions of each discipline "
        "(ordinary shots)")
    pos = positions(count, 11)
    # Wall time, and the process's own CPU time: on a shared machine the
    # second is what the decision costs on a core of its own.
    say(f"{'strength':10} {'median s':>9} {'p90 s':>8} {'max s':>8} "
        f"{'cpu med':>8} {'cpu p90':>8} {'physics':>8} {'sims':>6}")
    for name, strength in STRENGTHS.items():
        player = ComputerPlayer(strength)
        times: list[float] = []
        cpu: list[float] = []
        phys = 0.0
        sims = 0
        for i, (_, m) in enumerate(pos):
            t0, c0 = time.perf_counter(), time.process_time()
            d = player.shot(m.discipline, m.state, seed_for(7, i, 0))
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            phys += d.physics_seconds
            sims += d.simulations
        times.sort()
        cpu.sort()
        say(f"{name:10} {statistics.median(times):9.3f} {_p90(times):8.3f} "
            f"{times[-1]:8.3f} {statistics.median(cpu):8.3f} {_p90(cpu):8.3f} "
            f"{100 * phys / sum(times):7.0f}% {sims / len(times):6.0f}")


def _p90(ordered: list[float]) -> float:
    return ordered[min(len(ordered) - 1, math.ceil(0.9 * len(ordered)) - 1)]


# -- potting -----------------------------------------------------------------


def cut_position(distance: float, cut_deg: float) -> TableState | None:
    """The 1-ball 0.6 m from a corner pocket, 15 degrees off its axis, the
    cue ball ``distance`` from the ghost ball at ``cut_deg``; the 9 parked
    out of the way. The first corner and sides that fit on the bed."""
    spec = table_by_name("pool_9ft")
    r = spec.balls.radius
    for name in ("foot_left", "foot_right", "head_left", "head_right"):
        pocket = spec.pocket(name)
        mx, my = pocket.mouth_centre
        for off in (15.0, -15.0):
            ux, uy = _turn(pocket.inward, off)
            ox, oy = mx - ux * 0.6, my - uy * 0.6
            gx, gy = ox - 2 * r * ux, oy - 2 * r * uy
            for side in (1.0, -1.0):
                vx, vy = _turn((ux, uy), side * cut_deg)
                cx, cy = gx - vx * distance, gy - vy * distance
                park = (spec.length / 2, 2 * r) if name.startswith("foot") and \
                    oy > spec.width / 2 else (spec.length / 2, spec.width - 2 * r)
                if spec.on_bed(cx, cy, 0.01) and math.dist(park, (cx, cy)) > 0.2:
                    return TableState.from_positions(
                        spec.name, {CUE_BALL: (cx, cy), 1: (ox, oy), 9: park})
    return None


def _turn(v: tuple[float, float], deg: float) -> tuple[float, float]:
    a = math.radians(deg)
    return (v[0] * math.cos(a) - v[1] * math.sin(a),
            v[0] * math.sin(a) + v[1] * math.cos(a))


def part_potting(tries: int) -> None:
    distances = (0.3, 0.7, 1.2)
    cuts = (0.0, 20.0, 40.0, 60.0)
    say(f"potting percentage on generated cut shots (1-ball 0.6 m from a "
        f"corner pocket, cue ball to ghost ball by cut angle; {tries} tries of "
        "the chosen stroke each)")
    header = " ".join(f"{d:.1f}m/{c:.0f}°".rjust(10) for d in distances for c in cuts)
    say(f"{'strength':10} {'all':>5} " + header)
    disc = registry.discipline_class(registry.NINE_BALL)({})
    for name, strength in STRENGTHS.items():
        player = ComputerPlayer(strength)
        cells: list[str] = []
        made = total = 0
        for d in distances:
            for c in cuts:
                table = cut_position(d, c)
                if table is None:
                    cells.append("-".rjust(10))
                    continue
                state = replace(disc.new_game(2, 0, 1, "pool_9ft"), table=table,
                                is_break=False, ball_in_hand=BallInHand.NONE)
                dec = player.shot(disc, state, seed_for(3, int(d * 10), int(c)),
                                  only=("pot",))
                rng = random.Random(int(d * 1000 + c))
                ok = 0
                for _ in range(tries):
                    stroke = executed(dec.intended, strength.noise, draw_noise(rng),
                                      table.spec)
                    shot = simulate(dec.table(table), stroke, frame_dt=1e3)
                    ruling, _ = disc.judge(state, shot, dec.declarations)
                    ok += (not ruling.fouls) and 1 in ruling.scored
                made += ok
                total += tries
                cells.append(f"{100 * ok / tries:9.0f}%")
        say(f"{name:10} {100 * made / max(1, total):4.0f}% " + " ".join(cells))


# -- 9-ball break and run ------------------------------------------------------


def part_run(racks: int) -> None:
    player = ComputerPlayer(STRENGTHS["strong"])
    runs = 0
    shots = 0
    t0 = time.perf_counter()
    for k in range(racks):
        m = Match(["a", "b"], registry.NINE_BALL, {"race_to": 1}, seed=1000 + k)
        ran = False
        while not m.over:
            req = m.requirements()
            if req.pending or req.shooter != 0:
                break
            d = player.shot(m.discipline, m.state, seed_for(m.seed, len(m.history), 0),
                            req)
            ruling = m.apply(simulate(d.table(m.table()), d.stroke), d.declarations)
            shots += 1
            if ruling.game_over:
                ran = ruling.winner == 0
                break
        runs += ran
        if (k + 1) % PROGRESS == 0:
            say(f"  {k + 1} racks: {runs} break-and-runs "
                f"({time.perf_counter() - t0:.0f} s)")
    say(f"9-ball break and run, strong, {racks} racks: {runs} "
        f"({100 * runs / racks:.1f}%), {shots} shots")


# -- 8-ball strong against beginner --------------------------------------------


def part_eight(games: int) -> None:
    wins = 0
    shots = 0
    t0 = time.perf_counter()
    for k in range(games):
        # Each breaks half the games: strong sits first in even games.
        levels = ("strong", "beginner") if k % 2 == 0 else ("beginner", "strong")
        m = Match(["x", "y"], registry.EIGHT_BALL, {"race_to": 1}, seed=2000 + k)
        t = Table(m, seats(*levels))
        r = t.play(max_shots=400)
        shots += r.shots
        strong = 0 if k % 2 == 0 else 1
        wins += r.winner == strong
        if (k + 1) % PROGRESS == 0:
            say(f"  {k + 1} games: strong won {wins} "
                f"({time.perf_counter() - t0:.0f} s)")
    say(f"8-ball, strong against beginner, {games} games: strong won {wins} "
        f"({100 * wins / games:.1f}%), {shots} shots")


# -- 14.1 average run ----------------------------------------------------------


def part_straight(innings: int) -> None:
    runs: list[int] = []
    seed = 3000
    while len(runs) < innings:
        m = Match(["a", "b"], registry.STRAIGHT_POOL, {"target": 10_000}, seed=seed)
        seed += 1
        t = Table(m, seats("strong", "strong"))
        run = 0
        current: int | None = None
        guard = 0
        while len(runs) < innings and not m.over and guard < 400:
            guard += 1
            steps = t.step()
            for s in steps:
                if s.kind != "shot" or s.ruling is None:
                    continue
                shooter = s.player
                if current is None:
                    current = shooter
                pts = s.ruling["points"][shooter] if s.ruling["points"] else 0
                if shooter != current:
                    runs.append(run)
                    run = 0
                    current = shooter
                if pts > 0:
                    run += pts
                if s.ruling["next_shooter"] != shooter:
                    runs.append(run)
                    run = 0
                    current = None
    runs = runs[:innings]
    say(f"14.1 average run of the strongest: {statistics.mean(runs):.2f} balls over "
        f"{len(runs)} innings (longest {max(runs)}, median "
        f"{statistics.median(runs):.0f})")


# -- Express -------------------------------------------------------------------


def express_problems(state: GameState, total_chips: int) -> list[str]:
    out: list[str] = []
    chips = sum(getattr(state, "chips", ())) + int(getattr(state, "bank", 0))
    if chips != total_chips:
        out.append(f"chips {chips} != {total_chips}")
    return out


def part_express(matches: int, level: str, options: dict[str, Any]) -> None:
    failures: list[str] = []
    shots = 0
    t0 = time.perf_counter()
    for k in range(matches):
        m = Match(["a", "b", "c"], registry.EXPRESS, options, seed=4000 + k)
        total = sum(m.state.chips) + m.state.bank  # type: ignore[attr-defined]
        t = Table(m, seats(level, level, level))
        n = 0
        while not m.over and n < 4000:
            for _ in t.step():
                pass
            n += 1
            failures += [f"match {k}: {p}" for p in express_problems(m.state, total)]
        shots += t.shots
        if not m.over:
            failures.append(f"match {k}: not over after {n} steps")
            continue
        status = list(m.state.status)  # type: ignore[attr-defined]
        winners = [i for i, s in enumerate(status) if s == "active"]
        if len(winners) != 1 or m.winner != winners[0]:
            failures.append(f"match {k}: winners {winners}, match says {m.winner}")
        if m.state.bank != 0:  # type: ignore[attr-defined]
            failures.append(f"match {k}: the bank was not paid out")
        if (k + 1) % PROGRESS == 0:
            say(f"  {k + 1} matches ({time.perf_counter() - t0:.0f} s)")
    say(f"Express, three {level} players, {matches} matches {options}: "
        f"{matches - len({f.split(':')[0] for f in failures})} completed with every "
        f"invariant held, {shots} shots; {len(failures)} failures")
    for f in failures[:20]:
        say(f"  {f}")


def main(argv: Sequence[str] | None = None) -> int:
    from simulator.files.inputs import ArgumentParser
    p = ArgumentParser(prog="python -m simulator.players bench",
                       description="Figures of the computer players.")
    p.add_argument("--part", action="append", choices=PARTS,
                   help="one part (repeatable; default all)")
    p.add_argument("--positions", type=int, default=8,
                   help="positions of each discipline for the time (default 8)")
    p.add_argument("--tries", type=int, default=40, help="tries of each cut shot")
    p.add_argument("--racks", type=int, default=200)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--innings", type=int, default=100)
    p.add_argument("--matches", type=int, default=50,
                   help=f"matches of the {EXPRESS} part")
    p.add_argument("--level", choices=tuple(STRENGTHS), default="beginner",
                   help=f"the players' strength in the {EXPRESS} part")
    args = p.parse_args(argv)
    for name in ("positions", "tries", "racks", "games", "innings", "matches"):
        if not 1 <= getattr(args, name) <= 100_000:
            p.error(f"--{name}: expected 1 to 100000")
    parts = args.part or list(PARTS)
    jobs: dict[str, Callable[[], None]] = {
        "time": lambda: part_time(args.positions),
        "potting": lambda: part_potting(args.tries),
        "run": lambda: part_run(args.racks),
        EIGHT: lambda: part_eight(args.games),
        STRAIGHT: lambda: part_straight(args.innings),
        EXPRESS: lambda: part_express(args.matches, args.level,
                                        {"initial_points": 15, "max_signatures": 1}),
    }
    with tempfile.TemporaryDirectory(prefix="kiy-players-bench-") as tmp:
        profile.use(tmp)
        try:
            for part in parts:
                t0 = time.perf_counter()
                jobs[part]()
                say(f"  ({part}: {time.perf_counter() - t0:.0f} s)")
        finally:
            profile.use(None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
