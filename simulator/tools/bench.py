"""python -m simulator.tools.bench: how fast the physics runs. A benchmark, not a test.

Prints, for a 15-ball rack broken at 8 m/s (30 rack layouts, each the best
of --rack-repeat runs, one pass over the racks after another), the 9-ball
break and a single cut shot: median, p90
and max wall time, simulated time to rest, the ratio simulated/wall, and
peak memory; the cost of a ball resting near a pocket; and how a step's time
splits between chipmunk and Python.

When the peer simulator pooltool 0.6.0 is installed
(../shared/tools/install-pooltool.sh; found at --peer-python, $KIY_PEER_PYTHON
or the installer's default place), the same shots, from the same state of
the struck ball, are run through it in the same run and the ratios printed.
For the ratios the two sides take turns of a few runs (a pooltool process
is kept waiting for its next shot), so that both are timed under the same
load of a shared machine, whose slow spells last a fraction of a second or
more.

``python -m simulator.tools.bench gaps`` prints balls potted per break against the
rack's gaps, ``python -m simulator.tools.bench pockets`` the pockets' off-centre
acceptance at speed, ``python -m simulator.tools.bench cushions`` the two cushion
models side by side (simulator.tools.figures), ``python -m simulator.tools.bench
breaks`` how long breaks roll and a centre break's scratches
(simulator.tools.breaks).
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import os
import resource
import statistics
import subprocess
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simulator.physics import cue, simulate, world
from simulator.table.events import EventKind, Shot, Stroke
from simulator.table.state import TableState
from simulator.tools.shots import (
    SPEC,
    Make,
    cut_shot,
    cut_shot_near_pocket,
    eight_ball_break,
    nine_ball_break,
)


def _measure(make: Make, runs: int) -> tuple[list[float], list[Shot]]:
    walls: list[float] = []
    shots: list[Shot] = []
    for _ in range(runs):
        state, stroke = make()
        t0 = time.perf_counter()
        shot = simulate(state, stroke)
        walls.append(time.perf_counter() - t0)
        shots.append(shot)
    return walls, shots


def _row(name: str, walls: list[float], shots: list[Shot]) -> str:
    walls_ms = sorted(w * 1000 for w in walls)
    med = statistics.median(walls_ms)
    p90 = walls_ms[min(len(walls_ms) - 1, math.ceil(0.9 * len(walls_ms)) - 1)]
    sim = statistics.median(s.duration for s in shots)
    ratio = statistics.median(s.duration / w for s, w in zip(shots, walls, strict=True))
    return (
        f"{name:<26} {med:8.1f} {p90:8.1f} {walls_ms[-1]:8.1f}   {sim:7.2f} s"
        f"   {ratio:7.0f}x"
    )


def _peak_memory_kib(make: Make) -> float:
    state, stroke = make()
    tracemalloc.start()
    simulate(state, stroke)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1024


def _max_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# -- the per-step split ----------------------------------------------------------------
@dataclass
class Split:
    """Where a set of shots' wall time went (µs per chipmunk step, except
    where said): in all, chipmunk's step, resolving contacts, handling the
    scheduled instants (phase changes, lines crossed, drops, landings),
    setting the world up and finishing it (per shot), and the steps."""

    per_step: float
    chipmunk: float
    resolving: float
    scheduled: float
    setup_ms: float
    steps: int
    shots: int

    @property
    def loop_python(self) -> float:
        """What Python spends per step outside the events and the set-up:
        the step loop's own work."""
        setup = 1000.0 * self.setup_ms * self.shots / self.steps
        return self.per_step - self.chipmunk - self.resolving - self.scheduled - setup


def step_split(makes: Sequence[Make]) -> Split:
    """Run the shots with chipmunk's step, the contact resolutions, the
    scheduled instants and the set-up and finishing timed."""
    from simulator.physics import ShotStream

    spent = [0.0, 0.0, 0.0, 0.0]
    clock = time.perf_counter
    restore = _time_the_parts(spent)
    try:
        total = 0.0
        steps = 0
        for make in makes:
            state, stroke = make()
            t0 = clock()
            stream = ShotStream(state, stroke)
            spent[3] += clock() - t0
            stream.run_to_end()
            total += clock() - t0
            steps += stream.stats.steps
    finally:
        restore()
    n = len(makes)
    return Split(
        1e6 * total / steps,
        1e6 * spent[0] / steps,
        1e6 * spent[1] / steps,
        1e6 * spent[2] / steps,
        1e3 * spent[3] / n,
        steps,
        n,
    )


