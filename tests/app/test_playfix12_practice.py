"""Found in play in the practice screens: the foul gallery's explanation cut
at 800x500 and its contact numbers piled on the balls; the quiz's "which
rule was broken?" after a right "no foul"; a situation played by the player
half called (the only ball of the group called for them, the pocket never)
and its topic's rule read as the ruling's."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.gallery import GalleryPlayMode
from simulator.app.screens.practice.own_shot import PracticeAimMode, PracticePlayMode
from simulator.app.screens.practice.session import rule_line
from simulator.practice.quiz import TURN
from tests.app.helpers import (
    click,
    click_button,
    drawn_words,
    frame,
    key,
    make_app,
    open_gallery,
    quiz_on,
    quiz_ready,
    run_until,
)
from tests.app.scenes import LANGS

LOW = (800, 500)


# -- 1. the foul gallery at 800x500 --------------------------------------------

def _contact_diamonds(g: GalleryPlayMode) -> list[tuple[str, pygame.Rect]]:
    """The contact numbers drawn on the table, each with its diamond."""
    table = g.view.outer_rect()
    return [(f"contact:{n}", r) for n, r in g.show.contact_boxes
            if table.contains(r)]


def _unreadable(app: App, g: GalleryPlayMode) -> list[object]:
    """Contact numbers covered by another's diamond or drawn over a ball."""
    view = g.view
    marks = _contact_diamonds(g)
    out: list[object] = []
    for i, (n, a) in enumerate(marks):
        for m, b in marks[i + 1:]:
            # Diamonds overlap when their centres are closer than their half
            # diagonals, summing the two axes.
            if abs(a.centerx - b.centerx) + abs(a.centery - b.centery) < \
                    (a.width + b.width) / 2 - 1:
                out.append((n, m))
        for ball, (x, y, _r) in g.ball_positions().items():
            bx, by = view.to_screen(x, y)
            if math.hypot(a.centerx - bx, a.centery - by) < \
                    view.ball_px + a.width / 2 * 0.7 - 1:
                out.append((n, "ball", ball))
    return out


def _at_the_foul(lang: str, entry: str) -> tuple[App, GalleryPlayMode]:
    app = make_app(lang, LOW)
    g = open_gallery(app, entry, to_foul=True)
    return app, g


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("entry", ["gallery-double-hit", "gallery-frozen-cushion"])
def test_the_gallery_explains_the_foul_whole_at_800x500(lang: str, entry: str) -> None:
    """Stopped at its foul at 800x500, the whole explanation is in the side
    column, down to its last word (it was cut: "3 more below"); every
    button stays whole in the column."""
    app, g = _at_the_foul(lang, entry)
    try:
        assert g.body_hidden == 0 and g.body_scroll == 0
        box = g.body_rect
        assert box is not None
        said = " ".join(t.shown for t in app.texts if box.contains(t.rect))
        last = g.entry.scenario.explanation.get(lang).split()[-1]
        assert said.rstrip().endswith(last), said
        side = app.layout.side
        assert all(side.contains(b.rect) for b in g.side_btns)
    finally:
        pygame.display.quit()


def test_a_longer_explanation_is_read_with_the_down_key() -> None:
    """The 8 off the table in Russian, with its side view, at 800x500, its
    text said four times (longer than the column: every explanation of the
    gallery now fits): what does not fit says how to read on (the Down key
    or the wheel, the line whole), and Down brings the explanation's last
    word into the column; Up goes back."""
    lang = "ru"
    app, g = _at_the_foul(lang, "gallery-eight-off-table")
    try:
        assert g.inset_height(200)
        g.side_body = "\n\n".join([g.side_body] * 4)
        frame(app)
        hidden = g.body_hidden
        assert hidden > 0
        more = app.t("practice.more", n=hidden)
        line = next(t for t in app.texts if t.text == more)
        assert not line.cut and line.shown == more
        last = g.entry.scenario.explanation.get(lang).split()[-1]
        for _ in range(hidden + 2):  # (the line back to the top takes one)
            key(app, pygame.K_DOWN)
        frame(app)
        box = g.body_rect
        assert box is not None and g.body_hidden == 0
        said = " ".join(t.shown for t in app.texts if box.contains(t.rect))
        top = app.t("practice.top")
        assert said.endswith(top) and said[:-len(top)].rstrip().endswith(last), said
        for _ in range(hidden + 2):
            key(app, pygame.K_UP)
        frame(app)
        assert g.body_scroll == 0 and g.body_hidden == hidden
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("entry", ["gallery-frozen-cushion", "gallery-eight-early",
                                   "gallery-straight-opening-break"])
