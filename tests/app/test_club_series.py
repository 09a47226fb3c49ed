"""An Express series at a club evening: its setup offers Express's own
options (those the match's setup offers), kept for every game of it; what
the evening screen and the end card say between its games."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.records.club import Club
from tests.app.helpers import button_labels, click_button, frame
from tests.app.test_club import label, new_app, rec_words


def series_setup(app: App, seats: int = 3) -> None:
    """From the menu: an Express series' setup for ``seats`` beginners."""
    click_button(app, app.t("club.menu_evening"))
    series = app.t("club.format", value=rec_words(app, "express-series"))
    while series not in button_labels(app):
        click_button(app, label(app, app.t("club.format", value="")))
    for _ in range(seats):
        click_button(app, app.t("club.add_cpu", level=app.t("cpu.level.beginner")))


def own(app: App, name: str, value: str) -> str:
    return app.t("club.own_option", name=app.t(name), value=value)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_express_series_offers_expresss_own_options(lang: str) -> None:
    """The series' setup offers the starting points, the 1 worth 11 and the
    signatures' chips, as the match's setup does; chosen there, they are the
    evening's and every game of the series is played with them."""
    app = new_app(lang)
    series_setup(app)
    yes, no = app.t("common.yes"), app.t("common.no")
    labels = button_labels(app)
    for words in (own(app, "setup.initial_points", "30"),
                  own(app, "setup.ace_11", no), own(app, "setup.stakes", "2/4/8")):
        assert words in labels, labels
    click_button(app, own(app, "setup.initial_points", "30"))
    click_button(app, own(app, "setup.ace_11", no))
    click_button(app, own(app, "setup.stakes", "2/4/8"))
    labels = button_labels(app)
    for words in (own(app, "setup.initial_points", "40"),
                  own(app, "setup.ace_11", yes), own(app, "setup.stakes", "5/10/20")):
        assert words in labels, labels
    click_button(app, app.t("club.begin", n=3))
    frame(app)
    evening = Club().current()
    assert evening is not None
    assert dict(evening.setup.options) == {"initial_points": 40, "ace_is_11": True,
                                           "signature_stakes": [5, 10, 20]}
    click_button(app, label(app, app.t("club.play_next", names="")))
    s = app.session
    assert s is not None
    opts = s.match.options
    assert (opts["initial_points"], opts["ace_is_11"], opts["signature_stakes"]) == \
        (40, True, [5, 10, 20])
    frame(app)
    texts = [t.text for t in app.texts]
    assert texts.count("40") == 3, texts  # each player's card: 40 points
    pygame.display.quit()


def test_a_pair_games_evening_offers_no_express_options() -> None:
    """A round robin of 9-ball has none of Express's options to offer."""
    app = new_app()
    click_button(app, app.t("club.menu_evening"))
    words = " ".join(button_labels(app))
    assert app.t("setup.initial_points") not in words
    assert app.t("setup.ace_11") not in words
    pygame.display.quit()
