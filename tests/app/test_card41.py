"""The ruling card (play-test 31): a computer's choice is listed without
numbers (its turn's 1-4 are the watching speeds) and a person's numbers
choose; a card folded by hand leaves the next step's card open."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.text.words import chosen_label
from tests.app.helpers import (
    drawn_words,
    frame,
    key,
    make_app,
    read_ruling,
    run_until,
    scenario_match,
    strike,
)
from tests.app.test_playfix17a_called import express_with_gordon
from tests.app.test_words40 import express_anna_fouls_gordon_chooses, flat

LANGS = ["ru", "en"]
SIZES = [(1280, 720), (800, 500)]
SIZE_IDS = ("1280x720", "800x500")


# -- 1. whose numbers: a computer's options unnumbered, a person's keys --------

@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_computers_options_have_no_numbers_and_2_is_a_speed(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    """SEED-E 2.6: Anna's stroke touches no ball and Gordon (a computer)
    chooses. The card said «1 — бьёт Gordon / 2 — снова бьёт нарушитель»
    while 1-4 were the watching speeds: a play-tester pressed 2 to choose
    and got 2x. The options are listed unnumbered under «Gordon
    выбирает…»; 2 sets the speed only; Space, and the card says what he
    chose."""
    monkeypatch.setattr("simulator.app.match.computer.THINK_SLICE", 0.0)
    app = make_app(lang, size)
    try:
        s = express_anna_fouls_gordon_chooses(app)
        r = s.last_ruling
        assert r is not None and r.fouls and r.chooser == 1
        labels = [chosen_label(s.locale, c, s.name(1)) for c in r.options]
        words = flat(drawn_words(app, "side"))
        assert flat(app.t("banner.chooses", name=s.name(1))) in words, words
        for label in labels:
            assert flat(f"• {label}") in words, (label, words)
        for k in (1, 2):
            assert f"{k} — " not in words, words
        steps = len(s.match.history)
        key(app, pygame.K_2)
        frame(app, n=3)
        assert s.watch == "2"  # the speed, as its button says
        assert len(s.match.history) == steps  # and no choice
        frame(app, n=30)  # (read: a Space at once is the shot's, SETTLE_SECONDS)
        key(app, pygame.K_SPACE)  # Anna has read her foul: Gordon chooses
        run_until(app, lambda: s.match.history[-1].get("type") == "choice",
                  limit=3000)
        frame(app, n=3)
        assert s.banner is not None
        # (what he chose, his name said once: "Gordon chooses: the offender
        # shoots again", or "Gordon shoots" where the choice names him)
        chose = {"ru": f"{s.name(1)} выбирает: ", "en": f"{s.name(1)} chooses: "}[lang]
        title = s.banner.title
        assert title.count(s.name(1)) == 1, title
        said = [flat(chosen_label(s.locale, c, s.name(1))).lower() for c in r.options]
        assert any(flat(title).lower().startswith((w, flat(chose + w).lower()))
                   for w in said), (title, said)  # (then the rule: Express 2.6)
        assert flat(title) in flat(drawn_words(app, "side"))
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_a_persons_choice_is_made_by_its_number_and_leaves_the_speed(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    """SEED-E 2.6: Gordon's stroke touches no ball and Anna chooses: her
    options are numbered on the choice's buttons, 2 makes the second (the
    offender shoots again) and the watching speed stays as it was."""
    from rules.ruling import Choice
    app = make_app(lang, size)
    try:
        s = express_with_gordon(monkeypatch, app)
        run_until(app, lambda: bool(s.match.history) and bool(app.dialogs),
                  limit=3000)
        frame(app, n=3)
        r = s.last_ruling
        assert r is not None and r.chooser == 0
        assert list(r.options) == [Choice.SHOOT, Choice.FORCE_OFFENDER]
        frame(app, n=30)  # (read: no number chooses for ui.FRESH at first)
        key(app, pygame.K_2)
        frame(app, n=3)
        assert s.match.history[-1].get("type") == "choice"
        assert s.match.history[-1].get("choice") == Choice.FORCE_OFFENDER.value
        assert s.watch == "skip"
    finally:
        pygame.display.quit()


def test_a_replays_card_lists_a_persons_options_without_numbers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """In a replay 1-3 are its speeds: Gordon's foul replayed, its card
    lists the options it gave Anna (SEED-E 2.6) unnumbered."""
    app = make_app("ru")
    try:
        s = express_with_gordon(monkeypatch, app)
        run_until(app, lambda: bool(s.match.history) and bool(app.dialogs),
                  limit=3000)
        r = s.last_ruling
        assert r is not None and r.chooser == 0
        app.go("replay")
        frame(app, n=3)
        words = flat(drawn_words(app, "side"))
        label = chosen_label(s.locale, r.options[0], s.name(0))
        assert flat(f"• {label}") in words, words
        assert "1 — " not in words, words
    finally:
        pygame.display.quit()


# -- 2. a fold is the card's own: the next step's card opens -------------------

def crawl_away(app: App) -> Any:
    """Space on a stroke away from every ball at a crawl (it touches
    none: a foul); the referee's ruling."""
    from simulator.app.table.aim import Aim
    assert app.session is not None
    app.session.aim = Aim(3.14159, 0.05)
    app.mode.key_lock = pygame.mouse.get_pos()  # type: ignore[union-attr]
    return strike(app)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_a_card_folded_by_hand_leaves_the_next_shots_card_open(
        lang: str, size: tuple[int, int]) -> None:
    """Anna's foul's card folded (H) to its heading stayed folded over
    Boris's foul after it, which went unread: the fold is that card's. A
    new step's card opens, its lines on show."""
    app = make_app(lang, size)
    try:
        scenario_match(app, "8-ball", {0: (0.6, 0.6), 1: (2.0, 0.6), 8: (2.2, 0.3)})
        s = app.session
        assert s is not None
        first = crawl_away(app)
        assert first.fouls and first.shooter == 0
        frame(app, n=3)
        key(app, pygame.K_h)  # Anna folds her foul's card
        frame(app, n=3)
        assert s.banner_folded
        read_ruling(app)  # Boris reads it (folded) before his turn
        if app.mode is not None and app.mode.name == "placing":
            key(app, pygame.K_RETURN)  # Boris puts the cue ball down
        frame(app, n=3)
        second = crawl_away(app)
        assert second.fouls and second.shooter == 1
        frame(app, n=3)
        assert s.banner is not None and not s.banner_folded
        words = flat(drawn_words(app, "side"))
        assert flat(s.banner.title) in words
        assert flat(s.banner.lines[0])[:30] in words, (s.banner.lines, words)
        key(app, pygame.K_h)  # folded again: that card's own fold
        frame(app, n=3)
        assert s.banner_folded
        assert flat(s.banner.lines[0])[:30] not in flat(drawn_words(app, "side"))
    finally:
        pygame.display.quit()
