"""Play-test 17 (words and the setup screen): menus and choices read whole
in Russian at 800x500, the setup keeps a person's name, computers of one
level told apart, a choice said in the third person, keys shown."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.app.text import ui
from tests.app.helpers import click, frame, key, make_app
from tests.app.scenes import LANGS, open_scene

LOW = (800, 500)


def dialog_problems(app: App) -> list[str]:
    """What in the open dialog a player cannot read whole: a label cut with
    "…", or a greyed item ending in "…" (it opens nothing: read as cut)."""
    assert app.dialogs, "a dialog is open"
    d = app.dialogs[-1]
    out = [f"{d.kind}: {t.shown!r} cut" for t in app.texts
           if d.rect.contains(t.rect) and t.cut]
    for b in d.buttons:
        if b.enabled or not b.rect.width:
            continue
        lines = [t.shown for t in app.texts if b.rect.contains(t.rect)]
        out += [f"{d.kind}: greyed {s!r}" for s in lines if s.endswith(ui.ELLIPSIS)]
    return out


def at_table(lang: str, game: str) -> App:
    app = make_app(lang, LOW)
    names = ["Аня", "Борис", "Вера"] if game == "express" else ["Аня", "Борис"]
    opts: dict[str, object] = {"target": 25} if game == "14.1" else {}
    app.session = Session.new(names, game, opts, app.locale, seed=5)
    next_step(app)
    frame(app, n=2)
    return app


def other_calls(app: App) -> None:
    """F, then the button to the referee's other calls (the last but one)."""
    key(app, pygame.K_f)
    frame(app, n=2)
    assert app.dialogs[-1].kind == "fouls"
    click(app, app.dialogs[-1].buttons[-2].rect.center)
    frame(app, n=2)
    assert app.dialogs[-1].kind == "referee"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["8-ball", "9-ball", "14.1", "express"])
def test_every_menu_at_the_table_reads_whole_in_a_low_window(
        lang: str, game: str) -> None:
    """At 800x500 the match's menu (Esc), the foul call (F) and the
    referee's other calls under it show every item whole; the greyed
    "ball touched something off the table" (no ball left the bed) says why,
    and without the "…" of an item that opens more (it read as cut:
    «…вне стола (п. 2.10)…»)."""
    problems: list[str] = []
    app = at_table(lang, game)
    key(app, pygame.K_ESCAPE)
    frame(app, n=2)
    assert app.dialogs[-1].kind == "pause"
    problems += dialog_problems(app)
    key(app, pygame.K_ESCAPE)
    frame(app, n=2)
    key(app, pygame.K_f)
    frame(app, n=2)
    problems += dialog_problems(app)
    key(app, pygame.K_ESCAPE)
    frame(app, n=2)
    other_calls(app)
    problems += dialog_problems(app)
    greyed = app.dialogs[-1].buttons[0]
    assert not greyed.enabled
    words = " ".join(t.text for t in app.texts if greyed.rect.contains(t.rect))
    why = app.t("evening.no_jump", jumped="").split("(")[0].strip()
    assert why in words, words
    pygame.display.quit()
    assert not problems, problems


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("scene", [("choice", "14.1"), ("choice", "8-ball"),
                                   ("quit", "9-ball"), ("save", "express"),
                                   ("concede", "9-ball"), ("dialog", "9-ball")])
def test_every_choice_dialog_reads_whole_in_a_low_window(
        lang: str, scene: tuple[str, str]) -> None:
    """The choices of a player (accept the table or hand it back, re-rack,
    quit, save, concede) at 800x500: no item cut."""
    app = open_scene(scene[0], scene[1], lang, LOW)
    problems = dialog_problems(app)
    pygame.display.quit()
    assert not problems, problems
