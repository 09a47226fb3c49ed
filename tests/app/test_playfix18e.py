"""Play-test pt21: the club evening remembers its players and says how a
winner-stays evening ends and who stays; its end card has keys; the match's
menu keeps each entry's number key in every game."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.loop.settings import load_settings
from simulator.app.match.session import Session
from tests.app.helpers import frame, key, make_app

# -- 4. the match's menu: the same number for the same entry in every game -------

# (game, players, options)
GAMES = [("8-ball", ["Anna", "Boris"], {"race_to": 3, "first_breaker": 0}),
         ("9-ball", ["Anna", "Boris"], {"race_to": 3, "first_breaker": 0}),
         ("9-ball", ["Anna", "Boris"], {"race_to": 1, "first_breaker": 0}),
         ("14.1", ["Anna", "Boris"], {"first_breaker": 0}),
         ("express", ["Anna", "Boris", "Vera"], {})]
HARMLESS = ("resume", "save", "fouls", "undo", "redo", "replay", "help", "menu",
            "quit")
CONCESSIONS = ("concede_game", "concede_match")


def _paused(app: App, game: str, names: list[str], opts: dict[str, object]) -> None:
    from simulator.app.match.turns import next_step
    app.session = Session.new(names, game, dict(opts), app.locale, seed=5)
    next_step(app)
    frame(app)
    while app.dialogs:  # a card the game opens with
        key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.dialogs and app.dialogs[-1].kind == "pause"  # type: ignore[attr-defined]


def _menu_keys(app: App) -> dict[str, str]:
    """The pause menu's entries (by what they do) and the key beside each."""
    return {b.ident.removeprefix("pause_"): b.key
            for b in app.dialogs[-1].buttons}  # type: ignore[attr-defined]


def test_the_match_menu_keys_are_the_same_in_every_game() -> None:
    """Key 4 was "Leave the match" in Express and "Concede the match" in
    9-ball (race to 1): a press learnt in one game conceded in another.
    Each harmless entry has one number everywhere; a concession's number is
    never a harmless entry's in any game, and it asks before it acts."""
    seen: dict[str, set[str]] = {}
    for game, names, opts in GAMES:
        app = make_app("ru", (800, 500))
        try:
            _paused(app, game, names, opts)
            keys = _menu_keys(app)
            for what, k in keys.items():
                seen.setdefault(what, set()).add(k)
            # Key 4 is Undo everywhere: never a concession.
            key(app, pygame.K_4)
            assert "confirm" not in [d.kind for d in app.dialogs], (game, opts)  # type: ignore[attr-defined]
            # The concession asks first (its confirmation card, the match goes on).
            while app.dialogs:
                key(app, pygame.K_ESCAPE)
            key(app, pygame.K_ESCAPE)
            s = app.session
            assert s is not None
            concede = "concede_game" if "concede_game" in keys else "concede_match"
            key(app, pygame.K_0 + int(keys[concede]))
            assert not s.over
            assert app.dialogs[-1].kind == "confirm", (game, opts)  # type: ignore[attr-defined]
            if "concede_game" not in keys:  # the numbers run on: 8 concedes
                assert keys["concede_match"] == "8", keys
        finally:
            pygame.display.quit()
    for what, ks in seen.items():  # (a concession: 8 or 9, with no gap)
        assert len(ks) == 1 or what in CONCESSIONS, (what, ks)
    harmless = {k for what in HARMLESS for k in seen.get(what, ()) if k}
    concessions = {k for what in CONCESSIONS for k in seen[what]}
    assert harmless == set("1234567")
    assert concessions == {"8", "9"}
    assert not harmless & concessions


def test_the_key_line_names_the_numbers_the_menu_has() -> None:
    """14.1 has no game to concede: its menu's numbers are 1-8 (they were
    1-7 and 9), and the key line says so."""
    app = make_app("en")
    try:
        _paused(app, "14.1", ["Anna", "Boris"], {})
        assert app.dialogs[-1].number_keys() == "1–8"  # type: ignore[attr-defined]
    finally:
        pygame.display.quit()


# -- 3. the evening's end card: its buttons' keys, said there and under F1 -------

def evening_setup_from_menu(app: App) -> None:
    from tests.app.helpers import click_button
    app.go("menu")
    frame(app)
    click_button(app, app.t("club.menu_evening"))
    frame(app)
    assert app.mode is not None and app.mode.name == "evening_setup"


