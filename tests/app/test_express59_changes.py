"""Express: a score's change is written with one sign everywhere, the
minus sign ("−5"): the fouls' own words said "-5" with a hyphen (the call
a foul list, a ruling card citing them) where the side column said
"Anna −5". And why a score last moved stays said in the side column on
every screen of play until it moves again (Express 2.5, 2.6): it showed
only while aiming, not while the next player placed the cue ball in the
house nor while the computer thought and played. Played at the window:
Anna calls a foul of hers (a ball touched, Express 2.6 item 2, −5)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.text.words import ref_text
from tests.app.helpers import (
    drawn_words,
    frame,
    key,
    make_app,
    run_until,
    three_in_express,
)

HYPHEN_MINUS = re.compile(r"(?<![\w.])-\d")  # "-5", not "13-15" nor "2.6-1"


def _words(text: str) -> str:
    return " ".join(text.split())


def _annas_called_foul(app: App) -> tuple[str, list[str]]:
    """Anna, in hand in the house before the break, calls a ball touched
    on herself (F, its first foul): the words of her −5 kept, and the
    labels of the fouls offered."""
    s = app.session
    assert s is not None
    frame(app, n=30)  # (the click guard)
    key(app, pygame.K_f)
    frame(app, n=3)
    labels = [b.label for b in app.dialogs[-1].buttons]
    key(app, pygame.K_1)
    frame(app, n=30)
    [c] = [c for r in s.match.rulings if r is not None for c in r.point_changes()]
    assert (c.player, c.points, c.kind) == (0, -5, "penalty")
    assert c.ref.rule == "2.6.2"
    return _words(app.t("banner.points_penalty", name="Anna", pts="\u22125",
                        rule=ref_text(app.locale, c.ref))), labels


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_card_and_the_column_write_one_minus(lang: str) -> None:
    app = make_app(lang, (800, 500))
    try:
        s = three_in_express(app)
        _said, labels = _annas_called_foul(app)
        assert any("\u22125" in b for b in labels), labels
        assert not any(HYPHEN_MINUS.search(b) for b in labels), labels
        assert s.banner is not None
        card = _words(" ".join(s.banner.lines))
        assert "Anna \u22125" in card, card
        column = drawn_words(app, "side", folded=True)
        for text in (card, column):
            assert not HYPHEN_MINUS.search(text), text
    finally:
        pygame.display.quit()


def test_no_locale_text_writes_a_hyphen_for_minus() -> None:
    """Every point loss in the interface's words, both languages."""
    root = Path(__file__).resolve().parents[2] / "assets" / "locale"

    def strings(v: object) -> list[str]:
        if isinstance(v, dict):
            return [s for x in v.values() for s in strings(x)]
        return [v] if isinstance(v, str) else []

    bad = [(p.name, s) for p in sorted(root.glob("*/*.json"))
           for s in strings(json.loads(p.read_text(encoding="utf-8")))
           if HYPHEN_MINUS.search(s)]
    assert not bad, bad[:5]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_change_stays_said_while_the_cue_ball_is_placed(lang: str) -> None:
    app = make_app(lang, (1280, 720))
    try:
        s = three_in_express(app)
        said, _labels = _annas_called_foul(app)
        key(app, pygame.K_1)  # Boris shoots himself (Express 2.6)
        frame(app, n=10)
        assert not app.dialogs
        assert app.mode is not None and app.mode.name == "placing"
        card = _words(" ".join(s.banner.lines)) if s.banner is not None else ""
        assert "Anna \u22125" not in card, card
        assert said in drawn_words(app, "side", folded=True)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_change_stays_said_while_the_computer_plays(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from simulator.app.match import computer
    from simulator.app.match.session import Session
    from simulator.app.match.turns import next_step

    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, (1280, 720))
    try:
        app.session = s = Session.new(["Anna", "cpu:club:Boris", "Vera"], "express",
                                      {}, app.locale, seed=5)
        next_step(app)
        frame(app)
        said, _labels = _annas_called_foul(app)
        seen: set[str] = set()

        def computer_screen() -> bool:
            mode = app.mode
            card = _words(" ".join(s.banner.lines)) if s.banner is not None else ""
            if mode is not None and mode.name.startswith("computer") \
                    and not app.dialogs and "Anna \u22125" not in card:
                seen.add(mode.name)  # (its card gone: the column says it)
                assert said in drawn_words(app, "side", folded=True), mode.name
            elif mode is not None and mode.name == "computer" and not seen:
                key(app, pygame.K_SPACE)  # Anna's ruling read: Continue
            return "computer_playing" in seen

        run_until(app, computer_screen, limit=3000)
        assert len(seen) >= 2, seen
    finally:
        pygame.display.quit()
