"""Autosave cost, size and memory over a long match, as the window keeps it:
``python -m simulator.tools.savebench [--shots 500] [--game 9-ball]
[--undo-redo 3000]``.

Plays ``--shots`` shots through a ``Session`` (the match as the window holds
it: the referee's match, the shots kept for replay, the autosave journal) in
a throwaway profile folder (removed afterwards), and prints, at shots 1,
100, 500 and 5,000 (and the last): the time of the autosave after that shot
(the median of the shots around it), the journal's size beside what the
same changes took as plain JSON lines (the journal before it packed its
shots), what a whole-file save costs at that point, and the Python memory
the session holds (tracemalloc), with and without the replay frames a shot
used to keep. Then it undoes and redoes the last shot ``--undo-redo`` times
(each step autosaved, as in the window) and prints the journal's size and
how often it was compacted; last, that Continue loads the journal back as
the same match, and how long that takes.
"""

from __future__ import annotations

import gc
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from types import BuiltinFunctionType, FunctionType, ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the window's session is imported when the bench runs
    from simulator.app.match.session import Session


def held(root: Any) -> int:
    """Bytes of the objects reachable from ``root`` (modules, classes and
    functions excluded: they are shared code, not the match)."""
    seen: set[int] = set()
    stack = [root]
    total = 0
    while stack:
        x = stack.pop()
        if id(x) in seen or isinstance(x, type | ModuleType | FunctionType
                                       | BuiltinFunctionType):
            continue
        seen.add(id(x))
        total += sys.getsizeof(x)
        stack.extend(gc.get_referents(x))
    return total


def rss_mb() -> float:
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, ValueError, IndexError):
        return float("nan")


def main(argv: Sequence[str] | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from rules import registry
    from simulator.app.main import discipline_name
    from simulator.files.inputs import ArgumentParser
    p = ArgumentParser(prog="python -m simulator.tools.savebench")
    p.add_argument("--shots", type=int, default=500)
    p.add_argument("--game", type=discipline_name, default=registry.NINE_BALL)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--undo-redo", type=int, default=0, metavar="N",
                   help="then undo and redo the last shot N times (0-100000)")
    args = p.parse_args(argv)
    if not 1 <= args.shots <= 20000:
        p.error("--shots: expected 1 to 20000")
    if not 0 <= args.undo_redo <= 100_000:
        p.error("--undo-redo: expected 0 to 100000")
    from simulator.files import profile
    with tempfile.TemporaryDirectory(prefix="kiy-savebench-") as folder:
        profile.use(folder)  # never the player's
        try:
            return run(args)
        finally:
            profile.use(None)


class PlainSize:
    """What the journal's changes take as plain JSON lines, each shot in
    full: the journal as it was before it packed its shots (and never
    compacted)."""

    def __init__(self) -> None:
        self.size = 0
        self._seen: list[Any] = []

    def sync(self, history: Sequence[Any]) -> None:
        from simulator.files.saves import _dumps
        p = 0
        n = min(len(history), len(self._seen))
        while p < n and history[p] is self._seen[p]:
            p += 1
        if p == len(history) and p < len(self._seen):
            self.size += len(_dumps({"step": p})) + 1
        for i in range(p, len(history)):
            self.size += len(_dumps({"step": i, "action": history[i]}).encode(
                "utf-8")) + 1
        self._seen = list(history)


def undo_redo(s: Session, pairs: int, plain: PlainSize) -> None:
    """Undo and redo the last shot ``pairs`` times: what the journal grows to."""
    from simulator.app.match.session import autosave_path

    journal = s.journal
    assert journal is not None
    before = journal.compactions
    t0 = time.perf_counter()
    peak = 0
    for _ in range(pairs):
        s.undo()
        s.redo()
        peak = max(peak, autosave_path().stat().st_size)
    took = time.perf_counter() - t0
    print(f"after {pairs} undo/redo pairs of the last shot: journal "
          f"{autosave_path().stat().st_size / 1e6:.2f} MB (largest "
          f"{peak / 1e6:.2f} MB; plain lines, never compacted: "
          f"{plain.size / 1e6:.2f} MB), compacted "
          f"{journal.compactions - before} times, "
          f"{took / pairs * 1000:.1f} ms a pair")


