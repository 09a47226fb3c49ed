"""The position editor refuses a 9-ball position without the 9 (and an
8-ball one without the 8) as it refuses every position that cannot be
played: the chips say the position is not valid, the hint says which ball is
missing and the rule (9-ball 1, 8-ball 1: the game is won by pocketing it),
and Save writes no file. A draft made for the game, or switched to it,
has the ball. Driven through the window's loop."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.codes import e8, n9
from simulator.app.screens.editor.screen import EditorMode
from simulator.app.text.words import ball_label, discipline_label, ref_text
from tests.app.helpers import click, click_button, drawn_words, frame, make_app
from tests.app.test_playfix21_quiz_editor import _editor_with
from tests.app.test_playfix47_editor import _choose


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize(("game", "ball", "rule"), [("9-ball", 9, n9("1")),
                                                    ("8-ball", 8, e8("1"))])
def test_a_position_without_the_game_ball_is_not_valid(
        lang: str, game: str, ball: int, rule: object, tmp_path: Path) -> None:
    app = make_app(lang, (1280, 720))
    ed = _editor_with(app, None)
    _choose(app, ed.disc_menu, discipline_label(app.locale, game))
    ed = app.mode
    assert isinstance(ed, EditorMode) and ed.discipline == game
    # A new draft, or one switched to this game, has the game ball.
    assert ball in ed.balls() and ed.error is None, ed.error
    assert app.t("editor.valid") in drawn_words(app)
    # Taken off the table with a right click on it.
    click(app, ed.view.to_screen(*ed.balls()[ball]), button=3)
    frame(app, n=2)
    assert ball not in ed.balls()
    text = flat(drawn_words(app))
    assert app.t("editor.invalid") in text and app.t("editor.valid") not in text
    said = app.t("reason.game_ball_missing", ball=ball_label(app.locale, ball),
                 rule=ref_text(app.locale, rule))
    assert flat(said) in text, text
    # Saved as a playable position: refused, no file.
    path = tmp_path / "no-game-ball.toml"
    ed.path_entry.set_text(str(path))
    click_button(app, app.t("editor.save"))
    frame(app)
    assert not path.exists()
    assert not app.errors
