"""Autosave cost and memory over a long match, as the window keeps it:
``python -m simulator.tools.savebench [--shots 500] [--game 9-ball]``.

Plays ``--shots`` shots through a ``Session`` (the match as the window holds
it: the referee's match, the shots kept for replay, the autosave journal) in
a throwaway profile folder, and prints, at shots 1, 100 and 500 (and the
last): the time of the autosave after that shot (the median of the shots
around it), the autosave's size, what a whole-file save costs at that point
(the old way of autosaving), and the Python memory the session holds
(tracemalloc), with and without the replay frames a shot used to keep.
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
from typing import Any


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
    args = p.parse_args(argv)
    if not 1 <= args.shots <= 5000:
        p.error("--shots: expected 1 to 5000")
    from simulator.files import profile
    # A throwaway profile (never the player's), removed when the bench ends.
    with tempfile.TemporaryDirectory(prefix="kiy-savebench-") as folder:
        profile.use(folder)
        try:
            return _run(args)
        finally:
            profile.use(None)


def _run(args: Any) -> int:
    from rules.ruling import RulesError
    from simulator.app.match.session import Session, autosave_path
    from simulator.app.text.i18n import Locale
    from simulator.files import profile, saves
    from simulator.physics import simulate
    from simulator.tools.selfplay import OPTIONS, PLAYERS, choose_stroke, make_choice

    rng = random.Random(args.seed)
    names = [f"P{i + 1}" for i in range(PLAYERS[args.game])]
    s = Session.new(names, args.game, OPTIONS[args.game], Locale("en"),
                    seed=args.seed)
    autosave_ms: list[float] = []
    original = s.autosave

    def timed() -> str | None:
        t0 = time.perf_counter()
        out = original()
        autosave_ms.append((time.perf_counter() - t0) * 1000)
        return out
    s.autosave = timed  # type: ignore[method-assign]

    marks = sorted({m for m in (1, 100, 500, args.shots) if m <= args.shots})
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
                f"of 6: {statistics.median(around):5.2f} ms; journal "
                f"{size / 1e6:.2f} MB) | a whole save {whole_ms:6.1f} ms, "
                f"{whole_size / 1e6:.2f} MB | session {held(s) / 1e6:5.1f} MB, "
                f"process {rss_mb():5.1f} MB (frames, if kept: "
                f"+{frames_bytes / 1e6:.1f} MB)")
    print(f"{args.game}, {shots} shots, seed {args.seed}; shot computed and "
          f"applied in {statistics.median(shot_ms):.1f} ms (median)")
    for r in rows:
        print(r)
    return 0


if __name__ == "__main__":
    sys.exit(main())
