"""An evening's setup: the players present (people by name, computer seats
at any level), the format, the game, the race or target, handicaps from the
ratings and the seeding; then the first match is called.

Each choice is a button that steps through its values (a click: the next,
a right click: the one before), so every choice is one click or key away.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from simulator.app.loop.app import App, Mode
from simulator.app.loop.settings import Settings
from simulator.app.match import own_options
from simulator.app.screens.backdrop import backdrop
from simulator.app.screens.club.draw import (
    button_row,
    card,
    content_top,
    rec_t,
    shown_name,
    text_size,
)
from simulator.app.text import ui, widgets
from simulator.records.entrants import CPU, MAX_NAME, Entrant, name_key
from simulator.records.formats import EXPRESS_SERIES, FORMATS, WINNER_STAYS
from simulator.records.plan import MAX_PLAYERS, SEEDINGS, EveningError, Setup

RACES = (1, 2, 3, 4, 5, 7, 9, 11)
TARGETS = (10, 20, 25, 30, 50, 75, 100, 125, 150)  # as a single match's
SERIES = (1, 2, 3, 5, 7, 10)


@dataclass
class EveningChoices:
    """What the setup screen has chosen so far."""

    players: list[Entrant] = field(default_factory=list)
    format: str = FORMATS[0]
    game: str = field(default_factory=lambda: _pair_games()[0])
    race: int = 3
    target: int = 50
    games: int = 5
    handicap: bool = False
    seeding: str = SEEDINGS[0]
    # The game's own options (Express's), by control: those the match's
    # setup offers, kept in the evening for every match of it.
    own: dict[str, Any] = field(default_factory=own_options.defaults)
    # The computer's hint in the evening's matches: off, as a club's rated
    # evening expects (a result with hints is flagged where they are on).
    hints: bool = False

    def setup(self, seed: int) -> Setup:
        """The evening's setup; a computer seat plays at its level's measured
        rating (its handicap and its seeding by rating)."""
        from simulator.records.levels import level_rating
        players = tuple(Entrant(p.name, p.level, level_rating(p.level))
                        if p.level is not None and p.rating is None else p
                        for p in self.players)
        return Setup(players, self.format, self.game, race=self.race,
                     target=self.target, games=self.games,
                     handicap=self.handicap and self.scoring == "race",
                     seeding=self.seeding, seed=seed,
                     options=own_options.match_options(self.info.option_fields(),
                                                       self.own),
                     hints=self.hints)

    @classmethod
    def remembered(cls, settings: Settings) -> EveningChoices:
        """The last evening's choices as the settings keep them; a value
        this screen does not offer (an older version's, a broken file's)
        leaves its default."""
        from rules import registry
        c = cls()
        if settings.club_format in FORMATS:
            c.format = settings.club_format
        if c.format == EXPRESS_SERIES:
            c.game = registry.EXPRESS  # a series is of Express only
        elif settings.club_game in _pair_games() and \
                settings.club_game != registry.EXPRESS:
            c.game = settings.club_game
        c.race = _kept(RACES, settings.club_race, c.race)
        c.target = _kept(TARGETS, settings.target, c.target)  # a match's too
        c.games = _kept(SERIES, settings.club_games, c.games)
        c.seeding = _kept(SEEDINGS, settings.club_seeding, c.seeding)
        c.handicap = settings.club_handicap
        c.players = _players(settings.club_players)
        return c

    def keep(self, settings: Settings) -> None:
        """Into the settings, for the next evening's setup."""
        settings.club_format = self.format
        settings.club_game = self.game
        settings.club_race = self.race
        settings.remember_target(self.target)
        settings.club_games = self.games
        settings.club_handicap = self.handicap
        settings.club_seeding = self.seeding
        settings.club_players = [p.record_name for p in self.players]

    @property
    def info(self) -> Any:
        from rules import registry
        return registry.info(self.game)

    @property
    def scoring(self) -> str:
        return str(self.info.scoring)


def _pair_games() -> list[str]:
    """The games two play (an evening of Express is a series), the
    registry's second first, as the match's setup offers it."""
    from rules import registry
    names = [g for g in registry.names()
             if registry.info(g).min_players <= 2 <= registry.info(g).max_players]
    return names[1:2] + names[:1] + names[2:]


