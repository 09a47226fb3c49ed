"""Express in the records: a player's page at 800x500 in Russian names every
game whole in its narrow column («Экспресс (пирамида)» and «Прямой пул
14.1» were cut with «…»), and `kiy records` says no "safeties 0" for a game
whose rules take no declared safety (Express, 9-ball: the referee takes
none, so the nought read as "no safety played")."""

from __future__ import annotations

import pygame
import pytest

from simulator.records.cli import page_lines
from simulator.records.database import Records
from simulator.records.pages import page
from tests.app.helpers import card_rows, click_button, frame, make_app, open_records
from tests.records.records_data import club_night


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_game_is_named_whole_on_a_players_page_at_800x500(lang: str) -> None:
    with Records.open() as records:
        for m in club_night():  # Ann: 9-ball, 8-ball, 14.1 and Express
            records.record(m)
    app = make_app(lang, (800, 500))
    try:
        open_records(app)
        click_button(app, "Ann")
        assert app.mode is not None and app.mode.name == "player"
        frame(app)
        games = [r[0] for r in card_rows(app, 0)[1:]]
        assert app.t("game_short.express") in games, games
        assert app.t("game_short.14.1") in games, games
        cards = [r for name, r in app.panels if name == "card"]
        cut = [t.text for t in app.texts
               if any(c.contains(t.box) for c in cards) and t.cut]
        assert not cut, cut
    finally:
        pygame.display.quit()


def test_the_records_page_counts_no_safeties_where_none_are_declared() -> None:
    ann = page(club_night(), "Ann")
    assert ann is not None
    lines = {ln.split(":")[0].strip(): ln for ln in page_lines(ann)[3:]
             if not ln.strip().startswith("vs ")}
    assert "safeties" not in lines["express"], lines["express"]
    assert "safeties" not in lines["9-ball"], lines["9-ball"]
    assert "safeties 1" in lines["8-ball"] and "safeties 1" in lines["14.1"], lines
