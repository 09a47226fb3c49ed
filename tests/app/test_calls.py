"""Calls only where the rules want them, through the window: a declared
safety needs no call (8-ball rule 9, 14.1 rule 7.4); in 8-ball an obvious
ball and pocket are offered pre-filled and only a bank, kick or combination
must be called (rule 2); 14.1 calls every other shot (rules 1, 7.1); 9-ball
never asks (rule 1)."""

from __future__ import annotations

import math
from typing import Any

import pygame

from simulator.app.loop.app import App
from simulator.app.table.aim import Aim, angle_to
from tests.app.helpers import (
    click_button,
    frame,
    key,
    make_app,
    run_until,
    scenario_match,
)

CUE = (1.0, 0.4)
# Ball 3 on the line from the cue ball to the foot-left corner pocket.
THREE = (1.0 + 0.6 * (2.54 - 1.0), 0.4 + 0.6 * (1.27 - 0.4))


def aim_at(app: App, target: tuple[float, float]) -> None:
    s = app.session
    assert s is not None
    cue = s.cue_pos()
    assert cue is not None
    s.aim = Aim(angle_to(cue, target), 0.3)
    frame(app)


def decl_of_next_shot(app: App) -> Any:
    mode = app.mode
    assert mode is not None and mode.name == "playing", app.toast
    return mode.decl  # type: ignore[attr-defined]


def side_lines(app: App) -> list[str]:
    side = app.mode.layout.side  # type: ignore[union-attr]
    return [r.text for r in app.texts if side.contains(r.rect)]


def test_an_obvious_8_ball_shot_is_pre_called() -> None:
    app = make_app()
    try:
        scenario_match(app, "8-ball", {0: CUE, 3: THREE, 12: (0.5, 1.0)})
        aim_at(app, THREE)
        t = app.t
        want = t("call.obvious", ball=3, pocket=t("pocket_into.foot_left"))
        assert want in " ".join(side_lines(app)), side_lines(app)
        key(app, pygame.K_SPACE)
        d = decl_of_next_shot(app)
        assert (d.called_ball, d.called_pocket) == (3, "foot_left")
    finally:
        pygame.display.quit()


def test_a_bank_must_be_called_and_a_safety_needs_no_call() -> None:
    app = make_app()
    try:
        mode = scenario_match(app, "8-ball", {0: CUE, 3: THREE, 5: (0.4, 1.1),
                                        12: (0.5, 1.0)})
        # A thin cut sends the 3 to a cushion, not into a pocket.
        s = app.session
        assert s is not None
        a = angle_to(CUE, THREE) + math.degrees(math.asin(1.4 * 0.028575 /
                                                          math.dist(CUE, THREE)))
        s.aim = Aim(a, 0.3)
        frame(app)
        assert mode.obvious() is None
        # (a bank: the object ball's line said to run into the cushion)
        assert app.t("call.meets_cushion", ball=3) in " ".join(side_lines(app))
        # Not refused (issue 22): the stroke is played without a call, and
        # the window says a pot will not count (8-ball rule 2).
        key(app, pygame.K_SPACE)
        d = decl_of_next_shot(app)
        assert d.called_ball is None and not d.safety
        assert app.toast is not None and app.toast[0] == app.t("evening.no_call")
        app.go("menu")
        mode = scenario_match(app, "8-ball", {0: CUE, 3: THREE, 5: (0.4, 1.1),
                                        12: (0.5, 1.0)})
        s = app.session
        assert s is not None
        s.aim = Aim(a, 0.3)
        frame(app)
        # A declared safety: the same stroke is played without a call.
        click_button(app, app.t("panel.safety"))
        frame(app)
        assert app.t("call.safety") in " ".join(side_lines(app))
        key(app, pygame.K_SPACE)
        d = decl_of_next_shot(app)
        assert d.safety and d.called_ball is None and d.called_pocket is None
    finally:
        pygame.display.quit()


def test_14_1_calls_every_shot_but_a_safety() -> None:
    app = make_app()
    try:
        mode = scenario_match(app, "14.1", {0: CUE, 3: THREE, 12: (0.5, 1.0),
                                      5: (0.4, 0.3)})
        aim_at(app, THREE)  # even a shot straight at a pocket must be called
        assert mode.obvious() is None
        # Played without a call (issue 22): the 3 it pots does not count
        # (14.1 rule 1: only a called ball in its called pocket scores).
        key(app, pygame.K_SPACE)
        assert decl_of_next_shot(app).called_ball is None
        assert app.toast is not None and app.toast[0] == app.t("evening.no_call")
        run_until(app, lambda: app.mode is not None and app.mode.name != "playing",
                  limit=3000)
        played = app.session.shots[-1]  # type: ignore[union-attr]
        assert 3 not in played[1].scored
        mode = scenario_match(app, "14.1", {0: CUE, 3: THREE, 12: (0.5, 1.0),
                                      5: (0.4, 0.3)})
        aim_at(app, THREE)
        view = mode.scene.view
        s = app.session
        assert s is not None
        mode.click(tuple(int(v) for v in view.to_screen(*THREE)))  # type: ignore[arg-type]
        pocket = s.spec.pocket("foot_left")
        mode.click(tuple(int(v) for v in view.to_screen(  # type: ignore[arg-type]
            *pocket.mouth_centre)))
        key(app, pygame.K_SPACE)
        d = decl_of_next_shot(app)
        assert (d.called_ball, d.called_pocket) == (3, "foot_left")
    finally:
        pygame.display.quit()


def test_9_ball_never_asks_for_a_call() -> None:
    app = make_app()
    try:
        mode = scenario_match(app, "9-ball", {0: CUE, 1: THREE, 9: (0.5, 1.0)})
        aim_at(app, (2.0, 0.2))  # at nothing in particular
        assert not mode.calling() and not mode.call_missing()
        calls = {app.t(f"call.{k}", ball=1, pocket="") .split(":")[0]
                 for k in ("obvious", "made", "ask", "not_obvious", "optional")}
        assert not any(ln.startswith(c) for ln in side_lines(app) for c in calls)
        key(app, pygame.K_SPACE)
        d = decl_of_next_shot(app)
        assert d.called_ball is None and not d.safety
    finally:
        pygame.display.quit()
