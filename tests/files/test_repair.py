"""Saves and scenarios off by less than 0.1 mm (simulator.table.resting.REPAIR_LIMIT)
are repaired through resting.settle and say so; further off is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.referee import Match
from simulator.files import saves
from simulator.practice.library import SCENARIO_DIR
from simulator.practice.scenario import ScenarioError, dumps_toml, load_scenario
from simulator.table import resting
from simulator.table.specs import table_by_name


def _start_save(tmp_path: Path, into_rail: float) -> Path:
    """A 9-ball match from a set position whose 5-ball lies ``into_rail``
    metres into the left rail."""
    base = Match(["A", "B"], "9-ball", {}, seed=2)
    spec = table_by_name("pool_9ft")
    r = spec.balls.radius
    table = base.table().place(5, 1.7, spec.width - r)
    m = Match.from_state(["A", "B"], "9-ball", base.state.with_(table=table))
    data = saves.save_dict(m)
    for b in data["match"]["start"]["table"]["balls"]:
        if b["ball"] == 5:
            b["y"] += into_rail
    f = tmp_path / "m.json"
    f.write_text(json.dumps(data), "utf-8")
    return f


def test_a_save_off_by_micrometres_is_repaired_and_says_so(tmp_path: Path) -> None:
    loaded = saves.load(_start_save(tmp_path, 30e-6))
    assert loaded.repaired == 1
    assert 29e-6 < loaded.moved < 31e-6
    y = loaded.match.table().position(5)
    assert y is not None
    spec = table_by_name("pool_9ft")
    assert resting.problem(spec, {5: y}) is None
    from simulator.app.match.session import Session
    from simulator.app.text.i18n import Locale
    s = Session.load(_start_save(tmp_path, 30e-6), Locale("en"))
    assert s.load_note is not None and "30 micrometres" in s.load_note


def test_a_save_off_by_more_is_refused(tmp_path: Path) -> None:
    with pytest.raises(saves.SaveError) as e:
        saves.load(_start_save(tmp_path, 0.5e-3))
    assert "ball 5" in str(e.value) and "left" in str(e.value)


def _moved_scenario(tmp_path: Path, dx: float) -> Path:
    sc = load_scenario(SCENARIO_DIR / "9ball-push-out-hand-back.toml")
    data = sc.to_dict()
    spec = table_by_name(sc.table)
    r = spec.balls.radius
    x, _ = data["balls"]["9"]
    data["balls"]["9"] = [x, r - dx]  # pressed into the right rail
    f = tmp_path / "s.toml"
    f.write_text(dumps_toml(data), "utf-8")
    return f


def test_a_scenario_off_by_micrometres_is_repaired_and_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = _moved_scenario(tmp_path, 40e-6)
    sc = load_scenario(f)
    assert 39e-6 < sc.repaired < 41e-6
    assert resting.problem(table_by_name(sc.table), {
        b: sc.position.position(b) or (0, 0) for b in sc.position.on_table()}) is None
    # Saving it keeps the repaired position.
    assert sc.to_dict()["balls"]["9"][1] > table_by_name(sc.table).balls.radius - 1e-6
    from simulator.practice.__main__ import main
    main(["check", str(f)])
    assert "note: " in capsys.readouterr().err
    with pytest.raises(ScenarioError, match="balls"):
        load_scenario(_moved_scenario(tmp_path, 0.3e-3))
