"""The scenario library: the TOML files under assets/scenarios (the foul
gallery's under assets/scenarios/gallery), listed and loaded by id."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from simulator.files.resources import scenarios_dir
from simulator.practice.scenario import Scenario, ScenarioError, Text, load_scenario

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
        try:
            sc = load_scenario(p)
        except ScenarioError as e:
            errors.append((p, str(e)))
            continue
        if sc.id in seen:
            errors.append((p, f"{p.name}: id: {sc.id!r} is already used by "
                              f"{seen[sc.id].name}"))
            continue
        seen[sc.id] = p
        entries.append(Entry(sc.id, p, sc.discipline, sc.title, sc.tags,
                             sc.question is not None))
    return Library(tuple(entries), tuple(errors))


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
