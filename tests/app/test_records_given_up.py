"""A player's page in the window counts a game given up apart from the
games played at the table ("2–0 (w/o 0–1)"), per game and head to head."""

from __future__ import annotations

import pygame
import pytest

from simulator.records.database import Records
from tests.app.helpers import card_rows, click_button, frame, make_app, open_records
from tests.records.test_given_up_page import ann_gives_one_up


@pytest.mark.parametrize(("lang", "words"), [("en", "2–0 (w/o 0–1)"),
                                             ("ru", "2–0 (сдачей 0–1)")])
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_a_players_page_shows_a_game_given_up_apart(
        lang: str, words: str, size: tuple[int, int]) -> None:
    """Ann won two games at the table and gave one up: her page reads
    2–0 and the game given up apart, not 2–1 as if all were played."""
    with Records.open() as records:
        records.record(ann_gives_one_up())
    app = make_app(lang, size)
    open_records(app)
    click_button(app, "Ann")
    assert app.mode is not None and app.mode.name == "player"
    frame(app)
    per_game = card_rows(app, 0)[-1]
    assert per_game[:4] == [app.t("game.9-ball"), "1", "0", words], per_game
    h2h = card_rows(app, 1)[-1]
    assert h2h == ["Bob", "1", "1", "0", words], h2h
    drawn = [t for t in app.texts if t.text == words]
    assert len(drawn) == 2 and not any(t.cut for t in drawn)  # drawn whole
    pygame.display.quit()
