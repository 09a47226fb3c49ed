"""The match's end card opened again from the main menu ("The last match:
how it ended") said who won and the match in numbers, but not how the last
game ended: the rule that ended it was only on the card as first shown
(the loaded match's ruling card was left empty once the match was over)."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.dialogs.base import Dialog
from tests.app.helpers import (
    after_the_break,
    click_button,
    concede_match,
    frame,
    key,
    make_app,
    run_until,
)
from tests.app.scenes import open_scene


def _end_card(app: object) -> Dialog:
    d = app.dialogs[-1]  # type: ignore[attr-defined]
    assert isinstance(d, Dialog) and d.kind == "gameover", d
    return d


def _reopened(app: object) -> Dialog:
    """Esc to the main menu, then its "The last match: how it ended"."""
    key(app, pygame.K_ESCAPE)  # type: ignore[arg-type]
    frame(app, n=3)  # type: ignore[arg-type]
    assert app.mode.name == "menu", app.mode  # type: ignore[attr-defined]
    click_button(app, app.t("menu.last_result"))  # type: ignore[arg-type,attr-defined]
    run_until(app, lambda: bool(app.dialogs), limit=300)  # type: ignore[arg-type,attr-defined]
    frame(app, n=2)  # type: ignore[arg-type]
    return _end_card(app)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_reopened_end_card_says_how_the_nine_ball_match_ended(lang: str) -> None:
    """The 9-ball scene's end (the game conceded, 9-ball rule 4; the match
    won, general rule 29): the card opened again says it word for word as
    the first time."""
    app = open_scene("gameover", "9-ball", lang)
    try:
        first = _end_card(app)
        frame(app, n=60)  # (past the card's guard on keys)
        body, title = first.body, first.title
        assert app.session is not None and app.session.banner is not None
        ended = app.session.banner.lines
        assert ended and all(line in body for line in ended), (ended, body)
        again = _reopened(app)
        assert again.title == title
        assert again.body == body, (again.body, body)
    finally:
        pygame.display.quit()


def test_the_reopened_end_card_says_the_match_was_conceded() -> None:
    """A conceded match: the concession's rule on the card again."""
    app = make_app("en", size=(1280, 720))
    try:
        after_the_break(app, ["Anna", "Boris"], "8-ball", {"race_to": 1}, seed=4)
        first = concede_match(app)
        frame(app, n=60)
        body = first.body
        assert app.session is not None and app.session.banner is not None
        assert app.session.banner.lines[0] in body
        again = _reopened(app)
        assert again.body == body, (again.body, body)
    finally:
        pygame.display.quit()
