"""The match's menu (Esc) leaves who is to shoot and where the cue ball is
in view, inside the side column: never over the table, never out of the
window."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import after_the_break, frame, key, make_app
from tests.app.scenes import LANGS

LONG = {"en": "Maximilian Oberhauser", "ru": "Максимилиан Оберхаузер"}
# (game, the other players, options, broken first)
TABLES = [("9-ball", ["Boris"], {"race_to": 3}, False),
          ("14.1", ["Boris"], {}, False),
          ("express", ["Boris", "Vera"], {}, False),
          ("9-ball", ["Boris"], {"race_to": 3}, True)]


def _open(app: App, names: list[str], game: str, opts: dict[str, object],
          broken: bool) -> None:
    from simulator.app.match.session import Session
    if broken:  # (the cue ball where it lies: «биток там, где лежит»)
        after_the_break(app, names, game, opts, seed=3)
    else:
        app.session = Session.new(names, game, dict(opts), app.locale, seed=3)
        app.go("match")
    frame(app, n=2)
    while app.dialogs:
        key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    frame(app)


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)], ids=("800x500", "1280x720"))
@pytest.mark.parametrize("table", TABLES, ids=["9-ball", "14.1", "express", "broken"])
@pytest.mark.parametrize("long", [False, True], ids=("short", "long"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_match_menu_leaves_the_heading_and_keeps_to_the_column(
        lang: str, long: bool, table: tuple[str, list[str], dict[str, object], bool],
        size: tuple[int, int]) -> None:
    """At 800x500 the menu hid «Бьёт … / биток там, где лежит» (a name of
    two rows: the line under it), and in English went wider over the
    table's right edge (Express: "Leave the match (the player at the
    table)" of two rows). Both lines of the side column's heading stand
    whole over the card; the card lies in the side column, in the window."""
    game, others, opts, broken = table
    app = make_app(lang, size)
    try:
        _open(app, [LONG[lang] if long else "Anna", *others], game, opts, broken)
        d = app.dialogs[-1]
        assert d.kind == "pause"  # type: ignore[attr-defined]
        card = d.rect  # type: ignore[attr-defined]
        side = app.layout.side
        window = pygame.Rect((0, 0), app.size)
        assert window.contains(card) and side.contains(card), (card, side)
        assert not card.colliderect(app.layout.table), (card, app.layout.table)
        big, small = app.mode.heading()  # type: ignore[union-attr]
        assert big and small
        above = [r.text for r in app.texts if side.contains(r.rect)
                 and r.rect.bottom <= card.top]
        for words in (big, small):
            assert words in " ".join(above), (words, above, card)
        assert all(card.contains(b.rect) for b in d.buttons)  # type: ignore[attr-defined]
    finally:
        pygame.display.quit()
