"""What a play-test found (fix 11c): when a game of a match ends and the
match goes on, the table kept showing the next rack under the game's card,
and the player never saw where the game had ended. Until the player moves
on (Next game), the table shows the ended game as its last stroke left it;
the next rack comes then. Undo, a save and a computer seat keep that."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from rules.referee import Match
from simulator.app.loop.app import App
from simulator.app.match.session import Session, autosave_path
from simulator.app.table.aim import Aim, angle_to
from simulator.practice.scenario import parse_scenario
from simulator.table.specs import CUE_BALL
from tests.app.helpers import (
    click_button,
    computer_pots_the_9,
    drawn_words,
    frame,
    key,
    make_app,
    reopen_from_menu,
    run_until,
)

CUE = (1.8, 0.5)
NEAR_POCKET = (2.3, 0.3)  # straight in to the foot right pocket from CUE
POCKET = "foot_right"


def position_match(app: App, game: str, balls: dict[int, tuple[float, float]],
                   players: tuple[str, str] = ("Anna", "Boris"),
                   shooter: int = 0,
                   options: dict[str, object] | None = None) -> Session:
    """A race to 2 (or as ``options`` say) at a set position (8-ball: groups
    taken, Anna solids), ``shooter`` at the table, opened in the window."""
    state: dict[str, Any] = {"is_break": False, "shooter": shooter}
    if game == "8-ball":
        state["groups"] = ["solids", "stripes"]
    sc = parse_scenario({
        "format": "kiy-scenario", "version": 1, "id": "game-end",
        "discipline": game, "players": 2, "title": {"en": "End", "ru": "Конец"},
        "balls": {str(b): list(p) for b, p in balls.items()}, "state": state})
    m = Match.from_state(list(players), game, sc.game,
                         {"race_to": 2, **(options or {})}, seed=1)
    app.session = s = Session(m, app.locale)
    app.go("match")
    frame(app)
    return s


def pot_into_foot_right(app: App, ball: int, call: bool = False) -> None:
    """The person at the table pots ``ball`` (at NEAR_POCKET) straight in,
    struck with Space as a player does; waits for the ruling."""
    s = app.session
    assert s is not None and app.mode is not None and app.mode.name == "aiming"
    r = s.spec.balls.radius
    mouth = s.spec.pocket(POCKET).mouth_centre
    d = math.dist(NEAR_POCKET, mouth)
    ghost = tuple(p - 2 * r * (m - p) / d for p, m in zip(NEAR_POCKET, mouth,
                                                          strict=True))
    s.aim = Aim(angle_to(CUE, (ghost[0], ghost[1])), 0.3)
    if call:
        s.call = (ball, POCKET)
    n = len(s.match.history)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: len(s.match.history) > n and app.mode is not None
              and app.mode.name != "playing", limit=4000)
    frame(app)


def drawn(app: App) -> dict[int, tuple[float, float]]:
    """The balls the table screen draws now, by number."""
    mode = app.mode
    assert mode is not None
    return {b: (x, y) for b, (x, y, _r) in
            mode.ball_positions().items()}  # type: ignore[attr-defined]


def assert_final_position(app: App, s: Session, winner: str) -> None:
    """The game's card is up over the table as the last stroke left it: the
    cue ball where it stopped, the potted ball gone, no new rack."""
    last = s.last_ruling
    assert last is not None and last.game_over and not last.match_over
    # (the referee has racked the next game already)
    assert len(s.match.table().on_table()) > 2
    final = s.shots[-1][0].final
    balls = drawn(app)
    assert set(balls) == {CUE_BALL}, sorted(balls)
    stopped = final.position(CUE_BALL)
    assert stopped is not None and math.dist(balls[CUE_BALL], stopped) < 1e-9
    assert app.mode is not None and app.mode.name == "game_end", app.mode
    assert app.t("banner.game_over", name=winner) in drawn_words(app, "side")
    assert app.t("side.next_game") in drawn_words(app, "side")


def assert_next_rack(app: App, s: Session) -> None:
    """After Next game: the new rack on the table."""
    rack = {b for b in s.match.table().on_table() if b != CUE_BALL}
    balls = drawn(app)
    assert rack <= set(balls), sorted(balls)
    for b in rack:
        p = s.match.table().position(b)
        assert p is not None and math.dist(balls[b], p) < 1e-9


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_8_potted_to_win_a_game_leaves_its_table_until_next_game(
        lang: str) -> None:
    """8-ball rule 1, a race to 2: Anna pots the called 8; while her win is
    on the card the table is as her stroke left it; Next game racks anew."""
    app = make_app(lang)
    try:
        s = position_match(app, "8-ball", {0: CUE, 8: NEAR_POCKET})
        pot_into_foot_right(app, 8, call=True)
        assert_final_position(app, s, "Anna")
        frame(app, n=5)  # it waits for the player: nothing moves on by itself
        assert app.mode is not None and app.mode.name == "game_end"
        click_button(app, app.t("side.next_game"))
        frame(app)
        assert app.mode is not None and app.mode.name in ("placing", "aiming")
        assert_next_rack(app, s)
        assert set(range(1, 16)) <= set(drawn(app))
        assert app.t("banner.game_over", name="Anna") not in drawn_words(app, "side")
    finally:
        pygame.display.quit()


def test_the_9_potted_to_win_a_game_leaves_its_table_until_space() -> None:
    """9-ball rule 4: the same with the 9; Space moves on once the card has
    been up a moment (a Space pressed to skip the stroke does not)."""
    app = make_app()
    try:
        s = position_match(app, "9-ball", {0: CUE, 9: NEAR_POCKET})
        pot_into_foot_right(app, 9)
        assert_final_position(app, s, "Anna")
        frame(app, n=30)
        key(app, pygame.K_SPACE)
        frame(app)
        assert app.mode is not None and app.mode.name in ("placing", "aiming")
        assert_next_rack(app, s)
        assert set(range(1, 10)) <= set(drawn(app))
    finally:
        pygame.display.quit()


def test_a_conceded_game_leaves_its_table_until_next_game() -> None:
    """A game conceded from the menu: its card over the balls as they lay
    (the cue ball where it stood), not over the next rack."""
    app = make_app()
    try:
        lay = {0: CUE, 1: (0.6, 0.9), 5: (1.2, 0.3), 9: NEAR_POCKET}
        s = position_match(app, "9-ball", lay)
        key(app, pygame.K_ESCAPE)
        click_button(app, app.t("pause.concede_game"))
        click_button(app, app.t("concede.game_yes"))
        frame(app)
        balls = drawn(app)
        assert set(balls) == set(lay), sorted(balls)
        assert all(math.dist(balls[b], p) < 1e-9 for b, p in lay.items())
        assert app.mode is not None and app.mode.name == "game_end", app.mode
        assert app.t("banner.game_over", name="Boris") in drawn_words(app, "side")
        click_button(app, app.t("side.next_game"))
        frame(app)
        assert_next_rack(app, s)
    finally:
        pygame.display.quit()


def test_undo_from_the_card_gives_back_the_stroke_and_redo_the_card() -> None:
    """Undo on the game's card takes the winning stroke back (the 8 on the
    table, Anna aiming); redo plays it again and its card is up again over
    the table it left."""
    app = make_app()
    try:
        s = position_match(app, "8-ball", {0: CUE, 8: NEAR_POCKET})
        pot_into_foot_right(app, 8, call=True)
        assert_final_position(app, s, "Anna")
        click_button(app, app.t("panel.undo"))
        frame(app)
        assert app.mode is not None and app.mode.name == "aiming"
        balls = drawn(app)
        assert set(balls) == {CUE_BALL, 8}
        assert math.dist(balls[8], NEAR_POCKET) < 1e-9
        key(app, pygame.K_y)
        frame(app)
        assert_final_position(app, s, "Anna")
    finally:
        pygame.display.quit()


def test_a_match_saved_under_the_card_opens_on_the_card() -> None:
    """The autosave made as the game ended, opened again from the menu: the
    same card over the same final position; Next game then racks anew, the
    games won kept."""
    app = make_app()
    try:
        s = position_match(app, "9-ball", {0: CUE, 9: NEAR_POCKET})
        pot_into_foot_right(app, 9)
        assert_final_position(app, s, "Anna")
        again = reopen_from_menu(app, autosave_path())
        frame(app)
        assert again.match.games_won == (1, 0)
        assert_final_position(app, again, "Anna")
        click_button(app, app.t("side.next_game"))
        frame(app)
        assert_next_rack(app, again)
        assert again.match.games_won == (1, 0)
    finally:
        pygame.display.quit()


def test_the_computer_wins_a_game_its_table_stays_until_next_game() -> None:
    """Against a computer (each shot shown at once): it pots the 9 to win a
    game; the person sees where its stroke left the balls until Next game,
    and then the computer goes on at once (nothing more to acknowledge)."""
    app = make_app()
    try:
        s = computer_pots_the_9(app)
        assert_final_position(app, s, s.name(1))
        click_button(app, app.t("side.next_game"))
        frame(app)
        assert not s.to_acknowledge
        mode = app.mode
        if mode is not None and mode.name == "computer":
            assert mode.phase != "waiting"  # type: ignore[attr-defined]
        assert set(range(1, 10)) <= set(drawn(app))
    finally:
        pygame.display.quit()


def test_14_1_at_the_target_the_match_ends_on_its_last_position() -> None:
    """14.1 rule 1: the target ends the match (no next game is racked); its
    card is over the table as the last stroke left it."""
    app = make_app()
    try:
        state: dict[str, Any] = {"is_break": False, "scores": [24, 0]}
        balls = {0: CUE, 3: NEAR_POCKET, 12: (0.5, 1.0), 14: (2.0, 1.1)}
        sc = parse_scenario({
            "format": "kiy-scenario", "version": 1, "id": "target",
            "discipline": "14.1", "players": 2, "title": {"en": "T", "ru": "Т"},
            "balls": {str(b): list(p) for b, p in balls.items()}, "state": state})
        m = Match.from_state(["Anna", "Boris"], "14.1", sc.game, {"target": 25},
                             seed=1)
        app.session = s = Session(m, app.locale)
        app.go("match")
        frame(app)
        pot_into_foot_right(app, 3, call=True)
        assert s.over and s.match.winner == 0
        balls_now = drawn(app)
        assert set(balls_now) == {CUE_BALL, 12, 14}
        stopped = s.shots[-1][0].final.position(CUE_BALL)
        assert stopped is not None and math.dist(balls_now[CUE_BALL], stopped) < 1e-9
    finally:
        pygame.display.quit()
