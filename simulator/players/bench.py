"""``python -m simulator.players.bench``: how fast and how well the computer
players play. A benchmark, not a test: it prints figures, every one of the
computer players' targets in one command (each part can be run alone).

Parts (``--part``, default all, in this order):

- ``time``: decision time per strength over a fixed set of positions (taken
  from beginners' games of each discipline): wall median and p90, the
  process's CPU median, the share spent in the physics and the search's
  simulations per second, with the machine's load average beside it;
- ``sims``: simulations per second on a fixed set of strokes (every legal
  ball of those positions hit full and half-ball, soft to firm, stun,
  follow and draw): the full physics as the search used to run it, and the
  search-grade path where there is one, by turns in one run, and how often
  the two give the outcome a referee reads alike (and the balls' rest
  positions where they do);
- ``potting``: each strength's potting percentage on a fixed set of cut
  shots by distance and angle (its chosen stroke, played with its noise);
- ``run``: 9-ball, the strong player's break and run over ``--racks`` racks
  (4.5 in corners): the rate, the break's scratches and the cue ball's
  speed off the tip;
- ``eight``: 8-ball, strong against club over ``--games`` games, then pro
  against strong over ``--pro-games`` (each breaking half);
- ``straight``: 14.1, balls per inning of strong against strong over
  ``--innings`` innings, then of pro against pro;
- ``hint``: the strength the hint plays at and its time over the positions;
- ``express``: ``--matches`` Express matches of three computer players,
  every invariant checked after every step (chips constant, one winner).

The ``run``, ``eight`` and ``straight`` parts also count, per strength, the
fouls on strokes that were not pot attempts (safeties, kicks, push-outs)
per 100 shots, and the double hits of kicks. Everything runs with a
throwaway profile folder; the seeds are fixed, so a run before a change and
one after it play the same racks.
"""

from __future__ import annotations

import math
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rules import registry
from rules.game import GameState
from rules.referee import Match
from rules.ruling import BallInHand
from simulator import physics
from simulator.files import profile
from simulator.physics import simulate
from simulator.players import aim, hint
from simulator.players.player import ComputerPlayer, seed_for
from simulator.players.search import executed, tip_can_reach
from simulator.players.strength import STRENGTHS, draw_noise
from simulator.players.table import Seat, Step, Table
from simulator.table.events import EventKind, Stroke
from simulator.table.specs import CUE_BALL, table_by_name
from simulator.table.state import TableState, Where

# The parts that play one game are named by its plain word (registry.word).
EIGHT = registry.word(registry.EIGHT_BALL)
STRAIGHT = registry.word(registry.STRAIGHT_POOL)
EXPRESS = registry.word(registry.EXPRESS)
PARTS = ("time", "sims", "potting", "run", EIGHT, STRAIGHT, "hint", EXPRESS, "why")
PROGRESS = 5  # a line every this many racks, games or matches (read as it goes)
POT_KINDS = ("pot", "bank", "cue_pot", "combo")  # strokes that try to pot
NOT_POTS = ("safety", "kick", "push_out")  # strokes that do not
DOUBLE_HIT = "foul.double_hit"
TOP = "pro" if "pro" in STRENGTHS else "strong"  # the strongest level there is


def say(text: str) -> None:
    print(text, flush=True)


def load() -> str:
    """The machine's load average (1 min), said beside every timing: other
    work shares the two cores."""
    try:
        return f"load {os.getloadavg()[0]:.1f}"
    except OSError:
        return "load ?"


def seats(*levels: str) -> list[Seat]:
    return [Seat(f"cpu:{lv}" + (f" {i + 1}" if levels.count(lv) > 1 else ""),
                 STRENGTHS[lv]) for i, lv in enumerate(levels)]


# -- what a level did at the table ---------------------------------------------


