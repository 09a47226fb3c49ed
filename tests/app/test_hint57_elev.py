"""A taken hint changes no control unsaid: the computer's cue held over a
rail (2°) moved the elevation gauge from 0° to 2° while the hint's words said
nothing of it. And the controls' row after a taken hint says "The hint's
stroke" only while its power is kept: a player's own power (Up) is theirs."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.match import computer
from simulator.app.screens.shot_input import ShotInputMode
from tests.app.helpers import drawn_lines, drawn_words, frame, key
from tests.app.scenes import LANGS
from tests.app.test_hint46 import ask_hint
from tests.app.test_hint57 import position


@pytest.fixture(autouse=True)
def quick_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computer, "HINT_STRENGTH", "beginner")
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)


@pytest.mark.parametrize("lang", LANGS)
def test_a_hint_says_the_elevation_its_taking_sets(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = position("express_pot", lang, (1280, 720), monkeypatch)
    try:
        s = app.session
        assert s is not None
        assert s.aim.elevation == 0.0  # (the gauge at rest)
        ask_hint(app)
        assert s.hint is not None
        hinted = computer.aim_of(s.hint.decision)
        elev = s.locale.num(hinted.elevation, 0)
        assert elev != "0", "a level hint: no test"
        raised = app.t("hint.say.raised", elevation=elev).lstrip(", ")
        assert raised in drawn_words(app, "side", folded=True)
        key(app, pygame.K_i)  # taken: the gauge shows what the words said
        frame(app, n=8)
        assert s.aim == hinted
        gauge = f"{app.t('panel.elevation')}: {elev}°"
        assert gauge in drawn_lines(app, "side"), drawn_lines(app, "side")
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_controls_row_after_ones_own_power_is_not_the_hints_stroke(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # (8-ball's ball in hand put down beside the foul's open card: the
    # controls give the hint their room, and their row says them)
    app = position("card_safety", lang, (800, 500), monkeypatch)
    try:
        s = app.session
        assert s is not None
        ask_hint(app)
        key(app, pygame.K_i)  # taken as it is
        frame(app, n=8)
        mode = app.mode
        assert isinstance(mode, ShotInputMode)
        assert not mode.controls, "the controls shown: no row to read"
        hints_stroke = app.t("side.controls_of_hint").split(":")[0]
        assert mode.controls_said and mode.hint_stroke_held()
        key(app, pygame.K_UP)  # the player's own power
        frame(app, n=8)
        assert mode.hint_aim_held() and not mode.hint_stroke_held()
        words = drawn_words(app, "side", folded=True)
        said = " ".join(mode.controls_said.split())
        assert said and said in words, (said, words)
        assert hints_stroke not in words, words
        own = {app.t(f"side.controls_own_power{end}", power="", spin="", elev="",
                     cue="").split(":")[0] for end in ("", "_short")}
        assert any(said.startswith(o) for o in own), said
        assert not app.errors
    finally:
        pygame.display.quit()
