"""The foul gallery: set positions whose scripted strokes produce a foul in
the physics. A demonstration plays the stroke, finds the foul in the
referee's ruling, and says which event to pause at, which balls and cushions
to highlight and which rule text to show (from assets/locale)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from rules.codes import DIGEST, Kind, SeedRef, code_by_id
from rules.ruling import Foul, Ruling
from simulator.files.resources import flatten_words, locale_dir
from simulator.physics.stick import seen_at
from simulator.practice.library import (
    GALLERY_DIR,
    gallery_paths,
    scan,
    scenario_paths,
)
from simulator.practice.scenario import (
    GalleryInfo,
    Scenario,
    ScenarioError,
    Text,
    load_scenario,
    play_scenario,
)
from simulator.table.events import Event, EventKind, Shot

LOCALE_DIR = locale_dir()
RULE_FILES = ("rules.json", "express.json")


class GalleryError(ScenarioError):
    """A gallery entry that does not show its foul."""


@dataclass(frozen=True)
class GalleryEntry:
    scenario: Scenario
    info: GalleryInfo

    @property
    def id(self) -> str:
        return self.scenario.id

    @property
    def ref(self) -> SeedRef:
        """The seed rule of the foul: the entry's own (the game's rule that
        states it, 9-ball 7 for a wrong ball first), else the code's home
        rule (general 16)."""
        return self.scenario.rule or code_by_id(self.info.foul).ref

    @property
    def loses_game(self) -> bool:
        """The entry shows a stroke that loses the game (the 8 in a pocket
        not called): named as that, not as a foul."""
        return code_by_id(self.info.foul).kind == Kind.LOSS


@dataclass(frozen=True)
class Demonstration:
    """One entry played: the shot, the ruling, the foul shown and where to
    pause the replay (index into shot.events and its time)."""

    entry: GalleryEntry
    shot: Shot
    ruling: Ruling
    foul: Foul
    pause_index: int
    balls: tuple[int, ...]
    cushions: tuple[str, ...]

    @property
    def pause_event(self) -> Event:
        return self.shot.events[self.pause_index]

    @property
    def pause_time(self) -> float:
        """Where the clip stops: the event's time, or the end of the tip's
        contact for a push or a double hit (stick.seen_at)."""
        return seen_at(self.pause_event)

    def rule_text(self, lang: str) -> str:
        """The foul's words with the rule the ruling cites (as every view
        cites it), not the catalogue's home rule of the code."""
        return rule_text(self.foul.code.id, lang, self.foul.ref)

    def unintended(self) -> tuple[str, ...]:
        """Foul codes in the ruling that the entry does not expect."""
        want = list(self.entry.scenario.expect.get("fouls", [self.entry.info.foul]))
        out: list[str] = []
        for f in self.ruling.fouls:
            if f.code.id in want:
                want.remove(f.code.id)
            else:
                out.append(f.code.id)
        return tuple(out)


def entries(root: str | os.PathLike[str] | None = None) -> tuple[GalleryEntry, ...]:
    """Every gallery entry, in gallery order. A broken file raises."""
    lib = scan(gallery_paths(root if root is not None else GALLERY_DIR))
    if lib.errors:
        raise GalleryError(lib.errors[0][1])
    out: list[GalleryEntry] = []
    for e in lib.entries:
        sc = lib.load(e.id)
        if sc.gallery is None:
            raise GalleryError(f"{e.path.name}: gallery: missing")
        out.append(GalleryEntry(sc, sc.gallery))
    return tuple(sorted(out, key=lambda g: (g.info.order, g.id)))


def demonstrate(entry: GalleryEntry) -> Demonstration:
    """Play the entry's stroke; GalleryError if the foul does not happen or
    does not happen at the event kind the entry pauses at."""
    res = play_scenario(entry.scenario)
    foul = next((f for f in res.ruling.fouls if f.code.id == entry.info.foul), None)
    if foul is None:
        got = ", ".join(f.code.id for f in res.ruling.fouls) or "none"
        raise GalleryError(f"{entry.id}: the stroke does not produce "
                           f"{entry.info.foul} (fouls: {got})")
    idx = foul.event_index
    if idx is None:
        raise GalleryError(f"{entry.id}: {entry.info.foul} names no event")
    events = res.shot.events
    if events[idx].kind is not entry.info.pause:
        raise GalleryError(f"{entry.id}: {entry.info.foul} is at a "
                           f"{events[idx].kind.value} event, the entry pauses "
                           f"at {entry.info.pause.value}")
    balls = tuple(dict.fromkeys((*entry.info.balls, *foul.balls)))
    cushions = list(entry.info.cushions)
    ev = events[idx]
    if ev.kind is EventKind.BALL_CUSHION and ev.cushion and \
            not ev.cushion.startswith("jaw:") and ev.cushion not in cushions:
        cushions.append(ev.cushion)
    return Demonstration(entry, res.shot, res.ruling, foul, idx, balls,
                         tuple(cushions))


