"""What a fourteenth play-test found on dialogs whose text scrolls: at
800x500 the Express foul's choice ("Ниже ещё 27: колесо мыши") and the
match's end ("Ниже ещё 16") scrolled only with the wheel; V and a click,
which read the ruling card whole, did nothing there. Now V (or a click on
the text) opens the same reading view, and Esc brings the dialog back with
nothing chosen."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from simulator.app.dialogs.base import Dialog, read_row
from simulator.app.dialogs.card_reader import CardReader
from simulator.app.dialogs.game_over import game_over_dialog
from simulator.app.loop.app import App
from simulator.app.table import ruling_card
from tests.app.helpers import click, frame, key
from tests.app.scenes import open_scene

LOW = (800, 500)


def _dialog(app: App, kind: str) -> Dialog:
    d = app.dialogs[-1]
    assert isinstance(d, Dialog) and d.kind == kind
    return d


def _marker(app: App, d: Dialog) -> str:
    """The line saying the card is not all there: "N more below · V" when
    it scrolls, "V — more" when it is cut short; either names V."""
    more_on_v = app.t("choice.more_on_v")
    notes = [t.shown for t in app.texts if d.rect.contains(t.rect) and
             (t.shown.startswith(("Ниже ещё", "ещё ")) or t.shown == more_on_v)]
    assert len(notes) == 1, [t.shown for t in app.texts if d.rect.contains(t.rect)]
    assert "V" in notes[0], notes
    if notes[0] != more_on_v:
        assert "строк" in notes[0], notes  # lines counted
    return notes[0]


def _reads(app: App, title: str, last: str) -> None:
    """The reader is open over the dialog with the dialog's title and the
    last row of its text in view."""
    r = app.dialogs[-1]
    assert isinstance(r, CardReader), type(r).__name__
    shown = [t.shown for t in app.texts]
    size = r.size()
    width = r.box().width - 32
    rows = ruling_card.line_rows((last,), size, width)
    assert rows[-1][2] in shown, (rows[-1][2], shown)
    assert r.banner.title == title


@pytest.mark.parametrize("how", ["V", "click"])
def test_an_express_foul_choice_is_read_whole_and_still_chosen_in_the_dialog(
        how: str) -> None:
    """Russian at 800x500: the incoming player's choice after a foul in
    Express, its ruling cut ("Ниже ещё N строк · V"). V, or a click on the
    text, opens the ruling whole: its last line in view. Esc (or V, or a
    click) closes it back to the same dialog, its choices still pending and
    still its buttons."""
    app = open_scene("choice", "express", "ru", LOW)
    try:
        d = _dialog(app, "choice")
        s = app.session
        assert s is not None and s.req is not None and s.banner is not None
        pending = s.req.pending
        labels = [b.label for b in d.buttons]
        _marker(app, d)
        if how == "V":
            key(app, pygame.K_v)
        else:
            line = next(t for t in app.texts if d.rect.contains(t.rect) and
                        t.shown == "Фол: Игрок 1")
            click(app, line.rect.center)
        frame(app)
        _reads(app, d.title, s.banner.lines[-1])
        key(app, pygame.K_ESCAPE)
        frame(app)
        assert app.dialogs[-1] is d and len(app.dialogs) == 1
        assert s.req is not None and s.req.pending == pending
        assert [b.label for b in d.buttons] == labels
        _marker(app, d)  # the dialog drawn again, as it was
    finally:
        pygame.display.quit()


def test_the_match_end_is_read_whole_and_esc_leaves_it_open() -> None:
    """Russian at 640x400: the match's end, its numbers cut ("Ниже ещё 5 строк
    · V"). V shows its title and the last row of the match in
    numbers; Esc closes the reader only: the match-end card is still there
    (Esc on it would have gone to the menu), with its buttons."""
    # (over the table's area the card shows the match's end whole even at
    # 640x400: how it ended said thrice is more than it holds)
    app = open_scene("gameover", "express", "ru", (640, 400))
    try:
        s = app.session
        assert s is not None and s.banner is not None
        s.banner = dataclasses.replace(s.banner, lines=s.banner.lines * 3)
        app.pop_dialog()
        app.push_dialog(game_over_dialog(app))
        frame(app)
        d = _dialog(app, "gameover")
        labels = [b.label for b in d.buttons]
        _marker(app, d)
        key(app, pygame.K_v)
        frame(app)
        _reads(app, d.title, read_row(d._full_head or d.table[0], d.table[-1]))
        key(app, pygame.K_ESCAPE)
        frame(app)
        assert app.dialogs[-1] is d and len(app.dialogs) == 1
        assert app.mode is not None and app.mode.name != "menu"
        assert [b.label for b in d.buttons] == labels
        _marker(app, d)
    finally:
        pygame.display.quit()
