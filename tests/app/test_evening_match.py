"""An evening at the window, the way between screens: the match's flow
against a computer seat, its dialogs, statistics, keys and words, driven
through the window's real event loop with synthetic mouse and key events
(issue 22)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from simulator.app.dialogs.referee_calls import call_words
from simulator.app.loop.app import App
from simulator.app.match.saving import default_save_name
from simulator.app.match.session import Session, saves_dir
from simulator.app.match.turns import next_step
from simulator.app.text.i18n import Locale
from tests.app.helpers import (
    DT,
    click_button,
    concede_match,
    drawn_lines,
    drawn_words,
    frame,
    key,
    make_app,
    run_until,
)


def start(app: App, names: list[str], game: str, opts: dict[str, object] | None = None,
          seed: int = 5) -> Session:
    app.session = Session.new(names, game, dict(opts or {}), app.locale, seed=seed)
    next_step(app)
    app.frame([], DT)
    return app.session


def press_typing(app: App, k: int, char: str) -> None:
    """A key as the keyboard delivers it: down, its text, up (a frame each,
    as a quick window sees them)."""
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=char,
                                  scancode=0))
    frame(app, pygame.event.Event(pygame.TEXTINPUT, text=char))
    frame(app, pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=char, scancode=0))


def on_screen(app: App, message: str) -> bool:
    """The message is drawn (its first words, however it wraps)."""
    drawn = drawn_words(app)
    return message[:30] in drawn or any(
        len(t) > 20 and message.startswith(t) for t in drawn_lines(app))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_key_that_opens_the_save_dialog_is_not_typed_into_it(lang: str) -> None:
    """Esc, then 2 (Save the match...): the name offered is the players and
    the game, not "2" before them, and the file is saved under it."""
    app = make_app(lang)
    s = start(app, ["Anna", "cpu:club"], "8-ball", {"race_to": 1})
    key(app, pygame.K_ESCAPE)
    assert app.dialogs and app.dialogs[-1].title == app.t("pause.title")
    press_typing(app, pygame.K_2, "2")
    d = app.dialogs[-1]
    assert d.title == app.t("save.title")
    assert d.entry is not None
    typed = d.entry.get_text()
    assert typed == default_save_name(app, s) and "2" not in typed
    # The keys typed now do go into the name (End first: the name offered
    # is selected, a letter alone would replace it).
    key(app, pygame.K_END)
    press_typing(app, pygame.K_x, "x")
    assert d.entry.get_text() == typed + "x"
    key(app, pygame.K_RETURN)
    frame(app, n=2)
    assert s.save_path is not None and s.save_path.stem == typed + "x"
    assert s.save_path.parent == saves_dir() and s.save_path.exists()
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_shot_the_physics_cannot_settle_keeps_the_match(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The physics raises in the middle of a stroke (RestCorrectionError): the
    window says so in the player's language, the match and the table are as
    they were before the stroke, the same player aims again, and the stroke
    is written down to reproduce."""
    import json

    from simulator.app.match.fault_log import faults_dir
    from simulator.physics import ShotStream
    from simulator.physics.world import RestCorrectionError
    app = make_app(lang)
    s = start(app, ["Anna", "Boris"], "8-ball", {"race_to": 1})
    assert app.mode is not None and app.mode.name == "placing"
    key(app, pygame.K_RETURN)  # the cue ball where it is offered
    assert app.mode.name == "aiming"
    before = s.match.to_dict()
    table = s.table.to_dict()
    calls = [0]
    real = ShotStream.advance

    def failing(self: object, until: float) -> object:
        calls[0] += 1
        if calls[0] > 3:
            raise RestCorrectionError("ball 5 would have to move 0.2 mm", 5, 2e-4)
        return real(self, until)  # type: ignore[arg-type]

    monkeypatch.setattr(ShotStream, "advance", failing)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: app.mode is not None and app.mode.name == "aiming",
              limit=600)
    assert calls[0] > 3
    assert app.toast is not None
    said = app.toast[0]
    assert said.startswith(app.t("evening.unsettled", reason="")[:20])
    assert "ball 5" in said and ("Nothing is lost" if lang == "en" else
                                 "Ничего не потеряно") in said
    frame(app)
    assert on_screen(app, said)
    assert s.match.to_dict() == before and s.table.to_dict() == table
    assert not s.shots and s.banner is None
    assert app.t("side.to_shoot", name="Anna") in drawn_lines(app)
    logged = sorted(faults_dir().glob("stroke-*.json"))
    assert logged and str(logged[-1]) in said
    rec = json.loads(logged[-1].read_text(encoding="utf-8"))
    assert rec["table"] == table and "RestCorrectionError" in rec["fault"]
    assert rec["stroke"] == s.aim.stroke().to_dict()
    # With the physics mended, the same stroke plays and is ruled.
    monkeypatch.setattr(ShotStream, "advance", real)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: bool(s.shots), limit=6000)
    assert s.shots[0][0].stroke == s.aim.stroke() or s.shots
    pygame.display.quit()


