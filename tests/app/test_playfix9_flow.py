"""What a ninth play-test found in a match against a named computer seat:
a Space pressed to hurry the computer placed and struck the person's cue
ball in hand; ..."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from tests.app.helpers import (
    against_gordon,
    computer_match_at,
    frame,
    key,
    make_app,
    run_until,
    watched_session,
)


def _down(k: int, repeat: bool = False) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=" ", scancode=0,
                              repeat=repeat)


def _up(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)


def _computer_scratches(monkeypatch: pytest.MonkeyPatch, app: App) -> Session:
    """8-ball, Anna against Gordon (a club computer) at a set position,
    Gordon to shoot: his stroke sends the cue ball into a corner pocket, so
    Anna has the ball in hand."""
    from rules.ruling import Declarations
    from simulator.app.match import computer
    from simulator.players.player import ShotDecision, Thinking
    from simulator.practice.scenario import parse_scenario
    from simulator.table.events import Stroke

    draft = {"format": "kiy-scenario", "version": 1, "id": "scratch",
             "discipline": "8-ball", "players": 2,
             "title": {"en": "Scratch", "ru": "Свой в лузу"},
             "balls": {"0": [0.25, 0.25], "1": [1.8, 0.9], "9": [2.2, 0.4],
                       "8": [1.9, 0.5]},
             "state": {"is_break": False, "shooter": 1,
                       "groups": ["solids", "stripes"]}}
    sc = parse_scenario(draft)
    stroke = Stroke(direction=225.0, speed=1.0)
    d = ShotDecision(place=None, intended=stroke, stroke=stroke,
                     declarations=Declarations(), kind="safety", target=None,
                     pocket=None, success=0.0, value=0.0, simulations=1, considered=1)

    def steps() -> Any:
        yield None
        return d

    monkeypatch.setattr(computer, "think_shot", lambda match, player: Thinking(steps()))
    return watched_session(app, ["Anna", "cpu:club:Gordon"], "8-ball", {},
                           watch="skip", seed=1, state=sc.game)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_space_for_the_computer_never_places_nor_strikes_a_ball_in_hand(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Space pressed again and again (and held) while Gordon plays: when he
    scratches, Anna's cue ball is neither put down on the spot nor struck;
    a Space on her own turn says "place the cue ball first"; once she has
    moved the mouse over the table, a Space puts it down."""
    app = make_app(lang, (800, 500))
    s = _computer_scratches(monkeypatch, app)
    assert app.mode is not None and app.mode.name == "computer"
    for _ in range(4):
        frame(app, _down(pygame.K_SPACE))
        frame(app, _up(pygame.K_SPACE))
    frame(app, _down(pygame.K_SPACE))
    run_until(app, lambda: app.mode is not None and app.mode.name == "placing")
    assert s.req is not None and s.req.shooter == 0
    for _ in range(5):  # held: the keyboard repeats it
        frame(app, _down(pygame.K_SPACE, repeat=True))
    frame(app, _up(pygame.K_SPACE))
    assert app.mode.name == "placing"
    for _ in range(3):  # pressed again, to hurry a computer that has finished
        frame(app, n=30)
        key(app, pygame.K_SPACE)
        frame(app, n=2)
        assert app.mode.name == "placing", app.mode.name
    assert len(s.match.history) == 1  # only Gordon's stroke
    assert app.toast is not None and app.toast[0] == app.t(
        "place.place_first_key", now="Enter", later=app.t("evening.key_space"))
    # She moves the mouse over the table: a Space puts the ball down there.
    table = app.mode.layout.table  # type: ignore[attr-defined]
    frame(app, pygame.event.Event(pygame.MOUSEMOTION, pos=table.center,
                                  rel=(1, 1), buttons=(0, 0, 0)))
    key(app, pygame.K_SPACE)
    frame(app)
    assert app.mode.name == "aiming"


# -- 2. a named computer seat keeps its name in the records --------------------

