"""Dialogs: a title, a text and a column of buttons, drawn as a card.

Over a table screen a dialog docks in the side column (the screen's
:meth:`Mode.dock`), so the table and the balls being decided about stay in
view; over a menu it sits in the middle of the window. The text scrolls with
the mouse wheel when it is longer than the room; the buttons always show.
Keys: 1-9 press the n-th button; Esc presses the cancel button if any; Enter
presses the only button; V (or a click on the text) reads a cut text whole.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from simulator.app.loop.app import App, Mode
from simulator.app.text import ui, widgets
from simulator.app.text.stats_table import (
    TAB,
    fonts_width,
    fonts_width_bold,
    head_size,
    players_table,
)
from simulator.app.text.stats_table import spread as _spread
from simulator.app.text.ui import veil

Action = Callable[[], None]


# The smallest type a dialog draws: 12 px at 800x500 could not be read, so a
# low window's dialog wraps and scrolls its words instead of shrinking them.
MIN_SIZE = 13


def _shortened(full: tuple[str, ...], short: tuple[str, ...]
               ) -> list[tuple[str, ...]]:
    """The header in full, then with its widest full cell made short, one
    more at each step, down to all short."""
    heads = [full]
    cur = list(full)
    while (left := [i for i in range(1, len(cur)) if cur[i] != short[i]]):
        i = max(left, key=lambda k: fonts_width_bold(cur[k], 12))
        cur[i] = short[i]
        heads.append(tuple(cur))
    return heads


def cut_mark(row: str) -> str:
    """A card's last row of a line that goes on below it, "…" at its end
    (a row ending «биток и хотя бы 2» over "3 more: V" read as the whole
    of what the rule asks)."""
    return row.rstrip(" ,;:·(«") + ui.ELLIPSIS


def read_row(head: tuple[str, ...], row: tuple[str, ...]) -> str:
    """A row of the table as the reader says it, each figure by its
    player's name: «Фолы: Анна 1, Борис 0» (not «фолы: 1 · 0», which left
    the names to the header far above)."""
    label = row[0][:1].upper() + row[0][1:]
    return f"{label}: " + ", ".join(f"{name} {v}" for name, v in
                                    zip(head[1:], row[1:], strict=True))


class Dialog(Mode):
    name = "dialog"
    modal = True
    enter_first = False  # Enter presses the first of several buttons (a Yes)
    # Seconds after it opens in which no number key acts: a card that comes up
    # on its own (the match's end) takes no number meant for the screen before.
    key_guard = 0.0
    # ... counted from the first frame that shows it, and over no fewer
    # frames than this: on a loaded machine a card came up on screen long
    # after it was made, and a "1" pressed as it appeared chose at once.
    GUARD_FRAMES = 3

    def __init__(self, app: App, title: str, body: str,
                 buttons: list[tuple[str, Action]], cancel: Action | None = None,
                 wide: bool = False, kind: str = "") -> None:
        super().__init__(app)
        self.wide = wide
        self.kind = kind  # what the dialog decides ("choice", "pause", ...)
        self.title = title
        self.body = body
        self.button_specs = buttons
        self.cancel = cancel
        self.scroll = 0
        self.cols = 1  # the buttons in one column, or two in a low window
        # Three a row where two rows of two would not take them all (the
        # match's end card: its fifth button, the save, took a row of the
        # table's figures at 800x500).
        self.max_cols = 2
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[ui.Button] = [
            ui.Button(label, self._wrap(fn), key=str(i + 1) if len(buttons) > 1 and
                      i < 9 else "")
            for i, (label, fn) in enumerate(buttons)]
        self.field_text: str | None = None  # a line to type in (NameDialog)
        self.offer_selected = False  # the line's text offered selected
        self.entry: UITextEntryLine | None = None
        # Rows of cells under the text (the match in numbers), in columns.
        self.table: list[tuple[str, ...]] = []
        self._heads: set[str] = set()  # the table's header lines, in bold
        # The header in short words (a computer seat by its level), used
        # where the full one wraps.
        self.short_head: tuple[str, ...] | None = None
        self._full_head: tuple[str, ...] | None = None
        # The label column's width and each figure column's right edge where
        # the header is one row of names over columns as wide as each needs.
        self._stair: tuple[int, list[int]] | None = None
        # Each figure's short heading (the match in numbers turned round: a
        # row per player under short headings, with a legend, where the
        # names do not fit over columns in the side column).
        self.abbr: tuple[str, ...] | None = None
        # The table under the body's first ``table_at`` lines, the rest
        # under it (the match in numbers before how the last game ended:
        # in the side column at 800x500 the figures were pushed below).
        self.table_at: int | None = None
        self._names: set[str] = set()  # the lines that name a player, in bold
        self._compact = False  # the table turned round laid out in fewer lines
        self._legend: set[str] = set()  # the legend's lines, dim
        self._turned = False  # the table laid out a row per player
        # A menu that must fit whole (the match's, the referee's call): in a
        # low window (800x500) it takes a shorter text, the whole side column
        # and closer buttons before anything of it would scroll.
        self.fit_whole = False
        # With ``fit_whole``: every shorter form in one column of buttons
        # before any in two (choices of many words, the fouls).
        self.one_column_first = False
        self.short_body: str | None = None
        self.short_labels: list[str] | None = None  # one a button
        # The last try before anything scrolls: a shorter title, text and
        # labels (the foul call's rule book named once, not on every button).
        self.shortest: tuple[str, str, list[str]] | None = None
        # ... and after it each choice in a few words (the foul call of 14.1).
        self.briefest: tuple[str, str, list[str]] | None = None
        self.gap = 6  # between two buttons
        self.takes_side = False  # the whole side column, the heading too
        # Over the table's area, not in the side column: the match's end (its
        # table in numbers was cramped in the column beside an empty table).
        self.over_table = False
        # Where the buttons of a card over the table stand: the side column
        # (beside the match in numbers it stood empty); None: in the card.
        self._side: pygame.Rect | None = None
        # The card's frame over the whole table area, rails and all (a card
        # narrower than the table left the rails showing round it).
        self.backdrop: pygame.Rect | None = None
        # Docked with its foot at the column's foot, sized for the whole
        # column: its buttons stand in one place however much the heading
        # over it says (the match's menu: its Quit moved as the heading grew).
        self.at_foot = False
        self._full_body = body
        self._full_title = title
        self.cut = False  # the last frame showed only part of the text
        # Lines under the card's buttons where they stand in the side column
        # (the end card's games), each whole or not at all.
        self.side_note: list[str] = []
        # Keys of the screen under it still heard (U and Y on a decision of
        # the match): True when the key was taken.
        self.screen_keys: Callable[[pygame.event.Event], bool] | None = None
        # The text V reads where the card says less (a decision's ruling in
        # brief): empty, the card's own.
        self.whole_body = ""
        self.drawn = 0  # frames that showed it
        self.shown_at = 0.0  # the app's clock at the first of them

    def enter(self) -> None:
        self._covered = self._cover()
        if self.field_text is not None:
            self.entry = UITextEntryLine(pygame.Rect(0, -100, 200, 30), self.app.gui,
                                         initial_text=self.field_text)
            self.entry.set_text_length_limit(60)
            widgets.focus(self.entry)
            self.entry.edit_position = len(self.field_text)
            if self.offer_selected:
                # The name offered is shown selected: the first letter typed
                # replaces it (typing once went on after it), an arrow or
                # a click edits it in place, Enter keeps it.
                self.entry.select_range = [0, len(self.field_text)]
                self.offer_selected = False  # back over it: what was typed stays

    def exit(self) -> None:
        if self.entry is not None:
            self.field_text = self.entry.get_text()  # what was typed stays
            widgets.kill(self.entry)
            self.entry = None
        for el in getattr(self, "_covered", ()):
            if el.alive():
                widgets.show(el)
        self._covered = []

    def _cover(self) -> list[Any]:
        """Over a menu (not docked beside a table) the screen's widgets are
        hidden while the dialog is open: drawn after it, they covered its
        card (the menu's buttons over a message, or a profile in use)."""
        if self.area()[1]:
            return []
        root: object = self.app.gui.get_root_container()
        out: list[Any] = [el for el in self.app.gui.get_sprite_group().sprites()
                          if el is not root and getattr(el, "visible", False)]
        for el in out:
            widgets.hide(el)
        return out

    def resize(self) -> None:
        self.exit()
        self.enter()

    def _wrap(self, fn: Action) -> Action:
        def run() -> None:
            if self in self.app.dialogs:
                self.app.pop_dialog(self)
            fn()
        return run

    def area(self) -> tuple[pygame.Rect, bool]:
        """Where the card goes and whether it is docked beside a table."""
        below = self.app.mode
        dock = below.dock() if below is not None else None
        w, h = self.app.size
        layout = getattr(below, "layout", None)
        if dock is not None and self.over_table and layout is not None:
            # The table's area down to the key line (the strip under it says
            # the card's keys), the side column left as it is.
            return pygame.Rect(0, layout.top.bottom, layout.side.left,
                               layout.strip.top - layout.top.bottom
                               ).inflate(-20, -12), True
        if dock is not None:
            # Always the side column: a card over the table covered its
            # right pockets (the match in numbers is laid out for the column).
            return dock, True
        pw = min(w - 40, max(420, int(w * (0.6 if self.wide else 0.42))))
        ph = h - 60
        return pygame.Rect((w - pw) // 2, 30, pw, ph), False

    def _text_size(self) -> int:
        """The card's text type for the window's height."""
        return max(MIN_SIZE, min(16, self.app.size[1] // 40))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(
                pygame.mouse.get_pos() if self.app.mouse is None else self.app.mouse):
            self.scroll = max(0, self.scroll - event.y)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN,
                                                          pygame.K_PAGEUP):
            self.scroll = max(0, self.scroll + (3 if event.key == pygame.K_PAGEDOWN
                                                else -3))
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and \
                event.ui_element is self.entry and self.buttons:
            self.app.press(self.buttons[0])
            return
        if event.type != pygame.KEYDOWN or self.app.repeat(event):
            return
        if pygame.K_1 <= event.key <= pygame.K_9 and self.guarded():
            # A number meant for the screen before it (a late "4 = skip"):
            # not taken, and said so when it names a button here.
            if self.numbered(event.key) is not None:
                self.app.key_too_soon()
            return
        if self.entry is not None and self.entry.is_focused and \
                event.key != pygame.K_ESCAPE:
            return  # the keys are typing the name
        lettered = self.lettered(event.key)
        if self.screen_keys is not None and lettered is None and \
                self.screen_keys(event):
            return
        if lettered is not None:
            self.app.press(lettered)
        elif event.key == pygame.K_v:
            self.read_whole()
        elif event.key == pygame.K_ESCAPE and self.cancel is not None:
            self.app.later(self._wrap(self.cancel))()
        elif pygame.K_1 <= event.key <= pygame.K_9:
            numbered = self.numbered(event.key)
            if numbered is not None:
                self.app.press(numbered)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and \
                (len(self.buttons) == 1 or (self.enter_first and bool(self.buttons))):
            self.app.press(self.buttons[0])

    def numbered(self, key: int) -> ui.Button | None:
        """The button a number key presses: the one with that key, else the
        one at that place when no button has a key."""
        i = key - pygame.K_1
        numbered = [b for b in self.buttons if b.key == str(i + 1)]
        if numbered:
            return numbered[0]
        if i < len(self.buttons) and not any(b.key for b in self.buttons):
            return self.buttons[i]
        return None

    def guarded(self) -> bool:
        """Whether number keys wait still: ``key_guard`` seconds and
        GUARD_FRAMES frames from the first frame that drew the card."""
        return self.key_guard > 0 and (
            self.drawn < self.GUARD_FRAMES or
            self.app.elapsed - self.shown_at < self.key_guard)

    def lettered(self, key: int) -> ui.Button | None:
        """The button whose key is this letter (Undo's U on the match's end
        card: a number there had meant a watching speed a moment before)."""
        name = pygame.key.name(key).upper()
        return next((b for b in self.buttons if len(b.key) == 1 and b.key.isalpha()
                     and b.key == name), None)

    def keys_words(self) -> str:
        """Its buttons' keys for the key line under it: "1–6", "1–3/U"."""
        parts = [self.number_keys()] if self.number_keys() else []
        parts += [b.key for b in self.buttons if b.key and not b.key.isdigit()
                  and b.key != "Esc"]
        return "/".join(parts)

    def number_keys(self) -> str:
        """Its buttons' number keys: "1–3", "1/3", "1–7/9" (a number left
        unused); empty: none."""
        digits = sorted(int(b.key) for b in self.buttons if b.key.isdigit())
        runs: list[list[int]] = []
        for d in digits:
            if runs and d == runs[-1][-1] + 1:
                runs[-1].append(d)
            else:
                runs.append([d])
        return "/".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else
                        "/".join(map(str, r)) for r in runs)

    def read_whole(self) -> None:
        """The text the card cuts, whole in the ruling card's reading view
        (the foul's ruling above a choice ran to "27 more below"). The
        reader only reads: Esc or V brings the dialog back, nothing chosen."""
        if not self.more_to_read():
            return
        whole = self.whole_body or self._full_body
        from simulator.app.table.ruling_card import Banner
        lines = whole.split("\n") if whole else []
        # The table where the card shows it: under its heading.
        k = self.table_at if self.table_at is not None and \
            whole == self._full_body else len(lines)
        lines[k:k] = self._table_read()
        self.app.open("card_reader",
                      banner=Banner(self._full_title, tuple(lines), False))

    def more_to_read(self) -> bool:
        """The card shows less than there is: cut, or shortened with the
        whole kept for V (a foul's choice says "V — more")."""
        shortened = bool(self.whole_body) and self.whole_body != self._full_body
        return self.cut or shortened

    def _table_read(self) -> list[str]:
        """The table as the reader says it: a row a line, its label, then
        each column's cell."""
        if not self.table:
            return []
        head = self._full_head or self.table[0]
        return [read_row(head, r) for r in self.table[1:]]

    def _goes_on(self, m: _Measures, row: int) -> bool:
        """Whether the body's line on the card's row ``row`` goes on in the
        row under it (a line of text before any table)."""
        if self.table_at is not None:
            return False
        paras = self.body.split("\n") if self.body else []
        kept = any(not ln.strip() for ln in m.lines)  # (as _read_rows)
        at = 0
        for p in paras:
            n = len(ui.wrap(p, m.size, m.width)) if p.strip() or kept else 0
            if at <= row < at + n:
                return row < at + n - 1
            at += n
        return False

    def _read_rows(self, m: _Measures, first: int) -> int:
        """How many rows the reader (V) gives what the card leaves below its
        row ``first``: "N more" counts these, not the card's own rows (the
        match's table, a row wrapped over two or three of the card's lines,
        said "11 more" where V showed 9)."""
        from simulator.app.dialogs.card_reader import reader_rows
        paras = self.body.split("\n") if self.body else []
        k = self.table_at if self.table_at is not None else len(paras)
        kept = any(not ln.strip() for ln in m.lines)  # (a low window drops blanks)
        before, after = ([(p, len(ui.wrap(p, m.size, m.width)) if p.strip() or kept
                           else 0) for p in ps] for ps in (paras[:k], paras[k:]))
        table_n = len(m.lines) - sum(n for _p, n in before + after)
        # Each span: the reader's text, its first card line and lines.
        spans: list[tuple[str, int, int]] = []
        at = 0
        for text, n in before:
            spans.append((text, at, n))
            at += n
        if self.table:
            said = self._table_read()
            if self._turned:
                # A row per player: each figure's row a share of the rows
                # over the legend (which V says in those rows' own words).
                shown = table_n - len(self._legend)
                spans += [(r, at, shown) for r in said]
            else:
                label_w = self._edges(m.width, m.size)[0] - 4
                rows = [len(ui.wrap(r[0], m.size, label_w) or [""])
                        for r in self.table[1:]]
                # (the header's lines go with the first row: each row names them)
                rows[0] = table_n - sum(rows[1:])
                tops = [at + sum(rows[:i]) for i in range(len(rows))]
                spans += list(zip(said, tops, rows, strict=True))
            at += table_n
        for text, n in after:
            spans.append((text, at, n))
            at += n
        if at != len(m.lines) or table_n < 0:
            return len(m.lines) - first  # (lines not the body's and table's)
        # (a blank the card dropped is still a row of V's below the cut)
        below = [(text, min(n, top + n - first), n) for text, top, n in spans
                 if top + n > first or (n == 0 and top >= first)]
        return reader_rows(self.app.size, below)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.drawn:
            self.shown_at = self.app.elapsed
        self.drawn += 1
        area, docked = self.area()
        dock = area
        if docked and self.fit_whole:
            area = self._fitting(area)
        if docked and self.over_table:
            area = self._over_table(area)
        if not docked:
            surface.blit(veil(surface.get_size(), (0, 0, 0, 120)), (0, 0))
        m = self._buttons_laid(area)
        self.cols = m.cols
        # The buttons stay in view and the text scrolls above them; when the
        # buttons alone are too many, text and buttons scroll together.
        fixed = sum(m.heights) + (min(2, len(m.lines)) * m.lh + m.pad
                                  if m.lines else 0) <= m.room
        if not fixed and m.cols >= 2:
            m = self._measure(area)
            self.cols = 1
        shown = self._fit_text(m) if fixed else self._fit_all(m)
        card = pygame.Rect(area.left, area.top, area.width,
                           min(area.height, shown.height))
        if not docked or self.over_table:
            card.centery = area.centery
        if self.over_table and area.bottom >= self.app.size[1]:
            card.bottom = area.bottom  # (the key line it covers all hidden)
        elif self.at_foot:
            card.bottom = area.bottom
            self.takes_side = card.top < dock.top  # (over the heading: hide it)
        self.rect = card
        self._draw_backdrop(surface, card)
        ui.panel(surface, card, (26, 34, 31), name="dialog",
                 border=None if self.backdrop else ui.ACCENT)
        # The words the card is drawn over are hidden, not read (the side
        # column's heading under a card that takes the whole column).
        under = self.backdrop or card
        ui.FRAME.texts[:] = [t for t in ui.FRAME.texts if not under.contains(t.rect)]
        x = card.left + m.pad
        y = card.top + m.pad
        y += ui.paragraph(surface, self.title, m.size + 3, ui.INK,
                          pygame.Rect(x, y, m.width, m.title_h), bold=True)
        y += m.pad
        seen = len(shown.items) if fixed else \
            max(0, min(len(m.lines), self.scroll + len(shown.items)) - self.scroll)
        self.cut = seen < len(m.lines)
        more = self._more(shown.hidden, m) if shown.hidden else \
            self.app.t("dialog.top")
        if fixed:
            self._draw_text_and_buttons(surface, m, shown, x, y, more)
        else:
            self._draw_scrolled(surface, m, shown, x, y, more)
        self._draw_side(surface, m)

    def _buttons_laid(self, area: pygame.Rect) -> _Measures:
        """The card measured with its buttons in one column, else in two
        before any text is hidden (a long menu in a low window: the pause
        menu at 1100x650 in Russian), or three where allowed: the first
        where all the text fits with the table's headings in full (not
        short over a legend of seven lines: a fifth button in one column
        took their room), then where it fits at all; where none does, the one
        that shows the most of the text (as many button rows as before a
        fifth button was added, never more)."""
        one = self._measure(area)
        if self._all_text_fits(one) and not one.legend:
            return one
        # (each grid also with the names in short words: the headings in
        # full beside them, where whole names took a legend)
        tries = [one] + [self._measure(area, cols=c, compact=k)
                         for c in self._grid_cols(one.width) for k in (False, True)]
        tries = [one] + [t for t in tries[1:] if self._words_whole(t)]
        fits = [t for t in tries if self._all_text_fits(t)]
        best = next((t for t in fits if not t.legend), fits[0] if fits else None)
        if best is None:
            best = min(tries, key=lambda t: sum(t.heights)) \
                if self.max_cols > 2 else one
        # (measured again: the table's lines are those of the last measure)
        return self._measure(area, cols=best.cols, compact=best.compact)

    def _in_card(self) -> list[ui.Button]:
        """The buttons drawn in the card (none where they stand in the side
        column)."""
        return [] if self._side is not None else self.buttons

    def _draw_backdrop(self, surface: pygame.Surface, card: pygame.Rect) -> None:
        """The frame of a card over the table: the table's whole area under
        the scoreboard, rails and all, where the card stands left of the side
        column."""
        layout = getattr(self.app.mode, "layout", None)
        self.backdrop = None
        if self._side is None or layout is None:
            return
        whole = pygame.Rect(0, layout.top.bottom, layout.side.left,
                            layout.strip.top - layout.top.bottom).inflate(-8, -8)
        if whole.contains(card):
            self.backdrop = whole
            ui.panel(surface, whole, (26, 34, 31), name="dialog", border=ui.ACCENT)

    def _draw_side(self, surface: pygame.Surface, m: _Measures) -> None:
        """The card's buttons at the top of the side column, a button a row
        in the card's button type."""
        if self._side is None:
            return
        y = self._side.top
        for b in self.buttons:
            y += b.place(self._side.left, y, self._side.width, m.bsize) + self.gap
            b.draw(surface, self.app.mouse)
        y += self.gap
        for note in self.side_note:
            box = pygame.Rect(self._side.left, y, self._side.width, 10 ** 6)
            h = ui.paragraph(None, note, m.size, ui.INK, box)
            if y + h > self._side.bottom:
                break
            y += ui.paragraph(surface, note, m.size, ui.INK, box)

    def _over_table(self, area: pygame.Rect) -> pygame.Rect:
        """The first of these the card fits unscrolled: as wide as its table
        needs (with room to breathe; two players' figures stood 400 px
        apart across the whole area), the table's whole area, the window's
        width under the scoreboard, then down over the key line too (eight
        seats of Express at 800x500: the card's buttons say their keys); the
        last where none does."""
        layout = getattr(self.app.mode, "layout", None)
        self._side = None
        size = self._text_size()
        need = area.width
        if self.table:
            head, body = self._full_head or self.table[0], self.table[1:]
            label = max(fonts_width(r[0], size) for r in body) + 8
            need = 20 + label + sum(self._row_need(head, body, head_size(size), size))
        fitted = pygame.Rect(0, area.top, min(area.width, max(need * 5 // 4,
                                                              area.width * 2 // 3)),
                             area.height)
        fitted.centerx = area.centerx
        tries = [fitted, area]
        if layout is not None:
            # The buttons in the side column and the card's frame over the
            # whole table (the column stood empty, the rails showed round
            # the card) where the card then fits the table's area with
            # every heading in full (a legend reads worse than a wider card).
            self._side = layout.side.inflate(-20, -16)
            fit = next((a for a in tries if self._fits_whole(a) and not self._legend),
                       None)
            if fit is not None:
                return fit
            self._side = None
            wide = pygame.Rect(area.left, area.top, layout.side.right - 2 * area.left,
                               area.height)
            tries += [wide, pygame.Rect(wide.left, wide.top, wide.width,
                                        layout.size[1] - wide.top)]
        return next((a for a in tries if self._fits_whole(a)), tries[-1])

    def _more(self, hidden: int, m: _Measures) -> str:
        """"N more below"; where the text is cut, the ruling card's one
        "N more: V" (V shows it all)."""
        return self.app.t("ruling.more" if self.cut else "dialog.more", n=hidden)

    def _fitting(self, dock: pygame.Rect) -> pygame.Rect:
        """The first of the dock, the whole side column, then closer buttons
        (each with the full text, then the short one; then all three with
        the briefest words) where this card fits unscrolled; the last when
        none does."""
        below = self.app.mode
        layout = getattr(below, "layout", None)
        side = layout.side.inflate(-20, -16) if layout is not None else dock
        whole = side
        # At the column's foot, under who is at the table and where the cue
        # ball is: the heading stays in view (at 800x500 the match's menu
        # hid it); then under who is at the table alone; the whole column
        # last (never wider, over the table's edge).
        kept = getattr(below, "kept_heading", None) \
            if self.at_foot and layout is not None else None
        keep, keep_big = (int(kept()), int(kept(small=False))) if kept else (0, 0)
        under_big = pygame.Rect(side.left, side.top + keep_big, side.width,
                                side.height - keep_big)
        side = pygame.Rect(side.left, side.top + keep, side.width, side.height - keep)
        full = [label for label, _fn in self.button_specs]
        title = self._full_title
        texts = [(title, self._full_body, full)]
        if self.short_body:
            texts.append((title, self.short_body, full))
            if self.short_labels:
                texts.append((title, self.short_body, self.short_labels))
        if self.shortest:
            texts.append(self.shortest)
        # Each choice in a few words only where nothing longer fits.
        rounds = [texts] + ([[self.briefest]] if self.briefest else [])
        tries = ((side, 6), (side, 3), (side, 2), (under_big, 6),
                 (under_big, 3)) if self.at_foot else \
            ((dock, 6), (side, 6), (side, 3))
        # Choices of many words take shorter words in one column before
        # their full words in two (the fouls' ran to eight lines a button).
        for two in (False, True) if self.one_column_first else (True,):
            for words in rounds:
                for area, gap in tries:
                    for head, body, labels in words:
                        self.title, self.body, self.gap = head, body, gap
                        for b, label in zip(self.buttons, labels, strict=True):
                            b.label = label
                        if self._fits_whole(area, two):
                            self.takes_side = area is not dock and not self.at_foot
                            return area
        self.takes_side = side is not dock and not self.at_foot
        return whole if self.at_foot else side

    def _fits_whole(self, area: pygame.Rect, in_two: bool = True) -> bool:
        """Whether all the text and every button fit ``area`` unscrolled, in
        one column of buttons or (``in_two``) in two."""
        if self._all_text_fits(self._measure(area)):
            return True
        if not in_two:
            return False
        for cols in self._grid_cols(area.width - 20):
            more = self._measure(area, cols=cols)
            if self._all_text_fits(more) and self._words_whole(more):
                return True
        return False

    def _grid_cols(self, width: int) -> list[int]:
        """The columns of buttons to try, fewest first: two from four
        buttons, three (where allowed) from five, each where ``width``
        gives every column its least."""
        n = len(self._in_card())
        return [c for c in range(2, self.max_cols + 1)
                if n >= c + 2 and width >= c * MIN_COLUMN]

    def _words_whole(self, m: _Measures) -> bool:
        """Whether every word of every button fits a column unbroken."""
        from simulator.app.text import fonts
        w2 = (m.width - 6 * (m.cols - 1)) // m.cols
        f = fonts.font(m.bsize)
        return all(f.size(word)[0] <= w2 - 16 - b._key_w(m.bsize)
                   for b in self.buttons for word in b.label.split())

    def _all_text_fits(self, m: _Measures) -> bool:
        return m.room - sum(m.heights) - (m.pad if m.lines else 0) >= \
            len(m.lines) * m.lh

    def _measure(self, area: pygame.Rect, cols: int = 1,
                 compact: bool = False) -> _Measures:
        size = self._text_size()
        pad = 10
        width = area.width - 2 * pad
        title_h = ui.paragraph(None, self.title, size + 3, ui.INK,
                               pygame.Rect(0, 0, width, 10 ** 6), bold=True)
        bsize = max(MIN_SIZE, size - 1)
        self._compact = False
        lines = self._text_lines(width, size)
        if cols >= 2:  # a height a row of two or three (ui.grid's gap of 6)
            w2 = (width - 6 * (cols - 1)) // cols
            bsize = max(MIN_SIZE, bsize - 2)
            inside = self._in_card()
            heights = [max(b.measure(w2, bsize) for b in inside[i:i + cols]) +
                       self.gap
                       for i in range(0, len(inside), cols)]
        else:
            heights = [b.measure(width, bsize) + self.gap for b in self._in_card()]
        room = area.height - title_h - 3 * pad
        entry_h = 0
        if self.entry is not None:
            entry_h = ui.line_height(16) + 14
            room -= entry_h
        if self._turned and (compact or len(lines) * ui.line_height(size) >
                             room - sum(heights) - pad):
            # Where the table turned round scrolls, a name too long beside
            # its figures goes there in short words, and seven headings of
            # 9 px go in two parts (``players_table``).
            self._compact = True
            lines = self._text_lines(width, size)
            # A low window has no empty line to spare over a table turned
            # round: the last player's figures were the line it pushed out.
            lines = [ln for ln in lines if ln.strip()]
        return _Measures(size, pad, width, title_h, ui.line_height(size), bsize,
                         lines, heights, room, entry_h, cols, bool(self._legend),
                         self._compact)

    def _text_lines(self, width: int, size: int) -> list[str]:
        """The body's lines, the table's among them."""
        paras = self.body.split("\n") if self.body else []
        k = self.table_at if self.table_at is not None else len(paras)
        lines = ui.wrap("\n".join(paras[:k]), size, width) if paras[:k] else []
        lines += self._table_lines(width, size)
        if paras[k:]:
            lines += ui.wrap("\n".join(paras[k:]), size, width)
        return lines

    def _table_lines(self, width: int, size: int) -> list[str]:
        """The table's rows as lines, under the full header, or the short
        one (``short_head``) where the full one takes more than two lines: at
        800x500 "Computer (club player)" broke into four lines in Russian;
        on two ("Computer" over "(club player)") it says who plays."""
        if not self.table:
            return []
        self._stair = None
        self._names, self._legend = set(), set()
        self._turned = False
        if self.short_head is None:
            return self._table_lines_under(width, size)
        full = self._full_head or self.table[0]
        self._full_head = full
        self.table[0] = full
        # The names as the scoreboard says them, on one line over their
        # columns, each label on one line, where the card is wide enough.
        lines = self._table_lines_under(width, size)
        if len(self._heads) == 1 and len(lines) == len(self.table):
            return lines
        # Else the names on one row over columns as wide as each needs, so
        # the labels keep one line each («побед за / столом» at 800x500).
        if self.abbr is None:
            return self._table_lines_row(width, size) or []
        row = self._table_lines_row(width, size, whole=True)
        # Else a row per player under short headings: the whole names have
        # no room over columns in the side column.
        return row if row is not None else self._table_lines_players(width, size)

    def _table_lines_players(self, width: int, size: int) -> list[str]:
        """The table turned round: a row per player, a column per figure
        under its heading in full where they all fit on one row beside whole
        names (the card over the table's area), else under its short
        heading with a legend of the headings."""
        assert self.abbr is not None and self.short_head is not None
        self._turned = True
        labels = tuple(r[0] for r in self.table[1:])
        laid = players_table(self.table, self.short_head, labels, width, size,
                             lambda a, label: "", compact=self._compact)
        whole = len(laid.heads) == 1 and laid.stair[1][-1] <= width and \
            laid.names == laid.rows
        if whole:  # (the headings say it all: no legend under them)
            laid = replace(laid, legend=[])
        else:
            laid = players_table(self.table, self.short_head, self.abbr, width, size,
                                 lambda a, label: self.app.t(
                                     "evening.stat_legend_item", abbr=a, label=label),
                                 compact=self._compact)
        self._stair = laid.stair
        self._head_size = laid.head_size
        self._heads = set(laid.heads) or {laid.head}
        self._names = set(laid.names)
        self._legend = set(laid.legend)
        return [laid.head, *laid.rows, *laid.legend]

    def _table_lines_row(self, width: int, size: int, whole: bool = False
                         ) -> list[str] | None:
        """The table under one header row, each name right-aligned over its
        own column, the labels on a line each: a column as wide as its name
        needs (the figures right-aligned under the name's end), the name in
        full where it fits, at the header's type (the figures' own), its
        short words («Александра К.», "Computer") only where it does
        not (names a line each, set askew, read badly)."""
        assert self.short_head is not None
        head, *body = self.table
        label = max(fonts_width(r[0], size) for r in body) + 8
        # (never under the figures' type: headings of 9 px could not be read)
        hs0 = head_size(size)
        tries = [(h, hs0) for h in ([head] if whole else
                                    _shortened(head, self.short_head))]
        fit = next(((h, hs) for h, hs in tries
                    if sum(self._row_need(h, body, hs, size)) <= width - label),
                   None)
        if fit is None:
            if whole:  # (the whole names only, or none)
                return None
            fit = tries[-1]
        names, hs = fit
        need = self._row_need(names, body, hs, size)
        edges = _spread(need, width - label, label)
        self.table[0] = ("", *names[1:])
        self._stair = (label, edges)
        self._head_size = hs
        heads = [TAB.join(("", *names[1:]))]
        self._heads = set(heads)
        return heads + self._body_rows(body, label - 4, size)

    @staticmethod
    def _row_need(head: tuple[str, ...], body: list[tuple[str, ...]], hs: int,
                  size: int) -> list[int]:
        """Each column's least width on one header row: its name, a space
        to spare and the 4 px margin (two names never run together nor over
        the labels), and never narrower than its figures."""
        figure = max(fonts_width(c, size) for r in body for c in r[1:]) + 12
        gap = 4 + fonts_width_bold("  ", hs)
        return [max(figure, fonts_width_bold(c, hs) + gap) for c in head[1:]]

    def _table_lines_under(self, width: int, size: int) -> list[str]:
        """The table's rows as lines; a header cell too long for its column
        ("Computer (club player)") wraps onto more header lines rather than
        being cut to "Computer..."."""
        head, *body = self.table
        rest = self._columns(width, size)[1]
        rest -= 4
        # The header keeps the figures' type (9 px could not be read): a
        # name too wide wraps by words, broken inside one only where a word
        # is wider than its column.
        hs = head_size(size)
        self._head_size = hs
        cells = [ui.wrap(c, hs, rest, bold=True) or [""] for c in head[1:]]
        heads = [TAB.join((head[0] if k == 0 else "",
                           *(w[k] if k < len(w) else "" for w in cells)))
                 for k in range(max(len(w) for w in cells))]
        self._heads = set(heads)
        return heads + self._body_rows(body, self._columns(width, size)[0] - 4, size)

    @staticmethod
    def _body_rows(body: list[tuple[str, ...]], label_w: int, size: int) -> list[str]:
        """The table's rows, a label too long for its column wrapped onto
        the lines under it (never squeezed to smaller type or cut:
        «выиграно парт…» at 800x500)."""
        out: list[str] = []
        for row in body:
            label = ui.wrap(row[0], size, label_w) or [""]
            out.append(TAB.join((label[0], *row[1:])))
            out += [TAB.join((part, *("" for _ in row[1:]))) for part in label[1:]]
        return out

    def _columns(self, width: int, size: int) -> tuple[int, int]:
        """The table's first column and each other's width: a column as
        wide as its whole header, else the longest word of it, where the
        labels have room to give (a name is then never cut mid-word)."""
        n = max(1, len(self.table[0]) - 1)
        first = min(width // 2, max(fonts_width(r[0], size) for r in self.table) + 8)
        word = max((fonts_width(w, head_size(size)) for c in self.table[0][1:]
                    for w in c.split()), default=0) + 12
        # (the labels may wrap by words, never be cut, to give it)
        label = max((fonts_width(w, size) for r in self.table for w in r[0].split()),
                    default=0) + 8
        # A whole header cell on one line (at the header's type) where the
        # labels leave it the room, a space to spare beside it (two whole
        # names filling their columns ran together over a wide card).
        hs = head_size(size)
        whole = max((fonts_width_bold(c, hs) for c in self.table[0][1:]), default=0) \
            + 4 + fonts_width_bold("  ", hs)  # (see rest - 4)
        if whole <= (width - label) // n:
            word = max(word, whole)
        rest = max((width - first) // n, min(word, (width - label) // n))
        return width - rest * n, rest

    def _fit_text(self, m: _Measures) -> _Shown:
        """The buttons all shown: the lines of text that fit above them."""
        lines, lh, pad = m.lines, m.lh, m.pad
        text_room = m.room - sum(m.heights) - (pad if lines else 0)
        fit = text_room // lh
        more_line = len(lines) > fit
        if more_line:
            fit = max(0, fit - 1)
        self.scroll = max(0, min(self.scroll, len(lines) - fit))
        shown_lines = lines[self.scroll:self.scroll + fit]
        # An empty row over "N more" read as the end; a heading there
        # ("The match in numbers:") stood over nothing: both left below.
        heads = {p for p in self.body.split("\n") if p.rstrip().endswith(":")}
        while more_line and shown_lines and (not shown_lines[-1].strip() or
                                             shown_lines[-1] in heads):
            shown_lines.pop()
        hidden = self._read_rows(m, self.scroll + len(shown_lines)) \
            if len(lines) > self.scroll + len(shown_lines) else 0
        if hidden and shown_lines and \
                self._goes_on(m, self.scroll + len(shown_lines) - 1):
            shown_lines[-1] = cut_mark(shown_lines[-1])
        used = len(shown_lines) * lh + (lh if more_line or self.scroll else 0)
        h = m.title_h + 3 * pad + used + (pad if lines else 0) + sum(m.heights) + \
            m.entry_h
        return _Shown(h, hidden, [(lh, ln) for ln in shown_lines], more_line)

    def _fit_all(self, m: _Measures) -> _Shown:
        """Text and buttons scrolled together: those that fit from the scroll."""
        lh = m.lh
        items: list[tuple[int, str | ui.Button]] = [(lh, ln) for ln in m.lines]
        if items:
            items.append((m.pad, ""))
        items += list(zip(m.heights, self._in_card(), strict=True))
        room = m.room - lh  # a line to say there is more
        self.scroll = max(0, min(self.scroll, len(items) - 1))
        shown: list[tuple[int, str | ui.Button]] = []
        used = 0
        for hh, it in items[self.scroll:]:
            if used + hh > room:
                break
            shown.append((hh, it))
            used += hh
        hidden = len(items) - self.scroll - len(shown)
        return _Shown(m.title_h + 3 * m.pad + used + lh + m.entry_h, hidden, shown)

    def _draw_text_and_buttons(self, surface: pygame.Surface, m: _Measures,
                               shown: _Shown, x: int, y: int, more: str) -> None:
        lh, width = m.lh, m.width
        top = y
        for _hh, ln in shown.items:
            assert isinstance(ln, str)
            self._line(surface, ln, m, pygame.Rect(x, y, width, lh))
            y += lh
        if shown.more_line or self.scroll:
            ui.line(surface, more, max(MIN_SIZE, m.size - 2), ui.DIM,
                    pygame.Rect(x, y, width, lh))
            y += lh
        self._click_reads(pygame.Rect(x, top, width, y - top))
        if m.lines:
            y += m.pad
        if self.entry is not None:
            at = pygame.Rect(x, y, width, m.entry_h - 8)
            if self.entry.rect != at:
                self.entry.set_position(at.topleft)
                self.entry.set_dimensions(at.size)
                # the rebuilt line drew no selection: the offered name's again
                self.entry.select_range = list(self.entry.select_range)
                widgets.redraw(self.entry)
            y += m.entry_h
        if m.cols >= 2:
            ui.grid(self._in_card(), pygame.Rect(x, y, width, 0), m.bsize,
                    cols=m.cols)
            for b in self._in_card():
                b.draw(surface, self.app.mouse)
            return
        for b in self._in_card():
            y += b.place(x, y, width, m.bsize) + self.gap
            b.draw(surface, self.app.mouse)

    def _line(self, surface: pygame.Surface, text: str, m: _Measures,
              box: pygame.Rect) -> None:
        """A line of text, or a row of the table: its first cell on the left,
        the others right-aligned in equal columns (the header in bold)."""
        if TAB not in text:
            ui.line(surface, text, m.size, ui.DIM if text in self._legend else ui.INK,
                    box, bold=text in self._names)
            return
        cells = text.split(TAB)
        first, edges = self._edges(box.width, m.size)
        head = text in self._heads
        named = text in self._names  # a player's name beside their figures
        if cells[0]:
            ui.line(surface, cells[0], m.size, ui.INK if head or named else ui.DIM,
                    pygame.Rect(box.left, box.top, first - 4, box.height), bold=named)
        for i, cell in enumerate(cells[1:]):
            left = box.left + (edges[i - 1] if i else first)
            ui.line(surface, cell, getattr(self, "_head_size", head_size(m.size))
                    if head else m.size, ui.INK,
                    pygame.Rect(left, box.top, box.left + edges[i] - 4 - left,
                                box.height), align="right", bold=head)

    def _edges(self, width: int, size: int) -> tuple[int, list[int]]:
        """The label column's width and each figure column's right edge."""
        if self._stair is not None:
            return self._stair
        first, rest = self._columns(width, size)
        n = max(1, len(self.table[0]) - 1)
        return first, [first + (k + 1) * rest for k in range(n)]

    def _click_reads(self, text: pygame.Rect) -> None:
        """A click on a cut text reads it whole, as on the ruling card."""
        if self.more_to_read() and text.height > 0:
            ui.FRAME.areas.append((text, self.read_whole))

    def _draw_scrolled(self, surface: pygame.Surface, m: _Measures, shown: _Shown,
                       x: int, y: int, more: str) -> None:
        top: int | None = y  # where the text shown begins, until a button
        for hh, it in shown.items:
            if isinstance(it, ui.Button):
                if top is not None:
                    self._click_reads(pygame.Rect(x, top, m.width, y - top))
                    top = None
                it.place(x, y, m.width, m.bsize)
                it.draw(surface, self.app.mouse)
            elif it:
                self._line(surface, it, m, pygame.Rect(x, y, m.width, m.lh))
            y += hh
        ui.line(surface, more, max(MIN_SIZE, m.size - 2), ui.DIM,
                pygame.Rect(x, y, m.width, m.lh))
        if top is not None:
            self._click_reads(pygame.Rect(x, top, m.width, y + m.lh - top))


MIN_COLUMN = 110  # the narrowest column of dialog buttons, px


@dataclass(frozen=True)
class _Measures:
    """A dialog's card measured for one frame: text sizes, its lines, the
    buttons' heights and the room they share."""

    size: int
    pad: int
    width: int
    title_h: int
    lh: int
    bsize: int
    lines: list[str]
    heights: list[int]
    room: int
    entry_h: int
    cols: int = 1  # the buttons' columns
    legend: bool = False  # the table's headings short, a legend under it
    compact: bool = False  # the table turned round, its names in short words


@dataclass(frozen=True)
class _Shown:
    """What of the card fits: its height, how many lines or buttons are
    hidden, the (height, line or button) shown and whether a line says
    there is more."""

    height: int
    hidden: int
    items: list[tuple[int, str | ui.Button]]
    more_line: bool = False


class NameDialog(Dialog):
    """A dialog with one line to type (a name), then its buttons; Enter
    presses the first."""

    def __init__(self, app: App, title: str, body: str, text: str,
                 buttons: list[tuple[str, Action]], cancel: Action | None = None,
                 kind: str = "name") -> None:
        super().__init__(app, title, body, buttons, cancel=cancel, kind=kind)
        self.field_text = text
        self.offer_selected = True
        # The keys type the name, so a digit beside a button would be typed
        # into it: Enter takes the first, Esc the cancelling last.
        for i, button in enumerate(self.buttons):
            last = i == len(self.buttons) - 1 and i > 0 and cancel is not None
            button.key = "Enter" if i == 0 else "Esc" if last else ""

    def text(self) -> str:
        typed = self.entry.get_text() if self.entry is not None else self.field_text
        return (typed or "").strip()


class MessageDialog(Dialog):
    def __init__(self, app: App, title: str, body: str,
                 then: Action | None = None) -> None:
        done = then or (lambda: None)
        super().__init__(app, title, body, [(app.t("common.ok"), done)], cancel=done,
                         kind="message")