@dataclass
class Tally:
    """One strength's strokes in a part: how many, the fouls on strokes
    that were not pot attempts, the double hits of kicks, decision times."""

    shots: int = 0
    breaks: int = 0
    non_pot: int = 0
    non_pot_fouls: int = 0
    kicks: int = 0
    kick_double_hits: int = 0
    fouls: int = 0
    seconds: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def add(self, kind: str, codes: Sequence[str], seconds: float,
            cpu: float | None = None) -> None:
        self.shots += 1
        self.seconds.append(seconds)
        if cpu is not None:
            self.cpu.append(cpu)
        fouled = any(c.startswith(("foul.", "loss.")) for c in codes)
        self.fouls += fouled
        if kind in ("break", "safe_break"):
            self.breaks += 1
        if kind in NOT_POTS:
            self.non_pot += 1
            self.non_pot_fouls += fouled
        if kind == "kick":
            self.kicks += 1
            self.kick_double_hits += DOUBLE_HIT in codes

    def line(self, name: str) -> str:
        per = 100.0 * self.non_pot_fouls / max(1, self.shots)
        med = statistics.median(self.seconds) if self.seconds else 0.0
        return (f"  {name}: {self.shots} shots, fouls on strokes that were not "
                f"pot attempts {self.non_pot_fouls} ({per:.2f} per 100 shots; "
                f"{self.non_pot} such strokes), double hits from a kick "
                f"{self.kick_double_hits} of {self.kicks} kicks, all fouls "
                f"{self.fouls}; decision median {med:.2f} s"
                + (f" (CPU median {statistics.median(self.cpu):.2f} s, p90 "
                   f"{_p90(sorted(self.cpu)):.2f} s)" if self.cpu else ""))


def tally_step(tallies: dict[str, Tally], level: str, s: Step) -> None:
    if s.kind == "shot":
        tallies.setdefault(level, Tally()).add(str(s.decision.get("kind")),
                                               s.codes, s.seconds, s.cpu)


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
        f"(ordinary shots; {load()})")
    pos = positions(count, 11)
    # Wall time, and the process's own CPU time: on a shared machine the
    # second is what the decision costs on a core of its own.
    say(f"{'strength':10} {'median s':>9} {'p90 s':>8} {'max s':>8} "
        f"{'cpu med':>8} {'cpu p90':>8} {'physics':>8} {'sims':>6} {'sims/s':>7}")
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
            f"{100 * phys / sum(times):7.0f}% {sims / len(times):6.0f} "
            f"{sims / sum(cpu):7.0f}  ({load()})")


def _p90(ordered: list[float]) -> float:
    return ordered[min(len(ordered) - 1, math.ceil(0.9 * len(ordered)) - 1)]


# -- simulations per second ----------------------------------------------------


def stroke_set(per_game: int) -> list[tuple[TableState, Stroke]]:
    """Fixed strokes on the positions of the time part, none of them chosen
    by a player: each legal ball hit full and half-ball each way, at three
    speeds, stun, follow and draw (a search's strokes, without the player)."""
    out: list[tuple[TableState, Stroke]] = []
    for _, m in positions(per_game, 11):
        req = m.requirements()
        table = m.table()
        if req.ball_in_hand is not BallInHand.NONE:
            continue
        cue = table.position(CUE_BALL)
        if cue is None:
            continue
        spec = table.spec
        r = spec.balls.radius
        for b in req.legal_first_contacts[:3]:
            obj = table.position(b)
            if obj is None:
                continue
            d = math.dist(cue, obj)
            base = math.degrees(math.atan2(obj[1] - cue[1], obj[0] - cue[0]))
            for off in (0.0, 0.5, -0.5):
                if d <= abs(off) * 2 * r:
                    continue
                direction = (base + math.degrees(math.asin(off * 2 * r / d))) % 360
                for v in (1.2, 2.2, 3.5):
                    for tip_b in (0.0, 0.3, -0.3):
                        out.append((table, Stroke(direction,
                                                  aim.cue_speed(spec, v, 0.0, tip_b),
                                                  0.0, tip_b, 2.0)))
    return out


