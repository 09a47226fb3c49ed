"""Found in play: 14.1, a match of one game, offered both "Concede the
game" and "Concede the match"."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import click_button, frame, key, make_app
from tests.app.scenes import LANGS

LOW = (800, 500)


def _shown_buttons(app: object) -> list[str]:
    """Every button label on show, greyed ones too."""
    from pygame_gui.elements import UIButton
    gui = app.gui  # type: ignore[attr-defined]
    return [el.text for el in gui.get_sprite_group().sprites()
            if isinstance(el, UIButton) and el.visible] + \
        [b.label for b in app.buttons]  # type: ignore[attr-defined]


def _pause(lang: str, size: tuple[int, int], game: str,
           options: dict[str, object]) -> tuple:
    from simulator.app.match.session import Session
    app = make_app(lang, size)
    app.session = Session.new(["Anna", "Boris"], game,
                              {"first_breaker": 0, **options}, app.locale, seed=4)
    app.go("match")
    frame(app, n=3)
    key(app, pygame.K_ESCAPE)  # the match menu
    frame(app, n=2)
    return app, app.session


@pytest.mark.parametrize("size", ((1280, 720), LOW), ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_straight_pool_offers_only_the_match_concession(
        lang: str, size: tuple[int, int]) -> None:
    """14.1 is one game: the match menu offers "Concede the match" alone, and
    its dialog asks of the match; Yes gives Boris the match."""
    app, s = _pause(lang, size, "14.1", {})
    try:
        shown = _shown_buttons(app)
        assert app.t("pause.concede_match") in shown, shown
        assert app.t("pause.concede_game") not in shown, shown
        click_button(app, app.t("pause.concede_match"))
        frame(app)
        assert app.dialogs[-1].title == app.t(  # type: ignore[attr-defined]
            "concede.match_title", name="Anna")
        click_button(app, app.t("concede.match_yes"))
        assert s.over and s.match.winner == 1
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_race_offers_both_concessions(lang: str) -> None:
    """9-ball to three games: the game and the match, each as before."""
    app, _s = _pause(lang, (1280, 720), "9-ball", {"race_to": 3})
    try:
        shown = _shown_buttons(app)
        assert app.t("pause.concede_match") in shown, shown
        assert app.t("pause.concede_game") in shown, shown
    finally:
        pygame.display.quit()
