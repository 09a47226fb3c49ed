"""The whole tree depends downwards: no import circle among the modules of
``simulator`` and ``rules``, counting imports made inside functions and under
TYPE_CHECKING too, and each layer imports only what lies below it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("simulator", "rules")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for top in PACKAGES for p in (ROOT / top).rglob("*.py")}


def _resolve(name: str, known: dict[str, Path]) -> str | None:
    """The module a dotted import names (a name imported from a package is the
    package's submodule when there is one, else the package itself)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def imports() -> dict[str, set[str]]:
    """Every module of the tree each module imports, at any depth."""
    known = modules()
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        deps: set[str] = set()
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                for alias in node.names:
                    target = _resolve(f"{base}.{alias.name}", known)
                    if target is not None:
                        deps.add(target)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    target = _resolve(alias.name, known)
                    if target is not None:
                        deps.add(target)
        deps.discard(name)
        # A package's __init__ is not a dependency of what lies inside it.
        graph[name] = {d for d in deps if not name.startswith(d + ".")}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_circle_anywhere_in_the_tree() -> None:
    graph = imports()
    assert len(graph) > 100
    assert cycles(graph) == []


def test_a_planted_circle_is_found() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [
        ["a", "b", "c"]
    ]
    graph = imports()
    graph["simulator.table.specs"] = graph["simulator.table.specs"] | {
        "simulator.app.loop.app"
    }
    assert cycles(graph), "a circle through the window and the table data"


# What each room may import from the tree besides itself. The layers, from
# the bottom: the files' readers and writers (BASE), which anything may use;
# the table as data; physics and rules; saves, practice and players; the
# window and the tools on top (not listed: they may import anything below).
BASE = ("simulator.files.atomic", "simulator.files.inputs", "simulator.files.reasons",
        "simulator.files.resources", "simulator.files.profile")
ALLOWED: dict[str, tuple[str, ...]] = {
    **{name: () for name in BASE},
    "simulator.table": (),
    "simulator.physics": ("simulator.table",),
    "rules": ("simulator.table",),
    "simulator.files": ("simulator.table", "rules", "simulator.physics"),
    "simulator.practice": ("simulator.table", "simulator.files", "simulator.physics",
                           "rules"),
    "simulator.players": ("simulator.table", "simulator.files", "simulator.physics",
                          "rules"),
    "simulator.records": ("simulator.table", "simulator.files", "simulator.physics",
                          "rules", "simulator.players"),
}


def layer_violations(graph: dict[str, set[str]]) -> list[str]:
    wrong = []
    for name, deps in graph.items():
        rooms = [r for r in ALLOWED if name == r or name.startswith(r + ".")]
        if not rooms:
            continue
        room = max(rooms, key=len)
        for dep in deps:
            inside = dep == room or dep.startswith(room + ".")
            below = any(dep == a or dep.startswith(a + ".") for a in ALLOWED[room])
            if not (inside or below or dep in BASE or dep in ("simulator", "rules")):
                wrong.append(f"{name} -> {dep}")
    return wrong


def test_each_room_imports_only_what_lies_below_it() -> None:
    assert layer_violations(imports()) == []


def test_the_layer_check_sees_a_file_reaching_up() -> None:
    graph = imports()
    graph["simulator.physics.world"] |= {"rules.referee"}
    graph["rules.general"] |= {"simulator.players.player"}
    assert sorted(layer_violations(graph)) == [
        "rules.general -> simulator.players.player",
        "simulator.physics.world -> rules.referee",
    ]
