"""Whole evenings through the window's real event loop (issue 22, what to
build 2): every step is a key or a click a person makes (pygame's events fed
to ``App.frame``), and after each the test asserts what the person sees: who
is named to play, which ruling card is shown and that it stays until it is
acknowledged, the texts in the chosen language, nothing drawn across the
side column's edge. Each test counts its steps (a person's actions) and
checks it drove at least the number its docstring gives."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui
import pytest

from simulator.app.loop.app import App
from simulator.app.match import computer
from simulator.app.match.session import Session, saves_dir
from simulator.app.screens.computer_turn import ComputerMode, ComputerPlayMode
from tests.app.bot import best_stroke
from tests.app.helpers import click, click_button, frame, make_app, run_until
from tests.app.undrawn import held


class Walk:
    """A person at the window: each action is a step, counted, and after
    each the screen is checked."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.steps = 0

    def check(self) -> None:
        app = self.app
        mode = app.mode
        layout = getattr(mode, "layout", None)
        if layout is None or not app.texts:
            return
        side = layout.side
        # (a card set over the table as well, the end of the match widened
        # for its names on one row, is one whole across the edge)
        card = getattr(app.dialogs[-1], "rect", None) if app.dialogs else None
        over = card is not None and not side.contains(card)
        for t in app.texts:
            if over and card is not None and card.contains(t.rect):
                continue
            if t.rect.colliderect(side) and not side.contains(t.rect):
                raise AssertionError(f"{t.text!r} drawn across the side column's "
                                     f"edge: {t.rect} / {side}")
        for b in app.buttons:
            if over and card is not None and card.contains(b.rect):
                continue
            if b.rect.colliderect(side) and not side.contains(b.rect):
                raise AssertionError(f"button {b.label!r} across the side column")

    def key(self, k: int, char: str = "") -> None:
        self.steps += 1
        frame(self.app, pygame.event.Event(pygame.KEYDOWN, key=k, mod=0,
                                           unicode=char, scancode=0))
        if char:
            frame(self.app, pygame.event.Event(pygame.TEXTINPUT, text=char))
        frame(self.app, pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=char,
                                           scancode=0))
        self.check()

    def type(self, text: str) -> None:
        for ch in text:
            self.steps += 1
            frame(self.app, pygame.event.Event(pygame.TEXTINPUT, text=ch))
        self.check()

    def button(self, label: str) -> None:
        self.steps += 1
        click_button(self.app, label)
        self.check()

    def click(self, pos: tuple[float, float]) -> None:
        self.steps += 1
        click(self.app, (int(pos[0]), int(pos[1])))
        self.check()

    def pick(self, menu: object, text: str) -> None:
        """A drop-down's choice (the widget's own event, as its list posts it)."""
        self.steps += 1
        frame(self.app, pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                           ui_element=menu, text=text))
        frame(self.app, n=2)
        self.check()

    def wait(self, cond: Callable[[], bool], limit: int = 6000) -> None:
        try:
            run_until(self.app, cond, limit=limit)
        except AssertionError:
            app = self.app
            raise AssertionError(
                f"waited in vain: mode {mode_name(app)}, dialogs "
                f"{[d.title for d in app.dialogs]}, toast {app.toast}, "
                f"errors {app.errors[-1:] }") from None
        frame(self.app)
        self.check()

    def texts(self) -> list[str]:
        return [t.text for t in self.app.texts]

    def side_texts(self) -> list[str]:
        side = self.app.mode.layout.side  # type: ignore[union-attr]
        return [t.text for t in self.app.texts if side.contains(t.rect)]

    def shows(self, text: str) -> bool:
        drawn = " ".join(self.texts())
        return text in drawn or text[:30] in drawn


def mode_name(app: App) -> str:
    return app.mode.name if app.mode is not None else ""


