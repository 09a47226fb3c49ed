"""The end card of a match given up. In Express of three or more a player
who gives up leaves the match (Express rules silent, Kiy's reading R21:
``ExpressDiscipline.leave``), conceding it to no one opponent: the card, its
scoreboard and an undo say "leaves", as between two they say "concedes".
The card's buttons are numbered from 1 without a gap, as every menu, and
its key line says what U takes back (the concession, the leaving), not
"the last shot" where none was played."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from tests.app.helpers import (
    DT,
    click_button,
    concede_match,
    frame,
    key,
    make_app,
    three_in_express,
)
from tests.app.scenes import LANGS, SIZES
from tests.app.test_express48_concede import _leave_from_menu

IDS = ("1280x720", "800x500")


def _two_at_table(app: App) -> Session:
    """Anna and Boris at 9-ball, race to 3: Anna to break, no shot played."""
    from simulator.app.match.turns import next_step
    app.session = s = Session.new(["Anna", "Boris"], "9-ball",
                                  {"race_to": 3, "first_breaker": 0},
                                  app.locale, seed=5)
    next_step(app)
    frame(app)
    return s


def _express_left(app: App) -> tuple[Session, int, int]:
    """Anna, Boris and Vera: the one at the table leaves, then of the last
    two the one at the table gives the match up; (session, who left last,
    the winner)."""
    s = three_in_express(app)
    _leave_from_menu(app)
    assert s.req is not None
    last = s.req.shooter
    concede_match(app)
    assert s.over and s.match_conceded_by() == last
    return s, last, s.match.winner


def _strip(app: App) -> str:
    frame(app)
    return " ".join(t.text for t in app.texts if app.layout.strip.contains(t.rect))


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_express_of_three_says_the_player_leaves_the_match(
        lang: str, size: tuple[int, int]) -> None:
    """R21 (Kiy's reading, seeds silent): of three a player leaves; the
    match's end said "Boris concedes the match" as if to one opponent."""
    app = make_app(lang, size)
    try:
        s, last, winner = _express_left(app)
        card = app.dialogs[-1]
        name, won = s.name(last), s.name(winner)
        assert card.title == app.t("banner.match_left", name=name, winner=won)  # type: ignore[attr-defined]
        conceded = app.t("banner.match_conceded", name=name, winner=won)
        assert conceded not in " ".join(t.text for t in app.texts)
        _cards, centre = app.mode.board()  # type: ignore[union-attr]
        assert app.t("score.match_left", name=name) in centre, centre
        assert app.t("score.match_conceded", name=name) not in centre
        # U takes the leaving back, and says so.
        assert app.t("hint.end_undo_leave") in app.mode.hint()  # type: ignore[union-attr]
        assert app.t("hint.end_undo") not in _strip(app)
        key(app, pygame.K_u)
        frame(app, n=3)
        assert not s.over
        said = app.t("undo.said.leave", name=name)
        assert app.toast is not None and said in app.toast[0], app.toast
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_leaving_while_three_play_on_is_said_and_undone_as_a_leaving(
        lang: str, size: tuple[int, int]) -> None:
    """The one at the table leaves while three play (R21): its card said
    "Anna at the table: the referee's call", and undone, "the foul called
    on Anna"."""
    app = make_app(lang, size)
    try:
        s = three_in_express(app)
        assert s.req is not None
        first = s.name(s.req.shooter)
        _leave_from_menu(app)
        # The ruling card: "Anna leaves the match", not the referee's call.
        assert s.banner is not None
        assert s.banner.title == app.t("banner.left", name=first)
        shown = " ".join(t.text for t in app.texts)
        assert app.t("banner.referee", name=first) not in shown
        assert " ".join(s.banner.title.split()[:2]) in shown
        key(app, pygame.K_ESCAPE)
        click_button(app, app.t("panel.undo"))
        frame(app, n=3)
        assert app.toast is not None
        assert app.t("undo.said.leave", name=first) in app.toast[0], app.toast
        assert app.t("undo.said.called", name=first) not in app.toast[0]
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_two_players_still_concede(lang: str, size: tuple[int, int]) -> None:
    """Between two, giving the match up is conceding it (9-ball rule 4)."""
    app = make_app(lang, size)
    try:
        s = _two_at_table(app)
        card = concede_match(app)
        assert card.title == app.t("banner.match_conceded", name="Anna",  # type: ignore[attr-defined]
                                   winner="Boris")
        _cards, centre = app.mode.board()  # type: ignore[union-attr]
        assert app.t("score.match_conceded", name="Anna") in centre
        assert not s.shots
        assert app.t("hint.end_undo_concede") in app.mode.hint()  # type: ignore[union-attr]
        assert app.t("hint.end_undo") not in _strip(app)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("express", [True, False], ids=("express", "two"))
def test_the_end_card_is_numbered_from_one(
        lang: str, size: tuple[int, int], express: bool) -> None:
    """No shot played, no replay: the card's buttons were numbered 2 and 3.
    Numbered from 1 as every menu, its line says "1–2", and 1 is the first
    button (a new match)."""
    from simulator.app.dialogs.game_over import KEY_GUARD
    app = make_app(lang, size)
    try:
        if express:
            _express_left(app)
        else:
            _two_at_table(app)
            concede_match(app)
        card = app.dialogs[-1]
        nums = [b.key for b in card.buttons if b.key.isdigit()]  # type: ignore[attr-defined]
        assert nums == [str(k) for k in range(1, len(nums) + 1)], nums
        assert card.number_keys() == f"1–{len(nums)}"  # type: ignore[attr-defined]
        assert card.buttons[0].label == app.t("gameover.new")  # type: ignore[attr-defined]
        assert f"1–{len(nums)}" in _strip(app)
        frame(app, n=round(KEY_GUARD / DT) + 1)
        key(app, pygame.K_1)
        frame(app, n=3)
        assert app.mode is not None and app.mode.name == "setup", app.mode
    finally:
        pygame.display.quit()
