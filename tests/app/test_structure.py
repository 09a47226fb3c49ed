"""The app's files depend on what lies below them: no import circle, and
screens reach one another by name through one registry."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame
import pytest

from simulator.app import app as app_module
from simulator.app.app import App, Mode
from simulator.app.screens import SCREENS
from tests.app.helpers import make_app

SIMULATOR = Path(__file__).resolve().parents[2] / "simulator"
APP = SIMULATOR / "app"
# The screen files and the only other screen file each may import: the one
# whose mode it extends (a practice shot is played by the game's modes).
SCREEN_FILES = {"menu", "setup", "game", "lag", "practice", "quiz_screen",
                "gallery_screen", "editor", "help_screen", "computer_screen"}
BASES = {"lag": {"game"}, "computer_screen": {"game"}, "practice": {"game"},
         "quiz_screen": {"practice"}, "gallery_screen": {"practice"},
         "editor": {"practice"}}
# Above every screen: the registry and what starts the window.
TOP = {"screens", "launch", "practice_scenes", "main", "bench"}


def imports() -> dict[str, set[str]]:
    """Every simulator.app module each file imports, at any depth of the
    file (inside functions and under TYPE_CHECKING too)."""
    names = {p.stem for p in APP.glob("*.py")}
    out: dict[str, set[str]] = {}
    for p in APP.glob("*.py"):
        deps: set[str] = set()
        for node in ast.walk(ast.parse(p.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module == "simulator.app":
                    deps |= {a.name for a in node.names if a.name in names}
                elif node.module.startswith("simulator.app."):
                    deps.add(node.module.split(".")[2])
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.name.startswith("simulator.app."):
                        deps.add(a.name.split(".")[2])
        deps.discard(p.stem)
        out[p.stem] = deps
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one file (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
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


def test_no_import_circle_among_the_app_files() -> None:
    graph = imports()
    assert len(graph) > 20
    assert cycles(graph) == []


def test_cycles_are_found_when_there_are_some() -> None:
    # The check itself: a planted circle is reported.
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [
        ["a", "b", "c"]]


def test_a_screen_file_imports_no_other_screen_but_its_base() -> None:
    graph = imports()
    for name in SCREEN_FILES:
        others = (graph[name] & (SCREEN_FILES | TOP)) - BASES.get(name, set())
        assert not others, (name, sorted(others))
    # Only what sits above the screens imports the registry.
    users = {n for n, deps in graph.items() if "screens" in deps}
    assert users <= TOP, sorted(users - TOP)


def test_every_screen_is_registered_and_made_by_name() -> None:
    classes = {c for c in _subclasses(Mode) if c.__module__.startswith(
        "simulator.app.") and c.__module__.split(".")[2] in SCREEN_FILES}
    registered = {f for f in SCREENS.values() if isinstance(f, type)}
    # The modes a screen makes for itself (the match's aiming, placing and
    # playing modes, the lag's play) are made by "match"; the rest by name.
    made_inside = {c for c in classes if c.__name__ in _MADE_BY_OTHERS}
    assert classes - made_inside <= registered, sorted(
        c.__name__ for c in classes - made_inside - registered)
    app = make_app()
    try:
        app.go("menu")
        assert app.mode is not None and app.mode.name == "menu"
        app.go("help", back="menu")
        assert app.mode.name == "help"
        with pytest.raises(KeyError, match="no screen named 'nowhere'"):
            app.go("nowhere")
    finally:
        pygame.display.quit()


_MADE_BY_OTHERS = {"ViewMode", "ShotInputMode", "AimMode", "PlaceMode", "PlayMode",
                   "ComputerPlayMode",
                   "TableMode", "LagPlayMode", "LagResultMode", "PracticeScreen",
                   "PracticeAimMode", "PracticePlaceMode", "PracticePlayMode",
                   "ScenarioMode", "QuizMode"}


def _subclasses(cls: type) -> set[type]:
    out: set[type] = set()
    for c in cls.__subclasses__():
        out |= {c, *_subclasses(c)}
    return out


@pytest.mark.errors_expected
def test_the_error_check_sees_a_caught_exception() -> None:
    """A screen that raises is caught by the window, and the autouse check
    would fail the test (here it is told to expect it)."""
    app = make_app()
    try:
        class Broken(Mode):
            def update(self, dt: float) -> None:
                raise RuntimeError("planted")
        app.switch(Broken(app))
        app.frame([], 1 / 60)
        assert app.errors and "planted" in app.errors[-1]
        assert app in app_module.INSTANCES
    finally:
        pygame.display.quit()


def test_apps_are_tracked_for_the_error_check() -> None:
    before = len(app_module.INSTANCES)
    a = make_app()
    assert isinstance(a, App) and len(app_module.INSTANCES) == before + 1
    pygame.display.quit()


def test_no_discipline_name_in_the_simulator_code() -> None:
    """The app, the players, practice and the tools ask the referee's
    registry what a game has (players, tables, scoring, options, calls, its
    scoreboard) and take a game's name from rules/ where they play one in
    particular: no name or alias of the registry is spelled in simulator/
    (an f-string's format, ``:8``, is no name)."""
    from rules import registry
    names = {a.strip().casefold() for a in registry.aliases()}
    assert {"9-ball", "девятка", "express", "straight"} <= names  # the scan's list
    found = []
    for p in sorted(SIMULATOR.rglob("*.py")):
        tree = ast.parse(p.read_text("utf-8"))
        formats = {id(v.format_spec) for v in ast.walk(tree)
                   if isinstance(v, ast.FormattedValue) and v.format_spec is not None}
        formats |= {id(c) for f in ast.walk(tree) if id(f) in formats
                    for c in ast.walk(f)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    node.value.strip().casefold() in names and id(node) not in formats:
                found.append(f"{p.relative_to(SIMULATOR.parent)}:{node.lineno}: "
                             f"{node.value!r}")
    assert not found, found