def _time_the_parts(spent: list[float]) -> Callable[[], None]:
    """Wrap chipmunk's step, the contact resolutions, the scheduled instants
    and the finishing so that each adds its time to ``spent`` (in that
    order); what puts them back."""
    from simulator.physics import contacts, instants, near

    inner = world._cp_space_step
    resolve = contacts.Contacts.resolve
    due = instants.Instants.handle
    finish = world.World._finish
    clock = time.perf_counter

    def timed(space: Any, dt: float) -> None:
        t0 = clock()
        inner(space, dt)
        spent[0] += clock() - t0

    def timed_resolve(self: contacts.Contacts, c: near.Candidate) -> set[int]:
        t0 = clock()
        try:
            return resolve(self, c)
        finally:
            spent[1] += clock() - t0

    def timed_due(self: instants.Instants, e: Any) -> set[int]:
        t0 = clock()
        try:
            return due(self, e)
        finally:
            spent[2] += clock() - t0

    def timed_finish(self: world.World) -> None:
        t0 = clock()
        try:
            finish(self)
        finally:
            spent[3] += clock() - t0

    def restore() -> None:
        world._cp_space_step = inner
        contacts.Contacts.resolve = resolve  # type: ignore[method-assign]
        instants.Instants.handle = due  # type: ignore[method-assign]
        world.World._finish = finish  # type: ignore[method-assign]

    world._cp_space_step = timed
    contacts.Contacts.resolve = timed_resolve  # type: ignore[method-assign]
    instants.Instants.handle = timed_due  # type: ignore[method-assign]
    world.World._finish = timed_finish  # type: ignore[method-assign]
    return restore


# -- the peer --------------------------------------------------------------------
def peer_python(given: str | None) -> Path | None:
    """pooltool's interpreter: given, from $KIY_PEER_PYTHON, or where the
    installer puts it; None if there is none."""
    if given:
        return Path(given)
    env = os.environ.get("KIY_PEER_PYTHON")
    if env:
        return Path(env)
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    default = cache / "kiy-bench" / "pooltool" / "venv" / "bin" / "python"
    return default if default.exists() else None


def _peer_shot(state: TableState, stroke: Stroke) -> dict[str, Any]:
    """The shot in pooltool's frame: its table runs along y, so ours is turned
    a quarter turn (x, y) -> (W - y, x), velocities and spins with it."""
    spec = state.spec
    res = cue.strike(stroke, spec.balls, spec.physics)
    w = spec.width
    vx, vy, _ = res.velocity
    wx, wy, wz = res.spin
    return {
        "positions": {
            str(b.ball): [w - b.y, b.x] for b in state.balls if b.where.value == "table"
        },
        "struck": spec.balls.cue_ball,
        "velocity": [-vy, vx],
        "spin": [-wy, wx, wz],
    }


