"""The referee quiz in a class (Russian, 1280x720):

1. an answer cited another rule than the one the situation said it shows
   (general rule 17 under "shows 8-ball rule 5"): the situation's line now
   names every rule its answers cite ("Some answers also rest on: ...");
2. two options of one question read the same («Перерасстановка, разбиваю
   я» and «Перерасставить и разбить заново», one act under two clauses of
   8-ball rule 5): each option says who racks and breaks, and of the two
   clauses only the one the ruling gives is offered;
3. the short set said 10 situations and held 22 questions: the length
   choice says both, and every page counts the questions over the set;
4. the sitting's end kept the last situation's board: it has its own header;
5. "the board before the stroke" stood over the balls after it: the header
   says which position the table shows."""

from __future__ import annotations

import itertools
import re

import pygame
import pytest

from rules.ruling import Choice
from simulator.app.loop.app import App
from simulator.app.screens import quiz as quiz_screen
from simulator.app.screens.practice.practice_screen import table_positions
from simulator.app.screens.quiz import QuizMode, answer_label, question_count
from simulator.practice.quiz import grade
from tests.app.helpers import (
    answer,
    answer_until_done,
    button_labels,
    click_button,
    drawn_lines,
    drawn_words,
    fold,
    frame,
    key,
    make_app,
    quiz_on,
    quiz_ready,
    quiz_situations,
)
from tests.app.scenes import LANGS

# -- 1. every rule an answer cites is named by the situation's line -----------

def rule_pattern(app: App) -> re.Pattern[str]:
    """A rule cited in words, in any game's form ('general rule 17',
    '«Восьмёрка», п. 5', 'Express rule 2.6, item 4')."""
    forms = []
    for game in ("general", "8-ball", "9-ball", "14.1", "express_item", "express",
                 "pyramid"):
        text = app.t(f"ref.{game}", rule="\x00", item="\x01")
        forms.append(re.escape(text).replace("\x00", r"\d+(?:\.\d+)*")
                     .replace("\x01", r"\d+"))
    return re.compile("|".join(forms))


def shows_prefixes(app: App) -> tuple[str, ...]:
    return (app.t("practice.seed_rule", rule="").strip(),
            app.t("quiz.answers_cite", rules="").strip())


def unnamed_rules(app: App, page: str) -> list[str]:
    """The rules the page cites above its situation's line that the line
    does not name ('rule 5' is not named by 'rule 5.1')."""
    pattern = rule_pattern(app)
    at = min((page.find(p) for p in shows_prefixes(app) if p in page), default=-1)
    above, line = (page, "") if at < 0 else (page[:at], page[at:].split("\n")[0])
    named = set(pattern.findall(line))
    return [r for r in pattern.findall(above) if r not in named]


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_an_answer_cites_is_named_by_the_situation(lang: str) -> None:
    """Every situation that asks questions, every question answered: the
    rules its answer page cites are named on that page's "This situation
    shows" line (8-ball 5 answered by general rule 17 named 5 alone)."""
    app = make_app(lang, (1280, 720))
    try:
        bad = []
        for sid in quiz_situations():
            mode = QuizMode(app, [sid], 0)
            for i, q in enumerate(mode.questions):
                given = sorted(q.correct) if q.multiple else min(q.correct)
                page = mode.feedback(grade(q, given, mode.ruling), at=i)
                missing = unnamed_rules(app, page)
                if missing:
                    bad.append((sid, q.kind, missing))
        assert not bad, bad
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_stroke_without_a_foul_names_rule_17_beside_its_own(lang: str) -> None:
    """8-ball rule 5, the 8 down on the break with no foul: "Was it a
    foul?" is answered by general rule 17 (no foul: the turn goes on), and
    the situation's line says so beside 8-ball 5, in the window as the
    class reads it and on the explanation after the last answer."""
    app = make_app(lang, (1280, 720))
    try:
        mode = quiz_on(app, "8ball-eight-on-break")
        quiz_ready(app)
        frame(app)
        assert mode.question.kind == "foul"
        answer(app, mode)
        frame(app)
        side = drawn_words(app, "side", folded=True)
        general = fold(app.t("ref.general", rule="17"))
        own = fold(app.t("ref.8-ball", rule="5"))
        assert general in side
        line = fold(app.t("quiz.shows_also",
                          shows=app.t("practice.seed_rule", rule=own), rules=""))
        assert line in side, side
        assert general in side.split(line)[1], side
        answer_until_done(app)
        done = drawn_words(app, "side", folded=True)
        assert line in done and general in done.split(line)[1], done
    finally:
        pygame.display.quit()


# -- 2. options distinct in meaning -------------------------------------------

STOP = frozenset([
    "a", "an", "the", "and", "or", "of", "to", "in", "on", "at", "by", "as", "is",
    "it", "its", "from", "with", "for", "be", "и", "или", "в", "во", "на", "из",
    "с", "со", "к", "по", "от", "до", "за", "а", "же", "то", "это", "как"])
