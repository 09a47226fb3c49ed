"""Play-test 35: a match's replay stepped with "," and "." past the line
crossings a click shows (from the foul at 0.435 s to 2.686 s); a first
contact sharing the foul's mark was never said; the timeline said "8
touches a rail" for the 8; the quiz said "the game is lost" before asking
which rule; «Один вариант на выбор»; a load row ended a line with "·".
Driven through the window's loop with keys, read as drawn."""

from __future__ import annotations

import dataclasses
import re

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.replay.shotmarks import Mark
from simulator.app.replay.timeline import mark_label, step_marks
from simulator.app.screens.replay import ReplayMode
from simulator.app.text import ui
from simulator.table.events import EventKind
from tests.app.helpers import answer as answer_right
from tests.app.helpers import (
    drawn_lines,
    drawn_words,
    frame,
    key,
    make_app,
    quiz_ready,
    run_until,
    scenario_match,
)


def foul_replay(app: App) -> ReplayMode:
    """Anna (solids) from behind the head string hits the 9 first, a foul
    (8-ball 8) at the first contact, the cue ball crossing the head string
    and the centre line on its way; R opens the replay, paused at the foul."""
    scenario_match(app, "8-ball", {0: (0.5, 0.7), 9: (1.6, 0.7), 1: (2.2, 0.2),
                                   8: (2.0, 1.1)})
    s = app.session
    assert s is not None
    s.aim = dataclasses.replace(s.aim.with_power(0.5), angle=0.0)  # at the 9
    key(app, pygame.K_SPACE)
    run_until(app, lambda: app.mode is not None and app.mode.name != "playing")
    key(app, pygame.K_r)
    replay = app.mode
    assert isinstance(replay, ReplayMode)
    frame(app)
    return replay


def walk(app: App, replay: ReplayMode, k: int, mod: int = 0) -> list[float]:
    """The times "," or "." (with ``mod``) stops at, one press after
    another, till it stands."""
    pb = replay.playback
    stops: list[float] = []
    for _ in range(len(replay.show.marks.marks) + 3):
        key(app, k, mod)
        frame(app)
        assert pb.paused  # a step pauses: the replay never seems to go on
        if stops and pb.time == stops[-1]:
            break
        stops.append(pb.time)
    return stops


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_step_keys_stop_on_every_mark_of_a_match_replay(lang: str) -> None:
    """Shift+"." from the start of a match's replay stops on each mark the
    timeline draws, the line crossings too, in order, as the gallery's do;
    Shift+"," walks them back one by one; a step while it plays pauses
    there (a plain "." at the next contact)."""
    app = make_app(lang)
    try:
        replay = foul_replay(app)
        marks = replay.show.marks.marks
        lines = [m for m in marks if m.kind is EventKind.LINE_CROSSED]
        assert len(lines) >= 2, [m.kind for m in marks]
        expected = step_marks(marks, every=True)
        key(app, pygame.K_HOME)
        pb = replay.playback
        pb.paused = True
        pb.seek(min(m.time for m in marks) - 1e-3)
        forward = walk(app, replay, pygame.K_PERIOD, pygame.KMOD_SHIFT)
        assert forward == [pytest.approx(min(m.time, pb.end_time), abs=1e-9)
                           for m in expected]
        assert all(any(abs(t - m.time) < 1e-9 for t in forward) for m in lines)
        back = walk(app, replay, pygame.K_COMMA, pygame.KMOD_SHIFT)
        assert back == forward[-2::-1]
        # Playing from the start: "." stops at the first mark ahead, paused.
        key(app, pygame.K_HOME)
        if pb.paused:
            key(app, pygame.K_SPACE)
        frame(app, n=3)
        assert not pb.paused
        now = pb.time
        key(app, pygame.K_PERIOD)
        assert pb.paused
        ahead = [m.time for m in step_marks(marks) if m.time > now + 1e-6]
        assert pb.time == pytest.approx(ahead[0], abs=1e-9)
        assert not app.errors
    finally:
        pygame.display.quit()


def at_foul(app: App, replay: ReplayMode) -> Mark:
    """The replay stood on its foul's mark (the first contact here)."""
    m = next(m for m in replay.show.marks.marks if m.foul)
    replay.show.jump(m)
    frame(app)
    return m


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_first_contact_on_the_fouls_mark_is_said_with_the_foul(lang: str) -> None:
    """The foul (the 9 hit first, 8-ball 8) is at the first contact: stood on
    its mark, the timeline says both what happened there and the foul."""
    app = make_app(lang)
    try:
        replay = foul_replay(app)
        m = at_foul(app, replay)
        assert m.first_contact
        label = mark_label(app.locale, replay.show.spec, m)
        foul = replay.show.fouls[m.event_index][0]
        line = next(t for t in drawn_lines(app) if foul in t)
        assert label in line, (label, line)
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_two_marks_at_one_time_are_both_said(lang: str) -> None:
    """Two events at one time (put here: a line crossing at the first
    contact's time): stood on either mark, the words name both."""
    app = make_app(lang)
    try:
        replay = foul_replay(app)
        show = replay.show
        ms = list(show.marks.marks)
        line = next(m for m in ms if m.kind is EventKind.LINE_CROSSED)
        other = next(m for m in ms if m.kind is EventKind.BALL_CUSHION)
        moved = dataclasses.replace(line, time=other.time)
        ms[ms.index(line)] = moved
        show.marks.marks = tuple(sorted(ms, key=lambda m: m.time))
        words = [mark_label(app.locale, show.spec, m) for m in (moved, other)]
        for m in (moved, other):
            show.jump(m)
            frame(app)
            shown = drawn_words(app)
            assert all(w in shown for w in words), (words, shown)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize(("lang", "the_9", "cue"), [("en", "the 9", "cue ball"),
                                                    ("ru", "шар 9", "биток")])