class Peer:
    """pooltool in its own interpreter, kept running: Kiy and it take turns
    on the same shots, so the machine's load, which moves from minute to
    minute on a shared machine, falls on both sides alike."""

    def __init__(self, python: Path, script: Path | None = None) -> None:
        """``script``: the peer's side (bench_peer.py by default; a test
        gives a stand-in that speaks the same lines)."""
        spec = SPEC
        p = spec.physics
        setup = {
            "table": {
                "length": spec.length,
                "width": spec.width,
                "cushion_height": spec.cushion_height,
                "corner_mouth": spec.pocket("head_left").mouth_width,
                "side_mouth": spec.pocket("side_left").mouth_width,
            },
            "balls": {
                "mass": spec.balls.mass,
                "radius": spec.balls.radius,
                "mu_slide": p.mu_slide,
                "mu_roll": p.mu_roll,
                "e_ball": p.e_ball,
                "e_cushion": p.e_cushion,
                "mu_cushion": p.mu_cushion,
                "gravity": p.gravity,
            },
            "warm_up": _peer_shot(*cut_shot()),
        }
        home = python.parent.parent.parent / "home"
        env = dict(os.environ)
        if home.is_dir():
            env["HOME"] = str(home)
        script = script or Path(__file__).with_name("bench_peer.py")
        self._process = subprocess.Popen(
            [str(python), str(script)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=str(script.parent.parent),
        )
        self.version = str(self._ask(setup)["version"])

    def _ask(self, message: dict[str, Any]) -> dict[str, Any]:
        process = self._process
        assert process.stdin is not None and process.stdout is not None
        try:
            process.stdin.write(json.dumps(message) + "\n")
            process.stdin.flush()
            line = process.stdout.readline()
        except OSError:  # the pipe is closed: it stopped before reading
            line = ""
        if not line:
            raise RuntimeError(
                f"pooltool's side stopped (exit code {process.wait()}); "
                "run simulator/tools/bench_peer.py in its interpreter to see why"
            )
        reply: dict[str, Any] = json.loads(line)
        return reply

    def times(self, state: TableState, stroke: Stroke, repeat: int) -> list[float]:
        """Wall times (s) of ``repeat`` runs of the shot in pooltool."""
        reply = self._ask({"shot": _peer_shot(state, stroke), "repeat": repeat})
        times: list[float] = reply["times"]
        return times

    def close(self) -> None:
        process = self._process
        assert process.stdin is not None
        process.stdin.close()
        process.wait(timeout=60)


def _turns(
    make: Make, runs: int, peer: Peer, batch: int = 4
) -> tuple[list[float], list[float], list[float]]:
    """``runs`` runs of a shot on each side, in turns of ``batch`` runs, each
    turn after a run not timed: a turn is over within a few tens of
    milliseconds, while a shared machine's slow spells last a fraction of a
    second or more, so both sides of a turn mostly see the same machine; the
    untimed run brings back into the caches what the other side's turn took
    out of them (a simulation run for a computer player follows another).
    Returns both sides' times and each turn's ratio of medians."""
    walls: list[float] = []
    peer_walls: list[float] = []
    ratios: list[float] = []
    done = 0
    while done < runs:
        n = min(batch, runs - done)
        kiy = _measure(make, n + 1)[0][1:]
        other = peer.times(*make(), n + 1)[1:]
        walls += kiy
        peer_walls += other
        ratios.append(statistics.median(kiy) / statistics.median(other))
        done += n
    return walls, peer_walls, ratios


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m simulator.tools.bench",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "what",
        nargs="?",
        choices=("speed", "gaps", "pockets", "cushions", "follow", "throw", "breaks"),
        default="speed",
        help="speed (default): the timings; gaps: balls potted per break "
        "against rack gaps; pockets: off-centre acceptance at speed; "
        "cushions: the cushion models on reference.md 6's cases and the "
        "measured rebounds; follow: the follow shot's 7/8 rule and the 30 "
        "degree rule; throw: cut-shot throw against TP A-14; breaks: how "
        "long breaks roll and where a centre break's cue ball goes",
    )
    p.add_argument("--racks", type=int, default=30, help="rack layouts (default 30)")
    p.add_argument(
        "--break-speed",
        type=float,
        default=11.0,
        help="cue-ball speed of the gaps table's breaks, m/s (default 11)",
    )
    p.add_argument(
        "--repeat",
        type=int,
        default=20,
        help="runs of the 9-ball break and of the cut shot (default 20)",
    )
    p.add_argument(
        "--rack-repeat",
        type=int,
        default=5,
        help="runs of each rack, the best kept, on both sides (default 5)",
    )
    p.add_argument("--peer-python", help="pooltool's python (default: found)")
    p.add_argument("--no-peer", action="store_true", help="Kiy's figures only")
    return p


def main(argv: Sequence[str] | None = None) -> None:
    p = build_parser()
    args = p.parse_args(argv)
    if args.racks < 1 or args.repeat < 1 or args.rack_repeat < 1:
        p.error("--racks, --repeat and --rack-repeat must be at least 1")
    if not 0.5 <= args.break_speed <= 15.0:
        p.error("--break-speed must be between 0.5 and 15 m/s")
    if args.what != "speed":
        _figures(args)
        return

    simulate(*cut_shot())  # warm up imports and caches
    python = None if args.no_peer else peer_python(args.peer_python)
    peer: Peer | None = None
    if python is not None and python.exists():
        try:
            peer = Peer(python)
        except (RuntimeError, OSError) as e:
            # Kiy's own figures still come; only the ratios are missing.
            print(f"pooltool could not start: {e}")
    try:
        _speed(args, peer)
    finally:
        if peer is not None:
            peer.close()


