"""Play-test 16, issue 22: the hint's aim kept by a pull, the keys' line
clear of the buttons, the foul call naming its player, the game's state
line in view beside a hint."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import frame, make_app
from tests.app.scenes import LANGS, open_scene

SIZES = ((800, 500), (1280, 720), (1600, 1000), (1920, 1080))


def _button_rects(app) -> list[pygame.Rect]:  # type: ignore[no-untyped-def]
    from pygame_gui.elements import UIButton
    widgets = [el.rect for el in app.gui.get_sprite_group().sprites()
               if isinstance(el, UIButton) and el.visible]
    return widgets + [b.rect for b in app.buttons]


# -- 2. the keys' line never under a button -----------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_menu_keys_line_clears_every_button(size: tuple[int, int],
                                                lang: str) -> None:
    """The main menu's keys' line ("Up/Down and Enter or the mouse...") at
    every window size: at 1600x1000 it ran into "Exit"."""
    app = make_app(lang, size)
    try:
        app.go("menu")
        frame(app, n=2)
        rects = _button_rects(app)
        assert len(rects) >= 11
        line = next(t for t in app.texts if t.text == app.t("menu.version_hint"))
        hit = [r for r in rects if r.colliderect(line.rect)]
        assert not hit, (line.rect, hit)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_table_keys_line_clears_every_button(size: tuple[int, int],
                                                 lang: str) -> None:
    """The keys' line under the table at every window size: no word of it
    under a button of the side column."""
    app = open_scene("table", "8ball", lang, size)
    try:
        mode = app.mode
        strip = mode.layout.strip
        words = [t.rect for t in app.texts if strip.colliderect(t.rect)]
        assert words
        rects = _button_rects(app)
        assert rects
        hit = [(w, r) for w in words for r in rects if w.colliderect(r)]
        assert not hit, hit
    finally:
        pygame.display.quit()


# -- 3. the foul call names whose foul it is ----------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", ((800, 500), (1280, 720)))
@pytest.mark.parametrize("game", ("8ball", "9ball", "14.1", "express"))
def test_the_foul_call_names_the_player_it_is_on(game: str, size: tuple[int, int],
                                                 lang: str) -> None:
    """F: the dialog's heading names the player the foul is called on (the
    one at the table): 9-ball's said only "A foul the referee saw", where
    Express's said "Foul on the last shot: Vera"."""
    app = open_scene("fouls", game, lang, size)
    try:
        s = app.session
        name = s.name(s.req.shooter)
        heads = [t for t in app.texts if t.size >= 16]
        assert any(name in t.shown for t in heads), [t.shown for t in app.texts]
    finally:
        pygame.display.quit()
