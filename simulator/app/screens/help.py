"""The help screen (F1, or Help in the menus): every key and mouse action,
by what one is doing, in the player's language. The words are sized to fit
the window in two columns, never smaller than MIN_SIZE: what does not fit
goes on a next page (PgDn / PgUp); Esc or Back returns where it was opened."""

from __future__ import annotations

import pygame

from simulator.app.loop.app import App, Mode
from simulator.app.screens.backdrop import backdrop, title_bottom
from simulator.app.screens.shot_input import SHORT_PULL_PX
from simulator.app.table.aim import MAX_SPEED, Aim
from simulator.app.text import fonts, ui

SECTIONS = ("aiming", "placing", "calls", "match", "replay", "practice", "dialogs",
            "club")
SEP = " — "
MIN_SIZE = 15  # the smallest help text, readable at 800x500
Section = tuple[str, list[tuple[str, str]]]  # a heading and its (key, what) rows
Page = list[list[Section]]  # two columns


class HelpMode(Mode):
    name = "help"

    def __init__(self, app: App, back: str = "menu",
                 return_to: Mode | None = None, section: str = "",
                 only: tuple[str, ...] = ()) -> None:
        super().__init__(app)
        # The sections shown: a screen's own keys (the position editor's,
        # in none of the others), else every one.
        self.only = only
        self.back = back  # the screen to return to, by name
        self.return_to = return_to  # or the very screen it was opened from
        self.page = 0
        # Opened at the page of this section (the club evening's keys, from
        # the evening), once the pages are known.
        self.section = section
        self.pages = 1
        self.size = 16  # the text size the last frame was drawn at
        # The pages worked out, by room, column width and language.
        self._paged: dict[tuple[int, int, str, bool], tuple[int, list[Page]]] = {}

    def leave(self) -> None:
        if self.return_to is not None:
            self.app.switch(self.return_to)
        else:
            self.app.go(self.back if self.back in self.app.screens else "menu")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN or self.app.repeat(event):
            return
        if event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN):
            self.leave()
        elif event.key in (pygame.K_PAGEDOWN, pygame.K_RIGHT, pygame.K_SPACE):
            self.turn(1)
        elif event.key in (pygame.K_PAGEUP, pygame.K_LEFT):
            self.turn(-1)

    def turn(self, step: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + step))

    def title(self) -> str:
        """The heading, with the page shown of how many when there are more."""
        t = self.app.t
        if self.pages == 1:
            return t("help.title")
        return t("help.title_page", title=t("help.title"), page=self.page + 1,
                 of=self.pages)

    def sections(self) -> list[Section]:
        t = self.app.t
        num = self.app.locale.num
        # The pull back's scale, from the power control's own figures.
        scale = {"max": num(MAX_SPEED, 0), "half": num(Aim(power=0.5).speed, 0),
                 "short": str(SHORT_PULL_PX)}
        no_hint = self.hints_off()
        # (an evening without hints: I is not offered)
        scale["taken"] = "" if no_hint else t("help.hint_taken")
        out = []
        for key in self.only or SECTIONS:
            rows = []
            for ln in t(f"help.{key}", **scale).split("\n"):
                k, _, what = ln.partition(SEP)
                if no_hint and k.strip() == "I":
                    continue
                rows.append((k.strip(), what.strip()))
            out.append((t(f"help.head_{key}"), rows))
        return out

    def hints_off(self) -> bool:
        """Opened from a match of a club evening played without hints."""
        s = self.app.session
        return self.back == "match" and s is not None and not s.hints_allowed

    def key_width(self, size: int, width: int, secs: list[Section]) -> int:
        key_w = max(fonts.font(size, True).size(k)[0] for _h, rows in secs
                    for k, _w in rows) + 12
        return min(key_w, width // 2)

    def layout(self, size: int, width: int, secs: list[Section]) -> tuple[
            Page, int]:
        """The sections in two columns; the height they need."""
        key_w = self.key_width(size, width, secs)
        # The split of the sections between the columns (each keeping their
        # order) with the shorter tallest column: a handful of sections, so
        # every split is tried; ties go to the earlier split.
        hs = [self._height(sec, size, width, key_w) for sec in secs]
        best = min(range(1 << len(secs)), key=lambda m: max(
            sum(h for i, h in enumerate(hs) if not m >> i & 1),
            sum(h for i, h in enumerate(hs) if m >> i & 1)))
        cols: Page = [[sec for i, sec in enumerate(secs) if not best >> i & 1],
                      [sec for i, sec in enumerate(secs) if best >> i & 1]]
        heights = [sum(h for i, h in enumerate(hs) if not best >> i & 1),
                   sum(h for i, h in enumerate(hs) if best >> i & 1)]
        return cols, max(heights)

    def _row_height(self, row: tuple[str, str], size: int, width: int,
                    key_w: int) -> int:
        k, what = row
        return max(1, len(ui.wrap(what, size, width - key_w)),
                   len(ui.wrap(k, size, key_w - 8, bold=True))) * ui.line_height(size)

    def _height(self, sec: Section, size: int, width: int, key_w: int) -> int:
        lh = ui.line_height(size)
        return ui.line_height(size + 2, True) + 6 + lh // 2 + sum(
            self._row_height(row, size, width, key_w) for row in sec[1])

    def flow(self, size: int, width: int, room: int, secs: list[Section],
             cap: int = 0) -> tuple[list[Page], list[int]]:
        """The sections run down one column into the next and on to the next
        page, each column filled to ``cap`` (the page's room when none is
        given), a section broken between its rows (its heading said again
        where it goes on) unless it fits whole in the next column and this
        one is half full; the pages and the height each column takes. A
        section going on in the next column of the same page goes on without
        its heading (a page showed «Прицел» over both its columns)."""
        cap = cap or room
        key_w = self.key_width(size, width, secs)
        head_h = ui.line_height(size + 2, True) + 6
        gap = ui.line_height(size) // 2
        pages: list[Page] = [[[]]]
        heights = [0]

        def next_column() -> None:
            if len(pages[-1]) < 2:
                pages[-1].append([])
            else:
                pages.append([[]])
            heights.append(0)

        for head, rows in secs:
            hs = [self._row_height(row, size, width, key_w) for row in rows]
            y = heights[-1]
            # (whole in the next column where this one is three quarters
            # full: at half, page 1 at 1280x720 lost the match's PgUp)
            if y and y + head_h + sum(hs) > cap >= head_h + sum(hs) and \
                    4 * y >= 3 * cap:
                next_column()
            i, said = 0, -1  # the page its heading was said on
            while i < len(rows):
                if heights[-1] and heights[-1] + head_h + hs[i] > cap:
                    next_column()  # not even its first row
                again = said == len(pages) - 1
                part: list[tuple[str, str]] = []
                y = heights[-1] + (0 if again else head_h)
                while i < len(rows) and (not part or y + hs[i] <= cap):
                    part.append(rows[i])
                    y += hs[i]
                    i += 1
                pages[-1][-1].append(("" if again else head, part))
                said = len(pages) - 1
                heights[-1] = y + gap
        return pages, heights

    def balanced(self, size: int, width: int, room: int,
                 secs: list[Section]) -> list[Page]:
        """As few pages as the room allows, each at least half full where
        that can be, with the fewest sections broken, and of those the
        evenest columns (filled to the brim, page 1 of the help at 1280x720
        was crowded and page 2 a quarter full, a section broken over it)."""
        fewest = len(self.flow(size, width, room, secs)[0])
        least = sum(self.flow(size, width, room, secs)[1]) // (2 * fewest)
        best: tuple[tuple[int, int, int], list[Page]] | None = None
        for cap in range(min(room, least), room + 1, 2):
            pages, heights = self.flow(size, width, room, secs, cap)
            if len(pages) > fewest:
                continue
            # Thin: a page under 60 % of its two columns (a margin over half:
            # the heights count the gaps under sections, the eye does not).
            thin = any(5 * sum(heights[2 * p:2 * p + 2]) < 6 * room
                       for p in range(len(pages)))
            broken = sum(len(col) for page in pages for col in page) - len(secs)
            score = (int(thin), broken, cap)
            if best is None or score < best[0]:
                best = score, pages
        return best[1] if best else self.flow(size, width, room, secs)[0]

    def paged(self, room: int, col_w: int) -> tuple[int, list[Page]]:
        """The largest size down to MIN_SIZE at which every section fits one
        page, whole in its column; else the sections flowed evenly over as
        few pages as MIN_SIZE needs, at the largest size that keeps to them
        (at MIN_SIZE the second page at 1280x720 held three lines)."""
        secs = self.sections()
        memo = (room, col_w, self.app.locale.lang, self.hints_off())
        if memo in self._paged:
            return self._paged[memo]
        best: tuple[int, list[Page]] | None = None
        for size in range(16, MIN_SIZE - 1, -1):
            cols, need = self.layout(size, col_w, secs)
            if need <= room:
                best = size, [cols]
                break
        if best is None:
            fewest = len(self.flow(MIN_SIZE, col_w, room, secs)[0])
            size = next(s for s in range(16, MIN_SIZE - 1, -1)
                        if len(self.flow(s, col_w, room, secs)[0]) <= fewest)
            best = size, self.balanced(size, col_w, room, secs)
        self._paged[memo] = best
        return best

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        top = title_bottom((w, h), self.title()) + 12
        bottom = h - 56
        col_w = (w - 72) // 2
        size, pages = self.paged(bottom - top, col_w)
        if self.section:
            head = self.app.t(f"help.head_{self.section}")
            self.page = next((p for p, page in enumerate(pages)
                              if any(h == head for col in page for h, _ in col)), 0)
            self.section = ""
        self.pages = len(pages)
        self.page = min(self.page, self.pages - 1)
        self.size = size
        backdrop(surface, self.title())
        cols = pages[self.page]
        key_w = self.key_width(size, col_w, self.sections())
        lh = ui.line_height(size)
        for c, col in enumerate(cols):
            x = 24 + c * (col_w + 24)
            y = top
            for head, rows in col:
                if head:  # (none where the section goes on from the left)
                    ui.line(surface, head, size + 2, ui.ACCENT,
                            pygame.Rect(x, y, col_w, ui.line_height(size + 2, True)),
                            bold=True)
                    y += ui.line_height(size + 2, True) + 6
                for k, what in rows:
                    # A long key (a Russian mouse action) wraps under itself.
                    keys = ui.wrap(k, size, key_w - 8, bold=True)
                    for i, kl in enumerate(keys):
                        ui.line(surface, kl, size, ui.INK,
                                pygame.Rect(x, y + i * lh, key_w - 8, lh), bold=True)
                    lines = ui.wrap(what, size, col_w - key_w) or [""]
                    for ln in lines:
                        ui.line(surface, ln, size, ui.DIM,
                                pygame.Rect(x + key_w, y, col_w - key_w, lh))
                        y += lh
                    y += max(0, len(keys) - len(lines)) * lh
                y += lh // 2
        back = ui.Button(self.app.t("common.back"), self.leave, key="Esc",
                         ident="back")
        if self.pages == 1:
            back.place(w // 2 - 110, h - 48, 220, 15)
            back.draw(surface, self.app.mouse)
            return
        t = self.app.t
        buttons = [ui.Button(t("help.previous"), (lambda: self.turn(-1))
                             if self.page else None, key="PgUp", ident="help_prev"),
                   back,
                   ui.Button(t("help.next_page"),
                             (lambda: self.turn(1)) if self.page + 1 < self.pages
                             else None, key="PgDn", ident="help_next")]
        bw = min(240, (w - 48) // 3)
        x0 = w // 2 - (3 * bw + 16) // 2
        for i, b in enumerate(buttons):
            b.place(x0 + i * (bw + 8), h - 48, bw, 14)
            b.draw(surface, self.app.mouse)
