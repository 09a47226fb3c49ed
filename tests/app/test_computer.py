"""Computer players in the window: a seat of the setup or of ``--players``
is a computer at a strength; its turns are thought out while the window
keeps drawing, shown like a person's (the cue ball placed, the call, the
stroke, a choice and its rule) and watched at 1x, 2x, 4x or skipped; undo
goes back to the person's turn. The hint shows a strong player's stroke and
its path in a match and in practice, and can be taken as the aim."""

from __future__ import annotations

import argparse
import math
from dataclasses import replace

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.main import players_arg
from simulator.app.match import computer
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.app.screens.aiming import AimMode
from simulator.app.screens.computer_turn import ComputerMode, ComputerPlayMode
from simulator.app.screens.placing import PlaceMode
from simulator.app.screens.table_under_dialog import ViewMode
from simulator.players import STRENGTHS
from tests.app.helpers import DT, click_button, frame, key, make_app, run_until

FAST = "beginner"  # the hint's player in the long tests (a strong one is slow)


def side_texts(app: App) -> list[str]:
    frame(app)
    side = app.mode.layout.side  # type: ignore[union-attr]
    return [r.text for r in app.texts if side.contains(r.rect)]


def start(app: App, names: list[str], game_name: str, options: dict[str, object],
          seed: int = 5) -> Session:
    app.session = Session.new(names, game_name, options, app.locale, seed=seed)
    next_step(app)
    frame(app)
    return app.session


def left(app: App, mode: object, into: type | None = None) -> object:
    """A condition: the window has left ``mode`` (or entered ``into``), or
    opened a dialog."""
    def cond() -> bool:
        return app.mode is not mode or bool(app.dialogs) or (
            into is not None and isinstance(app.mode, into))
    return cond


def person_turn(app: App) -> bool:
    return isinstance(app.mode, AimMode | PlaceMode) and not app.dialogs


def take_the_hint(app: App) -> None:
    """I: the hint is looked for (the window keeps drawing), shown, and I
    again takes it as the aim; the aim is then the hint's stroke."""
    s = app.session
    assert s is not None
    key(app, pygame.K_i)
    run_until(app, lambda: s.hint is not None, limit=4000)
    hint = s.hint
    assert any(t.startswith(app.t("hint.head")) for t in side_texts(app))
    key(app, pygame.K_i)
    assert isinstance(app.mode, AimMode)
    d = hint.decision
    got = s.aim.stroke()
    assert abs((got.direction - d.intended.direction + 180) % 360 - 180) < 1e-4
    assert abs(got.speed - d.intended.speed) < 2e-3
    assert (got.tip_a, got.tip_b) == pytest.approx((d.intended.tip_a,
                                                    d.intended.tip_b), abs=1e-4)
    if d.place is not None:
        assert s.placed == d.place
    decl = app.mode.declarations()
    assert decl.called_ball == d.declarations.called_ball
    assert decl.safety == d.declarations.safety


def test_a_match_against_the_computer(monkeypatch: pytest.MonkeyPatch) -> None:
    """9-ball, Anna against a beginner computer, race to one: Anna plays
    every shot by taking the hint; the computer's turns go by on their own,
    named in the side column, at the watching speed chosen."""
    monkeypatch.setattr(computer, "HINT_STRENGTH", FAST)
    app = make_app()
    s = start(app, ["Anna", "cpu:beginner"], "9-ball", {"race_to": 1})
    assert s.name(1) == app.t("cpu.name", level=app.t("cpu.level.beginner"))
    seen_computer = seen_watch = 0
    for _ in range(80):
        if s.over:
            break
        if app.dialogs:
            key(app, pygame.K_1)  # Anna's choice: the first option
            continue
        if person_turn(app):
            take_the_hint(app)
            key(app, pygame.K_SPACE)
            continue
        mode = app.mode
        if isinstance(mode, ComputerMode) and mode.phase == "waiting":
            # A ruling or the computer's choice is read first: Space.
            frame(app, n=30)  # (no key dismisses a new ruling in its first moment)
            key(app, pygame.K_SPACE)
            assert mode.phase != "waiting"
            continue
        if isinstance(mode, ComputerMode):
            seen_computer += 1
            heads = side_texts(app)
            assert any(s.name(1) in h for h in heads), heads
            if seen_watch == 0:
                click_button(app, "4×")
                assert app.settings.watch == "4"
                run_until(app, left(app, mode, ComputerPlayMode), limit=4000)
                if isinstance(app.mode, ComputerPlayMode):
                    assert app.mode.playback.speed == 4.0
                    seen_watch += 1
                app.settings.watch = "skip"
            run_until(app, left(app, mode), limit=4000)
            continue
        run_until(app, left(app, app.mode), limit=4000)
    assert s.over and s.match.winner is not None
    shooters = {r.shooter for r in s.match.rulings if r is not None}
    assert shooters == {0, 1}
    assert seen_computer >= 1 and seen_watch == 1
    # The match's computer strokes are the computer's own decisions: the
    # save replays them exactly.
    again = type(s.match).from_dict(s.match.to_dict())
    assert again.to_dict() == s.match.to_dict()
    pygame.display.quit()


