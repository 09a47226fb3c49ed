"""Long self-play matches through the physics, the referee and the saves:
``python -m simulator.tools.selfplay [--shots N] [--seed S]``.

A simple player aims at a legal ball (with noise, any power, spin and a little
elevation), places the cue ball when it is in hand, calls when a call is
needed and takes a random option when the referee offers a choice. Every
discipline is played in turn. Along the way the match is undone and redone,
saved to the autosave journal and loaded back, saved whole and loaded back,
and every shot is checked:

- the final table is a valid start for the next stroke (``TableState``'s
  check), every ball is still somewhere, every number is finite;
- the events are in time order and end at rest, the duration is finite;
- the referee's next table is valid and its requirements can be computed;
- a redo after an undo gives the same ruling and the same match;
- a journal or a save loaded back is the same match (same inputs, same
  state), and a stroke simulated again gives the same shot, bit for bit.

Each failure is counted and described; the exit status is 1 if there was any.
"""

from __future__ import annotations

import itertools
import math
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rules import registry
from rules.referee import Match
from rules.ruling import (
    BallInHand,
    Choice,
    Declarations,
    RulesError,
    Ruling,
    ShotRequirements,
)
from simulator.files import saves
from simulator.physics import simulate
from simulator.table.events import EventKind, Shot, Stroke
from simulator.table.specs import CUE_BALL
from simulator.table.state import StateError, TableState, Where

DISCIPLINES = registry.names()
# Four at a table that takes more than two (more shots between one player's).
PLAYERS = {g: max(registry.info(g).min_players, min(4, registry.info(g).max_players))
           for g in DISCIPLINES}


def _long(game: str) -> dict[str, object]:
    """Options for a long match: races and targets that a few hundred shots
    do not finish (a game played out on its own points keeps its defaults)."""
    info = registry.info(game)
    if "target" in info.option_fields():
        return {"target": 400}
    return {"race_to": 50} if info.scoring == "race" else {}


OPTIONS: dict[str, dict[str, object]] = {g: _long(g) for g in DISCIPLINES}


@dataclass
class Stats:
    shots: int = 0
    choices: int = 0
    undos: int = 0
    redos: int = 0
    journal_loads: int = 0
    save_loads: int = 0
    replays: int = 0  # strokes simulated again for determinism
    matches: int = 0
    by_discipline: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def line(self) -> str:
        per = ", ".join(f"{d} {n}" for d, n in sorted(self.by_discipline.items()))
        return (f"{self.shots} shots ({per}) in {self.matches} matches, "
                f"{self.choices} choices, {self.undos} undos and {self.redos} "
                f"redos, {self.journal_loads} journal and {self.save_loads} save "
                f"round trips, {self.replays} strokes replayed; "
                f"{len(self.failures)} invariant failures; {self.seconds:.0f} s")


# -- the player -------------------------------------------------------------------
def placement(rng: random.Random, req: ShotRequirements,
              table: TableState) -> tuple[float, float] | None:
    spec = table.spec
    cur = table.position(CUE_BALL)
    cands: list[tuple[float, float]] = [cur] if cur is not None else []
    r = spec.balls.radius
    for _ in range(60):
        cands.append((rng.uniform(r, spec.length - r), rng.uniform(r, spec.width - r)))
    for fx in (0.125, 0.2, 0.1, 0.85):
        for fy in (0.5, 0.35, 0.65, 0.2, 0.8):
            cands.append((spec.length * fx, spec.width * fy))
    for c in cands:
        if req.check_placement(table, *c) is None:
            return c
    return None


