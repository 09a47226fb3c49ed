"""The tree reads in short functions: none in simulator/ or rules/ is longer
than 100 lines (a screen or two), so each step keeps a name a reader can
find. There is no exception left: the list of them stays empty."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 100


def function_lengths(source: str, filename: str) -> list[tuple[int, str]]:
    """(lines from the first decorator to the last line, qualified name) of
    every function and method in ``source``, nested ones included."""
    out: list[tuple[int, str]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                first = min([d.lineno for d in child.decorator_list]
                            + [child.lineno])
                end = child.end_lineno or child.lineno
                out.append((end - first + 1, f"{filename}:{prefix}{child.name}"))
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.")
            else:
                visit(child, prefix)

    visit(ast.parse(source, filename), "")
    return out


def long_functions(limit: int = LIMIT) -> dict[str, int]:
    files = sorted(p for top in ("simulator", "rules")
                   for p in (ROOT / top).rglob("*.py"))
    assert len(files) > 150
    return {name: n for p in files
            for n, name in function_lengths(p.read_text(encoding="utf-8"),
                                            p.relative_to(ROOT).as_posix())
            if n > limit}


def test_the_measure_counts_every_line_of_a_method() -> None:
    body = "".join(f"        x{i} = {i}\n" for i in range(101))
    source = f"class A:\n    @staticmethod\n    def f() -> None:\n{body}"
    assert function_lengths(source, "a.py") == [(103, "a.py:A.f")]


def test_the_measure_counts_every_line_of_a_nested_method() -> None:
    body = "".join(f"            x{i} = {i}\n" for i in range(101))
    source = (
        "class A:\n    @staticmethod\n    def f() -> None:\n"
        f"        def g() -> None:\n{body}"
    )
    assert function_lengths(source, "a.py") == [(104, "a.py:A.f"), (102, "a.py:A.f.g")]


def test_no_function_in_the_tree_is_over_100_lines() -> None:
    long = long_functions()
    assert long == {}, f"functions over {LIMIT} lines: {long}"
    # The physics' longest loops are among those measured.
    assert long_functions(limit=0).keys() >= {
        "simulator/physics/world.py:World.run_until",
        "simulator/physics/collisions.py:cluster_impulses"}

