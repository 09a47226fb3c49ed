"""A player's page with no rating says so, and what brings one: a game
played out (a game given up is not rated), not "Rating no rating yet"."""

from __future__ import annotations

import pygame
import pytest

from rules.referee import Match
from simulator.records.club import match_record, seats_of
from simulator.records.database import Records
from tests.app.helpers import click_button, frame, make_app, open_records
from tests.records.helpers import give_game


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_page_without_a_rating_says_what_brings_one(lang: str) -> None:
    m = Match(["Ann", "Bob"], "9-ball", {"race_to": 1}, 5)
    give_game(m, 1)
    assert m.over and m.winner == 1
    with Records.open() as records:
        records.record(match_record(m, seats_of(m.players)))
    app = make_app(lang, (800, 500))
    open_records(app)
    click_button(app, "Ann")
    assert app.mode is not None and app.mode.name == "player"
    frame(app)
    head = app.t("club.page_head_unrated", matches=app.t("club.matches_n", n=1),
                 won=0, lost=1, rating="")
    shown = [t for t in app.texts if t.text == head]
    assert shown, [t.text for t in app.texts][:4]
    assert not shown[0].cut  # whole at 800x500
    words = " ".join(t.text for t in app.texts)
    assert "Rating no rating" not in words and "Рейтинг рейтинга" not in words
    pygame.display.quit()
