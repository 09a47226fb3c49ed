"""A save keeps its name as typed; Ctrl+S saves under the last name and says
so, Ctrl+Shift+S and the match menu ask a name, another save of that name is
replaced only when the player says so."""

from __future__ import annotations

import json

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import saves_dir
from tests.app.helpers import (
    after_the_break,
    click_button,
    drawn_words,
    frame,
    key,
    make_app,
)

NAME = "Урок 3: Анна/ПК  «девятка»?"


def typed(app: App, text: str) -> None:
    """The name field emptied and ``text`` typed into it, letter by letter."""
    d = app.dialogs[-1]
    d.entry.set_text("")  # type: ignore[attr-defined]
    for ch in text:
        frame(app, pygame.event.Event(pygame.TEXTINPUT, text=ch))


def save_named(app: App, name: str) -> None:
    """Esc, "Save the match…", a name typed, Enter."""
    key(app, pygame.K_ESCAPE)
    click_button(app, app.t("pause.save"))
    assert app.dialogs[-1].title == app.t("save.title")
    typed(app, name)
    key(app, pygame.K_RETURN)


def open_load_list(app: App) -> None:
    app.go("load")
    frame(app, n=8)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_save_name_is_kept_as_typed(lang: str) -> None:
    app = make_app(lang)
    s = after_the_break(app, ["Anna", "Boris"], "9-ball", {"race_to": 3}, seed=3)
    save_named(app, NAME)
    assert not app.dialogs
    assert app.toast is not None and app.toast[0] == app.t("save.done", file=NAME)
    path = s.save_path
    assert path is not None and path.parent == saves_dir()
    assert "/" not in path.name and ":" not in path.name  # the file's name is safe
    assert json.loads(path.read_text(encoding="utf-8"))["name"] == NAME
    open_load_list(app)
    row = next(b for b in app.buttons if b.ident == str(path))
    assert NAME in row.label
    click_button(app, app.t("evening.rename"))
    d = app.dialogs[-1]
    assert d.entry.get_text() == NAME  # type: ignore[attr-defined]
    assert NAME in d.title
    # Renamed: the stored name and the file change, the list shows the new one.
    typed(app, "Урок 4: Борис?")
    key(app, pygame.K_RETURN)
    assert app.toast is not None and "Урок 4: Борис?" in app.toast[0]
    assert not path.exists()
    new = s.save_path
    assert new is not None and new.exists()
    assert json.loads(new.read_text(encoding="utf-8"))["name"] == "Урок 4: Борис?"
    frame(app, n=8)
    assert any("Урок 4: Борис?" in b.label for b in app.buttons)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_old_save_without_a_name_shows_its_file_name(lang: str) -> None:
    app = make_app(lang)
    s = after_the_break(app, ["Anna", "Boris"], "9-ball", {"race_to": 3}, seed=3)
    save_named(app, "Tuesday")
    path = saves_dir() / "Tuesday.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["name"]
    old = saves_dir() / "Old_one.json"
    old.write_text(json.dumps(data), encoding="utf-8")
    s.save_path = None
    open_load_list(app)
    assert any(b.ident == str(old) and "Old_one" in b.label for b in app.buttons)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_names_making_the_same_file_never_overwrite(lang: str) -> None:
    app = make_app(lang)
    after_the_break(app, ["Anna", "Boris"], "9-ball", {"race_to": 3}, seed=3)
    save_named(app, "a/b")
    save_named(app, "a_b")
    assert not app.dialogs  # not the same name: nothing to replace
    names = sorted(json.loads(p.read_text(encoding="utf-8"))["name"]
                   for p in saves_dir().glob("*.json"))
    assert names == ["a/b", "a_b"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_ctrl_s_saves_again_and_says_how_to_save_anew(lang: str) -> None:
    app = make_app(lang)
    s = after_the_break(app, ["Anna", "Boris"], "9-ball", {"race_to": 3}, seed=3)
    key(app, pygame.K_s, pygame.KMOD_CTRL)  # the first time: a name asked
    assert app.dialogs and app.dialogs[-1].title == app.t("save.title")
    typed(app, NAME)
    key(app, pygame.K_RETURN)
    path = s.save_path
    assert path is not None
    key(app, pygame.K_s, pygame.KMOD_CTRL)  # then: at once, and said where
    assert not app.dialogs
    msg = app.toast[0] if app.toast else ""
    assert msg == app.t("save.done_again", name=NAME)
    frame(app)
    assert NAME in msg and "Ctrl+Shift+S" in msg and NAME in drawn_words(app)
    # Ctrl+Shift+S always asks, the current name offered.
    key(app, pygame.K_s, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    d = app.dialogs[-1]
    assert d.title == app.t("save.title")
    assert d.entry.get_text() == NAME  # type: ignore[attr-defined]
    key(app, pygame.K_ESCAPE)
    # The match menu's "Save the match…" asks too, the current name offered.
    key(app, pygame.K_ESCAPE)
    click_button(app, app.t("pause.save"))
    assert app.dialogs[-1].entry.get_text() == NAME  # type: ignore[attr-defined]
    key(app, pygame.K_ESCAPE)
    # F1 lists both.
    key(app, pygame.K_F1)
    frame(app)
    shown = drawn_words(app)
    (line,) = [ln for ln in app.t("help.match").split("\n")
               if ln.startswith("Ctrl+Shift+S")]
    assert "Ctrl+Shift+S" in shown and line.split(" — ")[1][:20] in shown


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_saving_over_another_save_of_that_name_asks_first(lang: str) -> None:
    app = make_app(lang)
    s = after_the_break(app, ["Anna", "Boris"], "9-ball", {"race_to": 3}, seed=3)
    save_named(app, "Club night")
    first = s.save_path
    assert first is not None
    before = first.read_bytes()
    save_named(app, "Other")
    assert s.save_path != first
    save_named(app, "Club night")  # another save's name: asked first
    d = app.dialogs[-1]
    assert d.title == app.t("save.replace_title", name="Club night")
    key(app, pygame.K_ESCAPE)  # no: kept as it was
    assert not app.dialogs and first.read_bytes() == before
    assert s.save_path != first
    save_named(app, "Club night")
    key(app, pygame.K_RETURN)  # yes: replaced
    assert s.save_path == first and s.save_name == "Club night"
    assert json.loads(first.read_text(encoding="utf-8"))["name"] == "Club night"
    assert app.toast is not None and app.toast[0] == app.t("save.done",
                                                            file="Club night")