def part_sims(count: int) -> None:
    cases = stroke_set(count)
    fast = getattr(physics, "simulate_search", None)
    paths: list[tuple[str, Callable[[TableState, Stroke], Any]]] = [
        ("full physics, no frames", lambda t, s: simulate(t, s, frame_dt=1e3))]
    if fast is not None:
        paths.append(("search-grade path", fast))
    say(f"simulations per second over {len(cases)} fixed strokes, each path "
        f"three times by turns ({load()})")
    cpu: dict[str, float] = {n: 0.0 for n, _ in paths}
    wall: dict[str, float] = {n: 0.0 for n, _ in paths}
    shots: dict[str, list[Any]] = {}
    for _ in range(3):
        for name, run in paths:
            t0, c0 = time.perf_counter(), time.process_time()
            shots[name] = [run(table, stroke) for table, stroke in cases]
            wall[name] += time.perf_counter() - t0
            cpu[name] += time.process_time() - c0
    n = 3 * len(cases)
    for name, _ in paths:
        say(f"  {name:26} {n / cpu[name]:7.0f} simulations per CPU second, "
            f"{n / wall[name]:7.0f} per wall second")
    if fast is not None:
        a, b = paths[0][0], paths[1][0]
        say(f"  search-grade / full: {cpu[a] / cpu[b]:.2f}x per CPU second "
            f"({load()})")
        agreement(cases, shots[a], shots[b])


def outcome(shot: Any) -> tuple[Any, ...]:
    """What a referee reads of a stroke: the balls pocketed (and where) or
    off the table, the cue ball's first contact, whether a ball met a
    cushion after it (the no-rail foul), and a second hit of the tip."""
    events = shot.events
    pocketed = tuple(sorted((e.balls[0], e.pocket) for e in events
                            if e.kind is EventKind.POCKETED))
    off = tuple(sorted(e.balls[0] for e in events if e.kind is EventKind.LEFT_TABLE))
    first = next((i for i, e in enumerate(events)
                  if e.kind is EventKind.BALL_BALL and CUE_BALL in e.balls), None)
    hit = None if first is None else tuple(sorted(events[first].balls))
    rail = first is not None and any(e.kind is EventKind.BALL_CUSHION
                                     for e in events[first:])
    tip = any(e.kind is EventKind.TIP_CONTACT for e in events)
    return pocketed, off, hit, rail, tip


def agreement(cases: Sequence[tuple[TableState, Stroke]], full: Sequence[Any],
              fast: Sequence[Any]) -> None:
    """The search-grade path's outcomes against the full physics': the
    share that agree, over the strokes the search plays through it (the
    tip reaches nothing: search.tip_can_reach) and over all (the others'
    double hits only the full physics' stick finds), and how far apart the
    balls come to rest where the outcome agrees."""
    plays = [not tip_can_reach(t, s) for t, s in cases]
    same = [outcome(a) == outcome(b) for a, b in zip(full, fast, strict=True)]
    gaps: list[float] = []
    for a, b, ok in zip(full, fast, same, strict=True):
        for ball in a.final.balls if ok else ():
            p = b.final.position(ball.ball)
            if ball.where is Where.TABLE and p is not None:
                gaps.append(1000.0 * math.dist((ball.x, ball.y), p))
    gaps.sort()
    searched = sum(plays)
    agree = sum(ok for ok, p in zip(same, plays, strict=True) if p)
    say(f"  outcomes agreeing (pocketed, off the table, first contact, a "
        f"cushion after it, a second tip hit): {agree} of {searched} strokes "
        f"the search plays through the search-grade path "
        f"({100 * agree / max(1, searched):.1f}%), {sum(same)} of {len(same)} "
        f"in all ({100 * sum(same) / max(1, len(same)):.1f}%)")
    if gaps:
        say(f"  rest positions where they agree: median "
            f"{statistics.median(gaps):.4f} mm, p95 "
            f"{gaps[min(len(gaps) - 1, math.ceil(0.95 * len(gaps)) - 1)]:.3f} "
            f"mm, max {gaps[-1]:.1f} mm over {len(gaps)} balls")


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
    tally = Tally()
    runs = 0
    scratches = 0
    dry = 0
    speeds: list[float] = []
    t0 = time.perf_counter()
    for k in range(racks):
        m = Match(["a", "b"], registry.NINE_BALL, {"race_to": 1}, seed=1000 + k)
        ran = False
        first = True
        while not m.over:
            req = m.requirements()
            if req.pending or req.shooter != 0:
                break
            c0 = time.perf_counter()
            d = player.shot(m.discipline, m.state, seed_for(m.seed, len(m.history), 0),
                            req)
            seconds = time.perf_counter() - c0
            shot = simulate(d.table(m.table()), d.stroke)
            ruling = m.apply(shot, d.declarations)
            tally.add(d.kind, ruling.codes(), seconds)
            if first:
                first = False
                speeds.append(shot.events[0].snapshots[0].speed)
                codes = ruling.codes()
                scratches += "foul.scratch" in codes or "foul.cue_off_table" in codes
                dry += not ruling.scored and not ruling.fouls
            if ruling.game_over:
                ran = ruling.winner == 0
                break
        runs += ran
        if (k + 1) % PROGRESS == 0:
            say(f"  {k + 1} racks: {runs} break-and-runs, {scratches} break "
                f"scratches ({time.perf_counter() - t0:.0f} s, {load()})")
            say("  " + tally.line("strong"))
    speeds.sort()
    say(f"9-ball break and run, strong, {racks} racks (4.5 in corners): {runs} "
        f"({100 * runs / racks:.1f}%); break scratches {scratches} "
        f"({100 * scratches / racks:.1f}%), dry breaks {dry}; the cue ball off "
        f"the tip on the break {speeds[0]:.1f}-{speeds[-1]:.1f} m/s (median "
        f"{statistics.median(speeds):.1f})")
    say(tally.line("strong"))


