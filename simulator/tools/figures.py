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
- Cushions: the rigid (reference), the default (its restitution falling
  with speed) and the compliant cushion model side by side on reference.md
  section 6's cases, then the rebound ratio and the spin a ball leaves a
  rail with, straight in, against the published measurements (``python -m
  simulator.tools.bench cushions``).
- The follow shot: how many times as far as the cue ball follows a straight
  rolling hit the object ball travels (the 7/8 rule), and the throw of cut
  shots, stun and rolling, with the reference laws and the default ones
  (``python -m simulator.tools.bench follow`` and ``throw``).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from simulator.physics import (
    compliant_models,
    default_models,
    reference_models,
    simulate,
)
from simulator.physics.models import Models, models_named
from simulator.table.events import BallMotion, EventKind, Phase, Shot, Stroke
from simulator.table.specs import PhysicsParams, TableSpec, pool_table, pyramid_table
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


def _table_models(spec: TableSpec) -> dict[str, Models]:
    args = (spec.balls, spec.physics, spec.cushion_height)
    return {
        "rigid": reference_models(*args),
        "default": default_models(*args),
        "compliant": compliant_models(*args),
    }


def print_cushions() -> None:
    models = _table_models(POOL)
    print(
        "ball into a rail (pool table), each model: angle off the rail just "
        "after and once rolling again"
    )
    print("(degrees from the normal), speed ratio off/in; the compliant one's time")
    print("pressed in the rubber")
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
        f"{'case':<24}{'rigid: out rolled ratio':>25}"
        f"{'default: out rolled ratio':>27}"
        f"{'compliant: out rolled ratio held':>37}"
    )
    for label, speed, angle, rolling in cases:
        cells = []
        for name in ("rigid", "default", "compliant"):
            rb = rebound(models[name], speed, angle, rolling)
            cell = f"{rb.out:6.1f} {rb.rolled:6.1f} {rb.ratio:5.2f}"
            if name == "compliant":
                cell += f" {rb.held * 1000:4.1f} ms"
            cells.append(cell)
        print(
            f"{f'{label}, {speed:g} m/s':<24}{cells[0]:>25}{cells[1]:>27}"
            f"{cells[2]:>37}"
        )
    print(
        "reference.md 6 (for the rigid model, e_c 0.85): head-on ratio about "
        "0.74; rolling 45 in, about 44 just after, about 60 once rolling; "
        "models differ by up to 4-6 degrees for stun balls at 30-45, less rolling"
    )
    print()
    print_rails()


# -- rails straight in: the measured rebound -----------------------------------------
RAIL_SPEEDS = (1.0, 2.0, 3.0, 4.0)  # m/s


@dataclass(frozen=True)
class RailRebound:
    ratio: float  # speed just off the rail / speed into it
    roll: float  # spin just off the rail, as a share of rolling (1: rolling
    # away, 0: no spin about the rail's axis, < 0: backspin)


def rail_rebound(models: Models, spec: TableSpec, speed: float, rolling: bool
                 ) -> RailRebound:
    """A ball driven straight into a long rail, rolling or stun (no spin):
    its speed and spin just after the rail lets it go, from the cushion law
    the world applies."""
    r = spec.balls.radius
    w = (speed / r, 0.0, 0.0) if rolling else (0.0, 0.0, 0.0)
    hit = models.cushion.impact((0.0, -speed), w, (0.0, -1.0), False)
    assert hit is not None
    vx, vy = hit.velocity
    return RailRebound(math.hypot(vx, vy) / speed, -r * hit.spin[0] / vy)


