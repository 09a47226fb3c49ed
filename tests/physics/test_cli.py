"""python -m simulator.physics shoot: documented formats in, Shot JSON out,
one clear error for bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from simulator.physics.__main__ import main

ROOT = Path(__file__).parents[2]


def test_example_layout_plays_and_prints_events(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["shoot", str(ROOT / "docs/examples/cut.toml")]) == 0
    shot = json.loads(capsys.readouterr().out)
    kinds = [e["kind"] for e in shot["events"]]
    assert kinds[0] == "stroke" and kinds[-1] == "rest"
    assert "ball_ball" in kinds
    first_contact = next(e for e in shot["events"] if e["kind"] == "ball_ball")
    assert first_contact["balls"] == [0, 1]
    assert len(first_contact["snapshots"][0]) == 11


def test_json_layout_with_options_and_frames(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "l.json"
    f.write_text(json.dumps({"table": "pyramid", "balls": {"0": [0.5, 0.9]}}))
    assert (
        main(["shoot", str(f), "--direction", "0", "--ball-speed", "1.0", "--frames"])
        == 0
    )
    shot = json.loads(capsys.readouterr().out)
    assert shot["initial"]["table"] == "pyramid_12ft"
    assert shot["events"][0]["speed"] == pytest.approx(1.0)
    assert shot["frames"][0][0] == 0.0


BAD = [
    ({"table": "snooker", "balls": {"0": [0.5, 0.5]}}, "table"),
    ({"table": "pool_9ft", "balls": {"0": [0.01, 0.5]}}, "balls.0"),
    ({"table": "pool_9ft", "balls": {"0": [0.5, 0.5], "1": [0.52, 0.5]}}, "overlap"),
    ({"table": "pool_9ft", "balls": {"0": ["a", 0.5]}}, "balls.0[0]"),
    ({"table": "pool_9ft", "balls": {"16": [0.5, 0.5]}}, "balls.16"),
    ({"table": "pool_9ft", "balls": {"0": [0.5, 0.5]}, "colour": 1}, "colour"),
    (
        {
            "table": "pool_9ft",
            "balls": {"0": [0.5, 0.5]},
            "stroke": {"direction": 0, "speed": 500},
        },
        "stroke.speed",
    ),
    (
        {
            "table": "pool_9ft",
            "balls": {"0": [0.5, 0.5]},
            "stroke": {"direction": 0, "speed": 2, "tip_a": 0.99},
        },
        "stroke.tip_a",
    ),
    (
        {
            "table": "pool_9ft",
            "balls": {"0": [0.5, 0.5]},
            "stroke": {"direction": 0, "speed": 2, "elevation": 95},
        },
        "stroke.elevation",
    ),
    (
        {
            "table": "pool_9ft",
            "balls": {"0": [0.5, 0.5]},
            "stroke": {"direction": "north", "speed": 2},
        },
        "stroke.direction",
    ),
    (
        {
            "table": "pool_9ft",
            "balls": {"1": [0.5, 0.5]},
            "stroke": {"direction": 0, "speed": 2},
        },
        "balls.0",
    ),
]


@pytest.mark.parametrize(("layout", "field"), BAD)
def test_bad_layout_gets_one_clear_error(
    tmp_path: Path,
    layout: dict[str, object],
    field: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(layout))
    assert (
        main(
            ["shoot", str(f)]
            + ([] if "stroke" in layout else ["--direction", "0", "--speed", "2"])
        )
        == 2
    )
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.startswith("error: ") and field in out.err
    assert "Traceback" not in out.err


def test_malformed_file_exits_non_zero_without_traceback(tmp_path: Path) -> None:
    f = tmp_path / "broken.toml"
    f.write_text('table = "pool_9ft"\n[balls\n0 = [0.5')
    run = subprocess.run(
        [sys.executable, "-m", "simulator.physics", "shoot", str(f)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode == 2
    assert "not valid TOML" in run.stderr and "Traceback" not in run.stderr


def test_a_layout_may_start_a_ball_rolling(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 11: a ball may carry a velocity and a spin. Ball 1 rolls at
    1 m/s (w_y = v / R) from the start, and the log shows it moving before
    the stroke is taken (general rule 12 can see it)."""
    f = tmp_path / "drill.toml"
    f.write_text(
        'table = "pool_9ft"\n[balls]\n0 = [0.3, 0.3]\n1 = [0.6, 0.9]\n'
        "[motion.1]\nvelocity = [1.0, 0.0]\nspin = [0.0, 34.99562554680665, 0.0]\n"
        "[stroke]\ndirection = 0.0\nspeed = 1.0\n",
        encoding="utf-8",
    )
    assert main(["shoot", str(f)]) == 0
    shot = json.loads(capsys.readouterr().out)
    assert shot["motion"] == {
        "1": {"velocity": [1.0, 0.0, 0.0], "spin": [0.0, 34.99562554680665, 0.0]}
    }
    first, stroke = shot["events"][0], shot["events"][1]
    assert first["kind"] == "motion" and first["balls"] == [1]
    assert first["phase_from"] == "stationary" and first["phase_to"] == "rolling"
    assert stroke["kind"] == "stroke"
    # Rolling from the start: its first change is a contact, not a slide
    # turning into a roll.
    later = [e for e in shot["events"][2:] if 1 in e["balls"]]
    assert later[0]["kind"] in ("ball_cushion", "ball_ball", "line_crossed")


