"""Play-test 18 (the setups remember): a seat a computer took gets its
person's name back on a later visit; the club evening's format and race come
back the next evening; the club's "play" button reads in two lines."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.loop.settings import load_settings
from tests.app.helpers import click, click_button, frame, key, make_app
from tests.app.scenes import LANGS
from tests.app.test_playfix17_setup_words import level, pick


def restarted(lang: str, path: Path, size: tuple[int, int] = (1280, 720)) -> App:
    """The game started again with the same profile: its settings read back
    from the file the last run wrote."""
    settings, problem = load_settings(path)
    assert problem is None
    app = make_app(lang, size)
    app.settings = settings
    app.settings_path = path
    app.go("menu")
    frame(app)
    return app


def setup_after_restart(lang: str, path: Path) -> tuple[App, Any]:
    """The game started again and its setup screen opened."""
    app = restarted(lang, path)
    app.go("setup")
    frame(app, n=2)
    return app, app.mode


def start_from_setup(app: App) -> None:
    click_button(app, app.t("setup.start"))
    frame(app, n=2)
    assert app.session is not None


# -- 1. a seat turned back into a person, on a later visit -----------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_seat_a_computer_took_gets_its_person_back_after_a_restart(
        lang: str, tmp_path: Path) -> None:
    """Pavel played seat 2 one evening; the next, a strong computer took his
    seat. The evening after (the game started again), the seat made a person
    says Pavel, not "Player 2", and the match is played by Pavel; the
    computer's own name never became the seat's person."""
    path = tmp_path / "settings.json"
    app = make_app(lang)
    app.settings_path = path
    app.go("setup", game="9-ball", names=["Anna", "Pavel"])
    frame(app, n=2)
    start_from_setup(app)
    pygame.display.quit()

    app, setup = setup_after_restart(lang, path)
    assert setup.entries[1].get_text() == "Pavel"
    pick(app, setup.menus["seat1"], level(app, "strong"))
    setup = app.mode
    assert setup.entries[1].get_text() == "Pavel"  # his name stays, until
    from tests.app.test_playfix17_setup_words import type_into
    click(app, setup.entries[1].rect.center)
    for _ in "Pavel":
        key(app, pygame.K_BACKSPACE)
    type_into(app, setup.entries[1], "Deep Blue")  # the computer renamed
    start_from_setup(app)
    assert app.session is not None and app.session.names[1] == "cpu:strong:Deep Blue"
    pygame.display.quit()

    app, setup = setup_after_restart(lang, path)
    assert setup.kinds[1] == "strong"
    assert setup.entries[1].get_text() == "Deep Blue"
    pick(app, setup.menus["seat1"], app.t("setup.person"))
    setup = app.mode
    assert setup.kinds[1] == ""
    assert setup.entries[1].get_text() == "Pavel"
    start_from_setup(app)
    assert app.session is not None and app.session.names == ("Anna", "Pavel")
    pygame.display.quit()
    assert load_settings(path)[0].players[:2] == ["Anna", "Pavel"]


@pytest.mark.parametrize("lang", LANGS)
def test_an_empty_seat_keeps_the_next_seats_in_their_places(
        lang: str, tmp_path: Path) -> None:
    """Seat 1 left unnamed ("Player 1") and seat 2 a computer that took
    Pavel's place: the next visit has the computer in seat 2 still, and
    Pavel comes back to seat 2 (the empty seat had moved the computer up)."""
    path = tmp_path / "settings.json"
    app = make_app(lang)
    app.settings_path = path
    app.go("setup", game="9-ball", names=["", "Pavel"])
    frame(app, n=2)
    pick(app, app.mode.menus["seat1"], level(app, "strong"))  # type: ignore[union-attr]
    start_from_setup(app)
    pygame.display.quit()

    app, setup = setup_after_restart(lang, path)
    assert setup.kinds == ["", "strong"]
    pick(app, setup.menus["seat1"], app.t("setup.person"))
    assert app.mode.entries[1].get_text() == "Pavel"  # type: ignore[union-attr]
    pygame.display.quit()


def test_a_broken_list_of_people_reads_without_moving_a_seat() -> None:
    from simulator.app.loop.settings import Settings
    s = Settings.from_dict({"people": [3, "Pavel", None, "x" * 90]})
    assert s.people == ["", "Pavel", "", "x" * 40]
    assert Settings.from_dict({"people": "Pavel"}).people == []


# -- 2. the club evening's format and race, remembered ---------------------------

def format_words(app: App, fmt: str) -> str:
    from simulator.app.screens.club.draw import rec_t
    return app.t("club.format", value=rec_t(app, f"format.{fmt}"))


def step_to(app: App, wanted: str, start: str) -> None:
    """Click the choice whose words begin with ``start`` until it says
    ``wanted``."""
    from tests.app.helpers import button_labels
    for _ in range(12):
        frame(app)
        labels = button_labels(app)
        if wanted in labels:
            return
        (now,) = [b for b in labels if b.startswith(start)]
        click_button(app, now)
    raise AssertionError(f"no {wanted!r}: {button_labels(app)}")


def evening_setup_from_menu(app: App) -> None:
    click_button(app, app.t("club.menu_evening"))
    frame(app)
    assert app.mode is not None and app.mode.name == "evening_setup"


@pytest.mark.parametrize("lang", LANGS)
def test_the_club_evening_setup_offers_the_last_format_and_race(
        lang: str, tmp_path: Path) -> None:
    """A double-elimination evening raced to 5 begun (and abandoned): the
    next evening's setup, in the same run and after a restart with the same
    profile, offers double elimination and the race to 5 again (it began
    at the knock-out's defaults each time)."""
    from simulator.records.formats import DOUBLE, FORMATS
    from tests.app.helpers import button_labels
    path = tmp_path / "settings.json"
    app = make_app(lang)
    app.settings_path = path
    app.go("menu")
    frame(app)
    evening_setup_from_menu(app)
    assert format_words(app, FORMATS[0]) in button_labels(app)
    for _ in range(2):
        click_button(app, app.t("club.add_cpu", level=app.t("cpu.level.beginner")))
    step_to(app, format_words(app, DOUBLE), app.t("club.format", value="")[:-1])
    race5 = app.t("club.race", n=5)
    step_to(app, race5, race5.split("5")[0])  # "Race to ", "Матч до "
    click_button(app, app.t("club.begin", n=2))
    frame(app)
    assert app.mode is not None and app.mode.name == "evening"
    click_button(app, app.t("club.abandon"))
    click_button(app, app.t("club.abandon_yes"))
    click_button(app, app.t("club.new_evening"))  # the same run
    frame(app)
    assert {format_words(app, DOUBLE), app.t("club.race", n=5)} <= \
        set(button_labels(app))
    pygame.display.quit()

    app = restarted(lang, path)  # the next evening
    evening_setup_from_menu(app)
    assert {format_words(app, DOUBLE), app.t("club.race", n=5)} <= \
        set(button_labels(app))
    pygame.display.quit()


@pytest.mark.parametrize("stored", [
    {"club_format": "snooker-league", "club_race": 6, "club_seeding": "alphabet",
     "club_game": "snooker"},
    {"club_format": 3, "club_race": "five", "club_games": True, "club_target": -4,
     "club_handicap": "yes"},
    {"club_format": "express-series", "club_game": "8-ball", "club_games": 999},
])
def test_a_broken_club_choice_leaves_its_default(stored: dict[str, object],
                                                 tmp_path: Path) -> None:
    """What the setup does not offer, stored by an older version or a broken
    file, gives way to the default; the screen opens and an evening begins."""
    import json

    from simulator.records.formats import EXPRESS_SERIES, FORMATS
    from tests.app.helpers import button_labels
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(stored), encoding="utf-8")
    app = restarted("en", path)
    evening_setup_from_menu(app)
    labels = set(button_labels(app))
    c: Any = app.mode.choices  # type: ignore[union-attr]
    if stored.get("club_format") == EXPRESS_SERIES:
        assert c.format == EXPRESS_SERIES and c.game == "express" and c.games == 5
        assert app.t("club.series", n=5) in labels
    else:
        assert format_words(app, FORMATS[0]) in labels
        assert app.t("club.race", n=3) in labels
        assert (c.game, c.race, c.target, c.games, c.handicap, c.seeding) == \
            ("9-ball", 3, 50, 5, False, "listed")
    for _ in range(3):
        click_button(app, app.t("club.add_cpu", level=app.t("cpu.level.beginner")))
    click_button(app, app.t("club.begin", n=3))
    frame(app)
    assert app.mode is not None and app.mode.name == "evening"
    pygame.display.quit()


