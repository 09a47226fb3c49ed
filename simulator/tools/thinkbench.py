"""A computer's decision in the window against the same decision thought
directly: ``python -m simulator.tools.thinkbench [--levels strong,pro]
[--positions 2] [--games 8-ball,9-ball] [--window 1280x720]``.

For each level and position (the first ``--positions`` of the bench's
``time`` positions of each discipline, the shooter's seat a computer of that
level), the decision is thought once directly (``Thinking`` run to its end,
as a headless match thinks) and once in the window, through the app's own
loop (``App.step`` as ``App.run`` calls it: the clock capped at 60 frames a
second) from the computer's turn opening until it has decided. Prints the
wall and CPU times of each, the frames drawn meanwhile, the window's times
over the direct ones (wall and CPU: on a loaded machine the wall times
wander, the CPU times less), the machine's load average beside them, and
checks that the two decisions are the same stroke, bit for bit. Runs with
the dummy video driver unless SDL_VIDEODRIVER is set, in a private profile
folder.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from typing import Any

from rules.referee import Match


def load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def seated(m: Match, level: str) -> Match:
    """The match with its shooter's seat a computer of ``level``."""
    d = m.to_dict()
    shooter = m.requirements().shooter
    d["players"] = [f"cpu:{level}" if i == shooter else f"P{i}"
                    for i in range(len(d["players"]))]
    return Match.from_dict(d)


def direct(m: Match) -> tuple[Any, float, float]:
    """The decision thought at once: it, wall and CPU seconds."""
    from simulator.app.match import computer
    t0, c0 = time.perf_counter(), time.process_time()
    job = computer.think_shot(m, m.requirements().shooter)
    job.advance(float("inf"))
    return job.result, time.perf_counter() - t0, time.process_time() - c0


def windowed(m: Match, window: tuple[int, int]) -> tuple[Any, float, float, int]:
    """The decision thought in the window's loop: it, wall and CPU seconds,
    and the frames drawn meanwhile."""
    import pygame

    from simulator.app.loop.app import App
    from simulator.app.loop.registry import SCREENS
    from simulator.app.loop.settings import Settings
    from simulator.app.match.session import Session
    from simulator.app.match.turns import next_step
    from simulator.app.screens.computer_turn import ComputerMode
    from simulator.app.text.i18n import Locale

    app = App(window, Locale("en"), Settings(sound=False), screens=SCREENS)
    app.session = Session(m, app.locale)
    t0, c0 = time.perf_counter(), time.process_time()
    next_step(app)
    mode = app.mode
    assert isinstance(mode, ComputerMode) and mode.kind == "shot", mode
    frames = app.frames
    app.clock.tick()
    while mode.phase != "showing":  # (as App.run)
        assert app.mode is mode and not app.errors, app.errors
        app.step(pygame.event.get(), app.clock.tick(60) / 1000.0)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    drawn = app.frames - frames
    pygame.display.quit()
    return mode.decision, wall, cpu, drawn


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m simulator.tools.thinkbench")
    p.add_argument("--levels", default="strong,pro")
    p.add_argument("--positions", type=int, default=1,
                   help="positions of each discipline (default 1)")
    p.add_argument("--games", default="",
                   help="only these disciplines (comma list; default all)")
    p.add_argument("--window", default="1280x720")
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")  # Ctrl-C stops it
    window = tuple(int(v) for v in args.window.split("x"))
    assert len(window) == 2
    with tempfile.TemporaryDirectory() as home:
        os.environ["XDG_DATA_HOME"] = os.environ["XDG_CONFIG_HOME"] = home
        import simulator.app.loop.registry  # noqa: F401  (imported before any timing)
        from simulator.players.bench import positions
        pos = [(g, m) for g, m in positions(args.positions, 11)
               if not args.games or g in args.games.split(",")]
        print(f"window {args.window}, {len(pos)} positions ({load()})", flush=True)
        # (ratios: the window's time over the direct one's, wall and CPU)
        print(f"{'level':7} {'game':8} {'direct s':>9} {'cpu s':>6} {'window s':>9} "
              f"{'cpu s':>6} {'frames':>6} {'wall x':>6} {'cpu x':>6}  same",
              flush=True)
        for level in args.levels.split(","):
            walls, cpus = [], []
            for game, m in pos:
                d1, w1, c1 = direct(seated(m, level))
                d2, w2, c2, frames = windowed(seated(m, level), window)
                same = d1.stroke == d2.stroke and d1 == d2
                walls.append(w2 / w1)
                cpus.append(c2 / c1)
                print(f"{level:7} {game[:8]:8} {w1:9.2f} {c1:6.2f} {w2:9.2f} {c2:6.2f} "
                      f"{frames:6d} {w2 / w1:6.2f} {c2 / c1:6.2f}  "
                      f"{'yes' if same else 'NO'}  ({load()})", flush=True)
                if not same:
                    print("the window's decision differs from the direct one",
                          file=sys.stderr)
                    return 1
            print(f"{level:7} median window/direct: wall "
                  f"{statistics.median(walls):.2f}, CPU {statistics.median(cpus):.2f}",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
