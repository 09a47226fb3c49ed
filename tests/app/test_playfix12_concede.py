"""A conceded match is said as one, by whom, with the games really won on
the scoreboard and in the records alike; a game given up during the
computer's break leaves that game's scoreboard and balls under its card, not
the next one's (the break rolling is played out and judged first). Anna
against Gordon (a computer), race to 3, Gordon breaking; Anna concedes from
the match menu while his break rolls."""

from __future__ import annotations

import pygame
import pytest

from rules.codes import LossCode, n9
from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.text.words import cite, ref_text
from tests.app.helpers import (
    click_button,
    drawn_lines,
    drawn_words,
    frame,
    key,
    make_app,
    run_until,
    watched_session,
)


def _conceded_in_gordons_break(app: App, what: str) -> Session:
    s = watched_session(app, ["Anna", "cpu:club:Gordon"], "9-ball",
                        {"race_to": 3, "first_breaker": 1})
    run_until(app, lambda: app.mode is not None and app.mode.name == "computer_playing")
    frame(app, n=20)  # the balls roll
    key(app, pygame.K_ESCAPE)
    click_button(app, app.t(f"pause.concede_{what}"))
    click_button(app, app.t(f"concede.{what}_yes"))
    run_until(app, lambda: bool(app.dialogs) or getattr(app.mode, "name", "")
              == "game_end", limit=600)
    frame(app, n=2)
    return s


def _the_break_lies_under_the_card(app: App, s: Session) -> None:
    """Gordon's break was played out and judged before the concession: the
    balls under the card lie where it left them, not racked."""
    from simulator.table.state import TableState, Where
    kinds = [a["type"] for a in s.match.history]
    assert kinds == ["shot", "concede"], kinds
    stopped = TableState.from_dict(s.match.history[0]["shot"]["final"])
    racked = TableState.from_dict(s.match.history[0]["shot"]["initial"])
    drawn = app.mode.ball_positions()  # type: ignore[union-attr]
    lying = {b.ball: (b.x, b.y) for b in stopped.balls if b.where is Where.TABLE}
    assert set(drawn) == set(lying)
    for b, at in lying.items():
        assert drawn[b][:2] == pytest.approx(at, abs=1e-6)
    assert any(drawn[b.ball][:2] != pytest.approx((b.x, b.y), abs=1e-3)
               for b in racked.balls if b.ball in drawn)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_conceded_match_is_said_so_and_its_score_is_the_games_played(
        lang: str) -> None:
    app = make_app(lang)
    try:
        s = _conceded_in_gordons_break(app, "match")
        card = app.dialogs[-1]
        assert card.kind == "gameover"  # type: ignore[attr-defined]
        shown = drawn_words(app)
        title = app.t("banner.match_conceded", name="Anna", winner="Gordon")
        assert " ".join(title.split()) in shown
        # Worded as the match given up, not as a game (its line names the
        # game in progress the match took with it, 9-ball 4).
        body = card.body  # type: ignore[attr-defined]
        rule = ref_text(app.locale, n9("4"))
        assert app.t("banner.match_conceded_line", rule=f" ({rule})") in body
        assert app.t("banner.match_over", name="Gordon") not in shown
        game_given_up = cite(app.locale, LossCode.CONCEDED, None, "9-ball")
        assert game_given_up.split("(")[0].strip() not in body, body
        # The scoreboard: the game given up, not the race (it read 0 to 3).
        cards, centre = app.mode.board()  # type: ignore[union-attr]
        assert [c.score for c in cards] == ["0", "1"]
        assert app.t("score.match_conceded", name="Anna") in centre
        # The records count the same games.
        assert [st.games for st in s.stats()] == [0, 1]
        _the_break_lies_under_the_card(app, s)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_game_conceded_in_the_computers_break_keeps_its_scoreboard_under_its_card(
        lang: str) -> None:
    app = make_app(lang)
    try:
        s = _conceded_in_gordons_break(app, "game")
        assert app.mode is not None and app.mode.name == "game_end"
        assert s.match.game_number == 2  # the referee has racked the next
        shown = drawn_lines(app)
        assert app.t("score.race", n=3, game=1) in shown
        assert app.t("score.race", n=3, game=2) not in shown
        cards, _centre = app.mode.board()  # type: ignore[attr-defined]
        assert [c.score for c in cards] == ["0", "1"]
        assert not any(c.active for c in cards)  # nobody at the table yet
        _the_break_lies_under_the_card(app, s)
        # Next game: the new rack's scoreboard, Gordon to break.
        click_button(app, app.t("side.next_game"))
        frame(app, n=2)
        assert app.t("score.race", n=3, game=2) in drawn_lines(app)
    finally:
        pygame.display.quit()
