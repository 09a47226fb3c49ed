"""The match menu (Esc) keeps one layout through a match, and the foul
call's entry for the referee's other calls (general rules 23, 28) is a
few words in both languages."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import (
    after_the_break,
    click_button,
    drawn_lines,
    frame,
    key,
    make_app,
    three_in_express,
)
from tests.app.scenes import LANGS

SIZES = ((1280, 720), (1100, 650), (800, 500))
SIZE_IDS = ("1280x720", "1100x650", "800x500")


def _menu_layout(app: App) -> tuple[int, list[tuple[str, tuple[int, ...]]]]:
    """The match menu just opened with Esc: its columns, and each entry's
    name and place."""
    key(app, pygame.K_ESCAPE)
    frame(app, n=2)
    d = app.dialogs[-1]
    assert d.kind == "pause"  # type: ignore[attr-defined]
    return d.cols, [(b.ident, tuple(b.rect)) for b in d.buttons]  # type: ignore


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_match_menu_keeps_its_layout_in_the_next_game(
        lang: str, size: tuple[int, int]) -> None:
    """9-ball to three: the menu opened in game 1 and again in game 2, not
    yet broken after game 1 was given up, stands in the same columns with
    every entry in the same place (the concession naming game 2 and saying
    "not yet broken" took two lines and put the menu in two columns in
    game 2, one in game 1); the entry still names game 2 and its dialog
    says it is not yet broken."""
    from simulator.app.match.session import Session
    app = make_app(lang, size)
    try:
        s = app.session = Session.new(["Anna", "Boris"], "9-ball",
                                      {"first_breaker": 0, "race_to": 3},
                                      app.locale, seed=4)
        app.go("match")
        frame(app, n=3)
        first = _menu_layout(app)
        click_button(app, app.t("pause.concede_game"))
        click_button(app, app.t("concede.game_yes"))  # Anna gives up game 1
        frame(app, n=3)
        while app.dialogs:  # the game's end card, read
            key(app, pygame.K_RETURN)
            frame(app, n=2)
        assert s.match.game_number == 2 and s.match.games_won == (0, 1)
        second = _menu_layout(app)
        assert second == first
        labels = [b.label for b in app.dialogs[-1].buttons]  # type: ignore
        assert app.t("pause.concede_next", n=2) in labels, labels
        click_button(app, app.t("pause.concede_next", n=2))
        d = app.dialogs[-1]
        assert d.body == app.t(  # type: ignore[attr-defined]
            "concede.next_body", name=s.name(s.req.shooter), n=2)  # type: ignore
    finally:
        pygame.display.quit()


def _fouls_open(app: App, game: str) -> None:
    if game == "express":
        three_in_express(app)
    else:
        after_the_break(app, ["Anna", "Boris"], game, {"first_breaker": 0}, 4)
    key(app, pygame.K_f)
    frame(app, n=2)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game", ("9-ball", "14.1", "express"))
def test_other_calls_take_a_few_words_in_both_languages(
        game: str, size: tuple[int, int]) -> None:
    """The foul call's entry that opens the referee's other calls (general
    rules 23, 28; pyramid rules 2.10, 2.12 in Express) is drawn whole on at
    most two lines, in English and in Russian alike (in Russian it took
    five lines at 1280x720, "Other calls (rules 23, 28)" one in English),
    its rules' list never broken between two numbers; the fouls stand in
    one column (in 14.1 two columns broke it into nine lines)."""
    drawn = {}
    for lang in LANGS:
        app = make_app(lang, size)
        try:
            _fouls_open(app, game)
            d = app.dialogs[-1]
            assert d.kind == "fouls" and d.cols == 1  # type: ignore[attr-defined]
            entry = d.buttons[-2]  # type: ignore[attr-defined]
            lines = [ln for ln in drawn_lines(app, entry.rect, shown=True)
                     if ln != entry.key]
            assert " ".join(lines) == " ".join(entry.label.split(" ")), lines
            assert 1 <= len(lines) <= 2, lines
            assert not any(ln.rstrip().endswith(",") and ln.rstrip()[-2].isdigit()
                           for ln in lines), lines
            drawn[lang] = lines
        finally:
            pygame.display.quit()
    assert len(drawn["ru"]) <= len(drawn["en"]) + 1, drawn
