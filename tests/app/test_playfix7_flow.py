"""What a seventh play-test found (issue 22, "an evening that flows"): a
Space meant for the computer's turn struck the person's stroke; a name typed
for a computer seat was lost when its level was picked after; the new-match
screen forgot the game played last; a cue ball was drawn on a spot before
the computer placed it; the Quit dialog spoke of a match when none was open."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.table.specs import CUE_BALL
from tests.app.helpers import DT, computer_match_at, frame, key, make_app, run_until


def _down(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=" ", scancode=0)


def _up(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)


def _against_computer(app: App) -> Session:
    """Ann against the beginner computer at 9-ball, the computer breaking,
    its shots skipped (as fast as it gets)."""
    s = Session.new(["Ann", "cpu:beginner"], "9-ball",
                    {"race_to": 5, "first_breaker": 1}, app.locale, seed=2)
    s.watch = "skip"
    app.session = s
    next_step(app)
    app.frame([], DT)
    return s


def _shots_by(s: Session, player: int) -> int:
    return sum(1 for _shot, r in s.shots if r.shooter == player)


def test_space_for_the_computer_never_strikes_the_persons_stroke() -> None:
    """Space pressed (held, repeating, released) while the computer has the
    table, a press that arrives as Ann's turn appears (queued behind a slow
    frame), and presses after it to hurry a computer that has finished: no
    stroke of Ann's until she has aimed on her own turn and presses Space."""
    app = make_app("en", (800, 500))
    s = _against_computer(app)
    assert app.mode is not None and app.mode.name == "computer"
    frame(app, _down(pygame.K_SPACE))
    for _ in range(5):
        frame(app, _down(pygame.K_SPACE))  # the keyboard repeats it
    frame(app, _up(pygame.K_SPACE))
    run_until(app, lambda: app.mode is not None and app.mode.name == "aiming")
    assert _shots_by(s, 0) == 0
    # The press meant for "go on" lands as her turn appears.
    frame(app, _down(pygame.K_SPACE))
    frame(app, _up(pygame.K_SPACE))
    frame(app, n=3)
    assert _shots_by(s, 0) == 0 and app.mode.name == "aiming"
    # Still pressing Space now and then to hurry a computer that has
    # finished: no stroke until she has aimed; she is told so.
    for _ in range(3):
        frame(app, n=30)
        key(app, pygame.K_SPACE)
        frame(app, n=3)
        assert _shots_by(s, 0) == 0 and app.mode.name == "aiming"
    assert app.toast is not None and app.toast[0] == app.t("evening.aim_first")
    # She aims (the mouse moves over the table), then a Space strikes.
    table = app.mode.layout.table  # type: ignore[attr-defined]
    frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=table.center,
                                  rel=(1, 1), buttons=(0, 0, 0)))
    key(app, pygame.K_SPACE)
    run_until(app, lambda: _shots_by(s, 0) == 1)


# -- a computer seat's name typed on the setup screen --------------------------

def _pick(app: App, menu: object, text: str) -> None:
    """A drop-down's choice (the widget's own event, as its list posts it)."""
    import pygame_gui
    frame(app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                  ui_element=menu, text=text))
    frame(app, n=2)


def _type_into(app: App, entry: object, text: str) -> None:
    from tests.app.helpers import click
    click(app, entry.rect.center)  # type: ignore[attr-defined]
    for ch in text:
        frame(app, pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frame(app, n=2)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("name_first", [True, False])
def test_a_name_typed_for_a_computer_seat_stays_whichever_comes_first(
        lang: str, name_first: bool) -> None:
    """Seat 2 named Boris and made a club player, in either order: the match
    plays Boris (a club player), not "Computer (club player)"."""
    from tests.app.helpers import click_button
    app = make_app(lang, (800, 500))
    app.go("setup", game="9-ball", names=["Ann", ""])
    frame(app)
    club = app.t("cpu.level.club")
    club = club[:1].upper() + club[1:]
    setup: Any = app.mode
    if name_first:
        _type_into(app, setup.entries[1], "Boris")
        _pick(app, setup.menus["seat1"], club)
    else:
        _pick(app, setup.menus["seat1"], club)
        _type_into(app, app.mode.entries[1], "Boris")  # type: ignore[union-attr]
    setup = app.mode
    assert setup.entries[1].get_text() == "Boris"
    click_button(app, app.t("setup.start"))
    frame(app, n=2)
    s = app.session
    assert s is not None and s.names == ("Ann", "cpu:club:Boris")
    assert s.is_computer(1) and s.name(1) == "Boris"
    frame(app)
    assert "Boris" in [r.text for r in app.texts]


# -- the new-match screen remembers the game ---------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_new_match_screen_offers_the_game_played_last(lang: str,
                                                         tmp_path: Path) -> None:
    """A match of 14.1 begun: the next evening (the settings read again from
    the profile) the new-match screen has 14.1 chosen, and says so; a game
    the settings name that this version does not know is not offered."""
    from simulator.app.loop.settings import load_settings
    from tests.app.helpers import click_button
    path = tmp_path / "settings.json"
    app = make_app(lang, (800, 500))
    app.settings_path = path
    app.go("setup", names=["Ann", "Boris"])
    frame(app)
    setup: Any = app.mode
    assert setup.game == "9-ball"  # the first time: the usual choice
    _pick(app, setup.menus["game"], app.t("game.14.1"))
    assert app.mode.game == "14.1"  # type: ignore[union-attr]
    click_button(app, app.t("setup.start"))
    frame(app, n=2)
    assert app.session is not None and app.session.discipline == "14.1"
    settings, _problem = load_settings(path)
    assert settings.game == "14.1"
    later = make_app(lang, (800, 500))
    later.settings = settings
    later.go("menu")
    frame(later)
    later.go("setup")
    frame(later, n=2)
    assert later.mode.game == "14.1"  # type: ignore[union-attr]
    assert later.t("game.14.1") in [r.text for r in later.texts] + [
        m.selected_option[0] if isinstance(m.selected_option, tuple)
        else m.selected_option for m in later.mode.menus.values()]  # type: ignore
    settings.game = "snooker"
    unknown = make_app(lang, (800, 500))
    unknown.settings = settings
    unknown.go("setup")
    frame(unknown)
    assert unknown.mode.game == "9-ball"  # type: ignore[union-attr]