def person_aims(w: Walk, s: Session, power: float | None = None) -> None:
    """The person's turn: ball in hand put down with the mouse where the
    referee offers it, then a stroke aimed (the bot finds one) and played."""
    app = w.app
    if mode_name(app) == "placing":
        mode = app.mode
        view = mode.scene.view  # type: ignore[union-attr]
        w.click(view.to_screen(*mode.pos))  # type: ignore[union-attr]
        assert mode_name(app) == "aiming", app.toast
    assert mode_name(app) == "aiming"
    aim, ball, pocket = best_stroke(app)
    s.aim = aim if power is None else aim.with_power(power)
    app.mode.key_lock = pygame.mouse.get_pos()  # type: ignore[union-attr]
    if power is None and s.req is not None and (
            s.req.call_needed or "call" in s.req.allowed_declarations):
        app.mode.call_ball = ball  # type: ignore[union-attr]
        app.mode.call_pocket = pocket  # type: ignore[union-attr]
    n = len(s.shots)
    # The turn is seen before the stroke: a Space in its first moment after
    # a computer's turn is taken as meant for that turn. (Half a second,
    # its last picture drawn: the key's check reads the next.)
    held(app, 30)
    # and takes it (a key of her own): after a computer's turn the first
    # stroke waits for an action of hers, so a Space mashed to hurry the
    # computer never strikes.
    w.key(pygame.K_LSHIFT)
    w.key(pygame.K_SPACE)
    if mode_name(app) == "playing":
        # She hurries her own stroke (4): at 1x its roll was most of the walk.
        w.key(pygame.K_4)
    w.wait(lambda: len(s.shots) > n and mode_name(app) not in ("playing",))


