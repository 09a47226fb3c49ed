"""The match in numbers after a game replayed under general rule 28: the
games were listed "1. replayed (general rule 28)" then "1. Boris, by
concession", two games numbered 1. Each line of the list is numbered on
(1, 2, ...), as the games were played: the replayed game, then its replay."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.match.stats import games_words
from tests.app.helpers import (
    concede_match,
    drawn_words,
    make_app,
    racked_again,
    replayed_by_rule_28,
)


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_replayed_game_and_its_replay_are_numbered_in_turn(
        lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        s = replayed_by_rule_28(app)  # (general rule 28)
        racked_again(app)
        concede_match(app)
        t = app.t
        lines = games_words(app, s)
        assert lines[0] == t("stats.games") and len(lines) == 3, lines
        numbers = [ln.split(".", 1)[0] for ln in lines[1:]]
        assert numbers == ["1", "2"], lines
        rule = t("ref.general", rule=28)
        assert lines[1] == t("stats.game_replayed", n=1, rule=f" ({rule})")
        words = drawn_words(app, "side", folded=True)
        listed = words.split(t("stats.games"))[1]
        at = [listed.index(" ".join(ln.split())) for ln in lines[1:]]
        assert at == sorted(at), words  # drawn whole, in the order played
    finally:
        pygame.display.quit()
