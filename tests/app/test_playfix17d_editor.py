"""The position editor's "Saved as…" message covers neither the table (its
rails included) nor the side column; a title typed in one language names
the position in both."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.editor.screen import EditorMode
from tests.app.helpers import click_button, frame, make_app


def _editor(app: App) -> EditorMode:
    """The position editor opened from the main menu, as a person does."""
    app.go("menu")
    frame(app)
    click_button(app, app.t("menu.practice"))
    click_button(app, app.t("practice.editor"))
    ed = app.mode
    assert isinstance(ed, EditorMode)
    return ed


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_saved_message_covers_neither_table_nor_side(
        lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        ed = _editor(app)
        title = ed.title_ru if lang == "ru" else ed.title_en
        title.set_text("Урок: восьмёка у борта")
        frame(app)
        click_button(app, app.t("editor.save"))
        frame(app, n=2)
        assert app.toast is not None and app.toast[0] == ed.saved_words(ed.path())
        (box,) = [r for name, r in app.panels if name == "message"]
        rails = ed.view.outer_rect()
        assert not box.colliderect(rails), (box, rails)
        assert not box.colliderect(ed.layout.side), (box, ed.layout.side)
        assert pygame.Rect((0, 0), size).contains(box)
        # Its words are drawn whole, where the player reads them.
        said = [t for t in app.texts if box.contains(t.rect)]
        assert said and not [t for t in said if t.cut]
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("typed", ["en", "ru"])
def test_a_title_typed_in_one_language_names_the_position_in_both(
        typed: str) -> None:
    """A new position's title edited in one language only: the other
    language's untouched default ("My position" / «Моя позиция») takes the
    typed title, so the saved file and the practice list show the title the
    instructor gave in either language."""
    import tomllib
    app = make_app("en", size=(1280, 720))
    try:
        ed = _editor(app)
        (ed.title_en if typed == "en" else ed.title_ru).set_text("Class drill one")
        frame(app)
        click_button(app, app.t("editor.save"))
        frame(app, n=2)
        saved = tomllib.loads(ed.path().read_text(encoding="utf-8"))
        assert saved["title"] == {"en": "Class drill one", "ru": "Class drill one"}
    finally:
        pygame.display.quit()