def test_an_evening_against_the_computer_from_setup_to_the_statistics(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """8-ball, Anna against the computer (beginner), race to 2, from the
    setup screen: the lag, the break, fouls of both players (Anna's card
    stays until she goes on; the computer waits), ball in hand, the
    computer's turns at 1x, 2x, 4x and skipped, saved under a name, opened
    again from the list, conceded, to the statistics table. At least 60
    steps."""
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app("en")
    # A race in which the beginner fouls too (with 7 it stopped fouling once
    # its soft pots kept a pace margin).
    app.seed = 3
    app.go("menu")
    frame(app)
    w = Walk(app)
    # -- the setup screen ------------------------------------------------------
    w.button(app.t("menu.new_match"))
    assert mode_name(app) == "setup"
    setup = app.mode
    w.pick(setup.menus["game"], app.t("game.8-ball"))  # type: ignore[union-attr]
    setup = app.mode
    w.click(setup.entries[0].rect.center)  # type: ignore[union-attr]
    w.type("Anna")
    w.pick(setup.menus["seat1"], "Beginner")  # type: ignore[union-attr]
    setup = app.mode
    w.pick(setup.menus["race"], "2")  # type: ignore[union-attr]
    w.pick(setup.menus["first"], app.t("setup.lag"))  # type: ignore[union-attr]
    w.button(app.t("setup.start"))
    s = app.session
    assert s is not None and s.names == ("Anna", "cpu:beginner")
    assert s.discipline == "8-ball" and s.req is not None and s.req.is_lag
    # -- the lag ---------------------------------------------------------------
    assert mode_name(app) == "lag"
    for _ in range(6):
        if not s.match.requirements().is_lag:
            break
        w.key(pygame.K_SPACE)  # Anna's lag stroke; the computer strikes its own
        w.wait(lambda: mode_name(app) == "lag_result", limit=4000)
        if any(app.t("lag.continue") == b for b in [b.label for b in app.buttons]):
            w.button(app.t("lag.continue"))
        else:
            w.key(pygame.K_1, "1")
        frame(app, n=3)
    assert not s.match.requirements().is_lag
    # -- the games ---------------------------------------------------------------
    seen_speeds: set[str] = set()
    anna_fouled = cpu_fouled = anna_in_hand = acknowledged = False
    speeds = ["1", "2", "4", "skip"]
    saved: Path | None = None
    for _turn in range(160):
        if s.over:
            break
        req = s.match.requirements()
        if app.dialogs:  # a choice after a foul (8-ball has none), a signature
            w.key(pygame.K_1, "1")
            continue
        if mode_name(app) == "game_end":
            # A game won or lost: its card over the balls where it ended,
            # until Anna goes on to the next rack.
            last = s.last_ruling
            assert last is not None and last.game_over and last.winner is not None
            assert app.t("banner.game_over", name=s.name(last.winner)) in \
                " ".join(w.side_texts())
            w.button(app.t("side.next_game"))
            continue
        if isinstance(app.mode, ComputerPlayMode) or (s.is_computer(
                (req.pending and req.chooser) or req.shooter) and not isinstance(
                    app.mode, ComputerMode)):
            w.wait(lambda: isinstance(app.mode, ComputerMode) or not s.is_computer(
                s.match.requirements().shooter) or s.over, limit=8000)
            continue
        if isinstance(app.mode, ComputerMode):
            mode = app.mode
            heading = w.side_texts()
            if mode.phase == "waiting":
                # Anna's foul (or the game it lost) on the card; the
                # computer waits for her.
                last = s.last_ruling
                assert last is not None and last.shooter == 0 and s.banner
                title = app.t("banner.foul", name="Anna") if not last.game_over \
                    else app.t("banner.game_over", name=s.name(last.winner))
                assert s.banner.title == title
                held(app, 240)  # four seconds at 1x: still there
                w.check()
                assert mode.phase == "waiting" and mode.banner_rect is not None
                assert title in " ".join(w.side_texts()), w.side_texts()
                waits = "evening.waits_game" if last.game_over else "evening.waits_foul"
                assert app.t(waits, name=s.name(1)) in " ".join(heading)
                w.button(app.t("evening.go_on"))
                acknowledged = True
                continue
            assert s.name(1) in " ".join(heading), heading
            n = len(s.match.history)
            want = next((sp for sp in speeds if sp not in seen_speeds), None)
            if want is not None and mode.kind == "shot":
                w.button(app.t("cpu.skip") if want == "skip" else f"{want}×")
                if want == "skip":  # for this match only, and at once
                    assert s.watch == "skip" and app.settings.watch != "skip"
                    w.wait(lambda: len(s.match.history) > n, limit=4000)
                    seen_speeds.add(want)
                    continue
                w.wait(lambda: not isinstance(app.mode, ComputerMode) or
                       app.mode is not mode, limit=4000)
                if isinstance(app.mode, ComputerPlayMode):
                    pb = app.mode.playback
                    assert app.mode.skip if want == "skip" else \
                        pb.speed == float(want)
                    seen_speeds.add(want)
            w.wait(lambda: len(s.match.history) > n or s.over, limit=8000)
            last = s.last_ruling
            if last is not None and last.shooter == 1 and last.fouls:
                cpu_fouled = True
            continue
        # Anna's turn: named on the side column.
        assert not s.is_computer(req.shooter)
        assert app.t("side.to_shoot", name="Anna") in " ".join(w.side_texts())
        if mode_name(app) == "placing" and s.shots and s.shots[-1][1].shooter == 1:
            anna_in_hand = True
        if saved is None and anna_fouled and cpu_fouled:
            saved = save_and_reopen(w, s)
            s = app.session
            assert s is not None
            continue
        if not anna_fouled and not req.is_break:
            person_aims(w, s, power=0.01)  # a feather: no ball hit, a foul
            assert s.last_ruling is not None and s.last_ruling.fouls
            anna_fouled = True
            continue
        if anna_fouled and cpu_fouled and anna_in_hand and saved is not None and \
                seen_speeds >= set(speeds):
            break
        person_aims(w, s)
    assert anna_fouled and cpu_fouled and acknowledged and anna_in_hand
    assert seen_speeds == set(speeds) and saved is not None
    # -- conceding, then the statistics ------------------------------------------
    if not s.over:
        concede_the_match(w, s)
    assert s.over and app.dialogs and app.dialogs[-1].kind == "gameover"
    check_statistics(w, s)
    assert w.steps >= 60, w.steps
    print(f"evening against the computer: {w.steps} steps")
    pygame.display.quit()


def save_and_reopen(w: Walk, s: Session) -> Path:
    """Esc, Save, a name typed, Enter; then the main menu, the list of saved
    matches, the row clicked: the same match, the same person to play."""
    app = w.app
    steps = len(s.match.history)
    w.key(pygame.K_ESCAPE)
    assert app.dialogs[-1].title == app.t("pause.title")
    w.key(pygame.K_2, "2")
    d = app.dialogs[-1]
    assert d.title == app.t("save.title") and "2" not in d.entry.get_text()
    d.entry.set_text("")
    w.type("Tuesday club night")
    w.key(pygame.K_RETURN)
    path = saves_dir() / "Tuesday club night.json"
    assert path.exists() and w.shows(app.t("save.done", file=path.stem))
    w.key(pygame.K_ESCAPE)
    w.button(app.t("menu.main"))
    assert mode_name(app) == "menu"
    w.button(app.t("menu.load"))
    frame(app, n=6)
    row = next(b for b in app.buttons if b.ident == str(path))
    assert "Computer (beginner)" in row.label and "cpu:" not in row.label
    w.click(row.rect.center)
    s2 = app.session
    assert s2 is not None and s2 is not s and len(s2.match.history) == steps
    assert s2.match.to_dict() == s.match.to_dict()
    assert app.t("side.to_shoot", name="Anna") in " ".join(w.side_texts())
    return path


def concede_the_match(w: Walk, s: Session) -> None:
    app = w.app
    for _ in range(20):
        if s.over:
            return
        if isinstance(app.mode, ComputerMode):
            if app.mode.phase == "waiting":
                w.button(app.t("evening.go_on"))
            n = len(s.match.history)
            w.wait(lambda: len(s.match.history) > n or s.over, limit=8000)
            continue
        if app.dialogs:
            w.key(pygame.K_1, "1")
            continue
        w.key(pygame.K_ESCAPE)
        w.button(app.t("pause.concede_match"))
        w.button(app.t("concede.match_yes"))
        frame(app, n=3)
    assert s.over


def check_statistics(w: Walk, s: Session) -> None:
    """The table's figures, counted here from the referee's rulings."""
    from rules.codes import LossCode
    app = w.app
    table = app.dialogs[-1].table
    # The header as drawn: each seat on one line, short where it must be.
    assert table[0] in (("", "Anna", s.name(1)), app.dialogs[-1].short_head)
    rows = {r[0]: r[1:] for r in table[1:]}
    fouls = [0, 0]
    for r in s.match.rulings:
        if r is not None and r.fouls and not any(
                f.code is LossCode.CONCEDED for f in r.fouls):
            fouls[r.shooter] += 1
    assert rows[app.t("evening.stat_fouls")] == tuple(str(f) for f in fouls)
    assert fouls[0] >= 1 and fouls[1] >= 1
    # Won at the table: a game given up is no win there.
    won = [0, 0]
    for r in s.match.rulings:
        if r is not None and r.game_over and r.winner is not None and not any(
                f.code is LossCode.CONCEDED for f in r.fouls):
            won[r.winner] += 1
    assert rows[app.t("evening.stat_games")] == tuple(str(g) for g in won)
    last = s.match.rulings[-1]
    winner = s.name(s.match.winner)
    if last is not None and any(f.code is LossCode.CONCEDED for f in last.fouls):
        # (given up: said as a conceded match, by whom and who wins it)
        assert w.shows(app.t("banner.match_conceded", name=s.name(last.shooter),
                             winner=winner))
    else:
        assert w.shows(app.t("gameover.title", name=winner))
    assert w.shows(app.t("evening.stat_innings"))


def test_an_express_evening_in_russian_with_two_people_and_a_computer(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Russian Express (003 seeds), Анна and Борис and a computer (club
    player), set up on the setup screen in Russian: every person's turn is
    named in Russian, a person's foul stays on the card until Continue
    while the computer waits, the computer's own turns are named, the
    signature question is answered, and the screen is never drawn across
    the side column. At least 35 steps."""
    from simulator.app.screens.setup import _capital
    monkeypatch.setattr(computer, "THINK_SLICE", 0.0)
    app = make_app("ru")
    app.seed = 3
    app.go("menu")
    frame(app)
    w = Walk(app)
    t = app.t
    w.button(t("menu.new_match"))
    assert mode_name(app) == "setup"
    w.pick(app.mode.menus["game"], t("game.express"))  # type: ignore[union-attr]
    w.pick(app.mode.menus["count"], "3")  # type: ignore[union-attr]
    setup = app.mode
    for i, name in enumerate(["Анна", "Борис"]):
        w.click(setup.entries[i].rect.center)  # type: ignore[union-attr]
        w.type(name)
    w.pick(setup.menus["seat2"], _capital(t("cpu.level.club")))  # type: ignore[union-attr]
    w.button(t("setup.start"))
    s = app.session
    assert s is not None and s.names == ("Анна", "Борис", "cpu:club")
    assert s.discipline == "express"
    people_turns = cpu_turns = waits = 0
    for _turn in range(60):
        if s.over or (people_turns >= 16 and cpu_turns >= 4 and waits >= 2):
            break
        req = s.match.requirements()
        if app.dialogs:  # a choice or a signature, in Russian
            d = app.dialogs[-1]
            assert all(ch.isascii() is False or not ch.isalpha() for ch in d.title
                       .replace("Express", "")), d.title
            w.key(pygame.K_1, "1")
            continue
        if isinstance(app.mode, ComputerMode):
            mode = app.mode
            if mode.phase == "waiting":
                assert s.banner is not None and s.last_ruling is not None
                assert not s.is_computer(s.last_ruling.shooter)
                held(app, 180)
                w.check()
                assert mode.phase == "waiting"
                assert s.banner.title in " ".join(w.side_texts())
                # Whose foul: two people share the table with the computer.
                last = s.last_ruling
                why = t("evening.waits_game", name=s.name(2)) if last.game_over \
                    else t("evening.waits_foul_of", name=s.name(2),
                           person=s.name(last.shooter))
                assert why in " ".join(w.side_texts())
                w.button(t("evening.go_on"))
                waits += 1
                continue
            assert s.name(2) in " ".join(w.side_texts())
            assert s.name(2).startswith("Компьютер")
            n = len(s.match.history)
            if cpu_turns == 0:
                w.button(t("cpu.skip"))
            w.wait(lambda: len(s.match.history) > n or s.over or not isinstance(
                app.mode, ComputerMode), limit=8000)
            cpu_turns += 1
            continue
        if isinstance(app.mode, ComputerPlayMode) or mode_name(app) not in (
                "placing", "aiming"):
            w.wait(lambda: mode_name(app) in ("placing", "aiming", "computer") or
                   bool(app.dialogs) or s.over, limit=8000)
            continue
        who = req.shooter
        assert not s.is_computer(who)
        assert t("side.to_shoot", name=s.name(who)) in " ".join(w.side_texts())
        # Every few turns a person plays a feather (a foul, Express rules):
        # when the computer is next it must wait for the person to read it.
        person_aims(w, s, power=0.01 if people_turns % 3 == 1 else None)
        people_turns += 1
        if s.banner is not None:
            assert s.banner.title.startswith(("Фол", "Удар", "Партию", "Матч",
                                              "Решение", "Судья")) or \
                not s.banner.title.isascii(), s.banner.title
    assert people_turns >= 16 and cpu_turns >= 4 and waits >= 2
    assert w.steps >= 35, w.steps
    print(f"Express evening in Russian: {w.steps} steps")
    pygame.display.quit()