def _concede_match(app: App, computer: str, game: str = "8-ball") -> Session:
    """Anna against ``computer``: she concedes the match at her first turn
    (the computer's shots skipped); the match is recorded."""
    from tests.app.helpers import concede_at_turn
    app.settings.watch = "skip"
    s = Session.new(["Anna", computer], game, {"race_to": 2, "first_breaker": 0},
                    app.locale, seed=4)
    app.session = s
    app.go("match")
    frame(app)
    concede_at_turn(app, "match")
    assert s.over
    app.dialogs.clear()
    return s


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_records_name_a_computer_seat_by_its_given_name(lang: str) -> None:
    """Anna concedes to Gordon, then to Boris (both club computers), then
    to an unnamed club computer: the players' records list Gordon and Boris
    as two players and "Computer (club player)" as a third; Anna's
    head-to-head and best-runs tables name them so."""
    from tests.app.helpers import button_labels, card_rows, click_button
    app = make_app(lang, (1280, 720))
    try:
        for seat in ("cpu:club:Gordon", "cpu:club:Boris", "cpu:club"):
            _concede_match(app, seat)
        unnamed = app.t("cpu.name", level=app.t("cpu.level.club"))
        app.go("records")
        frame(app, n=2)
        labels = button_labels(app)
        assert "Gordon" in labels and "Boris" in labels and unnamed in labels, labels
        click_button(app, "Anna")
        assert app.mode is not None and app.mode.name == "player"
        frame(app)
        h2h = [row[0] for row in card_rows(app, 1)[2:]]
        assert sorted(h2h) == sorted(["Gordon", "Boris", unnamed]), h2h
        words = " ".join(r.text for r in app.texts)
        assert "cpu:" not in words, words
    finally:
        pygame.display.quit()


# -- 3. a game given up is not a win at the table -------------------------------

def _table_wins(app: App) -> list[str]:
    rows = getattr(app.dialogs[-1], "table", None)
    assert rows, app.dialogs
    row = next(r for r in rows if r[0] == app.t("evening.stat_games"))
    return list(row[1:])


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("first_game", [False, True])
def test_a_conceded_game_is_no_win_at_the_table(lang: str, first_game: bool) -> None:
    """Anna concedes the match to Gordon in game 1 (or concedes game 1,
    then the match in game 2): the end-of-match table's "wins at the table"
    says 0 for both (no game ended at the table), drawn so on screen."""
    from tests.app.helpers import concede_at_turn
    app = make_app(lang, (800, 500))
    try:
        s = against_gordon(app, race_to=3)
        if first_game:
            concede_at_turn(app, "game")
            assert s.match.games_won == (0, 1) and not s.over
        concede_at_turn(app, "match")
        assert s.over and s.match.winner == 1
        run_until(app, lambda: bool(app.dialogs), limit=300)
        assert _table_wins(app) == ["0", "0"]
        frame(app, n=2)
    finally:
        pygame.display.quit()


# -- 6. the power a player set comes back after the computer's turn and a load -----

