"""The referee quiz in a lesson: 25 situations were too long, with no count
of what was left on the answer pages and no shorter set. The quiz now asks
its length when it starts (a short set or all, keys 1 and 2 or a click),
says "Situation N of M" on every page and counts the chosen set at its end.
Each situation's named rule is among those its ruling cites ("This
situation shows: 8-ball rule 2" stood under a ruling of rule 10); a replay
on the explanation's table is labelled as one (the start position stood
under "Game over"); and a loss the seed decides says which rule decides
and what the reading of its silence adds (8-ball 15's list is empty; the 8
off the table is 8-ball 13, with nothing read into it)."""

from __future__ import annotations

import pygame
import pytest

from rules.codes import SeedRef, e8
from simulator.app.screens import quiz as quiz_screen
from simulator.app.screens.quiz import QuizMode, quiz_ids, score_of
from simulator.app.text.words import home_rule, ref_text
from simulator.practice.library import load
from tests.app.helpers import (
    answer,
    answer_until_done,
    button_labels,
    click_button,
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


def open_quiz_from_list(app: object) -> QuizMode:
    """The practice list's Quiz button pressed, as a teacher starts it."""
    from simulator.app.loop.app import App
    assert isinstance(app, App)
    app.go("practice")
    frame(app, n=2)
    click_button(app, app.t("practice.quiz"))
    frame(app, n=2)
    mode = app.mode
    assert isinstance(mode, QuizMode)
    return mode


# -- 1. the sitting's length and its counts --------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_quiz_asks_its_length_and_counts_the_short_set(lang: str) -> None:
    app = make_app(lang, (1280, 720))
    t = app.t
    try:
        mode = open_quiz_from_list(app)
        every = len(mode.ids)
        assert every > quiz_screen.SHORT_SITTING
        # Asked first, the stroke not yet played: nothing answers yet.
        assert mode.phase == "length" and mode.player is None
        labels = button_labels(app)
        short = (mode.ids[mode.index:] + mode.ids[:mode.index])[
            :quiz_screen.SHORT_SITTING]
        assert t("quiz.length_short", n=quiz_screen.SHORT_SITTING,
                 q=sum(mode.count_of(i) for i in short)) in labels
        assert t("quiz.length_all", n=every,
                 q=sum(mode.count_of(i) for i in mode.ids)) in labels
        first = mode.sc.id
        key(app, pygame.K_1)
        frame(app, n=2)
        assert app.mode is mode and mode.phase == "asking"
        assert len(mode.ids) == quiz_screen.SHORT_SITTING and mode.ids[0] == first
        of = t("quiz.situation_of", n=1, of=quiz_screen.SHORT_SITTING)
        quiz_ready(app)
        frame(app)
        assert of in drawn_words(app, "side", folded=True)
        answer(app, mode)
        frame(app)
        # The answer page says where the sitting stands, as the question did.
        side = drawn_words(app, "side", folded=True)
        assert of in side
        assert t("quiz.progress", k=1, n=len(mode.questions)) in side
        answer_until_done(app)
        assert of in drawn_words(app, "side", folded=True)
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_click_on_all_keeps_every_situation(lang: str) -> None:
    app = make_app(lang, (1280, 720))
    try:
        mode = open_quiz_from_list(app)
        every = len(mode.ids)
        click_button(app, app.t("quiz.length_all", n=every,
                                q=sum(mode.count_of(i) for i in mode.ids)))
        frame(app, n=2)
        assert mode.phase == "asking" and len(mode.ids) == every
        assert app.t("quiz.situation_of", n=1, of=every) in \
            drawn_words(app, "side", folded=True)
    finally:
        pygame.display.quit()


def test_the_sitting_end_counts_the_chosen_set(monkeypatch: pytest.MonkeyPatch
                                                ) -> None:
    """Three situations, a short set of two: the result counts two."""
    ids = ["8ball-push-shot", "8ball-eight-early", "8ball-called-pot"]
    monkeypatch.setattr(quiz_screen, "quiz_ids", lambda discipline: list(ids))
    monkeypatch.setattr(quiz_screen, "sitting_order",
                        lambda ids, first, seed: list(ids))
    monkeypatch.setattr(quiz_screen, "SHORT_SITTING", 2)
    app = make_app("en", (1280, 720))
    t = app.t
    try:
        app.switch(quiz_screen.start_quiz(app, "8-ball", ask_length=True))
        frame(app)
        key(app, pygame.K_1)
        frame(app, n=2)
        answer_until_done(app, right=True)
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        mode = app.mode
        assert isinstance(mode, QuizMode) and mode.sc.id == ids[1]
        answer_until_done(app, right=True)
        assert t("quiz.see_result") in button_labels(app)
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        assert mode.phase == "over"
        words = drawn_words(app, folded=True)
        assert t("quiz.over_clean", n=2, of=2) in words
        assert score_of(app).finished(ids[:2])
    finally:
        pygame.display.quit()


# -- 2. each situation's rule among those its ruling cites -------------------------

def flat(ref: SeedRef | None) -> list[SeedRef]:
    """A reference and the ones cited beside it, each on its own."""
    out = []
    while ref is not None:
        out.append(SeedRef(ref.file, ref.section, ref.rule))
        ref = ref.beside
    return out


def cited_rules(sid: str) -> tuple[SeedRef | None, list[SeedRef]]:
    """The situation's named rule, and the rules the referee cites when its
    stroke is played: each foul's and note's (a reading's code by its home
    rule, as the card says it), what made a legal stroke look like a foul
    and the rule that allows it, the rule placing the cue ball, and for a
    stroke without a foul on a pool table, general rule 17 (the quiz's
    answer to "Was it a foul?")."""
    from rules.codes import Note
    from simulator.app.screens.practice.session import judge_result
    from simulator.physics import simulate
    from simulator.practice.quiz import cleared, fouled, placement_ref
    sc = load(sid)
    assert sc.stroke is not None
    shot = simulate(sc.position, sc.stroke)
    ruling = judge_result(sc, shot).ruling
    refs: list[SeedRef] = []
    for o in (*ruling.fouls, *ruling.notes):
        refs += flat(home_rule(o.code, o.ref))
    looks = cleared(sc, shot, ruling)
    refs += [r for c in looks for r in flat(home_rule(c.code))]
    refs += flat(placement_ref(sc, ruling))
    if not fouled(ruling) and not looks and sc.discipline != "express":
        refs += flat(Note.LEGAL.ref)
    return sc.rule, refs


def test_every_situation_names_a_rule_its_ruling_cites() -> None:
    """General rule 23 for an object ball off the table (the situation
    named 8-ball rule 13, the ruling cites the general rule), 8-ball rule
    10 for a called ball made (the situation named the call's rule 2, the
    ruling rule 10: the shooter plays on), general rule 20 for
    a short stroke a ball's width from the 3 (the tip on the cue ball once:
    the answer to "Was it a foul?" cited rule 17 only), Express 2.6 item 6
    for the house played off a cushion."""
    bad = []
    ids = quiz_situations()
    assert len(ids) > 50
    for sid in ids:
        named, refs = cited_rules(sid)
        if named is not None and SeedRef(named.file, named.section, named.rule) \
                not in refs:
            bad.append((sid, named, refs))
    assert not bad, bad


@pytest.mark.parametrize("lang", LANGS)
def test_the_called_pot_shows_the_rule_its_ruling_gives(lang: str) -> None:
    """8-ball rule 10: the shooter who pots a ball of the group as called
    plays on; the explanation names that rule, the ruling cites it."""
    app = make_app(lang, (1280, 720))
    try:
        quiz_on(app, "8ball-called-pot")
        answer_until_done(app)
        rule = fold(ref_text(app.locale, e8("10")))
        side = drawn_words(app, "side", folded=True)
        named = fold(app.t("practice.seed_rule", rule=rule))
        assert named in side
        said = side.split(named)[0]
        assert rule in said  # the ruling's own line, above the situation's rule
        wrong = ref_text(app.locale, e8("2"))
        assert fold(app.t("practice.seed_rule", rule=wrong)) not in side
    finally:
        pygame.display.quit()


# -- 3. the explanation's table labelled as what it shows -------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_replay_under_game_over_is_labelled_a_replay(lang: str) -> None:
    """8-ball, the 8 pocketed early: the explanation's table is where the
    balls came to rest under "Game over"; a step opens the replay at the
    stroke's start, and the heading says it is the replay."""
    from simulator.app.screens.practice.practice_screen import table_positions
    app = make_app(lang, (1280, 720))
    t = app.t
    try:
        mode = quiz_on(app, "8ball-eight-early")
        answer_until_done(app)

        def shown() -> dict[int, tuple[float, float]]:
            return {b: (round(p[0], 4), round(p[1], 4))
                    for b, p in mode.ball_positions().items()}

        def at(st: object) -> dict[int, tuple[float, float]]:
            return {b: (round(p[0], 4), round(p[1], 4))
                    for b, p in table_positions(st).items()}  # type: ignore[arg-type]
        top = " ".join(mode.header()[1])
        assert shown() == at(mode.shot.final)
        assert t("quiz.board_replay") not in top
        key(app, pygame.K_PERIOD)
        frame(app)
        assert shown() == at(mode.shot.initial)
        top = " ".join(mode.header()[1])
        # (in the words that fit the board: "Replay · Player 2 wins")
        replay = t("quiz.board_replay_short")
        won = next(w for w in (t("quiz.board_game_won", name=""),
                               t("quiz.board_game_won_short", name=""))
                   if w.split()[0] in top).split()[0]
        assert replay in top
        assert top.index(replay) < top.index(won)
    finally:
        pygame.display.quit()


# -- 4. the ruling card: which rule decides a loss ----------------------------------

def card_words(app: object, sid: str) -> str:
    """The practice screen's side column after the situation's stroke is
    watched to its ruling card."""
    from simulator.app.loop.app import App
    from simulator.app.screens.practice.scenario import ScenarioMode
    assert isinstance(app, App)
    app.go("scenario", sc=load(sid))
    frame(app)
    mode = app.mode
    assert isinstance(mode, ScenarioMode)
    key(app, pygame.K_SPACE)  # watch
    frame(app)
    key(app, pygame.K_ESCAPE)  # skip to its end
    frame(app, n=5)
    assert mode.phase != "playing"
    return drawn_words(app, "side", folded=True)


@pytest.mark.parametrize("lang", LANGS)
def test_the_eight_off_the_table_is_decided_by_rule_13_alone(lang: str) -> None:
    """8-ball rule 13: the 8 off the table loses the game. The rules are not
    silent there: no "where the rules are silent" line under it."""
    app = make_app(lang, (1280, 720))
    try:
        words = card_words(app, "8ball-eight-off-table")
        rule = ref_text(app.locale, e8("13"))
        assert fold(rule) in words
        silent = fold(app.t("ruling.reading", text=""))
        assert silent not in words, words
        assert fold(app.t("reading.P2")) not in words, words
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_loss_by_rule_15_says_it_decides_and_what_is_read(lang: str) -> None:
    """8-ball rule 15 decides the 8 pocketed before the group is cleared;
    its list of losing fouls is empty in the seed, so the card says rule 15
    decides and the reading (P2) gives its cases, in one sentence, not a
    "where the rules are silent" line a reader took for a second ruling."""
    app = make_app(lang, (1280, 720))
    try:
        words = card_words(app, "8ball-eight-early")
        rule = ref_text(app.locale, e8("15"))
        line = fold(app.t("ruling.reading_loss", rule=rule, text=app.t("reading.P2")))
        assert line in words, words
        silent = fold(app.t("ruling.reading", text=""))
        assert silent not in words, words
    finally:
        pygame.display.quit()


def test_the_quiz_ids_are_unchanged_by_the_length_choice() -> None:
    """(The helpers' quiz_on opens a situation directly: no length asked.)"""
    app = make_app("en", (1280, 720))
    try:
        sid = quiz_ids("8-ball")[0]
        mode = quiz_on(app, sid)
        assert mode.phase == "asking" and len(mode.ids) == len(quiz_ids("8-ball"))
    finally:
        pygame.display.quit()
