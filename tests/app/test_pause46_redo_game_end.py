"""A redo that makes a game's last shot again said «Бьёт Компьютер» /
"Computer to shoot" over the game's end card: it says the game is over and
who breaks the next one; a redo that ends the match says so."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from tests.app.helpers import frame, key, make_app
from tests.app.test_playfix11_game_end import (
    CUE,
    NEAR_POCKET,
    position_match,
    pot_into_foot_right,
)
from tests.app.test_save43_undo_words import toast_said

SAID = {
    "en": ("Redone: a shot by Anna. Game over — Gordon breaks next.",
           "Redone: a shot by Anna. The match is over."),
    "ru": ("Возвращено: Anna — удар. Партия окончена, разбивает Gordon.",
           "Возвращено: Anna — удар. Матч окончен."),
}


def _won_then_undone_and_redone(app: App, race_to: int) -> Session:
    """9-ball, Anna against Gordon (a computer), the loser breaking (general
    rule 29, the organisers' choice): Anna pots the 9 and wins the game;
    U takes it back, Y makes it again."""
    app.settings.allow_undo = True
    s = position_match(app, "9-ball", {0: CUE, 9: NEAR_POCKET},
                       players=("Anna", "cpu:club:Gordon"),
                       options={"break_order": "loser", "race_to": race_to})
    pot_into_foot_right(app, 9)
    r = s.last_ruling
    assert r is not None and r.game_over
    key(app, pygame.K_u)
    frame(app, n=30)
    assert not s.match.history and app.mode is not None and app.mode.name == "aiming"
    key(app, pygame.K_y)
    frame(app)
    assert len(s.match.history) == 1
    return s


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_redo_at_a_games_end_says_it_is_over_and_who_breaks(lang: str) -> None:
    app = make_app(lang)
    try:
        s = _won_then_undone_and_redone(app, 2)
        assert app.mode is not None and app.mode.name == "game_end"
        assert s.name(1) == "Gordon"
        said = toast_said(app)
        assert said == SAID[lang][0], said
        assert app.t("undo.said.next_shoot", name="Gordon") not in said
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_redo_that_ends_the_match_says_so(lang: str) -> None:
    app = make_app(lang)
    try:
        s = _won_then_undone_and_redone(app, 1)
        assert s.over
        assert toast_said(app) == SAID[lang][1]
    finally:
        pygame.display.quit()