def board_texts(app: App) -> list[str]:
    """The scoreboard's lines drawn in the last frame (above the table)."""
    top = app.mode.layout.top  # type: ignore[union-attr]
    return [t.text for t in app.texts if top.contains(t.rect)]


def test_the_match_in_numbers_is_a_table_with_the_right_figures() -> None:
    """The break's pots count for the breaker, one feathered miss is the one
    foul (8-ball rule 8: no ball hit), the conceded game is neither a foul
    nor an inning; the figures stand in a table, and under "wins the match"
    the scoreboard numbers no next game."""
    from simulator.app.screens.placing import PlaceMode
    app = make_app()
    s = start(app, ["Anna", "Boris"], "8-ball", {"race_to": 1}, seed=3)
    key(app, pygame.K_RETURN)  # the cue ball where it is offered
    s.aim = s.aim.with_power(1.0)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: bool(s.shots) and app.mode is not None and
              app.mode.name != "playing", limit=6000)
    brk, ruling = s.shots[0]
    breaker = ruling.shooter
    dropped = [b for e in brk.events if e.kind.value == "pocketed"
               for b in e.balls if b != 0]
    # A shot that hits nothing: a foul for whoever is at the table now.
    if isinstance(app.mode, PlaceMode):
        key(app, pygame.K_RETURN)
    fouler = s.req.shooter
    s.aim = s.aim.with_power(0.01)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: len(s.shots) == 2 and app.mode is not None and
              app.mode.name != "playing", limit=6000)
    assert s.shots[1][1].fouls
    conceder = s.req.shooter
    concede_match(app)  # (the game is the match)
    assert s.over
    table = app.dialogs[-1].table
    assert table[0] == ("", "Anna", "Boris")
    rows = {r[0]: r[1:] for r in table[1:]}
    fouls = ["0", "0"]
    fouls[fouler] = "1"
    assert list(rows[app.t("evening.stat_fouls")]) == fouls
    innings = [0, 0]
    innings[breaker] += 1
    if fouler != breaker:
        innings[fouler] += 1
    assert list(rows[app.t("evening.stat_innings")]) == [str(n) for n in innings]
    balls = rows[app.t("evening.stat_balls")]
    assert int(balls[breaker]) == len(dropped) and len(dropped) >= 1
    # A game given up is won, but not at the table.
    assert list(rows[app.t("evening.stat_games")]) == ["0", "0"], conceder
    # Every row of the table drawn with its cells in columns.
    drawn = drawn_lines(app)
    assert app.t("evening.stat_innings") in drawn and "Boris" in drawn
    board = " ".join(board_texts(app))
    assert app.t("score.race", n=1, game=2) not in board
    assert app.t("evening.race_over", n=1) in board
    pygame.display.quit()


def played_break(lang: str = "en") -> tuple[App, Session]:
    """Two people's 8-ball match after the break: the ruling card is shown."""
    app = make_app(lang)
    s = start(app, ["Anna", "Boris"], "8-ball", {"race_to": 2}, seed=3)
    key(app, pygame.K_RETURN)
    s.aim = s.aim.with_power(1.0)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: bool(s.shots) and app.mode is not None and
              app.mode.name != "playing", limit=6000)
    if app.mode is not None and app.mode.name == "placing":
        # (after the computer's turn a key puts the ball down only after an
        # action of hers)
        frame(app, n=30)
        key(app, pygame.K_LSHIFT)
        key(app, pygame.K_RETURN)
    frame(app)
    assert app.mode is not None and app.mode.name == "aiming" and s.banner is not None
    return app, s


