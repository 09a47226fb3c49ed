"""Play-test 31 (issue 22, defect 7): two full-power centre-ball breaks from
the kitchen, "straight at the head ball", both scratched in a head corner.
The saved shots told why: the cue ball was clicked down 3 mm off the head
ball's line, and the cue kept the angle preset from where the ball had
been (0 degrees) instead of pointing at the head ball from where it was
put. The break hit the head ball 3 degrees thin, and the cue ball came back
off the rack at 20 degrees into the head corner. Put down, the ball is
aimed at the ball the cue pointed at, and a pull plays just what the player
set: full power, the tip in the centre, a level cue."""

from __future__ import annotations

import math

import pygame

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.app.screens.playing import PlayMode
from simulator.app.table.aim import MAX_SPEED
from simulator.table.specs import CUE_BALL
from tests.app.helpers import DT, click, frame, make_app, move

OFF_LINE = 0.003  # m: about a pixel of the window, where the tester's click fell


def break_from_near_the_head_spot(lang: str, size: tuple[int, int]) -> App:
    """An 8-ball break, the cue ball clicked down just off the head ball's
    line, behind the head string."""
    app = make_app(lang, size)
    app.session = Session.new(["Anna", "Boris"], "8-ball", {}, app.locale, seed=3)
    next_step(app)
    app.frame([], DT)
    s = app.session
    spec = s.spec
    view = app.mode.scene.view  # type: ignore[union-attr]
    click(app, view.to_screen(spec.head_string_x - 2 * spec.balls.radius,
                              spec.width / 2 + OFF_LINE))
    assert app.mode is not None and app.mode.name == "aiming"
    return app


def head_ball(app: App) -> tuple[float, float]:
    st = app.session.table  # type: ignore[union-attr]
    return min((p for b in st.on_table() if b != CUE_BALL
                if (p := st.position(b)) is not None), key=lambda p: p[0])


def behind(app: App, metres: float) -> tuple[int, int]:
    """The screen point ``metres`` behind the cue ball along the cue."""
    s = app.session
    assert s is not None
    cue = s.cue_pos()
    assert cue is not None
    a = math.radians(s.aim.angle)
    p = app.mode.scene.view.to_screen(  # type: ignore[union-attr]
        cue[0] - math.cos(a) * metres, cue[1] - math.sin(a) * metres)
    return int(p[0]), int(p[1])


def full_power_pull(app: App) -> None:
    """A press just behind the cue ball, a pull back past a full pull, the
    release: no motion over the table but the pull's own."""
    full = float(app.mode.full_pull())  # type: ignore[union-attr]
    metres = full * 1.2 / app.mode.scene.view.px(1.0)  # type: ignore[union-attr]
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=behind(app, 0.05),
                                  button=1))
    for k in range(1, 11):
        move(app, behind(app, 0.05 + metres * k / 10), held=True)
    frame(app, n=20)
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP,
                                  pos=behind(app, 0.05 + metres), button=1))


def test_a_break_put_down_off_the_line_is_aimed_full_at_the_head_ball() -> None:
    app = break_from_near_the_head_spot("en", (1280, 720))
    s = app.session
    assert s is not None
    cue = s.cue_pos()
    assert cue is not None and abs(cue[1] - s.spec.width / 2) > 0.001, cue
    full_power_pull(app)
    mode = app.mode
    assert isinstance(mode, PlayMode), mode
    st = mode.stroke
    # What the player set, and nothing else: full power, centre, level.
    assert (st.speed, st.tip_a, st.tip_b, st.elevation) == (MAX_SPEED, 0.0, 0.0, 0.0)
    # The cue's line runs through the head ball's centre: a full hit, as
    # the cue was shown pointing before the ball was put down.
    hx, hy = head_ball(app)
    a = math.radians(st.direction)
    miss = abs((hx - cue[0]) * math.sin(a) - (hy - cue[1]) * math.cos(a))
    assert miss < 1e-4, f"the cue line passes {miss * 1000:.1f} mm from the head ball"
