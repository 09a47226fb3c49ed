"""Pulling the cue back with the mouse (issue 22, play-test 5): the power
bar and its figures follow the pull at every motion of the mouse, and a pull
toward the ball, which gives no power, is said in a short hint."""

from __future__ import annotations

import itertools

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.app.text import ui
from tests.app.helpers import DT, click, frame, make_app, move


def aiming_app(lang: str, size: tuple[int, int] = (1280, 720)) -> App:
    """An 8-ball match, the cue ball placed behind the head string, aiming
    at the 1."""
    app = make_app(lang, size)
    app.session = Session.new(["Anna", "Boris"], "8-ball", {}, app.locale, seed=3)
    next_step(app)
    app.frame([], DT)
    s = app.session
    view = app.mode.scene.view  # type: ignore[union-attr]
    click(app, view.to_screen(s.spec.length * 0.15, s.spec.width * 0.5))
    assert app.mode is not None and app.mode.name == "aiming"
    target = s.table.position(1)
    assert target is not None
    move(app, view.to_screen(*target))
    return app


def behind(app: App, metres: float) -> tuple[int, int]:
    """The screen point ``metres`` behind the cue ball along the aim line."""
    s = app.session
    assert s is not None
    cue, target = s.cue_pos(), s.table.position(1)
    assert cue is not None and target is not None
    dx, dy = target[0] - cue[0], target[1] - cue[1]
    d = (dx * dx + dy * dy) ** 0.5
    p = app.mode.scene.view.to_screen(  # type: ignore[union-attr]
        cue[0] - dx / d * metres, cue[1] - dy / d * metres)
    return int(p[0]), int(p[1])


def power_line(app: App) -> str:
    words = app.t("panel.power")
    lines = [t.shown for t in ui.FRAME.texts if t.shown.startswith(words + ":")]
    assert len(lines) == 1, lines
    return lines[0]


def press(app: App, pos: tuple[int, int]) -> None:
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def metres_of(app: App, px: float) -> float:
    return float(px / app.mode.scene.view.px(1.0))  # type: ignore[union-attr]


def pull(app: App, px: float, start: float = 0.05) -> tuple[int, int]:
    """A press ``start`` metres behind the cue ball and a pull of ``px``
    pixels back along the aim, held; where the mouse is."""
    press(app, behind(app, start))
    end = behind(app, start + metres_of(app, px))
    move(app, end, held=True)
    return end


def pull_and_release(app: App, px: float) -> None:
    """A pull of ``px`` pixels back along the aim, and the release."""
    end = pull(app, px)
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (800, 500))])
def test_the_power_shown_follows_the_pull_at_every_motion(
        lang: str, size: tuple[int, int]) -> None:
    app = aiming_app(lang, size)
    s = app.session
    assert s is not None
    press(app, behind(app, 0.05))
    powers: list[float] = []
    lines: list[str] = []
    # (From past a short pull, which keeps the power set: SHORT_PULL_PX.)
    for k in (0.20, 0.30, 0.40, 0.50, 0.60):
        move(app, behind(app, k), held=True)
        assert app.mode.name == "aiming"
        powers.append(s.aim.power)
        lines.append(power_line(app))
    # Each step back gives more power, and the figures drawn say so.
    assert all(b > a for a, b in itertools.pairwise(powers)), powers
    assert len(set(lines)) == len(lines), lines
    assert app.toast is None  # a pull the right way needs no word
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_pull_toward_the_ball_says_which_way_to_pull(lang: str) -> None:
    app = aiming_app(lang)
    s = app.session
    assert s is not None
    power = s.aim.power
    press(app, behind(app, 0.30))
    assert app.toast is None
    move(app, behind(app, 0.15), held=True)  # toward the ball: no power
    assert s.aim.power == power  # the power set stays (it showed 0)
    assert app.toast is not None and app.toast[0] == app.t("pull.wrong_way")
    assert app.toast_kind == "info"
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=behind(app, 0.15),
                                  button=1))
    assert app.mode.name == "aiming"  # no shot without power
    pygame.display.quit()
