"""Play-test: the position editor, building an 8-ball position, offered
«Состояние: очки» and «Очки (Игрок 1): 0». Points are 14.1's and Express's
(seed rules: 8-ball and 9-ball are played as races of racks, 14.1 to a
number of points); the editor offers a points field only there."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.editor.screen import EditorMode
from simulator.app.text.words import discipline_label
from tests.app.helpers import frame, make_app
from tests.app.test_playfix21_quiz_editor import _editor_with


def _choose(app: App, menu: object, text: str) -> None:
    """A choice in a drop-down menu, as the menu posts it to the loop."""
    frame(app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                  text=text, ui_element=menu))
    frame(app)


def _options(ed: EditorMode) -> list[str]:
    return [o[0] if isinstance(o, tuple) else str(o)
            for o in ed.field_menu.options_list]


def _sentences(app: App, ed: EditorMode) -> list[str]:
    """Each state field chosen in turn, and what its row then says."""
    out = []
    for label in _options(ed):
        _choose(app, ed.field_menu, label)
        assert ed.field_chosen
        out.append(ed.field_sentence())
    return out


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize(("game", "points"), [("8-ball", False), ("9-ball", False),
                                              ("14.1", True)])
def test_the_editor_offers_points_only_in_a_game_of_points(
        lang: str, game: str, points: bool) -> None:
    app = make_app(lang, (1280, 720))
    ed = _editor_with(app, None)
    _choose(app, ed.disc_menu, discipline_label(app.locale, game))
    ed = app.mode
    assert isinstance(ed, EditorMode) and ed.discipline == game
    score_label = app.t("editor.field_scores")
    assert (score_label in _options(ed)) is points, _options(ed)
    said = app.t("editor.say_scores", name=app.t("setup.player_n", n=1), value=0)
    head = said.split("0")[0].strip()  # «Очки (Игрок 1):», "Player 1's score:"
    sentences = _sentences(app, ed)
    assert any(s.startswith(head) for s in sentences) is points, sentences
    assert not app.errors
