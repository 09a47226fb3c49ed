"""Practice, sixth play-test (issue 22): the result of the player's own
stroke shows the table that stroke left; the tip diagram takes a click, a
smooth drag and a right click; J says why the referee's calls are not
there; the quiz names no answer before it is given (nor does its order
point at the practice list's titles). Through the window's own event loop."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.practice.own_shot import (
    PracticeAimMode,
    PracticePlaceMode,
    PracticePlayMode,
)
from simulator.app.screens.practice.practice_screen import table_positions
from simulator.app.screens.practice.scenario import ScenarioMode
from simulator.app.screens.practice.scenario_list import PracticeListMode
from simulator.app.screens.quiz import QuizMode, answer_label
from simulator.app.table.aim import MAX_TIP
from simulator.app.text.words import discipline_label
from simulator.practice.library import library, load
from tests.app.helpers import (
    DT,
    click,
    click_button,
    drawn_words,
    frame,
    key,
    make_app,
    move,
    run_until,
)
from tests.app.test_quiz41_reveals import remembered_scans
from tests.app.undrawn import press

LANGS = ("en", "ru")


def own_stroke(app: App, sid: str) -> ScenarioMode:
    """A situation, "Play it yourself", the cue ball where it is, Space: the
    stroke at the aimed ball, then the result view."""
    app.switch(ScenarioMode(app, load(sid)))
    frame(app)
    click_button(app, app.t("practice.play"))
    if isinstance(app.mode, PracticePlaceMode):
        key(app, pygame.K_RETURN)
    assert isinstance(app.mode, PracticeAimMode)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: isinstance(app.mode, ScenarioMode) or app.dialogs,
              limit=4000)
    while app.dialogs:  # the incoming player's choice: not this test's matter
        app.pop_dialog()
    mode = app.mode
    assert isinstance(mode, ScenarioMode) and mode.phase == "ruling"
    assert mode.played is not None and mode.played.own
    frame(app)
    return mode


def white_at(app: App, mode: ScenarioMode, x: float, y: float) -> bool:
    """Whether the screen shows a white ball at table point (x, y): most
    pixels of its disc are white."""
    surface = pygame.display.get_surface()
    assert surface is not None
    cx, cy = mode.view.to_screen(x, y)
    r = max(2, int(mode.view.ball_px * 0.6))
    spots = [(cx + dx, cy + dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1)
             if dx * dx + dy * dy <= r * r]
    white = sum(1 for p in spots if min(tuple(surface.get_at(p))[:3]) > 185)
    return white > len(spots) // 2


# -- 1. the table the player's stroke left ---------------------------------------
def test_the_own_stroke_result_shows_the_cue_ball_where_it_stopped() -> None:
    """8-ball, a double hit: the player's stroke fouls and the opponent has
    the cue ball in hand (8-ball rule 7, general rule 7). The result view
    drew the cue ball on the spot the referee's state keeps for placing it
    (the head spot), not where the stroke left it."""
    app = make_app()
    try:
        mode = own_stroke(app, "8ball-double-hit")
        played = mode.played
        assert played is not None and played.after is not None
        assert played.after.ball_in_hand.value != "none"
        final = table_positions(played.shot.final)
        assert mode.ball_positions()[0] == final[0]
        assert white_at(app, mode, *final[0][:2]), "drawn where it stopped"
        spot = table_positions(played.after.table)[0]
        assert not white_at(app, mode, *spot[:2]), "not on the referee's spot"
        # Every object ball as the stroke left it (none was spotted).
        assert {b: p for b, p in mode.ball_positions().items()} == final
        # And the ruling of that stroke beside it.
        s = mode.psession
        assert s.banner is not None and s.banner.title in mode.body()
        assert app.t("practice.own_shot") in mode.body()
    finally:
        pygame.display.quit()


def test_a_scratched_cue_ball_is_not_drawn_on_the_table() -> None:
    """The player's stroke pockets the cue ball: the opponent takes it in
    hand; the result view draws no cue ball on the spot (it lies in the
    pocket), the other balls as the stroke left them."""
    app = make_app()
    try:
        mode = own_stroke(app, "8ball-scratch-after-pot")
        played = mode.played
        assert played is not None and played.after is not None
        final = table_positions(played.shot.final)
        assert 0 not in final, "the stroke pockets the cue ball"
        shown = mode.ball_positions()
        assert 0 not in shown
        spot = table_positions(played.after.table)[0]
        assert not white_at(app, mode, *spot[:2])
        assert {b: p for b, p in shown.items()} == final
    finally:
        pygame.display.quit()


# -- 2. the tip diagram -------------------------------------------------------------
def _press(app: App, pos: tuple[float, float], button: int = 1) -> None:
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN,
                                  pos=(int(pos[0]), int(pos[1])), button=button))


def _release(app: App, pos: tuple[float, float], button: int = 1) -> None:
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP,
                                  pos=(int(pos[0]), int(pos[1])), button=button))


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_tip_diagram_takes_a_click_a_drag_and_a_right_click(
        size: tuple[int, int]) -> None:
    """The player's own stroke in Practice: a click in the diagram puts the
    tip there; a drag follows the mouse step by step and, past the ball's
    rim, stays on the rim of the allowed zone (it stopped at the rim, and
    over the elevation gauge beside it changed the elevation instead); a
    right click puts it back in the centre; the stroke struck uses it."""
    app = make_app(size=size)
    try:
        app.switch(ScenarioMode(app, load("9ball-legal-pot")))
        frame(app)
        click_button(app, app.t("practice.play"))
        mode = app.mode
        assert isinstance(mode, PracticeAimMode)
        s = mode.session
        rects = mode.scene.panel
        tip = rects.tip
        rad = tip.width / 2
        # A click: the tip where the mouse is (right and above the centre).
        p = (tip.centerx + tip.width // 4, tip.centery - tip.width // 5)
        click(app, p)
        assert abs(s.aim.tip_a - (p[0] - tip.centerx) / rad) < 1e-9
        assert abs(s.aim.tip_b - (tip.centery - p[1]) / rad) < 1e-9
        # A drag from the centre to the right, on over the gauge beside it.
        elevation = s.aim.elevation
        _press(app, tip.center)
        assert abs(s.aim.tip_a) < 1e-9 and abs(s.aim.tip_b) < 1e-9
        for x in range(tip.centerx, rects.elevation.centerx + 1, 3):
            move(app, (x, tip.centery), held=True)
            want = min(MAX_TIP, (x - tip.centerx) / rad)
            assert abs(s.aim.tip_a - want) < 1e-9, (x, s.aim.tip_a, want)
            assert abs(s.aim.tip_b) < 1e-9
        assert s.aim.elevation == elevation, "the drag stays on the tip"
        _release(app, (rects.elevation.centerx, tip.centery))
        assert abs(s.aim.tip_a - MAX_TIP) < 1e-9
        # Past the rim up and left: on the ring, in the mouse's direction.
        _press(app, tip.center)
        move(app, (tip.centerx - 3 * rad, tip.centery - 3 * rad), held=True)
        _release(app, (tip.centerx - 3 * rad, tip.centery - 3 * rad))
        assert abs(s.aim.tip_a + MAX_TIP / 2 ** 0.5) < 1e-6
        assert abs(s.aim.tip_b - MAX_TIP / 2 ** 0.5) < 1e-6
        # The mouse moving on after the release moves nothing.
        move(app, tip.center)
        assert abs(s.aim.tip_a + MAX_TIP / 2 ** 0.5) < 1e-6
        # A right click on the diagram: the centre.
        _press(app, (tip.centerx + 5, tip.centery + 5), button=3)
        _release(app, (tip.centerx + 5, tip.centery + 5), button=3)
        assert (s.aim.tip_a, s.aim.tip_b) == (0.0, 0.0)
        # The stroke struck uses the tip set last: draw, a little left.
        p = (tip.centerx - tip.width // 8, tip.centery + tip.width // 5)
        click(app, p)
        aimed = ((p[0] - tip.centerx) / rad, (tip.centery - p[1]) / rad)
        move(app, mode.layout.table.center)  # back over the table to aim
        key(app, pygame.K_SPACE)
        play = app.mode
        assert isinstance(play, PracticePlayMode)
        assert abs(play.stroke.tip_a - aimed[0]) < 1e-3
        assert abs(play.stroke.tip_b - aimed[1]) < 1e-3
    finally:
        pygame.display.quit()


def test_the_tip_diagram_drags_while_placing_the_cue_ball() -> None:
    """Ball in hand (9-ball, after the break): the diagram is there too, and
    takes a drag and a right click as when aiming."""
    app = make_app()
    try:
        app.switch(ScenarioMode(app, load("9ball-break-pot")))
        frame(app)
        click_button(app, app.t("practice.play"))
        mode = app.mode
        assert isinstance(mode, PracticePlaceMode)
        s = mode.session
        tip = mode.scene.panel.tip
        rad = tip.width / 2
        _press(app, tip.center)
        move(app, (tip.centerx, tip.centery + rad // 2), held=True)
        _release(app, (tip.centerx, tip.centery + rad // 2))
        assert abs(s.aim.tip_b + (rad // 2) / rad) < 1e-9 and abs(s.aim.tip_a) < 1e-9
        _press(app, tip.center, button=3)
        _release(app, tip.center, button=3)
        assert (s.aim.tip_a, s.aim.tip_b) == (0.0, 0.0)
    finally:
        pygame.display.quit()


# -- 3. J in the result view -----------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_j_in_the_practice_result_says_why_there_are_no_calls(lang: str) -> None:
    """J at the table of a match opens the referee's calls (general rules 23
    and 28); in Practice's result view it did nothing. It says in the
    message line why they are not there, after a watched stroke and after
    the player's own."""
    app = make_app(lang, (800, 500))
    try:
        mode = ScenarioMode(app, load("9ball-wrong-ball-first"))
        app.switch(mode)
        frame(app)
        key(app, pygame.K_SPACE)  # watch the recorded stroke
        run_until(app, lambda: mode.phase == "ruling", limit=3000)
        assert app.toast is None
        key(app, pygame.K_j)
        frame(app)
        assert app.toast is not None and app.toast[0] == app.t("practice.no_calls")
        assert "J" in drawn_words(app)
        words = app.t("practice.no_calls").split()
        assert " ".join(words[:2]) in drawn_words(app), "the message is on screen"
        assert not app.dialogs and app.mode is mode
        key(app, pygame.K_ESCAPE)  # the message goes at the next key ...
        own = own_stroke(app, "9ball-legal-pot")  # ... and after the own stroke
        key(app, pygame.K_j)
        frame(app)
        assert app.toast is not None and app.toast[0] == app.t("practice.no_calls")
        assert app.mode is own
    finally:
        pygame.display.quit()


