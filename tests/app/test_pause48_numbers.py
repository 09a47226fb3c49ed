"""The match's menu numbers its entries without a gap, and each number
shown, pressed, does its entry."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from tests.app.helpers import frame, key, make_app
from tests.app.scenes import LANGS

GAMES = [("9-ball", ["Anna", "Boris"], {"race_to": 3, "first_breaker": 0}),
         ("14.1", ["Anna", "Boris"], {"first_breaker": 0}),
         ("express", ["Anna", "Boris", "Vera"], {})]


def _menu(app: App, pressed: list[str]) -> dict[str, str]:
    """Esc to the match's menu, its entries' actions only noted; the number
    drawn on each entry's button, by the entry."""
    while app.dialogs:
        key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    frame(app, n=30)  # (past the number keys' guard)
    d = app.dialogs[-1]
    assert d.kind == "pause"  # type: ignore[attr-defined]

    def note(what: str) -> Callable[[], None]:
        return lambda: pressed.append(what)
    shown = {}
    for b in d.buttons:  # type: ignore[attr-defined]
        what = b.ident.removeprefix("pause_")
        if b.action is not None:
            b.action = note(what)
        digits = [t.text for t in app.texts
                  if t.text.isdigit() and b.rect.contains(t.rect)]
        if digits:
            shown[what] = digits[0]
    return shown


@pytest.mark.parametrize("game,names,opts", GAMES, ids=[g[0] for g in GAMES])
@pytest.mark.parametrize("lang", LANGS)
def test_the_match_menu_numbers_run_on_and_each_does_its_entry(
        lang: str, game: str, names: list[str], opts: dict[str, object]) -> None:
    """14.1's menu numbered 1-7 then 9 (no game to concede): the numbers
    shown run 1, 2, 3... with no gap, and each, pressed, does the entry it
    is drawn on (an entry greyed now: nothing)."""
    from simulator.app.match.turns import next_step
    app = make_app(lang, (800, 500))
    try:
        app.session = Session.new(names, game, dict(opts), app.locale, seed=5)
        next_step(app)
        frame(app)
        pressed: list[str] = []
        shown = _menu(app, pressed)
        numbers = sorted(int(n) for n in shown.values())
        assert numbers == list(range(1, len(numbers) + 1)), shown
        assert len(numbers) >= 8, shown
        for what, n in shown.items():
            enabled = next(b for b in app.dialogs[-1].buttons  # type: ignore[attr-defined]
                           if b.ident == f"pause_{what}").action is not None
            key(app, pygame.K_0 + int(n))
            frame(app)
            assert pressed == ([what] if enabled else []), (n, what, pressed)
            pressed.clear()
            _menu(app, pressed)
    finally:
        pygame.display.quit()
