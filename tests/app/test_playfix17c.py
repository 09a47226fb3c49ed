"""Play-test 17c: the power a short pull strikes with, the pull's scale off
the balls, the stick in a stepped replay, the ruling card's "N more" count,
and the quiz's titles."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.aiming import SHORT_PULL_PX
from simulator.app.screens.playing import PlayMode
from simulator.app.table.aim import Aim
from tests.app.helpers import click, frame, key, move
from tests.app.test_pull_back import aiming_app, behind, power_line, press


def metres_of(app: App, px: float) -> float:
    return px / app.mode.scene.view.px(1.0)  # type: ignore[union-attr]


def pull_and_release(app: App, px: float) -> None:
    """A press behind the cue ball, a pull of ``px`` pixels back along the
    aim, and the release."""
    start = 0.05
    press(app, behind(app, start))
    move(app, behind(app, start + metres_of(app, px)), held=True)
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP,
                                  pos=behind(app, start + metres_of(app, px)),
                                  button=1))


def struck_speed(app: App) -> float:
    mode = app.mode
    assert isinstance(mode, PlayMode), mode
    return mode.stroke.speed


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (800, 500))])
def test_a_short_pull_strikes_at_the_power_the_keys_set(
        lang: str, size: tuple[int, int]) -> None:
    app = aiming_app(lang, size)
    s = app.session
    assert s is not None
    for _ in range(20):
        key(app, pygame.K_UP)
    frame(app)
    set_power = s.aim.power
    shown = power_line(app)
    assert set_power > 0.6
    start = 0.05
    press(app, behind(app, start))
    move(app, behind(app, start + metres_of(app, SHORT_PULL_PX - 6)), held=True)
    # While the short pull is held the power drawn is still the one set.
    assert power_line(app) == shown
    frame(app, pygame.event.Event(
        pygame.MOUSEBUTTONUP, button=1,
        pos=behind(app, start + metres_of(app, SHORT_PULL_PX - 6))))
    assert struck_speed(app) == Aim(power=set_power).stroke().speed
    pygame.display.quit()


def test_a_short_pull_strikes_at_the_power_the_bar_set() -> None:
    app = aiming_app("en")
    s = app.session
    assert s is not None
    bar = app.mode.scene.panel.power  # type: ignore[union-attr]
    click(app, (bar.left + int(bar.width * 0.8), bar.centery))
    set_power = s.aim.power
    assert set_power > 0.7
    pull_and_release(app, SHORT_PULL_PX - 4)
    assert struck_speed(app) == Aim(power=set_power).stroke().speed
    pygame.display.quit()


def test_a_long_pull_strikes_at_the_power_it_showed() -> None:
    app = aiming_app("en")
    s = app.session
    assert s is not None
    for _ in range(20):
        key(app, pygame.K_UP)
    start, px = 0.05, 4 * SHORT_PULL_PX
    press(app, behind(app, start))
    move(app, behind(app, start + metres_of(app, px)), held=True)
    shown_power = s.aim.power
    shown = power_line(app)
    assert shown_power < 0.5  # the pull's own power, not the keys'
    frame(app, pygame.event.Event(
        pygame.MOUSEBUTTONUP, button=1,
        pos=behind(app, start + metres_of(app, px))))
    assert struck_speed(app) == Aim(power=shown_power).stroke().speed
    assert app.t("panel.power") in shown
    pygame.display.quit()


def pull_scale_rects(app: App) -> list[pygame.Rect]:
    """Where the lines of the pull's scale are drawn this frame."""
    from simulator.app.text import ui
    mode = app.mode
    assert mode is not None and app.mouse is not None
    full = mode.full_pull()  # type: ignore[attr-defined]
    pulled = max(0.0, min(full, mode.pulled_px(app.mouse)))  # type: ignore[attr-defined]
    scale = app.t("pull.scale", px=round(pulled), full=round(full),
                  max=app.locale.num(11.0, 0))
    speed = app.t("evening.cue_ball_speed",
                  v=app.locale.num(mode.aim.speed, 1),  # type: ignore[attr-defined]
                  b=app.locale.num(mode.ball_speed(), 1))  # type: ignore[attr-defined]
    out = [t.rect for t in ui.FRAME.texts if t.text in (scale, speed)]
    assert len(out) == 2, [t.text for t in ui.FRAME.texts]
    return out


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (800, 500))])
def test_the_pull_scale_is_drawn_off_the_cloth(lang: str,
                                               size: tuple[int, int]) -> None:
    app = aiming_app(lang, size)
    view = app.mode.scene.view  # type: ignore[union-attr]
    bed = view.bed_rect()
    press(app, behind(app, 0.02))
    for k in (0.1, 0.2, 0.35, 0.5):
        move(app, behind(app, k), held=True)
        for r in pull_scale_rects(app):
            assert not r.colliderect(bed), (k, r, bed)
            assert app.screen.get_rect().contains(r)
    pygame.display.quit()


def test_stepping_the_contacts_shows_the_stick_at_the_strike_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """"." from contact to contact of a match's replay: the stick is drawn
    at the strike with its tip on the cue ball; at the contacts after it
    (the 1 met, a cushion) no stick: it lay where the cue ball had stood."""
    from simulator.app.replay import table_marks
    from simulator.app.screens.replay import ReplayMode
    from simulator.table.events import EventKind
    from tests.app.helpers import make_app, run_until, scenario_match
    app = make_app("en")
    drawn: list[table_marks.StickAt] = []
    real = table_marks.draw_stick

    def spy(surface: pygame.Surface, view: object, at: table_marks.StickAt) -> None:
        drawn.append(at)
        real(surface, view, at)  # type: ignore[arg-type]

    monkeypatch.setattr(table_marks, "draw_stick", spy)
    scenario_match(app, "8-ball", {0: (0.6, 0.7), 1: (1.4, 0.7), 2: (2.0, 1.0),
                                   9: (2.3, 0.3)})
    s = app.session
    assert s is not None
    s.aim = s.aim.with_power(0.6)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: app.mode is not None and app.mode.name != "playing")
    key(app, pygame.K_r)
    replay = app.mode
    assert isinstance(replay, ReplayMode)
    cue = replay.show.marks.cue
    kinds = []
    for _ in range(4):
        key(app, pygame.K_PERIOD)
        drawn.clear()
        frame(app)
        m = replay.show.selected
        assert m is not None
        kinds.append(m.kind)
        if m.kind is EventKind.STROKE:
            assert len(drawn) == 1
            assert (drawn[0].x, drawn[0].y) == pytest.approx(cue.origin, abs=1e-6)
        else:
            assert drawn == [], (m.kind, m.time)
    assert kinds[:3] == [EventKind.STROKE, EventKind.BALL_BALL,
                         EventKind.BALL_CUSHION]
    pygame.display.quit()
