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

import warnings
from collections.abc import Callable
from typing import Any

import i18n  # type: ignore[import-untyped]
import pygame_gui
from i18n import resource_loader
from pygame_gui.core.package_resource import PackageResource
from pygame_gui.core.resource_loaders import IResourceLoader
from pygame_gui.core.utility import FontResource, ImageResource, SurfaceResource

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


# -- the widgets' fonts ---------------------------------------------------------
# pygame_gui loads a window's fonts on five threads it starts for each
# UIManager, and reads and opens every font file again for each: the game
# makes a window once, but each language's or size's fonts are the same
# files at the same sizes. A font opened from the same file at the same size
# and style is the same font: it is opened once a process and shared (a
# manager sets a font's underline afresh for each piece of text it draws).
_fonts: dict[tuple[object, ...], Any] = {}


def _font_key(resource: FontResource) -> tuple[object, ...]:
    """Everything a loaded font depends on."""
    where = resource.location
    if isinstance(where, PackageResource):
        place: object = ("package", where.package, where.resource)
    else:
        place = where
    return (resource.font_type_to_use, place, resource.size, resource.force_style,
            tuple(sorted((k, repr(v)) for k, v in resource.style.items())))


class InlineLoader(IResourceLoader):
    """Loads a UIManager's fonts and images in this thread when asked, the
    fonts once a process (see above); surfaces after the images they are
    made from, as pygame_gui's own loaders do."""

    def __init__(self) -> None:
        self._waiting: list[FontResource | ImageResource | SurfaceResource] = []
        self._started = False

    def add_resource(self, resource: FontResource | ImageResource |
                     SurfaceResource) -> None:
        if self._started:
            raise ValueError("Too late to add this resource to the loader")
        self._waiting.append(resource)

    def start(self) -> None:
        self._started = True

    def started(self) -> bool:
        return self._started

    def update(self) -> tuple[bool, float]:
        waiting, self._waiting = self._waiting, []
        waiting.sort(key=lambda r: isinstance(r, SurfaceResource))
        for resource in waiting:
            if isinstance(resource, FontResource):
                key = _font_key(resource)
                if key in _fonts:
                    resource.loaded_font = _fonts[key]
                    continue
            error = resource.load()
            if error is not None:
                warnings.warn(str(error), stacklevel=2)
            elif isinstance(resource, FontResource) and resource.loaded_font:
                _fonts[_font_key(resource)] = resource.loaded_font
        return True, 1.0


def widget_manager(size: tuple[int, int], theme: dict[str, object],
                   lang: str) -> pygame_gui.UIManager:
    """A window's UIManager, its fonts and images loaded (InlineLoader) and
    its translations settled."""
    loader = InlineLoader()
    gui = pygame_gui.UIManager(size, theme, starting_language=lang,
                               resource_loader=loader)
    loader.start()
    loader.update()
    settle_translations()
    return gui
