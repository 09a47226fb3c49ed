"""Every discipline Kiy referees, in one place: the canonical names, the
aliases a player may type (Russian included) and each discipline's facts
(:class:`rules.game.DisciplineInfo`).

Nothing registers itself: a new discipline is one more entry in
``DISCIPLINES`` (and its texts in the locale files).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.eight_ball import EightBall
from rules.express import Express
from rules.game import Discipline, DisciplineInfo
from rules.nine_ball import NineBall
from rules.ruling import RulesError
from rules.straight_pool import StraightPool

# In the order a menu lists them.
DISCIPLINES: tuple[type[Discipline[Any]], ...] = (EightBall, NineBall, StraightPool,
                                                  Express)

# Each discipline's registry name, for code that plays one game in particular
# (a benchmark's figure, a tool's default): no name is spelled outside rules/.
EIGHT_BALL = EightBall.name
NINE_BALL = NineBall.name
STRAIGHT_POOL = StraightPool.name
EXPRESS = Express.name


def _alias_table() -> dict[str, type[Discipline[Any]]]:
    out: dict[str, type[Discipline[Any]]] = {}
    for cls in DISCIPLINES:
        for a in cls.info.names:
            key = a.strip().casefold()
            other = out.get(key)
            if other is not None and other is not cls:
                raise ValueError(f"discipline alias {a!r} names both {other.name} "
                                 f"and {cls.name}")
            out[key] = cls
    return out


_BY_NAME = _alias_table()


def discipline_class(name: str) -> type[Discipline[Any]]:
    """The discipline a name or alias (any case, Russian included) stands for;
    RulesError naming the known games otherwise."""
    cls = _BY_NAME.get(name.strip().casefold()) if isinstance(name, str) else None
    if cls is None:
        known = ", ".join(sorted(c.name for c in DISCIPLINES))
        raise RulesError(f"discipline: unknown game {name!r}; known games: {known}")
    return cls


def canonical(name: str) -> str:
    """The registry name of a discipline given by any of its names."""
    return discipline_class(name).name


def info(name: str) -> DisciplineInfo:
    """A discipline's facts, by any of its names."""
    return discipline_class(name).info


def names() -> tuple[str, ...]:
    """The canonical names, in menu order."""
    return tuple(cls.name for cls in DISCIPLINES)


def discipline_names() -> tuple[str, ...]:
    """The canonical names, sorted (as the error messages list them)."""
    return tuple(sorted(names()))


def aliases() -> Mapping[str, str]:
    """Every accepted name (case-folded) -> its canonical name."""
    return {k: cls.name for k, cls in _BY_NAME.items()}


def word(name: str) -> str:
    """A discipline's name as one plain word (its first name of letters
    only: ``eight``, ``straight``, ``express``), for a command-line choice;
    the canonical name when it has none."""
    names = discipline_class(name).info.names
    return next((n for n in names if n.isascii() and n.isalpha()), names[0])


def infos() -> tuple[DisciplineInfo, ...]:
    return tuple(cls.info for cls in DISCIPLINES)
