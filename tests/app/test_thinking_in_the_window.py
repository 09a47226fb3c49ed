"""A computer thinking in the window (and the hint being looked for): while
it thinks and nothing moves, the window draws a few pictures a second and
thinks in the time between (drawing 60 a second took much of the
thinking's time), yet keys are answered at once, and the decision is the
one thought directly."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pygame
import pytest

from rules.referee import Match
from simulator.app.loop.app import THINK_STEP, App
from simulator.app.match import computer
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.app.screens.computer_turn import ComputerMode
from simulator.practice.scenario import parse_scenario
from tests.app.helpers import DT, make_app, scenario_match

BALLS = {"0": [0.6, 0.6], "1": [1.2, 0.62], "2": [2.2, 0.4], "3": [2.0, 1.0],
         "4": [1.9, 0.5], "9": [1.5, 0.3]}


def position(level: str) -> Match:
    """9-ball, the computer of ``level`` to shoot an ordinary shot."""
    draft = {"format": "kiy-scenario", "version": 1, "id": "think",
             "discipline": "9-ball", "players": 2,
             "title": {"en": "Think", "ru": "Думает"},
             "balls": BALLS, "state": {"is_break": False}}
    return Match.from_state([f"cpu:{level}", "Boris"], "9-ball",
                            parse_scenario(draft).game, {}, seed=1)


def at_the_computers_turn(level: str) -> tuple[App, ComputerMode]:
    app = make_app()
    app.session = Session(position(level), app.locale)
    next_step(app)
    mode = app.mode
    assert isinstance(mode, ComputerMode) and mode.phase == "thinking"
    return app, mode


def step(app: App, *events: pygame.event.Event) -> None:
    """One pass of the window's own loop (App.run), a 60th of a second on."""
    app.step([*pygame.event.get(), *events], DT)


def press(k: int, kind: int = pygame.KEYDOWN) -> pygame.event.Event:
    return pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0)


def esc(kind: int = pygame.KEYDOWN) -> pygame.event.Event:
    return press(pygame.K_ESCAPE, kind)


def direct(level: str) -> Any:
    job = computer.think_shot(position(level), 0)
    job.advance(float("inf"))
    return job.result


def test_the_window_draws_little_while_the_computer_thinks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A picture every THINK_STEP, not every pass of the loop; the thinking
    goes on in every pass; the decision is drawn the moment it is made and
    is the one the strong player makes thought directly, bit for bit."""
    # One step of the search a pass (a slice is at least one): the passes
    # it thinks through no longer hang on the machine's speed (a quick one
    # had decided within the 45 passes below, about a second of slices).
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app, mode = at_the_computers_turn("strong")
    passes = 45
    frames = app.frames
    sims = []
    for _ in range(passes):
        step(app)
        sims.append(mode.job.simulations)
    assert mode.phase == "thinking"
    # (a 60th of a second a pass: a picture every 15th)
    assert app.frames - frames <= passes * DT / THINK_STEP + 1
    assert all(b > a for a, b in pairwise(sims))
    for _ in range(20_000):
        if mode.phase != "thinking":
            break
        before = app.frames
        step(app)
    assert mode.phase == "showing"
    assert app.frames == before + 1  # shown at once, not a rest later
    assert mode.decision == direct("strong")
    assert mode.decision.stroke.to_dict() == direct("strong").stroke.to_dict()
    pygame.display.quit()


def test_keys_are_answered_at_once_while_it_thinks() -> None:
    """Esc opens the match menu in the very pass it is pressed; the computer
    waits under the menu and, the menu closed, decides as it would have."""
    app, mode = at_the_computers_turn("club")
    for _ in range(3):
        step(app)
    frames = app.frames
    step(app, esc())
    assert app.dialogs and app.frames == frames + 1
    step(app, esc(pygame.KEYUP))
    waited = mode.job.simulations
    for _ in range(30):
        step(app)
    assert mode.job.simulations == waited and app.dialogs
    step(app, esc())
    assert not app.dialogs
    for _ in range(20_000):
        if mode.phase != "thinking":
            break
        step(app)
    assert mode.decision == direct("club")
    pygame.display.quit()


def test_the_hint_is_looked_for_between_few_pictures(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """I: the hint's search goes on in every pass of the loop, a picture
    drawn every THINK_STEP; the hint shown is the one looked for directly.
    (A simulation a pass: sliced by the clock, an idle machine found the
    bounded search's hint in fewer passes than the test watches.)"""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app()
    mode = scenario_match(app, "9-ball", {int(b): (x, y) for b, (x, y) in
                                          BALLS.items()})
    s = app.session
    assert s is not None
    step(app, press(pygame.K_i))
    step(app, press(pygame.K_i, pygame.KEYUP))
    assert s.hint_job is not None
    passes, frames = 0, app.frames
    while s.hint_job is not None and passes < 30:
        step(app)
        passes += 1
    # (and one more the moment it is found)
    assert passes > 15 and app.frames - frames <= passes * DT / THINK_STEP + 2
    for _ in range(20_000):
        if s.hint is not None:
            break
        step(app)
    assert app.mode is mode and s.hint is not None
    job = computer.think_hint(s.match)
    job.advance(float("inf"))
    assert s.hint.decision == job.result.decision
    pygame.display.quit()


def test_a_hint_stopped_with_esc_goes_on_from_where_it_stopped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Esc stops the hint's search; I at the same position goes on with it
    (the simulations already run are not run again) and finds the hint the
    whole search finds."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)  # a simulation a pass
    app = make_app()
    scenario_match(app, "9-ball", {int(b): (x, y) for b, (x, y) in BALLS.items()})
    s = app.session
    assert s is not None
    step(app, press(pygame.K_i))
    step(app, press(pygame.K_i, pygame.KEYUP))
    job = s.hint_job
    assert job is not None
    while job.simulations < 40 and not job.done:
        step(app)
    step(app, esc())
    step(app, esc(pygame.KEYUP))
    assert s.hint_job is None and s.hint is None
    run = job.simulations
    assert run >= 40 and not job.done
    assert app.toast is not None and app.toast[0] == app.t("hint.stopped")
    step(app, press(pygame.K_i))
    step(app, press(pygame.K_i, pygame.KEYUP))
    assert s.hint_job is job and job.simulations >= run
    for _ in range(20_000):
        if s.hint is not None:
            break
        step(app)
    assert s.hint is not None
    whole = computer.think_hint(s.match)
    whole.advance(float("inf"))
    assert s.hint.decision == whole.result.decision
    assert job.simulations == whole.simulations
    pygame.display.quit()