def _figures(args: argparse.Namespace) -> None:
    """The physics' figures against their references (simulator.tools.figures)."""
    from simulator.tools import figures

    if args.what == "gaps":
        figures.print_rack_gaps(args.racks, args.break_speed)
        return
    if args.what == "breaks":
        from simulator.tools import breaks

        breaks.print_breaks(args.racks)
        return
    {"pockets": figures.print_pockets, "cushions": figures.print_cushions,
     "follow": figures.print_follow, "throw": figures.print_throw}[args.what]()


def _speed(args: argparse.Namespace, peer: Peer | None) -> None:
    racks: list[Make] = [
        functools.partial(eight_ball_break, seed) for seed in range(args.racks)
    ]
    rack_walls, rack_shots = _best_runs(racks, args.rack_repeat)
    _own_times(args, rack_walls, rack_shots)
    _step_split_lines(racks)
    _break_lines(rack_shots)
    if peer is None:
        print(
            "no ratios: pooltool is not installed or did not start "
            "(../shared/tools/install-pooltool.sh)"
        )
        return
    _ratios(args, racks, peer)


def _best_runs(racks: Sequence[Make], repeat: int) -> tuple[list[float], list[Shot]]:
    """Each rack's best wall time over ``repeat`` passes, and its first shot."""
    # The best of a few runs of each rack, one pass over all the racks after
    # another: a shared machine's other work only ever adds, and its slow
    # spells last a fraction of a second or more, long enough to cover a
    # rack's runs back to back (a slow rack that is not) but not three passes.
    rack_walls = [math.inf] * len(racks)
    rack_shots: list[Shot] = []
    for k in range(repeat):
        for i, make in enumerate(racks):
            w, s = _measure(make, 1)
            rack_walls[i] = min(rack_walls[i], w[0])
            if k == 0:
                rack_shots.append(s[0])
    return rack_walls, rack_shots


def _own_times(args: argparse.Namespace, rack_walls: list[float],
               rack_shots: list[Shot]) -> None:
    """Kiy's wall times: the breaks, a 9-ball break, a cut shot, and the cut
    shot beside a ball resting in a pocket's mouth."""
    nine_walls, nine_shots = _measure(nine_ball_break, args.repeat)
    cut_walls, cut_shots = _measure(cut_shot, args.repeat)
    # The shot with and without the resting ball by turns, one run each.
    plain_walls: list[float] = []
    near_walls: list[float] = []
    for _ in range(args.repeat):
        plain_walls += _measure(cut_shot, 1)[0]
        near_walls += _measure(cut_shot_near_pocket, 1)[0]

    print(
        "wall time per shot, ms       median      p90      max   sim to rest   sim/wall"
    )
    print(_row(f"15-ball break, {args.racks} racks", rack_walls, rack_shots))
    print(_row("9-ball break", nine_walls, nine_shots))
    print(_row("single cut shot", cut_walls, cut_shots))
    med = statistics.median(rack_walls)
    print(f"slowest rack / median rack: {max(rack_walls) / med:.2f}")
    near = statistics.median(near_walls) / statistics.median(plain_walls)
    near_best = min(near_walls) / min(plain_walls)
    print(
        "cut shot with a ball resting 7 cm inside a pocket mouth: "
        f"{near:.2f}x the plain cut shot (medians), {near_best:.2f}x (best runs)"
    )


def _step_split_lines(racks: Sequence[Make]) -> None:
    """Where a step of a break spends its time (simulator.tools.bench.Split)."""
    split = step_split(racks[: min(10, len(racks))])
    per_step, chipmunk, resolving = split.per_step, split.chipmunk, split.resolving
    steps = split.steps
    in_python = per_step - chipmunk
    print(
        f"per step of a break: {per_step:.1f} us, of which chipmunk's step "
        f"{chipmunk:.1f} us and Python {in_python:.1f} us "
        f"({in_python / chipmunk:.1f}x chipmunk; resolving contacts "
        f"{resolving:.1f} us, the rest {in_python - resolving:.1f} us = "
        f"{(in_python - resolving) / chipmunk:.1f}x chipmunk); "
        f"{steps / min(10, len(racks)):.0f} steps a break"
    )
    # A second view of the same runs: the figure above spreads over the steps
    # everything a shot costs; this one takes out, besides the contacts, the
    # scheduled instants and each shot's set-up and finishing, leaving what
    # the step loop itself costs in Python per step.
    print(
        f"  the same split further: scheduled instants {split.scheduled:.1f} us "
        f"a step, set-up and finishing {split.setup_ms:.2f} ms a break; the step "
        f"loop's own Python {split.loop_python:.1f} us a step = "
        f"{split.loop_python / chipmunk:.1f}x chipmunk"
    )


