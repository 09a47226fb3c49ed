"""Every change of a player's points on an Express ruling has its reason
and rule (a play-tester saw 32 -> 20 and found none): over every golden
case, the reasons add up to the ruling's points, player by player. SEED-E
2.6: the offender's five on a foul; 2.5: a «чужой» ball's value or five for
«свой» written off the previous player, +2 a ball to the shooter; 2.4: +2 a
ball on the first break, nobody written off."""

from __future__ import annotations

import json
from pathlib import Path

from rules.express import ExpressRuling
from rules.express_case import load_case, run_case

CASE_DIR = Path(__file__).parent / "express_cases"


def test_every_change_of_points_has_its_reason_and_rule() -> None:
    seen: set[str] = set()
    for path in sorted(CASE_DIR.glob("*.json")):
        for data in json.loads(path.read_text(encoding="utf-8")):
            for res in run_case(load_case(data)):
                r = res.ruling
                if not isinstance(r, ExpressRuling):
                    continue
                total = [0] * len(r.points)
                for c in r.point_changes():
                    total[c.player] += c.points
                    seen.add(f"{c.kind} {c.ref.rule}")
                    assert c.ref.rule.startswith(("2.4", "2.5", "2.6")), c
                assert total == list(r.points), (data["name"], r.point_changes())
    assert {"penalty 2.6.2", "written_off 2.5", "gain 2.5", "gain 2.4"} <= seen, seen


def test_the_worked_example_writes_twelve_off_the_previous_player() -> None:
    """SEED-E 2.5: A pockets the 12; D, A's previous player, loses 12."""
    for data in json.loads((CASE_DIR / "02_foreign_and_own.json").read_text(
            encoding="utf-8")):
        if data["name"].startswith("чужой, 4 players: A pockets the 12"):
            r = run_case(load_case(data))[0].ruling
            assert isinstance(r, ExpressRuling)
            lost = [c for c in r.point_changes() if c.points < 0]
            assert [(c.player, c.points, c.kind, c.balls, c.by, c.ref.rule)
                    for c in lost] == [(3, -12, "written_off", (12,), 0, "2.5")]
            return
    raise AssertionError("case not found")
