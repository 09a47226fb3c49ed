"""The figures' commands (python -m simulator.tools.bench gaps | pockets |
cushions): what they print is what docs/physics.md states."""

from __future__ import annotations

import pytest

from simulator.tools import bench, figures


def test_a_loose_rack_breaks_badly_and_a_hair_is_still_frozen() -> None:
    """docs/physics.md, rack gaps: with 1 mm between neighbours the break is
    a set of separate collisions (a Newton's cradle: the momentum runs to a
    couple of balls at the back), so far fewer balls reach a cushion than
    from a frozen rack; 5 um closes within the contact time and breaks as
    frozen."""
    rows = figures.rack_gap_table(racks=3, gaps=(0.0, 5e-6, 1e-3))
    frozen, hair, loose = rows
    assert frozen.to_cushion >= 10.0
    assert loose.to_cushion <= frozen.to_cushion - 6.0
    assert hair.to_cushion == pytest.approx(frozen.to_cushion, abs=1.5)
    assert loose.potted <= frozen.potted


def test_the_pyramid_corner_takes_three_millimetres_either_side() -> None:
    left, right = figures.acceptance(figures.PYRAMID, "foot_left", 2.0)
    assert left == pytest.approx(0.003, abs=0.0015)
    assert right == pytest.approx(0.003, abs=0.0015)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["gaps", "--break-speed", "40"], "--break-speed"),
        (["gaps", "--racks", "0"], "--racks"),
        (["corners"], "invalid choice"),
    ],
)
def test_impossible_bench_options_are_refused(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as e:
        bench.main(argv)
    assert e.value.code == 2
    assert message in capsys.readouterr().err