def _break_lines(rack_shots: Sequence[Shot]) -> None:
    """The memory a break takes, and what the breaks did on the table."""
    print(
        f"peak traced memory of one 15-ball break: "
        f"{_peak_memory_kib(lambda: eight_ball_break(0)):.0f} KiB; "
        f"process max RSS {_max_rss_mib():.0f} MiB"
    )
    pots = [
        sum(1 for e in s.events if e.kind is EventKind.POCKETED and e.balls[0] != 0)
        for s in rack_shots
    ]
    rails = [
        len(
            {
                e.balls[0]
                for e in s.events
                if e.kind is EventKind.BALL_CUSHION and e.balls[0] != 0
            }
        )
        for s in rack_shots
    ]
    contacts = [len(s.of_kind(EventKind.BALL_BALL)) for s in rack_shots]
    print(
        f"15-ball breaks: {statistics.mean(pots):.2f} object balls pocketed "
        "on average, "
        f"{statistics.mean(rails):.1f} object balls reach a cushion, "
        f"{statistics.mean(contacts):.0f} ball-ball contacts"
    )


def _ratios(args: argparse.Namespace, racks: Sequence[Make], peer: Peer) -> None:
    """Kiy against pooltool, by turns."""
    # Both sides again, by turns (see _turns): the ratios are read from
    # these runs only.
    kiy_racks: list[float] = []
    peer_racks: list[float] = []
    rack_ratios: list[float] = []
    for make in racks:
        w, pw, _ = _turns(make, args.rack_repeat, peer, batch=args.rack_repeat)
        # The best of each side's runs of the rack, as above.
        kiy_racks.append(min(w))
        peer_racks.append(min(pw))
        rack_ratios.append(min(w) / min(pw))
    kiy_nine, peer_nine, nine_ratios = _turns(nine_ball_break, args.repeat, peer)
    kiy_cut, peer_cut, cut_ratios = _turns(cut_shot, args.repeat, peer)
    pm = statistics.median(peer_racks)
    km = statistics.median(kiy_racks)
    print(
        f"by turns, Kiy / pooltool {peer.version}, ms: 15-ball break medians "
        f"{1000 * km:.1f} / {1000 * pm:.1f} (slowest {1000 * max(kiy_racks):.1f}"
        f" / {1000 * max(peer_racks):.1f}), 9-ball break "
        f"{1000 * statistics.median(kiy_nine):.1f} / "
        f"{1000 * statistics.median(peer_nine):.1f}, cut shot "
        f"{1000 * statistics.median(kiy_cut):.2f} / "
        f"{1000 * statistics.median(peer_cut):.2f}"
    )
    print(
        f"Kiy / pooltool: 15-ball break median {km / pm:.2f}x, slowest rack "
        f"{max(kiy_racks) / pm:.2f}x of pooltool's median, 9-ball break "
        f"{statistics.median(kiy_nine) / statistics.median(peer_nine):.2f}x, "
        f"cut shot {statistics.median(kiy_cut) / statistics.median(peer_cut):.2f}x"
    )
    # Each turn's own ratio (each rack's for the breaks), and the best runs:
    # what the machine's other work adds to one side only is left out.
    print(
        "Kiy / pooltool, median of the turns' ratios: 15-ball break "
        f"{statistics.median(rack_ratios):.2f}x, 9-ball break "
        f"{statistics.median(nine_ratios):.2f}x, cut shot "
        f"{statistics.median(cut_ratios):.2f}x; best runs: 9-ball break "
        f"{min(kiy_nine) / min(peer_nine):.2f}x, cut shot "
        f"{min(kiy_cut) / min(peer_cut):.2f}x"
    )


if __name__ == "__main__":
    main()
