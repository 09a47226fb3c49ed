"""A push shot (general rule 21: the tip stays on the cue ball) could not be
seen: the quiz's explanation sent the class to the strike's mark on the
timeline, which said only "the stroke, cue ball at 1.50 m/s". The strike's
mark says how long the tip was on the ball, every stroke alike (1 ms for a
clean hit, 20 ms for the push), so the class judges it before answering."""

from __future__ import annotations

import pygame
import pytest

from simulator.table.events import EventKind
from tests.app.helpers import (
    drawn_words,
    frame,
    key,
    make_app,
    open_gallery,
    quiz_on,
    quiz_ready,
)
from tests.app.scenes import LANGS


def _tip_words(app: object, ms: int) -> str:
    loc = app.locale  # type: ignore[attr-defined]
    return loc.t("timeline.stroke_tip", speed="", ms=loc.num(ms, 0)).split(", ")[-1]


@pytest.mark.parametrize("lang", LANGS)
def test_the_strike_mark_says_how_long_the_tip_stayed_on(lang: str) -> None:
    app = make_app(lang, (1280, 720))
    try:
        g = open_gallery(app, "gallery-push-shot")
        key(app, pygame.K_PERIOD)  # the first step: the strike
        frame(app)
        m = g.show.current_mark()
        assert m is not None and m.kind is EventKind.STROKE
        assert _tip_words(app, 20) in drawn_words(app, folded=True)
        clean = open_gallery(app, "gallery-scratch")
        key(app, pygame.K_PERIOD)
        frame(app)
        assert clean.show.current_mark().kind is EventKind.STROKE  # type: ignore[union-attr]
        words = drawn_words(app, folded=True)
        assert _tip_words(app, 1) in words and _tip_words(app, 20) not in words
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_quiz_shows_the_push_before_it_is_answered(lang: str) -> None:
    app = make_app(lang, (1280, 720))
    try:
        q = quiz_on(app, "8ball-push-shot")
        quiz_ready(app)
        assert q.phase == "asking"
        key(app, pygame.K_HOME)
        key(app, pygame.K_PERIOD)
        frame(app)
        assert _tip_words(app, 20) in drawn_words(app, folded=True)
    finally:
        pygame.display.quit()
