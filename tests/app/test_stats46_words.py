"""The words of the match's end card: short names keep a number and a
computer's shown name whole; the concession's line says what its score
counts."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import concede_match, frame, make_app

LANGS = ["ru", "en"]


def test_a_numbered_name_keeps_its_number_whole_in_short_words() -> None:
    """«Игрок 1» in short words is «Игрок 1», not «Игрок 1.» (its number
    was taken for a surname's initial)."""
    from simulator.app.match.stats import initialled
    assert initialled("Игрок 1") == "Игрок 1"
    assert initialled("Player 12") == "Player 12"
    assert initialled("Анна Каренина") == "Анна К."


@pytest.mark.parametrize("lang", LANGS)
def test_the_conceded_match_says_its_score_counts_the_game_given_up(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Game 1 given up, then game 2 with the match: the score reads 0:2,
    and the card says it counts the games played and the one conceded (it
    said «only the games played» beside a 2 with none played)."""
    from simulator.app.match import computer
    from simulator.app.match.session import Session
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang)
    try:
        s = Session.new(["Анна", "cpu:club"], "9-ball", {"race_to": 5}, app.locale,
                        seed=4)
        s.concede(0, False)  # game 1 given up: 0:1
        app.session = s
        app.go("match")
        frame(app, n=2)
        concede_match(app)
        assert s.over and sorted(s.match.games_won) == [0, 2], s.match.games_won
        body = app.dialogs[-1].body
        start = app.t("banner.match_conceded_line", rule="").split(":")[0]
        line = next(ln for ln in body.split("\n") if ln.startswith(start))
        said = {"ru": "сданная", "en": "the one conceded"}[lang]
        assert said in line, line
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_computers_of_several_levels_keep_their_shown_names_in_short_words(
        lang: str) -> None:
    """Three computer seats all «Компьютер» in short words keep the names
    the scoreboard shows («Компьютер (сильный)»), never the seat's own id
    ("cpu:strong", which the card showed beside the other names)."""
    from simulator.app.match.session import Session
    from simulator.app.match.stats import stats_head_short
    app = make_app(lang)
    try:
        s = Session.new(["Анна", "cpu:club", "cpu:strong", "cpu:pro"], "express", {},
                        app.locale, seed=3)
        short = stats_head_short(app, s)[1:]
        assert list(short[1:]) == [s.name(i) for i in (1, 2, 3)], short
        assert short[0] == "Анна"
    finally:
        pygame.display.quit()