def choose_stroke(rng: random.Random, req: ShotRequirements,
                  table: TableState) -> tuple[TableState, Stroke, Declarations]:
    if req.ball_in_hand is not BallInHand.NONE:
        spot = placement(rng, req, table)
        if spot is not None:
            table = table.place(CUE_BALL, *spot)
    cue = table.position(CUE_BALL)
    assert cue is not None
    on = [b for b in table.on_table() if b != CUE_BALL]
    legal = [b for b in (req.legal_first_contacts or tuple(on)) if b in on]
    target = rng.choice(legal) if legal and rng.random() < 0.9 else (
        rng.choice(on) if on else None)
    if target is not None:
        tx, ty = table.ball(target).pos
        direction = math.degrees(math.atan2(ty - cue[1], tx - cue[0]))
        direction += rng.gauss(0.0, 2.5)
    else:
        direction = rng.uniform(-180.0, 180.0)
    speed = 8.0 if req.is_break and rng.random() < 0.7 else rng.uniform(0.3, 9.0)
    a, b = rng.uniform(-0.45, 0.45), rng.uniform(-0.45, 0.45)
    if rng.random() < 0.03:  # now and then a miscue
        a, b = 0.7 * math.cos(direction), 0.7 * math.sin(direction)
    elevation = 0.0 if rng.random() < 0.85 else rng.uniform(0.0, 35.0)
    stroke = Stroke(direction=direction % 360.0, speed=speed, tip_a=a, tip_b=b,
                    elevation=elevation)
    decl = Declarations()
    if req.call_needed and target is not None:
        callable_ = [x for x in (req.callable_balls or tuple(on)) if x in on]
        ball = target if target in callable_ else (
            rng.choice(callable_) if callable_ else target)
        decl = Declarations(called_ball=ball,
                            called_pocket=rng.choice(table.spec.pockets).name)
    elif "safety" in req.allowed_declarations and rng.random() < 0.05:
        decl = Declarations(safety=True)
    elif "push_out" in req.allowed_declarations and rng.random() < 0.3:
        decl = Declarations(push_out=True)
    return table, stroke, decl


def make_choice(rng: random.Random, match: Match) -> bool:
    """Take one of the pending options (or an Express signature); whether a
    step was made."""
    req = match.requirements()
    options = list(req.pending)
    signers = tuple(getattr(req, "may_sign", ()))
    if not options and signers and rng.random() < 0.3:
        c = Choice.SIGN if rng.random() < 0.6 else Choice.DECLINE_SIGN
        try:
            match.choose(c, rng.choice(signers))
            return True
        except RulesError:
            return False
    if not options:
        return False
    rng.shuffle(options)
    for c in options:
        for ball in (None, *match.table().on_table(), *signers):
            try:
                match.choose(c, ball)
                return True
            except RulesError:
                continue
    raise RulesError(f"no pending option could be taken: {options}")


# -- the checks -----------------------------------------------------------------------
def shot_problems(shot: Shot) -> list[str]:
    out: list[str] = []
    try:
        shot.final.validate()
    except StateError as e:
        out.append(f"final table refused: {e}")
    if {b.ball for b in shot.initial.balls} != {b.ball for b in shot.final.balls}:
        out.append("a ball was lost between the initial and the final table")
    for b in shot.final.balls:
        if b.where is Where.TABLE and not (math.isfinite(b.x) and math.isfinite(b.y)):
            out.append(f"ball {b.ball} rests at a non-finite position")
    times = [e.time for e in shot.events]
    if any(y < x for x, y in itertools.pairwise(times)):
        out.append("events out of time order")
    if not shot.events or shot.events[-1].kind is not EventKind.REST:
        out.append("the shot does not end at rest")
    if not (math.isfinite(shot.duration) and 0.0 <= shot.duration < 300.0):
        out.append(f"duration {shot.duration}")
    for ev in shot.events:
        for s in ev.snapshots:
            vals = (s.x, s.y, s.z, s.vx, s.vy, s.vz, s.wx, s.wy, s.wz)
            if not all(math.isfinite(v) for v in vals):
                out.append(f"non-finite snapshot in a {ev.kind.value} event")
                break
    return out


def same_match(a: Match, b: Match) -> bool:
    return a.to_dict() == b.to_dict() and a.state == b.state and \
        a.games_won == b.games_won and a.over == b.over


