"""Golden judging cases: each file is a layout, an event log and declarations,
and the ruling a referee gives under the seed rule it names."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.case import check_case, load_case, run_case

CASES = Path(__file__).parent / "cases"
FILES = sorted(CASES.glob("*.json"))
SEED_SECTIONS = {"general", "8-ball", "9-ball", "14.1"}


def test_enough_cases() -> None:
    assert len(FILES) >= 150


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_case(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    rule = data["rule"]
    assert rule["section"] in SEED_SECTIONS and rule["rule"], "case names no rule"
    case = load_case(data)
    result = run_case(case)
    if result.ruling is not None:
        # No ruling without a reason code.
        assert result.ruling.fouls or result.ruling.notes
        if result.ruling.fouls:
            assert result.ruling.penalty in result.ruling.fouls
    # The shared checker of expectations (rules.situation.check).
    assert check_case(case) == []


@pytest.mark.parametrize("change,word", [
    ({"fouls": []}, "fouls"), ({"next_shooter": 0}, "next_shooter"),
    ({"spots": [[2, 1.0, 1.0]]}, "spots"), ({"notes": ["note.win_eight"]}, "notes"),
    ({"next": {"shooter": 0}}, "next.shooter"), ({"table": {"2": "pocketed"}},
                                                 "table[2]"),
    ({"colour": 1}, "unknown expectation"), ({"lag_winner": 0}, "not a lag"),
])
def test_a_wrong_expectation_is_reported(change: dict[str, object], word: str
                                         ) -> None:
    data = json.loads((CASES / "g23_object_ball_off_table_spotted.json").read_text(
        encoding="utf-8"))
    assert check_case(load_case(data)) == []
    data["expect"] = {**data["expect"], **change}
    bad = check_case(load_case(data))
    assert bad and any(word in b for b in bad), bad


def test_options_are_compared_in_order() -> None:
    data = json.loads((CASES / "e8_05_illegal_break_three_rails.json").read_text(
        encoding="utf-8"))
    opts = data["expect"]["options"]
    assert len(opts) > 1 and check_case(load_case(data)) == []
    data["expect"]["options"] = opts[::-1]
    assert check_case(load_case(data))


def test_case_files_match_their_source() -> None:
    """The JSON files are what make_cases.py writes (no hand drift)."""
    sys.path.insert(0, str(Path(__file__).parent))
    import make_cases

    make_cases.CASES.clear()
    make_cases.main()
    on_disk = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in FILES}
    made = {c["name"]: json.loads(json.dumps(c)) for c in make_cases.CASES}
    assert made.keys() == on_disk.keys()
    for name in made:
        assert made[name] == on_disk[name], name


def test_cli_judges_a_case() -> None:
    path = CASES / "g18_scratch.json"
    out = subprocess.run([sys.executable, "-m", "rules", "judge", str(path)],
                         capture_output=True, text=True, check=True)
    ruling = json.loads(out.stdout)
    assert [f["code"] for f in ruling["fouls"]] == ["foul.scratch"]
    assert ruling["fouls"][0]["ref"]["rule"] == "18"
    assert ruling["next_shooter"] == 1


def test_cli_names_the_bad_field(tmp_path: Path) -> None:
    data = json.loads((CASES / "g18_scratch.json").read_text(encoding="utf-8"))
    data["declarations"] = {"called_pocket": "middle"}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "rules", "judge", str(bad)],
                         capture_output=True, text=True)
    assert out.returncode != 0
    assert "case.declarations.called_pocket" in out.stderr
    assert "Traceback" not in out.stderr
    bad.write_text("{not json", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "rules", "judge", str(bad)],
                         capture_output=True, text=True)
    assert out.returncode != 0 and "not valid JSON" in out.stderr
    data2 = json.loads((CASES / "g18_scratch.json").read_text(encoding="utf-8"))
    data2["shot"]["events"][1]["kind"] = "bounce"
    bad.write_text(json.dumps(data2), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "rules", "judge", str(bad)],
                         capture_output=True, text=True)
    assert out.returncode != 0 and "case.shot.events[1]" in out.stderr