def test_the_contact_numbers_are_clear_of_each_other_and_the_balls(
        lang: str, entry: str) -> None:
    """Contacts a few millimetres and milliseconds apart (a ball frozen to
    the cushion, the rack struck) had their numbered diamonds on each other
    and on the balls at 800x500: at the foul and at the stroke's end each
    number is clear of the other diamonds and of every ball."""
    app, g = _at_the_foul(lang, entry)
    try:
        assert len(_contact_diamonds(g)) >= 2
        assert not _unreadable(app, g)
        key(app, pygame.K_SPACE)  # play on after the foul
        run_until(app, lambda: g.player.playback.at_end, limit=6000)
        frame(app, n=2)
        assert not _unreadable(app, g)
    finally:
        pygame.display.quit()


# -- 2. the quiz after a stroke without a foul ------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("right", [True, False])
def test_no_rule_question_after_a_stroke_without_a_foul(lang: str, right: bool) -> None:
    """The 8 first on an open table (8-ball 6: no foul). Answered "No foul"
    (right) or "Yes, a foul" (wrong), the answer says what happened, the
    referee's answer and why, and the next question is who shoots next,
    never "which rule was broken?"; the score counts one answer each."""
    from simulator.app.screens.quiz import answer_label, score_of
    from simulator.practice.quiz import NO, YES
    app = make_app(lang, LOW)
    try:
        mode = quiz_on(app, "8ball-open-table-eight-first")
        run_until(app, lambda: mode.phase == "asking", limit=3000)
        quiz_ready(app)
        q = mode.question
        assert q.kind == "foul"
        names = mode.session.names if mode.session is not None else ()
        click_button(app, answer_label(app, q, NO if right else YES, names))
        assert mode.phase == "answered" and mode.grades[-1].right is right
        frame(app)
        said = drawn_words(app, shown=True)
        assert app.t("quiz.right" if right else "quiz.wrong") in said
        assert app.t("quiz.referee_answer", answer=answer_label(app, q, NO, names)) \
            in mode.feedback(mode.grades[-1])
        # What happened: the legal stroke's rule, not "the next question".
        assert app.t("quiz.because") in mode.feedback(mode.grades[-1])
        assert app.t("quiz.rule_next") not in mode.feedback(mode.grades[-1])
        # Its reason ("the turn passes ... no ball in hand") would answer the
        # questions still to come: it waits for the last answer.
        assert mode.sc.explanation.get(lang) not in mode.feedback(mode.grades[-1])
        score = score_of(app)
        assert (score.right, score.asked) == (int(right), 1)
        click_button(app, app.t("quiz.next_question"))
        frame(app)
        assert mode.phase == "asking" and mode.question.kind == TURN
        assert app.t("quiz.rule") not in drawn_words(app, shown=True)
        assert "rule" not in [x.kind for x in mode.questions]
        nxt = mode.question
        key(app, pygame.K_SPACE)  # its stroke to its last event: answers taken
        # (a moment to read it: the answer came up under the pointer that
        # pressed "Next question", and a second click there at once is taken
        # for a double click's, see ui.FRESH)
        frame(app, n=40)
        click_button(app, answer_label(app, nxt, sorted(nxt.correct)[0], names))
        assert (score.right, score.asked) == (int(right) + 1, 2)
    finally:
        pygame.display.quit()


# -- 3. a situation played by the player: the call and the rules ----------------

