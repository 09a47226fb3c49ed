"""What a club evening's screens say: the rounds' headings by format, a
handicap's races on the scoreboard, a match given up shown as given up."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import club as club_hold
from simulator.app.match import session as sess
from simulator.records import words
from tests.app.helpers import (
    button_labels,
    click_button,
    drawn_lines,
    drawn_words,
    frame,
)
from tests.app.test_club import (
    evening_match_under_way,
    label,
    new_app,
    person_concedes,
    rec_words,
)


def set_up(app: App, fmt: str, seats: int) -> None:
    """From the menu: an evening of ``fmt`` for ``seats`` beginners, begun."""
    click_button(app, app.t("club.menu_evening"))
    wanted = app.t("club.format", value=rec_words(app, fmt))
    while wanted not in button_labels(app):
        click_button(app, label(app, app.t("club.format", value="")))
    for _ in range(seats):
        click_button(app, app.t("club.add_cpu", level=app.t("cpu.level.beginner")))
    click_button(app, app.t("club.begin", n=seats))
    frame(app)
    assert app.mode is not None and app.mode.name == "evening", app.toast


@pytest.mark.parametrize(("lang", "words", "not_words"), [
    ("en", ["Semi-final", "Final"], ["Winners' bracket"]),
    ("ru", ["Полуфинал", "Финал"], ["Сетка победителей"])])
def test_a_single_elimination_names_its_rounds(lang: str, words: list[str],
                                               not_words: list[str]) -> None:
    """Four players knocked out: a semi-final and a final, not the double
    elimination's winners' bracket (there is no losers' one)."""
    app = new_app(lang)
    set_up(app, "single-elimination", 4)
    frame(app)
    texts = drawn_lines(app)
    for w in words:
        assert w in texts, texts
    assert not any(n in t for n in not_words for t in texts), texts
    pygame.display.quit()


@pytest.mark.parametrize(("lang", "game_1"), [("en", "Game 1"), ("ru", "Партия 1")])
def test_an_express_series_lists_its_games_under_one_heading(
        lang: str, game_1: str) -> None:
    """The series' games are listed under one heading, not under "Game 1"
    (the second game then read as listed under game 1)."""
    app = new_app(lang)
    set_up(app, "express-series", 3)
    frame(app)
    texts = drawn_lines(app)
    assert app.t("club.series_games") in texts and game_1 not in texts, texts
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_handicap_hint_only_where_a_handicap_is_offered(lang: str) -> None:
    """A round robin's setup explains its handicap; an Express series has
    none to choose, so its setup says nothing of one."""
    app = new_app(lang)
    click_button(app, app.t("club.menu_evening"))
    hint = app.t("club.handicap_hint")
    frame(app)
    assert hint in drawn_words(app)
    series = app.t("club.format", value=rec_words(app, "express-series"))
    while series not in button_labels(app):
        click_button(app, label(app, app.t("club.format", value="")))
    frame(app)
    words = drawn_words(app)
    assert app.t("club.options_hint") in words and hint not in words
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_handicapped_match_shows_each_players_race(lang: str) -> None:
    """A beginner against a strong player with a handicap: the scoreboard
    says each player's own race on their card, not the referee's longer
    race for both."""
    app = new_app(lang)
    click_button(app, app.t("club.menu_evening"))
    for lv in ("beginner", "strong"):
        click_button(app, app.t("club.add_cpu", level=app.t(f"cpu.level.{lv}")))
    race = next(b for b in button_labels(app)
                if b in [app.t("club.race", n=n) for n in range(1, 12)])
    while race != app.t("club.race", n=1):  # the shortest: the handicap 1 : more
        click_button(app, race)
        race = next(b for b in button_labels(app)
                    if b in [app.t("club.race", n=n) for n in range(1, 12)])
    click_button(app, app.t("club.handicap_off"))
    click_button(app, app.t("club.begin", n=2))
    frame(app)
    click_button(app, label(app, app.t("club.play_next", names="")))
    hold = club_hold.evening_of(app.session)
    assert hold is not None and hold.call.handicapped
    races = hold.call.races
    frame(app)
    texts = drawn_lines(app)
    s = app.session
    assert s is not None
    for seat, n in enumerate(races):  # the card: the name, then its lines
        card = texts[texts.index(s.name(seat)) + 1]
        assert card.startswith(app.t("evening.race_over", n=n)), texts
    assert app.t("score.handicap", game=1) in texts
    assert app.t("score.race", n=max(races), game=1) not in texts
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_knockout_match_conceded_reads_as_given_up(lang: str) -> None:
    """A person concedes their knockout match: the bracket says it was
    given up ("w/o"), not a game score never played."""
    app = new_app(lang)
    click_button(app, app.t("club.menu_evening"))
    wanted = app.t("club.format", value=rec_words(app, "single-elimination"))
    while wanted not in button_labels(app):
        click_button(app, label(app, app.t("club.format", value="")))
    mode = app.mode
    mode.entry.set_text("Ann")  # type: ignore[union-attr]
    click_button(app, app.t("club.add_person"))
    click_button(app, app.t("club.add_cpu", level=app.t("cpu.level.beginner")))
    click_button(app, app.t("club.begin", n=2))
    frame(app)
    click_button(app, label(app, app.t("club.play_next", names="")))
    assert app.session is not None
    person_concedes(app, app.session)
    click_button(app, app.t("club.to_evening"))
    frame(app)
    texts = drawn_lines(app)
    assert any(t.startswith(words.t(lang, "page.given_up")) for t in texts), texts
    assert not any(t.strip() in ("0:1", "1:0") for t in texts), texts
    pygame.display.quit()


def test_an_abandoned_evenings_match_is_not_offered_to_continue() -> None:
    """An evening abandoned while its match was under way (Kiy restarted in
    between): the evening screen stays, saying so, and the menu no longer
    offers that match as the last one to continue (it would count for no
    evening); its autosave is still among the older ones to load."""
    evening_match_under_way()  # the match left under way
    pygame.display.quit()

    app = new_app()  # the program started again
    assert app.t("menu.continue") in button_labels(app)
    click_button(app, app.t("club.menu_continue"))
    click_button(app, app.t("club.abandon"))
    click_button(app, app.t("club.abandon_yes"))
    assert app.mode is not None and app.mode.name == "evening"
    frame(app)
    assert app.t("club.was_abandoned") in drawn_lines(app)
    click_button(app, app.t("menu.main"))
    assert app.mode is not None and app.mode.name == "menu"
    assert app.t("menu.continue") not in button_labels(app)
    assert sess.autosave_paths()[1].exists()
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_message_over_the_menu_stays_clear_of_its_words(lang: str) -> None:
    """A message shown on the main menu, raised past its column of buttons,
    does not cover the subtitle (nor any other words or button)."""
    app = new_app(lang)
    app.inform(app.t("club.was_abandoned"))
    frame(app)
    (box,) = [r for name, r in app.panels if name == "message"]
    mine = [t for t in app.texts if box.contains(t.rect)]
    assert mine
    others = [t.text for t in app.texts if t not in mine and box.colliderect(t.rect)]
    assert others == []
    assert not any(box.colliderect(b.rect) for b in app.buttons)
    pygame.display.quit()
