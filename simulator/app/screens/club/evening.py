"""The evening between its matches: the standings, the bracket (or the
schedule), the next match called; play it, or abandon the evening.

The evening is read from the profile (``Club.current``) each time the
screen opens, so a restart continues where it stopped; a finished evening
is shown from its archive until another begins.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from simulator.app.dialogs.game_over import KEY_GUARD
from simulator.app.loop.app import App, Mode
from simulator.app.match.session import Session
from simulator.app.screens.backdrop import backdrop
from simulator.app.screens.club.draw import (
    Column,
    button_row,
    card,
    column_edges,
    content_top,
    rec_t,
    shown_name,
    table,
    text_size,
)
from simulator.app.text import fonts, ui
from simulator.app.text.file_words import file_problem
from simulator.files import saves
from simulator.records.club import Club
from simulator.records.evening import Evening, EveningError, MatchCall
from simulator.records.export import given_up_words, slot_code, stage_title
from simulator.records.formats import ABANDONED, EXPRESS_SERIES, SINGLE, WINNER_STAYS
from simulator.records.standings import (
    BracketMatch,
    StandingRow,
    place_note,
    place_words,
)


class EveningMode(Mode):
    name = "evening"

    def __init__(self, app: App, evening: Evening | None = None) -> None:
        super().__init__(app)
        self.club = Club()
        self.evening = evening
        self.problem: str | None = None  # the evening file could not be read

    def enter(self) -> None:
        # (a number pressed twice on the match's card, "back to the evening",
        # does not begin a new one unread: the match card's guard)
        self.opened_at = self.app.elapsed
        if self.evening is None or self.evening.status == "playing":
            self.reload()

    def reload(self) -> None:
        """The evening as the profile has it now."""
        try:
            current = self.club.current()
        except EveningError as e:
            self.problem = str(e)
            return
        if current is None and self.evening is None:
            # Just finished (or abandoned): the last evening, until a new one.
            done = self.club.archived()
            current = done[-1] if done else None
        if current is not None:
            self.evening = current

    def shown(self, name: str | None, short: bool = False) -> str:
        """A player of this evening in words (the first of two computers of
        a level numbered too: "Computer 1 (strong)"); ``short``: a computer
        in one word ("Strong 1"), for a narrow column."""
        ev = self.evening
        among = [e.name for e in ev.setup.entrants] if ev is not None else []
        if short and name is not None:
            from simulator.app.match.computer import short_seat_words
            return short_seat_words(self.app.locale, name, among)
        return shown_name(self.app, name, among)

    # -- what the buttons do ------------------------------------------------------
    @property
    def call(self) -> MatchCall | None:
        ev = self.evening
        return ev.next_match() if ev is not None and ev.status == "playing" else None

    def play_next(self) -> None:
        """Call the next match and go to the table (a match of it the
        autosave kept is continued, not begun again)."""
        from simulator.app.match import club as club_hold
        from simulator.app.match import session as sess
        ev, call = self.evening, self.call
        if ev is None or call is None:
            return
        s = self._kept(call) or sess.Session(call.new_match(), self.app.locale)
        club_hold.attach(s, self.club, ev, call)
        self.app.session = s
        self.app.go("match")
        if s.load_note:  # what loading repaired or dropped, said, not hidden
            self.app.notify(s.load_note, 8.0)

    def _kept(self, call: MatchCall) -> Session | None:
        """The autosave, when it is this match begun before a restart."""
        from simulator.app.match import club as club_hold
        from simulator.app.match import session as sess
        auto = sess.autosave_path()
        if not auto.exists():
            return None
        try:
            kept = sess.Session.load(auto, self.app.locale)
        except sess.LoadError:
            return None
        if club_hold.matches_call(kept, call) and not kept.over:
            return kept
        return None

    def ask_abandon(self) -> None:
        from simulator.app.dialogs.confirm import confirm_dialog
        t = self.app.t
        self.app.push_dialog(confirm_dialog(
            self.app, t("club.abandon_title"), t("club.abandon_body"),
            t("club.abandon_yes"), self.abandon))

    def abandon(self) -> None:
        """Give the evening up and stay on it: the standings as they stood,
        the headline saying it was abandoned. The match it had called, begun
        and kept by the autosave, is no longer one to continue from the menu
        (it would count for no evening): its autosave goes among the older
        ones, which the load screen still lists."""
        from simulator.app.match import club as club_hold
        from simulator.app.match import session as sess
        ev, call = self.evening, self.call
        if ev is None:
            return
        dropped = self._kept(call) if call is not None else None
        self.club.abandon(ev)
        held = club_hold.evening_of(self.app.session)
        if held is not None and held.evening.id == ev.id:
            self.app.session = None  # its match, still in memory: no more
        if dropped is not None:
            try:
                saves.set_aside_newest(sess.autosave_path().parent)
            except OSError as e:
                self.app.notify(file_problem(self.app.locale, e), 8.0)

    def put_aside(self) -> None:
        """An evening file that cannot be read is kept aside; a new one can
        begin."""
        self.club.put_aside()
        self.problem = None
        self.app.go("evening_setup")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN or self.app.repeat(event):
            return
        if event.key == pygame.K_ESCAPE:
            self.app.go("menu")
        elif event.key == pygame.K_F1:
            self.app.go("help", back="evening", section="club")
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.app.later(self.play_next)()
        elif pygame.K_1 <= event.key <= pygame.K_9 and \
                self.app.elapsed - self.opened_at >= KEY_GUARD:
            n = str(event.key - pygame.K_0)
            pressed = [b for b in self.buttons() if b.key == n]
            if pressed:
                self.app.press(pressed[0])

    # -- drawing ----------------------------------------------------------------------
    def buttons(self) -> list[ui.Button]:
        t = self.app.t
        if self.problem is not None:
            return [ui.Button(t("club.put_aside"), self.put_aside, primary=True),
                    ui.Button(t("menu.main"), lambda: self.app.go("menu"))]
        call = self.call
        out = []
        if call is not None:
            # Who plays is said in the headline above the cards: the names
            # on the button took three lines at 800x500.
            series = self.evening is not None and \
                self.evening.setup.format == EXPRESS_SERIES
            out.append(ui.Button(t("club.play_game" if series else "club.play_next"),
                                 self.play_next, primary=True, ident="play_next"))
            out.append(ui.Button(t("club.abandon"), self.ask_abandon,
                                 ident="abandon"))
        else:
            out.append(ui.Button(t("club.new_evening"),
                                 lambda: self.app.go("evening_setup"),
                                 ident="new_evening"))
        # (the records' way back where this button is: see RecordsMode)
        out.append(ui.Button(t("club.records"),
                             lambda: self.app.go("records", back="evening",
                                                 slots=len(out)),
                             ident="records"))
        out.append(ui.Button(t("menu.main"), lambda: self.app.go("menu"),
                             ident="menu"))
        if call is None:  # the evening's end card: numbered, as a card's are
            for i, b in enumerate(out):
                b.key = str(i + 1)
        return out

    def title(self) -> str:
        """The evening's winner once there is one (the heading, as a match's
        winner heads its card); else its format and game."""
        ev = self.evening
        if ev is None:
            return self.app.t("club.evening")
        champion = ev.champion()
        if champion is not None:
            return self.app.t("club.champion", name=self.shown(ev.name(champion)))
        return self._kind(ev)

    def _kind(self, ev: Evening) -> str:
        """"Knockout: 9-ball"."""
        fmt = rec_t(self.app, f"format.{ev.setup.format}")
        return f"{fmt}: {self.app.t(f'game.{ev.setup.discipline}')}"

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w, h = app.size
        backdrop(surface, self.title())
        size = text_size(app)
        top = content_top(app)
        bottom = h - 16 - (ui.line_height(size) * 2 + 16)
        area = pygame.Rect(16, top, w - 32, bottom - top - 8)
        if self.problem is not None:
            ui.paragraph(surface, app.t("club.evening_unreadable",
                                        reason=self.problem), size, ui.INK, area)
        elif self.evening is not None:
            self._draw_evening(surface, self.evening, area, size)
        button_row(surface, app, self.buttons(),
                   pygame.Rect(16, bottom, w - 32, ui.line_height(size) * 2 + 8),
                   size)

    def _draw_evening(self, surface: pygame.Surface, ev: Evening,
                      area: pygame.Rect, size: int) -> None:
        lh = ui.line_height(size)
        # The headline wraps (two players' long names and the round); each
        # line centred, the cards below it.
        head = self._headline(ev)
        rows = ui.wrap(head, size, area.width) if head else [""]
        for i, row in enumerate(rows):
            ui.line(surface, row, size, ui.ACCENT,
                    pygame.Rect(area.left, area.top + i * lh, area.width, lh),
                    align="centre")
        if head and self.call is not None:
            # Whether the computer's hints may be asked for, said before a
            # match: with them off (the default) I was the first to tell.
            ui.line(surface, self.app.t("club.hints_on" if ev.setup.hints
                                        else "club.hints_off"), size, ui.DIM,
                    pygame.Rect(area.left, area.top + len(rows) * lh, area.width, lh),
                    align="centre")
            rows.append("")
        used = len(rows) * lh + 6
        area = pygame.Rect(area.left, area.top + used, area.width, area.height - used)
        left_w = area.width * 2 // 5  # the bracket's names need the room
        left = pygame.Rect(area.left, area.top, left_w, area.height)
        right = pygame.Rect(left.right + 12, area.top, area.right - left.right - 12,
                            area.height)
        # A stopped evening's table is where it stood, not a result: said in
        # its title and under it.
        stopped = ev.status == ABANDONED
        y = card(surface, left, self.app.t("club.standings_stopped") if stopped
                 else rec_t(self.app, "page.standings"), size)
        self._standings(surface, ev, pygame.Rect(left.left + 10, y,
                                                 left.width - 20, left.bottom - y - 6),
                        size)
        y = card(surface, right, rec_t(self.app, "page.matches"), size)
        self._bracket(surface, ev, pygame.Rect(
            right.left + 10, y, right.width - 20, right.bottom - y - 6), size)

    def _headline(self, ev: Evening) -> str:
        """Who plays next, that the evening was abandoned, or (its winner
        the heading) what the evening was."""
        t = self.app.t
        if ev.status == "abandoned":
            return t("club.was_abandoned")
        if ev.champion() is not None:
            return self._kind(ev)
        call = self.call
        if call is None:
            return ""
        if ev.setup.format == EXPRESS_SERIES:  # "game 2 of 5", not its slot "G2"
            # (everyone plays every game of a series: no names to say)
            return t("club.next_game", n=call.round, games=ev.setup.games)
        if ev.setup.format == WINNER_STAYS:  # how far to the evening's end
            head = t("club.stays_next", n=call.round,
                     of=ev.setup.winner_stays_matches)
            return self._with_names(head, call)
        where = stage_title(self.app.locale.lang, ev, call.stage, call.round)
        races = ""
        if call.handicapped:
            races = " " + t("club.races", races=":".join(map(str, call.races)))
        slot = slot_code(self.app.locale.lang, call.slot, ev.setup.format == SINGLE)
        return self._with_names(t("club.next", where=where, slot=slot) + races,
                                call)

    def _with_names(self, head: str, call: MatchCall) -> str:
        """The headline and who plays next ("… — Anna – Boris"); at winner
        stays the one who stays first, said so."""
        names = [self.shown(n) for n in call.names]
        if self._stays(call.slot):
            names = [self.app.t("club.stays", name=names[1]), names[0]]
        return self.app.t("club.next_with", next=head, names=" – ".join(names))

    def _single(self) -> bool:
        """Whether the evening is a single elimination (one bracket: its
        match codes take no bracket letter)."""
        return self.evening is not None and self.evening.setup.format == SINGLE

    def _stays(self, slot: str) -> bool:
        """Whether this winner-stays match has a player who stays at the
        table: the second of its seats (formats.winner_stays), from the
        second match on."""
        ev = self.evening
        return ev is not None and ev.setup.format == WINNER_STAYS and \
            slot[1:].isdigit() and int(slot[1:]) > 1

    def _standings(self, surface: pygame.Surface, ev: Evening, rect: pygame.Rect,
                   size: int) -> None:
        """The standings, short headings (P W L) said once below them."""
        t = self.app.t
        fmt = ev.setup.format
        points = ev.setup.scoring != "race"
        last = "club.col_points" if points else "club.col_games"
        if fmt == EXPRESS_SERIES:
            last = "club.col_chips"
        elif fmt == WINNER_STAYS:
            last = "club.col_streak"
        cols = [Column(t("club.col_place"), 0.5), Column(rec_t(self.app, "column.name"),
                                                        3.4, "left"),
                Column(t("club.col_played"), 0.6), Column(t("club.col_won"), 0.6),
                Column(t("club.col_lost"), 0.6), Column(t(last), 1.3)]
        rows = ev.standings()
        cells = [[place, *self._row(r, fmt, points)]
                 for place, r in zip(place_words(rows), rows, strict=True)]
        legend = t("club.col_legend")
        if any(r.won_wo or r.lost_wo for r in rows):
            # Matches given up count as results, said apart from those played.
            cols.insert(5, Column(t("club.col_wo"), 1.0))
            for r, row in zip(rows, cells, strict=True):
                row.insert(5, f"{r.won_wo}–{r.lost_wo}")
            legend += t("club.col_legend_wo")
        note = place_note(self.app.locale.lang, rows, ev.status == ABANDONED)
        if note:  # what "1–3" means, as the exports say it
            legend += "\n" + note
        elif ev.status == ABANDONED:  # places given, but not the evening's end
            legend += "\n" + t("club.stopped_legend")
        if fmt == WINNER_STAYS:  # when it ends and who ranks first
            legend += "\n" + t("club.stays_rule", n=ev.setup.winner_stays_matches)
        hinted = [r for r in rows if r.hints]
        if hinted:  # who played with the computer's hints, and how often
            legend += "\n" + t("club.hints_legend", names=", ".join(
                f"{self.shown(r.name)} ({r.hints})" for r in hinted))
        # A computer's name too wide for its column in one word ("Pro"):
        # «Компьютер (професс…» at 800x500 among six players.
        xs = column_edges(rect, cols, cells, size)
        room = xs[2] - xs[1] - 6
        for r, row in zip(rows, cells, strict=True):
            if fonts.font(size).size(row[1])[0] > room:
                row[1] = self.shown(r.name, short=True)
        y = table(surface, rect, cols, cells, size,
                  strong=[r.place == 1 and ev.status != ABANDONED for r in rows])
        small = max(10, size - 2)
        ui.paragraph(surface, legend, small, ui.DIM,
                     pygame.Rect(rect.left, y + 6, rect.width, rect.bottom - y - 6))

    def _row(self, r: StandingRow, fmt: str, points: bool) -> list[str]:
        """A row's cells after its rank."""
        if fmt == EXPRESS_SERIES:
            last = str(r.chips if r.chips is not None else "")
        elif fmt == WINNER_STAYS:
            last = str(r.streak or 0)
        elif points:
            last = f"{r.points_for}–{r.points_against}"
        else:
            last = f"{r.games_for}–{r.games_against}"
        return [self.shown(r.name), str(r.played), str(r.won),
                str(r.lost), last]

    def _bracket(self, surface: pygame.Surface, ev: Evening, rect: pygame.Rect,
                 size: int) -> None:
        """The rounds in columns, each a heading and its matches; a column
        full, the next begins. A match too long for its column goes on over
        the lines below it (between names, never cutting one: at 800x500 in
        Russian «Партия 1 … · Компьюте…» told neither who played nor how it
        stood), computers named in one word where a name alone is too wide."""
        small = max(10, size - 1)
        lh = ui.line_height(small)
        ncols = 1
        while True:
            col_w = (rect.width - 10 * (ncols - 1)) // ncols
            blocks = self._blocks(ev, col_w - 8, small)
            per = -(-sum(sum(map(len, b[1])) + 2 for b in blocks) // ncols)
            if per * lh <= rect.height or ncols == 4:
                break
            ncols += 1
        x, y = rect.left, rect.top
        for title, rows in blocks:
            need = (sum(map(len, rows)) + 1) * lh
            if y + need > rect.bottom and y > rect.top and x + col_w < rect.right - 1:
                x, y = x + col_w + 10, rect.top
            if y + lh > rect.bottom:
                break
            ui.line(surface, title, small, ui.DIM, pygame.Rect(x, y, col_w, lh),
                    bold=True)
            y += lh
            for lines in rows:
                if y + len(lines) * lh > rect.bottom:
                    break
                for k, pieces in enumerate(lines):
                    indent = 8 + (ROW_INDENT if k else 0)
                    draw_pieces(surface, pieces, small,
                                pygame.Rect(x + indent, y, col_w - indent, lh))
                    y += lh
            y += lh // 2

    def _blocks(self, ev: Evening, width: int, size: int
                ) -> list[tuple[str, list[list[list[Piece]]]]]:
        """Each round's heading and its matches, each match in the lines it
        takes at ``width``."""
        lang = self.app.locale.lang

        def rows(m: BracketMatch, lead: str | None = None) -> list[list[Piece]]:
            lines = piece_lines(self._match_line(m, lead), size, width)
            if any(_too_wide(p, size, width - ROW_INDENT) for ln in lines for p in ln):
                lines = piece_lines(self._match_line(m, lead, short=True), size,
                                    width)
            return lines

        if ev.setup.format == EXPRESS_SERIES:  # each game by its number
            return [(self.app.t("club.series_games"), [
                rows(m, stage_title(lang, ev, "game", k + 1))
                for r in ev.bracket() for k, m in enumerate(r.matches)])]
        return [(stage_title(lang, ev, r.stage, r.round),
                 [rows(m) for m in r.matches if m.status not in ("skipped",)])
                for r in ev.bracket()]

    def _match_line(self, m: BracketMatch, lead: str | None = None,
                    short: bool = False) -> list[Piece]:
        """A match in words (``_match_pieces``), "with hints" after one in
        which a hint was taken (a club reads such a result apart)."""
        out = self._match_pieces(m, lead, short)
        if m.status == "played" and m.hinted:
            # (" · " joins the last name; the words may go to the next line)
            out += [(" · ", ui.DIM, False),
                    (rec_t(self.app, "page.with_hints"), ui.ACCENT, False)]
        return out

    def _match_pieces(self, m: BracketMatch, lead: str | None = None,
                      short: bool = False) -> list[Piece]:
        """A match in words: its slot (or ``lead``: "Game 2"), the names (the
        winner's bright), the score once played; a bye; a match still to be
        decided. ``short``: computers in one word."""
        names = [self.shown(n, short) if n is not None else "?" for n in m.names]
        code = lead or slot_code(self.app.locale.lang, m.slot, self._single())
        out: list[Piece] = [(f"{code}  ", ui.FAINT, False)]
        if self._stays(m.slot) and len(names) == 2:
            # The player who stayed at the table first (the seats say the
            # challenger first), the one who stays now marked.
            names.reverse()
            m = replace(m, score=m.score[::-1], winner=None if m.winner is None
                        else 1 - m.winner)
            if m.status == "ready":
                names[0] = self.app.t("club.stays", name=names[0])
        played = m.status == "played" and m.winner is not None
        given_up = given_up_words(self.app.locale.lang, m, names)
        if given_up is not None and len(names) > 2:  # the words name the winner
            return [*out, (given_up, ui.INK, False)]
        if played and len(names) > 2:
            return out + _points_pieces(names, m.score, m.winner)
        if played:  # before the names, which a narrow column cuts
            score = given_up or ":".join(map(str, m.score))
            out.append((score + "  ", ui.INK, True))
        if m.status == "walkover":
            who = next((n for n in names if n), "?")
            return [*out, (f"{who} ({rec_t(self.app, 'page.bye')})", ui.DIM, False)]
        stopped = self.evening is not None and self.evening.status == ABANDONED \
            and not played
        base = ui.ACCENT if m.status == "ready" and not stopped else \
            (ui.INK if played else ui.FAINT)
        if stopped:  # never to be played: said so, before the names a column cuts
            word = "club.not_played_game" if lead is not None else "club.not_played"
            out.append((self.app.t(word) + "  ", ui.DIM, False))
        for i, n in enumerate(names):
            if i:
                out.append((" – ", ui.DIM, False))
            won = played and i == m.winner
            out.append((n, ui.GREEN if won else (ui.DIM if played else base), won))
        return out


Piece = tuple[str, tuple[int, int, int], bool]  # words, colour, bold


def _points_pieces(names: list[str], points: tuple[int, ...], winner: int | None
                   ) -> list[Piece]:
    """An Express game's players each with the points they ended with, the
    winner first and bright, then the others by their points ("Vera 61 ·
    Ann −1 · Bob −6"): a column of numbers joined by colons said nothing of
    whose they were."""
    order = sorted(range(len(names)), key=lambda i: (i != winner, -points[i]))
    out: list[Piece] = []
    for k, i in enumerate(order):
        if k:
            out.append(("  ·  ", ui.DIM, False))
        won = i == winner
        out.append((names[i], ui.GREEN if won else ui.DIM, won))
        out.append((" " + f"{points[i]}".replace("-", "−"), ui.INK, True))
    return out


ROW_INDENT = 12  # a match's lines after its first, under its names


def _width(p: Piece, size: int) -> int:
    return fonts.font(size, p[2]).size(p[0])[0]


def _too_wide(p: Piece, size: int, width: int) -> bool:
    return _width(p, size) > width


def piece_lines(pieces: list[Piece], size: int, width: int) -> list[list[Piece]]:
    """A match's pieces over the lines of ``width`` they need: a line breaks
    before a piece that would pass its end, never inside one, and never
    before one that begins with a space (a player's points stay by the
    name, a separator ends the line it follows); the lines after the first
    are ``ROW_INDENT`` narrower."""
    units: list[list[Piece]] = []
    for p in pieces:
        if units and p[0][:1].isspace():
            units[-1].append(p)
        else:
            units.append([p])
    lines: list[list[Piece]] = [[]]
    x, room = 0, width
    for unit in units:
        # (a separator at the end of a line may pass it: it is only spaces
        # around a dot or a dash)
        need = sum(_width(p, size) for p in unit
                   if p is not unit[-1] or p[0].strip() not in ("·", "–", ""))
        if lines[-1] and x + need > room:
            lines.append([])
            x, room = 0, width - ROW_INDENT
        lines[-1].extend(unit)
        x += sum(_width(p, size) for p in unit)
    # A line that goes on below ends at its separator's mark, not its spaces.
    for ln in lines[:-1]:
        if ln and not ln[-1][0].strip("·– "):
            text, colour, bold = ln[-1]
            ln[-1] = (text.rstrip(), colour, bold)
    return lines


def draw_pieces(surface: pygame.Surface, pieces: list[Piece], size: int,
                box: pygame.Rect) -> None:
    """Words of several colours on one line, cut where the box ends."""
    x = box.left
    for text, colour, bold in pieces:
        if x >= box.right - 4:
            break
        r = ui.line(surface, text, size, colour,
                    pygame.Rect(x, box.top, box.right - x, box.height), bold=bold)
        x = r.right
