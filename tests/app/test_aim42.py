"""Play-test 32: a held aim is let go once the cue ball is put down
elsewhere; the break line names a pocketed ball as a ball."""

from __future__ import annotations

import math

import pygame
import pytest

from simulator.app.screens.aiming import AimMode
from simulator.app.screens.placing import PlaceMode
from simulator.app.table.aim import angle_to
from simulator.table.events import EventKind
from tests.app.helpers import click, drawn_words, frame, key, make_app, move, run_until
from tests.app.scenes import LANGS
from tests.app.test_computer import person_turn, start
from tests.app.test_words39 import SIZES


def _point(mode, x: float, y: float) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    p = mode.scene.view.to_screen(x, y)
    return int(p[0]), int(p[1])


@pytest.mark.parametrize("how", ["click", "enter"])
def test_a_cue_ball_put_down_elsewhere_lets_the_held_aim_go(how: str) -> None:
    """Anna breaks; U: her aim as played is held. She puts the cue ball
    down elsewhere behind the head string (a click, or the mouse then
    Enter), moves the mouse onto the rack and presses Space: the stroke goes
    where the mouse points (it went along the old line, past the rack)."""
    app = make_app()
    try:
        s = start(app, ["Anna", "Boris"], "8-ball", {"race_to": 1}, seed=3)
        run_until(app, lambda: person_turn(app))
        if isinstance(app.mode, PlaceMode):
            key(app, pygame.K_RETURN)
        assert isinstance(app.mode, AimMode)
        s.aim = s.aim.with_power(0.76)
        key(app, pygame.K_SPACE)
        run_until(app, lambda: len(s.match.history) == 1, limit=6000)
        frame(app, n=3)
        key(app, pygame.K_u)
        run_until(app, lambda: person_turn(app), limit=600)
        assert isinstance(app.mode, AimMode) and not s.match.history
        key(app, pygame.K_b)  # (undo put the ball down where it was struck)
        mode = app.mode
        assert isinstance(mode, PlaceMode)
        held = s.aim.angle
        spot = (s.spec.length * 0.15, s.spec.width * 0.8)
        if how == "click":
            click(app, _point(mode, *spot))
        else:
            move(app, _point(mode, *spot))
            frame(app, n=30)
            key(app, pygame.K_RETURN)
        aim = app.mode
        assert isinstance(aim, AimMode), aim
        cue = s.cue_pos()
        assert cue is not None and math.dist(cue, spot) < 0.01
        rack = s.spec.foot_spot
        for f in (0.3, 0.6, 1.0):  # the hand goes to the rack's head ball
            move(app, _point(aim, cue[0] + f * (rack[0] - cue[0]),
                             cue[1] + f * (rack[1] - cue[1])))
        key(app, pygame.K_SPACE)
        assert app.mode is not None and app.mode.name == "playing", app.mode
        stroke = app.mode.stroke  # type: ignore[attr-defined]
        assert abs(stroke.direction - held) > 1.0
        assert stroke.direction == pytest.approx(angle_to(cue, rack), abs=0.5)
    finally:
        pygame.display.quit()


# -- 2. a ball in a pocket named as a ball --------------------------------------

IN_POCKET = {
    "ru": {"head_right": "левой нижней угловой", "head_left": "левой верхней угловой",
           "side_right": "нижней средней", "side_left": "верхней средней",
           "foot_right": "правой нижней угловой",
           "foot_left": "правой верхней угловой"},
    "en": {"head_right": "bottom left corner", "head_left": "top left corner",
           "side_right": "bottom side", "side_left": "top side",
           "foot_right": "bottom right corner", "foot_left": "top right corner"}}


@pytest.mark.parametrize("size", SIZES, ids=("1280x720", "800x500"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_break_line_names_a_pocketed_ball_as_a_ball(
        lang: str, size: tuple[int, int]) -> None:
    """Anna's firm 8-ball break pockets a ball; the card read whole (V)
    names it as a ball, «шар 4 — в верхней средней лузе», "the 4 in the top
    side pocket": «… 14 прицельных шаров · 4 в лузе: верхняя средняя» read
    as four balls in the pocket."""
    app = make_app(lang, size)
    try:
        s = start(app, ["Anna", "Boris"], "8-ball", {"race_to": 1}, seed=5)
        run_until(app, lambda: person_turn(app))
        if isinstance(app.mode, PlaceMode):
            key(app, pygame.K_RETURN)
        s.aim = s.aim.with_power(1.0)  # 9 m/s of cue, as 0.9 gave once
        key(app, pygame.K_SPACE)
        run_until(app, lambda: len(s.shots) == 1 and app.mode is not None
                  and app.mode.name != "playing", limit=6000)
        frame(app, n=30)
        key(app, pygame.K_v)
        frame(app, n=2)
        shot, _ruling = s.shots[-1]
        pots = [e for e in shot.events if e.kind is EventKind.POCKETED
                and e.balls and e.balls[0] != 0]
        assert pots, "the break pockets an object ball"
        words = drawn_words(app, folded=True)
        for e in pots:
            b, where = e.balls[0], IN_POCKET[lang][str(e.pocket)]
            said = {"ru": f"шар {b} — в {where} лузе",
                    "en": f"the {b} in the {where} pocket"}[lang]
            assert said in words, words
        assert "в лузе:" not in words, words
    finally:
        pygame.display.quit()
