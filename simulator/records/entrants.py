"""The players of an evening and of the records: people by name, computer
seats as ``cpu:LEVEL``.

A name is at most :data:`MAX_NAME` characters, not empty, without control
characters; people are told apart by their names in any case (``anna`` is
Anna). A computer seat is any level the players package offers; two seats
of one level in an evening are numbered (``cpu:club``, ``cpu:club 2``) and
both are that level in the records.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from simulator.files.inputs import InputError

MAX_NAME = 40
CPU = "cpu"


class EntrantError(InputError):
    """A name or a seat that cannot be used: where and what."""


@dataclass(frozen=True)
class Entrant:
    """A player of an evening: ``name`` as shown (unique in the evening),
    ``level`` a computer level (None: a person), ``rating`` one given at the
    start for the handicaps (None: the records' rating)."""

    name: str
    level: str | None = None
    rating: float | None = None

    @property
    def computer(self) -> bool:
        return self.level is not None

    @property
    def record_name(self) -> str:
        """The name the records keep: a computer seat is its level."""
        return f"{CPU}:{self.level}" if self.level is not None else self.name


def name_key(name: str) -> str:
    """The form two names are compared in (``Anna`` and ``anna`` are one)."""
    return unicodedata.normalize("NFC", name).casefold()


def check_name(name: object, where: str) -> str:
    """A person's name, tidied (spaces at the ends dropped), or EntrantError."""
    if not isinstance(name, str):
        raise EntrantError(where, "expected a name")
    text = unicodedata.normalize("NFC", name.strip())
    if not text:
        raise EntrantError(where, "a name is empty")
    if len(text) > MAX_NAME:
        raise EntrantError(where, f"{text[:20]!r}... is longer than {MAX_NAME} "
                                  "characters")
    if any(unicodedata.category(c).startswith("C") for c in text):
        raise EntrantError(where, f"{text!r} holds a control character")
    return text


def levels() -> tuple[str, ...]:
    """The computer levels the players package offers."""
    from simulator.players import STRENGTHS
    return tuple(STRENGTHS)


def parse_entrant(text: str, where: str) -> Entrant:
    """``cpu:LEVEL`` (``cpu`` alone is the club level) or a person's name."""
    name = check_name(text, where)
    head, _, tail = name.partition(":")
    if head.strip().casefold() != CPU:
        return Entrant(name)
    level = (tail.strip() or "club").casefold()
    if level not in levels():
        raise EntrantError(where, f"unknown computer level {tail.strip()!r}; "
                                  f"known: {', '.join(levels())}")
    return Entrant(f"{CPU}:{level}", level)


def make_entrants(items: Iterable[str | Entrant], where: str = "players"
                  ) -> tuple[Entrant, ...]:
    """Entrants from names (or Entrants): a person listed twice is refused,
    computer seats of one level are numbered."""
    out: list[Entrant] = []
    seen: dict[str, int] = {}
    people: set[str] = set()
    for i, item in enumerate(items):
        at = f"{where}[{i + 1}]"
        e = parse_entrant(item, at) if isinstance(item, str) else item
        if not isinstance(e, Entrant):
            raise EntrantError(at, "expected a name")
        if e.level is None:
            name = check_name(e.name, at)
            if name_key(name) in people or name_key(name).startswith(f"{CPU}:"):
                raise EntrantError(at, f"{name!r} is listed twice" if
                                   name_key(name) in people else
                                   f"{name!r}: a person's name cannot start "
                                   f"with '{CPU}:'")
            people.add(name_key(name))
            out.append(Entrant(name, None, e.rating))
            continue
        if e.level not in levels():
            raise EntrantError(at, f"unknown computer level {e.level!r}")
        base = f"{CPU}:{e.level}"
        n = seen.get(base, 0) + 1
        seen[base] = n
        out.append(Entrant(base if n == 1 else f"{base} {n}", e.level, e.rating))
    return tuple(out)
