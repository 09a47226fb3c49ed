"""Shooting with the mouse as a newcomer expects it: the mouse (button up)
sets the aim; a press anywhere left of the side column (over a pocket, a
rail, the strip under the table) begins a pull back along that aim; the drag
sets the power only, never the direction; a click with no drag on a pocket
calls it. No stroke waits for a call: an uncalled pot is simply not a legal
pot (8-ball rule 2, 14.1 rule 1, seed 000), and the referee rules the shot.
"""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.screens.aiming import CLICK_SLOP_PX, AimMode
from simulator.app.table.aim import angle_to
from tests.app.helpers import frame, make_app, move, run_until, scenario_match

CUE = (1.0, 0.4)
THREE = (1.0 + 0.6 * (2.54 - 1.0), 0.4 + 0.6 * (1.27 - 0.4))  # on the line to foot_left
CASES = [("en", (1280, 720)), ("ru", (800, 500))]


def setup_bank(lang: str, size: tuple[int, int],
               game: str = "8-ball") -> tuple[App, AimMode]:
    """8-ball (Anna on solids) or 14.1, the mouse aiming a thin cut of the 3
    into the cushion: no obvious call (8-ball rule 2; 14.1 calls every
    shot, rule 1), so a call is missing."""
    app = make_app(lang, size)
    mode = scenario_match(app, game, {0: CUE, 3: THREE, 5: (0.4, 1.1),
                                          12: (0.5, 1.0)})
    cut = angle_to(CUE, THREE) + math.degrees(
        math.asin(1.4 * 0.028575 / math.dist(CUE, THREE)))
    a = math.radians(cut)
    d = math.dist(CUE, THREE)
    view = mode.scene.view
    move(app, view.to_screen(CUE[0] + d * math.cos(a), CUE[1] + d * math.sin(a)))
    frame(app, n=30)  # (the mouse rests: the aim it points is settled)
    assert mode.calling() and mode.obvious() is None and mode.call_missing()
    return app, mode


def screen(mode: AimMode, p: tuple[float, float]) -> tuple[int, int]:
    x, y = mode.scene.view.to_screen(*p)
    return int(x), int(y)


def pull_from(app: App, mode: AimMode, start: tuple[int, int],
              wobble_px: float = 0.0) -> tuple[int, int]:
    """A press at ``start`` and a pull of 0.35 m back along the aim, the hand
    wandering ``wobble_px`` across it; returns where it ended, still held."""
    s = app.session
    assert s is not None
    view = mode.scene.view
    a = math.radians(s.aim.angle)
    back = (-math.cos(a), -math.sin(a))
    sx, sy = view.to_table(*start)
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    end = start
    for k in range(1, 8):
        t = 0.05 * k
        x, y = screen(mode, (sx + back[0] * t, sy + back[1] * t))
        # across the aim on screen: the perpendicular of the pull's direction
        bx, by = screen(mode, (sx + back[0], sy + back[1]))
        n = math.hypot(bx - start[0], by - start[1]) or 1.0
        w = wobble_px * (1 if k % 2 else -1)
        end = (int(x - (by - start[1]) / n * w), int(y + (bx - start[0]) / n * w))
        move(app, end, held=True)
    return end


def release(app: App, pos: tuple[int, int]) -> None:
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def press_point(mode: AimMode, where: str) -> tuple[int, int]:
    s = mode.session
    lay = mode.layout
    if where == "pocket":
        return screen(mode, s.spec.pocket("head_left").mouth_centre)
    if where == "rail":
        # the top rail's wood, between the cushion and the table's edge
        cushion = screen(mode, (s.spec.length * 0.7, s.spec.width))
        edge = min(lay.table.top, lay.table.bottom, key=lambda y: abs(y - cushion[1]))
        return cushion[0], (cushion[1] + edge) // 2
    # the strip under the table, left of the side column
    return lay.table.centerx + 40, lay.strip.centery