def _ended_evening(app: App) -> None:
    """Two beginner computers' evening begun and abandoned: its end card."""
    from tests.app.helpers import click_button
    evening_setup_from_menu(app)
    for _ in range(2):
        click_button(app, app.t("club.add_cpu", level=app.t("cpu.level.beginner")))
    click_button(app, app.t("club.begin", n=2))
    frame(app)
    click_button(app, app.t("club.abandon"))
    click_button(app, app.t("club.abandon_yes"))
    frame(app, n=2)
    assert app.mode is not None and app.mode.name == "evening"
    assert app.mode.call is None  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_evenings_end_card_has_keys_for_its_buttons(lang: str) -> None:
    """The card after an evening showed «Новый вечер», «Записи игроков»,
    «Главное меню» with no keys: each has its number beside it, the number
    presses it (not in the first moment: a number pressed twice on the
    match's card does not begin a new evening unread), and F1 says them."""
    from simulator.app.dialogs.game_over import KEY_GUARD
    from tests.app.helpers import DT
    app = make_app(lang, (800, 500))
    try:
        _ended_evening(app)
        buttons = {b.ident: b for b in app.buttons}
        keys = {i: buttons[i].key for i in ("new_evening", "records", "menu")}
        assert keys == {"new_evening": "1", "records": "2", "menu": "3"}
        for ident, k in keys.items():  # drawn beside its words
            assert [t for t in app.texts
                    if t.text == k and buttons[ident].rect.contains(t.rect)], ident
        key(app, pygame.K_F1)
        assert app.mode is not None and app.mode.name == "help"
        frame(app)
        shown = " ".join(t.text for t in app.texts)
        assert app.t("help.head_club") in shown
        assert "1 / 2 / 3" in shown
        key(app, pygame.K_ESCAPE)
        assert app.mode.name == "evening"
        key(app, pygame.K_1)  # at once: the guard takes it
        assert app.mode.name == "evening"
        frame(app, n=round(KEY_GUARD / DT) + 1)
        key(app, pygame.K_2)
        assert app.mode.name == "records"
        app.go("evening")
        frame(app, n=round(KEY_GUARD / DT) + 1)
        key(app, pygame.K_1)
        assert app.mode.name == "evening_setup"
    finally:
        pygame.display.quit()


# -- 1. the next evening offers the last evening's players -------------------------

def _shown_players(app: App) -> list[str]:
    """The setup's list of players as drawn ("1. Anna")."""
    import re
    frame(app)
    return sorted(t.text for t in app.texts if re.match(r"\d+\. ", t.text))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_next_evening_offers_the_last_evenings_players(lang: str,
                                                           tmp_path: Path) -> None:
    """Anna, Boris and two computers (beginner, pro) played an evening: after
    «Новый вечер», and after a restart with the same profile, the setup lists
    them again, each a person or a computer of its level (it was empty); one
    is removed and another added as before, and the evening begins."""
    from tests.app.helpers import click_button
    from tests.app.test_playfix18a_setups import restarted
    path = tmp_path / "settings.json"
    app = make_app(lang)
    app.settings_path = path
    evening_setup_from_menu(app)
    for name in ("Anna", "Boris"):
        app.mode.entry.set_text(name)  # type: ignore[union-attr]
        click_button(app, app.t("club.add_person"))
    for level in ("beginner", "pro"):
        click_button(app, app.t("club.add_cpu", level=app.t(f"cpu.level.{level}")))
    before = _shown_players(app)
    assert len(before) == 4
    click_button(app, app.t("club.begin", n=4))
    frame(app)
    click_button(app, app.t("club.abandon"))
    click_button(app, app.t("club.abandon_yes"))
    click_button(app, app.t("club.new_evening"))
    assert app.mode is not None and app.mode.name == "evening_setup"
    assert _shown_players(app) == before
    pygame.display.quit()

    app = restarted(lang, path)
    click_button(app, app.t("club.menu_evening"))
    assert app.mode is not None and app.mode.name == "evening_setup"
    assert _shown_players(app) == before
    players = app.mode.choices.players  # type: ignore[attr-defined]
    assert [(p.name, p.level) for p in players] == [
        ("Anna", None), ("Boris", None), ("cpu:beginner", "beginner"),
        ("cpu:pro", "pro")]
    kinds = [t.text for t in app.texts if t.text in (app.t("club.person"),
                                                     app.t("club.computer"))]
    assert kinds == [app.t("club.person")] * 2 + [app.t("club.computer")] * 2
    from tests.app.helpers import click
    (anna,) = [b for b in app.buttons if b.ident == "remove0"]
    click(app, anna.rect.center)
    app.mode.entry.set_text("Vera")  # type: ignore[union-attr]
    click_button(app, app.t("club.add_person"))
    assert [p.name for p in app.mode.choices.players] == [  # type: ignore[attr-defined]
        "Boris", "cpu:beginner", "cpu:pro", "Vera"]
    click_button(app, app.t("club.begin", n=4))
    frame(app)
    assert app.mode.name == "evening"
    pygame.display.quit()
    assert load_settings(path)[0].club_players == [
        "Boris", "cpu:beginner", "cpu:pro", "Vera"]


