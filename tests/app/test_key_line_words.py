"""The key line's words: at 800x500 its short form says the stroke as the
long form does (press, drag back, release or stroke forward), whole in its
row; a foul between two people, or against the computer, says "read the
ruling, then Continue" once, the key line listing the keys that only look
meanwhile."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.text import fonts, ui
from tests.app.helpers import (
    click_button,
    computers_choice_after_a_soft_break,
    frame,
    make_app,
    scenario_match,
)
from tests.app.scenes import LANGS, SIZES
from tests.app.test_calls import CUE, THREE, aim_at
from tests.app.test_pull_back import aiming_app
from tests.app.test_turns_read import annas_foul_between_people

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


def times_said(app: App, words: str) -> int:
    """How often ``words`` are drawn this frame: each time begins a line
    (the rest of it wrapped onto the next)."""
    return sum(len(t.text) > 6 and words.startswith(t.text) for t in app.texts)


def in_heading(app: App, words: str) -> bool:
    """``words`` begin a line of the side column above the foul's card."""
    mode = app.mode
    assert mode is not None
    card = mode.banner_rect  # type: ignore[attr-defined]
    return any(words.startswith(t.text) and len(t.text) > 6 and
               mode.layout.side.contains(t.rect) and t.rect.bottom <= card.top
               for t in app.texts)


def lists_the_looking_keys(app: App) -> bool:
    """The key line drawn is the keys that work while a foul waits (whole)."""
    line = key_line(app)
    return not line.cut and line.text in (app.t("hint.reading"),
                                          app.t("hint.reading_short"))


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_read_the_ruling_is_said_once(lang: str, size: tuple[int, int]) -> None:
    """Anna, playing Boris at one window, hits no ball (8-ball rule 8):
    Boris reads the foul first. "Read the ruling, then Continue (Space)"
    was drawn three times at once (under the heading, under the card, on
    the key line); it is drawn once, above the card, and the key line
    lists the keys that only look. Once read, it is said no more."""
    app = make_app(lang, size)
    try:
        annas_foul_between_people(app)
        frame(app, n=3)
        read = app.t("evening.read_ruling")
        assert times_said(app, read) == 1
        assert in_heading(app, read)
        assert lists_the_looking_keys(app)
        click_button(app, app.t("evening.go_on"))
        frame(app, n=2)
        assert times_said(app, read) == 0
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_read_the_ruling_is_said_once_against_the_computer(
        lang: str, size: tuple[int, int]) -> None:
    """14.1 rule 6: Anna breaks too softly against the computer, which waits
    for her to read her foul. "Read the ruling, then Continue" was drawn
    under the heading and again on the key line; it is drawn once, above
    the card, the key line listing the keys that only look."""
    app = make_app(lang, size)
    try:
        computers_choice_after_a_soft_break(app)
        frame(app, n=3)
        assert app.mode is not None and app.mode.name == "computer"
        assert app.mode.phase == "waiting"  # type: ignore[attr-defined]
        read = app.t("evening.read_ruling")
        assert times_said(app, read) == 1
        assert in_heading(app, read)
        assert lists_the_looking_keys(app)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_aiming_key_line_waits_with_the_ruling(lang: str) -> None:
    """14.1 at 800x500: Anna hits no ball (14.1 rule 7, general rule 4), the
    cue ball stays on the table, Boris plays it where it lies once he has
    read the foul. Meanwhile the key line said how to shoot (a stroke then
    refused); it lists the keys that only look, and the stroke's words come
    back once the ruling is read."""
    app = make_app(lang, (800, 500))
    try:
        annas_foul_between_people(app, "14.1")
        frame(app)
        assert app.mode is not None and app.mode.name == "aiming"
        assert app.mode.reading_foul()  # type: ignore[attr-defined]
        assert lists_the_looking_keys(app)
        assert times_said(app, app.t("evening.read_ruling")) == 1
        click_button(app, app.t("evening.go_on"))
        says_the_stroke(app, lang)
    finally:
        pygame.display.quit()
