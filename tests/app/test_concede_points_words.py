"""A 14.1 match conceded, as a referee says it (general rules: a game
given up is lost; 14.1 is one game to its points): the match is lost, at the
score standing when it stopped, not "its one game is lost" as of a race."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import (
    asked_to_concede_match,
    concede_match,
    make_app,
)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_conceded_14_1_match_says_the_match_is_lost_at_the_score(lang: str) -> None:
    app = make_app(lang, (800, 500))
    try:
        s = asked_to_concede_match(app, ["Anna", "Boris"], "14.1",
                                   {"first_breaker": 0, "target": 150})
        body = app.dialogs[-1].body  # type: ignore[attr-defined]
        points = s.points_standing()
        assert points is not None and points["target"] == "150"
        assert points["score"] == "Anna\u00a00, Boris\u00a00"
        assert body == app.t("concede.match_points_body", **points), body
        assert "150" in body and "Anna\u00a00, Boris\u00a00" in body
        concede_match(app, asked=True)
        card = app.dialogs[-1].body  # type: ignore[attr-defined]
        want = app.t("banner.match_conceded_points_line", rule="", **points)
        assert want in card, card
        assert app.t("banner.match_conceded_one_line", rule="") not in card
        assert "150" in want and "Anna\u00a00, Boris\u00a00" in want
    finally:
        pygame.display.quit()
