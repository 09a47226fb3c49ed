"""The app driven headless with synthetic mouse and keyboard events."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session, autosave_path
from simulator.table import resting
from simulator.table.specs import CUE_BALL
from tests.app.helpers import (
    DT,
    button_labels,
    click,
    click_button,
    frame,
    key,
    make_app,
    move,
    run_until,
)


def start_match(app: App, game: str = "9-ball", seed: int = 5) -> None:
    from simulator.app.match.turns import next_step
    names = ["Anna", "Boris", "Vera"] if game == "express" else ["Anna", "Boris"]
    app.session = Session.new(names, game, {}, app.locale, seed=seed)
    next_step(app)
    app.frame([], DT)


def pull_back_shot(app: App, angle_target: tuple[float, float], pull: float = 0.25
                   ) -> None:
    """Aim at a table point, press behind the cue ball, drag back, release."""
    s = app.session
    assert s is not None
    view = app.mode.scene.view  # type: ignore[union-attr]
    cue = s.cue_pos()
    assert cue is not None
    move(app, view.to_screen(*angle_target))
    dx, dy = angle_target[0] - cue[0], angle_target[1] - cue[1]
    d = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / d, dy / d
    p0 = view.to_screen(cue[0] - ux * 0.05, cue[1] - uy * 0.05)
    p1 = view.to_screen(cue[0] - ux * (0.05 + pull), cue[1] - uy * (0.05 + pull))
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(p0[0]), int(p0[1])),
                                  button=1))
    move(app, p1, held=True)
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(p1[0]), int(p1[1])),
                                  button=1))


def test_menu_navigation(app: App) -> None:
    assert app.mode is not None and app.mode.name == "menu"
    click_button(app, "New match")
    assert app.mode.name == "setup"
    click_button(app, "Back")
    assert app.mode.name == "menu"
    # The keyboard alone: Down to "Open a saved match", Enter (back from
    # the setup, "New match" is the one lit).
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert app.mode.name == "load"
    key(app, pygame.K_ESCAPE)
    assert app.mode.name == "menu"
    click_button(app, "Settings")
    assert app.mode.name == "settings"
    before = app.settings.aids
    click_button(app, "On" if before else "Off")  # the aids toggle is the first
    assert app.settings.aids is not before
    saved = json.loads(_settings_file().read_text())
    assert saved["aids"] is (not before)
    key(app, pygame.K_ESCAPE)
    assert app.mode.name == "menu"
    # Back from the settings their button is the one lit (Enter opens them).
    key(app, pygame.K_RETURN)
    assert app.mode.name == "settings"
    key(app, pygame.K_ESCAPE)
    assert app.mode.name == "menu"
    key(app, pygame.K_ESCAPE)  # asked first (issue 22)
    key(app, pygame.K_1)
    frame(app)
    assert app.running is False


def _settings_file() -> Path:
    from simulator.app.loop.settings import settings_path
    return settings_path()


def test_setup_starts_a_match_with_the_names_typed(app: App) -> None:
    click_button(app, "New match")
    entries = app.mode.entries  # type: ignore[union-attr]
    for e, name in zip(entries, ["Anna", "Boris"], strict=True):
        click(app, e.rect.center)
        for ch in name:
            frame(app, pygame.event.Event(pygame.TEXTINPUT, text=ch))
    click_button(app, "Start")
    assert app.session is not None
    assert app.session.names == ("Anna", "Boris")
    assert app.session.discipline == "9-ball"
    # The 9-ball break: cue ball in hand behind the head string (general rule 7).
    assert app.mode is not None and app.mode.name == "placing"


def test_placement_refused_with_the_referees_reason(app: App) -> None:
    start_match(app)
    s = app.session
    assert s is not None and app.mode is not None and app.mode.name == "placing"
    view = app.mode.scene.view  # type: ignore[attr-defined]
    spec = s.spec
    # Beyond the head string the referee refuses (general rule 14 reason
    # code); the window never offers it: the ball stays at the line.
    from simulator.app.text.words import code_words
    words = code_words(s.locale, "place.outside_kitchen")
    far = (spec.length * 0.6, spec.width * 0.5)
    err = s.placement_error(*far)
    assert words and err is not None and words in err
    app.mode.move(far)  # type: ignore[attr-defined]
    assert app.mode.reason is None  # type: ignore[attr-defined]
    assert app.mode.pos[0] < spec.head_string_x  # type: ignore[attr-defined]
    # On another ball: refused as an overlap.
    x, y = s.table.position(1) or (0.0, 0.0)
    assert s.placement_error(x, y) is not None
    # Behind the string: accepted, and the aiming starts.
    click(app, view.to_screen(spec.length * 0.15, spec.width * 0.4))
    assert app.mode.name == "aiming"
    pos = s.cue_pos()
    assert pos is not None and pos[0] < spec.head_string_x


def test_a_shot_is_played_to_rest_and_judged(app: App) -> None:
    start_match(app)
    s = app.session
    assert s is not None
    view = app.mode.scene.view  # type: ignore[union-attr]
    click(app, view.to_screen(s.spec.length * 0.15, s.spec.width * 0.5))
    assert app.mode is not None and app.mode.name == "aiming"
    target = s.table.position(1)
    assert target is not None
    pull_back_shot(app, target)
    assert app.mode.name == "playing"
    # The first frame is there with the frame of the stroke.
    assert app.mode.playback.frames  # type: ignore[attr-defined]
    run_until(app, lambda: app.mode is not None and app.mode.name != "playing")
    assert len(s.shots) == 1
    shot, ruling = s.shots[0]
    assert shot.events[-1].kind.value == "rest"
    assert len(s.match.history) == 1
    # The banner says what the referee said: who shoots next.
    assert s.banner is not None
    assert s.name(ruling.next_shooter) in " ".join(s.banner.all_lines)
    # The scoreboard marks the referee's next shooter.
    cards, _centre = s.scoreboard()
    req = s.req
    assert req is not None
    active = [i for i, c in enumerate(cards) if c.active]
    assert active == [req.chooser if req.pending else req.shooter]
    # Replay, then back.
    key(app, pygame.K_r)
    assert app.mode.name == "replay"
    frame(app, n=30)
    key(app, pygame.K_ESCAPE)
    assert app.mode.name in ("aiming", "placing", "view")


def test_save_and_load_round_trip(app: App, tmp_path: Path) -> None:
    start_match(app)
    from simulator.app.loop.launch import break_shot
    break_shot(app)
    s = app.session
    assert s is not None
    path = tmp_path / "m.json"
    s.save(path)
    again = Session.load(path, app.locale)
    assert again.match.to_dict() == s.match.to_dict()
    assert again.req == s.req
    assert again.match.table() == s.match.table()
    assert again.match.games_won == s.match.games_won
    # The autosave after the shot resumes the same match too.
    auto = Session.load(autosave_path(), app.locale)
    assert auto.match.to_dict() == s.match.to_dict()


def test_bad_save_files_get_a_message_not_a_crash(app: App, tmp_path: Path) -> None:
    from simulator.app.loop.flow import open_saved
    start_match(app)
    from simulator.app.loop.launch import break_shot
    break_shot(app)
    s = app.session
    assert s is not None
    good = tmp_path / "good.json"
    s.save(good)
    text = good.read_text()
    cut = tmp_path / "cut.json"
    cut.write_text(text[: len(text) // 2])
    edited = tmp_path / "edited.json"
    data = json.loads(text)
    data["match"]["players"] = ["Anna"]
    edited.write_text(json.dumps(data))
    other = tmp_path / "other.json"
    other.write_text('{"hello": 1}')
    for path, words in ((cut, "damaged"), (edited, "players"),
                        (other, "not a Kiy saved match")):
        app.session = None
        assert open_saved(app, path) is False
        assert app.dialogs, path
        dlg = app.dialogs[-1]
        assert words in dlg.body, (path, dlg.body)
        assert str(path) in dlg.body
        key(app, pygame.K_RETURN)
        assert not app.dialogs
    assert not app.errors


SCREENS = [("menu", None), ("setup", "express"), ("settings", None), ("load", None),
           ("table", "8-ball"), ("table", "express"), ("placing", "9-ball"),
           ("banner", "14.1"), ("replay", "9-ball"), ("fouls", "express"),
           ("pause", "8-ball"), ("dialog", "9-ball"), ("gameover", None),
           ("lag", "9-ball"), ("lag_result", "14.1")]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_screenshots_of_every_screen_in_both_languages(tmp_path: Path,
                                                       lang: str) -> None:
    from simulator.app.main import main
    for screen, game in SCREENS:
        out = tmp_path / f"{screen}-{game}-{lang}.png"
        args = ["--lang", lang, "--screenshot", str(out), "--screen", screen,
                "--seed", "2"]
        if game:
            args += ["--game", game]
        assert main(args) == 0, (screen, game)
        img = pygame.image.load(str(out))
        assert img.get_size() == (1280, 720)
        # Not a blank picture: many colours on it.
        small = pygame.transform.scale(img, (64, 36))
        colours = {small.get_at((x, y))[:3] for x in range(64) for y in range(36)}
        # (the end-of-match statistics cover the table: a framed card)
        with_table = screen not in ("menu", "setup", "settings", "load", "gameover")
        assert len(colours) > (40 if with_table else 4), (screen, len(colours))
        pygame.display.quit()


def test_bad_arguments_exit_with_a_message(capsys: object) -> None:
    import pytest

    from simulator.app.main import main
    for args in (["--window", "big"], ["--lang", "de"], ["--game", "snooker"],
                 ["--players", "1"], ["--load", "/nonexistent/save.json"],
                 ["--game", "express", "--players", "A,B"],
                 ["--screenshot", "/tmp/x.jpg"]):
        with pytest.raises(SystemExit) as e:
            main(args)
        assert e.value.code == 2, args


def test_keyboard_aim_and_spin(app: App) -> None:
    start_match(app, "14.1")
    s = app.session
    assert s is not None
    if app.mode is not None and app.mode.name == "placing":
        key(app, pygame.K_RETURN)
    assert app.mode is not None and app.mode.name == "aiming"
    a0 = s.aim.angle
    key(app, pygame.K_LEFT)
    assert abs((s.aim.angle - a0) % 360 - 0.1) < 1e-9
    key(app, pygame.K_w)
    assert s.aim.tip_b > 0
    key(app, pygame.K_e)
    assert s.aim.elevation == 2
    p0 = s.aim.power
    key(app, pygame.K_UP)
    assert s.aim.power > p0
    # A click on the tip diagram sets the offset there (right of centre).
    rects = app.mode.scene.panel  # type: ignore[attr-defined]
    click(app, (rects.tip.centerx + rects.tip.width // 4, rects.tip.centery))
    assert s.aim.tip_a > 0.3 and abs(s.aim.tip_b) < 0.05


def test_cue_ball_in_hand_is_never_placed_on_a_ball() -> None:
    app = make_app()
    start_match(app, "8-ball")
    s = app.session
    assert s is not None
    st = s.match.table()
    for b in st.on_table():
        if b == CUE_BALL:
            continue
        p = st.position(b)
        assert p is not None
        assert s.placement_error(*p) is not None
    pygame.display.quit()



def after_break(app: App, game: str, want: Callable[[Any], bool]) -> None:
    """A match whose first break (a hard stroke at the rack) left the position
    ``want`` asks for; tries a few rack seeds, so it does not hang on one."""
    from simulator.app.loop.launch import break_shot
    from simulator.app.match.turns import next_step
    for seed in range(1, 16):
        start_match(app, game, seed)
        break_shot(app)
        next_step(app)
        app.frame([], DT)
        s = app.session
        assert s is not None
        if s.req is not None and want(s.req):
            return
    raise AssertionError(f"no break of {game} gave the position asked for")


def test_a_called_shot_sends_the_call_to_the_referee(app: App) -> None:
    after_break(app, "8-ball",
                lambda r: r.call_needed and r.ball_in_hand.value == "none")
    s = app.session
    assert s is not None and s.req is not None
    assert app.mode is not None and app.mode.name == "aiming"
    view = app.mode.scene.view  # type: ignore[attr-defined]
    ball = s.req.callable_balls[0]
    pos = s.table.position(ball)
    assert pos is not None
    click(app, view.to_screen(*pos))
    pocket = s.spec.pockets[0]
    click(app, view.to_screen(*pocket.mouth_centre))
    assert app.mode.call_ball == ball  # type: ignore[attr-defined]
    assert app.mode.call_pocket == pocket.name  # type: ignore[attr-defined]
    key(app, pygame.K_SPACE)
    assert app.mode.name == "playing", app.toast
    run_until(app, lambda: app.mode is not None and app.mode.name != "playing")
    decl = s.match.history[-1]["declarations"]
    assert decl["called_ball"] == ball and decl["called_pocket"] == pocket.name


def test_push_out_declared_from_the_panel(app: App) -> None:
    after_break(app, "9-ball", lambda r: "push_out" in r.allowed_declarations
                and r.ball_in_hand.value == "none" and not r.pending)
    s = app.session
    assert s is not None
    click_button(app, "Push-out")
    click_button(app, "Push-out: declared")  # off again
    click_button(app, "Push-out")
    s.aim = s.aim.with_power(0.15)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: app.mode is not None and app.mode.name != "playing")
    assert s.match.history[-1]["declarations"].get("push_out") is True


def test_the_incoming_players_options_as_a_dialog(app: App) -> None:
    # 9-ball rule 5: after a push-out the other player decides who shoots.
    from simulator.app.table.aim import angle_to
    after_break(app, "9-ball", lambda r: "push_out" in r.allowed_declarations
                and r.ball_in_hand.value == "none" and not r.pending)
    s = app.session
    assert s is not None
    click_button(app, "Push-out")
    cue = s.cue_pos()
    assert cue is not None
    centre = (s.spec.length / 2, s.spec.width / 2)
    s.aim = s.aim.with_power(0.12)
    s.aim = type(s.aim)(angle_to(cue, centre), 0.12)
    app.mode.key_lock = pygame.mouse.get_pos()  # type: ignore[union-attr]
    key(app, pygame.K_SPACE)
    run_until(app, lambda: app.mode is not None and app.mode.name != "playing")
    req = s.req
    assert req is not None and req.pending, s.last_ruling
    assert app.dialogs and app.mode is not None and app.mode.name == "view"
    choice = req.pending[-1]
    label = app.t(f"choice.{choice.value}")
    frame(app)
    target = next(t for t in button_labels(app) if t.startswith(label))
    click_button(app, target)
    last = dict(s.match.history[-1])
    record = last.pop("record")
    assert last == {"type": "choice", "choice": choice.value, "ball": None}
    assert record["by"] == s.match.players[req.chooser if req.chooser is not None
                                           else req.shooter]
    assert app.mode.name in ("aiming", "placing")


def test_the_window_can_be_resized_on_every_screen(app: App) -> None:
    start_match(app, "express")
    for size in ((900, 560), (1600, 900), (640, 400)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        frame(app, pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0],
                                      h=size[1]))
        assert app.size == size
        assert app.layout.table.right <= size[0]
        view = app.mode.scene.view  # type: ignore[union-attr]
        outer = view.outer_rect()
        assert app.layout.table.contains(outer.inflate(-4, -4))
    assert not app.errors


def test_continue_and_open_a_saved_match_from_the_menu(app: App) -> None:
    from simulator.app.loop.launch import break_shot
    from simulator.app.screens.menu import MenuMode
    start_match(app, "9-ball")
    break_shot(app)
    from simulator.app.match.turns import next_step
    next_step(app)
    s = app.session
    assert s is not None
    before = s.match.to_dict()
    # Save from the pause menu under a name of one's own, into the saves folder.
    key(app, pygame.K_ESCAPE)
    click_button(app, "Save the match…")
    dlg = app.dialogs[-1]
    assert dlg.kind == "name"  # type: ignore[attr-defined]
    assert dlg.text() == "Anna – Boris, 9-ball"  # type: ignore[attr-defined]
    dlg.entry.set_text("Tuesday night")  # type: ignore[attr-defined]
    click_button(app, "Save")
    assert s.save_path is not None and s.save_path.exists()
    assert s.save_path.name == "Tuesday night.json"
    assert app.toast is not None and app.toast_kind == "info"
    app.switch(MenuMode(app))
    app.session = None
    frame(app)
    click_button(app, "Continue the last match")
    assert app.session is not None and app.session.match.to_dict() == before
    app.switch(MenuMode(app))
    frame(app)
    click_button(app, "Open a saved match")
    assert app.mode is not None and app.mode.name == "load"
    # The list says what each save holds: name, game, players, score, date.
    frame(app, n=6)  # a save read a frame
    row = next(t for t in button_labels(app) if t.startswith("Tuesday night"))
    words = row.replace("\xa0", " ")  # the score is kept on one line
    assert "9-ball" in words and "Anna – Boris" in words and "0 : 0" in words, row
    assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d", row), row
    auto = next(t for t in button_labels(app) if t.startswith("The last match"))
    assert "Anna – Boris" in auto
    click_button(app, row)
    assert app.mode.name in ("aiming", "placing", "view")
    assert app.session.match.to_dict() == before


def test_setup_express_with_three_players_from_the_dropdowns(app: App) -> None:
    click_button(app, "New match")
    menu = app.mode.menus["game"]  # type: ignore[union-attr]
    click(app, menu.rect.center)
    frame(app, n=2)
    click_button(app, "Express (pyramid)")
    frame(app, n=4)
    assert app.mode.game == "express"  # type: ignore[union-attr]
    # Express is for three to eight players: the form now has three names.
    assert len(app.mode.entries) == 3  # type: ignore[union-attr]
    click(app, app.mode.menus["ace_11"].rect.center)  # type: ignore[union-attr]
    frame(app, n=2)
    click_button(app, "yes")
    frame(app, n=4)
    click_button(app, "Start")
    s = app.session
    assert s is not None and s.discipline == "express"
    assert len(s.names) == 3 and s.spec.name == "pyramid_12ft"
    assert s.match.options["ace_is_11"] is True


def test_a_fault_in_the_physics_leaves_the_match_as_it_was(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    import simulator.physics

    class Broken:
        def __init__(self, *a: object, **k: object) -> None:
            raise RuntimeError("simulated fault")

    start_match(app, "9-ball")
    key(app, pygame.K_RETURN)  # put the cue ball down where it is offered
    assert app.mode is not None and app.mode.name == "aiming"
    s = app.session
    assert s is not None
    before = s.match.to_dict()
    monkeypatch.setattr(simulator.physics, "ShotStream", Broken)
    key(app, pygame.K_SPACE)
    frame(app, n=3)
    assert app.mode.name == "aiming"
    assert app.toast is not None and "simulated fault" in app.toast[0]
    assert s.match.to_dict() == before and not app.errors


def test_starting_with_a_game_puts_the_breaker_at_the_table(app: App) -> None:
    from simulator.app.loop.launch import start
    from simulator.app.main import build_parser
    args = build_parser().parse_args(["--game", "9-ball", "--players", "Anna,Boris",
                                      "--seed", "4"])
    assert start(app, args) is None
    s = app.session
    assert s is not None and s.names == ("Anna", "Boris")
    # The break: the referee gives ball in hand behind the head string.
    assert app.mode is not None and app.mode.name == "placing"
    assert s.req is not None and s.req.is_break


def test_a_ball_resting_in_a_pocket_mouth_saves_and_loads(app: App,
                                                          tmp_path: Path) -> None:
    """A break rolled softly into the head-right corner leaves the cue ball
    hanging in the pocket mouth, short of the drop: the match keeps that
    position through a save, a load and the table screen."""
    from rules.ruling import Declarations
    from simulator.app.loop.flow import open_saved
    from simulator.physics import simulate
    from simulator.table.events import Stroke
    start_match(app)
    s = app.session
    assert s is not None
    spec = s.spec
    assert s.place(0.30, 0.30) is None
    # The softest strokes straight at the pocket: the first that stops the
    # cue ball past the nose line, short of the drop.
    for i in range(80):
        shot = simulate(s.table, Stroke(225.0, 0.27 + 0.0005 * i))
        pos = shot.final.position(CUE_BALL)
        if pos is not None and not spec.on_bed(*pos):
            break
    assert pos is not None and not spec.on_bed(*pos), "no stroke hangs the ball"
    assert resting.in_pocket_mouth(spec, *pos), pos
    s.apply(shot, Declarations())
    path = tmp_path / "mouth.json"
    s.save(path)
    again = Session.load(path, app.locale)
    assert again.match.to_dict() == s.match.to_dict()
    assert again.match.table() == s.match.table()
    assert again.req == s.req
    assert again.shots[-1][0].final.position(CUE_BALL) == pos
    # Opened from the window: the table screen takes it without a fault.
    app.session = None
    assert open_saved(app, path) is True
    frame(app, n=5)
    assert not app.errors
    assert app.mode is not None and app.mode.name in ("aiming", "placing", "view")


def test_the_replay_steps_back_to_earlier_shots_of_the_match(
        app: App, tmp_path: Path) -> None:
    """A referee or a coach goes back over the match: the replay opens on the
    last shot and PgUp/PgDn (or the buttons) show the others, each from its
    own start; a loaded match, which keeps no frames, computes them again."""
    from simulator.app.loop.launch import break_shot
    from simulator.app.screens.replay import ReplayMode
    start_match(app)
    s = app.session
    assert s is not None
    while len(s.shots) < 3 and s.req is not None and not s.req.pending:
        break_shot(app)
    n = len(s.shots)
    assert n >= 2

    def starts_at(replay: ReplayMode, k: int) -> None:
        shot = s.shots[k][0]
        first = {b: (x, y) for b, x, y, _ in replay.playback.frames[0].balls}
        for b in shot.initial.balls:
            if b.where.value == "table":
                assert first[b.ball] == pytest.approx(b.pos, abs=1e-9)

    key(app, pygame.K_r)
    replay = app.mode
    assert isinstance(replay, ReplayMode)
    assert replay.shot_number() == n - 1
    assert f"shot {n} of {n}" in replay.heading()[1]
    frame(app)
    buttons = {b.ident: b for b in replay._buttons}
    assert not buttons["later"].enabled and buttons["earlier"].enabled
    key(app, pygame.K_PAGEUP)
    assert replay.shot_number() == n - 2
    assert replay.shot == s.shots[n - 2][0]
    starts_at(replay, n - 2)
    assert f"shot {n - 1} of {n}" in replay.heading()[1]
    # To the first shot and one press further: it stays there.
    for _ in range(n):
        key(app, pygame.K_PAGEUP)
    assert replay.shot_number() == 0
    starts_at(replay, 0)
    frame(app)
    buttons = {b.ident: b for b in replay._buttons}
    assert not buttons["earlier"].enabled and buttons["later"].enabled
    # The later-shot button goes forward again.
    assert buttons["later"].action is not None
    buttons["later"].action()
    assert replay.shot_number() == 1
    key(app, pygame.K_ESCAPE)
    assert app.mode is not None and app.mode.name != "replay"
    # Saved and loaded: the first shot replays from frames computed again.
    path = tmp_path / "m.json"
    s.save(path)
    app.session = Session.load(path, app.locale)
    s = app.session
    replay = ReplayMode(app, 0)
    app.switch(replay)
    assert replay.playback.frames
    starts_at(replay, 0)
    # Computed again, the shot ends where the saved one did.
    last = {b: (x, y) for b, x, y, _ in replay.playback.frames[-1].balls}
    for b in s.shots[0][0].final.balls:
        if b.where.value == "table":
            assert last[b.ball] == pytest.approx(b.pos, abs=1e-9)
    # The speed and the trails chosen stay when the shot changes.
    fresh = replay.show.trails
    replay.set_speed(0)
    replay.toggle_trails()
    replay.show_shot(1)
    assert replay.playback.speed == 0.25 and replay.show.trails is not fresh
    assert not app.errors
