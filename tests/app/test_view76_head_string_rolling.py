"""The head string stayed drawn while the break rolled and went once the
balls stopped: no rule needs it then (9-ball rule 7: after the break a ball
in hand is anywhere; general rule 7 names the kitchen for the break's cue
ball only while it is placed and struck). It is drawn at the break's aim,
not while its balls roll."""

from __future__ import annotations

import pygame

from simulator.app.screens.table_screen import TableMode
from tests.app.helpers import frame, key, make_app, run_until, watched_session
from tests.app.test_table74_head_string import dashes


def test_no_head_string_while_a_9_ball_break_rolls() -> None:
    app = make_app("en", (800, 500))
    try:
        s = watched_session(app, ["Anna", "Boris"], "9-ball", {}, seed=3)
        assert s.req is not None and s.req.is_break
        assert dashes(app)[0] >= 8  # the cue ball placed behind it, in full
        key(app, pygame.K_RETURN)  # (taken where it lies)
        run_until(app, lambda: app.mode is not None and app.mode.name == "aiming",
                  limit=50)
        assert dashes(app)[0] >= 8  # and at the aim
        key(app, pygame.K_SPACE)
        seen = 0
        for _ in range(40):
            frame(app)
            mode = app.mode
            if mode is None or mode.name != "playing":
                break
            assert isinstance(mode, TableMode)
            if mode.playback.frames and mode.playback.time > 0.05:
                seen += 1
                assert dashes(app) == (0, 0), (mode.playback.time, dashes(app))
        assert seen >= 5
    finally:
        pygame.display.quit()
