"""The players' records: every player with their rating, and a player's
page (games, wins and losses per discipline, head to head, the best runs,
and the chart of the rating over time).

The records are read when the screen opens; a damaged file opens the
dialog that offers its backup, and the screen waits until it is mended.
"""

from __future__ import annotations

from functools import partial

import pygame

from simulator.app.loop.app import App, Mode
from simulator.app.screens.backdrop import backdrop
from simulator.app.screens.club.draw import (
    Column,
    button_row,
    card,
    chart,
    content_top,
    rec_t,
    shown_name,
    table,
    text_size,
)
from simulator.app.text import fonts, ui
from simulator.records.database import MatchRecord, Records, RecordsProblem
from simulator.records.pages import PlayerPage, games_words, page, ratings
from simulator.records.rating import PROVISIONAL_GAMES, Rating, rank_key


def read_records(app: App, then: str, **kw: object) -> list[MatchRecord] | None:
    """Every match recorded; None when the records cannot be read (the
    problem said or, for a damaged file, its dialog opened; mended, the
    screen ``then`` opens again)."""
    from simulator.app.match.club import tell_problem
    try:
        with Records.open() as records:
            return records.matches()
    except RecordsProblem as e:
        tell_problem(app, e, lambda: app.go(then, **kw))
        return None


def game_short(app: App, discipline: str) -> str:
    """A game's name short enough for a table's column."""
    key = f"game_short.{discipline}"
    return app.t(key) if app.locale.has(key) else app.t(f"game.{discipline}")


def rating_text(app: App, r: Rating | None) -> str:
    if r is None:
        return rec_t(app, "rating.none")
    value = rec_t(app, "rating.value", rating=f"{r.value:.0f}",
                  margin=f"{r.margin:.0f}")
    if r.fixed:
        return rec_t(app, "rating.computer", rating=f"{r.value:.0f}")
    games = "rating.provisional" if r.provisional else "rating.games"
    return f"{value} · {rec_t(app, games, n=r.games)}"


