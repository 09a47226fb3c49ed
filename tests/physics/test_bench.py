"""The benchmark's comparison with the peer simulator (python -m
simulator.tools.bench): the two sides take turns, each turn after an untimed run,
and a peer that stops says so. A stand-in peer speaks the same lines as
simulator/tools/bench_peer.py, so no pooltool is needed."""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

import pytest

from simulator.tools import bench

# Answers run k of every job with (k + 1) ms, run 0 with a full second: a
# ratio that took the untimed run in would show it at once.
STAND_IN = """
import json, sys
setup = json.loads(sys.stdin.readline())
assert "table" in setup and "balls" in setup and "warm_up" in setup
print(json.dumps({"version": "stand-in"}), flush=True)
with open(sys.argv[0] + ".log", "a") as log:
    for line in sys.stdin:
        job = json.loads(line)
        log.write(json.dumps(job["repeat"]) + "\\n")
        log.flush()
        times = [1.0] + [0.001 * (k + 1) for k in range(1, job["repeat"])]
        print(json.dumps({"times": times, "events": 0}), flush=True)
"""


@pytest.fixture
def stand_in(tmp_path: Path) -> Path:
    script = tmp_path / "peer" / "stand_in.py"
    script.parent.mkdir()
    script.write_text(STAND_IN)
    return script


def test_turns_of_four_each_after_an_untimed_run(stand_in: Path) -> None:
    peer = bench.Peer(Path(sys.executable), stand_in)
    try:
        assert peer.version == "stand-in"
        walls, peer_walls, ratios = bench._turns(bench.cut_shot, 10, peer)
    finally:
        peer.close()
    # 10 runs a side in turns of 4, 4 and 2, each asked for one run more.
    asked = [json.loads(x) for x in Path(str(stand_in) + ".log").read_text().split()]
    assert asked == [5, 5, 3]
    assert len(walls) == len(peer_walls) == 10
    # The untimed first run of each turn (1 s) is in no figure.
    assert max(peer_walls) < 0.01
    assert peer_walls == [0.002, 0.003, 0.004, 0.005] * 2 + [0.002, 0.003]
    # Kiy's side: real cut shots, far under a second each.
    assert all(0.0 < w < 0.5 for w in walls)
    # One ratio a turn: the medians of that turn's runs.
    assert len(ratios) == 3
    assert ratios[2] == pytest.approx(
        statistics.median(walls[8:]) / statistics.median([0.002, 0.003])
    )


def test_a_peer_that_stops_is_named_not_waited_for(tmp_path: Path) -> None:
    script = tmp_path / "peer" / "broken.py"
    script.parent.mkdir()
    script.write_text("import sys\nsys.exit(3)\n")
    with pytest.raises(RuntimeError, match=r"stopped \(exit code 3\)"):
        bench.Peer(Path(sys.executable), script)


def test_a_peer_that_cannot_start_leaves_kiys_own_figures(
        capsys: pytest.CaptureFixture[str]) -> None:
    """pooltool's interpreter broken: the command says so and still prints
    Kiy's own figures, only without the ratios."""
    false = Path("/bin/false")
    if not false.exists():
        pytest.skip("no /bin/false here")
    bench.main(["--racks", "1", "--repeat", "1", "--rack-repeat", "1",
                "--peer-python", str(false)])
    out = capsys.readouterr().out
    assert "pooltool could not start: pooltool's side stopped (exit code 1)" in out
    assert "15-ball break, 1 racks" in out and "per step of a break" in out
    assert "no ratios: pooltool is not installed or did not start" in out