def _players(kept: Sequence[str]) -> list[Entrant]:
    """The last evening's players as the settings keep them (``cpu:LEVEL``
    a computer seat); a name the setup would refuse (empty, twice, with a
    control character, a level this version lacks) is left out."""
    from simulator.records.entrants import EntrantError, check_name, levels
    out: list[Entrant] = []
    for text in kept[:MAX_PLAYERS]:
        if text.casefold().startswith(CPU + ":"):
            level = text[len(CPU) + 1:].casefold()
            if level in levels():
                out.append(Entrant(f"{CPU}:{level}", level))
            continue
        try:
            name = " ".join(check_name(text, "club_players").split())
        except EntrantError:
            continue
        if not any(not p.computer and name_key(p.name) == name_key(name)
                   for p in out):
            out.append(Entrant(name))
    return out


def _kept(values: Sequence[Any], value: Any, default: Any) -> Any:
    """``value`` where it is one of ``values``, else ``default``."""
    return value if value in values else default


def _step(values: Sequence[Any], current: Any, by: int) -> Any:
    i = values.index(current) if current in values else 0
    return values[(i + by) % len(values)]


class EveningSetupMode(Mode):
    name = "evening_setup"

    def __init__(self, app: App, choices: EveningChoices | None = None) -> None:
        super().__init__(app)
        self.choices = choices or EveningChoices.remembered(app.settings)
        self.entry: UITextEntryLine | None = None

    def enter(self) -> None:
        self.entry = UITextEntryLine(pygame.Rect(0, -100, 200, 30), self.app.gui,
                                     placeholder_text=self.app.t("club.name_here"))
        self.entry.set_text_length_limit(MAX_NAME)

    def exit(self) -> None:
        if self.entry is not None:
            widgets.kill(self.entry)
            self.entry = None

    def resize(self) -> None:
        pass  # the entry is placed afresh each frame

    # -- the players -------------------------------------------------------------
    def add_person(self) -> None:
        if self.entry is None:
            return
        name = " ".join(self.entry.get_text().split())
        if not name:
            self.app.notify(self.app.t("club.name_empty"))
            return
        problem = self._name_problem(name)
        if problem is not None:
            self.app.notify(problem)
            return
        self.choices.players.append(Entrant(name))
        self.entry.set_text("")

    def _name_problem(self, name: str) -> str | None:
        t = self.app.t
        if len(self.choices.players) >= MAX_PLAYERS:
            return t("club.too_many", n=MAX_PLAYERS)
        if name.casefold().startswith(CPU + ":"):
            return t("club.name_reserved", name=name)
        if any(not p.computer and name_key(p.name) == name_key(name)
               for p in self.choices.players):
            return t("club.name_twice", name=name)
        if any(ord(c) < 32 for c in name):
            return t("club.name_bad", name=name)
        return None

    def add_computer(self, level: str) -> None:
        if len(self.choices.players) >= MAX_PLAYERS:
            self.app.notify(self.app.t("club.too_many", n=MAX_PLAYERS))
            return
        self.choices.players.append(Entrant(f"{CPU}:{level}", level))

    def remove(self, i: int) -> None:
        if 0 <= i < len(self.choices.players):
            del self.choices.players[i]

    # -- the evening's choices --------------------------------------------------
    def options(self) -> list[tuple[str, str, Callable[[int], None]]]:
        """(ident, label, step) for each choice this format and game have."""
        c = self.choices
        t = self.app.t
        out: list[tuple[str, str, Callable[[int], None]]] = [
            ("format", t("club.format", value=rec_t(self.app, f"format.{c.format}")),
             self._step_format),
            ("game", t("club.game", value=t(f"game.{c.game}")), self._step_game)]
        if c.format == EXPRESS_SERIES:
            out.append(("games", t("club.series", n=c.games),
                        lambda by: self._set("games", _step(SERIES, c.games, by))))
        elif c.scoring == "race":
            out.append(("race", t("club.race", n=c.race),
                        lambda by: self._set("race", _step(RACES, c.race, by))))
            out.append(("handicap", t("club.handicap_on" if c.handicap
                                      else "club.handicap_off"),
                        lambda by: self._set("handicap", not c.handicap)))
        else:
            out.append(("target", t("club.target", n=c.target),
                        lambda by: self._set("target", _step(TARGETS, c.target, by))))
        for o in own_options.own_options(c.info.option_fields()):
            value = c.own[o.ident]
            out.append((o.ident, t("club.own_option", name=t(o.label),
                                   value=o.words(t, value)),
                        partial(self._step_own, o, value)))
        out.append(("seeding", t("club.seeding", value=t(f"club.seeding_{c.seeding}")),
                    lambda by: self._set("seeding", _step(SEEDINGS, c.seeding, by))))
        out.append(("hints", t("club.hints_on" if c.hints else "club.hints_off"),
                    lambda by: self._set("hints", not c.hints)))
        return out

    def _set(self, key: str, value: Any) -> None:
        setattr(self.choices, key, value)

    def _step_own(self, o: own_options.OwnOption, value: Any, by: int) -> None:
        self.choices.own[o.ident] = _step(o.values, value, by)

    def _step_format(self, by: int) -> None:
        from rules import registry
        c = self.choices
        c.format = _step(FORMATS, c.format, by)
        if c.format == EXPRESS_SERIES:
            c.game = registry.EXPRESS
        elif c.game == registry.EXPRESS:
            c.game = _pair_games()[0]

    def _step_game(self, by: int) -> None:
        c = self.choices
        if c.format == EXPRESS_SERIES:
            return  # a series is of Express only
        c.game = _step(_pair_games(), c.game, by)

    def start(self) -> None:
        """Begin the evening and show its first match called."""
        from simulator.records.club import Club
        t = self.app.t
        if len(self.choices.players) < 2:
            self.app.notify(t("club.need_players"))
            return
        seed = self.app.seed if self.app.seed is not None else \
            random.SystemRandom().randrange(1, 2 ** 31)
        club = Club()
        try:
            club.begin(self.choices.setup(seed).checked())
        except EveningError as e:
            self.app.notify(t("club.cannot_begin", reason=f"{e.where}: {e.what}"),
                            8.0)
            return
        self.choices.keep(self.app.settings)
        self.app.save_settings()
        self.app.go("evening")

    # -- keys and clicks ------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and \
                event.ui_element is self.entry:
            self.app.later(self.add_person)()
            return
        if event.type != pygame.KEYDOWN or self.app.repeat(event):
            return
        if self.entry is not None and self.entry.is_focused:
            return
        if event.key == pygame.K_ESCAPE:
            self.app.go("menu")

    # -- drawing ----------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        t = app.t
        w, h = app.size
        backdrop(surface, t("club.setup_title"))
        size = text_size(app)
        lh = ui.line_height(size)
        top = content_top(app)
        bottom = h - 16 - (lh * 2 + 16)
        area = pygame.Rect(16, top, w - 32, bottom - top - 8)
        left = pygame.Rect(area.left, area.top, area.width * 11 // 20, area.height)
        right = pygame.Rect(left.right + 12, area.top, area.right - left.right - 12,
                            area.height)
        self._draw_players(surface, left, size)
        self._draw_options(surface, right, size)
        n = len(self.choices.players)
        button_row(surface, app, [
            ui.Button(t("club.begin", n=n), self.start if n >= 2 else None,
                      primary=True, ident="begin"),
            ui.Button(t("common.back"), lambda: app.go("menu"), ident="back")],
            pygame.Rect(16, bottom, w - 32, lh * 2 + 8), size)

    def _draw_players(self, surface: pygame.Surface, rect: pygame.Rect,
                      size: int) -> None:
        app = self.app
        t = app.t
        y = card(surface, rect, t("club.players", n=len(self.choices.players)), size)
        inner = pygame.Rect(rect.left + 10, y, rect.width - 20, rect.bottom - y - 8)
        lh = ui.line_height(size)
        row_h = lh + 8
        # At the bottom: a name to type and the computer seats to add.
        from simulator.records.entrants import levels
        adds = [ui.Button(t("club.add_cpu", level=t(f"cpu.level.{lv}")),
                          partial(self.add_computer, lv), ident=f"add_{lv}")
                for lv in levels()]
        gap = 10
        add_w = (inner.width - gap * (len(adds) - 1)) // max(1, len(adds))
        adds_h = max([row_h] + [b.measure(add_w, size - 1) for b in adds])
        add_y = inner.bottom - adds_h - row_h - 6
        button_row(surface, app, adds, pygame.Rect(inner.left, add_y + row_h + 6,
                                                   inner.width, adds_h), size - 1)
        add_w = max(90, inner.width // 5)
        if self.entry is not None:
            at = pygame.Rect(inner.left, add_y, inner.width - add_w - 8, row_h)
            if self.entry.rect != at:
                self.entry.set_position(at.topleft)
                self.entry.set_dimensions(at.size)
        add = ui.Button(t("club.add_person"), self.add_person, ident="add_person")
        add.place(inner.right - add_w, add_y, add_w, size - 1)
        add.rect.height = row_h
        add.draw(surface, app.mouse)
        # The list: two columns when one is not enough.
        room = pygame.Rect(inner.left, inner.top, inner.width,
                           add_y - inner.top - 8)
        players = self.choices.players
        per_col = max(1, room.height // row_h)
        cols = 1 if len(players) <= per_col else 2
        col_w = (room.width - 10 * (cols - 1)) // cols
        if not players:
            ui.paragraph(surface, t("club.no_players"), size, ui.DIM, room)
        from simulator.app.match.computer import seat_names
        numbered = seat_names([p.name for p in players])  # as the evening will
        for i, p in enumerate(players[:per_col * cols]):
            x = room.left + (i // per_col) * (col_w + 10)
            yy = room.top + (i % per_col) * row_h
            kind = t("club.computer") if p.computer else t("club.person")
            name = shown_name(app, numbered[i], numbered)
            ui.line(surface, f"{i + 1}. {name}", size, ui.INK,
                    pygame.Rect(x, yy + 4, col_w * 6 // 10, lh))
            ui.line(surface, kind, max(10, size - 2), ui.DIM,
                    pygame.Rect(x + col_w * 6 // 10, yy + 4, col_w * 2 // 10, lh))
            rm = ui.Button(t("club.remove"), partial(self.remove, i),
                           ident=f"remove{i}")
            rm.place(x + col_w * 8 // 10, yy + 2, col_w * 2 // 10, max(10, size - 2))
            rm.draw(surface, app.mouse)

    def _draw_options(self, surface: pygame.Surface, rect: pygame.Rect,
                      size: int) -> None:
        app = self.app
        y = card(surface, rect, app.t("club.the_evening"), size)
        options = self.options()
        for ident, label, step in options:
            # A right click steps back (the app consumes it on a button, so
            # the button carries it).
            b = ui.Button(label, partial(step, 1), ident=ident, back=partial(step, -1))
            y += b.place(rect.left + 10, y, rect.width - 20, size) + 8
            b.draw(surface, app.mouse)
        if self.choices.format == WINNER_STAYS:
            # When it ends (the players' number twice over: plan.Setup's
            # winner_stays_matches) said before it begins, not only after.
            c = self.choices
            n = Setup(tuple(c.players), c.format, c.game).winner_stays_matches
            end = app.t("club.stays_end", n=n) if len(c.players) >= 2 \
                else app.t("club.stays_end_any")
            y += ui.paragraph(surface, end, size, ui.INK,
                              pygame.Rect(rect.left + 10, y, rect.width - 20,
                                          rect.bottom - y - 8)) + 6
        hint = app.t("club.options_hint")
        if any(ident == "handicap" for ident, _, _ in options):  # only where it applies
            hint += " " + app.t("club.handicap_hint")
        ui.paragraph(surface, hint, max(10, size - 2), ui.DIM,
                     pygame.Rect(rect.left + 10, y + 4, rect.width - 20,
                                 rect.bottom - y - 8))
