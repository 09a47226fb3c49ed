"""The practice list: the row under the pointer looked like the row chosen
(two greens a shade apart), and a player read two rows as chosen. The row
under the pointer is a faint band, a shade off the plain rows; the chosen
one the accent's fill, read by the colours drawn."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.text import ui
from tests.app.helpers import click, frame, make_app, move
from tests.app.scenes import LANGS


def _fill(app: App, rect: pygame.Rect) -> tuple[int, int, int]:
    """A row's fill: a pixel near its left end, left of its centred title."""
    surface = pygame.display.get_surface()
    c = surface.get_at((rect.left + 4, rect.centery))
    return c.r, c.g, c.b


def _apart(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("lang", LANGS)
def test_the_row_under_the_pointer_is_told_from_the_row_chosen(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(lang, (800, 500))
    # The widgets read the pointer from the system (none under the dummy
    # driver): where the events put it.
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: app.mouse or (0, 0))
    try:
        app.go("practice")
        frame(app, n=2)
        rows = [it["button_element"] for it in app.mode.list.item_list  # type: ignore[union-attr]
                if it.get("button_element") is not None
                and it["button_element"].visible]
        plain = _fill(app, rows[5].rect)
        click(app, rows[1].rect.center)  # chosen
        move(app, rows[3].rect.center)  # under the pointer
        frame(app, n=3)
        assert rows[1].is_selected and rows[3].hovered
        chosen, under = _fill(app, rows[1].rect), _fill(app, rows[3].rect)
        assert _apart(chosen, ui.ACCENT[:3]) < 12, (chosen, ui.ACCENT)
        # A faint band: seen (off the plain rows), but nearer a plain row
        # than the chosen one by far.
        assert 6 <= _apart(under, plain) < 60, (under, plain)
        assert _apart(under, chosen) > 4 * _apart(under, plain), (under, chosen, plain)
        # The pointer on the row chosen: it stays the chosen one's fill.
        move(app, rows[1].rect.center)
        frame(app, n=3)
        assert _apart(_fill(app, rows[1].rect), ui.ACCENT[:3]) < 12
        assert _fill(app, rows[3].rect) == plain
    finally:
        pygame.display.quit()
