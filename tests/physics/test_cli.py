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
