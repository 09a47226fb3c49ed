"""Play-test (pt27): buttons that came up under a resting cursor after a
screen changed. In the position editor, «Test a stroke» opened the stroke
with «Hint» under the cursor (c-74); at a club evening's end «New evening»
came up where the cursor rested (c-99). A second click of a double click
there, meant for the button before, is refused (ui.FRESH); a click a
moment later, with the cursor moved onto the button, is taken (c-82: the
first click on «Play the match» 3 s after the evening's screen opened)."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.dialogs.game_over import KEY_GUARD
from simulator.app.loop.app import App
from simulator.app.screens.editor.screen import EditorMode
from simulator.app.text import ui
from tests.app.helpers import DT, click, click_button, frame, key, move, run_until
from tests.app.test_club import give_up_whenever_at_table, new_app

E = pygame.event.Event


def press_at(app: App, pos: tuple[int, int]) -> None:
    """A click with no move before it: the cursor rests at ``pos``."""
    frame(app, E(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    frame(app, E(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def button_at(app: App, pos: tuple[int, int]) -> ui.Button:
    return next(b for b in reversed(app.buttons) if b.rect.collidepoint(pos))


def seen(app: App) -> tuple[object, ...]:
    """What a press on a button of the stroke's screen may change: the
    screen, a dialog, the buttons' words, the declarations, a hint."""
    s = app.session
    assert s is not None
    return (app.mode, len(app.dialogs), [b.label for b in app.buttons],
            dict(s.decl), s.hint_job is not None or s.hint is not None)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_button_under_the_cursor_after_a_test_stroke_waits_for_a_double_click(
        lang: str) -> None:
    """«Test a stroke» clicked where a button of the stroke's screen comes
    up («Hint» in pt27, «Safety» since the watching speeds' foot moved the
    hint down): a click at once at the same spot changes nothing (the
    button is lit to say it came early); past ui.FRESH the same click acts."""
    app = new_app(lang)
    click_button(app, app.t("menu.practice"))
    click_button(app, app.t("practice.editor"))
    assert isinstance(app.mode, EditorMode)
    from pygame_gui.elements import UIButton
    test = next(el for el in app.gui.get_sprite_group().sprites()
                if isinstance(el, UIButton) and el.text == app.t("editor.test"))
    spot = (test.rect.centerx, test.rect.centery)
    ed = app.mode
    click(app, spot)
    run_until(app, lambda: app.mode is not ed and app.buttons, limit=60)
    frame(app)
    assert button_at(app, spot).enabled
    before = seen(app)
    press_at(app, spot)
    assert seen(app) == before
    assert app.refused is not None
    frame(app, n=int(ui.FRESH / DT) + 1)
    press_at(app, spot)
    frame(app)
    assert seen(app) != before
    pygame.display.quit()


def evening_of_igor(app: App, at: float = 0.5) -> None:
    """From the menu: a club evening of Igor (a person) and a beginner
    computer begun by a click ``at`` that share of «Begin»'s width; its
    screen drawn."""
    click_button(app, app.t("club.menu_evening"))
    app.mode.entry.set_text("Igor")  # type: ignore[union-attr]
    click_button(app, app.t("club.add_person"))
    click_button(app, app.t("club.add_cpu", level=app.t("cpu.level.beginner")))
    frame(app)
    begin = next(b for b in app.buttons if b.ident == "begin").rect
    click(app, (begin.left + int(begin.width * at), begin.centery))
    frame(app)
    assert app.mode is not None and app.mode.name == "evening"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_new_evening_under_the_cursor_at_the_evenings_end_waits_for_a_double_click(
        lang: str) -> None:
    """Igor concedes the evening's one match; the cursor rests where he
    clicked «Play the match» and 1 on the match's card (its key for going
    back, the first of a card with no replay) goes back to the evening: «New evening» comes up under the cursor (pt27 c-99). A click
    at once at the same spot is refused (lit); past ui.FRESH it opens the
    new evening's setup."""
    app = new_app(lang)
    evening_of_igor(app)
    spot = next(b for b in app.buttons if b.ident == "play_next").rect.center
    click(app, spot)
    give_up_whenever_at_table(app, "pause.concede_match", "concede.match_yes")
    move(app, spot)
    frame(app, n=int(KEY_GUARD / DT) + 1)  # (the card's numbers wait)
    key(app, pygame.K_1)
    frame(app)
    assert app.mode is not None and app.mode.name == "evening" and not app.dialogs
    assert button_at(app, spot).ident == "new_evening"
    press_at(app, spot)
    assert app.mode.name == "evening" and app.refused is not None
    frame(app, n=int(ui.FRESH / DT) + 1)
    press_at(app, spot)
    frame(app)
    assert app.mode.name == "evening_setup"
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("wait", [1.0, 3.0])
@pytest.mark.parametrize("at", [0.06, 0.5, 0.99])
def test_a_click_on_play_the_match_a_moment_after_the_evening_opened_is_taken(
        lang: str, wait: float, at: float) -> None:
    """pt27 c-82: «Begin the evening» clicked (on the spot where «Play the
    match» comes, or beside it), the evening's screen resting ``wait``
    seconds (the window resting: a frame every REST_STEP), then the cursor
    moved onto «Play the match» and clicked as xdotool does (the move, the
    press and the release in one pass of the loop): the match opens."""
    app = new_app(lang)
    evening_of_igor(app, at)
    passes = 0.0
    while passes < wait:
        app.step([], 1 / 60)
        passes += 1 / 60
    play = next(b for b in app.buttons if b.ident == "play_next")
    to = (play.rect.centerx, play.rect.centery)
    app.step([E(pygame.MOUSEMOTION, pos=to, rel=(0, 0), buttons=(0, 0, 0)),
              E(pygame.MOUSEBUTTONDOWN, pos=to, button=1),
              E(pygame.MOUSEBUTTONUP, pos=to, button=1)], 1 / 60)
    frame(app)
    assert app.mode is not None and app.mode.name not in ("evening", "evening_setup")
    pygame.display.quit()
