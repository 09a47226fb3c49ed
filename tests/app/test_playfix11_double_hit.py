"""A double hit warned of while aiming: a play-tester struck a stun stroke at
2.1 m/s with the object ball a finger's width away, was called for a double
hit (general rule 20) and had had no warning."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.table.aim import Aim, power_of
from tests.app.helpers import (
    drawn_words,
    frame,
    key,
    make_app,
    run_until,
    scenario_match,
)

CUE = (1.0, 0.6)
GAP = 0.02  # m between the two balls
NEAR = (1.0 + 2 * 0.028575 + GAP, 0.6)  # the 1, straight ahead
FAR = (1.6, 0.6)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_stroke_that_meets_the_cue_ball_twice_is_warned_of_and_is_a_foul(
        lang: str) -> None:
    """The 1 two centimetres ahead, a 2.1 m/s stroke at its centre: the strip
    warns of the double hit while aiming, and the stroke played is the foul
    it warned of. Elevated to 30 degrees the same stroke is warned of no
    longer."""
    app = make_app(lang, (1280, 720))
    try:
        mode = scenario_match(app, "9-ball", {0: CUE, 1: NEAR, 9: (2.2, 1.0)})
        s = mode.session
        warning = app.t("strip.double_hit")
        s.aim = Aim(0.0, power_of(2.1))
        frame(app, n=20)
        assert warning in drawn_words(app)
        s.aim = s.aim.with_elevation(30.0)
        frame(app, n=20)
        assert warning not in drawn_words(app)
        s.aim = s.aim.with_elevation(0.0)
        frame(app, n=20)
        assert warning in drawn_words(app)
        key(app, pygame.K_SPACE)
        run_until(app, lambda: s.last_ruling is not None, limit=4000)
        r = s.last_ruling
        assert r is not None and r.shooter == 0
        assert "foul.double_hit" in {f.code.id for f in r.fouls}
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_warning_with_the_ball_away_and_no_double_hit(lang: str) -> None:
    """The 1 sixty centimetres away: the same stroke warns of nothing, and is
    played without a double hit."""
    app = make_app(lang, (1280, 720))
    try:
        mode = scenario_match(app, "9-ball", {0: CUE, 1: FAR, 9: (2.2, 1.0)})
        s = mode.session
        s.aim = Aim(0.0, power_of(2.1))
        frame(app, n=20)
        assert app.t("strip.double_hit") not in drawn_words(app)
        key(app, pygame.K_SPACE)
        run_until(app, lambda: s.last_ruling is not None, limit=4000)
        r = s.last_ruling
        assert r is not None
        assert "foul.double_hit" not in {f.code.id for f in r.fouls}
    finally:
        pygame.display.quit()
