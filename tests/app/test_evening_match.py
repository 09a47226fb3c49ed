"""An evening at the window, the way between screens: the match's flow
against a computer seat, its dialogs, statistics, keys and words, driven
through the window's real event loop with synthetic mouse and key events
(issue 22)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.saving import default_save_name
from simulator.app.match.session import Session, saves_dir
from simulator.app.match.turns import next_step
from simulator.app.text.i18n import Locale
from tests.app.helpers import DT, frame, key, make_app, run_until


def start(app: App, names: list[str], game: str, opts: dict[str, object] | None = None,
          seed: int = 5) -> Session:
    app.session = Session.new(names, game, dict(opts or {}), app.locale, seed=seed)
    next_step(app)
    app.frame([], DT)
    return app.session


def press_typing(app: App, k: int, char: str) -> None:
    """A key as the keyboard delivers it: down, its text, up (a frame each,
    as a quick window sees them)."""
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=char,
                                  scancode=0))
    frame(app, pygame.event.Event(pygame.TEXTINPUT, text=char))
    frame(app, pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=char, scancode=0))


def texts(app: App) -> list[str]:
    """Every line of text drawn in the last frame."""
    return [t.text for t in app.texts]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_key_that_opens_the_save_dialog_is_not_typed_into_it(lang: str) -> None:
    """Esc, then 2 (Save the match...): the name offered is the players and
    the game, not "2" before them, and the file is saved under it."""
    app = make_app(lang)
    s = start(app, ["Anna", "cpu:club"], "8-ball", {"race_to": 1})
    key(app, pygame.K_ESCAPE)
    assert app.dialogs and app.dialogs[-1].title == app.t("pause.title")
    press_typing(app, pygame.K_2, "2")
    d = app.dialogs[-1]
    assert d.title == app.t("save.title")
    assert d.entry is not None
    typed = d.entry.get_text()
    assert typed == default_save_name(app, s) and "2" not in typed
    # The keys typed now do go into the name.
    press_typing(app, pygame.K_x, "x")
    assert d.entry.get_text() == typed + "x"
    key(app, pygame.K_RETURN)
    frame(app, n=2)
    assert s.save_path is not None and s.save_path.stem == typed + "x"
    assert s.save_path.parent == saves_dir() and s.save_path.exists()
    pygame.display.quit()
