"""What the widget library sets up per window that need be done once.

pygame_gui passes every label through python-i18n, which takes a label with
a dot in it ("1.5", "Шар 8.") for a key in a namespace and lists its
translation folders to look for that namespace's file each time the label
is drawn and not found; and each new UIManager adds its folder to the search
path again, so every window made the listing longer. The folders do not
change while the game runs: one search per namespace, locale and path is
all that can ever find anything.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import i18n  # type: ignore[import-untyped]
from i18n import resource_loader

_searched: set[tuple[object, ...]] = set()


def _search_key(key: str, locale: str) -> tuple[object, ...]:
    """What a search for ``key`` depends on: its namespace (all but the
    last part), the locale, the folders and how files are named."""
    delimiter = i18n.config.get("namespace_delimiter")
    namespace = tuple(key.split(delimiter)[:-1])
    return (namespace, locale, tuple(i18n.load_path),
            i18n.config.get("filename_format"), i18n.config.get("file_format"),
            delimiter)


def _once(search: Callable[..., Any]) -> Callable[..., Any]:
    def search_once(key: str, locale: str | None = None) -> None:
        if locale is None:  # (python-i18n always names it; its default is odd)
            search(key)
            return
        done = _search_key(key, locale)
        if done in _searched:
            return  # searched already: what it found is loaded
        search(key, locale)
        _searched.add(done)
    search_once.searches = search  # type: ignore[attr-defined]
    return search_once


def settle_translations() -> None:
    """After a UIManager is made: its folder on the search path once, and
    each namespace searched for once (see the module's note)."""
    i18n.load_path[:] = list(dict.fromkeys(i18n.load_path))
    if not hasattr(resource_loader.search_translation, "searches"):
        resource_loader.search_translation = _once(
            resource_loader.search_translation)
