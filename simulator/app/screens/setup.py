"""New-match setup: the discipline, the players (people or computers), the
race or target, who breaks first and the game's options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UITextEntryLine,
)

from simulator.app.loop.app import App, Mode
from simulator.app.loop.settings import MAX_NAME
from simulator.app.match import own_options
from simulator.app.screens.backdrop import backdrop
from simulator.app.text import fonts, ui, widgets

RACES = (1, 2, 3, 4, 5, 7, 9, 11)
# Short races (20, 30) are a club's; the target chosen last comes back.
TARGETS = (10, 20, 25, 30, 50, 75, 100, 125, 150)
BREAK_ORDERS = ("winner", "alternate", "loser", "trailing")
KIND_FONT = 16  # the widgets' type size (the theme's)
KIND_ROOM = 44  # a drop-down's arrow and margins beside its words
ENTRY_ROOM = 16  # an entry's margins beside its words
LAG = -1  # "who breaks first": decided by the lag (general rule 5)


@dataclass
class _Form:
    """The setup's column, centred: a label on the left and its control on
    the right, a row at a time from ``y`` down."""

    app: App
    x0: int
    lab_w: int
    col_w: int
    row: int
    gap: int
    y: int

    @classmethod
    def centred(cls, app: App) -> _Form:
        w, h = app.size
        col_w = min(300, (w - 80) // 3)
        lab_w = min(220, col_w)
        x0 = w // 2 - (lab_w + col_w + 12) // 2
        return cls(app, x0, lab_w, col_w, max(30, h // 22), 8, int(h * 0.2))

    def label(self, text: str) -> None:
        UILabel(pygame.Rect(self.x0, self.y, self.lab_w, self.row), text,
                self.app.gui)

    def ctl(self) -> pygame.Rect:
        return pygame.Rect(self.x0 + self.lab_w + 12, self.y, self.col_w, self.row)

    def next(self) -> None:
        self.y += self.row + self.gap


class SetupMode(Mode):
    name = "setup"

    def __init__(self, app: App, game: str = "",
                 names: list[str] | None = None) -> None:
        super().__init__(app)
        from rules import registry
        games = registry.names()
        # The game played last time comes back: a player of 9-ball every
        # evening does not choose it each time. The match just played first
        # (one begun from the command line or loaded set no settings: after
        # an 8-ball match "New match" offered 9-ball).
        played = _last_played(app, games)
        last = app.settings.game if app.settings.game in games else ""
        self.game = game or played.get("game", last) or \
            games[1 if len(games) > 1 else 0]
        saved = list(app.settings.players)
        self.names: list[str] = list(names) if names else \
            played.get("names", saved)
        self.count = max(len(self.names), self.info.min_players)
        race = played.get("race", app.settings.race)
        self.race = race if race in RACES else 3
        target = played.get("target", app.settings.target)
        self.target = target if target in TARGETS else 50
        self.table = self.info.default_table
        self.break_order = ""  # empty: the discipline's default
        self.own = own_options.defaults()  # the game's own options, by control
        # Who breaks first (player index), or LAG: the lag decides.
        self.first = max(LAG, played.get("first", app.settings.first_breaker))
        self.entries: list[UITextEntryLine] = []
        self.typed: set[int] = set()  # the seats whose name was typed here
        # A seat made a computer: the person's name it had, for its return.
        self.person_names: dict[int, str] = {}
        self.menus: dict[str, UIDropDownMenu] = {}
        # Each seat: a person ("") or a computer at a strength (its level).
        from simulator.app.match.computer import strength_of
        from simulator.players.table import given_name
        self.kinds: list[str] = [(st.name if (st := strength_of(n)) else "")
                                 for n in self.names]
        # A computer seat keeps the name a player gave it ("" for its level).
        self.names = [given_name(n) if k else n for n, k in zip(self.names, self.kinds,
                                                               strict=True)]
        # A seat a computer took last time: the person who sat there before
        # (the settings keep each seat's last person) comes back with a person.
        self.person_names.update(
            (i, p) for i, p in enumerate(app.settings.people[:len(self.kinds)])
            if p and self.kinds[i])

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
            self.names[i] = e.get_text().strip()[:MAX_NAME]

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
        if key == "first":
            self._first_labels = [lbl for lbl, _ in options]

    def build(self) -> None:
        from rules import registry
        t = self.app.t
        self.menus = {}
        form = _Form.centred(self.app)
        self._choice(form, "game", t("setup.game"),
                     [(t(f"game.{g}"), g) for g in registry.names()], self.game)
        info = self.info
        lo, hi = info.min_players, info.max_players
        self.count = min(max(self.count, lo), hi)
        self._choice(form, "count", t("setup.players"),
                     [(str(n), n) for n in range(lo, hi + 1)], self.count)
        self._build_seats(form)
        self._build_first(form)
        self._build_options(form)
        self._build_buttons(form)

    def _choice(self, form: _Form, key: str, label: str,
                options: list[tuple[str, Any]], current: Any) -> None:
        """A labelled drop-down row."""
        form.label(label)
        self._dropdown(key, options, current, form.ctl())
        form.next()

    def _build_seats(self, form: _Form) -> None:
        """Each seat: a name typed, or a computer by its strength ("Club
        player"); the entry beside it then says "Computer"."""
        app = self.app
        t = app.t
        row, x0, y = form.row, form.x0, form.y
        self.entries = []
        # Two seats a row only for a crowd (Express): two players get a row
        # each, the entry wide enough for "Компьютер (клубный)". Two a row
        # spread over the window's width (in the form's 472 px at 800x500
        # a name's entry was 76 px: "Компьюте").
        per_row = 1 if self.count <= 2 else 2
        span = form.lab_w + form.col_w + 12
        if per_row == 2:
            span = max(span, min(app.size[0] - 40, 2 * span))
            x0 = app.size[0] // 2 - span // 2
        ew = (span - (per_row - 1) * 8) // per_row
        kw = 100  # the seat's kind: a person or a computer
        from simulator.players import STRENGTHS
        # A person, or a computer by its strength ("Club player"); the
        # entry beside it then says "Computer".
        kinds = [(t("setup.person"), "")] + [
            (_capital(t(f"cpu.level.{lv}")), lv) for lv in STRENGTHS]
        # Wide enough for its longest word ("Профессионал" was cut), the
        # name's entry keeping the rest.
        widest = max(fonts.font(KIND_FONT).size(lbl)[0] for lbl, _ in kinds)
        kw = max(kw, min(widest + KIND_ROOM, ew - 80))
        while len(self.kinds) < self.count:
            self.kinds.append("")
        seats = self.numbered()
        for i in range(self.count):
            r = pygame.Rect(x0 + (i % per_row) * (ew + 8), y, ew - kw - 4, row)
            # A computer seat may be named too; unnamed, it is called by its
            # strength ("Computer (club player)"), which the entry shows.
            from simulator.app.match.computer import seat_words
            # (two of a level numbered as the match names them: "Computer 1
            # (strong)", "Computer 2 (strong)", not the same words twice)
            empty = seat_words(app.locale, seats[i], seats) if self.kinds[i] \
                else t("setup.player_n", n=i + 1)
            # (a name too long for the entry ends at a word, its strength
            # beside it)
            e = UITextEntryLine(r, app.gui, placeholder_text=ui.shorten(
                empty, KIND_FONT, r.width - ENTRY_ROOM))
            e.set_text_length_limit(MAX_NAME)
            if i < len(self.names) and self.names[i]:
                e.set_text(self.names[i])
            self.entries.append(e)
            self._dropdown(f"seat{i}", kinds, self.kinds[i],
                           pygame.Rect(r.right + 4, y, kw, row))
            if i % per_row == per_row - 1 or i == self.count - 1:
                y += row + form.gap
        form.y = y

    def _build_first(self, form: _Form) -> None:
        """Who breaks first: a player, or the lag."""
        t = self.app.t
        # The lag is for two players (general rule 5): not in Express.
        lag = self.info.lag and self.count == 2
        self.first = min(self.first, self.count - 1)
        if self.first == LAG and not lag:
            self.first = 0
        # The names typed so far, not "Player 1" (they update as they are typed).
        form.label(t("setup.first_breaker"))
        self.first_rect = form.ctl()
        firsts = self._firsts()
        self._dropdown("first", firsts, self.first, self.first_rect)
        form.next()

    def _build_options(self, form: _Form) -> None:
        """The race or target, the table, the break order and the game's own
        options, each where the game has it."""
        t = self.app.t
        info = self.info
        own = info.option_fields()
        if info.scoring == "race":
            self._choice(form, "race", t("setup.race"),
                         [(str(n), n) for n in RACES], self.race)
        if "target" in own:
            self._choice(form, "target", t("setup.target"),
                         [(str(n), n) for n in TARGETS], self.target)
        tables = self.tables()
        if self.table not in tables:
            self.table = info.default_table
        if len(tables) > 1:
            self._choice(form, "table", t("setup.table"),
                         [(t(f"table.{n}"), n) for n in tables], self.table)
        if info.scoring == "race":
            self._choice(form, "break_order", t("setup.break_order"),
                         [(t("setup.default"), "")] +
                         [(t(f"break.{b}"), b) for b in BREAK_ORDERS],
                         self.break_order)
        for o in own_options.own_options(own):
            self._choice(form, o.ident, t(o.label), o.choices(t), self.own[o.ident])

    def _build_buttons(self, form: _Form) -> None:
        app = self.app
        t = app.t
        x0, row = form.x0, form.row
        y = form.y + 10
        bw = (form.lab_w + form.col_w + 12 - 12) // 2
        self.start_button = UIButton(pygame.Rect(x0, y, bw, row + 6), t("setup.start"),
                                     app.gui, object_id="#big",
                                     command=app.later(self.start))
        self.back_button = UIButton(pygame.Rect(x0 + bw + 12, y, bw, row + 6),
                                    t("common.back"), app.gui,
                                    command=app.later(self.back))

    def shown_name(self, i: int) -> str:
        from simulator.app.match.computer import seat_words
        seats = self.numbered()
        return seat_words(self.app.locale, seats[i], seats)

    def numbered(self) -> list[str]:
        """The seats as the match will store them, two computers of one
        level numbered (``cpu:strong``, ``cpu:strong 2``)."""
        from simulator.app.match.computer import seat_names
        return seat_names([self._seat(i)[0] for i in range(self.count)])

    def _seat(self, i: int) -> tuple[str, str]:
        """Seat ``i`` as the match stores it (``cpu:LEVEL:NAME`` for a named
        computer) and as it is shown."""
        from simulator.app.match.computer import seat_words
        n = self.names[i] if i < len(self.names) else ""
        if i < len(self.kinds) and self.kinds[i]:
            seat = f"cpu:{self.kinds[i]}" + (f":{n}" if n else "")
            return seat, seat_words(self.app.locale, seat)
        n = n or self.app.t("setup.player_n", n=i + 1)
        return n, n

    @property
    def info(self) -> Any:
        """The chosen game's facts (players, table, scoring, options)."""
        from rules import registry
        return registry.info(self.game)

    def tables(self) -> list[str]:
        """The tables the chosen game is played on."""
        from simulator.table.specs import TABLES
        kind = self.info.table_kind
        return [n for n, spec in TABLES.items() if spec.kind is kind]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and \
                event.ui_element in self.entries:
            # A name typed: the "breaks first" list shows it.
            self.typed.add(self.entries.index(event.ui_element))
            self.read_names()
            self.app.later(self._refresh_firsts)()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and \
                event.ui_element in self.entries:
            self.read_names()
            self.app.later(self._refresh_firsts)()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
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
        if value is None and key != "break_order" and not key.startswith("seat"):
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
        elif key in self.own:
            self.own[key] = value
        elif key == "first":
            self.first = int(value)
        elif key.startswith("seat"):
            i = int(key[4:])
            while len(self.kinds) <= i:
                self.kinds.append("")
            if bool(self.kinds[i]) != bool(value) and i < len(self.entries):
                self._swap_name(i, bool(value))
            self.kinds[i] = str(value or "")
            self.app.later(self.rebuild)()

    def _swap_name(self, i: int, to_computer: bool) -> None:
        """Seat ``i`` passing between a person and a computer: a name the
        seat has (typed now or kept from the last match) stays with the
        computer taking the seat ("Boris" made a club player said "Computer
        (club player)"); only an empty or "Player 2" seat takes the
        computer's words. A computer's own name does not pass to a person.
        The person's name is kept aside and comes back with the person
        (made a computer and back, the seat said "Player 2")."""
        entry = self.entries[i]
        if to_computer:
            name = entry.get_text().strip()[:MAX_NAME]
            if name == self.app.t("setup.player_n", n=i + 1):
                name = ""
                entry.set_text("")
            self.person_names[i] = name
            return
        before = self.person_names.pop(i, "")
        if i not in self.typed or not entry.get_text().strip():
            entry.set_text(before)

    def options(self) -> dict[str, Any]:
        """The match's options from the form: the shared ones and those this
        game has (its registry facts say which)."""
        info = self.info
        own = info.option_fields()
        o: dict[str, Any] = {}
        if len(self.tables()) > 1:
            o["table"] = self.table
        if self.first == LAG:
            o["lag"] = True
        else:
            o["first_breaker"] = self.first
        if info.scoring == "race":
            o["race_to"] = self.race
            if self.break_order:
                o["break_order"] = self.break_order
        if "target" in own:
            o["target"] = self.target
        o.update(own_options.match_options(own, self.own))
        return o

    def player_names(self) -> list[str]:
        """The names the match is made with; a computer seat is ``cpu:LEVEL``
        (numbered when two of a level sit)."""
        self.read_names()
        return self.numbered()

    def _firsts(self) -> list[tuple[str, Any]]:
        """Who may break first, each name ending at a word where it is too
        long for the list ("Maximilian Oberhauser-Wittgens" was cut inside
        a word); the seats above show it whole."""
        width = self.first_rect.width - KIND_ROOM
        out: list[tuple[str, Any]] = []
        for i in range(self.count):
            label = ui.shorten(self.shown_name(i), KIND_FONT, width)
            if any(label == lbl for lbl, _ in out):  # two alike: told apart
                label = ui.shorten(f"{i + 1}. {self.shown_name(i)}", KIND_FONT, width)
            out.append((label, i))
        if self.info.lag and self.count == 2:
            out.append((self.app.t("setup.lag"), LAG))
        return out

    def _refresh_firsts(self) -> None:
        """Rebuild the "breaks first" list with the names as typed, keeping
        the entry that has the keyboard."""
        menu = self.menus.get("first")
        if menu is None:
            return
        firsts = self._firsts()
        labels = [lbl for lbl, _ in firsts]
        if labels == self._first_labels:
            return
        widgets.kill(menu)
        self._dropdown("first", firsts, self.first, self.first_rect)

    def start(self) -> None:
        from simulator.app.loop.flow import start_match
        names = self.player_names()
        if start_match(self.app, names, self.game, self.options()):
            self.app.settings.game = self.game
            self.app.settings.race = self.race
            self.app.settings.remember_target(self.target)  # an evening's too
            self.app.settings.first_breaker = self.first
            self.app.settings.players = _seats_kept([
                f"cpu:{k}" + (f":{n}" if n else "") if k else n
                for n, k in zip(self.names, self.kinds, strict=False)])
            self.app.settings.people = _seats_kept(self.people())
            self.app.save_settings()

    def people(self) -> list[str]:
        """Each seat's last person: its name where a person sits, the one
        kept aside (or remembered from before) where a computer does; a
        computer's own name is never one of them."""
        old = self.app.settings.people
        out: list[str] = []
        for i in range(self.count):
            if i < len(self.kinds) and self.kinds[i]:
                out.append(self.person_names.get(i) or (old[i] if i < len(old) else ""))
            else:
                out.append(self.names[i] if i < len(self.names) else "")
        return out

    def back(self) -> None:
        self.app.go("menu")

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, self.app.t("setup.title"))


