"""Frame-time benchmark: a 15-ball break played in the game window.

A frame is the app's whole frame (input, physics as it computes, drawing)
plus the display flip.

``python -m simulator.app.bench [--window 1280x720] [--game 8-ball]`` prints
the frame time (median, p99, max) while the break plays, computed as it plays,
and the delay from the stroke to the first frame with the cue ball moved. Runs
with the dummy video driver unless SDL_VIDEODRIVER is set.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from simulator.app.main import discipline_name, window_size
    p = argparse.ArgumentParser(prog="python -m simulator.app.bench")
    p.add_argument("--window", type=window_size, default=(1280, 720))
    p.add_argument("--game", type=discipline_name, default="8-ball")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    # Keep the benchmark's autosave away from the player's own.
    from simulator import profile
    profile.use(tempfile.mkdtemp(prefix="kiy-bench-"))

    t0 = time.perf_counter()
    import pygame

    from simulator.app.aim import Aim, angle_to
    from simulator.app.app import App
    from simulator.app.game import AimMode, PlayMode, next_step
    from simulator.app.i18n import Locale
    from simulator.app.session import Session
    from simulator.app.settings import Settings

    app = App(args.window, Locale("en"), Settings(sound=False))
    names = ["A", "B", "C"] if args.game == "express" else ["A", "B"]
    app.session = Session.new(names, args.game, {}, app.locale, seed=args.seed)
    next_step(app)
    s = app.session
    if s.placed is not None:
        s.place(*s.placed)
        app.switch(AimMode(app))
    app.frame([], 1 / 60)
    setup = time.perf_counter() - t0
    cue = s.cue_pos()
    assert cue is not None
    apex = s.spec.foot_spot
    s.aim = Aim(angle=angle_to(cue, apex), power=1.0)
    mode = app.mode
    assert isinstance(mode, AimMode)

    start_pos = cue
    t_stroke = time.perf_counter()
    mode.shoot()  # the same call a released pull-back makes
    first: float | None = None
    times: list[float] = []
    frames = 0
    while isinstance(app.mode, PlayMode) and frames < 60 * 60:
        a = time.perf_counter()
        app.frame([], 1 / 60)
        pygame.display.flip()
        b = time.perf_counter()
        times.append((b - a) * 1000)
        frames += 1
        if first is None and isinstance(app.mode, PlayMode):
            pos = app.mode.ball_positions().get(0)
            if pos is not None and (pos[0], pos[1]) != start_pos:
                first = (b - t_stroke) * 1000
    if not times:
        print("the shot did not play", file=sys.stderr)
        return 1
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"window {args.window[0]}x{args.window[1]}, {args.game} break, "
          f"{frames} frames ({frames / 60:.1f} s of play)")
    print(f"setup to the table: {setup * 1000:.0f} ms")
    print(f"frame time: median {statistics.median(times):.2f} ms, "
          f"p99 {p99:.2f} ms, max {times[-1]:.2f} ms (budget 16.7 ms)")
    if first is not None:
        print(f"stroke to first moving frame: {first:.1f} ms "
              f"(one frame is 16.7 ms)")
    else:
        print("the cue ball never moved")
    return 0


if __name__ == "__main__":
    sys.exit(main())
