"""What a sixth play-test of a match found (issue 22, "an evening that
flows"): an undo gives back the call made before the stroke (and a redo the
one made after it); a re-rack under general rule 28 replays the same game;
the watching speed comes back with a saved match; a conceded match counts
only the games played; a computer's choice in Express does not wait for a
person's key."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from rules.referee import Match
from simulator.app.dialogs.referee_calls import call_words
from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.app.table.aim import Aim, angle_to
from simulator.records import words
from tests.app.helpers import (
    card_rows,
    click,
    click_button,
    concede_at_turn,
    drawn_words,
    frame,
    key,
    make_app,
    run_until,
    scenario_match,
)

CUE = (1.0, 0.4)
THREE = (1.0 + 0.6 * (2.54 - 1.0), 0.4 + 0.6 * (1.27 - 0.4))


def right_click_at(app: App, xy: tuple[float, float]) -> None:
    mode = app.mode
    assert mode is not None
    click(app, mode.scene.view.to_screen(*xy), button=3)  # type: ignore[attr-defined]


def call_by_clicks(app: App, ball: int, pocket: str) -> None:
    """The person calls ``ball`` and ``pocket`` with the right button."""
    s = app.session
    assert s is not None
    p = s.table.position(ball)
    assert p is not None
    right_click_at(app, p)
    right_click_at(app, s.spec.pocket(pocket).mouth_centre)
    frame(app)


def shoot_and_wait(app: App, target: tuple[float, float], power: float = 0.3) -> None:
    s = app.session
    assert s is not None
    n = len(s.match.history)
    cue = s.cue_pos()
    assert cue is not None
    s.aim = Aim(angle_to(cue, target), power)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: len(s.match.history) > n and app.mode is not None
              and app.mode.name in ("aiming", "placing"), limit=4000)
    if app.mode is not None and app.mode.name == "placing":
        # (after the computer's turn a key puts the ball down only after an
        # action of hers)
        frame(app, n=30)
        key(app, pygame.K_LSHIFT)
        key(app, pygame.K_RETURN)
    frame(app)


# -- 1. undo and redo give the call back ---------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_undo_gives_back_the_8_ball_call_and_redo_the_next_one(lang: str) -> None:
    """8-ball rule 2: the shooter's call is part of the stroke; taking the
    stroke back puts it back as it was, and redoing it brings back the
    call the opponent had made since."""
    app = make_app(lang)
    try:
        scenario_match(app, "8-ball",
                       {0: CUE, 3: THREE, 12: (0.5, 1.0), 14: (2.0, 1.1)})
        t = app.t
        call_by_clicks(app, 3, "foot_right")  # not where the aim sends it
        anna = t("call.made", ball=3, pocket=t("pocket_into.foot_right"))
        assert anna in drawn_words(app, "side")
        shoot_and_wait(app, THREE)
        s = app.session
        assert s is not None and s.req is not None and s.req.shooter == 1
        call_by_clicks(app, 14, "head_left")
        boris = t("call.made", ball=14, pocket=t("pocket_into.head_left"))
        # (its short form where the ruling card before it leaves one row)
        boris_short = t("call.made_short", ball=14, pocket=t("pocket.head_left"))
        assert boris in drawn_words(app, "side") or \
            boris_short in drawn_words(app, "side")
        key(app, pygame.K_u)
        frame(app)
        assert s.req is not None and s.req.shooter == 0
        assert anna in drawn_words(app, "side"), drawn_words(app, "side")
        key(app, pygame.K_y)
        frame(app)
        assert s.req is not None and s.req.shooter == 1
        assert boris in drawn_words(app, "side") or \
            boris_short in drawn_words(app, "side"), drawn_words(app, "side")
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_undo_gives_back_a_declared_14_1_safety(lang: str) -> None:
    """14.1 rule 7.4: a declared safety is the shooter's announcement; after
    an undo it is declared again (the button says so), not lost."""
    app = make_app(lang)
    try:
        scenario_match(app, "14.1", {0: CUE, 3: THREE, 12: (0.5, 1.0), 14: (2.0, 1.1)})
        t = app.t
        click_button(app, t("panel.safety"))
        frame(app)
        declared = t("panel.declared", what=t("panel.safety"))
        assert declared in drawn_words(app, "side")
        shoot_and_wait(app, THREE, 0.15)
        s = app.session
        assert s is not None and len(s.match.history) == 1
        assert declared not in drawn_words(app, "side")
        key(app, pygame.K_u)
        frame(app)
        assert declared in drawn_words(app, "side"), drawn_words(app, "side")
        assert t("call.safety") in drawn_words(app, "side")
    finally:
        pygame.display.quit()


# -- 2. a game replayed under general rule 28 keeps its number ---------------------
def scoreboard_words(app: App) -> str:
    top = app.layout.side.top
    return " ".join(r.text for r in app.texts if r.rect.bottom <= top + 2 and r.text)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", ["8-ball", "9-ball"])
def test_a_game_replayed_under_rule_28_keeps_its_number(lang: str, game: str) -> None:
    """General rule 28: outside interference, the position cannot be
    restored: the game is replayed, the same player breaks; the match's
    score stands and the scoreboard still shows the same game, not the
    next one."""
    app = make_app(lang)
    try:
        s = Session.new(["Anna", "Boris"], game,
                        {"race_to": 3, "first_breaker": 1}, app.locale, seed=5)
        app.session = s
        s.concede(1, False)  # game 1 to Anna: the match stands 1:0
        next_step(app)
        frame(app, n=2)
        t = app.t
        # (under the card of the game given up, that game's scoreboard)
        assert t("score.race", n=3, game=1) in scoreboard_words(app)
        click_button(app, t("side.next_game"))
        frame(app, n=2)
        game2 = t("score.race", n=3, game=2)
        assert game2 in scoreboard_words(app), scoreboard_words(app)
        assert s.req is not None and s.req.is_break
        breaker = s.req.shooter
        key(app, pygame.K_j)
        click_button(app, call_words(app, "referee.not_restored"))
        frame(app, n=3)
        assert game2 in scoreboard_words(app), scoreboard_words(app)
        assert t("score.race", n=3, game=3) not in scoreboard_words(app)
        assert s.match.games_won == (1, 0)
        assert s.req is not None and s.req.is_break and s.req.shooter == breaker
        assert "28" in drawn_words(app, "side")
    finally:
        pygame.display.quit()


# -- 3. the watching speed comes back with a saved match -----------------------------
def test_the_watching_speed_comes_back_with_a_save_and_the_autosave(
        tmp_path: Path) -> None:
    """Skip chosen at the computer's turn is for this match only (never the
    settings'), yet the match saved and loaded again (Save, or Continue from
    the autosave) watches the computer at that speed."""
    from simulator.app.loop.flow import open_saved
    from simulator.app.match.session import autosave_path
    from simulator.app.screens.computer_turn import set_watch, watch_key
    app = make_app()
    try:
        s = Session.new(["Anna", "cpu:club"], "9-ball",
                        {"race_to": 3, "first_breaker": 1}, app.locale, seed=5)
        app.session = s
        next_step(app)
        frame(app)
        assert app.mode is not None and app.mode.name == "computer"
        key(app, pygame.K_0)  # Skip
        assert watch_key(app) == "skip" and app.settings.watch != "skip"
        run_until(app, lambda: bool(s.match.history), limit=3000)  # its break
        frame(app)
        path = s.save(tmp_path / "evening.json")
        for where in (path, autosave_path()):
            app.session = None
            assert open_saved(app, where), where
            frame(app)
            assert app.session is not None and app.session.watch == "skip", where
            assert watch_key(app) == "skip"
        assert app.settings.watch != "skip"
        # Changed again in the match resumed: the autosave keeps the new one.
        set_watch(app, "4")
        app.session = None
        assert open_saved(app, autosave_path())
        assert app.session is not None and app.session.watch == "4"
    finally:
        pygame.display.quit()


def test_a_save_without_a_watching_speed_loads_at_the_settings_speed(
        tmp_path: Path) -> None:
    """A save of an older Kiy (no "watch") or with one this Kiy does not
    offer loads all the same, watched at the settings' speed."""
    import json

    from simulator.app.screens.computer_turn import watch_key
    from simulator.files import saves
    app = make_app()
    try:
        m = Match(["Anna", "cpu:club"], "9-ball", {"race_to": 3}, seed=5)
        old = saves.write_save(m, tmp_path / "old.json")
        assert "watch" not in json.loads(old.read_text())
        odd = tmp_path / "odd.json"
        odd.write_text(json.dumps({**json.loads(old.read_text()), "watch": "8"}))
        for p in (old, odd):
            s = Session.load(p, app.locale)
            assert s.watch is None
            app.session = s
            assert watch_key(app) == app.settings.watch
    finally:
        pygame.display.quit()


