"""Cushion and pocket-jaw geometry: nose lines, facings and rounded jaw noses.

Each rail between two pockets becomes a nose segment, two facings that run
into the pocket at the spec's cut angle, and a jaw-nose circle at each jaw
tip with the spec's rounding radius. Segments are capsules of a small radius
laid behind the nose line, so their surface is exactly on it.

Pure data below the physics: the physics collides with these pieces, and the
resting contract (simulator.table.resting) measures against the very same ones.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from simulator.table.specs import Pocket, Rail, TableSpec, Vec

SEGMENT_RADIUS = 0.005  # capsule radius of nose and facing segments (<= jaw rounding)


@dataclass(frozen=True)
class CushionPiece:
    """One static collision shape: a capsule (a, b, radius) or a circle (a = b)."""

    name: str  # rail name, or "jaw:<pocket>"
    pocket: str | None
    a: Vec
    b: Vec
    radius: float
    end_pockets: tuple[str, str] | None = None  # a nose's pockets at a and at b

    def contact_name(self, p: Vec) -> tuple[str, str | None]:
        """Name of what a ball at p touches: a nose touched beyond its ends is
        touched on the rounding of a jaw."""
        if self.end_pockets is not None and self.a != self.b:
            dx, dy = self.b[0] - self.a[0], self.b[1] - self.a[1]
            t = ((p[0] - self.a[0]) * dx + (p[1] - self.a[1]) * dy) / (
                dx * dx + dy * dy
            )
            if t <= 0.0:
                return f"jaw:{self.end_pockets[0]}", self.end_pockets[0]
            if t >= 1.0:
                return f"jaw:{self.end_pockets[1]}", self.end_pockets[1]
        return self.name, self.pocket


def _sub(p: Vec, q: Vec) -> Vec:
    return (p[0] - q[0], p[1] - q[1])


def _add(p: Vec, q: Vec, k: float = 1.0) -> Vec:
    return (p[0] + k * q[0], p[1] + k * q[1])


def _unit(v: Vec) -> Vec:
    n = math.hypot(v[0], v[1])
    return (v[0] / n, v[1] / n)


def _pocket_at(spec: TableSpec, tip: Vec) -> Pocket:
    for p in spec.pockets:
        if math.dist(p.jaw_a, tip) < 1e-9 or math.dist(p.jaw_b, tip) < 1e-9:
            return p
    raise ValueError(f"no pocket has a jaw tip at {tip}")


def _jaw(
    tip: Vec, along: Vec, normal: Vec, pocket: Pocket
) -> tuple[list[CushionPiece], Vec]:
    """The facing and rounded nose at one jaw tip.

    ``along`` points from the tip along the nose away from the pocket;
    ``normal`` points into the cushion. Returns the pieces and the point where
    the nose segment should start (the tangent point of the rounding).
    """
    alpha = math.radians(pocket.facing_angle_deg)
    facing = _unit(
        (
            math.cos(alpha) * along[0] + math.sin(alpha) * normal[0],
            math.cos(alpha) * along[1] + math.sin(alpha) * normal[1],
        )
    )
    # Normal of the facing that points into the cushion (the side away from the pocket).
    fn = (-facing[1], facing[0])
    if fn[0] * along[0] + fn[1] * along[1] < 0:
        fn = (-fn[0], -fn[1])
    r = pocket.jaw_radius
    k = r / (1.0 + normal[0] * fn[0] + normal[1] * fn[1])
    centre = (tip[0] + k * (normal[0] + fn[0]), tip[1] + k * (normal[1] + fn[1]))
    nose_tangent = _add(centre, normal, -r)
    face_tangent = _add(centre, fn, -r)
    length = pocket.facing_depth / math.sin(alpha)
    face_end = _add(tip, facing, length)
    s = SEGMENT_RADIUS
    name = f"jaw:{pocket.name}"
    pieces = [
        CushionPiece(name, pocket.name, centre, centre, r),
        CushionPiece(
            name, pocket.name, _add(face_tangent, fn, s), _add(face_end, fn, s), s
        ),
    ]
    return pieces, nose_tangent


_PIECES: dict[int, tuple[TableSpec, tuple[CushionPiece, ...]]] = {}


def cushion_pieces(spec: TableSpec) -> tuple[CushionPiece, ...]:
    """Every static cushion shape of the table, in a fixed order (built once
    per spec: the spec is frozen, and it is kept so its id stays its own)."""
    cached = _PIECES.get(id(spec))
    if cached is not None and cached[0] is spec:
        return cached[1]
    pieces: list[CushionPiece] = []
    for rail in spec.rails:
        pieces += _rail_pieces(spec, rail)
    out = tuple(pieces)
    _PIECES[id(spec)] = (spec, out)
    return out


def _rail_pieces(spec: TableSpec, rail: Rail) -> list[CushionPiece]:
    along = _unit(_sub(rail.end, rail.start))
    back = (-along[0], -along[1])
    p_start = _pocket_at(spec, rail.start)
    p_end = _pocket_at(spec, rail.end)
    jaw_start, t_start = _jaw(rail.start, along, rail.normal, p_start)
    jaw_end, t_end = _jaw(rail.end, back, rail.normal, p_end)
    s = SEGMENT_RADIUS
    nose = CushionPiece(
        rail.name,
        None,
        _add(t_start, rail.normal, s),
        _add(t_end, rail.normal, s),
        s,
        (p_start.name, p_end.name),
    )
    return [*jaw_start, nose, *jaw_end]


def closest_point(piece: CushionPiece, p: Vec) -> Vec:
    """Closest point of the piece's core (segment or centre) to p."""
    ax, ay = piece.a
    dx, dy = piece.b[0] - ax, piece.b[1] - ay
    len2 = dx * dx + dy * dy
    if len2 == 0.0:
        return piece.a
    t = ((p[0] - ax) * dx + (p[1] - ay) * dy) / len2
    t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
    return (ax + t * dx, ay + t * dy)
