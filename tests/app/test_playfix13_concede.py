"""A match or a game given up, as the player reads it: the card's line
cites the game's own rule for the game lost (8-ball 15, 9-ball 4; 14.1 says
nothing of it: no rule), and conceding the game that decides the race says
the match ends."""

from __future__ import annotations

import pygame
import pytest

from rules.codes import e8, n9
from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.text.words import ref_text
from tests.app.helpers import (
    click_button,
    concede_match,
    frame,
    key,
    make_app,
    run_until,
)


def _start(app: App, game: str, opts: dict[str, object]) -> Session:
    s = Session.new(["Anna", "Boris"], game, {"first_breaker": 0, **opts},
                    app.locale, seed=4)
    app.session = s
    app.go("match")
    frame(app, n=2)
    return s


def _concede(app: App, what: str) -> None:
    key(app, pygame.K_ESCAPE)
    click_button(app, app.t(f"pause.concede_{what}"))


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("game", "opts", "rule"), [
    ("8-ball", {"race_to": 3}, e8("15")),
    ("9-ball", {"race_to": 3}, n9("4")),
    ("14.1", {"target": 25}, None)])
def test_the_conceded_match_line_cites_the_games_own_rule(
        lang: str, game: str, opts: dict[str, object], rule: object) -> None:
    app = make_app(lang)
    try:
        _start(app, game, opts)
        _concede(app, "match")
        concede_match(app, asked=True)
        body = app.dialogs[-1].body  # type: ignore[attr-defined]
        cited = f" ({ref_text(app.locale, rule)})" if rule is not None else ""
        # (14.1 is one game to its points: the match is lost at the score)
        points = app.session.points_standing()  # type: ignore[union-attr]
        said = app.t("banner.match_conceded_points_line", rule=cited, **points) \
            if points is not None else app.t("banner.match_conceded_line", rule=cited)
        assert (points is not None) == (game == "14.1")
        assert said in body, body
        for other in (e8("15"), n9("4")):
            if other != rule:
                assert ref_text(app.locale, other) not in body, body
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("race", "ends"), [(2, True), (3, False)])
def test_conceding_the_game_that_decides_the_race_says_the_match_ends(
        lang: str, race: int, ends: bool) -> None:
    from simulator.app.match.turns import next_step
    app = make_app(lang)
    try:
        # (the loser breaks: Boris, at the table, gives the game Anna needs
        # in a race to 2)
        s = _start(app, "9-ball", {"race_to": race, "break_order": "loser"})
        s.concede(1, False)  # game 1 to Anna
        next_step(app)
        frame(app, n=2)
        click_button(app, app.t("side.next_game"))
        frame(app, n=2)
        # game 2, not yet broken: named so (rule 29 still decides the end)
        key(app, pygame.K_ESCAPE)
        click_button(app, app.t("pause.concede_next", n=2))
        body = app.dialogs[-1].body  # type: ignore[attr-defined]
        ending = app.t("concede.next_ends_match_body", n=2)
        going_on = app.t("concede.next_body", n=2)
        assert body == (ending if ends else going_on), body
        click_button(app, app.t("concede.game_yes"))
        run_until(app, lambda: app.session is not None and
                  app.session.match.over == ends, limit=600)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("game", "opts", "one"), [
    ("9-ball", {"race_to": 1}, True),
    ("14.1", {"target": 25}, True),
    ("9-ball", {"race_to": 3}, False)])
def test_a_one_game_match_conceded_is_worded_as_its_one_game(
        lang: str, game: str, opts: dict[str, object], one: bool) -> None:
    """A race to 1 (or 14.1, one game to its points) given up: the dialog
    says the match is this one game, which the opponent wins and with it
    the match, not "every game still to play is conceded"; the card says
    its one game is lost, not "only the games played count" beside 0-1.
    A longer race keeps the words of games still to play."""
    app = make_app(lang)
    try:
        _start(app, game, opts)
        _concede(app, "match")
        body = app.dialogs[-1].body  # type: ignore[attr-defined]
        one_body, many_body = (app.t(k) for k in ("concede.match_one_body",
                                                  "concede.match_body"))
        # (14.1's one game is to its points: said with the score standing)
        points = app.session.points_standing()  # type: ignore[union-attr]
        if points is not None:
            one_body = app.t("concede.match_points_body", **points)
        assert body == (one_body if one else many_body), body
        concede_match(app, asked=True)
        card = app.dialogs[-1].body  # type: ignore[attr-defined]
        rule = f" ({ref_text(app.locale, n9('4'))})" if game == "9-ball" else ""
        one_line, many_line = (app.t(k, rule=rule) for k in (
            "banner.match_conceded_one_line", "banner.match_conceded_line"))
        if points is not None:
            one_line = app.t("banner.match_conceded_points_line", rule=rule, **points)
        assert (one_line in card, many_line in card) == (one, not one), card
    finally:
        pygame.display.quit()