# Words that turn a meaning round: "Yes, a foul" / "No foul" is no repeat.
POLAR = frozenset(["yes", "no", "not", "да", "нет", "не"])


def content(label: str) -> set[str]:
    """A label's content words, each cut to its stem (5 letters), "ё" as
    "е", "re-rack" one word: «Перерасставить» and «Перерасстановка» alike."""
    text = label.lower().replace("ё", "е").replace("re-rack", "rerack")
    return {w[:5] for w in re.findall(r"[a-zа-я0-9]+", text) if w not in STOP}


def near_duplicates(a: str, b: str) -> bool:
    """The same content words, or one word swapped for another («разбиваю
    я» / «разбить заново»; "break myself" / "break again"), not for its
    opposite ("yes" / "no"). A word added narrows a meaning ("house" /
    "temporary house"), not repeats it."""
    x, y = content(a), content(b)
    swapped = x ^ y
    return x == y or (len(x - y) == 1 and len(y - x) == 1
                      and not swapped & POLAR)


def test_the_old_rerack_labels_count_as_near_duplicates() -> None:
    assert near_duplicates("Перерасстановка, разбиваю я",
                           "Перерасставить и разбить заново")
    assert near_duplicates("Re-rack and break myself", "Re-rack and break again")
    assert not near_duplicates("Next player, ball in hand in the house",
                               "Next player, ball in hand in the temporary house")


@pytest.mark.parametrize("lang", LANGS)
def test_no_two_options_of_a_question_read_the_same(lang: str) -> None:
    """Every question of every situation: no two of its answers are near
    duplicates, in either language."""
    app = make_app(lang, (1280, 720))
    try:
        bad = []
        for sid in quiz_situations():
            mode = QuizMode(app, [sid], 0)
            names = mode.session.names if mode.session is not None else ()
            for q in mode.questions:
                labels = [answer_label(app, q, a, names) for a in q.choices]
                bad += [(sid, q.kind, a, b)
                        for a, b in itertools.combinations(labels, 2)
                        if near_duplicates(a, b)]
        assert not bad, bad
    finally:
        pygame.display.quit()


def options_question(app: App, sid: str) -> QuizMode:
    """The situation's questions answered up to the options, on screen."""
    mode = quiz_on(app, sid)
    while not (mode.phase == "asking" and mode.question.kind == "options"):
        if mode.phase == "asking":
            quiz_ready(app)
            frame(app)
            answer(app, mode)
        else:
            key(app, pygame.K_RETURN)
            frame(app, n=2)
    quiz_ready(app)
    frame(app)
    return mode


@pytest.mark.parametrize("lang", LANGS)
def test_the_illegal_break_options_say_who_breaks(lang: str) -> None:
    """8-ball rule 5 (seed 000_a841db6d9a298577.txt, "Восьмёрка", п. 5):
    after an illegal break the incoming player accepts the table, or has the
    balls racked again and breaks or gives the break to the offender. The
    buttons say who breaks; "break again" (the rule's clause for the 8
    down on the break, the same act) is not offered beside them; the three
    are the referee's answer."""
    app = make_app(lang, (1280, 720))
    try:
        mode = options_question(app, "8ball-break-illegal")
        q = mode.question
        assert q.correct == {Choice.ACCEPT_TABLE.value, Choice.RERACK_BREAK.value,
                             Choice.RERACK_OFFENDER_BREAKS.value}
        assert Choice.RE_BREAK.value not in q.choices
        labels = [answer_label(app, q, a, ()) for a in q.choices]
        shown = button_labels(app)
        assert all(label in shown for label in labels)
        assert not [(a, b) for a, b in itertools.combinations(labels, 2)
                    if near_duplicates(a, b)]
        answer(app, mode)
        assert mode.grades[-1].right
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_eight_on_the_break_offers_break_again_alone(lang: str) -> None:
    """8-ball rule 5: the 8 down on a legal break, the breaker breaks again
    or has the 8 spotted and plays on; "re-rack and break yourself" (the
    illegal break's clause, the same act) is not offered beside it."""
    app = make_app(lang, (1280, 720))
    try:
        mode = options_question(app, "8ball-eight-on-break")
        q = mode.question
        assert q.correct == {Choice.RE_BREAK.value, Choice.SPOT_EIGHT.value}
        assert Choice.RERACK_BREAK.value not in q.choices
        answer(app, mode)
        assert mode.grades[-1].right
    finally:
        pygame.display.quit()


# -- 3. the questions counted over the sitting ----------------------------------

def open_from_list(app: App) -> QuizMode:
    app.go("practice")
    frame(app, n=2)
    click_button(app, app.t("practice.quiz"))
    frame(app, n=2)
    mode = app.mode
    assert isinstance(mode, QuizMode) and mode.phase == "length"
    return mode


