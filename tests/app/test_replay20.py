"""What play-test 24 found: a replay's scoreboard told the result while the
ball still rolled; the quiz said "which rule: the next question" after an
answer; the push shot's evidence was not to be seen; the hints a player
took were counted nowhere."""

from __future__ import annotations

import pygame
import pytest

from simulator.practice.library import load
from tests.app.bot import best_stroke
from tests.app.helpers import (
    click_button,
    frame,
    key,
    make_app,
    run_until,
    watched_session,
)
from tests.app.test_playfix6_match import scoreboard_words

LANGS = ["en", "ru"]


def _group_heads(app: object) -> tuple[str, str]:
    """The start of the cards' group lines ("solids: ", "сплошные: ")."""
    t = app.t  # type: ignore[attr-defined]
    return (t("score.solids", n=7).split("7")[0], t("score.stripes", n=7).split("7")[0])


# -- 1. a replay's scoreboard: before the shot until its end -----------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_match_replay_shows_the_board_before_the_shot_until_its_end(
        lang: str) -> None:
    """8-ball, open table (8-ball 7): Anna pots a called ball and the group
    is hers. R replays it: while it rolls the board says the table is open
    and no group; at the replay's end, the groups chosen."""
    app = make_app(lang)
    try:
        sc = load("8ball-group-chosen")
        s = watched_session(app, ["Anna", "Boris"], "8-ball", {"race_to": 2},
                            state=sc.game)
        aim, ball, pocket = best_stroke(app)
        s.aim = aim
        s.call = (ball, pocket)
        frame(app, n=2)
        key(app, pygame.K_SPACE)
        run_until(app, lambda: bool(s.match.history) and app.mode is not None
                  and app.mode.name != "playing", limit=6000)
        frame(app, n=3)
        heads = _group_heads(app)
        assert any(h in scoreboard_words(app) for h in heads), scoreboard_words(app)
        key(app, pygame.K_r)
        frame(app, n=2)
        mode = app.mode
        assert mode is not None and mode.name == "replay"
        words = scoreboard_words(app)
        assert app.t("score.open") in words, words
        assert not any(h in words for h in heads), words
        run_until(app, lambda: mode.playback.at_end, limit=6000)  # type: ignore[attr-defined]
        frame(app)
        words = scoreboard_words(app)
        assert any(h in words for h in heads), words
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_situations_replay_shows_the_board_before_the_stroke_until_its_end(
        lang: str) -> None:
    """The practice situation (as the editor's own position): watched, the
    ruling gives the stripes (8-ball 7); "Replay at 1/4" shows the open
    table while the stroke rolls, the groups again at its end."""
    from simulator.app.screens.practice.scenario import ScenarioMode
    app = make_app(lang)
    try:
        mode = ScenarioMode(app, load("8ball-group-chosen"))
        app.switch(mode)
        frame(app)
        key(app, pygame.K_SPACE)  # watch
        run_until(app, lambda: mode.phase == "ruling", limit=6000)
        frame(app, n=2)
        _solids, stripes = _group_heads(app)
        assert stripes in scoreboard_words(app), scoreboard_words(app)
        click_button(app, app.t("practice.replay_slow"))
        frame(app, n=3)
        assert mode.phase == "replay" and mode.player is not None
        words = scoreboard_words(app)
        assert app.t("score.open") in words and stripes not in words, words
        player = mode.player
        run_until(app, lambda: player.done, limit=6000)
        frame(app)
        assert stripes in scoreboard_words(app), scoreboard_words(app)
        assert not app.errors
    finally:
        pygame.display.quit()


# -- 2. the quiz: why, at once after every answer -----------------------------------

def _side(app: object) -> str:
    return " ".join(t.shown for t in app.texts)  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_quiz_answer_says_at_once_the_ruling_the_reason_and_the_rule(
        lang: str) -> None:
    """The push shot (general rule 21) answered "No foul": the page says the
    referee's ruling with its rule number, the reason in a line or two and
    the situation's seed rule, not "which rule: the next question"; the
    next question (which rule) is still asked."""
    from rules.main_foul import main_foul
    from simulator.app.screens.quiz import answer_label
    from simulator.app.text.words import foul_cite
    from simulator.practice.quiz import NO
    from tests.app.helpers import quiz_on
    app = make_app(lang)
    try:
        mode = quiz_on(app, "8ball-push-shot", frames=2)
        key(app, pygame.K_SPACE)  # skip the stroke: to its end
        frame(app, n=40)  # the answers' guard
        q = mode.question
        assert q.kind == "foul"
        click_button(app, answer_label(app, q, NO, ()))
        assert mode.phase == "answered" and not mode.grades[-1].right
        frame(app, n=2)
        said = _side(app)
        assert app.t("quiz.wrong") in said
        foul = main_foul(mode.ruling)
        assert foul is not None
        cite = foul_cite(app.locale, foul, "8-ball")
        assert "21" in cite and cite in said, said
        assert mode.sc.explanation.get(lang) in said, said
        from simulator.app.screens.practice.session import rule_line
        assert rule_line(app.locale, mode.sc) in said, said
        key(app, pygame.K_RETURN)
        frame(app)
        assert mode.phase == "asking" and mode.question.kind == "rule"
        assert not app.errors
    finally:
        pygame.display.quit()


# -- 3. the push shot's proof ----------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_push_shots_answer_shows_how_long_the_tip_stayed_on_the_ball(
        lang: str) -> None:
    """General rule 21: nobody sees a push from above. After the answer, and
    on the situation's page at the end, a line says how long the tip stayed
    on the cue ball (20 ms) against a normal stroke's (about 1 ms), and
    where the timeline shows it (the stroke's mark at 0.000 s)."""
    from simulator.app.screens.quiz import answer_label
    from simulator.practice.quiz import YES
    from tests.app.helpers import quiz_on
    app = make_app(lang)
    try:
        mode = quiz_on(app, "8ball-push-shot", frames=2)
        key(app, pygame.K_SPACE)
        frame(app, n=40)
        click_button(app, answer_label(app, mode.question, YES, ()))
        frame(app, n=2)
        num = app.locale.num
        proof = app.t("quiz.evidence_push", ms="20", normal="1", t=num(0.0, 3))
        assert proof in _side(app), _side(app)
        while mode.phase != "done":  # the other questions, answered right
            if mode.phase == "asking":
                q = mode.question
                click_button(app, answer_label(app, q, sorted(q.correct)[0],
                                               mode.session.names))
            else:
                key(app, pygame.K_RETURN)
            frame(app, n=40)
        frame(app, n=2)
        assert proof in _side(app), _side(app)
        assert not app.errors
    finally:
        pygame.display.quit()
