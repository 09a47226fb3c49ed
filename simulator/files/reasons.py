"""Errors that also say why as a key and its values, so that the window can
put the reason into the player's language; the English message stays what
files, logs and the command line show."""

from __future__ import annotations

from typing import Any, TypeVar


class Explained(ValueError):
    """A ValueError with ``reason`` (a key of the interface's ``reason``
    texts, or None) and ``params`` (the values its text names: a player as
    an index from 0, a ball by its number)."""

    def __init__(self, message: str, reason: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.reason = reason
        self.params: dict[str, Any] = params


E = TypeVar("E", bound=Explained)


def again(cls: type[E], message: str, cause: BaseException) -> E:
    """``cls(message)`` keeping the reason ``cause`` gave, if it gave one (an
    error passed on with the field's name in front)."""
    if isinstance(cause, Explained):
        return cls(message, cause.reason, **cause.params)
    return cls(message)
