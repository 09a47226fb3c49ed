"""What play-test 24 found: a replay's scoreboard told the result while the
ball still rolled; the quiz said "which rule: the next question" after an
answer; the push shot's evidence was not to be seen; the hints a player
took were counted nowhere."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.practice.library import load
from tests.app.bot import best_stroke
from tests.app.helpers import (
    click_button,
    drawn_words,
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


def group_shot_played(app: App) -> Session:
    """8-ball, open table: Anna's best stroke at a called ball, played to
    its rest (the group hers)."""
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
    return s


# -- 1. a replay's scoreboard: before the shot until its end -----------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_match_replay_shows_the_board_before_the_shot_until_its_end(
        lang: str) -> None:
    """8-ball, open table (8-ball 7): Anna pots a called ball and the group
    is hers. R replays it: while it rolls the board says the table is open
    and no group; at the replay's end, the groups chosen."""
    app = make_app(lang)
    try:
        group_shot_played(app)
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

@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_quiz_answer_says_at_once_the_ruling_the_reason_and_the_rule(
        lang: str) -> None:
    """The push shot (general rule 21) answered "No foul": the page says the
    referee's ruling, but not the proof (how long the tip stayed on the
    ball), the foul's name, the reason or the rule, which would answer the
    next question (which rule); that answer says the foul with rule 21, the
    proof and the seed rule; the reason (it says who plays on, from where)
    comes with the last answer."""
    from rules.main_foul import main_foul
    from simulator.app.screens.practice.session import rule_line
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
        said = drawn_words(app, shown=True)
        assert app.t("quiz.wrong") in said
        proof = app.t("quiz.evidence_push", ms="20", normal="1",
                      t=app.locale.num(0.0, 3))
        assert proof not in said, said
        foul = main_foul(mode.ruling)
        assert foul is not None
        cite = foul_cite(app.locale, foul, "8-ball")
        assert "21" in cite and cite not in said, said
        assert mode.sc.explanation.get(lang) not in said, said
        key(app, pygame.K_RETURN)
        frame(app, n=40)
        assert mode.phase == "asking" and mode.question.kind == "rule"
        key(app, pygame.K_SPACE)  # its stroke to its last event: answers taken
        frame(app, n=2)
        q = mode.question
        click_button(app, answer_label(app, q, sorted(q.correct)[0], ()))
        frame(app, n=2)
        said = drawn_words(app, shown=True)
        assert cite in said, said
        assert proof in said, said
        assert rule_line(app.locale, mode.sc) in said, said
        # The reason ("ball in hand anywhere") with the last answer.
        assert mode.sc.explanation.get(lang) not in said, said
        while mode.phase != "done":
            if mode.phase == "asking":
                q = mode.question
                if not mode.watched:  # each question's stroke to its end
                    key(app, pygame.K_SPACE)
                    frame(app, n=40)
                click_button(app, answer_label(app, q, sorted(q.correct)[0],
                                               mode.session.names))
                frame(app, n=2)
                said = drawn_words(app, shown=True)
            else:
                key(app, pygame.K_RETURN)
            frame(app, n=40)
        assert mode.sc.explanation.get(lang) in said, said
        assert not app.errors
    finally:
        pygame.display.quit()


