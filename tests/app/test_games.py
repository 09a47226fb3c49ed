"""Whole racks played with real strokes through the window: a test player
aims (bot.py), the physics plays the shot while it is drawn, the referee
judges, and the scoreboard is checked against the referee after every turn."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.table.specs import CUE_BALL
from tests.app.bot import ShotNotPlayed, play_turn
from tests.app.helpers import make_app


def check_scoreboard(app: App) -> None:
    s = app.session
    assert s is not None
    cards, centre = s.scoreboard()
    m = s.match
    st = m.state
    for i, card in enumerate(cards):
        want = st.scores[i] if m.discipline.scoring == "points" else m.games_won[i]
        assert card.score.replace("−", "-") == str(want), (i, card, want)
    req = s.req
    if req is not None:
        who = req.chooser if req.pending and req.chooser is not None else req.shooter
        assert [c.active for c in cards] == [i == who for i in range(len(cards))]
    on = [b for b in st.table.on_table() if b != CUE_BALL]
    if s.discipline == "8-ball":
        for i, grp in enumerate(st.groups):
            if grp is not None:
                mine = range(1, 8) if grp == "solids" else range(9, 16)
                assert cards[i].balls == tuple(b for b in sorted(on) if b in mine)
    if s.discipline == "9-ball" and on and not m.over:
        assert s.locale.t("score.lowest", ball=min(on)) in centre
    if s.discipline == "14.1" and not m.over:
        assert s.locale.t("score.balls_left", n=len(on), rack=st.rack_no) in centre


def play_game(game: str, options: dict[str, object], seed: int,
              done: Callable[[App], bool], turns: int = 80) -> App | None:
    app = make_app()
    app.session = Session.new(["Anna", "Boris"], game, options, app.locale, seed=seed)
    next_step(app)
    s = app.session
    for _ in range(turns):
        if s.over:
            break
        check_scoreboard(app)
        try:
            play_turn(app)
        except ShotNotPlayed:
            return None  # the physics refused a position; try another rack
    check_scoreboard(app)
    return app if s.over and done(app) else None


def _first(game: str, options: dict[str, object],
           done: Callable[[App], bool]) -> App:
    for seed in range(1, 9):
        app = play_game(game, options, seed, done)
        if app is not None:
            return app
        pygame.display.quit()
    raise AssertionError(f"no {game} rack reached the end asked for")


def test_a_nine_ball_rack_to_the_end() -> None:
    app = _first("9-ball", {"race_to": 1}, lambda a: True)
    s = app.session
    assert s is not None and s.match.winner is not None
    last = s.shots[-1][1]
    assert last.match_over and last.match_winner == s.match.winner
    assert app.dialogs and s.names[s.match.winner] in app.dialogs[-1].title
    pygame.display.quit()


def test_an_eight_ball_game_through_a_called_eight() -> None:
    def called_eight(a: App) -> bool:
        s = a.session
        assert s is not None
        return "note.win_eight" in s.shots[-1][1].codes()
    app = _first("8-ball", {"race_to": 1}, called_eight)
    s = app.session
    assert s is not None
    decl = s.match.history[-1]["declarations"]
    assert decl["called_ball"] == 8 and decl["called_pocket"]
    assert s.match.winner == s.shots[-1][1].shooter
    pygame.display.quit()


def test_straight_pool_to_a_small_target() -> None:
    app = _first("14.1", {"target": 3}, lambda a: True)
    s = app.session
    assert s is not None and s.match.winner is not None
    assert s.match.state.scores[s.match.winner] >= 3
    assert "note.target_reached" in s.shots[-1][1].codes()
    pygame.display.quit()