def test_the_power_set_is_kept_across_turns_and_a_load(tmp_path: Any) -> None:
    """Anna plays at 1.4 m/s (not a break); after Gordon's turn her stroke
    is aimed at 1.4 again, and so it is after the match is saved and loaded
    (not the soft power a match starts with, 1.6), the panel saying so."""
    from simulator.app.table.aim import Aim, angle_to, power_of
    from tests.app.helpers import reopen_from_menu
    app = make_app("en", (800, 500))
    try:
        draft = {"format": "kiy-scenario", "version": 1, "id": "soft",
                 "discipline": "8-ball", "players": 2,
                 "title": {"en": "Soft", "ru": "Мягко"},
                 "balls": {"0": [0.6, 0.6], "1": [1.2, 0.62], "9": [2.2, 0.4],
                           "10": [2.0, 1.0], "8": [1.9, 0.5]},
                 "state": {"is_break": False, "groups": ["solids", "stripes"]}}
        s = computer_match_at(app, draft, ["Anna", "cpu:club:Gordon"])
        s.aim = Aim(angle_to((0.6, 0.6), (1.2, 0.62)), power_of(1.4))
        frame(app, n=2)
        key(app, pygame.K_SPACE)
        run_until(app, lambda: len(s.match.history) >= 1 and app.mode is not None
                  and app.mode.name in ("aiming", "placing")
                  and s.req is not None and s.req.shooter == 0
                  and not s.to_acknowledge, limit=4000)
        assert s.match.history[0]["type"] == "shot"
        assert abs(s.aim.speed - 1.4) < 0.01
        path = s.save(tmp_path / "soft.json")
        s2 = reopen_from_menu(app, path)
        assert s2.req is not None and s2.req.shooter == 0
        assert abs(s2.aim.speed - 1.4) < 0.01, s2.aim.speed
        words = " ".join(r.text for r in app.texts)
        assert app.t("units.speed", v="1.40") in words or "1.40" in words or \
            "1.4 " in words, words
    finally:
        pygame.display.quit()


# -- 5. "Continue the last match" after the match has finished -------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_menu_does_not_offer_to_continue_a_finished_match(lang: str) -> None:
    """A match in play: the main menu offers "Continue the last match". Once
    it has finished (Anna conceded), the menu says instead that the button
    shows how the last match ended, and it opens its end (the statistics),
    in this window and after a restart."""
    from tests.app.helpers import button_labels, click_button, concede_at_turn
    app = make_app(lang, (800, 500))
    try:
        against_gordon(app, race_to=2)
        frame(app)
        concede_at_turn(app, "game")  # a step: the autosave is written
        app.go("menu")
        frame(app)
        assert app.t("menu.continue") in button_labels(app)
        click_button(app, app.t("menu.continue"))
        concede_at_turn(app, "match")
        assert app.session is not None and app.session.over
        app.dialogs.clear()
        for window in (app, make_app(lang, (800, 500))):
            window.go("menu")
            frame(window)
            labels = button_labels(window)
            assert app.t("menu.continue") not in labels, labels
            assert app.t("menu.last_result") in labels, labels
            click_button(window, app.t("menu.last_result"))
            frame(window, n=2)
            assert window.dialogs and window.dialogs[-1].kind == "gameover"
            assert getattr(window.dialogs[-1], "table", None)
    finally:
        pygame.display.quit()


# -- 7. the scoreboard marks the computer seat ------------------------------------

@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(800, 500), (1280, 720)])
@pytest.mark.parametrize("seat", ["cpu:club:Gordon", "cpu:club:Gordon Ramsay-Smithson",
                                  "cpu:club"])
def test_the_scoreboard_says_which_seat_is_the_computer(
        lang: str, size: tuple[int, int], seat: str) -> None:
    """Anna against a computer given a name: "(computer)" beside its name on
    the scoreboard, in the card's room even with a long name (the name is
    cut, never the mark); nothing beside Anna. An unnamed computer's name
    says it already: no mark."""
    from tests.app.test_layout import layout_problems
    app = make_app(lang, size)
    try:
        app.settings.watch = "skip"
        s = Session.new(["Anna", seat], "8-ball", {"race_to": 2, "first_breaker": 0},
                        app.locale, seed=4)
        app.session = s
        next_step(app)
        frame(app, n=2)
        mark = app.t("score.computer")
        top = app.mode.layout.table.top  # type: ignore[union-attr]
        board = [r for r in app.texts if r.rect.bottom <= top]
        marks = [r for r in board if r.text == mark]
        if seat == "cpu:club":
            assert not marks
            return
        assert len(marks) == 1, [r.text for r in board]
        name = next(r for r in board if r.text.startswith("Gordon"))
        assert 0 <= marks[0].rect.left - name.rect.right <= 12
        annas = next(r for r in board if r.text == "Anna")
        assert marks[0].rect.left > annas.rect.right
        assert layout_problems(app) == []
    finally:
        pygame.display.quit()


