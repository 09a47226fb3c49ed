"""Play-test: clicking 2x every 1.5 s through the computer's turn, a tester
at 1280x720 found Undo where 2x had been once the turn was his. Where the
watching speeds stood, a person's turn holds only buttons that change
nothing of the match (the hint, the fouls list, the replay, the menu)."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.match import computer
from simulator.app.text import ui
from tests.app.helpers import DT, frame, make_app
from tests.app.test_mouse21_watch_buttons import (
    SIZE_IDS,
    SIZES,
    press_where_it_rests,
    rest_on_then_turn_ends,
    watch_turn,
)

# A person's buttons that change nothing of the match.
HARMLESS = {"hint", "fouls", "replay", "menu", "fold"}


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_no_button_that_changes_the_match_stands_where_a_speed_was(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    """Gordon's turn played out in the window, then Anna's: none of her
    buttons but the harmless ones (HARMLESS) meets a place where 1x, 2x,
    4x or Skip was drawn; Undo is among hers."""
    app, spots, _phases, _others = watch_turn(monkeypatch, lang, size)
    frame(app)
    speeds = [pygame.Rect(r) for places in spots.values() for r in places]
    assert len(speeds) == 4
    idents = {b.ident for b in app.buttons}
    assert {"undo", "hint"} <= idents
    for b in app.buttons:
        # (their room is kept empty on her turn: nothing drawn there)
        if b.ident not in HARMLESS and not b.ident.startswith("watch"):
            assert b.rect.collidelist(speeds) < 0, (b.ident, b.rect)
    pygame.display.quit()


@pytest.mark.parametrize("ident", ["watch1", "watch2", "watch4", "watchskip"])
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_late_click_on_a_speed_takes_no_shot_back(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], ident: str) -> None:
    """The cursor resting on a watching speed (2x, as the tester's, or
    another: which one Undo took the place of depends on the buttons above)
    as Gordon's turn ends; past the guard of a button come up under it
    (ui.FRESH_AFTER_WATCH, here none), a click on the same spot leaves every
    shot played: Anna's and Gordon's."""
    monkeypatch.setattr(ui, "FRESH_AFTER_WATCH", 0.0)
    monkeypatch.setattr(ui, "FRESH", 0.0)
    app = rest_on_then_turn_ends(monkeypatch, size, ident)
    s = app.session
    assert s is not None
    played = len(s.match.history)
    frame(app, n=int(1.5 / DT) + 1)
    press_where_it_rests(app)
    frame(app, n=3)
    app.dialogs.clear()
    frame(app)
    assert len(s.match.history) == played
    assert not s.can_redo()
    pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_game_end_after_the_computers_last_shot_keeps_the_speeds_spot_harmless(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    """Race to 2: Gordon's stroke at 1x pots the 9 and ends the game. On
    the game's end none of the buttons but the harmless ones (HARMLESS)
    meets a place where 1x, 2x, 4x or Skip was drawn (at 1280x720 Undo and
    Redo stood where 1x and 2x had been); Next game, Undo and Redo are
    there, above them."""
    from simulator.app.screens.computer_turn import ComputerMode, ComputerPlayMode
    from tests.app.test_playfix14_turn_flow import _gordon_on_the_nine

    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, size=size)
    _gordon_on_the_nine(app, 2)
    speeds: set[tuple[int, ...]] = set()
    for _ in range(4000):
        frame(app)
        if not isinstance(app.mode, ComputerMode | ComputerPlayMode):
            break
        speeds |= {tuple(b.rect) for b in app.buttons if b.ident.startswith("watch")}
    assert app.mode is not None and app.mode.name == "game_end"
    frame(app)
    assert len(speeds) == 4
    for b in app.buttons:
        if b.ident not in HARMLESS:
            assert b.rect.collidelist([pygame.Rect(r) for r in speeds]) < 0, \
                (b.ident, b.rect)
    assert {"next_game", "undo", "redo", "fouls"} <= {b.ident for b in app.buttons}
    pygame.display.quit()
