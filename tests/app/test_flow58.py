"""The match's flow against the computer: what the heading asks for after
the lag, Esc while the balls roll, foul cards' titles, and the end-of-match
statistics' per-game words."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.match import computer
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.app.screens.computer_turn import ComputerMode
from tests.app.helpers import (
    click_button,
    computers_choice_after_a_soft_break,
    drawn_words,
    frame,
    key,
    make_app,
    run_until,
)


def test_after_the_computer_wins_the_lag_nothing_unread_is_asked_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """General rule 5 / 14.1 rule 2: the computer that won the lag makes the
    person break; its choice is on show at once, never a heading asking to
    read a ruling over an empty column (a flag left from a card read before
    the lag held it for a Space)."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app("ru")
    app.session = s = Session.new(["Anna", "cpu:strong"], "14.1",
                                  {"target": 5, "lag": True}, app.locale, seed=1)
    next_step(app)
    frame(app)
    s.to_acknowledge = True  # (as a card read before the lag left it)
    key(app, pygame.K_SPACE)  # Anna's lag stroke
    run_until(app, lambda: app.mode is not None and app.mode.name == "lag_result",
              limit=4000)
    click_button(app, app.t("lag.continue"))  # the computer won: it chooses
    read = app.t("evening.read_ruling")
    seen_choice = False
    for _ in range(800):
        frame(app)
        mode = app.mode
        if isinstance(mode, ComputerMode):
            assert read not in mode.heading(), "asked to read a ruling not drawn"
        if app.mode is not None and app.mode.name in ("placing", "aiming"):
            seen_choice = True
            break
    assert seen_choice, "the computer's choice waited for a key"
    assert s.match.requirements().shooter == 0  # Anna breaks
    words = drawn_words(app, "side")
    assert "выбирает:" in words and "соперник" in words
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_persons_own_foul_card_says_the_outcome_in_its_title(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """14.1 rule 6: Anna breaks too softly against the computer. Her foul's
    card, waiting to be read, is titled as a legal stroke's is: the foul and
    what the stroke came to ("Foul by Anna · no ball potted"), said once."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang)
    try:
        s = computers_choice_after_a_soft_break(app)
        frame(app, n=3)
        mode = app.mode
        assert isinstance(mode, ComputerMode) and mode.phase == "waiting"
        r = s.last_ruling
        assert r is not None and r.fouls and r.shooter == 0
        pots = s.pots_of(r)
        assert pots
        said = app.t("cpu.person_pots", title=app.t("banner.foul", name="Anna"),
                     pots=pots)
        side = drawn_words(app, "side", folded=True)
        assert said in side, side
        assert side.count(pots) == 1, side
    finally:
        pygame.display.quit()
