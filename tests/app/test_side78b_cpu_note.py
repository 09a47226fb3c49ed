"""The computer pots the 1 (9-ball rule 1: a ball pocketed on a legal shot,
the shooter continues) and thinks over its next stroke: its ruling card is
on show, headed "Computer: legal shot". The note over the column's heading
had said it again ("Computer: legal shot · potted 1"): it keeps only what
the card does not say, what dropped."""

from __future__ import annotations

import pygame
import pytest

from rules.referee import Match
from simulator.app.match import computer
from simulator.app.match.session import Session
from simulator.app.screens.computer_turn import ComputerMode
from simulator.practice.scenario import parse_scenario
from tests.app.helpers import drawn_words, frame, make_app, run_until
from tests.app.scenes import LANGS


@pytest.mark.parametrize("lang", LANGS)
def test_the_computers_result_is_said_once(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang)
    try:
        app.settings.watch = "skip"
        sc = parse_scenario({
            "format": "kiy-scenario", "version": 1, "id": "run",
            "discipline": "9-ball", "players": 2, "title": {"en": "Run", "ru": "Серия"},
            "balls": {"0": [1.8, 0.5], "1": [2.3, 0.3], "2": [1.0, 0.9],
                      "9": [0.8, 0.3]},
            "state": {"is_break": False, "shooter": 1}})
        m = Match.from_state(["Anna", "cpu:club"], "9-ball", sc.game,
                             {"race_to": 2}, seed=1)
        app.session = s = Session(m, app.locale)
        app.go("match")
        frame(app)
        run_until(app, lambda: bool(s.match.history) and isinstance(
            app.mode, ComputerMode) and app.mode.phase == "thinking", limit=6000)
        frame(app, n=2)
        r = s.last_ruling
        assert r is not None and r.shooter == 1 and r.next_shooter == 1
        assert "note.scored" in r.codes()
        mode = app.mode
        assert isinstance(mode, ComputerMode) and mode.banner_rect is not None
        title = app.t("banner.legal", name=s.name(1))
        words = drawn_words(app, "side", folded=True)
        assert words.count(" ".join(title.split())) == 1, words
        # What dropped, said once, over the heading.
        pots = app.t("pots.potted", balls="1", n=1)
        assert words.startswith(pots + " "), words
    finally:
        pygame.display.quit()
