"""Ball in hand behind the head string (general rules 7 and 14; 8-ball after
a scratch on the break): the cue ball's preview never follows the pointer
past the line, and Enter or a click puts it where the preview shows."""

from __future__ import annotations

import pygame
import pytest

from simulator.table.specs import CUE_BALL
from tests.app.helpers import frame, in_hand, key, make_app, move

SIZES = [(800, 500), (1280, 720)]


BALLS = {CUE_BALL: (0.5, 0.6), 1: (1.9, 0.6), 8: (2.0, 0.9), 3: (0.3, 0.3)}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_preview_stays_behind_the_head_string_and_enter_puts_it_there(
        size: tuple[int, int]) -> None:
    """General rule 7 (the cue ball anywhere in the kitchen) and 14 (not on
    the head string): the pointer swept past the line drags the preview to
    the line's near side, never over it; Enter then puts the ball there."""
    app = make_app("en", size)
    mode = in_hand(app, "kitchen", BALLS)
    s = app.session
    assert s is not None
    view = mode.scene.view
    hx = s.spec.head_string_x
    for x in (0.6, 0.7, hx - 0.05, hx + 0.02, hx + 0.3, 1.9):
        move(app, view.to_screen(x, 0.8))
        px, py = mode.pos
        assert px < hx, f"the preview past the head string at pointer x={x}"
        assert mode.reason is None, mode.reason
        if x > hx:  # the nearest legal spot: just behind the line
            assert hx - px < 0.01 and abs(py - 0.8) < 0.01, mode.pos
    shown = mode.ball_positions()[CUE_BALL]
    key(app, pygame.K_RETURN)
    assert app.mode is not None and app.mode.name == "aiming", app.mode
    placed = s.cue_pos()
    assert placed is not None
    assert abs(placed[0] - shown[0]) < 1e-9 and abs(placed[1] - shown[1]) < 1e-9
    assert placed[0] < hx


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_click_past_the_head_string_puts_the_ball_behind_it(
        size: tuple[int, int]) -> None:
    """A press and release past the line: the ball goes down at the line's
    near side where the preview shows it (general rule 7), no refusal."""
    app = make_app("en", size)
    mode = in_hand(app, "kitchen", BALLS)
    s = app.session
    assert s is not None
    view = mode.scene.view
    hx = s.spec.head_string_x
    pos = view.to_screen(hx + 0.4, 0.5)
    p = (int(pos[0]), int(pos[1]))
    move(app, p)
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1))
    assert mode.pos[0] < hx and mode.reason is None
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1))
    assert app.mode is not None and app.mode.name == "aiming", app.mode
    placed = s.cue_pos()
    assert placed is not None and hx - 0.01 < placed[0] < hx


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ball_in_hand_anywhere_follows_the_pointer_over_the_whole_bed(
        size: tuple[int, int]) -> None:
    """Ball in hand anywhere (8-ball, general rule 8): no clamp at the head
    string; the pointer over the far half takes the preview there, and over
    a ball it shows "not here" rather than jumping aside."""
    app = make_app("en", size)
    mode = in_hand(app, "anywhere", BALLS)
    s = app.session
    assert s is not None
    view = mode.scene.view
    move(app, view.to_screen(1.6, 0.4))
    assert abs(mode.pos[0] - 1.6) < 0.01 and abs(mode.pos[1] - 0.4) < 0.01
    key(app, pygame.K_LEFT)  # the person's own action: "not here" may show
    move(app, view.to_screen(*BALLS[1]))
    assert abs(mode.pos[0] - BALLS[1][0]) < 0.01 and mode.reason is not None


@pytest.mark.parametrize("where", ["house", "temp_house"])
def test_the_pyramid_house_keeps_the_preview_too(where: str) -> None:
    """Express from hand (the house, or the temporary house past the foot
    spot, digest §2.6): past its line the preview stops on the line's near
    side, never on it, and Enter puts it there."""
    app = make_app("ru", (800, 500))
    cue = (0.4, 0.6) if where == "house" else (3.2, 0.6)
    mode = in_hand(app, where, {CUE_BALL: cue, 1: (1.5, 0.3), 2: (1.2, 1.0)},
                   game="express", players=3)
    s = app.session
    assert s is not None
    spec = s.spec
    line = spec.head_string_x if where == "house" else spec.foot_spot[0]
    past = line + 0.3 if where == "house" else line - 0.3
    move(app, mode.scene.view.to_screen(past, 0.7))
    assert mode.reason is None and 0 < abs(mode.pos[0] - line) < 0.01, mode.pos
    key(app, pygame.K_RETURN)
    assert app.mode is not None and app.mode.name == "aiming", app.mode
