"""What play-test 24 found: a replay's scoreboard told the result while the
ball still rolled; the quiz said "which rule: the next question" after an
answer; the push shot's evidence was not to be seen; the hints a player
took were counted nowhere."""

from __future__ import annotations

import pygame
import pytest

from simulator.practice.library import load
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

LANGS = ["en", "ru"]


def _group_heads(app: object) -> tuple[str, str]:
    """The start of the cards' group lines ("solids: ", "сплошные: ")."""
    t = app.t  # type: ignore[attr-defined]
    return (t("score.solids", n=7).split("7")[0], t("score.stripes", n=7).split("7")[0])


# -- 1. a replay's scoreboard: before the shot until its end -----------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_match_replay_shows_the_board_before_the_shot_until_its_end(
        lang: str) -> None:
    """8-ball, open table (8-ball 7): Anna pots a called ball and the group
    is hers. R replays it: while it rolls the board says the table is open
    and no group; at the replay's end, the groups chosen."""
    app = make_app(lang)
    try:
        sc = load("8ball-group-chosen")
        s = watched_session(app, ["Anna", "Boris"], "8-ball", {"race_to": 2},
                            state=sc.game)
        aim, ball, pocket = best_stroke(app)
        s.aim = aim
        s.call = (ball, pocket)
        frame(app, n=2)
        key(app, pygame.K_SPACE)
        run_until(app, lambda: bool(s.match.history) and app.mode is not None
                  and app.mode.name != "playing", limit=6000)
        frame(app, n=3)
        heads = _group_heads(app)
        assert any(h in scoreboard_words(app) for h in heads), scoreboard_words(app)
        key(app, pygame.K_r)
        frame(app, n=2)
        mode = app.mode
        assert mode is not None and mode.name == "replay"
        words = scoreboard_words(app)
        assert app.t("score.open") in words, words
        assert not any(h in words for h in heads), words
        run_until(app, lambda: mode.playback.at_end, limit=6000)  # type: ignore[attr-defined]
        frame(app)
        words = scoreboard_words(app)
        assert any(h in words for h in heads), words
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_situations_replay_shows_the_board_before_the_stroke_until_its_end(
        lang: str) -> None:
    """The practice situation (as the editor's own position): watched, the
    ruling gives the stripes (8-ball 7); "Replay at 1/4" shows the open
    table while the stroke rolls, the groups again at its end."""
    from simulator.app.screens.practice.scenario import ScenarioMode
    app = make_app(lang)
    try:
        mode = ScenarioMode(app, load("8ball-group-chosen"))
        app.switch(mode)
        frame(app)
        key(app, pygame.K_SPACE)  # watch
        run_until(app, lambda: mode.phase == "ruling", limit=6000)
        frame(app, n=2)
        _solids, stripes = _group_heads(app)
        assert stripes in scoreboard_words(app), scoreboard_words(app)
        click_button(app, app.t("practice.replay_slow"))
        frame(app, n=3)
        assert mode.phase == "replay" and mode.player is not None
        words = scoreboard_words(app)
        assert app.t("score.open") in words and stripes not in words, words
        player = mode.player
        run_until(app, lambda: player.done, limit=6000)
        frame(app)
        assert stripes in scoreboard_words(app), scoreboard_words(app)
        assert not app.errors
    finally:
        pygame.display.quit()