# -- 8-ball ----------------------------------------------------------------------


def eight_games(games: int, better: str, worse: str, seed0: int) -> None:
    wins = 0
    shots = 0
    runs = 0
    tallies: dict[str, Tally] = {}
    t0 = time.perf_counter()
    for k in range(games):
        # Each breaks half the games: the better sits first in even games.
        levels = (better, worse) if k % 2 == 0 else (worse, better)
        m = Match(["x", "y"], registry.EIGHT_BALL, {"race_to": 1}, seed=seed0 + k)
        t = Table(m, seats(*levels))
        while not m.over and t.shots < 400:
            for s in t.step():
                tally_step(tallies, levels[s.player], s)
        r = t.result()
        shots += r.shots
        best = 0 if k % 2 == 0 else 1
        wins += r.winner == best
        # A break and run: the breaker's first inning won the game.
        shot_steps = [s for s in t.steps if s.kind == "shot"]
        if shot_steps and r.winner == shot_steps[0].player and all(
                s.player == shot_steps[0].player for s in shot_steps):
            runs += 1
        if (k + 1) % PROGRESS == 0:
            say(f"  {k + 1} games: {better} won {wins} "
                f"({time.perf_counter() - t0:.0f} s, {load()})")
            for level in (better, worse):
                if level in tallies:
                    say("  " + tallies[level].line(level))
    say(f"8-ball, {better} against {worse}, {games} games: {better} won {wins} "
        f"({100 * wins / games:.1f}%), {shots} shots, {runs} games won by the "
        f"breaker without the other shooting")
    for level in (better, worse):
        if level in tallies:
            say(tallies[level].line(level))


def part_eight(games: int, pro_games: int) -> None:
    eight_games(games, "strong", "club", 2000)
    if "pro" in STRENGTHS:
        eight_games(pro_games, "pro", "strong", 2500)


# -- 14.1 balls per inning -------------------------------------------------------


def straight_innings(innings: int, level: str, seed0: int) -> None:
    runs: list[int] = []
    tallies: dict[str, Tally] = {}
    seed = seed0
    t0 = time.perf_counter()
    while len(runs) < innings:
        m = Match(["a", "b"], registry.STRAIGHT_POOL, {"target": 10_000}, seed=seed)
        seed += 1
        t = Table(m, seats(level, level))
        run = 0
        current: int | None = None
        guard = 0
        while len(runs) < innings and not m.over and guard < 600:
            guard += 1
            steps = t.step()
            for s in steps:
                tally_step(tallies, level, s)
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
                    if len(runs) % PROGRESS == 0:
                        say(f"  {len(runs)} innings: {statistics.mean(runs):.2f} "
                            f"balls an inning ({time.perf_counter() - t0:.0f} s, "
                            f"{load()})")
                        if level in tallies:
                            say("  " + tallies[level].line(level))
    runs = runs[:innings]
    say(f"14.1, {level} against {level}: {statistics.mean(runs):.2f} balls per "
        f"inning over {len(runs)} innings (longest {max(runs)}, median "
        f"{statistics.median(runs):.0f}, innings of 10 or more "
        f"{sum(r >= 10 for r in runs)})")
    if level in tallies:
        say(tallies[level].line(level))


