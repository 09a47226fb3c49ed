"""The scenario library: the TOML files under assets/scenarios (the foul
gallery's under assets/scenarios/gallery), listed and loaded by id."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from simulator.files.inputs import InputError, read_text
from simulator.files.resources import scenarios_dir
from simulator.practice.scenario import (
    Scenario,
    ScenarioError,
    Text,
    load_scenario,
    named_scenario,
)

SCENARIO_DIR = scenarios_dir()
GALLERY_DIR = SCENARIO_DIR / "gallery"


@dataclass(frozen=True)
class Entry:
    """One scenario of the library, as a menu lists it."""

    id: str
    path: Path
    discipline: str
    title: Text
    tags: tuple[str, ...]
    has_question: bool


@dataclass(frozen=True)
class Library:
    """The scenarios that loaded and the files that did not (with the error,
    so a broken file shows up in the menu instead of stopping it)."""

    entries: tuple[Entry, ...]
    errors: tuple[tuple[Path, str], ...]

    def ids(self) -> tuple[str, ...]:
        return tuple(e.id for e in self.entries)

    def by_discipline(self, discipline: str) -> tuple[Entry, ...]:
        return tuple(e for e in self.entries if e.discipline == discipline)

    def find(self, sid: str) -> Entry:
        for e in self.entries:
            if e.id == sid:
                return e
        raise ScenarioError(f"library: no scenario {sid!r}")

    def load(self, sid: str) -> Scenario:
        return load_scenario(self.find(sid).path)


def scenario_paths(root: str | os.PathLike[str] | None = None) -> list[Path]:
    """The scenario files directly in ``root`` (default: assets/scenarios),
    sorted by name."""
    d = Path(root) if root is not None else SCENARIO_DIR
    return sorted(p for p in d.glob("*.toml") if p.is_file())


def gallery_paths(root: str | os.PathLike[str] | None = None) -> list[Path]:
    return scenario_paths(root if root is not None else GALLERY_DIR)


def scan(paths: Iterable[Path]) -> Library:
    """Load every file; ids must be unique across the library."""
    entries: list[Entry] = []
    errors: list[tuple[Path, str]] = []
    seen: dict[str, Path] = {}
    for p in paths:
        got = _entry(p)
        if isinstance(got, str):
            errors.append((p, got))
            continue
        if got.id in seen:
            errors.append((p, f"{p.name}: id: {got.id!r} is already used by "
                              f"{seen[got.id].name}"))
            continue
        seen[got.id] = p
        entries.append(got)
    return Library(tuple(entries), tuple(errors))


# Each file's entry (or its error) by its path, with the text it was read
# from: the menus list the library again and again (every practice screen,
# the quiz, the gallery's neighbours), and validating every scenario (its
# balls settled, its stroke checked) took a fifth of a second each time.
# Only a file whose text is the same is taken from here: an edited or
# replaced file is read again.
_READ: dict[Path, tuple[str, Entry | str]] = {}


def _entry(p: Path) -> Entry | str:
    """The library's entry for the file ``p``, or what is wrong with it."""
    try:
        text = read_text(p, where=p.name)
    except InputError as e:
        return str(ScenarioError(str(e)))
    kept = _READ.get(p)
    if kept is not None and kept[0] == text:
        return kept[1]
    got: Entry | str
    try:
        sc = named_scenario(text, p.name)
        got = Entry(sc.id, p, sc.discipline, sc.title, sc.tags,
                    sc.question is not None)
    except ScenarioError as e:
        got = str(e)
    _READ[p] = (text, got)
    return got


def library(root: str | os.PathLike[str] | None = None) -> Library:
    """The practice scenarios (not the gallery)."""
    return scan(scenario_paths(root))


def own_positions() -> Library:
    """The positions the player saved from the editor (the profile's
    scenarios folder; empty when there is none yet)."""
    from simulator.files import profile
    folder = profile.scenarios_dir()
    return scan(scenario_paths(folder)) if folder.is_dir() else Library((), ())


def load(sid: str, root: str | os.PathLike[str] | None = None) -> Scenario:
    """A scenario of the library (or the gallery) by id."""
    d = Path(root) if root is not None else SCENARIO_DIR
    for p in (d / f"{sid}.toml", d / "gallery" / f"{sid}.toml"):
        if p.is_file():
            sc = load_scenario(p)
            if sc.id != sid:
                raise ScenarioError(f"{p.name}: id: {sc.id!r} does not match the "
                                    f"file name")
            return sc
    raise ScenarioError(f"library: no scenario {sid!r}")
