"""The same 1/2/4 keys and buttons set how fast a person's own stroke rolls
(for the match) and, on a computer's turn, how its shots are shown (kept
for later matches): the two looked alike, and a player who pressed 4 on
their own stroke believed the computer would now play at 4×. Each says
whose strokes it is about, in the footer and when pressed."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import drawn_words, frame, key, make_app, scenario_match
from tests.app.scenes import LANGS
from tests.app.test_ownspeed52 import BALLS, _struck


@pytest.mark.parametrize("against", [False, True], ids=["people", "computer"])
@pytest.mark.parametrize("lang", LANGS)
def test_own_speed_says_it_is_the_players_own(
        lang: str, against: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(lang)
    try:
        scenario_match(app, "8-ball", BALLS)
        s = app.session
        assert s is not None
        if against:
            # Boris's seat a computer's (for the words: the stroke is Anna's)
            monkeypatch.setattr(s, "is_computer", lambda i: i == 1)
        _struck(app)
        frame(app)
        words = drawn_words(app, folded=True)
        own = app.t("hint.playing").split(" · ")[0]
        assert own in words, words
        assert app.t("hint.computer").split(" · ")[0] not in words
        key(app, pygame.K_4)
        frame(app)
        said = app.t("cpu.own_now_cpu" if against else "cpu.own_now", speed="4×")
        assert app.toast is not None and app.toast[0] == said
        assert said.split()[0] in drawn_words(app)
        # The computer's watching speed is not what was set.
        assert s.own_watch == "4" and s.watch != "4"
    finally:
        pygame.display.quit()
