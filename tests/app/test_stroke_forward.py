"""Play-test 24: a forward stroke of the mouse, as a Virtual Pool or Cue Club
player makes it, killed the power: a 196-pixel pull (7.2 m/s) struck
forward broke at 0.8 m/s, and one carried past the start was cancelled
without a word. A quick forward motion now plays the power of the pull's
furthest point; a slow easing forward still sets the power shown, and an
easing back to the ball cancels, saying so. Motion events come one a frame
(1/60 s of the app's clock), so their speed is the test's to set."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.table import stroke as stroke_mod
from simulator.app.table.aim import Aim, full_pull_px
from simulator.app.text import ui
from tests.app.helpers import frame, move
from tests.app.test_playfix17c import struck_speed
from tests.app.test_pull_back import (
    aiming_app,
    behind,
    metres_of,
    power_line,
    press,
    release,
)

START = 0.05  # m behind the cue ball: where the press is
SIZES = [("en", (1280, 720)), ("ru", (800, 500))]


def full(app: App) -> float:
    return float(app.mode.full_pull())  # type: ignore[union-attr]


def at(app: App, share: float) -> tuple[int, int]:
    """The mouse pulled back ``share`` of a full pull from the press
    (negative: past it, toward the ball)."""
    return behind(app, START + metres_of(app, share * full(app)))


def glide(app: App, frm: float, to: float, per_frame: float) -> tuple[int, int]:
    """The held mouse moved from pull ``frm`` to ``to`` (shares of a full
    pull), ``per_frame`` of a full pull in each frame's motion event; one
    frame is 1/60 s, so 0.2 a frame is 12 full pulls a second, 0.01 is
    0.6."""
    n = max(1, round(abs(to - frm) / per_frame))
    for i in range(1, n + 1):
        move(app, at(app, frm + (to - frm) * i / n), held=True)
    return at(app, to)


def pull_to(app: App, share: float) -> float:
    """A press, a pull back to ``share`` of a full pull, held still a
    moment; the power the readout shows there."""
    press(app, at(app, 0.0))
    glide(app, 0.0, share, 0.05)
    frame(app, n=20)  # the hand rests at the pull's end
    s = app.session
    assert s is not None
    return s.aim.power


def drawn(app: App, text: str) -> bool:
    """Whether ``text`` is drawn in full this frame (not cut with «…»)."""
    return any(t.shown == text for t in ui.FRAME.texts)


@pytest.mark.parametrize("lang,size", SIZES)
def test_a_quick_stroke_past_the_start_plays_the_power_of_the_furthest_pull(
        lang: str, size: tuple[int, int]) -> None:
    app = aiming_app(lang, size)
    s = app.session
    assert s is not None
    power = pull_to(app, 0.6)
    shown = power_line(app)
    # Forward like a cue, 12 full pulls a second: the readout holds the
    # power of the furthest point all the way, past the start too.
    pos = at(app, 0.6)
    for k in (0.4, 0.2, 0.0, -0.15):
        pos = glide(app, 0.6 if k == 0.4 else k + 0.2, k, 0.2)
        assert s.aim.power == power and power_line(app) == shown, k
    assert drawn(app, app.t("pull.stroke"))
    release(app, pos)
    assert struck_speed(app) == Aim(power=power).stroke().speed
    pygame.display.quit()


@pytest.mark.parametrize("lang,size", SIZES)
def test_a_stroke_released_at_the_press_point_plays_too(
        lang: str, size: tuple[int, int]) -> None:
    """A stroke that ends where the press was (the click's spot) is a
    stroke, not a click."""
    app = aiming_app(lang, size)
    power = pull_to(app, 0.5)
    release(app, glide(app, 0.5, 0.0, 0.25))
    assert struck_speed(app) == Aim(power=power).stroke().speed
    pygame.display.quit()


@pytest.mark.parametrize("then_stroke", [False, True])
@pytest.mark.parametrize("lang,size", SIZES)
def test_a_slow_easing_forward_plays_the_power_eased_to(
        lang: str, size: tuple[int, int], then_stroke: bool) -> None:
    """Eased from 0.7 of a full pull to 0.35 at 0.6 full pulls a second:
    the readout follows the hand down; a release there plays what it shows,
    and so does a stroke from there (the eased point is its furthest)."""
    app = aiming_app(lang, size)
    s = app.session
    assert s is not None
    top = pull_to(app, 0.7)
    seen: list[float] = []
    for k in (0.6, 0.5, 0.4, 0.35):
        glide(app, k + (0.1 if k > 0.35 else 0.05), k, 0.01)
        seen.append(s.aim.power)
    assert seen == sorted(seen, reverse=True) and seen[0] < top
    pos = at(app, 0.35)
    frame(app, n=10)
    eased = s.aim.power
    assert app.t("pull.stroke") not in {t.shown for t in ui.FRAME.texts}
    if then_stroke:
        pos = glide(app, 0.35, -0.1, 0.2)
        assert s.aim.power == eased
    release(app, pos)
    assert struck_speed(app) == Aim(power=eased).stroke().speed
    pygame.display.quit()


@pytest.mark.parametrize("lang,size", SIZES)
def test_a_slow_return_past_the_start_cancels_and_says_so(
        lang: str, size: tuple[int, int]) -> None:
    app = aiming_app(lang, size)
    s = app.session
    assert s is not None
    power0 = s.aim.power
    pull_to(app, 0.6)
    pos = glide(app, 0.6, -0.1, 0.01)
    # Back at the ball: the scale by the hand says a release plays nothing
    # (not "pull back, away from the ball": the pull was made).
    assert drawn(app, app.t("pull.at_ball"))
    assert app.toast is None or app.toast[0] != app.t("pull.wrong_way")
    release(app, pos)
    assert app.mode.name == "aiming" and not s.shots
    assert s.aim.power == power0
    said = app.t("pull.came_back")
    assert app.toast is not None and app.toast[0] == said
    frame(app)
    assert drawn(app, said)  # in the strip, in full
    pygame.display.quit()


def test_the_threshold_lies_between_an_easing_and_a_stroke() -> None:
    """The figures the threshold was chosen by: a hand easing the power
    down (a fifth of a pull in half a second) is no stroke; a whole pull
    forward in a quarter second is one, begun at its furthest point."""
    full_px = 300.0

    def run(way: float, seconds: float) -> stroke_mod.PullTrack:
        tr = stroke_mod.PullTrack(full_px, 0.0, short=24)
        tr.moved(0.1, 0.1, 240.0)  # pulled back, then still
        frames = round(seconds * 60)
        for i in range(1, frames + 1):
            tr.moved(1.0 + i / 60, 1 / 60, 240.0 - way * full_px * i / frames)
        return tr

    assert not run(0.2, 0.5).stroking
    assert not run(0.5, 1.0).stroking
    quick = run(0.8, 0.25)
    assert quick.stroking and quick.stroke_px == 240.0


def test_a_stroke_in_one_slow_frame_is_still_a_stroke() -> None:
    """On a busy machine a window frame took 0.6 s and brought the whole
    stroke at once (the events have no time of their own); it read as an
    easing. A frame is taken as no longer than SLOW_FRAME; an easing of a
    tenth of a pull in such a frame stays an easing."""
    def one_slow_frame(way: float) -> stroke_mod.PullTrack:
        tr = stroke_mod.PullTrack(355.0, 0.0, short=24)
        tr.moved(0.2, 0.2, 196.0)
        tr.moved(1.0, 0.1, 196.0 - 40)  # the first step forward, alone
        for k in range(1, 6):
            tr.moved(1.62, 0.62, 156.0 - way * 355.0 * k / 5)
        return tr

    assert one_slow_frame(0.6).stroke_px == 196.0
    assert not one_slow_frame(0.1).stroking


def test_the_lag_takes_a_forward_stroke_too(app: App) -> None:
    """The lag's pull is the same hand's: a stroke past the press locks the
    power of the furthest pull (it locked none, the release being past the
    start); an easing back to the ball locks nothing and says so."""
    from simulator.app.screens.lag import LagMode
    from tests.app.helpers import click_button
    click_button(app, app.t("menu.lag"))
    mode = app.mode
    assert isinstance(mode, LagMode)
    view = mode.scene.view
    bx, by = mode.ball
    move(app, view.to_screen(bx + 1.0, by))  # aimed up the table
    full_px = full_pull_px(view.outer_rect().width)

    def hand(share: float) -> tuple[int, int]:
        p = view.to_screen(bx - 0.08 - share * full_px / view.px(1.0), by)
        return int(p[0]), int(p[1])

    def pull_and_come_back(per_frame: float) -> float:
        press(app, hand(0.0))
        for k in range(1, 11):
            move(app, hand(0.05 * k), held=True)
        frame(app, n=20)
        peak = mode.aim.power
        share = 0.5
        while share > -0.1:
            share -= per_frame
            move(app, hand(share), held=True)
        release(app, hand(share))
        return peak

    pull_and_come_back(0.01)  # slowly: no stroke, said
    assert mode.turn == 0 and mode.strokes[0] is None
    assert app.toast is not None and app.toast[0] == app.t("pull.came_back")
    peak = pull_and_come_back(0.2)  # a stroke
    assert mode.turn == 1
    stroke = mode.strokes[0]
    assert stroke is not None and stroke.speed == Aim(power=peak).stroke().speed
