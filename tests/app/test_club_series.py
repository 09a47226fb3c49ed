"""An Express series at a club evening: its setup offers Express's own
options (those the match's setup offers), kept for every game of it; what
the evening screen and the end card say between its games."""

from __future__ import annotations

import contextlib

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.records.club import Club
from simulator.records.words import t as words_t
from tests.app.helpers import button_labels, click_button, frame, key, make_app
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
    click_button(app, label(app, app.t("club.play_game")))
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


def people_series(app: App, names: list[str], games: int) -> None:
    """From the menu: an Express series of ``games`` for people named
    ``names``, begun."""
    series_setup(app, seats=0)
    for n in names:
        app.mode.entry.set_text(n)  # type: ignore[union-attr]
        click_button(app, app.t("club.add_person"))
    wanted = app.t("club.series", n=games)
    while wanted not in button_labels(app):
        click_button(app, label(app, app.t("club.series", n=99)[:6]))
    click_button(app, app.t("club.begin", n=len(names)))
    frame(app)


def all_but_one_leave(app: App) -> None:
    """The game played by the window: the player at the table leaves (the
    pause menu's words), then the next; of the last two the one at the
    table concedes the match (reading R21: with two left, as between two)."""
    from tests.app.helpers import DT
    from tests.app.test_club import game_over
    for _ in range(200):
        if game_over(app):
            return
        s = app.session
        mode = app.mode.name if app.mode is not None else ""
        if s is not None and not app.dialogs and mode in ("aiming", "placing"):
            two = len(s.match.discipline.in_play(s.match.state)) == 2
            key(app, pygame.K_ESCAPE)
            click_button(app, app.t("pause.concede_match" if two else "pause.leave"))
            click_button(app, app.t("concede.match_yes" if two
                                    else "concede.leave_yes"))
            continue
        app.frame(pygame.event.get(), DT)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_end_card_of_a_series_game_says_the_series_goes_on(lang: str) -> None:
    """Game 1 of a series of 2 won: the end card says Ann wins game 1 of 2,
    not the match, and that game 2 follows with Bob breaking (the break
    passes round); after game 2, who won the series on chips."""
    app = new_app(lang)
    people_series(app, ["Ann", "Bob", "Vera"], games=2)
    click_button(app, label(app, app.t("club.play_game")))
    all_but_one_leave(app)
    card = app.dialogs[-1]
    winner = app.session.name(app.session.match.winner)  # type: ignore[union-attr]
    assert card.title == app.t("club.series_game_won", name=winner, n=1, games=2)
    assert card.title != app.t("gameover.title", name=winner)
    assert app.t("club.series_next", n=2, games=2, name="Bob") in card.body
    click_button(app, app.t("club.to_evening"))
    click_button(app, label(app, app.t("club.play_game")))
    all_but_one_leave(app)
    card = app.dialogs[-1]
    winner = app.session.name(app.session.match.winner)  # type: ignore[union-attr]
    assert card.title == app.t("club.series_game_won", name=winner, n=2, games=2)
    evening = Club().archived()[-1]
    champion = evening.standings()[0]
    assert app.t("club.series_over", name=champion.name,
                 chips=champion.chips) in card.body
    pygame.display.quit()


def game_one_played_out() -> None:
    """An Express series of 2 for Ann, Bob and Vera (4 points each, no
    signatures), its game 1 played out at the table: a foul each takes Ann
    and Bob to −1, Vera wins with 4 (recorded as the window records it)."""
    from rules.ruling import RulesError
    from simulator.records.formats import EXPRESS_SERIES
    from simulator.records.plan import Setup
    from tests.records.helpers import people
    with Club() as club:
        ev = club.begin(Setup(people("Ann", "Bob", "Vera"), EXPRESS_SERIES,
                              "express", games=2,
                              options={"initial_points": 4, "max_signatures": 0}))
        call = ev.next_match()
        assert call is not None
        m = call.new_match()
        while not m.over:
            m.call_foul("express.foul.touched_ball")
            with contextlib.suppress(RulesError):  # over: nothing to choose
                while m.requirements().pending:
                    m.choose(m.requirements().pending[0])
        assert m.scores == (-1, -1, 4) and m.winner == 2
        club.record(ev, call, m)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_a_series_game_reads_as_its_number_winner_and_points(
        lang: str, size: tuple[int, int]) -> None:
    """The evening's list of games: "Game 1  Vera 4 · Ann −1 · Bob −1" (the
    game by its number, the winner first, each player's points), not
    "G1  -1:-1:4  Ann – Bob – Vera"; the next game by its number too."""
    game_one_played_out()
    app = make_app(lang, size)
    app.go("menu")
    frame(app)
    click_button(app, app.t("club.menu_continue"))
    frame(app)
    words = "".join(t.text for t in app.texts)
    game_1 = words_t(lang, "stage.game", n=1)
    game_2 = words_t(lang, "stage.game", n=2)
    assert f"{game_1}  Vera 4  ·  Ann −1  ·  Bob −1" in words, words
    assert f"{game_2}  Ann – Bob – Vera" in words, words
    assert "-1:-1:4" not in words and "G1" not in words and "G2" not in words
    assert app.t("club.next_game", n=2, games=2) in [t.text for t in app.texts]
    assert app.t("club.series_games") in [t.text for t in app.texts]
    pygame.display.quit()
