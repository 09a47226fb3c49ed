"""Tables and ball sets as plain data.

Coordinates (reference.md section 1): the origin is the corner of the playing
surface at the head cushion on the right rail; x runs along the table from the
head (house) cushion, x = 0, to the foot (back) cushion, x = L; y runs across
from the right rail, y = 0, to the left rail, y = W ("left" and "right" as seen
by a player standing at the head end looking at the foot). Every line and spot
is measured on the cushion-nose lines.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum

Vec = tuple[float, float]

CUE_BALL = 0


class TableKind(StrEnum):
    POOL = "pool"
    PYRAMID = "pyramid"


@dataclass(frozen=True)
class BallSet:
    """The balls of one discipline family: size, mass, numbering and colours."""

    radius: float
    mass: float
    ids: tuple[int, ...]
    colours: dict[int, tuple[int, int, int]]
    stripes: frozenset[int]
    cue_ball: int = CUE_BALL

    @property
    def diameter(self) -> float:
        return 2.0 * self.radius

    @property
    def object_balls(self) -> tuple[int, ...]:
        return tuple(b for b in self.ids if b != self.cue_ball)


@dataclass(frozen=True)
class PhysicsParams:
    """Friction, restitution and cue numbers of reference.md section 2."""

    mu_slide: float = 0.2
    mu_roll: float = 0.01
    spin_decel: float = 10.9  # rad/s^2, side spin (w_z) deceleration
    e_ball: float = 0.95
    e_cushion: float = 0.85
    mu_cushion: float = 0.2
    # The rails' restitution at speed (physics.models.SpeedRigidCushion):
    # e_rail_slow / (1 + (v_n / rail_soften)^2) along the contact normal, fitted
    # to a rolling ball's rebound ratio straight in (docs/physics.md: pool
    # near 0.7 at ordinary speeds, Alciatore; the pyramid from Mathavan et al.
    # 2010's snooker cushion, 0.95 at 1 m/s to 0.84 at 3 m/s).
    e_rail_slow: float = 0.815
    rail_soften: float = 8.0  # m/s
    # The compliant rails (physics.models.CompliantCushion, retuned): their
    # Hunt-Crossley damping (s/m) and the share of the speed their rubber's
    # hysteresis gives back, fitted to the same figures.
    rail_damping: float = 0.12
    rail_unload: float = 0.82
    e_slate: float = 0.5
    e_tip: float = 0.75
    cue_mass: float = 0.54
    cue_end_mass_ratio: float = 30.0  # ball mass / cue end mass, for squirt
    miscue_offset: float = 0.5  # contact offset (fraction of R) where the tip slips
    gravity: float = 9.81

    def mu_ball(self, slip_speed: float) -> float:
        """Ball-ball friction as a function of slip speed (TP A-14 fit)."""
        return 0.00995 + 0.108 * math.exp(-1.088 * slip_speed)


class PocketKind(StrEnum):
    CORNER = "corner"
    SIDE = "side"


@dataclass(frozen=True)
class Pocket:
    """One pocket: its mouth (jaw tip to jaw tip on the nose lines) and drop."""

    name: str
    kind: PocketKind
    jaw_a: Vec  # jaw tip on the first rail (sharp nose-line corner)
    jaw_b: Vec  # jaw tip on the second rail
    inward: Vec  # unit vector from the mouth into the pocket (away from the bed)
    facing_angle_deg: float  # interior angle between cushion nose and facing
    facing_depth: float  # how far the facings run behind the mouth line
    jaw_radius: float  # rounding of the jaw noses
    drop_depth: float  # the slate ends this far behind the mouth line
    back_depth: float = 0.10  # the back of the pocket, behind the mouth line

    @property
    def mouth_centre(self) -> Vec:
        return (
            (self.jaw_a[0] + self.jaw_b[0]) / 2,
            (self.jaw_a[1] + self.jaw_b[1]) / 2,
        )

    @property
    def mouth_width(self) -> float:
        return math.dist(self.jaw_a, self.jaw_b)

    @property
    def drop_centre(self) -> Vec:
        """A point on the drop line, on the pocket's axis."""
        cx, cy = self.mouth_centre
        return (
            cx + self.inward[0] * self.drop_depth,
            cy + self.inward[1] * self.drop_depth,
        )


@dataclass(frozen=True)
class Rail:
    """A straight cushion between two pockets, on its nose line."""

    name: str  # head, foot, right_head, right_foot, left_head, left_foot
    start: Vec
    end: Vec
    normal: Vec  # unit normal pointing from the bed into the cushion