# -- 3. the push shot's proof ----------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_push_shots_answer_shows_how_long_the_tip_stayed_on_the_ball(
        lang: str) -> None:
    """General rule 21: nobody sees a push from above. After the answer to
    "Which rule?" (not before: it names the foul), and on the situation's
    page at the end, a line says how long the tip stayed on the cue ball
    (20 ms) against a normal stroke's (about 1 ms), and where the timeline
    shows it (the stroke's mark at 0.000 s)."""
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
        assert proof not in drawn_words(app, shown=True), drawn_words(app, shown=True)
        assert mode.show is not None and mode.show.pointed is None
        key(app, pygame.K_RETURN)
        frame(app, n=40)
        assert mode.question.kind == "rule"
        key(app, pygame.K_SPACE)  # its stroke to its last event: answers taken
        frame(app, n=2)
        q = mode.question
        click_button(app, answer_label(app, q, sorted(q.correct)[0], ()))
        frame(app, n=2)
        assert proof in drawn_words(app, shown=True), drawn_words(app, shown=True)
        # The stroke's mark, which the line names, ringed on the timeline.
        from simulator.app.text import ui
        show = mode.show
        assert show is not None and show.pointed == 0.0
        geo = show.geometry
        assert geo is not None
        r = geo.bar.height // 2 + 2
        top = (round(geo.x_of(0.0)), geo.bar.centery - r + 1)
        assert tuple(pygame.display.get_surface().get_at(top))[:3] == ui.ACCENT[:3]
        while mode.phase != "done":  # the other questions, answered right
            if mode.phase == "asking":
                q = mode.question
                if not mode.watched:  # each question's stroke to its end
                    key(app, pygame.K_SPACE)
                    frame(app, n=40)
                click_button(app, answer_label(app, q, sorted(q.correct)[0],
                                               mode.session.names))
            else:
                key(app, pygame.K_RETURN)
            frame(app, n=40)
        frame(app, n=2)
        assert proof in drawn_words(app, shown=True), drawn_words(app, shown=True)
        assert not app.errors
    finally:
        pygame.display.quit()


# -- 4. hints taken, in the match's numbers --------------------------------------------

def _hinted_win(app: object, monkeypatch: pytest.MonkeyPatch) -> object:
    """9-ball, race to 1, the 9 before a corner pocket: Anna asks for the
    hint (I), takes it (I) and shoots (Space); the match is hers."""
    from simulator.app.match import computer
    from simulator.practice.scenario import parse_scenario
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    draft = {"format": "kiy-scenario", "version": 1, "id": "hinted",
             "discipline": "9-ball", "players": 2,
             "title": {"en": "Hint", "ru": "Подсказка"},
             "balls": {"0": [1.7, 0.45], "9": [2.2, 0.2]},
             "state": {"is_break": False}}
    s = watched_session(app, ["Anna", "Boris"], "9-ball", {"race_to": 1},
                        state=parse_scenario(draft).game)
    key(app, pygame.K_i)
    run_until(app, lambda: s.hint is not None, limit=6000)
    frame(app, n=2)
    key(app, pygame.K_i)  # take it
    frame(app, n=2)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: s.match.over, limit=6000)
    frame(app, n=5)
    return s


@pytest.mark.parametrize("lang", LANGS)
def test_hints_taken_are_counted_saved_and_loaded(
        lang: str, monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    """A hint taken is in the match's numbers at its end ("Hints taken": 1
    for Anna), a save keeps it, the match loaded again says it too; a save
    from before hints were kept loads with none, and the row is not
    shown."""
    import json
    from pathlib import Path

    from tests.app.helpers import reopen_from_menu
    app = make_app(lang)
    try:
        s = _hinted_win(app, monkeypatch)
        assert [x.hints for x in s.stats()] == [1, 0]  # type: ignore[attr-defined]
        row = app.t("evening.stat_hints")
        said = drawn_words(app, shown=True)
        assert row in said, said  # the match's numbers, drawn
        path = Path(str(tmp_path)) / "hinted.json"
        s.save(path, "hinted")  # type: ignore[attr-defined]
        again = reopen_from_menu(app, path)
        assert [x.hints for x in again.stats()] == [1, 0]
        # An older save: its shots have no "hint".
        data = json.loads(path.read_text(encoding="utf-8"))
        for a in data["match"]["actions"]:
            a.pop("hint", None)
        old = Path(str(tmp_path)) / "older.json"
        old.write_text(json.dumps(data), encoding="utf-8")
        older = reopen_from_menu(app, old)
        assert [x.hints for x in older.stats()] == [0, 0]
        from simulator.app.match.stats import stats_table
        assert row not in [r[0] for r in stats_table(app, older)]
        assert row in [r[0] for r in stats_table(app, again)]
        assert not app.errors
    finally:
        pygame.display.quit()