def run(args: Any) -> int:
    from rules.ruling import RulesError
    from simulator.app.match.session import Session, autosave_path
    from simulator.app.text.i18n import Locale
    from simulator.files import profile, saves
    from simulator.files.inputs import MAX_SAVE_BYTES, size_words
    from simulator.physics import simulate
    from simulator.tools.selfplay import OPTIONS, PLAYERS, choose_stroke, make_choice

    rng = random.Random(args.seed)
    names = [f"P{i + 1}" for i in range(PLAYERS[args.game])]
    options = dict(OPTIONS[args.game])
    # A match long enough for the shots asked (a race of 50 games ends near
    # shot 1,000).
    if "race_to" in options:
        options["race_to"] = min(1000, max(options["race_to"], args.shots // 4))
    if "target" in options:
        options["target"] = max(options["target"], args.shots * 2)
    s = Session.new(names, args.game, options, Locale("en"), seed=args.seed)
    autosave_ms: list[float] = []
    original = s.autosave
    plain = PlainSize()

    def timed() -> str | None:
        t0 = time.perf_counter()
        out = original()
        autosave_ms.append((time.perf_counter() - t0) * 1000)
        plain.sync(s.match.history)
        if out is not None:
            print(f"autosave failed: {out}", file=sys.stderr)
        return out
    s.autosave = timed  # type: ignore[method-assign]

    marks = sorted({m for m in (1, 100, 500, 5000, args.shots) if m <= args.shots})
    frames_bytes = 0  # what the kept replay frames would have held
    rows: list[str] = []
    shots = 0
    shot_ms: list[float] = []
    while shots < args.shots:
        if s.over:
            print(f"the match ended after {shots} shots", file=sys.stderr)
            break
        try:
            if make_choice(rng, s.match):
                s.refresh()
                s.autosave()
                continue
        except RulesError:
            pass
        assert s.req is not None
        table, stroke, decl = choose_stroke(rng, s.req, s.match.table())
        t0 = time.perf_counter()
        shot = simulate(table, stroke)
        frames_bytes += sum(56 + 8 * 4 * len(f.balls) + 64 for f in shot.frames)
        n_auto = len(autosave_ms)
        s.apply(shot, decl)
        shot_ms.append((time.perf_counter() - t0) * 1000)
        shots += 1
        if shots in marks:
            around = autosave_ms[max(0, n_auto - 5):n_auto + 1]
            size = autosave_path().stat().st_size
            t1 = time.perf_counter()
            saves.write_save(s.match, profile.saves_dir() / "whole.json")
            whole_ms = (time.perf_counter() - t1) * 1000
            whole_size = (profile.saves_dir() / "whole.json").stat().st_size
            rows.append(
                f"shot {shots:4d}: autosave {autosave_ms[n_auto]:5.2f} ms (median "
                f"of 6: {statistics.median(around):5.2f} ms); journal "
                f"{size / 1e6:6.2f} MB (plain lines: {plain.size / 1e6:6.2f} MB) | "
                f"a whole save {whole_ms:6.1f} ms, {whole_size / 1e6:.2f} MB | "
                f"session {held(s) / 1e6:5.1f} MB, process {rss_mb():5.1f} MB "
                f"(frames, if kept: +{frames_bytes / 1e6:.1f} MB)")
    print(f"{args.game}, {shots} shots, seed {args.seed}; shot computed and "
          f"applied in {statistics.median(shot_ms):.1f} ms (median)")
    for r in rows:
        print(r)
    journal = s.journal
    assert journal is not None
    if args.undo_redo:
        undo_redo(s, args.undo_redo, plain)
    print(f"the match takes {journal.fill * 100:.1f}% of what a journal may hold "
          f"({size_words(MAX_SAVE_BYTES)}; the player is warned at "
          f"{saves.WARN_AT * 100:.0f}%)")
    t0 = time.perf_counter()
    back = saves.load(autosave_path())
    took = time.perf_counter() - t0
    same = back.match.to_dict() == s.match.to_dict()
    print(f"Continue: the journal loads back as the {'same' if same else 'WRONG'} "
          f"match ({len(back.match.history)} steps) in {took:.1f} s")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