# -- 3. the club's "play" button in two lines at 800x500 --------------------------

LONG = {"ru": ["Максимилиан Оберхаузер-Витгенс", "Александра Константинопольская",
               "Вера"],
        "en": ["Maximilian Oberhauser-Wittgens", "Alexandra Constantinopolskaya",
               "Vera"]}


def long_evening(lang: str, series: bool = False) -> App:
    """An evening begun at 800x500 by three people with long names and a
    professional computer (an Express series, or the first format)."""
    from simulator.records.formats import EXPRESS_SERIES
    app = make_app(lang, (800, 500))
    app.go("menu")
    frame(app)
    evening_setup_from_menu(app)
    for name in LONG[lang]:
        app.mode.entry.set_text(name)  # type: ignore[union-attr]
        click_button(app, app.t("club.add_person"))
    click_button(app, app.t("club.add_cpu", level=app.t("cpu.level.pro")))
    if series:
        step_to(app, format_words(app, EXPRESS_SERIES),
                app.t("club.format", value="")[:-1])
    click_button(app, app.t("club.begin", n=4))
    frame(app, n=2)
    assert app.mode is not None and app.mode.name == "evening"
    return app


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("series", [False, True])
def test_the_club_play_button_reads_in_two_lines_at_800x500(lang: str,
                                                            series: bool) -> None:
    """Three players with long names and a professional computer: the
    evening's "play" button takes at most two lines, none cut with «…»
    (it said "Play: <name> – <name>" over three); who plays is said whole
    above the cards."""
    from simulator.app.text import ui
    app = long_evening(lang, series)
    (play,) = [b for b in app.buttons if b.ident == "play_next"]
    lines = [t for t in app.texts if play.rect.contains(t.rect)]
    assert 1 <= len(lines) <= 2, [t.shown for t in lines]
    assert not [t.shown for t in lines if t.cut or t.shown.endswith(ui.ELLIPSIS)]
    call = app.mode.call  # type: ignore[attr-defined]
    head = " ".join(t.shown for t in app.texts if t.rect.bottom < play.rect.top
                    and t.rect.top < 130 and not t.cut)
    # (everyone plays every game of a series: the standings name them)
    for n in () if series else call.names:
        assert app.mode.shown(n) in head, (n, head)  # type: ignore[attr-defined]
    click_button(app, play.label)
    frame(app, n=2)
    assert app.session is not None
    pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_standings_places_read_beside_long_names_at_800x500(lang: str) -> None:
    """Before a match, the four share the places "1–4": each row says so
    (beside two long names the place column was cut to «…»); a long name
    gives up the room instead."""
    from simulator.app.text import ui
    app = long_evening(lang)
    places = [t.shown for t in app.texts if t.text == "1–4"]
    assert places == ["1–4"] * 4, [t.shown for t in app.texts if t.cut]
    assert not [t for t in app.texts if t.shown == ui.ELLIPSIS]
    pygame.display.quit()
