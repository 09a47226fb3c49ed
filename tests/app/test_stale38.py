"""Play-test 38: a card that no longer applies goes (what an undo took back,
once the next stroke is played); Express's full reading of a foul explains
that foul, not the break."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame
import pytest

from simulator.app.dialogs.base import Dialog
from simulator.app.dialogs.card_reader import CardReader
from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.screens.quiz import QuizMode
from tests.app.helpers import (
    click_button,
    drawn_words,
    frame,
    key,
    make_app,
    move,
    run_until,
    scenario_match,
    watched_session,
)
from tests.app.scenes import LANGS
from tests.app.test_playfix17b import BALLS, _point, _stroke
from tests.app.test_playfix17d_keys import strip_text
from tests.app.test_quiz41_reveals import remembered_scans

KEYS = {"Enter": pygame.K_RETURN, "R": pygame.K_r, "Esc": pygame.K_ESCAPE,
        "Space": pygame.K_SPACE}


# -- 1. the undo's card and toast go with the next stroke -----------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_taken_back_card_goes_with_the_next_stroke(lang: str) -> None:
    """Anna plays, takes it back (U): "Taken back" is on the card and the
    toast names the stroke undone. She plays again at once: while the balls
    run nothing says the stroke was taken back, and after it the column
    shows the new stroke's ruling, not the undo's card."""
    app = make_app(lang)
    try:
        scenario_match(app, "9-ball", BALLS)
        s = app.session
        assert s is not None
        _stroke(app, s)
        key(app, pygame.K_u)
        frame(app)
        undone = app.t("undo.said.done", steps=app.t("undo.said.shot", name="Anna"))
        title = app.t("undo.card_title")
        assert undone in drawn_words(app) and title in drawn_words(app, "side")
        steps = len(s.match.history)
        lowest = min(b for b in s.table.on_table() if b != 0)
        move(app, _point(app.mode, *s.table.position(lowest)))
        key(app, pygame.K_SPACE)
        frame(app)
        assert app.mode is not None and app.mode.name == "playing"
        assert undone not in drawn_words(app) and title not in drawn_words(app, "side")
        run_until(app, lambda: len(s.match.history) > steps and app.mode is not None
                  and app.mode.name in ("aiming", "placing"), limit=1500)
        frame(app)
        assert s.banner is not None and s.banner.title in drawn_words(app, "side")
        assert undone not in drawn_words(app) and title not in drawn_words(app, "side")
    finally:
        pygame.display.quit()



@pytest.mark.parametrize("lang", LANGS)
def test_a_cancelled_strokes_toast_goes_when_the_next_stroke_is_played(
        lang: str) -> None:
    """A pull eased back to the ball: "Stroke cancelled" is said. Space
    then plays the stroke at once: while it runs the toast is gone."""
    from tests.app.test_pull_back import aiming_app, release
    from tests.app.test_stroke_forward import glide, pull_to
    app = aiming_app(lang, (1280, 720))
    try:
        pull_to(app, 0.6)
        release(app, glide(app, 0.6, -0.1, 0.01))
        said = app.t("pull.came_back")
        frame(app)
        assert said in drawn_words(app)
        key(app, pygame.K_SPACE)
        frame(app)
        assert app.mode is not None and app.mode.name == "playing"
        assert said not in drawn_words(app) and app.toast is None
    finally:
        pygame.display.quit()

# -- 2. Express: V reads the foul that happened, the break only on the break ----

def _express_at(app: App, balls: dict[int, tuple[float, float]] | None) -> Session:
    """Anna, Boris and Vera at Express: a fresh rack (the break), or
    mid-rack at ``balls``; Anna at the table, the cue ball placed."""
    from rules.referee import Match
    from simulator.practice.scenario import parse_scenario
    names = ["Anna", "Boris", "Vera"]
    if balls is None:
        s = watched_session(app, names, "express", {})
        key(app, pygame.K_RETURN)  # the cue ball in the house where it is shown
    else:
        draft = {"format": "kiy-scenario", "version": 1, "id": "position",
                 "discipline": "express", "players": 3,
                 "title": {"en": "Position", "ru": "Позиция"},
                 "balls": {str(b): list(p) for b, p in balls.items()},
                 "state": {"is_break": False}}
        m = Match.from_state(names, "express", parse_scenario(draft).game, {}, seed=1)
        s = watched_session(app, names, "express", {}, state=m.state)
    frame(app)
    assert app.mode is not None and app.mode.name == "aiming"
    return s


def _miss_everything_and_read(app: App, s: Session) -> list[str]:
    """Anna strikes softly away from every ball (the arrow keys turn the
    cue to the head cushion); the decision card comes; V reads it whole."""
    s.aim = dataclasses.replace(s.aim, angle=180.0, power=0.3)
    s.held_angle, s.preset_angle = 180.0, None
    key(app, pygame.K_SPACE)
    run_until(app, lambda: bool(s.match.history) and bool(app.dialogs), limit=2000)
    frame(app)
    assert isinstance(app.dialogs[-1], Dialog) and app.dialogs[-1].kind == "choice"
    key(app, pygame.K_v)
    frame(app)
    reader = app.dialogs[-1]
    assert isinstance(reader, CardReader), reader
    assert reader.banner.all_lines[-1].split()[-1] in drawn_words(app)
    # (as read: the reader's no-break spaces are spaces to a person)
    return [ln.replace("\xa0", " ") for ln in
            (reader.banner.title, *reader.banner.all_lines)]


@pytest.mark.parametrize("lang", LANGS)
def test_express_full_reading_of_a_stroke_foul_names_its_rule_not_the_break(
        lang: str) -> None:
    """Mid-rack, Anna's cue ball hits no ball: SEED-E 2.6 item 4 (an illegal
    stroke on an object ball). V on the decision card explains that foul,
    citing 2.6 item 4, and says nothing of a legal break (item 5)."""
    app = make_app(lang)
    try:
        s = _express_at(app, {0: (0.9, 0.62), 1: (1.6, 0.55), 2: (1.9, 0.9)})
        said = _miss_everything_and_read(app, s)
        assert s.last_ruling is not None
        assert [f.code.ref.rule for f in s.last_ruling.fouls] == ["2.6.4"]
        reading = app.t("ruling.reading", text="").strip()
        item4 = "п. 2.6, подп. 4" if lang == "ru" else "2.6, item 4"
        why = [ln for ln in said if reading in ln]
        assert any(item4 in ln for ln in why), said
        breaks = "разбити" if lang == "ru" else "break"
        assert breaks not in " ".join(said).lower(), why
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_express_full_reading_of_a_break_foul_explains_the_break(lang: str) -> None:
    """On the break the same miss is an illegal break (SEED-E 2.6 item 5):
    V still explains what a legal break is."""
    app = make_app(lang)
    try:
        s = _express_at(app, None)
        said = _miss_everything_and_read(app, s)
        assert s.last_ruling is not None
        assert [f.code.ref.rule for f in s.last_ruling.fouls] == ["2.6.5"]
        assert app.t("ruling.reading", text=app.t("reading.G12")) in said
    finally:
        pygame.display.quit()


# -- 3. the quiz's answered page names its keys, and they work -------------------

def _answered_quiz(lang: str) -> tuple[App, QuizMode]:
    """Practice, Referee quiz from the main menu; the stroke to its end
    (Space), the first answer given by its number key."""
    app = make_app(lang)
    app.go("menu")
    frame(app)
    click_button(app, app.t("menu.practice"))
    frame(app)
    click_button(app, app.t("practice.quiz"))
    frame(app, n=2)
    mode = app.mode
    assert isinstance(mode, QuizMode)
    if mode.phase == "length":  # the sitting's length: all
        key(app, pygame.K_2)
        frame(app, n=2)
    key(app, pygame.K_SPACE)
    frame(app, n=2)
    key(app, pygame.K_1)
    frame(app, n=3)
    assert mode.phase == "answered"
    return app, mode


def _named_keys(app: App) -> set[str]:
    """The keys the page names: the caps on its buttons and the key line."""
    # ("Enter/Space": either key goes on)
    caps = {{"Пробел": "Space"}.get(k, k) for b in app.buttons
            if b.enabled and b.key for k in b.key.split("/")}
    line = strip_text(app)
    return caps | {k for k in ("Enter", "R", "Esc", "Space") if f"{k}:" in line}


@pytest.mark.parametrize("lang", LANGS)
def test_the_quiz_answer_page_names_its_keys_and_each_works(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """After an answer the page names Enter (on), R (watch again) and Esc
    (back), as the question's page named its keys; each does what it says:
    Enter moves on, R plays the stroke again, Esc leaves the quiz."""
    remembered_scans(monkeypatch)  # five quizzes opened
    app, mode = _answered_quiz(lang)
    try:
        named = _named_keys(app)
        assert {"Enter", "R", "Esc"} <= named, named
    finally:
        pygame.display.quit()
    works: dict[str, Callable[[App, QuizMode], bool]] = {
        "Enter": lambda a, m: m.phase != "answered" or a.mode is not m,
        "R": lambda a, m: m.player is not None and not m.player.done,
        "Esc": lambda a, m: not isinstance(a.mode, QuizMode),
        # (Space goes on from the card as Enter does)
        "Space": lambda a, m: m.phase != "answered" or a.mode is not m}
    for name in sorted(named):
        app, mode = _answered_quiz(lang)
        try:
            key(app, KEYS[name])
            frame(app, n=2)
            if name == "Esc":  # (a sitting with answers asks before it is left)
                assert app.dialogs and isinstance(app.mode, QuizMode)
                click_button(app, app.t("quiz.leave_yes"))
                frame(app, n=2)
            assert works[name](app, mode), name
            assert not app.errors
        finally:
            pygame.display.quit()
