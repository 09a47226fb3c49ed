"""Play-test (pt25): the side column's buttons under a resting mouse at a
computer's turn. Resting on 4× while the computer thought, its stroke
began and «Сразу к концу» came up under the cursor; on the person's turn
the same spot was «Повтор», and a click meant for 4× opened a replay. The
watching speeds stay in one place through the computer's whole turn, the
phase's own buttons above them; where a speed button was, the person's
button that comes in its place waits longer for a resting cursor."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import computer
from simulator.app.screens.computer_turn import ComputerMode, ComputerPlayMode
from simulator.app.text import ui
from tests.app.helpers import DT, frame, gordon_after_annas_miss, key, make_app, move

E = pygame.event.Event
SIZES = [(800, 500), (1280, 720)]
SIZE_IDS = ["800x500", "1280x720"]


def watch_turn(monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int],
               ) -> tuple[App, dict[str, set[tuple[int, ...]]], set[str],
                          list[tuple[str, pygame.Rect]]]:
    """Anna misses and Gordon's turn plays out in the window (her ruling
    held, his thinking, his stroke at 2×) until Anna's turn: where each
    watch button was drawn in any frame, the phases seen, and the other
    buttons drawn meanwhile."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, size=size)
    gordon_after_annas_miss(monkeypatch, app, watch="2")
    spots: dict[str, set[tuple[int, ...]]] = {}
    phases: set[str] = set()
    others: list[tuple[str, pygame.Rect]] = []
    for _ in range(4000):
        frame(app)
        m = app.mode
        if not isinstance(m, ComputerMode | ComputerPlayMode):
            break
        phases.add("rolling" if isinstance(m, ComputerPlayMode) else
                   "holding" if m.holding() else m.phase)
        for b in app.buttons:
            if b.ident.startswith("watch"):
                spots.setdefault(b.ident, set()).add(tuple(b.rect))
            elif b.ident != "fold":
                others.append((b.ident, b.rect.copy()))
    return app, spots, phases, others


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_watch_speeds_stay_in_one_place_through_the_computers_turn(
        monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]) -> None:
    """1×, 2×, 4× and Skip are drawn in the same place in every frame of
    Gordon's turn (Anna's ruling held, his thinking, his stroke rolling);
    «Сразу к концу», «Дальше» and the menu never stand where one of them
    ever was."""
    app, spots, phases, others = watch_turn(monkeypatch, lang, size)
    assert app.mode is not None and app.mode.name in ("aiming", "placing")
    assert {"holding", "showing", "rolling"} <= phases
    assert sorted(spots) == ["watch1", "watch2", "watch4", "watchskip"]
    assert all(len(places) == 1 for places in spots.values()), spots
    speeds = [pygame.Rect(next(iter(p))) for p in spots.values()]
    assert {ident for ident, _ in others} >= {"skip", "menu"}
    for ident, rect in others:
        assert rect.collidelist(speeds) < 0, (ident, rect)
    pygame.display.quit()


def rest_on_then_turn_ends(monkeypatch: pytest.MonkeyPatch, size: tuple[int, int],
                           ident: str) -> App:
    """Gordon's turn after Anna's miss, the cursor brought onto his watch
    button ``ident`` as he starts and resting there; the frame Anna's turn
    comes up."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app("ru", size=size)
    gordon_after_annas_miss(monkeypatch, app, watch="4")
    frame(app)
    move(app, next(b for b in app.buttons if b.ident == ident).rect.center)
    for _ in range(4000):
        if not isinstance(app.mode, ComputerMode | ComputerPlayMode):
            break
        frame(app)
    assert app.mode is not None and app.mode.name in ("aiming", "placing")
    return app


def press_where_it_rests(app: App) -> None:
    assert app.mouse is not None
    frame(app, E(pygame.MOUSEBUTTONDOWN, pos=app.mouse, button=1))
    frame(app, E(pygame.MOUSEBUTTONUP, pos=app.mouse, button=1))


@pytest.mark.parametrize("ident", ["watch1", "watch2", "watch4", "watchskip"])
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_click_meant_for_a_watch_speed_opens_nothing_of_annas(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], ident: str) -> None:
    """Resting on one of Gordon's watch buttons as his turn ends: a click
    there a second and a half after Anna's turn came (pt26 clicked 2x every
    1.5 s through Gordon's turn and its third click undid three shots)
    opens nothing (no replay, no fouls list, no menu) and changes nothing of
    her turn. The speeds' room stays empty on her turn (nothing rolls or
    thinks): the click meets no button, and his speed stays as it was."""
    from simulator.app.screens.match_keys import watch_key
    app = rest_on_then_turn_ends(monkeypatch, size, ident)
    turn = app.mode
    frame(app, n=int(1.5 / DT) + 1)
    assert ui.FRESH < 1.5 < ui.FRESH_AFTER_WATCH
    hit = [b.ident for b in app.buttons if app.mouse and
           b.rect.collidepoint(app.mouse) and b.enabled]
    assert hit == []
    press_where_it_rests(app)
    frame(app)
    assert app.mode is turn and not app.dialogs
    assert watch_key(app) == "4"
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_i_on_the_computers_turn_says_the_hint_is_for_your_turn(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """I (a hint) while Gordon thinks and while his stroke rolls: the
    window says «Подсказка — в ваш ход» instead of nothing (pt25 step-07),
    whole at 800x500."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app(lang, size=(800, 500))
    gordon_after_annas_miss(monkeypatch, app, watch="1")
    said = app.t("hint.your_turn")
    seen: set[type] = set()
    for _ in range(4000):
        m = app.mode
        if not isinstance(m, ComputerMode | ComputerPlayMode):
            break
        if type(m) not in seen:
            seen.add(type(m))
            app.toast = None
            key(app, pygame.K_i)
            assert any(r.text == said and r.shown == said for r in app.texts), \
                [r.text for r in app.texts]
            assert app.mode is m and not app.dialogs
        frame(app)
    assert seen == {ComputerMode, ComputerPlayMode}
    pygame.display.quit()
