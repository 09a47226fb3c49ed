"""Play-test 24: the decision card hears U and Y, the match's menu says what
it is, and the ruling card uses its room before it folds."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.dialogs.base import Dialog
from tests.app.helpers import frame, key, run_until
from tests.app.scenes import LANGS, open_scene

SIZES = [(800, 500), (1280, 720)]
SIZE_IDS = ("800x500", "1280x720")


def top_dialog_kind(app: object) -> str:
    dialogs = getattr(app, "dialogs", [])
    return getattr(dialogs[-1], "kind", "") if dialogs else ""


# -- 4. U undoes on a decision card ------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("scene", [
    ("choice", "14.1"), ("choice", "8-ball"), ("banner", "express"),
    ("dialog", "9-ball")], ids=("14.1-break", "8-ball-break", "express-foul",
                                "9-ball-push-out"))
def test_u_on_a_decision_card_takes_the_stroke_back(
        scene: tuple[str, str], lang: str) -> None:
    """The incoming player's decision is open (Express after a foul, SEED-E
    2.6; 8-ball/14.1 after a foul break; 9-ball after a push-out): U takes
    back the stroke that brought it, as the README and the help say, and Y
    brings it back with its decision (U did nothing; undo only through Esc's
    menu)."""
    app = open_scene(scene[0], scene[1], lang, (800, 500))
    try:
        s = app.session
        assert s is not None and top_dialog_kind(app) == "choice"
        steps = len(s.match.history)
        key(app, pygame.K_u)
        frame(app, n=2)
        assert len(s.match.history) == steps - 1
        assert top_dialog_kind(app) != "choice", "the decision stayed open"
        key(app, pygame.K_y)
        run_until(app, lambda: top_dialog_kind(app) == "choice", limit=200)
        assert len(s.match.history) == steps
        assert not app.errors
    finally:
        pygame.display.quit()


# -- 5. the match's menu says what it is -------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("scene", [("table", "9-ball"), ("choice", "14.1")])
def test_the_match_menu_is_called_the_match_menu(scene: tuple[str, str],
                                                  lang: str) -> None:
    """Esc opens the match's menu: its heading says so («Меню матча»), not
    «Пауза», which read wrong over a rack already ended and over the
    computer's shot (its heading said the balls roll); over a decision too."""
    app = open_scene(scene[0], scene[1], lang, (800, 500))
    try:
        key(app, pygame.K_ESCAPE)
        frame(app)
        d = app.dialogs[-1]
        assert isinstance(d, Dialog) and d.kind == "pause"
        drawn = [t.text for t in app.texts]
        title = {"ru": "Меню матча", "en": "Match menu"}[lang]
        assert title in drawn, drawn
        assert not {"Пауза", "Paused"} & set(drawn)
        assert not app.errors
    finally:
        pygame.display.quit()