def test_the_timeline_names_a_ball_as_a_ball(lang: str, the_9: str, cue: str) -> None:
    """Every event of the shot in words names a ball «шар 9» / "the 9",
    never a bare number («9 касается борта» read as a count)."""
    app = make_app(lang)
    try:
        replay = foul_replay(app)
        show = replay.show
        said = []
        for m in show.marks.marks:
            show.jump(m)
            frame(app)
            label = mark_label(app.locale, show.spec, m)
            assert any(label in t for t in drawn_lines(app)), label
            said.append(label)
        text = "\n".join(said)
        assert the_9 in text and cue in text, text
        # A number not after «шар» / "the", nor a speed's figures, nor the
        # tip's time on the ball.
        bare = re.compile(r"(?<!шар )(?<!the )(?<![\d,.])\b[1-9]\d?\b"
                          r"(?![,.]\d| ?(m/s|м/с|ms|мс))")
        assert not [s for s in said if bare.search(s)], said
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("answer", ["yes", "no"])
def test_the_quiz_says_the_game_is_lost_with_the_rules_answer(lang: str,
                                                              answer: str) -> None:
    """The 8 and the cue ball pocketed together (8-ball 15: a foul that loses
    the game): the answer to "Was it a foul?" says it was one, not yet what
    was seen or that the game is lost (the next question, "Which rule?",
    would be answered); the loss and what was seen are said with the rule's
    answer."""
    from simulator.practice.quiz import NO, YES
    from tests.app.test_quiz43_reveals import answer_foul
    app = make_app(lang)
    try:
        mode = answer_foul(app, "8ball-eight-and-scratch",
                           YES if answer == "yes" else NO)
        assert mode.questions[mode.k + 1].kind == "rule"
        lost = app.t("quiz.loss_and_foul", loss="").strip()
        text = drawn_words(app, folded=True)
        assert lost not in text, text
        assert mode.seen_words() and mode.seen_words() not in text, text
        assert app.t("quiz.rule_next") in text
        key(app, pygame.K_RETURN)
        assert mode.question.kind == "rule"
        quiz_ready(app)  # (every play before an answer waits for its end)
        # (the foul and the loss: "choose all that apply", both ticked)
        assert mode.question.multiple
        answer_right(app, mode)
        text = drawn_words(app, folded=True)
        assert lost in text, text
        assert mode.seen_words() in text, text
        assert not app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize(("lang", "heading"), [
    ("en", "The choices (Express rule 2.6):"),
    ("ru", "На выбор («Экспресс», п.\u00a02.6):")])
def test_the_choice_heading_reads_naturally(monkeypatch: pytest.MonkeyPatch,
                                            lang: str, heading: str) -> None:
    """Express 2.6, the computer choosing after Anna's foul: the options'
    heading is «На выбор (… п. 2.6):», not «Один вариант на выбор (…):»."""
    from tests.app.test_words40 import (
        express_anna_fouls_gordon_chooses,
        flat,
    )
    monkeypatch.setattr("simulator.app.match.computer.THINK_SLICE", 0.0)
    app = make_app(lang)
    try:
        s = express_anna_fouls_gordon_chooses(app)
        assert s.banner is not None
        assert heading in list(s.banner.next)
        assert flat(heading) in flat(drawn_words(app, "side"))
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_row_of_the_load_list_ends_with_a_separator(lang: str) -> None:
    """A shot played (the autosave written), the load list opened: its
    autosave row, wrapped at any width, never ends a line with "·" (it
    said «… · 0 : 3 ·» over the date); the row as drawn too."""
    app = make_app(lang, (800, 500))
    try:
        scenario_match(app, "8-ball", {0: (0.5, 0.7), 1: (1.6, 0.7), 9: (2.2, 0.2)})
        s = app.session
        assert s is not None
        key(app, pygame.K_SPACE)
        run_until(app, lambda: bool(s.match.history), limit=6000)
        frame(app, n=2)
        app.session = None
        app.go("load")
        frame(app, n=8)
        load = app.mode
        row = load.row_text(load.paths[0])  # type: ignore[attr-defined]
        assert app.t("load.autosave") in row
        for width in range(120, 900, 3):
            lines = ui.wrap(row, 14, width)
            assert not [ln for ln in lines if ln.rstrip().endswith("·")], (width, lines)
        drawn = drawn_lines(app)
        shown = [t for t in drawn if t.strip() and row.startswith(t.strip()[:8])]
        assert shown and not any(t.rstrip().endswith("·") for t in drawn)
        assert not app.errors
    finally:
        pygame.display.quit()