def _play_yourself(app: App, sid: str) -> PracticeAimMode:
    from simulator.app.screens.practice.scenario import ScenarioMode
    from simulator.practice.library import load
    app.switch(ScenarioMode(app, load(sid)))
    frame(app)
    click_button(app, app.t("practice.play"))
    frame(app)
    mode = app.mode
    assert isinstance(mode, PracticeAimMode)
    return mode


def _screen(mode: PracticeAimMode, p: tuple[float, float]) -> tuple[int, int]:
    x, y = mode.scene.view.to_screen(*p)
    return int(x), int(y)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [(1280, 720), LOW])
def test_the_player_calls_the_ball_then_the_pocket(
        lang: str, size: tuple[int, int]) -> None:
    """The double hit by the 3 played by the player (8-ball, solids, the 3
    the only solid; the 3 sent to a cushion, not obvious: 8-ball 2 wants a
    call). Nothing is called for them ("Called: 3" stood there unasked);
    the 3 clicked, then the pocket, the stroke goes with the whole call (a
    half call is dropped, test_playfix17i). The ruling is
    headed as the ruling of this stroke, the situation's rule as what the
    situation shows."""
    app = make_app(lang, size)
    try:
        mode = _play_yourself(app, "8ball-double-hit")
        s = mode.session
        t = app.t
        assert s.call == (None, None)
        assert t("call.ball_only", ball=3) not in drawn_words(app, "side", shown=True)
        assert t("call.only_ball", ball=3) in drawn_words(app, "side", shown=True)
        three = s.table.position(3)
        assert three is not None
        click(app, _screen(mode, three))
        assert s.call == (3, None)
        assert t("call.ball_only", ball=3) in drawn_words(app, "side", shown=True)
        pocket = s.spec.pocket("foot_left")
        click(app, _screen(mode, pocket.mouth_centre))
        assert s.call == (3, "foot_left")
        made = t("call.made", ball=3, pocket=t("pocket_into.foot_left"))
        assert made in drawn_words(app, "side", shown=True)
        key(app, pygame.K_SPACE)
        playing = app.mode
        assert isinstance(playing, PracticePlayMode)
        decl = playing.decl
        assert (decl.called_ball, decl.called_pocket) == (3, "foot_left")
        run_until(app, lambda: app.mode is not None and app.mode.name == "scenario",
                  limit=4000)
        while app.dialogs:
            app.pop_dialog()
        frame(app)
        body = app.mode.body()  # type: ignore[union-attr]
        head = t("practice.own_shot")
        topic = rule_line(app.locale, app.mode.sc)  # type: ignore[union-attr]
        assert "20" in topic
        assert head in body and topic in body, body
        banner = app.mode.psession.banner  # type: ignore[union-attr]
        assert banner is not None
        # The ruling under its heading; the situation's topic after it.
        assert body.index(head) < body.index(banner.title) < body.index(topic)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_a_situations_call_is_said_as_the_situations(lang: str) -> None:
    """A situation that calls the 3 in the side pocket, played by the
    player: the aim starts with that call, said as the situation's and
    marked, and the stroke goes with it; cleared (C), the player calls."""
    app = make_app(lang, LOW)
    try:
        mode = _play_yourself(app, "8ball-called-pot")
        s = mode.session
        t = app.t
        assert s.call == (3, "side_left")
        said = t("practice.situation_call", ball=3, pocket=t("pocket_into.side_left"))
        assert said in drawn_words(app, "side", shown=True)
        key(app, pygame.K_c)
        frame(app)
        assert s.call == (None, None)
        assert said not in drawn_words(app, "side", shown=True)
        click_button(app, t("practice.back_to_situation"))
        mode = _play_yourself(app, "8ball-called-pot")
        key(app, pygame.K_SPACE)
        playing = app.mode
        assert isinstance(playing, PracticePlayMode)
        decl = playing.decl
        assert (decl.called_ball, decl.called_pocket) == (3, "side_left")
    finally:
        pygame.display.quit()
