"""The match's end: the match in numbers over the table left the table's
rails showing round it and the side column empty beside it. Now the card's
frame covers the table, rails and all (not the scoreboard's names), and the
card's buttons stand in the side column, where a match's buttons stand."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from tests.app.helpers import click_button, concede_match, frame, make_app, run_until
from tests.app.stats_card import stats_card_problems
from tests.app.test_stats46_column import _express_end

SIZES = [(1280, 720), (800, 500)]
LANGS = ["en", "ru"]


def _against_computer(app: App) -> None:
    """8-ball, Anna Karenina against the computer, conceded at the table."""
    app.session = Session.new(["Anna Karenina", "cpu:club"], "8-ball",
                              {"race_to": 3}, app.locale, seed=4)
    app.go("match")
    frame(app, n=2)
    concede_match(app)


def _three_in_express(app: App) -> None:
    _express_end(app, ["Anna", "Boris", "Vera"])


ENDS = {"cpu": _against_computer, "express3": _three_in_express}


@pytest.mark.parametrize("end", sorted(ENDS))
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_end_cards_buttons_stand_in_the_side_column(
        end: str, lang: str, size: tuple[int, int]) -> None:
    """Every button of the end card is drawn whole inside the side column,
    none over the table, and the figures stay readable; its number key
    still answers after the guard, its click too."""
    app = make_app(lang, size)
    try:
        ENDS[end](app)
        d: Any = app.dialogs[-1]
        assert d.kind == "gameover"
        side = app.mode.layout.side  # type: ignore[union-attr]
        drawn = [b for b in app.buttons if b in d.buttons]
        assert len(drawn) == len(d.buttons) >= 2, [b.label for b in app.buttons]
        outside = [(b.label, b.rect) for b in drawn if not side.contains(b.rect)]
        assert not outside, (outside, side)
        assert not stats_card_problems(app), stats_card_problems(app)
        assert not d.cut
        click_button(app, app.t("menu.main"))
        run_until(app, lambda: app.mode is not None and app.mode.name == "menu",
                  limit=60)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("end", sorted(ENDS))
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_end_cards_frame_covers_the_rails_not_the_names(
        end: str, lang: str, size: tuple[int, int]) -> None:
    """A panel of the card drawn over the whole table with its rails (no
    rail showing round the card), clear of the scoreboard and of the side
    column; the table's colours gone from the rails' corners."""
    app = make_app(lang, size)
    try:
        ENDS[end](app)
        mode: Any = app.mode
        rails = mode.scene.view.outer_rect()
        layout = mode.layout
        frames = [r for name, r in app.panels if name == "dialog"]
        assert any(r.contains(rails) for r in frames), (frames, rails)
        for r in frames:
            assert not r.colliderect(layout.top), (r, layout.top)
            assert not r.colliderect(layout.side), (r, layout.side)
        card = pygame.Color(26, 34, 31)
        inner = rails.inflate(-6, -6)  # (a rail's corner, 3 px in)
        corners = [inner.topleft, (inner.right - 1, inner.top),
                   (inner.left, inner.bottom - 1), (inner.right - 1, inner.bottom - 1)]
        shown = [(p, app.screen.get_at(p)) for p in corners]
        assert all(c == card for _p, c in shown), shown
    finally:
        pygame.display.quit()