def test_a_computers_shot_is_shown_before_it_is_played() -> None:
    """Its ball in hand placed, its call marked and its stroke in the aim
    controls; the side column says what it plays and how sure it was."""
    app = make_app()
    s = start(app, ["cpu:club", "Boris"], "8-ball", {"race_to": 1}, seed=2)
    mode = app.mode
    assert isinstance(mode, ComputerMode)
    run_until(app, lambda: mode.phase == "showing", limit=4000)
    d = mode.decision
    assert d.kind == "break" and s.placed == d.place
    assert s.aim == computer.aim_of(d)
    lines = side_texts(app)
    assert app.t("cpu.plays", name=s.name(0)) in lines
    assert any(app.t("cpu.shot.break") in t for t in lines)
    odds = (app.t("odds.sure"), app.t("odds.never"), app.t("odds.in_ten", n=1)[:5],
            app.t("odds.tries", k=0, n=5).split("0")[-1])
    assert not any(w in t for t in lines for w in odds), lines
    # (a break says nothing of a pot's chance)
    key(app, pygame.K_SPACE)  # play it now
    assert isinstance(app.mode, ComputerPlayMode)
    # What it decided stays in the side column while the balls roll.
    assert any(app.t("cpu.shot.break") in t for t in side_texts(app))
    key(app, pygame.K_0)  # skip to the end of this shot (and the next ones)
    # Skipped for this match only: the settings keep the last speed.
    assert s.watch == "skip" and app.settings.watch == "1"
    run_until(app, lambda: not isinstance(app.mode, ComputerPlayMode), limit=600)
    assert s.match.history and s.match.history[0]["type"] == "shot"
    # The stroke played is the decision's, noise and all.
    assert s.match.history[0]["shot"]["stroke"] == d.stroke.to_dict()
    pygame.display.quit()


def test_undo_goes_back_to_the_persons_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """After the computer's reply, one undo brings back the person's own
    turn (at its turn the computer would only make the same move again)."""
    app = make_app()
    app.settings.watch = "skip"
    s = start(app, ["Anna", "cpu:beginner"], "14.1", {"target": 5}, seed=4)
    run_until(app, lambda: person_turn(app))
    if isinstance(app.mode, PlaceMode):
        key(app, pygame.K_RETURN)  # the cue ball where it is shown
    s.aim = s.aim.with_power(0.05)  # a soft break: a foul, the computer decides
    key(app, pygame.K_SPACE)
    run_until(app, lambda: isinstance(app.mode, ComputerMode), limit=6000)
    frame(app, n=30)  # (no key dismisses a new ruling in its first moment)
    key(app, pygame.K_SPACE)  # Anna has read her foul: the computer may go on
    run_until(app, lambda: len(s.match.history) >= 2, limit=6000)
    run_until(app, lambda: person_turn(app) or s.over, limit=6000)
    steps = len(s.match.history)
    assert steps >= 2
    key(app, pygame.K_u)
    assert person_turn(app) or isinstance(app.mode, ViewMode)
    req = s.match.requirements()
    assert not s.is_computer(req.chooser if req.pending else req.shooter)
    assert len(s.match.history) < steps
    pygame.display.quit()