@pytest.mark.parametrize("lang", LANGS)
def test_the_length_choice_and_every_page_count_the_questions(lang: str) -> None:
    """The length buttons say situations and questions; each question page,
    answer page and explanation says "question k of N" over the set."""
    app = make_app(lang, (1280, 720))
    t = app.t
    try:
        mode = open_from_list(app)
        every = list(mode.ids)
        short = (every[mode.index:] + every[:mode.index])[:quiz_screen.SHORT_SITTING]
        n_short = sum(question_count(i) for i in short)
        n_all = sum(question_count(i) for i in every)
        assert n_short > quiz_screen.SHORT_SITTING
        labels = button_labels(app)
        assert t("quiz.length_short", n=quiz_screen.SHORT_SITTING, q=n_short) in labels
        assert t("quiz.length_all", n=len(every), q=n_all) in labels
        key(app, pygame.K_1)
        frame(app, n=2)
        assert mode.phase == "asking" and mode.ids == short
        first = len(mode.questions)
        quiz_ready(app)
        frame(app)
        assert t("quiz.progress_sitting", k=1, n=n_short) in \
            drawn_words(app, "side", folded=True)
        answer(app, mode)
        frame(app)
        assert t("quiz.progress_sitting", k=1, n=n_short) in \
            drawn_words(app, "side", folded=True)
        answer_until_done(app)
        assert t("quiz.progress_sitting", k=first, n=n_short) in \
            drawn_words(app, "side", folded=True)
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        second = app.mode
        assert isinstance(second, QuizMode) and second.sc.id == short[1]
        frame(app)
        side = drawn_words(app, "side", folded=True)
        assert t("quiz.progress_sitting", k=first + 1, n=n_short) in side
        assert t("quiz.situation_of", n=2, of=len(short)) in side
    finally:
        pygame.display.quit()


# -- 4. the sitting's end has its own header ------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_sitting_end_has_its_own_header(lang: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The result's header says the quiz is over and its score, not the last
    situation's board ("Game over: Player 2 wins", the players' cards)."""
    ids = ["8ball-eight-early"]
    monkeypatch.setattr(quiz_screen, "quiz_ids", lambda discipline: list(ids))
    app = make_app(lang, (1280, 720))
    t = app.t
    try:
        app.switch(quiz_screen.start_quiz(app, "8-ball"))
        frame(app)
        mode = app.mode
        assert isinstance(mode, QuizMode)
        answer_until_done(app)
        before = drawn_lines(app, "top")
        names = mode.session.names if mode.session is not None else ()
        assert any(n in before for n in names), before
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        assert mode.phase == "over"
        top = drawn_lines(app, "top")
        assert f"{t('quiz.over_title')} · {mode.score_line()}" in top, top
        assert not any(n in top for n in names), top
        over = t("quiz.board_game_over").split(":")[0]
        assert not any(over in line for line in top), top
    finally:
        pygame.display.quit()


# -- 5. the header says which position the table shows --------------------------

def shown(mode: QuizMode) -> dict[int, tuple[float, float]]:
    return {b: (round(p[0], 4), round(p[1], 4))
            for b, p in mode.ball_positions().items()}


def at(state: object) -> dict[int, tuple[float, float]]:
    return {b: (round(p[0], 4), round(p[1], 4))
            for b, p in table_positions(state).items()}  # type: ignore[arg-type]


def board_heading(app: App) -> str:
    top = drawn_lines(app, "top")
    keys = ("quiz.board_before", "quiz.board_stroke", "quiz.board_stroke_end")
    # (in full words or the shorter ones the board's centre holds)
    said = [k for k in keys for line in top
            if any(line.startswith(app.t(k + f)) for f in ("", "_short"))]
    assert len(said) == 1, top
    return said[0]


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_heading_matches_the_position_shown(lang: str) -> None:
    """Before the stroke plays, the balls where they stood under "before the
    stroke"; while it plays "the stroke playing"; held at its end, the
    balls where it left them under "after the stroke" (it said "before the
    stroke" there), on the first question's page, its answer, and the next
    question's."""
    app = make_app(lang, (1280, 720))
    try:
        mode = quiz_on(app, "8ball-break-illegal")
        frame(app)
        assert shown(mode) == at(mode.shot.initial)
        assert board_heading(app) == "quiz.board_before"
        assert mode.player is not None
        pb = mode.player.playback
        pb.seek(pb.end_time / 2)  # half way through the stroke
        frame(app)
        assert not mode.watched
        assert shown(mode) != at(mode.shot.initial)
        assert board_heading(app) == "quiz.board_stroke"
        quiz_ready(app)
        frame(app)
        assert shown(mode) == at(mode.shot.final)
        assert board_heading(app) == "quiz.board_stroke_end"
        answer(app, mode)
        frame(app)
        assert shown(mode) == at(mode.shot.final)
        assert board_heading(app) == "quiz.board_stroke_end"
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        assert mode.phase == "asking" and mode.k == 1
        assert shown(mode) == at(mode.shot.final)
        assert board_heading(app) == "quiz.board_stroke_end"
        texts = {app.t(k) for k in ("quiz.board_before", "quiz.board_stroke",
                                    "quiz.board_stroke_end")}
        assert len(texts) == 3
    finally:
        pygame.display.quit()
