"""What a tenth play-test found at the table: the power and the call set for
a stroke came back otherwise after the match was saved and loaded; calling
a pocket turned the cue; with ball in hand, Enter did not put the cue ball
down although the footer says it does. Each is driven through the window's
event loop with the keys and clicks a person makes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import DEFAULT_POWER, Session, saves_dir
from simulator.app.table.aim import Aim, angle_to
from tests.app.helpers import (
    click,
    click_button,
    frame,
    key,
    make_app,
    read_ruling,
    run_until,
)

BALLS = {0: (0.6, 0.6), 1: (1.2, 0.62), 9: (2.2, 0.4), 10: (2.0, 1.0), 8: (1.9, 0.5)}


def _match(app: App, players: tuple[str, str] = ("Anna", "Boris"),
           balls: dict[int, tuple[float, float]] | None = None,
           shooter: int = 0) -> Session:
    """8-ball at a set position (groups taken, Anna solids), ``shooter`` to
    play, the window at the table."""
    from rules.referee import Match
    from simulator.app.match.turns import next_step
    from simulator.practice.scenario import parse_scenario
    draft = {"format": "kiy-scenario", "version": 1, "id": "pending",
             "discipline": "8-ball", "players": 2,
             "title": {"en": "Pending", "ru": "Удар"},
             "balls": {str(b): list(p) for b, p in (balls or BALLS).items()},
             "state": {"is_break": False, "shooter": shooter,
                       "groups": ["solids", "stripes"]}}
    sc = parse_scenario(draft)
    m = Match.from_state(list(players), "8-ball", sc.game, {}, seed=1)
    s = Session(m, app.locale)
    s.watch = "skip"
    app.session = s
    next_step(app)
    frame(app, n=2)
    return s


def _screen(app: App, p: tuple[float, float]) -> tuple[int, int]:
    x, y = app.mode.scene.view.to_screen(*p)  # type: ignore[union-attr]
    return int(x), int(y)


def _typed(app: App, text: str) -> None:
    for ch in text:
        frame(app, pygame.event.Event(pygame.TEXTINPUT, text=ch))


def _save_and_load(app: App, name: str) -> tuple[Session, Path]:
    """Esc, Save (2), a name typed, Enter; the main menu, Load, the row
    clicked: the match loaded in the window."""
    s = app.session
    key(app, pygame.K_ESCAPE)
    assert app.dialogs and app.dialogs[-1].title == app.t("pause.title")
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0,
                                  unicode="2", scancode=0))
    frame(app, pygame.event.Event(pygame.KEYUP, key=pygame.K_2, mod=0,
                                  unicode="2", scancode=0))
    d = app.dialogs[-1]
    assert d.title == app.t("save.title")
    d.entry.set_text("")  # type: ignore[attr-defined]
    _typed(app, name)
    key(app, pygame.K_RETURN)
    path = saves_dir() / f"{name}.json"
    assert path.exists()
    key(app, pygame.K_ESCAPE)
    click_button(app, app.t("menu.main"))
    assert app.mode is not None and app.mode.name == "menu"
    click_button(app, app.t("menu.load"))
    frame(app, n=6)
    row = next(b for b in app.buttons if b.ident == str(path))
    click(app, row.rect.center)
    frame(app, n=2)
    s2 = app.session
    assert s2 is not None and s2 is not s
    return s2, path


def _side_words(app: App) -> str:
    side = app.mode.layout.side  # type: ignore[union-attr]
    return " ".join(t.text for t in app.texts if side.colliderect(t.rect))


# -- 1. the stroke set and not yet played survives a save and a load -----------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_aim_set_comes_back_exactly_after_save_and_load(lang: str) -> None:
    """Anna calls the 1 into a pocket (a click on the ball, one on the
    pocket), raises the power to about 2.6 m/s (Up), puts the tip up and
    right (W, D), raises the cue (E) and turns the aim a little (Left);
    saves from the Esc menu and loads the match from the main menu: the
    aim is back exactly (direction, power, tip, elevation) and so is the
    call, the side column saying so."""
    app = make_app(lang)
    try:
        s = _match(app)
        assert app.mode is not None and app.mode.name == "aiming"
        spec = s.spec
        pocket = min(spec.pockets, key=lambda p: abs(p.mouth_centre[0] - 2.5)
                     + abs(p.mouth_centre[1] - 0.6))
        click(app, _screen(app, BALLS[1]))
        click(app, _screen(app, pocket.mouth_centre))
        assert s.call == (1, pocket.name)
        for k in [pygame.K_UP] * 8 + [pygame.K_w, pygame.K_d, pygame.K_e,
                                      pygame.K_LEFT, pygame.K_LEFT]:
            key(app, k)
        aim = s.aim
        assert abs(aim.speed - 2.56) < 0.05 and aim.tip_a > 0 and aim.tip_b > 0
        assert aim.elevation > 0
        s2, path = _save_and_load(app, "Pending aim")
        stored = json.loads(path.read_text("utf-8"))
        assert stored["aim"]["power"] == aim.power
        assert stored["aim"]["call"] == [1, pocket.name]
        assert app.mode is not None and app.mode.name == "aiming"
        assert s2.aim == aim, (s2.aim, aim)
        assert s2.call == (1, pocket.name)
        words = _side_words(app)
        assert app.t("call.made", ball=1, pocket=app.t(f"pocket_into.{pocket.name}")) \
            in words, words
        assert app.mode.aim == aim  # what the power bar and the tip diagram draw
        # Struck, it is the stroke that was set.
        key(app, pygame.K_SPACE)
        run_until(app, lambda: len(s2.match.history) == 1, limit=3000)
        played = s2.match.history[0]
        assert played["shot"]["stroke"] == aim.stroke().to_dict() or \
            played["shot"]["stroke"]["speed"] == aim.stroke().speed
        assert played["declarations"]["called_ball"] == 1
    finally:
        pygame.display.quit()


def _boris_in_hand(app: App) -> Session:
    """Anna scratches the cue ball into the corner; Boris has ball in hand."""
    s = _match(app, balls={0: (0.25, 0.25), 1: (1.8, 0.9), 9: (2.2, 0.4),
                           8: (1.9, 0.5)})
    s.aim = Aim(angle_to((0.25, 0.25), (0.0, 0.0)), 0.4)
    frame(app, n=2)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: app.mode is not None and app.mode.name == "placing"
              and s.req is not None and s.req.shooter == 1, limit=3000)
    return s


def test_a_ball_in_hand_put_down_comes_back_after_save_and_load() -> None:
    """Boris has ball in hand after Anna's scratch: he puts it down with a
    click, sets the power (Down) and saves; loaded, the cue ball is where he
    put it, he is aiming (not placing again) at the power he set."""
    app = make_app("en")
    try:
        s = _boris_in_hand(app)
        read_ruling(app)  # Boris reads Anna's foul first
        click(app, _screen(app, (0.9, 0.5)))
        assert app.mode.name == "aiming"
        put = s.placed
        assert put is not None
        for _ in range(3):
            key(app, pygame.K_DOWN)
        aim = s.aim
        s2, _path = _save_and_load(app, "Boris in hand")
        assert app.mode is not None and app.mode.name == "aiming"
        assert s2.placed == put and s2.cue_pos() == put
        assert s2.aim == aim
    finally:
        pygame.display.quit()


@pytest.mark.parametrize(("field", "value"), [
    ("power", "strong"), ("power", 7.5), ("angle", None), ("step", 99),
    ("call", [16, "nowhere"]), ("cue", [0.5, 0.5]), ("tip_a", 0.95),
    ("colour", "red")])
def test_a_broken_aim_in_a_save_is_named_and_the_match_loads(
        tmp_path: Any, field: str, value: Any) -> None:
    """A save whose "aim" has a broken field opens all the same, at the aim
    the window would find without one, and the window names the field."""
    from tests.app.helpers import reopen_from_menu
    app = make_app("en")
    try:
        s = _match(app)
        path = s.save(tmp_path / "broken.json")
        data = json.loads(path.read_text("utf-8"))
        assert data["aim"]["step"] == 0
        data["aim"][field] = value
        path.write_text(json.dumps(data), "utf-8")
        s2 = reopen_from_menu(app, path)
        assert app.mode is not None and app.mode.name == "aiming"
        assert app.toast is not None and f"aim.{field}" in app.toast[0], app.toast
        assert s2.aim.power == DEFAULT_POWER and s2.call[1] is None
        assert not app.errors
    finally:
        pygame.display.quit()


def test_a_save_without_an_aim_loads_as_before(tmp_path: Any) -> None:
    """An older save (no "aim"): loaded with no word about an aim."""
    from tests.app.helpers import reopen_from_menu
    app = make_app("en")
    try:
        s = _match(app)
        path = s.save(tmp_path / "old.json")
        data = json.loads(path.read_text("utf-8"))
        del data["aim"]
        path.write_text(json.dumps(data), "utf-8")
        assert reopen_from_menu(app, path).load_note is None
        assert app.mode is not None and app.mode.name == "aiming"
    finally:
        pygame.display.quit()


# -- 2. a click that calls does not turn the cue -------------------------------------

@pytest.mark.parametrize("button", [1, 3])
@pytest.mark.parametrize("clicks", ["pocket", "ball, pocket"])
def test_calling_a_pocket_leaves_the_aim_where_it_was(button: int, clicks: str) -> None:
    """Anna aims with the mouse (a thin cut on the 1) and rests there a
    moment; then she calls: a click on a pocket (or on the 1, then the
    pocket), with the left button or the right. The call is made and the
    cue points where she had aimed it, before and after a moment more."""
    app = make_app("en")
    try:
        s = _match(app)
        assert app.mode is not None and app.mode.name == "aiming"
        target = (1.2, 0.655)
        frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=_screen(app, target),
                                      rel=(1, 1), buttons=(0, 0, 0)), n=30)
        aimed = s.aim
        assert abs(aimed.angle - angle_to(BALLS[0], target)) < 0.5
        pocket = min(s.spec.pockets, key=lambda p: abs(p.mouth_centre[0] - 2.5)
                     + abs(p.mouth_centre[1] - 0.0))
        if clicks == "ball, pocket":
            click(app, _screen(app, BALLS[1]), button)
            assert s.call[0] == 1 and s.aim == aimed, (s.aim, aimed)
        click(app, _screen(app, pocket.mouth_centre), button)
        assert s.call == (1, pocket.name)
        assert s.aim == aimed, (s.aim, aimed)
        frame(app, n=30)  # resting on the pocket: still her aim
        assert s.aim == aimed
        # The mouse moved on over the table: it aims again.
        frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=_screen(app, (1.2, 0.9)),
                                      rel=(1, 1), buttons=(0, 0, 0)))
        assert abs(s.aim.angle - angle_to(BALLS[0], (1.2, 0.9))) < 0.5
    finally:
        pygame.display.quit()


# -- 3. Enter puts the ball in hand down, as the footer says -------------------------

def _down(k: int, repeat: bool = False) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0,
                              repeat=repeat)


def _up(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)


@pytest.mark.parametrize("enter", [pygame.K_RETURN, pygame.K_KP_ENTER])
@pytest.mark.parametrize("hurried", [False, True])
def test_enter_puts_the_ball_in_hand_down_after_the_computers_turn(
        monkeypatch: pytest.MonkeyPatch, enter: int, hurried: bool) -> None:
    """Gordon scratches; Anna has ball in hand (she pressed nothing on his
    turn, or Space to hurry it). Once the turn has been on show a moment,
    Enter (or the keypad's Enter), with the mouse still, puts the cue ball
    down where it is shown: she is aiming, nothing struck."""
    from tests.app.test_playfix9_flow import _computer_scratches
    app = make_app("en", (1280, 720))
    try:
        s = _computer_scratches(monkeypatch, app)
        assert app.mode is not None and app.mode.name == "computer"
        if hurried:
            for _ in range(3):
                frame(app, _down(pygame.K_SPACE))
                frame(app, _up(pygame.K_SPACE))
        run_until(app, lambda: app.mode is not None and app.mode.name == "placing")
        assert s.req is not None and s.req.shooter == 0
        footer = app.t("hint.place")
        assert "Enter" in footer
        shown = app.mode.pos  # type: ignore[attr-defined]
        frame(app, n=30)  # the settle time over
        key(app, enter)
        frame(app)
        assert app.mode.name == "aiming", (app.mode.name, app.toast)
        assert s.placed == shown and len(s.match.history) == 1
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("enter", [pygame.K_RETURN, pygame.K_KP_ENTER])
def test_enter_pressed_for_the_computer_never_places_the_persons_ball(
        monkeypatch: pytest.MonkeyPatch, enter: int) -> None:
    """Enter pressed again and again (and held) while Gordon plays: when he
    scratches, Anna's cue ball is neither put down nor struck by it; once
    she has moved the mouse over the table, Enter puts it down."""
    from tests.app.test_playfix9_flow import _computer_scratches
    app = make_app("en", (800, 500))
    try:
        s = _computer_scratches(monkeypatch, app)
        for _ in range(4):
            frame(app, _down(enter))
            frame(app, _up(enter))
        frame(app, _down(enter))
        run_until(app, lambda: app.mode is not None and app.mode.name == "placing")
        for _ in range(5):  # held: the keyboard repeats it
            frame(app, _down(enter, repeat=True))
        frame(app, _up(enter))
        for _ in range(3):  # pressed again, to hurry a computer that has finished
            frame(app, n=30)
            key(app, enter)
            frame(app, n=2)
            assert app.mode.name == "placing", app.mode.name
        assert len(s.match.history) == 1
        assert app.toast is not None and app.toast[0] == app.t(
            "place.place_first_key", now=app.t("evening.key_space"), later="Enter")
        table = app.mode.layout.table  # type: ignore[attr-defined]
        frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=table.center,
                                      rel=(1, 1), buttons=(0, 0, 0)))
        key(app, enter)
        frame(app)
        assert app.mode.name == "aiming"
        assert len(s.match.history) == 1
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("enter", [pygame.K_RETURN, pygame.K_KP_ENTER])
def test_enter_puts_the_ball_down_between_two_people(enter: int) -> None:
    """Anna scratches; Boris has ball in hand: Enter puts it down at once
    where it is shown, and he is aiming."""
    app = make_app("en")
    try:
        s = _boris_in_hand(app)
        read_ruling(app)  # Boris reads Anna's foul first
        shown = app.mode.pos  # type: ignore[attr-defined]
        key(app, enter)
        frame(app)
        assert app.mode.name == "aiming" and s.placed == shown
        assert len(s.match.history) == 1
    finally:
        pygame.display.quit()
