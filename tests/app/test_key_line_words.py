"""The key line's words: at 800x500 its short form says the stroke as the
long form does (press, drag back, release or stroke forward), whole in its
row."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.text import fonts, ui
from tests.app.helpers import frame, make_app, scenario_match
from tests.app.scenes import LANGS
from tests.app.test_calls import CUE, THREE, aim_at
from tests.app.test_pull_back import aiming_app

# The stroke's steps, in order, as the long key line says them.
STROKE = {"en": ("press", "drag back", "release or stroke forward"),
          "ru": ("нажмите", "оттяните", "отпустите или бейте вперёд")}


def key_line(app: App) -> ui.TextRecord:
    """The key line as drawn this frame (the strip's last row)."""
    row = ui.FRAME.rows[-1]
    [line] = [t for t in ui.FRAME.texts if row.contains(t.rect)]
    return line


def says_the_stroke(app: App, lang: str) -> None:
    """The key line drawn at 800x500 is its short form, whole in its row,
    and names every step of the stroke in order."""
    frame(app, n=2)
    line = key_line(app)
    assert not line.cut, line.shown
    assert fonts.font(line.size).size(line.text)[0] <= ui.FRAME.rows[-1].width
    words = line.text.lower()
    at = [words.find(w) for w in STROKE[lang]]
    assert -1 not in at and at == sorted(at), line.text


@pytest.mark.parametrize("lang", LANGS)
def test_the_short_key_line_says_the_whole_stroke(lang: str) -> None:
    """8-ball at 800x500, aiming: the short key line said "drag back and
    release, or Space", the press and the stroke forward left out; now it
    says them (and Space) in a row that holds it whole."""
    app = aiming_app(lang, (800, 500))
    try:
        says_the_stroke(app, lang)
        line = key_line(app)
        assert line.text == app.t("hint.aim_short")
        assert ("Space" if lang == "en" else "пробел") in line.text
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_short_call_line_says_the_whole_stroke(lang: str) -> None:
    """14.1 at 800x500 (14.1 rule 1: every shot called), no call made: the
    short line asking for a call says the stroke whole as well."""
    app = make_app(lang, (800, 500))
    try:
        scenario_match(app, "14.1", {0: CUE, 3: THREE, 12: (0.5, 1.0), 5: (0.4, 0.3)})
        aim_at(app, THREE)
        says_the_stroke(app, lang)
        assert key_line(app).text == app.t("hint.call_short")
    finally:
        pygame.display.quit()