def wheel(app: App, pos: tuple[int, int], down: bool) -> None:
    """One notch of the wheel as pygame delivers it: a wheel event and the
    button 4/5 press."""
    frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                  buttons=(0, 0, 0)))
    frame(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1 if down else 1,
                                  flipped=False, precise_x=0.0, precise_y=0.0),
          pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=5 if down else 4),
          pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=5 if down else 4))


def test_the_wheel_over_the_ruling_card_does_not_change_the_power() -> None:
    app, s = played_break()
    mode = app.mode
    card = mode.banner_rect  # type: ignore[union-attr]
    assert card is not None
    before = s.aim.power
    for _ in range(5):
        wheel(app, card.center, down=True)
    assert s.aim.power == before
    # Over the table the wheel is the power, as the help says.
    table = app.mode.layout.table  # type: ignore[union-attr]
    wheel(app, (table.centerx, table.centery), down=False)
    assert s.aim.power == pytest.approx(min(1.0, before + 0.02))
    pygame.display.quit()


def test_a_short_pull_back_is_a_soft_shot_and_the_ball_speed_is_shown() -> None:
    """A 100-pixel pull back gave the full 11 m/s; now it is a soft stroke,
    and full power takes a good part of the table's width. The controls
    say both the cue's speed and the cue ball's (the timeline's figure)."""
    from simulator.physics.cue import ball_speed
    app, s = played_break()
    mode = app.mode
    view = mode.scene.view  # type: ignore[union-attr]
    cue = s.cue_pos()
    assert cue is not None
    aim = s.aim
    ux, uy = -pygame.math.Vector2(1, 0).rotate(aim.angle)
    start_px = view.to_screen(cue[0] - ux * 0.3, cue[1] - uy * 0.3)

    def pull(px: float) -> float:
        """Press behind the cue ball, drag ``px`` pixels further back, and
        see the power before letting go (Esc would cancel; a move back
        to the start point does)."""
        p0 = (int(start_px[0]), int(start_px[1]))
        p1 = (int(p0[0] + ux * px), int(p0[1] - uy * px))
        # (the mouse comes there first, as a hand brings it: the cue stays
        # on its line, pointing ahead of the ball and away from the press)
        frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=p0, rel=(0, 0),
                                      buttons=(0, 0, 0)))
        frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p0, button=1))
        frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=p1, rel=(0, 0),
                                      buttons=(1, 0, 0)))
        power = s.aim.power
        frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=p0, rel=(0, 0),
                                      buttons=(1, 0, 0)))
        frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p0, button=1))
        return power

    soft = pull(100)
    assert 0.0 < soft < 0.4
    assert s.aim.with_power(soft).speed < 2.5
    full = pull(0.45 * app.mode.layout.table.width)  # type: ignore[union-attr]
    assert full == 1.0
    assert app.mode is mode and not s.shots[1:]  # nothing was played
    frame(app)
    b = ball_speed(s.aim.speed, s.aim.tip_a, s.aim.tip_b, s.spec.balls,
                   s.spec.physics)
    shown = app.t("evening.cue_ball_speed", v=s.locale.num(s.aim.speed, 1),
                  b=s.locale.num(b, 1))
    assert any(t.endswith(shown) for t in drawn_lines(app)) and b > s.aim.speed
    pygame.display.quit()


def test_help_during_ball_in_hand_keeps_the_placement() -> None:
    """The cue ball put down, F1 then Esc: back to the aim with the ball
    where it was put, not to ball in hand again."""
    app = make_app()
    s = start(app, ["Anna", "Boris"], "8-ball", {"race_to": 1})
    assert app.mode is not None and app.mode.name == "placing"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    assert app.mode.name == "aiming"
    put = s.placed
    key(app, pygame.K_F1)
    assert app.mode.name == "help"
    key(app, pygame.K_ESCAPE)
    assert app.mode.name == "aiming" and s.placed == put
    pygame.display.quit()


