"""The help screen (F1, or Help in the menus): every key and mouse action,
by what one is doing, in the player's language. The words are sized to fit
the window in two columns; Esc or Back returns where it was opened."""

from __future__ import annotations

import pygame

from simulator.app.loop.app import App, Mode
from simulator.app.screens.backdrop import backdrop
from simulator.app.text import fonts, ui

SECTIONS = ("aiming", "placing", "match", "replay", "practice", "dialogs")
SEP = " — "


class HelpMode(Mode):
    name = "help"

    def __init__(self, app: App, back: str = "menu",
                 return_to: Mode | None = None) -> None:
        super().__init__(app)
        self.back = back  # the screen to return to, by name
        self.return_to = return_to  # or the very screen it was opened from

    def leave(self) -> None:
        if self.return_to is not None:
            self.app.switch(self.return_to)
        else:
            self.app.go(self.back if self.back in self.app.screens else "menu")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (
                pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN) and \
                not self.app.repeat(event):
            self.leave()

    def sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        t = self.app.t
        out = []
        for key in SECTIONS:
            rows = []
            for ln in t(f"help.{key}").split("\n"):
                k, _, what = ln.partition(SEP)
                rows.append((k.strip(), what.strip()))
            out.append((t(f"help.head_{key}"), rows))
        return out

    def layout(self, size: int, width: int) -> tuple[list[list[tuple[str, list[
            tuple[str, str]]]]], int, int]:
        """The sections in two columns; the height they need and the key width."""
        secs = self.sections()
        key_w = max(fonts.font(size, True).size(k)[0] for _h, rows in secs
                    for k, _w in rows) + 12
        key_w = min(key_w, width // 2)
        # The split of the sections between the columns (each keeping their
        # order) with the shorter tallest column: a handful of sections, so
        # every split is tried; ties go to the earlier split.
        hs = [self._height(sec, size, width, key_w) for sec in secs]
        best = min(range(1 << len(secs)), key=lambda m: max(
            sum(h for i, h in enumerate(hs) if not m >> i & 1),
            sum(h for i, h in enumerate(hs) if m >> i & 1)))
        cols: list[list[tuple[str, list[tuple[str, str]]]]] = [
            [sec for i, sec in enumerate(secs) if not best >> i & 1],
            [sec for i, sec in enumerate(secs) if best >> i & 1]]
        heights = [sum(h for i, h in enumerate(hs) if not best >> i & 1),
                   sum(h for i, h in enumerate(hs) if best >> i & 1)]
        return cols, max(heights), key_w

    def _height(self, sec: tuple[str, list[tuple[str, str]]], size: int, width: int,
                key_w: int) -> int:
        lh = ui.line_height(size)
        h = ui.line_height(size + 2, True) + 6
        for _k, what in sec[1]:
            h += max(1, len(ui.wrap(what, size, width - key_w))) * lh
        return h + lh // 2

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        backdrop(surface, self.app.t("help.title"))
        top = int(h * 0.06) + max(28, h // 11) + 16
        bottom = h - 56
        col_w = (w - 72) // 2
        size = 16
        while size > 9:  # the smallest window (800x500) needs 9 to hold every key
            cols, need, key_w = self.layout(size, col_w)
            if need <= bottom - top:
                break
            size -= 1
        cols, _need, key_w = self.layout(size, col_w)
        lh = ui.line_height(size)
        for c, col in enumerate(cols):
            x = 24 + c * (col_w + 24)
            y = top
            for head, rows in col:
                ui.line(surface, head, size + 2, ui.ACCENT,
                        pygame.Rect(x, y, col_w, ui.line_height(size + 2, True)),
                        bold=True)
                y += ui.line_height(size + 2, True) + 6
                for k, what in rows:
                    ui.line(surface, k, size, ui.INK, pygame.Rect(x, y, key_w - 8, lh),
                            bold=True)
                    lines = ui.wrap(what, size, col_w - key_w)
                    for ln in lines or [""]:
                        ui.line(surface, ln, size, ui.DIM,
                                pygame.Rect(x + key_w, y, col_w - key_w, lh))
                        y += lh
                y += lh // 2
        back = ui.Button(self.app.t("common.back"), self.leave, key="Esc",
                         ident="back")
        back.place(w // 2 - 110, h - 48, 220, 15)
        back.draw(surface, self.app.mouse)
