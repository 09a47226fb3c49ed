"""Play-test: the match's menu (Esc) opened at different moments put
«Выход» / Quit in different places (the heading over it said more against
the computer once the rack was broken), so a hand that learnt where it was
missed it. Every entry stands in one place in every state of a match."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from tests.app.helpers import after_the_break, frame, key, make_app, watched_session

GAME = "8-ball"
OPTS = {"race_to": 3}


def menu_places(app: App) -> dict[str, tuple[int, ...]]:
    """Esc over the match: where each of the menu's entries is drawn."""
    key(app, pygame.K_ESCAPE)
    frame(app)
    assert app.dialogs and app.dialogs[-1].kind == "pause"  # type: ignore[attr-defined]
    return {b.ident: tuple(b.rect) for b in app.buttons
            if b.ident.startswith("pause_")}


@pytest.mark.parametrize("size", [(800, 500), (1280, 720)], ids=["800x500", "1280x720"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_menus_entries_stand_in_one_place_in_every_state(
        lang: str, size: tuple[int, int]) -> None:
    """The menu before the break and once the rack is broken, hot-seat and
    against the computer: each entry, Quit the last, in the same rectangle
    (some greyed where they do not apply, none left out)."""
    seen: dict[str, dict[str, tuple[int, ...]]] = {}
    for rival in ("Boris", "cpu:club:Gordon"):
        for broken in (False, True):
            app = make_app(lang, size=size)
            if broken:
                after_the_break(app, ["Anna", rival], GAME, OPTS, seed=4)
            else:
                watched_session(app, ["Anna", rival], GAME, OPTS, watch="skip")
            seen[f"{rival} {'broken' if broken else 'before the break'}"] = \
                menu_places(app)
            pygame.display.quit()
    first = next(iter(seen.values()))
    assert "pause_quit" in first and len(first) >= 10
    for state, places in seen.items():
        assert places == first, state
