"""``python -m simulator.players.calibrate``: measure how wide each kind of
pocket is for a computer player's aim (``simulator.players.aim.WINDOWS``).

A ball is sent straight at the pocket from ``--distance`` metres (the cue
ball right behind it), its line shifted sideways in 1 mm steps; the window is
the range of shifts that drop. Repeated at growing approach angles until
nothing drops. Prints one line per table kind and pocket kind, and the
constants to paste. Run it again when the physics changes.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence

from simulator.physics import cue_speed_for, simulate
from simulator.table.events import Stroke
from simulator.table.specs import TABLES, Pocket, TableSpec
from simulator.table.state import TableState, Where


def drops(spec: TableSpec, pocket: Pocket, approach_deg: float, shift: float,
          distance: float, speed: float) -> bool | None:
    """Whether the ball drops; None when the set-up does not fit the bed."""
    ix, iy = pocket.inward
    a = math.radians(approach_deg)
    ux, uy = ix * math.cos(a) - iy * math.sin(a), ix * math.sin(a) + iy * math.cos(a)
    mx, my = pocket.mouth_centre
    tx, ty = mx - uy * shift, my + ux * shift
    ox, oy = tx - ux * distance, ty - uy * distance
    gap = 0.15
    cx, cy = ox - ux * gap, oy - uy * gap
    if not (spec.on_bed(ox, oy, 0.002) and spec.on_bed(cx, cy, 0.002)):
        return None
    state = TableState.from_positions(spec.name, {0: (cx, cy), 1: (ox, oy)})
    stroke = Stroke(math.degrees(math.atan2(uy, ux)) % 360.0,
                    cue_speed_for(speed, 0.0, 0.0, spec.balls, spec.physics))
    shot = simulate(state, stroke, frame_dt=1e3)
    return shot.final.ball(1).where is Where.POCKETED


def half_width(spec: TableSpec, pocket: Pocket, approach_deg: float,
               distance: float, speed: float) -> float | None:
    """How far (m) the line may be shifted either way from the mouth's
    middle and the ball still drops (the nearer edge of the dropping range
    around no shift), or None if the set-up does not fit the bed."""
    edges: list[float] = []
    for sign in (1, -1):
        mm = 0
        while mm <= 60:
            d = drops(spec, pocket, approach_deg, sign * mm / 1000.0, distance,
                      speed)
            if d is None:
                return None
            if not d:
                break
            mm += 1
        edges.append(max(0.0, (mm - 0.5) / 1000.0))
    return min(edges)


def curve(spec: TableSpec, pocket: Pocket, distance: float,
          speed: float) -> tuple[tuple[float, float], ...]:
    """(approach angle, half width) every 10 degrees until it closes."""
    out: list[tuple[float, float]] = []
    for deg in range(0, 90, 10):
        w = half_width(spec, pocket, float(deg), distance, speed)
        if w is None:
            w = half_width(spec, pocket, float(deg), distance / 2, speed)
        if w is None:
            break
        out.append((float(deg), round(w, 4)))
        if w <= 0.0:
            break
    if out and out[-1][1] > 0.0:
        out.append((out[-1][0] + 10.0, 0.0))
    return tuple(out)


def main(argv: Sequence[str] | None = None) -> int:
    from simulator.files.inputs import ArgumentParser
    p = ArgumentParser(prog="python -m simulator.players.calibrate",
                       description="Measure the pocket windows a computer "
                       "player aims with.")
    p.add_argument("--distance", type=float, default=0.6)
    p.add_argument("--speed", type=float, default=1.5,
                   help="the cue ball's speed in m/s (default 1.5)")
    args = p.parse_args(argv)
    if not 0.1 <= args.distance <= 2.0:
        p.error("--distance: expected 0.1 to 2 m")
    if not 0.3 <= args.speed <= 8.0:
        p.error("--speed: expected 0.3 to 8 m/s")
    seen: set[tuple[str, str]] = set()
    for spec in TABLES.values():
        for pocket in spec.pockets:
            key = (spec.kind.value, pocket.kind.value)
            if key in seen or not pocket.name.startswith(("foot_left", "side_left")):
                continue
            seen.add(key)
            points = curve(spec, pocket, args.distance, args.speed)
            print(f"{spec.kind.value:8} {pocket.kind.value:7} "
                  + "  ".join(f"{a:.0f}: {w * 1000:.1f} mm" for a, w in points))
            print(f"    {points}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
