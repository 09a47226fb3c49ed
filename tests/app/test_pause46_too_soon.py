"""A key a guard does not take (pressed a moment after a card or a turn
came up, as if meant for the one before) was dropped without a word: the
player did not know to press again. It is said briefly, in the player's
language; a key taken, or one the card has no use for, says nothing."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import DT, frame, key, make_app
from tests.app.test_playfix11_game_end import (
    CUE,
    NEAR_POCKET,
    position_match,
    pot_into_foot_right,
)


def _said(app: App) -> bool:
    return app.toast is not None and app.toast[0] == app.t("common.key_too_soon")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_space_at_once_on_a_games_end_is_said_to_be_too_soon(lang: str) -> None:
    """Anna pots the 9 and wins the game: Space in the moment its card came
    up (a tap meant for the rolling shot) is not taken, and said so; once
    the moment has gone Space moves on to the next game, saying nothing."""
    app = make_app(lang)
    try:
        position_match(app, "9-ball", {0: CUE, 9: NEAR_POCKET})
        pot_into_foot_right(app, 9)
        assert app.mode is not None and app.mode.name == "game_end"
        app.toast = None
        key(app, pygame.K_SPACE)
        assert app.mode.name == "game_end" and _said(app)
        said = app.toast
        assert said is not None and said[0].strip()
        frame(app, n=int(2.5 / DT))  # brief: gone by itself
        assert app.toast is None
        key(app, pygame.K_SPACE)
        assert app.mode.name != "game_end" and not _said(app)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_number_at_once_on_the_match_card_is_said_to_be_too_soon(lang: str) -> None:
    """Race to 1: the match's card comes up. 1 (its replay) in its first
    moment is not taken and said so; 4 (a watching speed a moment before,
    nothing on this card) says nothing; 1 later opens the replay."""
    app = make_app(lang)
    try:
        position_match(app, "9-ball", {0: CUE, 9: NEAR_POCKET}, options={"race_to": 1})
        pot_into_foot_right(app, 9)
        assert [getattr(d, "kind", "") for d in app.dialogs] == ["gameover"]
        app.toast = None
        key(app, pygame.K_4)
        assert app.toast is None
        key(app, pygame.K_1)
        assert app.dialogs and _said(app)
        frame(app, n=int(2.5 / DT))
        assert app.toast is None
        key(app, pygame.K_1)
        assert app.mode is not None and app.mode.name == "replay" and not _said(app)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_space_at_once_on_the_computers_turn_is_said_to_be_too_soon(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Anna's miss, then Gordon's turn under her card: Space in its first
    moment (a second tap meant for her rolling shot) does not hurry him on,
    and says so; Space a moment later does, saying nothing."""
    from simulator.app.match import computer
    from simulator.app.screens.computer_turn import ComputerMode
    from tests.app.helpers import gordon_after_annas_miss
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang)
    try:
        gordon_after_annas_miss(monkeypatch, app)
        mode = app.mode
        assert isinstance(mode, ComputerMode) and mode.holding() and mode.settle > 0
        app.toast = None
        key(app, pygame.K_SPACE)
        assert mode.holding() and _said(app)
        frame(app, n=int(2.5 / DT))
        assert app.toast is None and mode.holding()
        key(app, pygame.K_SPACE)
        assert not mode.holding() and not _said(app)
    finally:
        pygame.display.quit()
