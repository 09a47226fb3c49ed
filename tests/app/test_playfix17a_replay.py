"""What a play-test found: the replay of the shot that won a game of a
match showed the next game's scoreboard (its number, already racked). A
replay shows the scoreboard as its shot left its game: that game's number,
the games won with its result."""

from __future__ import annotations

import pygame
import pytest

from simulator.practice.scenario import parse_scenario
from tests.app.bot import best_stroke
from tests.app.helpers import (
    click_button,
    frame,
    key,
    make_app,
    run_until,
    watched_session,
)
from tests.app.test_playfix6_match import scoreboard_words


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_replay_of_a_games_winning_shot_shows_that_games_scoreboard(
        lang: str) -> None:
    """9-ball, race to 2: Anna pots the 9 (9-ball 3: the game is hers) and
    the board says game 1, 1:0; the players go on to game 2; R replays her
    winning shot: the board says game 1 again (with its result, 1:0), never
    game 2, and closing the replay brings game 2's board back."""
    draft = {"format": "kiy-scenario", "version": 1, "id": "win",
             "discipline": "9-ball", "players": 2,
             "title": {"en": "Win", "ru": "Победа"},
             "balls": {"0": [1.7, 0.45], "9": [2.2, 0.2]},
             "state": {"is_break": False}}
    app = make_app(lang)
    try:
        s = watched_session(app, ["Anna", "Boris"], "9-ball", {"race_to": 2},
                            state=parse_scenario(draft).game)
        aim, _ball, _pocket = best_stroke(app)
        s.aim = aim
        frame(app, n=2)
        key(app, pygame.K_SPACE)
        run_until(app, lambda: bool(s.match.history), limit=6000)
        frame(app, n=3)
        r = s.last_ruling
        assert r is not None and r.game_over and r.winner == 0, r
        t = app.t
        game1, game2 = t("score.race", n=2, game=1), t("score.race", n=2, game=2)
        assert game1 in scoreboard_words(app), scoreboard_words(app)
        click_button(app, t("side.next_game"))
        frame(app, n=2)
        assert s.match.games_won == (1, 0)
        assert game2 in scoreboard_words(app), scoreboard_words(app)
        key(app, pygame.K_r)
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "replay"
        words = scoreboard_words(app)
        assert game1 in words and game2 not in words, words
        cards = s.shot_scoreboard(0)[0]
        assert [c.score for c in cards] == ["1", "0"]
        key(app, pygame.K_ESCAPE)
        frame(app, n=2)
        assert app.mode is not None and app.mode.name != "replay"
        assert game2 in scoreboard_words(app), scoreboard_words(app)
        assert not app.errors
    finally:
        pygame.display.quit()
