"""An idle window rests: the menu and the table being aimed with the mouse
still are not drawn and shown 60 times a second (a core kept busy), yet input
is drawn in the pass it comes, timers keep time and a computer thinks at full
pace (drawn a few times a second while it thinks). Driven through
``App.run`` itself, its clock and events scripted."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import frame, make_app, scenario_match

PASS_MS = 1000 / 60
EventScript = Callable[[int], list[pygame.event.Event]]


class Loop:
    """``App.run`` for ``passes`` passes of 1/60 s without sleeping: the
    frames drawn and the pictures shown (flips), by pass."""

    def __init__(self, app: App, monkeypatch: pytest.MonkeyPatch) -> None:
        self.app = app
        self.flips: list[int] = []
        self.drawn: list[int] = []
        self.at = 0
        loop = self

        class Clock:
            def tick(self, framerate: int = 0) -> float:
                loop.at += 1
                return PASS_MS

        self.modes: dict[int, str] = {}  # the screen each frame drew
        real_draw = app.draw

        def draw() -> None:
            self.drawn.append(self.at)
            thinking = getattr(app.mode, "phase", "") == "thinking"
            self.modes[self.at] = getattr(app.mode, "name", "") + \
                (" thinking" if thinking else "")
            real_draw()

        monkeypatch.setattr(app, "clock", Clock())
        monkeypatch.setattr(app, "draw", draw)
        monkeypatch.setattr(pygame.display, "flip", lambda: self.flips.append(self.at))
        self.monkeypatch = monkeypatch

    def run(self, passes: int, events: EventScript | None = None) -> None:
        end = self.at + passes

        def get() -> list[pygame.event.Event]:
            if self.at >= end:
                self.app.running = False
            return events(self.at) if events is not None else []

        self.monkeypatch.setattr(pygame.event, "get", get)
        self.app.running = True
        self.app.run()

    def count(self, what: list[int], start: int) -> int:
        return sum(1 for p in what if p > start)


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                              buttons=(0, 0, 0))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_idle_menu_rests_and_a_hover_shows_at_once(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(lang)
    app.go("menu")
    frame(app)
    loop = Loop(app, monkeypatch)
    loop.run(600)  # ten seconds with nothing done
    # Half a second at the full rate, then a frame every 1/12 s; the
    # picture, the same all along, is shown once.
    assert loop.count(loop.drawn, 30) <= 9.5 * 12 + 2, len(loop.drawn)
    assert len(loop.flips) <= 1, loop.flips
    # The mouse onto a button: drawn and shown in the very pass it came.
    from pygame_gui.elements import UIButton
    button = next(el for el in app.gui.get_sprite_group().sprites()
                  if isinstance(el, UIButton) and el.visible)
    moved_at = loop.at + 1
    loop.run(3, lambda at: [motion(button.rect.center)] if at == moved_at else [])
    assert moved_at in loop.drawn and moved_at in loop.flips
    assert app.mouse == button.rect.center


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_aim_left_alone_is_not_worked_out_sixty_times_a_second(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from simulator.app.screens import aiming
    app = make_app(lang)
    scenario_match(app, "9-ball", {0: (0.5, 0.6), 1: (1.2, 0.7), 9: (2.0, 0.3)})
    frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=(700, 350), rel=(0, 0),
                                  buttons=(0, 0, 0)))
    guides: list[int] = []
    real = aiming.guide
    monkeypatch.setattr(aiming, "guide", lambda *a: guides.append(1) or real(*a))
    frame(app)
    each = len(guides)  # the aim worked out this often a frame
    guides.clear()
    app.inform(app.t("save.autosave_back"), 3.0)
    loop = Loop(app, monkeypatch)
    loop.run(600)
    # Full rate for half a second after the message came and after it
    # went, else a frame every 1/12 s (600 at 60 a second).
    assert len(loop.drawn) <= 60 + 9 * 12 + 4, len(loop.drawn)
    assert len(guides) == each * len(loop.drawn)
    # The message went when its 3 s were up, and the window showed it going.
    assert app.toast is None
    assert any(170 <= p <= 200 for p in loop.flips), loop.flips
    assert len(loop.flips) <= 3, loop.flips


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_computer_thinks_and_plays_at_full_pace(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from rules.referee import Match
    from simulator.app.match.session import Session
    from simulator.app.match.turns import next_step
    from simulator.practice.scenario import parse_scenario
    app = make_app(lang)
    draft = {"format": "kiy-scenario", "version": 1, "id": "idle", "discipline":
             "9-ball", "players": 2, "title": {"en": "Idle", "ru": "Покой"},
             "balls": {"0": [0.5, 0.6], "1": [1.2, 0.7], "9": [2.0, 0.3]},
             "state": {"is_break": False}}
    m = Match.from_state(["cpu:club:Gordon", "Anna"], "9-ball",
                         parse_scenario(draft).game, {}, seed=1)
    app.session = Session(m, app.locale)
    next_step(app)
    loop = Loop(app, monkeypatch)
    loop.run(900)
    # Its search goes on every pass, a picture every THINK_STEP (nothing
    # moves; drawing each pass took much of the thinking's time); its
    # decision shown and its shot: a frame every pass, the stroke on time;
    # then Anna's turn, left alone, rests.
    busy = [p for p, name in loop.modes.items()
            if name in ("computer", "computer_playing")]
    assert busy and busy == list(range(busy[0], busy[-1] + 1)), busy
    thinking = [p for p in loop.drawn if p < busy[0]]
    assert all(loop.modes[p] == "computer thinking" for p in thinking)
    assert len(thinking) <= busy[0] / 15 + 1, (thinking, busy)
    assert loop.modes[loop.drawn[-1]] not in ("computer", "computer_playing")
    assert loop.count(loop.drawn, busy[-1] + 60) <= (900 - busy[-1]) / 5