def test_a_new_ball_in_hand_does_not_start_with_not_here() -> None:
    """The mouse resting on an object ball as ball in hand begins: the cue
    ball stays where it may go, with no "not here", until the player presses."""
    from tests.app.helpers import in_hand
    app = make_app()
    # (a ball behind the head string: past it the pointer only takes the
    # cue ball to the line, general rule 7, where nothing is refused)
    mode = in_hand(app, "kitchen", {0: (0.3, 0.3), 1: (0.4, 0.6), 9: (1.9, 0.6)})
    view = mode.scene.view
    on_ball = view.to_screen(0.4, 0.6)
    frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=on_ball, rel=(0, 0),
                                  buttons=(0, 0, 0)))
    frame(app)
    assert mode.reason is None
    assert app.t("strip.not_here") not in drawn_lines(app)
    # Pressed there, the refusal is said.
    frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=on_ball, button=1))
    assert mode.reason is not None
    pygame.display.quit()


def test_esc_on_the_main_menu_asks_before_quitting(app: App) -> None:
    key(app, pygame.K_ESCAPE)
    assert app.running and app.dialogs
    assert app.dialogs[-1].title == app.t("quit.title")
    key(app, pygame.K_ESCAPE)  # no: back to the menu
    assert app.running and not app.dialogs and app.mode.name == "menu"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_1)  # Quit
    frame(app)
    assert app.running is False


def test_esc_leaves_the_editor_even_from_a_title_field(app: App) -> None:
    from tests.app.helpers import click, click_button
    click_button(app, app.t("menu.practice"))
    click_button(app, app.t("practice.editor"))
    ed = app.mode
    assert ed is not None and ed.name == "editor"
    click(app, ed.title_en.rect.center)  # type: ignore[attr-defined]
    frame(app)
    assert ed.typing()  # type: ignore[attr-defined]
    key(app, pygame.K_ESCAPE)
    assert app.mode is ed and not ed.typing()  # type: ignore[attr-defined]
    key(app, pygame.K_ESCAPE)
    assert app.mode is not ed and app.mode.name == "practice"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_pocket_names_say_where_the_pocket_is_on_screen(lang: str) -> None:
    """The pocket drawn at the bottom middle is the "bottom side" pocket, not
    the "right side" one (named from the breaker's end); every pocket's
    name says top or bottom, left or right, as the player sees it."""
    words = {"en": {"top": "top", "bottom": "bottom", "left": "left",
                    "right": "right"},
             "ru": {"top": "верхн", "bottom": "нижн", "left": "лев",
                    "right": "прав"}}[lang]
    app = make_app(lang)
    s = start(app, ["Anna", "Boris"], "8-ball", {"race_to": 1})
    view = app.mode.scene.view  # type: ignore[union-attr]
    table = app.mode.layout.table  # type: ignore[union-attr]
    for pk in s.spec.pockets:
        x, y = view.to_screen(*pk.mouth_centre)
        name = app.t(f"pocket.{pk.name}")
        assert words["top" if y < table.centery else "bottom"] in name, name
        if abs(x - table.centerx) > table.width * 0.25:
            assert words["left" if x < table.centerx else "right"] in name, name
        else:
            assert words["left"] not in name and words["right"] not in name, name
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_computers_words_say_each_thing_once_and_never_a_hopeless_pot(
        lang: str) -> None:
    """A called pot is one line (not "Pots 5..." then "Calls 5..."); a pot
    none of whose simulated tries was legal is said as a try, with no "0%"."""
    from rules.ruling import Declarations
    from simulator.app.match.computer import shot_lines
    from simulator.players.player import ShotDecision
    from simulator.table.events import Stroke
    loc = Locale(lang)
    stroke = Stroke(direction=10.0, speed=2.0)

    def decision(success: float) -> ShotDecision:
        return ShotDecision(None, stroke, stroke, Declarations(
            called_ball=5, called_pocket="side_right"), "pot", 5, "side_right",
            success, 0.3, 49, 12, tries=49)

    def ball(b: int) -> str:
        return f"#{b}"

    sure = shot_lines(loc, decision(0.8), ball, 0.028575)
    pocket = loc.t("pocket_into.side_right")
    assert sure[0] == loc.t("play.calls_pot", ball="#5", pocket=pocket) + \
        loc.t("odds.after", chance=loc.t("odds.in_ten", n=8))
    assert sum("#5" in ln for ln in sure) == 1
    assert any(loc.t("odds.tries", k=39, n=49) == ln for ln in sure)
    hopeless = shot_lines(loc, decision(0.0), ball, 0.028575)
    assert hopeless[0] == loc.t("evening.cpu_tries", ball="#5", pocket=pocket) + \
        loc.t("odds.after", chance=loc.t("odds.never"))
    assert not any(ln.startswith(loc.t("cpu.shot.pot", ball="#5", pocket=pocket))
                   for ln in hopeless)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_stroke_at_no_ball_is_never_said_as_a_safety_on_an_empty_name(
        lang: str) -> None:
    """The play-test's "Plays safe on" with nothing after it: a safety
    names its ball; a roll with no ball (none left to play) is said as a
    roll, never "on" an empty name."""
    from rules.ruling import Declarations
    from simulator.app.match.computer import shot_lines
    from simulator.players.player import ShotDecision
    from simulator.table.events import Stroke
    loc = Locale(lang)
    stroke = Stroke(direction=0.0, speed=1.0)

    def decision(target: int | None) -> ShotDecision:
        return ShotDecision(None, stroke, stroke, Declarations(safety=True),
                            "safety", target, None, 0.0, 0.0, 0, 0)

    named = shot_lines(loc, decision(3), lambda b: f"#{b}", 0.028575)
    assert named[0] == loc.t("cpu.shot.safety", ball="#3", pocket="")
    rolled = shot_lines(loc, decision(None), lambda b: f"#{b}", 0.028575)
    assert rolled[0] == loc.t("cpu.shot.roll")
    assert not any(ln.rstrip().endswith(("on", "на")) for ln in rolled), rolled


