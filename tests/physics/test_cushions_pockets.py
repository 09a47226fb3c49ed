"""Cushion rebounds (reference.md 6) and pocket capture (7) on both tables."""

from __future__ import annotations

import math

import pytest

from simulator.physics import simulate
from simulator.physics.cue import squirt_angle
from simulator.table.events import BallMotion, EventKind, Stroke
from simulator.table.specs import TableSpec, pyramid_table
from simulator.table.state import TableState
from tests.physics.helpers import POOL, first, heading, rolling_after, shoot

PYRAMID = pyramid_table()


def _rail_shot(a: float) -> tuple[float, float, float, float]:
    """A rolling ball into the right rail at 45 degrees (squirt compensated).

    Returns (incoming, rebound, rolling-again) angles from the rail's normal,
    and the speed ratio just after/before."""
    aim = -45.0 - math.degrees(squirt_angle(a, POOL.physics))
    shot = shoot(POOL, {0: (0.45, 0.30)}, aim, 1.5, a=a, b=0.2)
    hit = first(shot, EventKind.BALL_CUSHION, 0)
    assert hit.cushion == "right_head"
    before = [e for e in shot.events if e.time < hit.time and e.snapshots][
        -1
    ].snapshots[0]
    after = hit.snapshots[0]
    rolling = rolling_after(shot, 0, hit.time).snapshots[0]

    def from_normal(vx: float, vy: float) -> float:
        return 90.0 - abs(heading(vx, vy))

    return (
        from_normal(before.vx, before.vy),
        from_normal(after.vx, after.vy),
        from_normal(rolling.vx, rolling.vy),
        after.speed / before.speed,
    )


def test_rolling_ball_rebounds_near_mirror_then_bends_away_from_normal() -> None:
    # 6: 45 in -> about 44 just after -> about 60 once rolling again
    incoming, rebound, rolling, ratio = _rail_shot(0.0)
    assert incoming == pytest.approx(45.0, abs=0.3)
    assert rebound == pytest.approx(44.0, abs=2.5)
    assert rolling == pytest.approx(60.0, abs=4.0)
    assert 0.6 < ratio < 0.9


def test_running_english_widens_and_reverse_narrows_the_rebound() -> None:
    _, plain, _, plain_ratio = _rail_shot(0.0)
    # The ball goes down-right into the right rail: left english (a < 0) runs.
    _, running, _, running_ratio = _rail_shot(-0.4)
    _, reverse, _, reverse_ratio = _rail_shot(0.4)
    assert running > plain + 2.0 > reverse + 2.0
    assert running_ratio > plain_ratio > reverse_ratio


def _at_pocket(
    spec: TableSpec,
    pocket_name: str,
    offset: float,
    speed: float,
    distance: float = 0.5,
) -> tuple[list[str], list[str]]:
    """Roll the cue ball at a pocket's mouth centre, `offset` metres off line
    (perpendicular to the pocket axis). Returns (pockets entered, cushions hit)."""
    pocket = spec.pocket(pocket_name)
    mx, my = pocket.mouth_centre
    ix, iy = pocket.inward
    px, py = -iy, ix  # perpendicular to the pocket axis
    x = mx - ix * distance + px * offset
    y = my - iy * distance + py * offset
    shot = shoot(spec, {0: (x, y)}, heading(ix, iy), speed)
    pockets = [e.pocket or "" for e in shot.of_kind(EventKind.POCKETED)]
    cushions = [e.cushion or "" for e in shot.of_kind(EventKind.BALL_CUSHION)]
    return pockets, cushions


@pytest.mark.parametrize("pocket", ["foot_left", "head_right", "side_left"])
def test_ball_at_the_centre_of_a_pool_pocket_drops(pocket: str) -> None:
    pockets, _ = _at_pocket(POOL, pocket, 0.0, 2.0)
    assert pockets == [pocket]


def test_ball_into_the_pool_jaw_tip_is_refused() -> None:
    # Aimed so the ball's edge meets the jaw nose: its centre passes 19 mm
    # inside the jaw tip (two thirds of a radius).
    off = POOL.pocket("foot_left").mouth_width / 2 - 0.019
    pockets, cushions = _at_pocket(POOL, "foot_left", off, 2.0)
    assert pockets == [] or pockets[0] != "foot_left"
    assert any(c == "jaw:foot_left" for c in cushions)


def test_slow_ball_stops_on_the_lip() -> None:
    """Reference.md 7: a slow ball may stop on the lip. Rolled to stop 2 mm
    past the side pocket's mouth line (the WPA side shelf runs 3/16 in =
    4.76 mm to the drop line), it stays there: rolling from 0.30 m at
    v = sqrt(2 mu_r g d) = sqrt(2 x 0.01 x 9.81 x 0.302) = 0.2434 m/s."""
    pocket = POOL.pocket("side_left")
    mx, my = pocket.mouth_centre
    v = math.sqrt(2 * 0.01 * 9.81 * 0.302)
    state = TableState.from_positions(POOL.name, {0: (0.3, 0.3), 1: (mx, my - 0.30)})
    rolling = BallMotion((0.0, v, 0.0), (-v / POOL.balls.radius, 0.0, 0.0))
    shot = simulate(state, Stroke(225.0, 0.001), motion={1: rolling})
    assert not shot.of_kind(EventKind.POCKETED)
    y_final = shot.final.ball(1).y
    assert y_final - my == pytest.approx(0.002, abs=0.0003)
    assert y_final - my < 0.0047625


def test_pyramid_ball_at_the_centre_of_a_corner_pocket_drops() -> None:
    assert PYRAMID.pocket("foot_left").mouth_width == pytest.approx(0.072)
    pockets, _ = _at_pocket(PYRAMID, "foot_left", 0.0, 2.0)
    assert pockets == ["foot_left"]


@pytest.mark.parametrize("offset", [0.005, -0.005, 0.007])
def test_pyramid_ball_a_few_millimetres_off_line_rattles_out(offset: float) -> None:
    pockets, cushions = _at_pocket(PYRAMID, "foot_left", offset, 2.0)
    assert "foot_left" not in pockets
    assert any(c == "jaw:foot_left" for c in cushions)
