"""The end-of-match list of games says what happened to a game the referee
had replayed under general rule 28 (the position could not be restored):
"1. replayed (general rule 28)", not "1. —, innings: 1" as if it were a
game someone won in one visit."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import (
    concede_match,
    drawn_words,
    make_app,
    racked_again,
    replayed_by_rule_28,
)


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_game_replayed_under_general_rule_28_is_listed_as_replayed(
        lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        s = replayed_by_rule_28(app)  # (general rule 28)
        r = s.last_ruling
        assert r is not None and r.game_over and r.winner is None
        racked_again(app)
        loser = s.req.shooter if s.req is not None else 0
        concede_match(app)
        t = app.t
        words = drawn_words(app, "side", folded=True)
        rule = t("ref.general", rule=28)
        replayed = " ".join(t("stats.game_replayed", n=1, rule=f" ({rule})").split())
        assert replayed in words, words
        # The game given up after it is the one that counts, numbered on
        # (see test_space59_stats_numbers).
        won = t("stats.game_given_up", n=2, name=s.name(1 - loser))
        assert won in words, words
        assert words.index(replayed) < words.index(won)
        assert "—" not in words.split(t("stats.games"))[1], words
        assert t("stats.game_innings", n=1, name="—", innings=1) not in words
    finally:
        pygame.display.quit()