def test_the_saves_list_names_the_computer_and_renames_and_deletes_safely(
        app: App) -> None:
    """The list says "Computer (club player)", not cpu:club; a save renamed
    through the window keeps its match; a name already taken is refused with
    both files kept; a deletion is asked first, and Cancel keeps the file."""
    from tests.app.helpers import click_button
    s = Session.new(["Anna", "cpu:club"], "8-ball", {"race_to": 1}, app.locale, seed=5)
    first = s.save(saves_dir() / "Tuesday.json")
    other = s.save(saves_dir() / "Wednesday.json")
    held = first.read_bytes()
    click_button(app, app.t("menu.load"))
    assert app.mode is not None and app.mode.name == "load"
    frame(app, n=4)  # the rows are read, one a frame
    rows = [t for t in drawn_lines(app) if t.startswith("Tuesday")]
    assert rows and "Computer (club player)" in rows[0] and "cpu:" not in rows[0]

    def row_button(label: str, p: Path) -> None:
        b = next(b for b in app.buttons if b.ident == f"{label}:{p}")
        from tests.app.helpers import click
        click(app, b.rect.center)

    # A rename to a name taken: refused, nothing lost.
    row_button("rename", first)
    d = app.dialogs[-1]
    assert d.entry is not None and d.entry.get_text() == "Tuesday"
    d.entry.set_text("Wednesday")
    key(app, pygame.K_RETURN)
    frame(app)
    assert app.toast is not None and "Wednesday" in app.toast[0]
    assert first.read_bytes() == held and other.exists()
    # A free name: renamed, the same match in it.
    row_button("rename", first)
    app.dialogs[-1].entry.set_text("Tuesday evening")
    key(app, pygame.K_RETURN)
    frame(app, n=4)
    moved = saves_dir() / "Tuesday evening.json"
    assert not first.exists()
    # The same match, under the new name kept in it.
    import json
    now, before = json.loads(moved.read_bytes()), json.loads(held)
    assert now.pop("name") == "Tuesday evening" and now == before
    # Delete: asked first; Cancel keeps it, Delete removes it.
    row_button("delete", moved)
    asked = app.t("evening.delete_title", name="Tuesday evening")
    assert app.dialogs[-1].title == asked
    key(app, pygame.K_ESCAPE)
    frame(app)
    assert moved.exists()
    row_button("delete", moved)
    click_button(app, app.t("evening.delete_yes"))
    frame(app, n=3)
    assert not moved.exists() and other.exists()
    assert not any(t.startswith("Tuesday") for t in drawn_lines(app))


