"""Undo and redo move exactly one step a press, whatever the keyboard's
repeat does while the key is held, also right after loading a save."""

from __future__ import annotations

from pathlib import Path

import pygame

from simulator.app.loop.app import App
from simulator.app.loop.launch import break_shot
from simulator.app.match.session import Session
from tests.app.helpers import DT, click_button, frame, make_app


def held(app: App, k: int, presses: int, mod: int = 0, frames: int = 3) -> None:
    """A key held down: the first press and ``presses - 1`` repeats, spread
    over a few frames (as key auto-repeat delivers them), then let go."""
    down = [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                               scancode=0) for _ in range(presses)]
    per = max(1, len(down) // frames)
    for i in range(0, len(down), per):
        app.frame(down[i:i + per], DT)
    app.frame([pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="",
                                  scancode=0)], DT)


def a_match(app: App) -> Session:
    """9-ball with four steps: the break, two fouls a person saw, a shot."""
    app.session = Session.new(["Anna", "Boris"], "9-ball", {}, app.locale, seed=4)
    app.go("match")
    frame(app)
    break_shot(app)
    s = app.session
    assert s is not None
    for _ in range(2):
        s.call_foul("foul.touched_ball")
    break_shot(app)
    app.go("match")
    frame(app)
    assert len(s.match.history) == 4
    return s


def test_a_held_undo_key_undoes_one_step() -> None:
    app = make_app()
    try:
        s = a_match(app)
        steps = [s.match.to_dict()]
        for k, mod in ((pygame.K_u, 0), (pygame.K_z, pygame.KMOD_CTRL)):
            held(app, k, 12, mod)
            assert len(s.match.history) == 4 - len(steps), (k, s.match.history)
            steps.append(s.match.to_dict())
        # Redo, held too: one step, back to the match exactly as it was.
        held(app, pygame.K_y, 9)
        assert s.match.to_dict() == steps[1]
        held(app, pygame.K_y, 1, pygame.KMOD_CTRL)
        assert s.match.to_dict() == steps[0]
        held(app, pygame.K_y, 3)  # nothing left to redo
        assert s.match.to_dict() == steps[0]
        assert app.toast is not None and app.toast_kind == "error"
    finally:
        pygame.display.quit()


def test_undo_after_loading_a_save_takes_back_one_shot(tmp_path: Path) -> None:
    from simulator.app.loop.flow import open_saved
    app = make_app()
    try:
        s = a_match(app)
        path = tmp_path / "evening.json"
        s.save(path)
        before = s.match.history
        app.session = None
        assert open_saved(app, path)
        frame(app)
        loaded = app.session
        assert loaded is not None and loaded.match.history == before
        held(app, pygame.K_u, 20, frames=10)
        assert loaded.match.history == before[:-1]
        # The undone shot comes back with redo, as it was.
        held(app, pygame.K_y, 1)
        assert loaded.match.history == before
        assert loaded.shots[-1][1] == s.shots[-1][1]
    finally:
        pygame.display.quit()


def test_the_undo_and_redo_buttons_move_one_step() -> None:
    app = make_app()
    try:
        s = a_match(app)
        n = len(s.match.history)
        click_button(app, app.t("panel.undo"))
        assert len(s.match.history) == n - 1
        frame(app)
        click_button(app, app.t("panel.undo"))
        assert len(s.match.history) == n - 2
        frame(app)
        click_button(app, app.t("panel.redo"))
        assert len(s.match.history) == n - 1
        # A new step after an undo: nothing is left to redo.
        s.call_foul("foul.touched_ball")
        assert not s.can_redo()
    finally:
        pygame.display.quit()
