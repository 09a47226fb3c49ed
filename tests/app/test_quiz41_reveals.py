"""Play-test: the referee quiz's first reveal, after "Was it a foul?",
said "Miss: the turn passes (general rule 4)", the answer to "Who shoots
next?" before it was asked; and a "No foul" said nothing of why the stroke
that looked like a foul was legal (the cue ball frozen to the 3 and the tip
on it again: general rule 20). Each reveal says what answers its own
question; a legal stroke's says what looked like a foul and the rule that
allows it. Driven by keys through the window's loop, read as drawn."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pygame
import pytest

from rules.codes import Note
from rules.express import ExpressNote
from simulator.app.loop.app import App
from simulator.app.screens.quiz import QuizMode, quiz_ids
from simulator.app.text.words import cite
from simulator.practice import library as library_files
from simulator.practice.quiz import TURN, fouled
from simulator.table.specs import TableKind, table_by_name
from tests.app.helpers import drawn_words, frame, key, make_app, quiz_on, quiz_ready
from tests.app.undrawn import press, unseen


def remembered_scans(monkeypatch: pytest.MonkeyPatch) -> None:
    """The practice library read once for a test that sweeps every situation:
    each situation opened read every scenario file again (the quiz's list,
    its place in it, its count), three quarters of such a test's time. A
    scan is kept for the same files unchanged (name, size, time written),
    so a file written meanwhile is read again."""
    real = library_files.scan
    kept: dict[tuple[tuple[str, int, int], ...], library_files.Library] = {}

    def scan(paths: Iterable[Path]) -> library_files.Library:
        paths = list(paths)
        stats = [p.stat() for p in paths]
        at = tuple((str(p), st.st_size, st.st_mtime_ns)
                   for p, st in zip(paths, stats, strict=True))
        if at not in kept:
            kept[at] = real(paths)
        return kept[at]
    monkeypatch.setattr(library_files, "scan", scan)


def answer_right(app: App, mode: QuizMode, lean: bool = False) -> str:
    """Press the number of the right answer (Enter after a ticked set) and
    return the words drawn for its reveal (each question's stroke seen to
    its last event first: its answers wait for it). ``lean``: only the
    frame after each key and the one whose words are read drawn."""
    quiz_ready(app)
    q = mode.question
    push = press if lean else key
    for a in sorted(q.correct):
        push(app, pygame.K_1 + q.choices.index(a))
    if q.multiple:
        push(app, pygame.K_RETURN)
    if lean:
        with unseen(app):
            frame(app)
        frame(app)
    else:
        frame(app, n=2)
    assert mode.phase == "answered" and mode.grades[-1].right
    return drawn_words(app)


def miss_words(app: App) -> str:
    """'Miss: the turn passes (general rule 4)' as the quiz cites it."""
    return cite(app.locale, Note.MISS, None, "8-ball")


@pytest.mark.parametrize("lang, rule", [("en", "general rule 20"),
                                        ("ru", "общие правила, п.\u00a020")])
def test_a_frozen_ball_shot_through_says_why_no_foul_and_the_turn_later(
        lang: str, rule: str) -> None:
    app = make_app(lang)
    try:
        mode = quiz_on(app, "8ball-frozen-shot-through")
        key(app, pygame.K_SPACE)  # skip the stroke
        assert mode.question.kind == "foul"
        text = answer_right(app, mode)  # "No foul"
        cleared = app.t("quiz.cleared_frozen_double", ball="3")
        assert f"{cleared} ({rule})" in text, text
        assert miss_words(app) not in text, text  # who shoots: not asked yet
        key(app, pygame.K_RETURN)
        frame(app)
        assert mode.question.kind == TURN
        text = answer_right(app, mode)  # the opponent, as the balls lie
        assert miss_words(app) in text, text
        assert cleared not in text  # said once, under its own question
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("sid, key_, code, rule", [
    ("8ball-frozen-cushion-legal", "frozen_rail", "3", ("general rule 31",
                                                        "общие правила, п.\u00a031")),
    ("8ball-kitchen-by-the-foot-rail", "kitchen_rail", "5",
     ("general rule 7", "общие правила, п.\u00a07")),
    ("9ball-jump-shot", "jump", "", ("general rule 22", "общие правила, п.\u00a022")),
    ("8ball-open-table-eight-first", "eight_first_open", "",
     ("8-ball rule 6", "«Восьмёрка», п.\u00a06")),
    # Its stroke hit the 10 outside the house first until the 10 was moved.
    ("express-house-off-the-cushion", "house_rail", "5",
     ("Express rule 2.6, item 6", "«Экспресс», п.\u00a02.6, подп.\u00a06")),
])
def test_a_legal_stroke_that_looks_like_a_foul_is_explained(
        lang: str, sid: str, key_: str, code: str, rule: tuple[str, str]) -> None:
    app = make_app(lang)
    try:
        mode = quiz_on(app, sid)
        key(app, pygame.K_SPACE)
        assert mode.question.kind == "foul" and not fouled(mode.ruling)
        text = answer_right(app, mode)
        words = app.t(f"quiz.cleared_{key_}", ball=code)
        cited = rule[0] if lang == "en" else rule[1]
        assert f"{words} ({cited})" in text, text
    finally:
        pygame.display.quit()


# What answers "Who shoots next, and from where?" and the incoming player's
# options: the turn passing or kept, a push-out handed back, the 8 on the break.
LATER = {TURN: (Note.MISS, Note.SCORED, Note.CONTINUES, Note.SAFETY,
                          ExpressNote.CONTINUES, ExpressNote.MISS),
         "options": (Note.PUSH_OUT, Note.EIGHT_ON_BREAK, ExpressNote.CHOICE)}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_reveal_answers_a_question_still_to_come(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every situation of the quiz, every question answered: without a
    foul, no note of the ruling that answers a later question is drawn
    before it, and "Was it a foul?" always gives a reason on a pool table;
    with or without, a "Why (the rule):" heading is followed by a reason,
    not only the situation's rule line (one sweep: it is the slow part)."""
    remembered_scans(monkeypatch)
    app = make_app(lang)
    try:
        because = app.t("quiz.because")
        checked, empty = 0, []
        for disc in ("8-ball", "9-ball", "14.1", "express"):
            for sid in quiz_ids(disc):
                mode = quiz_on(app, sid)
                clean = not mode.ruling.fouls  # no foul, no loss of the game
                pool = table_by_name(mode.sc.table).kind is TableKind.POOL
                press(app, pygame.K_SPACE)
                while mode.phase != "done":
                    q = mode.question
                    text = answer_right(app, mode, lean=True)
                    rows = [r.text for r in app.texts]
                    if because in rows and \
                            not rows[rows.index(because) + 1].startswith("•"):
                        empty.append((sid, q.kind))
                    later = {x.kind for x in mode.questions[mode.k + 1:]}
                    for n in mode.ruling.notes if clean else ():
                        words = cite(app.locale, n.code, n.ref, disc)
                        if any(n.code in LATER[k] for k in later & LATER.keys()):
                            assert words not in text, (sid, q.kind, text)
                    if clean and q.kind == "foul" and pool:
                        assert "•" in text, (sid, text)
                    press(app, pygame.K_RETURN)
                    with unseen(app):
                        frame(app)
                checked += 1
        assert checked >= 40 and not empty, empty
    finally:
        pygame.display.quit()
