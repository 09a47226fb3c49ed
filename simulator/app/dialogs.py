"""Dialogs: a title, a text and a column of buttons, drawn as a card.

Over a table screen a dialog docks in the side column (the screen's
:meth:`Mode.dock`), so the table and the balls being decided about stay in
view; over a menu it sits in the middle of the window. The text scrolls with
the mouse wheel when it is longer than the room; the buttons always show.
Keys: 1-9 press the n-th button; Esc presses the cancel button if any; Enter
presses the only button.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from simulator.app import ui
from simulator.app.app import App, Mode
from simulator.app.render import veil

Action = Callable[[], None]


class Dialog(Mode):
    name = "dialog"
    modal = True

    def __init__(self, app: App, title: str, body: str,
                 buttons: list[tuple[str, Action]], cancel: Action | None = None,
                 wide: bool = False, side: bool = False, kind: str = "") -> None:
        super().__init__(app)
        self.wide = wide
        self.kind = kind  # what the dialog decides ("choice", "pause", ...)
        self.title = title
        self.body = body
        self.button_specs = buttons
        self.cancel = cancel
        self.scroll = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[ui.Button] = [
            ui.Button(label, self._wrap(fn), key=str(i + 1) if len(buttons) > 1 and
                      i < 9 else "")
            for i, (label, fn) in enumerate(buttons)]

    @property
    def panel(self) -> Dialog:
        """The dialog's own card (``.rect``), for code that asks where it is."""
        return self

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
        if dock is not None:
            return dock, True
        w, h = self.app.size
        pw = min(w - 40, max(420, int(w * (0.6 if self.wide else 0.42))))
        ph = h - 60
        return pygame.Rect((w - pw) // 2, 30, pw, ph), False

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(
                pygame.mouse.get_pos() if self.app.mouse is None else self.app.mouse):
            self.scroll = max(0, self.scroll - event.y)
            return
        if event.type != pygame.KEYDOWN or self.app.repeat(event):
            return
        if event.key == pygame.K_ESCAPE and self.cancel is not None:
            self.app.later(self._wrap(self.cancel))()
        elif pygame.K_1 <= event.key <= pygame.K_9:
            i = event.key - pygame.K_1
            if i < len(self.buttons):
                self.app.press(self.buttons[i])
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and \
                len(self.buttons) == 1:
            self.app.press(self.buttons[0])

    def draw(self, surface: pygame.Surface) -> None:
        area, docked = self.area()
        if not docked:
            surface.blit(veil(surface.get_size(), (0, 0, 0, 120)), (0, 0))
        size = max(12, min(16, self.app.size[1] // 40))
        pad = 10
        width = area.width - 2 * pad
        title_size = size + 3
        title_h = ui.paragraph(None, self.title, title_size, ui.INK,
                               pygame.Rect(0, 0, width, 10 ** 6), bold=True)
        bsize = size
        buttons_h = sum(b.measure(width, bsize) + 6 for b in self.buttons)
        lines = ui.wrap(self.body, size, width) if self.body else []
        lh = ui.line_height(size)
        body_room = area.height - title_h - buttons_h - 4 * pad
        while body_room < 2 * lh and bsize > 11:  # many buttons: smaller words
            bsize -= 1
            buttons_h = sum(b.measure(width, bsize) + 6 for b in self.buttons)
            body_room = area.height - title_h - buttons_h - 4 * pad
        fit_lines = max(0, body_room // lh)
        self.scroll = min(self.scroll, max(0, len(lines) - fit_lines))
        shown = lines[self.scroll:self.scroll + fit_lines]
        more = len(lines) - self.scroll - len(shown)
        h = title_h + (len(shown) * lh + pad if lines else 0) + buttons_h + 3 * pad
        if more or self.scroll:
            h += lh
        card = pygame.Rect(area.left, area.top, area.width, min(area.height, h))
        if not docked:
            card.centery = area.centery
        self.rect = card
        ui.panel(surface, card, (26, 34, 31), name="dialog", border=ui.ACCENT)
        y = card.top + pad
        y += ui.paragraph(surface, self.title, title_size, ui.INK,
                          pygame.Rect(card.left + pad, y, width, title_h), bold=True)
        y += pad // 2
        for ln in shown:
            ui.line(surface, ln, size, ui.INK,
                    pygame.Rect(card.left + pad, y, width, lh))
            y += lh
        if more or self.scroll:
            hint = self.app.t("dialog.more", n=more) if more else \
                self.app.t("dialog.top")
            ui.line(surface, hint, max(10, size - 2), ui.DIM,
                    pygame.Rect(card.left + pad, y, width, lh))
            y += lh
        if lines:
            y += pad
        mouse = self.app.mouse
        for b in self.buttons:
            y += b.place(card.left + pad, y, width, bsize) + 6
            b.draw(surface, mouse)


class MessageDialog(Dialog):
    def __init__(self, app: App, title: str, body: str,
                 then: Action | None = None) -> None:
        done = then or (lambda: None)
        super().__init__(app, title, body, [(app.t("common.ok"), done)], cancel=done,
                         kind="message")
