"""The foul gallery's list: Play (the button or Enter) plays the row picked
with a click, also a row clicked again (the one marked on coming back from
its clip with Esc: pygame_gui dropped its mark, and Play played the first
clip), after the list was scrolled, and after a clip and Esc another row."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.gallery import GalleryListMode, GalleryPlayMode
from tests.app.helpers import click, click_button, frame, key, make_app, move


def listed(app: App) -> GalleryListMode:
    frame(app, n=2)
    g = app.mode
    assert isinstance(g, GalleryListMode)
    return g


def pick(app: App, row: int) -> None:
    """A click on the list's row ``row`` where it is drawn."""
    g = listed(app)
    button = g.list.item_list[row]["button_element"]
    assert button is not None, "the row is not in view"
    click(app, button.rect.center)
    frame(app, n=2)


def played(app: App) -> int:
    frame(app, n=2)
    assert isinstance(app.mode, GalleryPlayMode)
    return app.mode.index


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_the_row_back_from_its_clip_clicked_again_is_played(
        size: tuple[int, int]) -> None:
    app = make_app("en", size)
    app.switch(GalleryListMode(app))
    pick(app, 3)
    click_button(app, "Play")
    assert played(app) == 3
    key(app, pygame.K_ESCAPE)
    pick(app, 3)  # marked already: the click keeps it marked
    assert listed(app).list.get_single_selection() == listed(app).items[3]
    click_button(app, "Play")
    assert played(app) == 3


def test_a_row_clicked_twice_slowly_plays_with_enter() -> None:
    app = make_app("en")
    app.switch(GalleryListMode(app))
    pick(app, 2)
    frame(app, n=40)  # (not a double click)
    pick(app, 2)
    key(app, pygame.K_RETURN)
    assert played(app) == 2


def test_after_scrolling_and_after_esc_another_row_clicked_twice() -> None:
    app = make_app("en", (800, 500))
    app.switch(GalleryListMode(app))
    g = listed(app)
    move(app, g.list.rect.center)
    for _ in range(3):
        frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                      precise_x=0.0, precise_y=-1.0))
    g = listed(app)
    row = len(g.items) - 2
    pick(app, row)
    frame(app, n=40)
    pick(app, row)  # once more, to be sure
    click_button(app, "Play")
    assert played(app) == row
    key(app, pygame.K_ESCAPE)
    pick(app, row - 1)
    pick(app, row - 1)
    key(app, pygame.K_RETURN)
    assert played(app) == row - 1


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_play_says_at_once_that_the_clip_is_being_prepared(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Working out a clip's shot holds the window (6-9 s on a loaded
    machine) and nothing said the click was taken: the words are drawn
    and shown before the work starts."""
    from simulator.app.screens import gallery
    from simulator.app.text import ui
    app = make_app(lang, (1280, 720))
    app.switch(GalleryListMode(app))
    pick(app, 4)
    flips: list[int] = []
    real_flip = pygame.display.flip
    monkeypatch.setattr(pygame.display, "flip",
                        lambda: (flips.append(1), real_flip())[1])
    seen: list[tuple[int, list[str]]] = []
    real_init = gallery.GalleryPlayMode.__init__

    def init(self: GalleryPlayMode, *a: object, **k: object) -> None:
        seen.append((len(flips), [r.text for r in ui.FRAME.texts]))
        real_init(self, *a, **k)  # type: ignore[arg-type]
    monkeypatch.setattr(gallery.GalleryPlayMode, "__init__", init)
    click_button(app, app.t("gallery.play"))
    assert played(app) == 4
    (flipped, texts), = seen
    assert flipped >= 1  # shown, not only drawn
    words = " ".join(texts)
    assert " ".join(app.t("gallery.preparing").split()[:2]) in words, words
