"""Golden judging cases: each file is a layout, an event log and declarations,
and the ruling a referee gives under the seed rule it names."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rules.case import Result, load_case, run_case
from simulator.state import Where

CASES = Path(__file__).parent / "cases"
FILES = sorted(CASES.glob("*.json"))
SEED_SECTIONS = {"general", "8-ball", "9-ball", "14.1"}


def mismatches(result: Result, expect: dict[str, Any]) -> list[str]:
    """Each expectation key that the result does not meet (docs/formats.md)."""
    bad: list[str] = []
    if result.lag is not None:
        lag = result.lag
        if "lag_winner" in expect and lag.winner != expect["lag_winner"]:
            bad.append(f"lag_winner: {lag.winner} != {expect['lag_winner']}")
        if "lag_reasons" in expect:
            got = [sorted(c.id for c in r) for r in lag.reasons]
            want = [sorted(r) for r in expect["lag_reasons"]]
            if got != want:
                bad.append(f"lag_reasons: {got} != {want}")
        return bad
    r = result.ruling
    assert r is not None
    d = r.to_dict()
    for key, want in expect.items():
        if key in ("lag_winner", "lag_reasons"):
            bad.append(f"{key}: the case is not a lag")
        elif key == "fouls":
            got = Counter(f["code"] for f in d["fouls"])
            if got != Counter(want):
                bad.append(f"fouls: {sorted(got.elements())} != {sorted(want)}")
        elif key == "refs":  # {code: "section rule"} as cited in the ruling
            got_r = {f["code"]: f"{f['ref']['section']} {f['ref']['rule']}"
                     for f in d["fouls"]}
            for code, where in want.items():
                if got_r.get(code) != where:
                    bad.append(f"refs[{code}]: {got_r.get(code)} != {where}")
        elif key == "penalty":
            got_p = None if r.penalty is None else r.penalty.code.id
            if got_p != want:
                bad.append(f"penalty: {got_p} != {want}")
        elif key == "notes":
            have = {n["code"] for n in d["notes"]}
            missing = [c for c in want if c not in have]
            if missing:
                bad.append(f"notes: missing {missing} in {sorted(have)}")
        elif key == "no_notes":
            have = {n["code"] for n in d["notes"]}
            extra = [c for c in want if c in have]
            if extra:
                bad.append(f"no_notes: found {extra}")
        elif key == "scored":
            if sorted(d["scored"]) != sorted(want):
                bad.append(f"scored: {sorted(d['scored'])} != {sorted(want)}")
        elif key == "spots":
            got_s = [[s["ball"], s["x"], s["y"]] for s in d["spots"]]
            if len(got_s) != len(want) or any(
                    g[0] != w[0] or not math.isclose(g[1], w[1], abs_tol=1e-4)
                    or not math.isclose(g[2], w[2], abs_tol=1e-4)
                    for g, w in zip(got_s, want, strict=False)):
                bad.append(f"spots: {got_s} != {want}")
        elif key == "scores":
            if list(result.state.scores) != want:
                bad.append(f"scores: {list(result.state.scores)} != {want}")
        elif key == "fouls_count":
            if list(result.state.fouls) != want:
                bad.append(f"fouls_count: {list(result.state.fouls)} != {want}")
        elif key == "table":
            table = result.state.table
            for ball, place in want.items():
                st = table.ball(int(ball))
                if place == "on_table":
                    ok = st.where is Where.TABLE
                elif isinstance(place, str):
                    ok = st.where.value == place
                else:
                    ok = st.where is Where.TABLE and math.isclose(
                        st.x, place[0], abs_tol=1e-4) and math.isclose(
                        st.y, place[1], abs_tol=1e-4)
                if not ok:
                    bad.append(f"table[{ball}]: {st} is not {place}")
        elif key == "next":
            if result.requirements is None:
                bad.append("next: the game is over")
                continue
            req = result.requirements.to_dict()
            for k, v in want.items():
                if req.get(k) != v:
                    bad.append(f"next.{k}: {req.get(k)} != {v}")
        elif key in d:
            if d[key] != want:
                bad.append(f"{key}: {d[key]} != {want}")
        else:
            bad.append(f"{key}: unknown expectation")
    return bad


def test_enough_cases() -> None:
    assert len(FILES) >= 150


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_case(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    rule = data["rule"]
    assert rule["section"] in SEED_SECTIONS and rule["rule"], "case names no rule"
    result = run_case(load_case(data))
    if result.ruling is not None:
        # No ruling without a reason code.
        assert result.ruling.fouls or result.ruling.notes
        if result.ruling.fouls:
            assert result.ruling.penalty in result.ruling.fouls
    assert mismatches(result, data["expect"]) == []


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
