"""Play-test (issue 22): clicking 2x and 4x again and again as the
computer's turn ended, a tester opened the call of a foul and Menu → Quit:
the person's turn put its own buttons where the watching speeds had been.
Against a computer the room of the speeds' row at the column's foot is kept
on the person's turn, empty (a later play-test: a Skip with nothing to skip
stood there while she aimed): a click meant for a speed meets nothing, her
other buttons sit above, the speeds' keys still set the computer's speed,
and the hint still has its room."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import computer
from simulator.app.screens.computer_turn import (
    ComputerMode,
    ComputerPlayMode,
    watch_key,
)
from tests.app.helpers import (
    DT,
    frame,
    gordon_after_annas_miss,
    key,
    make_app,
    move,
    run_until,
)
from tests.app.test_mouse21_watch_buttons import SIZE_IDS, SIZES, press_where_it_rests

SPEEDS = ("watch1", "watch2", "watch4", "watchskip")


def his_turn_to_hers(monkeypatch: pytest.MonkeyPatch, lang: str,
                     size: tuple[int, int], watch: str, rest_on: str = ""
                     ) -> tuple[App, dict[str, pygame.Rect]]:
    """Gordon's turn after Anna's miss, watched at ``watch``, the cursor
    resting on his ``rest_on`` speed from his start; the frame Anna's turn
    comes up, and where his speeds stood (the same in every frame)."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, size=size)
    gordon_after_annas_miss(monkeypatch, app, watch=watch)
    frame(app)
    if rest_on:
        move(app, next(b for b in app.buttons if b.ident == rest_on).rect.center)
    his: dict[str, pygame.Rect] = {}
    for _ in range(4000):
        if not isinstance(app.mode, ComputerMode | ComputerPlayMode):
            break
        for b in app.buttons:
            if b.ident in SPEEDS:
                assert his.setdefault(b.ident, b.rect.copy()) == b.rect, b.ident
        frame(app)
    assert app.mode is not None and app.mode.name in ("aiming", "placing")
    assert sorted(his) == list(SPEEDS)
    return app, his


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("ident", SPEEDS)
def test_a_click_where_a_speed_was_as_her_turn_comes_meets_nothing(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], ident: str) -> None:
    """Resting on one of Gordon's speeds as his turn ends: through the first
    second of Anna's turn no button of hers (no speed either) takes a pixel
    of where his speeds stood; a click there (the mouse not moved) in the
    very frame her turn came changes nothing: no dialog (no call of a foul,
    no menu), her turn stays, his speed as it was, no shot taken back."""
    start = "1" if ident != "watch1" else "2"
    app, his = his_turn_to_hers(monkeypatch, "ru", size, start, rest_on=ident)
    s = app.session
    assert s is not None
    turn, played = app.mode, len(s.match.history)
    press_where_it_rests(app)
    frame(app)
    assert app.mode is turn and not app.dialogs
    assert watch_key(app) == start
    assert len(s.match.history) == played and not s.can_redo()
    for _ in range(int(1.0 / DT)):
        assert app.buttons
        for b in app.buttons:
            assert b.rect.collidelist(list(his.values())) < 0, (b.ident, b.rect)
        frame(app)
    pygame.display.quit()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_hint_has_its_room_over_the_speeds_room(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    """Anna's turn after Gordon's (his foul: her ruling card open): I gives
    her the hint, and its first line is drawn whole in the column, her Undo,
    fouls list and menu under it, no speeds drawn; 4 sets (and says) the
    computer's speed on her turn as on his."""
    from tests.app.test_strip53_watch_when_watched import said
    app, _his = his_turn_to_hers(monkeypatch, lang, size, "2")
    s = app.session
    assert s is not None
    key(app, pygame.K_i)
    run_until(app, lambda: s.hint is not None, limit=4000)
    frame(app, n=2)
    side = app.mode.layout.side  # type: ignore[union-attr]
    head = app.t("hint.head")
    assert any(r.text.startswith(head) and r.shown == r.text
               for r in app.texts if side.contains(r.rect)), \
        [r.text for r in app.texts if side.contains(r.rect)]
    idents = {b.ident for b in app.buttons}
    assert {"undo", "fouls", "menu", "hint"} <= idents and not idents & set(SPEEDS)
    key(app, pygame.K_4)
    assert watch_key(app) == "4" and said(app, "4") and not app.dialogs
    pygame.display.quit()
