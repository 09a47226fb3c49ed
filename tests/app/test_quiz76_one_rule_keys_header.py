"""The referee quiz as a class played it in a window:

1. one foul, two rule numbers: the option of "Which rule was broken?" said
   the foul's general rule ("no ball reached a cushion — general rule 17")
   while the answer card and the situation's line said 8-ball rule 8 for
   the same call (8-ball 8: the legal shot). Every option now cites the
   rule the game's referee names for that foul on such a stroke: the right
   one the ruling's own, as the card and the line do;
2. Space did not go on from a situation's explanation (only Enter): both
   keys go on, and the button names both;
3. two options both right in one question ("Foul: object ball off the
   table" and "Loss: the 8 off the table"): such a question says "choose
   all that apply" and takes the set;
4. at 800x500 the board's heading was cut ("...scoreboard before the
   ruli…"): it is said in shorter words where the full ones do not fit."""

from __future__ import annotations

import re

import pygame
import pytest

from rules.codes import SeedRef
from simulator.app.loop.app import App
from simulator.app.screens import quiz as quiz_screen
from simulator.app.screens.quiz import QuizMode, answer_label
from simulator.app.text.words import cited_rule, ref_text
from simulator.practice.quiz import NONE
from tests.app.helpers import (
    answer,
    answer_until_done,
    button_labels,
    drawn_words,
    fold,
    frame,
    key,
    make_app,
    quiz_at,
    quiz_on,
    quiz_ready,
    quiz_situations,
)
from tests.app.scenes import LANGS, SIZES


def bracket(label: str) -> str:
    """The rule an option says, in its last brackets."""
    m = re.search(r"\(([^()]*)\)$", label)
    return m.group(1) if m else ""


def parts(ref: SeedRef | None) -> list[SeedRef]:
    out = []
    while ref is not None:
        out.append(SeedRef(ref.file, ref.section, ref.rule))
        ref = ref.beside
    return out


# -- 1. one rule per foul ------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_right_option_cites_the_rule_of_the_card_and_the_line(lang: str) -> None:
    """Every situation's "Which rule?": the rule on each right option is the
    one the answer card cites for that foul (the ruling's), and the
    situation's "This situation shows: ..." line names it."""
    app = make_app(lang, (1280, 720))
    loc = app.locale
    try:
        bad = []
        asked = 0
        for sid in quiz_situations():
            mode = QuizMode(app, [sid], 0)
            d = mode.sc.discipline
            line = fold(mode.shows_line())
            for q in mode.questions:
                if q.kind != "rule":
                    continue
                for a in sorted(q.correct - {NONE}):
                    asked += 1
                    foul = next(f for f in mode.ruling.fouls if f.code.id == a)
                    said = bracket(answer_label(app, q, a, (), d, quiz=mode))
                    card = cited_rule(loc, foul.code, foul.ref, d)
                    if said != card:
                        bad.append((sid, a, said, card))
                    for r in parts(foul.ref):
                        if fold(ref_text(loc, r)) not in line:
                            bad.append((sid, a, ref_text(loc, r), line))
        assert asked > 30 and not bad, bad
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_no_rail_in_8_ball_is_rule_8_on_the_button_the_card_and_the_line(
        lang: str) -> None:
    """8-ball 8: no ball to a cushion after the contact. The button said
    general rule 17; it says 8-ball rule 8, as the answer card and the
    situation's line do; the other options cite their rules as the 8-ball
    referee names them in play (the wrong ball first: 8 too)."""
    app = make_app(lang, (1280, 720))
    try:
        mode = quiz_at(app, "8ball-no-rail", "rule", settle=1)
        eight = app.t("ref.8-ball", rule="8")
        labels = button_labels(app)
        no_rail = answer_label(app, mode.question, "foul.no_rail", ())
        assert no_rail in labels and no_rail.endswith(f"({eight})"), labels
        assert app.t("ref.general", rule="17") not in " ".join(labels)
        bad_hit = answer_label(app, mode.question, "foul.bad_hit", ())
        assert bad_hit.endswith(f"({eight})"), bad_hit
        answer(app, mode)
        frame(app)
        side = drawn_words(app, "side", folded=True)
        assert fold(eight) in side and fold(app.t("ref.general", rule="17")) \
            not in side, side
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_scratch_on_the_break_is_rule_5_on_its_option(lang: str) -> None:
    """8-ball 5: a scratch on the break. Its option said general rule 18
    under a card of 8-ball 5; both say 5."""
    app = make_app(lang, (1280, 720))
    try:
        mode = quiz_at(app, "8ball-break-scratch", "rule", settle=1)
        scratch = answer_label(app, mode.question, "foul.scratch", ())
        assert scratch in button_labels(app)
        assert scratch.endswith(f"({app.t('ref.8-ball', rule='5')})"), scratch
    finally:
        pygame.display.quit()


