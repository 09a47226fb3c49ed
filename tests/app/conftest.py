"""Fixtures for the app tests: a fresh window (the private profile folder is
tests/conftest.py's), and a check after every test that no window caught an
exception."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from simulator.app.loop import app as app_module
from simulator.app.loop.app import App
from tests.app.helpers import DT, make_app


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "errors_expected: the test makes the window catch an exception")


@pytest.fixture(autouse=True)
def no_caught_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    """The window catches every exception into ``app.errors`` so a player's
    action never closes the game: any test that made a window fails if one
    of its windows caught anything."""
    start = len(app_module.INSTANCES)
    yield
    made = app_module.INSTANCES[start:]
    del app_module.INSTANCES[start:]
    if request.node.get_closest_marker("errors_expected") is not None:
        return
    caught = [e for a in made for e in a.errors]
    assert not caught, f"the window caught {len(caught)} error(s):\n{caught[-1]}"


@pytest.fixture(autouse=True, scope="session")
def table_pictures_painted_once() -> Iterator[None]:
    """The table's still picture (room, lit cloth, rails, pockets: some 80 ms
    to paint, from fixed seeds) is painted once a worker for each table,
    view and size, and every later renderer of the same gets its own copy
    of those pixels: thousands of tests open a table screen."""
    from simulator.app.table.render import TableRenderer
    painted: dict[str, pygame.Surface] = {}
    paint = TableRenderer._draw

    def draw(self: TableRenderer) -> None:
        s = self.surface
        # (every argument the picture depends on: the head string's too)
        key = repr((type(self), sorted(vars(self.view).items()), self.spec,
                    self.grain, self.head_string, s.get_size(), s.get_bitsize(),
                    s.get_masks(), s.get_flags()))
        if key not in painted:
            paint(self)
            painted[key] = self.surface.copy()
        else:
            self.surface = painted[key].copy()

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(TableRenderer, "_draw", draw)
        yield


def _search_code() -> tuple[list[object], tuple[int, ...]]:
    """Everything a hint's search runs on, as the objects themselves (kept, so
    their ids stay theirs) and their ids: the functions, classes and numbers
    of the players, physics, table and rules modules, and each class's own.
    A test that patches any of them (a hopeless pot, a broken simulation)
    searches afresh."""
    import sys
    objects: list[object] = []
    for name, mod in list(sys.modules.items()):
        if mod is None or not name.startswith(
                ("simulator.players", "simulator.physics", "simulator.table", "rules")):
            continue
        for value in list(vars(mod).values()):
            objects.append(value)
            if isinstance(value, type) and value.__module__ == name:
                objects.extend(vars(value).values())
    return objects, tuple(id(o) for o in objects)


@pytest.fixture(autouse=True, scope="session")
def each_hint_searched_once() -> Iterator[None]:
    """A hint's search (hundreds of simulations: seconds) gives the same for
    the same position, seed and strength (players.Thinking: the clock only
    spreads the work), and dozens of tests ask for the same hint in both
    languages and sizes. A worker searches each once; a later search of the
    same is that search's steps again, without its simulations: as many, in
    as many frames, the same progress after each, and a fresh copy of the
    same hint (a test sees nothing of another's)."""
    import contextlib
    import pickle
    import weakref
    from types import SimpleNamespace

    from simulator.players import hint as hint_module
    from simulator.players.player import Thinking
    real_steps, real_advance = hint_module.suggest_steps, Thinking.advance
    # After each step: which player the search follows, its budget's share
    # spent, whether it looks for a safety.
    Marks = list[tuple[int, float | None, bool]]
    found: dict[tuple[object, ...], tuple[list[object], Marks, list[int], bytes]] = {}
    # A search's steps in each frame: as they are counted, and as they are given again.
    counted: weakref.WeakKeyDictionary[Any, list[int]] = weakref.WeakKeyDictionary()
    again: weakref.WeakKeyDictionary[Any, list[int]] = weakref.WeakKeyDictionary()
    kept: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()

    def replayed(progress: Any, marks: Marks, result: bytes) -> Any:
        players: dict[int, Any] = {}
        for who, share, safety in marks:
            if progress is not None:
                if who not in players:  # the search follows another player
                    players[who] = SimpleNamespace(budget=None)
                    progress.follow(players[who], safety)
                players[who].budget = None if share is None \
                    else SimpleNamespace(share=share)
            yield
        return pickle.loads(result)

    def recorded(steps: Any, progress: Any, marks: Marks) -> Any:
        followed: dict[int, int] = {}
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value
            if progress is None:
                marks.append((0, None, False))
            else:  # (read as it is, not through share(): that keeps its most)
                budget = getattr(progress.player, "budget", None)
                who = followed.setdefault(id(progress.player), len(followed))
                marks.append((who, None if budget is None else budget.share,
                              progress.safety))
            yield

    def searched(disc: Any, state: Any, seed: int, strength: Any = None,
                 progress: Any = None) -> Any:
        key = (type(disc), repr(vars(disc)), repr(state), seed, repr(strength),
               _search_code()[1])
        if key in found:
            _kept, marks, frames, result = found[key]
            gen = replayed(progress, marks, result)
            again[gen] = list(frames)
            return gen
        marks: Marks = []
        frames: list[int] = []
        gen = recorded(real_steps(disc, state, seed, strength, progress),
                       progress, marks)
        counted[gen] = frames

        def keep(result: Any) -> None:
            # (kept as the code stands after it: the search may import more)
            after, code_after = _search_code()
            with contextlib.suppress(pickle.PicklingError, TypeError, AttributeError):
                found[(*key[:-1], code_after)] = (after, marks, frames,
                                                  pickle.dumps(result))
        kept[gen] = keep
        return gen

    def advance(self: Any, seconds: float) -> bool:
        steps = self._steps
        plan = again.get(steps)
        if plan is None or seconds <= 0:  # (a step a frame: as it came)
            before = self.simulations
            done = real_advance(self, seconds)
            frames = counted.get(steps)
            if frames is not None:
                frames.append(self.simulations - before)
                if done:  # only a search seen through to its hint is given again
                    kept.pop(steps)(self._result)
            return done
        # As many steps in each frame as the search took (tests count the
        # frames a search takes); the last frame goes on to its end.
        steps_now = plan.pop(0) if plan else 0
        to_end = not plan or seconds >= 1.0  # (a test's "think it through")
        while not self.done and (to_end or steps_now > 0):
            try:
                next(steps)
                self.simulations += 1
                steps_now -= 1
            except StopIteration as finished:
                self._result, self.done = finished.value, True
        return self.done

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(hint_module, "suggest_steps", searched)
        mp.setattr(Thinking, "advance", advance)
        yield


@pytest.fixture(autouse=True, scope="session")
def words_read_once() -> Iterator[None]:
    """Every window reads its language's words (five files, some 20 ms): a
    worker reads each file once while it stays as it was, and every Locale
    gets its own copy."""
    from simulator.app.text import i18n
    read: dict[tuple[str, str, int, int], dict[str, str]] = {}
    load = i18n._load

    def cached(lang: str, name: str) -> dict[str, str]:
        path = i18n.LOCALE_DIR / lang / name
        try:
            st = path.stat()
        except OSError:
            return load(lang, name)
        key = (str(path), name, st.st_mtime_ns, st.st_size)
        if key not in read:
            read[key] = load(lang, name)
        return dict(read[key])

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(i18n, "_load", cached)
        yield


@pytest.fixture(autouse=True)
def no_wait_for_the_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every save, setting and record is written whole and renamed into
    place as ever, but not waited for onto the disk (``os.fsync``: tens of
    milliseconds each on a busy machine, hundreds of them a worker): what
    survives a power cut is tests/files' to check, in processes of their
    own, not the window's. Undone after each window test (a session-long
    patch reached tests/files run later in the same worker)."""
    import os
    monkeypatch.setattr(os, "fsync", lambda fd: None)


@pytest.fixture
def app() -> Iterator[App]:
    a = make_app()
    a.go("menu")
    a.frame([], DT)
    yield a
    pygame.display.quit()
