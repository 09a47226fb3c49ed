"""Play-test: buttons that change under a resting mouse. A button that came
up under the cursor where it rests (another screen's, or one that took
another's place) takes no press for a moment (ui.FRESH): the click was
meant for the button before it. The same spot takes a press once that
moment is over, or at once for a cursor brought there."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import computer
from simulator.app.screens.computer_turn import ComputerMode, ComputerPlayMode
from simulator.app.text import ui
from tests.app.helpers import (
    DT,
    click_button,
    frame,
    gordon_after_annas_miss,
    key,
    make_app,
    move,
    run_until,
)
from tests.app.test_club import set_up_evening

E = pygame.event.Event


def press_where_it_rests(app: App) -> None:
    """A click at the resting cursor, the mouse not moved: press and release."""
    assert app.mouse is not None
    frame(app, E(pygame.MOUSEBUTTONDOWN, pos=app.mouse, button=1))
    frame(app, E(pygame.MOUSEBUTTONUP, pos=app.mouse, button=1))


def evening_in(lang: str, size: tuple[int, int] = (1280, 720)) -> App:
    """A club evening of three computers set up (in English) in a window of
    ``size``, its screen then in ``lang``."""
    app = make_app(size=size)
    app.settings.watch = "skip"
    app.go("menu")
    frame(app)
    set_up_evening(app, ["beginner", "club", "beginner"])
    app.set_language(lang)
    frame(app)
    return app


def under(app: App) -> list[str]:
    assert app.mouse is not None
    return [b.ident for b in app.buttons if b.rect.collidepoint(app.mouse)]


def annas_turn_after_gordons(monkeypatch: pytest.MonkeyPatch,
                             at: tuple[int, int] | None = None
                             ) -> tuple[App, dict[str, pygame.Rect]]:
    """Russian at 800x500: Anna misses, Gordon thinks (his 4× in the row of
    small buttons), plays his stroke at 4× and misses; the frame Anna's
    turn comes up. ``at``: where the cursor rests from Gordon's thinking
    on. Gordon's last watch buttons while he thought, by name."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app("ru", size=(800, 500))
    gordon_after_annas_miss(monkeypatch, app, watch="4")
    watch: dict[str, pygame.Rect] = {}
    for _ in range(40):
        frame(app)
        if app.dialogs or not isinstance(app.mode, ComputerMode | ComputerPlayMode):
            break
        if type(app.mode) is ComputerMode:  # (thinking: its small buttons)
            watch = {b.ident: b.rect for b in app.buttons
                     if b.ident.startswith("watch")}
            if at is not None and app.mouse != at:
                move(app, at)
        run_until(app, lambda m=app.mode: app.mode is not m or bool(app.dialogs),
                  limit=6000)
    assert app.mode is not None and app.mode.name in ("aiming", "placing")
    return app, watch


def test_a_click_on_4x_as_the_computers_turn_ends_opens_no_replay(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Gordon's turn ends under the cursor resting on one of his watch
    buttons. The speeds' room stays on Anna's turn, empty (this test
    expected a button of hers there, her "Replay" where 4x was, refused a
    while; then the speeds themselves): none of hers meets where his were,
    and her click on the spot where 2x rests opens nothing and changes
    nothing (his speed stays 4x)."""
    from simulator.app.screens.match_keys import watch_key
    first, watch = annas_turn_after_gordons(monkeypatch)
    hers = [b.rect.copy() for b in first.buttons if b.enabled]
    pygame.display.quit()
    assert hers and not any(r.colliderect(h) for r in watch.values() for h in hers)
    app, _ = annas_turn_after_gordons(monkeypatch, at=watch["watch2"].center)
    frame(app)
    assert under(app) == []
    turn = app.mode
    press_where_it_rests(app)
    frame(app)
    assert app.mode is turn and not app.dialogs and app.refused is None
    assert watch_key(app) == "4"
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_back_from_the_records_then_a_click_abandons_nothing(lang: str) -> None:
    """The club evening's «Записи игроков», and «Вернуться к вечеру» on the
    records: a second click where the cursor rests (a double click on
    either) neither leaves the records for the main menu nor asks to abandon
    the evening."""
    app = evening_in(lang)
    click_button(app, app.t("club.records"))
    assert app.mode is not None and app.mode.name == "records"
    frame(app)
    press_where_it_rests(app)
    assert app.mode.name == "records" and not app.dialogs
    click_button(app, app.t("club.to_evening"))
    assert app.mode.name == "evening"
    frame(app)
    press_where_it_rests(app)
    assert app.mode.name == "evening" and not app.dialogs
    pygame.display.quit()


def test_a_button_the_cursor_is_brought_to_takes_the_first_click() -> None:
    """A screen opened with the cursor elsewhere: the first click on its
    button, the cursor brought there, is taken at once (the guard is for a
    cursor at rest)."""
    app = evening_in("ru")
    move(app, (2, 2))
    app.go("records", back="evening")
    frame(app)
    b = next(b for b in app.buttons if b.ident == "back")
    move(app, b.rect.center)
    press_where_it_rests(app)
    assert app.mode is not None and app.mode.name == "evening"
    pygame.display.quit()


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)], ids=["800x500", "1280x720"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_records_way_back_stands_where_the_evening_had_records(
        lang: str, size: tuple[int, int]) -> None:
    """From the evening's «Записи игроков» the cursor lands on the records'
    «Вернуться к вечеру», never on «Главное меню»; back on the evening it
    rests on «Записи игроков», never on «Прервать вечер» or «Главное меню»."""
    app = evening_in(lang, size)
    records = next(b for b in app.buttons if b.ident == "records").rect.copy()
    click_button(app, app.t("club.records"))
    assert app.mode is not None and app.mode.name == "records"
    frame(app)
    assert under(app) == ["back"]
    menu = next(b for b in app.buttons if b.ident == "menu").rect
    assert not menu.colliderect(records)
    click_button(app, app.t("club.to_evening"))
    assert app.mode.name == "evening"
    frame(app)
    assert under(app) == ["records"]
    pygame.display.quit()


def test_a_menu_button_come_up_under_the_resting_cursor_waits_too() -> None:
    """The main menu's buttons (widgets, not drawn ones) keep the same
    guard: Esc from the evening brings the menu up with «Записи игроков»
    under the resting cursor; a click at once is refused, a moment later
    taken."""
    app = evening_in("ru")
    app.go("menu")
    frame(app)
    spot = widget_rect(app, app.t("club.menu_records")).center
    app.go("evening")
    frame(app)
    move(app, spot)
    assert under(app) == []
    key(app, pygame.K_ESCAPE)
    assert app.mode is not None and app.mode.name == "menu"
    press_where_it_rests(app)
    assert app.mode.name == "menu"
    assert app.refused is not None and app.refused[0].collidepoint(spot)
    frame(app, n=int(ui.FRESH / DT) + 1)
    press_where_it_rests(app)
    frame(app)
    assert app.mode.name == "records"
    pygame.display.quit()


def widget_rect(app: App, text: str) -> pygame.Rect:
    from pygame_gui.elements import UIButton
    return next(el.rect for el in app.gui.get_sprite_group().sprites()
                if isinstance(el, UIButton) and el.visible and el.text == text)
