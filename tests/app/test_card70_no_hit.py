"""9-ball at one window: Anna's cue ball touches no ball. The card cites
9-ball rule 7 (the lowest ball not hit first) and, beside it, general rule
16 (no legal ball touched), the game's own rule first."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.table.aim import Aim
from tests.app.helpers import drawn_words, frame, make_app, scenario_match, strike
from tests.app.scenes import LANGS


@pytest.mark.parametrize("lang", LANGS)
def test_a_no_hit_cites_nine_ball_7_then_general_16(lang: str) -> None:
    app = make_app(lang)
    try:
        scenario_match(app, "9-ball", {0: (0.6, 0.6), 1: (1.6, 0.3), 9: (2.2, 0.4)})
        s = app.session
        assert s is not None
        s.aim = Aim(90.0, 0.2)  # (across the table and back: no ball in its path)
        frame(app, n=30)
        ruling = strike(app)
        assert ruling is not None and ruling.fouls and not ruling.fouls[0].balls
        frame(app, n=3)
        said = drawn_words(app, "side", folded=True)
        seven = " ".join(app.t("ref.9-ball", rule="7").split())
        sixteen = " ".join(app.t("ref.general", rule="16").split())
        assert f"{seven}; {sixteen}" in said, said
        assert not app.errors
    finally:
        pygame.display.quit()
