"""``python -m rules judge`` on Express cases (docs/formats.md, "Express
cases"): the CLI sends them to rules.express_case and prints the ruling."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

# SEED-E 2.5 «Чужой»: a legal pot of the 5 writes 5 off the previous player
# (player 2 before player 0) and gives the shooter +2; he plays on.
FOREIGN: dict[str, Any] = {
    "name": "чужой through the CLI",
    "rule": "SEED-E 2.5 «Чужой»",
    "game": "express",
    "players": 3,
    "state": {"table": {"0": [1.2, 0.6], "5": [2.2, 1.2], "9": [1.5, 1.3]}},
    "shot": {"events": ["stroke", "hit 0 5", "pot 5 foot_left"]},
}


def judge(tmp_path: Path, data: Any, *extra: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "case.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "rules", "judge", *extra, str(path)],
                          capture_output=True, text=True)


def test_cli_judges_an_express_case(tmp_path: Path) -> None:
    out = judge(tmp_path, FOREIGN)
    assert out.returncode == 0, out.stderr
    ruling = json.loads(out.stdout)
    assert ruling["discipline"] == "express"
    assert ruling["fouls"] == []
    assert ruling["points"] == [2, 0, -5]
    assert ruling["victim"] == 2
    assert ruling["next_shooter"] == 0
    assert "express.note.foreign" in {n["code"] for n in ruling["notes"]}


def test_cli_express_with_next_and_russian_alias(tmp_path: Path) -> None:
    data = dict(FOREIGN, game="экспресс")
    out = judge(tmp_path, data, "--next")
    assert out.returncode == 0, out.stderr
    d = json.loads(out.stdout)
    assert d["scores"] == [32, 30, 25]
    assert d["next"]["shooter"] == 0 and d["next"]["victim"] == 2


def test_cli_express_steps_without_a_game(tmp_path: Path) -> None:
    # The Express format lets "game" default to express; a case of steps
    # without a game is an Express case.
    data = {k: v for k, v in FOREIGN.items() if k not in ("game", "shot")}
    data["steps"] = [{"shot": FOREIGN["shot"]}]
    out = judge(tmp_path, data)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["points"] == [2, 0, -5]


def test_cli_names_the_bad_express_field(tmp_path: Path) -> None:
    bad_cases = [
        (dict(FOREIGN, players=2), "case.players"),
        (dict(FOREIGN, shot={"events": ["stroke", "smash 0 5"]}),
         "case.steps[0].shot.events[1]"),
        (dict(FOREIGN, state={"table": {"0": [1.2, 0.6, 3]}}), "case.state.table.0"),
        (dict(FOREIGN, state={"scores": [30, 30]}), "case.state.scores"),
        (dict(FOREIGN, shot={"events": ["stroke"], "moved": {"5": [9.0, 9.0]}}),
         "case.steps[0].shot.moved"),
        (dict(FOREIGN, options={"initial_points": "thirty"}), "initial_points"),
    ]
    for data, field in bad_cases:
        out = judge(tmp_path, data)
        assert out.returncode == 2, (field, out.stdout)
        assert field in out.stderr, (field, out.stderr)
        assert "Traceback" not in out.stderr
        assert out.stdout == ""


def test_cli_pool_case_errors_name_the_field(tmp_path: Path) -> None:
    bad_cases = [
        ({"game": "14.1", "call_foul": "foul.nope"}, "case.call_foul"),
        ({"game": "9-ball", "shot": {"initial": {"table": "pool_9ft", "balls": []},
                                     "events": []}}, "case.shot.initial"),
    ]
    for data, field in bad_cases:
        out = judge(tmp_path, data)
        assert out.returncode == 2, (field, out.stdout)
        assert field in out.stderr and "Traceback" not in out.stderr
