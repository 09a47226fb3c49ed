"""A taken hint's stroke said once: its line «Бейте средне (34%, кий 1,3 м/с),
удар в центр» stood over the controls' own words for the same stroke
(«Кий 1,3 м/с · удар в центр», the power bar and the tip hidden at 800x500
in Express), or over the power bar's «Сила: кий 1,3 · шар 1,6 м/с». Taken,
the controls (or, where the column has no room for them, their one row) say
the hint's speed and spin, and the hint's lines what the controls do not."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.shot_input import ShotInputMode
from tests.app.helpers import (
    drawn_lines,
    drawn_words,
    frame,
    key,
    make_every_pot_hopeless,
)
from tests.app.scenes import LANGS
from tests.app.test_hint46 import (  # noqa: F401 (quick_hint: autouse, here too)
    BALLS,
    CUE_SPEED,
    SIZES,
    ask_hint,
    at_table,
    beside_card,
    hint_over_own_aim,
    quick_hint,
    tip_diagram_drawn,
)

# Express: the 1 straight into the near side pocket (the hint pots it).
STRAIGHT = {0: (1.775, 0.6), 1: (1.775, 0.15), 5: (3.0, 1.4), 9: (0.6, 1.3)}


def position(where: str, lang: str, size: tuple[int, int],
             monkeypatch: pytest.MonkeyPatch) -> App:
    """"express_pot" and "express_safety": Express (no call), the column
    open; "card_safety": 8-ball's ball in hand put down beside the foul's
    open card, the controls giving the hint their room."""
    if where.endswith("safety"):
        make_every_pot_hopeless(monkeypatch)
    if where == "card_safety":
        return beside_card(lang, size, "put")
    return at_table(lang, size, "express",
                    STRAIGHT if where == "express_pot" else BALLS, players=3)


@SIZES
@pytest.mark.parametrize("where", ["express_pot", "express_safety", "card_safety"])
@pytest.mark.parametrize("lang", LANGS)
def test_a_taken_hint_says_its_speed_once(
        lang: str, where: str, size: tuple[int, int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from simulator.app.match import computer
    app = position(where, lang, size, monkeypatch)
    try:
        s, mode = hint_over_own_aim(app)
        kind = s.hint.decision.kind
        assert (kind == "pot") == (where == "express_pot"), kind
        hinted = computer.aim_of(s.hint.decision)
        speed = s.locale.num(s.hint.decision.intended.speed, 1)
        # Read, not taken: the hint's line says its speed (the controls the
        # player's own, another).
        assert speed in CUE_SPEED.findall(drawn_words(app, folded=True))
        key(app, pygame.K_i)  # taken
        frame(app, n=8)  # (its room is found a step a frame)
        assert isinstance(app.mode, ShotInputMode) and app.mode is mode
        assert s.aim == hinted  # the controls hold its power and tip
        said = CUE_SPEED.findall(drawn_words(app, folded=True))
        assert said == [speed], (said, drawn_words(app, "side"))
        spin = computer.spin_words(s.locale, hinted.tip_a, hinted.tip_b,
                                   s.spec.balls.radius)
        words = drawn_words(app, folded=True)
        if mode.controls:
            # The power bar and the tip show it; the hint's words say neither.
            power = [ln for ln in drawn_lines(app, "side")
                     if ln.startswith(app.t("panel.power") + ":")]
            assert power and CUE_SPEED.findall(power[0]) == [speed], power
            assert tip_diagram_drawn(app, mode) == "column"
            assert spin not in words, words
        else:
            # No room for them: their row says the hint's speed and spin,
            # once, the tip's diagram on the cloth.
            assert speed in mode.controls_said and spin in mode.controls_said
            assert words.count(spin) == 1, words
            assert tip_diagram_drawn(app, mode) == "table"
    finally:
        pygame.display.quit()