def test_a_layout_may_set_a_ball_spinning_in_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ball given only side spin spins where it is and stops spinning
    after w / 10.9 rad/s^2 (reference.md 2): 21.8 rad/s lasts 2.0 s. It does
    not move meanwhile."""
    f = tmp_path / "spin.json"
    f.write_text(
        json.dumps(
            {
                "table": "pool_9ft",
                "balls": {"0": [0.3, 0.3], "1": [1.6, 0.6]},
                "motion": {"1": {"spin": [0.0, 0.0, 21.8]}},
                "stroke": {"direction": 90.0, "speed": 0.5},
            }
        ),
        encoding="utf-8",
    )
    assert main(["shoot", str(f)]) == 0
    shot = json.loads(capsys.readouterr().out)
    mine = [e for e in shot["events"] if e["balls"] == [1]]
    assert mine[0]["kind"] == "motion" and mine[0]["phase_to"] == "spinning"
    stop = next(e for e in mine if e.get("phase_to") == "stationary")
    assert stop["time"] == pytest.approx(2.0, rel=0.01)
    final = {b["ball"]: b for b in shot["final"]["balls"]}
    assert (final[1]["x"], final[1]["y"]) == pytest.approx((1.6, 0.6), abs=1e-9)


MOTION_BAD = [
    ({"1": {"velocity": [1.0]}}, "motion.1.velocity: expected a list of 2 or 3"),
    ({"1": {"velocity": [1.0, "x"]}}, "motion.1.velocity[1]"),
    ({"1": {"spin": [0.0, 0.0]}}, "motion.1.spin: expected a list of 3"),
    ({"1": {"velocity": [30.0, 0.0]}}, "motion.1.velocity: 30.0 m/s"),
    ({"1": {"velocity": [1.0, 0.0, -1.0]}}, "motion.1.velocity: v_z < 0"),
    ({"1": {"turn": 1}}, "motion.1.turn: unknown key"),
    ({"5": {"velocity": [1.0, 0.0]}}, "motion.5: ball 5 is not on the table"),
    ({"x": {"velocity": [1.0, 0.0]}}, "motion.x: a ball is named by its number"),
    ([1, 2], "motion: expected a table"),
]


@pytest.mark.parametrize(("motion", "message"), MOTION_BAD)
def test_a_bad_motion_is_one_line_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], motion: object, message: str
) -> None:
    f = tmp_path / "l.json"
    f.write_text(
        json.dumps(
            {
                "table": "pool_9ft",
                "balls": {"0": [0.3, 0.3], "1": [0.6, 0.9]},
                "motion": motion,
                "stroke": {"direction": 0, "speed": 1},
            }
        )
    )
    assert main(["shoot", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err, err
    assert err.count("\n") == 1
