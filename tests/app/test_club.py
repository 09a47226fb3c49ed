"""The club night in the window, driven through its event loop: an evening
set up from the menu and played by the window match after match, the
standings shown between them, a restart in the middle, abandoning; every
match played in the window recorded once; a player's page; a damaged
records file."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

import pygame
import pytest

from simulator.app.loop.app import App
from simulator.app.match import club as club_hold
from simulator.app.match.computer import seat_words
from simulator.app.match.session import Session
from simulator.app.match.turns import next_step
from simulator.files import profile, saves
from simulator.records.club import Club
from simulator.records.database import MatchRecord, Records
from tests.app.helpers import (
    DT,
    button_labels,
    card_rows,
    click_button,
    frame,
    key,
    make_app,
)

LIMIT = 60_000  # frames a computer-only match may take (about 3 s each here)


# -- helpers ---------------------------------------------------------------------
def new_app(lang: str = "en") -> App:
    app = make_app(lang)
    app.settings.watch = "skip"  # the computers' shots are not watched
    app.go("menu")
    frame(app)
    return app


def label(app: App, start: str) -> str:
    """The one button whose words begin with ``start``."""
    found = [b for b in button_labels(app) if b.startswith(start)]
    assert len(found) == 1, (start, button_labels(app))
    return found[0]


def set_up_evening(app: App, levels: list[str], race: int = 1) -> None:
    """From the menu: the club evening's setup, computer seats added by
    their buttons, the race stepped to ``race``, the evening begun."""
    click_button(app, app.t("club.menu_evening"))
    assert app.mode is not None and app.mode.name == "evening_setup"
    for lv in levels:
        click_button(app, app.t("club.add_cpu", level=app.t(f"cpu.level.{lv}")))
    for _ in range(10):
        if app.t("club.race", n=race) in button_labels(app):
            break
        click_button(app, label(app, app.t("club.race", n="")[:-1]))
    click_button(app, app.t("club.begin", n=len(levels)))
    frame(app)
    assert app.mode is not None and app.mode.name == "evening", app.toast


def evening_match_under_way() -> tuple[App, Session]:
    """A club evening of two beginners (race to 2) begun from the menu and
    its first match played three steps in."""
    app = new_app()
    set_up_evening(app, ["beginner", "beginner"], race=2)
    click_button(app, label(app, app.t("club.play_next", names="")))
    s = app.session
    assert s is not None
    for _ in range(LIMIT):
        if len(s.match.history) >= 3:
            break
        app.frame(pygame.event.get(), DT)
    return app, s


def game_over(app: App) -> bool:
    return bool(app.dialogs) and getattr(app.dialogs[-1], "kind", "") == "gameover"


def play_to_game_over(app: App) -> None:
    for _ in range(LIMIT):
        if game_over(app):
            return
        app.frame(pygame.event.get(), DT)
    raise AssertionError("the match did not end")


def all_matches() -> list[MatchRecord]:
    with Records.open() as records:
        return records.matches()


def standings_shown(app: App) -> dict[str, list[str]]:
    """The standings table as drawn: each player's row of cells by name."""
    frame(app)
    cards = [r for name, r in app.panels if name == "card"]
    assert cards, "no standings card"
    box = cards[0]
    rows: dict[int, list[tuple[int, str]]] = {}
    for t in app.texts:
        if box.contains(t.box) and t.box.height < 40:
            rows.setdefault(t.rect.top, []).append((t.box.left, t.text))
    out = {}
    for cells in rows.values():
        texts = [x for _, x in sorted(cells)]
        if len(texts) == 6 and texts[2].isdigit():  # place, name, played, won...
            out[texts[1]] = texts
    return out