class RecordsMode(Mode):
    """Every player in the records, best rated first (a provisional rating
    after the established ones: ``rank_key``); a click opens a page."""

    name = "records"

    def __init__(self, app: App, back: str | None = None, slots: int = 0) -> None:
        super().__init__(app)
        # The screen the records were opened from, when it is not the main
        # menu (the evening's): the way back to it, its pages' too.
        self.back = back
        # The evening's row of buttons had ``slots``, "Records" the last
        # but one, "Main menu" the last: the way back stands where
        # "Records" was and "Main menu" where it was, so a second click
        # where the cursor rests goes back, never to the main menu; and back
        # on the evening it rests on "Records", not "Abandon the evening".
        self.slots = slots
        self.matches: list[MatchRecord] | None = None
        self.rows: list[tuple[str, Rating | None, int]] = []

    def enter(self) -> None:
        self.matches = read_records(self.app, "records")
        if self.matches is None:
            return
        rated = ratings(self.matches)
        played: dict[str, int] = {}
        for m in self.matches:
            for s in m.seats:
                played[s.name] = played.get(s.name, 0) + 1
        self.rows = sorted(((n, rated.get(n), k) for n, k in played.items()),
                           key=lambda r: (*rank_key(r[1]), r[0]))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.go(self.back or "menu")

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        t = app.t
        w, h = app.size
        backdrop(surface, t("club.records_title"))
        size = text_size(app)
        lh = ui.line_height(size)
        top = content_top(app)
        bottom = h - 16 - (lh * 2 + 16)
        rect = pygame.Rect(max(16, w // 2 - 360), top, min(w - 32, 720),
                           bottom - top - 8)
        y = card(surface, rect, t("club.players", n=len(self.rows)), size)
        inner = pygame.Rect(rect.left + 10, y, rect.width - 20, rect.bottom - y - 6)
        if self.matches is not None and not self.rows:
            ui.paragraph(surface, t("club.no_records"), size, ui.DIM, inner)
        small = max(10, size - 1)
        if any(r is not None and r.provisional for _n, r, _k in self.rows):
            # Why a high provisional rating stands below a lower one.
            note = ui.wrap(rec_t(app, "rating.provisional_note",
                                 n=PROVISIONAL_GAMES), small, inner.width)
            nh = len(note) * ui.line_height(small)
            inner.height -= nh + 4
            for k, ln in enumerate(note):
                ui.line(surface, ln, small, ui.DIM, pygame.Rect(
                    inner.left, inner.bottom + 4 + k * ui.line_height(small),
                    inner.width, ui.line_height(small)))
        yy = inner.top
        # The count of matches right, as wide as its words; the rating takes
        # what is left beside the names, on two lines where one is too short
        # ("500 (уровень компьютера, измерен)" was cut with an ellipsis).
        count_w = max((fonts.font(small).size(t("club.matches_n", n=n))[0]
                       for _name, _r, n in self.rows), default=0) + 4
        name_w = inner.width * 4 // 10
        rate_x = inner.left + name_w + 12
        rate_w = inner.right - count_w - 12 - rate_x
        for name, r, n in self.rows:
            b = ui.Button(shown_name(app, name), partial(app.go, "player", player=name,
                                                         back=self.back),
                          ident=f"player:{name}")
            said = rating_text(app, r)
            lines = [said] if fonts.font(size).size(said)[0] <= rate_w else \
                ui.wrap(said, size, rate_w)
            # A row as high as its button's words or its rating's lines (a
            # name never spills out).
            row_h = max(b.measure(name_w, size) + 4, len(lines) * lh + 6)
            if yy + row_h > inner.bottom:
                break
            b.place(inner.left, yy, name_w, size)
            b.draw(surface, app.mouse)
            for k, ln in enumerate(lines):
                ui.line(surface, ln, size, ui.INK,
                        pygame.Rect(rate_x, yy + 3 + k * lh, rate_w, lh))
            ui.line(surface, t("club.matches_n", n=n), small, ui.DIM,
                    pygame.Rect(inner.right - count_w, yy + 3, count_w, lh),
                    align="right")
            yy += row_h
        buttons = [ui.Button(t("menu.main"), lambda: app.go("menu"), ident="menu")]
        if self.back == "evening":
            buttons.insert(0, ui.Button(t("club.to_evening"),
                                        lambda: app.go("evening"), ident="back"))
        row = pygame.Rect(16, bottom, w - 32, lh * 2 + 8) if self.slots else \
            pygame.Rect(w // 2 - 150 * len(buttons), bottom, 300 * len(buttons),
                        lh * 2 + 8)
        button_row(surface, app, buttons, row, size, self.slots)


class PlayerPageMode(Mode):
    """One player's page."""

    name = "player"

    def __init__(self, app: App, player: str, back: str | None = None) -> None:
        super().__init__(app)
        self.player = player
        self.back = back  # where the records lead back to
        self.page: PlayerPage | None = None

    def enter(self) -> None:
        matches = read_records(self.app, "player", player=self.player)
        if matches is not None:
            self.page = page(matches, self.player)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.go("records", back=self.back)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        t = app.t
        w, h = app.size
        backdrop(surface, shown_name(app, self.player))
        size = text_size(app)
        lh = ui.line_height(size)
        top = content_top(app)
        bottom = h - 16 - (lh * 2 + 16)
        p = self.page
        if p is not None:
            # No rating yet: said with what brings one (a game played out;
            # a game given up is not rated), not "Rating no rating yet".
            head = t("club.page_head" if p.rating is not None
                     else "club.page_head_unrated", rating=rating_text(app, p.rating),
                     matches=t("club.matches_n", n=p.matches), won=p.won,
                     lost=p.lost)
            ui.line(surface, head, size, ui.ACCENT,
                    pygame.Rect(16, top, w - 32, lh), align="centre")
            area = pygame.Rect(16, top + lh + 6, w - 32, bottom - top - lh - 14)
            self._draw_page(surface, p, area, size)
        elif self.page is None:
            ui.line(surface, t("club.no_page"), size, ui.DIM,
                    pygame.Rect(16, top, w - 32, lh), align="centre")
        button_row(surface, app, [
            ui.Button(t("common.back"), lambda: app.go("records", back=self.back),
                      ident="back"),
            ui.Button(t("menu.main"), lambda: app.go("menu"), ident="menu")],
            pygame.Rect(w // 2 - 220, bottom, 440, lh * 2 + 8), size)

    def _draw_page(self, surface: pygame.Surface, p: PlayerPage, area: pygame.Rect,
                   size: int) -> None:
        app = self.app
        lang = app.locale.lang
        half = (area.width - 12) // 2
        left = pygame.Rect(area.left, area.top, half, area.height)
        right = pygame.Rect(left.right + 12, area.top, area.width - half - 12,
                            area.height)
        # Left: the disciplines above, head to head below.
        top_h = left.height * 45 // 100
        disc = pygame.Rect(left.left, left.top, left.width, top_h)
        y = card(surface, disc, app.t("club.per_game"), size)
        c = [Column(rec_t(app, "column.discipline"), 1.6, "left"),
             Column(rec_t(app, "column.won"), 0.8), Column(rec_t(app, "column.lost"),
                                                           0.8),
             Column(app.t("club.games"), 1.1), Column(rec_t(app, "column.innings"),
                                                      1.0),
             Column(rec_t(app, "column.fouls"), 0.9),
             Column(rec_t(app, "column.best_run"), 1.1)]
        # The games at the table; those given up marked, said below (seven
        # columns leave no room for them in the cell at 800x500).
        given_up = [d for d in p.disciplines if d.games_won_wo or d.games_lost_wo]
        # The short names: «Экспресс (пирамида)» and «Прямой пул 14.1» were
        # cut in this column at 800x500.
        rows = [[game_short(app, d.discipline), str(d.won), str(d.lost),
                 f"{d.games_won}–{d.games_lost}" + ("*" if d in given_up else ""),
                 str(d.innings), str(d.fouls), str(d.best_run)] for d in p.disciplines]
        y = table(surface, pygame.Rect(disc.left + 10, y, disc.width - 20,
                                       disc.bottom - y - 4), c, rows, size - 1)
        notes = []
        if given_up:
            notes.append(app.t("club.games_wo_note", games=", ".join(
                f"{app.t(f'game.{d.discipline}')} {d.games_won_wo}–{d.games_lost_wo}"
                for d in given_up)))
        if p.with_hints:  # results a club reads apart: said, with how many
            notes.append(app.t("club.hints_note", n=p.with_hints))
        if notes:
            note = "\n".join(notes)
            ui.paragraph(surface, note, max(10, size - 2), ui.DIM, pygame.Rect(
                disc.left + 10, y + 4, disc.width - 20, disc.bottom - y - 8))
        h2h = pygame.Rect(left.left, disc.bottom + 10, left.width,
                          left.bottom - disc.bottom - 10)
        y = card(surface, h2h, app.t("club.head_to_head"), size)
        c = [Column(rec_t(app, "column.opponent"), 2.4, "left"),
             Column(rec_t(app, "column.matches"), 1.0),
             Column(rec_t(app, "column.won"), 0.8),
             Column(rec_t(app, "column.lost"), 0.8),
             Column(app.t("club.games"), 1.1)]
        rows = [[shown_name(app, o.opponent), str(o.matches), str(o.won), str(o.lost),
                 games_words(lang, o)] for o in p.head_to_head]
        table(surface, pygame.Rect(h2h.left + 10, y, h2h.width - 20,
                                   h2h.bottom - y - 4), c, rows, size - 1)
        # Right: the chart above, the best runs below.
        ch = pygame.Rect(right.left, right.top, right.width, right.height * 55 // 100)
        y = card(surface, ch, app.t("club.rating_chart"), size)
        chart(surface, pygame.Rect(ch.left + 8, y, ch.width - 16, ch.bottom - y - 8),
              [(pt.rating, pt.margin) for pt in p.history], size,
              app.t("club.no_rating"),
              (p.history[0].played_at[:10], p.history[-1].played_at[:10])
              if p.history else ("", ""))
        runs = pygame.Rect(right.left, ch.bottom + 10, right.width,
                           right.bottom - ch.bottom - 10)
        y = card(surface, runs, app.t("club.best_runs"), size)
        c = [Column(rec_t(app, "column.best_run"), 0.8),
             Column(rec_t(app, "column.discipline"), 1.2, "left"),
             Column(rec_t(app, "column.opponent"), 2.2, "left"),
             Column(app.t("club.date"), 1.2, "left")]
        rows = [[str(b.run), game_short(app, b.discipline),
                 ", ".join(shown_name(app, o) for o in b.opponents),
                 b.played_at[:10]] for b in p.best_runs]
        table(surface, pygame.Rect(runs.left + 10, y, runs.width - 20,
                                   runs.bottom - y - 4), c, rows, size - 1)
