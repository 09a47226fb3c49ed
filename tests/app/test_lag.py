"""The lag for the break (general rule 5) played through the window, hot seat,
with synthetic mouse and keyboard events, and checked against the referee."""

from __future__ import annotations

import math
from pathlib import Path

import pygame
import pygame_gui

from rules.codes import LagCode
from rules.general import judge_lag
from simulator.app.loop.app import App
from simulator.app.match.session import LAG_BALLS, Session, autosave_path
from simulator.app.match.turns import next_step
from simulator.app.screens.lag import LagMode, LagResultMode, result_lines
from simulator.app.text.words import code_words
from tests.app.helpers import (
    button_labels,
    click_button,
    frame,
    key,
    make_app,
    move,
    run_until,
)


def lag_mode(app: App) -> LagMode:
    assert isinstance(app.mode, LagMode), app.mode
    return app.mode


def pull_back(app: App, ball: tuple[float, float], target: tuple[float, float],
              pull: float) -> None:
    """Aim from ``ball`` at ``target``, press behind the ball, drag ``pull``
    metres further back and release: the stroke is locked."""
    view = lag_mode(app).scene.view
    move(app, view.to_screen(*target))
    dx, dy = target[0] - ball[0], target[1] - ball[1]
    d = math.hypot(dx, dy)
    ux, uy = dx / d, dy / d
    p0 = view.to_screen(ball[0] - ux * 0.08, ball[1] - uy * 0.08)
    p1 = view.to_screen(ball[0] - ux * (0.08 + pull), ball[1] - uy * (0.08 + pull))
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN,
                                  pos=(int(p0[0]), int(p0[1])), button=1))
    move(app, p1, held=True)
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP,
                                  pos=(int(p1[0]), int(p1[1])), button=1))


def resize(app: App, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    frame(app, pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    assert app.size == size and not app.errors


def finish_lag(app: App) -> LagResultMode:
    run_until(app, lambda: app.mode is not None and app.mode.name == "lag_result")
    assert isinstance(app.mode, LagResultMode)
    assert not app.errors, app.errors[-1]
    return app.mode


def test_a_lag_played_hot_seat_is_the_referees_lag(tmp_path: Path) -> None:
    app = make_app()
    app.session = Session.new(["Anna", "Boris"], "9-ball", {"lag": True},
                              app.locale, seed=4)
    s = app.session
    next_step(app)
    mode = lag_mode(app)
    spec = s.spec
    r = spec.balls.radius
    # Anna drags her ball a little nearer the head cushion, still behind the
    # head string on her own side, then sends it straight up the table.
    a0 = mode.positions[0]
    view = mode.scene.view
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN,
                                  pos=view.to_screen_i(*a0), button=1))
    move(app, view.to_screen(a0[0] - 0.1, a0[1]), held=True)
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP,
                                  pos=view.to_screen_i(a0[0] - 0.1, a0[1]), button=1))
    anna = mode.positions[0]
    assert anna[0] < a0[0] - 0.05 and anna[0] < spec.head_string_x - r
    pull_back(app, anna, (spec.length - 0.1, anna[1]), pull=0.1)
    assert mode.turn == 1, "Anna's stroke was not locked"
    first = mode.strokes[0]
    assert first is not None and abs(first.direction % 360) < 1.0
    # Anna's aim is hidden while Boris aims: the panel shows Boris's own.
    assert mode.aim is mode.aims[1]
    # Boris aims at the far long cushion with the keyboard's power.
    boris = mode.positions[1]
    move(app, view.to_screen(spec.length * 0.5, spec.width - r))
    for _ in range(5):
        key(app, pygame.K_UP)
    key(app, pygame.K_SPACE)
    result_mode = finish_lag(app)
    second = mode.strokes[1]
    assert second is not None

    # What the referee stored is this lag: both strokes, both balls.
    assert s.match.history[-1]["type"] == "lag"
    shot, result = s.lags[-1]
    assert shot.stroke == first and shot.also == ((LAG_BALLS[1], second),)
    assert shot.initial.position(LAG_BALLS[0]) == anna
    assert shot.initial.position(LAG_BALLS[1]) == boris
    again = judge_lag(shot, LAG_BALLS)
    assert again == result == result_mode.result
    # Boris's ball went to a long cushion: general rule 5.5.
    assert LagCode.LONG_RAIL in result.reasons[1]
    # The verdict on screen in the player's words, every reason with its rule.
    dlg = app.dialogs[-1]
    for i, why in enumerate(result.reasons):
        for code in why:
            assert code_words(s.locale, code.id) in dlg.body, (i, code.id)
    assert dlg.body == "\n".join(result_lines(app, s, result))
    if result.winner is None:
        assert dlg.title == app.t("lag.relag_title")
        click_button(app, app.t("lag.again"))
        assert isinstance(app.mode, LagMode)
        return
    winner = s.names[result.winner]
    assert winner in dlg.title
    # Saved and resumed: the winner still has the choice (general rule 6).
    s.save(tmp_path / "lag.json")
    resumed = Session.load(tmp_path / "lag.json", app.locale)
    assert resumed.req == s.req and resumed.req is not None
    assert resumed.req.chooser == result.winner and resumed.req.pending
    # Watch it again, then the winner breaks.
    click_button(app, app.t("lag.watch"))
    assert not app.dialogs and result_mode.watching
    key(app, pygame.K_SPACE)  # skip to the end: the verdict comes back
    frame(app, n=2)
    assert app.dialogs and app.dialogs[-1].title == dlg.title
    label = next(b for b in button_labels(app)
                 if b.startswith(app.t("choice.break")))
    click_button(app, label)
    req = s.match.requirements()
    assert req.is_break and req.shooter == result.winner
    assert app.mode is not None and app.mode.name == "placing"
    assert not app.errors
    pygame.display.quit()