def test_the_lag_against_the_computer() -> None:
    """General rule 5: the person aims and strikes; the computer strikes on
    its own; the winner breaks or gives the break (a computer says which)."""
    app = make_app()
    app.settings.watch = "skip"
    s = start(app, ["Anna", "cpu:club"], "9-ball", {"lag": True, "race_to": 1})
    for _ in range(6):
        if not s.match.requirements().is_lag:
            break
        key(app, pygame.K_SPACE)  # Anna's lag stroke
        run_until(app, lambda: app.mode is not None and
                  app.mode.name == "lag_result", limit=4000)
        click_button(app, app.t("lag.continue")) if any(
            app.t("lag.continue") == b.label for b in app.buttons) else key(
            app, pygame.K_1)
        frame(app, n=3)
    assert not s.match.requirements().is_lag
    lags = [a for a in s.match.history if a["type"] == "lag"]
    assert lags and all(a["shot"]["also"] for a in lags)
    run_until(app, lambda: not s.match.requirements().pending, limit=6000)
    pygame.display.quit()


def test_seats_from_the_command_line() -> None:
    assert players_arg("Ann,cpu:strong") == ["Ann", "cpu:strong"]
    assert players_arg("cpu,cpu:club,Bob") == ["cpu", "cpu:club", "Bob"]
    assert players_arg("cpu:club,cpu:club") == ["cpu:club", "cpu:club 2"]
    with pytest.raises(argparse.ArgumentTypeError, match="unknown strength 'grand'"):
        players_arg("Ann,cpu:grand")
    assert computer.strength_of("cpu:club 2") is STRENGTHS["club"]
    assert computer.strength_of("Anna") is None


def test_every_seat_name_the_game_gives_is_read_back() -> None:
    """Kiy names a second computer of one strength ``cpu:club 2`` (the setup,
    ``--players``, the players' command line all do); every such name is
    read back as the same seat wherever names are read: ``kiy --players``,
    ``python -m simulator.players --seats`` and a saved match's players."""
    from simulator.app.main import build_parser
    from simulator.players.table import parse_seat, parse_seats
    for level, strength in STRENGTHS.items():
        for n in range(2, 9):
            given = computer.seat_names([f"cpu:{level}"] * n)
            assert given == [f"cpu:{level}"] + [f"cpu:{level} {k}"
                                                for k in range(2, n + 1)]
            assert players_arg(",".join(given)) == given
            assert [s.name for s in parse_seats(",".join(given))] == given
            for name in given:
                assert parse_seat(name).strength is strength
                assert computer.strength_of(name) is strength
            assert [s.name for s in parse_seats(",".join(reversed(given)))] == \
                given[::-1]
    args = build_parser().parse_args(["--players", "Ann,cpu:club 2"])
    assert args.players == ["Ann", "cpu:club 2"]
    # Two seats typed with one number are numbered apart, as the game does.
    assert players_arg("cpu:club 2,cpu:club 2") == ["cpu:club 2", "cpu:club 3"]
    assert [s.name for s in parse_seats("cpu:club 2,cpu:club 2")] == \
        ["cpu:club 2", "cpu:club 3"]
    # A person's name with a number stays a person's.
    assert parse_seat("Player 2").strength is None
    assert computer.strength_of("Player 2") is None


def test_a_seat_of_the_setup_is_a_computer() -> None:
    app = make_app()
    # (seat 2 unnamed: a name it had would stay with the computer)
    app.go("setup", game="8-ball", names=["Anna", ""])
    mode = app.mode
    mode.set_value("seat1", "strong")  # type: ignore[union-attr]
    frame(app, n=2)
    mode = app.mode
    assert mode.shown_name(1) == app.t(  # type: ignore[union-attr]
        "cpu.name", level=app.t("cpu.level.strong"))
    mode.start()  # type: ignore[union-attr]
    s = app.session
    assert s is not None and s.names == ("Anna", "cpu:strong")
    assert s.is_computer(1) and not s.is_computer(0)
    assert app.settings.players[:2] == ["Anna", "cpu:strong"]
    pygame.display.quit()


