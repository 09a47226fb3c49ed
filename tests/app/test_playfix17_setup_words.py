"""Play-test 17 (words and the setup screen): menus and choices read whole
in Russian at 800x500, the setup keeps a person's name, computers of one
level told apart, a choice said in the third person, keys shown."""

from __future__ import annotations

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.app.text import ui
from tests.app.helpers import click, drawn_words, frame, key, make_app
from tests.app.scenes import LANGS, open_scene

LOW = (800, 500)


def dialog_problems(app: App) -> list[str]:
    """What in the open dialog a player cannot read whole: a label cut with
    "…", or a greyed item ending in "…" (it opens nothing: read as cut)."""
    assert app.dialogs, "a dialog is open"
    d = app.dialogs[-1]
    out = [f"{d.kind}: {t.shown!r} cut" for t in app.texts
           if d.rect.contains(t.rect) and t.cut]
    for b in d.buttons:
        if b.enabled or not b.rect.width:
            continue
        lines = [t.shown for t in app.texts if b.rect.contains(t.rect)]
        out += [f"{d.kind}: greyed {s!r}" for s in lines if s.endswith(ui.ELLIPSIS)]
    return out


def at_table(lang: str, game: str) -> App:
    app = make_app(lang, LOW)
    names = ["Аня", "Борис", "Вера"] if game == "express" else ["Аня", "Борис"]
    opts: dict[str, object] = {"target": 25} if game == "14.1" else {}
    app.session = Session.new(names, game, opts, app.locale, seed=5)
    next_step(app)
    frame(app, n=2)
    return app


def other_calls(app: App) -> None:
    """F, then the button to the referee's other calls (the last but one)."""
    key(app, pygame.K_f)
    frame(app, n=2)
    assert app.dialogs[-1].kind == "fouls"
    click(app, app.dialogs[-1].buttons[-2].rect.center)
    frame(app, n=2)
    assert app.dialogs[-1].kind == "referee"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["8-ball", "9-ball", "14.1", "express"])
def test_every_menu_at_the_table_reads_whole_in_a_low_window(
        lang: str, game: str) -> None:
    """At 800x500 the match's menu (Esc), the foul call (F) and the
    referee's other calls under it show every item whole; the greyed
    "ball touched something off the table" (no ball left the bed) says why,
    and without the "…" of an item that opens more (it read as cut:
    «…вне стола (п. 2.10)…»)."""
    problems: list[str] = []
    app = at_table(lang, game)
    key(app, pygame.K_ESCAPE)
    frame(app, n=2)
    assert app.dialogs[-1].kind == "pause"
    problems += dialog_problems(app)
    key(app, pygame.K_ESCAPE)
    frame(app, n=2)
    key(app, pygame.K_f)
    frame(app, n=2)
    problems += dialog_problems(app)
    key(app, pygame.K_ESCAPE)
    frame(app, n=2)
    other_calls(app)
    problems += dialog_problems(app)
    greyed = app.dialogs[-1].buttons[0]
    assert not greyed.enabled
    words = " ".join(t.text for t in app.texts if greyed.rect.contains(t.rect))
    why = app.t("evening.no_jump", jumped="").split("(")[0].strip()
    assert why in words, words
    pygame.display.quit()
    assert not problems, problems


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("scene", [("choice", "14.1"), ("choice", "8-ball"),
                                   ("quit", "9-ball"), ("save", "express"),
                                   ("concede", "9-ball"), ("dialog", "9-ball"),
                                   ("gameover", "14.1"), ("lag_result", "14.1")])
def test_every_choice_dialog_reads_whole_in_a_low_window(
        lang: str, scene: tuple[str, str]) -> None:
    """The choices of a player (accept the table or hand it back, re-rack,
    quit, save, concede) at 800x500: no item cut."""
    app = open_scene(scene[0], scene[1], lang, LOW)
    problems = dialog_problems(app)
    pygame.display.quit()
    assert not problems, problems


@pytest.mark.parametrize("lang", LANGS)
def test_the_push_out_choice_reads_whole_in_a_low_window(lang: str) -> None:
    """9-ball 5: the answer to a push-out at 800x500, each item whole."""
    from tests.app.test_playfix17b import _push_out_choice
    app = make_app(lang, LOW)
    _push_out_choice(app)
    problems = dialog_problems(app)
    pygame.display.quit()
    assert not problems, problems


# -- the setup screen: a seat's kind changed by clicks -----------------------------

