"""Words cut at 800x500 in Russian (issue 22, play-test 5): the computer
seat's name in the setup screen's entry («Компьютер (л…») and the headings
of the players' records («Пора…», «Подход…»). Each is read whole."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest
from pygame_gui.elements import UITextEntryLine

from simulator.records import words
from tests.app.helpers import click_button, frame, make_app
from tests.app.test_club import person_concedes, start

SMALL = (800, 500)


@pytest.mark.parametrize("lang,size", [("ru", SMALL), ("ru", (1280, 720)),
                                       ("en", SMALL)])
@pytest.mark.parametrize("level", ["club", "pro"])
def test_a_computer_seats_name_fits_its_entry(lang: str, size: tuple[int, int],
                                               level: str) -> None:
    app = make_app(lang, size)
    app.go("menu")
    frame(app)
    click_button(app, app.t("menu.new_match"))
    setup = app.mode
    assert setup is not None and setup.name == "setup"
    menu = setup.menus["seat1"]  # type: ignore[attr-defined]
    words = app.t(f"cpu.level.{level}")
    frame(app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                  ui_element=menu, text=words[:1].upper() + words[1:]))
    frame(app, n=2)
    entry = app.mode.entries[1]  # type: ignore[union-attr]
    assert isinstance(entry, UITextEntryLine)
    name = app.t("cpu.name", level=words)
    assert entry.placeholder_text == name
    # The whole name inside the entry's box (its border and padding aside).
    width = entry.font.size(name)[0]
    assert width <= entry.rect.width - 8, (name, width, entry.rect.width)
    # And the setup still fits the window.
    assert entry.rect.bottom < size[1]
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_records_headings_are_whole_at_800x500(lang: str) -> None:
    app = make_app(lang, SMALL)
    app.settings.watch = "skip"
    app.go("menu")
    frame(app)
    s = start(app, ["Ann", "cpu:club"])
    person_concedes(app, s)
    app.go("menu")
    frame(app)
    click_button(app, app.t("club.menu_records"))
    click_button(app, "Ann")
    assert app.mode is not None and app.mode.name == "player"
    frame(app)
    cards = [r for name, r in app.panels if name == "card"]
    inside = [t for t in app.texts if any(c.contains(t.box) for c in cards)]
    assert inside
    cut = [t.text for t in inside if t.shown != t.text]
    assert not cut, cut
    # Every heading of the per-game table is there, a word a line at most
    # two lines.
    shown = {t.shown for t in inside}
    for key in ("won", "lost", "innings", "fouls", "best_run"):
        heading = words.t(lang, f"column.{key}")
        assert heading in shown or all(w in shown for w in heading.split()), heading
    pygame.display.quit()
