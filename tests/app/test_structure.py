"""The app's files depend on what lies below them: no import circle, and
screens reach one another by name through one registry."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pygame
import pytest

from simulator.app.loop import app as app_module
from simulator.app.loop.app import App, Mode
from simulator.app.loop.registry import SCREENS
from tests.app.helpers import make_app
from tests.test_structure import imports as read_imports

SIMULATOR = Path(__file__).resolve().parents[2] / "simulator"
_S = "simulator.app.screens."
# What several screens build on (no screen of their own): any screen may
# import them.
SHARED = {_S + n for n in ("table_screen", "backdrop", "match_keys", "shot_input")}
SHARED |= {_S + "practice." + n for n in (
    "practice_screen", "memory", "session", "shot_player")}
# A screen is a file of screens/ or a folder of them (the editor, practice);
# the only other screens each may import: those whose modes it extends (a
# practice shot is played by the match's modes).
BASES = {"lag": {"playing"}, "computer_turn": {"playing"},
         "practice": {"aiming", "placing", "playing"}, "quiz": {"practice"},
         "gallery": {"practice"}, "editor": {"practice"}}
# Above every screen: the registry and what starts the window.
TOP = {"simulator.app.loop.registry", "simulator.app.loop.launch",
       "simulator.app.loop.practice_scenes", "simulator.app.main"}


@functools.cache
def _graph() -> tuple[tuple[str, frozenset[str]], ...]:
    # Read once for the file's tests: each reading parses every file.
    return tuple((k, frozenset(v)) for k, v in read_imports().items())


def imports() -> dict[str, set[str]]:
    """Every module of the tree each module imports: a copy a test may change."""
    return {k: set(v) for k, v in _graph()}


def screen_of(module: str) -> str | None:
    """The screen a module of screens/ belongs to (None: a shared part)."""
    if not module.startswith(_S) or module in SHARED:
        return None
    return module.removeprefix(_S).split(".")[0]


def screen_modules() -> set[str]:
    return {n for n in imports() if screen_of(n) is not None}


def test_a_screen_imports_no_other_screen_but_its_base() -> None:
    graph = imports()
    names = screen_modules()
    screens = {screen_of(n) for n in names}
    assert {"aiming", "placing", "playing", "replay", "lag", "editor",
            "practice"} <= screens
    for name in names:
        own = screen_of(name)
        allowed = BASES.get(own or "", set()) | {own}
        others = {d for d in graph[name] if screen_of(d) not in (None, *allowed)}
        others |= graph[name] & TOP
        assert not others, (name, sorted(others))
    # Only what sits above the screens imports the registry.
    users = {n for n, deps in graph.items() if "simulator.app.loop.registry" in deps}
    users -= {n for n in users if n.startswith(("simulator.tools.", "tests."))}
    assert users <= TOP, sorted(users - TOP)


# The window's rooms from the bottom up, and what of the window each may
# import besides itself (loop/app.py is the App and the Mode; the registry,
# the start-up and the screens' own rules are above).
APP_ROOMS: dict[str, set[str]] = {
    "text": set(),
    "table": {"text"},
    "replay": {"text", "table"},
    "match": {"text", "table", "loop.app"},
    "dialogs": {"text", "table", "loop.app", "match", "replay"},
    "screens": {"text", "table", "loop.app", "loop.flow", "loop.settings", "match",
                "replay", "dialogs"},
}


def app_room(module: str) -> str | None:
    if not module.startswith("simulator.app."):
        return None
    parts = module.split(".")[2:]
    return ".".join(parts[:2]) if parts[0] == "loop" else parts[0]


def app_layer_violations(graph: dict[str, set[str]]) -> list[str]:
    wrong = []
    for name, deps in graph.items():
        room = app_room(name)
        if room not in APP_ROOMS:
            continue
        for dep in deps:
            other = app_room(dep)
            if other is not None and other != room and other not in APP_ROOMS[room]:
                wrong.append(f"{name} -> {dep}")
    return sorted(wrong)


def test_each_room_of_the_window_imports_only_what_lies_below_it() -> None:
    graph = imports()
    assert app_layer_violations(graph) == []
    graph["simulator.app.table.render"] |= {"simulator.app.match.session"}
    graph["simulator.app.match.turns"] |= {"simulator.app.screens.aiming"}
    assert app_layer_violations(graph) == [
        "simulator.app.match.turns -> simulator.app.screens.aiming",
        "simulator.app.table.render -> simulator.app.match.session"]


def test_the_registry_names_its_screens_and_imports_none_of_them() -> None:
    """The registry is lazy: it names each screen's module (one of the
    window's screens, dialogs or the match's turns: what lies below it), and
    imports none of them itself, so the menu comes up without the physics
    and the referee the match's screens bring."""
    graph = imports()
    below = {"screens", "dialogs", "match"}
    for name, lazy in SCREENS.items():
        assert lazy.module in graph, (name, lazy.module)
        assert app_room(lazy.module) in below, (name, lazy.module)
        assert callable(lazy.load()), name
    named = {lazy.module for lazy in SCREENS.values()}
    eager = graph["simulator.app.loop.registry"] & (named | screen_modules())
    assert not eager, sorted(eager)


def test_each_dialog_file_is_opened_by_name() -> None:
    """One file a dialog: every file of dialogs/ (but the card they all are
    and the question with Yes and No) holds what the registry opens."""
    files = {p.stem for p in (SIMULATOR / "app" / "dialogs").glob("*.py")} - {
        "__init__", "base", "confirm"}
    assert {"pause", "save", "concede", "choice", "sign", "fouls", "game_over",
            "quit", "export"} <= files
    opened = {f.module.rpartition(".")[2] for f in SCREENS.values()}
    assert files <= opened, sorted(files - opened)


def test_every_screen_is_registered_and_made_by_name() -> None:
    # Loaded first: a screen's class exists once its module is imported
    # (run alone, nothing else has imported them).
    registered = {f for f in (lazy.load() for lazy in SCREENS.values())
                  if isinstance(f, type)}
    # The tree's imports read once (parsing every file per class took minutes).
    screens = screen_modules() | SHARED
    classes = {c for c in _subclasses(Mode) if c.__module__ in screens}
    # What other screens build on (the table screen, the editor's parts) is
    # no screen of its own.
    leaves = {c for c in classes if not _subclasses(c) & classes}
    assert {"AimMode", "EditorMode", "ReplayMode"} <= {c.__name__ for c in classes}
    # The modes a screen makes for itself (the lag's play, a computer's
    # shot) are not registered; the rest are, by name.
    made_inside = {c for c in leaves if c.__name__ in _MADE_BY_OTHERS}
    assert leaves - made_inside <= registered, sorted(
        c.__name__ for c in leaves - made_inside - registered)
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


_MADE_BY_OTHERS = {"ComputerPlayMode", "LagPlayMode", "LagResultMode", "ScenarioMode",
                   "QuizMode"}


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
