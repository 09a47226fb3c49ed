"""The physics' tables for docs/physics.md, printed by ``python -m
simulator.tools.bench gaps`` and ``python -m simulator.tools.bench pockets``: figures a
reader compares with published ones, not timings.

- Rack gaps: how many object balls a 15-ball break pots, averaged over the
  same racks, as the gap between neighbouring rack balls goes from frozen
  to a millimetre. Contacts whose gap closes within the contact time are
  solved together (simulator.physics.contacts), so the figures should
  change smoothly with the gap, not jump at some fixed "frozen" limit.
- Pocket acceptance: a ball rolling straight along a pocket's axis, its path
  offset sideways; how far off centre it may be on each side and still drop,
  at 1, 2, 4 and 6 m/s, for the pool table's 4.5 in corner and 5 in side and
  the pyramid's 72 mm corner.
- Cushions: the rigid (reference) and the compliant cushion model side by
  side on reference.md section 6's cases (``python -m simulator.tools.bench
  cushions``).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from simulator.physics import compliant_models, default_models, simulate
from simulator.physics.models import Models
from simulator.table.events import BallMotion, EventKind, Phase, Shot, Stroke
from simulator.table.specs import TableSpec, pool_table, pyramid_table
from simulator.table.state import TableState, Where
from simulator.tools.shots import eight_ball_break

POOL = pool_table(9)
PYRAMID = pyramid_table()
RACK_GAPS = (0.0, 5e-6, 5e-5, 2e-4, 1e-3)  # m
ACCEPTANCE_SPEEDS = (1.0, 2.0, 4.0, 6.0)  # m/s
# (label, table, pocket): the pool table's corners are 4.5 in, its sides 5 in.
ACCEPTANCE_POCKETS: tuple[tuple[str, TableSpec, str], ...] = (
    ("pool corner 4.5 in (114.3 mm)", POOL, "foot_left"),
    ("pool side 5 in (127 mm)", POOL, "side_left"),
    ("pyramid corner 72 mm", PYRAMID, "foot_left"),
)
APPROACH = 0.35  # m: the ball starts this far out along the pocket's axis
OFFSET_STEP = 0.001  # m


# -- rack gaps -----------------------------------------------------------------------
def gapped_break(
    seed: int, gap: float, speed: float = 11.0
) -> tuple[TableState, Stroke]:
    """The bench's seeded 8-ball rack (simulator.tools.shots.eight_ball_break), its
    neighbours ``gap`` apart, broken at ``speed`` (m/s of the cue ball)."""

    return eight_ball_break(seed, speed, gap)


@dataclass(frozen=True)
class GapRow:
    gap: float
    potted: float  # object balls pocketed per break, mean
    potted_sd: float
    to_cushion: float  # object balls that reach a cushion, mean
    cue_back: float  # cue-ball speed 5 ms after its first contact, mean (m/s)


def _cue_speed_after(shot: Shot, delay: float = 0.005) -> float:
    first = next(
        (e for e in shot.of_kind(EventKind.BALL_BALL) if 0 in e.balls), None
    )
    if first is None:
        return 0.0
    t = first.time + delay
    rows = [
        (f.time, row[1], row[2])
        for f in shot.frames
        for row in f.balls
        if row[0] == 0 and t <= f.time <= t + 0.0015
    ]
    if len(rows) < 2:
        return 0.0
    (t1, x1, y1), (t2, x2, y2) = rows[0], rows[-1]
    return math.hypot(x2 - x1, y2 - y1) / (t2 - t1)


def rack_gap_table(
    racks: int = 30, speed: float = 11.0, gaps: Sequence[float] = RACK_GAPS
) -> list[GapRow]:
    out: list[GapRow] = []
    for gap in gaps:
        potted: list[int] = []
        rails: list[int] = []
        backs: list[float] = []
        for seed in range(racks):
            shot = simulate(*gapped_break(seed, gap, speed), frame_dt=0.0005)
            potted.append(
                sum(
                    1
                    for e in shot.of_kind(EventKind.POCKETED)
                    if e.balls[0] != 0
                )
            )
            rails.append(
                len(
                    {
                        e.balls[0]
                        for e in shot.of_kind(EventKind.BALL_CUSHION)
                        if e.balls[0] != 0
                    }
                )
            )
            backs.append(_cue_speed_after(shot))
        out.append(
            GapRow(
                gap,
                statistics.mean(potted),
                statistics.pstdev(potted),
                statistics.mean(rails),
                statistics.mean(backs),
            )
        )
    return out


def print_rack_gaps(racks: int, speed: float) -> None:
    print(
        f"15-ball break at {speed:g} m/s, the same {racks} racks, neighbours "
        "the gap apart"
    )
    print("gap          potted/break   (sd)   balls to a cushion   cue ball after")
    for row in rack_gap_table(racks, speed):
        gap = "0" if row.gap == 0 else (
            f"{row.gap * 1e6:g} um" if row.gap < 1e-4 else f"{row.gap * 1e3:g} mm"
        )
        print(
            f"{gap:<12} {row.potted:10.2f}   {row.potted_sd:6.2f}"
            f"   {row.to_cushion:14.1f}   {row.cue_back:10.2f} m/s"
        )


# -- pocket acceptance ---------------------------------------------------------------
def drops(spec: TableSpec, pocket: str, offset: float, speed: float) -> bool:
    """A ball rolling straight along the pocket's axis from APPROACH out, its
    path ``offset`` metres to the side (positive: to the left of its way):
    does it drop?"""
    p = spec.pocket(pocket)
    (mx, my), (ix, iy) = p.mouth_centre, p.inward
    x = mx - ix * APPROACH - iy * offset
    y = my - iy * APPROACH + ix * offset
    r = spec.balls.radius
    cue_at = (spec.length / 2 + 0.3, spec.width / 2 + 0.2)
    state = TableState.from_positions(spec.name, {0: cue_at, 1: (x, y)})
    v = (speed * ix, speed * iy, 0.0)
    motion = {1: BallMotion(v, (-v[1] / r, v[0] / r, 0.0))}
    shot = simulate(state, Stroke(90.0, 0.001), motion=motion)
    return shot.final.ball(1).where is Where.POCKETED


def acceptance(spec: TableSpec, pocket: str, speed: float) -> tuple[float, float]:
    """How far off the axis (m) a path may lie on each side, (left, right),
    and still drop: the last offset, going out in OFFSET_STEP steps, before
    the first that does not. (0, 0) if even the centred ball stays out."""
    if not drops(spec, pocket, 0.0, speed):
        return (0.0, 0.0)
    half = spec.pocket(pocket).mouth_width / 2
    sides: list[float] = []
    for side in (1.0, -1.0):
        k = 0
        while (k + 1) * OFFSET_STEP <= half and drops(
            spec, pocket, side * (k + 1) * OFFSET_STEP, speed
        ):
            k += 1
        sides.append(k * OFFSET_STEP)
    return (sides[0], sides[1])


def print_pockets(speeds: Sequence[float] = ACCEPTANCE_SPEEDS) -> None:
    print(
        "straight along the pocket's axis, rolling: how far off centre (mm, "
        "each side) a ball still drops,"
    )
    print("and the width of paths that drop (mm)")
    head = "".join(f"{f'{s:g} m/s':>16}" for s in speeds)
    print(f"{'pocket':<32}{head}")
    for label, spec, pocket in ACCEPTANCE_POCKETS:
        cells = []
        for speed in speeds:
            left, right = acceptance(spec, pocket, speed)
            cell = f"-{right * 1e3:.0f}/+{left * 1e3:.0f} ({(left + right) * 1e3:.0f})"
            cells.append(f"{cell:>16}")
        print(f"{label:<32}{''.join(cells)}")
    print(
        "slow-shot effective sizes published by D. Alciatore (TP 3.5, TP 3.6; "
        '"Just How Big are the Pockets, Anyway?", Billiards Digest 2008): '
        "4.5 in corner straight in about 2.6 in (66 mm); 5 in side straight "
        "in about 3.3 in (83 mm)"
    )


# -- the two cushion models ------------------------------------------------------------
def _into_rail(
    models: Models, speed: float, angle: float, rolling: bool, side: float = 0.0
) -> Shot:
    """Ball 1 into the right rail (y = 0) at ``angle`` degrees from its normal,
    rolling from 0.2 m or a stun ball from 0.01 m, side spin ``side`` rad/s."""
    r = POOL.balls.radius
    a = math.radians(angle)
    v = (speed * math.sin(a), -speed * math.cos(a))
    w = (-v[1] / r, v[0] / r, side) if rolling else (0.0, 0.0, side)
    away = 0.2 if rolling else 0.01
    start = (1.0 - away * math.tan(a), away + r)
    state = TableState.from_positions(POOL.name, {0: (2.3, 1.1), 1: start})
    return simulate(
        state,
        Stroke(45.0, 0.001),
        motion={1: BallMotion((v[0], v[1], 0.0), w)},
        models=models,
        frame_dt=0.0005,
    )


@dataclass(frozen=True)
class Rebound:
    out: float  # degrees from the normal, just off the rail
    rolled: float  # degrees from the normal once rolling again
    ratio: float  # speed off the rail / speed into it
    held: float  # s the ball spends pressed into the rubber (on the frames)


def rebound(models: Models, speed: float, angle: float, rolling: bool) -> Rebound:
    shot = _into_rail(models, speed, angle, rolling)
    r = POOL.balls.radius
    hit = next(e for e in shot.of_kind(EventKind.BALL_CUSHION) if e.balls == (1,))
    before = [e for e in shot.events if e.time < hit.time and e.snapshot(1)][-1]
    snap = before.snapshot(1)
    assert snap is not None
    track = [
        (f.time, row[1], row[2])
        for f in shot.frames
        for row in f.balls
        if row[0] == 1 and f.time > hit.time
    ]
    k = next(i for i, (_, _, y) in enumerate(track) if y > r + 1e-6)
    (t1, x1, y1), (t2, x2, y2) = track[k], track[k + 1]
    vx, vy = (x2 - x1) / (t2 - t1), (y2 - y1) / (t2 - t1)
    rolled = next(
        e.snapshot(1)
        for e in shot.events
        if e.time > hit.time and e.phase_to is Phase.ROLLING and e.balls == (1,)
    )
    assert rolled is not None
    pressed = [t for t, _, y in track[:k] if y < r - 1e-6]  # this contact's
    return Rebound(
        math.degrees(math.atan2(abs(vx), abs(vy))),
        math.degrees(math.atan2(abs(rolled.vx), abs(rolled.vy))),
        math.hypot(vx, vy) / math.hypot(snap.vx, snap.vy),
        (pressed[-1] - pressed[0]) if pressed else 0.0,
    )


def print_cushions() -> None:
    models = {
        "rigid": default_models(POOL.balls, POOL.physics, POOL.cushion_height),
        "compliant": compliant_models(POOL.balls, POOL.physics, POOL.cushion_height),
    }
    print(
        "ball into a rail (pool table), each model: angle off the rail just "
        "after and once rolling again"
    )
    print("(degrees from the normal), speed ratio off/in, time pressed in the rubber")
    cases = [
        ("stun, head on", 1.0, 0.0, False),
        ("stun, head on", 4.0, 0.0, False),
        ("stun, 30 deg", 1.5, 30.0, False),
        ("stun, 45 deg", 1.5, 45.0, False),
        ("rolling, 30 deg", 1.5, 30.0, True),
        ("rolling, 45 deg", 0.5, 45.0, True),
        ("rolling, 45 deg", 1.5, 45.0, True),
        ("rolling, 45 deg", 4.0, 45.0, True),
    ]
    print(
        f"{'case':<24}{'rigid: out  rolled  ratio':>28}"
        f"{'compliant: out  rolled  ratio   held':>40}"
    )
    for label, speed, angle, rolling in cases:
        cells = []
        for name in ("rigid", "compliant"):
            rb = rebound(models[name], speed, angle, rolling)
            cell = f"{rb.out:6.1f} {rb.rolled:7.1f} {rb.ratio:6.2f}"
            if name == "compliant":
                cell += f" {rb.held * 1000:5.1f} ms"
            cells.append(cell)
        print(f"{f'{label}, {speed:g} m/s':<24}{cells[0]:>28}{cells[1]:>40}")
    print(
        "reference.md 6: head-on ratio about 0.74 (e_c 0.85 along the contact "
        "normal); rolling 45 in, about 44 just after, about 60 once rolling; "
        "models differ by up to 4-6 degrees for stun balls at 30-45, less rolling"
    )
