"""Taking hold of the stick drawn behind the cue ball, as a real cue is
held: the pointer brought over the cue ball (or along the stick) onto the
stick leaves the aim where it is, and a press there pulled away from the
ball strikes along that aim (the aim followed the pointer round, the pull
was a push, and nothing was shot). A pointer jumping straight to a point
aims there as before; a pull of a few pixels says it is too short."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.shot_input import SHORT_PULL_PX
from tests.app.helpers import frame, move
from tests.app.test_pull_back import aiming_app, behind, metres_of, pull

CASES = [("en", (1280, 720)), ("ru", (800, 500))]


def on_line(app: App, metres: float, across: float = 0.0) -> tuple[int, int]:
    """The screen point ``metres`` behind the cue ball along the aim (ahead
    of it when negative), ``across`` metres to its left."""
    s = app.session
    assert s is not None
    cue = s.cue_pos()
    assert cue is not None
    a = math.radians(s.aim.angle)
    x = cue[0] - math.cos(a) * metres - math.sin(a) * across
    y = cue[1] - math.sin(a) * metres + math.cos(a) * across
    p = app.mode.scene.view.to_screen(x, y)  # type: ignore[union-attr]
    return int(p[0]), int(p[1])


def release(app: App, pos: tuple[int, int]) -> None:
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


@pytest.mark.parametrize("steps", [1, 6])
@pytest.mark.parametrize("lang,size", CASES)
def test_the_stick_taken_over_the_cue_ball_pulls_back_along_the_aim(
        lang: str, size: tuple[int, int], steps: int) -> None:
    """From the aim's side near the ball, over the cue ball, onto the
    stick just behind it (in one jump or several motions): the aim stays; a
    press there and a drag away from the ball strikes along it, with the
    drag's power."""
    app = aiming_app(lang, size)
    try:
        s = app.session
        assert s is not None
        start, grab = on_line(app, -0.1), on_line(app, 0.1)
        move(app, start)
        aim = s.aim.angle
        for k in range(1, steps + 1):
            t = k / steps
            move(app, (start[0] + (grab[0] - start[0]) * t,
                       start[1] + (grab[1] - start[1]) * t))
            if t < 0.5:  # on the aim's side the aim follows the pointer
                aim = s.aim.angle
            assert s.aim.angle == aim, k  # behind, the stick stays under it
        # Along the stick, a little off its line, it stays held.
        move(app, on_line(app, 0.12, across=0.01))
        assert s.aim.angle == aim
        frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=grab, button=1))
        end = grab
        for k in range(1, 7):
            end = on_line(app, 0.1 + 0.04 * k)
            move(app, end, held=True)
        mode = app.mode
        assert s.aim.angle == aim and s.aim.power > 0.2
        # the power of a pull 0.24 m long (within the pixels' rounding)
        assert s.aim.power == pytest.approx(
            mode.px_power(mode.scene.view.px(0.24)), abs=0.02)  # type: ignore[union-attr]
        power = s.aim.power
        release(app, end)
        assert app.mode is not None and app.mode.name == "playing", app.toast
        stroke = app.mode.stroke  # type: ignore[attr-defined]
        assert stroke.direction == round(aim % 360, 6)
        assert stroke == s.aim.stroke() and s.aim.power == power
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang,size", CASES)
def test_a_jump_to_a_point_aims_there_unless_it_came_over_the_ball_onto_the_stick(
        lang: str, size: tuple[int, int]) -> None:
    """A single jump from the aim's side to a far point behind the ball off
    the stick, or onto the stick's line from beside the ball (not over
    it), turns the aim to the pointer as ever."""
    app = aiming_app(lang, size)
    try:
        s = app.session
        assert s is not None
        view = app.mode.scene.view  # type: ignore[union-attr]
        cue = s.cue_pos()
        assert cue is not None
        aim = s.aim.angle
        # Over the ball, but landing well off the stick: aimed there.
        move(app, on_line(app, -0.3))
        far = on_line(app, 0.5, across=0.25)
        move(app, far)
        want = math.degrees(math.atan2(view.to_table(*far)[1] - cue[1],
                                       view.to_table(*far)[0] - cue[0]))
        assert abs((s.aim.angle - want + 180) % 360 - 180) < 0.5
        # Back to the first aim, then from beside the ball onto its stick.
        move(app, on_line(app, 0.0, across=0.3))
        move(app, view.to_screen(*s.table.position(1)))  # type: ignore[misc]
        assert abs((s.aim.angle - aim + 180) % 360 - 180) < 0.01
        beside, behind_ = on_line(app, -0.1, across=0.3), on_line(app, 0.4)
        move(app, beside)
        move(app, behind_)
        assert abs((s.aim.angle - aim) % 360 - 180) < 3.0  # turned round to it
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang,size", CASES)
def test_a_pull_of_a_few_pixels_says_it_is_too_short(
        lang: str, size: tuple[int, int]) -> None:
    """A press pulled back a few pixels (within a click's slop) and
    released: no stroke, and said why (it was silent)."""
    app = aiming_app(lang, size)
    try:
        end = pull(app, 5)
        release(app, end)
        frame(app)
        assert app.mode is not None and app.mode.name == "aiming"
        assert app.toast is not None and \
            app.toast[0] == app.t("pull.too_short", px=SHORT_PULL_PX)
        # A click that does not move stays a quiet click.
        app.toast = None
        p = behind(app, 0.05 + metres_of(app, 40))
        frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1))
        release(app, p)
        frame(app)
        assert app.toast is None
    finally:
        pygame.display.quit()
