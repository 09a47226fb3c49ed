"""The position editor: F1 opens its own help (its keys and clicks, in the
player's language; it did nothing), and F1 or Esc there returns to the editor
as it was. After a click puts a ball down the next ball not on the table is
chosen (the ball just placed stayed chosen, and the next click took it away
to put it down again), its number by the pointer; a drag chooses nothing."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.editor.screen import EditorMode
from simulator.app.screens.help import SEP
from tests.app.helpers import click, drawn_words, frame, key, make_app


def editor(lang: str = "en", size: tuple[int, int] = (1280, 720)
           ) -> tuple[App, EditorMode]:
    app = make_app(lang, size)
    app.go("editor")
    frame(app, n=2)
    ed = app.mode
    assert isinstance(ed, EditorMode)
    return app, ed


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("ru", (800, 500)),
                                            ("ru", (1280, 720)), ("en", (800, 500))])
def test_f1_in_the_editor_shows_its_keys_and_clicks_and_returns(
        lang: str, size: tuple[int, int]) -> None:
    app, ed = editor(lang, size)
    key(app, pygame.K_F1)
    frame(app)
    assert app.mode is not None and app.mode.name == "help"
    said = drawn_words(app, folded=True)
    assert app.t("help.head_editor") in said
    assert app.mode.pages == 1  # type: ignore[attr-defined]
    for ln in app.t("help.editor").split("\n"):
        k, _, what = ln.partition(SEP)
        assert " ".join(k.split()) in said and " ".join(what.split()[:3]) in said, ln
    assert app.t("help.head_aiming") not in said  # (the editor's own keys)
    key(app, pygame.K_F1)
    assert app.mode is ed


def test_the_editor_help_says_what_the_editor_does() -> None:
    """Every key of the editor's handling is in its help, in both languages."""
    for lang in ("en", "ru"):
        app, _ed = editor(lang)
        rows = [ln.partition(SEP)[0] for ln in app.t("help.editor").split("\n")]
        for k in ("Esc", "Delete", "Tab", "F1", "< / >"):
            assert any(k in r for r in rows), (lang, k)


def test_after_a_click_the_next_ball_off_the_table_is_chosen() -> None:
    app, ed = editor()
    on = set(ed.balls())
    first = ed.selected
    assert first not in on
    x, y = ed.view.to_screen(1.9, 0.4)
    click(app, (int(x), int(y)))
    frame(app)
    assert first in ed.balls()
    chosen = ed.selected
    assert chosen not in ed.balls() and chosen != first
    # The next click puts that one down: two balls placed, none moved.
    x2, y2 = ed.view.to_screen(1.3, 0.9)
    click(app, (int(x2), int(y2)))
    frame(app)
    assert {first, chosen} <= set(ed.balls()) and len(ed.balls()) == len(on) + 2
    # The Ball row says the number the next click puts down.
    from pygame_gui.elements import UILabel
    assert str(ed.selected) in [el.text for el in app.gui.get_sprite_group().sprites()
                                if isinstance(el, UILabel)]


def test_the_choice_goes_round_the_set_past_the_balls_on_the_table() -> None:
    _app, ed = editor()
    top = ed.max_ball()
    for b in range(1, top + 1):
        if b not in ed.balls():
            ed.set_ball(b, (0.3 + 0.06 * b, 0.3))
    ed.set_ball(0, None)
    ed.set_ball(3, None)
    ed.selected = 3
    ed.place((2.0, 1.0))
    assert ed.selected == 0  # round past the top, the cue ball off the table
    ed.place((2.2, 1.0))
    assert ed.selected == 0  # every ball on the table: the choice stays