def _last_played(app: App, games: tuple[str, ...]) -> dict[str, Any]:
    """The match in hand (just played, or on the table), as the form's
    defaults: its game, seats, race or target, who broke first. Nothing for
    a practice position or an evening's match (the evening has its own)."""
    from simulator.app.match import club
    s = app.session
    if s is None or not s.keep or club.evening_of(s) is not None or \
            s.discipline not in games:
        return {}
    m = s.match
    opts = m.options
    # A seat left unnamed was "Player 2": it comes back empty, not typed.
    names = ["" if n == app.t("setup.player_n", n=i + 1) else n
             for i, n in enumerate(m.players)]
    out: dict[str, Any] = {"game": s.discipline, "names": names}
    if "race_to" in opts:
        out["race"] = opts["race_to"]
    if "target" in opts:
        out["target"] = opts["target"]
    if opts.get("lag"):
        out["first"] = LAG
    elif isinstance(opts.get("first_breaker"), int):
        out["first"] = opts["first_breaker"]
    return out


def _seats_kept(seats: list[str]) -> list[str]:
    """Seats as the settings keep them: by their place (an empty seat stays,
    so the ones after it keep theirs), none after the last one filled."""
    seats = seats[:8]
    while seats and not seats[-1]:
        seats.pop()
    return seats


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