def short_racks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every 9-ball game racked with the 1 and the 9 alone, in their slots
    of the diamond (the rest down): a game of two balls, not nine. What the
    evening does with a match (the call, its races, the record, the
    standings) does not depend on how many balls a rack holds; a round
    robin of full racks took half a minute of computer play."""
    from rules import nine_ball
    from rules.general import racked
    from simulator.table.specs import nine_ball_diamond, table_by_name
    from simulator.table.state import TableState

    def rack(self: nine_ball.NineBall, table: str, seed: int) -> TableState:
        spec = table_by_name(table)
        slots = nine_ball_diamond(spec, gap=1e-5)
        return racked(spec, (slots[0], slots[4]), {1: 0, 9: 1}, (),
                      (*range(2, 9), *range(10, 16)))
    monkeypatch.setattr(nine_ball.NineBall, "rack", rack)


# -- an evening ----------------------------------------------------------------------
def test_a_round_robin_of_computer_seats_played_by_the_window(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Three computer seats of three levels, a race to one: the window calls
    each match, plays it, records it at its game over and shows the
    standings between matches; what it shows is what the records hold
    (counted here from the recorded matches, not from the evening), and
    the evening ends with its winner named. (Racks of two balls.)"""
    short_racks(monkeypatch)
    app = new_app()
    set_up_evening(app, ["beginner", "club", "strong"])
    started = time.monotonic()
    for played in range(1, 4):
        click_button(app, label(app, app.t("club.play_next", names="")))
        assert app.session is not None and club_hold.evening_of(app.session)
        play_to_game_over(app)
        click_button(app, app.t("club.to_evening"))
        assert app.mode is not None and app.mode.name == "evening"
        recorded = all_matches()
        assert len(recorded) == played
        assert all(m.evening_slot and m.finished for m in recorded)
        wins = Counter(m.seats[m.winner].name for m in recorded if m.winner is not None)
        games = Counter(s.name for m in recorded for s in m.seats)
        shown = standings_shown(app)
        assert len(shown) == 3
        for level in ("beginner", "club", "strong"):
            row = shown[app.t("cpu.name", level=app.t(f"cpu.level.{level}"))]
            name = f"cpu:{level}"
            assert row[2:5] == [str(games[name]), str(wins[name]),
                                str(games[name] - wins[name])], row
    # Every match links to its save, which holds the match as it was decided.
    for m in all_matches():
        assert m.save is not None
        loaded = saves.load(profile.data_dir() / m.save).match
        assert loaded.winner == m.winner and loaded.over
    # The last match continued from the menu is the evening's, recorded.
    click_button(app, app.t("menu.main"))
    click_button(app, app.t("menu.last_result"))
    frame(app)
    assert game_over(app) and len(all_matches()) == 3
    app.go("evening")
    evening = Club().archived()[-1]
    assert evening.status == "finished" and evening.champion() is not None
    champion = app.t("club.champion", name=seat_words(
        app.locale, evening.name(evening.champion()) or ""))
    frame(app)
    assert champion in [t.text for t in app.texts]
    assert app.t("club.new_evening") in button_labels(app)
    print(f"three matches in {time.monotonic() - started:.1f} s")
    pygame.display.quit()


def test_an_evening_and_its_match_survive_a_restart() -> None:
    """Kiy closed in the middle of an evening's match: the menu offers to
    continue the evening, which calls the same match and continues it from
    the autosave (not from its break); its result goes to the evening."""
    app, s = evening_match_under_way()
    steps = len(s.match.history)
    slot = club_hold.evening_of(s).call.slot  # type: ignore[union-attr]
    pygame.display.quit()

    app = new_app()  # the program started again
    click_button(app, app.t("club.menu_continue"))
    assert app.mode is not None and app.mode.name == "evening"
    click_button(app, label(app, app.t("club.play_next", names="")))
    s = app.session
    assert s is not None and len(s.match.history) >= steps
    play_to_game_over(app)
    (m,) = all_matches()
    assert m.evening_slot == slot
    pygame.display.quit()


def test_abandoning_an_evening_asks_first() -> None:
    app = new_app()
    set_up_evening(app, ["beginner", "club", "beginner"])
    click_button(app, app.t("club.abandon"))
    assert app.dialogs and app.dialogs[-1].title == app.t("club.abandon_title")
    key(app, pygame.K_ESCAPE)  # no: the evening goes on
    assert not app.dialogs and Club().current() is not None
    click_button(app, app.t("club.abandon"))
    click_button(app, app.t("club.abandon_yes"))
    assert Club().current() is None
    assert Club().archived()[-1].status == "abandoned"
    # The organiser stays on the evening: it says so, its standings shown.
    assert app.mode is not None and app.mode.name == "evening"
    frame(app)
    assert app.t("club.was_abandoned") in [t.text for t in app.texts]
    assert len(standings_shown(app)) == 3
    click_button(app, app.t("menu.main"))
    assert app.t("club.menu_evening") in button_labels(app)
    pygame.display.quit()


def test_the_setup_refuses_what_an_evening_cannot_take() -> None:
    """A name twice, a name that would pass for a computer seat, one player:
    each said in the player's language, nothing begun."""
    app = new_app("ru")
    click_button(app, app.t("club.menu_evening"))
    mode = app.mode
    for name in ("Анна", "анна", "cpu:club"):
        assert mode.entry is not None  # type: ignore[attr-defined]
        mode.entry.set_text(name)  # type: ignore[attr-defined]
        click_button(app, app.t("club.add_person"))
    assert app.toast is not None and "cpu:club" in app.toast[0]
    assert "«cpu:»" in app.toast[0]
    assert [b for b in button_labels(app) if b == app.t("club.remove")] == \
        [app.t("club.remove")]
    assert app.t("club.begin", n=1) not in button_labels(app)  # one player: no
    assert Club().current() is None
    pygame.display.quit()


