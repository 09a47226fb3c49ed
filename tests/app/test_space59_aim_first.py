"""Express, two people and a computer seat: after the computer's stroke a
person pressed Space twice and nothing was played and nothing said (the
aim-first guard's message went unseen). A Space the guard refuses says so
in the key line, where it stays until the person aims, at every size, in
both languages, the ruling card open or collapsed; the guard still holds
(a lone Space, however late, strikes nothing unaimed); an aim lifts it."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from tests.app.helpers import (
    count_stick_and_line,
    drawn_words,
    frame,
    key,
    make_app,
    run_until,
)

SIZES = [(800, 500), (1100, 650), (1280, 720)]


def _after_the_computers_stroke(app: App, watch: str = "4") -> Session:
    """Express: the computer breaks (its stroke watched to rest), Anna's
    turn appears after it; well past the settling time."""
    s = Session.new(["Anna", "Boris", "cpu:beginner"], "express",
                    {"race_to": 3, "first_breaker": 2}, app.locale, seed=2)
    s.watch = watch
    app.session = s
    next_step(app)
    run_until(app, lambda: app.mode is not None and app.mode.name == "aiming",
              limit=20000)
    assert getattr(app.previous, "name", "") == "computer_playing"
    return s


def _said(app: App) -> bool:
    """The aim-first words drawn whole, in the key line (full or short)."""
    drawn = drawn_words(app, shown=True, folded=True)
    return any(" ".join(app.t(k).split()) in drawn
               for k in ("hint.aim_first", "hint.aim_first_short"))


CASES = [(lang, size, "open") for lang in ("en", "ru") for size in SIZES] + \
    [("ru", (1100, 650), "collapsed"), ("en", (800, 500), "collapsed")]


@pytest.mark.parametrize(("lang", "size", "card"), CASES)
def test_a_refused_space_is_said_until_the_person_aims(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int],
        card: str) -> None:
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, size)
    try:
        s = _after_the_computers_stroke(app)
        mode = app.mode
        assert s.banner is not None  # the computer's ruling card
        if card == "collapsed":
            mode.toggle_banner()  # type: ignore[union-attr]
        shots = len(s.match.history)
        frame(app, n=70)  # (more than a second after the turn appeared)
        assert not _said(app)
        key(app, pygame.K_SPACE)
        frame(app, n=20)
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        assert app.mode is mode and len(s.match.history) == shots
        assert _said(app), drawn_words(app, shown=True)
        frame(app, n=60 * 8)  # (a message would be gone by now: the line stays)
        assert app.toast is None and _said(app)
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        assert app.mode is mode and len(s.match.history) == shots and _said(app)
        # The person aims: the words go, and Space strikes.
        table = mode.layout.table  # type: ignore[union-attr]
        frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=table.center,
                                      rel=(1, 1), buttons=(0, 0, 0)))
        frame(app)
        assert not _said(app)
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "playing"
        # Struck: "aim first" is over (it stayed up while the balls ran).
        assert app.toast is None or app.toast[0] != app.t("evening.aim_first")
    finally:
        pygame.display.quit()


def test_space_in_the_settling_moment_says_aim_first_over_another_message(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A Space at once after the computer's stroke, another message on
    show: "too soon" kept that message and said nothing of this press; the
    aim-first words say what to do."""
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app("ru", (1100, 650))
    try:
        s = _after_the_computers_stroke(app)
        shots = len(s.match.history)
        app.inform("Boris: 30", 5.0)
        key(app, pygame.K_SPACE)
        assert app.mode is not None and app.mode.name == "aiming"
        assert len(s.match.history) == shots
        assert app.toast is not None and app.toast[0] == app.t("evening.aim_first")
        assert _said(app)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize(("lang", "size"), [("ru", (1100, 650)), ("en", (800, 500))])
def test_no_stick_or_aim_line_is_shown_until_the_person_aims(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    """The stick and the aim line stood on the table while Space refused to
    play them ("move the mouse to aim first" beside an aim on show): until
    the person aims, neither is drawn; the first move draws both, and Space
    then plays what they show."""
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    sticks, lines = count_stick_and_line(monkeypatch)
    app = make_app(lang, size)
    try:
        s = _after_the_computers_stroke(app)
        mode = app.mode
        frame(app, n=70)
        sticks.clear()
        lines.clear()
        frame(app, n=3)
        assert not sticks and not lines
        table = mode.layout.table  # type: ignore[union-attr]
        frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=table.center,
                                      rel=(1, 1), buttons=(0, 0, 0)))
        frame(app, n=2)
        assert sticks and lines
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "playing"
        assert s.aim.angle == pytest.approx(sticks[-1])  # the stick shown
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("speed_key", [pygame.K_2, pygame.K_0, pygame.K_TAB])
def test_a_watch_speed_key_does_not_arm_the_old_aim(
        monkeypatch: pytest.MonkeyPatch, speed_key: int) -> None:
    """A 2 (the computer's watch speed, pressed for the turn just ended)
    lifted the aim-first guard: the stick came back with the last turn's
    aim and Space struck it, a foul the player never aimed. Keys that aim
    nothing keep the guard; the stick stays away and Space strikes nothing."""
    from simulator.app.match import computer
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app("ru", (800, 500))
    try:
        s = _after_the_computers_stroke(app)
        mode = app.mode
        frame(app, n=70)
        shots = len(s.match.history)
        key(app, speed_key)
        frame(app, n=3)
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        assert app.mode is mode and len(s.match.history) == shots
        assert mode.aim_first  # type: ignore[union-attr]
        assert _said(app)
    finally:
        pygame.display.quit()
