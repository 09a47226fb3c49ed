"""The world is the step loop that ties the physics' parts together (issue
21): under 600 lines, its other jobs in the files beside it. (No function
anywhere is over 100 lines: tests/test_function_length.py.)"""

from __future__ import annotations

import ast
from pathlib import Path

PHYSICS = Path(__file__).resolve().parents[2] / "simulator" / "physics"
WORLD_LIMIT = 600


def test_the_world_is_a_loop_under_600_lines() -> None:
    source = (PHYSICS / "world.py").read_text(encoding="utf-8")
    assert len(source.splitlines()) < WORLD_LIMIT
    classes = [n for n in ast.parse(source).body if isinstance(n, ast.ClassDef)]
    assert [c.name for c in classes] == ["World"]