# -- 4. a conceded match counts the games played -----------------------------------
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("computer", ["cpu:club", "cpu:club:Robo"])
def test_a_conceded_match_counts_only_the_games_played(lang: str,
                                                       computer: str) -> None:
    """Anna concedes game 1, then the match in game 2 of a race to 3: the
    records show one match lost and games 0-2, both given up (0–0 at the
    table, w/o 0–2), not 0-3 as if the game never played had been lost
    too. A computer seat given a name (cpu:LEVEL:NAME) is recorded as its
    level: the records took it for a person called "cpu:..." and refused
    the match."""
    app = make_app(lang)
    try:
        app.settings.watch = "skip"
        app.session = Session.new(["Anna", computer], "9-ball",
                                  {"race_to": 3, "first_breaker": 0,
                                   "break_order": "loser"}, app.locale,
                                  seed=4)
        app.go("match")
        frame(app)
        concede_at_turn(app, "game")
        s = app.session
        assert s is not None and s.match.games_won == (0, 1) and not s.over
        concede_at_turn(app, "match")
        assert s.over and s.match.winner == 1
        app.dialogs.clear()
        app.go("records")
        frame(app, n=2)
        click_button(app, "Anna")
        assert app.mode is not None and app.mode.name == "player"
        frame(app)
        per_game = [r for r in card_rows(app, 0) if r[0] == app.t("game.9-ball")]
        assert per_game[0][:4] == [app.t("game.9-ball"), "0", "1", "0–0*"], per_game
        h2h = card_rows(app, 1)
        wo = words.t(lang, "page.games_wo", played="0–0", given_up="0–2")
        assert h2h[-1][1:] == ["1", "0", "1", wo], h2h
    finally:
        pygame.display.quit()


