"""What a third play-test of a match found (issue 22): a computer seat with
a name, the referee's call and the match menu at 800x500, the referee's
call as a ruling card, a person's own miss seen at Skip, a replay the
physics cannot settle, and the computer's words of its chances."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from tests.app.helpers import DT, frame, key, make_app, run_until


def start(app: App, names: list[str], game: str, opts: dict[str, object],
          seed: int = 5) -> Session:
    app.session = Session.new(names, game, dict(opts), app.locale, seed=seed)
    next_step(app)
    app.frame([], DT)
    return app.session


def drawn(app: App) -> list[str]:
    return [r.text for r in app.texts]


def side_words(app: App) -> str:
    """The side column's words of the last frame, its wrapped lines joined."""
    side = app.layout.side
    return " ".join(r.text for r in app.texts if side.colliderect(r.rect))


class _Decided:
    """A computer's search already done (the window's Thinking job)."""

    def __init__(self, decision: Any) -> None:
        self.result = decision
        self.simulations = decision.simulations

    def advance(self, seconds: float) -> bool:
        return True


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_computers_sure_pot_that_rattles_is_not_said_as_potted(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every one of 51 simulated tries potted the 1, the stroke played (its
    execution noise in it) misses: what the computer said is an intention
    and a count of tries, never "pots" nor "100 %", and the miss that
    follows contradicts none of it."""
    from rules.ruling import Declarations
    from simulator.app.match import computer
    from simulator.players.player import ShotDecision
    from simulator.table.events import Stroke
    app = make_app(lang)
    s = start(app, ["Anna", "cpu:club"], "8-ball", {"race_to": 3, "first_breaker": 1})
    assert app.mode is not None and app.mode.name == "computer"
    table = s.match.table()
    cue = table.position(0)
    assert cue is not None
    # A soft stroke away from the rack: nothing is potted.
    meant = Stroke(direction=180.0, speed=0.6)
    decision = ShotDecision((cue[0], cue[1]), meant, meant, Declarations(
        called_ball=1, called_pocket=s.spec.pockets[0].name), "pot", 1,
        s.spec.pockets[0].name, 1.0, 0.8, 51, 9)
    monkeypatch.setattr(computer, "think_shot", lambda m, p: _Decided(decision))
    app.mode.enter()
    run_until(app, lambda: getattr(app.mode, "phase", "") == "showing", limit=50)
    frame(app)
    words = side_words(app)
    ball = "1"
    assert app.t("play.expects", k=51, n=51)[:12] in words
    assert "51" in words and "100" not in words
    potted_words = {"en": ("Pots", "pots"), "ru": ("Забивает", "забивает")}[lang]
    assert not any(w in words for w in potted_words), words
    assert ball in words
    key(app, pygame.K_SPACE)  # played now
    run_until(app, lambda: len(s.match.history) > 0 and
              (app.mode is None or app.mode.name != "computer_playing"), limit=4000)
    frame(app, n=3)
    after = " ".join(drawn(app))
    assert not any(w in after for w in potted_words) and "100" not in after
