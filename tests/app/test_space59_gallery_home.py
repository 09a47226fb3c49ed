"""The gallery: "." from the clip's start (after Home, playing or paused)
stops at the first mark, the strike's tick at 0.000 s, even where a foul
comes at the strike's own time (the Express push-through 0.00001 s later,
the illegal jump at once): "." went straight to the foul, and the strike's
tick was never stood on. The next "." goes on to the foul."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.replay.timeline import step_marks
from simulator.table.events import EventKind
from tests.app.helpers import frame, key, make_app, open_gallery


@pytest.mark.parametrize("clip", ["gallery-express-push-through",
                                  "gallery-illegal-jump"])
@pytest.mark.parametrize("paused", [False, True])
@pytest.mark.parametrize("mod", [0, pygame.KMOD_SHIFT])
def test_full_stop_after_home_stands_on_the_strike_first(
        clip: str, paused: bool, mod: int) -> None:
    app = make_app("en", (1280, 720))
    try:
        g = open_gallery(app, clip, to_foul=True)
        pb = g.player.playback
        if paused:
            key(app, pygame.K_SPACE)
        key(app, pygame.K_HOME)
        frame(app)
        assert pb.time < 0.0  # (the stick's approach, before the strike)
        first = step_marks(g.show.marks.marks, bool(mod))[0]
        assert first.kind is EventKind.STROKE and first.time == 0.0
        key(app, pygame.K_PERIOD, mod)
        assert g.show.selected is first and pb.time == 0.0 and pb.paused
        assert g.at_foul == (g.demo.pause_time == 0.0)  # (the jump's foul: at once)
        key(app, pygame.K_PERIOD, mod)
        sel = g.show.selected
        assert sel is not None and sel.foul and g.at_foul
        assert not app.errors
    finally:
        pygame.display.quit()
