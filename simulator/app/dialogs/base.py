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
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from simulator.app.loop.app import App, Mode
from simulator.app.text import ui, widgets
from simulator.app.text.ui import veil

Action = Callable[[], None]


class Dialog(Mode):
    name = "dialog"
    modal = True

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
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[ui.Button] = [
            ui.Button(label, self._wrap(fn), key=str(i + 1) if len(buttons) > 1 and
                      i < 9 else "")
            for i, (label, fn) in enumerate(buttons)]
        self.field_text: str | None = None  # a line to type in (NameDialog)
        self.entry: UITextEntryLine | None = None

    def enter(self) -> None:
        self._covered = self._cover()
        if self.field_text is not None:
            self.entry = UITextEntryLine(pygame.Rect(0, -100, 200, 30), self.app.gui,
                                         initial_text=self.field_text)
            self.entry.set_text_length_limit(60)
            widgets.focus(self.entry)

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
        if self.entry is not None and self.entry.is_focused and \
                event.key != pygame.K_ESCAPE:
            return  # the keys are typing the name
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
        lh = ui.line_height(size)
        bsize = max(11, size - 1)
        lines = ui.wrap(self.body, size, width) if self.body else []
        heights = [b.measure(width, bsize) + 6 for b in self.buttons]
        room = area.height - title_h - 3 * pad
        entry_h = 0
        if self.entry is not None:
            entry_h = ui.line_height(16) + 14
            room -= entry_h
        # The buttons stay in view and the text scrolls above them; when the
        # buttons alone are too many, text and buttons scroll together.
        fixed = sum(heights) + (min(2, len(lines)) * lh + pad if lines else 0) <= room
        if fixed:
            text_room = room - sum(heights) - (pad if lines else 0)
            fit = text_room // lh
            more_line = len(lines) > fit
            if more_line:
                fit = max(0, fit - 1)
            self.scroll = max(0, min(self.scroll, len(lines) - fit))
            shown_lines = lines[self.scroll:self.scroll + fit]
            hidden = len(lines) - self.scroll - len(shown_lines)
            used = len(shown_lines) * lh + (lh if more_line or self.scroll else 0)
            h = title_h + 3 * pad + used + (pad if lines else 0) + sum(heights) + \
                entry_h
        else:
            items: list[tuple[int, str | ui.Button]] = [(lh, ln) for ln in lines]
            if items:
                items.append((pad, ""))
            items += list(zip(heights, self.buttons, strict=True))
            room -= lh  # a line to say there is more
            self.scroll = max(0, min(self.scroll, len(items) - 1))
            shown: list[tuple[int, str | ui.Button]] = []
            used = 0
            for hh, it in items[self.scroll:]:
                if used + hh > room:
                    break
                shown.append((hh, it))
                used += hh
            hidden = len(items) - self.scroll - len(shown)
            h = title_h + 3 * pad + used + lh + entry_h
        card = pygame.Rect(area.left, area.top, area.width, min(area.height, h))
        if not docked:
            card.centery = area.centery
        self.rect = card
        ui.panel(surface, card, (26, 34, 31), name="dialog", border=ui.ACCENT)
        x = card.left + pad
        y = card.top + pad
        y += ui.paragraph(surface, self.title, title_size, ui.INK,
                          pygame.Rect(x, y, width, title_h), bold=True)
        y += pad
        mouse = self.app.mouse
        more = self.app.t("dialog.more", n=hidden) if hidden else \
            self.app.t("dialog.top")
        small = max(10, size - 2)
        if fixed:
            for ln in shown_lines:
                ui.line(surface, ln, size, ui.INK, pygame.Rect(x, y, width, lh))
                y += lh
            if more_line or self.scroll:
                ui.line(surface, more, small, ui.DIM, pygame.Rect(x, y, width, lh))
                y += lh
            if lines:
                y += pad
            if self.entry is not None:
                at = pygame.Rect(x, y, width, entry_h - 8)
                if self.entry.rect != at:
                    self.entry.set_position(at.topleft)
                    self.entry.set_dimensions(at.size)
                y += entry_h
            for b in self.buttons:
                y += b.place(x, y, width, bsize) + 6
                b.draw(surface, mouse)
            return
        for hh, it in shown:
            if isinstance(it, ui.Button):
                it.place(x, y, width, bsize)
                it.draw(surface, mouse)
            elif it:
                ui.line(surface, it, size, ui.INK, pygame.Rect(x, y, width, lh))
            y += hh
        ui.line(surface, more, small, ui.DIM, pygame.Rect(x, y, width, lh))


class NameDialog(Dialog):
    """A dialog with one line to type (a name), then its buttons; Enter
    presses the first."""

    def __init__(self, app: App, title: str, body: str, text: str,
                 buttons: list[tuple[str, Action]], cancel: Action | None = None,
                 kind: str = "name") -> None:
        super().__init__(app, title, body, buttons, cancel=cancel, kind=kind)
        self.field_text = text

    def text(self) -> str:
        typed = self.entry.get_text() if self.entry is not None else self.field_text
        return (typed or "").strip()


class MessageDialog(Dialog):
    def __init__(self, app: App, title: str, body: str,
                 then: Action | None = None) -> None:
        done = then or (lambda: None)
        super().__init__(app, title, body, [(app.t("common.ok"), done)], cancel=done,
                         kind="message")
