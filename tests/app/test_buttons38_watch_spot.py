"""Play-test: clicking 2x every 1.5 s through the computer's turn, a tester
at 1280x720 found Undo where 2x had been once the turn was his; later (pt28)
the same clicks opened the call of a foul and the menu, the buttons that had
been put there as harmless. Against a computer the watching speeds stay
where they were on a person's turn too (they set how its next shots are
shown): nothing else ever stands there, and a click on them sets a speed."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.screens.match_keys import watch_key
from simulator.app.text import ui
from tests.app.helpers import DT, frame
from tests.app.test_mouse21_watch_buttons import (
    SIZE_IDS,
    SIZES,
    press_where_it_rests,
    rest_on_then_turn_ends,
    watch_turn,
)

SPEEDS = ("watch1", "watch2", "watch4", "watchskip")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_speeds_stand_in_the_same_place_on_the_persons_turn(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    """Gordon's turn played out in the window, then Anna's: 1x, 2x, 4x and
    Skip are drawn on her turn exactly where they were on his (the speed
    he was watched at lit), and none of her other buttons meets them (this
    design changed the test: her turn used to put its harmless buttons
    there, and a click meant for a speed opened the call of a foul)."""
    app, spots, _phases, _others = watch_turn(monkeypatch, lang, size)
    frame(app)
    assert all(len(places) == 1 for places in spots.values()), spots
    theirs = {ident: next(iter(places)) for ident, places in spots.items()}
    assert sorted(theirs) == list(SPEEDS)
    mine = {b.ident: tuple(b.rect) for b in app.buttons if b.ident in SPEEDS}
    assert mine == theirs
    assert [b.ident for b in app.buttons if b.selected and b.ident in SPEEDS] \
        == ["watch2"]
    speeds = [pygame.Rect(r) for r in theirs.values()]
    idents = {b.ident for b in app.buttons}
    assert {"undo", "hint", "fouls", "menu"} <= idents
    for b in app.buttons:
        if b.ident not in SPEEDS and b.ident != "fold":
            assert b.rect.collidelist(speeds) < 0, (b.ident, b.rect)
    pygame.display.quit()


@pytest.mark.parametrize("ident", ["watch1", "watch2", "watch4", "watchskip"])
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_late_click_on_a_speed_takes_no_shot_back(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], ident: str) -> None:
    """The cursor resting on a watching speed as Gordon's turn ends; a
    click on the same spot on Anna's turn (past any guard: here none) sets
    that speed and changes nothing of the match: every shot stays played,
    no dialog opens (no call of a foul, no menu), her turn stays."""
    monkeypatch.setattr(ui, "FRESH_AFTER_WATCH", 0.0)
    monkeypatch.setattr(ui, "FRESH", 0.0)
    app = rest_on_then_turn_ends(monkeypatch, size, ident)
    s = app.session
    assert s is not None
    played = len(s.match.history)
    frame(app, n=int(1.5 / DT) + 1)
    turn = app.mode
    press_where_it_rests(app)
    frame(app, n=3)
    assert not app.dialogs and app.mode is turn
    assert watch_key(app) == ident.removeprefix("watch")
    assert len(s.match.history) == played
    assert not s.can_redo()
    pygame.display.quit()
