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
from tests.app.helpers import frame, key, make_app, run_until, scenario_match


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


def walk(app: App, replay: ReplayMode, k: int) -> list[float]:
    """The times "," or "." stops at, one press after another, till it
    stands."""
    pb = replay.playback
    stops: list[float] = []
    for _ in range(len(replay.show.marks.marks) + 3):
        key(app, k)
        frame(app)
        assert pb.paused  # a step pauses: the replay never seems to go on
        if stops and pb.time == stops[-1]:
            break
        stops.append(pb.time)
    return stops


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_step_keys_stop_on_every_mark_of_a_match_replay(lang: str) -> None:
    """"." from the start of a match's replay stops on each mark the timeline
    draws, the line crossings too, in order, as the gallery's do; ","
    walks them back one by one; a step while it plays pauses there."""
    app = make_app(lang)
    try:
        replay = foul_replay(app)
        marks = replay.show.marks.marks
        lines = [m for m in marks if m.kind is EventKind.LINE_CROSSED]
        assert len(lines) >= 2, [m.kind for m in marks]
        expected = step_marks(marks, all_kinds=True)
        key(app, pygame.K_HOME)
        pb = replay.playback
        pb.paused = True
        pb.seek(min(m.time for m in marks) - 1e-3)
        forward = walk(app, replay, pygame.K_PERIOD)
        assert forward == [pytest.approx(min(m.time, pb.end_time), abs=1e-9)
                           for m in expected]
        assert all(any(abs(t - m.time) < 1e-9 for t in forward) for m in lines)
        back = walk(app, replay, pygame.K_COMMA)
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
        ahead = [m.time for m in expected if m.time > now + 1e-6]
        assert pb.time == pytest.approx(ahead[0], abs=1e-9)
        assert not app.errors
    finally:
        pygame.display.quit()


def drawn(app: App) -> list[str]:
    return [t.text for t in ui.FRAME.texts]


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
        line = next(t for t in drawn(app) if foul in t)
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
            shown = " ".join(drawn(app))
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
            assert any(label in t for t in drawn(app)), label
            said.append(label)
        text = "\n".join(said)
        assert the_9 in text and cue in text, text
        # A number not after «шар» / "the", nor a speed's figures.
        bare = re.compile(r"(?<!шар )(?<!the )(?<![\d,.])\b[1-9]\d?\b"
                          r"(?![,.]\d| ?(m/s|м/с))")
        assert not [s for s in said if bare.search(s)], said
    finally:
        pygame.display.quit()