def test_the_hint_is_a_strong_players_stroke_with_its_path() -> None:
    """Ball in hand in 9-ball with three balls left: the strong player's
    hint puts the cue ball somewhere the referee allows, and its predicted
    path starts from there; taken, it is the aim."""
    app = make_app()
    s = start(app, ["Anna", "Boris"], "9-ball", {"race_to": 1})
    m = s.match
    table = m.table()
    for b in range(1, 7):
        table = table.remove(b)
    state = replace(m.state, table=table.place(0, 0.5, 0.6), is_break=False,
                    ball_in_hand=m.state.ball_in_hand.ANYWHERE)
    from rules.referee import Match
    s.match = Match.from_state(list(s.names), "9-ball", state, {"race_to": 1}, 5)
    s.refresh()
    next_step(app)
    frame(app)
    assert isinstance(app.mode, PlaceMode)
    take_the_hint(app)
    h_place = s.placed
    assert h_place is not None
    assert s.match.requirements().check_placement(s.match.table(), *h_place) is None
    pygame.display.quit()


def test_the_hint_in_practice(monkeypatch: pytest.MonkeyPatch) -> None:
    """A practice position played by the player: the hint button is there,
    and a hint taken is shot like any aim, then ruled as practice rules."""
    monkeypatch.setattr(computer, "HINT_STRENGTH", FAST)
    from simulator.app.screens.practice.scenario import ScenarioMode
    from simulator.practice.library import library
    app = make_app()
    lib = library()
    sid = next(e.id for e in lib.entries if lib.load(e.id).stroke is not None)
    app.switch(ScenarioMode(app, lib.load(sid)))
    frame(app)
    key(app, pygame.K_p)  # play it yourself
    frame(app)
    assert isinstance(app.mode, AimMode | PlaceMode)
    assert app.t("hint.button") in [b.label for b in app.buttons]
    take_the_hint(app)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: isinstance(app.mode, ScenarioMode), limit=3000)
    assert app.mode.played is not None and app.mode.played.own  # type: ignore
    pygame.display.quit()


def test_thinking_never_holds_a_frame_long() -> None:
    """The computer thinks a slice a frame: the window keeps drawing."""
    assert computer.THINK_SLICE <= 0.05
    app = make_app()
    start(app, ["cpu:strong", "Boris"], "9-ball", {"race_to": 1})
    assert isinstance(app.mode, ComputerMode)
    frames = 0
    while app.mode.phase == "thinking" and frames < 5:  # type: ignore[union-attr]
        app.frame([], DT)
        frames += 1
    assert frames == 5 and app.mode.phase == "thinking"  # type: ignore[union-attr]
    # At least one simulation a frame, and the side column counts them.
    job = app.mode.job  # type: ignore[union-attr]
    assert job.simulations >= 5
    texts = side_texts(app)  # (a frame: more simulations)
    # (under the break's countdown, on the line saying it thinks)
    assert app.t("cpu.tried", n=job.simulations) in " ".join(texts)
    assert math.isfinite(app.frames)
    pygame.display.quit()


def test_a_computer_only_express_match_finishes_in_the_window() -> None:
    """Three computers at a pyramid table (SEED-E: three or more players),
    their shots skipped: the match plays itself to one winner, the chips at
    the table never change in number (the bank is paid out at the end)."""
    app = make_app()
    app.settings.watch = "skip"
    names = ["cpu:beginner", "cpu:beginner", "cpu:beginner"]
    s = start(app, computer.seat_names(names), "express",
              {"initial_points": 4, "max_signatures": 0},
              seed=3)
    assert s.names == ("cpu:beginner", "cpu:beginner 2", "cpu:beginner 3")
    state = s.match.state
    chips = sum(state.chips) + state.bank  # type: ignore[attr-defined]
    computer_turns = 0
    last: object = None
    for _ in range(40_000):
        if s.over:
            break
        if isinstance(app.mode, ComputerMode) and app.mode is not last:
            computer_turns += 1
            last = app.mode
        assert not app.dialogs  # nobody is asked anything: the computers decide
        app.frame(pygame.event.get(), DT)
        st = s.match.state
        assert sum(st.chips) + st.bank == chips  # type: ignore[attr-defined]
    assert s.over, "the match did not finish"
    assert len(s.match.rulings) >= 10
    st = s.match.state
    active = [i for i, v in enumerate(st.status) if v == "active"]  # type: ignore
    assert active == [s.match.winner]
    assert st.bank == 0  # type: ignore[attr-defined]
    assert computer_turns >= len(s.match.rulings) // 2
    frame(app, n=2)
    assert bool(app.dialogs) or (
        app.mode is not None and app.mode.name in ("gameover", "view"))
    pygame.display.quit()


