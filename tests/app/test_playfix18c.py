"""Play-test 18c: a full-power pull back a third of the table long at any
window size, and its scale kept off the cloth, the pockets, the scoreboard
and the side column."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.aiming import AimMode
from simulator.app.screens.playing import PlayMode
from simulator.app.table.aim import MAX_SPEED
from simulator.app.table.render import pocket_rects
from tests.app.helpers import frame, make_app, move, scenario_match
from tests.app.test_pull_back import press

SIZES = [("en", (1280, 720)), ("ru", (800, 500))]


def aimed_at(app: App, cue: tuple[float, float],
             target: tuple[float, float]) -> AimMode:
    """Anna at a set position, the cue ball at ``cue``, the mouse aiming
    at the table point ``target``."""
    mode = scenario_match(app, "9-ball", {0: cue, 1: (0.8, 1.05), 9: (2.3, 1.1)})
    move(app, mode.scene.view.to_screen(*target))
    return mode


def back(app: App, metres: float) -> tuple[int, int]:
    """The screen point ``metres`` behind the cue ball along the aim."""
    mode = app.mode
    assert isinstance(mode, AimMode)
    cue = mode.cue()
    assert cue is not None
    a = math.radians(mode.aim.angle)
    x, y = mode.scene.view.to_screen(cue[0] - math.cos(a) * metres,
                                     cue[1] - math.sin(a) * metres)
    return round(x), round(y)


def pulled_speed(app: App, px: float) -> float:
    """The speed a press just behind the cue ball and a pull of ``px``
    pixels back along the table strikes with."""
    mode = app.mode
    assert isinstance(mode, AimMode)
    start = 0.02
    end = back(app, start + px / mode.scene.view.px(1.0))
    press(app, back(app, start))
    move(app, end, held=True)
    shown = mode.aim.speed
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    played = app.mode
    assert isinstance(played, PlayMode), played
    assert played.stroke.speed == pytest.approx(shown, abs=1e-3)  # as shown
    return played.stroke.speed


@pytest.mark.parametrize("lang,size", SIZES)
@pytest.mark.parametrize("share,low,high", [
    (1 / 3, MAX_SPEED, MAX_SPEED),  # full power: a third of the table
    (1 / 4, 5.0, 8.5),  # a quarter: a firm stroke, not yet full
    (1 / 10, 1.15, 1.4),  # a tenth: a gentle stroke, the same in any window
])
def test_the_pull_for_a_speed_is_the_same_share_of_the_table_in_any_window(
        lang: str, size: tuple[int, int], share: float, low: float,
        high: float) -> None:
    """Full power took a pull of 378 px at 1280x720, longer than the table
    left behind the ball; now a third of the table's drawn length, and the
    speeds between scale with the window."""
    app = make_app(lang, size)
    # The cue ball near the foot rail, aimed at the head rail: the pull
    # goes back over the table, in the window.
    mode = aimed_at(app, (1.5, 0.635), (0.3, 0.635))
    length = mode.scene.view.outer_rect().width
    speed = pulled_speed(app, share * length)
    assert low - 1e-3 <= speed <= high + 1e-3, (share, speed)
    pygame.display.quit()


@pytest.mark.parametrize("lang,size", SIZES)
@pytest.mark.parametrize("cue,target", [
    ((1.27, 0.45), (1.27, 1.1)),  # the pull toward the near side pocket
    ((1.27, 0.82), (1.27, 0.1)),  # toward the far side pocket
    ((1.0, 0.5), (2.0, 1.1)),  # toward the near head corner
    ((1.6, 0.8), (0.6, 0.1)),  # toward the far foot corner
])
def test_the_pull_scale_covers_no_cloth_pocket_scoreboard_or_side_column(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int],
        cue: tuple[float, float], target: tuple[float, float]) -> None:
    app = make_app(lang, size)
    mode = aimed_at(app, cue, target)
    boxes: list[pygame.Rect] = []
    real = mode.pull_scale_box

    def spy(mouse: tuple[int, int], w: int, h: int) -> pygame.Rect:
        boxes.append(real(mouse, w, h))
        return boxes[-1]

    monkeypatch.setattr(mode, "pull_scale_box", spy)
    view = mode.scene.view
    lay = mode.layout
    keep_off = {"bed": view.bed_rect(), "side": lay.side, "top": lay.top}
    keep_off.update({f"pocket {i}": r for i, r in enumerate(pocket_rects(view))})
    press(app, back(app, 0.02))
    for k in (0.1, 0.2, 0.3, 0.4):
        boxes.clear()
        move(app, back(app, k), held=True)
        assert boxes, "no scale drawn"
        box = boxes[-1]
        assert app.screen.get_rect().contains(box)
        hit = [name for name, r in keep_off.items() if box.colliderect(r)]
        assert not hit, (k, box, hit)
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_while_pulling_the_strip_gives_its_key_line_to_the_scale(lang: str) -> None:
    """The scale in the strip under the table (a low window, 800x500, has
    no room for it under the table): the key line showed cut off beside it
    (and through it); while pulling the strip keeps its chips only, and the
    key line comes back on release."""
    app = make_app(lang, (800, 500))
    mode = aimed_at(app, (1.0, 0.5), (2.0, 1.1))  # the pull toward a corner
    words = {mode.hint(), mode.short_hint()}

    def key_line() -> bool:
        return any(t.text in words for t in app.texts)

    assert key_line()
    press(app, back(app, 0.02))
    end = back(app, 0.3)
    move(app, end, held=True)
    speed = app.t("evening.cue_ball_speed", v=app.locale.num(mode.aim.speed, 1),
                  b=app.locale.num(mode.ball_speed(), 1))
    scale = [t.rect for t in app.texts if t.text == speed]
    assert scale and mode.layout.strip.colliderect(scale[0])  # in the strip
    assert not key_line()
    # Back to the ball (no stroke): the key line is back.
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=back(app, 0.0), button=1))
    frame(app)
    assert app.mode is mode and key_line()
    pygame.display.quit()


@pytest.mark.parametrize("lang,size", SIZES)
def test_ball_in_hand_takes_the_power_bar_then_the_first_click_on_the_table(
        lang: str, size: tuple[int, int]) -> None:
    """From the setup's Start: a press on the power bar while placing sets
    the power and leaves the placing as it was; the first click on the
    table puts the ball down there (the power kept)."""
    from tests.app.helpers import click, click_button
    app = make_app(lang, size)
    app.go("menu")
    frame(app)
    click_button(app, app.t("menu.new_match"))
    for e, name in zip(app.mode.entries, ["Anna", "Boris"], strict=True):  # type: ignore[union-attr]
        click(app, e.rect.center)
        for ch in name:
            frame(app, pygame.event.Event(pygame.TEXTINPUT, text=ch))
    click_button(app, app.t("setup.start"))
    mode = app.mode
    assert mode is not None and mode.name == "placing"
    s = app.session
    assert s is not None
    bar = mode.scene.panel.power  # type: ignore[attr-defined]
    before = s.aim.power
    click(app, (bar.left + bar.width // 5, bar.centery))
    assert app.mode is mode and s.aim.power != before
    power = s.aim.power
    at = (s.spec.length * 0.15, s.spec.width * 0.4)
    click(app, mode.scene.view.to_screen(*at))  # type: ignore[attr-defined]
    assert app.mode is not None and app.mode.name == "aiming"
    assert s.cue_pos() == pytest.approx(at, abs=0.01) and s.aim.power == power
    pygame.display.quit()