@cache
def _texts(lang: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for name in RULE_FILES:
        try:
            data = json.loads((LOCALE_DIR / lang / name).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict):
            out.update(flatten_words({k: v for k, v in data.items()
                                      if isinstance(v, str)}))
    return out


@cache
def _ref_words(lang: str) -> dict[str, str]:
    try:
        data = json.loads((LOCALE_DIR / lang / "ui.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    refs = data.get("ref") if isinstance(data, dict) else None
    return flatten_words({k: v for k, v in refs.items() if isinstance(v, str)}) \
        if isinstance(refs, dict) else {}


def rule_text(code: str, lang: str, ref: SeedRef | None = None) -> str:
    """The rule text of a code in the player's language (English, then the
    code itself, when a text is missing); with ``ref``, that rule in its
    brackets in place of the code's home rule."""
    text = _texts(lang).get(code) or _texts("en").get(code) or code
    form = _ref_words(lang).get(ref.section) if ref is not None else None
    if ref is None or form is None or ref.file == DIGEST or \
            not text.endswith(")") or " (" not in text:
        return text
    return f"{text[:text.rindex(' (')]} ({form.format(rule=ref.rule)})"


# -- the gallery's clips and the practice situations of the same stroke -------
# The gallery's files are the practice library's situations made clips of
# (their own ids, titles and, for a few, strokes): the link is the position.

@dataclass(frozen=True)
class Twin:
    """The situation of the other collection that a clip (or situation)
    corresponds to: ``exact``, the same game, balls and fouls; else the
    nearest, the same foul from another position."""

    id: str
    title: Text
    exact: bool


def _fouls(sc: Scenario) -> list[str]:
    fouls = sc.expect.get("fouls")
    if fouls is None and sc.gallery is not None:
        fouls = [sc.gallery.foul]
    return sorted(str(f) for f in fouls or ())


def twin_of(sc: Scenario, among: Iterable[Scenario]) -> Twin | None:
    """The situation of ``among`` of the same game and the same fouls,
    the closest to ``sc``: the same balls, then stroke, state and calls (the
    9-ball second and third fouls share the wrong-ball position, told apart
    by their state); None when no situation shows those fouls in that game."""
    def closeness(p: Scenario) -> tuple[bool, bool, bool, bool]:
        return (p.data.get("balls") == sc.data.get("balls"), p.stroke == sc.stroke,
                p.data.get("state") == sc.data.get("state"),
                p.data.get("declarations") == sc.data.get("declarations"))
    same = [p for p in among if p.discipline == sc.discipline and
            _fouls(p) == _fouls(sc)]
    if not same:
        return None
    best = max(same, key=closeness)  # the first of equals: in file order
    return Twin(best.id, best.title, closeness(best)[0])


@cache
def _practice_scenarios() -> tuple[Scenario, ...]:
    out: list[Scenario] = []
    for p in scenario_paths():
        try:
            out.append(load_scenario(p))
        except ScenarioError:
            continue  # the practice list says which file is broken
    return tuple(out)


@cache
def practice_twins() -> Mapping[str, Twin | None]:
    """Each gallery clip's practice situation, by the clip's id (read once:
    the files are the game's own)."""
    lib = _practice_scenarios()
    return {e.id: twin_of(e.scenario, lib) for e in entries()}


@cache
def gallery_twins() -> Mapping[str, Twin | None]:
    """Each practice situation's gallery clip, by the situation's id (none
    where a gallery file is broken: the gallery says which)."""
    try:
        clips = [e.scenario for e in entries()]
    except ScenarioError:
        return {}
    return {p.id: twin_of(p, clips) for p in _practice_scenarios()}
