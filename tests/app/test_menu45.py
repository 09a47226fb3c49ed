"""Play-test 35: a resting pointer does not choose. The main menu opens with
its default lit (the first button, or the one that led to the screen one
comes back from), not the button under the pointer standing at the centre;
only a real motion moves the choice. The foul gallery's list opens with one
mark, not a paler second one on the row under the resting pointer. And a
shot that pots two balls: its ruling line names both."""

from __future__ import annotations

import pygame
import pytest

from tests.app.helpers import frame, key, move
from tests.app.scenes import LANGS
from tests.app.test_small43 import lit_buttons


def resting_at(monkeypatch: pytest.MonkeyPatch, app: object) -> list[tuple[int, int]]:
    """The pointer as the system reports it: where the events put it, else
    where it rests (``where[0]``; the dummy driver has none)."""
    where = [(0, 0)]
    monkeypatch.setattr(pygame.mouse, "get_pos",
                        lambda: app.mouse or where[0])  # type: ignore[attr-defined]
    return where


def entry(pos: tuple[int, int]) -> pygame.event.Event:
    """The window's entry: the pointer reported where it stands."""
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                              buttons=(0, 0, 0))


@pytest.mark.parametrize("lang", LANGS)
def test_the_menu_opens_on_its_first_button_under_a_resting_pointer(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """At the start the pointer stands on «Записи игроков» / "Player records"
    and the window reports it there: «Новый матч» / "New match" stays the one
    lit (the pointer's button was). A real motion onto another button lights
    that one."""
    from simulator.app.screens.menu import MenuMode
    from tests.app.helpers import make_app
    app = make_app(lang)
    where = resting_at(monkeypatch, app)
    try:
        app.go("menu")
        assert isinstance(app.mode, MenuMode)
        records = next(b for b in app.mode.buttons
                       if b.text == app.t("club.menu_records"))
        where[0] = records.rect.center
        app.go("menu")  # opened anew under the pointer resting on Records
        mode = app.mode
        assert isinstance(mode, MenuMode)
        frame(app, entry(records.rect.center), n=2)
        assert lit_buttons(app) == [app.t("menu.new_match")], lit_buttons(app)
        load = next(b for b in mode.buttons if b.text == app.t("menu.load"))
        move(app, load.rect.center)
        frame(app, n=2)
        assert lit_buttons(app) == [load.text], lit_buttons(app)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_back_from_the_gallery_the_menu_lights_the_gallery_button(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Down to «Галерея фолов» / "Foul gallery", Enter, Esc back: the menu
    lights the gallery's button (it lit «Новый матч»), the pointer resting
    on another button all the while."""
    from simulator.app.screens.menu import MenuMode
    from tests.app.helpers import make_app
    app = make_app(lang)
    where = resting_at(monkeypatch, app)
    try:
        app.go("menu")
        mode = app.mode
        assert isinstance(mode, MenuMode)
        where[0] = mode.buttons[-1].rect.center  # on "Exit", never moved
        frame(app, entry(where[0]), n=2)
        gallery = app.t("menu.foul_gallery")
        for _ in range(len(mode.actions)):
            if lit_buttons(app) == [gallery]:
                break
            key(app, pygame.K_DOWN)
        assert lit_buttons(app) == [gallery], lit_buttons(app)
        key(app, pygame.K_RETURN)
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "gallery", app.mode
        key(app, pygame.K_ESCAPE)
        frame(app, n=2)
        assert app.mode is not None and app.mode.name == "menu", app.mode
        assert lit_buttons(app) == [gallery], lit_buttons(app)
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_gallery_list_opens_with_one_mark_under_a_resting_pointer(
        monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """The gallery opened with the pointer resting on its ninth row: only the
    first, selected row is lit (the ninth showed a paler hover mark). A real
    motion onto a row then marks it as under the pointer."""
    from simulator.app.screens.gallery import GalleryListMode
    from tests.app.helpers import make_app
    app = make_app(lang)
    where = resting_at(monkeypatch, app)
    try:
        app.go("gallery")
        mode = app.mode
        assert isinstance(mode, GalleryListMode)
        frame(app, n=2)
        rows = [it["button_element"] for it in mode.list.item_list]
        ninth, fifth = rows[8], rows[4]
        assert ninth is not None and fifth is not None
        where[0] = ninth.rect.center
        app.go("gallery")  # opened anew under the resting pointer
        frame(app, entry(where[0]), n=3)
        assert lit_buttons(app) == [mode.items[0]], lit_buttons(app)
        move(app, fifth.rect.center)
        frame(app, n=2)
        assert lit_buttons(app) == [mode.items[0], mode.items[4]], lit_buttons(app)
    finally:
        pygame.display.quit()


# -- a shot that pots two balls: the card names both ------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_ruling_card_names_every_ball_a_called_shot_pots(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """8-ball rule 2 (the referee's golden case): the computer (solids) calls
    the 3 in the left side pocket; the 3 and the 11 drop. The line of its
    ruling kept while it plays on names both (play-test 35 thought a card
    «забит 3» left out the called 6: the 6 had dropped alone on the shot
    before, its card «забит 6»)."""
    import json
    from pathlib import Path

    from rules.case import load_case
    from rules.referee import Match
    from simulator.app.match.session import Session
    from simulator.app.match.turns import next_step
    from tests.app.helpers import make_app
    from tests.app.test_playfix11_pots import _ponder
    _ponder(monkeypatch)  # its next shot never decided: the line stays
    name = "e8_02_other_balls_with_called_stay_down"
    case = load_case(json.loads((Path(__file__).parents[1] / "rules" / "cases" /
                                 f"{name}.json").read_text(encoding="utf-8")))
    step = case.steps[0]
    dropped = [b for e in step.shot.events if e.kind.name == "POCKETED"
               for b in e.balls]
    assert dropped == [3, 11] and step.declarations.called_ball == 3
    app = make_app(lang)
    try:
        m = Match.from_state(["cpu:club:Gordon", "Anna"], case.discipline.name,
                             case.state, {}, seed=1)
        s = Session(m, app.locale)
        s.watch = "skip"
        app.session = s
        next_step(app)
        frame(app)
        s.apply(step.shot, step.declarations)
        next_step(app)
        frame(app, n=3)
        r = s.last_ruling
        assert r is not None and r.shooter == 0 and r.next_shooter == 0
        pots = app.t("pots.potted", balls="3, 11", n=2)
        assert pots in s.person_note, s.person_note
        drawn = " ".join(t.text for t in app.texts)
        assert pots in drawn, drawn
    finally:
        pygame.display.quit()
