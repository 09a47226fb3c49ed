"""New-match setup (discipline, players, race or target, options) and the list
of saved matches."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UISelectionList,
    UITextEntryLine,
)

from simulator.app import widgets
from simulator.app.app import App, Mode
from simulator.app.menu import MenuMode, backdrop

GAMES = ("8-ball", "9-ball", "14.1", "express")
RACES = (1, 2, 3, 4, 5, 7, 9, 11)
TARGETS = (10, 25, 50, 75, 100, 125, 150)
TABLES = ("pool_9ft", "pool_8ft", "pool_7ft")
BREAK_ORDERS = ("winner", "alternate", "loser", "trailing")
POINTS = (20, 30, 40, 50)
STAKES = ((1, 2, 4), (2, 4, 8), (5, 10, 20))
LAG = -1  # "who breaks first": decided by the lag (general rule 5)


class SetupMode(Mode):
    name = "setup"

    def __init__(self, app: App, game: str = "9-ball",
                 names: list[str] | None = None) -> None:
        super().__init__(app)
        self.game = game
        saved = list(app.settings.players)
        self.names: list[str] = list(names) if names else saved
        self.count = max(len(self.names), 3 if game == "express" else 2)
        self.race = 3
        self.target = 50
        self.table = "pool_9ft"
        self.break_order = ""  # empty: the discipline's default
        self.initial_points = 30
        self.ace_11 = False
        self.stakes = (2, 4, 8)
        self.first = 0  # who breaks first (player index), or LAG: the lag decides
        self.entries: list[UITextEntryLine] = []
        self.menus: dict[str, UIDropDownMenu] = {}

    def enter(self) -> None:
        self.build()

    def resize(self) -> None:
        self.read_names()
        widgets.clear(self.app.gui)
        self.build()

    def read_names(self) -> None:
        for i, e in enumerate(self.entries):
            while len(self.names) <= i:
                self.names.append("")
            self.names[i] = e.get_text().strip()[:24]

    def rebuild(self) -> None:
        self.read_names()
        widgets.clear(self.app.gui)
        self.build()

    def _dropdown(self, key: str, options: list[tuple[str, Any]], current: Any,
                  rect: pygame.Rect) -> None:
        labels: list[str | tuple[str, str]] = [lbl for lbl, _ in options]
        cur = next((lbl for lbl, v in options if v == current), labels[0])
        self.menus[key] = UIDropDownMenu(labels, cur, rect, self.app.gui)
        self._values = getattr(self, "_values", {})
        self._values[key] = dict(options)

    def build(self) -> None:
        app = self.app
        t = app.t
        w, h = app.size
        self.menus = {}
        row = max(30, h // 22)
        gap = 8
        col_w = min(300, (w - 80) // 3)
        lab_w = min(220, col_w)
        x0 = w // 2 - (lab_w + col_w + 12) // 2
        y = int(h * 0.2)

        def label(text: str, yy: int) -> None:
            UILabel(pygame.Rect(x0, yy, lab_w, row), text, app.gui)

        def ctl() -> pygame.Rect:
            return pygame.Rect(x0 + lab_w + 12, y, col_w, row)

        label(t("setup.game"), y)
        self._dropdown("game", [(t(f"game.{g}"), g) for g in GAMES], self.game, ctl())
        y += row + gap
        lo = 3 if self.game == "express" else 2
        hi = 8 if self.game == "express" else 2
        self.count = min(max(self.count, lo), hi)
        label(t("setup.players"), y)
        self._dropdown("count", [(str(n), n) for n in range(lo, hi + 1)], self.count,
                       ctl())
        y += row + gap
        self.entries = []
        per_row = 2
        ew = (lab_w + col_w + 12 - (per_row - 1) * 8) // per_row
        for i in range(self.count):
            r = pygame.Rect(x0 + (i % per_row) * (ew + 8), y, ew, row)
            e = UITextEntryLine(r, app.gui,
                                placeholder_text=t("setup.player_n", n=i + 1))
            e.set_text_length_limit(24)
            if i < len(self.names) and self.names[i]:
                e.set_text(self.names[i])
            self.entries.append(e)
            if i % per_row == per_row - 1 or i == self.count - 1:
                y += row + gap
        # The lag is for two players (general rule 5): not in Express.
        lag = self.game != "express"
        self.first = min(self.first, self.count - 1)
        if self.first == LAG and not lag:
            self.first = 0
        firsts = [(t("setup.player_n", n=i + 1), i) for i in range(self.count)]
        if lag:
            firsts.append((t("setup.lag"), LAG))
        label(t("setup.first_breaker"), y)
        self._dropdown("first", firsts, self.first, ctl())
        y += row + gap
        if self.game in ("8-ball", "9-ball"):
            label(t("setup.race"), y)
            self._dropdown("race", [(str(n), n) for n in RACES], self.race, ctl())
            y += row + gap
        if self.game == "14.1":
            label(t("setup.target"), y)
            self._dropdown("target", [(str(n), n) for n in TARGETS], self.target, ctl())
            y += row + gap
        if self.game != "express":
            label(t("setup.table"), y)
            self._dropdown("table", [(t(f"table.{n}"), n) for n in TABLES], self.table,
                           ctl())
            y += row + gap
            label(t("setup.break_order"), y)
            self._dropdown("break_order", [(t("setup.default"), "")] +
                           [(t(f"break.{b}"), b) for b in BREAK_ORDERS],
                           self.break_order, ctl())
            y += row + gap
        else:
            label(t("setup.initial_points"), y)
            self._dropdown("initial_points", [(str(n), n) for n in POINTS],
                           self.initial_points, ctl())
            y += row + gap
            label(t("setup.ace_11"), y)
            self._dropdown("ace_11", [(t("common.no"), False), (t("common.yes"), True)],
                           self.ace_11, ctl())
            y += row + gap
            label(t("setup.stakes"), y)
            self._dropdown("stakes", [("/".join(map(str, s)), s) for s in STAKES],
                           self.stakes, ctl())
            y += row + gap
        y += 10
        bw = (lab_w + col_w + 12 - 12) // 2
        self.start_button = UIButton(pygame.Rect(x0, y, bw, row + 6), t("setup.start"),
                                     app.gui, object_id="#big",
                                     command=app.later(self.start))
        self.back_button = UIButton(pygame.Rect(x0 + bw + 12, y, bw, row + 6),
                                    t("common.back"), app.gui,
                                    command=app.later(self.back))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for key, menu in self.menus.items():
                if event.ui_element is menu:
                    value = self._values[key].get(event.text)
                    self.set_value(key, value)
                    break
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and \
                    not any(e.is_focused for e in self.entries):
                self.start()

    def set_value(self, key: str, value: Any) -> None:
        if value is None and key != "break_order":
            return
        if key == "game":
            self.game = str(value)
            self.app.later(self.rebuild)()
        elif key == "count":
            self.count = int(value)
            self.app.later(self.rebuild)()
        elif key == "race":
            self.race = int(value)
        elif key == "target":
            self.target = int(value)
        elif key == "table":
            self.table = str(value)
        elif key == "break_order":
            self.break_order = str(value or "")
        elif key == "initial_points":
            self.initial_points = int(value)
        elif key == "ace_11":
            self.ace_11 = bool(value)
        elif key == "stakes":
            self.stakes = tuple(value)
        elif key == "first":
            self.first = int(value)

    def options(self) -> dict[str, Any]:
        if self.game == "express":
            return {"initial_points": self.initial_points, "ace_is_11": self.ace_11,
                    "signature_stakes": list(self.stakes),
                    "first_breaker": self.first}
        o: dict[str, Any] = {"table": self.table}
        if self.first == LAG:
            o["lag"] = True
        else:
            o["first_breaker"] = self.first
        if self.game == "14.1":
            o["target"] = self.target
        else:
            o["race_to"] = self.race
        if self.break_order:
            o["break_order"] = self.break_order
        return o

    def player_names(self) -> list[str]:
        self.read_names()
        out = []
        for i in range(self.count):
            n = self.names[i] if i < len(self.names) else ""
            out.append(n or self.app.t("setup.player_n", n=i + 1))
        return out

    def start(self) -> None:
        from rules.ruling import RulesError
        from simulator.app.game import next_step
        from simulator.app.session import Session
        names = self.player_names()
        try:
            s = Session.new(names, self.game, self.options(), self.app.locale,
                            seed=self.app.seed)
        except RulesError as e:
            self.app.notify(str(e))
            return
        self.app.settings.players = [n for n in self.names if n][:8]
        self.app.save_settings()
        self.app.session = s
        next_step(self.app)

    def back(self) -> None:
        self.app.switch(MenuMode(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, self.app.t("setup.title"))


class LoadMode(Mode):
    """Pick a saved match from the saves folder."""

    name = "load"

    def enter(self) -> None:
        self.build()

    def resize(self) -> None:
        widgets.clear(self.app.gui)
        self.build()

    def files(self) -> list[Path]:
        from simulator.app.session import autosave_paths, saves_dir
        out: list[Path] = []
        d = saves_dir()
        if d.is_dir():
            out = sorted((p for p in d.glob("*.json") if p.is_file()),
                         key=lambda p: p.stat().st_mtime, reverse=True)
        # Where Kiy 0.1 kept them (the config folder): still listed, and
        # opened like any save.
        from simulator import profile
        old = profile.config_dir()
        legacy = [p for p in [old / "autosave.json",
                              *sorted((old / "saves").glob("*.json"))]
                  if p.is_file()]
        # The autosaves of this match and the two before it come first.
        return [p for p in autosave_paths() if p.is_file()] + out + legacy

    def build(self) -> None:
        app = self.app
        w, h = app.size
        self.paths = self.files()
        items: list[str | tuple[str, str]] = [p.name for p in self.paths]
        self.list: UISelectionList | None
        lw = min(560, w - 80)
        rect = pygame.Rect(0, 0, lw, int(h * 0.45))
        rect.midtop = (w // 2, int(h * 0.22))
        if items:
            self.list = UISelectionList(rect, items, app.gui)
        else:
            UILabel(rect, app.t("load.none"), app.gui)
            self.list = None
        bw = (lw - 12) // 2
        row = max(32, h // 20)
        UIButton(pygame.Rect(rect.left, rect.bottom + 16, bw, row), app.t("load.open"),
                 app.gui, command=app.later(self.open_selected))
        UIButton(pygame.Rect(rect.left + bw + 12, rect.bottom + 16, bw, row),
                 app.t("common.back"), app.gui,
                 command=app.later(lambda: app.switch(MenuMode(app))))

    def open_selected(self) -> None:
        from simulator.app.session import open_saved
        if self.list is None:
            return
        sel = self.list.get_single_selection()
        if sel is None:
            self.app.notify(self.app.t("load.pick"))
            return
        for p in self.paths:
            if p.name == sel:
                open_saved(self.app, p)
                return

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.switch(MenuMode(self.app))
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
            self.app.later(self.open_selected)()

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, self.app.t("load.title"))