def test_rule_23_is_always_offered_and_j_works_during_the_computers_turn() -> None:
    """General rule 23: after Anna's soft break (no ball rose) J, while the
    computer waits, shows the rule 23 call greyed with the reason, beside
    the rule 28 calls; the computer waits while the dialog is open."""
    from simulator.app.screens.computer_turn import ComputerMode
    app = make_app()
    s = start(app, ["Anna", "cpu:club"], "14.1", {"target": 5}, seed=4)
    run_until(app, lambda: app.mode is not None and app.mode.name in (
        "placing", "aiming"), limit=4000)
    if app.mode.name == "placing":
        key(app, pygame.K_RETURN)
    s.aim = s.aim.with_power(0.05)  # too soft: an illegal break (14.1 rule 6)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: isinstance(app.mode, ComputerMode), limit=6000)
    frame(app, n=30)  # (no key dismisses a new ruling in its first moment)
    key(app, pygame.K_SPACE)  # Anna has read her foul: the computer thinks
    steps = len(s.match.history)
    key(app, pygame.K_j)
    d = app.dialogs[-1]
    assert d.kind == "referee"
    labels = [b.label for b in d.buttons]
    assert labels[0].startswith(call_words(app, "referee.jumped").rstrip("…"))
    assert d.buttons[0].action is None
    assert call_words(app, "referee.restored") in labels
    frame(app, n=5)
    assert on_screen(app, call_words(app, "evening.no_jump"))
    frame(app, n=200)
    assert len(s.match.history) == steps  # the computer waits
    key(app, pygame.K_ESCAPE)
    assert not app.dialogs
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_one_rule_names_the_main_foul_in_every_view(lang: str) -> None:
    """A shot with two fouls (no legal ball first, general rule 16, and the
    cue ball pocketed, general rule 18, the one the referee penalises under
    general rule 24): the ruling card lists the penalised one first, the
    replay's side column and the exported picture's caption name it too,
    and each still can list both."""
    from dataclasses import replace

    from rules.codes import FoulCode
    from rules.main_foul import fouls_main_first, main_foul
    from rules.ruling import Foul
    from simulator.app.replay.export import ShotExport
    from simulator.app.text.words import cite
    app, s = played_break(lang)
    shot, ruling = s.shots[0]
    bad_hit = Foul(FoulCode.BAD_HIT, FoulCode.BAD_HIT.ref, 1)
    scratch = Foul(FoulCode.SCRATCH, FoulCode.SCRATCH.ref, 3)
    two = replace(ruling, fouls=(bad_hit, scratch), penalty=scratch)
    assert main_foul(two) == scratch and fouls_main_first(two) == (scratch, bad_hit)
    named = cite(s.locale, scratch.code, scratch.ref, s.discipline)
    other = cite(s.locale, bad_hit.code, bad_hit.ref, s.discipline)
    card = s.ruling_banner(two, shot)
    assert card.lines[0].startswith(f"• {named}") and \
        app.t("banner.penalised") in card.lines[0]
    assert any(other in ln for ln in card.lines[1:])
    # The replay of that shot: the side column names the same foul.
    s.shots[0] = (shot, two)
    key(app, pygame.K_r)  # the replay of the last shot
    assert app.mode is not None and app.mode.name == "replay"
    frame(app, n=2)
    # (its ruling card open: the card's first line names it, said once;
    # folded, the line under it)
    said = app.t("evening.main_foul", foul=named)
    assert not on_screen(app, said)
    assert on_screen(app, f"• {named}")
    click_button(app, app.t("ruling.hide"))
    frame(app, n=2)
    assert on_screen(app, said)
    # The export's caption: the same foul.
    exp = ShotExport.from_shot(shot, two, discipline=s.discipline)
    assert exp.caption(lang)[1] == named
    pygame.display.quit()
