"""Practice, sixth play-test (issue 22): the result of the player's own
stroke shows the table that stroke left; the tip diagram takes a click, a
smooth drag and a right click; J says why the referee's calls are not
there; the quiz names no answer before it is given (nor does its order
point at the practice list's titles). Through the window's own event loop."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.practice.own_shot import (
    PracticeAimMode,
    PracticePlaceMode,
    PracticePlayMode,
)
from simulator.app.screens.practice.practice_screen import table_positions
from simulator.app.screens.practice.scenario import ScenarioMode
from simulator.app.screens.practice.scenario_list import PracticeListMode
from simulator.app.screens.quiz import QuizMode, answer_label
from simulator.app.table.aim import MAX_TIP
from simulator.app.text.words import discipline_label
from simulator.practice.library import library, load
from tests.app.helpers import (
    DT,
    click,
    click_button,
    frame,
    key,
    make_app,
    move,
    run_until,
)

LANGS = ("en", "ru")


def drawn(app: App) -> str:
    return " ".join(r.text for r in app.texts)


def own_stroke(app: App, sid: str) -> ScenarioMode:
    """A situation, "Play it yourself", the cue ball where it is, Space: the
    stroke at the aimed ball, then the result view."""
    app.switch(ScenarioMode(app, load(sid)))
    frame(app)
    click_button(app, app.t("practice.play"))
    if isinstance(app.mode, PracticePlaceMode):
        key(app, pygame.K_RETURN)
    assert isinstance(app.mode, PracticeAimMode)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: isinstance(app.mode, ScenarioMode) or app.dialogs,
              limit=4000)
    while app.dialogs:  # the incoming player's choice: not this test's matter
        app.pop_dialog()
    mode = app.mode
    assert isinstance(mode, ScenarioMode) and mode.phase == "ruling"
    assert mode.played is not None and mode.played.own
    frame(app)
    return mode


def white_at(app: App, mode: ScenarioMode, x: float, y: float) -> bool:
    """Whether the screen shows a white ball at table point (x, y): most
    pixels of its disc are white."""
    surface = pygame.display.get_surface()
    assert surface is not None
    cx, cy = mode.view.to_screen(x, y)
    r = max(2, int(mode.view.ball_px * 0.6))
    spots = [(cx + dx, cy + dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1)
             if dx * dx + dy * dy <= r * r]
    white = sum(1 for p in spots if min(tuple(surface.get_at(p))[:3]) > 185)
    return white > len(spots) // 2


# -- 1. the table the player's stroke left ---------------------------------------
def test_the_own_stroke_result_shows_the_cue_ball_where_it_stopped() -> None:
    """8-ball, a double hit: the player's stroke fouls and the opponent has
    the cue ball in hand (8-ball rule 7, general rule 7). The result view
    drew the cue ball on the spot the referee's state keeps for placing it
    (the head spot), not where the stroke left it."""
    app = make_app()
    try:
        mode = own_stroke(app, "8ball-double-hit")
        played = mode.played
        assert played is not None and played.after is not None
        assert played.after.ball_in_hand.value != "none"
        final = table_positions(played.shot.final)
        assert mode.ball_positions()[0] == final[0]
        assert white_at(app, mode, *final[0][:2]), "drawn where it stopped"
        spot = table_positions(played.after.table)[0]
        assert not white_at(app, mode, *spot[:2]), "not on the referee's spot"
        # Every object ball as the stroke left it (none was spotted).
        assert {b: p for b, p in mode.ball_positions().items()} == final
        # And the ruling of that stroke beside it.
        s = mode.psession
        assert s.banner is not None and s.banner.title in mode.body()
        assert app.t("practice.own_shot") in mode.body()
    finally:
        pygame.display.quit()


def test_a_scratched_cue_ball_is_not_drawn_on_the_table() -> None:
    """The player's stroke pockets the cue ball: the opponent takes it in
    hand; the result view draws no cue ball on the spot (it lies in the
    pocket), the other balls as the stroke left them."""
    app = make_app()
    try:
        mode = own_stroke(app, "8ball-scratch-after-pot")
        played = mode.played
        assert played is not None and played.after is not None
        final = table_positions(played.shot.final)
        assert 0 not in final, "the stroke pockets the cue ball"
        shown = mode.ball_positions()
        assert 0 not in shown
        spot = table_positions(played.after.table)[0]
        assert not white_at(app, mode, *spot[:2])
        assert {b: p for b, p in shown.items()} == final
    finally:
        pygame.display.quit()
