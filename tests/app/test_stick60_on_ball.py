"""The stick lying on a ball: a ball touching the cue ball behind the aim
(the 8 in an 8-ball match) was drawn under the stick, showing through it,
and the stroke was played level through it. The strip says which ball the
stick lies on and the elevation the stroke is played at to pass over it,
and the stroke is played so (as a player raises the cue); driven through
the window's loop, both languages."""

from __future__ import annotations

import math
from dataclasses import replace

import pygame
import pytest

from simulator.physics.shaft import elevation_to_clear, stick_rests_on
from tests.app.helpers import drawn_words, frame, make_app, scenario_match

R = 0.028575


def _words(app, ball: int) -> str:  # type: ignore[no-untyped-def]
    return app.t("strip.stick_on_ball", ball=ball, elevation="@").split("@")[0]


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("ru", (800, 500))])
def test_the_strip_says_the_stick_lies_on_a_ball(
        lang: str, size: tuple[int, int]) -> None:
    app = make_app(lang, size)
    try:
        cue = (1.0, 0.6)
        balls = {0: cue, 8: (cue[0] - 2 * R - 0.0005, cue[1]),
                 3: (cue[0] - 0.35, cue[1] + 0.002), 11: (2.0, 0.3)}
        mode = scenario_match(app, "8-ball", balls)
        s = app.session
        assert s is not None
        s.aim = replace(s.aim, angle=0.0, elevation=0.0, tip_b=0.0)
        frame(app, n=2)
        drawn = drawn_words(app, shown=True)
        assert _words(app, 8) in drawn, drawn
        # Turned away, the stick lies on nothing: the words go.
        s.aim = replace(s.aim, angle=90.0)
        frame(app, n=2)
        assert _words(app, 8) not in drawn_words(app, shown=True)
        assert mode is app.mode
        # Back on the 3 alone, 35 cm behind (the 8 moved off the line by a
        # turn of 90 degrees is not behind): Space plays the stroke with the
        # cue raised over it, the player's own elevation kept for later.
        s.aim = replace(s.aim, angle=0.0)
        frame(app, n=2)
        need = mode.elevation_to_clear()  # type: ignore[attr-defined]
        assert need > 50.0  # the 8 touching the cue ball behind it
        # The gauge and the stick show the elevation the stroke is played
        # at (they said 0° while the strip said 35.5°).
        shown = f"{app.locale.num(need, 0)}°"
        assert shown in drawn_words(app, shown=True), drawn_words(app, shown=True)
        assert mode.stroke_aim().elevation == pytest.approx(need)  # type: ignore[attr-defined]
        played: list[object] = []
        real_go = app.go

        def go(name: str, **kw: object) -> None:
            played.append(kw.get("stroke"))
            real_go(name, **kw)  # type: ignore[arg-type]
        app.go = go  # type: ignore[method-assign]
        mode.shoot()  # type: ignore[attr-defined]
        (stroke,) = [p for p in played if p is not None]
        assert stroke.elevation == pytest.approx(need)  # type: ignore[attr-defined]
        assert s.aim.elevation == 0.0
        assert app.toast is not None and str(8) in app.toast[0]
    finally:
        pygame.display.quit()


def test_the_stick_clears_a_ball_when_raised_enough() -> None:
    """The shaft rises from the tip at the elevation: a ball 35 cm back is
    cleared at about 8 degrees, a ball touching the cue ball only past 50."""
    cue = (1.0, 0.6)
    far = {3: (cue[0] - 0.35, cue[1])}
    near = {8: (cue[0] - 2 * R - 0.0005, cue[1])}
    assert stick_rests_on(cue, 0.0, 0.0, 0.0, R, far) == [3]
    assert stick_rests_on(cue, 0.0, 6.0, 0.0, R, far) == [3]
    assert stick_rests_on(cue, 0.0, 9.0, 0.0, R, far) == []
    assert stick_rests_on(cue, 0.0, 45.0, 0.0, R, near) == [8]
    assert stick_rests_on(cue, 0.0, 55.0, 0.0, R, near) == []
    # beside the stick's line by more than a ball and the shaft: clear
    beside = {5: (cue[0] - 0.35, cue[1] + R + 0.016)}
    assert stick_rests_on(cue, 0.0, 0.0, 0.0, R, beside) == []
    # in front of the cue ball: the stick is never there
    ahead = {6: (cue[0] + 0.2, cue[1])}
    assert stick_rests_on(cue, 0.0, 0.0, 0.0, R, ahead) == []
    # the least elevation that clears is just over the last that did not
    need = elevation_to_clear(cue, 0.0, 0.0, R, far)
    assert stick_rests_on(cue, 0.0, need, 0.0, R, far) == []
    assert stick_rests_on(cue, 0.0, need - 0.5, 0.0, R, far) == [3]
    assert elevation_to_clear(cue, 0.0, 0.0, R, beside) == 0.0
    # The shaft (8.5 mm half-width at the ball) must pass over the top of
    # a ball 35 cm back: the line from the tip over it rises at about 6.6
    # degrees, and the stroke is raised to the next whole degree above.
    over = math.degrees(math.atan((R + 0.0085) / (0.35 - R)))
    assert over < need <= over + 1.0
