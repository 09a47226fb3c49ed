"""python -m simulator.physics shoot LAYOUT [stroke options]: print the Shot as JSON."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from simulator.files.inputs import ArgumentParser, tidy
from simulator.physics.cue import StrokeError, cue_speed_for, validate
from simulator.physics.layout import LayoutError, load_layout
from simulator.physics.simulate import simulate
from simulator.table.events import Stroke


def _parser() -> argparse.ArgumentParser:
    p = ArgumentParser(
        prog="python -m simulator.physics",
        description="Simulate one stroke on a table.",
    )
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("shoot", help="play a stroke on a layout and print the Shot")
    s.add_argument("layout", type=Path, help="layout file (.json or .toml)")
    s.add_argument("--direction", type=float, help="cue direction, degrees (0 = +x)")
    g = s.add_mutually_exclusive_group()
    g.add_argument("--speed", type=float, help="cue speed at impact, m/s")
    g.add_argument(
        "--ball-speed",
        type=float,
        help="wanted cue-ball speed, m/s (the cue speed is derived)",
    )
    s.add_argument("--tip-a", type=float, help="side offset, fraction of R (+ = right)")
    s.add_argument("--tip-b", type=float, help="height offset, fraction of R (+ = top)")
    s.add_argument("--elevation", type=float, help="cue elevation, degrees")
    s.add_argument("--frames", action="store_true", help="include trajectory samples")
    s.add_argument(
        "--frame-dt",
        type=float,
        default=1 / 60,
        help="seconds between trajectory samples (default 1/60)",
    )
    s.add_argument("--indent", type=int, default=None, help="pretty-print the JSON")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        layout = load_layout(args.layout)
        for note in layout.repairs:
            print(f"note: {args.layout}: {note}", file=sys.stderr)
        stroke = layout.stroke or Stroke(direction=0.0, speed=1.0)
        if layout.stroke is None and args.direction is None:
            raise LayoutError(
                "stroke: give a [stroke] in the file or --direction and --speed"
            )
        overrides = {
            k: getattr(args, k)
            for k in ("direction", "tip_a", "tip_b", "elevation", "speed")
            if getattr(args, k) is not None
        }
        stroke = replace(stroke, **overrides)
        if args.ball_speed is not None:
            if not 0.0 < args.ball_speed <= 13.0:
                raise StrokeError(
                    f"--ball-speed: {args.ball_speed} m/s is outside (0, 13] m/s"
                )
            spec = layout.state.spec
            stroke = replace(
                stroke,
                speed=cue_speed_for(
                    args.ball_speed,
                    stroke.tip_a,
                    stroke.tip_b,
                    spec.balls,
                    spec.physics,
                ),
            )
        validate(stroke)
        if not 1e-3 <= args.frame_dt <= 1.0:
            raise LayoutError("--frame-dt: must be between 0.001 and 1 second")
        if args.indent is not None and not 0 <= args.indent <= 16:
            raise LayoutError("--indent: must be between 0 and 16")
        if 0 not in layout.state.on_table():
            raise LayoutError("balls.0: the cue ball (0) must be on the table")
        shot = simulate(
            layout.state, stroke, frame_dt=args.frame_dt, motion=layout.motion
        )
    except (LayoutError, StrokeError) as e:
        print(f"error: {tidy(str(e))}", file=sys.stderr)
        return 2
    json.dump(shot.to_dict(frames=args.frames), sys.stdout, indent=args.indent)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
