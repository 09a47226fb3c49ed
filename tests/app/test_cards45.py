"""Play-test 35's cards (wave 45): the person's choice takes no number for a
moment from the frame that first shows it, the match's end and concede cards
stay off the table, a click on a ball with a safety declared aims at it."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import frame, key
from tests.app.scenes import LANGS, open_scene

# -- 1. the choice's guard runs from its first drawn frame ----------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_key_as_the_choice_first_shows_chooses_nothing_however_late(
        lang: str) -> None:
    """Express, the computer's foul: the person's choice (SEED-E 2.6) comes
    up as its shot ends. "1" or "2" (a watching speed on the computer's
    turn) pressed in that moment chose at once, a choice made by a key meant
    for the shot before; and on a loaded machine the card came up long
    after it was made, its guard already run out. Made long before its
    first frame, it takes no number in that frame nor in the frames right
    after it; after ui.FRESH the numbers choose."""
    from simulator.app.text import ui
    from tests.app.helpers import DT
    app = open_scene("choice", "express", lang, players="cpu:club,Anna",
                     frames=0)
    try:
        s = app.session
        assert s is not None and s.req is not None and s.req.pending
        pending = list(s.req.pending)
        assert app.dialogs and app.dialogs[-1].kind == "choice"
        app.elapsed += 5.0  # (the machine busy: no frame drawn for 5 s)
        key(app, pygame.K_1)  # in the very frame that first shows the card
        assert s.req is not None and list(s.req.pending) == pending
        frame(app)
        for k in (pygame.K_1, pygame.K_2):
            key(app, k)
            assert s.req is not None and list(s.req.pending) == pending
            assert app.dialogs and app.dialogs[-1].kind == "choice"
        frame(app, n=int(ui.FRESH / DT) + 1)
        key(app, pygame.K_1)
        assert s.req is None or list(s.req.pending) != pending
    finally:
        pygame.display.quit()


# -- 3. a click on a ball with a safety declared aims at it ---------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_click_on_a_ball_with_a_safety_declared_aims_at_it(lang: str) -> None:
    """8-ball, a safety declared: it needs no call (8-ball rule 9), so a
    click on a ball aims at it, as where no call is wanted. It answered
    «Шар 8 сейчас заказать нельзя.» and left the cue where it was."""
    from simulator.app.table.aim import Aim, angle_to
    from tests.app.helpers import click, click_button, make_app, scenario_match
    app = make_app(lang)
    try:
        cue, eight = (1.0, 0.4), (0.5, 1.0)
        mode = scenario_match(app, "8-ball", {0: cue, 3: (1.9, 0.9), 8: eight,
                                              12: (2.2, 0.3)})
        s = app.session
        assert s is not None
        s.aim = Aim(angle_to(cue, (1.9, 0.9)), 0.3)
        frame(app)
        click_button(app, app.t("panel.safety"))
        frame(app)
        assert s.decl.get("safety")
        click(app, mode.scene.view.to_screen(*eight))
        frame(app)
        refused = app.t("call.not_callable", ball=8)
        assert app.toast is None or app.toast[0] != refused, app.toast
        want = angle_to(cue, eight)
        assert abs((s.aim.angle - want + 180) % 360 - 180) < 1.0, (s.aim.angle, want)
    finally:
        pygame.display.quit()
