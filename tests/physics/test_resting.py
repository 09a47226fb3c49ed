"""The resting contract (simulator.table.resting): one rule for where a ball can
rest, the repairs of positions off by a hair, and the physics' promise that
every final state it returns obeys the rule (issue 10's reproducers)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from simulator.physics import cue_speed_for, simulate
from simulator.physics.__main__ import main as shoot_main
from simulator.table import resting
from simulator.table.events import EventKind, Phase, Stroke
from simulator.table.specs import (
    TABLES,
    TableSpec,
    pool_table,
    pyramid_table,
    rack_positions,
)
from simulator.table.state import StateError, TableState, Where

POOL = pool_table(9)
PYRAMID = pyramid_table()
R = POOL.balls.radius  # 28.575 mm
W = POOL.width  # 1.270 m


def test_the_tolerances_are_float_noise_and_a_tenth_of_a_millimetre() -> None:
    assert pytest.approx(1e-6) == resting.TOLERANCE
    assert pytest.approx(1e-4) == resting.REPAIR_LIMIT


def test_a_ball_frozen_to_a_rail_rests_and_one_pressing_into_it_does_not() -> None:
    assert resting.problem(POOL, {3: (1.0, W - R)}) is None
    assert resting.problem(POOL, {3: (1.0, W - R + 0.5e-6)}) is None
    why = resting.problem(POOL, {3: (1.0, W - R + 3e-6)})
    assert why is not None and "ball 3" in why and "left_head" in why


@pytest.mark.parametrize("spec", list(TABLES.values()), ids=lambda s: s.name)
def test_no_cushion_piece_reaches_a_radius_inside_the_noses(spec: TableSpec) -> None:
    """resting skips the cushion pieces for a centre at least a radius inside
    all four nose lines (and the world's contact search relies on the same):
    each piece lies behind a nose line, so no centre on the border of that
    box, where a ball is nearest to them, presses into one."""
    from simulator.table.geometry import closest_point, cushion_pieces

    r = spec.balls.radius
    lx, ly = spec.length - 2 * r, spec.width - 2 * r
    border = [
        p
        for k in range(2001)
        for p in (
            (r + lx * k / 2000, r),
            (r + lx * k / 2000, spec.width - r),
            (r, r + ly * k / 2000),
            (spec.length - r, r + ly * k / 2000),
        )
    ]
    worst = max(
        r + piece.radius - math.dist(closest_point(piece, p), p)
        for piece in cushion_pieces(spec)
        for p in border
    )
    assert worst < 1e-12


def test_frozen_balls_rest_and_overlapping_ones_do_not() -> None:
    assert resting.problem(POOL, {1: (1.0, 0.6), 2: (1.0 + 2 * R, 0.6)}) is None
    why = resting.problem(POOL, {1: (1.0, 0.6), 2: (1.0 + 2 * R - 3e-6, 0.6)})
    assert why is not None and "balls 1 and 2 overlap" in why


def test_a_ball_against_a_rounded_jaw_in_the_side_mouth_rests() -> None:
    """Issue 10: the cue ball came to rest at y = 22.7 mm in the side
    pocket's mouth, against the rounding of the jaw (7 mm), which the old
    check (sharp facings from the jaw tip) refused though the physics' own
    jaw holds it there."""
    pos = (1.2232684986349651, 0.02269602139805733)
    assert resting.problem(POOL, {0: pos}) is None
    assert resting.in_pocket_mouth(POOL, *pos)
    TableState.from_positions(POOL.name, {0: pos}).validate()


def test_past_the_drop_line_or_behind_a_nose_a_ball_cannot_rest() -> None:
    side = POOL.pocket("side_right")  # the drop line 4.76 mm behind the mouth
    mx, _ = side.mouth_centre
    assert resting.problem(POOL, {5: (mx, -0.0045)}) is None
    why = resting.problem(POOL, {5: (mx, -0.0050)})
    assert why is not None and "ball 5" in why and "drop line" in why
    why = resting.problem(POOL, {5: (0.6, -0.01)})
    assert why is not None and "off the bed" in why


def test_validate_names_the_ball_the_rule_refuses() -> None:
    state = TableState.from_positions(
        POOL.name, {0: (0.5, 0.5), 4: (1.0, W - R + 5e-6)}
    )
    with pytest.raises(StateError, match=r"balls\[1\]: ball 4 .* left_head"):
        state.validate()
    # An overlap of 5 micrometres was accepted before (0.1 mm slack); no more.
    near = TableState.from_positions(
        POOL.name, {1: (1.0, 0.6), 2: (1.0 + 2 * R - 5e-6, 0.6)}
    )
    with pytest.raises(StateError, match="overlap"):
        near.validate()


def test_a_checked_table_is_looked_at_again_only_where_a_ball_moved() -> None:
    # Balls still where a checked table had them rest there, and so do their
    # pairs: only a ball that moved, alone or against any other, can break
    # the rule (the search's worlds settle this way).
    checked = {1: (1.0, 0.6), 2: (1.0 + 2 * R, 0.6), 3: (0.5, 0.5)}
    assert not resting.problem_with(POOL, dict(checked), checked)
    onto_2 = {**checked, 3: (1.0 + 4 * R - 3e-6, 0.6)}
    assert resting.problem(POOL, onto_2) is not None
    assert resting.problem_with(POOL, onto_2, checked)
    into_rail = {**checked, 3: (0.5, W - R + 1e-4)}
    assert resting.problem(POOL, into_rail) is not None
    assert resting.problem_with(POOL, into_rail, checked)
    clear = {**checked, 3: (0.3, 0.3)}
    assert resting.problem(POOL, clear) is None
    assert not resting.problem_with(POOL, clear, checked)


def test_settle_keeps_a_valid_position_exactly() -> None:
    pos = {0: (0.5, 0.5), 1: (1.0, W - R), 2: (1.0, W - 3 * R)}
    out, moved = resting.settle(POOL, pos)
    assert out == pos and moved == 0.0


def test_settle_moves_the_neighbour_not_the_rail_ball() -> None:
    """Issue 10's second reproducer: ball 1 frozen to the rail, ball 2
    overlapping it by 15 um. The smallest correction that lets both rest
    moves ball 2 out by the overlap and keeps ball 1 off the rail."""
    pos = {0: (0.6, 0.3), 1: (1.5, 1.241425), 2: (1.5, 1.18429)}
    overlap = 2 * R - (1.241425 - 1.18429)
    assert overlap == pytest.approx(15e-6, rel=1e-6)
    out, moved = resting.settle(POOL, pos)
    assert resting.problem(POOL, out) is None
    assert moved == pytest.approx(overlap, abs=1e-8)
    assert out[1][1] <= W - R
    assert math.dist(out[1], pos[1]) < 1e-8
    assert out[0] == pos[0]


def test_settle_refuses_what_is_more_than_a_hair_off() -> None:
    with pytest.raises(resting.RestingError, match=r"ball 6 .*0\.200 mm"):
        resting.settle(POOL, {6: (1.0, W - R + 0.0002)})
    out, moved = resting.settle(POOL, {6: (1.0, W - R + 0.0002)}, limit=0.001)
    assert moved == pytest.approx(0.0002, abs=1e-8)
    assert resting.problem(POOL, out) is None


def test_settle_brings_a_ball_back_from_beyond_the_drop_line() -> None:
    corner = PYRAMID.pocket("foot_left")
    (mx, my), (ix, iy) = corner.mouth_centre, corner.inward
    d = corner.drop_depth + 5e-5
    out, moved = resting.settle(PYRAMID, {9: (mx + ix * d, my + iy * d)})
    assert moved == pytest.approx(5e-5, abs=1e-8)
    assert resting.problem(PYRAMID, out) is None


def _shoot_layout(
    tmp_path: Path, layout: dict[str, object], capsys: pytest.CaptureFixture[str]
) -> tuple[dict[str, object], str]:
    f = tmp_path / "layout.json"
    f.write_text(json.dumps(layout))
    assert shoot_main(["shoot", str(f)]) == 0
    out = capsys.readouterr()
    return json.loads(out.out), out.err


def test_the_side_mouth_reproducer_ends_in_a_state_that_loads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shot, err = _shoot_layout(
        tmp_path,
        {
            "table": "pool_9ft",
            "balls": {
                "0": [0.26061531245223596, 0.3391085981082178],
                "7": [0.8014909143418855, 1.0132153873091787],
            },
            "stroke": {
                "direction": 52.646884,
                "speed": 2.5574,
                "tip_a": 0.11900080790915307,
                "elevation": 12.29006523789936,
            },
        },
        capsys,
    )
    assert err == ""
    final = TableState.from_dict(shot["final"])  # type: ignore[arg-type]
    TableState.from_dict(final.to_dict())


def test_the_rail_neighbour_reproducer_is_repaired_and_said_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shot, err = _shoot_layout(
        tmp_path,
        {
            "table": "pool_9ft",
            "balls": {"0": [0.6, 0.3], "1": [1.5, 1.241425], "2": [1.5, 1.18429]},
            "stroke": {"direction": 0.0, "speed": 0.3},
        },
        capsys,
    )
    assert "balls.2: moved 15.0 um" in err and "balls.1" not in err
    final = TableState.from_dict(shot["final"])  # type: ignore[arg-type]
    assert final.ball(1).y <= W - R


def test_a_layout_off_by_more_than_the_limit_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "layout.json"
    # 0.2 mm of overlap: a real error, not a rounding.
    f.write_text(
        json.dumps(
            {
                "table": "pool_9ft",
                "balls": {"0": [0.6, 0.3], "1": [1.5, 1.241425], "2": [1.5, 1.184475]},
                "stroke": {"direction": 0.0, "speed": 0.3},
            }
        )
    )
    assert shoot_main(["shoot", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: balls: balls 1 and 2 overlap")


def _pyramid_break(cue_y: float, aim_off: float, speed: float) -> TableState:
    spec = PYRAMID
    positions = {i + 1: p for i, p in enumerate(rack_positions(spec))}
    cue = (spec.head_string_x - 0.2, cue_y)
    positions[0] = cue
    apex = spec.foot_spot
    aim = math.degrees(math.atan2(apex[1] - cue[1], apex[0] - cue[0])) + aim_off
    shot = simulate(
        TableState.from_positions(spec.name, positions),
        Stroke(aim, cue_speed_for(speed, 0.0, 0.0, spec.balls, spec.physics)),
    )
    return shot.final


@pytest.mark.parametrize(
    ("cue_y", "aim_off", "speed"),
    [(0.5, 0.3, 9.0), (0.9, -0.2, 11.0), (1.2, 0.1, 7.0), (0.7, -0.45, 12.0)],
)
def test_pyramid_breaks_end_in_states_that_load(
    cue_y: float, aim_off: float, speed: float
) -> None:
    """Issue 10: an Express break left a ball in a corner mouth where the
    position check refused it; every break must end in a loadable state."""
    final = _pyramid_break(cue_y, aim_off, speed)
    assert TableState.from_dict(final.to_dict()) == final


def _lip(spec: TableSpec, pocket_name: str) -> tuple[float, float]:
    """Roll a ball straight down a pocket's axis from 0.3 m: the slowest
    stroke that drops it (to 0.1 mm/s), and how deep the ball stops just
    below that speed (behind the mouth line)."""
    pocket = spec.pocket(pocket_name)
    (mx, my), (ix, iy) = pocket.mouth_centre, pocket.inward
    start = (mx - ix * 0.3, my - iy * 0.3)
    aim = math.degrees(math.atan2(iy, ix))

    def run(v: float) -> TableState:
        state = TableState.from_positions(spec.name, {0: start})
        cue_v = cue_speed_for(v, 0.0, 0.0, spec.balls, spec.physics)
        return simulate(state, Stroke(aim, cue_v)).final

    lo, hi = 0.05, 1.5
    while hi - lo > 1e-4:
        mid = (lo + hi) / 2
        if run(mid).ball(0).where is Where.POCKETED:
            hi = mid
        else:
            lo = mid
    final = run(lo)
    assert TableState.from_dict(final.to_dict()) == final
    b = final.ball(0)
    return hi, (b.x - mx) * ix + (b.y - my) * iy


@pytest.mark.parametrize("table", sorted(TABLES))
@pytest.mark.parametrize("pocket", ["foot_left", "side_right"])
def test_a_slow_ball_stops_on_the_lip_where_it_may_rest(
    table: str, pocket: str
) -> None:
    """Reference.md 7: a slow ball may stop on the lip. The slowest stroke
    that does not drop it leaves it hanging over the edge at the drop line
    (within a millimetre), in a position every loader accepts."""
    spec = TABLES[table]
    _, depth = _lip(spec, pocket)
    drop = spec.pocket(pocket).drop_depth
    assert drop - 0.001 < depth <= drop


def test_no_ball_comes_to_rest_pressing_into_a_cushion_or_a_ball() -> None:
    """Where each ball stops (its motion event to stationary) it already
    obeys the resting rule: a ball held against a rail by a neighbour does
    not work its way into the rail (it did, by up to 0.11 mm, when a slow
    ball chattered between a rail and a ball)."""
    layouts = [
        # The cue ball frozen to the right rail with a chain of two balls
        # frozen to it, pushed gently into the chain: it chatters between the
        # rail and ball 1 (it ended 32 um inside the rail).
        (
            {
                0: (1.3985793319826987, R),
                1: (1.381923974816161, 0.08324420136287945),
                2: (1.3763629357774096, 0.14012299657523855),
                3: (2.3685690723270882, 0.9242102251341141),
                4: (2.022122961900517, R),
                5: (1.0308834248256642, 0.36762654730708216),
            },
            Stroke(
                135.70827713078174,
                0.23839130436344294,
                0.2559929283715599,
                0.44397403529210394,
                7.891095703800094,
            ),
        ),
        # Balls frozen to the head rail, broken up at 11 m/s (ball 2 ended
        # 21 um inside the head rail).
        (
            {
                0: (R, 0.21407035225415016),
                1: (2.511425, 0.25611055454927456),
                2: (R, 1.0158783350977352),
                3: (0.07170324910566023, 1.0533760234142184),
            },
            Stroke(
                154.54967248339128,
                11.137287960252479,
                -0.37707808522153957,
                0.19887704973708206,
            ),
        ),
    ]
    for positions, stroke in layouts:
        state = TableState.from_positions(POOL.name, positions)
        shot = simulate(state, stroke)
        for e in shot.events:
            if e.kind is EventKind.MOTION and e.phase_to is Phase.STATIONARY:
                s = e.snapshots[0]
                assert resting.problem(POOL, {s.ball: (s.x, s.y)}) is None, e
        on = {b.ball: b.pos for b in shot.final.balls if b.where is Where.TABLE}
        assert resting.problem(POOL, on) is None
