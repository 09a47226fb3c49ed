"""Play-test: «Сохранить матч…» in the match's menu opened the name dialog
with the cursor resting on «Отмена» (its Cancel came up where the menu's
entry had been). The cursor rests on nothing of the dialog's but the name
field or Save, and a name typed with Enter saves under it."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import saves_dir
from tests.app.helpers import after_the_break, click, frame, key, make_app

E = pygame.event.Event
NAME = "Вечерняя партия"


def type_and_enter(app: App) -> None:
    """The dialog's name cleared as a person would (select all, delete),
    ``NAME`` typed, then Enter."""
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    key(app, pygame.K_BACKSPACE)
    for ch in NAME:
        frame(app, E(pygame.TEXTINPUT, text=ch))
    key(app, pygame.K_RETURN)
    frame(app, n=3)


def save_from_the_menu(app: App, share: float) -> None:
    """Esc, then a click on «Сохранить матч…» ``share`` of the way down it."""
    key(app, pygame.K_ESCAPE)
    frame(app)
    entry = next(b.rect for b in app.buttons if b.ident == "pause_save")
    click(app, (entry.centerx, entry.top + int(entry.height * share)))
    frame(app)
    assert app.dialogs and app.dialogs[-1].entry is not None  # type: ignore[attr-defined]


@pytest.mark.parametrize("rival", ["Boris", "cpu:club:Gordon"])
@pytest.mark.parametrize("size", [(800, 500), (1280, 720)], ids=["800x500", "1280x720"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_after_save_the_match_the_cursor_is_not_on_cancel_and_enter_saves(
        lang: str, size: tuple[int, int], rival: str) -> None:
    """Esc, then a click anywhere on «Сохранить матч…» (its top, middle and
    foot): the resting cursor is on no button of the name dialog but Save.
    The name typed at once and Enter save the match under it; no dialog is
    left open."""
    app = make_app(lang, size=size)
    after_the_break(app, ["Anna", rival], "8-ball", {"race_to": 3}, seed=4)
    for share in (0.1, 0.5, 0.9):
        save_from_the_menu(app, share)
        assert app.mouse is not None
        under = [b.label for b in app.buttons if b.rect.collidepoint(app.mouse)]
        assert set(under) <= {app.t("save.button")}, (share, under)
        if share < 0.9:
            key(app, pygame.K_ESCAPE)
            assert not app.dialogs
    type_and_enter(app)
    assert not app.dialogs
    names = [p.stem for p in saves_dir().glob("*")]
    assert any(NAME in n for n in names), names
    assert app.session is not None and app.session.save_name == NAME
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_save_the_matchs_key_then_a_name_and_enter_save(lang: str) -> None:
    """Esc, 2 (the menu's key for «Сохранить матч…»), a name and Enter."""
    app = make_app(lang, size=(1280, 720))
    after_the_break(app, ["Anna", "Boris"], "8-ball", {"race_to": 3}, seed=4)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_2)
    frame(app)
    type_and_enter(app)
    assert not app.dialogs
    assert app.session is not None and app.session.save_name == NAME
    assert any(NAME in p.stem for p in saves_dir().glob("*"))
    pygame.display.quit()


def open_save_by_its_key(app: App) -> str:
    """Esc, then 2 as the keyboard gives it (down, its text, up): the save
    dialog, whose offered name is returned."""
    key(app, pygame.K_ESCAPE)
    frame(app, E(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2", scancode=0))
    frame(app, E(pygame.TEXTINPUT, text="2"))
    frame(app, E(pygame.KEYUP, key=pygame.K_2, mod=0, unicode="2", scancode=0))
    frame(app)
    d = app.dialogs[-1]
    assert d.entry is not None
    return d.entry.get_text()


def selection_pixels(rect: pygame.Rect) -> int:
    """Pixels of the window in the theme's selection colour within ``rect``."""
    screen = pygame.display.get_surface()
    assert screen is not None
    return sum(1 for x in range(rect.left, rect.right)
               for y in range(rect.top, rect.bottom)
               if tuple(screen.get_at((x, y)))[:3] == (0x1F, 0x6B, 0x48))


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_offered_name_is_replaced_by_the_first_letter_typed(lang: str) -> None:
    """Play-test: typing «Вечер Анна» into the save dialog gave «Анна –
    Компьютер (мастер), ВосьмёркаВечер Анна». The name offered is shown
    selected, the letters typed replace it, Enter saves under exactly them."""
    app = make_app(lang, size=(800, 500))
    after_the_break(app, ["Anna", "cpu:club:Gordon"], "8-ball", {"race_to": 3}, seed=4)
    offered = open_save_by_its_key(app)
    assert offered and not offered.startswith("2")
    entry = app.dialogs[-1].entry
    assert entry is not None
    assert sorted(entry.select_range) == [0, len(offered)]
    assert selection_pixels(entry.rect) > entry.rect.width * 5  # drawn highlighted
    for ch in "Вечер Анна":
        frame(app, E(pygame.TEXTINPUT, text=ch))
    assert entry.get_text() == "Вечер Анна"
    frame(app)
    assert selection_pixels(entry.rect) == 0
    key(app, pygame.K_RETURN)
    frame(app, n=3)
    assert not app.dialogs
    assert app.session is not None and app.session.save_name == "Вечер Анна"
    assert [p.stem for p in saves_dir().glob("*")] == ["Вечер Анна"]
    pygame.display.quit()


def test_enter_at_once_saves_under_the_offered_name() -> None:
    app = make_app("ru", size=(800, 500))
    after_the_break(app, ["Anna", "Boris"], "8-ball", {"race_to": 3}, seed=4)
    offered = open_save_by_its_key(app)
    key(app, pygame.K_RETURN)
    frame(app, n=3)
    assert not app.dialogs
    assert app.session is not None and app.session.save_name == offered
    pygame.display.quit()


def test_an_arrow_keeps_the_offered_name_to_edit_in_place() -> None:
    """End (or an arrow) deselects: what is typed then goes after the name."""
    app = make_app("ru", size=(800, 500))
    after_the_break(app, ["Anna", "Boris"], "8-ball", {"race_to": 3}, seed=4)
    offered = open_save_by_its_key(app)
    key(app, pygame.K_END)
    for ch in " 2":
        frame(app, E(pygame.TEXTINPUT, text=ch))
    entry = app.dialogs[-1].entry
    assert entry is not None and entry.get_text() == offered + " 2"
    pygame.display.quit()
