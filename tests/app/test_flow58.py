"""The match's flow against the computer: what the heading asks for after
the lag, Esc while the balls roll, foul cards' titles, and the end-of-match
statistics' per-game words."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import computer
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.app.screens.computer_turn import ComputerMode, ComputerPlayMode
from simulator.app.screens.playing import PlayMode
from tests.app.helpers import (
    click_button,
    computers_choice_after_a_soft_break,
    concede_match,
    drawn_lines,
    drawn_words,
    frame,
    key,
    make_app,
    passes_until,
    run_until,
    to_the_break,
)
from tests.app.test_pause46_computer_waits import STEP, _held


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
def test_the_persons_own_foul_card_is_titled_by_the_foul(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """14.1 rule 6: Anna breaks too softly against the computer. Her foul's
    card, waiting to be read, is titled "Foul: Anna" and its first line
    names the foul (an illegal break); what dropped is not in the title:
    "Foul: Anna · no ball potted" read as if that were the foul."""
    from simulator.app.text.words import code_words
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang)
    try:
        s = computers_choice_after_a_soft_break(app)
        frame(app, n=3)
        mode = app.mode
        assert isinstance(mode, ComputerMode) and mode.phase == "waiting"
        r = s.last_ruling
        assert r is not None and r.fouls and r.shooter == 0
        card = mode.card()
        assert card is not None
        assert card.title == app.t("banner.foul", name="Anna"), card.title
        foul = code_words(s.locale, r.fouls[0].code.id)
        assert foul in card.lines[0], card.lines
        side = drawn_words(app, "side", folded=True)
        assert card.title in side and s.pots_of(r) not in card.title
    finally:
        pygame.display.quit()


def _rolling(app: App) -> PlayMode:
    mode = app.mode
    assert isinstance(mode, PlayMode) and not mode.finished, mode
    return mode


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_esc_on_the_persons_own_roll_opens_the_menu_and_holds_the_roll(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Esc while Anna's own break rolls is the match menu, as on the
    computer's roll: the roll waits under it and the column says so; closed,
    it rolls on, and Space skips it to its end. The key line says so."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang)
    app.settings.quick_rollout = False
    try:
        s = to_the_break(app, ["Anna", "cpu:club"], "8-ball", {"race_to": 2})
        key(app, pygame.K_SPACE)  # the break
        frame(app, n=2)
        play = _rolling(app)
        assert "Esc" in drawn_lines(app, "side")  # (the menu's button, its key)
        assert play.hint() == app.t("hint.playing")
        key(app, pygame.K_ESCAPE)
        frame(app, n=2)
        assert [d.kind for d in app.dialogs] == ["pause"]  # type: ignore[attr-defined]
        assert app.mode is play and not play.finished and not play.skip
        at = play.playback.time
        frame(app, n=5)
        assert play.playback.time == at  # (the roll waits under the menu)
        side = drawn_words(app, "side", folded=True)
        assert app.t("side.in_play_paused", name="Anna") in side, side
        key(app, pygame.K_ESCAPE)  # the menu closed: it rolls on
        frame(app, n=3)
        assert not app.dialogs and app.mode is play and play.playback.time > at
        key(app, pygame.K_SPACE)  # Space still skips to the end
        run_until(app, lambda: bool(s.match.history), limit=50)
    finally:
        pygame.display.quit()


def test_esc_on_the_computers_roll_opens_the_menu_and_0_skips(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer's roll: Esc is the same match menu (the roll waits), 0
    skips it once the menu is closed."""
    app = make_app("en")
    try:
        s, _ = _held(monkeypatch, app)
        passes_until(app, lambda: isinstance(app.mode, ComputerPlayMode), STEP, 30.0)
        play = _rolling(app)
        steps = len(s.match.history)
        key(app, pygame.K_ESCAPE)
        frame(app, n=2)
        assert [d.kind for d in app.dialogs] == ["pause"]  # type: ignore[attr-defined]
        at = play.playback.time
        frame(app, n=5)
        assert app.mode is play and play.playback.time == at
        key(app, pygame.K_ESCAPE)
        frame(app)
        key(app, pygame.K_0)
        run_until(app, lambda: len(s.match.history) > steps, limit=50)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_end_cards_game_line_says_the_innings_are_the_games(lang: str) -> None:
    """The end-of-match statistics' line of a game won in five innings (the
    winner's and the loser's visits together): it says who won and that the
    five are the game's, not "Anna, innings: 5" (read as the winner's)."""
    from tests.app.scripted_match import scripted_8ball
    from tests.app.test_stats57_figures import NAMES
    app = make_app(lang)
    try:
        app.session = Session(scripted_8ball(NAMES), app.locale)
        app.go("match")
        frame(app, n=2)
        concede_match(app)
        words = drawn_words(app, "side", folded=True)
        line = app.t("stats.game_innings", n=1, name=NAMES[0], innings=5)
        assert line in words, words
        won, in_game = {"en": ("won", "5 innings in the game"),
                        "ru": ("победа", "подходов в партии: 5")}[lang]
        assert won in line and in_game in line and line.startswith(f"1. {NAMES[0]}")
    finally:
        pygame.display.quit()