@dataclass(frozen=True)
class TableSpec:
    name: str
    kind: TableKind
    length: float  # between cushion noses, x
    width: float  # between cushion noses, y
    cushion_height: float  # nose height above the slate
    rail_top_height: float  # top of the rail above the slate
    rail_width: float  # from the cushion nose to the outer edge of the wood
    cushion_depth: float  # from the nose to the back of the rubber
    bed_height: float  # slate above the floor
    balls: BallSet
    pockets: tuple[Pocket, ...]
    rails: tuple[Rail, ...]
    physics: PhysicsParams = field(default_factory=PhysicsParams)

    # -- lines and spots -------------------------------------------------
    @property
    def head_string_x(self) -> float:
        """The head string (pool) or house line (pyramid): x = L/4."""
        return self.length / 4

    @property
    def centre_line_x(self) -> float:
        return self.length / 2

    @property
    def long_string_y(self) -> float:
        return self.width / 2

    @property
    def head_spot(self) -> Vec:
        return (self.length / 4, self.width / 2)

    @property
    def centre_spot(self) -> Vec:
        return (self.length / 2, self.width / 2)

    @property
    def foot_spot(self) -> Vec:
        """Pool foot spot; the pyramid back spot (rack apex)."""
        return (3 * self.length / 4, self.width / 2)

    @property
    def diamonds(self) -> tuple[Vec, ...]:
        """Diamond positions on the nose lines (1/8 of the length, 1/4 of the width)."""
        pts: list[Vec] = []
        for i in range(1, 8):
            if i == 4:
                continue
            x = self.length * i / 8
            pts += [(x, 0.0), (x, self.width)]
        for j in range(1, 4):
            y = self.width * j / 4
            pts += [(0.0, y), (self.length, y)]
        return tuple(pts)

    def in_kitchen(self, x: float) -> bool:
        """Behind the head string (pool) or in the house (pyramid); the line is out."""
        return x < self.head_string_x

    def on_bed(self, x: float, y: float, margin: float = 0.0) -> bool:
        """Whether a ball centre at (x, y) is on the bed, at least R from the noses."""
        r = self.balls.radius + margin
        return r <= x <= self.length - r and r <= y <= self.width - r

    def pocket(self, name: str) -> Pocket:
        for p in self.pockets:
            if p.name == name:
                return p
        raise KeyError(f"no pocket {name!r} on table {self.name!r}")


# ---------------------------------------------------------------------------
# Builders

POOL_COLOURS: dict[int, tuple[int, int, int]] = {
    0: (246, 244, 236),
    1: (250, 204, 21),
    2: (29, 78, 216),
    3: (220, 38, 38),
    4: (109, 40, 217),
    5: (249, 115, 22),
    6: (21, 128, 61),
    7: (127, 29, 29),
    8: (17, 17, 17),
}
for _n in range(9, 16):
    POOL_COLOURS[_n] = POOL_COLOURS[_n - 8]

POOL_BALLS = BallSet(
    radius=0.028575,
    mass=0.170,
    ids=tuple(range(16)),
    colours=POOL_COLOURS,
    stripes=frozenset(range(9, 16)),
)

PYRAMID_BALLS = BallSet(
    radius=0.034,
    mass=0.280,
    ids=tuple(range(16)),
    colours={0: (236, 178, 40), **{n: (245, 238, 220) for n in range(1, 16)}},
    stripes=frozenset(),
)


def _unit(v: Vec) -> Vec:
    n = math.hypot(v[0], v[1])
    return (v[0] / n, v[1] / n)


def _pockets_and_rails(
    length: float,
    width: float,
    corner_mouth: float,
    side_mouth: float,
    corner_angle: float,
    side_angle: float,
    corner_radius: float,
    side_radius: float,
    corner_drop: float,
    side_drop: float,
    facing_depth: float,
    corner_back: float,
    side_back: float,
) -> tuple[tuple[Pocket, ...], tuple[Rail, ...]]:
    """Six pockets and the six rails between them, on the nose lines."""
    s = corner_mouth / math.sqrt(2)  # jaw tip distance from the corner along each rail
    h = side_mouth / 2
    diag = 1 / math.sqrt(2)
    L, W = length, width

    def corner(name: str, a: Vec, b: Vec, facing: Vec) -> Pocket:
        return Pocket(name, PocketKind.CORNER, a, b, facing, corner_angle,
                      facing_depth, corner_radius, corner_drop, corner_back)

    def side(name: str, a: Vec, b: Vec, facing: Vec) -> Pocket:
        return Pocket(name, PocketKind.SIDE, a, b, facing, side_angle,
                      facing_depth, side_radius, side_drop, side_back)

    pockets = (
        corner("head_right", (0.0, s), (s, 0.0), (-diag, -diag)),
        corner("head_left", (s, W), (0.0, W - s), (-diag, diag)),
        side("side_right", (L / 2 - h, 0.0), (L / 2 + h, 0.0), (0.0, -1.0)),
        side("side_left", (L / 2 + h, W), (L / 2 - h, W), (0.0, 1.0)),
        corner("foot_right", (L - s, 0.0), (L, s), (diag, -diag)),
        corner("foot_left", (L, W - s), (L - s, W), (diag, diag)),
    )
    rails = (
        Rail("head", (0.0, W - s), (0.0, s), (-1.0, 0.0)),
        Rail("foot", (L, s), (L, W - s), (1.0, 0.0)),
        Rail("right_head", (s, 0.0), (L / 2 - h, 0.0), (0.0, -1.0)),
        Rail("right_foot", (L / 2 + h, 0.0), (L - s, 0.0), (0.0, -1.0)),
        Rail("left_head", (L / 2 - h, W), (s, W), (0.0, 1.0)),
        Rail("left_foot", (L - s, W), (L / 2 + h, W), (0.0, 1.0)),
    )
    return pockets, rails


