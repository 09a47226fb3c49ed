"""Play-test: in the save dialog's name field Ctrl+A selected nothing, and
the name typed went in beside the old one. With a Russian layout SDL names
the A key by its letter «ф» (its scancode is still A's), so the field never
saw Ctrl+A, and the «ф» the key sends was typed. Ctrl with a letter key is
the Latin letter's shortcut wherever the layout gives that key none."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import saves_dir
from tests.app.helpers import after_the_break, click, frame, key, make_app

E = pygame.event.Event
# (the A key's name, the text it sends) in each layout
LAYOUTS = {"latin": (pygame.K_a, ""), "russian": (ord("ф"), "ф")}


def press(app: App, name: int, scancode: int, mod: int = 0, text: str = "") -> None:
    """One key as a real window reports it: down, the text it sends, up."""
    frame(app, E(pygame.KEYDOWN, key=name, mod=mod, unicode=text, scancode=scancode),
          *([E(pygame.TEXTINPUT, text=text)] if text else []))
    frame(app, E(pygame.KEYUP, key=name, mod=mod, unicode=text, scancode=scancode))


def ctrl_a(app: App, layout: str) -> None:
    """Ctrl held, the A key pressed, Ctrl let go before the A key (as fast
    fingers do)."""
    name, text = LAYOUTS[layout]
    ctrl: dict[str, Any] = dict(key=pygame.K_LCTRL, unicode="",
                                scancode=pygame.KSCAN_LCTRL)
    frame(app, E(pygame.KEYDOWN, mod=pygame.KMOD_LCTRL, **ctrl))
    frame(app, E(pygame.KEYDOWN, key=name, mod=pygame.KMOD_LCTRL, unicode=text,
                 scancode=pygame.KSCAN_A), *([E(pygame.TEXTINPUT, text=text)]
                                             if text else []))
    frame(app, E(pygame.KEYUP, mod=0, **ctrl))
    frame(app, E(pygame.KEYUP, key=name, mod=0, unicode=text, scancode=pygame.KSCAN_A))


def type_word(app: App, word: str) -> None:
    for ch in word:
        scan = pygame.KSCAN_A + ord(ch.lower()) - ord("a")
        press(app, ord(ch.lower()), scan, pygame.KMOD_LSHIFT if ch.isupper() else 0, ch)


def save_dialog(lang: str, size: tuple[int, int]) -> App:
    """A match after its break, its Save dialog open from the match menu."""
    app = make_app(lang, size=size)
    after_the_break(app, ["Anna", "Boris"], "8-ball", {"race_to": 3}, seed=4)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_2)
    frame(app)
    assert app.dialogs and app.dialogs[-1].entry is not None  # type: ignore[attr-defined]
    return app


@pytest.mark.parametrize("layout", ["latin", "russian"])
@pytest.mark.parametrize("size", [(800, 500), (1280, 720)], ids=["800x500", "1280x720"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_ctrl_a_then_a_name_saves_under_that_name(lang: str, size: tuple[int, int],
                                                  layout: str) -> None:
    """A click at the start of the offered name (it is no longer selected,
    the cursor before its first letter), Ctrl+A, «Evening» typed, Enter: the
    match is saved under «Evening», nothing of the old name left."""
    app = save_dialog(lang, size)
    entry = app.dialogs[-1].entry  # type: ignore[attr-defined]
    old = entry.get_text()
    click(app, (entry.rect.left + 3, entry.rect.centery))
    assert entry.is_focused and entry.select_range[0] == entry.select_range[1]
    ctrl_a(app, layout)
    assert sorted(entry.select_range) == [0, len(old)]
    type_word(app, "Evening")
    assert entry.get_text() == "Evening"
    key(app, pygame.K_RETURN)
    frame(app, n=3)
    assert not app.dialogs
    assert app.session is not None and app.session.save_name == "Evening"
    assert "Evening" in [p.stem for p in saves_dir().glob("*")]
    pygame.display.quit()


def test_a_russian_layouts_letters_are_still_typed_after_ctrl_a() -> None:
    """The «ф» of Ctrl+A is not typed; the next «ф» (Ctrl let go) is, and a
    second Ctrl+A is not taken for the first one's key still down."""
    app = save_dialog("ru", (1280, 720))
    entry = app.dialogs[-1].entry  # type: ignore[attr-defined]
    ctrl_a(app, "russian")
    press(app, ord("ф"), pygame.KSCAN_A, text="ф")
    press(app, ord("ы"), pygame.KSCAN_S, text="ы")
    assert entry.get_text() == "фы"
    ctrl_a(app, "russian")
    assert sorted(entry.select_range) == [0, 2]
    press(app, ord("в"), pygame.KSCAN_D, text="в")
    assert entry.get_text() == "в"
    pygame.display.quit()
