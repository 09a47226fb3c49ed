"""Whole matches played through the window with the referee's own tools: the
foul menu, the incoming player's dialogs and the signature dialog. The
scoreboard is checked against the referee after every step."""

from __future__ import annotations

import pygame

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.app.text.words import code_words
from tests.app.helpers import button_labels, click_button, frame, key, make_app


def enabled_buttons(app: App) -> list[str]:
    frame(app)
    return button_labels(app)


def call_from_menu(app: App, words: str) -> None:
    key(app, pygame.K_f)
    label = next(t for t in enabled_buttons(app) if words in t)
    click_button(app, label)


def check_scoreboard(app: App) -> None:
    s = app.session
    assert s is not None
    cards, _centre = s.scoreboard()
    m = s.match
    for i, card in enumerate(cards):
        want = m.state.scores[i] if m.discipline.scoring == "points" \
            else m.games_won[i]
        assert card.score.replace("−", "-") == str(want), (i, card, want)


def test_express_three_players_through_a_signature_and_knock_outs() -> None:
    app = make_app()
    app.session = Session.new(["Anna", "Boris", "Vera"], "express",
                              {"initial_points": 10}, app.locale, seed=3)
    next_step(app)
    s = app.session
    signed = declined = 0
    for _ in range(200):
        if s.over:
            break
        check_scoreboard(app)
        top = app.dialogs[-1] if app.dialogs else None
        if top is None:
            # SEED-E 2.6: a ball touched with the clothes; five points off.
            call_from_menu(app, code_words(s.locale, "express.foul.touched_ball"))
        elif top.title == app.t("sign.title"):
            if signed == 0:
                key(app, pygame.K_1)  # the first zeroed player signs back in
                signed += 1
            else:
                key(app, pygame.K_2)  # later ones decline and are out
                declined += 1
        else:
            key(app, pygame.K_1)  # the incoming player's first option
    assert s.over, "the match did not end"
    assert signed == 1 and declined >= 1
    state = s.match.state
    assert state.signatures.count(1) == 1
    assert list(state.status).count("out") == 2
    winner = s.match.winner
    assert winner is not None and state.status[winner] != "out"
    cards, _ = s.scoreboard()
    assert [c.out for c in cards] == [st == "out" for st in state.status]
    # The end of the match is a dialog naming the winner.
    assert app.dialogs and s.names[winner] in app.dialogs[-1].title
    pygame.display.quit()


def test_nine_ball_race_to_two_decided_by_concessions() -> None:
    app = make_app()
    app.session = Session.new(["Anna", "Boris"], "9-ball", {"race_to": 2},
                              app.locale, seed=3)
    next_step(app)
    s = app.session
    games = 0
    while not s.over and games < 5:
        check_scoreboard(app)
        key(app, pygame.K_ESCAPE)  # the match menu
        # game 1 is "the game"; a later one, given up before its break, by
        # its number
        click_button(app, s.locale.t("pause.concede_next", n=games + 1) if games
                     else s.locale.t("pause.concede_game"))
        click_button(app, s.locale.t("concede.game_yes"))  # asked once more
        games += 1
    check_scoreboard(app)
    assert s.over and games in (2, 3)
    assert max(s.match.games_won) == 2
    assert s.match.winner == s.match.games_won.index(2)
    assert app.dialogs and s.names[s.match.winner] in app.dialogs[-1].title
    pygame.display.quit()