def test_a_handicapped_match_ends_at_its_own_race(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A beginner against a strong computer with a handicap from their
    measured ratings: the strong seat races to more games; the match is
    over for the evening as soon as either reaches their own race (the
    referee's race being the longer), and the game over says who won.
    (Racks of two balls: the races are the evening's all the same.)"""
    short_racks(monkeypatch)
    app = new_app()
    click_button(app, app.t("club.menu_evening"))
    for lv in ("beginner", "strong"):
        click_button(app, app.t("club.add_cpu", level=app.t(f"cpu.level.{lv}")))
    click_button(app, label(app, app.t("club.race", n="")[:-1]))  # 3 -> 4
    for _ in range(10):
        if app.t("club.race", n=1) in button_labels(app):
            break
        click_button(app, label(app, app.t("club.race", n="")[:-1]))
    click_button(app, app.t("club.handicap_off"))
    click_button(app, app.t("club.begin", n=2))
    frame(app)
    hold = None
    click_button(app, label(app, app.t("club.play_next", names="")))
    hold = club_hold.evening_of(app.session)
    assert hold is not None and hold.call.handicapped
    races = hold.call.races
    assert races[hold.call.names.index("cpu:beginner")] == 1
    assert max(races) > 1
    play_to_game_over(app)
    s = app.session
    assert s is not None
    (m,) = all_matches()
    won = m.seats[m.winner or 0].games_won
    assert won == races[m.winner or 0]  # decided at its own race, not later
    assert all(x.games_won < r for x, r, i in zip(m.seats, races, range(2),
                                                   strict=True) if i != m.winner)
    assert app.dialogs[-1].title == app.t(  # type: ignore[attr-defined]
        "gameover.title", name=s.name(m.winner))
    pygame.display.quit()


def near_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each game the evening calls starts near its end: everyone one point
    from zero with no stars left to sign for, so the first write-off puts a
    player out. Everything else (the carried chips, the ante, the bank) is
    the call's own; a whole game of three beginners took minutes."""
    from dataclasses import replace

    from rules.referee import Match
    from simulator.records.plan import MatchCall
    called = MatchCall.new_match

    def new_match(self: MatchCall) -> Match:
        m = called(self)
        n = len(self.names)
        state = replace(m.state, scores=(1,) * n, signatures=(3,) * n)
        return Match.from_state(list(self.names), self.discipline, state,
                                dict(self.options), self.seed)
    monkeypatch.setattr(MatchCall, "new_match", new_match)


def test_an_express_series_carries_the_chips_over(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An Express series of two games for three computer seats: the second
    starts with the chips the first ended with, less the ante paid out of
    them (what a player has); the standings show the chips at the end."""
    from rules.express import ExpressOptions
    near_the_end(monkeypatch)
    app = new_app()
    click_button(app, app.t("club.menu_evening"))
    series = app.t("club.format", value=rec_words(app, "express-series"))
    while series not in button_labels(app):
        click_button(app, label(app, app.t("club.format", value="")))
    for _ in range(3):
        click_button(app, app.t("club.add_cpu", level=app.t("cpu.level.beginner")))
    games = [app.t("club.series", n=n) for n in (1, 2, 3, 5, 7, 10)]
    while app.t("club.series", n=2) not in button_labels(app):
        click_button(app, next(b for b in button_labels(app) if b in games))
    click_button(app, app.t("club.begin", n=3))
    frame(app)
    ante = ExpressOptions.from_mapping({}).ante
    ends: list[tuple[int, ...]] = []
    for _ in range(2):
        click_button(app, app.t("club.play_game"))
        s = app.session
        assert s is not None
        start_chips = tuple(s.match.state.chips)  # type: ignore[attr-defined]
        if ends:
            assert start_chips == tuple(c - min(ante, c) for c in ends[-1])
        play_to_game_over(app)
        ends.append(tuple(s.match.state.chips))  # type: ignore[attr-defined]
        click_button(app, app.t("club.to_evening"))
    assert len(all_matches()) == 2
    shown = standings_shown(app)
    assert sorted(int(r[5]) for r in shown.values()) == sorted(ends[-1])
    pygame.display.quit()


def rec_words(app: App, fmt: str) -> str:
    from simulator.records import words
    return words.t(app.locale.lang, f"format.{fmt}")


# -- every match recorded once ------------------------------------------------------
def start(app: App, names: list[str], game: str = "9-ball",
          options: dict[str, object] | None = None) -> Session:
    app.session = Session.new(names, game, options or {"race_to": 1}, app.locale,
                              seed=4)
    next_step(app)
    frame(app)
    return app.session


def test_a_match_is_recorded_once_at_its_game_over() -> None:
    """A match outside an evening: recorded at its game over with its save;
    the game-over dialog opened again (after the replay), and the match
    resumed after a restart, count it once."""
    app = new_app()
    s = start(app, ["cpu:beginner", "cpu:club"])
    play_to_game_over(app)
    (m,) = all_matches()
    assert m.evening_id is None and m.discipline == "9-ball"
    assert [x.name for x in m.seats] == ["cpu:beginner", "cpu:club"]
    assert m.winner == s.match.winner
    save = profile.data_dir() / (m.save or "")
    assert saves.load(save).match.to_dict() == s.match.to_dict()
    click_button(app, app.t("panel.replay"))
    key(app, pygame.K_ESCAPE)
    frame(app, n=3)
    next_step(app)
    frame(app)
    assert game_over(app) and len(all_matches()) == 1
    pygame.display.quit()
    app = new_app()  # a restart: the finished match continued
    click_button(app, app.t("menu.last_result"))
    frame(app)
    assert game_over(app) and len(all_matches()) == 1
    pygame.display.quit()


def test_undo_after_game_over_takes_the_record_back() -> None:
    """Undo at the game over: the match is no longer decided, so its record
    and its save are taken back; decided again, it is recorded again, once."""
    app = new_app()
    app.settings.allow_undo = True
    start(app, ["cpu:beginner", "cpu:beginner 2"])
    play_to_game_over(app)
    (first,) = all_matches()
    click_button(app, app.t("panel.undo"))
    assert not game_over(app)
    assert all_matches() == []
    assert not (profile.data_dir() / (first.save or "x")).exists()
    play_to_game_over(app)  # the computers decide the same again
    assert [m.uid for m in all_matches()] == [first.uid]
    pygame.display.quit()


def test_undo_after_an_evenings_game_over_calls_the_match_again() -> None:
    app = new_app()
    app.settings.allow_undo = True
    set_up_evening(app, ["beginner", "club"])
    click_button(app, label(app, app.t("club.play_next", names="")))
    play_to_game_over(app)
    club = Club()
    evening = club.current() or club.archived()[-1]
    assert len(evening.results) == 1 and len(all_matches()) == 1
    click_button(app, app.t("panel.undo"))
    evening = Club().current()
    assert evening is not None and evening.results == {}
    assert all_matches() == []
    play_to_game_over(app)
    evening = Club().archived()[-1]
    assert len(evening.results) == 1 and evening.status == "finished"
    assert len(all_matches()) == 1
    pygame.display.quit()


# -- a player's page ---------------------------------------------------------------
def give_up_whenever_at_table(app: App, item: str, yes: str,
                              limit: int = LIMIT) -> None:
    """Play on until the game-over card: the computers play, and the person
    at the table gives up by the pause menu's ``item``, confirmed by
    ``yes``, whenever the table is theirs."""
    for _ in range(limit):
        if game_over(app):
            return
        mode = app.mode.name if app.mode is not None else ""
        if not app.dialogs and mode in ("aiming", "placing"):
            key(app, pygame.K_ESCAPE)
            click_button(app, app.t(item))
            click_button(app, app.t(yes))
            continue
        app.frame(pygame.event.get(), DT)
    raise AssertionError("the game did not end")


def person_concedes(app: App, s: Session) -> None:
    """Play the match out: the computers play, the person concedes the
    match whenever the table is theirs."""
    give_up_whenever_at_table(app, "pause.concede_match", "concede.match_yes")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_players_page(lang: str) -> None:
    """Three matches of a person against two computer levels, each conceded:
    the page, opened from the menu, shows them per game and head to head
    (counted here from the recorded matches), and no rating from them."""
    app = new_app(lang)
    for names in (["Ann", "cpu:beginner"], ["cpu:club", "Ann"], ["Ann", "cpu:club"]):
        s = start(app, names)
        person_concedes(app, s)
    recorded = all_matches()
    assert len(recorded) == 3
    won = sum(1 for m in recorded if m.winner is not None and
              m.seats[m.winner].name == "Ann")
    app.go("menu")
    frame(app)
    click_button(app, app.t("club.menu_records"))
    click_button(app, "Ann")
    assert app.mode is not None and app.mode.name == "player"
    frame(app)
    per_game = [r for r in card_rows(app, 0) if r[0] == app.t("game.9-ball")]
    assert per_game[0][:3] == [app.t("game.9-ball"), str(won), str(3 - won)]
    h2h = {r[0]: r[1:4] for r in card_rows(app, 1)}
    for level in ("beginner", "club"):
        opp = f"cpu:{level}"
        ms = [m for m in recorded if any(x.name == opp for x in m.seats)]
        mine = sum(1 for m in ms if m.seats[m.winner or 0].name == "Ann")
        name = app.t("cpu.name", level=app.t(f"cpu.level.{level}"))
        assert h2h[name] == [str(len(ms)), str(mine), str(len(ms) - mine)]
    # Every match given up: no game played out, so none rated (a forfeit
    # says nothing of play), and the chart has no point.
    page = app.mode.page  # type: ignore[attr-defined]
    assert page.rating is None and page.history == ()
    assert not app.locale.fallbacks
    pygame.display.quit()


# -- a damaged file ------------------------------------------------------------------
def damage(path: Path) -> bytes:
    data = b"this is no database " * 100
    path.write_bytes(data)
    for suffix in ("-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    return data


def test_a_damaged_records_file_offers_its_backup() -> None:
    """The records file damaged: opening the players' records says so in
    Russian and offers the day's backup; "Not now" leaves the file as it
    is; "Restore" brings the backup back and keeps the damaged file."""
    app = new_app("ru")
    start(app, ["cpu:beginner", "cpu:club"])
    play_to_game_over(app)
    assert len(all_matches()) == 1  # (opening it kept the day's backup)
    path = profile.data_dir() / "records.sqlite3"
    data = damage(path)
    app.go("menu")
    frame(app)
    click_button(app, app.t("club.menu_records"))
    assert app.dialogs and app.dialogs[-1].title == app.t("club.damaged_title")
    body = app.dialogs[-1].body  # type: ignore[attr-defined]
    assert "records.sqlite3" in body and "повреждён" in body
    labels = button_labels(app)
    restore = label(app, app.t("club.restore", date="")[:-1])
    assert labels[-2:] == [app.t("club.start_new"), app.t("club.not_now")]
    click_button(app, app.t("club.not_now"))
    assert path.read_bytes() == data  # never overwritten unasked
    key(app, pygame.K_ESCAPE)
    click_button(app, app.t("club.menu_records"))
    click_button(app, restore)
    frame(app)
    assert len(all_matches()) == 1
    assert list(path.parent.glob("records.damaged-*.sqlite3"))
    assert app.mode is not None and app.mode.name == "records"
    assert not app.dialogs
    pygame.display.quit()


def test_a_match_decided_over_a_damaged_file_is_recorded_once_mended() -> None:
    """The file damaged with no backup, then a match decided: the dialog
    opens over the game over; new records started, the match is in them."""
    app = new_app()
    path = profile.data_dir() / "records.sqlite3"
    path.parent.mkdir(parents=True, exist_ok=True)
    damage(path)
    start(app, ["cpu:beginner", "cpu:club"])
    for _ in range(LIMIT):
        if app.dialogs and getattr(app.dialogs[-1], "kind", "") == "records_damaged":
            break
        app.frame(pygame.event.get(), DT)
    assert app.t("club.damaged_no_backup") in app.dialogs[-1].body  # type: ignore
    assert not any(b.startswith(app.t("club.restore", date="")[:-1])
                   for b in button_labels(app))
    click_button(app, app.t("club.start_new"))
    frame(app)
    assert len(all_matches()) == 1
    assert game_over(app)
    pygame.display.quit()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_name_typed_into_the_evenings_field_is_added(lang: str) -> None:
    """Found in a real window: the card under the name field took its
    clicks, so the field never had the keyboard and typed names went
    nowhere. A click on the field, the name typed, Enter: the person is on
    the list; a second one with the Add button."""
    from tests.app.helpers import click
    app = new_app(lang)
    click_button(app, app.t("club.menu_evening"))
    mode = app.mode
    frame(app)
    field = mode.entry  # type: ignore[attr-defined]
    assert field is not None
    for name, finish in (("Ivan", "enter"), ("Пётр", "button")):
        click(app, field.rect.center)
        assert field.is_focused
        for ch in name:
            frame(app, pygame.event.Event(pygame.TEXTINPUT, text=ch))
        if finish == "enter":
            key(app, pygame.K_RETURN)
        else:
            click_button(app, app.t("club.add_person"))
        frame(app)
    names = [p.name for p in mode.choices.players]  # type: ignore[attr-defined]
    assert names == ["Ivan", "Пётр"], names
    pygame.display.quit()
