"""The match menu (Esc) keeps one layout through a match."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import click_button, frame, key, make_app
from tests.app.scenes import LANGS

SIZES = ((1280, 720), (1100, 650), (800, 500))
SIZE_IDS = ("1280x720", "1100x650", "800x500")


def _menu_layout(app: App) -> tuple[int, list[tuple[str, tuple[int, ...]]]]:
    """The match menu just opened with Esc: its columns, and each entry's
    name and place."""
    key(app, pygame.K_ESCAPE)
    frame(app, n=2)
    d = app.dialogs[-1]
    assert d.kind == "pause"  # type: ignore[attr-defined]
    return d.cols, [(b.ident, tuple(b.rect)) for b in d.buttons]  # type: ignore


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_match_menu_keeps_its_layout_in_the_next_game(
        lang: str, size: tuple[int, int]) -> None:
    """9-ball to three: the menu opened in game 1 and again in game 2, not
    yet broken after game 1 was given up, stands in the same columns with
    every entry in the same place (the concession naming game 2 and saying
    "not yet broken" took two lines and put the menu in two columns in
    game 2, one in game 1); the entry still names game 2 and its dialog
    says it is not yet broken."""
    from simulator.app.match.session import Session
    app = make_app(lang, size)
    try:
        s = app.session = Session.new(["Anna", "Boris"], "9-ball",
                                      {"first_breaker": 0, "race_to": 3},
                                      app.locale, seed=4)
        app.go("match")
        frame(app, n=3)
        first = _menu_layout(app)
        click_button(app, app.t("pause.concede_game"))
        click_button(app, app.t("concede.game_yes"))  # Anna gives up game 1
        frame(app, n=3)
        while app.dialogs:  # the game's end card, read
            key(app, pygame.K_RETURN)
            frame(app, n=2)
        assert s.match.game_number == 2 and s.match.games_won == (0, 1)
        second = _menu_layout(app)
        assert second == first
        labels = [b.label for b in app.dialogs[-1].buttons]  # type: ignore
        assert app.t("pause.concede_next", n=2) in labels, labels
        click_button(app, app.t("pause.concede_next", n=2))
        d = app.dialogs[-1]
        assert d.body == app.t(  # type: ignore[attr-defined]
            "concede.next_body", name=s.name(s.req.shooter), n=2)  # type: ignore
    finally:
        pygame.display.quit()
