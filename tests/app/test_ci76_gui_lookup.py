"""A label with a dot in it is looked up in the translation folders once,
not on every drawing; what a search can find is still found."""

from __future__ import annotations

import json
import os
from pathlib import Path

import i18n  # type: ignore[import-untyped]
import pygame
import pygame_gui
import pytest

from simulator.app.loop.gui_setup import settle_translations


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.display.init()
    pygame.font.init()


def _listings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    real = os.listdir

    def counting(path: str = ".") -> list[str]:
        seen.append(str(path))
        return real(path)
    monkeypatch.setattr(os, "listdir", counting)
    return seen


def test_a_dotted_label_lists_the_folders_once(monkeypatch: pytest.MonkeyPatch) -> None:
    for _ in range(3):  # windows made one after another
        pygame_gui.UIManager((200, 100))
        settle_translations()
    assert len(i18n.load_path) == len(set(i18n.load_path))
    seen = _listings(monkeypatch)
    for _ in range(50):
        assert pygame_gui.core.utility.translate("Шар 8. Лузa 3.") == "Шар 8. Лузa 3."
    assert len(seen) <= len(i18n.load_path)


def test_a_new_folder_or_locale_is_searched(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    pygame_gui.UIManager((200, 100))
    settle_translations()
    locale = i18n.config.get("locale")
    key = "ci76ns.greeting"
    assert i18n.t(key, locale=locale) == key  # not found: searched, no file
    (tmp_path / f"ci76ns.{locale}.json").write_text(
        json.dumps({locale: {"greeting": "hello"}}), encoding="utf-8")
    monkeypatch.setattr(i18n, "load_path", i18n.load_path)
    i18n.load_path.append(str(tmp_path))
    try:
        assert i18n.t(key, locale=locale) == "hello"  # the new folder was searched
    finally:
        i18n.load_path.remove(str(tmp_path))
    other = "xx"
    (tmp_path / f"ci76ns.{other}.json").write_text(
        json.dumps({other: {"greeting": "ahoy"}}), encoding="utf-8")
    i18n.load_path.append(str(tmp_path))
    try:
        assert i18n.t(key, locale=other) == "ahoy"  # another locale: searched
    finally:
        i18n.load_path.remove(str(tmp_path))