def pick(app: App, menu: object, text: str) -> None:
    """Open the drop-down with a click and click its item ``text``."""
    from pygame_gui.elements import UIButton
    click(app, menu.rect.center)  # type: ignore[attr-defined]
    frame(app, n=2)
    items = [el for el in app.gui.get_sprite_group().sprites()
             if isinstance(el, UIButton) and el.text == text and el.visible
             and not menu.rect.contains(el.rect)]  # type: ignore[attr-defined]
    assert items, f"no item {text!r}"
    click(app, items[-1].rect.center)
    frame(app, n=3)


def level(app: App, lv: str) -> str:
    words = app.t(f"cpu.level.{lv}")
    return words[:1].upper() + words[1:]


def type_into(app: App, entry: object, text: str) -> None:
    click(app, entry.rect.center)  # type: ignore[attr-defined]
    for ch in text:
        frame(app, pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frame(app, n=2)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("typed", [True, False])
def test_a_seat_made_a_computer_and_a_person_again_keeps_its_name(
        lang: str, typed: bool) -> None:
    """Seat 2 is Pavel (typed now, or kept from the last match), made a
    strong computer, then a person again: its entry says Pavel, and the
    match is played by Pavel (it said "Player 2")."""
    app = make_app(lang, (1280, 720))
    app.go("setup", game="9-ball", names=["Anna", "" if typed else "Pavel"])
    frame(app, n=2)
    if typed:
        type_into(app, app.mode.entries[1], "Pavel")  # type: ignore[union-attr]
    pick(app, app.mode.menus["seat1"], level(app, "strong"))  # type: ignore[union-attr]
    assert app.mode.kinds[1] == "strong"  # type: ignore[union-attr]
    pick(app, app.mode.menus["seat1"], app.t("setup.person"))  # type: ignore[union-attr]
    setup = app.mode
    assert setup.kinds[1] == ""  # type: ignore[union-attr]
    assert setup.entries[1].get_text() == "Pavel"  # type: ignore[union-attr]
    from tests.app.helpers import click_button
    click_button(app, app.t("setup.start"))
    frame(app, n=2)
    assert app.session is not None and app.session.names == ("Anna", "Pavel")
    pygame.display.quit()


# -- a choice said in the third person ---------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_card_of_a_choice_says_it_in_the_third_person(lang: str) -> None:
    """8-ball 5: Anna's soft break is illegal; Boris, offered the re-rack
    with himself breaking on a button in his own words ("Re-rack and break
    myself"), clicks it: the card that follows says "Boris chooses: re-rack
    and break" (his name once), not «Boris выбирает: Перерасстановка,
    разбиваю сам»."""
    from rules.ruling import Choice
    from simulator.app.text.words import choice_label, choice_rule
    from tests.app.helpers import click_button
    from tests.app.test_playfix17_rulings import soft_break
    app = make_app(lang, (1280, 720))
    s = soft_break(app, "8-ball", 0.3)
    assert s.req is not None and Choice.RERACK_BREAK in s.req.pending
    assert app.dialogs and app.dialogs[-1].kind == "choice"
    first_person = choice_label(s.locale, Choice.RERACK_BREAK, choice_rule(
        s.discipline, Choice.RERACK_BREAK, s.last_ruling))
    click_button(app, first_person)
    frame(app, n=3)
    said = {"en": "Boris chooses: re-rack and break",
            "ru": "Boris выбирает: перерасставить и разбить самостоятельно"}[lang]
    text = drawn_words(app, folded=True)
    assert said in text, text
    assert app.t("choice.rerack_break") not in text
    pygame.display.quit()


# -- small words and keys --------------------------------------------------------

def test_the_card_button_says_collapse_and_expand() -> None:
    """The ruling card's button reads "Collapse" (it said "Fold"), then
    "Expand" once H has collapsed it."""
    from rules.ruling import Declarations
    from tests.rules.logs import Log
    app = make_app("en", (1280, 720))
    app.session = s = Session.new(["Anna", "Boris"], "8-ball", {"race_to": 2},
                                  app.locale, seed=5)
    next_step(app)
    frame(app)
    s.apply(Log(s.match.table()).stroke().hit(0, 1).rails([2, 3, 4]).pot(5)
            .rest().shot(), Declarations())
    next_step(app)
    frame(app, n=3)
    fold = [b.label for b in ui.FRAME.buttons if b.ident == "fold"]
    assert fold == ["Collapse"], fold
    key(app, pygame.K_h)
    frame(app, n=2)
    fold = [b.label for b in ui.FRAME.buttons if b.ident == "fold"]
    assert fold == ["Expand"], fold
    pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_push_out_button_shows_its_key_and_the_key_declares_it(
        lang: str) -> None:
    """9-ball 5: the shot after the break may be a push-out. Its button
    shows its key, P, as the hint's shows I; P declares the push-out (the
    button then says so) and P again takes it back."""
    from tests.app.test_flow import after_break
    app = make_app(lang, (1280, 720))
    after_break(app, "9-ball", lambda r: "push_out" in r.allowed_declarations
                and r.ball_in_hand.value == "none" and not r.pending)
    s = app.session
    assert s is not None
    frame(app)
    push = [b for b in ui.FRAME.buttons if b.ident == "push_out"]
    assert push and push[0].key == "P"
    keys = [t.text for t in app.texts if push[0].rect.contains(t.rect)]
    assert "P" in keys, keys
    key(app, pygame.K_p)
    frame(app)
    assert s.decl.get("push_out")
    declared = app.t("panel.declared", what=app.t("panel.push_out"))
    assert declared in [b.label for b in ui.FRAME.buttons]
    key(app, pygame.K_p)
    frame(app)
    assert not s.decl.get("push_out")
    pygame.display.quit()


def test_after_a_push_out_the_russian_choice_reads_as_a_pool_player_says_it(
        ) -> None:
    """9-ball 5 («уступить удар игроку, сыгравшему пуш-аут»): Anna's
    buttons after Boris's push-out say «Уступить удар сопернику», not the
    unclear «Вернуть удар»; chosen, the card says «Anna уступает удар
    сопернику»."""
    from tests.app.test_playfix17b import _push_out_choice
    app = make_app("ru", LOW)
    _push_out_choice(app)
    labels = [b.label for b in app.dialogs[-1].buttons]
    assert any(lb.startswith("Уступить удар сопернику") for lb in labels), labels
    words = " ".join(t.text for t in app.texts)
    assert "Вернуть удар" not in words
    s = app.session
    assert s is not None and s.req is not None
    chooser = s.name(s.req.chooser if s.req.chooser is not None else s.req.shooter)
    key(app, pygame.K_2)
    frame(app, n=3)
    assert s.banner is not None
    # (the name said once: the option begins with it)
    assert s.banner.title.startswith(f"{chooser} уступает удар сопернику")
    assert s.banner.title.count(chooser) == 1
    pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_card_of_a_club_match_says_its_keys(lang: str) -> None:
    """A club evening's game played out (all but one leave): under the end
    card the key line says its keys, as under other cards ("1/2/3: choose ·
    Esc: back to the evening's standings"; it was empty), and they work:
    Esc goes back to the evening."""
    from tests.app.helpers import click_button
    from tests.app.test_club import new_app
    from tests.app.test_club_series import all_but_one_leave, people_series
    app = new_app(lang)
    people_series(app, ["Ann", "Bob", "Vera"], games=2)
    click_button(app, app.t("club.play_game"))
    all_but_one_leave(app)
    frame(app, n=2)
    card = app.dialogs[-1]
    assert card.kind == "gameover"
    keys = card.number_keys()
    # (numbered from 1 without a gap, as every menu)
    assert keys[:1] == "1" and keys[1:2] in ("–", "/"), keys
    # Undo is U on the card (a number had been a watching speed a moment
    # before): the line says so beside the numbers, and what it takes back
    # (the last of them leaving the match, not a shot).
    assert any(b.key == "U" for b in card.buttons)
    said = {app.t(f"hint.end_evening{f}", keys=keys,
                  undo=app.t(f"hint.end_save{'_short' if f == '_short' else ''}")
                  + app.t(f"hint.end_undo{'_short' if f == '_short' else '_leave'}"))
            for f in ("", "_fits", "_short")}
    assert all("U: " in line and "S: " in line for line in said)
    assert said & {t.text for t in app.texts if not t.cut}, \
        [t.text for t in app.texts]
    key(app, pygame.K_ESCAPE)
    frame(app, n=2)
    assert app.mode is not None and app.mode.name == "evening"
    pygame.display.quit()


# -- two computers of one level told apart -----------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_two_computers_of_one_level_are_numbered_everywhere(lang: str) -> None:
    """Both seats made strong computers by clicks: the setup's entries say
    "Computer 1 (strong)" and "Computer 2 (strong)" (both said "Computer
    (strong)"), and so do the scoreboard and the match's names."""
    from tests.app.helpers import click_button
    app = make_app(lang, (1280, 720))
    app.go("setup", game="9-ball", names=["", ""])
    frame(app, n=2)
    for i in (0, 1):
        pick(app, app.mode.menus[f"seat{i}"], level(app, "strong"))  # type: ignore[union-attr]
    lv = app.t("cpu.level.strong")
    one, two = (app.t("cpu.name_n", n=n, level=lv) for n in (1, 2))
    assert one != two and one.split()[0] == app.t("cpu.name", level=lv).split()[0]
    entries = app.mode.entries  # type: ignore[union-attr]
    assert [e.placeholder_text for e in entries] == [one, two]
    click_button(app, app.t("setup.start"))
    frame(app, n=3)
    s = app.session
    assert s is not None and [s.name(0), s.name(1)] == [one, two]
    texts = {t.text for t in app.texts}
    assert one in texts and two in texts, texts
    pygame.display.quit()


@pytest.mark.parametrize("lang", LANGS)
def test_two_computers_of_one_level_are_numbered_at_the_club(lang: str) -> None:
    """A club evening's setup with two beginners: the list says "Computer 1
    (beginner)" and "Computer 2 (beginner)" (the same words twice before),
    and so do the evening's standings once it has begun."""
    from tests.app.helpers import click_button
    from tests.app.test_club import new_app
    from tests.app.test_club_series import series_setup
    app = new_app(lang)
    series_setup(app, seats=3)
    frame(app)
    lv = app.t("cpu.level.beginner")
    names = [app.t("cpu.name_n", n=n, level=lv) for n in (1, 2, 3)]
    texts = " ".join(t.text for t in app.texts)
    for i, n in enumerate(names):
        assert f"{i + 1}. {n}" in texts, texts
    click_button(app, app.t("club.begin", n=3))
    frame(app, n=2)
    texts = {t.text for t in app.texts}
    assert set(names) <= texts, texts
    pygame.display.quit()


# -- the club evening's list of matches ----------------------------------------------

def evening_begun(fmt: str, players: list[str], game: str, played: int) -> None:
    """An evening of ``players`` begun in the profile and its first
    ``played`` matches played out (the first seat gives each up; in Express
    each player fouls until one is left)."""
    import contextlib

    from rules.ruling import RulesError
    from simulator.records.club import Club
    from simulator.records.entrants import make_entrants
    from simulator.records.plan import Setup
    opts = {"initial_points": 4, "max_signatures": 0} if game == "express" else {}
    with Club() as club:
        ev = club.begin(Setup(make_entrants(players), fmt, game, race=1, games=3,
                              options=opts))
        for _ in range(played):
            call = ev.next_match()
            assert call is not None
            m = call.new_match()
            if len(m.players) == 2:
                m.concede(0, whole_match=True)
            while not m.over:
                m.call_foul("express.foul.touched_ball")
                with contextlib.suppress(RulesError):  # over: nothing to choose
                    while m.requirements().pending:
                        m.choose(m.requirements().pending[0])
            club.record(ev, call, m)


@pytest.mark.parametrize("fmt,players,game", [
    ("express-series", ["cpu:strong", "cpu:strong", "cpu:club"], "express"),
    ("round-robin", ["cpu:strong", "cpu:strong", "Павел Петров", "cpu:beginner"],
     "9-ball"),
    ("double-elimination", ["cpu:strong", "cpu:strong", "Павел Петров",
                            "cpu:beginner", "Анна", "cpu:pro"], "9-ball"),
], ids=["series", "round-robin", "double"])
def test_the_evenings_matches_read_whole_in_a_low_window(
        fmt: str, players: list[str], game: str) -> None:
    """At 800x500 in Russian the evening's list of matches says who plays
    whom and how it stood, every name whole (a row goes on over a second
    line): «Партия 1 … · Компьюте…» said neither; the standings' names
    whole too."""
    from tests.app.helpers import click_button
    evening_begun(fmt, players, game, played=2)
    app = make_app("ru", LOW)
    app.go("menu")
    frame(app)
    click_button(app, app.t("club.menu_continue"))
    frame(app, n=2)
    assert app.mode is not None and app.mode.name == "evening"
    cards = [r for name, r in app.panels if name == "card"]
    matches = cards[-1]
    inside = [t for t in app.texts if matches.contains(t.rect)]
    assert len(inside) > 10
    assert not [t.text for t in inside if t.cut], [t.shown for t in inside]
    # the standings beside it too («Компьютер (професс…» among six)
    assert not [t.text for t in app.texts if cards[0].contains(t.rect) and t.cut]
    words = " ".join(t.text for t in inside)
    if fmt == "express-series":  # each game's three players, by name, whole
        lv = app.t("cpu.level.strong")
        for n in (1, 2):
            assert words.count(app.t("cpu.name_n", n=n, level=lv)) == 3, words
    pygame.display.quit()
