"""The match in numbers after a concession, as a referee reads it: the game
given up is lost by who gave it up (8-ball 15, 9-ball 4), so the other's
win is on the card, on a row of its own under the wins at the table; a game
with no declared safety (9-ball, Express) has no row of safeties."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.stats import stats_table
from tests.app.helpers import (
    against_gordon,
    asked_to_concede_match,
    concede_at_turn,
    concede_match,
    drawn_words,
    frame,
    key,
    make_app,
    run_until,
)


def rows_of(app: App) -> dict[str, tuple[str, ...]]:
    table = getattr(app.dialogs[-1], "table", None)
    assert table, app.dialogs
    return {r[0]: tuple(r[1:]) for r in table[1:]}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_match_given_up_shows_the_win_by_concession(lang: str) -> None:
    app = make_app(lang, (800, 500))
    try:
        s = against_gordon(app, race_to=3)
        concede_at_turn(app, "match")
        assert s.over and s.match.winner == 1
        run_until(app, lambda: bool(app.dialogs), limit=300)
        rows = rows_of(app)
        assert rows[app.t("evening.stat_games")] == ("0", "0")
        assert rows[app.t("evening.stat_games_wo")] == ("0", "1")
        # 8-ball 9: a safety may be declared, so they are counted.
        assert app.t("evening.stat_safeties") in rows
        # Read whole (V): the row is on screen.
        key(app, pygame.K_v)
        frame(app, n=2)
        words = drawn_words(app)
        assert app.t("evening.stat_games_wo").lower() in words.lower(), words
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_safeties_row_where_none_can_be_declared(lang: str) -> None:
    app = make_app(lang, (800, 500))
    try:
        asked_to_concede_match(app, ["Anna", "Boris"], "9-ball",
                               {"first_breaker": 0, "race_to": 3})
        concede_match(app, asked=True)
        rows = rows_of(app)
        assert app.t("evening.stat_safeties") not in rows
        assert rows[app.t("evening.stat_games_wo")] == ("0", "1")
        express = Session.new(["Anna", "Boris", "Vera"], "express", {}, app.locale,
                              seed=4)
        assert not express.match.discipline.info.calls.safety
        labels = [r[0] for r in stats_table(app, express)]
        assert app.t("evening.stat_safeties") not in labels
        assert app.t("evening.stat_fouls") in labels
    finally:
        pygame.display.quit()
