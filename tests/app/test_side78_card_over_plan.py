"""The ruling card over the computer's plan: the ruling is what to read, so
the plan for the stroke to come gives its room first. At 800x500 Anna's
foul against the computer (9-ball rule 7: the cue ball did not hit the
lowest ball first; the 9 potted is spotted, 9-ball rule 6; ball in hand
anywhere) had its facts cut behind «ещё 4 строки» while the computer's
whole plan was shown under it; at 1280x720 a longer card was cut to
"1 more line" over the plan. The card shows every row it has where the
column holds it with the plan's first line (what the computer goes for);
the rest of the plan is counted in the card's "N more" (V reads it)."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import computer
from simulator.app.screens.computer_turn import ComputerMode
from simulator.app.text import ui
from tests.app.helpers import card_notes, frame, key, make_app, run_until
from tests.app.scenes import LANGS
from tests.app.test_side76_card_after_dialogs import _foul_against_the_computer


def _plan_on_show(app: App, monkeypatch: pytest.MonkeyPatch) -> ComputerMode:
    """Anna's foul read (Space); the computer's plan for its stroke on show
    under her card, held there."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    monkeypatch.setattr(computer, "SHOW_SECONDS", 1e6)
    _foul_against_the_computer(app)
    s = app.session
    assert s is not None and s.banner is not None and s.banner.foul
    s.watch = "1"
    key(app, pygame.K_SPACE)
    run_until(app, lambda: isinstance(app.mode, ComputerMode)
              and app.mode.phase == "showing", limit=3000)
    frame(app, n=3)
    mode = app.mode
    assert isinstance(mode, ComputerMode) and mode.lines
    return mode


def _card_whole_plan_begun(app: App, mode: ComputerMode) -> None:
    """Every row of the card shown; the plan's first line under it; the
    plan's lines cut counted in the card's one note."""
    card = mode.banner_rect
    assert card is not None
    assert mode.card_below == 0, mode.card_below
    side = app.layout.side
    under = [t.shown for t in sorted(app.texts, key=lambda t: t.rect.top)
             if side.contains(t.rect) and t.rect.top >= card.bottom]
    first = ui.wrap(mode.side_extra()[0], 13, 10 ** 4)[0].split()[:3]
    assert under and under[0].split()[:3] == first, (first, under)
    if mode.extra_hidden:
        words = {t.shown for t in app.texts if card.contains(t.rect)}
        assert card_notes(app, "ruling.more", mode.banner_hidden) & words


@pytest.mark.parametrize("lang", LANGS)
def test_a_foul_card_keeps_its_facts_over_the_computers_plan(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(lang, (800, 500))
    try:
        mode = _plan_on_show(app, monkeypatch)
        _card_whole_plan_begun(app, mode)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_long_card_uses_the_column_over_the_computers_plan(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 1280x720 the card two rulings longer (the foul's line said again
    twice): still whole, the plan giving way."""
    app = make_app(lang, (1280, 720))
    try:
        mode = _plan_on_show(app, monkeypatch)
        s = app.session
        assert s is not None and s.banner is not None
        b = s.banner
        s.banner = replace(b, lines=(*b.lines, b.lines[0], b.lines[0]))
        frame(app, n=3)
        assert mode.extra_hidden  # (the plan gave way)
        _card_whole_plan_begun(app, mode)
    finally:
        pygame.display.quit()