def pool_table(feet: int = 9) -> TableSpec:
    """A WPA pool table: 9, 8 or 7 ft (playing area between the noses)."""
    sizes = {9: (2.540, 1.270), 8: (2.337, 1.168), 7: (1.981, 0.991)}
    if feet not in sizes:
        raise ValueError(f"pool table size must be one of 7, 8, 9 ft, not {feet}")
    length, width = sizes[feet]
    pockets, rails = _pockets_and_rails(
        length,
        width,
        corner_mouth=0.1143,
        side_mouth=0.1270,
        corner_angle=142.0,
        side_angle=104.0,
        corner_radius=0.007,
        side_radius=0.007,
        # WPA shelves (mouth line to the pocket cut): corner 1 to 2 1/4 in,
        # side 0 to 3/8 in; the middles, as Alciatore's TP 3.5 and 3.6 take.
        corner_drop=0.028575,
        side_drop=0.0047625,
        facing_depth=0.055,
        # The pocket's back: pooltool's pocket circles (62 mm at 41.7 mm
        # behind the corner mouth, 64.5 mm at 68.5 mm for the side).
        corner_back=0.104,
        side_back=0.133,
    )
    d = POOL_BALLS.diameter
    return TableSpec(
        name=f"pool_{feet}ft",
        kind=TableKind.POOL,
        length=length,
        width=width,
        cushion_height=0.635 * d,
        rail_top_height=1.4 * 0.635 * d,
        rail_width=0.13,
        cushion_depth=0.05,
        bed_height=0.76,
        balls=POOL_BALLS,
        pockets=pockets,
        rails=rails,
    )


def pyramid_table() -> TableSpec:
    """The Russian pyramid 12 ft table (pyramid-and-express.md section 1.1)."""
    length, width = 3.550, 1.775
    pockets, rails = _pockets_and_rails(
        length,
        width,
        corner_mouth=0.072,
        side_mouth=0.082,
        # The pyramid's facings run nearly parallel to the pocket axis.
        corner_angle=137.0,
        side_angle=95.0,
        corner_radius=0.005,
        side_radius=0.011,
        corner_drop=0.030,
        side_drop=0.025,
        facing_depth=0.06,
        corner_back=0.090,
        side_back=0.100,
    )
    return TableSpec(
        name="pyramid_12ft",
        kind=TableKind.PYRAMID,
        length=length,
        width=width,
        cushion_height=0.042,
        rail_top_height=0.058,
        rail_width=0.15,
        cushion_depth=0.055,
        bed_height=0.81,
        balls=PYRAMID_BALLS,
        pockets=pockets,
        rails=rails,
        physics=PhysicsParams(
            spin_decel=9.0,
            cue_mass=0.70,
            e_rail_slow=0.99,
            rail_damping=0.09,
            rail_unload=1.0,
        ),
    )


TABLES: dict[str, TableSpec] = {
    t.name: t for t in (pool_table(9), pool_table(8), pool_table(7), pyramid_table())
}
TABLE_ALIASES = {
    "pool": "pool_9ft",
    "9ft": "pool_9ft",
    "8ft": "pool_8ft",
    "7ft": "pool_7ft",
    "pyramid": "pyramid_12ft",
    "12ft": "pyramid_12ft",
}


def table_by_name(name: str) -> TableSpec:
    """Look a table up by name or alias; a clear error for an unknown one."""
    key = TABLE_ALIASES.get(name, name)
    if key not in TABLES:
        known = ", ".join(sorted(TABLES))
        raise ValueError(f"unknown table {name!r}; known tables: {known}")
    return TABLES[key]


def rack_positions(spec: TableSpec, rows: int = 5, gap: float = 0.0) -> list[Vec]:
    """Triangle slots, apex on the foot spot, rows towards the foot cushion.

    Slot order: apex first, then each row from the right rail (y small) to the
    left. ``gap`` separates neighbours (a real rack is frozen: gap 0).
    """
    r = spec.balls.radius
    d = 2 * r + gap
    ax, ay = spec.foot_spot
    out: list[Vec] = []
    for row in range(rows):
        x = ax + row * d * math.sqrt(3) / 2
        for k in range(row + 1):
            y = ay + (k - row / 2) * d
            out.append((x, y))
    return out


def nine_ball_diamond(spec: TableSpec, gap: float = 0.0) -> list[Vec]:
    """The 9-ball diamond slots: apex on the foot spot, rows of 1-2-3-2-1."""
    r = spec.balls.radius
    d = 2 * r + gap
    ax, ay = spec.foot_spot
    out: list[Vec] = []
    for row, n in enumerate((1, 2, 3, 2, 1)):
        x = ax + row * d * math.sqrt(3) / 2
        for k in range(n):
            out.append((x, ay + (k - (n - 1) / 2) * d))
    return out


def unit(v: Vec) -> Vec:
    return _unit(v)
