"""Golden Express cases (tests/rules/express_cases/*.json): a position and
hand-built event logs in, the ruling a referee would give out. Every case
names the SEED-E section or the digest reading it checks (field ``rule``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules.express_case import check, load_case, run_case

CASE_DIR = Path(__file__).parent / "express_cases"


def _cases() -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    for path in sorted(CASE_DIR.glob("*.json")):
        for i, case in enumerate(json.loads(path.read_text(encoding="utf-8"))):
            out.append((f"{path.stem}[{i}] {case.get('name', '')}", case))
    return out


CASES = _cases()


def test_enough_cases() -> None:
    assert len(CASES) >= 80


def test_names_unique() -> None:
    names = [c["name"] for _, c in CASES]
    assert len(names) == len(set(names))


@pytest.mark.parametrize(("label", "case"), CASES, ids=[c[0] for c in CASES])
def test_case(label: str, case: dict[str, Any]) -> None:
    rule = case.get("rule", "")
    # Every case cites the seed section or a digest reading it checks.
    assert "SEED-E" in rule or "digest" in rule or "R" in rule, label
    loaded = load_case(case)
    results = run_case(loaded)
    problems: list[str] = []
    checked = 0
    for i, (step, res) in enumerate(zip(loaded.steps, results, strict=True)):
        expect = step.get("expect")
        if expect is None:
            assert res.error is None, f"step {i}: {res.error}"
            continue
        checked += 1
        problems += [f"step {i}: {p}" for p in check(expect, res)]
    assert checked, f"{label}: no step has an expect block"
    assert not problems, f"{label} ({rule}):\n" + "\n".join(problems)