# Every key a player might press while the computer thinks, shows or plays.
PRESSED = (pygame.K_i, pygame.K_u, pygame.K_y, pygame.K_z, pygame.K_b, pygame.K_c,
           pygame.K_f, pygame.K_r, pygame.K_g,
           pygame.K_h, pygame.K_m, pygame.K_TAB, pygame.K_LEFT, pygame.K_UP,
           pygame.K_q, pygame.K_e, pygame.K_w, pygame.K_a, pygame.K_s, pygame.K_d,
           pygame.K_x, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_0,
           pygame.K_ESCAPE, pygame.K_F1, pygame.K_SPACE, pygame.K_RETURN)


def test_whatever_is_pressed_while_the_computer_has_the_turn() -> None:
    """Keys and clicks during the computer's thinking, showing and playing:
    nothing breaks (the window's error check), a dialog or the help opened
    over it is closed again, and the computer still makes its move."""
    from tests.app.helpers import click
    app = make_app()
    s = start(app, ["cpu:club", "Boris"], "9-ball", {"race_to": 1}, seed=6)
    assert isinstance(app.mode, ComputerMode)
    w, h = app.screen.get_size()
    spots = [(w // 2, h // 2), (w // 5, h // 3), (w - 60, h // 2), (w - 60, h - 30)]
    for i, k in enumerate(PRESSED * 2):
        mods = (0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT)[i % 3]
        key(app, k, mods)
        click(app, spots[i % len(spots)], button=1 + (i % 3))
        for _ in range(6):  # back to the match from a dialog or the help
            if app.dialogs or (app.mode is not None and app.mode.name == "help"):
                key(app, pygame.K_ESCAPE)
        if s.match.history:
            break
    app.settings.watch = "skip"
    run_until(app, lambda: bool(s.match.history) and not isinstance(
        app.mode, ComputerMode | ComputerPlayMode), limit=6000)
    assert s.match.history[0]["type"] == "shot"
    assert s.match.rulings[0] is not None and s.match.rulings[0].shooter == 0
    pygame.display.quit()


def test_the_spin_in_a_players_words() -> None:
    """The tip's offset from the centre, said as a player says it: above
    the centre is follow, below is draw, the sides by name, in millimetres
    of a 28.6 mm ball (R 0.0286 m); a hit within 5 % of R is a centre ball."""
    from simulator.app.text.i18n import Locale
    en, ru = Locale("en"), Locale("ru")
    r = 0.0286
    assert computer.spin_words(en, 0.0, -0.35, r) == "draw 10 mm"
    assert computer.spin_words(en, 0.21, 0.35, r) == "follow 10 mm, right side 6 mm"
    assert computer.spin_words(en, -0.21, 0.0, r) == "left side 6 mm"
    assert computer.spin_words(en, 0.04, -0.04, r) == "centre ball"
    assert computer.spin_words(ru, 0.0, -0.35, r) == "оттяжка 10 мм"
    assert computer.spin_words(ru, 0.0, 0.0, r) == "удар в центр"


def test_a_computers_choice_is_shown_with_its_rule() -> None:
    """14.1 rule 6: after Anna's illegal break the computer chooses; the side
    column names its choice with the rule and the options it weighed, for
    longer than a stroke is shown, then the choice is made."""
    app = make_app()
    s = start(app, ["Anna", "cpu:club"], "14.1", {"target": 5}, seed=4)
    run_until(app, lambda: person_turn(app))
    if isinstance(app.mode, PlaceMode):
        key(app, pygame.K_RETURN)
    s.aim = s.aim.with_power(0.05)  # too soft: an illegal break
    key(app, pygame.K_SPACE)
    run_until(app, lambda: isinstance(app.mode, ComputerMode), limit=6000)
    mode = app.mode
    assert isinstance(mode, ComputerMode) and mode.kind == "choice"
    # Anna's foul stays on the card until she has read it: the computer waits.
    foul = app.t("banner.foul", name="Anna")
    frame(app, n=300)
    # (titled with what the stroke came to: "Foul by Anna · no ball potted")
    assert mode.phase == "waiting" and any(t.startswith(foul) for t in side_texts(app))
    key(app, pygame.K_SPACE)
    run_until(app, lambda: mode.phase == "showing", limit=6000)
    lines = side_texts(app)
    chose = [t for t in lines if t.startswith(app.t("cpu.chooses", name=s.name(1),
                                                    choice="")[:10])]
    assert chose and "14.1 rule 6" in " ".join(lines), lines
    weighed = [t for t in mode.lines if t.startswith(("» ", "· "))]
    assert len(weighed) == len(mode.decision.values) >= 2
    assert sum(t.startswith("» ") for t in weighed) == 1
    waited = run_until(app, lambda: app.mode is not mode, limit=2000)
    assert waited * DT >= computer.CHOICE_SECONDS - 2 * DT
    assert s.match.history[-1]["type"] == "choice"
    pygame.display.quit()


def test_a_fault_in_the_search_hands_the_turn_to_a_person(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Should the computer's search fail part-way, the window says so and
    the turn is played by hand; the match is never stuck, nothing is lost."""
    from simulator.players import ComputerPlayer

    def broken(self: object, *a: object, **k: object) -> object:
        yield None
        raise ValueError("planted")

    monkeypatch.setattr(ComputerPlayer, "shot_steps", broken)
    app = make_app()
    s = start(app, ["cpu:club", "Boris"], "9-ball", {"race_to": 1})
    run_until(app, lambda: not isinstance(app.mode, ComputerMode), limit=50)
    assert isinstance(app.mode, AimMode | PlaceMode)
    assert s.match.requirements().shooter == 0 and not s.match.history
    assert app.toast is not None and "planted" in app.toast[0]
    if isinstance(app.mode, PlaceMode):  # (a key places only after an action here)
        frame(app, n=30)
        key(app, pygame.K_LSHIFT)
        key(app, pygame.K_RETURN)
    key(app, pygame.K_SPACE)  # the computer's break, by hand
    run_until(app, lambda: bool(s.match.history), limit=3000)
    assert s.match.history[0]["type"] == "shot"
    pygame.display.quit()


def test_two_computers_lag_and_play_on_their_own() -> None:
    """General rule 5 between two computers: both strike, the result is
    shown for a while with nobody to press Continue, the winner chooses,
    and the break is played."""
    from simulator.app.screens import lag
    app = make_app()
    app.settings.watch = "skip"
    s = start(app, ["cpu:club", "cpu:beginner"], "9-ball", {"lag": True, "race_to": 1})
    run_until(app, lambda: app.mode is not None and app.mode.name == "lag_result",
              limit=4000)
    shown = run_until(app, lambda: app.mode is not None and
                      app.mode.name != "lag_result", limit=1000)
    assert shown * DT >= lag.UNATTENDED_SECONDS - 2 * DT
    run_until(app, lambda: any(a["type"] == "shot" for a in s.match.history),
              limit=8000)
    assert [a["type"] for a in s.match.history][:1] == ["lag"]
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_save_as_on_the_computers_turn_asks_the_name(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Play-test 33: Ctrl+Shift+S while the computer thought did nothing,
    without a word (the match menu's save worked then): it asks the name,
    on its thinking and on its stroke alike."""
    app = make_app(lang)
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    s = start(app, ["cpu:club", "Boris"], "9-ball", {"race_to": 1}, seed=6)
    assert isinstance(app.mode, ComputerMode)
    from simulator.app.dialogs.base import NameDialog
    key(app, pygame.K_s, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert app.dialogs and isinstance(app.dialogs[-1], NameDialog)
    key(app, pygame.K_ESCAPE)
    assert not app.dialogs
    run_until(app, lambda: isinstance(app.mode, ComputerPlayMode), limit=6000)
    key(app, pygame.K_s, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert app.dialogs and isinstance(app.dialogs[-1], NameDialog)
    assert len(s.match.history) == 0  # nothing played or saved behind the dialog
    pygame.display.quit()
