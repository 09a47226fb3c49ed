"""The match's end card over the table's area (in the side column its
table was cramped, with a legend of seven lines, beside an empty table):
the match in numbers laid out for the card's width (a row per player under
the figures' headings where the whole names have no room over columns);
names in whole words."""

from __future__ import annotations

import os
from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import (
    asked_to_concede_match,
    concede_match,
    frame,
    make_app,
)
from tests.app.stats_card import stats_card_problems

SIZES = [(1280, 720), (800, 500)]
LANGS = ["ru", "en"]
SHOTS = os.environ.get("KIY_STATS_SHOTS")  # a folder: save each card as seen


def _express_end(app: App, names: list[str]) -> None:
    """An Express match of ``names``: after the break each player but the
    last leaves in turn (R21), and the match's end card is on the screen."""
    from simulator.app.loop.launch import break_shot
    from simulator.app.match.session import Session
    s = Session.new(names, "express", {}, app.locale, seed=3)
    app.session = s
    app.go("match")
    frame(app, n=2)
    break_shot(app)
    while not s.over:
        s.call_foul("loss.conceded")
    app.go("match")
    frame(app, n=4)


def _save(app: App, name: str) -> None:
    if SHOTS:
        pygame.image.save(app.screen, os.path.join(SHOTS, f"{name}.png"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("names", [["Александра Константинопольская", "cpu:club"],
                                   ["Анна Каренина", "Борис Годунов"]])
def test_the_end_card_of_a_conceded_match_is_over_the_table(
        lang: str, size: tuple[int, int], names: list[str]) -> None:
    """The card with the match in numbers over the table's area: every
    name whole on a line, every figure in view without scrolling."""
    app = make_app(lang, size)
    try:
        asked_to_concede_match(app, names, "8-ball", {"race_to": 3})
        d: Any = concede_match(app, asked=True)
        _save(app, f"concede_{lang}_{size[0]}_{len(names[0])}")
        assert not stats_card_problems(app), stats_card_problems(app)
        assert not d.cut
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [3, 8])
def test_an_express_end_card_reads_every_player_over_the_table(
        lang: str, size: tuple[int, int], n: int) -> None:
    """An Express match of 3 or 8 seats, people and computers: each player
    named on a row of their own in whole words, nothing to scroll (eight
    seats scrolled in the side column)."""
    names = ["Анна Каренина", "cpu:club", "Борис", "cpu:strong", "Игрок 5",
             "Александра Константинопольская", "cpu:pro", "Вера"][:n]
    app = make_app(lang, size)
    try:
        _express_end(app, names)
        d: Any = app.dialogs[-1]
        assert d.kind == "gameover", [x.kind for x in app.dialogs]
        _save(app, f"express{n}_{lang}_{size[0]}")
        assert not stats_card_problems(app), stats_card_problems(app)
        assert not d.cut
        drawn = [t for t in app.texts if d.rect.contains(t.rect)]
        assert not [t.shown for t in drawn if t.shown.endswith("-")], drawn
    finally:
        pygame.display.quit()
