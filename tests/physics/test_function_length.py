"""The physics reads in short pieces (issue 21): no function or method in
simulator/physics is over 100 lines (a screen or two), with no exception,
and the world is the step loop that ties the parts together, under 600
lines, its other jobs in the files beside it."""

from __future__ import annotations

import ast
from pathlib import Path

PHYSICS = Path(__file__).resolve().parents[2] / "simulator" / "physics"
LIMIT = 100
WORLD_LIMIT = 600


def function_lengths(source: str, filename: str) -> list[tuple[int, str]]:
    """(lines from the first decorator to the last line, qualified name) of
    every function and method in ``source``, nested ones included."""
    out: list[tuple[int, str]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                first = min([d.lineno for d in child.decorator_list] + [child.lineno])
                end = child.end_lineno or child.lineno
                out.append((end - first + 1, f"{filename}:{prefix}{child.name}"))
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            else:
                visit(child, prefix)

    visit(ast.parse(source, filename), "")
    return out


def physics_lengths() -> list[tuple[int, str]]:
    files = sorted(PHYSICS.glob("*.py"))
    assert len(files) > 20
    return [
        entry
        for path in files
        for entry in function_lengths(path.read_text(encoding="utf-8"), path.name)
    ]


def test_the_measure_counts_every_line_of_a_nested_method() -> None:
    body = "".join(f"            x{i} = {i}\n" for i in range(101))
    source = (
        "class A:\n    @staticmethod\n    def f() -> None:\n"
        f"        def g() -> None:\n{body}"
    )
    assert function_lengths(source, "a.py") == [(104, "a.py:A.f"), (102, "a.py:A.f.g")]


def test_no_physics_function_is_over_100_lines() -> None:
    lengths = physics_lengths()
    long = sorted((name, n) for n, name in lengths if n > LIMIT)
    assert long == [], f"functions over {LIMIT} lines: {long}"
    # The world's loop and the contact solves are found and measured.
    names = {name for _, name in lengths}
    assert {"world.py:World.run_until", "collisions.py:cluster_impulses"} <= names


def test_the_world_is_a_loop_under_600_lines() -> None:
    source = (PHYSICS / "world.py").read_text(encoding="utf-8")
    assert len(source.splitlines()) < WORLD_LIMIT
    classes = [n for n in ast.parse(source).body if isinstance(n, ast.ClassDef)]
    assert [c.name for c in classes] == ["World"]
