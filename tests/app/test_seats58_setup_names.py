"""A seat's name and its computer level on the setup screen: Boris, typed
for seat 2 and played one match, was "Компьютер (сильный)" once the next
match's setup made his seat a computer (the name kept from the last match
was cleared). A name the seat has stays with the computer and with the
person again; only an empty seat takes the computer's words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import click_button, frame, key, make_app
from tests.app.scenes import LANGS
from tests.app.test_playfix17_setup_words import level, pick, type_into
from tests.app.test_playfix18a_setups import setup_after_restart

SIZES = [(1280, 720), (800, 500)]


def new_match_setup(app: App) -> Any:
    """The main menu's New match, by its button."""
    app.go("menu")
    frame(app)
    click_button(app, app.t("menu.new_match"))
    frame(app, n=2)
    assert app.mode is not None and app.mode.name == "setup"
    return app.mode


def typed_match(app: App) -> None:
    """Anna and Борис typed into the setup's seats, the match started."""
    setup = new_match_setup(app)
    type_into(app, setup.entries[0], "Anna")
    type_into(app, setup.entries[1], "Борис")
    click_button(app, app.t("setup.start"))
    frame(app, n=2)
    assert app.session is not None and app.session.names == ("Anna", "Борис")


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_a_name_kept_from_the_last_match_stays_with_a_computer(
        lang: str, size: tuple[int, int], tmp_path: Path) -> None:
    """Борис typed and played; the next setup offers Борис in seat 2, and
    the club level chosen for the seat keeps him: the entry still says
    Борис, the match is played by Борис the club player, not "Computer
    (club player)". Made a person again, the seat says Борис too."""
    app = make_app(lang, size)
    app.settings_path = tmp_path / "settings.json"
    typed_match(app)
    setup = new_match_setup(app)
    assert setup.entries[1].get_text() == "Борис"
    pick(app, setup.menus["seat1"], level(app, "club"))
    setup = app.mode
    assert setup.kinds[1] == "club"
    assert setup.entries[1].get_text() == "Борис"
    pick(app, setup.menus["seat1"], app.t("setup.person"))
    setup = app.mode
    assert setup.kinds[1] == "" and setup.entries[1].get_text() == "Борис"
    pick(app, setup.menus["seat1"], level(app, "club"))
    click_button(app, app.t("setup.start"))
    frame(app, n=2)
    s = app.session
    assert s is not None and s.names == ("Anna", "cpu:club:Борис")
    assert s.is_computer(1) and s.name(1) == "Борис"
    pygame.display.quit()

    # The game started again: the computer named Борис sits in seat 2, and
    # made a person he is Борис still.
    app, setup = setup_after_restart(lang, tmp_path / "settings.json")
    assert setup.kinds[1] == "club" and setup.entries[1].get_text() == "Борис"
    pick(app, setup.menus["seat1"], app.t("setup.person"))
    assert app.mode.entries[1].get_text() == "Борис"  # type: ignore[union-attr]
    pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_only_an_empty_or_numbered_seat_takes_the_computers_words(
        lang: str) -> None:
    """Seat 1 left empty and seat 2 typed as the words "Player 2" (the
    seat's own default): both made club players are "Computer 1 (club
    player)" and "Computer 2 (club player)", their entries empty."""
    from simulator.app.match.computer import seat_words
    app = make_app(lang)
    setup = new_match_setup(app)
    type_into(app, setup.entries[1], app.t("setup.player_n", n=2))
    for i in (0, 1):
        pick(app, app.mode.menus[f"seat{i}"], level(app, "club"))  # type: ignore[union-attr]
    setup = app.mode
    assert [e.get_text() for e in setup.entries] == ["", ""]
    seats = setup.numbered()
    assert [e.placeholder_text for e in setup.entries] == \
        [seat_words(app.locale, s, seats) for s in seats]
    key(app, pygame.K_ESCAPE)
    pygame.display.quit()