def test_setup_offers_the_lag_to_decide_the_break(app: App) -> None:
    from simulator.app.screens.setup import SetupMode
    app.switch(SetupMode(app, "8-ball"))
    frame(app)
    mode = app.mode
    assert isinstance(mode, SetupMode)
    menu = mode.menus["first"]
    frame(app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                  ui_element=menu, text=app.t("setup.lag")))
    assert mode.options().get("lag") is True
    assert "first_breaker" not in mode.options()
    click_button(app, app.t("setup.start"))
    assert isinstance(app.mode, LagMode)
    s = app.session
    assert s is not None and s.match.options["lag"] is True
    assert s.req is not None and s.req.is_lag
    # Express is for three or more: no lag there (general rule 5 is for two).
    app.switch(SetupMode(app, "express"))
    frame(app)
    mode = app.mode
    assert isinstance(mode, SetupMode)
    assert app.t("setup.lag") not in mode._values["first"]


def test_the_lag_on_its_own_from_the_main_menu(app: App) -> None:
    click_button(app, app.t("menu.lag"))
    mode = lag_mode(app)
    s = app.session
    assert s is not None and s.minigame
    # Both players lock the same stroke from the keyboard: mirror images.
    key(app, pygame.K_SPACE)
    assert mode.turn == 1
    key(app, pygame.K_SPACE)
    finish_lag(app)
    shot, result = s.lags[-1]
    assert judge_lag(shot, LAG_BALLS) == result
    resize(app, (900, 560))  # the verdict stays, rebuilt for the new size
    assert app.dialogs
    # The verdict docks beside the table, never over it.
    side = app.mode.layout.side  # type: ignore[union-attr]
    assert side.contains(app.dialogs[-1].rect)
    assert not app.mode.layout.table.colliderect(  # type: ignore[union-attr]
        app.dialogs[-1].rect)
    labels = button_labels(app)
    assert app.t("lag.again") in labels and app.t("menu.main") in labels
    if result.winner is None:  # a re-lag: the referee still waits for a lag
        assert s.match.requirements().is_lag
    # A lag for fun leaves the last match's autosave alone.
    assert not autosave_path().exists()
    click_button(app, app.t("lag.again"))
    assert isinstance(app.mode, LagMode) and app.session is not s
    resize(app, (1280, 720))
    assert lag_mode(app).turn == 0
    click_button(app, app.t("panel.menu"))
    click_button(app, app.t("menu.main"))
    assert app.mode is not None and app.mode.name == "menu"
    assert not app.errors


def test_fourteen_one_lags_again_after_interference_that_cannot_be_undone() -> None:
    """General rules 28 and 6 in 14.1: the referee says the position cannot
    be restored; the window racks anew, keeps the scores and asks for the
    lag; its winner breaks or gives the break."""
    app = make_app()
    app.session = Session.new(["Anna", "Boris"], "14.1", {"target": 50},
                              app.locale, seed=4)
    s = app.session
    scores = s.match.scores
    ruling = s.call_foul("note.interference_not_restorable")
    assert ruling.rerack and "note.break_decided_anew" in ruling.codes()
    next_step(app)
    mode = lag_mode(app)
    spec = s.spec
    # The pulls as parts of a full-power pull back (its length is on screen).
    from simulator.app.table.aim import full_pull_px
    full = full_pull_px(mode.scene.view.outer_rect().width) / \
        mode.scene.view.px(1.0)
    for i, share in enumerate((0.33, 0.43)):
        ball = mode.positions[i]
        pull_back(app, ball, (spec.length - 0.1, ball[1]), pull=share * full)
    result = finish_lag(app).result
    assert s.match.history[-1]["type"] == "lag"
    assert s.match.scores == scores and not app.errors
    assert result.winner is not None  # two strokes of different power
    frame(app)
    label = next(b for b in button_labels(app)
                 if b.startswith(app.t("choice.break")))
    click_button(app, label)
    req = s.match.requirements()
    assert req.is_break and req.shooter == result.winner and not req.is_lag
    assert s.match.scores == scores
    assert not app.errors
    pygame.display.quit()


def test_the_lag_board_says_which_named_seat_is_the_computer() -> None:
    """A computer seat given a person's name ("Boris") is marked "(computer)"
    on the lag's scoreboard as on the match's: the lag showed "Boris" only."""
    app = make_app("en")
    try:
        s = Session.new(["Anna", "cpu:club:Boris"], "14.1",
                        {"target": 5, "lag": True}, app.locale, seed=1)
        app.session = s
        next_step(app)
        frame(app, n=2)
        mode = app.mode
        assert isinstance(mode, LagMode)
        cards, _centre = mode.board()
        assert [c.mark for c in cards] == ["", app.t("score.computer")]
        assert app.t("score.computer") in [r.text for r in app.texts]
    finally:
        pygame.display.quit()