def part_straight(innings: int, pro_innings: int) -> None:
    straight_innings(innings, "strong", 3000)
    if "pro" in STRENGTHS:
        straight_innings(pro_innings, "pro", 3000)


# -- the hint ------------------------------------------------------------------


def part_hint(count: int) -> None:
    """The hint's time at its level and at each stronger one (searched as
    the hint searches, HINT_MOVES and HINT_BREAK_BUDGET bounding it): the
    wall time, and the CPU time of each discipline (the process's own: on a
    shared machine the wall time is mostly the other work's)."""
    level = getattr(hint, "HINT_LEVEL", "strong")
    names = list(STRENGTHS)
    pos = positions(count, 11)
    for lv in names[names.index(level):]:
        walls: list[float] = []
        cpus: dict[str, list[float]] = {}
        for i, (game, m) in enumerate(pos):
            t0, c0 = time.perf_counter(), time.process_time()
            hint.suggest(m.discipline, m.state, seed_for(9, i, 0), STRENGTHS[lv])
            walls.append(time.perf_counter() - t0)
            cpus.setdefault(game, []).append(time.process_time() - c0)
        walls.sort()
        every = sorted(c for v in cpus.values() for c in v)
        said = "the hint plays at" if lv == level else "at"
        say(f"{said} {lv} (the strongest: {TOP}): wall median "
            f"{statistics.median(walls):.2f} s, p90 {_p90(walls):.2f} s, max "
            f"{walls[-1]:.2f} s over {len(walls)} positions ({load()})")
        say(f"  CPU median {statistics.median(every):.2f} s, max {every[-1]:.2f} s; "
            + ", ".join(f"{g} {statistics.median(v):.2f}" for g, v in cpus.items())
            + f" (the hint's time: {hint.HINT_SECONDS:.0f} s)")


# -- why innings end -------------------------------------------------------------


def shot_geometry(table: TableState, decision: dict[str, Any]) -> str:
    """The pot's difficulty as a coach reads it: the cut, the cue ball's
    distance to the ghost ball, the object ball's to the pocket, and
    whether the cue ball was on a rail."""
    target, pocket = decision.get("target"), decision.get("pocket")
    place = decision.get("place")
    cue = tuple(place) if place else table.position(CUE_BALL)
    if target is None or pocket is None or cue is None:
        return ""
    obj = table.position(int(target))
    if obj is None:
        return ""
    spec = table.spec
    r = spec.balls.radius
    pk = spec.pocket(str(pocket))
    u = aim.unit(aim.sub(aim.aim_point(pk, obj), obj))
    ghost = aim.ghost_ball(obj, u, r)
    to_ghost = aim.sub(ghost, (cue[0], cue[1]))
    cut = math.degrees(aim.angle_between(to_ghost, u))
    gap = min(cue[0] - r, spec.length - r - cue[0], cue[1] - r, spec.width - r - cue[1])
    rail = " on a rail" if gap < r else ""
    return (f"cut {cut:.0f}°, cue {aim.norm(to_ghost):.2f} m, object "
            f"{math.dist(obj, aim.aim_point(pk, obj)):.2f} m{rail}")


# Counted beside the causes: 9-ball first innings that ended on the first
# shot after the break (the layout the break left).
AFTER_BREAK = "of which on the first shot after the break"


