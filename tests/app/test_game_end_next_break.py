"""A won game's ruling card says who breaks the next game, not who is "to
shoot" (issue 22): after a game the next thing is the next game's break,
by the match's order of breaking (general rule 29: the winner; 8-ball
rule 4: the players alternate; or the organisers' choice). When the game
ends the match, the card says nothing of shooting or breaking."""

from __future__ import annotations

import pygame
import pytest

from rules.codes import e8, g
from simulator.app.text.words import ref_text
from tests.app.helpers import drawn_words, make_app
from tests.app.test_playfix11_game_end import (
    CUE,
    NEAR_POCKET,
    position_match,
    pot_into_foot_right,
)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game,order,breaker,rule", [
    ("9-ball", None, "Anna", g("29")),  # the winner breaks
    ("9-ball", "loser", "Boris", g("29")),
    ("8-ball", None, "Boris", e8("4")),  # Anna broke; in turn
])
def test_a_won_games_card_says_who_breaks_the_next_game(
        lang: str, game: str, order: str | None, breaker: str, rule: object) -> None:
    """Anna pots the game ball (the 9; the called 8) in a race to 2: the
    card beside the table ends with who breaks the next game and under
    which order and rule, never "Anna to shoot"."""
    app = make_app(lang)
    try:
        s = position_match(app, game, {0: CUE, int(game[0]): NEAR_POCKET},
                           options={"break_order": order} if order else None)
        pot_into_foot_right(app, int(game[0]), call=game == "8-ball")
        r = s.last_ruling
        assert r is not None and r.game_over and not r.match_over
        said = drawn_words(app, "side")
        t = app.t
        why = t(f"banner.break_by.{order or s.match.options['break_order']}")
        words = t("banner.next_break", name=breaker, why=why,
                  rule=ref_text(app.locale, rule))
        assert words in said, said
        for name in ("Anna", "Boris"):
            assert t("banner.next", name=name) not in said, said
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_game_that_ends_the_match_says_nothing_of_shooting_or_breaking(
        lang: str) -> None:
    """Race to 1: the 9 ends the match; its card names the winner and no
    next shot or break."""
    app = make_app(lang)
    try:
        s = position_match(app, "9-ball", {0: CUE, 9: NEAR_POCKET},
                           options={"race_to": 1})
        pot_into_foot_right(app, 9)
        r = s.last_ruling
        assert r is not None and r.match_over
        assert s.banner is not None and s.banner.next == ()
        # (the match's end card lies over the table's area)
        card = app.dialogs[-1].rect  # type: ignore[attr-defined]
        said = drawn_words(app, "side") + " " + " ".join(
            t.text for t in app.texts if card.contains(t.rect))
        assert app.t("banner.match_over", name="Anna") in said, said
        for name in ("Anna", "Boris"):
            assert app.t("banner.next", name=name) not in said, said
    finally:
        pygame.display.quit()