# -- 5. a computer's choice in Express goes on by itself ---------------------------
def express_after_annas_foul(app: App, watch: str) -> Session:
    """Express of Anna, a club computer and Boris (seed 4) watched at
    ``watch``: Anna's first stroke called a foul the referee saw (F), so the
    computer chooses next."""
    from tests.app.helpers import button_labels
    app.settings.watch = watch
    s = Session.new(["Anna", "cpu:club", "Boris"], "express", {}, app.locale, seed=4)
    app.session = s
    next_step(app)
    frame(app, n=2)
    key(app, pygame.K_f)
    click_button(app, button_labels(app)[0])  # a foul the referee saw
    return s


def computers_choice_on_show(app: App) -> Session:
    """Express after Anna's foul, the computer's turn watched with Skip:
    Space, then its choice held on show before its stroke."""
    from simulator.app.screens.computer_turn import ComputerMode
    s = express_after_annas_foul(app, "skip")
    key(app, pygame.K_SPACE)
    run_until(app, lambda: isinstance(app.mode, ComputerMode)
              and app.mode.holding() and s.match.history[-1]["type"] == "choice")
    return s


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_computers_choice_in_express_needs_no_key(lang: str) -> None:
    """Express (three players, SEED-E 2.6): Anna's foul, then the computer
    chooses. Anna reads her own foul (Space: the computer waits for it);
    the computer's choice is shown on its card as long as a person's ruling
    (HOLD_MIN_SECONDS at least), then play goes on by itself, the choice folded to one
    line: one key in all, not one more for the computer's choice."""
    from simulator.app.screens.computer_turn import HOLD_MIN_SECONDS, ComputerMode
    from tests.app.helpers import DT
    from tests.app.test_playfix11_card import wait
    app = make_app(lang)
    try:
        s = express_after_annas_foul(app, "4")
        frame(app, n=2)
        wait(app, 5)  # (quarter-second frames: a wait by the clock)
        mode = app.mode
        assert isinstance(mode, ComputerMode) and mode.phase == "waiting"
        key(app, pygame.K_SPACE)  # Anna has read her foul
        chose_at = shot_at = -1
        folded = False
        title = ""
        for i in range(3000):
            m = app.mode
            if (m is not None and m.name in ("aiming", "placing")) or app.dialogs:
                break
            assert not (isinstance(m, ComputerMode) and m.phase == "waiting"), i
            frame(app)
            last = s.match.history[-1]["type"]
            if chose_at < 0 and last == "choice":
                chose_at = i
                assert s.banner is not None
                title = s.banner.title
            if chose_at >= 0 and shot_at < 0 and last == "shot":
                shot_at = i
            if title and app.mode is not None and \
                    app.mode.name == "computer_playing":
                folded = folded or title in drawn_words(app, "side")
        else:
            raise AssertionError("no person's turn came")
        assert chose_at >= 0 and shot_at > chose_at
        assert (shot_at - chose_at) * DT >= HOLD_MIN_SECONDS - 2 * DT
        assert app.t("cpu.chooses", name=s.name(1), choice="")[:8] in title
        assert folded
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", [(800, 500), (1024, 600), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_held_choice_card_fits(lang: str, size: tuple[int, int]) -> None:
    """The computer's choice on show before its stroke: no words over other
    words or across the side column's edge."""
    from simulator.app.screens.computer_turn import ComputerMode
    from tests.app.test_layout import layout_problems
    app = make_app(lang, size)
    try:
        s = computers_choice_on_show(app)
        frame(app, n=30)
        assert isinstance(app.mode, ComputerMode) and app.mode.holding()
        # (a low column gives the heading's first line to the card, whose
        # title names the choice)
        said = app.t("cpu.held_chose") if size[1] > 500 else s.banner.title
        assert said in drawn_words(app, "side")
        assert layout_problems(app) == []
    finally:
        pygame.display.quit()
