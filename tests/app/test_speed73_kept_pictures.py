"""Parts of the window drawn once and then copied while they show the same
(the scoreboard, the balls' pictures, the buttons' measured words) are drawn
afresh the frame what they show changes: a pot, the turn passing, the
language, the mouse over a button, the window's size. Each check compares
the window with the part painted afresh for what it shows now."""

from __future__ import annotations

import numpy as np
import pygame

from simulator.app.loop.app import App
from simulator.app.table import balls3d, scoreboard
from simulator.app.table.aim import Aim, angle_to
from simulator.app.text import ui
from tests.app.helpers import (
    after_the_break,
    drawn_words,
    frame,
    move,
    run_until,
    scenario_match,
)

# Anna (solids) with the 1 on the lip of the foot-left corner pocket, the
# cue ball straight behind it: a plain pot, and her turn goes on.
ON_THE_LIP = {0: (2.10, 0.83), 1: (2.44, 1.17), 8: (1.0, 0.3), 3: (0.6, 0.9),
              12: (1.6, 0.4)}


def board_region(app: App) -> pygame.Rect:
    """The board's rectangle (the line under it the side column overlaps)."""
    return app.layout.top


def board_as_painted(app: App) -> bool:
    """Whether the window's scoreboard is the board painted afresh for what
    the screen shows now (its cards and centre lines)."""
    mode = app.mode
    assert mode is not None
    cards, centre = mode.board()  # type: ignore[attr-defined]
    fresh = app.screen.copy()
    scoreboard.paint_scoreboard(fresh, app.layout.top, cards, centre,
                                mode.session.spec.name)  # type: ignore[attr-defined]
    region = board_region(app)
    shown = pygame.surfarray.array3d(app.screen.subsurface(region))
    painted = pygame.surfarray.array3d(fresh.subsurface(region))
    return bool(np.array_equal(shown, painted))


def kept_board(app: App) -> None:
    """Two frames more: the second draws the board from its kept copy."""
    drawn = scoreboard.PICTURES.drawn
    frame(app, n=2)
    assert scoreboard.PICTURES.drawn <= drawn + 1, "the same board drawn afresh"


def test_a_pot_shows_on_the_board_the_frame_it_counts(app: App) -> None:
    mode = scenario_match(app, "8-ball", ON_THE_LIP)
    s = mode.session
    kept_board(app)
    before = [c.balls for c in s.scoreboard()[0]]
    assert 1 in before[0]
    s.aim = Aim(angle=angle_to(ON_THE_LIP[0], ON_THE_LIP[1]), power=0.3)
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                  unicode=" ", scancode=0))
    run_until(app, lambda: app.mode is not None and app.mode.name != "playing",
              limit=3000)
    assert 1 not in s.table.on_table(), "the 1 was potted"
    frame(app)
    after = [c.balls for c in s.scoreboard()[0]]
    assert 1 not in after[0] and after != before
    assert board_as_painted(app)
    kept_board(app)
    assert board_as_painted(app)


def test_the_turn_passing_moves_the_board_and_its_words(app: App) -> None:
    s = after_the_break(app, ["Anna", "Boris"], "9-ball", {"race_to": 3}, seed=5)
    frame(app, n=2)
    assert board_as_painted(app)
    who = [c.active for c in s.scoreboard()[0]]
    # The stroke missed everything: the turn passes (a foul, ball in hand).
    s.aim = Aim(angle=angle_to(s.cue_pos() or (0.6, 0.6), (0.0, 0.0)), power=0.05)
    run_until(app, lambda: app.mode is not None and app.mode.name in (
        "aiming", "placing", "shot_input"), limit=600)
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                  unicode=" ", scancode=0))
    run_until(app, lambda: [c.active for c in s.scoreboard()[0]] != who, limit=3000)
    frame(app, n=2)
    assert board_as_painted(app)
    active = [c for c in s.scoreboard()[0] if c.active]
    assert active and active[0].name in drawn_words(app, "top")


