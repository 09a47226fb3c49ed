"""Where a ball can rest: one rule, with its tolerances, for everything.

A ball rests on the slate (the bed, or a pocket mouth short of the drop line)
and presses into no cushion nose, jaw facing, jaw rounding or other ball by
more than TOLERANCE. The cushions are the pieces of simulator.table.geometry, the
very shapes the physics collides with, so a position this module accepts is
one the physics can start from and one the physics leaves behind.

``problem`` says whether a set of positions obeys the rule; ``settle`` moves
positions that miss it by a hair (older files, hand-made layouts, float
noise at the end of a shot) to the nearest ones that obey it.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping

from simulator.table.geometry import CushionPiece, closest_point, cushion_pieces
from simulator.table.specs import Pocket, TableSpec, Vec

# How far a resting ball may press into a cushion, a jaw or another ball:
# float noise, far below anything a player or the physics could tell apart.
TOLERANCE = 1e-6
# Positions off by less than this (0.1 mm) are repaired, not refused.
REPAIR_LIMIT = 1e-4
# settle() leaves touching balls and cushions this far inside the rule, so
# the result survives a round trip through text and a little arithmetic.
_MARGIN = 1e-9
_SWEEPS = 200


class RestingError(ValueError):
    """A position no ball can rest in: names the ball and the reason."""


# -- the rule ------------------------------------------------------------------
def _pocket_depth(p: Pocket, x: float, y: float) -> tuple[float, float]:
    """(depth behind the mouth line, distance from the pocket's axis)."""
    mx, my = p.mouth_centre
    ix, iy = p.inward
    dx, dy = x - mx, y - my
    return dx * ix + dy * iy, abs(dx * -iy + dy * ix)


# Each table's pockets as _mouth reads them (pocket, mouth centre x, y,
# inward x, y, half the mouth's width), worked out once; keyed by the spec's
# id, the spec kept with it so the id stays its own.
_MouthRow = tuple[Pocket, float, float, float, float, float]
_MOUTHS: dict[int, tuple[TableSpec, tuple[_MouthRow, ...]]] = {}


def _mouth(spec: TableSpec, x: float, y: float) -> Pocket | None:
    """The pocket whose mouth (between its jaw tips, from the mouth line in)
    holds the centre (x, y), if any."""
    kept = _MOUTHS.get(id(spec))
    if kept is None or kept[0] is not spec:
        rows = tuple(
            (p, *p.mouth_centre, *p.inward, p.mouth_width / 2) for p in spec.pockets
        )
        kept = _MOUTHS[id(spec)] = (spec, rows)
    least = -spec.balls.radius
    for p, mx, my, ix, iy, half in kept[1]:
        # _pocket_depth, written out: this runs for every ball on the table.
        dx, dy = x - mx, y - my
        if dx * ix + dy * iy >= least and abs(dx * -iy + dy * ix) <= half:
            return p
    return None


def _inside_noses(spec: TableSpec, x: float, y: float) -> bool:
    return -TOLERANCE <= x <= spec.length + TOLERANCE and (
        -TOLERANCE <= y <= spec.width + TOLERANCE
    )


def _press(spec: TableSpec, piece: CushionPiece, x: float, y: float) -> float:
    """How far a ball at (x, y) presses into the piece (negative: clear)."""
    c = closest_point(piece, (x, y))
    return spec.balls.radius + piece.radius - math.dist(c, (x, y))


def _ball_problem(spec: TableSpec, ball: int, x: float, y: float) -> str | None:
    """Why one ball cannot rest at (x, y), other balls aside."""
    if not (math.isfinite(x) and math.isfinite(y)):
        return f"ball {ball}: its position is not a number"
    r = spec.balls.radius
    mouth = _mouth(spec, x, y)
    if not _inside_noses(spec, x, y) and mouth is None:
        return _off_bed(spec, ball, x, y)
    if mouth is not None:
        depth, _ = _pocket_depth(mouth, x, y)
        if depth > mouth.drop_depth + TOLERANCE:
            return (
                f"{_where(ball, x, y)} is past the drop line of the {mouth.name} "
                f"pocket ({(depth - mouth.drop_depth) * 1000:.3f} mm): it would drop"
            )
    if r <= x <= spec.length - r and r <= y <= spec.width - r:
        # Every piece lies behind a nose line: a centre a radius or more
        # inside all four presses into none (at most by rounding).
        return None
    for piece in cushion_pieces(spec):
        press = _press(spec, piece, x, y)
        if press > TOLERANCE:
            if mouth is None and press > 0.5 * r:
                return _off_bed(spec, ball, x, y)
            name, _ = piece.contact_name((x, y))
            what = (
                f"the jaw of the {name[4:]} pocket"
                if name.startswith("jaw:")
                else (f"the {name} cushion")
            )
            return f"{_where(ball, x, y)} presses {press * 1e6:.1f} um into {what}"
    return None


# The messages are written only when a ball fails (every ball of every shot's
# start and end is checked).
def _where(ball: int, x: float, y: float) -> str:
    return f"ball {ball} at ({x:.4f}, {y:.4f})"


def _off_bed(spec: TableSpec, ball: int, x: float, y: float) -> str:
    r = spec.balls.radius
    return (
        f"{_where(ball, x, y)} is off the bed (x must be in "
        f"[{r:.4f}, {spec.length - r:.4f}], y in [{r:.4f}, {spec.width - r:.4f}])"
    )


def _problems(
    spec: TableSpec, positions: Mapping[int, Vec]
) -> Iterator[tuple[tuple[int, ...], str]]:
    """Every reason, in a fixed order: each ball alone, then each pair."""
    balls = sorted(positions)
    for b in balls:
        x, y = positions[b]
        why = _ball_problem(spec, b, float(x), float(y))
        if why is not None:
            yield (b,), why
    d_min = 2 * spec.balls.radius - TOLERANCE
    for i, a in enumerate(balls):
        pa = positions[a]
        for b in balls[i + 1 :]:
            d = math.dist(pa, positions[b])
            if d < d_min:
                yield (
                    (a, b),
                    (
                        f"balls {a} and {b} overlap (centres {d * 1000:.3f} mm apart, "
                        f"a ball is {2000 * spec.balls.radius:.3f} mm wide)"
                    ),
                )


def problem(spec: TableSpec, positions: Mapping[int, Vec]) -> str | None:
    """None if every ball can rest where it is; else the first reason, naming
    the ball(s)."""
    for _, why in _problems(spec, positions):
        return why
    return None


def problem_with(
    spec: TableSpec, positions: Mapping[int, Vec], among: Mapping[int, Vec]
) -> bool:
    """Whether any ball can not rest where it is, when the balls at the
    places ``among`` gives are known to rest there (a table checked
    before): only the others alone and their pairs are looked at."""
    moved = [b for b in sorted(positions) if among.get(b) != positions[b]]
    if not moved:
        return False
    for b in moved:
        x, y = positions[b]
        if _ball_problem(spec, b, float(x), float(y)) is not None:
            return True
    d_min = 2 * spec.balls.radius - TOLERANCE
    for a in moved:
        pa = positions[a]
        for b in positions:
            if b != a and math.dist(pa, positions[b]) < d_min:
                return True
    return False


def first_problem(
    spec: TableSpec, positions: Mapping[int, Vec]
) -> tuple[tuple[int, ...], str] | None:
    """The first reason with the ball(s) it names, for callers that point at
    a field (TableState.validate)."""
    for found in _problems(spec, positions):
        return found
    return None


def on_slate(spec: TableSpec, x: float, y: float) -> bool:
    """Whether one ball alone can rest with its centre at (x, y)."""
    return _ball_problem(spec, 0, x, y) is None


def in_pocket_mouth(spec: TableSpec, x: float, y: float) -> bool:
    """Whether a ball can rest at (x, y) reaching over a pocket's mouth line
    (hanging over the edge, clear of both jaws)."""
    return _mouth(spec, x, y) is not None and on_slate(spec, x, y)


# -- repairs ---------------------------------------------------------------------
def _project_static(
    spec: TableSpec, x: float, y: float, margin: float = _MARGIN
) -> Vec:
    """The nearest spot to (x, y) that no cushion, jaw or drop line refuses
    (one sweep: each violated constraint projected out in turn)."""
    r = spec.balls.radius
    if _mouth(spec, x, y) is None:
        # Behind a nose line away from any pocket: back onto the nose line
        # first, then out of the nose like any other press.
        x = min(max(x, 0.0), spec.length)
        y = min(max(y, 0.0), spec.width)
    mouth = _mouth(spec, x, y)
    if mouth is not None:
        depth, _ = _pocket_depth(mouth, x, y)
        over = depth - mouth.drop_depth
        if over > 0.0:
            over += margin
            x -= mouth.inward[0] * over
            y -= mouth.inward[1] * over
    for piece in cushion_pieces(spec):
        c = closest_point(piece, (x, y))
        d = math.dist(c, (x, y))
        if d < r + piece.radius:
            need = r + piece.radius + margin
            if d > 0.0:
                nx, ny = (x - c[0]) / d, (y - c[1]) / d
            else:  # on the piece's core: out towards the table's centre
                cx, cy = spec.length / 2 - x, spec.width / 2 - y
                n = math.hypot(cx, cy)
                nx, ny = cx / n, cy / n
            x, y = c[0] + nx * need, c[1] + ny * need
    return x, y


def clear_of_cushions(spec: TableSpec, x: float, y: float) -> Vec:
    """The nearest spot to (x, y) that no cushion, jaw or drop line refuses
    (where a ball coming down on a jaw's edge ends up)."""
    p = (x, y)
    for _ in range(20):
        q = _project_static(spec, *p)
        if q == p:
            break
        p = q
    return p


def relax(
    spec: TableSpec,
    positions: Mapping[int, Vec],
    ball_gap: float = 0.0,
    margin: float = _MARGIN,
) -> dict[int, Vec]:
    """Positions moved, by small projections repeated until none is needed, so
    that no ball presses into a cushion, a jaw, the drop line or (closer than
    ``ball_gap``) another ball; each move goes ``margin`` beyond the contact.
    Deterministic: balls in number order. Balls that touch nothing keep their
    positions exactly."""
    pos = {b: (float(positions[b][0]), float(positions[b][1])) for b in positions}
    balls = sorted(pos)
    d_need = 2 * spec.balls.radius + ball_gap
    for _ in range(_SWEEPS):
        moved = False
        for b in balls:
            q = _project_static(spec, *pos[b], margin)
            if q != pos[b]:
                pos[b] = q
                moved = True
        for i, a in enumerate(balls):
            for b in balls[i + 1 :]:
                (xa, ya), (xb, yb) = pos[a], pos[b]
                d = math.dist((xa, ya), (xb, yb))
                if d >= d_need:
                    continue
                if d > 0.0:
                    nx, ny = (xb - xa) / d, (yb - ya) / d
                else:  # one on top of the other: apart along x
                    nx, ny = 1.0, 0.0
                push = (d_need - d) / 2 + margin
                pos[a] = (xa - nx * push, ya - ny * push)
                pos[b] = (xb + nx * push, yb + ny * push)
                moved = True
        if not moved:
            break
    return pos


def settle(
    spec: TableSpec, positions: Mapping[int, Vec], limit: float = REPAIR_LIMIT
) -> tuple[dict[int, Vec], float]:
    """The nearest valid positions by the smallest correction, and the largest
    move; RestingError if a ball would have to move more than ``limit``.

    Balls that already rest where they are keep their positions exactly."""
    for b in sorted(positions):
        x, y = positions[b]
        if not (math.isfinite(x) and math.isfinite(y)):
            raise RestingError(f"ball {b}: its position is not a number")
    if problem(spec, positions) is None:
        return {b: (float(p[0]), float(p[1])) for b, p in positions.items()}, 0.0
    # Only the balls that break the rule, and whatever they push, move.
    out = relax(spec, positions)
    worst, who = 0.0, -1
    for b in sorted(out):
        moved = math.dist(out[b], positions[b])
        if moved > worst:
            worst, who = moved, b
    still = first_problem(spec, out)
    if worst > limit or still is not None:
        why = problem(spec, positions) or ""
        raise RestingError(
            f"{why}; ball {who} would have to move {worst * 1000:.3f} mm to rest "
            f"(at most {limit * 1000:.3f} mm is repaired)"
            if still is None
            else f"{why}; no nearby position lets every ball rest"
        )
    return out, worst
