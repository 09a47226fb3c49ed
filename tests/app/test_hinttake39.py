"""Play-test 28: one press of I once the hint is shown takes it."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import (
    button_labels,
    click_button,
    frame,
    key,
    make_app,
    move,
    run_until,
    scenario_match,
)
from tests.app.scenes import LANGS

BALLS = {0: (0.9, 0.62), 1: (1.6, 0.55), 2: (1.9, 0.9), 9: (2.1, 0.3)}


@pytest.mark.parametrize("how", ["key", "button"])
@pytest.mark.parametrize("lang", LANGS)
def test_one_press_of_i_takes_the_shown_hint(
        lang: str, how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The player's own tip (low) and elevation set, the mouse resting on the
    table; I asks, the hint shows, ONE more I (or one click on "Take the hint")
    takes it: the aim, power, tip
    and elevation are the hint's, the button says so, and the mouse moving
    over the table does not turn it."""
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "HINT_STRENGTH", "beginner")
    app = make_app(lang, (1600, 1000))
    try:
        mode = scenario_match(app, "8-ball", BALLS)
        s = app.session
        table = mode.layout.table
        move(app, (table.centerx + 40, table.centery - 60))
        for k in (pygame.K_s, pygame.K_s, pygame.K_e):
            key(app, k)
        key(app, pygame.K_i)
        run_until(app, lambda: s.hint is not None, limit=6000)
        frame(app, n=3)
        hinted = computer.aim_of(s.hint.decision)
        assert s.aim != hinted
        assert app.t("hint.take") in button_labels(app)
        if how == "key":
            key(app, pygame.K_i)
        else:
            click_button(app, app.t("hint.take"))
        assert s.aim == hinted
        assert app.t("hint.taken_button") in button_labels(app)
        assert app.t("hint.take") not in button_labels(app)
        move(app, (table.centerx - 150, table.top + 40))
        frame(app)
        assert s.aim == hinted
        assert app.t("hint.taken_button") in button_labels(app)
    finally:
        pygame.display.quit()
