"""The stress command (python -m simulator.tools.stress): a few hundred random
strokes with no failure, and checks that do catch what they look for."""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest

from simulator.physics import simulate
from simulator.table import resting
from simulator.table.events import Frame, Stroke
from simulator.table.specs import TABLES, pool_table
from simulator.table.state import BallState, TableState, Where
from simulator.tools import stress

POOL = pool_table(9)
R = POOL.balls.radius


def test_a_few_hundred_random_strokes_fail_no_check() -> None:
    summary = stress.run(240, seed=11)
    assert summary.strokes == 240
    assert set(summary.by_table) == set(TABLES)
    failures = [f"#{f.index} {f.check}: {f.detail}" for f in summary.failures]
    assert failures == []
    # The layouts and strokes reach what they are meant to: balls dropping,
    # balls in the air.
    assert summary.pocketed > 10 and summary.airborne > 10


def test_layouts_hold_frozen_rail_and_mouth_balls() -> None:
    """Over many layouts: balls frozen to a rail, to each other and resting
    in pocket mouths all occur, and every layout is a valid start."""
    import random

    rail = frozen = mouth = 0
    for i in range(200):
        spec = TABLES[sorted(TABLES)[i % 4]]
        pos = stress.random_layout(random.Random(i), spec)
        assert spec.balls.cue_ball in pos and 2 <= len(pos) <= 16
        TableState.from_positions(spec.name, pos).validate()
        r = spec.balls.radius
        for b, (x, y) in pos.items():
            on_rail = min(x, y, spec.length - x, spec.width - y) == pytest.approx(r)
            rail += on_rail
            mouth += resting.in_pocket_mouth(spec, x, y) and not spec.on_bed(x, y)
            frozen += any(
                math.dist((x, y), q) == pytest.approx(2 * r, abs=1e-9)
                for c, q in pos.items()
                if c != b
            )
    assert rail > 100 and frozen > 100 and mouth > 20


def _plain_shot() -> tuple[TableState, Stroke]:
    state = TableState.from_positions(POOL.name, {0: (0.6, 0.6), 1: (1.2, 0.6)})
    return state, Stroke(0.0, 2.0)


def test_the_frame_check_sees_a_ball_through_another() -> None:
    state, stroke = _plain_shot()
    shot = simulate(state, stroke, frame_dt=stress.FRAME_DT)
    summary = stress.Summary()
    assert stress._frame_problem(shot, POOL, summary) is None
    bad = Frame(0.5, ((0, 1.0, 0.6, R), (1, 1.0 + 2 * R - 0.006, 0.6, R)))
    found = stress._frame_problem(replace(shot, frames=(bad,)), POOL, summary)
    assert found is not None and "balls 0 and 1" in found
    through = Frame(0.5, ((0, 1.0, -0.02, R),))
    found = stress._frame_problem(replace(shot, frames=(through,)), POOL, summary)
    assert found is not None and "ball 0" in found


def test_the_lost_ball_and_finite_checks_see_what_is_wrong() -> None:
    state, stroke = _plain_shot()
    shot = simulate(state, stroke)
    assert stress._lost_problem(shot) is None
    assert stress._finite_problem(shot) is None
    gone = replace(shot.final, balls=(shot.final.ball(0),))
    assert "balls before" in (stress._lost_problem(replace(shot, final=gone)) or "")
    dropped = shot.final.with_ball(BallState(1, Where.POCKETED, pocket="foot_left"))
    found = stress._lost_problem(replace(shot, final=dropped))
    assert found is not None and "ball 1" in found
    nan = replace(shot, duration=math.nan)
    assert stress._finite_problem(nan) is not None


def test_the_command_prints_a_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert stress.main(["--strokes", "4", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["strokes"] == 4 and out["failures"] == []
    assert sum(out["by_table"].values()) == 4


def test_a_failure_is_printed_with_a_layout_that_replays_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Every stroke counts as too slow: each failure carries its layout.
    assert stress.main(["--strokes", "2", "--max-seconds", "1e-9"]) == 1
    out = capsys.readouterr().out
    assert out.count("FAIL #") == 2 and "run time" in out
    layout = json.loads(out.split("layout: ")[1].splitlines()[0])
    from simulator.physics.layout import parse_layout

    parsed = parse_layout(layout)
    assert parsed.repairs == () and parsed.stroke is not None


@pytest.mark.parametrize("argv", [["--strokes", "0"], ["--max-seconds", "-1"]])
def test_impossible_options_are_refused(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as e:
        stress.main(argv)
    assert e.value.code == 2
    assert "error:" in capsys.readouterr().err


def test_a_ball_struck_twice_into_a_jaw_never_sinks_into_it() -> None:
    """Stress seed 1, stroke 129: a ball frozen to the head cushion by the
    corner is struck into the jaw, comes off it and is struck back into it
    before the step is over. The second touch is found at its instant, so
    no frame shows the ball inside the facing (it showed 1.2 mm)."""
    from simulator.table.specs import table_by_name

    spec = table_by_name("pool_8ft")
    r = spec.balls.radius
    positions = {
        0: (0.7786216875910966, 0.8328104821176592),
        7: (1.960727027087709, 0.6588207019197331),
        9: (r, 1.104459908852475),
        12: (0.21121807642097537, spec.width - r),
    }
    stroke = Stroke(150.23104197702992, 13.15685211444137, 0.1496, -0.5273, 0.0, 0.48)
    shot = simulate(
        TableState.from_positions(spec.name, positions), stroke, frame_dt=0.0005
    )
    jaw = [
        e
        for e in shot.events
        if e.kind.value == "ball_cushion" and e.balls == (9,) and e.time < 0.25
    ]
    assert len(jaw) >= 2 and all(e.cushion == "jaw:head_left" for e in jaw)
    summary = stress.Summary()
    assert stress._frame_problem(shot, spec, summary) is None
    assert summary.worst_frame_press < 1e-4


def test_sharing_the_strokes_among_processes_changes_no_figure() -> None:
    one = stress.run(8, seed=5)
    two = stress.run(8, seed=5, jobs=2)
    assert two.strokes == one.strokes == 8
    assert two.by_table == one.by_table
    assert (two.pocketed, two.airborne) == (one.pocketed, one.airborne)
    assert two.worst_frame_press == one.worst_frame_press
    assert [f.index for f in two.failures] == [f.index for f in one.failures]


def test_a_push_into_a_ball_in_lasting_contact_is_resolved_at_once() -> None:
    """Stress seed 1, stroke 11833: a push (15.6 ms on the ball) drives the
    cue ball into a ball it rests against; the stick's push comes while the
    pair's lasting contact waits its millisecond, so the pair is looked at
    again at once: no frame shows them inside each other (it was 0.13 mm)."""
    spec, positions, stroke = stress.stroke_case(1, 11833)
    assert stroke.contact_time > 0.015 and len(positions) == 5
    shot = simulate(
        TableState.from_positions(spec.name, positions), stroke, frame_dt=0.001
    )
    summary = stress.Summary()
    assert stress._frame_problem(shot, spec, summary) is None
    assert summary.worst_frame_overlap < 1e-5
