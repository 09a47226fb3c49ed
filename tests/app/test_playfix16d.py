"""Smaller layout defects a seventeenth play-test found: the saves list
said a save's players and game twice (its name, made of them, then again);
the English help at 800x500 was drawn at 13 px."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.match.session import Session
from tests.app.helpers import click_button, frame, key, make_app
from tests.app.scenes import LANGS

LOW = (800, 500)


@pytest.mark.parametrize("lang", LANGS)
def test_a_save_named_as_offered_says_its_players_and_game_once(lang: str) -> None:
    """Anna against Boris at 8-ball, saved (Ctrl+S) after the break under the
    name offered ("Anna – Boris, 8-ball"), then the list
    from the main menu: its row says the players and the game once, the
    score and the date after them (the row said both again after the name)."""
    from simulator.app.loop.launch import break_shot
    from simulator.app.match.computer import seat_words
    from simulator.app.text.words import discipline_label
    app = make_app(lang, LOW)
    try:
        s = Session.new(["Anna", "Boris"], "8-ball", {"race_to": 2}, app.locale,
                        seed=5)
        app.session = s
        app.go("match")
        frame(app)
        break_shot(app)
        app.go("match")
        frame(app)
        key(app, pygame.K_s, pygame.KMOD_CTRL)
        click_button(app, app.t("save.button"))
        frame(app)
        assert s.save_path is not None
        app.go("menu")
        frame(app)
        click_button(app, app.t("menu.load"))
        frame(app, n=4)  # the rows are read, one a frame
        rows = [t.text for t in app.texts if t.text.startswith(s.save_path.stem)]
        assert len(rows) == 1, [t.text for t in app.texts]
        row = rows[0]
        game = discipline_label(app.locale, "8-ball")
        players = " – ".join(seat_words(app.locale, n) for n in s.match.players)
        assert row.count(game) == 1 and row.count(players) == 1, row
        assert row.startswith(f"{players}, {game} · ") and "0\xa0:\xa00" in row, row
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_help_at_800x500_is_drawn_at_15_px_or_more_on_every_page(
        lang: str) -> None:
    """F1 from the menu at 800x500, turned page by page (PgDn): every key
    and every word of what it does is drawn at 15 px or more (the English
    help was at 13, the Russian at 14), whatever the pages it takes."""
    app = make_app(lang, LOW)
    try:
        app.go("menu")
        frame(app)
        key(app, pygame.K_F1)
        frame(app)
        mode = app.mode
        assert mode is not None and mode.name == "help"
        from simulator.app.screens.backdrop import title_bottom
        sizes = set()
        for _page in range(mode.pages):  # type: ignore[attr-defined]
            top = title_bottom(LOW, mode.title()) + 12  # type: ignore[attr-defined]
            body = [t for t in app.texts if t.rect.top >= top - 4 and
                    t.rect.bottom <= LOW[1] - 52]
            assert body
            sizes |= {t.size for t in body}
            key(app, pygame.K_PAGEDOWN)
            frame(app)
        assert min(sizes) >= 15, sorted(sizes)
    finally:
        pygame.display.quit()