# -- the Quit dialog ----------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_quit_speaks_of_the_saved_match_only_when_one_is_open(lang: str) -> None:
    """Esc at the main menu with no match open: "Quit Kiy?" without a word
    of a match saved; from a match's menu the sentence is there."""
    app = make_app(lang, (800, 500))
    app.go("menu")
    frame(app)
    key(app, pygame.K_ESCAPE)
    frame(app, n=2)
    words = " ".join(r.text for r in app.texts)
    assert app.dialogs and app.t("quit.title") in words
    first = app.t("quit.body").split()[0]
    assert first not in words, words
    key(app, pygame.K_ESCAPE)  # cancelled
    frame(app)
    s = Session.new(["Ann", "Boris"], "9-ball", {"race_to": 3}, app.locale, seed=2)
    app.session = s
    next_step(app)
    frame(app, n=2)
    app.open("quit")
    frame(app, n=2)
    words = " ".join(r.text for r in app.texts)
    assert app.t("quit.title") in words and first in words, words


# -- no cue ball drawn on a spot before the computer places it ----------------

def test_no_cue_ball_is_drawn_before_the_computer_places_it() -> None:
    """Ann scratches (the cue ball sent into a corner pocket); the computer
    has the ball in hand and waits while she reads her foul, then thinks:
    until it has placed the ball, no cue ball is drawn on the table (not on
    the spot a person's placing would start from); then it is drawn where
    the computer put it."""
    from simulator.app.table.aim import Aim, angle_to
    app = make_app("en", (800, 500))
    draft = {"format": "kiy-scenario", "version": 1, "id": "scratch",
             "discipline": "9-ball", "players": 2,
             "title": {"en": "Scratch", "ru": "Свой в лузу"},
             "balls": {"0": [0.25, 0.25], "1": [1.8, 0.9], "9": [2.2, 0.4]},
             "state": {"is_break": False}}
    s = computer_match_at(app, draft, ["Ann", "cpu:beginner"])
    s.aim = Aim(angle_to((0.25, 0.25), (0.0, 0.0)), 0.4)
    frame(app, n=2)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: app.mode is not None and app.mode.name == "computer")
    r = s.last_ruling
    assert r is not None and r.fouls and r.shooter == 0
    assert app.mode.phase == "waiting"  # type: ignore[attr-defined]
    frame(app, n=2)
    spot = s.placed
    assert spot is not None  # where a person's placing would start
    mode: Any = app.mode
    assert CUE_BALL not in mode.ball_positions()
    surface = pygame.display.get_surface()
    xy = mode.scene.view.to_screen(*spot)
    assert min(surface.get_at((int(xy[0]), int(xy[1])))[:3]) < 200  # no white ball
    s.watch = "1"  # its decision stays on show a moment (Skip plays it at once)
    frame(app, n=30)  # (no key dismisses a new ruling in its first moment)
    key(app, pygame.K_SPACE)  # read: the computer thinks, then shows its place
    run_until(app, lambda: getattr(app.mode, "decision", None) is not None)
    assert app.mode.ball_positions()[CUE_BALL][:2] == s.placed  # type: ignore


@pytest.mark.parametrize("jitter", [(0, 0), (2, -1)])
def test_a_computer_shot_watched_to_rest_then_a_lone_space_strikes_nothing(
        monkeypatch: pytest.MonkeyPatch, jitter: tuple[int, int]) -> None:
    """The computer's shot watched rolling to rest (not skipped), then Ann's
    turn: the pointer's own motion event, or a hand resting on the mouse
    moving it a pixel, is no aim; her lone Space says "aim first" and
    strikes nothing. Once she moves the mouse, Space strikes. (The mouse
    rests off the table, under it: resting over the table it aims at once,
    the stick on show; see test_strip70_aim_first.)"""
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app("en", (800, 500))
    s = Session.new(["Ann", "cpu:beginner"], "9-ball",
                    {"race_to": 5, "first_breaker": 1}, app.locale, seed=2)
    s.watch = "4x"
    app.session = s
    rest = (400, 490)  # (the strip under the table)
    frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=rest, rel=(1, 1),
                                  buttons=(0, 0, 0)))
    next_step(app)
    run_until(app, lambda: app.mode is not None and app.mode.name == "computer_playing")
    run_until(app, lambda: app.mode is not None and app.mode.name == "aiming")
    assert getattr(app.previous, "name", "") == "computer_playing"
    frame(app, n=40)  # (well past the settling time)
    at = (rest[0] + jitter[0], rest[1] + jitter[1])
    frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=jitter,
                                  buttons=(0, 0, 0)))
    key(app, pygame.K_SPACE)
    frame(app, n=3)
    assert _shots_by(s, 0) == 0 and app.mode.name == "aiming"
    assert app.toast is not None and app.toast[0] == app.t("evening.aim_first")
    frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=(at[0] + 30, 250),
                                  rel=(30, 250 - at[1]), buttons=(0, 0, 0)))
    key(app, pygame.K_SPACE)
    run_until(app, lambda: _shots_by(s, 0) == 1)