def ending(kind: str, codes: Sequence[str], scored: bool, success: float) -> str:
    """Why a stroke ended the shooter's inning."""
    fouls = [c for c in codes if ".foul." in c or c.startswith(("foul.", "loss."))]
    if fouls:
        return f"foul ({fouls[0]}) on a {kind}"
    if kind in ("break", "safe_break"):
        return "the break"
    if kind in NOT_POTS:
        return f"a {kind} chosen"
    if scored:
        return "scored, the turn passed"
    band = "sure (80 %+)" if success >= 0.8 else "fair (50-80 %)" \
        if success >= 0.5 else "hard (under 50 %)"
    return f"a missed {kind}, {band} in its own tries"


def layout(table: TableState) -> str:
    """Where the cue ball and the lowest object ball lie (the 9-ball ball on
    after a break), for the why log."""
    on = [b for b in table.balls if b.where is Where.TABLE]
    cue = next((b for b in on if b.ball == CUE_BALL), None)
    low = min((b for b in on if b.ball != CUE_BALL), key=lambda b: b.ball, default=None)
    parts = [f"cue ball ({cue.x:.2f}, {cue.y:.2f})" if cue else "cue ball off"]
    if low is not None:
        parts.append(f"the {low.ball} ({low.x:.2f}, {low.y:.2f})")
    return ", ".join(parts)


def why_racks(racks: int, log: Callable[[str], None]) -> dict[str, int]:
    """The strong player's first inning of each 9-ball rack, counted by why
    it ended; an inning that ended on the first shot after the break is
    counted again as such (the layout the break left, written to the log)."""
    causes: dict[str, int] = {}
    player = ComputerPlayer(STRENGTHS["strong"])
    for k in range(racks):
        m = Match(["a", "b"], registry.NINE_BALL, {"race_to": 1}, seed=1000 + k)
        log(f"== 9-ball rack {1000 + k}")
        strokes = 0
        while not m.over:
            req = m.requirements()
            if req.pending or req.shooter != 0:
                break
            before = m.table()
            dec = player.shot(m.discipline, m.state,
                              seed_for(m.seed, len(m.history), 0), req)
            ruling = m.apply(simulate(dec.table(before), dec.stroke),
                             dec.declarations)
            strokes += 1
            dd = dec.to_dict()
            log(f"  {dec.kind} {dec.target} {dec.pocket} [{shot_geometry(before, dd)}] "
                f"tries {100 * dec.success:.0f}% value {dec.value:+.2f}: "
                f"{', '.join(ruling.codes()) or '-'} scored {list(ruling.scored)}")
            if strokes == 1:
                log(f"  after the break: {layout(m.table())}")
            if ruling.game_over or ruling.next_shooter != 0:
                why = "won: break and run" if ruling.game_over and \
                    ruling.winner == 0 else ending(dec.kind, ruling.codes(),
                                                   bool(ruling.scored), dec.success)
                causes[why] = causes.get(why, 0) + 1
                if strokes == 2:
                    causes[AFTER_BREAK] = causes.get(AFTER_BREAK, 0) + 1
                log(f"  -- {why}")
                break
        if (k + 1) % PROGRESS == 0:
            say(f"  why: {k + 1} racks of 9-ball ({load()})")
    return causes


