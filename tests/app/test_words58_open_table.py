"""8-ball, the table open, as the card says it: "The table is open (8-ball
rule 6)" after the break (with a hint taken too) as after a miss; the break
had said rule 7 for the same words."""

from __future__ import annotations

import pygame
import pytest

from rules.codes import Note
from simulator.app.text.words import cite
from tests.app.helpers import (
    drawn_words,
    frame,
    key,
    make_app,
    run_until,
    strike,
    to_the_break,
)
from tests.app.test_playfix14e import OPEN_TABLE, _open_table_ruling

LANGS = ["en", "ru"]


def _open_notes(r):  # type: ignore[no-untyped-def]
    return [(n.code, n.ref.section, n.ref.rule) for n in r.notes
            if "open" in n.code.id and n.code is not Note.EIGHT_FIRST_OPEN]


def _seventh(app) -> str:  # type: ignore[no-untyped-def]
    """The open table's words with rule 7 (as the break had them)."""
    from rules.codes import SeedRef
    ref = SeedRef(Note.OPEN_TABLE.ref.file, "8-ball", "7")
    return " ".join(cite(app.locale, Note.OPEN_TABLE, ref, "8-ball").split())


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("lang", LANGS)
def test_after_the_break_the_open_table_is_8_ball_rule_6(
        lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    monkeypatch.setattr(computer, "HINT_STRENGTH", "beginner")
    app = make_app(lang, size)
    try:
        s = to_the_break(app, ["Anna", "Boris"], "8-ball", {}, seed=5)
        frame(app)
        s.aim = s.aim.with_power(0.9)
        r = strike(app)
        assert not r.fouls and r.groups == (None, None)
        assert _open_notes(r) == [(Note.OPEN_TABLE, "8-ball", "6")]
        frame(app, n=3)
        rule6 = " ".join(OPEN_TABLE[lang].split())
        words = drawn_words(app, folded=True)
        assert rule6 in words and _seventh(app) not in words, words
        # The hint comes under the card: the same words, the same rule.
        key(app, pygame.K_i)
        run_until(app, lambda: s.hint is not None, limit=6000)
        frame(app, n=3)
        words = drawn_words(app, folded=True)
        assert rule6 in words and _seventh(app) not in words, words
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_after_a_miss_the_open_table_is_8_ball_rule_6_too(lang: str) -> None:
    app = make_app(lang)
    try:
        s = _open_table_ruling(app)
        r = s.last_ruling
        assert r is not None and not r.fouls
        assert _open_notes(r) == [(Note.OPEN_TABLE, "8-ball", "6")]
        frame(app, n=3)
        words = drawn_words(app, folded=True)
        assert " ".join(OPEN_TABLE[lang].split()) in words, words
    finally:
        pygame.display.quit()