# -- 4. a person's own ruling is read before the computer plays, after a load too --

@pytest.mark.parametrize("watch", ["1", "2", "skip"])
def test_a_persons_ruling_waits_for_them_after_a_load(tmp_path: Any,
                                                      watch: str) -> None:
    """A match against Gordon saved and loaded at 800x500 (watched at
    ``watch``): Anna scratches, pressing Space again and again (her shot
    skipped to its end, then to hurry Gordon): Gordon waits, her foul on
    show, until she presses Space once it has been up a moment."""
    from rules.referee import Match
    from simulator.app.screens.computer_turn import READ_SECONDS, ComputerMode
    from simulator.app.table.aim import Aim, angle_to
    from simulator.practice.scenario import parse_scenario
    from tests.app.helpers import DT, reopen_from_menu
    app = make_app("en", (800, 500))
    try:
        draft = {"format": "kiy-scenario", "version": 1, "id": "scratch",
                 "discipline": "8-ball", "players": 2,
                 "title": {"en": "Scratch", "ru": "Свой в лузу"},
                 "balls": {"0": [0.25, 0.25], "1": [1.8, 0.9], "9": [2.2, 0.4],
                           "8": [1.9, 0.5]},
                 "state": {"is_break": False, "groups": ["solids", "stripes"]}}
        sc = parse_scenario(draft)
        m = Match.from_state(["Anna", "cpu:club:Gordon"], "8-ball", sc.game, {},
                             seed=1)
        s = Session(m, app.locale)
        s.watch = watch
        path = s.save(tmp_path / "gordon.json")
        s = reopen_from_menu(app, path)
        assert s.watch == watch
        assert app.mode is not None and app.mode.name == "aiming"
        s.aim = Aim(angle_to((0.25, 0.25), (0.0, 0.0)), 0.4)
        frame(app, n=2)
        key(app, pygame.K_SPACE)  # the stroke
        frame(app, n=3)
        key(app, pygame.K_SPACE)  # her shot skipped to its end
        run_until(app, lambda: isinstance(app.mode, ComputerMode), limit=600)
        r = s.last_ruling
        assert r is not None and r.shooter == 0 and r.fouls
        assert s.banner is not None and "Anna" in s.banner.title
        for _ in range(3):  # pressed again, to hurry the play on
            frame(app, n=4)
            key(app, pygame.K_SPACE)
        mode = app.mode
        assert isinstance(mode, ComputerMode) and mode.phase == "waiting"
        assert len(s.match.history) == 1
        words = " ".join(t.text for t in app.texts)
        assert app.t("evening.waits_foul", name="Gordon") in words
        frame(app, n=int(READ_SECONDS / DT) + 2)
        key(app, pygame.K_SPACE)  # read: Gordon plays
        run_until(app, lambda: len(s.match.history) >= 2, limit=6000)
    finally:
        pygame.display.quit()


def test_a_space_in_the_settling_moment_says_place_first_over_another_message(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Gordon scratched; a Space at once, another message on show: "too
    soon" kept that message and said nothing of the press; "place the cue
    ball first" says what to do."""
    app = make_app("en", (800, 500))
    s = _computer_scratches(monkeypatch, app)
    frame(app, _down(pygame.K_SPACE))
    frame(app, _up(pygame.K_SPACE))
    run_until(app, lambda: app.mode is not None and app.mode.name == "placing")
    mode = app.mode
    assert mode is not None and getattr(mode, "settle", 0.0) > 0.0
    app.inform("Gordon: 30", 5.0)
    key(app, pygame.K_SPACE)
    assert app.mode is mode and len(s.match.history) == 1
    assert app.toast is not None and app.toast[0] == app.t(
        "place.place_first_key", now="Enter", later=app.t("evening.key_space"))