@pytest.mark.parametrize("where", ["pocket", "rail", "strip"])
@pytest.mark.parametrize("lang,size", CASES)
def test_a_press_anywhere_left_of_the_column_pulls_along_the_aim(
        lang: str, size: tuple[int, int], where: str) -> None:
    app, mode = setup_bank(lang, size)
    try:
        s = app.session
        assert s is not None
        aim = s.aim.angle
        start = press_point(mode, where)
        assert not mode.layout.side.collidepoint(start)
        end = pull_from(app, mode, start, wobble_px=12)
        assert s.aim.angle == aim  # the drag sets the power, not the direction
        assert s.aim.power > 0.3
        release(app, end)
        assert app.mode is not None and app.mode.name == "playing", app.toast
        assert app.mode.stroke == s.aim.stroke()  # type: ignore[attr-defined]
        assert app.mode.stroke.direction == round(aim % 360, 6)  # type: ignore[attr-defined]
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang,size", CASES)
def test_a_drag_begun_off_the_aim_line_never_turns_the_aim(
        lang: str, size: tuple[int, int]) -> None:
    """Pressed beside the table, well off the aim's line, and swept across
    the cloth with the button down: the aim stays where the mouse had set
    it at every motion (it swung after the mouse), and the release shoots
    along it."""
    app, mode = setup_bank(lang, size)
    try:
        s = app.session
        assert s is not None
        aim = s.aim.angle
        lay = mode.layout
        start = (lay.table.left + 30, lay.strip.centery)
        frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        for p in ((lay.table.centerx, lay.table.centery),
                  (lay.table.left + 60, lay.table.top + 40),
                  (lay.table.right - 60, lay.table.bottom - 40)):
            move(app, p, held=True)
            assert s.aim.angle == aim, p
        release(app, (lay.table.right - 60, lay.table.bottom - 40))
        assert s.aim.angle == aim
        # Sideways across the aim gives no power: no stroke, said.
        assert app.mode is not None and app.mode.name == "aiming"
        # Pressed there again and pulled back along the aim: a shot along it.
        end = pull_from(app, mode, start)
        release(app, end)
        assert app.mode.name == "playing", app.toast
        assert app.mode.stroke.direction == round(aim % 360, 6)  # type: ignore[attr-defined]
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("game", ["8-ball", "14.1"])
@pytest.mark.parametrize("lang,size", CASES)
def test_a_shot_with_a_pocket_clicked_and_no_ball_is_played_and_ruled(
        lang: str, size: tuple[int, int], game: str) -> None:
    """A click on a pocket calls it (a hand's tremble of a few pixels is
    still a click); a pull over that pocket then shoots along the aim the
    mouse had set, with no call (half a call is none), and the referee
    rules it: an uncalled pot is not a legal pot (8-ball rule 2, 14.1
    rule 1), never a stroke refused."""
    app, mode = setup_bank(lang, size, game)
    try:
        s = app.session
        assert s is not None
        aim = s.aim.angle
        shots = len(s.shots)
        pocket = screen(mode, s.spec.pocket("head_left").mouth_centre)
        move(app, pocket)
        frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pocket, button=1))
        trembled = (pocket[0] + CLICK_SLOP_PX - 2, pocket[1] + 1)
        move(app, trembled, held=True)
        release(app, trembled)
        assert app.mode.name == "aiming"
        assert s.call == (None, "head_left")  # the click called the pocket
        assert s.aim.angle == aim  # and the aim went back where the mouse set it
        assert mode.call_missing()
        # The key line still says how to shoot, as it does with no call.
        shoot_words = app.t("hint.aim").split(" · ")[0]
        assert mode.hint().split(" · ")[0] == shoot_words
        assert mode.short_hint().split(" · ")[0] == \
            app.t("hint.aim_short").split(" · ")[0]
        end = pull_from(app, mode, pocket, wobble_px=6)
        release(app, end)
        assert app.mode.name == "playing", app.toast
        d = app.mode.decl  # type: ignore[attr-defined]
        assert (d.called_ball, d.called_pocket) == (None, None)
        assert app.mode.stroke.direction == round(aim % 360, 6)  # type: ignore[attr-defined]
        run_until(app, lambda: app.mode is not None and app.mode.name != "playing")
        assert len(s.shots) == shots + 1  # ruled: the referee's ruling is in
        assert s.last_ruling is s.shots[-1][1]
    finally:
        pygame.display.quit()