@pytest.mark.parametrize("stored", [
    "Anna",
    {"Anna": 1},
    [1, None, "", "   ", "cpu:godlike", "CPU:Pro", "x" * 41, "Anna", "anna",
     "bad\x01name", ["Boris"], "cpu:", "Boris"],
    ["Anna"] * 40,
])
def test_broken_stored_players_fall_back(stored: object, tmp_path: Path) -> None:
    """What the setup would refuse, stored by a broken file, is left out;
    the screen opens and an evening begins."""
    import json

    from tests.app.helpers import click_button
    from tests.app.test_playfix18a_setups import restarted
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"club_players": stored, "club_race": 5}),
                    encoding="utf-8")
    app = restarted("en", path)
    click_button(app, app.t("club.menu_evening"))
    assert app.mode is not None and app.mode.name == "evening_setup"
    players = app.mode.choices.players  # type: ignore[attr-defined]
    names = [(p.name, p.level) for p in players]
    want = {"Anna": [], str({"Anna": 1}): []}.get(str(stored))
    if isinstance(stored, list) and len(stored) > 20:
        want = [("Anna", None)]
    elif isinstance(stored, list):
        want = [("cpu:pro", "pro"), ("Anna", None), ("Boris", None)]
    assert names == (want or []), names
    assert app.mode.choices.race == 5  # type: ignore[attr-defined]
    for _ in range(2):
        click_button(app, app.t("club.add_cpu", level=app.t("cpu.level.beginner")))
    click_button(app, app.t("club.begin", n=len(names) + 2))
    frame(app)
    assert app.mode.name == "evening"
    pygame.display.quit()


# -- 2. winner stays: how the evening ends, and the one who stays first -------------

@pytest.mark.parametrize(("lang", "size"), [("ru", (800, 500)), ("en", (1280, 720))])
def test_winner_stays_says_its_end_and_lists_who_stays_first(
        lang: str, size: tuple[int, int]) -> None:
    """Anna, Boris and Vera at winner stays; Boris wins the first match. The
    screen says which match of how many comes next and what ranks first
    (it said neither), and lists Boris, who stays, first and marked so
    (it read «Vera – Boris»)."""
    from simulator.records.club import Club
    from simulator.records.formats import WINNER_STAYS
    from tests.app.helpers import click_button
    from tests.app.test_playfix18a_setups import format_words, step_to
    from tests.records.helpers import decide
    app = make_app(lang, size)
    try:
        evening_setup_from_menu(app)
        for name in ("Anna", "Boris", "Vera"):
            app.mode.entry.set_text(name)  # type: ignore[union-attr]
            click_button(app, app.t("club.add_person"))
        step_to(app, format_words(app, WINNER_STAYS),
                app.t("club.format", value="")[:-1])
        click_button(app, app.t("club.begin", n=3))
        frame(app)
        with Club() as club:
            ev = club.current()
            assert ev is not None
            call = ev.next_match()
            assert call is not None and call.names == ("Anna", "Boris")
            club.record(ev, call, decide(call.new_match(), [1] * 9, call))
        app.go("evening")
        frame(app, n=2)
        texts = [t for t in app.texts if not t.cut]
        shown = " ".join(t.text for t in texts)
        stays = app.t("club.stays", name="Boris")
        head = app.t("club.next_with", next=app.t("club.stays_next", n=2, of=6),
                     names=f"{stays} – Vera")
        assert " ".join(head.split()) in " ".join(shown.split()), shown
        rule = app.t("club.stays_rule", n=6)
        assert rule.split(".")[0] in shown, shown
        # The bracket's line of the next match: Boris (stays) left of Vera.
        (b,) = [t for t in texts if t.text == stays]
        (v,) = [t for t in texts if t.text == "Vera" and t.rect.top == b.rect.top]
        assert b.rect.right < v.rect.left
    finally:
        pygame.display.quit()
