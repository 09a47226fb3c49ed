"""Continue (the autosave) opens a match where it was left, its pending
ruling as a named save has it: the computer's choice after Anna's illegal
break (14.1 rule 6: re-rack, she breaks again) was on the card when she left
for the main menu, and Continue showed an empty column; a person's choice
and a ball in hand waiting are shown again and work. Played through the
window's loop on the test's own profile folder."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.loop.flow import open_saved
from simulator.app.match import computer
from tests.app.helpers import (
    button_labels,
    click_button,
    computers_choice_after_a_soft_break,
    drawn_words,
    foul_waits,
    frame,
    key,
    make_app,
    read_ruling,
    run_until,
)
from tests.app.scenes import LANGS
from tests.app.test_playfix17_rulings import soft_break

SIZES = [(1280, 720), (800, 500)]


def left_for_the_menu(app: App) -> None:
    """The match menu's Main menu: the match is left, the autosave holds it."""
    key(app, pygame.K_ESCAPE)
    click_button(app, app.t("menu.main"))
    frame(app, n=2)
    assert app.mode is not None and app.mode.name == "menu"


def continue_from_the_menu(app: App) -> None:
    click_button(app, app.t("menu.continue"))
    frame(app, n=3)
    assert app.mode is not None and app.mode.name != "menu"


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_continue_shows_the_computers_choice_card_again(
        lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """14.1 rule 6: Anna's break too soft, the computer chooses the re-rack
    she breaks again; its card is up while she places the cue ball. She
    leaves for the main menu and presses Continue: the same card (who chose
    what, the foul that gave the choice), as a named save opens it; she puts
    the cue ball down and breaks again."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, size)
    try:
        s = computers_choice_after_a_soft_break(app)
        frame(app, n=30)
        key(app, pygame.K_SPACE)  # Anna has read her foul: the computer chooses
        mode = app.mode
        run_until(app, lambda: app.mode is not mode, limit=6000)
        frame(app, n=3)
        assert s.match.history[-1]["type"] == "choice"
        card = s.banner
        assert card is not None and app.t("cpu.chooses", name=s.name(1),
                                          choice="").split()[0] in card.title
        saved = s.save()
        left_for_the_menu(app)
        continue_from_the_menu(app)
        s2 = app.session
        assert s2 is not None and s2 is not s
        assert s2.banner is not None and s2.banner.title == card.title
        assert s2.banner.lines[-1:] == card.lines[-1:]  # the foul that gave it
        assert s2.banner.next == card.next
        title = s2.banner.title.split()
        assert " ".join(title[:3]) in drawn_words(app, folded=True)
        # The named save opens the same card.
        named = make_app(lang, size)
        named.go("menu")
        frame(named)
        assert open_saved(named, saved)
        frame(named, n=2)
        assert named.session is not None and named.session.banner is not None
        assert named.session.banner.title == card.title
        # It works: Anna puts the cue ball down and breaks again.
        assert app.mode is not None and app.mode.name == "placing"
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        assert app.mode.name == "aiming"
        req = s2.req
        assert req is not None and req.shooter == 0 and req.is_break
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_continue_asks_a_pending_choice_again_and_it_works(lang: str) -> None:
    """14.1 rule 6: Anna's illegal break leaves Boris to choose; Anna's
    friend leaves for the main menu before he answers. Continue asks Boris
    again, and his answer (accept the table) lets him shoot."""
    app = make_app(lang, (1280, 720))
    try:
        s = soft_break(app, "14.1", 0.05)
        assert s.req is not None and s.req.pending
        asked = button_labels(app)
        left_for_the_menu(app)
        continue_from_the_menu(app)
        s2 = app.session
        assert s2 is not None and s2 is not s and s2.req is not None
        assert s2.req.pending == s.req.pending
        assert app.dialogs and app.dialogs[-1].kind == "choice"
        assert button_labels(app) == asked
        accept = next(b for b in asked if b.startswith(
            app.t("choice.accept_table").split()[0]))
        click_button(app, accept)
        frame(app, n=3)
        req = s2.req
        assert req is not None and not req.pending and req.shooter == 1
        assert app.mode is not None and app.mode.name in ("aiming", "placing")
    finally:
        pygame.display.quit()


def a_miss(app: App, game: str) -> None:
    """Anna at a set position strokes away from every ball: no ball hit, a
    foul (8-ball 7, 9-ball 6), Boris has the cue ball in hand."""
    from dataclasses import replace

    from tests.app.helpers import scenario_match
    scenario_match(app, game, {0: (0.8, 0.6), 1: (1.9, 0.4), 8: (2.2, 0.9),
                               9: (1.7, 1.0)})
    s = app.session
    assert s is not None
    s.aim = replace(s.aim, angle=180.0, power=0.2)  # to the head rail
    key(app, pygame.K_SPACE)
    run_until(app, lambda: app.mode is not None
              and app.mode.name not in ("playing", "aiming"), limit=6000)
    frame(app, n=30)


@pytest.mark.parametrize("game", ["8-ball", "9-ball"])
@pytest.mark.parametrize("lang", LANGS)
def test_continue_keeps_a_ball_in_hand_waiting(lang: str, game: str) -> None:
    """Anna's miss gives Boris the cue ball in hand (8-ball 7, 9-ball 6);
    she leaves for the main menu before he has read the foul. Continue: the
    foul's card waits to be read, then Boris places the cue ball in hand
    and aims."""
    app = make_app(lang, (1280, 720))
    try:
        a_miss(app, game)
        s = app.session
        assert s is not None and s.last_ruling is not None and s.last_ruling.fouls
        req = s.req
        assert req is not None and req.ball_in_hand.value != "none", req
        assert req.shooter == 1
        hand = req.ball_in_hand
        assert foul_waits(app)
        left_for_the_menu(app)
        continue_from_the_menu(app)
        s2 = app.session
        assert s2 is not None and s2 is not s and s2.req is not None
        assert s2.req.ball_in_hand == hand and s2.req.shooter == 1
        read_ruling(app)
        assert app.mode is not None and app.mode.name == "placing"
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        assert app.mode.name == "aiming" and s2.req is not None
        assert s2.req.shooter == 1 and s2.placed is not None  # (put down)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_continue_shows_the_computers_choice_after_the_lag(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """General rule 5 / 14.1 rule 2: the computer wins the lag and makes
    Anna break; its card says so while she places the cue ball. She leaves
    for the main menu and presses Continue: the same card, not only "match
    loaded, Anna to shoot"."""
    from simulator.app.match.session import Session
    from simulator.app.match.turns import next_step
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang)
    try:
        app.session = s = Session.new(["Anna", "cpu:strong"], "14.1",
                                      {"target": 5, "lag": True}, app.locale, seed=1)
        next_step(app)
        frame(app)
        key(app, pygame.K_SPACE)  # Anna's lag stroke
        run_until(app, lambda: app.mode is not None and app.mode.name == "lag_result",
                  limit=4000)
        click_button(app, app.t("lag.continue"))  # the computer won: it chooses
        run_until(app, lambda: app.mode is not None
                  and app.mode.name in ("placing", "aiming"), limit=800)
        assert s.match.history[-1]["type"] == "choice"
        card = s.banner
        assert card is not None and s.name(1) in card.title
        left_for_the_menu(app)
        continue_from_the_menu(app)
        s2 = app.session
        assert s2 is not None and s2 is not s
        assert s2.banner is not None and s2.banner.title == card.title
        assert s2.match.requirements().shooter == 0  # Anna breaks
    finally:
        pygame.display.quit()