# -- 2. Space goes on from the explanation ----------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_space_goes_on_from_the_explanation(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """After a situation's last answer, its explanation: Space goes to the
    next situation as Enter does, the button names both keys; on the last
    situation Space goes to the result."""
    ids = ["8ball-no-rail", "8ball-eight-early"]
    monkeypatch.setattr(quiz_screen, "quiz_ids", lambda discipline: list(ids))
    app = make_app(lang, (1280, 720))
    try:
        app.switch(quiz_screen.start_quiz(app, "8-ball"))
        frame(app)
        mode = answer_until_done(app)
        assert mode.phase == "done"
        keys = [b.key for b in mode.side_btns if b.primary]
        assert keys == [app.t("quiz.key_next")], keys
        assert app.t("quiz.key_next") in mode.hint()
        first = mode.sc.id
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        nxt = app.mode
        assert isinstance(nxt, QuizMode) and nxt.sc.id != first
        answer_until_done(app)
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        assert nxt.phase == "over"
    finally:
        pygame.display.quit()


# -- 3. one right option, or "choose all that apply" -------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_at_most_one_option_is_right_unless_the_question_says_all(lang: str) -> None:
    """Every question of every situation: one right option, or a question
    whose words say to choose all that apply and which takes the set."""
    app = make_app(lang, (1280, 720))
    try:
        bad = []
        several = 0
        for sid in quiz_situations():
            mode = QuizMode(app, [sid], 0)
            for q in mode.questions:
                if q.kind == "options" or len(q.correct) <= 1:
                    continue
                several += 1
                says = app.t(q.key)
                if not q.multiple or not re.search(
                        r"all that apply|все подходящие", says):
                    bad.append((sid, q.kind, says))
        assert several >= 3 and not bad, bad
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_8_off_the_table_takes_both_rules(lang: str) -> None:
    """8-ball 13 and general 23: the 8 off the table. One of the two ticked
    is not the answer; both ticked, then Enter, are."""
    app = make_app(lang, (1280, 720))
    try:
        mode = quiz_at(app, "8ball-eight-off-table", "rule", settle=1)
        q = mode.question
        assert q.correct == {"foul.ball_off_table", "loss.eight_off_table"}
        assert q.multiple and q.key == "quiz.rule_all"
        key(app, pygame.K_1 + q.choices.index("loss.eight_off_table"))
        frame(app)
        assert mode.phase == "asking"  # a tick, not an answer
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        assert mode.phase == "answered" and not mode.grades[-1].right
    finally:
        pygame.display.quit()
    app = make_app(lang, (1280, 720))
    try:
        mode = quiz_at(app, "8ball-eight-off-table", "rule", settle=1)
        answer(app, mode)
        assert mode.grades[-1].right
    finally:
        pygame.display.quit()


# -- 4. the board's heading whole ------------------------------------------------

HEADED = ("8ball-no-rail", "9ball-third-foul-after-warning", "straight-third-foul",
          "express-no-contact", "express-last-two")


def cut_top(app: App) -> list[str]:
    """The board's centre lines drawn cut (the cards' details are the
    game's)."""
    mode = app.mode
    assert isinstance(mode, QuizMode)
    centre = mode.header()[1]
    return [t.text for t in app.texts if app.layout.top.colliderect(t.rect)
            and t.text in centre and t.shown != t.text]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_every_board_heading_is_drawn_whole(lang: str, size: tuple[int, int]) -> None:
    """Two, three and more players, a game won: every heading the quiz
    shows (before the stroke, as it plays, after it, on the answer card,
    the explanation, its replay) is drawn whole."""
    app = make_app(lang, size)
    try:
        cut = []
        for sid in HEADED:
            mode = quiz_on(app, sid, frames=2)
            cut += cut_top(app)
            quiz_ready(app)
            frame(app)
            cut += cut_top(app)
            answer(app, mode)
            frame(app)
            cut += cut_top(app)
            answer_until_done(app)
            cut += cut_top(app)
            key(app, pygame.K_r)
            frame(app, n=3)
            cut += cut_top(app)
        assert not cut, cut
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_headings_of_every_situation_fit_at_800x500(lang: str) -> None:
    """Every situation's board, as the questions open and after the
    ruling: its heading fits the board's centre (said in the words drawn)."""
    from simulator.app.table import scoreboard
    app = make_app(lang, (800, 500))
    try:
        bad = []
        for sid in quiz_situations():
            mode = QuizMode(app, [sid], 0)
            for phase in ("asking", "done"):
                mode.phase = phase
                cards, centre = mode.header()
                if not scoreboard.centre_fits(app.layout.top, len(cards), 1, centre[1]):
                    bad.append((sid, phase, centre[1]))
        assert not bad, bad
    finally:
        pygame.display.quit()
