"""The watching speeds (1x, 2x, 4x, Skip) are drawn only while something
can be watched or skipped: the computer thinking, showing its decision and
rolling its balls, and a person's own balls rolling. While a person aims,
puts the cue ball in hand down or reads a ruling the computer waits on,
nothing rolls or thinks: no speeds drawn (a Skip with nothing to skip), and
their keys still set how the computer's next shots are shown, said in
words."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import computer
from simulator.app.screens.computer_turn import ComputerMode, ComputerPlayMode
from simulator.app.screens.match_keys import watch_key
from simulator.app.screens.playing import PlayMode
from tests.app.helpers import (
    DT,
    click,
    computers_choice_after_a_soft_break,
    frame,
    key,
    make_app,
    run_until,
)

CASES = [("en", (1280, 720)), ("ru", (800, 500))]
CASE_IDS = ["en-1280x720", "ru-800x500"]


def speeds(app: App) -> dict[str, pygame.Rect]:
    """The watch buttons drawn in the last frame, by name."""
    return {b.ident: b.rect.copy() for b in app.buttons if b.ident.startswith("watch")}


def click_speed(app: App, ident: str) -> None:
    """A click on the drawn speed ``ident`` (the cursor brought to it)."""
    click(app, speeds(app)[ident].center)


def said(app: App, speed: str) -> bool:
    """Whether the toast says the computer's shots go at ``speed``."""
    word = app.t("cpu.watch_skipped") if speed == "skip" else f"{speed}×"
    return app.toast is not None and \
        app.t("cpu.watch_now", speed=word) in str(app.toast)


def keys_at_aim(app: App) -> None:
    """2 and 0 on a person's turn: the computer's next shots' speed set and
    said; the turn stays, nothing opens, no speed button comes up."""
    turn = app.mode
    for k, want in ((pygame.K_0, "skip"), (pygame.K_2, "2")):
        app.toast = None
        key(app, k)
        frame(app)
        assert app.mode is turn and not app.dialogs
        assert watch_key(app) == want and said(app, want), app.toast
        assert speeds(app) == {}


@pytest.mark.parametrize("lang,size", CASES, ids=CASE_IDS)
def test_the_speeds_only_while_balls_roll_or_the_computer_thinks(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    """Anna aims against Gordon: no speeds drawn, 0 and 2 set his speed.
    Her stroke rolls: her own speeds drawn, 4x clicked rolls it at 4x. His
    turn (her ruling held while he thinks, his decision shown, his stroke
    rolling): his four speeds drawn; 4x clicked while he aims and 1x while
    his balls roll take. Her next aim: none drawn."""
    from tests.app.test_playfix10_flow import _anna_misses, _computer_to_shoot

    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, size=size)
    _computer_to_shoot(monkeypatch, app, "1", think_frames=2,
                       shooter=0, balls={"0": [0.6, 0.64], "1": [1.8, 0.9],
                                         "9": [2.2, 0.4], "10": [2.0, 1.0],
                                         "8": [1.9, 0.5]})
    run_until(app, lambda: app.mode is not None and app.mode.name == "aiming")
    frame(app, n=3)
    assert speeds(app) == {}
    keys_at_aim(app)
    _anna_misses(app)
    frame(app)
    mode = app.mode
    assert isinstance(mode, PlayMode) and sorted(speeds(app)) == \
        ["watch1", "watch2", "watch4"]
    click_speed(app, "watch4")
    assert app.mode is mode and mode.playback.speed == 4.0
    run_until(app, lambda: isinstance(app.mode, ComputerMode) and
              not app.mode.holding(), limit=6000)  # (it shows what it decided)
    frame(app)
    assert sorted(speeds(app)) == ["watch1", "watch2", "watch4", "watchskip"]
    click_speed(app, "watch4")
    assert watch_key(app) == "4"
    run_until(app, lambda: isinstance(app.mode, ComputerPlayMode), limit=6000)
    frame(app)
    play = app.mode
    assert isinstance(play, ComputerPlayMode)
    assert sorted(speeds(app)) == ["watch1", "watch2", "watch4", "watchskip"]
    click_speed(app, "watch1")
    assert app.mode is play and play.playback.speed == 1.0 and watch_key(app) == "1"
    run_until(app, lambda: app.mode is not None and
              app.mode.name in ("aiming", "placing"), limit=6000)
    frame(app, n=3)
    assert speeds(app) == {} and not app.errors
    pygame.display.quit()


@pytest.mark.parametrize("lang,size", CASES, ids=CASE_IDS)
def test_no_speeds_while_the_cue_ball_in_hand_is_put_down(
        lang: str, size: tuple[int, int]) -> None:
    """Anna breaks against Gordon from the kitchen: while she puts the cue
    ball down, and then aims, no speeds are drawn; their keys set his."""
    from simulator.app.match.session import Session

    app = make_app(lang, size=size)
    app.session = Session.new(["Anna", "cpu:club:Gordon"], "8-ball",
                              {"race_to": 1, "first_breaker": 0}, app.locale, seed=4)
    app.go("match")
    frame(app, n=3)
    assert app.mode is not None and app.mode.name == "placing"
    assert speeds(app) == {}
    keys_at_aim(app)
    key(app, pygame.K_RETURN)
    frame(app, n=2)
    assert app.mode.name == "aiming" and speeds(app) == {}
    pygame.display.quit()


@pytest.mark.parametrize("lang,size", CASES, ids=CASE_IDS)
def test_no_speeds_while_the_computer_waits_for_a_ruling_to_be_read(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    """14.1 rule 6: Anna's break too soft, a foul; the computer waits until
    she has read it: no speeds drawn meanwhile (4 sets and says his speed),
    and once she goes on (Space) he thinks and his speeds are drawn."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, size=size)
    computers_choice_after_a_soft_break(app)
    mode = app.mode
    assert isinstance(mode, ComputerMode) and mode.phase == "waiting"
    frame(app, n=int(1.0 / DT))  # (past the guard on a key meant for her shot)
    assert speeds(app) == {}
    app.toast = None
    key(app, pygame.K_4)
    assert watch_key(app) == "4" and said(app, "4") and mode.phase == "waiting"
    frame(app)
    assert speeds(app) == {}
    key(app, pygame.K_SPACE)
    assert app.mode is not mode or mode.phase != "waiting"
    if app.mode is mode:
        frame(app)
        assert sorted(speeds(app)) == ["watch1", "watch2", "watch4", "watchskip"]
    pygame.display.quit()


def test_between_people_the_foot_buttons_stay_drawn() -> None:
    """Two people, no computer: nothing of a computer to watch, and the
    column's foot is the buttons that change nothing of the match (the
    hint, the fouls list, the replay, the menu), drawn and no speeds."""
    from tests.app.helpers import watched_session

    app = make_app("en")
    watched_session(app, ["Anna", "Boris"], "8-ball", {})
    frame(app, n=2)
    assert app.mode is not None and app.mode.name in ("aiming", "placing")
    idents = {b.ident for b in app.buttons}
    assert {"hint", "fouls", "replay", "menu"} <= idents, idents
    assert speeds(app) == {}
    pygame.display.quit()