def test_a_new_language_redraws_the_board(app: App) -> None:
    after_the_break(app, ["Anna", "Boris"], "8-ball", {"race_to": 3}, seed=5)
    kept_board(app)
    english = drawn_words(app, "top")
    app.set_language("ru")
    frame(app)
    russian = drawn_words(app, "top")
    assert russian != english
    assert board_as_painted(app)
    kept_board(app)
    assert drawn_words(app, "top") == russian
    assert board_as_painted(app)


def test_a_resized_window_redraws_the_board_and_the_balls(app: App) -> None:
    after_the_break(app, ["Anna", "Boris"], "8-ball", {"race_to": 3}, seed=5)
    kept_board(app)
    r_before = app.mode.scene.balls.r_px  # type: ignore[union-attr]
    for size in ((1600, 900), (1280, 720)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        frame(app, pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0],
                                      h=size[1]))
        frame(app)
        assert board_region(app).width == size[0]
        assert board_as_painted(app)
        balls = app.mode.scene.balls  # type: ignore[union-attr]
        side = balls3d.picture_side(balls.r_px)
        assert all(img.get_size() == (side, side)
                   for img in balls.rolling.images.values())
        if size == (1600, 900):
            assert balls.r_px != r_before


def test_a_second_match_rolls_the_same_pictures_as_painted(app: App) -> None:
    after_the_break(app, ["Anna", "Boris"], "8-ball", {"race_to": 3}, seed=5)
    first = app.mode.scene.balls.rolling  # type: ignore[union-attr]
    shown = {b: (first.shown[b], pygame.image.tobytes(img, "RGBA"))
             for b, img in first.images.items()}
    after_the_break(app, ["Anna", "Boris"], "8-ball", {"race_to": 3}, seed=5)
    second = app.mode.scene.balls.rolling  # type: ignore[union-attr]
    assert second is not first and second.kept is first.kept
    # A picture kept for one set is the one a set of its own paints.
    own = balls3d.RollingBalls(second.spec, app.mode.scene.balls.r_px,  # type: ignore
                               numbers=not app.mode.scene.balls.small_numbers)  # type: ignore
    for b, (step, pixels) in shown.items():
        painted = own.faces[b].paint(balls3d.step_orientation(step))
        assert pygame.image.tobytes(painted, "RGBA") == pixels, b


def test_a_button_lights_under_the_mouse_and_dims_after(app: App) -> None:
    after_the_break(app, ["Anna", "Boris"], "8-ball", {"race_to": 3}, seed=5)
    frame(app)
    button = next(b for b in app.buttons if b.enabled and b.rect.width > 40)
    spot = (button.rect.left + 3, button.rect.centery)
    off = (app.layout.side.left + 2, app.layout.side.top + 2)
    move(app, off)
    frame(app)
    assert app.screen.get_at(spot)[:3] == ui.BUTTON
    move(app, button.rect.center)
    frame(app)
    assert app.screen.get_at(spot)[:3] == ui.BUTTON_HOVER
    move(app, off)
    frame(app)
    assert app.screen.get_at(spot)[:3] == ui.BUTTON


def test_a_button_measures_its_new_words_after_a_language_change(app: App) -> None:
    after_the_break(app, ["Anna", "Boris"], "8-ball", {"race_to": 3}, seed=5)
    frame(app)
    english = sorted(b.label for b in app.buttons)
    app.set_language("ru")
    frame(app, n=2)
    russian = [b for b in app.buttons]
    assert sorted(b.label for b in russian) != english
    for b in russian:
        # The words drawn on it are its own, wrapped in its width.
        shown = [t.text for t in app.texts if b.rect.contains(t.rect)]
        if b.key and shown and shown[-1] == b.key:
            shown = shown[:-1]
        assert " ".join(shown).split() == b.label.split(), (b.label, shown)