def part_why(innings: int, racks: int, log_path: str | None) -> None:
    """Why 14.1 innings and 9-ball racks end, counted by cause, and every
    stroke written to a log to be read as a coach would."""
    lines: list[str] = []

    def log(text: str) -> None:
        lines.append(text)
        if log_path and len(lines) % 50 == 0:
            flush()

    def flush() -> None:
        if log_path:
            with open(log_path, "w", encoding="utf-8") as out:
                out.write("\n".join(lines) + "\n")

    straight, nine = registry.STRAIGHT_POOL, registry.NINE_BALL
    causes: dict[str, dict[str, int]] = {straight: {}, nine: {}}
    tallies: dict[str, Tally] = {}
    # 14.1, strong against strong.
    runs: list[int] = []
    seed = 3000
    while len(runs) < innings:
        m = Match(["a", "b"], registry.STRAIGHT_POOL, {"target": 10_000}, seed=seed)
        log(f"== 14.1 seed {seed}")
        seed += 1
        t = Table(m, seats("strong", "strong"))
        run = 0
        guard = 0
        while len(runs) < innings and not m.over and guard < 600:
            guard += 1
            before = m.state.table
            for s in t.step():
                if s.kind != "shot" or s.ruling is None:
                    continue
                tally_step(tallies, "strong", s)
                d = s.decision
                pts = s.ruling["points"][s.player] if s.ruling["points"] else 0
                left = sum(1 for b in before.balls
                           if b.where is Where.TABLE and b.ball != CUE_BALL)
                log(f"  {s.player} [{left} on] {d['kind']} {d.get('target')} "
                    f"{d.get('pocket')} "
                    f"[{shot_geometry(before, d)}] tries {100 * d['success']:.0f}% "
                    f"value {d['value']:+.2f}: {', '.join(s.codes) or '-'} (+{pts})")
                run += max(0, pts)
                if s.ruling["next_shooter"] != s.player:
                    why = ending(d["kind"], s.codes, pts > 0, d["success"])
                    causes[straight][why] = causes[straight].get(why, 0) + 1
                    log(f"  -- inning of {run}: {why}")
                    runs.append(run)
                    run = 0
        say(f"  why: {len(runs)} innings of 14.1 ({load()})")
    causes[nine] = why_racks(racks, log)
    for game, counts in causes.items():
        if not counts:
            continue
        after = counts.pop(AFTER_BREAK, None)
        total = sum(counts.values())
        say(f"why the {game} innings ended ({total}):")
        for why, n in sorted(counts.items(), key=lambda x: -x[1]):
            say(f"  {n:4d} ({100 * n / max(1, total):4.1f}%) {why}")
        if after is not None:
            say(f"  {after:4d} ({100 * after / max(1, total):4.1f}%) {AFTER_BREAK}")
    if runs:
        r = runs[:innings]
        say(f"  14.1: {statistics.mean(r):.2f} balls per inning over {len(r)} "
            f"innings (longest {max(r)}, median {statistics.median(r):.0f}, "
            f"innings of 10 or more {sum(x >= 10 for x in r)})")
    if "strong" in tallies:
        say(tallies["strong"].line("strong, 14.1"))
    flush()


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
    p.add_argument("--positions", type=int, default=6,
                   help="positions of each discipline for the time (default 6)")
    p.add_argument("--tries", type=int, default=20, help="tries of each cut shot")
    p.add_argument("--racks", type=int, default=200)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--pro-games", type=int, default=40)
    p.add_argument("--innings", type=int, default=100)
    p.add_argument("--pro-innings", type=int, default=50)
    p.add_argument("--matches", type=int, default=20,
                   help=f"matches of the {EXPRESS} part")
    p.add_argument("--level", choices=tuple(STRENGTHS), default="beginner",
                   help=f"the players' strength in the {EXPRESS} part")
    p.add_argument("--log", default=None,
                   help="the why part: every stroke written to this file")
    args = p.parse_args(argv)
    parts = args.part or [p for p in PARTS if p != "why"]
    # The why part alone may skip its 14.1 innings (--innings 0) and read
    # the 9-ball racks only: at the default 100 innings it ran for most of
    # an hour before the first rack.
    least = {"innings": 0} if parts == ["why"] else {}
    for name in ("positions", "tries", "racks", "games", "pro_games", "innings",
                 "pro_innings", "matches"):
        low = least.get(name, 1)
        if not low <= getattr(args, name) <= 100_000:
            p.error(f"--{name.replace('_', '-')}: expected {low} to 100000")
    jobs: dict[str, Callable[[], None]] = {
        "time": lambda: part_time(args.positions),
        "sims": lambda: part_sims(2),
        "potting": lambda: part_potting(args.tries),
        "run": lambda: part_run(args.racks),
        EIGHT: lambda: part_eight(args.games, args.pro_games),
        STRAIGHT: lambda: part_straight(args.innings, args.pro_innings),
        "hint": lambda: part_hint(args.positions),
        EXPRESS: lambda: part_express(args.matches, args.level,
                                        {"initial_points": 15, "max_signatures": 1}),
        "why": lambda: part_why(args.innings, args.racks, args.log),
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
