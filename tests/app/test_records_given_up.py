"""A player's page in the window counts a game given up apart from the
games played at the table ("2–0 (w/o 0–1)"), per game and head to head."""

from __future__ import annotations

import pygame
import pytest

from simulator.records.database import Records
from simulator.records.words import t as words_t
from tests.app.helpers import card_rows, click_button, frame, make_app, open_records
from tests.records.test_given_up_page import ann_gives_one_up


@pytest.mark.parametrize(("lang", "words"), [("en", "2–0 (w/o 0–1)"),
                                             ("ru", "2–0 (сдачей 0–1)")])
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_a_players_page_shows_a_game_given_up_apart(
        lang: str, words: str, size: tuple[int, int]) -> None:
    """Ann won two games at the table and gave one up: her page reads
    2–0 and the game given up apart, not 2–1 as if all were played."""
    with Records.open() as records:
        records.record(ann_gives_one_up())
    app = make_app(lang, size)
    open_records(app)
    click_button(app, "Ann")
    assert app.mode is not None and app.mode.name == "player"
    frame(app)
    # By game: the games at the table marked, those given up said below.
    per_game = [r for r in card_rows(app, 0) if r[0] == app.t("game.9-ball")]
    assert per_game[0][:4] == [app.t("game.9-ball"), "1", "0", "2–0*"], per_game
    note = app.t("club.games_wo_note", games=f"{app.t('game.9-ball')} 0–1")
    assert note in " ".join(t.text for t in app.texts)
    h2h = card_rows(app, 1)[-1]
    assert h2h == ["Bob", "1", "1", "0", words], h2h
    cards = [r for name, r in app.panels if name == "card"]
    inside = [t for t in app.texts if any(c.contains(t.box) for c in cards)]
    assert not [t.text for t in inside if t.cut]  # all drawn whole
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_the_evenings_standings_say_a_match_given_up_apart(
        lang: str, size: tuple[int, int]) -> None:
    """A round robin's first match (Cid and Bob) conceded by Bob: the
    standings keep the result (Cid 1 won) and say apart that it was given up
    (w/o 1–0, Bob 0–1), the legend saying what the column is."""
    from simulator.records.club import Club
    from simulator.records.formats import ROUND_ROBIN
    from simulator.records.plan import Setup
    from tests.records.helpers import decide, people
    with Club() as club:
        ev = club.begin(Setup(people("Ann", "Bob", "Cid"), ROUND_ROBIN, "9-ball",
                              race=2))
        call = ev.next_match()
        assert call is not None and call.names == ("Cid", "Bob")
        club.record(ev, call, decide(call.new_match(), [0, 0], call))
    app = make_app(lang, size)
    app.go("menu")
    frame(app)
    click_button(app, app.t("club.menu_continue"))
    frame(app)
    rows = {r[1]: r for r in card_rows(app, 0) if len(r) == 7}
    assert rows[words_t(lang, "column.name")] == [
        app.t("club.col_place"), words_t(lang, "column.name"), app.t("club.col_played"),
        app.t("club.col_won"), app.t("club.col_lost"), app.t("club.col_wo"),
        app.t("club.col_games")]
    assert rows["Cid"][2:6] == ["1", "1", "0", "1–0"]
    assert rows["Bob"][2:6] == ["1", "0", "1", "0–1"]
    assert rows["Ann"][2:6] == ["0", "0", "0", "0–0"]
    legend = " ".join(t.text for t in app.texts)
    assert app.t("club.col_legend_wo").strip("; ") in legend
    assert not any(t.cut for t in app.texts if t.text in ("1–0", "0–1"))
    pygame.display.quit()