# -- one match ------------------------------------------------------------------------
def play(discipline: str, seed: int, shots: int, folder: Path, stats: Stats,
         undo_every: int = 9, save_every: int = 25, replay_every: int = 20,
         log: Callable[[str], None] | None = None) -> None:
    """Play ``shots`` shots of ``discipline`` (new matches as matches end)."""
    rng = random.Random(seed)
    names = [f"P{i + 1}" for i in range(PLAYERS[discipline])]

    def start(match_seed: int) -> tuple[Match, saves.Journal]:
        """A new match of the discipline, and its journal."""
        m = Match(names, discipline, OPTIONS[discipline], seed=match_seed)
        stats.matches += 1
        return m, saves.Journal.start(m, folder / f"auto-{discipline}")

    match, journal = start(seed)
    played = 0
    steps = 0
    broken = False  # the position cannot go on: a new match

    def fail(what: str) -> None:
        stats.failures.append(f"{discipline} seed {seed} shot {played}: {what}")
        if log is not None:
            log(stats.failures[-1])

    while played < shots:
        if match.over or broken:
            broken = False
            match, journal = start(rng.randrange(1, 2**31))
            continue
        steps += 1
        try:
            if make_choice(rng, match):
                stats.choices += 1
                journal.sync(match)
                continue
            req = match.requirements()
            table, stroke, decl = choose_stroke(rng, req, match.table())
            shot = simulate(table, stroke)
        except (RulesError, ValueError) as e:
            fail(f"could not make a stroke: {e}")
            broken = True
            continue
        problems = shot_problems(shot)
        for p in problems:
            fail(p)
        if problems:
            played += 1
            stats.shots += 1
            stats.by_discipline[discipline] += 1
            broken = True
            continue
        try:
            ruling = match.apply(shot, decl)
        except RulesError as e:
            fail(f"the referee refused the physics' shot: {e}")
            broken = True
            continue
        played += 1
        stats.shots += 1
        stats.by_discipline[discipline] += 1
        if not _goes_on(match, fail):
            broken = True
            continue
        if played % undo_every == 0:
            _undo_and_redo(match, shot, decl, ruling, stats, fail)
        if played % replay_every == 0:
            stats.replays += 1
            if simulate(table, stroke).to_dict() != shot.to_dict():
                fail("the same stroke on the same table gave another shot")
        journal.sync(match)
        if played % save_every == 0:
            resumed = _save_and_resume(match, journal, folder / f"{discipline}.json",
                                       stats, fail)
            if resumed is None:
                broken = True
                continue
            match, journal = resumed
        if log is not None and played % 100 == 0:
            log(f"{discipline}: {played} shots")


def _goes_on(match: Match, fail: Callable[[str], None]) -> bool:
    """Whether the table after the shot is valid and the referee says what
    comes next."""
    try:
        match.table().validate()
        if not match.over:
            match.requirements()
    except (StateError, RulesError) as e:
        fail(f"the next table or requirements: {e}")
        return False
    return True


def _undo_and_redo(match: Match, shot: Shot, decl: Declarations, ruling: Ruling,
                   stats: Stats, fail: Callable[[str], None]) -> None:
    """The last shot undone and applied again gives the same ruling and match."""
    before = match.to_dict()
    match.undo()
    stats.undos += 1
    again = match.apply(shot, decl)
    stats.redos += 1
    if again != ruling or match.to_dict() != before:
        fail("a redo after an undo gave another ruling or match")


def _save_and_resume(match: Match, journal: saves.Journal, path: Path, stats: Stats,
                     fail: Callable[[str], None]
                     ) -> tuple[Match, saves.Journal] | None:
    """The journal and a whole save loaded back are the same match; play goes
    on from the loaded one, as a player who quit and resumed (None: they
    could not be loaded)."""
    try:
        back = saves.load(journal.path)
        whole = saves.load(saves.write_save(match, path))
    except saves.SaveError as e:
        fail(f"a save could not be loaded back: {e}")
        return None
    stats.journal_loads += 1
    stats.save_loads += 1
    if not same_match(back.match, match):
        fail("the journal loaded back is another match")
    if not same_match(whole.match, match):
        fail("the save loaded back is another match")
    return back.match, saves.Journal.resume(back.match, journal.path, back.size)


def run(total: int, seed: int = 1, folder: Path | None = None,
        disciplines: Sequence[str] = DISCIPLINES,
        log: Callable[[str], None] | None = None) -> Stats:
    """About ``total`` shots in all, split over the disciplines."""
    stats = Stats()
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="kiy-selfplay-") as tmp:
        where = Path(folder) if folder is not None else Path(str(tmp))
        per = max(1, total // len(disciplines))
        for i, d in enumerate(disciplines):
            play(d, seed * 1000 + i, per, where, stats, log=log)
    stats.seconds = time.perf_counter() - t0
    return stats


def main(argv: Sequence[str] | None = None) -> int:
    from simulator.files.inputs import ArgumentParser
    p = ArgumentParser(prog="python -m simulator.tools.selfplay",
                       description="Long self-play matches with every check.")
    p.add_argument("--shots", type=int, default=400, help="shots in all (default "
                   "400), split over the four disciplines")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--quiet", action="store_true")
    args = p.parse_args(argv)
    if not 1 <= args.shots <= 1_000_000:
        p.error("--shots: expected 1 to 1000000")

    def say(msg: str) -> None:
        if not args.quiet:
            print(msg, file=sys.stderr, flush=True)
    stats = run(args.shots, args.seed, log=say)
    print(stats.line())
    for f in stats.failures[:50]:
        print(f"  {f}")
    return 1 if stats.failures else 0


if __name__ == "__main__":
    sys.exit(main())
