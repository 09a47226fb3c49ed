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
from tests.app.helpers import DT, button_labels, click, frame, key, make_app, move


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


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (800, 500))])
def test_a_push_toward_the_aim_says_a_stroke_is_a_pull_back(
        lang: str, size: tuple[int, int]) -> None:
    """The cue pushed toward the aim, as a real cue strikes, with no pull
    back: while it is held the pull's scale says to pull back; its release,
    long after the wrong way's word went by, plays nothing and says that a
    stroke is a pull back. The aim and the power set stay as they were."""
    app = aiming_app(lang, size)
    s = app.session
    assert s is not None
    aim = s.aim
    start = 0.10
    press(app, behind(app, start))
    for step in range(1, 16):  # the hand's motions, a few pixels each
        move(app, behind(app, start - metres_of(app, 3 * step)), held=True)
    drawn = [t.shown for t in ui.FRAME.texts]
    assert app.t("pull.pushed_held") in drawn, drawn
    frame(app, n=int(3.0 / DT))  # held a while: the wrong way's word is gone
    assert app.toast is None
    release(app, behind(app, start - metres_of(app, 45)))
    assert app.mode is not None and app.mode.name == "aiming"  # no stroke
    assert app.toast is not None and app.toast[0] == app.t("pull.pushed")
    assert s.aim == aim
    pygame.display.quit()


def release(app: App, pos: tuple[int, int], button: int = 1) -> None:
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def test_esc_mid_pull_cancels_the_stroke_and_a_second_esc_opens_the_menu() -> None:
    """Play-test 22: Esc at full pull opened the menu; the mouse let go
    there, the game still pulled after it closed. Esc now cancels the pull
    (said), the release strikes nothing, and Esc again is the menu's."""
    app = aiming_app("en")
    s = app.session
    assert s is not None
    power0 = s.aim.power
    end = pull(app, 400)
    assert s.aim.power > power0
    key(app, pygame.K_ESCAPE)
    assert not app.dialogs  # the first Esc is the pull's, not the menu's
    assert app.toast is not None and app.toast[0] == app.t("pull.cancelled")
    release(app, end)
    assert app.mode.name == "aiming" and not s.shots  # no stroke
    assert s.aim.power == power0
    move(app, behind(app, 0.6))  # the mouse moves on: no pull follows it
    assert s.aim.power == power0
    key(app, pygame.K_ESCAPE)
    frame(app)
    assert len(app.dialogs) == 1 and app.t("pause.resume") in button_labels(app)
    pygame.display.quit()


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (800, 500))])
def test_a_dialog_opened_mid_pull_drops_the_pull(
        lang: str, size: tuple[int, int]) -> None:
    """The release made while a dialog is open leaves no pull behind: after
    the dialog the mouse aims again and its next release strikes nothing."""
    app = aiming_app(lang, size)
    s = app.session
    assert s is not None
    power0 = s.aim.power
    end = pull(app, 400)
    key(app, pygame.K_f)  # the fouls' dialog, over the held pull
    assert app.dialogs
    release(app, end)
    key(app, pygame.K_ESCAPE)
    assert not app.dialogs and app.mode.name == "aiming"
    move(app, behind(app, 0.6))
    assert s.aim.power == power0  # the cue does not follow a pull
    release(app, behind(app, 0.6))
    assert app.mode.name == "aiming" and not s.shots
    pygame.display.quit()


def test_a_right_click_mid_pull_cancels_it() -> None:
    app = aiming_app("ru", (800, 500))
    s = app.session
    assert s is not None
    power0 = s.aim.power
    end = pull(app, 400)
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=end, button=3))
    release(app, end, 3)
    assert app.toast is not None and app.toast[0] == app.t("pull.cancelled")
    release(app, end)
    assert app.mode.name == "aiming" and not s.shots
    assert s.aim.power == power0
    pygame.display.quit()


def test_left_turns_the_aim_anticlockwise_on_screen_as_the_help_says() -> None:
    """Play-test 22 asked which way Left turns: to the left as seen from
    behind the cue ball, anticlockwise on the screen, by 0.1° (about 1/35 of
    a ball's width at 1 m), and the help says so."""
    import math
    app = aiming_app("en")
    s = app.session
    assert s is not None
    view = app.mode.scene.view  # type: ignore[union-attr]
    cue = s.cue_pos()
    assert cue is not None

    def screen_heading() -> float:
        a = math.radians(s.aim.angle)
        x0, y0 = view.to_screen(*cue)
        x1, y1 = view.to_screen(cue[0] + math.cos(a), cue[1] + math.sin(a))
        return math.degrees(math.atan2(-(y1 - y0), x1 - x0))  # screen y down

    h0 = screen_heading()
    key(app, pygame.K_LEFT)
    turn = (screen_heading() - h0 + 180) % 360 - 180
    assert 0.05 < turn < 0.15  # anticlockwise on the screen, a fine step
    assert any("anticlockwise" in v and "0.1°" in v
               for k, v in app.locale.ui.items() if k.startswith("help.aiming"))
    pygame.display.quit()