# -- 4. the quiz gives no answer away ---------------------------------------------
def _visible(app: App, mode: QuizMode) -> list[str]:
    """The texts on screen but the answer buttons' own labels."""
    labels = [b.label for b in mode.choice_buttons.values()]
    return [r.text for r in app.texts if not any(r.text in lb for lb in labels)]


def _walk_situation(app: App, mode: QuizMode, lang: str) -> None:
    """Every question of one situation: before it is answered, no text on
    screen (but its answer buttons) says its right answer, nor the
    situation's file nor its own title where it names the foul (the heading
    says the game and what happens); then the first answer, and the next."""
    sc = mode.sc
    names = mode.session.names if mode.session is not None else ()
    title = sc.title.get(lang)
    seen = [_visible(app, mode)]  # the stroke playing
    # (a key's own frames are not drawn where the next frame is read: the
    # sweep's cost is its drawing, and nothing reads those pictures)
    press(app, pygame.K_SPACE, drawn=False)
    for k, q in enumerate(mode.questions):
        assert mode.phase == "asking"
        frame(app)
        seen.append(_visible(app, mode))
        text = " | ".join(t for screen in seen for t in screen).lower()
        assert sc.id not in text
        if k == 0 and sc.question is not None and sc.question.title is not None:
            assert title.lower() not in text, (sc.id, title)
        if k == 0:
            assert mode.side_title == mode.neutral_title()
        if q.kind != "next_shooter":  # a name: on the scoreboard all along
            for a in q.correct:
                words = answer_label(app, q, a, names).lower()
                assert words not in text, (sc.id, q.kind, words)
        if not mode.watched:  # each question's stroke to its last event
            press(app, pygame.K_SPACE, drawn=False)
        press(app, pygame.K_1, drawn=False)
        if q.multiple:
            press(app, pygame.K_RETURN, drawn=False)
        assert mode.phase == "answered"
        frame(app)
        seen.append(_visible(app, mode))  # an answer's reasons: before the next
        press(app, pygame.K_RETURN, drawn=False)
    assert mode.phase == "done"
    frame(app)
    assert title in drawn_words(app), "the title once every question is answered"


