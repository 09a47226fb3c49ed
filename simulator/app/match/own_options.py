"""A game's own options as a setup offers them (Express's starting points,
the 1 worth 11, the signatures' chips): each its words, its values and the
match option it sets. The match's setup shows them as drop-downs, a club
evening's setup as buttons that step through the values; both read them
from here, so the two offer the same choices."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class OwnOption:
    """``ident`` names the control, ``option`` the match option it sets,
    ``label`` the key of its words."""

    ident: str
    option: str
    label: str
    values: tuple[Any, ...]
    default: Any

    def words(self, t: Callable[..., str], value: Any) -> str:
        """A value as the setup shows it: yes or no, 2/4/8, a number."""
        if isinstance(value, bool):
            return t("common.yes" if value else "common.no")
        if isinstance(value, tuple):
            return "/".join(map(str, value))
        return str(value)

    def choices(self, t: Callable[..., str]) -> list[tuple[str, Any]]:
        return [(self.words(t, v), v) for v in self.values]

    def stored(self, value: Any) -> Any:
        """The value as the match's options hold it (a list, not a tuple)."""
        return list(value) if isinstance(value, tuple) else value


OWN_OPTIONS = (
    OwnOption("initial_points", "initial_points", "setup.initial_points",
              (20, 30, 40, 50), 30),
    OwnOption("ace_11", "ace_is_11", "setup.ace_11", (False, True), False),
    OwnOption("stakes", "signature_stakes", "setup.stakes",
              ((1, 2, 4), (2, 4, 8), (5, 10, 20)), (2, 4, 8)),
)


def own_options(fields: Iterable[str]) -> list[OwnOption]:
    """The options of these a game has (its registry's option fields)."""
    have = set(fields)
    return [o for o in OWN_OPTIONS if o.option in have]


def defaults() -> dict[str, Any]:
    """Each option's value before a player chooses, by its control."""
    return {o.ident: o.default for o in OWN_OPTIONS}


def match_options(fields: Iterable[str], chosen: dict[str, Any]) -> dict[str, Any]:
    """The match options for the values chosen (by control) that the game
    has."""
    return {o.option: o.stored(chosen.get(o.ident, o.default))
            for o in own_options(fields)}
