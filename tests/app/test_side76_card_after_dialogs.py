"""The ruling card under a dialog: after the match's menu, its Save… (a
name given, saved) or the help (F1), the card is back as it was: its title,
its rows, still waiting to be read. At a game's end (the 9 potted, 9-ball
rule 4: Anna wins the game) and after an ordinary foul against the
computer (9-ball rule 7: the cue ball did not hit the lowest ball first;
the computer waits until Anna has read it)."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import computer
from simulator.app.table.aim import Aim, angle_to
from tests.app.helpers import frame, key, make_app, run_until
from tests.app.test_playfix11_game_end import (
    CUE,
    NEAR_POCKET,
    POCKET,
    position_match,
    pot_into_foot_right,
)

DIALOGS = ("save", "help", "menu")


def card_shown(app: App) -> list[str]:
    """The rows drawn in the ruling card of the last frame, top to bottom."""
    frame(app)
    box = getattr(app.mode, "banner_rect", None)
    assert box is not None, "no ruling card drawn"
    return [t.shown for t in sorted(app.texts, key=lambda t: (t.rect.top, t.rect.left))
            if box.contains(t.rect)]


def through(app: App, dialog: str) -> None:
    """``dialog`` opened over the card, used, and closed, by its keys."""
    key(app, pygame.K_F1 if dialog == "help" else pygame.K_ESCAPE)
    frame(app, n=3)
    if dialog == "save":
        key(app, pygame.K_2)  # the menu's Save the match…
        frame(app, n=3)
        assert app.dialogs and app.dialogs[-1].title == app.t("save.title")
        key(app, pygame.K_RETURN)  # saved under the name offered
    else:
        assert app.dialogs or (app.mode is not None and app.mode.name == "help")
        key(app, pygame.K_ESCAPE)
    frame(app, n=30)
    assert not app.dialogs and app.mode is not None and app.mode.name != "help"


def _foul_against_the_computer(app: App) -> None:
    """Anna pots the 9 with the 3 still on the table: a foul (9-ball rule 7)."""
    s = position_match(app, "9-ball", {0: CUE, 9: NEAR_POCKET, 3: (1.0, 0.8)},
                       players=("Anna", "cpu:club"))
    r = s.spec.balls.radius
    mouth = s.spec.pocket(POCKET).mouth_centre
    d = math.dist(NEAR_POCKET, mouth)
    ghost = [p - 2 * r * (m - p) / d for p, m in zip(NEAR_POCKET, mouth, strict=True)]
    s.aim = Aim(angle_to(CUE, (ghost[0], ghost[1])), 0.3)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: bool(s.match.history) and app.mode is not None
              and app.mode.name == "computer", limit=4000)
    frame(app, n=40)


def test_the_game_end_card_is_back_after_each_dialog() -> None:
    app = make_app("en", (800, 500))
    try:
        s = position_match(app, "9-ball", {0: CUE, 9: NEAR_POCKET},
                           players=("Anna", "cpu:club"))
        pot_into_foot_right(app, 9)
        frame(app, n=40)
        assert app.mode is not None and app.mode.name == "game_end"
        before = card_shown(app)
        assert before[0] == app.t("banner.game_over", name="Anna")
        waiting = s.to_acknowledge
        for dialog in DIALOGS:
            through(app, dialog)
            assert app.mode.name == "game_end", dialog
            assert card_shown(app) == before, dialog
            assert s.to_acknowledge == waiting and not s.banner_folded
            assert s.match.ended_game is not None and \
                s.moved_on != len(s.match.history)
    finally:
        pygame.display.quit()


def test_a_foul_card_is_back_after_each_dialog_still_to_be_read(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app("en", (800, 500))
    try:
        _foul_against_the_computer(app)
        s = app.session
        assert s is not None and s.to_acknowledge
        assert getattr(app.mode, "phase", None) == "waiting"
        before = card_shown(app)
        assert before[0] == s.banner.title  # type: ignore[union-attr]
        for dialog in DIALOGS:
            through(app, dialog)
            assert app.mode.name == "computer", dialog
            assert getattr(app.mode, "phase", None) == "waiting", dialog
            assert card_shown(app) == before, dialog
            assert s.to_acknowledge and not s.banner_folded
        # Read now (Space): the computer goes on.
        frame(app, n=60)
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        assert not s.to_acknowledge
    finally:
        pygame.display.quit()
