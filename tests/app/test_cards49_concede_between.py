"""The match conceded between games (game 1 over, game 2 racked, not yet
broken): the referee counts game 2 as conceded and lost (9-ball rule 4, the
score counts the one given up with the match), and the card says that game
2, not yet broken, was conceded, not "the game in progress is lost"."""

from __future__ import annotations

import pygame
import pytest

from rules.codes import n9
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.app.text.words import ref_text
from tests.app.helpers import click_button, concede_match, frame, make_app


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_match_conceded_before_game_2_is_broken_says_game_2_is_conceded(
        lang: str) -> None:
    app = make_app(lang)
    try:
        # (the loser breaks: Boris gives game 1 up, breaks game 2, and at
        # the table gives the match up before his break)
        s = Session.new(["Anna", "Boris"], "9-ball",
                        {"first_breaker": 0, "race_to": 3, "break_order": "loser"},
                        app.locale, seed=4)
        app.session = s
        app.go("match")
        frame(app, n=2)
        s.concede(1, False)  # game 1 to Anna
        next_step(app)
        frame(app, n=2)
        click_button(app, app.t("side.next_game"))
        frame(app, n=2)
        assert s.match.game_number == 2 and s.match.state.shots == 0
        card = concede_match(app)
        body = card.body  # type: ignore[attr-defined]
        cited = f" ({ref_text(app.locale, n9('4'))})"
        said = app.t("banner.match_conceded_unbroken_line", n=2, rule=cited)
        assert said in body, body
        assert app.t("banner.match_conceded_line", rule=cited) not in body, body
        # The words and the score agree: game 2, given up, counts to Anna.
        assert s.match_conceded_by() == 1
        assert tuple(s.match.games_won) == (2, 0)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_match_conceded_in_a_broken_game_still_says_the_game_in_progress(
        lang: str) -> None:
    app = make_app(lang)
    try:
        s = Session.new(["Anna", "Boris"], "9-ball",
                        {"first_breaker": 0, "race_to": 3}, app.locale, seed=4)
        app.session = s
        app.go("match")
        frame(app, n=2)
        body = concede_match(app).body  # type: ignore[attr-defined]
        cited = f" ({ref_text(app.locale, n9('4'))})"
        assert app.t("banner.match_conceded_line", rule=cited) in body, body
        assert tuple(s.match.games_won) == (0, 1)
    finally:
        pygame.display.quit()
