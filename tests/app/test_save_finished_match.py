"""A finished match could not be saved under a name: its end card offered a
replay, a new match, the main menu and Undo, Esc left for the main menu and
Ctrl+Shift+S did nothing under the card. The card offers "Save the match…"
(S, Ctrl+Shift+S as at the table, and a click); the name typed is saved, the
letter that opened it is not typed into the name, and the end card is back
under it, saved or cancelled. (Its fifth button stands beside the others,
not over a row of the match's figures: tests/app/test_stats46_column.py,
test_stats51_table_area.py.)"""

from __future__ import annotations

import pygame
import pytest

from simulator.app.dialogs.base import Dialog
from simulator.app.match.session import saves_dir
from tests.app.helpers import (
    after_the_break,
    button_labels,
    click_button,
    concede_match,
    frame,
    key,
    make_app,
)

E = pygame.event.Event


def _end_card(app: object) -> Dialog:
    d = app.dialogs[-1]  # type: ignore[attr-defined]
    assert isinstance(d, Dialog) and d.kind == "gameover", d
    return d


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("ru", (800, 500))])
def test_the_end_card_saves_the_match_under_a_name(lang: str,
                                                   size: tuple[int, int]) -> None:
    app = make_app(lang, size=size)
    try:
        after_the_break(app, ["Anna", "Boris"], "8-ball", {"race_to": 1}, seed=4)
        card = concede_match(app)
        label = app.t("pause.save")
        assert label in button_labels(app), button_labels(app)
        assert any(b.key == "S" for b in card.buttons if b.label == label)
        frame(app, n=60)  # (past the card's guard on keys)
        # S as the keyboard gives it: down, its text, up.
        frame(app, E(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0))
        frame(app, E(pygame.TEXTINPUT, text="s"))
        frame(app, E(pygame.KEYUP, key=pygame.K_s, mod=0, unicode="s", scancode=0))
        frame(app)
        named = app.dialogs[-1]
        assert named.entry is not None, named  # type: ignore[attr-defined]
        offered = named.entry.get_text()  # type: ignore[attr-defined]
        assert not offered.startswith("s"), offered
        key(app, pygame.K_a, pygame.KMOD_CTRL)
        key(app, pygame.K_BACKSPACE)
        for ch in "Final":
            frame(app, E(pygame.TEXTINPUT, text=ch))
        key(app, pygame.K_RETURN)
        frame(app, n=3)
        assert any(p.stem == "Final" for p in saves_dir().glob("*.json")), \
            list(saves_dir().glob("*"))
        # The end card is back, its buttons live.
        _end_card(app)
        assert label in button_labels(app)
        # Cancelled the second time: the card is still there.
        click_button(app, label)
        frame(app, n=2)
        assert app.dialogs[-1].entry is not None  # type: ignore[attr-defined]
        key(app, pygame.K_ESCAPE)
        frame(app, n=2)
        _end_card(app)
    finally:
        pygame.display.quit()


def test_ctrl_shift_s_asks_a_name_under_the_end_card() -> None:
    """Ctrl+Shift+S, the save under a name at the table, does the same
    under the match's end card: the name is asked, Esc gives the card back."""
    app = make_app("en", size=(1280, 720))
    try:
        after_the_break(app, ["Anna", "Boris"], "8-ball", {"race_to": 1}, seed=4)
        concede_match(app)
        frame(app, n=60)
        key(app, pygame.K_s, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
        frame(app)
        assert app.dialogs[-1].entry is not None, app.dialogs  # type: ignore[attr-defined]
        key(app, pygame.K_ESCAPE)
        frame(app, n=2)
        _end_card(app)
    finally:
        pygame.display.quit()
