"""The position editor driven by the mouse: place, move, remove, save, load;
invalid positions refused with the loader's reason."""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from simulator.app.loop.app import App
from simulator.app.screens.editor.screen import EditorMode
from simulator.app.screens.practice.memory import state_of
from simulator.app.screens.practice.scenario_list import PracticeListMode
from simulator.practice.scenario import load_scenario
from tests.app.helpers import click, click_button, frame, move


def _editor(app: App) -> EditorMode:
    click_button(app, "Practice")
    assert isinstance(app.mode, PracticeListMode)
    click_button(app, "Position editor")
    ed = app.mode
    assert isinstance(ed, EditorMode)
    return ed


def _set_path(ed: EditorMode, path: Path) -> None:
    ed.path_entry.set_text(str(path))


def test_place_move_remove_save_load_round_trip(app: App, tmp_path: Path) -> None:
    ed = _editor(app)
    # 8-ball 1: the 8 decides the game, a new draft has it.
    assert ed.error is None and set(ed.balls()) == {0, 1, 8}
    view = ed.view
    r = ed.spec.balls.radius
    # Place ball 2 with a click on the cloth.
    assert ed.selected == 2
    target = (1.9, 0.4)
    click(app, view.to_screen(*target))
    frame(app)
    balls = ed.balls()
    assert 2 in balls and math.dist(balls[2], target) < 2 / view.scale
    # Drag ball 1 somewhere else.
    start = balls[1]
    to = (2.2, 0.9)
    p0 = view.to_screen(*start)
    p1 = view.to_screen(*to)
    move(app, p0)
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(p0[0]), int(p0[1])),
                                  button=1))
    move(app, p1, held=True)
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(p1[0]), int(p1[1])),
                                  button=1))
    frame(app)
    balls = ed.balls()
    assert math.dist(balls[1], to) < 2 / view.scale
    # Place a ball, then remove it with a right click.
    ed.selected = 5
    click(app, view.to_screen(0.6, 1.0))
    frame(app)
    assert 5 in ed.balls()
    click(app, view.to_screen(*ed.balls()[5]), button=3)
    frame(app)
    assert 5 not in ed.balls()
    assert ed.error is None
    # Save: a valid file that loads to the same balls.
    path = tmp_path / "my-drill.toml"
    _set_path(ed, path)
    click_button(app, "Save")
    assert path.exists()
    sc = load_scenario(path)
    assert sc.id == "my-drill" and sc.discipline == "8-ball"
    saved = {b: (x, y) for b, (x, y) in ed.balls().items()}
    on = {b.ball: (b.x, b.y) for b in sc.position.balls if b.where.value == "table"}
    assert on.keys() == saved.keys()
    for b, p in saved.items():
        assert math.dist(on[b], p) < 1e-4
    assert list(tmp_path.iterdir()) == [path]  # the temporary file was renamed
    # Change the position, then load the file back.
    click(app, view.to_screen(*ed.balls()[2]), button=3)
    frame(app)
    assert 2 not in ed.balls()
    click_button(app, "Load")
    assert set(ed.balls()) == set(saved)
    assert math.dist(ed.balls()[2], saved[2]) < 1e-4
    assert not app.errors
    del r


def test_an_invalid_position_is_never_saved(app: App, tmp_path: Path) -> None:
    ed = _editor(app)
    path = tmp_path / "bad.toml"
    _set_path(ed, path)
    # Ball 3 right on top of ball 1: the loader refuses overlapping balls.
    ed.place(ed.balls()[1], ball=3)
    assert ed.error == "ball 1 and ball 3 overlap"
    assert ed.error in ed.hint()
    click_button(app, "Save")
    assert not path.exists()
    # The cue ball removed: the loader says the cue ball is missing.
    ed.remove(3)
    ed.remove(0)
    assert ed.error is not None and ed.error.startswith("the cue ball must be on")
    assert ed.save() is None and not path.exists()
    assert not app.errors


def test_discipline_and_state_from_the_panel_and_a_test_stroke(app: App) -> None:
    from simulator.app.screens.practice.own_shot import PracticeAimMode, PracticePlaceMode
    ed = _editor(app)
    ed.set_discipline("9-ball")
    assert ed.discipline == "9-ball" and ed.error is None
    ed.set_state("ball_in_hand", "anywhere")
    assert ed.draft["state"]["ball_in_hand"] == "anywhere" and ed.error is None
    ed = app.mode
    assert isinstance(ed, EditorMode)
    ed.set_discipline("express")
    assert ed.spec.name == "pyramid_12ft" and ed.draft["players"] == 3
    assert ed.error is None, ed.error
    ed.set_discipline("8-ball")
    click_button(app, "Test a stroke")
    frame(app)  # (opened once its message is on the window)
    assert isinstance(app.mode, PracticeAimMode | PracticePlaceMode)
    click_button(app, "Back to the situation")
    click_button(app, "Back")
    assert isinstance(app.mode, EditorMode)  # back to the draft being edited
    assert state_of(app).editor is not None
    assert not app.errors
