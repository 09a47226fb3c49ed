"""A button that came up under the resting cursor takes no press there for
ui.FRESH (a double click's second click meant for the button before): it is
shown not yet ready (veiled) for that time. "Foul gallery" came up under the
cursor after Esc from the quiz, and a click at once did nothing on a button
that looked ready."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.text import ui
from tests.app.helpers import DT, frame, key, make_app, move, quiz_on

E = pygame.event.Event


def gallery_button(app: App) -> pygame.Rect:
    from pygame_gui.elements import UIButton
    return next(el.rect for el in app.gui.get_sprite_group().sprites()
                if isinstance(el, UIButton) and el.visible
                and el.text == app.t("menu.foul_gallery"))


def brightness(app: App, rect: pygame.Rect) -> float:
    """The mean brightness of the button's face as drawn."""
    face = app.screen.subsurface(rect.inflate(-8, -8)).copy()
    return float(pygame.surfarray.array3d(face).mean())


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("ru", (800, 500))])
def test_foul_gallery_under_the_cursor_after_the_quiz_shows_when_it_takes_a_click(
        lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    app.go("practice")
    frame(app, n=2)
    spot = gallery_button(app).center
    quiz_on(app, "8ball-eight-off-table", frames=5)
    move(app, spot)
    frame(app, n=3)
    key(app, pygame.K_ESCAPE)  # back to the practice list, the cursor resting
    assert app.mode is not None and app.mode.name == "practice"
    rect = gallery_button(app)
    assert rect.collidepoint(spot)
    veiled = brightness(app, rect)
    frame(app, E(pygame.MOUSEBUTTONDOWN, pos=spot, button=1))
    frame(app, E(pygame.MOUSEBUTTONUP, pos=spot, button=1))
    assert app.mode.name == "practice" and app.refused is not None
    frame(app, n=int(ui.FRESH / DT) + 1)
    ready = brightness(app, rect)
    assert veiled < ready - 10, (veiled, ready)
    frame(app, E(pygame.MOUSEBUTTONDOWN, pos=spot, button=1))
    frame(app, E(pygame.MOUSEBUTTONUP, pos=spot, button=1))
    frame(app, n=2)
    assert app.mode.name == "gallery"


def test_a_cursor_moved_onto_the_button_is_taken_at_once_unveiled() -> None:
    app = make_app("en")
    app.go("practice")
    frame(app, n=2)
    quiz_on(app, "8ball-eight-off-table", frames=5)
    key(app, pygame.K_ESCAPE)
    spot = gallery_button(app).center
    before = brightness(app, gallery_button(app))
    move(app, spot)
    assert brightness(app, gallery_button(app)) >= before - 1  # (lit, not veiled)
    frame(app, E(pygame.MOUSEBUTTONDOWN, pos=spot, button=1))
    frame(app, E(pygame.MOUSEBUTTONUP, pos=spot, button=1))
    frame(app, n=2)
    assert app.mode is not None and app.mode.name == "gallery"