def print_rails(speeds: Sequence[float] = RAIL_SPEEDS) -> None:
    print(
        "straight into a rail: speed ratio off/in, and the spin off the rail "
        "as a share of rolling away (< 0: backspin)"
    )
    head = "".join(f"{f'{v:g} m/s':>14}" for v in speeds)
    print(f"{'table, model, ball':<40}{head}")
    for spec in (POOL, PYRAMID):
        models = _table_models(spec)
        # The first compliant cushion, kept by name for the shots it made.
        models["first compliant"] = models_named(
            "coulomb-cloth/throw-impulse/compliant-hunt-crossley",
            spec.balls,
            spec.physics,
            spec.cushion_height,
        )
        for name, m in models.items():
            for rolling in (True, False):
                cells = []
                for v in speeds:
                    rb = rail_rebound(m, spec, v, rolling)
                    cells.append(f"{rb.ratio:.3f} {rb.roll:+.2f}".rjust(14))
                label = f"{spec.name}, {name}, {'rolling' if rolling else 'stun'}"
                print(f"{label:<40}{''.join(cells)}")
    print(
        "measured, a rolling ball straight in: snooker cushion (for the "
        "pyramid) about 0.95 at 1 m/s falling to about 0.84 at 3 m/s "
        "(Mathavan, Jackson & Parkin 2010); pool near 0.7 at ordinary speeds "
        "(Alciatore); a stun ball comes off with some roll (high-speed video)"
    )


# -- the follow shot and throw -------------------------------------------------------
FOLLOW_SPEEDS = (0.3, 0.45, 0.6, 0.75, 0.9)  # m/s: the pool table holds 0.9 m/s
THROW_SPEEDS = (0.45, 1.34, 3.1)  # m/s: Alciatore's slow, medium and fast (1, 3, 7 mph)
THROW_CUTS = (10.0, 20.0, 30.0, 45.0, 60.0, 75.0)  # degrees


def _moving(spec: TableSpec, positions: dict[int, tuple[float, float]],
            v: tuple[float, float], rolling: bool, models: Models | None) -> Shot:
    """Ball 2 moving at ``v`` (rolling, or stun: no spin) among
    ``positions`` (balls 2 and 3); ball 0 rests out of the way and is only
    touched by the stroke that starts the shot."""
    r = spec.balls.radius
    w = (-v[1] / r, v[0] / r, 0.0) if rolling else (0.0, 0.0, 0.0)
    state = TableState.from_positions(
        spec.name, {0: (spec.length - 0.1, 0.1), **positions}
    )
    return simulate(
        state,
        Stroke(90.0, 0.001),
        motion={2: BallMotion((v[0], v[1], 0.0), w)},
        models=models,
        frame_dt=10.0,
    )


def follow_ratio(spec: TableSpec, speed: float, models: Models | None = None) -> float:
    """A straight follow shot: ball 2 rolling at ``speed`` into ball 3 full
    in the face, 2 mm apart; how many times as far as ball 2 goes after the
    hit ball 3 goes (each to rest, no cushion on the way)."""
    r = spec.balls.radius
    y = spec.width / 2
    start = {2: (0.15, y), 3: (0.15 + 2 * r + 0.002, y)}
    shot = _moving(spec, start, (speed, 0.0), True, models)
    hit = next(e for e in shot.of_kind(EventKind.BALL_BALL) if set(e.balls) == {2, 3})
    cue, obj = hit.snapshot(2), hit.snapshot(3)
    assert cue is not None and obj is not None
    if any(set(e.balls) & {2, 3} for e in shot.of_kind(EventKind.BALL_CUSHION)):
        raise ValueError(f"{speed} m/s: a ball reached a cushion")
    return (shot.final.ball(3).x - obj.x) / (shot.final.ball(2).x - cue.x)


def throw_angle(spec: TableSpec, speed: float, cut: float, rolling: bool,
                models: Models | None = None) -> float:
    """Degrees the object ball leaves short of the line of centres of a
    ``cut``-degree cut, the cue ball rolling or stun at ``speed``."""
    r = spec.balls.radius
    ox, oy = spec.length * 0.55, spec.width / 2
    phi = math.radians(cut)
    ghost = (ox - 2 * r * math.cos(phi), oy - 2 * r * math.sin(phi))
    shot = _moving(
        spec, {2: (ghost[0] - 0.002, ghost[1]), 3: (ox, oy)}, (speed, 0.0), rolling,
        models,
    )
    hit = next(e for e in shot.of_kind(EventKind.BALL_BALL) if set(e.balls) == {2, 3})
    obj = hit.snapshot(3)
    assert obj is not None
    return cut - abs(math.degrees(math.atan2(obj.vy, obj.vx)))


