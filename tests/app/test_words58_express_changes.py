"""Express: why a score last moved stays said in the side column once its
ruling card has gone: "Anna −5: penalty for a foul (Express rule 2.6,
item 4)" under the card of the next decision and the next stroke, until
Anna's score moves again (Express 2.5, 2.6). Played at the window between
people: Anna's stroke touches no ball (a foul, −5), Boris decides to shoot
himself, then plays."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.text.words import ref_text
from tests.app.helpers import (
    drawn_words,
    frame,
    key,
    make_app,
    run_until,
    scenario_match,
    strike,
)

BALLS = {0: (0.8, 0.9), 5: (2.5, 0.3)}


def _words(text: str) -> str:
    return " ".join(text.split())


def _annas_foul_then_boris_aims(app):  # type: ignore[no-untyped-def]
    scenario_match(app, "express", BALLS, players=3)
    s = app.session
    s.aim = s.aim.turned(180 - s.aim.angle).with_power(0.3)  # away from the 5
    r = strike(app)
    assert [f.code.id for f in r.fouls] == ["express.foul.no_contact"]
    [c] = r.point_changes()
    assert (c.player, c.points, c.kind) == (0, -5, "penalty")
    frame(app, n=40)  # (the click guard: the decision waits to be read)
    assert app.dialogs, "Boris is asked to decide"
    key(app, pygame.K_1)  # Boris shoots himself (Express 2.6)
    run_until(app, lambda: not app.dialogs and app.mode is not None
              and app.mode.name == "aiming", limit=600)
    frame(app, n=3)
    return s, c


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_annas_penalty_stays_explained_after_its_card(lang: str) -> None:
    app = make_app(lang)
    try:
        s, c = _annas_foul_then_boris_aims(app)
        t = app.t
        rule = ref_text(app.locale, c.ref)
        said = _words(t("banner.points_penalty", name="Anna", pts="\u22125",
                        rule=rule))
        assert said == _words(s.point_change_words(c)) and "2.6" in said
        column = drawn_words(app, "side", folded=True)
        # The card on show is Boris's decision: it no longer says −5.
        assert "Anna \u22125" not in _words(" ".join(s.banner.lines))
        assert said in column, column
        # Boris plays the 5 to a cushion: Anna's −5 is still the last change
        # of her score (or the new one is said in its place).
        target = s.table.position(5)
        cue = s.table.position(0)
        s.aim = s.aim.turned(math.degrees(math.atan2(
            target[1] - cue[1], target[0] - cue[0])) - s.aim.angle).with_power(0.5)
        key(app, pygame.K_UP)  # (a real aim before Space)
        r = strike(app)
        frame(app, n=40)
        if app.dialogs:
            key(app, pygame.K_1)
        run_until(app, lambda: not app.dialogs and app.mode is not None
                  and app.mode.name == "aiming", limit=600)
        frame(app, n=3)
        column = drawn_words(app, "side", folded=True)
        card = _words(" ".join(s.banner.lines)) if s.banner is not None else ""
        if all(ch.player != 0 for ch in r.point_changes()):
            assert s.match.scores[0] == 25
            assert said in column, column
        for ch in s.kept_changes():
            assert _words(s.point_change_words(ch)) in column, (ch, column)
        # Nothing said twice: a change the card says is not repeated.
        for ch in r.point_changes():
            words = _words(s.point_change_words(ch))
            assert not (words in column and f"{s.name(ch.player)} " in card
                        and words in card)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_at_800x500_the_folded_card_leaves_the_change_said(lang: str) -> None:
    app = make_app(lang, (800, 500))
    try:
        _s, c = _annas_foul_then_boris_aims(app)
        key(app, pygame.K_h)  # fold the card
        frame(app, n=3)
        said = _words(app.t("banner.points_penalty", name="Anna", pts="\u22125",
                            rule=ref_text(app.locale, c.ref)))
        assert said in drawn_words(app, "side", folded=True)
    finally:
        pygame.display.quit()


def test_no_change_is_kept_in_other_games() -> None:
    """14.1's rulings give no reasons for points (its card says them)."""
    app = make_app("en")
    try:
        scenario_match(app, "14.1", BALLS)
        s = app.session
        s.aim = s.aim.turned(180 - s.aim.angle).with_power(0.3)
        r = strike(app)
        assert r.fouls  # (14.1: a point off for the foul, its card says so)
        assert s.kept_changes() == []
    finally:
        pygame.display.quit()
