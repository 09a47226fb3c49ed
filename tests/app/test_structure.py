"""The app's files depend on what lies below them: no import circle, and
screens reach one another by name through one registry."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame
import pytest

from simulator.app.loop import app as app_module
from simulator.app.loop.app import App, Mode
from simulator.app.loop.registry import SCREENS
from tests.app.helpers import make_app
from tests.test_structure import imports

SIMULATOR = Path(__file__).resolve().parents[2] / "simulator"
# The screen files and the only other screen file each may import: the one
# whose mode it extends (a practice shot is played by the game's modes).
SCREEN_FILES = {f"simulator.app.screens.{n}" for n in (
    "menu", "setup", "game", "lag", "practice", "quiz", "gallery", "editor", "help",
    "computer_turn")}
_S = "simulator.app.screens."
BASES = {_S + "lag": {_S + "game"}, _S + "computer_turn": {_S + "game"},
         _S + "practice": {_S + "game"}, _S + "quiz": {_S + "practice"},
         _S + "gallery": {_S + "practice"}, _S + "editor": {_S + "practice"}}
# Above every screen: the registry and what starts the window.
TOP = {"simulator.app.loop.registry", "simulator.app.loop.launch",
       "simulator.app.loop.practice_scenes", "simulator.app.main"}


def test_a_screen_file_imports_no_other_screen_but_its_base() -> None:
    graph = imports()
    for name in SCREEN_FILES:
        others = (graph[name] & (SCREEN_FILES | TOP)) - BASES.get(name, set())
        assert not others, (name, sorted(others))
    # Only what sits above the screens imports the registry.
    users = {n for n, deps in graph.items() if "simulator.app.loop.registry" in deps}
    users -= {n for n in users if n.startswith(("simulator.tools.", "tests."))}
    assert users <= TOP, sorted(users - TOP)


def test_every_screen_is_registered_and_made_by_name() -> None:
    classes = {c for c in _subclasses(Mode) if c.__module__.startswith(
        "simulator.app.") and c.__module__ in SCREEN_FILES}
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