def natural_angle(spec: TableSpec, speed: float, cut: float = 30.0,
                  models: Models | None = None) -> float:
    """The 30 degree rule's angle: degrees between a rolling cue ball's way
    in and its way once rolling again after a ``cut``-degree hit."""
    r = spec.balls.radius
    ox, oy = spec.length * 0.55, spec.width / 2
    phi = math.radians(cut)
    ghost = (ox - 2 * r * math.cos(phi), oy - 2 * r * math.sin(phi))
    shot = _moving(
        spec, {2: (ghost[0] - 0.002, ghost[1]), 3: (ox, oy)}, (speed, 0.0), True,
        models,
    )
    hit = next(e for e in shot.of_kind(EventKind.BALL_BALL) if set(e.balls) == {2, 3})
    rolled = next(
        e.snapshot(2)
        for e in shot.events
        if e.time > hit.time and e.balls == (2,) and e.phase_to is Phase.ROLLING
    )
    assert rolled is not None
    return abs(math.degrees(math.atan2(rolled.vy, rolled.vx)))


def tp_a14_throw(speed: float, cut: float, rolling: bool, params: PhysicsParams,
                 restitution: float) -> float:
    """TP A-14's throw angle (reference.md 5), degrees: tan = min(mu v cos
    phi / v_rel, 1/7) (v sin phi) / (v cos phi) with mu TP A-14's fit of
    the slip speed v_rel (here with the normal impulse's (1 + e)/2, as
    Kiy's impulse has it; TP A-14 takes e = 1)."""
    phi = math.radians(cut)
    v_t = speed * math.sin(phi)
    v_n = speed * math.cos(phi)
    v_rel = math.hypot(v_t, v_n if rolling else 0.0)
    p_n = 0.5 * (1.0 + restitution) * v_n
    p_t = min(params.mu_ball(v_rel) * p_n, v_rel / 7.0) * v_t / v_rel
    return math.degrees(math.atan2(p_t, (0.5 * (1.0 + restitution)) * v_n))


def print_follow(speeds: Sequence[float] = FOLLOW_SPEEDS) -> None:
    print(
        "straight follow shot (pool balls, rolling into a full hit): object "
        "ball's distance / cue ball's"
    )
    print("and the 30 degree rule's angle of a rolling half-ball hit (degrees)")
    head = "".join(f"{f'{v:g} m/s':>10}" for v in speeds)
    print(f"{'laws':<22}{head}")
    for key, m in list(_table_models(POOL).items())[:2]:
        name = "reference" if key == "rigid" else key
        ratios = "".join(f"{follow_ratio(POOL, v, m):10.2f}" for v in speeds)
        print(f"{name + ', 7/8 rule':<22}{ratios}")
        angles = "".join(f"{natural_angle(POOL, v, 30.0, m):10.1f}" for v in speeds)
        print(f"{name + ', 30 deg rule':<22}{angles}")
    print(
        "measured: 7 to 8 (Alciatore's 7/8 rule), 8.5 on his table, 7.5 with "
        'a cleaned cue ball ("Throw Follow-up Part IV: Follow Cling"); '
        "6.1 for a frictionless hit (TP B.5); the 30 degree rule: 27-34 "
        "for 1/4-3/4 ball hits, 33.7 at most, without friction (TP A-4)"
    )


def print_throw(speeds: Sequence[float] = THROW_SPEEDS,
                cuts: Sequence[float] = THROW_CUTS) -> None:
    print("throw (degrees) of a cut shot, pool balls: Kiy's reference laws, its")
    print("default laws, and TP A-14's formula (reference.md 5)")
    head = "".join(f"{f'{c:g} deg':>9}" for c in cuts)
    print(f"{'cue ball, speed, laws':<30}{head}")
    models = _table_models(POOL)
    for rolling in (False, True):
        for v in speeds:
            kind = "rolling" if rolling else "stun"
            for name in ("rigid", "default"):
                cells = "".join(
                    f"{throw_angle(POOL, v, c, rolling, models[name]):9.2f}"
                    for c in cuts
                )
                label = "reference" if name == "rigid" else name
                print(f"{f'{kind}, {v:g} m/s, {label}':<30}{cells}")
            cells = "".join(
                f"{tp_a14_throw(v, c, rolling, POOL.physics, POOL.physics.e_ball):9.2f}"
                for c in cuts
            )
            print(f"{f'{kind}, {v:g} m/s, TP A-14':<30}{cells}")
