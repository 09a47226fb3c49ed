"""The match's menu at 800x500 leaves who is to shoot in view."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import frame, key, make_app, more_below


def _open_menu(app: App, names: list[str]) -> None:
    from simulator.app.match.session import Session
    app.session = Session.new(names, "9-ball", {"race_to": 3}, app.locale, seed=3)
    app.go("match")
    frame(app, n=2)
    key(app, pygame.K_ESCAPE)
    frame(app)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("long", [False, True])
def test_the_match_menu_leaves_who_is_to_shoot_in_view_at_800x500(
        lang: str, long: bool) -> None:
    """Esc at 800x500: the menu took the whole side column and hid "Anna
    to shoot" (a name of two lines always). The heading stays whole over
    the card, every button shown, nothing to scroll; the card stays off the
    table where the column has room (a name of two lines in Russian)."""
    app = make_app(lang, (800, 500))
    first = ("Maximilian Oberhauser" if lang == "en" else "Максимилиан Оберхаузер") \
        if long else "Anna"
    try:
        _open_menu(app, [first, "Boris"])
        d = app.dialogs[-1]
        assert d.title == app.t("pause.title")  # type: ignore[attr-defined]
        card = d.rect  # type: ignore[attr-defined]
        side = app.layout.side
        above = [r.text for r in app.texts if side.contains(r.rect)
                 and r.rect.bottom <= card.top]
        heading = app.t("side.to_shoot", name=first)
        assert heading in " ".join(above), (above, card)
        window = pygame.Rect((0, 0), app.size)
        assert not more_below(app)
        assert all(card.contains(b.rect) and window.contains(b.rect)
                   for b in d.buttons)  # type: ignore[attr-defined]
        assert len(d.buttons) == 11  # type: ignore[attr-defined]
        if lang == "ru" or not long:
            assert not card.colliderect(app.layout.table)
    finally:
        pygame.display.quit()