@pytest.mark.parametrize("lang", LANGS)
def test_no_quiz_question_shows_its_answer_before_it_is_answered(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every question of every situation of the quiz, from the practice list
    of each game: nothing on screen names the right answer before it is
    given. The sitting's order is not the list's: "Situation 3 of 25" was
    the list's third title, which names the situation's foul."""
    remembered_scans(monkeypatch)
    app = make_app(lang)
    app.go("menu")
    frame(app)
    lib = library()
    try:
        click_button(app, app.t("menu.practice"))
        for disc in ("8-ball", "9-ball", "14.1", "express"):
            assert isinstance(app.mode, PracticeListMode)
            click_button(app, discipline_label(app.locale, disc))
            listed = [e.id for e in lib.by_discipline(disc) if e.has_question]
            click_button(app, app.t("practice.quiz"))
            if getattr(app.mode, "phase", "") == "length":  # all of them
                key(app, pygame.K_2)
                frame(app, n=2)
            order: list[str] = []
            for _ in range(len(listed)):
                mode = app.mode
                assert isinstance(mode, QuizMode) and mode.phase == "asking"
                order.append(mode.sc.id)
                _walk_situation(app, mode, lang)
                press(app, pygame.K_RETURN)  # the next situation, read at once
            assert sorted(order) == sorted(listed)
            same = sum(1 for a, b in zip(order, listed, strict=True) if a == b)
            assert same <= max(1, len(listed) // 5), (disc, same)
            key(app, pygame.K_ESCAPE)  # back to the practice list
            frame(app)
            if app.dialogs:  # (a sitting left before its end asks first)
                click_button(app, app.t("quiz.leave_yes"))
            for _ in range(3):
                app.frame(pygame.event.get(), DT)
    finally:
        pygame.display.quit()
